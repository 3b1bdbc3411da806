//! The project's documents name what the code does: a reason code added to the referee and
//! not to `docs/reason-codes.md` fails here.

use chess_tutor_core::rules::IllegalReason;

fn doc(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/").to_owned() + name;
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The codes in the first column of the page's table.
fn tabled_codes(page: &str) -> Vec<String> {
    page.lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`').map(|(code, _)| code.to_owned()))
        .collect()
}

#[test]
fn every_reason_code_has_a_row_in_docs_reason_codes() {
    let page = doc("reason-codes.md");
    let tabled = tabled_codes(&page);
    let mut codes: Vec<&str> = IllegalReason::CODES.to_vec();
    codes.extend(["unreadable", "ambiguous"]);
    for code in &codes {
        assert!(
            tabled.iter().any(|t| t == code),
            "docs/reason-codes.md has no row for `{code}`"
        );
    }
    for t in &tabled {
        assert!(
            codes.contains(&t.as_str()),
            "docs/reason-codes.md has a row for `{t}`, which the referee never gives"
        );
    }
}
