//! [`BoardView`]: a plain picture spec — the pieces, which side is at the bottom, and what is
//! drawn over them. It needs no legal position (king-less drill boards draw too) and is serde
//! (de)serialisable, so a reply can carry it and a shell can draw it later.

use serde::{Deserialize, Serialize};
use serde_with::{DisplayFromStr, serde_as};
use shakmaty::fen::Fen;
use shakmaty::{Board, Color, Position, Square};

use super::RenderError;
use super::marks::{Arrow, ArrowKind, Mark, MarkKind, Overlay};

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
///
/// Stored as JSON (the outbox keeps pictures to draw later): squares, the board and the
/// orientation are written as text (`"e4"`, the board part of a FEN, `"white"`), so the format
/// reads the same whatever the types inside become.
#[serde_as]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// The pieces (the board part of a FEN when serialised).
    #[serde_as(as = "DisplayFromStr")]
    pub board: Board,
    /// The side shown at the bottom (`"white"` or `"black"`).
    #[serde_as(as = "DisplayFromStr")]
    pub orientation: Color,
    /// The two squares of the last move, tinted.
    #[serde_as(as = "Option<(DisplayFromStr, DisplayFromStr)>")]
    #[serde(default)]
    pub last_move: Option<(Square, Square)>,
    /// The square of a king in check, drawn with a red glow. [`BoardView::from_fen`] and
    /// [`BoardView::from_position`] set it when the side to move is in check;
    /// [`BoardView::without_check`] leaves it out (for a question that asks whether it is).
    #[serde_as(as = "Option<DisplayFromStr>")]
    #[serde(default)]
    pub check: Option<Square>,
    /// Marks on squares.
    #[serde(default)]
    pub marks: Vec<Mark>,
    /// Arrows.
    #[serde(default)]
    pub arrows: Vec<Arrow>,
    /// Legal-move dots (a ring on occupied squares, where the move would capture).
    #[serde_as(as = "Vec<DisplayFromStr>")]
    #[serde(default)]
    pub dots: Vec<Square>,
    /// Whether to draw the file letters and rank numbers in the frame around the board.
    #[serde(default = "yes")]
    pub coordinates: bool,
    /// The side to move, when the view was made from a position ([`BoardView::from_position`],
    /// a whole FEN). A picture does not draw it; the board said in words
    /// (`crate::draw::speech`) begins with it. The words are made in the step, so a view kept
    /// to be drawn later (as JSON, in the outbox) does not keep it: stored views read and are
    /// written as before.
    #[serde(skip)]
    pub to_move: Option<Color>,
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
            to_move: None,
        }
    }

    /// A position seen from White, with its king marked when it is in check.
    #[must_use]
    pub fn from_position(pos: &impl Position) -> Self {
        let mut view = BoardView::new(pos.board().clone());
        view.to_move = Some(pos.turn());
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
        // A bare board part reads as a FEN too, White to move: only a written side counts.
        view.to_move = fen.split_whitespace().nth(1).map(|_| setup.turn);
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

    /// Adds marks.
    #[must_use]
    pub fn with_marks(mut self, marks: impl IntoIterator<Item = Mark>) -> Self {
        self.marks.extend(marks);
        self
    }

    /// Adds arrows.
    #[must_use]
    pub fn with_arrows(mut self, arrows: impl IntoIterator<Item = Arrow>) -> Self {
        self.arrows.extend(arrows);
        self
    }

    /// Leaves out the check glow, so the picture does not answer a question such as "is the
    /// king in check?".
    ///
    /// ```
    /// use chess_tutor_core::render::BoardView;
    /// let view = BoardView::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
    /// assert!(view.check.is_some());
    /// assert!(view.without_check().check.is_none());
    /// ```
    #[must_use]
    pub fn without_check(mut self) -> Self {
        self.check = None;
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

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Chess;

    #[test]
    fn serde_round_trip_keeps_everything_drawn() {
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
        // Everything but the side to move, which is said, not drawn.
        assert_eq!(
            back,
            BoardView {
                to_move: None,
                ..view
            }
        );
    }

    #[test]
    fn serde_defaults_and_errors() {
        let v: BoardView =
            serde_json::from_str(r#"{"board":"8/8/8/8/8/8/8/R7","orientation":"white"}"#).unwrap();
        assert!(v.coordinates && v.marks.is_empty() && v.last_move.is_none());
        for bad in [
            r#"{"board":"8/8/8/8/8/8/8/R7","orientation":"white","check":"z9"}"#,
            r#"{"board":"8/8/8/8/8/8/8/R7","orientation":"white","dots":["e4","i1"]}"#,
            r#"{"board":"8/8/8/8/8/8/8/R7","orientation":"white","last_move":["e2"]}"#,
            r#"{"board":"x","orientation":"white"}"#,
            r#"{"board":"8/8/8/8/8/8/8/R7","orientation":"red"}"#,
        ] {
            assert!(serde_json::from_str::<BoardView>(bad).is_err(), "{bad}");
        }
    }

    /// Pictures wait in the outbox as JSON: what the release before `serde_with` wrote (the
    /// hand-written adapters of commit 36d9dbe, every field used) still reads, and is written
    /// again byte for byte.
    #[test]
    fn board_views_stored_by_the_hand_written_adapters_still_read() {
        let golden = include_str!("golden/board-views-36d9dbe.json");
        let views: Vec<BoardView> = golden
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(views.len(), 3);
        let full = &views[0];
        assert_eq!(full.orientation, Color::Black);
        assert_eq!(full.last_move, Some((Square::A8, Square::E8)));
        assert_eq!(full.marks.len(), 5);
        assert_eq!(full.arrows[0].kind, ArrowKind::Move);
        assert_eq!(full.dots, vec![Square::D6, Square::F6]);
        assert_eq!(
            full.board.piece_at(Square::E4).map(|p| p.role),
            Some(shakmaty::Role::Knight)
        );
        assert!(!views[1].coordinates);
        assert_eq!(views[2].check, Some(Square::E8));
        for (line, view) in golden.lines().zip(&views) {
            assert_eq!(serde_json::to_string(view).unwrap(), line);
        }
    }

    #[test]
    fn without_check_leaves_the_glow_out_and_keeps_the_rest() {
        let view = BoardView::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
            .unwrap()
            .with_last_move(Square::E2, Square::E1);
        assert_eq!(view.check, Some(Square::E8));
        let asked = view.clone().without_check();
        assert_eq!(asked.check, None);
        assert_eq!(asked.last_move, view.last_move);
        assert_eq!(asked.board, view.board);
    }

    #[test]
    fn marks_and_arrows_are_added_in_bulk() {
        let view = BoardView::from_fen("8/8/8/8/8/8/8/R7")
            .unwrap()
            .with_marks([Mark {
                square: Square::A1,
                kind: MarkKind::Good,
            }])
            .with_arrows([
                Arrow {
                    from: Square::A1,
                    to: Square::A8,
                    kind: ArrowKind::Move,
                },
                Arrow {
                    from: Square::A8,
                    to: Square::H8,
                    kind: ArrowKind::Reply,
                },
            ]);
        assert_eq!(view.marks.len(), 1);
        assert_eq!(view.arrows.len(), 2);
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

    /// The side to move rides along for the board said in words, and is not stored with a
    /// picture to draw (the words are made before it is stored).
    #[test]
    fn the_side_to_move_is_kept_for_the_words_and_not_stored() {
        let v = BoardView::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
        assert_eq!(v.to_move, Some(Color::Black));
        let json = serde_json::to_string(&v).unwrap();
        assert!(!json.contains("to_move"), "{json}");
        let back = serde_json::from_str::<BoardView>(&json).unwrap();
        assert_eq!(back.to_move, None);
        assert_eq!(BoardView { to_move: None, ..v }, back);
        assert_eq!(
            BoardView::from_fen("8/8/8/3N4/8/8/8/8").unwrap().to_move,
            None
        );
        assert_eq!(
            BoardView::from_position(&Chess::default()).to_move,
            Some(Color::White)
        );
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
}
