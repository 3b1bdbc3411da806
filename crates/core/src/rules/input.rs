//! Reading what a learner types: UCI (`e2e4`, `e7e8q`), SAN (`Nf3`, `exd5`, `e8=Q`), long form
//! (`e2-e4`, `Bf1-b5`, `Ng1xf3`), castling (`O-O`, `0-0-0`, `王车易位`, `短易位`, `长易位`) and
//! Chinese piece letters (`马f3`, `象f1-b5`, `后xh7`).
//!
//! Reading is syntax only: it never looks at a position. The leniency, spelled out:
//! - full-width characters (`ｅ２ｅ４`) and the ideographic space are read as ASCII;
//! - spaces anywhere are ignored; `+ # ! ?` and a trailing `e.p.` are ignored;
//! - `x`, `:`, `×` and `吃` all mean "captures"; `-`, `–`, `—` separate long-form squares;
//! - promotion may be written `e8=Q`, `e8Q`, `e8q`, `e8(Q)`, `e8/Q`;
//! - square letters may be upper case (`E4`); piece letters may be lower case where that is not
//!   a file (`nf3`, `qh5`); a lower-case `b` is read both as the b-file and as a bishop, and
//!   the position decides (`bxc3` is the pawn capture when a pawn can make it).
//!
//! One input can therefore have several readings; [`parse_input`] returns them in order of
//! preference.

use std::fmt;

use shakmaty::{CastlingSide, File, Rank, Role, Square};

/// Inputs longer than this are never a move; they are refused before any work.
pub const MAX_INPUT_CHARS: usize = 64;

/// One way to read the learner's input as a move, before looking at the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveInput {
    /// Two squares: UCI or long form. `piece` is the piece letter when one was written.
    Coords {
        /// The piece letter written in front, if any (`Bf1-b5`).
        piece: Option<Role>,
        /// The square the piece leaves.
        from: Square,
        /// The square it goes to.
        to: Square,
        /// The promotion letter, if any (may name a king or pawn: that is a rule error, not a
        /// reading error).
        promotion: Option<Role>,
    },
    /// Standard algebraic notation: a piece, optional disambiguation, a target square.
    San {
        /// The piece kind (`Role::Pawn` when no letter was written).
        piece: Role,
        /// A file given to tell pieces apart (for pawns: the file it comes from).
        file: Option<File>,
        /// A rank given to tell pieces apart.
        rank: Option<Rank>,
        /// Whether a capture sign was written.
        capture: bool,
        /// The target square.
        to: Square,
        /// The promotion letter, if any.
        promotion: Option<Role>,
    },
    /// Castling; `None` when the side was not said (`王车易位`).
    Castle(Option<CastlingSide>),
    /// A bare square (`e4`) when no pawn goes there: the one piece that can, whichever it is.
    AnyPieceTo {
        /// The target square.
        to: Square,
    },
    /// One kind of piece taking another, without squares (`车吃马`, `RxN`).
    Takes {
        /// The capturing piece.
        piece: Role,
        /// The piece taken.
        victim: Role,
    },
}

/// The input could not be read as a move in any accepted notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseInputError {
    /// What the learner typed (cut to [`MAX_INPUT_CHARS`] characters).
    pub input: String,
}

impl fmt::Display for ParseInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a move in any accepted notation: {:?}", self.input)
    }
}

impl std::error::Error for ParseInputError {}

/// Reads the learner's input, returning every plausible reading, most likely first.
///
/// # Errors
///
/// [`ParseInputError`] when the input is not a move in any accepted notation.
///
/// ```
/// use chess_tutor_core::rules::{MoveInput, parse_input};
/// use shakmaty::{Role, Square, CastlingSide};
///
/// let readings = parse_input("马f3").unwrap();
/// assert!(matches!(readings[0], MoveInput::San { piece: Role::Knight, to: Square::F3, .. }));
///
/// assert_eq!(parse_input("0-0-0").unwrap(), vec![MoveInput::Castle(Some(CastlingSide::QueenSide))]);
/// assert!(parse_input("hello").is_err());
/// ```
pub fn parse_input(input: &str) -> Result<Vec<MoveInput>, ParseInputError> {
    let input = &super::phrase::canonical(input).unwrap_or_else(|| input.to_owned());
    let err = || ParseInputError {
        input: input.chars().take(MAX_INPUT_CHARS).collect(),
    };
    if input.chars().count() > MAX_INPUT_CHARS {
        return Err(err());
    }
    let compact: String = input.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(side) = castling_word(&compact) {
        return Ok(vec![MoveInput::Castle(side)]);
    }
    let s = normalize(strip_en_passant_words(&compact));
    if let Some(side) = castling_word(&s) {
        return Ok(vec![MoveInput::Castle(side)]);
    }
    let s = strip_annotations(&s);
    let b = s.as_bytes();
    if b.is_empty() || !b.is_ascii() {
        return Err(err());
    }
    if let Some(side) = castling_ascii(&s) {
        return Ok(vec![MoveInput::Castle(Some(side))]);
    }
    if let [piece, b'x', victim] = b
        && piece.is_ascii_uppercase()
        && victim.is_ascii_uppercase()
        && let (Some(piece), Some(victim)) = (role_of(*piece), role_of(*victim))
    {
        return Ok(vec![MoveInput::Takes { piece, victim }]);
    }
    let mut out = Vec::new();
    let coords = parse_coords(b);
    // `B5h6` is a bishop told apart by its rank, not the squares b5-h6: a capital B that reads
    // as SAN names the bishop, and the squares are read only when it does not, so that
    // `B1a3` is never the knight's b1-a3. A lower-case `b2c3` is the squares first (and then
    // exact: see `explain`).
    let bishop_first =
        b[0] == b'B' && matches!(coords, Some(MoveInput::Coords { piece: None, .. }));
    let san = parse_san(b);
    if bishop_first {
        if san.is_empty() {
            out.extend(coords);
        }
    } else {
        out.extend(coords);
    }
    out.extend(san);
    // A bare square is a pawn move first, then whatever piece can go there.
    if b.len() == 2
        && b[0].is_ascii_lowercase()
        && let Some(to) = square_at(b, 0)
    {
        out.push(MoveInput::AnyPieceTo { to });
    }
    if out.is_empty() { Err(err()) } else { Ok(out) }
}

/// Full-width to ASCII, Chinese piece names to letters, spaces removed.
fn normalize(input: &str) -> String {
    let mut s = String::with_capacity(input.len());
    let mut chars = input.chars().peekable();
    while let Some(c) = chars.next() {
        let c = match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        };
        match c {
            c if c.is_whitespace() => {}
            '皇' if chars.peek() == Some(&'后') => {}
            '王' if chars.peek() == Some(&'车') || chars.peek() == Some(&'車') => s.push('王'),
            '王' => s.push('K'),
            '后' => s.push('Q'),
            '车' | '車' => s.push('R'),
            '象' | '相' => s.push('B'),
            '马' | '馬' => s.push('N'),
            '兵' | '卒' => s.push('P'),
            '♔' | '♚' => s.push('K'),
            '♕' | '♛' => s.push('Q'),
            '♖' | '♜' => s.push('R'),
            '♗' | '♝' => s.push('B'),
            '♘' | '♞' => s.push('N'),
            '♙' | '♟' => s.push('P'),
            '吃' | '×' => s.push('x'),
            '–' | '—' | '－' => s.push('-'),
            '：' => s.push(':'),
            _ => s.push(c),
        }
    }
    s
}

/// `exd6吃过路兵`, `exd6（吃过路兵）`: the words only say what the squares already say.
fn strip_en_passant_words(s: &str) -> &str {
    const WORDS: [&str; 4] = ["吃过路兵", "吃過路兵", "过路兵", "過路兵"];
    let t = s.trim_end_matches([')', '）']);
    for word in WORDS {
        if let Some(rest) = t.strip_suffix(word) {
            let rest = rest.trim_end_matches(['(', '（', ',', '，']);
            if !rest.is_empty() {
                return rest;
            }
        }
    }
    s
}

fn castling_word(s: &str) -> Option<Option<CastlingSide>> {
    const SHORT: [&str; 4] = ["短易位", "王翼易位", "短王车易位", "王翼王车易位"];
    const LONG: [&str; 5] = ["长易位", "長易位", "后翼易位", "长王车易位", "后翼王车易位"];
    let s = s.trim_end_matches(['+', '#', '!', '?', '。']);
    if SHORT.contains(&s) {
        Some(Some(CastlingSide::KingSide))
    } else if LONG.contains(&s) {
        Some(Some(CastlingSide::QueenSide))
    } else if s == "王车易位" || s == "王車易位" || s == "易位" {
        Some(None)
    } else {
        None
    }
}

fn castling_ascii(s: &str) -> Option<CastlingSide> {
    let t: String = s
        .chars()
        .filter(|c| *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    match t.as_str() {
        "OO" | "00" => Some(CastlingSide::KingSide),
        "OOO" | "000" => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

fn strip_annotations(s: &str) -> String {
    let mut t = s.trim_end_matches(['+', '#', '!', '?']).to_string();
    for suffix in ["e.p.", "ep", "e.p", "E.P."] {
        if let Some(rest) = t.strip_suffix(suffix)
            && rest.len() >= 2
        {
            t = rest.to_string();
            break;
        }
    }
    t.trim_end_matches(['+', '#', '!', '?']).to_string()
}

fn file_of(c: u8) -> Option<File> {
    match c.to_ascii_lowercase() {
        c @ b'a'..=b'h' => Some(File::new(u32::from(c - b'a'))),
        _ => None,
    }
}

fn rank_of(c: u8) -> Option<Rank> {
    match c {
        b'1'..=b'8' => Some(Rank::new(u32::from(c - b'1'))),
        _ => None,
    }
}

fn square_at(b: &[u8], i: usize) -> Option<Square> {
    Some(Square::from_coords(
        file_of(*b.get(i)?)?,
        rank_of(*b.get(i + 1)?)?,
    ))
}

/// A piece letter in either case (`P` and `K` included: a promotion to them is a rule error).
fn role_of(c: u8) -> Option<Role> {
    Role::from_char(char::from(c.to_ascii_lowercase()))
}

/// Reads the promotion part at the end of `b`: `=Q`, `Q`, `(Q)`, `/Q`. Returns the role and the
/// remaining prefix.
fn split_promotion(b: &[u8]) -> (Option<Role>, &[u8]) {
    let mut end = b.len();
    if end > 0 && b[end - 1] == b')' {
        end -= 1;
    }
    if end >= 3
        && let Some(role) = role_of(b[end - 1])
    {
        let mut rest = end - 1;
        if matches!(b[rest - 1], b'=' | b'(' | b'/') {
            rest -= 1;
        }
        // Only after a rank digit, so that `Bb5` is not read as a promotion.
        if rest >= 1 && rank_of(b[rest - 1]).is_some() {
            return (Some(role), &b[..rest]);
        }
    }
    (None, b)
}

fn parse_coords(b: &[u8]) -> Option<MoveInput> {
    let (promotion, b) = split_promotion(b);
    let (piece, (from, to)) = match coords_body(b) {
        Some(squares) => (None, squares),
        None => (Some(role_of(*b.first()?)?), coords_body(&b[1..])?),
    };
    Some(MoveInput::Coords {
        piece,
        from,
        to,
        promotion,
    })
}

/// `e2e4`, `e2-e4`, `e2xe4`, `e2:e4`.
fn coords_body(b: &[u8]) -> Option<(Square, Square)> {
    let from = square_at(b, 0)?;
    let (to_at, len) = match b.get(2) {
        Some(b'-' | b'x' | b'X' | b':') => (3, 5),
        _ => (2, 4),
    };
    if b.len() != len {
        return None;
    }
    Some((from, square_at(b, to_at)?))
}

fn parse_san(b: &[u8]) -> Vec<MoveInput> {
    let (promotion, b) = split_promotion(b);
    let mut readings = Vec::new();
    let first = b[0];
    // Which piece letters the first character can be.
    let mut heads: Vec<(Role, &[u8])> = Vec::new();
    match first {
        b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'k' | b'q' | b'r' | b'n' | b'p' => {
            if let Some(role) = role_of(first) {
                heads.push((role, &b[1..]));
            }
        }
        _ => {}
    }
    // A pawn move (no letter): always a candidate, and first for a lower-case `b`; an
    // upper-case `B` is the bishop.
    if first == b'B' {
    } else if first != b'b' || b.len() < 2 {
        heads.push((Role::Pawn, b));
    } else {
        heads.insert(0, (Role::Pawn, b));
        heads.push((Role::Bishop, &b[1..]));
    }
    // A bare `B4` is the b-file typed in capitals; `B5h6` is a bishop told apart by its rank.
    if first == b'B' && b.len() == 2 && b[1].is_ascii_digit() {
        heads = vec![(Role::Pawn, b)];
    }
    for (piece, rest) in heads {
        if let Some(r) = san_body(piece, rest, promotion)
            && !readings.contains(&r)
        {
            readings.push(r);
        }
    }
    readings
}

/// `[file][rank][x]square` after the piece letter.
fn san_body(piece: Role, b: &[u8], promotion: Option<Role>) -> Option<MoveInput> {
    if b.len() < 2 {
        return None;
    }
    let to = square_at(b, b.len() - 2)?;
    let mut head = &b[..b.len() - 2];
    let mut capture = false;
    if let Some((&last, rest)) = head.split_last()
        && matches!(last, b'x' | b'X' | b':' | b'-')
    {
        capture = last != b'-';
        head = rest;
    }
    let (file, rank) = match head {
        [] => (None, None),
        [c] => match (file_of(*c), rank_of(*c)) {
            (Some(f), _) => (Some(f), None),
            (_, Some(r)) => (None, Some(r)),
            _ => return None,
        },
        [f, r] => (Some(file_of(*f)?), Some(rank_of(*r)?)),
        _ => return None,
    };
    if piece == Role::Pawn {
        // A pawn move names no rank in front of the target; `ed5` means `exd5`.
        if rank.is_some() && file.is_none() {
            return None;
        }
        if file.is_some_and(|f| f != to.file()) {
            capture = true;
        }
    }
    Some(MoveInput::San {
        piece,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(s: &str) -> MoveInput {
        parse_input(s).unwrap().remove(0)
    }

    #[test]
    fn uci_and_long_form() {
        let e2e4 = MoveInput::Coords {
            piece: None,
            from: Square::E2,
            to: Square::E4,
            promotion: None,
        };
        for s in ["e2e4", "e2-e4", "E2E4", "ｅ２－ｅ４", " e2 e4 ", "e2—e4"] {
            assert_eq!(first(s), e2e4, "{s}");
        }
        assert_eq!(
            first("e7e8q"),
            MoveInput::Coords {
                piece: None,
                from: Square::E7,
                to: Square::E8,
                promotion: Some(Role::Queen)
            }
        );
        assert_eq!(
            first("Bf1-b5"),
            MoveInput::Coords {
                piece: Some(Role::Bishop),
                from: Square::F1,
                to: Square::B5,
                promotion: None
            }
        );
        assert_eq!(
            first("Ng1xf3"),
            MoveInput::Coords {
                piece: Some(Role::Knight),
                from: Square::G1,
                to: Square::F3,
                promotion: None
            }
        );
        assert!(matches!(
            first("象f1-b5"),
            MoveInput::Coords {
                piece: Some(Role::Bishop),
                ..
            }
        ));
    }

    #[test]
    fn san_forms() {
        assert!(matches!(
            first("Nf3+"),
            MoveInput::San {
                piece: Role::Knight,
                to: Square::F3,
                capture: false,
                ..
            }
        ));
        assert!(matches!(
            first("nf3"),
            MoveInput::San {
                piece: Role::Knight,
                ..
            }
        ));
        assert!(matches!(
            first("exd5"),
            MoveInput::San {
                piece: Role::Pawn,
                file: Some(File::E),
                capture: true,
                ..
            }
        ));
        assert!(matches!(
            first("e8=Q#"),
            MoveInput::San {
                piece: Role::Pawn,
                promotion: Some(Role::Queen),
                ..
            }
        ));
        assert!(matches!(
            first("后xh7"),
            MoveInput::San {
                piece: Role::Queen,
                capture: true,
                to: Square::H7,
                ..
            }
        ));
        assert!(matches!(
            first("马吃f3"),
            MoveInput::San {
                piece: Role::Knight,
                capture: true,
                ..
            }
        ));
        assert!(matches!(
            first("Nbd2"),
            MoveInput::San {
                piece: Role::Knight,
                file: Some(File::B),
                ..
            }
        ));
        assert!(matches!(
            first("R1a3"),
            MoveInput::San {
                piece: Role::Rook,
                rank: Some(Rank::First),
                ..
            }
        ));
        assert!(matches!(
            first("dxe6 e.p."),
            MoveInput::San {
                piece: Role::Pawn,
                to: Square::E6,
                ..
            }
        ));
    }

    #[test]
    fn lower_case_b_has_two_readings() {
        let r = parse_input("bxc3").unwrap();
        assert!(matches!(
            r[0],
            MoveInput::San {
                piece: Role::Pawn,
                ..
            }
        ));
        assert!(r.iter().any(|m| matches!(
            m,
            MoveInput::San {
                piece: Role::Bishop,
                ..
            }
        )));
        // Upper case is the bishop only.
        let r = parse_input("Bxc3").unwrap();
        assert!(r.iter().all(|m| matches!(
            m,
            MoveInput::San {
                piece: Role::Bishop,
                ..
            }
        )));
        // `B5h6` is a bishop with its rank given, not the b-file.
        assert!(parse_input("B5h6").unwrap().iter().any(|m| matches!(
            m,
            MoveInput::San {
                piece: Role::Bishop,
                rank: Some(Rank::Fifth),
                to: Square::H6,
                ..
            }
        )));
        // `B4` is a pawn move typed in capitals.
        assert!(matches!(
            first("B4"),
            MoveInput::San {
                piece: Role::Pawn,
                to: Square::B4,
                ..
            }
        ));
    }

    #[test]
    fn beginner_forms() {
        // A bare square: the pawn first, then any piece.
        let r = parse_input("e4").unwrap();
        assert!(matches!(
            r[0],
            MoveInput::San {
                piece: Role::Pawn,
                ..
            }
        ));
        assert_eq!(r.last(), Some(&MoveInput::AnyPieceTo { to: Square::E4 }));
        assert_eq!(
            parse_input("车吃马").unwrap(),
            vec![MoveInput::Takes {
                piece: Role::Rook,
                victim: Role::Knight
            }]
        );
        assert_eq!(
            parse_input("RxN").unwrap(),
            vec![MoveInput::Takes {
                piece: Role::Rook,
                victim: Role::Knight
            }]
        );
        assert!(matches!(
            first("卒e5"),
            MoveInput::San {
                piece: Role::Pawn,
                to: Square::E5,
                ..
            }
        ));
        assert!(matches!(
            first("♞f6"),
            MoveInput::San {
                piece: Role::Knight,
                to: Square::F6,
                ..
            }
        ));
        assert_eq!(first("exd6吃过路兵"), first("exd6"));
        assert_eq!(first("e5xd6（吃过路兵）"), first("e5xd6"));
        // `bxc3` is still a pawn or a bishop, never "b takes c".
        assert!(
            parse_input("bxc3")
                .unwrap()
                .iter()
                .all(|m| !matches!(m, MoveInput::Takes { .. }))
        );
    }

    #[test]
    fn castling() {
        for s in ["O-O", "0-0", "o-o", "OO", "短易位", "王翼易位", "O-O+"] {
            assert_eq!(
                parse_input(s).unwrap(),
                vec![MoveInput::Castle(Some(CastlingSide::KingSide))],
                "{s}"
            );
        }
        for s in ["O-O-O", "0-0-0", "长易位", "后翼易位"] {
            assert_eq!(
                parse_input(s).unwrap(),
                vec![MoveInput::Castle(Some(CastlingSide::QueenSide))],
                "{s}"
            );
        }
        assert_eq!(
            parse_input("王车易位").unwrap(),
            vec![MoveInput::Castle(None)]
        );
    }

    #[test]
    fn unreadable() {
        for s in [
            "", "hello", "e9", "i2i4", "Nf", "🙂", "x", "e2e4e5", "Zf3", "马", "ｘ",
        ] {
            assert!(parse_input(s).is_err(), "{s:?}");
        }
        assert!(parse_input(&"e4".repeat(1000)).is_err());
    }
}
