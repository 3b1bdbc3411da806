//! Moves in words, with no notation: `knight g1 to f3`, `pawn e5 takes d6 en passant`,
//! `castles short`, `马从g1走到f3`.

use shakmaty::{Chess, Move, Position};

use super::{Key, Said};
use crate::i18n::Lang;

/// The most half-moves [`moves`] says: the last ones of a longer game.
pub const MOVES_SAID: usize = 120;

/// One legal move of `pos` in words, the piece named by `piece` (its kind alone, or with its
/// colour), then what the move does: a capture, en passant, a promotion, check or mate.
///
/// ```
/// use chess_tutor_core::rules::{Lang, speech};
/// use shakmaty::{Chess, Move, Role, Square};
/// let pos = Chess::default();
/// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!(speech::played(&pos, m, None, Lang::En), "knight g1 to f3");
/// assert_eq!(speech::played(&pos, m, None, Lang::Zh), "马从g1走到f3");
/// ```
#[must_use]
pub fn played(pos: &Chess, mv: Move, piece: Option<String>, lang: Lang) -> String {
    let piece = piece.unwrap_or_else(|| {
        super::Said::Pieces {
            role: Key::role(mv.role()),
            count: 1,
        }
        .to(lang)
    });
    let mut said = match mv {
        Move::Castle { king, rook } => Said::PlayedCastle {
            castle: Key(if rook.file() > king.file() {
                "short"
            } else {
                "long"
            }),
        }
        .to(lang),
        _ => Said::Played {
            piece,
            from: mv.from().unwrap_or(mv.to()),
            to: mv.to(),
            capture: Key(if mv.is_capture() { "yes" } else { "no" }),
        }
        .to(lang),
    };
    if mv.is_en_passant() {
        said = Said::PlayedEnPassant { played: said }.to(lang);
    }
    if let Some(role) = mv.promotion() {
        said = Said::PlayedPromotion {
            played: said,
            piece: role,
        }
        .to(lang);
    }
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if after.is_checkmate() {
        said = Said::PlayedMate { played: said }.to(lang);
    } else if after.is_check() {
        said = Said::PlayedCheck { played: said }.to(lang);
    }
    said
}

/// The moves played from `start`, one line per move number (`Move 1: White: pawn e2 to e4.
/// Black: pawn e7 to e5.`); only the last [`MOVES_SAID`] half-moves of a longer game, after a
/// line saying how many are left out. Moves that are not legal where they stand end the list
/// (a record is replayed through the referee when it is read, so this does not happen).
#[must_use]
pub fn moves(start: &Chess, moves: &[Move], lang: Lang) -> String {
    if moves.is_empty() {
        return Said::NoMoves.to(lang);
    }
    let skipped = moves.len().saturating_sub(MOVES_SAID);
    let mut lines = Vec::new();
    if skipped > 0 {
        lines.push(Said::MovesLeftOut { count: skipped }.to(lang));
    }
    let mut pos = start.clone();
    let mut line = String::new();
    for (i, &mv) in moves.iter().enumerate() {
        if !pos.is_legal(mv) {
            break;
        }
        if i >= skipped {
            let turn = pos.turn();
            if turn.is_white() || i == skipped {
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                line = Said::MoveNumber {
                    number: pos.fullmoves().get(),
                }
                .to(lang);
            }
            let said = Said::Ply {
                side: turn,
                played: played(&pos, mv, None, lang),
            }
            .to(lang);
            if lang == Lang::En {
                line.push(' ');
            }
            line.push_str(&said);
        }
        pos.play_unchecked(mv);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn line(sans: &[&str]) -> (Chess, Vec<Move>) {
        let start = Chess::default();
        let mut pos = start.clone();
        let mut out = Vec::new();
        for s in sans {
            let m = s.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            out.push(m);
        }
        (start, out)
    }

    #[test]
    fn a_short_game_in_words() {
        let (start, ms) = line(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
        assert_eq!(
            moves(&start, &ms, Lang::En),
            "Move 1: White: pawn e2 to e4. Black: pawn e7 to e5.\n\
             Move 2: White: queen d1 to h5. Black: knight b8 to c6.\n\
             Move 3: White: bishop f1 to c4. Black: knight g8 to f6.\n\
             Move 4: White: queen h5 takes f7, checkmate."
        );
        assert!(
            moves(&start, &ms, Lang::Zh).ends_with("第4回合：白方：后从h5吃f7，将死。"),
            "{}",
            moves(&start, &ms, Lang::Zh)
        );
        assert_eq!(
            moves(&start, &[], Lang::En),
            "No moves have been played on this board yet."
        );
    }

    #[test]
    fn castling_en_passant_and_promotion() {
        let (start, ms) = line(&[
            "e4", "a6", "e5", "d5", "exd6", "Bg4", "Nf3", "Nc6", "Be2", "Qd7", "O-O",
        ]);
        let said = moves(&start, &ms, Lang::En);
        assert!(
            said.contains("White: pawn e5 takes d6 en passant."),
            "{said}"
        );
        assert!(said.contains("White: castles short."), "{said}");
        let pos: Chess = "8/P6k/8/8/8/8/8/K7 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let m = "a8=Q".parse::<San>().unwrap().to_move(&pos).unwrap();
        assert_eq!(
            played(&pos, m, None, Lang::En),
            "pawn a7 to a8, promoted to a queen"
        );
        assert_eq!(played(&pos, m, None, Lang::Zh), "兵从a7走到a8，升变为后");
    }

    #[test]
    fn a_long_game_says_its_last_moves_only() {
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let sans: Vec<&str> = shuffle
            .iter()
            .cycle()
            .take(MOVES_SAID + 4)
            .copied()
            .collect();
        let (start, ms) = line(&sans);
        let said = moves(&start, &ms, Lang::En);
        assert!(
            said.starts_with("(The first 4 half-moves are left out.)\nMove 3: White:"),
            "{said}"
        );
        assert!(said.lines().count() <= MOVES_SAID / 2 + 2);
    }
}
