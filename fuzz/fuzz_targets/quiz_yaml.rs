//! AFL's entry to [`chess_tutor_fuzz::quiz_yaml`] (its checks are in `fuzz/src/lib.rs`).

fn main() {
    afl::fuzz!(|data: &[u8]| chess_tutor_fuzz::quiz_yaml(data));
}
