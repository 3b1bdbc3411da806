//! A game against the tutor: `/play`, a level (1–8) and a colour, then every move of the
//! learner through the referee (typed or tapped; a refused one is explained and changes
//! nothing), the tutor's answer from [`crate::game::engine`], and every ending of the FIDE
//! Laws, each said with its rule and its evidence. A draw is claimed with a button that is
//! there only when a claim is valid; a draw may be offered, the game resigned, and at the two
//! lowest levels one move taken back. Afterwards the coach ([`crate::game::coach`]) points
//! out what the learner missed, each point on its own board, and `/pgn` gives the game.

use shakmaty::{Color, Position};

use super::activity::{Activity, MoveTask, TaskBoard};
use super::callback::Action;
use super::cx::Cx;
use super::ladder::{self, GameResult};
use super::reply::{Button, Event, Reply};
use super::spelling::{Spell, said};
use super::state::{FinishedGame, GameState, Mode, Side};
use super::tap;
use super::words::{self, Say};
use crate::draw::{self, move_squares};
use crate::game::coach;
use crate::game::engine::{self, Level};
use crate::game::pgn;
use crate::game::record::{Claim, Ending, Record};
use crate::render::{ArrowKind, BoardView, MarkKind};
use crate::rules::notation::san;
use crate::rules::{self, DeadMaterial, Lang, Verdict, text::verdict_text};

/// Take-backs a learner has per game at the two lowest levels.
const TAKEBACKS: u8 = 1;
/// The levels at which the coach speaks up after each move (and one move may be taken back).
const COACHED_LEVELS: u8 = 2;
/// Plies after a declined draw offer before the learner may offer again (FIDE 11.5: no
/// pestering the opponent).
const OFFER_AGAIN_AFTER: usize = 10;
/// Moves of the game shown in the caption.
const MOVES_SHOWN: usize = 6;

/// The ladder points the tutor counts as at each level (the learner's opponent on the
/// ladder): level 1 at a beginner's 0, level 8 near a club player's 1200.
const LEVEL_POINTS: [i32; 8] = [0, 150, 300, 450, 600, 800, 1000, 1200];

fn level_points(level: Level) -> i32 {
    LEVEL_POINTS[usize::from(level.number() - 1)]
}

/// The level suggested for the learner: the strongest whose points are not above theirs.
pub(super) fn suggested_level(cx: &Cx<'_>) -> Level {
    let p = &cx.session.progress;
    if p.rated_games == 0 {
        return Level::LOWEST;
    }
    Level::ALL
        .into_iter()
        .rev()
        .find(|l| level_points(*l) <= p.points + 50)
        .unwrap_or(Level::LOWEST)
}

/// `/play`: the choice of colour at the suggested level (or `level`), and a row to pick
/// another level. A game under way is shown again instead.
pub(super) fn setup(cx: &mut Cx<'_>, level: Option<Level>, mode: Mode) -> Mode {
    if let Mode::Game(game) = mode {
        let note = cx.t(&Say::GameUnderWay);
        game.show(cx, &note, None);
        return Mode::Game(game);
    }
    let level = level.unwrap_or_else(|| suggested_level(cx));
    let lang = cx.lang();
    let text = Say::GameSetup {
        level: u32::from(level.number()),
        about: level_about(level, lang),
        suggested: u32::from(suggested_level(cx).number()),
    }
    .to(lang);
    let n = level.number();
    let colours = vec![
        Button::new(
            cx.t(&Say::ButtonPlayWhite),
            &Action::Play {
                level: n,
                side: Some(Color::White),
            },
        ),
        Button::new(
            cx.t(&Say::ButtonPlayBlack),
            &Action::Play {
                level: n,
                side: Some(Color::Black),
            },
        ),
        Button::new(
            cx.t(&Say::ButtonPlayRandom),
            &Action::Play {
                level: n,
                side: None,
            },
        ),
    ];
    // Two rows of four, so that a phone shows each label whole; the level chosen is ticked.
    let levels: Vec<Button> = Level::ALL
        .iter()
        .map(|l| {
            let mut label = Say::ButtonLevel {
                level: u32::from(l.number()),
            }
            .to(lang);
            if *l == level {
                label.push_str(" ✓");
            }
            Button::new(label, &Action::PlayLevel(l.number()))
        })
        .collect();
    let (easy, hard) = levels.split_at(4);
    // Only where a friend can be reached (Telegram), not in the terminal's one-learner chat.
    let friend = if cx.learner.is_some() {
        vec![Button::new(cx.t(&Say::ButtonPlayFriend), &Action::Invite)]
    } else {
        Vec::new()
    };
    cx.reply(
        Reply::text(text)
            .with_row(colours)
            .with_row(easy.to_vec())
            .with_row(hard.to_vec())
            .with_row(friend),
    );
    mode
}

/// What a level plays like, in a few words.
fn level_about(level: Level, lang: Lang) -> String {
    Say::LevelAbout {
        level: u32::from(level.number()),
    }
    .to(lang)
}

/// A new game at `level`, the learner playing `side` (`None`: chosen by the nonce, fairly
/// and reproducibly).
pub(super) fn start(cx: &mut Cx<'_>, level: u8, side: Option<Color>, mode: Mode) -> Mode {
    let Some(level) = Level::new(level) else {
        cx.stale_button();
        return mode;
    };
    if let Mode::Game(game) = mode {
        // A game is not thrown away by an old setup button: it is shown again.
        let note = cx.t(&Say::GameUnderWay);
        game.show(cx, &note, None);
        return Mode::Game(game);
    }
    let nonce = cx.next_nonce();
    let learner = side.unwrap_or(if nonce.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    });
    let mut game = GameState {
        level,
        learner: Side::from(learner),
        record: Record::default(),
        takebacks_left: if level.number() <= COACHED_LEVELS {
            TAKEBACKS
        } else {
            0
        },
        declined_at: None,
        seed: seed_of(cx, nonce),
        resigning: false,
    };
    cx.event(Event::GameStarted {
        level: level.number(),
        learner: Side::from(learner),
    });
    let lang = cx.lang();
    let mut note = Say::GameStarted {
        level: u32::from(level.number()),
        side: side_name(learner, lang),
    }
    .to(lang);
    if learner == Color::Black {
        // The tutor opens.
        if let Some(mv) = engine::reply(game.pos(), level, game.seed) {
            let said = said(game.pos(), mv, cx.spell(), lang);
            let _ = game.record.push(mv);
            note.push('\n');
            note.push_str(&Say::TutorOpened { san: said }.to(lang));
        }
    }
    note.push('\n');
    note.push_str(
        &Say::GameYourMove {
            examples: move_examples(game.pos(), lang),
        }
        .to(lang),
    );
    let reply = game.message(cx, game.view(), &note);
    cx.show_task(reply);
    Mode::Game(game)
}

/// A seed for the tutor's choices: from the learner's progress and the game's nonce, so that
/// games differ and a replay of the same input is the same game.
fn seed_of(cx: &Cx<'_>, nonce: u32) -> u64 {
    let p = &cx.session.progress;
    (u64::from(nonce) << 32) ^ u64::from(p.games.played) ^ 0x9e37_79b9_7f4a_7c15
}

pub(super) fn side_name(color: Color, lang: Lang) -> String {
    match color {
        Color::White => Say::SideWhite.to(lang),
        Color::Black => Say::SideBlack.to(lang),
    }
}

impl From<GameState> for Mode {
    fn from(state: GameState) -> Mode {
        Mode::Game(state)
    }
}

impl GameState {
    fn pos(&self) -> &shakmaty::Chess {
        self.record.position()
    }

    fn learner(&self) -> Color {
        self.learner.color()
    }

    /// The board from the learner's side, the last move tinted.
    fn view(&self) -> BoardView {
        let mut view = BoardView::from_position(self.pos()).with_orientation(self.learner());
        if let Some((from, to)) = self.record.moves().last().and_then(move_squares) {
            view = view.with_last_move(from, to);
        }
        view
    }

    /// The game's words: who plays what at which level, and the last moves.
    fn caption(&self, cx: &Cx<'_>) -> String {
        let lang = cx.lang();
        let mut text = Say::GameCaption {
            level: u32::from(self.level.number()),
            side: side_name(self.learner(), lang),
        }
        .to(lang);
        if self.learner() == Color::Black {
            text.push_str(&cx.t(&Say::BoardTurned));
        }
        let moves = moves_text(&self.record, MOVES_SHOWN);
        if !moves.is_empty() {
            text.push('\n');
            text.push_str(&moves);
        }
        text
    }

    /// "Your move", after what the learner must know first: a check, a claim they may make.
    fn your_move(&self, cx: &Cx<'_>) -> String {
        your_move(&self.record, cx.lang())
    }

    /// The buttons under the board while the game goes on.
    fn buttons(&self, cx: &Cx<'_>) -> Vec<Vec<Button>> {
        let n = cx.nonce();
        let mut first = vec![tap::button(cx)];
        if self.record.claim().is_some() {
            first.push(Button::new(cx.t(&Say::ButtonClaimDraw), &Action::Claim(n)));
        }
        let mut second = vec![
            Button::new(cx.t(&Say::ButtonOfferDraw), &Action::OfferDraw(n)),
            Button::new(cx.t(&Say::ButtonResign), &Action::Resign(n)),
        ];
        if self.can_take_back() {
            second.push(Button::new(
                cx.t(&Say::ButtonTakeBack),
                &Action::TakeBack(n),
            ));
        }
        vec![first, second]
    }

    fn can_take_back(&self) -> bool {
        // The learner's last move and the tutor's answer: there must be a move of the learner.
        let learner_moves = self
            .record
            .positions()
            .iter()
            .take(self.record.moves().len())
            .filter(|p| p.turn() == self.learner())
            .count();
        self.takebacks_left > 0 && learner_moves > 0
    }

    /// The game's message: board, caption, `note` under it, and the game's buttons.
    fn message(&self, cx: &Cx<'_>, view: BoardView, note: &str) -> Reply {
        let mut reply = Reply::board(view, format!("{}\n\n{note}", self.caption(cx)));
        for row in self.buttons(cx) {
            reply = reply.with_row(row);
        }
        reply
    }

    /// Shows the game again as a new message (`/board`, `/play` during a game).
    fn show(&self, cx: &mut Cx<'_>, note: &str, view: Option<BoardView>) {
        let view = view.unwrap_or_else(|| self.view());
        let reply = self.message(cx, view, note);
        cx.show_task(reply);
    }
}

/// "Your move", after what the player to move must know first: a check, a claim they may
/// make (a game against the tutor and one against a friend alike).
pub(super) fn your_move(record: &Record, lang: Lang) -> String {
    let mut note = String::new();
    if record.position().is_check() {
        note.push_str(&Say::GameYouAreInCheck.to(lang));
        note.push('\n');
    }
    if let Some(claim) = record.claim() {
        note.push_str(&claim_available(&claim, record.position(), lang));
        note.push('\n');
    }
    note.push_str(
        &Say::GameYourMove {
            examples: move_examples(record.position(), lang),
        }
        .to(lang),
    );
    note
}

/// Two or three moves of the side to move as the learner would type them (`e5、马f6、O-O`):
/// examples for the player whose turn it is, Black's for Black.
fn move_examples(pos: &shakmaty::Chess, lang: Lang) -> String {
    let moves = pos.legal_moves();
    let quiet = |m: &&shakmaty::Move| !m.is_capture() && !m.is_promotion();
    // Towards the centre first (`e4`, `d5`, `Nc3`), then by how it is written: the same
    // examples every time.
    let central = |m: &&shakmaty::Move| {
        let file = i32::from(u8::from(m.to().file()));
        let rank = i32::from(u8::from(m.to().rank()));
        (
            (2 * file - 7).abs() + (2 * rank - 7).abs(),
            super::spelling::in_words(pos, **m, lang),
        )
    };
    let pawn = moves
        .iter()
        .filter(quiet)
        .filter(|m| m.role() == shakmaty::Role::Pawn)
        .min_by_key(central);
    let piece = moves
        .iter()
        .filter(quiet)
        .filter(|m| !matches!(m.role(), shakmaty::Role::Pawn | shakmaty::Role::King))
        .min_by_key(|m| (m.role() != shakmaty::Role::Knight, central(m)));
    let castle = moves.iter().find(|m| m.is_castle());
    let mut chosen: Vec<&shakmaty::Move> = [pawn, piece, castle].into_iter().flatten().collect();
    // In check, or with only captures and king moves: whatever is legal.
    if chosen.is_empty() {
        chosen = moves.iter().take(2).collect();
    }
    let examples: Vec<String> = chosen
        .into_iter()
        .map(|m| super::spelling::in_words(pos, *m, lang))
        .collect();
    words::list(lang, &examples)
}

/// The last `count` moves of the game in SAN with their numbers (`12. Nf3 Nc6 13. Bb5`).
pub(super) fn moves_text(record: &Record, count: usize) -> String {
    let moves = record.moves();
    let from = moves.len().saturating_sub(count);
    let mut out = Vec::new();
    for (ply, mv) in moves.iter().enumerate().skip(from) {
        let before = &record.positions()[ply];
        let number = before.fullmoves().get();
        if before.turn() == Color::White {
            out.push(format!("{number}."));
        } else if ply == from {
            out.push(format!("{number}…"));
        }
        out.push(shakmaty::san::SanPlus::from_move(before.clone(), *mv).to_string());
    }
    out.join(" ")
}

impl Activity for GameState {
    fn present(&self, cx: &mut Cx<'_>) {
        let note = self.your_move(cx);
        self.show(cx, &note, None);
    }

    fn text(self, cx: &mut Cx<'_>, input: &str) -> Mode {
        let lang = cx.lang();
        if words::is_claim_word(input) {
            return claim(self, cx);
        }
        if words::is_resign_word(input) {
            return resign(self, cx);
        }
        if words::is_draw_offer_word(input) {
            return offer_draw(self, cx);
        }
        if words::is_take_back_word(input) {
            if self.can_take_back() {
                return take_back(self, cx);
            }
            let note = cx.t(&Say::NoTakeBack);
            cx.unread(note, Vec::new());
            return self.into();
        }
        let _ = lang;
        let pos = self.pos().clone();
        // Read against the game's history: a castling right lost earlier is named by its move.
        let verdict = rules::explain_in_game(self.record.game(), input);
        tap::submit(self, cx, &pos, verdict, input, false)
    }

    /// "Next" during a game: nothing to skip to; the game is shown again.
    fn next(self, cx: &mut Cx<'_>) -> Mode {
        let note = cx.t(&Say::GameNoSkipping);
        let reply = self.message(cx, self.view(), &note);
        cx.update_task(reply);
        self.into()
    }

    /// A game has no solution to show: say what `/hint` gives instead.
    fn solution(self, cx: &mut Cx<'_>) -> Mode {
        let note = cx.t(&Say::GameNoSolution);
        let reply = self.message(cx, self.view(), &note);
        cx.update_task(reply);
        self.into()
    }

    /// A hint in a game: the coach's rule of thumb for the position, not a move.
    fn hint(self, cx: &mut Cx<'_>) -> Mode {
        let lang = cx.lang();
        let note = match coach::hint(self.pos()) {
            Some(coach::Hint::InCheck) => Say::GameHintInCheck.to(lang),
            Some(coach::Hint::Hanging { square }) => Say::GameHintHanging {
                square: square.to_string(),
                piece: piece_at(self.pos(), square, lang),
            }
            .to(lang),
            Some(coach::Hint::FreeCapture { square }) => Say::GameHintFreeCapture {
                square: square.to_string(),
                piece: piece_at(self.pos(), square, lang),
            }
            .to(lang),
            None => Say::GameHintNone.to(lang),
        };
        let reply = self.message(cx, self.view(), &note);
        cx.update_task(reply);
        self.into()
    }
}

pub(super) fn piece_at(pos: &shakmaty::Chess, square: shakmaty::Square, lang: Lang) -> String {
    pos.board()
        .role_at(square)
        .map_or_else(String::new, |r| rules::text::piece_name(r, lang))
}

impl MoveTask for GameState {
    fn task_board(&self, cx: &Cx<'_>) -> Option<TaskBoard> {
        let mut buttons = self.buttons(cx);
        // The tap board's own first row is the grid: keep only the game's other buttons.
        if let Some(first) = buttons.first_mut() {
            first.retain(|b| b.data != tap::button(cx).data);
        }
        buttons.retain(|row| !row.is_empty());
        Some(TaskBoard {
            pos: self.pos().clone(),
            view: self.view(),
            caption: self.caption(cx),
            buttons,
        })
    }

    fn play(self, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
        play(self, cx, verdict, input)
    }
}

/// A move of the learner, read by the referee.
fn play(mut game: GameState, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
    let lang = cx.lang();
    let pos = game.pos().clone();
    game.resigning = false;
    let info = match &verdict {
        Verdict::Legal(info) => info.clone(),
        Verdict::Illegal(reason) => {
            let note = verdict_text(&pos, &verdict, input, lang);
            cx.count_rule_error(reason);
            let view = game.view().with_overlay(draw::reason(reason));
            let reply = game.message(cx, view, &note);
            cx.update_task(reply);
            return game.into();
        }
        Verdict::Unreadable => {
            let example = super::spelling::example(&pos, input, None, &[]);
            let note = super::spelling::unread(&pos, input, example, lang);
            // In words only: the game's message moves on in place with each move.
            cx.unread(note, Vec::new());
            return game.into();
        }
        Verdict::Ambiguous { .. } => {
            let note = verdict_text(&pos, &verdict, input, lang);
            // In words only: the game's message moves on in place with each move.
            cx.unread(note, Vec::new());
            return game.into();
        }
    };
    if game.record.push(info.mv).is_err() {
        cx.stale_button();
        return game.into();
    }
    let mut note = Say::GameYouPlayed {
        san: said(&pos, info.mv, cx.spell(), lang),
    }
    .to(lang);
    if let Some(ending) = game.record.automatic_ending() {
        return finish(cx, game, &ending, note);
    }
    // At the lowest levels the coach speaks up at once, while a take-back can still mend it.
    let coached = (game.level.number() <= COACHED_LEVELS)
        .then(|| coach::judge_ply(&game.record, game.record.moves().len() - 1))
        .flatten();
    // The tutor's answer. The search is bounded by a node budget, never by the clock.
    let positions = game.record.positions();
    let earlier = &positions[..positions.len() - 1];
    let Some(answer) =
        engine::reply_with_stats(game.pos(), earlier, game.level, game.seed ^ ply_seed(&game))
            .map(|r| r.mv)
    else {
        // Not reached: a position with no legal move is an ending above.
        return game.into();
    };
    let before = game.pos().clone();
    let answered = said(&before, answer, cx.spell(), lang);
    let _ = game.record.push(answer);
    let info = rules::MoveInfo::new(&before, answer);
    note.push('\n');
    note.push_str(
        &Say::TutorAnswered {
            san: answered,
            what: rules::text::legal_in_words(&before, &info, lang),
        }
        .to(lang),
    );
    if let Some(ending) = game.record.automatic_ending() {
        return finish(cx, game, &ending, note);
    }
    note.push('\n');
    note.push_str(&game.your_move(cx));
    // The same message goes on with the next move: edited, then known by the new nonce.
    let old = cx.nonce();
    cx.next_nonce();
    let reply = game.message(cx, game.view(), &note);
    let Some(point) = coached else {
        // A tapped move: the board the learner tapped on goes on. A typed move: a new board
        // under the learner's message (an edit above it would scroll away as a game goes on).
        let reply = if cx.pressed {
            reply.editing_task(old)
        } else {
            reply
        };
        cx.reply(reply.as_task(cx.nonce()));
        return game.into();
    };
    // The coach's board first, then the game as a new message: the newest message is the
    // board the learner plays on.
    let mut advice = coach_reply_spelled(&point, &game.record, game.learner(), (cx.spell(), lang));
    if game.can_take_back() {
        advice.text.push('\n');
        advice.text.push_str(&Say::CoachMayTakeBack.to(lang));
    }
    cx.reply(advice);
    cx.reply(reply.as_task(cx.nonce()));
    game.into()
}

fn ply_seed(game: &GameState) -> u64 {
    (game.record.moves().len() as u64).wrapping_mul(0x0000_0100_0000_01b3)
}

/// What the learner may claim now, said under the board.
pub(super) fn claim_available(claim: &Claim, pos: &shakmaty::Chess, lang: Lang) -> String {
    match claim {
        Claim::Threefold {
            with_move: None, ..
        } => Say::ClaimThreefoldNow.to(lang),
        Claim::Threefold {
            with_move: Some(mv),
            ..
        } => Say::ClaimThreefoldWith { san: san(pos, *mv) }.to(lang),
        Claim::FiftyMoves { with_move: None } => Say::ClaimFiftyNow.to(lang),
        Claim::FiftyMoves {
            with_move: Some(mv),
        } => Say::ClaimFiftyWith { san: san(pos, *mv) }.to(lang),
    }
}

/// The Claim button, or "claim" typed.
pub(super) fn claim(mut game: GameState, cx: &mut Cx<'_>) -> Mode {
    let lang = cx.lang();
    if game.pos().turn() != game.learner() {
        cx.stale_button();
        return game.into();
    }
    let Some(claim) = game.record.claim() else {
        let repetition = game.record.game().repetition();
        let note = Say::NoClaim {
            times: u32::try_from(repetition.count).unwrap_or(u32::MAX),
            moves: game.pos().halfmoves() / 2,
        }
        .to(lang);
        let reply = game.message(cx, game.view(), &note);
        cx.update_task(reply);
        return game.into();
    };
    let claimant = game.learner();
    let ending = make_claim(&mut game.record, claim, claimant);
    let note = claimed_move(&ending).map_or_else(String::new, |said| {
        Say::GameYouPlayed {
            san: said.to_owned(),
        }
        .to(lang)
    });
    finish(cx, game, &ending, note)
}

/// The ending a valid `claim` of `claimant` makes. A claim with the move about to be played:
/// the move is written down and played with it (FIDE 9.2.1.1, 9.3.1).
pub(super) fn make_claim(record: &mut Record, claim: Claim, claimant: Color) -> Ending {
    let (plies, with_move) = match claim {
        Claim::Threefold { plies, with_move } => (Some(plies), with_move),
        Claim::FiftyMoves { with_move } => (None, with_move),
    };
    let with_move = with_move.map(|mv| {
        let said = san(record.position(), mv);
        let _ = record.push(mv);
        said
    });
    match plies {
        Some(plies) => Ending::ThreefoldClaimed {
            claimant,
            plies,
            with_move,
        },
        None => Ending::FiftyMovesClaimed {
            claimant,
            with_move,
        },
    }
}

/// The move written down with a claim, in SAN.
pub(super) fn claimed_move(ending: &Ending) -> Option<&str> {
    match ending {
        Ending::ThreefoldClaimed { with_move, .. }
        | Ending::FiftyMovesClaimed { with_move, .. } => with_move.as_deref(),
        _ => None,
    }
}

/// The Resign button (asks once), or the confirmation.
pub(super) fn resign(mut game: GameState, cx: &mut Cx<'_>) -> Mode {
    // A tap on a phone is easy to make: ask, and ask again at a second tap on Resign.
    game.resigning = true;
    let n = cx.nonce();
    let lang = cx.lang();
    let note = Say::ResignConfirm.to(lang);
    let reply =
        Reply::board(game.view(), format!("{}\n\n{note}", game.caption(cx))).with_row(vec![
            Button::new(Say::ButtonResignYes.to(lang), &Action::ResignYes(n)),
            Button::new(Say::ButtonPlayOn.to(lang), &Action::Board(n)),
        ]);
    cx.update_task(reply);
    game.into()
}

/// "Yes, resign", pressed on the question [`resign`] asked; without the question it is a
/// stale button.
pub(super) fn confirm_resign(game: GameState, cx: &mut Cx<'_>) -> Mode {
    if !game.resigning {
        cx.stale_button();
        return game.into();
    }
    let loser = game.learner();
    finish(cx, game, &Ending::Resignation { loser }, String::new())
}

/// "Play on" after the resignation question: the game as it was.
pub(super) fn play_on(mut game: GameState, cx: &mut Cx<'_>) -> Mode {
    game.resigning = false;
    let note = game.your_move(cx);
    let reply = game.message(cx, game.view(), &note);
    cx.update_task(reply);
    game.into()
}

/// The learner offers a draw: the tutor accepts when it is behind in material, or when the
/// material is level and little is left to play for; otherwise it says why it plays on.
pub(super) fn offer_draw(mut game: GameState, cx: &mut Cx<'_>) -> Mode {
    let lang = cx.lang();
    let ply = game.record.moves().len();
    if let Some(at) = game.declined_at
        && ply < at + OFFER_AGAIN_AFTER
    {
        let note = Say::DrawOfferTooSoon {
            moves: u32::try_from((at + OFFER_AGAIN_AFTER - ply).div_ceil(2)).unwrap_or(1),
        }
        .to(lang);
        let reply = game.message(cx, game.view(), &note);
        cx.update_task(reply);
        return game.into();
    }
    let tutor = !game.learner();
    let balance = coach::material(game.pos(), tutor) - coach::material(game.pos(), game.learner());
    let little_left = coach::material(game.pos(), tutor) <= 5 && balance <= 0;
    if balance < 0 || little_left {
        let note = Say::DrawAccepted.to(lang);
        return finish(cx, game, &Ending::Agreement, note);
    }
    game.declined_at = Some(ply);
    let note = if balance > 0 {
        Say::DrawDeclinedAhead {
            points: u32::try_from(balance).unwrap_or(0),
        }
    } else {
        Say::DrawDeclinedLevel
    }
    .to(lang);
    let reply = game.message(cx, game.view(), &note);
    cx.update_task(reply);
    game.into()
}

/// One take-back at the lowest levels: the tutor's answer and the learner's last move.
pub(super) fn take_back(mut game: GameState, cx: &mut Cx<'_>) -> Mode {
    if !game.can_take_back() {
        cx.stale_button();
        return game.into();
    }
    // Back to the learner's last turn.
    while game.record.pop().is_some() {
        if game.pos().turn() == game.learner() {
            break;
        }
    }
    game.takebacks_left = game.takebacks_left.saturating_sub(1);
    let note = cx.t(&Say::TakenBack);
    let old = cx.nonce();
    cx.next_nonce();
    let reply = game.message(cx, game.view(), &note);
    cx.reply(reply.editing_task(old).as_task(cx.nonce()));
    game.into()
}

/// The game is over: the ending with its rule and evidence, the points, the coach's review,
/// and what to do next.
fn finish(cx: &mut Cx<'_>, game: GameState, ending: &Ending, mut note: String) -> Mode {
    let lang = cx.lang();
    let learner = game.learner();
    if !note.is_empty() {
        note.push('\n');
    }
    note.push_str(&ending_text(
        ending,
        &game.record,
        learner,
        Opponent::Tutor,
        lang,
    ));
    let result = match ending.score().winner() {
        None => GameResult::Draw,
        Some(c) if c == learner => GameResult::Win,
        Some(_) => GameResult::Loss,
    };
    let p = &mut cx.session.progress;
    let before = p.points;
    p.points = (p.points + ladder::exchange(p.points, level_points(game.level), result)).max(0);
    p.rated_games = p.rated_games.saturating_add(1);
    count(&mut p.games, result);
    let after = p.points;
    let first_game = p.rated_games == 1;
    let level_name = ladder::level_name(after, p.rated_games, lang);
    note.push('\n');
    note.push_str(
        &Say::GamePoints {
            delta: format!("{:+}", after - before),
            before,
            after,
            level: level_name,
        }
        .to(lang),
    );
    if first_game {
        note.push('\n');
        note.push_str(&Say::ProgressLadder.to(lang));
    }
    cx.event(Event::GameResult {
        level: game.level.number(),
        ending: ending.code().to_owned(),
        result: ending.score().pgn().to_owned(),
        points: after,
    });
    let mut view = game.view();
    if game.pos().is_checkmate() {
        let king = game.pos().board().king_of(game.pos().turn());
        if let Some(king) = king {
            view = view.with_mark(king, MarkKind::Forbidden);
        }
    }
    let n = cx.nonce();
    let level = game.level.number();
    let text = format!("{}\n\n{note}", game.caption(cx));
    let row = vec![
        Button::new(cx.t(&Say::ButtonPlayAgain), &Action::PlayLevel(level)),
        Button::new(cx.t(&Say::ButtonPgn), &Action::Pgn),
        Button::new(Say::ButtonMenu.to(lang), &Action::Menu),
    ];
    // The result, then the coach's review; what to do next goes on the last message, so
    // that it is at hand when the review has been read.
    let mut replies = vec![Reply::board(view, text).editing_task(n)];
    let points: Vec<coach::Point> = coach::review(&game.record, learner)
        .into_iter()
        .take(REVIEW_POINTS)
        .collect();
    if game.level.number() <= COACHED_LEVELS {
        // Each point was said on its board while the game went on: now only what mattered
        // most, ranked, in a few words.
        if !points.is_empty() {
            replies.push(Reply::text(review_summary(
                &points,
                &game.record,
                (cx.spell(), lang),
            )));
        }
    } else {
        for point in &points {
            replies.push(coach_reply_spelled(
                point,
                &game.record,
                learner,
                (cx.spell(), lang),
            ));
        }
    }
    if let Some(last) = replies.pop() {
        replies.push(last.with_row(row));
    }
    for reply in replies {
        cx.reply(reply);
    }
    cx.session.progress.last_game = Some(FinishedGame {
        record: game.record,
        ending: ending.clone(),
        level: game.level,
        learner: game.learner,
        date: cx.now.map(|t| t.format("%Y.%m.%d").to_string()),
        friend: false,
    });
    Mode::Idle
}

/// Who the learner played: the tutor, or a friend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Opponent {
    Tutor,
    Friend,
}

/// One more game in `counts`, with its result.
pub(super) fn count(counts: &mut super::state::GameCounts, result: GameResult) {
    counts.played = counts.played.saturating_add(1);
    let n = match result {
        GameResult::Win => &mut counts.won,
        GameResult::Draw => &mut counts.drawn,
        GameResult::Loss => &mut counts.lost,
    };
    *n = n.saturating_add(1);
}

/// An ending in words: what happened and the rule that says so, with its evidence.
pub(super) fn ending_text(
    ending: &Ending,
    record: &Record,
    learner: Color,
    opponent: Opponent,
    lang: Lang,
) -> String {
    let you = |c: Color| c == learner;
    let friend = opponent == Opponent::Friend;
    match ending {
        Ending::Checkmate { winner } if you(*winner) => Say::EndYouMate {
            why: super::mating::why_mate(record.position(), lang),
        }
        .to(lang),
        Ending::Checkmate { .. } if friend => Say::EndFriendMates {
            why: super::mating::why_mate(record.position(), lang),
        }
        .to(lang),
        Ending::Checkmate { .. } => Say::EndTutorMates {
            why: super::mating::why_mate(record.position(), lang),
        }
        .to(lang),
        Ending::Stalemate { stalemated } => Say::EndStalemate {
            side: side_name(*stalemated, lang),
        }
        .to(lang),
        Ending::DeadPosition { material } => match material {
            DeadMaterial::KingVsKing => Say::EndDeadKings,
            DeadMaterial::KingAndMinorVsKing { .. } => Say::EndDeadMinor,
            DeadMaterial::BishopsOnOneColour => Say::EndDeadBishops,
        }
        .to(lang),
        Ending::FivefoldRepetition { plies } => Say::EndFivefold {
            moves: plies_as_moves(record, plies, lang),
        }
        .to(lang),
        Ending::SeventyFiveMoves => Say::EndSeventyFive.to(lang),
        Ending::ThreefoldClaimed { plies, .. } => Say::EndThreefoldClaimed {
            moves: plies_as_moves(record, plies, lang),
        }
        .to(lang),
        Ending::FiftyMovesClaimed { .. } => Say::EndFiftyClaimed {
            moves: record.position().halfmoves() / 2,
        }
        .to(lang),
        Ending::Agreement => Say::EndAgreement.to(lang),
        Ending::Resignation { loser } if you(*loser) && friend => {
            Say::EndYouResignedFriend.to(lang)
        }
        Ending::Resignation { loser } if you(*loser) => Say::EndYouResigned.to(lang),
        Ending::Resignation { .. } if friend => Say::EndFriendResigned.to(lang),
        Ending::Resignation { .. } => Say::EndTutorResigned.to(lang),
        Ending::Abandoned { loser } if you(*loser) => Say::EndYouAbandoned {
            days: u32::try_from(super::shared::ABANDON_AFTER_DAYS).unwrap_or(3),
        }
        .to(lang),
        Ending::Abandoned { .. } => Say::EndFriendAbandoned {
            days: u32::try_from(super::shared::ABANDON_AFTER_DAYS).unwrap_or(3),
        }
        .to(lang),
    }
}

/// When a repeated position stood on the board (`at the start, after 2… Ng8 and after
/// 4… Ng8`).
fn plies_as_moves(record: &Record, plies: &[usize], lang: Lang) -> String {
    let items: Vec<String> = plies
        .iter()
        .map(|&ply| match ply.checked_sub(1) {
            None => Say::AtTheStart.to(lang),
            Some(i) => {
                let before = &record.positions()[i];
                let number = before.fullmoves().get();
                let dots = if before.turn() == Color::White {
                    "."
                } else {
                    "…"
                };
                let said = record.moves().get(i).map_or_else(String::new, |mv| {
                    format!("{number}{dots} {}", san(before, *mv))
                });
                Say::AfterMove { said }.to(lang)
            }
        })
        .collect();
    words::list(lang, &items)
}

/// The most points the review after a game shows.
const REVIEW_POINTS: usize = 3;

/// The review after a coached game: its costliest moves, ranked, one line each.
fn review_summary(
    points: &[coach::Point],
    record: &Record,
    (spell, lang): (Spell, Lang),
) -> String {
    let mut text = Say::ReviewHeading.to(lang);
    for point in points {
        let before = &record.positions()[point.ply];
        let played = record.moves()[point.ply];
        let what = match &point.kind {
            coach::PointKind::MissedMate { mate_in, .. } => {
                Say::ReviewMissedMate { mate_in: *mate_in }
            }
            coach::PointKind::AllowedMate { .. } => Say::ReviewAllowedMate,
            coach::PointKind::LeftHanging { square, .. } => Say::ReviewLost {
                piece: piece_at(&record.positions()[point.ply + 1], *square, lang),
                square: square.to_string(),
            },
            coach::PointKind::MissedCapture { capture } => Say::ReviewMissedCapture {
                piece: piece_at(before, capture.to(), lang),
            },
        }
        .to(lang);
        text.push('\n');
        text.push_str(
            &Say::ReviewLine {
                number: before.fullmoves().get(),
                played: said(before, played, spell, lang),
                what,
            }
            .to(lang),
        );
    }
    text
}

/// One point of the coach's review, on the board where it happened (moves said in SAN in
/// English, in words in Chinese).
pub(super) fn coach_reply(
    point: &coach::Point,
    record: &Record,
    learner: Color,
    lang: Lang,
) -> Reply {
    let spell = if lang == Lang::En {
        Spell::San
    } else {
        Spell::Words
    };
    coach_reply_spelled(point, record, learner, (spell, lang))
}

/// One point of the coach's review, on the board where it happened, moves said as `spell`.
fn coach_reply_spelled(
    point: &coach::Point,
    record: &Record,
    learner: Color,
    (spell, lang): (Spell, Lang),
) -> Reply {
    let san = |pos: &shakmaty::Chess, mv: shakmaty::Move| said(pos, mv, spell, lang);
    let before = &record.positions()[point.ply];
    let played = record.moves()[point.ply];
    let number = before.fullmoves().get();
    let mut view = BoardView::from_position(before).with_orientation(learner);
    if let Some((f, t)) = move_squares(&played) {
        view = view.with_arrow(f, t, ArrowKind::Move);
    }
    let played_san = san(before, played);
    let text = match &point.kind {
        coach::PointKind::MissedMate { mate_in, key } => {
            if let Some((f, t)) = move_squares(key) {
                view = view.with_arrow(f, t, ArrowKind::Good);
            }
            Say::CoachMissedMate {
                number,
                played: played_san,
                mate_in: *mate_in,
                key: san(before, *key),
            }
        }
        coach::PointKind::MissedCapture { capture } => {
            if let Some((f, t)) = move_squares(capture) {
                view = view.with_arrow(f, t, ArrowKind::Good);
            }
            Say::CoachMissedCapture {
                number,
                played: played_san,
                capture: san(before, *capture),
                piece: piece_at(before, capture.to(), lang),
            }
        }
        coach::PointKind::LeftHanging { square, taken_by } => {
            let after = &record.positions()[point.ply + 1];
            view = BoardView::from_position(after).with_orientation(learner);
            // The move the words name, tinted as the last move.
            if let Some((f, t)) = move_squares(&played) {
                view = view.with_last_move(f, t);
            }
            view = view.with_mark(*square, MarkKind::Forbidden);
            if let Some((f, t)) = move_squares(taken_by) {
                view = view.with_arrow(f, t, ArrowKind::Attack);
            }
            Say::CoachLeftHanging {
                number,
                played: played_san,
                piece: piece_at(after, *square, lang),
                square: square.to_string(),
            }
        }
        coach::PointKind::AllowedMate { mate } => {
            let after = &record.positions()[point.ply + 1];
            view = BoardView::from_position(after).with_orientation(learner);
            // The move the words name, tinted as the last move.
            if let Some((f, t)) = move_squares(&played) {
                view = view.with_last_move(f, t);
            }
            if let Some((f, t)) = move_squares(mate) {
                view = view.with_arrow(f, t, ArrowKind::Attack);
            }
            Say::CoachAllowedMate {
                number,
                played: played_san,
                mate: san(after, *mate),
            }
        }
    }
    .to(lang);
    Reply::board(view, text)
}

/// `/pgn`: the last game (or the one under way) as PGN, to paste into any chess site.
pub(super) fn send_pgn(cx: &mut Cx<'_>, mode: &Mode) {
    let lang = cx.lang();
    let under_way = match mode {
        Mode::Game(g) => Some(g),
        _ => cx.session.paused_game.as_ref(),
    };
    let (record, ending, level, learner, date, friend) = match under_way {
        Some(g) => (&g.record, None, g.level, g.learner, None, false),
        None => match &cx.session.progress.last_game {
            Some(f) => (
                &f.record,
                Some(&f.ending),
                f.level,
                f.learner,
                f.date.clone(),
                f.friend,
            ),
            None => {
                let text = cx.t(&Say::NoGameYet);
                let row = cx.menu_row();
                cx.reply(Reply::text(text).with_row(row));
                return;
            }
        },
    };
    // The way on from the file: back to the game under way, or the menu.
    let row = match mode {
        Mode::Game(_) => vec![Button::new(
            cx.t(&Say::ButtonPlayOn),
            &Action::Board(cx.nonce()),
        )],
        _ => cx.menu_row(),
    };
    let tutor = if friend {
        Say::PgnFriend.to(lang)
    } else {
        format!("chess-tutor (level {level})")
    };
    let you = Say::PgnLearner.to(lang);
    let (white, black) = match learner.color() {
        Color::White => (you, tutor),
        Color::Black => (tutor, you),
    };
    let text = pgn::pgn(
        record,
        ending,
        &pgn::Tags {
            date,
            white,
            black,
            lang,
        },
    );
    let intro = cx.t(&Say::PgnIntro);
    // Also as a file: lichess, chess.com and any chess program import a `.pgn`.
    cx.reply(
        Reply::text(format!("{intro}\n\n{text}"))
            .with_document(pgn::FILE_NAME, text)
            .with_row(row),
    );
}
