//! Lichess puzzle themes and the Chinese names learners know them by (CURRICULUM.md, "Tactics
//! vocabulary", plus the mate patterns and counts the puzzle sets use).

/// The Chinese name of a Lichess theme, when there is an established one.
///
/// ```
/// use chess_tutor_core::content::puzzle::chinese_theme;
/// assert_eq!(chinese_theme("fork"), Some("击双"));
/// assert_eq!(chinese_theme("mateIn2"), Some("两步杀"));
/// assert_eq!(chinese_theme("veryLong"), None);
/// ```
#[must_use]
pub fn chinese_theme(theme: &str) -> Option<&'static str> {
    Some(match theme {
        // The tactics of CURRICULUM.md.
        "discoveredAttack" => "闪击",
        "fork" => "击双",
        "pin" => "牵制",
        "capturingDefender" => "消除保护",
        "interference" => "堵截",
        "attraction" => "引入",
        "deflection" => "引离",
        "clearance" => "腾挪",
        "zugzwang" => "被迫走棋",
        "promotion" => "兵的升变",
        "underPromotion" => "低升变",
        "discoveredCheck" => "闪将",
        "doubleCheck" => "双将",
        "intermezzo" => "顿挫",
        "exposedKing" => "王暴露",
        // Mates and counts.
        "mate" => "将死",
        "mateIn1" => "一步杀",
        "mateIn2" => "两步杀",
        "mateIn3" => "三步杀",
        "mateIn4" => "4步杀",
        "mateIn5" => "五步杀",
        "backRankMate" => "底线杀",
        "smotheredMate" => "闷杀",
        // Other words of the curriculum.
        "enPassant" => "吃过路兵",
        "castling" => "王车易位",
        "kingsideAttack" => "王翼进攻",
        "queensideAttack" => "后翼进攻",
        "sacrifice" => "弃子",
        _ => return None,
    })
}

/// The English name of a Lichess theme that is a tactic the learner can name (the
/// curriculum's tactics vocabulary and the named mates); `None` for counts, phases and the
/// rest ("mateIn2", "middlegame", "long").
///
/// ```
/// use chess_tutor_core::content::puzzle::themes::tactic_in_english;
/// assert_eq!(tactic_in_english("backRankMate"), Some("back-rank mate"));
/// assert_eq!(tactic_in_english("mateIn2"), None);
/// ```
#[must_use]
pub fn tactic_in_english(theme: &str) -> Option<&'static str> {
    Some(match theme {
        "discoveredAttack" => "discovered attack",
        "fork" => "fork",
        "pin" => "pin",
        "capturingDefender" => "removing the defender",
        "interference" => "interference",
        "attraction" => "attraction",
        "deflection" => "deflection",
        "clearance" => "clearance",
        "discoveredCheck" => "discovered check",
        "doubleCheck" => "double check",
        "intermezzo" => "in-between move",
        "sacrifice" => "sacrifice",
        "backRankMate" => "back-rank mate",
        "smotheredMate" => "smothered mate",
        "promotion" => "promotion",
        "underPromotion" => "underpromotion",
        _ => return None,
    })
}

/// The tactics a puzzle's `themes` name, each once, in order: their English names and the
/// Chinese ones (CURRICULUM.md's vocabulary), for telling the learner what the puzzle taught.
#[must_use]
pub fn tactics(themes: &[String]) -> Vec<(&'static str, &'static str)> {
    let mut out: Vec<(&'static str, &'static str)> = Vec::new();
    for theme in themes {
        if let (Some(en), Some(zh)) = (tactic_in_english(theme), chinese_theme(theme))
            && !out.iter().any(|(e, _)| *e == en)
        {
            out.push((en, zh));
        }
    }
    out
}

/// The Chinese names of `themes`, in order, each once.
#[must_use]
pub fn chinese_themes(themes: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for zh in themes.iter().filter_map(|t| chinese_theme(t)) {
        if !out.iter().any(|o| o == zh) {
            out.push(zh.to_owned());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tactic_has_both_names_and_counts_are_no_tactics() {
        let themes: Vec<String> = [
            "mateIn2",
            "sacrifice",
            "pin",
            "kingsideAttack",
            "underPromotion",
            "promotion",
            "long",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        assert_eq!(
            tactics(&themes),
            vec![
                ("sacrifice", "弃子"),
                ("pin", "牵制"),
                ("underpromotion", "低升变"),
                ("promotion", "兵的升变")
            ]
        );
        for theme in [
            "discoveredAttack",
            "fork",
            "capturingDefender",
            "interference",
            "attraction",
            "deflection",
            "clearance",
            "discoveredCheck",
            "doubleCheck",
            "intermezzo",
            "backRankMate",
            "smotheredMate",
        ] {
            assert!(
                tactic_in_english(theme).is_some() && chinese_theme(theme).is_some(),
                "{theme}"
            );
        }
    }

    /// Review 2026-12-06 L13: the course's terms, not names that collide with them: 低升变
    /// (unit 11) for an underpromotion, 4步杀 for a mate in four (四步杀 is the scholar's
    /// mate, unit 17).
    #[test]
    fn theme_names_keep_the_courses_terms() {
        let themes = vec!["promotion".to_owned(), "underPromotion".to_owned()];
        assert_eq!(
            chinese_themes(&themes),
            vec!["兵的升变".to_owned(), "低升变".to_owned()]
        );
        assert_eq!(chinese_theme("mateIn4"), Some("4步杀"));
        assert_eq!(chinese_theme("exposedKing"), Some("王暴露"));
        assert_ne!(chinese_theme("zugzwang"), Some("等着"));
    }

    #[test]
    fn curriculum_tactics_are_named() {
        for (theme, zh) in [
            ("pin", "牵制"),
            ("deflection", "引离"),
            ("doubleCheck", "双将"),
        ] {
            assert_eq!(chinese_theme(theme), Some(zh));
        }
    }
}
