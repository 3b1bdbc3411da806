//! Writes the callback data seeds, one file per button the tutor makes, from
//! `Action::encode` itself, into the folder given as the only argument.

use chess_tutor_core::rules::Lang;
use chess_tutor_core::tutor::{Action, DuelAct};
use shakmaty::{Color, Role, Square};

fn main() {
    let dir = std::env::args().nth(1).expect("usage: seeds DIR");
    let nonce = 3_141_592_653;
    let mut actions = vec![
        Action::Menu,
        Action::Puzzle,
        Action::Quiz,
        Action::Pgn,
        Action::Invite,
        Action::Lesson(14),
        Action::Next(nonce),
        Action::Hint(nonce),
        Action::Solution(nonce),
        Action::Answer { nonce, choice: 3 },
        Action::Review(417),
        Action::TapBoard(nonce),
        Action::Tap {
            nonce,
            square: Square::E4,
        },
        Action::Done(nonce),
        Action::Promote {
            nonce,
            from: Square::B7,
            to: Square::A8,
            role: Role::Knight,
        },
        Action::Play {
            level: 8,
            side: Some(Color::Black),
        },
        Action::Play {
            level: 1,
            side: None,
        },
        Action::PlayLevel(0),
        Action::Claim(nonce),
        Action::OfferDraw(nonce),
        Action::Resign(nonce),
        Action::TakeBack(nonce),
        Action::Board(nonce),
    ];
    actions.extend([Lang::Zh, Lang::ZhHant, Lang::En].map(Action::Lang));
    for (i, act) in [DuelAct::Tap, DuelAct::ResignYes, DuelAct::Join]
        .into_iter()
        .enumerate()
    {
        let seat = [None, Some(Color::White), Some(Color::Black)][i];
        actions.push(Action::Duel {
            game: 9_007_199_254_740_993,
            ply: 65_535,
            act,
            seat,
        });
    }
    for (i, action) in actions.iter().enumerate() {
        let path = format!("{dir}/action-{i:02}");
        std::fs::write(&path, action.encode()).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    std::fs::write(format!("{dir}/duel-payload"), "duel-12345").expect("write");
}
