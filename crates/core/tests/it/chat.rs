//! A chat with the tutor for tests: drives a session input by input and writes a transcript
//! (what the learner sends, what the bot answers: placement, board, text, buttons, events).
#![allow(dead_code)]

use chess_tutor_core::tutor::{
    Action, Catalog, Envelope, Event, Input, Mode, Request, Session, Transition,
};
use shakmaty::Square;

/// One step of `session` (left as it is) with `input`, as a shell without a clock steps it.
pub fn step(session: &Session, input: Input, catalog: &Catalog) -> Transition {
    step_at(session, input, None, catalog)
}

/// [`step`] at a time (Unix seconds).
pub fn step_at(session: &Session, input: Input, now: Option<i64>, catalog: &Catalog) -> Transition {
    let envelope = Envelope {
        now,
        ..Envelope::default()
    };
    chess_tutor_core::tutor::step(Request::new(session.clone(), input, envelope), catalog)
}

/// The shipped content, loaded once for the whole test binary.
pub fn shipped() -> &'static Catalog {
    static SHIPPED: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    SHIPPED.get_or_init(|| Catalog::shipped().expect("shipped content loads"))
}

/// Drives a session and writes a transcript.
pub struct Chat<'c> {
    pub catalog: &'c Catalog,
    pub session: Session,
    pub log: String,
    pub buttons: Vec<(String, String)>,
    /// Every button shown so far (older messages keep theirs): label and data.
    pub seen: Vec<(String, String)>,
    /// The tap board of the last reply that had one: square and button data.
    pub squares: Vec<(Square, String)>,
    pub events: Vec<Event>,
    /// The board of the last reply that had one.
    pub board: Option<chess_tutor_core::render::BoardView>,
    /// What the board page was told by the last input (a drop or a look).
    pub page: Option<chess_tutor_core::tutor::PageView>,
    /// The replies to the last input, as the tutor gave them.
    pub replies: Vec<chess_tutor_core::tutor::Reply>,
}

impl<'c> Chat<'c> {
    /// Opens the lesson step with this id: its unit, then Next until it is the step.
    pub fn open(&mut self, id: &str) {
        let catalog = self.catalog;
        let unit = catalog
            .lessons()
            .iter()
            .find(|l| l.steps.iter().any(|s| s.id.as_str() == id))
            .unwrap()
            .unit;
        let index = catalog.step_index(id).unwrap();
        self.text(&format!("/lesson {unit}"));
        for _ in 0..30 {
            if matches!(&self.session.mode, Mode::Lesson(s) if s.step == index) {
                return;
            }
            self.text("/next");
        }
        panic!("step {id} not reached: {}", self.log);
    }

    pub fn new(catalog: &'c Catalog) -> Self {
        Chat {
            catalog,
            session: Session::default(),
            log: String::new(),
            buttons: Vec::new(),
            seen: Vec::new(),
            squares: Vec::new(),
            events: Vec::new(),
            board: None,
            page: None,
            replies: Vec::new(),
        }
    }

    pub fn send(&mut self, input: Input) -> &mut Self {
        let shown = match &input {
            Input::Text(t) => format!("> {t}"),
            Input::Button(data) => {
                let label = self
                    .seen
                    .iter()
                    .rev()
                    .find(|(_, d)| d == data)
                    .map(|(l, _)| l.clone())
                    .or_else(|| {
                        self.squares
                            .iter()
                            .find(|(_, d)| d == data)
                            .map(|(sq, _)| format!("square {sq}"))
                    })
                    .unwrap_or_else(|| "?".to_owned());
                format!("> [{label}] ({data})")
            }
            Input::Start { client_lang } => format!("> /start (client {client_lang:?})"),
            Input::Drop(drop) => format!("> (dropped on the board page: {drop})"),
            Input::Look => "> (the board page looks)".to_owned(),
            other => format!("> {other:?}"),
        };
        self.log.push_str(&shown);
        self.log.push('\n');
        let t = step(&self.session, input, self.catalog);
        self.buttons.clear();
        for reply in t.replies() {
            if reply.edit {
                self.log.push_str("  (replaces the board message)\n");
            }
            if let Some(n) = reply.edit_task {
                self.log
                    .push_str(&format!("  (replaces the board message of task {n})\n"));
            }
            if let Some(n) = reply.task {
                self.log
                    .push_str(&format!("  (the board message of task {n})\n"));
            }
            if reply.toast {
                self.log.push_str("  (a toast on the pressed button)\n");
            }
            if let Some(view) = &reply.board {
                self.board = Some(view.clone());
                self.log.push_str(&format!(
                    "  [board {} {}{}{}]\n",
                    view.board,
                    if view.orientation == shakmaty::Color::White {
                        "white"
                    } else {
                        "black"
                    },
                    if view.marks.is_empty() && view.arrows.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " marks={:?} arrows={:?}",
                            view.marks
                                .iter()
                                .map(|m| m.square.to_string())
                                .collect::<Vec<_>>(),
                            view.arrows
                                .iter()
                                .map(|a| format!("{}{}", a.from, a.to))
                                .collect::<Vec<_>>()
                        )
                    },
                    if view.dots.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " dots={:?}",
                            view.dots
                                .iter()
                                .map(ToString::to_string)
                                .collect::<Vec<_>>()
                        )
                    }
                ));
            }
            if !reply.squares.is_empty() {
                self.squares.clear();
                // The grid is seen from the same side as the picture.
                let corner = reply.squares[0]
                    .first()
                    .and_then(|b| Action::decode(&b.data));
                let expected = match reply.board.as_ref().map(|v| v.orientation) {
                    Some(shakmaty::Color::Black) => Square::H1,
                    _ => Square::A8,
                };
                assert!(
                    matches!(corner, Some(Action::Tap { square, .. }) if square == expected),
                    "the top-left square is {expected}"
                );
                assert_eq!(reply.squares.len(), 8, "a tap board has 8 rows");
                for row in &reply.squares {
                    assert_eq!(row.len(), 8, "a tap board row has 8 squares");
                    let labels: Vec<&str> = row.iter().map(|b| b.label.as_str()).collect();
                    self.log.push_str(&format!("  | {}\n", labels.join(" ")));
                    for b in row {
                        assert!(!b.label.is_empty());
                        assert!(b.data.len() <= 64, "callback data too long: {}", b.data);
                        let Some(Action::Tap { square, .. }) = Action::decode(&b.data) else {
                            panic!("a square button that does not tap: {}", b.data)
                        };
                        self.squares.push((square, b.data.clone()));
                    }
                }
            }
            for line in reply.text.lines() {
                self.log.push_str(&format!("  {line}\n"));
            }
            for row in &reply.buttons {
                let labels: Vec<String> = row.iter().map(|b| format!("[{}]", b.label)).collect();
                self.log.push_str(&format!("  {}\n", labels.join(" ")));
                for b in row {
                    assert!(b.data.len() <= 64, "callback data too long: {}", b.data);
                    self.buttons.push((b.label.clone(), b.data.clone()));
                    self.seen.push((b.label.clone(), b.data.clone()));
                }
            }
        }
        for e in t.events() {
            self.log.push_str(&format!(
                "  (event {})\n",
                serde_json::to_string(e).unwrap()
            ));
        }
        self.events.extend(t.events().into_iter().cloned());
        self.page = t.page().cloned();
        self.replies = t.replies().into_iter().cloned().collect();
        // The session always survives a round trip through JSON (that is how it is stored).
        let json = serde_json::to_string(&t.session).unwrap();
        let back: Session = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t.session);
        self.session = t.session;
        self
    }

    pub fn text(&mut self, t: &str) -> &mut Self {
        self.send(Input::Text(t.to_owned()))
    }

    pub fn press(&mut self, label: &str) -> &mut Self {
        let data = self
            .buttons
            .iter()
            .find(|(l, _)| l.contains(label))
            .unwrap_or_else(|| panic!("no button {label:?} in {:?}", self.buttons))
            .1
            .clone();
        self.send(Input::Button(data))
    }

    /// Taps a square of the last tap board shown.
    pub fn tap(&mut self, square: Square) -> &mut Self {
        let data = self
            .squares
            .iter()
            .find(|(sq, _)| *sq == square)
            .unwrap_or_else(|| panic!("no tap board shown, so no square {square}"))
            .1
            .clone();
        self.send(Input::Button(data))
    }

    /// Drops a piece on the board page, from one square to another.
    pub fn drop_piece(&mut self, from: Square, to: Square) -> &mut Self {
        self.send(Input::Drop(chess_tutor_core::tutor::BoardDrop {
            from,
            to,
            promotion: None,
            seen: None,
        }))
    }

    /// The button data of a label shown last (to press it again later).
    pub fn data(&self, label: &str) -> String {
        self.buttons
            .iter()
            .find(|(l, _)| l.contains(label))
            .unwrap_or_else(|| panic!("no button {label:?} in {:?}", self.buttons))
            .1
            .clone()
    }
}
