//! A game as PGN (the export format of every chess site): the seven tag roster, the start
//! position when it is not the standard one, the moves in SAN, the result and how the game
//! ended.

use std::fmt::Write as _;

use shakmaty::Position;
use shakmaty::san::SanPlus;

use super::record::{Ending, Record};
use crate::rules::text::Sentence;

/// What the PGN says about a game besides its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tags {
    /// The date it was played, `YYYY.MM.DD` (`????.??.??` when unknown).
    pub date: Option<String>,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The language of the comment that says how the game ended.
    pub lang: crate::i18n::Lang,
}

/// The name of a game's PGN file.
pub const FILE_NAME: &str = "chess-tutor-game.pgn";

/// The PGN of `record`, ended by `ending` (`*` while it goes on).
///
/// ```
/// use chess_tutor_core::game::{pgn, record::{Ending, Record}};
/// use shakmaty::Color;
/// let mut game = Record::default();
/// for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     let mv = game.read_uci(m).unwrap();
///     game.push(mv).unwrap();
/// }
/// let tags = pgn::Tags {
///     date: None,
///     white: "Learner".into(),
///     black: "Tutor".into(),
///     lang: chess_tutor_core::i18n::Lang::En,
/// };
/// let text = pgn::pgn(&game, Some(&Ending::Checkmate { winner: Color::Black }), &tags);
/// assert!(text.contains("[Result \"0-1\"]"));
/// assert!(text.contains("1. f3 e5 2. g4 Qh4#"));
/// assert!(text.trim_end().ends_with("0-1"));
/// ```
#[must_use]
pub fn pgn(record: &Record, ending: Option<&Ending>, tags: &Tags) -> String {
    let result = ending.map_or("*", |e| e.score().pgn());
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    };
    tag("Event", "chess-tutor game");
    tag("Site", "chess-tutor");
    tag("Date", tags.date.as_deref().unwrap_or("????.??.??"));
    tag("Round", "-");
    tag("White", &tags.white);
    tag("Black", &tags.black);
    tag("Result", result);
    if let Some(fen) = record.start_fen() {
        tag("SetUp", "1");
        tag("FEN", &fen);
    }
    match ending {
        // PGN's own word for a game a player left (section 9.8.1 of the standard).
        Some(Ending::Abandoned { .. }) => tag("Termination", "abandoned"),
        Some(_) => tag("Termination", "normal"),
        None => {}
    }
    out.push('\n');

    let mut tokens = Vec::new();
    let start = record.start();
    let mut number = start.fullmoves().get();
    for (ply, mv) in record.moves().iter().enumerate() {
        let before = &record.positions()[ply];
        let white = before.turn().is_white();
        if white {
            tokens.push(format!("{number}."));
        } else if ply == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(SanPlus::from_move(before.clone(), *mv).to_string());
        if !white {
            number += 1;
        }
    }
    if let Some(ending) = ending {
        // A brace would end the comment early.
        let said = comment(ending).to(tags.lang).replace(['{', '}'], "");
        tokens.push(format!("{{{said}}}"));
    }
    tokens.push(result.to_owned());
    // Lines under 80 characters, as the export format asks.
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// How the game ended, as a PGN comment.
fn comment(ending: &Ending) -> Sentence {
    match ending {
        Ending::Checkmate { winner } => Sentence::PgnCheckmate { winner: *winner },
        Ending::Stalemate { stalemated } => Sentence::PgnStalemate {
            stalemated: *stalemated,
        },
        Ending::DeadPosition { .. } => Sentence::PgnDeadPosition,
        Ending::FivefoldRepetition { plies } => Sentence::PgnFivefold { plies: join(plies) },
        Ending::SeventyFiveMoves => Sentence::PgnSeventyFive,
        Ending::ThreefoldClaimed {
            claimant, plies, ..
        } => Sentence::PgnThreefold {
            claimant: *claimant,
            plies: join(plies),
        },
        Ending::FiftyMovesClaimed { claimant, .. } => Sentence::PgnFifty {
            claimant: *claimant,
        },
        Ending::Agreement => Sentence::PgnAgreement,
        Ending::Resignation { loser } => Sentence::PgnResignation { loser: *loser },
        Ending::Abandoned { loser } => Sentence::PgnAbandoned { loser: *loser },
    }
}

fn join(plies: &[usize]) -> String {
    plies
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Color;

    fn tags() -> Tags {
        Tags {
            date: Some("2026.12.02".into()),
            white: "A \"quoted\" name".into(),
            black: "chess-tutor, level 1".into(),
            lang: crate::i18n::Lang::En,
        }
    }

    /// PGN comments stayed English for Chinese learners (`{White resigns.}`).
    #[test]
    fn the_ending_comment_is_in_the_learners_language() {
        let r = Record::default();
        let resigns = Ending::Resignation {
            loser: Color::White,
        };
        let zh = Tags {
            lang: crate::i18n::Lang::Zh,
            ..tags()
        };
        assert!(pgn(&r, Some(&resigns), &zh).contains("{白方认输。} 0-1"));
        let hant = Tags {
            lang: crate::i18n::Lang::ZhHant,
            ..tags()
        };
        let mate = Ending::Checkmate {
            winner: Color::Black,
        };
        assert!(pgn(&r, Some(&mate), &hant).contains("{黑方將死對方。} 0-1"));
        assert!(pgn(&r, Some(&resigns), &tags()).contains("{White resigns.} 0-1"));
    }

    #[test]
    fn a_game_from_a_position_names_it_and_starts_with_black_dots() {
        let start = crate::rules::parse_fen("k7/8/1K6/8/8/8/8/6r1 b - - 10 40").unwrap();
        let mut r = Record::from_position(start);
        let mv = r.read_uci("g1g8").unwrap();
        r.push(mv).unwrap();
        let text = pgn(&r, None, &tags());
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/8/6r1 b - - 10 40\"]"));
        assert!(text.contains("40... Rg8 *"), "{text}");
        assert!(text.contains("[White \"A \\\"quoted\\\" name\"]"), "{text}");
        assert!(!text.contains("Termination"));
    }

    #[test]
    fn long_games_wrap_under_80_characters() {
        let mut r = Record::default();
        for _ in 0..10 {
            for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                let mv = r.read_uci(m).unwrap();
                r.push(mv).unwrap();
            }
        }
        let text = pgn(&r, Some(&Ending::Agreement), &tags());
        assert!(text.lines().all(|l| l.len() < 80), "{text}");
        assert!(text.contains("{Draw by agreement.} 1/2-1/2"), "{text}");
        assert!(
            pgn(
                &r,
                Some(&Ending::Resignation {
                    loser: Color::White
                }),
                &tags()
            )
            .contains("[Result \"0-1\"]")
        );
    }
}
