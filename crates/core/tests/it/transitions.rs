//! Goldens of what one step gives back, per kind of input: a typed move, a tap, a drop on the
//! board page, a move in a game with a friend (in each player's chat and in a group), and a
//! class's commands. Each transition is written in one canonical form (the session as stored,
//! what is said to whom, the events, the shared game's write, the class's writes, the page's
//! answer), so that a reshaping of the step's types that keeps its behaviour keeps these
//! snapshots byte for byte.

use std::collections::HashMap;

use chess_tutor_core::rules::Lang;
use chess_tutor_core::tutor::{
    Action, Catalog, ClassContext, ClassInfo, ClassReport, ClassWrite, Envelope, Input, OpenQuiz,
    Person, Request, Sender, Session, SharedGame, StudentFigures, Transition,
};
use serde_json::{Value, json};

use crate::chat::shipped;

/// The canonical form of one transition.
fn canon(t: &Transition) -> Value {
    let said: Vec<Value> = t
        .replies
        .iter()
        .map(|r| json!({"to": "learner", "reply": r}))
        .chain(t.others.iter().flat_map(|(learner, replies)| {
            replies
                .iter()
                .map(move |r| json!({"to": {"player": learner, "chat": t.others_chat}, "reply": r}))
        }))
        .collect();
    json!({
        "session": t.session.to_stored(),
        "refused": t.refused,
        "said": said,
        "events": t.events,
        "game": t.shared.as_ref().map(|w| json!({"created": w.created, "game": w.game.to_stored()})),
        "class": t.class,
        "page": t.page.as_ref().map(|p| format!("{p:?}")),
    })
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
        t.replies
            .iter()
            .flat_map(|r| r.buttons.iter().flatten().chain(r.squares.iter().flatten()))
            .find(|b| Action::decode(&b.data).is_some_and(|a| is(&a)))
            .unwrap_or_else(|| panic!("no such button in {:?}", t.replies))
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
    last: HashMap<i64, Vec<chess_tutor_core::tutor::Reply>>,
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
        let probe = Request::new(session.clone(), input.clone(), Envelope::default());
        let loaded = probe.shared_game().map(|id| {
            self.games
                .get(&id.0)
                .map(|v| SharedGame::from_stored(v).unwrap())
        });
        let client = if learner == ZH { "zh-hans" } else { "en" };
        let envelope = Envelope {
            now: Some(1_800_000_000),
            client_lang: Some(client.to_owned()),
            learner: Some(learner),
            new_game: Some(self.next_id),
            bot_username: Some("chess_tutor_bot".to_owned()),
            room: self.room,
            name: self
                .room
                .map(|_| if learner == ZH { "小明" } else { "Ann" }.to_owned()),
        };
        let mut request = Request::new(session, input, envelope);
        if let Some(game) = loaded {
            request = request.with_shared(game);
        }
        let t = chess_tutor_core::tutor::step(request, self.catalog);
        if let Some(write) = &t.shared {
            if write.created {
                self.next_id += 1;
            }
            self.games.insert(write.game.id.0, write.game.to_stored());
        }
        self.steps
            .push(json!({"input": shown, "transition": canon(&t)}));
        self.sessions.insert(learner, t.session.clone());
        self.last.clear();
        self.last.insert(learner, t.replies.clone());
        for (other, replies) in &t.others {
            self.last.insert(*other, replies.clone());
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
    }
}

fn sender(id: i64, name: &str, admin: Option<bool>) -> Option<Sender> {
    Some(Sender {
        person: person(id, name),
        admin,
        lang: Some(Lang::En),
        has_chat: Some(true),
    })
}

/// One class input from `session`, with what the shell loaded for it.
fn class_step(session: &Session, input: Input, ctx: ClassContext) -> Value {
    let shown = format!("{input:?}");
    let envelope = Envelope {
        now: Some(1_800_000_000),
        client_lang: Some("en".into()),
        bot_username: Some("chess_tutor_bot".into()),
        ..Envelope::default()
    };
    let request = Request::new(session.clone(), input, envelope);
    assert!(request.class_need().is_some(), "{shown} is a class input");
    let t = chess_tutor_core::tutor::step(request.with_class(ctx), shipped());
    json!({"input": shown, "transition": canon(&t)})
}

#[test]
fn a_class_s_commands_and_buttons() {
    let group = Session {
        lang: Some(Lang::En),
        ..Session::default()
    };
    let in_group = ClassContext {
        sender: sender(1, "Teacher", Some(true)),
        fresh_id: 9_001,
        group: Some(GROUP),
        title: Some("Chess club".into()),
        ..ClassContext::default()
    };
    let mut steps = vec![class_step(
        &group,
        Input::Text("/class".into()),
        in_group.clone(),
    )];
    let with_class = ClassContext {
        class: Some(class_info()),
        ..in_group.clone()
    };
    steps.push(class_step(
        &group,
        Input::Text("/classquiz 14".into()),
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
        ClassContext {
            sender: sender(5, "Ann", None),
            ..with_class.clone()
        },
    ));
    steps.push(class_step(
        &group,
        Input::Text("/classquiz stop".into()),
        ClassContext {
            open_quiz: Some(open),
            ..with_class.clone()
        },
    ));
    // The teacher's report, in their private chat.
    let teacher = Session {
        lang: Some(Lang::En),
        ..Session::default()
    };
    let mut ann = StudentFigures::new(person(5, "Ann"));
    ann.count("step_done", Some("rook-moves"), 1);
    ann.count("illegal_move", Some("pinned"), 2);
    ann.quiz_right = 1;
    let bo = StudentFigures::new(person(6, "Bo"));
    steps.push(class_step(
        &teacher,
        Input::Text("/report".into()),
        ClassContext {
            sender: sender(1, "Teacher", None),
            memberships: vec![(class_info(), chess_tutor_core::tutor::Role::Teacher)],
            reports: vec![ClassReport {
                class: class_info(),
                students: vec![ann, bo],
            }],
            ..ClassContext::default()
        },
    ));
    // A student leaves from their private chat.
    steps.push(class_step(
        &teacher,
        Input::Text("/leave".into()),
        ClassContext {
            sender: sender(6, "Bo", None),
            memberships: vec![(class_info(), chess_tutor_core::tutor::Role::Student)],
            ..ClassContext::default()
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
