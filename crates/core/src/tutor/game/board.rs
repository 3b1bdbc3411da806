//! The game on the board: the learner's view of it, its caption and buttons, and the words
//! every part of a game uses ("your move", the last moves, a claim the player may make).

use crate::draw::move_squares;
use crate::game::engine::Level;
use crate::game::record::{Claim, Record};
use crate::render::BoardView;
use crate::tutor::spelling::Spell;
use crate::tutor::words::{List, Said, SideName};

use crate::rules::Lang;
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::reply::{Button, Reply};
use crate::tutor::state::{GameState, Mode};
use crate::tutor::tap;
use crate::tutor::words::Say;
use shakmaty::{Color, Position};

/// The levels at which the coach speaks up after each move (and one move may be taken back).
pub(super) const COACHED_LEVELS: u8 = 2;

/// Moves of the game shown in the caption.
const MOVES_SHOWN: usize = 6;

/// The ladder points the tutor counts as at each level (the learner's opponent on the
/// ladder): level 1 at a beginner's 0, level 8 near a club player's 1200.
const LEVEL_POINTS: [i32; 8] = [0, 150, 300, 450, 600, 800, 1000, 1200];

pub(super) fn level_points(level: Level) -> i32 {
    LEVEL_POINTS[usize::from(level.number() - 1)]
}

pub(in crate::tutor) fn side_name(color: Color, lang: Lang) -> String {
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
    pub(super) fn pos(&self) -> &shakmaty::Chess {
        self.record.position()
    }

    pub(super) fn learner(&self) -> Color {
        self.learner.color()
    }

    /// The board from the learner's side, the last move tinted.
    pub(super) fn view(&self) -> BoardView {
        let mut view = BoardView::from_position(self.pos()).with_orientation(self.learner());
        if let Some((from, to)) = self.record.moves().last().and_then(move_squares) {
            view = view.with_last_move(from, to);
        }
        view
    }

    /// The game's words: who plays what at which level, and the last moves.
    pub(super) fn caption(&self, cx: &Cx<'_>) -> String {
        let lang = cx.lang();
        let mut text = Say::GameCaption {
            level: u32::from(self.level.number()),
            side: SideName(self.learner()),
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
    pub(super) fn your_move(&self, cx: &Cx<'_>) -> String {
        your_move(&self.record, cx.lang(), !cx.session.text_mode)
    }

    /// The buttons under the board while the game goes on.
    pub(super) fn buttons(&self, cx: &Cx<'_>) -> Vec<Vec<Button>> {
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

    pub(super) fn can_take_back(&self) -> bool {
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
    pub(super) fn message(&self, cx: &Cx<'_>, view: BoardView, note: &str) -> Reply {
        let mut reply = Reply::board(view, format!("{}\n\n{note}", self.caption(cx)));
        for row in self.buttons(cx) {
            reply = reply.with_row(row);
        }
        reply
    }

    /// Shows the game again as a new message (`/board`, `/play` during a game).
    pub(super) fn show(&self, cx: &mut Cx<'_>, note: &str, view: Option<BoardView>) {
        let view = view.unwrap_or_else(|| self.view());
        let reply = self.message(cx, view, note);
        cx.show_task(reply);
    }
}

/// "Your move", after what the player to move must know first: a check, a claim they may
/// make (a game against the tutor and one against a friend alike). `tap`: the tap board is
/// offered beside it (not in text mode, which has none).
pub(in crate::tutor) fn your_move(record: &Record, lang: Lang, tap: bool) -> String {
    let mut note = String::new();
    if record.position().is_check() {
        note.push_str(&Say::GameYouAreInCheck.to(lang));
        note.push('\n');
    }
    if let Some(claim) = record.claim() {
        note.push_str(&claim_available(&claim, record.position(), lang));
        note.push('\n');
    }
    let examples = move_examples(record.position(), lang);
    let line = if tap {
        Say::GameYourMove { examples }
    } else {
        Say::GameYourMoveTyped { examples }
    };
    note.push_str(&line.to(lang));
    note
}

/// Two or three moves of the side to move as the learner would type them (`e5、马f6、O-O`):
/// examples for the player whose turn it is, Black's for Black.
pub(super) fn move_examples(pos: &shakmaty::Chess, lang: Lang) -> List<Said> {
    let moves = pos.legal_moves();
    let quiet = |m: &&shakmaty::Move| !m.is_capture() && !m.is_promotion();
    // Towards the centre first (`e4`, `d5`, `Nc3`), then by how it is written: the same
    // examples every time.
    let central = |m: &&shakmaty::Move| {
        let file = i32::from(u8::from(m.to().file()));
        let rank = i32::from(u8::from(m.to().rank()));
        (
            (2 * file - 7).abs() + (2 * rank - 7).abs(),
            crate::tutor::spelling::in_words(pos, **m, lang),
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
    List(
        chosen
            .into_iter()
            .map(|m| Said::new(pos, *m, Spell::Words))
            .collect(),
    )
}

/// The last `count` moves of the game in SAN with their numbers (`12. Nf3 Nc6 13. Bb5`).
pub(in crate::tutor) fn moves_text(record: &Record, count: usize) -> String {
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

pub(super) fn piece_at(pos: &shakmaty::Chess, square: shakmaty::Square) -> Option<shakmaty::Role> {
    pos.board().role_at(square)
}

/// What the learner may claim now, said under the board.
fn claim_available(claim: &Claim, pos: &shakmaty::Chess, lang: Lang) -> String {
    match claim {
        Claim::Threefold {
            with_move: None, ..
        } => Say::ClaimThreefoldNow.to(lang),
        Claim::Threefold {
            with_move: Some(mv),
            ..
        } => Say::ClaimThreefoldWith {
            san: Said::san(pos, *mv),
        }
        .to(lang),
        Claim::FiftyMoves { with_move: None } => Say::ClaimFiftyNow.to(lang),
        Claim::FiftyMoves {
            with_move: Some(mv),
        } => Say::ClaimFiftyWith {
            san: Said::san(pos, *mv),
        }
        .to(lang),
    }
}
