//! How a game ends: every ending of the Laws said with its rule, the result counted, the
//! review after the game, and `/pgn`.

use super::board::{COACHED_LEVELS, level_points, piece_at};
use super::coach::coach_reply_spelled;
use crate::game::coach;
use crate::game::pgn;
use crate::game::record::{Ending, Record};
use crate::render::MarkKind;
use crate::rules::{DeadMaterial, Lang};
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::ladder::{self, GameResult};
use crate::tutor::reply::{Button, Event, Reply};
use crate::tutor::spelling::Spell;
use crate::tutor::state::{FinishedGame, GameState, Mode};
use crate::tutor::words::Say;
use crate::tutor::words::{Delta, LadderLevel, List, Numbered, Said, SideName, Stood};
use shakmaty::{Color, Position};

/// The game is over: the ending with its rule and evidence, the points, the coach's review,
/// and what to do next.
pub(super) fn finish(cx: &mut Cx<'_>, game: GameState, ending: &Ending, mut note: String) -> Mode {
    let lang = cx.lang();
    let learner = game.learner();
    if !note.is_empty() {
        note.push('\n');
    }
    note.push_str(&ending_text(
        ending,
        &game.record,
        learner,
        Opponent::Tutor,
        lang,
    ));
    let result = match ending.score().winner() {
        None => GameResult::Draw,
        Some(c) if c == learner => GameResult::Win,
        Some(_) => GameResult::Loss,
    };
    let p = &mut cx.session.progress;
    let before = p.points;
    p.points = (p.points + ladder::exchange(p.points, level_points(game.level), result)).max(0);
    p.rated_games = p.rated_games.saturating_add(1);
    count(&mut p.games, result);
    let after = p.points;
    let first_game = p.rated_games == 1;
    let level = LadderLevel {
        points: after,
        rated_games: p.rated_games,
    };
    note.push('\n');
    note.push_str(
        &Say::GamePoints {
            delta: Delta(after - before),
            before,
            after,
            level,
        }
        .to(lang),
    );
    if first_game {
        note.push('\n');
        note.push_str(&Say::ProgressLadder.to(lang));
    }
    cx.event(Event::GameResult {
        level: game.level.number(),
        ending: ending.code().to_owned(),
        result: ending.score().pgn().to_owned(),
        points: after,
    });
    cx.played(&note);
    let mut view = game.view();
    if game.pos().is_checkmate() {
        let king = game.pos().board().king_of(game.pos().turn());
        if let Some(king) = king {
            view = view.with_mark(king, MarkKind::Forbidden);
        }
    }
    let n = cx.nonce();
    let level = game.level.number();
    let text = format!("{}\n\n{note}", game.caption(cx));
    let row = vec![
        Button::new(cx.t(&Say::ButtonPlayAgain), &Action::PlayLevel(level)),
        Button::new(cx.t(&Say::ButtonPgn), &Action::Pgn),
        Button::new(Say::ButtonMenu.to(lang), &Action::Menu),
    ];
    // The result, then the coach's review; what to do next goes on the last message, so
    // that it is at hand when the review has been read.
    let mut replies = vec![Reply::board(view, text).editing_task(n)];
    let points: Vec<coach::Point> = coach::review(&game.record, learner)
        .into_iter()
        .take(REVIEW_POINTS)
        .collect();
    if game.level.number() <= COACHED_LEVELS {
        // Each point was said on its board while the game went on: now only what mattered
        // most, ranked, in a few words.
        if !points.is_empty() {
            replies.push(Reply::text(review_summary(
                &points,
                &game.record,
                (cx.spell(), lang),
            )));
        }
    } else {
        for point in &points {
            replies.push(coach_reply_spelled(
                point,
                &game.record,
                learner,
                (cx.spell(), lang),
            ));
        }
    }
    if let Some(last) = replies.pop() {
        replies.push(last.with_row(row));
    }
    for reply in replies {
        cx.reply(reply);
    }
    cx.session.progress.last_game = Some(FinishedGame {
        record: game.record,
        ending: ending.clone(),
        level: game.level,
        learner: game.learner,
        date: cx.now().map(|t| t.format("%Y.%m.%d").to_string()),
        friend: false,
        just_ended: true,
    });
    Mode::Idle
}

/// Who the learner played: the tutor, or a friend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::tutor) enum Opponent {
    Tutor,
    Friend,
}

/// One more game in `counts`, with its result.
pub(in crate::tutor) fn count(counts: &mut crate::tutor::state::GameCounts, result: GameResult) {
    counts.played = counts.played.saturating_add(1);
    let n = match result {
        GameResult::Win => &mut counts.won,
        GameResult::Draw => &mut counts.drawn,
        GameResult::Loss => &mut counts.lost,
    };
    *n = n.saturating_add(1);
}

/// The last position of a finished game, as the board page shows it: the learner's side at
/// the bottom, the last move tinted, a king in check (a mated one) marked, and the ending in
/// words.
pub(in crate::tutor) fn final_board(
    game: &crate::tutor::state::FinishedGame,
    lang: Lang,
) -> crate::tutor::move_task::TaskBoard {
    let pos = game.record.position().clone();
    let learner = game.learner.color();
    let mut view = crate::render::BoardView::from_position(&pos).with_orientation(learner);
    if let Some(last) = game.record.moves().last()
        && let Some(from) = last.from()
    {
        view = view.with_last_move(from, last.to());
    }
    let opponent = if game.friend {
        Opponent::Friend
    } else {
        Opponent::Tutor
    };
    crate::tutor::move_task::TaskBoard {
        caption: ending_text(&game.ending, &game.record, learner, opponent, lang),
        pos,
        view,
        buttons: Vec::new(),
    }
}

/// An ending in words: what happened and the rule that says so, with its evidence.
pub(in crate::tutor) fn ending_text(
    ending: &Ending,
    record: &Record,
    learner: Color,
    opponent: Opponent,
    lang: Lang,
) -> String {
    let you = |c: Color| c == learner;
    let friend = opponent == Opponent::Friend;
    match ending {
        Ending::Checkmate { winner } if you(*winner) => Say::EndYouMate {
            why: crate::tutor::mating::why_mate(record.position()),
        }
        .to(lang),
        Ending::Checkmate { .. } if friend => Say::EndFriendMates {
            why: crate::tutor::mating::why_mate(record.position()),
        }
        .to(lang),
        Ending::Checkmate { .. } => Say::EndTutorMates {
            why: crate::tutor::mating::why_mate(record.position()),
        }
        .to(lang),
        Ending::Stalemate { stalemated } => Say::EndStalemate {
            side: SideName(*stalemated),
        }
        .to(lang),
        Ending::DeadPosition { material } => match material {
            DeadMaterial::KingVsKing => Say::EndDeadKings,
            DeadMaterial::KingAndMinorVsKing { .. } => Say::EndDeadMinor,
            DeadMaterial::BishopsOnOneColour => Say::EndDeadBishops,
        }
        .to(lang),
        Ending::FivefoldRepetition { plies } => Say::EndFivefold {
            moves: plies_as_moves(record, plies),
        }
        .to(lang),
        Ending::SeventyFiveMoves => Say::EndSeventyFive.to(lang),
        Ending::ThreefoldClaimed { plies, .. } => Say::EndThreefoldClaimed {
            moves: plies_as_moves(record, plies),
        }
        .to(lang),
        Ending::FiftyMovesClaimed { .. } => Say::EndFiftyClaimed {
            moves: record.position().halfmoves() / 2,
        }
        .to(lang),
        Ending::Agreement => Say::EndAgreement.to(lang),
        Ending::Resignation { loser } if you(*loser) && friend => {
            Say::EndYouResignedFriend.to(lang)
        }
        Ending::Resignation { loser } if you(*loser) => Say::EndYouResigned.to(lang),
        Ending::Resignation { .. } if friend => Say::EndFriendResigned.to(lang),
        Ending::Resignation { .. } => Say::EndTutorResigned.to(lang),
        Ending::Abandoned { loser } if you(*loser) => Say::EndYouAbandoned {
            days: u32::try_from(crate::tutor::shared::ABANDON_AFTER_DAYS).unwrap_or(3),
        }
        .to(lang),
        Ending::Abandoned { .. } => Say::EndFriendAbandoned {
            days: u32::try_from(crate::tutor::shared::ABANDON_AFTER_DAYS).unwrap_or(3),
        }
        .to(lang),
    }
}

/// When a repeated position stood on the board (`at the start, after 2… Ng8 and after
/// 4… Ng8`).
fn plies_as_moves(record: &Record, plies: &[usize]) -> List<Stood> {
    List(
        plies
            .iter()
            .map(|&ply| match ply.checked_sub(1) {
                None => Stood::AtTheStart,
                Some(i) => {
                    let before = &record.positions()[i];
                    Stood::After(record.moves().get(i).map(|mv| Numbered {
                        number: before.fullmoves().get(),
                        side: before.turn(),
                        said: Said::san(before, *mv),
                    }))
                }
            })
            .collect(),
    )
}

/// The most points the review after a game shows.
const REVIEW_POINTS: usize = 3;

/// The review after a coached game: its costliest moves, ranked, one line each.
fn review_summary(
    points: &[coach::Point],
    record: &Record,
    (spell, lang): (Spell, Lang),
) -> String {
    let mut text = Say::ReviewHeading.to(lang);
    for point in points {
        let before = &record.positions()[point.ply];
        let played = record.moves()[point.ply];
        let what = match &point.kind {
            coach::PointKind::MissedMate { mate_in, .. } => {
                Say::ReviewMissedMate { mate_in: *mate_in }
            }
            coach::PointKind::AllowedMate { .. } => Say::ReviewAllowedMate,
            // "Lost" only when the record has the capture; else what the opponent could do.
            coach::PointKind::LeftHanging { square, .. } => {
                let piece = piece_at(&record.positions()[point.ply + 1], *square);
                let square = *square;
                if coach::taken_at(record, point.ply, square).is_some() {
                    Say::ReviewLost { piece, square }
                } else {
                    Say::ReviewLeftHanging { piece, square }
                }
            }
            coach::PointKind::MissedCapture { capture } => Say::ReviewMissedCapture {
                piece: piece_at(before, capture.to()),
            },
        };
        text.push('\n');
        text.push_str(
            &Say::ReviewLine {
                number: before.fullmoves().get(),
                played: Said::new(before, played, spell),
                what: Box::new(what),
            }
            .to(lang),
        );
    }
    text
}

/// `/pgn`: the last game (or the one under way) as PGN, to paste into any chess site.
pub(in crate::tutor) fn send_pgn(cx: &mut Cx<'_>, mode: &Mode) {
    let lang = cx.lang();
    let under_way = match mode {
        Mode::Game(g) => Some(g),
        _ => cx.session.paused_game.as_ref(),
    };
    let (record, ending, level, learner, date, friend) = match under_way {
        Some(g) => (&g.record, None, g.level, g.learner, None, false),
        None => match &cx.session.progress.last_game {
            Some(f) => (
                &f.record,
                Some(&f.ending),
                f.level,
                f.learner,
                f.date.clone(),
                f.friend,
            ),
            None => {
                let text = cx.t(&Say::NoGameYet);
                let row = cx.menu_row();
                cx.reply(Reply::text(text).with_row(row));
                return;
            }
        },
    };
    // The way on from the file: back to the game under way, or the menu.
    let row = match mode {
        Mode::Game(_) => vec![Button::new(
            cx.t(&Say::ButtonPlayOn),
            &Action::Board(cx.nonce()),
        )],
        _ => cx.menu_row(),
    };
    let tutor = if friend {
        Say::PgnFriend.to(lang)
    } else {
        format!("chess-tutor (level {level})")
    };
    let you = Say::PgnLearner.to(lang);
    let (white, black) = match learner.color() {
        Color::White => (you, tutor),
        Color::Black => (tutor, you),
    };
    let text = pgn::pgn(
        record,
        ending,
        &pgn::Tags {
            date,
            white,
            black,
            lang,
        },
    );
    let intro = cx.t(&Say::PgnIntro);
    // Also as a file: lichess, chess.com and any chess program import a `.pgn`.
    cx.reply(
        Reply::text(format!("{intro}\n\n{text}"))
            .with_document(pgn::FILE_NAME, text)
            .with_row(row),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    fn record_from(fen: &str, moves: &[&str]) -> Record {
        let mut r = Record::from_position(parse_fen(fen).unwrap());
        for m in moves {
            let mv = crate::rules::explain(r.position(), m).legal_move().unwrap();
            r.push(mv).unwrap();
        }
        r
    }

    /// Issue 41 (review 2026-12-06): the review said a bishop "was lost for nothing"
    /// (白白丢掉了) that was never captured. A piece left hanging and not taken is said as
    /// what the opponent could do; "lost" only when the record has the capture.
    #[test]
    fn a_bishop_left_hanging_and_never_taken_is_not_said_lost() {
        // 1. Bg5?? (the h6 pawn could take it) Kd7 2. Bf4: the bishop was never taken.
        let record = record_from("4k3/8/7p/8/8/8/8/2B1K3 w - - 0 1", &["Bg5", "Kd7", "Bf4"]);
        let points = coach::review(&record, Color::White);
        assert!(
            matches!(
                points.first().map(|p| &p.kind),
                Some(coach::PointKind::LeftHanging { .. })
            ),
            "{points:?}"
        );
        for lang in [Lang::Zh, Lang::ZhHant, Lang::En] {
            let text = review_summary(&points, &record, (Spell::Words, lang));
            for false_loss in [
                "丢掉了",
                "丟掉了",
                "gave away",
                "was lost",
                "吃掉了它",
                "took it",
            ] {
                assert!(!text.contains(false_loss), "{lang:?}: {text}");
            }
            assert!(text.contains("g5"), "{lang:?}: {text}");
        }
        // Taken, it is said lost.
        let record = record_from("4k3/8/7p/8/8/8/8/2B1K3 w - - 0 1", &["Bg5", "hxg5"]);
        let points = coach::review(&record, Color::White);
        let text = review_summary(&points, &record, (Spell::Words, Lang::Zh));
        assert!(text.contains("丢掉了"), "{text}");
        let text = review_summary(&points, &record, (Spell::San, Lang::En));
        assert!(text.contains("gave away your bishop on g5"), "{text}");
    }

    /// A capture the record has: the opponent of the piece's owner took on `square` at some
    /// ply after `ply` (checked from the record alone, not with the coach's own code).
    fn taken_in_record(record: &Record, ply: usize, square: shakmaty::Square) -> bool {
        let owner = record.positions()[ply].turn();
        record
            .moves()
            .iter()
            .enumerate()
            .skip(ply + 1)
            .any(|(k, m)| {
                record.positions()[k].turn() != owner && m.is_capture() && m.to() == square
            })
    }

    /// Words that say a capture happened.
    const HAPPENED: [&str; 6] = [
        "took",
        "gave away",
        "was lost",
        "丢掉了",
        "丟掉了",
        "吃掉了",
    ];

    /// A random game from the start: every other pick takes something when it can, so pieces
    /// hang, are taken, and are left.
    fn random_game(picks: &[usize]) -> Record {
        let mut record = Record::default();
        for pick in picks {
            if record.automatic_ending().is_some() {
                break;
            }
            let moves = record.position().legal_moves();
            let captures: Vec<shakmaty::Move> =
                moves.iter().filter(|m| m.is_capture()).copied().collect();
            let mv = if pick % 2 == 0 && !captures.is_empty() {
                captures[(pick / 2) % captures.len()]
            } else {
                moves[pick % moves.len()]
            };
            record.push(mv).expect("a legal move");
        }
        record
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
        /// Issue 41: the coach says only what the record shows. Over random games, every
        /// capture a point names is legal in the position it describes, and every sentence
        /// (during the game and in the review, in every language) that says a capture
        /// happened ("took", "gave away", 丢掉了 …) names one that is in the record.
        #[test]
        fn every_capture_the_coach_names_happened_or_was_legal_where_it_says(
            picks in proptest::collection::vec(0usize..10_000, 1..40)
        ) {
            let record = random_game(&picks);
            for learner in [Color::White, Color::Black] {
                for point in coach::review(&record, learner) {
                    let (square, named, at) = match &point.kind {
                        coach::PointKind::MissedCapture { capture } => {
                            (Some(capture.to()), Some(*capture), point.ply)
                        }
                        coach::PointKind::LeftHanging { square, taken_by } => {
                            (Some(*square), Some(*taken_by), point.ply + 1)
                        }
                        coach::PointKind::AllowedMate { mate } => (None, Some(*mate), point.ply + 1),
                        coach::PointKind::MissedMate { key, .. } => (None, Some(*key), point.ply),
                    };
                    if let Some(mv) = named {
                        let pos = &record.positions()[at];
                        proptest::prop_assert!(pos.is_legal(mv), "{mv:?} at ply {at}");
                    }
                    if let (Some(sq), Some(mv)) = (square, named) {
                        proptest::prop_assert!(mv.is_capture() && mv.to() == sq);
                    }
                    for lang in [Lang::Zh, Lang::ZhHant, Lang::En] {
                        let spell = if lang == Lang::En { Spell::San } else { Spell::Words };
                        let live = coach_reply_spelled(&point, &record, learner, (spell, lang)).text;
                        let review = review_summary(std::slice::from_ref(&point), &record, (spell, lang));
                        for text in [live, review] {
                            if HAPPENED.iter().any(|w| text.contains(w)) {
                                let sq = square.expect("a sentence of a capture names its square");
                                proptest::prop_assert!(
                                    taken_in_record(&record, point.ply, sq),
                                    "{lang:?}: says a capture on {sq} happened, the record has none: {text}\n{:?}",
                                    record.uci_moves()
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
