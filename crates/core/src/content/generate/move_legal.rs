//! "The knight on g1 may move to f3 now." (true/false): a legal move, or one a beginner might try that the
//! referee refuses (for the king's safety most often), with the referee's reason.

use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Position, Rank, Role, Square, attacks};

use super::draft::{Draft, unit_of};
use super::generator::Generator;
use super::wording::{Castle, Line, Side, both};
use crate::content::quiz::Claim;
use crate::rules::{self, Verdict, text};

impl Generator {
    pub(super) fn move_legal(&mut self) -> Draft {
        let want_legal = self.rng.chance(1, 2);
        let mut pos = self.random_game(2, 60);
        let mut candidate = None;
        for _ in 0..20 {
            candidate = if want_legal {
                let moves = pos.legal_moves();
                self.rng.pick(&moves).map(|m| Candidate::from_move(*m))
            } else {
                let illegal = plausible_illegal(&pos);
                // Moves refused for the king's safety teach most: prefer them.
                let safety: Vec<Candidate> =
                    illegal.iter().filter(|c| c.pseudo_legal).cloned().collect();
                if !safety.is_empty() && self.rng.chance(1, 2) {
                    self.rng.pick(&safety).cloned()
                } else {
                    self.rng.pick(&illegal).cloned()
                }
            };
            if candidate.is_some() {
                break;
            }
            pos = self.random_game(2, 60);
        }
        let c = candidate.unwrap_or_else(|| Candidate::from_move(pos.legal_moves()[0]));
        let uci = c.uci();
        let verdict = rules::explain(&pos, &uci);
        let side = Side(pos.turn());
        let unit = match &verdict {
            Verdict::Illegal(r) if !c.castling && is_safety(r.code()) => 12,
            _ => unit_of(c.role, c.castling, c.promotion.is_some()),
        };
        let why = match &verdict {
            Verdict::Legal(info) => both(|lang| text::legal_text(&pos, info, lang)),
            Verdict::Illegal(reason) => both(|lang| text::reason_text(reason, pos.board(), lang)),
            other => Line::MoveReadAs {
                code: other.code().to_string(),
            }
            .text(),
        };
        // In words, never in notation: a unit-1 learner may be asked (review 2026-12-06 M3).
        let statement = if c.castling {
            let castle = if c.to.file() > c.from.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            Line::MoveLegalCastle {
                side,
                castle: Castle(castle),
            }
        } else if let Some(promotion) = c.promotion {
            Line::MoveLegalPromote {
                side,
                from: c.from,
                to: c.to,
                promotion,
            }
        } else {
            Line::MoveLegal {
                side,
                role: c.role,
                from: c.from,
                to: c.to,
            }
        };
        Draft::true_false(
            "legal",
            unit,
            pos,
            Claim::LegalMove { mv: uci },
            statement.text(),
            why,
        )
    }
}

/// A move to ask about, legal or not.
#[derive(Debug, Clone)]
struct Candidate {
    role: Role,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    castling: bool,
    /// Pseudo-legal (the piece may move so), refused only for the king's safety.
    pseudo_legal: bool,
}

impl Candidate {
    fn from_move(m: Move) -> Self {
        let castling = m.is_castle();
        let to = match m.castling_side() {
            Some(side) => Square::from_coords(side.king_to_file(), m.to().rank()),
            None => m.to(),
        };
        Self {
            role: m.role(),
            from: m.from().unwrap_or(Square::E1),
            to,
            promotion: m.promotion(),
            castling,
            pseudo_legal: true,
        }
    }

    fn uci(&self) -> String {
        let promo = self
            .promotion
            .map(|r| r.char().to_string())
            .unwrap_or_default();
        format!("{}{}{promo}", self.from, self.to)
    }
}

/// Moves a beginner might try that are not legal: the piece's own pattern on an empty board
/// (so blocked paths, own pieces and pins show up), pawn pushes and diagonals, and the king's
/// two-square step when the king is at home.
fn plausible_illegal(pos: &Chess) -> Vec<Candidate> {
    let legal = pos.legal_moves();
    let board = pos.board();
    let us = pos.turn();
    let mut out = Vec::new();
    for from in pos.us() {
        let Some(role) = board.role_at(from) else {
            continue;
        };
        let targets: Bitboard = match role {
            Role::Pawn => {
                let mut t = attacks::pawn_attacks(us, from);
                let dir: i32 = if us == Color::White { 8 } else { -8 };
                if let Some(one) = from.offset(dir) {
                    t.add(one);
                    if let Some(two) = one.offset(dir) {
                        t.add(two);
                    }
                }
                t
            }
            Role::King => {
                let mut t = attacks::king_attacks(from);
                for d in [-2, 2] {
                    if let Some(sq) = from.offset(d)
                        && sq.rank() == from.rank()
                    {
                        t.add(sq);
                    }
                }
                t
            }
            other => attacks::attacks(from, other.of(us), Bitboard::EMPTY),
        };
        for to in targets {
            let promotion = (role == Role::Pawn
                && to.rank() == us.fold_wb(Rank::Eighth, Rank::First))
            .then_some(Role::Queen);
            let is_legal = legal.iter().any(|m| {
                m.from() == Some(from)
                    && (m.to() == to
                        || m.castling_side().is_some_and(|s| {
                            Square::from_coords(s.king_to_file(), from.rank()) == to
                        }))
                    && m.promotion() == promotion
            });
            if is_legal {
                continue;
            }
            let candidate = Candidate {
                role,
                from,
                to,
                promotion,
                // Two squares sideways from the king's home square reads as castling.
                castling: role == Role::King
                    && from.distance(to) == 2
                    && from == Square::from_coords(shakmaty::File::E, us.backrank()),
                pseudo_legal: false,
            };
            // Only moves the referee reads as one clear illegal move.
            match rules::explain(pos, &candidate.uci()) {
                Verdict::Illegal(reason) => out.push(Candidate {
                    pseudo_legal: is_safety(reason.code()),
                    ..candidate
                }),
                Verdict::Legal(_) | Verdict::Ambiguous { .. } | Verdict::Unreadable => {}
            }
        }
    }
    out
}

fn is_safety(code: &str) -> bool {
    matches!(
        code,
        "king_into_check" | "pinned" | "still_in_check" | "double_check_king_must_move"
    ) || code.starts_with("castling_")
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_candidates_are_illegal() {
        let pos = rules::parse_fen("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1").unwrap();
        let c = plausible_illegal(&pos);
        assert!(
            c.iter().any(|c| c.from == Square::E4 && c.pseudo_legal),
            "pinned knight"
        );
        for cand in &c {
            assert!(matches!(
                rules::explain(&pos, &cand.uci()),
                Verdict::Illegal(_)
            ));
        }
    }
}
