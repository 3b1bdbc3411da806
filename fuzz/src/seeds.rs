//! Writes the callback data seeds (`chess_tutor_fuzz::callback_seeds`, made by
//! `Action::encode`), one file each, into the folder given as the only argument.

fn main() {
    let dir = std::env::args().nth(1).expect("usage: seeds DIR");
    for (i, seed) in chess_tutor_fuzz::callback_seeds().iter().enumerate() {
        let path = format!("{dir}/action-{i:02}");
        std::fs::write(&path, seed).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
