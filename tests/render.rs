//! Board pictures: SVG snapshots, PNGs decoded and sampled, every shipped position drawn,
//! and the `render` subcommand's contract.

use std::path::{Path, PathBuf};
use std::process::Command;

use chess_tutor_core::render::{self, ArrowKind, BoardView, MarkKind, Overlay, Palette, Rgb};
use chess_tutor_core::rules::{Castling, IllegalReason};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Color, Position, Role, Square};

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

    /// The colour at a point of a display square (column and row from the top left), given
    /// as fractions of the square.
    fn in_square(&self, col: u32, row: u32, fx: f32, fy: f32) -> Rgb {
        let side = self.width as f32 / 8.0;
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let (x, y) = (
            ((col as f32 + fx) * side) as u32,
            ((row as f32 + fy) * side) as u32,
        );
        self.at(x, y)
    }

    /// How many pixels of a display square have exactly this colour.
    fn count_in_square(&self, col: u32, row: u32, colour: Rgb) -> usize {
        let side = self.width / 8;
        (row * side..(row + 1) * side)
            .flat_map(|y| (col * side..(col + 1) * side).map(move |x| (x, y)))
            .filter(|&(x, y)| self.at(x, y) == colour)
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
        .with_overlay(Overlay::for_reason(&why))
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
        .with_overlay(Overlay::for_hint(Square::G1, Square::F3));
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
    // One white rook on a1, a tinted last move a1-a2, no coordinates (they are white on
    // dark squares, like the pieces).
    let mut view = BoardView::from_fen("8/8/8/8/8/8/8/R7 w - - 0 1")
        .unwrap()
        .with_last_move(Square::A2, Square::A1);
    view.coordinates = false;
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
        reddish(pic.in_square(4, 7, 0.03, 0.5)),
        "glow at e1's left edge"
    );
    assert!(
        reddish(pic.in_square(4, 7, 0.5, 0.02)),
        "glow above the king"
    );
    let corner = pic.in_square(4, 7, 0.005, 0.005);
    assert!(close(corner, p.dark, 20), "corner {corner}");
    // The attacker frame (under the piece) and the cross (over the square).
    assert!(pic.count_in_square(4, 0, p.attacker) > 300, "frame on e8");
    assert!(pic.count_in_square(1, 4, p.forbidden) > 150, "cross on b4");
    // The arrow crosses d5 (column 3, row 3) at the middle, over its white casing; both are
    // 85 % opaque, so a little of the square shows through.
    let mid = pic.in_square(3, 3, 0.5, 0.5);
    let want = p.good.over(p.halo.over(p.light, 0.85), 0.85);
    assert!(close(mid, want, 3), "arrow on d5: {mid}, want {want}");
}

#[test]
fn png_median_size_at_512_is_under_30_kb() {
    let Some(fens) = lichess_fens() else { return };
    let mut sizes: Vec<usize> = fens
        .iter()
        .step_by(9)
        .map(|(fen, last)| {
            let view = puzzle_view(fen, last);
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

fn lichess_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/lichess-mate")
}

/// Every puzzle's FEN with its first move (the opponent's, which the learner sees as the
/// last move); `None`, with a note, when the data is not there.
fn lichess_fens() -> Option<Vec<(String, String)>> {
    let dir = lichess_dir();
    if !dir.is_dir() {
        println!(
            "note: {} is absent; skipping the puzzle-set check",
            dir.display()
        );
        return None;
    }
    let mut out = Vec::new();
    for n in 1..=4 {
        let path = dir.join(format!("mate-in-{n}.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        for p in json["puzzles"].as_array().unwrap() {
            out.push((
                p["fen"].as_str().unwrap().to_owned(),
                p["moves"][0].as_str().unwrap().to_owned(),
            ));
        }
    }
    Some(out)
}

/// The picture a learner gets for a puzzle: the position after the opponent's move, that
/// move tinted, from the learner's side.
fn puzzle_view(fen: &str, first: &str) -> BoardView {
    let pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let uci: UciMove = first.parse().unwrap();
    let m = uci.to_move(&pos).unwrap();
    let (from, to) = render::move_squares(&m).unwrap();
    let after = pos.play(m).unwrap();
    BoardView::from_position(&after)
        .with_orientation(after.turn())
        .with_last_move(from, to)
}

#[test]
fn every_lichess_puzzle_position_renders() {
    let Some(fens) = lichess_fens() else { return };
    assert!(fens.len() >= 800, "{} puzzles", fens.len());
    for (fen, first) in &fens {
        let view = puzzle_view(fen, first);
        let svg = render::svg(&view, 256);
        assert!(svg.ends_with("</svg>\n"), "{fen}");
        let pic = Picture::decode(&render::png(&view, 256).unwrap());
        assert_eq!((pic.width, pic.height), (256, 256), "{fen}");
        // Every piece is drawn: each occupied square holds a piece body colour.
        let p = Palette::default();
        for (sq, piece) in view.board.clone() {
            let (col, row) = display(sq, view.orientation);
            let body = piece.color.fold_wb(p.white_piece, p.black_piece);
            assert!(pic.count_in_square(col, row, body) > 20, "{fen}: {sq}");
        }
    }
}

fn display(sq: Square, o: Color) -> (u32, u32) {
    let (f, r) = (
        u32::from(u8::from(sq.file())),
        u32::from(u8::from(sq.rank())),
    );
    o.fold_wb((f, 7 - r), (7 - f, r))
}

// ---------------------------------------------------------------- the command line

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("chess-tutor-render-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn cli_writes_png_and_svg() {
    let dir = temp_dir("ok");
    let png_path = dir.join("board.png");
    let out = bin()
        .args([
            "render",
            "--fen",
            START,
            "--size",
            "300",
            "--flip",
            "--last-move",
            "e2e4",
        ])
        .args([
            "--mark",
            "e4",
            "d5:attacker",
            "--arrow",
            "g1f3",
            "e7e5:attack",
        ])
        .arg("-o")
        .arg(&png_path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pic = Picture::decode(&std::fs::read(&png_path).unwrap());
    assert_eq!((pic.width, pic.height), (300, 300));

    let svg_path = dir.join("board.SVG");
    let out = bin()
        .args(["render", "--fen", START, "-o"])
        .arg(&svg_path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(r#"width="512""#));
}

#[test]
fn cli_refuses_bad_input_with_exit_2_and_no_file() {
    let dir = temp_dir("bad");
    let cases: [(&[&str], &str); 7] = [
        (&["--fen", "rnbqkbnr/pppppppp/9/8 w"], "not a FEN"),
        (&["--fen", START, "--mark", "z9"], "not a square"),
        (
            &["--fen", START, "--mark", "e4:purple"],
            "not a kind of mark",
        ),
        (&["--fen", START, "--arrow", "e2"], "not a move"),
        (
            &["--fen", START, "--arrow", "e2e4:wobbly"],
            "not a kind of arrow",
        ),
        (&["--fen", START, "--last-move", "e2e9"], "not a move"),
        (&["--fen", START, "--size", "5"], "picture size 5 px"),
    ];
    for (i, (args, message)) in cases.iter().enumerate() {
        let path = dir.join(format!("{i}.png"));
        let out = bin()
            .arg("render")
            .args(*args)
            .arg("-o")
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!path.exists(), "{args:?} wrote a file");
    }
    let path = dir.join("board.jpg");
    let out = bin()
        .args(["render", "--fen", START, "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(".png or .svg"));
    assert!(!path.exists());
}

// ---------------------------------------------------------------- the README's pictures

/// Writes the README's pictures (and a few more to look at) to `docs/`:
/// `cargo test --test render readme_pictures -- --ignored`.
#[test]
#[ignore = "writes docs/*.png; run by hand when the drawing changes"]
fn readme_pictures() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    let ks = Castling {
        color: Color::White,
        side: CastlingSide::KingSide,
    };
    let castle = BoardView::from_fen("r3k2r/ppp2ppp/2n5/8/2b5/8/PPP2PPP/R3K2R w KQkq - 0 1")
        .unwrap()
        .with_overlay(Overlay::for_reason(&IllegalReason::CastlingThroughCheck {
            castling: ks,
            square: Square::F1,
            attackers: vec![Square::C4],
        }));
    std::fs::write(
        docs.join("castling-through-check.png"),
        render::png(&castle, 384).unwrap(),
    )
    .unwrap();
    let pin = BoardView::from_fen("4r1k1/pp3ppp/8/8/4N3/8/PP3PPP/4K2R w K - 0 1")
        .unwrap()
        .with_last_move(Square::A8, Square::E8)
        .with_overlay(Overlay::for_reason(&IllegalReason::Pinned {
            piece: Role::Knight,
            from: Square::E4,
            to: Square::C5,
            pinner: Square::E8,
            king: Square::E1,
        }));
    std::fs::write(
        docs.join("pinned-knight.png"),
        render::png(&pin, 384).unwrap(),
    )
    .unwrap();
}
