//! [`BoardView`]: a plain picture spec — the pieces, which side is at the bottom, and what is
//! drawn over them. It needs no legal position (king-less drill boards draw too) and is serde
//! (de)serialisable, so a reply can carry it and a shell can draw it later.

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::{Board, Color, Position, Square};

use super::RenderError;
use super::overlay::Overlay;

/// What a mark on a square means; each kind has its own colour and shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    /// An enemy piece that attacks, pins or gives check: a red frame.
    Attacker,
    /// A square the king may not stand on or cross: a red cross.
    Forbidden,
    /// A piece in the way: an orange ring.
    Blocker,
    /// A square to look at: a blue frame.
    Highlight,
    /// A good square (a goal, a right answer): a green ring.
    Good,
}

impl MarkKind {
    /// Every kind, in drawing order.
    pub const ALL: [MarkKind; 5] = [
        MarkKind::Highlight,
        MarkKind::Good,
        MarkKind::Blocker,
        MarkKind::Attacker,
        MarkKind::Forbidden,
    ];

    /// The kind's name as used on the command line and in JSON (`attacker`, …).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MarkKind::Attacker => "attacker",
            MarkKind::Forbidden => "forbidden",
            MarkKind::Blocker => "blocker",
            MarkKind::Highlight => "highlight",
            MarkKind::Good => "good",
        }
    }
}

impl std::str::FromStr for MarkKind {
    type Err = RenderError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MarkKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| RenderError::BadMarkKind(s.to_owned()))
    }
}

/// What an arrow means; each kind has its own colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArrowKind {
    /// A line of attack: a pin, a check, an attack on a square, a refuting reply (red).
    Attack,
    /// The move under discussion, usually the one the learner tried (blue).
    Move,
    /// A good move: a hint or the solution (green).
    Good,
}

/// A mark on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// The marked square.
    #[serde(with = "square")]
    pub square: Square,
    /// What the mark means.
    pub kind: MarkKind,
}

/// An arrow from one square to another (knight moves are drawn as an L).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrow {
    /// Where the arrow starts.
    #[serde(with = "square")]
    pub from: Square,
    /// Where it points.
    #[serde(with = "square")]
    pub to: Square,
    /// What it means.
    pub kind: ArrowKind,
}

/// Everything a board picture shows.
///
/// ```
/// use chess_tutor_core::render::{BoardView, MarkKind};
/// use shakmaty::Square;
/// let view = BoardView::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
///     .unwrap()
///     .with_last_move(Square::E2, Square::E1)
///     .with_mark(Square::H1, MarkKind::Highlight);
/// let svg = chess_tutor_core::render::svg(&view, 512);
/// assert!(svg.starts_with("<svg"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// The pieces (the board part of a FEN when serialised).
    #[serde(with = "board_fen")]
    pub board: Board,
    /// The side shown at the bottom.
    #[serde(with = "color_name")]
    pub orientation: Color,
    /// The two squares of the last move, tinted.
    #[serde(default, with = "square_pair")]
    pub last_move: Option<(Square, Square)>,
    /// The square of a king in check, drawn with a red glow.
    #[serde(default, with = "opt_square")]
    pub check: Option<Square>,
    /// Marks on squares.
    #[serde(default)]
    pub marks: Vec<Mark>,
    /// Arrows.
    #[serde(default)]
    pub arrows: Vec<Arrow>,
    /// Legal-move dots (a ring on occupied squares, where the move would capture).
    #[serde(default, with = "squares")]
    pub dots: Vec<Square>,
    /// Whether to draw the file letters and rank numbers on the edge squares.
    #[serde(default = "yes")]
    pub coordinates: bool,
}

fn yes() -> bool {
    true
}

impl BoardView {
    /// A board seen from White, with coordinates and nothing drawn over it.
    #[must_use]
    pub fn new(board: Board) -> Self {
        BoardView {
            board,
            orientation: Color::White,
            last_move: None,
            check: None,
            marks: Vec::new(),
            arrows: Vec::new(),
            dots: Vec::new(),
            coordinates: true,
        }
    }

    /// A position seen from White, with its king marked when it is in check.
    #[must_use]
    pub fn from_position(pos: &impl Position) -> Self {
        let mut view = BoardView::new(pos.board().clone());
        if pos.is_check() {
            view.check = pos.board().king_of(pos.turn());
        }
        view
    }

    /// Reads a FEN (a full one or only its board part). Legality is not required: king-less
    /// drill boards and impossible positions draw too. The king of the side to move is
    /// marked when it is attacked.
    ///
    /// # Errors
    ///
    /// [`RenderError::BadFen`] when the text is not a FEN.
    pub fn from_fen(fen: &str) -> Result<Self, RenderError> {
        let fen = fen.trim();
        let setup = match fen.parse::<Fen>() {
            Ok(f) => f.into_setup(),
            Err(e) => {
                // A bare board part is fine too.
                let board = fen
                    .parse::<Board>()
                    .map_err(|_| RenderError::BadFen(fen.to_owned(), e.to_string()))?;
                return Ok(BoardView::new(board));
            }
        };
        let mut view = BoardView::new(setup.board.clone());
        if let Some(king) = setup.board.king_of(setup.turn) {
            let attackers = setup
                .board
                .attacks_to(king, !setup.turn, setup.board.occupied());
            if attackers.any() {
                view.check = Some(king);
            }
        }
        Ok(view)
    }

    /// The same view seen from the other side.
    #[must_use]
    pub fn flipped(mut self) -> Self {
        self.orientation = !self.orientation;
        self
    }

    /// Seen from `color`.
    #[must_use]
    pub fn with_orientation(mut self, color: Color) -> Self {
        self.orientation = color;
        self
    }

    /// Tints the two squares of the last move.
    #[must_use]
    pub fn with_last_move(mut self, from: Square, to: Square) -> Self {
        self.last_move = Some((from, to));
        self
    }

    /// Adds a mark.
    #[must_use]
    pub fn with_mark(mut self, square: Square, kind: MarkKind) -> Self {
        self.marks.push(Mark { square, kind });
        self
    }

    /// Adds an arrow.
    #[must_use]
    pub fn with_arrow(mut self, from: Square, to: Square, kind: ArrowKind) -> Self {
        self.arrows.push(Arrow { from, to, kind });
        self
    }

    /// Adds legal-move dots.
    #[must_use]
    pub fn with_dots(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
        self.dots.extend(squares);
        self
    }

    /// Adds the marks and arrows of an [`Overlay`] (an explanation drawn on the board).
    #[must_use]
    pub fn with_overlay(mut self, overlay: Overlay) -> Self {
        self.marks.extend(overlay.marks);
        self.arrows.extend(overlay.arrows);
        self
    }
}

mod square {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use shakmaty::Square;

    pub fn serialize<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(sq)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("not a square: {text:?}")))
    }
}

mod opt_square {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};
    use shakmaty::Square;

    #[allow(clippy::ref_option)] // serde's `with` hands us `&Option<_>`.
    pub fn serialize<S: Serializer>(sq: &Option<Square>, s: S) -> Result<S::Ok, S::Error> {
        sq.map(|q| q.to_string()).serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Square>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|t| {
                t.parse()
                    .map_err(|_| D::Error::custom(format!("not a square: {t:?}")))
            })
            .transpose()
    }
}

mod squares {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};
    use shakmaty::Square;

    pub fn serialize<S: Serializer>(sqs: &[Square], s: S) -> Result<S::Ok, S::Error> {
        sqs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Square>, D::Error> {
        Vec::<String>::deserialize(d)?
            .into_iter()
            .map(|t| {
                t.parse()
                    .map_err(|_| D::Error::custom(format!("not a square: {t:?}")))
            })
            .collect()
    }
}

mod square_pair {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};
    use shakmaty::Square;

    #[allow(clippy::ref_option)] // serde's `with` hands us `&Option<_>`.
    pub fn serialize<S: Serializer>(
        pair: &Option<(Square, Square)>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        pair.map(|(a, b)| [a.to_string(), b.to_string()])
            .serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<(Square, Square)>, D::Error> {
        let Some([a, b]) = Option::<[String; 2]>::deserialize(d)? else {
            return Ok(None);
        };
        let p = |t: &str| {
            t.parse::<Square>()
                .map_err(|_| D::Error::custom(format!("not a square: {t:?}")))
        };
        Ok(Some((p(&a)?, p(&b)?)))
    }
}

mod board_fen {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use shakmaty::Board;

    pub fn serialize<S: Serializer>(board: &Board, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(board)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("not a FEN board: {text:?}")))
    }
}

mod color_name {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(c.fold_wb("white", "black"))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(D::Error::custom(format!(
                "orientation is \"white\" or \"black\", not {other:?}"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Chess;

    #[test]
    fn serde_round_trip_keeps_everything() {
        let view = BoardView::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
            .unwrap()
            .flipped()
            .with_last_move(Square::E2, Square::E1)
            .with_mark(Square::F1, MarkKind::Forbidden)
            .with_arrow(Square::A8, Square::A1, ArrowKind::Attack)
            .with_dots([Square::D1, Square::F1]);
        let json = serde_json::to_string(&view).unwrap();
        assert!(
            json.contains(r#""board":"r3k2r/8/8/8/8/8/8/R3K2R""#),
            "{json}"
        );
        assert!(json.contains(r#""orientation":"black""#), "{json}");
        assert!(json.contains(r#""last_move":["e2","e1"]"#), "{json}");
        assert!(json.contains(r#""kind":"forbidden""#), "{json}");
        let back: BoardView = serde_json::from_str(&json).unwrap();
        assert_eq!(back, view);
    }

    #[test]
    fn serde_defaults_and_errors() {
        let v: BoardView =
            serde_json::from_str(r#"{"board":"8/8/8/8/8/8/8/R7","orientation":"white"}"#).unwrap();
        assert!(v.coordinates && v.marks.is_empty() && v.last_move.is_none());
        let bad = serde_json::from_str::<BoardView>(
            r#"{"board":"8/8/8/8/8/8/8/R7","orientation":"white","check":"z9"}"#,
        );
        assert!(bad.unwrap_err().to_string().contains("not a square"));
        let bad = serde_json::from_str::<BoardView>(r#"{"board":"x","orientation":"white"}"#);
        assert!(bad.unwrap_err().to_string().contains("not a FEN board"));
    }

    #[test]
    fn check_is_found_without_a_legal_position() {
        // Black to move and in check from the rook; White has no king at all.
        let v = BoardView::from_fen("4k3/8/8/8/8/8/8/4R3 b - - 0 1").unwrap();
        assert_eq!(v.check, Some(Square::E8));
        let v = BoardView::from_fen("4k3/8/8/8/8/8/8/3R4 b - - 0 1").unwrap();
        assert_eq!(v.check, None);
    }

    #[test]
    fn drill_boards_and_bare_board_fens_are_accepted() {
        let v = BoardView::from_fen("8/8/8/3N4/8/8/8/8").unwrap();
        assert_eq!(v.board.occupied().count(), 1);
    }

    #[test]
    fn bad_fen_is_an_error_naming_the_input() {
        let e = BoardView::from_fen("rnbqkbnr/pppppppp/9/8 w").unwrap_err();
        assert!(e.to_string().contains("rnbqkbnr/pppppppp/9/8 w"), "{e}");
    }

    #[test]
    fn from_position_marks_check() {
        let pos: Chess = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        assert_eq!(BoardView::from_position(&pos).check, Some(Square::E8));
    }

    #[test]
    fn mark_kind_names_round_trip() {
        for k in MarkKind::ALL {
            assert_eq!(k.name().parse::<MarkKind>().unwrap(), k);
        }
        assert!("purple".parse::<MarkKind>().is_err());
    }
}
