//! A claim as written: its kind, the arguments that kind takes, and their values.

use serde_saphyr::Spanned;
use shakmaty::{CastlingSide, Color, Square};

use super::checker::{Checker, line_of};
use super::claim::{self, Claim};
use super::raw::RawClaim;

impl Checker<'_> {
    pub(super) fn claim(&mut self, c: &Spanned<RawClaim>) -> Option<Claim> {
        let line = line_of(c);
        let rc = &c.value;
        let Some(kind) = &rc.kind else {
            self.problem(line, "claim has no `kind`");
            return None;
        };
        let k = kind.value.as_str();
        if !claim::CLAIM_KINDS.contains(&k) {
            self.problem(
                line_of(kind),
                format!(
                    "unknown claim kind `{k}` (one of: {})",
                    claim::CLAIM_KINDS.join(", ")
                ),
            );
            return None;
        }
        // Which arguments each kind takes.
        let (needs, allows): (&[&str], &[&str]) = match k {
            "legal_move" | "gives_check" | "gives_checkmate" | "gives_stalemate" => {
                (&["move"], &[])
            }
            "illegal_move" => (&["move"], &["reason"]),
            "can_castle" => (&["side"], &[]),
            "can_mate" => (&[], &["by"]),
            "legal_move_count" => (&["count"], &["square"]),
            "occurred" => (&["count"], &[]),
            "attacked" => (&["square", "by"], &[]),
            _ => (&[], &[]),
        };
        let given: [(&str, Option<usize>); 6] = [
            ("move", rc.mv.as_ref().and_then(line_of)),
            ("reason", rc.reason.as_ref().and_then(line_of)),
            ("side", rc.side.as_ref().and_then(line_of)),
            ("square", rc.square.as_ref().and_then(line_of)),
            ("count", rc.count.as_ref().and_then(line_of)),
            ("by", rc.by.as_ref().and_then(line_of)),
        ];
        let present = [
            rc.mv.is_some(),
            rc.reason.is_some(),
            rc.side.is_some(),
            rc.square.is_some(),
            rc.count.is_some(),
            rc.by.is_some(),
        ];
        let mut bad = false;
        for ((name, l), there) in given.iter().zip(present) {
            if there && !needs.contains(name) && !allows.contains(name) {
                self.problem(l.or(line), format!("claim `{k}` takes no `{name}`"));
                bad = true;
            }
            if !there && needs.contains(name) {
                self.problem(line, format!("claim `{k}` needs `{name}`"));
                bad = true;
            }
        }
        if bad {
            return None;
        }
        let mv = || {
            rc.mv
                .as_ref()
                .map(|m| m.value.trim().to_string())
                .unwrap_or_default()
        };
        let square = |me: &mut Self| -> Option<Option<Square>> {
            match &rc.square {
                None => Some(None),
                Some(s) => match s.value.trim().parse::<Square>() {
                    Ok(sq) => Some(Some(sq)),
                    Err(_) => {
                        me.problem(
                            line_of(s),
                            format!("`{}` is not a square (a1..h8)", s.value),
                        );
                        None
                    }
                },
            }
        };
        let color = |me: &mut Self| -> Option<Option<Color>> {
            match &rc.by {
                None => Some(None),
                Some(b) => match b.value.trim() {
                    "white" => Some(Some(Color::White)),
                    "black" => Some(Some(Color::Black)),
                    other => {
                        me.problem(line_of(b), format!("`by: {other}`: write white or black"));
                        None
                    }
                },
            }
        };
        Some(match k {
            "legal_move" => Claim::LegalMove { mv: mv() },
            "illegal_move" => {
                let reason = rc.reason.as_ref().map(|r| r.value.trim().to_string());
                if let (Some(r), Some(rs)) = (&reason, &rc.reason)
                    && !claim::REASON_CODES.contains(&r.as_str())
                {
                    self.problem(
                        line_of(rs),
                        format!(
                            "unknown reason code `{r}` (one of: {})",
                            claim::REASON_CODES.join(", ")
                        ),
                    );
                    return None;
                }
                Claim::IllegalMove { mv: mv(), reason }
            }
            "gives_check" => Claim::GivesCheck { mv: mv() },
            "gives_checkmate" => Claim::GivesCheckmate { mv: mv() },
            "gives_stalemate" => Claim::GivesStalemate { mv: mv() },
            "in_check" => Claim::InCheck,
            "double_check" => Claim::DoubleCheck,
            "checkmate" => Claim::Checkmate,
            "stalemate" => Claim::Stalemate,
            "has_legal_moves" => Claim::HasLegalMoves,
            "insufficient_material" => Claim::InsufficientMaterial,
            "threefold_repetition" => Claim::ThreefoldRepetition,
            "fifty_move_rule" => Claim::FiftyMoveRule,
            "can_castle" => {
                let s = rc.side.as_ref()?;
                let side = match s.value.trim() {
                    "king" => CastlingSide::KingSide,
                    "queen" => CastlingSide::QueenSide,
                    other => {
                        self.problem(line_of(s), format!("`side: {other}`: write king or queen"));
                        return None;
                    }
                };
                Claim::CanCastle { side }
            }
            "can_mate" => Claim::CanMate { by: color(self)? },
            "legal_move_count" => {
                let c = rc.count.as_ref()?;
                let Ok(count) = u32::try_from(c.value) else {
                    self.problem(
                        line_of(c),
                        format!("count {} is not a number of moves", c.value),
                    );
                    return None;
                };
                Claim::LegalMoveCount {
                    square: square(self)?,
                    count,
                }
            }
            "occurred" => {
                let c = rc.count.as_ref()?;
                let Ok(count) = u32::try_from(c.value) else {
                    self.problem(
                        line_of(c),
                        format!("count {} is not a number of times", c.value),
                    );
                    return None;
                };
                Claim::Occurred { count }
            }
            "attacked" => Claim::Attacked {
                square: square(self)??,
                by: color(self)??,
            },
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::content::Problem;
    use crate::content::quiz::{QuizItem, load_quiz_sources};

    fn load(yaml: &str) -> (Vec<QuizItem>, Vec<Problem>) {
        load_quiz_sources(&[("t.yaml", yaml)])
    }

    #[test]
    fn claim_arguments_are_checked() {
        let yaml = r#"
- id: c
  unit: 14
  kind: true_false
  fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
  claim: {kind: can_castle, side: long, move: O-O}
  question: {zh: "白方可以长易位。", en: "White may castle long."}
  answer: true
  explanation: {zh: "可以。", en: "Yes."}
"#;
        let (_, problems) = load(yaml);
        let text: Vec<String> = problems.iter().map(|p| p.message.clone()).collect();
        assert_eq!(text, ["claim `can_castle` takes no `move`"]);
        let (_, problems) = load(&yaml.replace(", move: O-O", ""));
        assert_eq!(problems[0].message, "`side: long`: write king or queen");
        let (items, problems) = load(&yaml.replace("long, move: O-O", "queen"));
        assert!(problems.is_empty(), "{problems:?}");
        assert!(items[0].is_engine_checked());
    }
}
