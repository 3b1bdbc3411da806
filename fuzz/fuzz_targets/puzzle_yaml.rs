//! The puzzle set reader on any bytes as a puzzle file, and `check`'s proof of each puzzle
//! it reads: no panic, no hang (the mate search has a budget).

use chess_tutor_core::content::puzzle::{parse_set, verify};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        if let Ok(set) = parse_set(text, "puzzles/fuzz.yaml") {
            for puzzle in &set.puzzles {
                let _ = verify(puzzle);
            }
        }
    });
}
