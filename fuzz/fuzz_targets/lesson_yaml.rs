//! The lesson loader on any bytes as a lesson file: no panic, no hang (every check it runs,
//! the mate searches included, has a budget), and a lesson or a problem as its answer.

use chess_tutor_core::content::load_lessons_from;

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        let (lessons, problems) = load_lessons_from(&[("lessons/05-fuzz.yaml", text)]);
        assert!(
            lessons.len() + problems.len() > 0,
            "neither a lesson nor a problem"
        );
        assert!(lessons.is_empty() || problems.is_empty());
    });
}
