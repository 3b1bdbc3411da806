// The board page (a Telegram Mini App): shows the learner's task on a chessground board and
// sends each drop to the bot, which judges it as a typed move. The JSON calls are described in
// docs/board-app.md. No build step: this file is served as it is.
//
// Test hooks: #board, #said, #task-text, [data-promote], window.__cg (the chessground API),
// and on <body>: data-state ("loading", "busy", "ready"), data-result (the last move's result),
// data-version (the task's version), data-orientation, data-fen (the board chessground shows),
// data-shapes (the contract shapes drawn, as JSON), data-seq (answers shown so far, polls
// included), data-answers (answers to the learner's own moves) and
// data-error (the kind of the last error, if the last answer was one).

import { Chessground } from './vendor/chessground/chessground.min.js';

const tg = window.Telegram?.WebApp ?? null;
const inTelegram = Boolean(tg && tg.initData);
const $ = (id) => document.getElementById(id);
const ui = {
  board: $('board'),
  said: $('said'),
  taskText: $('task-text'),
  turnDisc: $('turn-disc'),
  turnText: $('turn-text'),
  error: $('error'),
  promote: $('promote'),
  promoteLabel: $('promote-label'),
  promoteCancel: $('promote-cancel'),
  close: $('close'),
  textMode: $('text-mode'),
  textModeInput: $('text-mode-input'),
  textModeLabel: $('text-mode-label'),
};

const POLL_MS = 2000; // the pause before asking again, after an error or an answer at once
const TIMEOUT_MS = 15000;
const FOLLOW_MS = 35000; // a long poll's own limit: longer than the server's hold (25 s)
const ANIMATION_MS = 180;

// The colours of the chat's pictures (crates/core/src/render/palette.rs).
const COLOURS = {
  red: '#c8102e',
  orange: '#b35900',
  blue: '#1f5fd6',
  magenta: '#a0208a',
  green: '#00806b',
  halo: '#ffffff',
};

// One brush for each of the contract's names. Arrows are drawn by chessground with these;
// marks on a square are drawn as custom SVG in the same colours (frames, rings and crosses
// with a white casing, as in the chat's picture).
const brush = (key, color, lineWidth = 10) => ({ key, color, opacity: 1, lineWidth });
const BRUSHES = {
  attacker: brush('ta', COLOURS.red),
  forbidden: brush('tf', COLOURS.red),
  blocker: brush('tb', COLOURS.orange),
  highlight: brush('th', COLOURS.blue),
  good: brush('tg', COLOURS.green),
  attack: brush('tA', COLOURS.red),
  move: brush('tM', COLOURS.blue),
  reply: brush('tR', COLOURS.magenta),
  'forbidden-line': brush('tF', COLOURS.red),
  'good-arrow': brush('tG', COLOURS.green),
};

// Words the page needs before (or without) an answer from the server: when it cannot be
// reached, or refuses the login. Everything else the page says comes from the server's
// catalogue.
const MESSAGES = {
  en: {
    network: 'Cannot reach the tutor. Check the connection; tap here to try again.',
    auth: 'This board has expired. Open it again from the chat.',
    flood: 'Too many moves at once. Wait a moment, then try again.',
    other: 'Something went wrong. Tap here to try again.',
  },
  'zh-Hans': {
    network: '连不上老师的服务器。请检查网络，点这里重试。',
    auth: '这个棋盘已经过期了。请从聊天里重新打开。',
    flood: '走得太快了。请稍等一下再试。',
    other: '出了点问题。点这里重试。',
  },
  'zh-Hant': {
    network: '連不上老師的伺服器。請檢查網路，點這裡重試。',
    auth: '這個棋盤已經過期了。請從聊天裡重新打開。',
    flood: '走得太快了。請稍等一下再試。',
    other: '出了點問題。點這裡重試。',
  },
};

function guessLang() {
  const code = (tg?.initDataUnsafe?.user?.language_code || navigator.language || 'en').toLowerCase();
  if (!code.startsWith('zh')) return 'en';
  return /hant|tw|hk|mo/.test(code) ? 'zh-Hant' : 'zh-Hans';
}

let token = null;
let lang = guessLang();
let labels = {};
let textMode = false; // the learner reads the chat in text mode (the switch under the words)
let task = null; // the task shown, as the server gave it (or null)
let pieces = new Map(); // square -> FEN letter, of the task's position
let busy = false; // a move is on its way: nothing moves meanwhile
let pendingPromotion = null; // {from, to} while the promotion buttons are shown
let polling = false;
let following = false; // a long poll on the view's version is on its way
// The version of the view shown: its task's, or, with no task, that of what the page says
// instead (the server's `version`).
let shownVersion = '';
let seq = 0;
// Answers to the learner's own moves shown so far (a poll is not one).
let answers = 0;

// ---------------------------------------------------------------------------------------------
// The board

const cg = Chessground(ui.board, {
  coordinates: true,
  autoCastle: true,
  animation: { enabled: true, duration: ANIMATION_MS },
  highlight: { lastMove: true, check: true },
  movable: { free: true, color: undefined, showDests: true, events: { after: onDrop } },
  premovable: { enabled: false },
  draggable: { enabled: true, showGhost: true },
  selectable: { enabled: true },
  drawable: { enabled: false, visible: true, brushes: BRUSHES, autoShapes: [] },
});
window.__cg = cg;

function readPieces(fen) {
  const out = new Map();
  const rows = String(fen || '').split(' ')[0].split('/');
  rows.forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (c >= '1' && c <= '8') file += Number(c);
      else {
        out.set('abcdefgh'[file] + (8 - i), c);
        file += 1;
      }
    }
  });
  return out;
}

function toDests(dests) {
  const map = new Map();
  for (const [from, tos] of Object.entries(dests || {})) if (Array.isArray(tos)) map.set(from, tos);
  return map;
}

// Custom SVG marks, in a square of 100×100 (the square the mark is on); each drawn twice,
// first wider in white (the casing), then in its colour.
function haloed(tag, attrs, colour, width, extra = '') {
  return (
    `<${tag} ${attrs} fill="none" stroke="${COLOURS.halo}" stroke-width="${width + 6}"${extra}/>` +
    `<${tag} ${attrs} fill="none" stroke="${colour}" stroke-width="${width}"${extra}/>`
  );
}

function frame(colour) {
  return haloed('rect', 'x="11" y="11" width="78" height="78" rx="8"', colour, 7);
}

function ring(colour) {
  return haloed('circle', 'cx="50" cy="50" r="43"', colour, 7);
}

function cross(onPiece) {
  const [cx, cy, half, width] = onPiece ? [82, 18, 8.5, 7.5] : [50, 50, 22, 11];
  const line = (dx, dy) => `x1="${cx - dx * half}" y1="${cy - dy * half}" x2="${cx + dx * half}" y2="${cy + dy * half}"`;
  const cap = ' stroke-linecap="round"';
  const badge = onPiece ? `<circle cx="${cx}" cy="${cy}" r="17" fill="${COLOURS.halo}"/>` : '';
  const casing = (a) => `<line ${a} stroke="${COLOURS.halo}" stroke-width="${width + 6}"${cap}/>`;
  const stroke = (a) => `<line ${a} stroke="${COLOURS.red}" stroke-width="${width}"${cap}/>`;
  return badge + casing(line(1, 1)) + casing(line(1, -1)) + stroke(line(1, 1)) + stroke(line(1, -1));
}

function dashes(orig, dest, orientation) {
  const sign = orientation === 'black' ? -1 : 1;
  const dx = (dest.charCodeAt(0) - orig.charCodeAt(0)) * sign;
  const dy = (orig.charCodeAt(1) - dest.charCodeAt(1)) * sign;
  const attrs = `x1="50" y1="50" x2="${50 + 100 * dx}" y2="${50 + 100 * dy}"`;
  return haloed('line', attrs, COLOURS.red, 14, ' stroke-dasharray="20 12"');
}

// An arrow that stops short of its last square's centre, as the chat's picture draws one
// whose square holds a cross or another arrow's head: so the heads never pile onto a cross.
function edgeArrow(orig, dest, orientation, colour) {
  const sign = orientation === 'black' ? -1 : 1;
  const dx = (dest.charCodeAt(0) - orig.charCodeAt(0)) * sign;
  const dy = (orig.charCodeAt(1) - dest.charCodeAt(1)) * sign;
  const length = Math.hypot(dx, dy) * 100;
  const [ux, uy] = [(dx * 100) / length, (dy * 100) / length];
  // The tip stops short of the far square's centre, clear of the cross drawn there (and of
  // another arrow's tip), and still leaves a one-square arrow its shaft.
  const back = 34;
  const tip = [50 + dx * 100 - ux * back, 50 + dy * 100 - uy * back];
  const [headLength, halfWidth] = [38, 26];
  const base = [tip[0] - ux * headLength, tip[1] - uy * headLength];
  const shaft = `x1="50" y1="50" x2="${base[0] + ux * 4}" y2="${base[1] + uy * 4}" stroke-linecap="round"`;
  const head = [tip, [base[0] - uy * halfWidth, base[1] + ux * halfWidth], [base[0] + uy * halfWidth, base[1] - ux * halfWidth]]
    .map((p) => p.map((v) => v.toFixed(1)).join(','))
    .join(' ');
  return (
    haloed('line', shaft, colour, 16) +
    `<polygon points="${head}" fill="${colour}" stroke="${COLOURS.halo}" stroke-width="4" stroke-linejoin="round"/>`
  );
}

const isSquare = (s) => typeof s === 'string' && /^[a-h][1-8]$/.test(s);

// The contract's shapes as chessground auto-shapes: one chessground shape for each.
function toAutoShapes(shapes, orientation) {
  const out = [];
  const list = Array.isArray(shapes) ? shapes : [];
  // Squares where a cross stands or more than one arrow ends: arrows stop at their edge.
  const crossed = new Set(list.filter((s) => s && s.brush === 'forbidden' && !isSquare(s.dest)).map((s) => s.orig));
  const ends = new Map();
  for (const s of list) if (s && isSquare(s.dest) && s.dest !== s.orig) ends.set(s.dest, (ends.get(s.dest) ?? 0) + 1);
  const busy = (square) => crossed.has(square) || (ends.get(square) ?? 0) > 1;
  for (const s of list) {
    if (!s || !isSquare(s.orig)) continue;
    const arrow = isSquare(s.dest) && s.dest !== s.orig;
    let name = s.brush;
    if (arrow && name === 'forbidden') name = 'forbidden-line';
    if (arrow && name === 'good') name = 'good-arrow';
    if (arrow) {
      if (name === 'forbidden-line') {
        out.push({ orig: s.orig, below: true, customSvg: { html: dashes(s.orig, s.dest, orientation) } });
      } else if (busy(s.dest)) {
        const colour = (BRUSHES[name] ?? BRUSHES.move).color;
        out.push({ orig: s.orig, below: true, customSvg: { html: edgeArrow(s.orig, s.dest, orientation, colour) } });
      } else {
        out.push({ orig: s.orig, dest: s.dest, brush: BRUSHES[name] ? name : 'move', below: true });
      }
      continue;
    }
    let html;
    let below = true;
    switch (name) {
      case 'attacker':
        html = frame(COLOURS.red);
        break;
      case 'highlight':
        html = frame(COLOURS.blue);
        break;
      case 'good':
        html = ring(COLOURS.green);
        break;
      case 'blocker':
        html = ring(COLOURS.orange);
        below = false;
        break;
      case 'forbidden':
        html = cross(pieces.has(s.orig));
        below = false;
        break;
      default:
        html = frame(COLOURS.blue);
    }
    out.push({ orig: s.orig, below, customSvg: { html } });
  }
  return out;
}

function showBoard(t, shapes) {
  const body = document.body.dataset;
  if (!t) {
    const fen = cg.getFen();
    cg.set({
      fen,
      lastMove: undefined,
      check: false,
      movable: { color: undefined, dests: new Map() },
      drawable: { autoShapes: [] },
    });
    pieces = readPieces(fen);
    body.shapes = '[]';
    ui.board.classList.add('idle');
    return;
  }
  pieces = readPieces(t.fen);
  // The task's own marks (as on the chat's picture), then what a drop's answer draws.
  shapes = [...(Array.isArray(t.shapes) ? t.shapes : []), ...(Array.isArray(shapes) ? shapes : [])];
  const orientation = t.orientation === 'black' ? 'black' : 'white';
  const turn = t.turn === 'black' ? 'black' : 'white';
  const movable = t.yours && !busy && !pendingPromotion;
  cg.set({
    fen: t.fen,
    orientation,
    turnColor: turn,
    lastMove: Array.isArray(t.last_move) && t.last_move.length ? t.last_move : undefined,
    check: t.check ? turn : false,
    movable: { color: movable ? 'both' : undefined, dests: movable ? toDests(t.dests) : new Map() },
    drawable: { autoShapes: toAutoShapes(shapes, orientation) },
  });
  cg.selectSquare(null);
  body.orientation = orientation;
  body.shapes = JSON.stringify(Array.isArray(shapes) ? shapes : []);
  ui.board.classList.toggle('idle', !t.yours);
}

function lockBoard() {
  cg.set({ movable: { color: undefined, dests: new Map() } });
}

// ---------------------------------------------------------------------------------------------
// Words

function setText(node, text) {
  node.textContent = text || '';
  node.hidden = !text;
  boardMayHaveMoved();
}

// chessground keeps the board's place on the screen from its first drawing; a line of text
// above it that grows or shrinks moves the board, so it is told to measure again. Where the
// browser has a ResizeObserver, chessground measures again only when the board's own size
// changes (not when it moves, and its resize event is not listened to): its kept bounds are
// cleared here so that the next drag measures them.
function boardMayHaveMoved() {
  requestAnimationFrame(() => {
    cg.state.dom.bounds.clear();
    document.body.dispatchEvent(new Event('chessground.resize'));
  });
}
window.addEventListener('scroll', boardMayHaveMoved, { passive: true });

function showTurn() {
  const yours = task && task.yours;
  if (!task) {
    ui.turnDisc.hidden = true;
    ui.turnText.textContent = '';
  } else {
    ui.turnDisc.hidden = Boolean(task.over);
    ui.turnDisc.className = 'disc ' + (task.turn === 'black' ? 'black' : 'white');
    const words = task.over ? labels.over : yours ? labels.your_move : labels.waiting;
    ui.turnText.textContent = words || '';
  }
  document.body.classList.toggle('waiting', Boolean(task && !task.yours && !task.over));
  ui.promoteLabel.textContent = labels.promote || '';
  if (labels.text_mode) {
    ui.textModeLabel.textContent = labels.text_mode;
    ui.textModeInput.checked = textMode;
    ui.textMode.hidden = false;
    document.body.dataset.textMode = String(textMode);
  }
  // Inside Telegram only: a browser tab that the page did not open cannot be closed by it.
  if (labels.close && inTelegram) {
    ui.close.textContent = labels.close;
    ui.close.hidden = false;
  }
  // The bar's words and its Close button may have changed its height, moving the board.
  boardMayHaveMoved();
}

function showTask(t, shapes = []) {
  task = t ?? null;
  showBoard(task, shapes);
  showTurn();
  if (task) {
    ui.taskText.textContent = task.text || '';
    ui.taskText.classList.remove('none');
  } else {
    ui.taskText.textContent = labels.none || '';
    ui.taskText.classList.add('none');
  }
  schedulePoll();
}

function showSaid(text, result) {
  setText(ui.said, text);
  ui.said.className = result ? 'result-' + result : '';
}

function showError(err) {
  const words = MESSAGES[lang] || MESSAGES.en;
  const kind = err?.kind || 'other';
  const text = (kind === 'auth' || kind === 'flood') && err.message ? err.message : words[kind] || words.other;
  setText(ui.error, text);
  ui.error.classList.toggle('retry', kind === 'network' || kind === 'other');
  document.body.dataset.error = kind;
}

function clearError() {
  setText(ui.error, '');
  delete document.body.dataset.error;
}

function haptic(kind) {
  try {
    if (tg?.HapticFeedback && versionAtLeast('6.1')) tg.HapticFeedback.notificationOccurred(kind);
  } catch {
    // an old client: no haptics
  }
}

// Marks an answer as shown, once chessground has drawn it (after its animation).
function finish(result) {
  const body = document.body.dataset;
  if (result !== undefined) body.result = result;
  busy = false;
  setTimeout(() => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        body.shownAt = String(Date.now());
        body.fen = cg.getFen();
        if (result !== undefined) body.answers = String(++answers);
        body.seq = String(++seq);
        body.state = 'ready';
      }),
    );
  }, ANIMATION_MS + 40);
}

function startBusy() {
  busy = true;
  document.body.dataset.state = 'busy';
}

// ---------------------------------------------------------------------------------------------
// The server

class ApiError extends Error {
  constructor(kind, status, message) {
    super(message || kind);
    this.kind = kind;
    this.status = status;
    this.message = message || '';
  }
}

async function call(method, path, body, timeoutMs = TIMEOUT_MS) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token && path !== '/api/session') headers.Authorization = 'Bearer ' + token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    });
  } catch {
    throw new ApiError('network', 0, '');
  } finally {
    clearTimeout(timer);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const kind = res.status === 401 ? 'auth' : res.status === 429 ? 'flood' : 'other';
    throw new ApiError(kind, res.status, typeof data?.error === 'string' ? data.error : '');
  }
  if (!data || typeof data !== 'object') throw new ApiError('other', res.status, '');
  return data;
}

async function login() {
  const body = inTelegram ? { initData: tg.initData } : { local: true };
  const data = await call('POST', '/api/session', body);
  token = data.token;
  if (MESSAGES[data.lang]) lang = data.lang;
  document.documentElement.lang = lang;
}

// A call with the token; logs in first when there is none, and once more when it expired.
async function api(method, path, body, timeoutMs = TIMEOUT_MS) {
  if (!token) await login();
  try {
    return await call(method, path, body, timeoutMs);
  } catch (err) {
    if (err.kind !== 'auth') throw err;
    token = null;
    await login();
    return call(method, path, body, timeoutMs);
  }
}

function takeLabels(data) {
  if (data && data.labels && typeof data.labels === 'object') labels = data.labels;
  if (data && typeof data.text_mode === 'boolean') textMode = data.text_mode;
  if (data && MESSAGES[data.lang]) lang = data.lang;
}

// Notes the view `data` as shown.
function noteShown(data) {
  if (data && typeof data.version === 'string') {
    shownVersion = data.version;
    document.body.dataset.version = data.version;
  }
}

// Asks for the task; shows it when it is new (or always, when `force`).
async function refresh(force) {
  if (busy || pendingPromotion) return;
  polling = true;
  try {
    const data = await api('GET', '/api/task');
    takeLabels(data);
    if (busy || pendingPromotion) return;
    clearError();
    const next = data.task ?? null;
    if (force || data.version !== shownVersion) {
      if (!force) showSaid('', '');
      showTask(next);
      noteShown(data);
      finish();
    } else {
      showTurn();
    }
  } catch (err) {
    showError(err);
    if (force) finish();
  } finally {
    polling = false;
    schedulePoll();
  }
}

// Follows the learner wherever their task goes (the chat, a button, another page, a friend's
// move): while the page is shown, a long poll on the version of the task shown, which the
// server answers as soon as the task is another (or after its hold, with the same one).
function schedulePoll() {
  if (!document.hidden) follow();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function follow() {
  if (following || !token) return;
  following = true;
  try {
    while (!document.hidden) {
      const asked = performance.now();
      let data;
      try {
        const after = encodeURIComponent(shownVersion);
        data = await api('GET', '/api/task?after=' + after, undefined, FOLLOW_MS);
      } catch (err) {
        if (err.kind === 'auth') {
          showError(err);
          return;
        }
        await sleep(POLL_MS);
        continue;
      }
      // A drop on its way shows its own answer, the new task with it.
      if (busy || pendingPromotion || polling) {
        await sleep(100);
        continue;
      }
      takeLabels(data);
      const next = data.task ?? null;
      if (data.version !== shownVersion) {
        clearError();
        showSaid('', '');
        showTask(next);
        noteShown(data);
        finish();
      } else if (performance.now() - asked < 1000) {
        // Answered at once (the server holds as many pages as it may): ask again later.
        await sleep(POLL_MS);
      }
    }
  } finally {
    following = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Moves

function onDrop(orig, dest) {
  if (!task || !task.yours || busy || pendingPromotion) {
    showBoard(task, []);
    return;
  }
  let to = dest;
  // A king dropped on its own rook from its first square means castling (as chessground
  // shows it): send the king's castling square, as a typed move would name it.
  const piece = pieces.get(orig);
  const target = pieces.get(dest);
  if (
    piece && target && (piece === 'K' || piece === 'k') && orig[0] === 'e' && orig[1] === dest[1] &&
    target === (piece === 'K' ? 'R' : 'r') && (dest[0] === 'a' || dest[0] === 'h')
  ) {
    to = (dest[0] === 'a' ? 'c' : 'g') + dest[1];
  }
  sendMove(orig, to, null);
}

async function sendMove(from, to, promotion) {
  // From the drop to the answer drawn (read by the benchmark, bench/board_page.sh).
  const dropped = performance.now();
  startBusy();
  lockBoard();
  hidePromotion();
  let answer;
  try {
    answer = await api('POST', '/api/move', { from, to, promotion, version: task ? task.version : null });
  } catch (err) {
    busy = false;
    showBoard(task, []);
    showError(err);
    finish('error');
    return;
  }
  clearError();
  takeLabels(answer);
  const text = typeof answer.text === 'string' ? answer.text : '';
  const next = 'task' in answer ? answer.task ?? null : task;
  busy = false;
  switch (answer.result) {
    case 'legal':
      showSaid(text, 'legal');
      showTask(next, []);
      haptic('success');
      break;
    case 'refused':
      showSaid(text, 'refused');
      showTask(next, answer.shapes);
      haptic('error');
      break;
    case 'wrong':
      // Legal, but not what the task asks: the piece is back.
      showSaid(text, 'wrong');
      showTask(next, answer.shapes);
      haptic('warning');
      break;
    case 'promote':
      showSaid(text, 'promote');
      // The shapes of an earlier refusal belong to another move.
      cg.setAutoShapes([]);
      document.body.dataset.shapes = '[]';
      pendingPromotion = { from, to };
      showPromotion(next);
      break;
    case 'stale':
      showSaid(text, 'stale');
      showTask(next, []);
      break;
    default:
      showSaid(text, '');
      showTask(next, []);
  }
  noteShown(answer);
  requestAnimationFrame(() => {
    document.body.dataset.drawMs = (performance.now() - dropped).toFixed(1);
  });
  finish(String(answer.result ?? ''));
}

function showPromotion(t) {
  if (t) task = t;
  lockBoard();
  const colour = (task?.turn ?? 'white') === 'black' ? 'black' : 'white';
  // The promotion square's rank on screen: in the top half, the card goes to the bottom.
  const rank = Number(String(pendingPromotion?.to ?? '').slice(1));
  const onTop = (task?.orientation === 'black') === (rank <= 4);
  ui.promote.className = colour + (rank ? (onTop ? ' at-bottom' : ' at-top') : '');
  ui.promoteLabel.textContent = labels.promote || '';
  ui.promote.hidden = false;
  ui.promote.querySelector('[data-promote="q"]').focus({ preventScroll: true });
}

function hidePromotion() {
  ui.promote.hidden = true;
}

ui.promote.addEventListener('click', (e) => {
  const button = e.target.closest('[data-promote]');
  if (!button || !pendingPromotion) return;
  const { from, to } = pendingPromotion;
  pendingPromotion = null;
  try {
    if (tg?.HapticFeedback && versionAtLeast('6.1')) tg.HapticFeedback.selectionChanged();
  } catch {
    // no haptics
  }
  sendMove(from, to, button.dataset.promote);
});

ui.promoteCancel.addEventListener('click', () => {
  pendingPromotion = null;
  hidePromotion();
  showSaid('', '');
  showTask(task, []);
});

ui.error.addEventListener('click', () => {
  if (ui.error.classList.contains('retry') && !busy) {
    document.body.dataset.state = 'busy';
    refresh(true);
  }
});

// The text-mode switch: the same as /a11y on or off in the chat; the chat is told, and the
// page shows what the answer says.
ui.textModeInput.addEventListener('change', async () => {
  const wanted = ui.textModeInput.checked;
  ui.textModeInput.disabled = true;
  try {
    const data = await api('POST', '/api/settings', { text_mode: wanted });
    takeLabels(data);
    clearError();
  } catch (err) {
    showError(err);
  } finally {
    ui.textModeInput.checked = textMode;
    ui.textModeInput.disabled = false;
    document.body.dataset.textMode = String(textMode);
  }
});

ui.close.addEventListener('click', () => {
  if (inTelegram) tg.close();
});

// ---------------------------------------------------------------------------------------------
// Telegram

function versionAtLeast(v) {
  try {
    return typeof tg.isVersionAtLeast === 'function' ? tg.isVersionAtLeast(v) : true;
  } catch {
    return false;
  }
}

const THEME = [
  ['bg_color', '--bg'],
  ['text_color', '--text'],
  ['hint_color', '--hint'],
  ['button_color', '--button'],
  ['button_text_color', '--button-text'],
  ['secondary_bg_color', '--bg2'],
];

function applyTheme() {
  const root = document.documentElement;
  const params = tg?.themeParams || {};
  for (const [key, name] of THEME) {
    if (typeof params[key] === 'string' && params[key]) root.style.setProperty(name, params[key]);
    else root.style.removeProperty(name);
  }
  if (tg?.colorScheme === 'dark' || tg?.colorScheme === 'light') root.dataset.scheme = tg.colorScheme;
}

function applyViewport() {
  const h = Number(tg?.viewportStableHeight);
  if (h > 0) document.documentElement.style.setProperty('--app-height', h + 'px');
}

function setUpTelegram() {
  if (!tg) return;
  applyTheme();
  applyViewport();
  if (!inTelegram) return;
  try {
    tg.onEvent('themeChanged', applyTheme);
    tg.onEvent('viewportChanged', applyViewport);
    tg.ready();
    tg.expand();
    // Dragging a piece down must not pull the Mini App closed.
    if (versionAtLeast('7.7') && typeof tg.disableVerticalSwipes === 'function') tg.disableVerticalSwipes();
    if (versionAtLeast('6.1') && tg.BackButton) {
      tg.BackButton.onClick(() => tg.close());
      tg.BackButton.show();
    }
  } catch {
    // an old client: the page works without these
  }
}

// ---------------------------------------------------------------------------------------------
// Start

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && token) refresh(false);
});

async function start() {
  setUpTelegram();
  try {
    await login();
  } catch (err) {
    showError(err);
    finish();
    return;
  }
  await refresh(true);
}

start();
