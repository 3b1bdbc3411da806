//! From a position and what the learner typed to a [`Verdict`]: the legal move it names, or
//! the one rule a teacher would name first for why it is not allowed.
//!
//! The order follows how a teacher speaks: first whether it is a move at all and whose piece it
//! is, then how the piece moves, then what stands in the way, then promotion, then the safety
//! of the king.

use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Position, Rank, Role, Square, attacks};

use super::effects::MoveInfo;
use super::input::{MoveInput, parse_input};
use super::judge::Game;
use super::reason::{Castling, IllegalReason, RightLost};

/// The referee's answer to one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A legal move, with what it does.
    Legal(MoveInfo),
    /// Not allowed, and why.
    Illegal(IllegalReason),
    /// Several legal moves match the input (`Nd2` with knights on b1 and f3).
    Ambiguous {
        /// The matching legal moves.
        candidates: Vec<Move>,
    },
    /// Not a move in any accepted notation.
    Unreadable,
}

impl Verdict {
    /// `"legal"`, `"ambiguous"`, `"unreadable"`, or the illegal reason's code.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Legal(_) => "legal",
            Verdict::Illegal(reason) => reason.code(),
            Verdict::Ambiguous { .. } => "ambiguous",
            Verdict::Unreadable => "unreadable",
        }
    }

    /// The legal move, if the verdict is [`Verdict::Legal`].
    #[must_use]
    pub fn legal_move(&self) -> Option<Move> {
        match self {
            Verdict::Legal(info) => Some(info.mv),
            _ => None,
        }
    }
}

/// Explains what the learner typed in `pos`.
///
/// ```
/// use chess_tutor_core::rules::{explain, Verdict, IllegalReason};
/// use shakmaty::{Chess, Square, CastlingMode, fen::Fen};
///
/// // The knight on e4 is pinned by the rook on e8.
/// let pos: Chess = "4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// match explain(&pos, "Nc5") {
///     Verdict::Illegal(IllegalReason::Pinned { pinner, king, .. }) => {
///         assert_eq!((pinner, king), (Square::E8, Square::E1));
///     }
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(explain(&pos, "Kd2").code(), "legal");
/// ```
#[must_use]
pub fn explain(pos: &Chess, input: &str) -> Verdict {
    let Ok(readings) = parse_input(input) else {
        return Verdict::Unreadable;
    };
    explain_readings(pos, &readings)
}

/// Like [`explain`], in a game whose history is known: a lost castling right names the move
/// that lost it.
#[must_use]
pub fn explain_in_game(game: &Game, input: &str) -> Verdict {
    match explain(game.position(), input) {
        Verdict::Illegal(reason) => Verdict::Illegal(with_history(game, reason)),
        other => other,
    }
}

/// Explains a move given as squares (what a tap-to-move board sends).
#[must_use]
pub fn explain_squares(pos: &Chess, from: Square, to: Square, promotion: Option<Role>) -> Verdict {
    explain_readings(
        pos,
        &[MoveInput::Coords {
            piece: None,
            from,
            to,
            promotion,
        }],
    )
}

fn explain_readings(pos: &Chess, readings: &[MoveInput]) -> Verdict {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return Verdict::Illegal(IllegalReason::GameOver {
            checkmate: pos.is_check(),
            side: pos.turn(),
        });
    }
    // Two squares say exactly what is meant: `b2c3` with a pawn on b2 is that pawn, and with
    // b2 empty it is a move from an empty square, never a lenient reading of it as `B2c3`.
    if let Some(exact @ MoveInput::Coords { .. }) = readings.first() {
        return match explain_reading(pos, &legal, exact) {
            Outcome::Moves(moves) if moves.len() == 1 => {
                Verdict::Legal(MoveInfo::new(pos, moves[0]))
            }
            Outcome::Moves(moves) => Verdict::Ambiguous { candidates: moves },
            Outcome::Refused(reason) => Verdict::Illegal(reason),
            Outcome::Nothing => Verdict::Unreadable,
        };
    }
    // The first reading that names a legal move (or an ambiguity) wins; otherwise the reason of
    // the reading that got furthest.
    // In SAN a square without a piece letter is a pawn move (`d4`, `bxa3`): when a pawn of
    // the mover stands where such a move starts, the pawn's verdict stands, never a lenient
    // reading of another piece (the bare square's any piece, a lower-case `b` as a bishop).
    let pawn_meant = readings.iter().any(|r| match *r {
        MoveInput::San {
            piece: Role::Pawn,
            file,
            rank: None,
            to,
            ..
        } => pawn_could_move_to(pos, file, to),
        _ => false,
    });
    let mut best: Option<IllegalReason> = None;
    for reading in readings {
        let lenient_other_piece = match reading {
            MoveInput::AnyPieceTo { .. } => true,
            MoveInput::San { piece, .. } => *piece != Role::Pawn,
            _ => false,
        };
        if pawn_meant && lenient_other_piece {
            continue;
        }
        match explain_reading(pos, &legal, reading) {
            Outcome::Moves(moves) if moves.len() == 1 => {
                return Verdict::Legal(MoveInfo::new(pos, moves[0]));
            }
            Outcome::Moves(moves) => return Verdict::Ambiguous { candidates: moves },
            Outcome::Refused(reason) => {
                // A bare square that no piece reaches outranks "no pawn goes there".
                let bare = matches!(reading, MoveInput::AnyPieceTo { .. });
                if best.as_ref().is_none_or(|b| {
                    stage(&reason) > stage(b) || (bare && stage(&reason) == stage(b))
                }) {
                    best = Some(reason);
                }
            }
            Outcome::Nothing => {}
        }
    }
    best.map_or(Verdict::Unreadable, Verdict::Illegal)
}

enum Outcome {
    Moves(Vec<Move>),
    Refused(IllegalReason),
    /// The reading names no move here and has nothing to say about why.
    Nothing,
}

/// The mover's pawn that would step to `to` by the way pawns move (one square ahead, or two
/// from its starting rank), whatever stands on `to` or in its way or whatever else forbids
/// it; `None` when no pawn of the mover stands there.
///
/// This is what a bare square means in SAN (`d4`), so its answer is about this pawn.
fn pawn_push_from(pos: &Chess, to: Square) -> Option<Square> {
    let board = pos.board();
    let us = pos.turn();
    let pawns = board.by_piece(Role::Pawn.of(us));
    let back = |sq: Square, n: i32| sq.offset(us.fold_wb(-8, 8) * n);
    let one = back(to, 1)?;
    if pawns.contains(one) {
        return Some(one);
    }
    let double_target = us.fold_wb(Rank::Fourth, Rank::Fifth);
    let two = back(to, 2)?;
    (to.rank() == double_target && pawns.contains(two)).then_some(two)
}

/// Whether a pawn of the mover stands where a pawn move written `[file]to` starts: behind `to`
/// (a push, [`pawn_push_from`]) when no other file is named, or diagonally behind it on the
/// named neighbouring file (a capture), whatever forbids the move.
fn pawn_could_move_to(pos: &Chess, file: Option<shakmaty::File>, to: Square) -> bool {
    let us = pos.turn();
    match file {
        None => pawn_push_from(pos, to).is_some(),
        Some(f) if f == to.file() => pawn_push_from(pos, to).is_some(),
        Some(f) => {
            let behind = to.rank().offset(us.fold_wb(-1, 1));
            f.distance(to.file()) == 1
                && behind.is_some_and(|r| {
                    pos.board()
                        .by_piece(Role::Pawn.of(us))
                        .contains(Square::from_coords(f, r))
                })
        }
    }
}

/// Every legal move to `to` of a piece (the pawn's reading came first).
fn any_piece_to(legal: &[Move], to: Square) -> Outcome {
    let moves: Vec<Move> = legal
        .iter()
        .copied()
        // Pawns were the first reading; a promotion must name its piece.
        .filter(|m| m.to() == to && !m.is_castle() && m.role() != Role::Pawn)
        .collect();
    if !moves.is_empty() {
        Outcome::Moves(moves)
    } else if legal.iter().any(|m| m.to() == to || m.is_castle()) {
        // A pawn or castling might be what was meant: the pawn reading's reason stands.
        Outcome::Nothing
    } else {
        // Nothing at all goes there: say so, not only that no pawn does.
        Outcome::Refused(IllegalReason::NoPiece {
            from: None,
            piece: None,
            to,
        })
    }
}

/// `车吃马`: every legal capture of a `victim` by a `piece`; when there is none, the reason of
/// the likeliest attempt (the one that gets furthest through the teacher's checks).
fn takes(pos: &Chess, legal: &[Move], piece: Role, victim: Role) -> Outcome {
    let moves: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.role() == piece && m.capture() == Some(victim))
        .filter(|m| m.promotion().is_none_or(|r| r == Role::Queen))
        .collect();
    if !moves.is_empty() {
        return Outcome::Moves(moves);
    }
    let board = pos.board();
    let ours = board.by_piece(piece.of(pos.turn()));
    let theirs = board.by_piece(victim.of(!pos.turn()));
    let mut best: Option<IllegalReason> = None;
    for from in ours {
        for to in theirs {
            if let Outcome::Refused(reason) = coords(pos, legal, from, to, None)
                && best.as_ref().is_none_or(|b| stage(&reason) > stage(b))
            {
                best = Some(reason);
            }
        }
    }
    best.map_or(Outcome::Nothing, Outcome::Refused)
}

/// How far a move got through the teacher's checks; a higher stage is the likelier intent.
fn stage(reason: &IllegalReason) -> u8 {
    use IllegalReason as R;
    match reason {
        R::NoPiece { .. } | R::NotYourPiece { .. } | R::GameOver { .. } => 0,
        R::OwnPieceOnTarget { .. }
        | R::WrongMovement { .. }
        | R::PawnForwardCapture { .. }
        | R::PawnDiagonalNoCapture { .. }
        | R::PawnDoubleStepNotFromStart { .. }
        | R::EnPassantExpired { .. }
        | R::CastlingKingMoved { .. }
        | R::CastlingRookMoved { .. }
        | R::CastlingRightLost { .. } => 1,
        R::PathBlocked { .. } | R::CastlingPiecesBetween { .. } => 2,
        R::PromotionPieceMissing { .. }
        | R::PromotionInvalidPiece { .. }
        | R::PromotionNotAllowed { .. } => 3,
        R::KingIntoCheck { .. }
        | R::Pinned { .. }
        | R::EnPassantOpensRank { .. }
        | R::EnPassantOpensDiagonal { .. }
        | R::StillInCheck { .. }
        | R::DoubleCheckKingMustMove { .. }
        | R::CastlingInCheck { .. }
        | R::CastlingThroughCheck { .. }
        | R::CastlingIntoCheck { .. } => 4,
    }
}

fn explain_reading(pos: &Chess, legal: &[Move], reading: &MoveInput) -> Outcome {
    match *reading {
        MoveInput::Castle(Some(side)) => castle(pos, legal, side),
        MoveInput::Castle(None) => {
            let moves: Vec<Move> = legal.iter().copied().filter(|m| m.is_castle()).collect();
            if !moves.is_empty() {
                return Outcome::Moves(moves);
            }
            let short = castle(pos, legal, CastlingSide::KingSide);
            let long = castle(pos, legal, CastlingSide::QueenSide);
            match (short, long) {
                (Outcome::Refused(a), Outcome::Refused(b)) if stage(&b) > stage(&a) => {
                    Outcome::Refused(b)
                }
                (a, _) => a,
            }
        }
        // A piece letter that is not the mover's piece standing there (`Be2e4` with a pawn on
        // e2) names a piece that is not there: read as SAN (that piece, from that square),
        // never as the move of the piece that is.
        MoveInput::Coords {
            piece: Some(named),
            from,
            to,
            ..
        } if pos
            .board()
            .piece_at(from)
            .is_some_and(|p| p.color == pos.turn() && p.role != named) =>
        {
            // `Ne2e4` names a knight: the pawn on e2 is not what was typed.
            Outcome::Refused(IllegalReason::NoPiece {
                from: Some(from),
                piece: Some(named),
                to,
            })
        }
        MoveInput::Coords {
            from,
            to,
            promotion,
            ..
        } => coords(pos, legal, from, to, promotion),
        MoveInput::San {
            piece,
            file,
            rank,
            capture: _,
            to,
            promotion,
        } => san(pos, legal, piece, file, rank, to, promotion),
        MoveInput::AnyPieceTo { to } => any_piece_to(legal, to),
        MoveInput::Takes { piece, victim } => takes(pos, legal, piece, victim),
    }
}

fn coords(
    pos: &Chess,
    legal: &[Move],
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Outcome {
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else {
        return Outcome::Refused(IllegalReason::NoPiece {
            from: Some(from),
            piece: None,
            to,
        });
    };
    if piece.color != pos.turn() {
        return Outcome::Refused(IllegalReason::NotYourPiece {
            from,
            piece: piece.role,
            owner: piece.color,
            to,
        });
    }
    match diagnose(pos, from, to, promotion) {
        Err(reason) => Outcome::Refused(reason),
        Ok(()) => match find_legal(legal, from, to, promotion) {
            Some(m) => Outcome::Moves(vec![m]),
            // Every rule passed yet no legal move matches: cannot happen if `diagnose` is
            // complete (the property tests check it); refuse rather than panic.
            None => Outcome::Refused(IllegalReason::WrongMovement {
                piece: piece.role,
                from,
                to,
            }),
        },
    }
}

#[allow(clippy::too_many_arguments)]
fn san(
    pos: &Chess,
    legal: &[Move],
    piece: Role,
    file: Option<shakmaty::File>,
    rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
) -> Outcome {
    // `h3` is the push of the pawn behind h3 when there is one, never another pawn's capture
    // read leniently from it.
    let file = match file {
        None if piece == Role::Pawn && pawn_push_from(pos, to).is_some() => Some(to.file()),
        file => file,
    };
    let fits =
        |sq: Square| file.is_none_or(|f| sq.file() == f) && rank.is_none_or(|r| sq.rank() == r);
    let matching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.role() == piece
                && standard_to(*m) == to
                && m.from().is_some_and(fits)
                && m.promotion() == promotion
        })
        .collect();
    if !matching.is_empty() {
        return Outcome::Moves(matching);
    }
    // No legal move: find the piece the learner most likely meant and say what stops it.
    let ours = pos.board().by_piece(piece.of(pos.turn()));
    let mut candidates: Vec<Square> = ours.into_iter().filter(|sq| fits(*sq)).collect();
    if piece == Role::Pawn {
        // A pawn comes from the target's file (a push) or the named file (a capture); among
        // several, the nearest behind the target is meant.
        let from_file = file.unwrap_or(to.file());
        candidates.retain(|sq| sq.file() == from_file);
        let forward = pos.turn() == Color::White;
        candidates.sort_by_key(|sq| {
            let behind = if forward {
                i32::from(to.rank()) - i32::from(sq.rank())
            } else {
                i32::from(sq.rank()) - i32::from(to.rank())
            };
            (behind <= 0, behind.abs())
        });
        // A push is the pawn just behind (or two behind on its start): that pawn's reason,
        // not a farther pawn's that got further through the checks.
        if from_file == to.file()
            && let Some(pusher) = pawn_push_from(pos, to)
        {
            candidates = vec![pusher];
        }
    }
    let mut best: Option<IllegalReason> = None;
    for from in candidates {
        if let Err(reason) = diagnose(pos, from, to, promotion)
            && best.as_ref().is_none_or(|b| stage(&reason) > stage(b))
        {
            best = Some(reason);
        }
    }
    Outcome::Refused(best.unwrap_or(IllegalReason::NoPiece {
        from: None,
        piece: Some(piece),
        to,
    }))
}

fn find_legal(legal: &[Move], from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
    legal.iter().copied().find(|m| {
        m.from() == Some(from)
            && (standard_to(*m) == to || (m.is_castle() && m.to() == to))
            && m.promotion() == promotion
    })
}

/// The king's target square for castling (g1, not h1), the plain target otherwise.
fn standard_to(m: Move) -> Square {
    match m {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            side.king_to(Color::from_white(king.rank() == Rank::First))
        }
        _ => m.to(),
    }
}

/// Checks one move of the mover's piece on `from` rule by rule. `Ok` means no rule forbids it.
fn diagnose(
    pos: &Chess,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<(), IllegalReason> {
    let board = pos.board();
    let us = pos.turn();
    let role = board.role_at(from).unwrap_or(Role::Pawn);

    // A king stepping two squares sideways from home, or onto its own rook in the corner (as
    // a tap-to-move board or a Chess960-style UCI sends it), is a castling attempt.
    let onto_own_rook_corner = board.piece_at(to) == Some(Role::Rook.of(us))
        && Castling {
            color: us,
            side: CastlingSide::from_king_side(to > from),
        }
        .rook_home()
            == to;
    if role == Role::King
        && from.rank() == to.rank()
        && (from.distance(to) == 2 || onto_own_rook_corner)
    {
        let home = Castling {
            color: us,
            side: CastlingSide::KingSide,
        }
        .king_home();
        if from == home {
            let side = CastlingSide::from_king_side(to > from);
            return castle_rules(pos, side).map(|_| ());
        }
    }

    // A pawn going backwards breaks its rule whatever stands there: that is said first.
    let backwards = match us {
        Color::White => to.rank() < from.rank(),
        Color::Black => to.rank() > from.rank(),
    };
    if role == Role::Pawn && backwards {
        return Err(IllegalReason::WrongMovement {
            piece: role,
            from,
            to,
        });
    }
    // So does a piece sent where its way of moving never goes (a queen from d3 to e1): that
    // it could not land on its own piece there is the second reason, not the first.
    if role != Role::Pawn && from != to && !moves_this_way(role, from, to) {
        return Err(IllegalReason::WrongMovement {
            piece: role,
            from,
            to,
        });
    }
    if let Some(occupant) = board.piece_at(to).filter(|p| p.color == us)
        && from != to
    {
        return Err(IllegalReason::OwnPieceOnTarget {
            piece: role,
            from,
            to,
            occupant: occupant.role,
        });
    }
    if from == to {
        return Err(IllegalReason::WrongMovement {
            piece: role,
            from,
            to,
        });
    }

    let mut ep_captured: Option<Square> = None;
    match role {
        Role::Pawn => ep_captured = pawn_movement(pos, from, to)?,
        Role::Knight => {
            if !attacks::knight_attacks(from).contains(to) {
                return Err(IllegalReason::WrongMovement {
                    piece: role,
                    from,
                    to,
                });
            }
        }
        Role::King => {
            if !attacks::king_attacks(from).contains(to) {
                return Err(IllegalReason::WrongMovement {
                    piece: role,
                    from,
                    to,
                });
            }
        }
        Role::Bishop | Role::Rook | Role::Queen => {
            let straight = from.file() == to.file() || from.rank() == to.rank();
            let diagonal = from.file().distance(to.file()) == from.rank().distance(to.rank());
            let ok = match role {
                Role::Bishop => diagonal,
                Role::Rook => straight,
                _ => straight || diagonal,
            };
            if !ok {
                return Err(IllegalReason::WrongMovement {
                    piece: role,
                    from,
                    to,
                });
            }
            if let Some(blocker) = first_blocker(board.occupied(), from, to) {
                return Err(IllegalReason::PathBlocked {
                    piece: role,
                    from,
                    to,
                    blocker,
                });
            }
        }
    }

    // Promotion: a pawn reaching the last rank must choose; nothing else may.
    let last_rank = us.fold_wb(Rank::Eighth, Rank::First);
    if role == Role::Pawn && to.rank() == last_rank {
        match promotion {
            None => return Err(IllegalReason::PromotionPieceMissing { from, to }),
            Some(chosen @ (Role::King | Role::Pawn)) => {
                return Err(IllegalReason::PromotionInvalidPiece { from, to, chosen });
            }
            Some(_) => {}
        }
    } else if let Some(chosen) = promotion {
        return Err(IllegalReason::PromotionNotAllowed {
            piece: role,
            from,
            to,
            chosen,
        });
    }

    king_safety(pos, role, from, to, ep_captured)
}

/// The nearest piece strictly between `from` and `to`, seen from `from`.
fn first_blocker(occupied: Bitboard, from: Square, to: Square) -> Option<Square> {
    let between = attacks::between(from, to) & occupied;
    between.into_iter().min_by_key(|sq| sq.distance(from))
}

/// The pawn's own movement rules. Returns the square of a pawn captured en passant.
fn pawn_movement(pos: &Chess, from: Square, to: Square) -> Result<Option<Square>, IllegalReason> {
    let board = pos.board();
    let us = pos.turn();
    let dir: i32 = us.fold_wb(1, -1);
    let df = i32::from(to.file()) - i32::from(from.file());
    let dr = i32::from(to.rank()) - i32::from(from.rank());
    let wrong = IllegalReason::WrongMovement {
        piece: Role::Pawn,
        from,
        to,
    };
    if df == 0 && dr == dir {
        if board.occupied().contains(to) {
            return Err(IllegalReason::PawnForwardCapture { from, to });
        }
        return Ok(None);
    }
    if df == 0 && dr == 2 * dir {
        let start = us.fold_wb(Rank::Second, Rank::Seventh);
        if from.rank() != start {
            return Err(IllegalReason::PawnDoubleStepNotFromStart { from, to });
        }
        let middle = from.offset(8 * dir).ok_or(wrong.clone())?;
        if board.occupied().contains(middle) {
            return Err(IllegalReason::PathBlocked {
                piece: Role::Pawn,
                from,
                to,
                blocker: middle,
            });
        }
        if board.occupied().contains(to) {
            return Err(IllegalReason::PawnForwardCapture { from, to });
        }
        return Ok(None);
    }
    if df.abs() == 1 && dr == dir {
        if board.color_at(to) == Some(!us) {
            return Ok(None);
        }
        let beside = Square::from_coords(to.file(), from.rank());
        if pos.maybe_ep_square() == Some(to) {
            return Ok(Some(beside));
        }
        let fifth = us.fold_wb(Rank::Fifth, Rank::Fourth);
        if from.rank() == fifth && board.piece_at(beside) == Some(Role::Pawn.of(!us)) {
            return Err(IllegalReason::EnPassantExpired {
                from,
                to,
                pawn: beside,
            });
        }
        return Err(IllegalReason::PawnDiagonalNoCapture { from, to });
    }
    Err(wrong)
}

/// King safety for a move that obeys the movement rules: into check, pins, unanswered checks.
fn king_safety(
    pos: &Chess,
    role: Role,
    from: Square,
    to: Square,
    ep_captured: Option<Square>,
) -> Result<(), IllegalReason> {
    let board = pos.board();
    let us = pos.turn();
    let captured = ep_captured.unwrap_or(to);
    let mut occupied = (board.occupied() ^ from) | to;
    if let Some(ep) = ep_captured {
        occupied ^= ep;
    }
    // A captured enemy piece attacks nothing any more.
    let gone = Bitboard::from(captured);

    if role == Role::King {
        let attackers = board.attacks_to(to, !us, occupied) & !gone;
        if attackers.any() {
            return Err(IllegalReason::KingIntoCheck {
                from,
                to,
                attackers: attackers.into_iter().collect(),
            });
        }
        return Ok(());
    }

    let Some(king) = board.king_of(us) else {
        return Ok(());
    };
    let checkers = pos.checkers();
    if checkers.more_than_one() {
        return Err(IllegalReason::DoubleCheckKingMustMove {
            piece: role,
            from,
            to,
            checkers: checkers.into_iter().collect(),
            king,
        });
    }
    if let Some(checker) = checkers.first() {
        let answers = captured == checker || attacks::between(checker, king).contains(to);
        if !answers {
            return Err(IllegalReason::StillInCheck {
                piece: role,
                from,
                to,
                checkers: vec![checker],
                king,
            });
        }
    }
    let attackers = board.attacks_to(king, !us, occupied) & !gone;
    if let Some(ep) = ep_captured {
        // With the taken pawn still standing, is the king safe? Then taking it opens the
        // line, not a pin of the capturing pawn: on the pawns' rank both pawns leave it
        // together; on a diagonal the taken pawn was the piece in between.
        let with_taken = board.attacks_to(king, !us, occupied | ep);
        if let Some(attacker) = (attackers & !with_taken).first() {
            let on_rank = attacker.rank() == ep.rank() && king.rank() == ep.rank();
            return Err(if on_rank {
                IllegalReason::EnPassantOpensRank {
                    from,
                    to,
                    captured: ep,
                    attacker,
                    king,
                }
            } else {
                IllegalReason::EnPassantOpensDiagonal {
                    from,
                    to,
                    captured: ep,
                    attacker,
                    king,
                }
            });
        }
    }
    if let Some(pinner) = attackers.first() {
        return Err(IllegalReason::Pinned {
            piece: role,
            from,
            to,
            pinner,
            king,
        });
    }
    Ok(())
}

fn castle(pos: &Chess, legal: &[Move], side: CastlingSide) -> Outcome {
    match castle_rules(pos, side) {
        Err(reason) => Outcome::Refused(reason),
        Ok(castling) => {
            let found = legal.iter().copied().find(|m| {
                m.castling_side() == Some(side) && m.from() == Some(castling.king_home())
            });
            match found {
                Some(m) => Outcome::Moves(vec![m]),
                None => Outcome::Refused(IllegalReason::CastlingRightLost {
                    castling,
                    lost: RightLost::KingOrRookMovedEarlier,
                }),
            }
        }
    }
}

/// The castling rules in a teacher's order: rights, the squares between, then check.
fn castle_rules(pos: &Chess, side: CastlingSide) -> Result<Castling, IllegalReason> {
    let board = pos.board();
    let us = pos.turn();
    let castling = Castling { color: us, side };
    let home = castling.king_home();
    let king = board.king_of(us).unwrap_or(home);
    if king != home {
        return Err(IllegalReason::CastlingKingMoved {
            castling,
            king,
            lost: None,
        });
    }
    if !pos.castles().has(us, side) {
        let rook_home = castling.rook_home();
        if board.piece_at(rook_home) == Some(Role::Rook.of(us)) {
            return Err(IllegalReason::CastlingRightLost {
                castling,
                lost: RightLost::KingOrRookMovedEarlier,
            });
        }
        return Err(IllegalReason::CastlingRookMoved {
            castling,
            lost: None,
        });
    }
    let blockers = pos.castles().path(us, side) & board.occupied();
    if blockers.any() {
        return Err(IllegalReason::CastlingPiecesBetween {
            castling,
            blockers: blockers.into_iter().collect(),
        });
    }
    if pos.is_check() {
        return Err(IllegalReason::CastlingInCheck {
            castling,
            attackers: pos.checkers().into_iter().collect(),
        });
    }
    let occupied = board.occupied() ^ home;
    let crossed = castling.crossed();
    let attackers = board.attacks_to(crossed, !us, occupied);
    if attackers.any() {
        return Err(IllegalReason::CastlingThroughCheck {
            castling,
            square: crossed,
            attackers: attackers.into_iter().collect(),
        });
    }
    let landing = castling.landing();
    let attackers = board.attacks_to(landing, !us, occupied);
    if attackers.any() {
        return Err(IllegalReason::CastlingIntoCheck {
            castling,
            square: landing,
            attackers: attackers.into_iter().collect(),
        });
    }
    Ok(castling)
}

/// With the game's moves known, names the move that lost a castling right.
fn with_history(game: &Game, reason: IllegalReason) -> IllegalReason {
    let lost_by = |castling: Castling| game.castling_lost_by(castling.color, castling.side);
    match reason {
        IllegalReason::CastlingKingMoved { castling, king, .. } => {
            IllegalReason::CastlingKingMoved {
                castling,
                king,
                lost: lost_by(castling),
            }
        }
        IllegalReason::CastlingRookMoved { castling, .. } => IllegalReason::CastlingRookMoved {
            castling,
            lost: lost_by(castling),
        },
        IllegalReason::CastlingRightLost { castling, lost } => IllegalReason::CastlingRightLost {
            castling,
            lost: lost_by(castling).unwrap_or(lost),
        },
        other => other,
    }
}

/// Whether a piece of `role` (not a pawn) moves from `from` to `to` on an empty board: the
/// shape of its move, whatever stands in the way or on the square.
fn moves_this_way(role: Role, from: Square, to: Square) -> bool {
    let line = from.file() == to.file() || from.rank() == to.rank();
    let diagonal = from.file().distance(to.file()) == from.rank().distance(to.rank());
    match role {
        Role::Knight => attacks::knight_attacks(from).contains(to),
        Role::King => attacks::king_attacks(from).contains(to),
        Role::Bishop => diagonal,
        Role::Rook => line,
        Role::Queen => line || diagonal,
        Role::Pawn => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        crate::rules::parse_fen(fen).unwrap()
    }

    /// Issue 42 (A13): a queen sent from d3 to e1, where her own king stands, was told only
    /// that she cannot take her own king; that d3–e1 is no queen's line is the first reason.
    #[test]
    fn a_move_no_piece_of_its_kind_makes_is_refused_for_its_shape_before_what_stands_there() {
        let p = pos("4k3/8/8/8/8/3Q4/3P4/R3K3 w Q - 0 1");
        let shape = |from, to| match explain_squares(&p, from, to, None) {
            Verdict::Illegal(reason) => reason,
            other => panic!("{from}{to}: {other:?}"),
        };
        assert!(matches!(
            shape(Square::D3, Square::E1),
            IllegalReason::WrongMovement {
                piece: Role::Queen,
                ..
            }
        ));
        assert!(matches!(
            shape(Square::A1, Square::D2),
            IllegalReason::WrongMovement {
                piece: Role::Rook,
                ..
            }
        ));
        // On its own lines, her own piece is the reason.
        assert!(matches!(
            shape(Square::D3, Square::D2),
            IllegalReason::OwnPieceOnTarget {
                piece: Role::Queen,
                occupant: Role::Pawn,
                ..
            }
        ));
        assert!(matches!(
            shape(Square::E1, Square::D2),
            IllegalReason::OwnPieceOnTarget {
                piece: Role::King,
                ..
            }
        ));
    }

    /// Found by the move reader's fuzzing in CI: `B1a3` in the start position (a bishop from
    /// the first rank, which cannot go there) was read as the squares b1-a3 and played the
    /// knight's Na3.
    #[test]
    fn a_capital_b_that_reads_as_a_bishop_move_never_plays_another_piece() {
        let start = Chess::default();
        let verdict = explain(&start, "B1a3");
        assert!(
            verdict.legal_move().is_none(),
            "B1a3 is a bishop's move, refused: {verdict:?}"
        );
        // A bishop told apart by its rank still moves.
        let bishops = pos("7k/8/8/1B6/8/8/8/1B2K3 w - - 0 1");
        let m = explain(&bishops, "B5d7")
            .legal_move()
            .expect("the b5 bishop");
        assert_eq!(m.from(), Some(shakmaty::Square::B5));
    }

    #[test]
    fn start_position_basics() {
        let p = Chess::default();
        assert_eq!(explain(&p, "e4").code(), "legal");
        assert_eq!(explain(&p, "e2e4").code(), "legal");
        assert_eq!(explain(&p, "Nf3").code(), "legal");
        assert_eq!(explain(&p, "e5").code(), "wrong_movement");
        assert_eq!(explain(&p, "e7e5").code(), "not_your_piece");
        assert_eq!(explain(&p, "e3e4").code(), "no_piece");
        assert_eq!(explain(&p, "Bc4").code(), "path_blocked");
        assert_eq!(explain(&p, "Nd2").code(), "own_piece_on_target");
        assert_eq!(explain(&p, "O-O").code(), "castling_pieces_between");
        assert_eq!(explain(&p, "xyz").code(), "unreadable");
    }

    #[test]
    fn piece_letter_before_squares_never_moves_another_piece() {
        // Found by the move reader's fuzz target: `Be2e4` played the pawn on e2.
        let p = Chess::default();
        for input in ["Be2e4", "Ne2-e4", "象e2-e4", "Qg1f3", "Rb1c3"] {
            let verdict = explain(&p, input);
            assert_eq!(verdict.legal_move(), None, "{input}: {verdict:?}");
            assert!(
                matches!(verdict, Verdict::Illegal(IllegalReason::NoPiece { .. })),
                "{input}: {verdict:?}"
            );
        }
        // The right letter (or none) is still the move.
        for input in ["Pe2e4", "e2e4", "Ng1f3", "马g1-f3"] {
            assert_eq!(explain(&p, input).code(), "legal", "{input}");
        }
        // A letter that is the piece there, when the move breaks a rule, gets that rule.
        assert_eq!(explain(&p, "Bf1c4").code(), "path_blocked");
    }

    #[test]
    fn exact_from_to_reading_wins_over_lenient_san() {
        // The pawn on b2 cannot go to c3 (nothing to take); the bishop on d2 could. Typed as
        // squares, the move is the pawn's, and it is refused for the pawn's rule.
        let p = pos("rnb1kbnr/pp1ppp1p/2p5/6p1/1qP5/3P2P1/PP1BPP1P/RN1QKBNR w KQkq g6 0 5");
        assert_eq!(explain(&p, "b2c3").code(), "pawn_diagonal_no_capture");
        assert_eq!(explain(&p, "b1c3").code(), "legal");
        assert_eq!(
            explain(&p, "Bc3").legal_move().and_then(|m| m.from()),
            Some(Square::D2)
        );
        assert_eq!(
            explain(&p, "d2c3").legal_move().and_then(|m| m.from()),
            Some(Square::D2)
        );
    }

    /// Found walking the first hour: `h8` typed in the rook lesson, where nothing can go to
    /// h8, was answered "You have no pawn that could go to h8".
    #[test]
    fn a_bare_square_nothing_reaches_says_no_piece_not_no_pawn() {
        let rook = pos("7k/8/8/8/R7/8/8/7K w - - 0 1");
        let reason = |text: &str| match explain(&rook, text) {
            Verdict::Illegal(reason) => reason,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            reason("h8"),
            IllegalReason::NoPiece {
                from: None,
                piece: None,
                to: Square::H8
            }
        );
        // A pawn named outright is still answered for pawns.
        assert!(matches!(
            reason("Ph8"),
            IllegalReason::NoPiece {
                piece: Some(Role::Pawn),
                ..
            }
        ));
        // A pawn that is there but blocked keeps its own reason.
        let blocked = pos("7k/8/8/8/4p3/4P3/8/7K w - - 0 1");
        assert!(matches!(
            explain(&blocked, "e4"),
            Verdict::Illegal(
                IllegalReason::PathBlocked { .. }
                    | IllegalReason::WrongMovement { .. }
                    | IllegalReason::PawnForwardCapture { .. }
            )
        ));
    }

    #[test]
    fn a_bare_square_moves_the_only_piece_that_can_go_there() {
        // A rook lesson: no pawn goes to e4, the rook does.
        let p = pos("k7/8/8/8/8/8/8/4RK2 w - - 0 1");
        let v = explain(&p, "e4");
        assert_eq!(v.legal_move().and_then(|m| m.from()), Some(Square::E1));
        // Two pieces can: ask which.
        let p = pos("k7/8/8/8/8/8/5N2/4RK2 w - - 0 1");
        assert!(
            matches!(explain(&p, "e4"), Verdict::Ambiguous { candidates } if candidates.len() == 2)
        );
        // A pawn that can go there is still the pawn.
        let p = pos("k7/8/8/8/8/8/4P3/4RK2 w - - 0 1");
        assert_eq!(
            explain(&p, "e4").legal_move().and_then(|m| m.from()),
            Some(Square::E2)
        );
    }

    #[test]
    fn piece_takes_piece_without_squares() {
        let p = pos("k7/8/8/4n3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(
            explain(&p, "车吃马").legal_move().map(|m| m.to()),
            Some(Square::E5)
        );
        // Blocked: the reason of the attempt.
        let p = pos("k7/8/8/4n3/8/8/4P3/4RK2 w - - 0 1");
        assert_eq!(explain(&p, "车吃马").code(), "path_blocked");
        // Nothing to take.
        let p = pos("k7/8/8/8/8/8/8/4RK2 w - - 0 1");
        assert_eq!(explain(&p, "RxN").code(), "unreadable");
    }

    #[test]
    fn en_passant_opening_the_rank_is_not_a_pin() {
        let p = pos("8/8/8/K2pP2r/8/8/8/7k w - d6 0 2");
        assert_eq!(explain(&p, "exd6").code(), "en_passant_opens_rank");
        // The same pawn may still step forward: it is not pinned.
        assert_eq!(explain(&p, "e6").code(), "legal");
    }

    #[test]
    fn a_pawn_going_back_onto_its_own_piece_is_told_pawns_never_go_back() {
        let p = Chess::default();
        assert_eq!(explain(&p, "e2e1").code(), "wrong_movement");
        assert_eq!(explain(&p, "d2c1").code(), "wrong_movement");
    }

    #[test]
    fn bxc3_prefers_the_pawn() {
        // Both the b2 pawn and the bishop on a1... no: the bishop on e5 and pawn on b2 can take c3.
        let p = pos("4k3/8/8/4B3/8/2n5/1P6/4K3 w - - 0 1");
        let Verdict::Legal(info) = explain(&p, "bxc3") else {
            panic!()
        };
        assert_eq!(info.mv.role(), Role::Pawn);
        let Verdict::Legal(info) = explain(&p, "Bxc3") else {
            panic!()
        };
        assert_eq!(info.mv.role(), Role::Bishop);
    }

    #[test]
    fn game_over() {
        let mated = pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
        assert_eq!(explain(&mated, "Kh8").code(), "game_over");
    }

    /// The referee once played `Nd4` for a typed `d4` whose pawn on d2 is pinned: a bare
    /// square is a pawn move in SAN, and the pawn's reason stands.
    #[test]
    fn a_bare_square_a_pinned_pawn_could_step_to_is_refused_for_that_pawn() {
        let p = pos("r1bqk2r/pppp1ppp/2n2n2/4p3/NbP5/5N2/PP1PPPPP/R1BQKB1R w KQkq - 1 5");
        for typed in ["d4", "d3", "d2d4", "D4", "兵d4"] {
            match explain(&p, typed) {
                Verdict::Illegal(IllegalReason::Pinned {
                    piece: Role::Pawn,
                    from: Square::D2,
                    pinner: Square::B4,
                    king: Square::E1,
                    ..
                }) => {}
                other => panic!("{typed}: {other:?}"),
            }
        }
        // The knight's move written as the knight's is still the knight's.
        assert_eq!(
            explain(&p, "Nd4").legal_move().and_then(|m| m.from()),
            Some(Square::F3)
        );
        // Black to move: the d7 pawn pinned by the bishop on b5, the knight on f5 able to go
        // to d6; both the single and the double step are the pawn's.
        let black = pos("4k3/3p4/8/1B3n2/8/8/8/4K3 b - - 0 1");
        for typed in ["d6", "d5"] {
            assert!(
                matches!(
                    explain(&black, typed),
                    Verdict::Illegal(IllegalReason::Pinned {
                        from: Square::D7,
                        ..
                    })
                ),
                "{typed}"
            );
        }
        // `g5` with the g4 pawn pinned along the rank: never the king's step to g5.
        let k = pos("8/8/8/8/r5PK/8/8/7k w - - 0 1");
        assert!(matches!(
            explain(&k, "g5"),
            Verdict::Illegal(IllegalReason::Pinned {
                from: Square::G4,
                pinner: Square::A4,
                ..
            })
        ));
        assert_eq!(explain(&k, "Kg5").code(), "legal");
    }

    /// A pawn whose double step is blocked keeps its reason even when another piece could go
    /// to the square; the king is never moved for a bare square a pawn could step to.
    #[test]
    fn a_bare_square_a_blocked_pawn_could_step_to_is_refused_for_that_pawn() {
        // d3 holds the white bishop; the knight on f3 could go to d4.
        let p = pos("4k3/8/8/8/8/3B1N2/3P4/4K3 w - - 0 1");
        assert!(matches!(
            explain(&p, "d4"),
            Verdict::Illegal(IllegalReason::PathBlocked {
                from: Square::D2,
                blocker: Square::D3,
                ..
            })
        ));
        // Where no pawn of the mover could step, the bare square is still the one piece
        // that can go there.
        let p = pos("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1");
        assert_eq!(
            explain(&p, "d4").legal_move().and_then(|m| m.from()),
            Some(Square::F3)
        );
    }

    /// `b2d7` with b2 empty was read as `B2d7`: two squares are a from-to move.
    #[test]
    fn two_squares_from_an_empty_square_say_that_square_is_empty() {
        let p = pos("4k3/8/8/8/8/8/2B5/4K3 w - - 0 1");
        assert_eq!(
            explain(&p, "b2d7"),
            Verdict::Illegal(IllegalReason::NoPiece {
                from: Some(Square::B2),
                piece: None,
                to: Square::D7
            })
        );
        // A piece letter that does not name the piece on the from-square is refused, never
        // played with the piece that stands there.
        assert_eq!(
            explain(&Chess::default(), "Ne2e4"),
            Verdict::Illegal(IllegalReason::NoPiece {
                from: Some(Square::E2),
                piece: Some(Role::Knight),
                to: Square::E4
            })
        );
        assert_eq!(explain(&Chess::default(), "Pe2e4").code(), "legal");
    }

    /// exd6 that uncovers a diagonal onto the king was described as opening a rank.
    #[test]
    fn en_passant_uncovering_a_diagonal_is_told_as_a_diagonal() {
        let p = pos("8/1b6/8/3pP3/8/5K2/8/7k w - d6 0 2");
        assert_eq!(
            explain(&p, "exd6"),
            Verdict::Illegal(IllegalReason::EnPassantOpensDiagonal {
                from: Square::E5,
                to: Square::D6,
                captured: Square::D5,
                attacker: Square::B7,
                king: Square::F3,
            })
        );
        assert_eq!(explain(&p, "e6").code(), "legal");
    }
}
