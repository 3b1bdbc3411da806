//! The quiz loader on any bytes as a quiz file: no panic, no hang (the claims it checks run
//! searches with budgets).

use chess_tutor_core::content::quiz::load_quiz_file;

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        let _ = load_quiz_file("lessons/quiz/05-fuzz.yaml".as_ref(), text);
    });
}
