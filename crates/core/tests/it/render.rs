//! Board pictures: SVG snapshots, PNGs decoded and sampled, every shipped position drawn,
//! and the `render` subcommand's contract.

use chess_tutor_core::content::puzzle::MatePuzzle;
use chess_tutor_core::draw;
use chess_tutor_core::render::layout::{self, BOTTOM, CANVAS, LEFT, SQUARE, TOP};
use chess_tutor_core::render::{self, ArrowKind, BoardView, MarkKind, Palette, Rgb};
use chess_tutor_core::rules::{self, IllegalReason};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position, Role, Square};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A decoded PNG: width, height and RGB bytes.
struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Picture {
    fn decode(bytes: &[u8]) -> Picture {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
        let info = reader.next_frame(&mut buf).expect("PNG data");
        assert_eq!(
            info.color_type,
            png::ColorType::Rgb,
            "opaque RGB after expansion"
        );
        buf.truncate(info.buffer_size());
        Picture {
            width: info.width,
            height: info.height,
            rgb: buf,
        }
    }

    fn at(&self, x: u32, y: u32) -> Rgb {
        let i = ((y * self.width + x) * 3) as usize;
        Rgb(self.rgb[i], self.rgb[i + 1], self.rgb[i + 2])
    }

    /// Pixels a canvas unit.
    fn scale(&self) -> f32 {
        self.width as f32 / CANVAS
    }

    /// The pixel at a point of the canvas (in canvas units).
    fn at_canvas(&self, x: f32, y: f32) -> Rgb {
        let s = self.scale();
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        self.at((x * s) as u32, (y * s) as u32)
    }

    /// The colour at a point of a display square (column and row from the top left), given
    /// as fractions of the square.
    fn in_square(&self, col: u32, row: u32, fx: f32, fy: f32) -> Rgb {
        self.at_canvas(
            LEFT + (col as f32 + fx) * SQUARE,
            TOP + (row as f32 + fy) * SQUARE,
        )
    }

    /// The pixels of a rectangle given in canvas units.
    fn pixels_in(&self, x: f32, y: f32, w: f32, h: f32) -> Vec<Rgb> {
        let s = self.scale();
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let (x0, y0, x1, y1) = (
            (x * s).round() as u32,
            (y * s).round() as u32,
            ((x + w) * s).round() as u32,
            ((y + h) * s).round() as u32,
        );
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .map(|(x, y)| self.at(x, y))
            .collect()
    }

    /// The pixels of a display square.
    fn square_pixels(&self, col: u32, row: u32) -> Vec<Rgb> {
        self.pixels_in(
            LEFT + col as f32 * SQUARE,
            TOP + row as f32 * SQUARE,
            SQUARE,
            SQUARE,
        )
    }

    /// How many pixels of a display square have exactly this colour.
    fn count_in_square(&self, col: u32, row: u32, colour: Rgb) -> usize {
        self.square_pixels(col, row)
            .into_iter()
            .filter(|c| *c == colour)
            .count()
    }
}

fn close(a: Rgb, b: Rgb, tolerance: u8) -> bool {
    a.0.abs_diff(b.0) <= tolerance
        && a.1.abs_diff(b.1) <= tolerance
        && a.2.abs_diff(b.2) <= tolerance
}

// ---------------------------------------------------------------- SVG snapshots

#[test]
fn svg_snapshot_start_position() {
    let view = BoardView::from_fen(START).unwrap();
    insta::assert_snapshot!("start_512", render::svg(&view, 512));
}

#[test]
fn svg_snapshot_pin_explained_from_blacks_side() {
    let why = IllegalReason::Pinned {
        piece: Role::Knight,
        from: Square::E4,
        to: Square::C5,
        pinner: Square::E8,
        king: Square::E1,
    };
    let view = BoardView::from_fen("4r1k1/pp3ppp/8/8/4N3/8/PP3PPP/4K2R w K - 0 1")
        .unwrap()
        .with_last_move(Square::A8, Square::E8)
        .with_overlay(draw::reason(&why))
        .flipped();
    insta::assert_snapshot!("pin_flipped_256", render::svg(&view, 256));
}

#[test]
fn svg_snapshot_drill_board_with_dots_marks_and_check() {
    // A king-less drill: the rook's moves, a blocker, a good square; no coordinates.
    let mut view = BoardView::from_fen("8/8/8/3p4/8/8/3R2P1/8")
        .unwrap()
        .with_dots([
            Square::D3,
            Square::D4,
            Square::D5,
            Square::C2,
            Square::E2,
            Square::D1,
        ])
        .with_mark(Square::G2, MarkKind::Blocker)
        .with_mark(Square::D5, MarkKind::Good)
        .with_arrow(Square::D2, Square::D5, ArrowKind::Good);
    view.coordinates = false;
    insta::assert_snapshot!("drill_128", render::svg(&view, 128));
}

#[test]
fn svg_snapshot_puzzle_refusal_and_blocked_rook() {
    // Re8+? Rxe8: the learner's move (blue) and the reply (magenta), stopping at e8's edge.
    let puzzle = BoardView::from_fen("1r4k1/p1p2ppp/3p4/2pRR3/8/1P6/PqP2PPP/3Q2K1 w - - 0 21")
        .unwrap()
        .with_arrow(Square::E5, Square::E8, ArrowKind::Move)
        .with_overlay(draw::reply_squares(&[(Square::B8, Square::E8)]));
    insta::assert_snapshot!("puzzle_refusal_256", render::svg(&puzzle, 256));
    // Rd6?: to the knight on d5 (ringed), then dashes to a cross on d6.
    let blocked = refusal("7k/8/8/3n4/8/8/8/3R3K w - - 0 1", "Rd6");
    insta::assert_snapshot!("blocked_rook_256", render::svg(&blocked, 256));
}

#[test]
fn svg_differs_between_sizes_only_in_width_and_height() {
    let view = BoardView::from_fen(START).unwrap();
    let a = render::svg(&view, 512).replacen(r#"width="512" height="512""#, "", 1);
    let b = render::svg(&view, 300).replacen(r#"width="300" height="300""#, "", 1);
    assert_eq!(a, b);
}

#[test]
fn svg_is_self_contained() {
    // No fonts, no text, no external references: the pictures need nothing installed.
    let view = BoardView::from_fen(START)
        .unwrap()
        .with_overlay(draw::hint(Square::G1, Square::F3));
    let svg = render::svg(&view, 512);
    assert!(!svg.contains("<text"), "text would need a font");
    assert!(
        !svg.contains("http") || svg.matches("http").count() == 2,
        "only the namespaces"
    );
    assert!(!svg.contains("<image"));
    // Only the pieces on the board are defined.
    assert_eq!(svg.matches("<g id=").count(), 12);
    let kings_only = render::svg(&BoardView::from_fen("4k3/8/8/8/8/8/8/4K3").unwrap(), 512);
    assert_eq!(kings_only.matches("<g id=").count(), 2);
    // No font: neither a font element nor a font property.
    assert!(!svg.contains("font"), "a font would have to be installed");
}

// ---------------------------------------------------------------- PNG read back

#[test]
fn png_is_exactly_the_asked_size() {
    let view = BoardView::from_fen(START).unwrap();
    for size in [render::MIN_SIZE, 100, 256, 333, 512, 1024] {
        let pic = Picture::decode(&render::png(&view, size).unwrap());
        assert_eq!((pic.width, pic.height), (size, size));
    }
}

#[test]
fn png_bad_sizes_are_refused() {
    let view = BoardView::from_fen(START).unwrap();
    for size in [0, 8, render::MIN_SIZE - 1, render::MAX_SIZE + 1] {
        assert!(matches!(
            render::png(&view, size),
            Err(render::RenderError::BadSize(s)) if s == size
        ));
    }
}

#[test]
fn png_squares_last_move_and_pieces_have_their_colours() {
    let p = Palette::default();
    // A knight has gone g1-f3 (from White's view g1 is column 6, row 7; f3 column 5, row 5).
    let view = BoardView::from_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")
        .unwrap()
        .with_last_move(Square::G1, Square::F3);
    let pic = Picture::decode(&render::png(&view, 512).unwrap());
    // Empty squares, sampled away from the coordinates: d4 is dark, c4 light.
    assert_eq!(pic.in_square(3, 4, 0.5, 0.5), p.dark, "d4");
    assert_eq!(pic.in_square(2, 4, 0.5, 0.5), p.light, "c4");
    // The tinted squares: g1 (dark, empty) and f3 (light, under the knight: its corner).
    assert!(
        close(pic.in_square(6, 7, 0.5, 0.5), p.tinted(p.dark), 2),
        "g1 tinted"
    );
    assert!(
        close(pic.in_square(5, 5, 0.03, 0.03), p.tinted(p.light), 2),
        "f3 tinted"
    );
    // A white pawn's body is white and its outline dark; a black pawn's body is dark.
    assert!(
        pic.count_in_square(0, 6, p.white_piece) > 200,
        "white pawn on a2"
    );
    assert!(
        pic.count_in_square(0, 6, p.white_piece_line) > 100,
        "its outline"
    );
    assert!(
        pic.count_in_square(1, 1, p.black_piece) > 400,
        "black pawn on b7"
    );
    assert_eq!(
        pic.count_in_square(1, 1, p.white_piece),
        0,
        "no white in a black pawn"
    );
}

#[test]
fn png_flip_puts_a1_at_the_top_right() {
    let p = Palette::default();
    // One white rook on a1 and a tinted last move a1-a2.
    let view = BoardView::from_fen("8/8/8/8/8/8/8/R7 w - - 0 1")
        .unwrap()
        .with_last_move(Square::A2, Square::A1);
    let white = Picture::decode(&render::png(&view, 256).unwrap());
    let black = Picture::decode(&render::png(&view.clone().flipped(), 256).unwrap());
    // From White: a1 bottom left. From Black: top right; h8 (empty, dark) bottom left.
    assert!(white.count_in_square(0, 7, p.white_piece) > 50);
    assert!(black.count_in_square(7, 0, p.white_piece) > 50);
    assert_eq!(black.count_in_square(0, 7, p.white_piece), 0);
    assert!(
        close(black.in_square(7, 0, 0.05, 0.5), p.tinted(p.dark), 2),
        "a1 tinted"
    );
    assert!(
        close(black.in_square(7, 1, 0.5, 0.5), p.tinted(p.light), 2),
        "a2 tinted"
    );
    assert_eq!(
        black.in_square(0, 7, 0.5, 0.5),
        p.dark,
        "h8 is dark and empty"
    );
}

#[test]
fn png_draws_check_marks_and_arrows_in_their_colours() {
    let p = Palette::default();
    // White king on e1 in check from the rook on e8 (column 4).
    let view = BoardView::from_fen("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1")
        .unwrap()
        .with_mark(Square::E8, MarkKind::Attacker)
        .with_mark(Square::B4, MarkKind::Forbidden)
        .with_arrow(Square::A5, Square::H5, ArrowKind::Good);
    assert_eq!(view.check, Some(Square::E1));
    let pic = Picture::decode(&render::png(&view, 512).unwrap());
    // The check glow: red beside the king, fading to the square's colour in the corners.
    let reddish = |c: Rgb| c.0 > 150 && c.1 < 90 && c.2 < 90;
    assert!(
        reddish(pic.in_square(4, 7, 0.04, 0.5)),
        "glow at e1's left edge"
    );
    assert!(
        reddish(pic.in_square(4, 7, 0.5, 0.04)),
        "glow above the king"
    );
    let corner = pic.in_square(4, 7, 0.01, 0.01);
    assert!(close(corner, p.dark, 20), "corner {corner}");
    // The attacker frame (under the piece) and the cross (over the square).
    assert!(pic.count_in_square(4, 0, p.attacker) > 300, "frame on e8");
    assert!(pic.count_in_square(1, 4, p.forbidden) > 150, "cross on b4");
    // The arrow crosses d5 (column 3, row 3) at the middle, opaque.
    assert_eq!(pic.in_square(3, 3, 0.5, 0.5), p.good, "arrow on d5");
}

/// The check glow is drawn only when the view asks for it: a picture for "is the king in
/// check?" leaves it out (first-hour review 1.15, lesson 12 step 2).
#[test]
fn png_has_no_check_glow_when_the_view_leaves_it_out() {
    let p = Palette::default();
    let view = BoardView::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
    assert_eq!(view.check, Some(Square::E8));
    let glow = Picture::decode(&render::png(&view, 512).unwrap());
    let asked = Picture::decode(&render::png(&view.clone().without_check(), 512).unwrap());
    // e8 is column 4, row 0, a light square. Sample beside the king, where the glow is solid.
    let beside = |pic: &Picture| pic.in_square(4, 0, 0.04, 0.5);
    let reddish = |c: Rgb| c.0 > 150 && c.1 < 90 && c.2 < 90;
    assert!(reddish(beside(&glow)), "{}", beside(&glow));
    assert_eq!(beside(&asked), p.light);
    let red = |pic: &Picture| {
        pic.square_pixels(4, 0)
            .into_iter()
            .filter(|c| reddish(*c))
            .count()
    };
    assert!(red(&glow) > 500, "{}", red(&glow));
    assert_eq!(red(&asked), 0);
}

/// The pixels of the frame strips (left and bottom) that lie wholly outside the board.
fn strips(pic: &Picture) -> (Vec<Rgb>, Vec<Rgb>) {
    // At sizes where the board's edge falls inside a pixel, that pixel is part board.
    let edge = 1.5 / pic.scale();
    (
        pic.pixels_in(0.0, 0.0, LEFT - edge, CANVAS),
        pic.pixels_in(0.0, CANVAS - BOTTOM + edge, CANVAS, BOTTOM - edge),
    )
}

/// First-hour review 1.15: the coordinates sat in the corner squares, about 7 px on a phone,
/// under pieces and marks. Now they are in the frame, twice as large, and nothing on the
/// board reaches them.
#[test]
fn png_coordinates_are_outside_the_board_twice_as_large_and_never_covered() {
    let p = Palette::default();
    // Every edge square busy: pieces, marks of every kind, arrows, dots, a glow, a tint.
    let crowded = BoardView::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .unwrap()
        .with_last_move(Square::A1, Square::H8)
        .with_mark(Square::A8, MarkKind::Highlight)
        .with_mark(Square::H1, MarkKind::Blocker)
        .with_mark(Square::A1, MarkKind::Forbidden)
        .with_mark(Square::A5, MarkKind::Forbidden)
        .with_mark(Square::E1, MarkKind::Attacker)
        .with_mark(Square::D1, MarkKind::Good)
        .with_arrow(Square::A2, Square::A1, ArrowKind::Move)
        .with_arrow(Square::H8, Square::A1, ArrowKind::Attack)
        .with_arrow(Square::B1, Square::A3, ArrowKind::Reply)
        .with_arrow(Square::H2, Square::H1, ArrowKind::Forbidden)
        .with_dots([Square::A1, Square::H1, Square::A4, Square::H5]);
    let empty = BoardView::from_fen("8/8/8/8/8/8/8/8").unwrap();
    for size in [512, 360] {
        let a = Picture::decode(&render::png(&crowded, size).unwrap());
        let b = Picture::decode(&render::png(&empty, size).unwrap());
        let (a, b) = (strips(&a), strips(&b));
        // The same pixels, up to the rounding of each picture's own colour table.
        let differ =
            |x: &[Rgb], y: &[Rgb]| x.iter().zip(y).filter(|(p, q)| !close(**p, **q, 3)).count();
        let (left, bottom) = (differ(&a.0, &b.0), differ(&a.1, &b.1));
        assert_eq!(
            (left, bottom),
            (0, 0),
            "pixels of the frame changed at {size} px"
        );
    }
    // Their size: the rank digits' ink in the left strip, beside rank 8 (row 0).
    for (size, at_least) in [(512, 22), (360, 15)] {
        let pic = Picture::decode(&render::png(&empty, size).unwrap());
        let s = pic.scale();
        let rows: Vec<u32> = (0..pic.height)
            .filter(|&y| {
                let y_canvas = y as f32 / s;
                (TOP..TOP + SQUARE).contains(&y_canvas)
                    && (0..(LEFT * s) as u32).any(|x| close(pic.at(x, y), p.coordinate, 40))
            })
            .collect();
        let height = rows.last().unwrap() - rows.first().unwrap() + 1;
        // Before the frame: 15.4 px glyphs (an 11 px digit) at 512 px, 8 px at 360.
        assert!(
            height >= at_least,
            "digit 8 is {height} px tall at {size} px"
        );
        // No coordinate ink on the board itself: the first-rank squares of the empty board
        // hold only their square colours (at 512 px, where squares are whole pixels).
        for col in (0..8).filter(|_| size == 512) {
            for c in pic.square_pixels(col, 7) {
                assert!(c == p.light || c == p.dark, "{c} on the first rank");
            }
        }
    }
}

#[test]
fn png_coordinates_follow_the_orientation() {
    let view = BoardView::from_fen("8/8/8/8/8/8/8/8").unwrap();
    let white = Picture::decode(&render::png(&view, 512).unwrap());
    let black = Picture::decode(&render::png(&view.clone().flipped(), 512).unwrap());
    let letter = |pic: &Picture, col: u32| {
        pic.pixels_in(LEFT + col as f32 * SQUARE, CANVAS - BOTTOM, SQUARE, BOTTOM)
    };
    let digit =
        |pic: &Picture, row: u32| pic.pixels_in(0.0, TOP + row as f32 * SQUARE, LEFT, SQUARE);
    // From White "a" is under the first column and "8" beside the top row; from Black they
    // are under the last column and beside the bottom row.
    assert_eq!(letter(&white, 0), letter(&black, 7), "a");
    assert_eq!(letter(&white, 7), letter(&black, 0), "h");
    assert_ne!(letter(&white, 0), letter(&white, 7));
    assert_eq!(digit(&white, 0), digit(&black, 7), "8");
    assert_eq!(digit(&white, 7), digit(&black, 0), "1");
    assert_ne!(digit(&white, 0), digit(&white, 7));
}

/// The colour of an arrow's shaft in the middle of a display square.
fn shaft(pic: &Picture, col: u32, row: u32) -> Rgb {
    pic.in_square(col, row, 0.5, 0.5)
}

/// First-hour review 1.15: in a puzzle refusal the learner's move and the refuting reply
/// were both blue.
#[test]
fn png_the_opponents_reply_has_its_own_colour() {
    let p = Palette::default();
    // Re8+? is refuted by Rxe8: the learner's move e5-e8, the reply b8-e8.
    let view = BoardView::from_fen("1r4k1/p1p2ppp/3p4/2pRR3/8/1P6/PqP2PPP/3Q2K1 w - - 0 21")
        .unwrap()
        .with_arrow(Square::E5, Square::E8, ArrowKind::Move)
        .with_overlay(draw::reply_squares(&[(Square::B8, Square::E8)]));
    let pic = Picture::decode(&render::png(&view, 512).unwrap());
    // e6 (column 4, row 2) and e7 are on the learner's arrow; c8 and d8 on the reply's.
    let mine = shaft(&pic, 4, 2);
    let theirs = shaft(&pic, 3, 0);
    assert_eq!(mine, p.arrow(ArrowKind::Move));
    assert_eq!(theirs, p.arrow(ArrowKind::Reply));
    assert_ne!(mine, theirs);
    assert_eq!(shaft(&pic, 2, 0), theirs, "c8");
    // Neither is the colour of an attack line.
    assert_ne!(theirs, p.arrow(ArrowKind::Attack));
}

/// First-hour review 1.15: forbidden squares were the blue of targets.
#[test]
fn png_forbidden_is_red_and_a_target_is_blue() {
    let p = Palette::default();
    let red = |c: Rgb| c.0 > 0xa0 && c.1 < 0x40 && c.2 < 0x50;
    let blue = |c: Rgb| c.2 > 0xa0 && c.0 < 0x40;
    assert!(red(p.forbidden) && blue(p.highlight));
    // The king on e4 may not go to d5 (cross) and looks at f4 (frame).
    let view = BoardView::from_fen("7k/8/8/8/4K3/8/8/8 w - - 0 1")
        .unwrap()
        .with_mark(Square::D5, MarkKind::Forbidden)
        .with_mark(Square::F4, MarkKind::Highlight);
    let pic = Picture::decode(&render::png(&view, 512).unwrap());
    let count = |col, row, f: &dyn Fn(Rgb) -> bool| {
        pic.square_pixels(col, row)
            .into_iter()
            .filter(|c| f(*c))
            .count()
    };
    assert!(count(3, 3, &red) > 150, "d5 is red");
    assert_eq!(count(3, 3, &blue), 0, "and not blue");
    assert!(count(5, 4, &blue) > 150, "f4 is blue");
    assert_eq!(count(5, 4, &red), 0, "and not red");
}

/// The pieces an arrow passes stay whole: arrows are drawn under the pieces. The pin line
/// runs from the rook on e8 to the king on e1 through the pinned knight on e4.
#[test]
fn png_a_piece_under_an_arrow_stays_readable() {
    let p = Palette::default();
    let plain = BoardView::from_fen("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1").unwrap();
    let pinned = plain
        .clone()
        .with_overlay(draw::reason(&IllegalReason::Pinned {
            piece: Role::Knight,
            from: Square::E4,
            to: Square::C5,
            pinner: Square::E8,
            king: Square::E1,
        }));
    let a = Picture::decode(&render::png(&plain, 512).unwrap());
    let b = Picture::decode(&render::png(&pinned, 512).unwrap());
    // Every pixel of the knight (e4: column 4, row 4) and of the king it shields (e1) that is
    // the piece's body or outline without the arrow is the same with it.
    for (what, col, row) in [("knight", 4, 4), ("king", 4, 7)] {
        let (without, with) = (a.square_pixels(col, row), b.square_pixels(col, row));
        let piece: Vec<usize> = (0..without.len())
            .filter(|&i| without[i] == p.white_piece || without[i] == p.white_piece_line)
            .collect();
        assert!(piece.len() > 400, "{what}: {} pixels", piece.len());
        let changed = piece.iter().filter(|&&i| without[i] != with[i]).count();
        assert_eq!(
            changed,
            0,
            "{what}: {changed} of {} pixels changed",
            piece.len()
        );
    }
    // And the arrow is there: above and below the knight, in the square's top and bottom.
    assert_eq!(b.in_square(4, 4, 0.5, 0.03), p.attacker);
    assert_eq!(b.in_square(4, 4, 0.5, 0.97), p.attacker);
}

/// First-hour review 1.15 (lesson 3 step 4): Rd6 was drawn straight through the knight on
/// d5. The arrow stops at the blocker and the rest of the way is dashed red.
#[test]
fn png_a_blocked_slide_stops_at_the_blocker() {
    let p = Palette::default();
    let view = BoardView::from_fen("7k/8/8/3n4/8/8/8/3R3K w - - 0 1")
        .unwrap()
        .with_overlay(draw::reason(&IllegalReason::PathBlocked {
            piece: Role::Rook,
            from: Square::D1,
            to: Square::D6,
            blocker: Square::D5,
        }));
    let pic = Picture::decode(&render::png(&view, 512).unwrap());
    // d-file is column 3; d2..d4 are rows 6..4, d6 row 2.
    for row in [4, 5, 6] {
        assert_eq!(shaft(&pic, 3, row), p.arrow(ArrowKind::Move), "row {row}");
    }
    // Beyond the knight: red dashes, with gaps where the square shows through.
    let column: Vec<Rgb> = (0..20)
        .map(|i| pic.in_square(3, 2, 0.5, i as f32 / 20.0))
        .collect();
    assert!(column.contains(&p.forbidden), "{column:?}");
    assert!(
        column
            .iter()
            .any(|c| *c == p.light || *c == p.dark || *c == p.halo)
    );
    assert!(
        !column.contains(&p.arrow(ArrowKind::Move)),
        "no blue beyond the blocker"
    );
}

#[test]
fn png_median_size_at_512_is_under_30_kb() {
    let catalog = crate::chat::shipped();
    let mut sizes: Vec<usize> = catalog
        .puzzles()
        .iter()
        .step_by(9)
        .map(|puzzle| {
            let view = puzzle_view(puzzle);
            render::png(&view, 512).unwrap().len()
        })
        .collect();
    sizes.sort_unstable();
    let median = sizes[sizes.len() / 2];
    println!(
        "PNG at 512 px over {} puzzles: median {median} B, max {} B",
        sizes.len(),
        sizes[sizes.len() - 1]
    );
    assert!(median <= 30 * 1024, "median {median} B");
}

// ---------------------------------------------------------------- every shipped position

/// The picture a learner gets for a puzzle: its position, the opponent's last move tinted,
/// from the learner's side.
fn puzzle_view(puzzle: &MatePuzzle) -> BoardView {
    let pos = puzzle.position();
    let view = BoardView::from_position(pos).with_orientation(pos.turn());
    match puzzle.last_move() {
        Some(&UciMove::Normal { from, to, .. }) => view.with_last_move(from, to),
        Some(other) => panic!("{}: last move {other}", puzzle.id()),
        None => view,
    }
}

#[test]
fn every_shipped_puzzle_position_renders() {
    let catalog = crate::chat::shipped();
    let puzzles = catalog.puzzles();
    assert!(puzzles.len() >= 800, "{} puzzles", puzzles.len());
    for puzzle in puzzles {
        let fen = puzzle.id();
        let view = puzzle_view(puzzle);
        let svg = render::svg(&view, 256);
        assert!(svg.ends_with("</svg>\n"), "{fen}");
        let pic = Picture::decode(&render::png(&view, 256).unwrap());
        assert_eq!((pic.width, pic.height), (256, 256), "{fen}");
        // Every piece is drawn: each occupied square holds a piece body colour.
        let p = Palette::default();
        for (sq, piece) in &view.board {
            let (col, row) = display(sq, view.orientation);
            let body = piece.color.fold_wb(p.white_piece, p.black_piece);
            assert!(pic.count_in_square(col, row, body) > 20, "{fen}: {sq}");
        }
    }
}

fn display(sq: Square, o: Color) -> (u32, u32) {
    let (col, row) = layout::cell(sq, o);
    (u32::from(col), u32::from(row))
}

// ---------------------------------------------------------------- the README's pictures

/// The refusal the referee gives for `mv` in `fen`, drawn as the bot draws it.
fn refusal(fen: &str, mv: &str) -> BoardView {
    let pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let rules::Verdict::Illegal(why) = rules::explain(&pos, mv) else {
        panic!("{mv} is legal in {fen}");
    };
    BoardView::from_position(&pos).with_overlay(draw::reason(&why))
}

/// The README's two pictures, from the FENs and moves of its tour of `explain`.
fn readme_views() -> [(&'static str, BoardView); 2] {
    [
        (
            "pinned-knight.png",
            refusal("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1", "Nc5"),
        ),
        (
            "castling-through-check.png",
            refusal("4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1", "O-O"),
        ),
    ]
}

/// The README's pictures show what it says: the pin (the rook on e8 framed, its line to the
/// king, the knight's tried move) and castling through check (f1 crossed, the bishop on c4
/// framed, its line to f1).
#[test]
fn readme_pictures_show_what_the_readme_says() {
    let [(_, pin), (_, castle)] = readme_views();
    let has = |v: &BoardView, sq, kind| v.marks.iter().any(|m| m.square == sq && m.kind == kind);
    let arrow = |v: &BoardView, from, to, kind| {
        v.arrows
            .iter()
            .any(|a| (a.from, a.to, a.kind) == (from, to, kind))
    };
    assert!(has(&pin, Square::E8, MarkKind::Attacker));
    assert!(arrow(&pin, Square::E8, Square::E1, ArrowKind::Attack));
    assert!(arrow(&pin, Square::E4, Square::C5, ArrowKind::Move));
    assert!(has(&castle, Square::F1, MarkKind::Forbidden));
    assert!(has(&castle, Square::C4, MarkKind::Attacker));
    assert!(arrow(&castle, Square::C4, Square::F1, ArrowKind::Attack));
    assert!(arrow(&castle, Square::E1, Square::G1, ArrowKind::Move));
    // The committed files are these pictures (regenerate with `readme_pictures`).
    let docs = crate::repo().join("docs");
    for (name, view) in readme_views() {
        let committed = Picture::decode(&std::fs::read(docs.join(name)).unwrap());
        let drawn = Picture::decode(&render::png(&view, README_PX).unwrap());
        assert!(
            committed.rgb == drawn.rgb,
            "docs/{name} is stale: cargo test -p chess-tutor-core --test it readme_pictures -- --ignored"
        );
    }
}

const README_PX: u32 = 384;

/// Writes the README's pictures to `docs/`, and pictures to look at (each at 512 px, the
/// bot's size, and 360 px, a phone's width) to `target/pictures/`:
/// `cargo test -p chess-tutor-core --test it readme_pictures -- --ignored`.
#[test]
#[ignore = "writes docs/*.png; run by hand when the drawing changes"]
fn readme_pictures() {
    let root = crate::repo();
    let docs = root.join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    for (name, view) in readme_views() {
        std::fs::write(docs.join(name), render::png(&view, README_PX).unwrap()).unwrap();
    }
    let look = root.join("target/pictures");
    std::fs::create_dir_all(&look).unwrap();
    let [(_, pin), (_, castle)] = readme_views();
    // A puzzle refusal: Re8+? Rxe8, the learner's arrow and the reply.
    let puzzle = BoardView::from_fen("1r4k1/p1p2ppp/3p4/2pRR3/8/1P6/PqP2PPP/3Q2K1 w - - 0 21")
        .unwrap()
        .with_last_move(Square::C3, Square::B2)
        .with_arrow(Square::E5, Square::E8, ArrowKind::Move)
        .with_overlay(draw::reply_squares(&[(Square::B8, Square::E8)]));
    let views = [
        ("start", BoardView::from_fen(START).unwrap()),
        (
            "flipped",
            BoardView::from_fen(
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            )
            .unwrap()
            .with_last_move(Square::G8, Square::F6)
            .flipped(),
        ),
        ("pinned-knight", pin),
        ("castling-through-check", castle),
        ("puzzle-refusal", puzzle),
        (
            "blocked-rook",
            refusal("7k/8/8/3n4/8/8/8/3R3K w - - 0 1", "Rd6"),
        ),
        (
            "check-question",
            BoardView::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
                .unwrap()
                .without_check(),
        ),
    ];
    for (name, view) in views {
        for size in [512, 360] {
            let path = look.join(format!("{name}-{size}.png"));
            std::fs::write(&path, render::png(&view, size).unwrap()).unwrap();
        }
    }
}
