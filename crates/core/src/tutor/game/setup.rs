//! Setting a game up: `/play`, the level and the colour, and the first position.

use super::board::{COACHED_LEVELS, level_points, move_examples};
use crate::game::engine::{self, Level};
use crate::game::record::Record;
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::reply::{Button, Event, Reply};
use crate::tutor::state::{GameState, Mode, Side};
use crate::tutor::words::Say;
use crate::tutor::words::{LevelAbout, Said, SideName};
use shakmaty::Color;

/// Take-backs a learner has per game at the two lowest levels.
const TAKEBACKS: u8 = 1;

/// The level suggested for the learner: the strongest whose points are not above theirs.
fn suggested_level(cx: &Cx<'_>) -> Level {
    let p = &cx.session.progress;
    if p.rated_games == 0 {
        return Level::LOWEST;
    }
    Level::ALL
        .into_iter()
        .rev()
        .find(|l| level_points(*l) <= p.points + 50)
        .unwrap_or(Level::LOWEST)
}

/// `/play`: the choice of colour at the suggested level (or `level`), and a row to pick
/// another level. A game under way is shown again instead.
pub(in crate::tutor) fn setup(cx: &mut Cx<'_>, level: Option<Level>, mode: Mode) -> Mode {
    if let Mode::Game(game) = mode {
        let note = cx.t(&Say::GameUnderWay);
        game.show(cx, &note, None);
        return Mode::Game(game);
    }
    let level = level.unwrap_or_else(|| suggested_level(cx));
    let lang = cx.lang();
    let text = Say::GameSetup {
        level: u32::from(level.number()),
        about: LevelAbout(u32::from(level.number())),
        suggested: u32::from(suggested_level(cx).number()),
    }
    .to(lang);
    let n = level.number();
    let colours = vec![
        Button::new(
            cx.t(&Say::ButtonPlayWhite),
            &Action::Play {
                level: n,
                side: Some(Color::White),
            },
        ),
        Button::new(
            cx.t(&Say::ButtonPlayBlack),
            &Action::Play {
                level: n,
                side: Some(Color::Black),
            },
        ),
        Button::new(
            cx.t(&Say::ButtonPlayRandom),
            &Action::Play {
                level: n,
                side: None,
            },
        ),
    ];
    // Two rows of four, so that a phone shows each label whole; the level chosen is ticked.
    let levels: Vec<Button> = Level::ALL
        .iter()
        .map(|l| {
            let mut label = Say::ButtonLevel {
                level: u32::from(l.number()),
            }
            .to(lang);
            if *l == level {
                label.push_str(" ✓");
            }
            Button::new(label, &Action::PlayLevel(l.number()))
        })
        .collect();
    let (easy, hard) = levels.split_at(4);
    // Only where a friend can be reached (Telegram), not in the terminal's one-learner chat.
    let friend = if cx.learner().is_some() {
        vec![Button::new(cx.t(&Say::ButtonPlayFriend), &Action::Invite)]
    } else {
        Vec::new()
    };
    cx.reply(
        Reply::text(text)
            .with_row(colours)
            .with_row(easy.to_vec())
            .with_row(hard.to_vec())
            .with_row(friend),
    );
    mode
}

/// A new game at `level`, the learner playing `side` (`None`: chosen by the nonce, fairly
/// and reproducibly).
pub(in crate::tutor) fn start(cx: &mut Cx<'_>, level: u8, side: Option<Color>, mode: Mode) -> Mode {
    let Some(level) = Level::new(level) else {
        cx.stale_button();
        return mode;
    };
    if let Mode::Game(game) = mode {
        // A game is not thrown away by an old setup button: it is shown again.
        let note = cx.t(&Say::GameUnderWay);
        game.show(cx, &note, None);
        return Mode::Game(game);
    }
    let nonce = cx.next_nonce();
    let learner = side.unwrap_or(if nonce.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    });
    let mut game = GameState {
        level,
        learner: Side::from(learner),
        record: Record::default(),
        takebacks_left: if level.number() <= COACHED_LEVELS {
            TAKEBACKS
        } else {
            0
        },
        declined_at: None,
        seed: seed_of(cx, nonce),
        resigning: false,
    };
    cx.event(Event::GameStarted {
        level: level.number(),
        learner: Side::from(learner),
    });
    let lang = cx.lang();
    let mut note = Say::GameStarted {
        level: u32::from(level.number()),
        side: SideName(learner),
    }
    .to(lang);
    if learner == Color::Black {
        // The tutor opens.
        if let Some(mv) = engine::reply(game.pos(), level, game.seed) {
            let said = Said::new(game.pos(), mv, cx.spell());
            let _ = game.record.push(mv);
            note.push('\n');
            note.push_str(&Say::TutorOpened { san: said }.to(lang));
        }
    }
    note.push('\n');
    let examples = move_examples(game.pos(), lang);
    note.push_str(
        &if cx.session.text_mode {
            Say::GameYourMoveTyped { examples }
        } else {
            Say::GameYourMove { examples }
        }
        .to(lang),
    );
    let reply = game.message(cx, game.view(), &note);
    cx.show_task(reply);
    Mode::Game(game)
}

/// A seed for the tutor's choices: from the learner's progress and the game's nonce, so that
/// games differ and a replay of the same input is the same game.
fn seed_of(cx: &Cx<'_>, nonce: u32) -> u64 {
    let p = &cx.session.progress;
    (u64::from(nonce) << 32) ^ u64::from(p.games.played) ^ 0x9e37_79b9_7f4a_7c15
}
