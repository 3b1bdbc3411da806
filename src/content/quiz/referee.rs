//! The bridge to the rules referee: reason codes and reason sentences for illegal moves.

use shakmaty::Chess;

/// The referee's reason code for an illegal move written as `mv`, when the referee gives one.
pub(crate) fn reason_code(_pos: &Chess, _mv: &str) -> Option<String> {
    None
}
