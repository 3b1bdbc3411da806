//! A picture said in words, for a learner who listens rather than looks: the board
//! ([`crate::rules::speech::board`]), then what the picture marks on it, read from the picture
//! itself ([`BoardView`]): the last move, a king in check, each arrow and each mark in the
//! meaning the drawing language gives it ([`crate::render::marks`]). A refusal's squares and
//! lines are the ones [`super::reason`] decided for the picture, so the words and the picture
//! cannot tell two stories.
//!
//! ```
//! use chess_tutor_core::draw;
//! use chess_tutor_core::render::BoardView;
//! use chess_tutor_core::rules::{IllegalReason, Lang};
//! use shakmaty::{Role, Square};
//!
//! // Nc3 may not leave the line between the bishop on b4 and its king on e1.
//! let why = IllegalReason::Pinned {
//!     piece: Role::Knight, from: Square::C3, to: Square::D5,
//!     pinner: Square::B4, king: Square::E1,
//! };
//! let view = BoardView::from_fen("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1")
//!     .unwrap()
//!     .with_overlay(draw::reason(&why));
//! let said = draw::speech::view(&view, Lang::En);
//! assert!(said.contains("the black bishop on b4 pins the white knight on c3 to the white king on e1"), "{said}");
//! ```

use shakmaty::{Board, Square, attacks};

use crate::i18n::Lang;
use crate::render::{Arrow, ArrowKind, BoardView, MarkKind};
use crate::rules::speech::{self, Key};

crate::messages! {
    /// What the words say of a picture's marks: each variant one message of `speech.ftl`.
    pub(crate) enum Marked {
        LastMove { played: String } = "speech-last-move",
        InCheck { color: Key, square: Square } = "speech-in-check",
        ArrowMove { played: String } = "speech-arrow-move",
        ArrowReply { played: String } = "speech-arrow-reply",
        ArrowGood { played: String } = "speech-arrow-good",
        MovesFrom { piece: String, from: Square, targets: String } = "speech-moves-from",
        Attacks { attacker: String, target: String } = "speech-attacks",
        Pins { attacker: String, pinned: String, king: String } = "speech-pins",
        AimsThrough { attacker: String, target: String, between: String } = "speech-aims-through",
        CannotGoOn { from: Square, to: Square } = "speech-cannot-go-on",
        Highlighted { squares: String } = "speech-marked",
        GoodSquares { squares: String } = "speech-good-squares",
        Attackers { squares: String } = "speech-attackers",
        InTheWay { squares: String } = "speech-in-the-way",
        CrossedOut { squares: String } = "speech-crossed-out",
        CanGo { squares: String } = "speech-can-go",
    }
}

/// The picture in words: the board (whose move, each side's pieces), then, a line each, what
/// it marks: the last move, check, the arrows (the learner's move, the reply, a suggested
/// move, lines of attack and pins, the part of a move that cannot be made), the marked squares
/// by meaning, and the squares a picked piece can go to.
#[must_use]
pub fn view(view: &BoardView, lang: Lang) -> String {
    let mut lines = vec![speech::board(&view.board, view.to_move, lang)];
    lines.extend(marks(view, lang));
    lines.join("\n")
}

/// What the picture marks on the board, a sentence each, in a fixed order.
#[must_use]
pub fn marks(view: &BoardView, lang: Lang) -> Vec<String> {
    let board = &view.board;
    let mut out: Vec<String> = last_move(view, lang).into_iter().collect();
    if let Some(king) = view.check
        && let Some(p) = board.piece_at(king)
    {
        out.push(
            Marked::InCheck {
                color: Key::color(p.color),
                square: king,
            }
            .to(lang),
        );
    }
    for kind in [
        ArrowKind::Move,
        ArrowKind::Reply,
        ArrowKind::Good,
        ArrowKind::Attack,
        ArrowKind::Forbidden,
    ] {
        let arrows: Vec<&Arrow> = view.arrows.iter().filter(|a| a.kind == kind).collect();
        if matches!(kind, ArrowKind::Good) {
            // A piece's lines shown as a fan of arrows: one sentence, from its square.
            let mut froms: Vec<Square> = arrows.iter().map(|a| a.from).collect();
            froms.dedup();
            let mut seen = Vec::new();
            for from in froms {
                if seen.contains(&from) {
                    continue;
                }
                seen.push(from);
                let targets: Vec<Square> = arrows
                    .iter()
                    .filter(|a| a.from == from)
                    .map(|a| a.to)
                    .collect();
                out.push(
                    Marked::ArrowGood {
                        played: moves_from(board, from, &targets, lang),
                    }
                    .to(lang),
                );
            }
        } else {
            for a in arrows {
                out.push(arrow(board, a, lang));
            }
        }
    }
    let attack_starts: Vec<Square> = view
        .arrows
        .iter()
        .filter(|a| a.kind == ArrowKind::Attack)
        .map(|a| a.from)
        .collect();
    for kind in [
        MarkKind::Highlight,
        MarkKind::Good,
        MarkKind::Attacker,
        MarkKind::Blocker,
        MarkKind::Forbidden,
    ] {
        let mut on: Vec<Square> = Vec::new();
        for m in view.marks.iter().filter(|m| m.kind == kind) {
            // An attacker whose line is drawn was named with its line.
            let said = kind == MarkKind::Attacker && attack_starts.contains(&m.square);
            if !said && !on.contains(&m.square) {
                on.push(m.square);
            }
        }
        if on.is_empty() {
            continue;
        }
        let squares = on_squares(board, &on, lang);
        out.push(
            match kind {
                MarkKind::Highlight => Marked::Highlighted { squares },
                MarkKind::Good => Marked::GoodSquares { squares },
                MarkKind::Attacker => Marked::Attackers { squares },
                MarkKind::Blocker => Marked::InTheWay { squares },
                MarkKind::Forbidden => Marked::CrossedOut { squares },
            }
            .to(lang),
        );
    }
    if !view.dots.is_empty() {
        out.push(
            Marked::CanGo {
                squares: speech::squares(view.dots.iter().copied(), lang),
            }
            .to(lang),
        );
    }
    out
}

/// The last move the picture tints, in words (`Last move: black pawn d7 to d5.`).
#[must_use]
pub fn last_move(view: &BoardView, lang: Lang) -> Option<String> {
    let (from, to) = view.last_move?;
    Some(
        Marked::LastMove {
            played: a_move(&view.board, from, to, lang),
        }
        .to(lang),
    )
}

/// Squares as the board lists them, a piece on one named with it (`black pawn d5, d6`).
fn on_squares(board: &Board, squares: &[Square], lang: Lang) -> String {
    speech::listed(
        squares.iter().map(|&sq| match board.piece_at(sq) {
            Some(p) => format!("{}{}{sq}", speech::piece(p.color, p.role, lang), gap(lang)),
            None => sq.to_string(),
        }),
        lang,
    )
}

/// The space between a piece's name and its square: none in Chinese (`黑兵d5`).
fn gap(lang: Lang) -> &'static str {
    match lang {
        Lang::En => " ",
        Lang::Zh | Lang::ZhHant => "",
    }
}

/// A move drawn between two squares, named by the piece that stands on one of them (on the
/// first before it is made, on the second after).
fn a_move(board: &Board, from: Square, to: Square, lang: Lang) -> String {
    let piece = board
        .piece_at(from)
        .or_else(|| board.piece_at(to))
        .map_or_else(String::new, |p| speech::piece(p.color, p.role, lang));
    speech::Said::Played {
        piece,
        from,
        to,
        capture: Key("no"),
    }
    .to(lang)
    .trim_start()
    .to_owned()
}

/// Moves drawn from one square to several (`white queen d4 to d8, h4 and a1`).
fn moves_from(board: &Board, from: Square, targets: &[Square], lang: Lang) -> String {
    match targets {
        [to] => a_move(board, from, *to, lang),
        _ => {
            let piece = board
                .piece_at(from)
                .map_or_else(String::new, |p| speech::piece(p.color, p.role, lang));
            Marked::MovesFrom {
                piece,
                from,
                targets: speech::and_list(targets.iter().map(ToString::to_string).collect(), lang),
            }
            .to(lang)
            .trim_start()
            .to_owned()
        }
    }
}

/// A piece with its colour and square, or the square alone when it is empty.
fn named(board: &Board, sq: Square, lang: Lang) -> String {
    board.piece_at(sq).map_or_else(
        || sq.to_string(),
        |p| speech::piece_on(p.color, p.role, sq, lang),
    )
}

fn arrow(board: &Board, a: &Arrow, lang: Lang) -> String {
    let played = || a_move(board, a.from, a.to, lang);
    match a.kind {
        ArrowKind::Move => Marked::ArrowMove { played: played() },
        ArrowKind::Reply => Marked::ArrowReply { played: played() },
        ArrowKind::Good => Marked::ArrowGood { played: played() },
        ArrowKind::Forbidden => Marked::CannotGoOn {
            from: a.from,
            to: a.to,
        },
        ArrowKind::Attack => attack(board, a.from, a.to, lang),
    }
    .to(lang)
}

/// A line of attack: straight at its target, or through the pieces the arrow passes under. A
/// line through exactly one piece of the side of the king it ends on is a pin.
fn attack(board: &Board, from: Square, to: Square, lang: Lang) -> Marked {
    let between: Vec<Square> = (attacks::between(from, to) & board.occupied())
        .into_iter()
        .collect();
    let attacker = named(board, from, lang);
    let target = named(board, to, lang);
    let king = board
        .piece_at(to)
        .filter(|p| p.role == shakmaty::Role::King);
    match (between.as_slice(), king) {
        ([], _) => Marked::Attacks { attacker, target },
        ([pinned], Some(king)) if board.color_at(*pinned) == Some(king.color) => Marked::Pins {
            attacker,
            pinned: named(board, *pinned, lang),
            king: target,
        },
        (through, _) => Marked::AimsThrough {
            attacker,
            target,
            between: speech::and_list(
                through.iter().map(|&sq| named(board, sq, lang)).collect(),
                lang,
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::LANGS;
    use crate::render::Overlay;
    use crate::rules::IllegalReason;
    use shakmaty::{Color, Role};

    #[test]
    fn every_mark_message_is_worded_in_every_language() {
        for lang in LANGS {
            for said in Marked::samples() {
                if let Err(e) = said.try_to(lang) {
                    panic!("{e}");
                }
            }
        }
    }

    /// Whatever a refusal's picture marks, its words name: every square of every mark and of
    /// both ends of every arrow, in every language.
    #[test]
    fn every_square_a_refusal_draws_is_said() {
        for reason in super::super::tests::every_reason() {
            let view = BoardView::new(Board::empty()).with_overlay(super::super::reason(&reason));
            let drawn: Vec<Square> = view
                .marks
                .iter()
                .map(|m| m.square)
                .chain(view.arrows.iter().flat_map(|a| [a.from, a.to]))
                .collect();
            for lang in LANGS {
                let said = marks(&view, lang).join("\n");
                for sq in &drawn {
                    assert!(
                        said.contains(&sq.to_string()),
                        "{} ({}): {sq} is drawn but not said in {said:?}",
                        reason.code(),
                        lang.tag()
                    );
                }
            }
        }
    }

    fn pinned_view() -> BoardView {
        let why = IllegalReason::Pinned {
            piece: Role::Knight,
            from: Square::C3,
            to: Square::D5,
            pinner: Square::B4,
            king: Square::E1,
        };
        BoardView::from_fen("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1")
            .unwrap()
            .with_overlay(super::super::reason(&why))
    }

    #[test]
    fn a_pin_is_said_as_a_pin_in_every_language() {
        let view = pinned_view();
        assert_eq!(
            marks(&view, Lang::En),
            [
                "Your move: white knight c3 to d5.",
                "Pin: the black bishop on b4 pins the white knight on c3 to the white king on e1."
            ]
        );
        assert_eq!(
            marks(&view, Lang::Zh),
            [
                "你的走法：白马从c3走到d5。",
                "b4的黑象牵制着c3的白马，它挡在e1的白王前面。"
            ]
        );
        assert_eq!(
            marks(&view, Lang::ZhHant)[1],
            "b4的黑象牽制著c3的白馬，它擋在e1的白王前面。"
        );
    }

    #[test]
    fn the_last_move_check_marks_and_dots() {
        let view = BoardView::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
            .unwrap()
            .with_last_move(Square::D7, Square::D5)
            .with_mark(Square::D5, MarkKind::Highlight)
            .with_mark(Square::D6, MarkKind::Highlight)
            .with_dots([Square::D6, Square::E6]);
        assert_eq!(
            view_words(&view),
            "White to move.\nWhite: king e1, pawn e5.\nBlack: king e8, pawn d5.\n\
             Last move: black pawn d7 to d5.\nMarked: black pawn d5, d6.\nIt can go to: d6 e6."
        );
        let check = BoardView::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
        assert_eq!(
            marks(&check, Lang::En),
            ["The black king on e8 is in check."]
        );
        assert_eq!(marks(&check, Lang::Zh), ["e8的黑王正被将军。"]);
    }

    fn view_words(v: &BoardView) -> String {
        view(v, Lang::En)
    }

    #[test]
    fn a_line_through_several_pieces_is_no_pin() {
        // En passant would open the rank: the rook on h5 aims at the king through both pawns.
        let mut o = Overlay::default();
        o.arrow(Square::H5, Square::A5, ArrowKind::Attack);
        o.mark(Square::H5, MarkKind::Attacker);
        let view = BoardView::from_fen("4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2")
            .unwrap()
            .with_overlay(o);
        assert_eq!(
            marks(&view, Lang::En),
            [
                "Line of attack: the black rook on h5 aims at the white king on a5 through the white \
              pawn on b5 and the black pawn on c5."
            ]
        );
        assert_eq!(view.to_move, Some(Color::White));
    }
}
