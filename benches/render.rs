//! Board pictures: time to draw a 512 px PNG (and its SVG) from a position.
//!
//! `cargo bench --bench render` — the target is a median ≤ 3 ms for the PNG.
//! `bench/render_compare.py` runs this and python-chess + cairosvg on the same positions
//! (it reads `FENS` from this file) and prints both medians side by side.

use chess_tutor_core::render::{self, ArrowKind, BoardView, MarkKind};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use shakmaty::Square;

/// The positions timed here and by `bench/render_compare.py`: the start, a middlegame, an
/// endgame, a mate puzzle, a crowded middlegame.
const FENS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "8/5pk1/6p1/8/3R4/6P1/5PKP/2r5 w - - 0 40",
    "1r4k1/p1p2ppp/3p4/2pRR3/8/1P6/PqP2PPP/3Q2K1 b - - 0 20",
    "r2qr1k1/1b1nbppp/p2p1n2/1pp1p3/4P3/1BPP1N1P/PP1N1PP1/R1BQR1K1 w - - 0 12",
];

fn bench(c: &mut Criterion) {
    let views: Vec<BoardView> = FENS
        .iter()
        .map(|f| BoardView::from_fen(f).expect("bench FENs parse"))
        .collect();
    let mut group = c.benchmark_group("png_512");
    for (i, view) in views.iter().enumerate() {
        group.bench_with_input(BenchmarkId::from_parameter(i), view, |b, v| {
            b.iter(|| render::png(v, 512).expect("draws"));
        });
    }
    group.finish();

    let explained = views[0]
        .clone()
        .with_last_move(Square::E2, Square::E4)
        .with_mark(Square::E8, MarkKind::Attacker)
        .with_mark(Square::F1, MarkKind::Forbidden)
        .with_arrow(Square::E8, Square::E1, ArrowKind::Attack)
        .with_arrow(Square::G1, Square::F3, ArrowKind::Move);
    c.bench_function("png_512_with_overlay", |b| {
        b.iter(|| render::png(&explained, 512).expect("draws"));
    });
    c.bench_function("svg_512_start", |b| {
        b.iter(|| render::svg(&views[0], 512));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
