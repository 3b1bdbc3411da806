// Drives the board page (web/, served by the bot under /app/) in Debian's Chromium, for the
// Rust tests:
//
//     node tests/browser/board.mjs <scenario.json>
//
// It prints one JSON object to stdout and exits 0, whatever the page did; it exits 2 only when
// the scenario cannot be read or the browser cannot run (then stdout still holds
// {"ok": false, "error": …}). Needs `npm ci` in tests/browser (playwright-core only) and
// /usr/bin/chromium (or the path in $CHROMIUM).
//
// The scenario:
//   {"base_url": "http://127.0.0.1:PORT",
//    "cases": [{"name": "…",
//               "init_data": "<signed initData>" | null,   // null: no Telegram, local login
//               "theme": "light" | "dark",
//               "viewport": {"width": 360, "height": 640},
//               "screenshot": "<png path>" | null,          // taken once the task is shown
//               "actions": [
//                 {"drag": ["e2", "e4"]},   // a mouse drag, square centre to square centre
//                 {"tap": ["e2", "e4"]},    // click, click
//                 {"promote": "q"},         // click a promotion button
//                 {"wait_version_change": true},  // up to 15 s, for a task version other than
//                                                  // the one shown before the action before it
//                                                  // (an api_move: the page may follow at once);
//                                                  // `follow_ms`: from that action's end to the
//                                                  // page showing the new task
//                 {"api_move": {"token_of": "<initData>", "from": "e7", "to": "e5",
//                               "promotion": null}},  // from Node, not the page
//                 {"screenshot": "<png path>"},
//                 {"theme_change": "dark"},  // Telegram's themeChanged event
//                 {"back_button": true}      // Telegram's back button pressed
//               ]}]}
//
// The answer:
//   {"ok": bool (every case ok), "browser": "<version>",
//    "cases": [{"name", "ok", "error", "initial": <snapshot>, "layout": {…},
//               "telegram": [calls the page made on Telegram.WebApp], "console_errors": […],
//               "csp_violations": […], "steps": [{"action", "ok", "error", "answered",
//               "api"?, …<snapshot>}]}]}
// A snapshot: state, result, draw_ms (from the page's last drop to its answer drawn), said, task_text, turn_text, error_line (the page's error
// message, "" when none), error_kind (network, auth, flood, other, or null), fen (chessground's
// getFen()), version, orientation, movable, shapes (the contract's shapes the page drew),
// shape_elements (shapes in chessground's SVG layers) and shape_layers (per layer),
// promote_visible, haptics (Telegram.WebApp.HapticFeedback calls during the step, as
// "notification:error", "notification:success", "impact:light", "selection").
// `answered` is true when the page showed a server answer after the action, false when the
// action made no request (a drop that moved nothing, or a board that is not the learner's).

import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ANSWER_MS = 15000;
const VERSION_MS = 15000;
const LOAD_MS = 20000;

// Telegram's default colours (its light theme and its night theme).
const THEMES = {
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#999999',
    link_color: '#2481cc',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    secondary_bg_color: '#efeff3',
    header_bg_color: '#ffffff',
    accent_text_color: '#2481cc',
    section_bg_color: '#ffffff',
    section_header_text_color: '#6d6d72',
    subtitle_text_color: '#999999',
    destructive_text_color: '#ff3b30',
  },
  dark: {
    bg_color: '#212121',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#181818',
    header_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    section_header_text_color: '#aaaaaa',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#e53935',
  },
};

// Stands in for https://telegram.org/js/telegram-web-app.js: Telegram.WebApp with the case's
// initData, theme and viewport; records the calls made on it.
function telegramStub(initData, theme, height) {
  const cfg = { initData, colorScheme: theme, themeParams: THEMES[theme], height, themes: THEMES };
  return `(() => {
  const cfg = ${JSON.stringify(cfg)};
  const handlers = {};
  const calls = (window.__tg = []);
  window.__haptics = [];
  const unsafe = {};
  for (const [k, v] of new URLSearchParams(cfg.initData)) {
    try { unsafe[k] = /^(user|receiver|chat)$/.test(k) ? JSON.parse(v) : v; } catch (e) { unsafe[k] = v; }
  }
  const on = (t, f) => { (handlers[t] = handlers[t] || []).push(f); };
  const off = (t, f) => { handlers[t] = (handlers[t] || []).filter((g) => g !== f); };
  const emit = (t, arg) => (handlers[t] || []).forEach((f) => f.call(window.Telegram.WebApp, arg));
  const WebApp = {
    initData: cfg.initData,
    initDataUnsafe: unsafe,
    version: '8.0',
    platform: 'android',
    colorScheme: cfg.colorScheme,
    themeParams: { ...cfg.themeParams },
    isExpanded: false,
    viewportHeight: cfg.height,
    viewportStableHeight: cfg.height,
    isVersionAtLeast(v) {
      const a = String(v).split('.').map(Number), b = [8, 0];
      for (let i = 0; i < 2; i++) if ((a[i] || 0) !== b[i]) return (a[i] || 0) < b[i];
      return true;
    },
    ready() { calls.push('ready'); },
    expand() { calls.push('expand'); this.isExpanded = true; },
    close() { calls.push('close'); },
    disableVerticalSwipes() { calls.push('disableVerticalSwipes'); },
    onEvent(t, f) { calls.push('onEvent:' + t); on(t, f); },
    offEvent(t, f) { off(t, f); },
    BackButton: {
      isVisible: false,
      show() { calls.push('BackButton.show'); this.isVisible = true; return this; },
      hide() { calls.push('BackButton.hide'); this.isVisible = false; return this; },
      onClick(f) { calls.push('BackButton.onClick'); on('backButtonClicked', f); return this; },
      offClick(f) { off('backButtonClicked', f); return this; },
    },
    HapticFeedback: {
      notificationOccurred(t) { window.__haptics.push('notification:' + t); return this; },
      impactOccurred(s) { window.__haptics.push('impact:' + s); return this; },
      selectionChanged() { window.__haptics.push('selection'); return this; },
    },
  };
  window.Telegram = { WebApp };
  window.__tgEmit = emit;
  window.__tgTheme = (name) => {
    WebApp.colorScheme = name;
    WebApp.themeParams = { ...cfg.themes[name] };
    emit('themeChanged');
  };
})();
`;
}

// Runs in the page: what it shows now.
function snapshotInPage() {
  const d = document.body.dataset;
  const drawMs = d.drawMs === undefined ? null : Number(d.drawMs);
  const q = (s) => document.querySelector(s);
  const shown = (el) => Boolean(el && !el.hidden);
  const layers = ['cg-shapes', 'cg-shapes-below', 'cg-custom-svgs', 'cg-custom-below'];
  const shapeLayers = {};
  let shapeElements = 0;
  for (const layer of layers) {
    const n = document.querySelectorAll(`#board svg.${layer} > g > g`).length;
    shapeLayers[layer] = n;
    shapeElements += n;
  }
  let shapes = [];
  try {
    shapes = JSON.parse(d.shapes || '[]');
  } catch {
    shapes = null;
  }
  const cg = window.__cg;
  return {
    state: d.state ?? null,
    result: d.result ?? null,
    draw_ms: drawMs,
    said: shown(q('#said')) ? q('#said').textContent : '',
    said_class: q('#said')?.className ?? '',
    said_colour: q('#said') ? getComputedStyle(q('#said')).borderLeftColor : null,
    task_text: q('#task-text')?.textContent ?? '',
    turn_text: q('#turn-text')?.textContent ?? '',
    error_line: shown(q('#error')) ? q('#error').textContent : '',
    error_kind: d.error ?? null,
    fen: cg ? cg.getFen() : d.fen ?? null,
    version: d.version ?? null,
    orientation: d.orientation ?? null,
    movable: cg ? cg.state.movable.color ?? null : null,
    shapes,
    shape_elements: shapeElements,
    shape_layers: shapeLayers,
    promote_visible: shown(q('#promote')),
    haptics_total: (window.__haptics || []).length,
    haptics_all: (window.__haptics || []).slice(),
  };
}

// Runs in the page: sizes, overflow and the contrast of the words, once loaded.
function layoutInPage() {
  const rect = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  };
  const rgb = (c) => (c.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [x, y] = [lum(a), lum(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const bg = getComputedStyle(document.body).backgroundColor;
  const text = document.querySelector('#task-text');
  const said = document.querySelector('#said');
  const board = document.querySelector('#board cg-container') || document.querySelector('#board');
  const doc = document.documentElement;
  return {
    viewport: { width: window.innerWidth, height: window.innerHeight },
    board: rect(board),
    task_text: rect(text),
    said: rect(said),
    scroll_width: doc.scrollWidth,
    scroll_height: doc.scrollHeight,
    overflow_x: doc.scrollWidth > window.innerWidth,
    background: bg,
    text_color: getComputedStyle(text).color,
    text_font_px: parseFloat(getComputedStyle(text).fontSize),
    text_contrast: Math.round(contrast(getComputedStyle(text).color, bg) * 100) / 100,
    said_contrast: Math.round(
      contrast(getComputedStyle(said).color, getComputedStyle(said).backgroundColor === 'rgba(0, 0, 0, 0)' ? bg : getComputedStyle(said).backgroundColor) * 100,
    ) / 100,
  };
}

async function squareCentre(page, square) {
  return page.evaluate((sq) => {
    const board = document.querySelector('#board cg-container') || document.querySelector('#board');
    const r = board.getBoundingClientRect();
    const white = (document.body.dataset.orientation || window.__cg?.state.orientation || 'white') !== 'black';
    const file = sq.charCodeAt(0) - 97;
    const rank = sq.charCodeAt(1) - 49;
    const col = white ? file : 7 - file;
    const row = white ? 7 - rank : rank;
    return { x: r.left + ((col + 0.5) * r.width) / 8, y: r.top + ((row + 0.5) * r.height) / 8 };
  }, square);
}

// Answers to the page's own moves (a poll that lands meanwhile is not the answer).
const seqOf = (page) => page.evaluate(() => Number(document.body.dataset.answers || 0));

// Waits until the page has shown an answer after `before` (true), or until it is plainly not
// waiting for one (false: nothing was sent).
async function waitAnswer(page, before) {
  const t0 = await page.evaluate(() => performance.now());
  const handle = await page.waitForFunction(
    ([seq, start]) => {
      const d = document.body.dataset;
      if (Number(d.answers || 0) > seq && d.state === 'ready') return 'answered';
      if (d.state !== 'busy' && performance.now() - start > 500) return 'none';
      return false;
    },
    [before, t0],
    { timeout: ANSWER_MS, polling: 50 },
  );
  return (await handle.jsonValue()) === 'answered';
}

async function waitReady(page) {
  await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: ANSWER_MS, polling: 50 });
}

function screenshotPath(p) {
  fs.mkdirSync(path.dirname(path.resolve(p)), { recursive: true });
  return p;
}

async function apiMove(base, spec) {
  const post = async (url, body, token) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: 'Bearer ' + token } : {}) },
      body: JSON.stringify(body),
    });
    let json = null;
    try {
      json = await res.json();
    } catch {
      json = null;
    }
    return { status: res.status, json };
  };
  const session = await post('/api/session', spec.token_of == null ? { local: true } : { initData: spec.token_of });
  if (session.status !== 200) return { status: session.status, stage: 'session', body: session.json };
  const move = await post('/api/move', { from: spec.from, to: spec.to, promotion: spec.promotion ?? null }, session.json.token);
  return {
    status: move.status,
    result: move.json?.result ?? null,
    text: move.json?.text ?? null,
    version: move.json?.task?.version ?? null,
    body: move.status === 200 ? undefined : move.json,
  };
}

async function runAction(page, base, action, step) {
  if (action.drag) {
    const [from, to] = action.drag;
    const a = await squareCentre(page, from);
    const b = await squareCentre(page, to);
    const before = await seqOf(page);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(a.x + (b.x - a.x) * 0.25, a.y + (b.y - a.y) * 0.25, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
    step.answered = await waitAnswer(page, before);
  } else if (action.tap) {
    const [from, to] = action.tap;
    const a = await squareCentre(page, from);
    const b = await squareCentre(page, to);
    const before = await seqOf(page);
    await page.mouse.click(a.x, a.y);
    await page.waitForTimeout(80);
    await page.mouse.click(b.x, b.y);
    step.answered = await waitAnswer(page, before);
  } else if (action.promote) {
    const before = await seqOf(page);
    await page.click(`[data-promote="${action.promote}"]`, { timeout: 5000 });
    step.answered = await waitAnswer(page, before);
  } else if (action.wait_version_change) {
    const version = step.versionBefore ?? '';
    await page.waitForFunction(
      (v) => (document.body.dataset.version ?? '') !== v && document.body.dataset.state === 'ready',
      version,
      { timeout: VERSION_MS, polling: 20 },
    );
    const shown = Number(await page.evaluate(() => document.body.dataset.shownAt ?? '0'));
    if (step.previousEnd && shown) step.follow_ms = Math.max(0, shown - step.previousEnd);
    step.answered = true;
  } else if (action.api_move) {
    step.api = await apiMove(base, action.api_move);
    Object.defineProperty(step, 'doneAt', { value: Date.now(), enumerable: false });
    await waitReady(page);
  } else if (action.screenshot) {
    await waitReady(page);
    await page.screenshot({ path: screenshotPath(action.screenshot) });
  } else if (action.theme_change) {
    await page.evaluate((t) => window.__tgTheme?.(t), action.theme_change);
    await page.waitForTimeout(100);
  } else if (action.back_button) {
    await page.evaluate(() => window.__tgEmit?.('backButtonClicked'));
    await page.waitForTimeout(100);
  } else {
    throw new Error('unknown action ' + JSON.stringify(action));
  }
}

async function runCase(browser, base, c) {
  const viewport = { width: c.viewport?.width ?? 360, height: c.viewport?.height ?? 640 };
  const theme = c.theme === 'dark' ? 'dark' : 'light';
  const out = {
    name: c.name ?? null,
    ok: true,
    error: null,
    initial: null,
    layout: null,
    telegram: [],
    steps: [],
    console_errors: [],
    csp_violations: [],
  };
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: theme, locale: 'en-US' });
  try {
    // Nothing leaves the machine: Telegram's script is the stub (or fails to load, as in a
    // browser outside Telegram), anything else not on base_url fails.
    await context.route(
      (url) => !url.href.startsWith(base + '/'),
      (route) => {
        const url = route.request().url();
        if (url.startsWith('https://telegram.org/js/telegram-web-app.js') && c.init_data != null) {
          return route.fulfill({
            status: 200,
            contentType: 'text/javascript',
            body: telegramStub(c.init_data, theme, viewport.height),
          });
        }
        return route.abort('failed');
      },
    );
    await context.addInitScript(() => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__csp.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }),
      );
    });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') out.console_errors.push(m.text());
    });
    page.on('pageerror', (e) => out.console_errors.push(String(e)));

    await page.goto(base + '/app/', { waitUntil: 'load', timeout: LOAD_MS });
    await page.waitForFunction(
      () => Number(document.body.dataset.seq || 0) >= 1 && document.body.dataset.state === 'ready',
      null,
      { timeout: LOAD_MS, polling: 50 },
    );
    out.initial = await page.evaluate(snapshotInPage);
    out.layout = await page.evaluate(layoutInPage);
    if (c.screenshot) await page.screenshot({ path: screenshotPath(c.screenshot) });
    let haptics = out.initial.haptics_total;
    out.initial.haptics = out.initial.haptics_all;
    delete out.initial.haptics_total;
    delete out.initial.haptics_all;

    let versionBefore = null;
    let previousEnd = null;
    for (const action of c.actions ?? []) {
      const step = { action, ok: true, error: null, answered: null };
      const versionNow = await page.evaluate(() => document.body.dataset.version ?? '');
      // Not in the answer: what `wait_version_change` compares with.
      Object.defineProperty(step, 'versionBefore', { value: versionBefore, enumerable: false });
      Object.defineProperty(step, 'previousEnd', { value: previousEnd, enumerable: false });
      versionBefore = versionNow;
      try {
        await runAction(page, base, action, step);
        previousEnd = step.doneAt ?? Date.now();
      } catch (e) {
        step.ok = false;
        step.error = String(e?.message ?? e).split('\n')[0];
        out.ok = false;
      }
      try {
        const snap = await page.evaluate(snapshotInPage);
        snap.haptics = snap.haptics_all.slice(haptics);
        haptics = snap.haptics_total;
        delete snap.haptics_total;
        delete snap.haptics_all;
        Object.assign(step, snap);
      } catch (e) {
        step.ok = false;
        step.error = step.error ?? String(e?.message ?? e).split('\n')[0];
        out.ok = false;
      }
      out.steps.push(step);
    }
    out.telegram = await page.evaluate(() => (window.__tg || []).slice());
    out.csp_violations = await page.evaluate(() => (window.__csp || []).slice());
  } catch (e) {
    out.ok = false;
    out.error = String(e?.message ?? e).split('\n')[0];
  } finally {
    await context.close().catch(() => {});
  }
  return out;
}

async function main() {
  let scenario;
  try {
    scenario = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  } catch (e) {
    process.stdout.write(JSON.stringify({ ok: false, error: 'cannot read the scenario: ' + e.message }) + '\n');
    return 2;
  }
  const base = String(scenario.base_url || '').replace(/\/+$/, '');
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
  } catch (e) {
    process.stdout.write(JSON.stringify({ ok: false, error: 'cannot start the browser: ' + e.message }) + '\n');
    return 2;
  }
  const out = { ok: true, browser: browser.version(), cases: [] };
  try {
    for (const c of scenario.cases ?? []) out.cases.push(await runCase(browser, base, c));
  } finally {
    await browser.close().catch(() => {});
  }
  out.ok = out.cases.every((c) => c.ok);
  process.stdout.write(JSON.stringify(out, null, 1) + '\n');
  return 0;
}

process.exitCode = await main();
