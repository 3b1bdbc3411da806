//! Mate-in-N puzzles: every move that keeps a forced mate is accepted, the bot answers with
//! the longest resistance, a wrong move gets its refutation drawn on the board and said in
//! words a beginner follows, and a mate is explained (why the king cannot escape).
//!
//! A learner climbs: four puzzles of mate in N solved alone, and the next ones are mate in
//! N + 1 (up to 4). A missed puzzle comes back for review, and says so.

use shakmaty::{Chess, Color, Move, Position, Role, Square, uci::UciMove};

use super::activity::Activity;
use super::callback::Action;
use super::classroom::ClassId;
use super::cx::Cx;
use super::ladder::{self, GameResult};
use super::mating::{self, why_mate};
use super::move_task::{MoveTask, Refusal, TaskBoard};
use super::reply::{Button, Event, Reply};
use super::spelling::Spell;
use super::state::{DailyTag, Mode, PuzzleState, Scored};
use super::tap;
use super::words::Say;
use super::words::{Delta, LadderLevel, Line, List, Said, ToMove};
use crate::content::PuzzleId;
use crate::content::Text;
use crate::content::puzzle::MatePuzzle;
use crate::draw::{self, move_squares};
use crate::render::{ArrowKind, BoardView, MarkKind};
use crate::rules::notation::uci;
use crate::rules::{self, Lang, Verdict};
use crate::search::defence::MoveJudgement;

/// Every how many puzzles a missed one comes back for review (when the shell gives no time).
const REVIEW_EVERY: u32 = 3;
/// Puzzles of mate in N a learner solves alone before the next ones are mate in N + 1.
const SOLVED_TO_CLIMB: usize = 4;
/// The longest mates the ladder climbs to.
const TOP_MATE: u32 = 4;

/// The mate length the learner is on: the shortest N with fewer than [`SOLVED_TO_CLIMB`]
/// puzzles of mate in N solved alone.
fn rung(cx: &Cx<'_>) -> u32 {
    let solved = &cx.session.progress.puzzles_solved;
    (1..=TOP_MATE)
        .find(|&n| {
            let count = cx
                .catalog
                .puzzles()
                .iter()
                .filter(|z| z.mate_in() == n && solved.contains(z.id()))
                .count();
            count < SOLVED_TO_CLIMB
        })
        .unwrap_or(TOP_MATE)
}

/// Among this many new puzzles nearest the learner's points, which one is served is the
/// learner's own (see [`learner_seed`]): two learners do not meet the same puzzles in the
/// same order.
const NEAREST_CHOICES: usize = 6;

/// Whether the learner has played `id` before (solved it, or missed it: then it is in their
/// reviews): it is served again only as a review, or when asked for, and earns no points.
fn played_before(p: &super::state::Progress, id: &PuzzleId) -> bool {
    p.puzzles_solved.contains(id) || p.review_queue.contains(id) || p.reviews.contains_key(id)
}

/// A number of the learner's own (from their id, the same on every replica and in every
/// test), changing with each puzzle started: which of the nearest new puzzles comes next.
fn learner_seed(cx: &Cx<'_>) -> u64 {
    let id = cx
        .learner()
        .or_else(|| cx.given.envelope.who.as_ref().map(|p| p.id))
        .unwrap_or(0);
    // splitmix64 of the id and the count.
    let mut z = (id as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(cx.session.progress.puzzles_started));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Of `pool`, one of the [`NEAREST_CHOICES`] nearest `target` points, the learner's own.
fn nearest<'c>(cx: &Cx<'_>, mut pool: Vec<&'c MatePuzzle>, target: i32) -> Option<&'c MatePuzzle> {
    pool.sort_by_key(|z| {
        (
            (ladder::puzzle_points(z.rating()) - target).abs(),
            z.id().clone(),
        )
    });
    pool.truncate(NEAREST_CHOICES);
    if pool.is_empty() {
        return None;
    }
    let index = usize::try_from(learner_seed(cx) % pool.len() as u64).unwrap_or(0);
    Some(pool[index])
}

/// Picks the next puzzle, and whether it is a review: a missed one when due, otherwise one
/// the learner has not played, of their mate length, among those nearest their points (which
/// one is the learner's own), never `recent` (the one just played).
fn pick<'c>(cx: &Cx<'c>, recent: Option<&PuzzleId>) -> Option<(&'c MatePuzzle, bool)> {
    let p = &cx.session.progress;
    let catalog = cx.catalog;
    let review = match cx.now() {
        // With a clock: the missed puzzle whose FSRS review is due first.
        Some(now) => super::review::due(&p.reviews, now).and_then(|id| catalog.puzzle(id)),
        // Without one: every third puzzle is the oldest missed one.
        None if p.puzzles_started % REVIEW_EVERY == REVIEW_EVERY - 1 => {
            p.review_queue.first().and_then(|id| catalog.puzzle(id))
        }
        None => None,
    };
    if let Some(puzzle) = review.filter(|z| Some(z.id()) != recent) {
        return Some((puzzle, true));
    }
    let target = p.points;
    let rung = rung(cx);
    let fresh = |z: &&MatePuzzle| !played_before(p, z.id()) && Some(z.id()) != recent;
    let nearest = |pool: Vec<&'c MatePuzzle>| nearest(cx, pool, target);
    let on_rung: Vec<&MatePuzzle> = catalog
        .puzzles()
        .iter()
        .filter(fresh)
        .filter(|z| z.mate_in() == rung)
        .collect();
    let any: Vec<&MatePuzzle> = catalog.puzzles().iter().filter(fresh).collect();
    nearest(on_rung)
        .or_else(|| nearest(any))
        .or_else(|| catalog.puzzles().iter().find(|z| Some(z.id()) != recent))
        .or_else(|| catalog.puzzles().first())
        .map(|z| (z, false))
}

/// `/puzzle`: a new puzzle (`current` is the one under way, not to be served again at once).
pub(super) fn start(cx: &mut Cx<'_>, current: Option<&PuzzleId>) -> Mode {
    let recent = current
        .cloned()
        .or_else(|| cx.session.progress.last_puzzle.clone());
    let Some((puzzle, review)) = pick(cx, recent.as_ref()) else {
        let msg = cx.t(&Say::NoPuzzles);
        cx.reply(Reply::text(msg));
        return Mode::Idle;
    };
    serve(cx, puzzle, review, None)
}

/// `/puzzle 2` (a mate in 2: one not played yet near the learner's points, else one played
/// before, which earns no points) or `/puzzle 02jRN` (that puzzle).
pub(super) fn start_chosen(cx: &mut Cx<'_>, arg: &super::input::PuzzleArg, mode: Mode) -> Mode {
    use super::input::PuzzleArg;
    let catalog = cx.catalog;
    let chosen = match arg {
        PuzzleArg::Next => return start(cx, None),
        PuzzleArg::MateIn(n) => {
            let p = &cx.session.progress;
            let of_n = |fresh: bool| -> Vec<&MatePuzzle> {
                catalog
                    .puzzles()
                    .iter()
                    .filter(|z| z.mate_in() == *n && fresh != played_before(p, z.id()))
                    .collect()
            };
            let target = p.points;
            nearest(cx, of_n(true), target).or_else(|| nearest(cx, of_n(false), target))
        }
        PuzzleArg::Id(id) => catalog
            .puzzles()
            .iter()
            .find(|z| z.id().as_str().eq_ignore_ascii_case(id)),
    };
    let Some(puzzle) = chosen else {
        let given = match arg {
            PuzzleArg::Id(id) => crate::rules::text::displayable(id),
            _ => String::new(),
        };
        let text = cx.t(&Say::PuzzleNoSuch { given });
        cx.reply(Reply::text(text));
        return mode;
    };
    let again = played_before(&cx.session.progress, puzzle.id());
    let state = serve(cx, puzzle, false, None);
    if again {
        // Said on the puzzle's own message: a repeat earns no points.
        let note = cx.t(&Say::PuzzleRepeat);
        if let Some(reply) = cx.out.here_mut().last() {
            reply.text = format!("{note}\n{}", reply.text);
        }
    }
    state
}

/// Serves `puzzle` (`review`: one the learner missed before, asked again; `daily`: a class's
/// puzzle of the day).
pub(super) fn serve(
    cx: &mut Cx<'_>,
    puzzle: &MatePuzzle,
    review: bool,
    daily: Option<DailyTag>,
) -> Mode {
    let id = puzzle.id().clone();
    cx.session.progress.puzzles_started = cx.session.progress.puzzles_started.saturating_add(1);
    cx.session.progress.last_puzzle = Some(id.clone());
    let state = PuzzleState {
        id,
        fen: puzzle.position().clone().into(),
        moves_left: puzzle.mate_in(),
        hints: 0,
        decided: false,
        last_move: puzzle.last_move().cloned(),
        scored: None,
        daily,
    };
    cx.next_nonce();
    let mut reply = going_on(cx, Reply::board(state.view(), caption(cx, &state)));
    if review {
        reply.text = format!("{}\n{}", cx.t(&Say::PuzzleReview), reply.text);
    }
    // Before the checkmate unit: the way to it.
    if let Some(unit) = mate_unit_to_learn(cx) {
        reply = reply.with_row(vec![Button::new(
            cx.t(&Say::ButtonLearnMate { unit }),
            &Action::Lesson(unit),
        )]);
    }
    cx.show_task(reply);
    Mode::Puzzle(state)
}

impl From<PuzzleState> for Mode {
    fn from(state: PuzzleState) -> Mode {
        Mode::Puzzle(state)
    }
}

fn view_of(pos: &Chess, last_move: Option<&UciMove>, learner: Color) -> BoardView {
    let mut view = BoardView::from_position(pos).with_orientation(learner);
    if let Some(UciMove::Normal { from, to, .. }) = last_move {
        view = view.with_last_move(*from, *to);
    }
    view
}

impl PuzzleState {
    fn pos(&self) -> &Chess {
        self.fen.position()
    }

    /// The position as the learner sees it: from their side, the last move tinted.
    fn view(&self) -> BoardView {
        view_of(self.pos(), self.last_move.as_ref(), self.pos().turn())
    }

    /// The puzzle's message with a note under its words and another picture.
    fn message(&self, cx: &Cx<'_>, view: BoardView, note: &str) -> Reply {
        going_on(
            cx,
            Reply::board(view, format!("{}\n\n{note}", caption(cx, self))),
        )
    }
}

fn buttons(cx: &Cx<'_>) -> Vec<Button> {
    let lang = cx.lang();
    let n = cx.nonce();
    vec![
        Button::new(Say::ButtonHint.to(lang), &Action::Hint(n)),
        Button::new(Say::ButtonSolution.to(lang), &Action::Solution(n)),
    ]
}

/// The puzzle's words: side to move (and that the board is turned for Black), mate in N, how
/// many moves are left, its difficulty.
fn caption(cx: &Cx<'_>, now: &PuzzleState) -> String {
    let lang = cx.lang();
    let white = now.pos().turn() == Color::White;
    let puzzle = cx.catalog.puzzle(&now.id);
    let mate_in = puzzle.map_or(now.moves_left, MatePuzzle::mate_in);
    let side = ToMove(now.pos().turn());
    let mut text = match puzzle.and_then(MatePuzzle::rating) {
        Some(rating) => Say::PuzzleCaptionRated {
            side,
            mate_in,
            left: now.moves_left,
            rating,
        },
        None => Say::PuzzleCaption {
            side,
            mate_in,
            left: now.moves_left,
        },
    }
    .to(lang);
    if !white {
        text.push_str(&cx.t(&Say::BoardTurned));
    }
    // A learner who has not had the checkmate unit is told what "mate in N" asks (on the
    // puzzle as first shown, not again under every answer).
    if now.hints == 0
        && !now.decided
        && now.moves_left == mate_in
        && let Some(unit) = mate_unit_to_learn(cx)
    {
        text.push('\n');
        text.push_str(&cx.t(&Say::MateInExplained { mate_in, unit }));
    }
    text
}

/// The id of the lesson that teaches checkmate.
const CHECKMATE_LESSON: &str = "checkmate";

/// The unit that teaches checkmate, while the learner has not done it.
fn mate_unit_to_learn(cx: &Cx<'_>) -> Option<u32> {
    cx.catalog
        .lessons()
        .iter()
        .find(|l| l.id.as_str() == CHECKMATE_LESSON)
        .filter(|l| !cx.session.progress.lessons_done.contains(&l.id))
        .map(|l| l.unit)
}

/// A reply that asks for the next move: tap to move, hint, solution.
fn going_on(cx: &Cx<'_>, reply: Reply) -> Reply {
    reply.with_row(vec![tap::button(cx)]).with_row(buttons(cx))
}

/// Counts the result once: a solved puzzle is a win against its points, a miss a loss.
/// What it did to the learner's points is kept in `state` ([`points_text`] says it).
fn decide(cx: &mut Cx<'_>, state: &mut PuzzleState, solved: bool) {
    if state.decided {
        return;
    }
    state.decided = true;
    let id = &state.id;
    // A puzzle played before (solved, or missed and now reviewed) is practice: its review
    // card moves on, the points do not.
    let repeat = played_before(&cx.session.progress, id);
    let rating = cx.catalog.puzzle(id).and_then(MatePuzzle::rating);
    let opponent = ladder::puzzle_points(rating);
    let assisted = state.hints > 0;
    let now = cx.now();
    let p = &mut cx.session.progress;
    if let Some(now) = now {
        // FSRS: a miss is rated Again; a solved review Good (Hard with a hint).
        let rating = match (solved, assisted) {
            (false, _) => rs_fsrs::Rating::Again,
            (true, true) => rs_fsrs::Rating::Hard,
            (true, false) => rs_fsrs::Rating::Good,
        };
        if !solved || p.reviews.contains_key(id) {
            let card = p.reviews.remove(id);
            p.reviews
                .insert(id.clone(), super::review::schedule(card, now, rating));
        }
    }
    let result = if solved {
        GameResult::Win
    } else {
        GameResult::Loss
    };
    let before = p.points;
    if !repeat {
        p.points = (p.points + ladder::exchange(p.points, opponent, result)).max(0);
        p.rated_games = p.rated_games.saturating_add(1);
    }
    p.review_queue.retain(|x| x != id);
    if solved {
        p.puzzles_solved.insert(id.clone());
    } else {
        p.review_queue.push(id.clone());
    }
    let points = p.points;
    let first_game = p.rated_games == 1;
    cx.event(Event::PuzzleResult {
        puzzle: id.clone(),
        solved,
        points,
    });
    if repeat {
        return;
    }
    state.scored = Some(Scored {
        before,
        after: points,
        rating: rating.unwrap_or(1000),
        first_game,
        solved,
    });
}

/// What the puzzle's result did to the points, in words, once it was counted: the change,
/// the level, and on the first rated game what points are.
/// `ended_solved`: the learner has just mated.
fn points_text(cx: &Cx<'_>, state: &PuzzleState, ended_solved: bool) -> Option<String> {
    let scored = state.scored?;
    let lang = cx.lang();
    let p = &cx.session.progress;
    let level = LadderLevel {
        points: p.points,
        rated_games: p.rated_games,
    };
    let change = Say::PointsChange {
        delta: Delta(scored.after - scored.before),
        before: scored.before,
        after: scored.after,
        rating: scored.rating,
    }
    .to(lang);
    let level = Say::PuzzleLevel {
        level,
        points: p.points,
    }
    .to(lang);
    let mut text = format!("{change}{level}");
    if ended_solved && !scored.solved {
        // "Puzzle solved" above, and yet a loss on the ladder: say why.
        text = format!("{}\n{text}", Say::PuzzleCountedAsMissed.to(lang));
    }
    if scored.first_game {
        // The first points a learner earns: say once what they are and how a level is won.
        text.push('\n');
        text.push_str(&Say::ProgressLadder.to(lang));
    }
    Some(text)
}

/// The tactics the puzzle's themes name, in the learner's words ("Tactics in this puzzle:
/// pin, deflection."), so that the seeds' names (牵制, 引离 …) are met on the board.
fn tactics_line(cx: &Cx<'_>, state: &PuzzleState) -> Option<String> {
    let puzzle = cx.catalog.puzzle(&state.id)?;
    let names: Vec<Text> = crate::content::puzzle::themes::tactics(puzzle.themes())
        .into_iter()
        .map(|(en, zh)| Text::new(zh, en))
        .collect();
    (!names.is_empty()).then(|| cx.t(&Say::PuzzleTactics { names: List(names) }))
}

/// The puzzle is over: its message shows the end, the words, and the next puzzle.
fn finished(cx: &mut Cx<'_>, mut state: PuzzleState, view: BoardView, mut msg: String) -> Mode {
    if let Some(tactics) = tactics_line(cx, &state) {
        msg.push('\n');
        msg.push_str(&tactics);
    }
    decide(cx, &mut state, true);
    if let Some(points) = points_text(cx, &state, true) {
        msg.push('\n');
        msg.push_str(&points);
    }
    let next = cx.t(&Say::ButtonNextPuzzle);
    let text = format!("{}\n\n{msg}", caption(cx, &state));
    cx.update_task(Reply::board(view, text).with_row(vec![Button::new(next, &Action::Puzzle)]));
    Mode::Idle
}

impl Activity for PuzzleState {
    /// Shows the puzzle position and the task.
    fn present(&self, cx: &mut Cx<'_>) {
        let reply = going_on(cx, Reply::board(self.view(), caption(cx, self)));
        cx.show_task(reply);
    }

    /// A move typed during a puzzle.
    fn text(self, cx: &mut Cx<'_>, input: &str) -> Mode {
        let pos = self.pos().clone();
        let verdict = rules::explain(&pos, input);
        self.submit(cx, &pos, verdict, input)
    }

    /// "Next puzzle" while one is under way: a new one.
    fn next(self, cx: &mut Cx<'_>) -> Mode {
        start(cx, Some(&self.id))
    }

    fn hint(self, cx: &mut Cx<'_>) -> Mode {
        hint(self, cx)
    }

    fn solution(self, cx: &mut Cx<'_>) -> Mode {
        solution(self, cx)
    }
}

impl MoveTask for PuzzleState {
    fn task_board(&self, cx: &Cx<'_>) -> Option<TaskBoard> {
        Some(TaskBoard {
            view: self.view(),
            caption: caption(cx, self),
            buttons: vec![buttons(cx)],
            pos: self.pos().clone(),
        })
    }

    fn play(self, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
        play(self, cx, verdict, input)
    }

    fn show_refusal(self, cx: &mut Cx<'_>, refusal: Refusal) -> Mode {
        let view = self.view();
        super::move_task::show_refusal_on(self, cx, refusal, view, PuzzleState::message)
    }

    fn how_to_write(&self, cx: &Cx<'_>, pos: &Chess, input: &str) -> String {
        // By a move that is not the answer: no check, and none of the stored keys (moves of
        // the puzzle's first position only).
        let mut avoid = super::spelling::checks(pos);
        if let Some(p) = cx.catalog.puzzle(&self.id)
            && p.position().board() == pos.board()
        {
            avoid.extend(p.keys().iter().chain(p.line().first()).copied());
        }
        let example = super::spelling::example(pos, input, None, &avoid);
        super::spelling::unread(pos, input, example, cx.lang())
    }
}

/// A move (typed or tapped, already read by the referee) in the puzzle.
fn play(mut now: PuzzleState, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
    let lang = cx.lang();
    let pos = now.pos().clone();
    let learner = pos.turn();
    let info = match &verdict {
        Verdict::Legal(info) => info.clone(),
        Verdict::Illegal(reason) => return now.refuse(cx, &pos, reason, input),
        Verdict::Unreadable | Verdict::Ambiguous { .. } => {
            return now.unread(cx, &pos, &verdict, input);
        }
    };
    let mv = info.mv;
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let tried = move_squares(&mv);
    // Moves are said as this learner reads them (in Chinese words before the notation unit).
    let spell = cx.spell();
    let played = Said::new(&pos, mv, spell);
    let Ok(judgement) = mating::judge(&pos, mv, now.moves_left) else {
        let msg = cx.t(&Say::SearchUndecidedMove {
            san: played.to(lang),
        });
        let reply = now.message(cx, now.view(), &msg);
        cx.update_task(reply);
        return now.into();
    };
    // A class's puzzle of the day: its first right move without a hint counts, once.
    if let Some(tag) = now.daily
        && matches!(
            judgement,
            MoveJudgement::Mates | MoveJudgement::KeepsMate { .. }
        )
    {
        now.daily = None;
        if now.hints == 0 {
            cx.out.daily_solved = Some((ClassId(tag.class), tag.day));
        }
    }
    match judgement {
        MoveJudgement::Mates => {
            let mut view = BoardView::from_position(&after).with_orientation(learner);
            if let Some((f, t)) = tried {
                view = view.with_last_move(f, t);
            }
            let mut msg = Say::PuzzleMates {
                right: Box::new(Say::Right),
                san: played,
            }
            .to(lang);
            msg.push('\n');
            msg.push_str(&why_mate(&after).to(lang));
            let others = other_mates(&pos, mv, spell);
            if !others.is_empty() {
                msg.push('\n');
                msg.push_str(
                    &Say::AlsoMates {
                        moves: List(others),
                    }
                    .to(lang),
                );
            }
            cx.played(&msg);
            finished(cx, now, view, msg)
        }
        MoveJudgement::KeepsMate { best_defence, .. } => {
            let reply_san = Said::new(&after, best_defence, spell);
            let next = mating::after_defence(&pos, mv, best_defence);
            let left = now.moves_left.saturating_sub(1);
            now.fen = next.clone().into();
            now.moves_left = left;
            now.last_move = Some(uci(best_defence));
            now.hints = 0;
            // The same message goes on as the next question: it is edited, then known by the
            // new question's nonce.
            let old = cx.nonce();
            cx.next_nonce();
            let msg = Say::PuzzleKeepsMate {
                san: played,
                reply: reply_san,
                left,
            }
            .to(lang);
            let view = view_of(&next, now.last_move.as_ref(), learner);
            cx.played(&msg);
            let reply = now.message(cx, view, &msg);
            cx.reply(reply.editing_task(old).as_task(cx.nonce()));
            now.into()
        }
        MoveJudgement::MatesTooLate {
            mate_in,
            refutation,
        } => {
            let msg = Say::PuzzleMatesTooLate {
                san: played,
                mate_in,
                within: now.moves_left,
                defence: Line::new(&after, &refutation, spell),
            }
            .to(lang);
            wrong(cx, now, tried, &refutation, msg)
        }
        MoveJudgement::Stalemates => {
            let msg = Say::PuzzleStalemates { san: played }.to(lang);
            wrong(cx, now, tried, &[], msg)
        }
        MoveJudgement::Fails { refutation } => {
            let msg = refuted(&pos, mv, &after, &refutation, now.moves_left, (spell, lang));
            wrong(cx, now, tried, &refutation, msg)
        }
    }
}

/// Why a move that had to mate does not, in a beginner's words: it gives no check; or it
/// does, and the defender takes the checking piece, blocks or steps away; or (with more
/// moves to go) the defence after which no mate is forced any more.
fn refuted(
    pos: &Chess,
    mv: Move,
    after: &Chess,
    refutation: &[Move],
    moves_left: u32,
    (spell, lang): (Spell, Lang),
) -> String {
    let played = Said::new(pos, mv, spell);
    let defence = Line::new(after, refutation, spell);
    if moves_left > 1 {
        return Say::PuzzleEscapes {
            san: played,
            defence,
            left: moves_left,
        }
        .to(lang);
    }
    if after.checkers().is_empty() {
        return Say::PuzzleNoCheck { san: played }.to(lang);
    }
    let how = match refutation.first() {
        Some(reply) if reply.role() == Role::King && !reply.is_capture() => {
            Say::HowKing { square: reply.to() }
        }
        Some(reply) if after.checkers().contains(reply.to()) => Say::HowCapture {
            piece: after.board().role_at(reply.to()),
        },
        Some(reply) if reply.role() == Role::King => Say::HowKing { square: reply.to() },
        _ => Say::HowBlock,
    };
    Say::PuzzleCheckAnswered {
        san: played,
        how: Box::new(how),
        defence,
    }
    .to(lang)
}

/// The other moves that would have mated at once, said as the learner reads moves.
fn other_mates(pos: &Chess, played: Move, spell: Spell) -> Vec<Said> {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| m != played)
        .filter(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            after.is_checkmate()
        })
        .map(|m| Said::new(pos, m, spell))
        .collect()
}

/// A move that does not mate in time: the learner's move and the reply that refutes it, in
/// their own colours, on the puzzle's message, and another try.
fn wrong(
    cx: &mut Cx<'_>,
    mut now: PuzzleState,
    tried: Option<(Square, Square)>,
    refutation: &[Move],
    mut msg: String,
) -> Mode {
    // Counted now; the points are said when the puzzle ends.
    decide(cx, &mut now, false);
    msg.push_str(&cx.t(&Say::PuzzleTryAgain));
    cx.played(&msg);
    let mut view = now.view();
    if let Some((f, t)) = tried {
        view = view.with_arrow(f, t, ArrowKind::Move);
    }
    view = view.with_overlay(draw::replies(refutation.get(..1).unwrap_or(&[])));
    let reply = now.message(cx, view, &msg);
    cx.update_task(reply);
    now.into()
}

/// `/hint`: the piece, then the square (a capture said as one), then the move.
fn hint(mut now: PuzzleState, cx: &mut Cx<'_>) -> Mode {
    let lang = cx.lang();
    let Ok(found) = mating::hint(now.pos(), now.moves_left) else {
        let msg = cx.t(&Say::SearchTooHard);
        let reply = now.message(cx, now.view(), &msg);
        cx.update_task(reply);
        return now.into();
    };
    let Some(h) = found else {
        let msg = cx.t(&Say::NoMateFromHere);
        let reply = now.message(cx, now.view(), &msg);
        cx.update_task(reply);
        return now.into();
    };
    now.hints = now.hints.saturating_add(1).min(3);
    let rung = now.hints;
    if rung >= 2 {
        // Seeing the square (or the move) means the puzzle is not solved alone; the points
        // are said when it ends.
        decide(cx, &mut now, false);
    }
    let piece = h.piece;
    let mut view = now.view().with_mark(h.piece_square, MarkKind::Highlight);
    let captured = now.pos().board().role_at(h.target_square);
    let msg = match (rung, captured) {
        (1, _) => Say::HintPiece {
            piece,
            square: h.piece_square,
        },
        (2, Some(captured)) => Say::HintCapture {
            piece,
            from: h.piece_square,
            to: h.target_square,
            captured,
        },
        (2, None) => Say::HintSquare {
            piece,
            from: h.piece_square,
            to: h.target_square,
        },
        _ => Say::HintMove {
            san: Said::new(now.pos(), h.key, cx.spell()),
        },
    }
    .to(lang);
    if rung >= 2 {
        view = view.with_mark(h.target_square, MarkKind::Good);
    }
    if rung >= 3 {
        view = view.with_arrow(h.piece_square, h.target_square, ArrowKind::Good);
    }
    let reply = now.message(cx, view, &msg);
    cx.update_task(reply);
    now.into()
}

/// `/solution`: the whole main line, and why its end is mate.
fn solution(mut now: PuzzleState, cx: &mut Cx<'_>) -> Mode {
    let lang = cx.lang();
    let Ok(sol) = mating::solve(now.pos(), now.moves_left) else {
        let msg = cx.t(&Say::SearchTooHard);
        let reply = now.message(cx, now.view(), &msg);
        cx.update_task(reply);
        return now.into();
    };
    decide(cx, &mut now, false);
    // Seen, so no longer the learner's own to solve for the class.
    now.daily = None;
    let points = points_text(cx, &now, false);
    let line = Line::new(now.pos(), &sol.line, cx.spell());
    let mut view = now.view();
    if let Some((f, t)) = sol.line.first().and_then(move_squares) {
        view = view.with_arrow(f, t, ArrowKind::Good);
    }
    let mut msg = Say::PuzzleSolution { line }.to(lang);
    let mut end = now.pos().clone();
    for &mv in &sol.line {
        if !end.is_legal(mv) {
            break;
        }
        end.play_unchecked(mv);
    }
    if end.is_checkmate() {
        msg.push('\n');
        msg.push_str(&why_mate(&end).to(lang));
    }
    if let Some(tactics) = tactics_line(cx, &now) {
        msg.push('\n');
        msg.push_str(&tactics);
    }
    if let Some(points) = points {
        msg.push('\n');
        msg.push_str(&points);
    }
    let next = cx.t(&Say::ButtonNextPuzzle);
    let text = format!("{}\n\n{msg}", caption(cx, &now));
    cx.update_task(Reply::board(view, text).with_row(vec![Button::new(next, &Action::Puzzle)]));
    Mode::Idle
}
