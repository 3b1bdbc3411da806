//! The JSON shape of `chess-tutor explain` (docs/cli.md), built in one place.

use serde_json::{Value, json};
use shakmaty::Chess;

use super::explain::Verdict;
use super::text::{Lang, verdict_text};

/// The `explain` JSON object for a verdict.
///
/// ```
/// use chess_tutor_core::rules::{explain, Lang, json::verdict_json};
/// use shakmaty::Chess;
/// let pos = Chess::default();
/// let v = verdict_json(&pos, &explain(&pos, "e4"), "e4", Lang::En);
/// assert_eq!(v["legal"], true);
/// assert_eq!(v["uci"], "e2e4");
/// ```
#[must_use]
pub fn verdict_json(pos: &Chess, verdict: &Verdict, input: &str, lang: Lang) -> Value {
    let text = verdict_text(pos, verdict, input, lang);
    match verdict {
        Verdict::Legal(info) => json!({
            "legal": true,
            "uci": info.uci,
            "san": info.san,
            "effects": info.effects.iter().map(|e| e.code()).collect::<Vec<_>>(),
            "text": text,
        }),
        Verdict::Illegal(reason) => json!({
            "legal": false,
            "reason": reason.to_json(),
            "text": text,
        }),
        Verdict::Ambiguous { candidates } => json!({
            "legal": false,
            "reason": {
                "code": "ambiguous",
                "to": candidates.first().map(|m| m.to().to_string()),
                "piece": candidates.first().map(|m| m.role().upper_char().to_string()),
                "candidates": candidates
                    .iter()
                    .filter_map(|m| m.from().map(|f| f.to_string()))
                    .collect::<Vec<_>>(),
            },
            "text": text,
        }),
        Verdict::Unreadable => json!({
            "legal": false,
            "reason": {"code": "unreadable"},
            "text": text,
        }),
    }
}
