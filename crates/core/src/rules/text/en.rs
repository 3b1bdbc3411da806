//! The English catalogue: plain words for a beginner.

use shakmaty::{Board, CastlingSide, Chess, Color, Position, Role, Square};

use super::join;
use crate::rules::effects::{Effect, MoveInfo};
use crate::rules::reason::{Castling, IllegalReason, RightLost};

/// The English name of a piece.
#[must_use]
pub fn piece(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// "the rook on e8", or "the piece on e8" for an empty square.
fn what_on(board: &Board, sq: Square) -> String {
    match board.role_at(sq) {
        Some(role) => format!("the {} on {sq}", piece(role)),
        None => format!("the square {sq}"),
    }
}

fn all_on(board: &Board, squares: &[Square]) -> String {
    let parts: Vec<String> = squares.iter().map(|sq| what_on(board, *sq)).collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn castle_name(c: Castling) -> &'static str {
    match c.side {
        CastlingSide::KingSide => "castle short (O-O)",
        CastlingSide::QueenSide => "castle long (O-O-O)",
    }
}

fn lost_by(lost: Option<&RightLost>) -> String {
    match lost {
        Some(RightLost::ByMove { san, .. }) => {
            format!(" That right was lost for good with {san}, earlier in this game.")
        }
        _ => String::new(),
    }
}

/// The sentence for a refused move.
#[must_use]
#[allow(clippy::too_many_lines)]
pub fn reason(reason: &IllegalReason, board: &Board) -> String {
    use IllegalReason as R;
    match reason {
        R::NoPiece {
            from: Some(from), ..
        } => format!(
            "There is no piece on {from}. Start your move from a square where one of your pieces stands."
        ),
        R::NoPiece {
            from: None,
            piece: p,
            to,
        } => match p {
            Some(p) => format!("You have no {} that could go to {to}.", piece(*p)),
            None => format!("You have no piece that could go to {to}."),
        },
        R::NotYourPiece {
            from,
            piece: p,
            owner,
        } => format!(
            "The {} on {from} belongs to {}, and it is {}'s turn: you may only move your own pieces.",
            piece(*p),
            side_name(*owner),
            side_name(!*owner)
        ),
        R::OwnPieceOnTarget {
            piece: p,
            to,
            occupant,
            ..
        } => format!(
            "Your {} cannot go to {to}: your own {} stands there, and you may never capture your own pieces.",
            piece(*p),
            piece(*occupant)
        ),
        R::WrongMovement { piece: p, from, to } => wrong_movement(*p, *from, *to, board),
        R::PathBlocked {
            piece: Role::Pawn,
            blocker,
            ..
        } => format!(
            "Your pawn cannot jump over {}: for a two-square step both squares in front of it must be empty.",
            what_on(board, *blocker)
        ),
        R::PathBlocked {
            piece: p,
            from,
            to,
            blocker,
        } => format!(
            "Your {} cannot get from {from} to {to}: {} is in the way, and a {} cannot jump over pieces (only the knight jumps).",
            piece(*p),
            what_on(board, *blocker),
            piece(*p)
        ),
        R::PawnForwardCapture { from, to } => format!(
            "The pawn on {from} cannot move forward: {} stands on {to}. A pawn never captures straight ahead — it captures one square diagonally forward.",
            match board.role_at(*to) {
                Some(r) => format!("a {}", piece(r)),
                None => "a piece".into(),
            }
        ),
        R::PawnDiagonalNoCapture { from, to } => {
            format!("The pawn on {from} may move diagonally only to capture, and {to} is empty.")
        }
        R::PawnDoubleStepNotFromStart { from, .. } => format!(
            "A pawn may step two squares only on its first move, from its starting rank. The pawn on {from} has already moved, so it goes one square at a time."
        ),
        R::EnPassantExpired { from, pawn, .. } => format!(
            "The pawn on {from} cannot capture the pawn on {pawn} en passant: that is allowed only on the very next move after the enemy pawn has made a two-square step to stand beside yours, and that moment is gone."
        ),
        R::PromotionPieceMissing { to, .. } => format!(
            "Your pawn reaches the last rank on {to}, so it must be promoted in the same move: say what it becomes — a queen, rook, bishop or knight, for example {to}=Q."
        ),
        R::PromotionInvalidPiece { chosen, .. } => format!(
            "A pawn can be promoted only to a queen, rook, bishop or knight of its own colour — never to a {}.",
            piece(*chosen)
        ),
        R::PromotionNotAllowed { piece: p, to, .. } => {
            if *p == Role::Pawn {
                format!(
                    "Only a pawn that reaches the last rank is promoted, and {to} is not on the last rank: leave out the promotion piece."
                )
            } else {
                format!(
                    "Only pawns are promoted, and only on the last rank: your {} cannot become another piece.",
                    piece(*p)
                )
            }
        }
        R::KingIntoCheck {
            from,
            to,
            attackers,
        } if board
            .color_at(*to)
            .is_some_and(|c| Some(c) != board.color_at(*from)) =>
        {
            format!(
                "Your king cannot take {}: {} protects it, so your king would be in check there.",
                what_on(board, *to),
                all_on(board, attackers)
            )
        }
        R::KingIntoCheck { to, attackers, .. } => {
            let by_king = attackers
                .iter()
                .any(|sq| board.role_at(*sq) == Some(Role::King));
            format!(
                "Your king cannot go to {to}: {} attacks that square, and a king may never move into check.{}",
                all_on(board, attackers),
                if by_king {
                    " Two kings may never stand next to each other."
                } else {
                    ""
                }
            )
        }
        R::Pinned {
            piece: p,
            from,
            pinner,
            king,
            ..
        } => format!(
            "Your {} on {from} is pinned by {}: moving it would put your king on {king} in check.",
            piece(*p),
            what_on(board, *pinner)
        ),
        R::EnPassantOpensRank {
            from,
            captured,
            attacker,
            king,
            ..
        } => format!(
            "The pawn on {from} cannot capture en passant here: the capture would take both pawns, the one on {from} and the one on {captured}, off rank {} at once, and {} would then attack your king on {king}. The pawn is not pinned: it may still step forward.",
            king.rank().char(),
            what_on(board, *attacker)
        ),
        R::StillInCheck { checkers, king, .. } => {
            let checker = checkers[0];
            let unblockable = matches!(board.role_at(checker), Some(Role::Knight | Role::Pawn))
                || checker.distance(*king) == 1;
            format!(
                "Your king on {king} is in check from {}, and this move does not answer it. {}",
                what_on(board, checker),
                if unblockable {
                    "This check cannot be blocked: capture the checking piece or move the king."
                } else {
                    "Capture the checking piece, block the line, or move the king."
                }
            )
        }
        R::DoubleCheckKingMustMove { checkers, king, .. } => format!(
            "Your king on {king} is in double check, from {}. A block or a capture can stop only one of them, so the king itself must move.",
            all_on(board, checkers)
        ),
        R::CastlingKingMoved {
            castling,
            king,
            lost,
        } => format!(
            "You cannot {}: your king is on {king}, not on its starting square {}. Only a king that has never moved may castle.{}",
            castle_name(*castling),
            castling.king_home(),
            lost_by(lost.as_ref())
        ),
        R::CastlingRookMoved { castling, lost } => format!(
            "You cannot {}: the rook from {} has moved or been captured, and castling needs a king and a rook that have never moved.{}",
            castle_name(*castling),
            castling.rook_home(),
            lost_by(lost.as_ref())
        ),
        R::CastlingRightLost { castling, lost } => match lost {
            RightLost::KingOrRookMovedEarlier => format!(
                "You cannot {}: this position gives you no right to castle on that side (even though your king and the rook on {} stand at home). In a game the right is gone for good once the king or that rook has moved, even if it comes back.",
                castle_name(*castling),
                castling.rook_home()
            ),
            RightLost::ByMove { .. } => format!(
                "You cannot {}: your king or the rook on {} has moved in this game, and coming back does not bring the right back.{}",
                castle_name(*castling),
                castling.rook_home(),
                lost_by(Some(lost))
            ),
        },
        R::CastlingPiecesBetween { castling, blockers } => format!(
            "You cannot {}: every square between your king and the rook must be empty, but {} {} in the way.",
            castle_name(*castling),
            all_on(board, blockers),
            if blockers.len() == 1 { "is" } else { "are" }
        ),
        R::CastlingInCheck {
            castling,
            attackers,
        } => format!(
            "You cannot {} while your king is in check: {} {} checking it. Answer the check first.",
            castle_name(*castling),
            all_on(board, attackers),
            if attackers.len() == 1 { "is" } else { "are" }
        ),
        R::CastlingThroughCheck {
            castling,
            square,
            attackers,
        } => format!(
            "You cannot {}: your king would pass over {square}, which {} {}. The king may not cross an attacked square.",
            castle_name(*castling),
            all_on(board, attackers),
            if attackers.len() == 1 {
                "attacks"
            } else {
                "attack"
            }
        ),
        R::CastlingIntoCheck {
            castling,
            square,
            attackers,
        } => format!(
            "You cannot {}: your king would land on {square}, which {} {}, and a king may never move into check.",
            castle_name(*castling),
            all_on(board, attackers),
            if attackers.len() == 1 {
                "attacks"
            } else {
                "attack"
            }
        ),
        R::GameOver {
            checkmate: true,
            side,
        } => format!(
            "The game is already over: {} is checkmated.",
            side_name(*side)
        ),
        R::GameOver {
            checkmate: false,
            side,
        } => format!(
            "The game is already over: {} has no legal move and is not in check — stalemate, a draw.",
            side_name(*side)
        ),
    }
}

fn wrong_movement(p: Role, from: Square, to: Square, board: &Board) -> String {
    let _ = board;
    match p {
        Role::Knight => format!(
            "A knight moves in an L: two squares in one direction and then one to the side. {from} to {to} is not an L."
        ),
        Role::Bishop => {
            format!("A bishop moves only diagonally, and {from} to {to} is not a diagonal.")
        }
        Role::Rook => format!(
            "A rook moves only in straight lines along a rank or a file, and {from} to {to} is not a straight line."
        ),
        Role::Queen => format!(
            "A queen moves along ranks, files and diagonals, and {from} to {to} is none of these."
        ),
        Role::King if from.rank() == to.rank() && from.distance(to) == 2 => format!(
            "A king moves one square at a time. It moves two squares only when castling, from its starting square — and your king on {from} is not there."
        ),
        Role::King => {
            format!("A king moves only one square in any direction, and {from} to {to} is further.")
        }
        Role::Pawn => {
            let white = board.color_at(from) != Some(Color::Black);
            let dr = i32::from(to.rank()) - i32::from(from.rank());
            let forward = if white { dr } else { -dr };
            if from == to {
                "A move must go to another square.".to_string()
            } else if forward < 0 {
                format!("A pawn never moves backwards, and {from} to {to} goes back.")
            } else if forward == 0 {
                let mut text =
                    format!("A pawn never moves sideways, and {from} to {to} is along the rank.");
                if let Some(behind) = super::en_passant_landing(board, from, to) {
                    text.push_str(&format!(
                        " If the pawn beside yours has just moved two squares, take it en passant: your pawn goes diagonally to {behind}, the square it passed over."
                    ));
                }
                text
            } else if from.file() == to.file() {
                format!(
                    "A pawn moves one square forward (two from its starting square), so {from} to {to} is too far."
                )
            } else {
                format!(
                    "A pawn moves straight ahead, and captures only one square diagonally forward; {from} to {to} is neither."
                )
            }
        }
    }
}

/// The sentence for a legal move.
#[must_use]
pub fn legal(pos: &Chess, info: &MoveInfo) -> String {
    let lead = match what_it_does(info) {
        None => format!("{} is legal.", info.san),
        Some(words) => format!("{} is legal: {words}.", info.san),
    };
    effects(pos, info, lead)
}

/// What a legal move does, in words and squares only (no move letters): for a learner who has
/// not met notation yet.
#[must_use]
pub fn legal_in_words(pos: &Chess, info: &MoveInfo) -> String {
    let lead = what_it_does(info).map_or_else(String::new, |words| {
        let mut chars = words.chars();
        chars.next().map_or_else(String::new, |first| {
            format!("{}{}.", first.to_ascii_uppercase(), chars.as_str())
        })
    });
    effects(pos, info, lead)
}

/// The move itself, in lower case without a full stop: which piece goes where, or which side
/// castles.
fn what_it_does(info: &MoveInfo) -> Option<String> {
    let mv = info.mv;
    match (mv.castling_side(), mv.from()) {
        (Some(CastlingSide::KingSide), _) => Some("you castle short".to_owned()),
        (Some(CastlingSide::QueenSide), _) => Some("you castle long".to_owned()),
        (None, Some(from)) => Some(format!(
            "the {} goes from {from} to {}",
            piece(mv.role()),
            mv.to()
        )),
        (None, None) => None,
    }
}

fn effects(pos: &Chess, info: &MoveInfo, lead: String) -> String {
    let mv = info.mv;
    let mut s = lead;
    for effect in &info.effects {
        let part = match effect {
            Effect::Capture if !info.has(Effect::EnPassant) => {
                let victim = mv.capture().map_or("piece", piece);
                format!(" It captures the {victim} on {}.", mv.to())
            }
            Effect::EnPassant => {
                let pawn = Square::from_coords(
                    mv.to().file(),
                    mv.from().map_or(mv.to().rank(), Square::rank),
                );
                format!(" It captures the pawn on {pawn} en passant.")
            }
            Effect::Promotion => format!(
                " The pawn becomes a {}.",
                piece(mv.promotion().unwrap_or(Role::Queen))
            ),
            Effect::Check if !info.has(Effect::Checkmate) && !info.has(Effect::DoubleCheck) => {
                " Check!".into()
            }
            Effect::DoubleCheck if !info.has(Effect::Checkmate) => " Double check!".into(),
            Effect::Checkmate => " Checkmate — the game is over.".into(),
            Effect::Stalemate => format!(
                " {} has no legal move and is not in check: stalemate, a draw.",
                side_name(!pos.turn())
            ),
            Effect::DrawInsufficientMaterial => {
                " Neither side can checkmate any more: the game is a draw.".into()
            }
            _ => String::new(),
        };
        s.push_str(&part);
    }
    s
}

/// The sentence for an input that several moves match.
#[must_use]
pub fn ambiguous(p: Role, froms: &[Square], to: Square) -> String {
    let example = froms
        .first()
        .map(|f| format!(" — for example {f}{to}"))
        .unwrap_or_default();
    format!(
        "More than one {} can go to {to} (from {}). Say which one{example}.",
        piece(p),
        join(froms, " and ", ", ")
    )
}

/// The question when the input fits moves of different pieces or to different squares (a bare
/// square, `RxN`): each move, and how to write one so that it is clear.
#[must_use]
pub fn which_move(moves: &[(Role, Square, Square)]) -> String {
    let list: Vec<String> = moves
        .iter()
        .map(|(p, from, to)| format!("the {} on {from} to {to}", piece(*p)))
        .collect();
    let example = moves
        .first()
        .map(|(_, from, to)| format!(" — for example {from}{to}"))
        .unwrap_or_default();
    format!(
        "That fits more than one move: {}. Say which one{example}.",
        list.join(", or ")
    )
}

/// The question when both castlings are possible and the learner did not say which.
#[must_use]
pub fn which_castling() -> String {
    "You can castle on either side here: say which — short (O-O) or long (O-O-O).".into()
}

/// The sentence for an input that is not a move.
#[must_use]
pub fn unreadable(input: &str) -> String {
    format!(
        "I could not read \"{input}\" as a move. Write it like e2e4, e4, Nf3 or O-O (short castling)."
    )
}
