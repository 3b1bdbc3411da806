//! Explaining a move, FEN already parsed: a mix of legal and illegal inputs of every kind.
//! `cargo bench --bench explain`

use chess_tutor_core::rules::{explain, parse_fen};
use criterion::{Criterion, black_box, criterion_group, criterion_main};

const CASES: &[(&str, &str)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "e4",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "Nf3",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "Bc4",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "e2e5",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "O-O",
    ),
    ("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1", "Nc5"),
    ("4k3/8/8/2b5/8/8/8/4K3 w - - 0 1", "Kf2"),
    ("4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1", "O-O"),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "Nxf7",
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "e1g1",
    ),
    ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 2", "exd6"),
    ("3rk3/8/3N4/8/8/8/8/4R1K1 b - - 0 1", "Rxd6"),
    ("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=Q"),
    ("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8"),
    ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2"),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "马f3",
    ),
];

fn bench(c: &mut Criterion) {
    let cases: Vec<_> = CASES
        .iter()
        .map(|(fen, mv)| (parse_fen(fen).unwrap(), *mv))
        .collect();
    c.bench_function("explain_mixed_per_move", |b| {
        let mut i = 0;
        b.iter(|| {
            let (pos, mv) = &cases[i % cases.len()];
            i += 1;
            black_box(explain(black_box(pos), black_box(mv)))
        });
    });
    c.bench_function("explain_with_sentence_per_move", |b| {
        let mut i = 0;
        b.iter(|| {
            let (pos, mv) = &cases[i % cases.len()];
            i += 1;
            let v = explain(pos, mv);
            black_box(chess_tutor_core::rules::text::verdict_text(
                pos,
                &v,
                mv,
                chess_tutor_core::rules::Lang::Zh,
            ))
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
