//! 简体中文文案：用国际象棋老师的说法，术语与 CURRICULUM.md 一致。

use shakmaty::{Board, CastlingSide, Chess, Color, Position, Role, Square};

use super::join;
use crate::rules::effects::{Effect, MoveInfo};
use crate::rules::reason::{Castling, IllegalReason, RightLost};

/// 棋子的中文名。
#[must_use]
pub fn piece(role: Role) -> &'static str {
    match role {
        Role::King => "王",
        Role::Queen => "后",
        Role::Rook => "车",
        Role::Bishop => "象",
        Role::Knight => "马",
        Role::Pawn => "兵",
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "白方",
        Color::Black => "黑方",
    }
}

/// "e8的车"
fn what_on(board: &Board, sq: Square) -> String {
    match board.role_at(sq) {
        Some(role) => format!("{sq}的{}", piece(role)),
        None => format!("{sq}格"),
    }
}

fn all_on(board: &Board, squares: &[Square]) -> String {
    let parts: Vec<String> = squares.iter().map(|sq| what_on(board, *sq)).collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{}和{last}", init.join("、")),
    }
}

fn castle_name(c: Castling) -> &'static str {
    match c.side {
        CastlingSide::KingSide => "短易位（O-O）",
        CastlingSide::QueenSide => "长易位（O-O-O）",
    }
}

fn lost_by(lost: Option<&RightLost>) -> String {
    match lost {
        Some(RightLost::ByMove { san, .. }) => {
            format!("这一侧的易位权利在本局走{san}时就已经永久失去了。")
        }
        _ => String::new(),
    }
}

/// 走法被拒绝时的说明。
#[must_use]
#[allow(clippy::too_many_lines)]
pub fn reason(reason: &IllegalReason, board: &Board) -> String {
    use IllegalReason as R;
    match reason {
        R::NoPiece {
            from: Some(from), ..
        } => {
            format!("{from}格上没有棋子。请从有你自己棋子的格子走起。")
        }
        R::NoPiece {
            from: None,
            piece: p,
            to,
        } => match p {
            Some(p) => format!("你没有可以走到{to}的{}。", piece(*p)),
            None => format!("你没有可以走到{to}的棋子。"),
        },
        R::NotYourPiece {
            from,
            piece: p,
            owner,
        } => format!(
            "{from}的{}是{}的，现在轮到{}走：你只能走自己的棋子。",
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
            "你的{}不能走到{to}：那里站着你自己的{}，自己的棋子是不能吃的。",
            piece(*p),
            piece(*occupant)
        ),
        R::WrongMovement { piece: p, from, to } => wrong_movement(*p, *from, *to, board),
        R::PathBlocked {
            piece: Role::Pawn,
            blocker,
            ..
        } => format!(
            "兵走两格时，前面两格都必须是空的：{}挡在前面，兵不能跳过去。",
            what_on(board, *blocker)
        ),
        R::PathBlocked {
            piece: p,
            from,
            to,
            blocker,
        } => format!(
            "你的{}从{from}走不到{to}：路上有{}挡着。{}不能跳过棋子（只有马可以跳）。",
            piece(*p),
            what_on(board, *blocker),
            piece(*p)
        ),
        R::PawnForwardCapture { from, to } => format!(
            "{from}的兵不能向前走：{to}上有{}挡着。兵不能直着吃子，只能向斜前方吃一格。",
            board.role_at(*to).map_or("棋子", piece)
        ),
        R::PawnDiagonalNoCapture { from, to } => {
            format!("{from}的兵只有吃子时才能斜着走，而{to}是空格。")
        }
        R::PawnDoubleStepNotFromStart { from, .. } => format!(
            "兵只有第一步、还在原来的横线上时才能走两格。{from}的兵已经走过了，只能一次走一格。"
        ),
        R::EnPassantExpired { from, pawn, .. } => format!(
            "{from}的兵现在不能吃过路兵吃掉{pawn}的兵：只有对方的兵刚刚从原位一步走两格、停在你的兵旁边时，紧接着的下一步才可以吃，这个机会已经过去了。"
        ),
        R::PromotionPieceMissing { to, .. } => format!(
            "你的兵走到了底线{to}，必须在这一步同时升变：请说明升变成什么——后、车、象或马，例如 {to}=Q。"
        ),
        R::PromotionInvalidPiece { chosen, .. } => format!(
            "兵只能升变为同色的后、车、象或马，不能升变为{}。",
            piece(*chosen)
        ),
        R::PromotionNotAllowed { piece: p, to, .. } => {
            if *p == Role::Pawn {
                format!("只有走到底线的兵才能升变，{to}不在底线上：不要写升变的棋子。")
            } else {
                format!(
                    "只有兵走到底线才能升变，你的{}不能变成别的棋子。",
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
                "你的王不能吃{}：它受到{}的保护，王吃过去就会被将军。",
                what_on(board, *to),
                all_on(board, attackers)
            )
        }
        R::KingIntoCheck { to, attackers, .. } => {
            let by_king = attackers
                .iter()
                .any(|sq| board.role_at(*sq) == Some(Role::King));
            format!(
                "你的王不能走到{to}：那里受到{}的攻击，王永远不能走进将军。{}",
                all_on(board, attackers),
                if by_king {
                    "两个王不能相邻。"
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
            "你的{}（{from}）被{}牵制：走开它，你的王（{king}）就会被将军。",
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
            "{from}的兵不能吃过路兵：这一吃会让{from}和{captured}的两个兵同时离开第{}横线，{}就会直接攻击你的王（{king}）。这个兵并没有被牵制，它仍然可以向前走。",
            king.rank().char(),
            what_on(board, *attacker)
        ),
        R::StillInCheck { checkers, king, .. } => {
            let checker = checkers[0];
            let unblockable = matches!(board.role_at(checker), Some(Role::Knight | Role::Pawn))
                || checker.distance(*king) == 1;
            format!(
                "你的王（{king}）正被{}将军，这步棋没有应将。{}",
                what_on(board, checker),
                if unblockable {
                    "这个将军无法垫子阻挡：只能吃掉将军的棋子，或者把王走开。"
                } else {
                    "应将的办法：吃掉将军的棋子、垫子挡住，或者把王走开。"
                }
            )
        }
        R::DoubleCheckKingMustMove { checkers, king, .. } => format!(
            "你的王（{king}）被双将：{}同时在将军。垫子或吃子只能解决其中一个，所以只能走王。",
            all_on(board, checkers)
        ),
        R::CastlingKingMoved {
            castling,
            king,
            lost,
        } => format!(
            "不能{}：你的王在{king}，不在原位{}。只有从没走动过的王才能王车易位。{}",
            castle_name(*castling),
            castling.king_home(),
            lost_by(lost.as_ref())
        ),
        R::CastlingRookMoved { castling, lost } => format!(
            "不能{}：原来在{}的车已经走动过或被吃掉了，王车易位要求王和这个车都从没走动过。{}",
            castle_name(*castling),
            castling.rook_home(),
            lost_by(lost.as_ref())
        ),
        R::CastlingRightLost { castling, lost } => match lost {
            RightLost::KingOrRookMovedEarlier => format!(
                "不能{}：这个局面里你没有这一侧的易位权利（王和{}的车虽然都在原位）。在对局中，王或这个车一旦走动过，这一侧的易位权利就永久失去了，走回原位也不能恢复。",
                castle_name(*castling),
                castling.rook_home()
            ),
            RightLost::ByMove { .. } => format!(
                "不能{}：本局中你的王或{}的车已经走动过，回到原位也不能恢复易位的权利。{}",
                castle_name(*castling),
                castling.rook_home(),
                lost_by(Some(lost))
            ),
        },
        R::CastlingPiecesBetween { castling, blockers } => format!(
            "不能{}：王和车之间的格子必须全部是空的，但{}挡在中间。",
            castle_name(*castling),
            all_on(board, blockers)
        ),
        R::CastlingInCheck {
            castling,
            attackers,
        } => format!(
            "被将军时不能{}：{}正在将你的王。先应将。",
            castle_name(*castling),
            all_on(board, attackers)
        ),
        R::CastlingThroughCheck {
            castling,
            square,
            attackers,
        } => format!(
            "不能{}：王要经过{square}，而{square}受到{}的攻击。王不能经过被攻击的格子。",
            castle_name(*castling),
            all_on(board, attackers)
        ),
        R::CastlingIntoCheck {
            castling,
            square,
            attackers,
        } => format!(
            "不能{}：王会落在{square}，而{square}受到{}的攻击，王永远不能走进将军。",
            castle_name(*castling),
            all_on(board, attackers)
        ),
        R::GameOver {
            checkmate: true,
            side,
        } => {
            format!("这盘棋已经结束了：{}被将死。", side_name(*side))
        }
        R::GameOver {
            checkmate: false,
            side,
        } => format!(
            "这盘棋已经结束了：{}没有被将军，却无子可动——这是逼和，和棋。",
            side_name(*side)
        ),
    }
}

fn wrong_movement(p: Role, from: Square, to: Square, board: &Board) -> String {
    match p {
        Role::Knight => {
            format!("马走“日”字：先朝一个方向走两格，再向旁边走一格。从{from}到{to}不是“日”字。")
        }
        Role::Bishop => format!("象只能斜着走，从{from}到{to}不在一条斜线上。"),
        Role::Rook => format!("车只能沿直线或横线走，从{from}到{to}不在一条直线或横线上。"),
        Role::Queen => format!("后可以沿直线、横线和斜线走，但从{from}到{to}都不是。"),
        Role::King if from.rank() == to.rank() && from.distance(to) == 2 => format!(
            "王每次只走一格。只有王车易位时，王才从原位一次走两格——而你的王在{from}，不在原位。"
        ),
        Role::King => format!("王每次只能向任意方向走一格，从{from}到{to}太远了。"),
        Role::Pawn => {
            let white = board.color_at(from) != Some(Color::Black);
            let dr = i32::from(to.rank()) - i32::from(from.rank());
            let forward = if white { dr } else { -dr };
            if from == to {
                "一步棋必须走到另一个格子。".to_string()
            } else if forward < 0 {
                format!("兵永远不能后退，从{from}到{to}是往回走。")
            } else if forward == 0 {
                let mut text = format!("兵不能横着走，从{from}到{to}是沿横线走。");
                if let Some(behind) = super::en_passant_landing(board, from, to) {
                    text.push_str(&format!(
                        "旁边的兵如果刚刚一步走了两格，可以吃过路兵：你的兵斜走到它刚刚越过的{behind}格。"
                    ));
                }
                text
            } else if from.file() == to.file() {
                format!("兵每次向前走一格（在原位时可以走两格），从{from}到{to}走得太远了。")
            } else {
                format!("兵只能直着向前走，吃子时向斜前方走一格；从{from}到{to}两样都不是。")
            }
        }
    }
}

/// 合法走法的说明。
#[must_use]
pub fn legal(pos: &Chess, info: &MoveInfo) -> String {
    let words = what_it_does(info);
    let lead = if words.is_empty() {
        format!("{} 合法。", info.san)
    } else {
        format!("{} 合法：{words}", info.san)
    };
    effects(pos, info, lead)
}

/// 合法的一步做了什么，只用棋子名和格子（不用记谱字母）：给还没学记谱法的学员。
#[must_use]
pub fn legal_in_words(pos: &Chess, info: &MoveInfo) -> String {
    effects(pos, info, what_it_does(info))
}

/// 这步棋本身：哪个棋子从哪里走到哪里，或哪一边易位。
fn what_it_does(info: &MoveInfo) -> String {
    let mv = info.mv;
    match (mv.castling_side(), mv.from()) {
        (Some(CastlingSide::KingSide), _) => "短易位（王翼易位）。".to_owned(),
        (Some(CastlingSide::QueenSide), _) => "长易位（后翼易位）。".to_owned(),
        (None, Some(from)) => format!("{}从{from}走到{}。", piece(mv.role()), mv.to()),
        (None, None) => String::new(),
    }
}

fn effects(pos: &Chess, info: &MoveInfo, lead: String) -> String {
    let mv = info.mv;
    let mut s = lead;
    for effect in &info.effects {
        let part = match effect {
            Effect::Capture if !info.has(Effect::EnPassant) => {
                let victim = mv.capture().map_or("棋子", piece);
                format!("吃掉{}的{victim}。", mv.to())
            }
            Effect::EnPassant => {
                let pawn = Square::from_coords(
                    mv.to().file(),
                    mv.from().map_or(mv.to().rank(), Square::rank),
                );
                format!("吃过路兵，吃掉{pawn}的兵。")
            }
            Effect::Promotion => {
                format!("兵升变为{}。", piece(mv.promotion().unwrap_or(Role::Queen)))
            }
            Effect::Check if !info.has(Effect::Checkmate) && !info.has(Effect::DoubleCheck) => {
                "将军！".into()
            }
            Effect::DoubleCheck if !info.has(Effect::Checkmate) => "双将！".into(),
            Effect::Checkmate => "将死！对局结束。".into(),
            Effect::Stalemate => format!(
                "{}没有被将军，却无子可动：逼和，和棋。",
                side_name(!pos.turn())
            ),
            Effect::DrawInsufficientMaterial => "双方都已无法将死对方（子力不足）：和棋。".into(),
            _ => String::new(),
        };
        s.push_str(&part);
    }
    s
}

/// 多个棋子都能走到同一格时的说明。
#[must_use]
pub fn ambiguous(p: Role, froms: &[Square], to: Square) -> String {
    let example = froms
        .first()
        .map(|f| format!("，例如 {f}{to}"))
        .unwrap_or_default();
    format!(
        "有不止一个{}可以走到{to}（在{}）。请说明走哪一个{example}。",
        piece(p),
        join(froms, "和", "、")
    )
}

/// 输入可以是不同棋子、或走到不同格子的几步棋（只写了格子，或「车吃马」）时的提问：列出每一步，
/// 并示范怎样写得清楚。
#[must_use]
pub fn which_move(moves: &[(Role, Square, Square)]) -> String {
    let list: Vec<String> = moves
        .iter()
        .map(|(p, from, to)| format!("{from}的{}走到{to}", piece(*p)))
        .collect();
    let example = moves
        .first()
        .map(|(p, from, to)| format!("，例如写 {}{from}{to} 或 {from}{to}", piece(*p)))
        .unwrap_or_default();
    format!(
        "这可以是不止一步棋：{}。请说明是哪一步{example}。",
        list.join("，或")
    )
}

/// 两边都能易位、学员没说哪一边时的提问。
#[must_use]
pub fn which_castling() -> String {
    "这里两边都可以王车易位：请说明是短易位（O-O）还是长易位（O-O-O）。".into()
}

/// 看不懂的输入。
#[must_use]
pub fn unreadable(input: &str) -> String {
    format!("我没看懂“{input}”这步棋。请这样写：e2e4、e4、Nf3（或 马f3）、O-O（短易位）。")
}
