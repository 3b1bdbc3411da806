//! Goldens of what one step gives back, per kind of input: a typed move, a tap, a drop on the
//! board page, a move in a game with a friend (in each player's chat and in a group), and a
//! class's commands. Each transition is written in one canonical form (the session as stored,
//! what is said to whom, the events, the shared game's write, the class's writes, the page's
//! answer), so that a reshaping of the step's types that keeps its behaviour keeps these
//! snapshots byte for byte.

use std::collections::HashMap;

use chess_tutor_core::rules::Lang;
use chess_tutor_core::tutor::{
    Action, AnswerTally, Catalog, ClassInfo, ClassLoaded, ClassRows, ClassWrite, Effect, Envelope,
    Group, Input, OpenQuiz, Person, Reply, Request, Session, SharedGame, Tally, To, Transition,
    needs,
};
use serde_json::{Value, json};

use crate::chat::shipped;

/// The canonical form of one transition.
fn canon(t: &Transition) -> Value {
    let mut said: Vec<Value> = Vec::new();
    let mut others: Vec<(i64, Option<i64>, Vec<&Reply>)> = Vec::new();
    for effect in &t.effects {
        match effect {
            Effect::Say {
                to: To::Here,
                reply,
            } => said.push(json!({"to": "learner", "reply": reply})),
            Effect::Say {
                to: To::Class { chat, topic },
                reply,
            } => said.push(json!({"to": {"class": chat, "topic": topic}, "reply": reply})),
            Effect::Say { to, reply } => {
                let (learner, chat) = match *to {
                    To::Learner(learner) => (learner, None),
                    To::Room { learner, chat } => (learner, Some(chat)),
                    _ => unreachable!(),
                };
                match others.iter_mut().find(|(l, _, _)| *l == learner) {
                    Some((_, _, replies)) => replies.push(reply),
                    None => others.push((learner, chat, vec![reply])),
                }
            }
            _ => {}
        }
    }
    for (learner, chat, replies) in others {
        for reply in replies {
            said.push(json!({"to": {"player": learner, "chat": chat}, "reply": reply}));
        }
    }
    let mut canon = json!({
        "session": t.session.to_stored(),
        "refused": t.refused,
        "said": said,
        "events": t.events(),
        "game": t.game().map(|w| json!({"created": w.created, "game": w.game.to_stored()})),
        "class": t.class_writes(),
        "page": t.page().map(|p| format!("{p:?}")),
    });
    // Only when it says so (the goldens of before had no such field).
    if t.later() {
        canon["later"] = json!(true);
    }
    canon
}

/// One learner's inputs, each stepped from the session the last one left.
struct Solo<'c> {
    catalog: &'c Catalog,
    session: Session,
    steps: Vec<Value>,
    last: Option<Transition>,
}

impl<'c> Solo<'c> {
    fn new(catalog: &'c Catalog) -> Self {
        Solo {
            catalog,
            session: Session::default(),
            steps: Vec::new(),
            last: None,
        }
    }

    fn send(&mut self, input: Input) -> &mut Self {
        let shown = format!("{input:?}");
        let request = Request::new(
            self.session.clone(),
            input,
            Envelope {
                now: Some(1_800_000_000),
                client_lang: Some("en".into()),
                ..Envelope::default()
            },
        );
        let t = chess_tutor_core::tutor::step(request, self.catalog);
        self.steps
            .push(json!({"input": shown, "transition": canon(&t)}));
        self.session = t.session.clone();
        self.last = Some(t);
        self
    }

    fn text(&mut self, text: &str) -> &mut Self {
        self.send(Input::Text(text.into()))
    }

    /// The data of the last transition's button whose action `is` picks out.
    fn button(&self, is: impl Fn(&Action) -> bool) -> String {
        let t = self.last.as_ref().expect("a step before");
        t.replies()
            .into_iter()
            .flat_map(|r| r.buttons.iter().flatten().chain(r.squares.iter().flatten()))
            .find(|b| Action::decode(&b.data).is_some_and(|a| is(&a)))
            .unwrap_or_else(|| panic!("no such button in {:?}", t.replies()))
            .data
            .clone()
    }

    /// Opens unit 3's third step (move the rook from a4 to h4).
    fn at_rook_step(catalog: &'c Catalog) -> Self {
        let mut solo = Solo::new(catalog);
        solo.send(Input::Start {
            client_lang: Some("en".into()),
        })
        .text("/lesson 3")
        .text("/next")
        .text("/next");
        solo.steps.clear();
        solo
    }
}

#[test]
fn a_typed_move_right_wrong_and_refused() {
    let mut solo = Solo::at_rook_step(shipped());
    solo.text("Rg4").text("Ra4").text("Rb5").text("Rh4");
    insta::assert_json_snapshot!(solo.steps);
}

#[test]
fn taps_on_the_tap_board() {
    let mut solo = Solo::at_rook_step(shipped());
    solo.text("/board");
    let open = solo.button(|a| matches!(a, Action::TapBoard(_)));
    solo.send(Input::Button(open));
    let a4 =
        solo.button(|a| matches!(a, Action::Tap { square, .. } if *square == shakmaty::Square::A4));
    solo.send(Input::Button(a4));
    let h4 =
        solo.button(|a| matches!(a, Action::Tap { square, .. } if *square == shakmaty::Square::H4));
    solo.send(Input::Button(h4));
    // A press of the finished question's board changes nothing.
    solo.send(Input::Button("t:1:a4".into()));
    insta::assert_json_snapshot!(solo.steps);
}

#[test]
fn drops_on_the_board_page() {
    let mut solo = Solo::at_rook_step(shipped());
    solo.send(Input::Look);
    for drop in ["a4b5", "a4g4", "g4a4", "a4h4"] {
        solo.send(Input::Drop(drop.parse().unwrap()));
    }
    // Nothing to move now: the page is told so.
    solo.send(Input::Drop("h4h5".parse().unwrap()));
    insta::assert_json_snapshot!(solo.steps);
}

/// Two learners and their shared games, as a shell keeps them.
struct Pair<'c> {
    catalog: &'c Catalog,
    sessions: HashMap<i64, Session>,
    games: HashMap<i64, Value>,
    steps: Vec<Value>,
    room: Option<i64>,
    next_id: i64,
    last: HashMap<i64, Vec<Reply>>,
}

const ZH: i64 = 101;
const EN: i64 = 202;
const GROUP: i64 = -100_500;

impl<'c> Pair<'c> {
    fn new(catalog: &'c Catalog) -> Self {
        Pair {
            catalog,
            sessions: HashMap::new(),
            games: HashMap::new(),
            steps: Vec::new(),
            room: None,
            next_id: 4_000_000_001,
            last: HashMap::new(),
        }
    }

    fn send(&mut self, learner: i64, input: Input) -> &mut Self {
        let shown = format!("{learner}: {input:?}");
        let session = self.sessions.get(&learner).cloned().unwrap_or_default();
        let client = if learner == ZH { "zh-hans" } else { "en" };
        let envelope = Envelope {
            now: Some(1_800_000_000),
            client_lang: Some(client.to_owned()),
            learner: Some(learner),
            who: Some(Person {
                id: learner,
                name: if learner == ZH { "小明" } else { "Ann" }.to_owned(),
            }),
            group: self.room.map(|id| Group {
                id,
                title: "Chess club".into(),
                topic: None,
            }),
            fresh_id: Some(self.next_id),
            bot_username: Some("chess_tutor_bot".to_owned()),
            ..Envelope::default()
        };
        let mut request = Request::new(session, input, envelope);
        if let Some(id) = needs(&request).shared {
            let game = self
                .games
                .get(&id.0)
                .map(|v| SharedGame::from_stored(v).unwrap());
            request = request.with_shared(game);
        }
        let t = chess_tutor_core::tutor::step(request, self.catalog);
        if let Some(write) = t.game() {
            if write.created {
                self.next_id += 1;
            }
            self.games.insert(write.game.id.0, write.game.to_stored());
        }
        self.steps
            .push(json!({"input": shown, "transition": canon(&t)}));
        self.sessions.insert(learner, t.session.clone());
        self.last.clear();
        for effect in &t.effects {
            let whose = match effect {
                Effect::Say {
                    to: To::Here | To::Class { .. },
                    ..
                } => learner,
                Effect::Say {
                    to: To::Learner(other) | To::Room { learner: other, .. },
                    ..
                } => *other,
                _ => continue,
            };
            if let Effect::Say { reply, .. } = effect {
                self.last.entry(whose).or_default().push(reply.clone());
            }
        }
        self
    }

    fn press(&mut self, owner: i64, learner: i64, is: impl Fn(&Action) -> bool) -> &mut Self {
        let data = self.last[&owner]
            .iter()
            .flat_map(|r| r.buttons.iter().flatten())
            .find(|b| Action::decode(&b.data).is_some_and(|a| is(&a)))
            .expect("the button")
            .data
            .clone();
        self.send(learner, Input::Button(data))
    }
}

#[test]
fn moves_in_a_game_with_a_friend() {
    let mut pair = Pair::new(shipped());
    pair.send(ZH, Input::Text("/play".into()));
    pair.press(ZH, ZH, |a| matches!(a, Action::Invite));
    let id = pair.sessions[&ZH].duel.unwrap().game.0;
    pair.send(EN, Input::Text(format!("/start duel-{id}")));
    // Whoever is White moves first; a refused move, then a move, then the other's move.
    let white_zh = SharedGame::from_stored(&pair.games[&id])
        .unwrap()
        .white
        .is_some_and(|s| s.learner == ZH);
    let (white, black) = if white_zh { (ZH, EN) } else { (EN, ZH) };
    pair.send(white, Input::Text("e5".into()))
        .send(white, Input::Text("e4".into()))
        .send(black, Input::Text("e5".into()))
        .send(white, Input::Drop("g1f3".parse().unwrap()));
    insta::assert_json_snapshot!(pair.steps);
}

#[test]
fn moves_in_a_game_played_in_a_group() {
    let mut pair = Pair::new(shipped());
    pair.send(GROUP, Input::Text("/play".into()));
    pair.room = Some(GROUP);
    pair.press(GROUP, ZH, |a| matches!(a, Action::Invite));
    pair.press(
        ZH,
        EN,
        |a| matches!(a, Action::Duel { act, .. } if *act == chess_tutor_core::tutor::DuelAct::Join),
    );
    let id = pair.sessions[&ZH].duel.unwrap().game.0;
    let white_zh = SharedGame::from_stored(&pair.games[&id])
        .unwrap()
        .white
        .is_some_and(|s| s.learner == ZH);
    let (white, black) = if white_zh { (ZH, EN) } else { (EN, ZH) };
    pair.send(white, Input::Text("e4".into()))
        .send(black, Input::Text("Ke7e6".into()))
        .send(black, Input::Text("e5".into()));
    insta::assert_json_snapshot!(pair.steps);
}

fn person(id: i64, name: &str) -> Person {
    Person {
        id,
        name: name.into(),
    }
}

fn class_info() -> ClassInfo {
    ClassInfo {
        id: chess_tutor_core::tutor::ClassId(77),
        chat: GROUP,
        title: "Chess club".into(),
        lang: Lang::En,
        teachers: vec![person(1, "Teacher")],
        students: vec![person(5, "Ann"), person(6, "Bo")],
        topic: None,
    }
}

/// One class input from `session`, sent by `who` (from the group when `in_group`), with what
/// the shell loaded for it.
fn class_step(
    session: &Session,
    input: Input,
    who: (i64, &str),
    in_group: bool,
    loaded: ClassLoaded,
) -> Value {
    let shown = format!("{input:?}");
    let envelope = Envelope {
        now: Some(1_800_000_000),
        client_lang: Some("en".into()),
        bot_username: Some("chess_tutor_bot".into()),
        who: Some(person(who.0, who.1)),
        group: in_group.then(|| Group {
            id: GROUP,
            title: "Chess club".into(),
            topic: None,
        }),
        fresh_id: Some(9_001),
        ..Envelope::default()
    };
    let request = Request::new(session.clone(), input, envelope);
    assert!(needs(&request).class.is_some(), "{shown} is a class input");
    let t = chess_tutor_core::tutor::step(request.with_class(loaded), shipped());
    json!({"input": shown, "transition": canon(&t)})
}

#[test]
fn a_class_s_commands_and_buttons() {
    let group = Session {
        lang: Some(Lang::En),
        ..Session::default()
    };
    let teacher = (1, "Teacher");
    let admin = ClassLoaded {
        admin: Some(true),
        ..ClassLoaded::default()
    };
    let mut steps = vec![class_step(
        &group,
        Input::Text("/class".into()),
        teacher,
        true,
        admin.clone(),
    )];
    let with_class = ClassLoaded {
        class: Some(class_info()),
        has_chat: Some(true),
        ..ClassLoaded::default()
    };
    steps.push(class_step(
        &group,
        Input::Text("/classquiz 14".into()),
        teacher,
        true,
        with_class.clone(),
    ));
    // A student presses Join again, and the teacher closes the quiz its poll posted.
    let open = OpenQuiz {
        id: 9_001,
        item: "castling-rook-attacked".into(),
        correct: 0,
        options: vec!["True".into(), "False".into()],
        message: Some(33),
        answers: vec![(5, 0), (6, 1), (1, 1)],
    };
    let join = Action::Class(chess_tutor_core::tutor::ClassAct::Join(class_info().id)).encode();
    steps.push(class_step(
        &group,
        Input::Button(join),
        (5, "Ann"),
        true,
        with_class.clone(),
    ));
    steps.push(class_step(
        &group,
        Input::Text("/classquiz stop".into()),
        teacher,
        true,
        ClassLoaded {
            open_quiz: Some(open),
            ..with_class.clone()
        },
    ));
    // The teacher's report, in their private chat, counted from the class's rows.
    let tally = |user: i64, kind: &str, value: &str, count: u32| Tally {
        user,
        kind: kind.into(),
        value: Some(value.into()),
        count,
    };
    let rows = ClassRows {
        class: class_info(),
        tallies: vec![
            tally(5, "step_done", "rook-moves", 1),
            tally(5, "illegal_move", "pinned", 2),
            // A teacher's own events are no student's figures.
            tally(1, "step_done", "rook-moves", 1),
        ],
        answers: vec![AnswerTally {
            user: 5,
            chosen: 0,
            correct: 0,
            count: 1,
            last_ms: 1_799_990_000_000,
        }],
        active: Vec::new(),
        solves: vec![(6, 1), (6, 2)],
        tries: Vec::new(),
    };
    steps.push(class_step(
        &teacher_session(),
        Input::Text("/report".into()),
        teacher,
        false,
        ClassLoaded {
            memberships: vec![(class_info(), chess_tutor_core::tutor::Role::Teacher)],
            figures: vec![rows],
            ..ClassLoaded::default()
        },
    ));
    // A student leaves from their private chat.
    steps.push(class_step(
        &teacher_session(),
        Input::Text("/leave".into()),
        (6, "Bo"),
        false,
        ClassLoaded {
            memberships: vec![(class_info(), chess_tutor_core::tutor::Role::Student)],
            ..ClassLoaded::default()
        },
    ));
    let writes: Vec<&Value> = steps
        .iter()
        .flat_map(|s| s["transition"]["class"].as_array().unwrap())
        .collect();
    assert!(writes.len() >= 3, "the class changes are in the goldens");
    let _ = ClassWrite::CloseQuiz { id: 0 };
    insta::assert_json_snapshot!(steps);
}

fn teacher_session() -> Session {
    Session {
        lang: Some(Lang::En),
        ..Session::default()
    }
}

/// The inputs that were a side door before: a class's poll answer, its timer, a reply in its
/// group to the puzzle of the day, each a step like any other.
#[test]
fn a_poll_answer_a_class_s_timer_and_a_reply_to_the_puzzle_of_the_day() {
    use chess_tutor_core::tutor::{ClassId, DailyOpen, PolledQuiz};
    let class = class_info();
    let student = Session::default();
    let step = |session: &Session,
                input: Input,
                who: (i64, &str),
                group: bool,
                reply_to: Option<i64>,
                loaded: ClassLoaded| {
        let shown = format!("{input:?}");
        let envelope = Envelope {
            now: Some(1_800_000_000),
            client_lang: Some("en".into()),
            bot_username: Some("chess_tutor_bot".into()),
            who: Some(person(who.0, who.1)),
            group: group.then(|| Group {
                id: GROUP,
                title: "Chess club".into(),
                topic: None,
            }),
            reply_to,
            fresh_id: Some(9_001),
            ..Envelope::default()
        };
        let request = Request::new(session.clone(), input, envelope);
        assert!(needs(&request).class.is_some(), "{shown} is a class input");
        let t = chess_tutor_core::tutor::step(request.with_class(loaded), shipped());
        json!({"input": shown, "transition": canon(&t)})
    };
    let answer = |option| Input::PollAnswer {
        poll: "poll-1".into(),
        option,
    };
    let polled = ClassLoaded {
        class: Some(class.clone()),
        polled: Some(PolledQuiz {
            id: 9_001,
            options: 2,
            closed: false,
        }),
        ..ClassLoaded::default()
    };
    let mut steps = vec![
        step(
            &student,
            answer(Some(1)),
            (5, "Ann"),
            false,
            None,
            polled.clone(),
        ),
        step(
            &student,
            answer(None),
            (5, "Ann"),
            false,
            None,
            polled.clone(),
        ),
        step(
            &student,
            answer(Some(0)),
            (5, "Ann"),
            false,
            None,
            ClassLoaded {
                poll_pending: true,
                ..ClassLoaded::default()
            },
        ),
    ];
    // The timer, on a day whose puzzle is not posted yet, the week's board not either.
    let day = 1_800_000_000 / 86_400;
    let group = Session::default();
    let rows = ClassRows {
        class: class.clone(),
        tallies: Vec::new(),
        answers: Vec::new(),
        active: Vec::new(),
        solves: vec![(6, 1)],
        tries: Vec::new(),
    };
    steps.push(step(
        &group,
        Input::ClassTick {
            class: ClassId(77),
            day,
        },
        (0, ""),
        true,
        None,
        ClassLoaded {
            class: Some(class.clone()),
            figures: vec![rows],
            ..ClassLoaded::default()
        },
    ));
    // A reply to the post: the puzzle posted is the day's.
    let puzzle = steps[3]["transition"]["class"][0]["puzzle"]
        .as_str()
        .expect("the day's puzzle")
        .to_owned();
    let catalog = shipped();
    let key = catalog.puzzle(&puzzle.parse().unwrap()).unwrap().keys()[0]
        .to_uci(shakmaty::CastlingMode::Standard)
        .to_string();
    let daily = ClassLoaded {
        class: Some(class.clone()),
        daily: Some(DailyOpen {
            day,
            puzzle: puzzle.parse().unwrap(),
            message: Some(44),
            solvers: vec![6],
        }),
        ..ClassLoaded::default()
    };
    steps.push(step(
        &group,
        Input::Text(key.clone()),
        (5, "Ann"),
        true,
        Some(44),
        daily.clone(),
    ));
    // A reply to another message is the group's own.
    steps.push(step(
        &group,
        Input::Text(key),
        (5, "Ann"),
        true,
        Some(45),
        daily,
    ));
    assert_eq!(steps[2]["transition"]["later"], true);
    insta::assert_json_snapshot!(steps);
}
