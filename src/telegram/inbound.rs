//! Reading Telegram updates: what reaches the tutor, for which chat, and what is skipped.
//!
//! A message's text becomes [`Input::Text`] (the tutor reads it, `/start` among the commands,
//! with the client's language code the update carries), a button press becomes
//! [`Input::Button`]. Everything else
//! (stickers, photos, edited messages, channel posts, polls, kinds this build does not know)
//! is skipped: it changes nothing and is not answered.

use chess_tutor_core::tutor::Input;
use serde::{Deserialize, Serialize};
use teloxide_core::types::{
    CallbackQueryId, MaybeInaccessibleMessage, Message, MessageId, ThreadId, Update, UpdateKind,
};

/// What one update asks of the bot; serialisable (all but [`Incoming::Skip`]) to be kept in
/// the inbox until handled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Incoming {
    /// An input for the tutor in `chat`; `callback` is the button press to answer, if any.
    Tutor {
        /// The chat (and learner) id.
        chat: i64,
        /// What the tutor reads.
        input: Input,
        /// The callback query to answer once the input is handled.
        callback: Option<CallbackQueryId>,
        /// The message whose button was pressed (a reply marked `edit` replaces it).
        pressed: Option<MessageId>,
        /// The language the sender's client reports (`language_code`), with every input: a
        /// learner whose first message is not `/start` is still answered in it.
        client_lang: Option<String>,
        /// The forum topic the input came from, in a forum group: replies go there.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        topic: Option<ThreadId>,
        /// Who sent it, in a group chat (a person with an account of their own, not an
        /// anonymous admin): the learner of their inputs as a player of a game there.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<Member>,
        /// Who sent it, in any chat, when a person with an account of their own did (a class
        /// names its members).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Member>,
        /// The message this one replies to, if any (an answer to a class's puzzle of the day
        /// is a reply to its post).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reply_to: Option<i64>,
        /// The group's title, in a group chat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        title: Option<String>,
    },
    /// A student's answer to a quiz poll (a `poll_answer` update): kept for the class whose
    /// quiz the poll is, if any.
    PollAnswer {
        /// Telegram's poll id.
        poll: String,
        /// The voter.
        user: i64,
        /// The options chosen (none: the vote was retracted).
        options: Vec<u8>,
    },
    /// A button press that carries nothing for the tutor (no data): it is only answered.
    AnswerOnly {
        /// The chat the press came from, when known.
        chat: Option<i64>,
        /// The callback query to answer.
        callback: CallbackQueryId,
    },
    /// Nothing to do; the words say why (for the log).
    #[serde(skip)]
    Skip(#[serde(skip)] &'static str),
    /// Not an update: the kept replies of an update of `chat` whose sending was given up for
    /// the moment, to try again (made by the outbox sweep, never stored).
    #[serde(skip)]
    Resend {
        /// The chat (and learner) id.
        chat: i64,
    },
}

/// A person writing in a group chat, as a learner of their own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Their user id (the id of their private chat with the bot too).
    pub id: i64,
    /// Their first name, as their account gives it (at most [`MAX_NAME_CHARS`] characters).
    pub name: String,
}

/// The longest name the bot repeats in a group.
pub const MAX_NAME_CHARS: usize = 32;

/// The longest poll id kept (Telegram's are short; a longer one is no poll of ours).
const MAX_POLL_ID: usize = 64;

/// A name or title as the bot repeats it: no control characters, at most
/// [`MAX_NAME_CHARS`] characters, `?` when nothing is left.
fn name_of(text: &str) -> String {
    let name: String = text
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect();
    if name.trim().is_empty() {
        "?".to_owned()
    } else {
        name
    }
}

impl Member {
    /// The member behind `user` in `chat`, when `chat` is a group and `user` a person.
    fn of(
        chat: &teloxide_core::types::Chat,
        user: Option<&teloxide_core::types::User>,
    ) -> Option<Member> {
        if !(chat.is_group() || chat.is_supergroup()) {
            return None;
        }
        Member::person(user?)
    }

    /// The person behind `user`, in any chat (a bot is none).
    fn person(user: &teloxide_core::types::User) -> Option<Member> {
        if user.is_bot {
            return None;
        }
        Some(Member {
            id: i64::try_from(user.id.0).ok()?,
            name: name_of(&user.first_name),
        })
    }
}

impl Incoming {
    /// The chat whose updates must be handled in order with this one (`None`: any order).
    pub fn chat(&self) -> Option<i64> {
        match self {
            Incoming::Tutor { chat, .. } | Incoming::Resend { chat } => Some(*chat),
            // One voter's answers in order.
            Incoming::PollAnswer { user, .. } => Some(*user),
            Incoming::AnswerOnly { chat, .. } => *chat,
            Incoming::Skip(_) => None,
        }
    }

    /// The forum topic replies go to, if any.
    pub fn topic(&self) -> Option<ThreadId> {
        match self {
            Incoming::Tutor { topic, .. } => *topic,
            _ => None,
        }
    }
}

/// The forum topic of a message, when it is in one (only a forum's topics take replies by
/// `message_thread_id`; a reply thread in an ordinary group does not).
fn topic_of(message: &Message) -> Option<ThreadId> {
    message
        .is_topic_message
        .then_some(message.thread_id)
        .flatten()
}

/// Reads one update.
pub fn read(update: &Update) -> Incoming {
    match &update.kind {
        UpdateKind::Message(message) => read_message(message),
        UpdateKind::CallbackQuery(query) => {
            let chat = query
                .message
                .as_ref()
                .map(|m| m.chat().id.0)
                .or_else(|| i64::try_from(query.from.id.0).ok());
            match (&query.data, chat) {
                (Some(data), Some(chat)) => Incoming::Tutor {
                    chat,
                    input: Input::Button(data.clone()),
                    callback: Some(query.id.clone()),
                    pressed: query.message.as_ref().map(|m| m.id()),
                    client_lang: query.from.language_code.clone(),
                    topic: match &query.message {
                        Some(MaybeInaccessibleMessage::Regular(m)) => topic_of(m),
                        _ => None,
                    },
                    member: query
                        .message
                        .as_ref()
                        .and_then(|m| Member::of(m.chat(), Some(&query.from))),
                    from: Member::person(&query.from),
                    reply_to: None,
                    title: query
                        .message
                        .as_ref()
                        .and_then(|m| m.chat().title().map(name_of)),
                },
                (_, chat) => Incoming::AnswerOnly {
                    chat,
                    callback: query.id.clone(),
                },
            }
        }
        UpdateKind::PollAnswer(answer) => match &answer.voter {
            teloxide_core::types::MaybeAnonymousUser::User(user) if !user.is_bot => {
                match i64::try_from(user.id.0) {
                    // A quiz poll takes one option: several are no answer of a quiz of ours.
                    Ok(_) if answer.option_ids.len() > 1 => {
                        Incoming::Skip("a poll answer with several options")
                    }
                    Ok(user) => Incoming::PollAnswer {
                        poll: answer.poll_id.0.chars().take(MAX_POLL_ID).collect(),
                        user,
                        options: answer.option_ids.clone(),
                    },
                    Err(_) => Incoming::Skip("a poll answer from a user id out of range"),
                }
            }
            _ => Incoming::Skip("an anonymous poll answer"),
        },
        UpdateKind::EditedMessage(_) => Incoming::Skip("an edited message"),
        UpdateKind::ChannelPost(_) | UpdateKind::EditedChannelPost(_) => {
            Incoming::Skip("a channel post")
        }
        UpdateKind::Error(_) => Incoming::Skip("an update this build cannot read"),
        _ => Incoming::Skip("an update kind the tutor does not use"),
    }
}

/// The bot's own username, once `getMe` told it.
static OWN_USERNAME: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// The bot's own username (without `@`), once `getMe` has said it.
pub fn own_username() -> Option<&'static str> {
    OWN_USERNAME.get().map(String::as_str)
}

/// Remembers the bot's username (from `getMe`).
pub fn set_own_username(name: &str) {
    let _ = OWN_USERNAME.set(name.trim_start_matches('@').to_owned());
}

/// Whether `text` is a command addressed to another bot (`/help@other_bot`): in a group every
/// bot sees it, and only the one named should answer. Without our own name, nothing is.
pub fn addressed_elsewhere(text: &str, own: Option<&str>) -> bool {
    let Some(own) = own else { return false };
    let Some(command) = text.split_whitespace().next() else {
        return false;
    };
    match command.strip_prefix('/').and_then(|c| c.split_once('@')) {
        Some((_, to)) => !to.eq_ignore_ascii_case(own),
        None => false,
    }
}

fn read_message(message: &Message) -> Incoming {
    let Some(text) = message.text() else {
        return Incoming::Skip("a message without text");
    };
    if addressed_elsewhere(text, OWN_USERNAME.get().map(String::as_str)) {
        return Incoming::Skip("a command for another bot");
    }
    // An anonymous group admin, or a channel writing in its discussion group, comes from a
    // bot account (`GroupAnonymousBot`, `Channel_Bot`) on behalf of `sender_chat`: a person
    // all the same. Other bots are not learners.
    if message.sender_chat.is_none() && message.from.as_ref().is_some_and(|u| u.is_bot) {
        return Incoming::Skip("a message from a bot");
    }
    // Read by the tutor, once (`/start` among the commands, with the client's language).
    let input = Input::Text(text.to_owned());
    Incoming::Tutor {
        chat: message.chat.id.0,
        input,
        callback: None,
        pressed: None,
        client_lang: message.from.as_ref().and_then(|u| u.language_code.clone()),
        topic: topic_of(message),
        // An anonymous admin writes as the group: no member of their own.
        member: message
            .sender_chat
            .is_none()
            .then(|| Member::of(&message.chat, message.from.as_ref()))
            .flatten(),
        from: message
            .sender_chat
            .is_none()
            .then(|| message.from.as_ref().and_then(Member::person))
            .flatten(),
        reply_to: message.reply_to_message().map(|m| i64::from(m.id.0)),
        title: message.chat.title().map(name_of),
    }
}

/// One update's JSON read as teloxide's `Update`, or `None` when it does not read. teloxide's
/// reader panics on a few shapes Telegram never sends (a `poll_answer` with neither `user` nor
/// `voter_chat`): such an update is one that does not read, never the end of the reading.
pub fn parse_update(json: &str) -> Option<teloxide_core::types::Update> {
    std::panic::catch_unwind(|| serde_json::from_str::<teloxide_core::types::Update>(json).ok())
        .ok()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poll_answer_teloxide_cannot_read_is_an_update_that_does_not_read() {
        let forged = r#"{"update_id":5,"poll_answer":{"poll_id":"p","option_ids":[0]}}"#;
        assert!(parse_update(forged).is_none());
        let fine = r#"{"update_id":6,"poll_answer":{"poll_id":"p","option_ids":[0],"user":{"id":7,"is_bot":false,"first_name":"A"}}}"#;
        assert!(parse_update(fine).is_some());
    }
    use serde_json::json;

    #[test]
    fn a_command_for_another_bot_is_not_ours() {
        let own = Some("chess_tutor_bot");
        assert!(addressed_elsewhere("/help@other_bot", own));
        assert!(!addressed_elsewhere("/help@Chess_Tutor_Bot", own));
        assert!(!addressed_elsewhere("/help", own));
        assert!(!addressed_elsewhere("e4", own));
        assert!(!addressed_elsewhere("mail me@home", own));
        // Before getMe answered, every command is read.
        assert!(!addressed_elsewhere("/help@other_bot", None));
    }

    fn update(value: serde_json::Value) -> Update {
        // As the Bot API sends it: text (teloxide cannot read an update from a `Value`).
        serde_json::from_str(&value.to_string()).expect("the test update parses")
    }

    fn message(id: i64, text: Option<&str>, lang: Option<&str>) -> serde_json::Value {
        let mut m = json!({
            "message_id": 7,
            "date": 1_700_000_000,
            "chat": {"id": id, "type": "private", "first_name": "A"},
            "from": {"id": id, "is_bot": false, "first_name": "A"},
        });
        if let Some(t) = text {
            m["text"] = json!(t);
        }
        if let Some(l) = lang {
            m["from"]["language_code"] = json!(l);
        }
        m
    }

    /// A message in a forum group: in topic 42 when `topic`, else in a reply thread of an
    /// ordinary supergroup (the same field, no topic).
    fn in_a_group(text: &str, topic: bool) -> serde_json::Value {
        let mut m = message(-100_500, Some(text), Some("en"));
        m["chat"] =
            json!({"id": -100_500, "type": "supergroup", "title": "Chess club", "is_forum": topic});
        m["from"]["id"] = json!(9);
        m["message_thread_id"] = json!(42);
        m["is_topic_message"] = json!(topic);
        m
    }

    #[test]
    fn a_forum_topics_message_is_answered_in_its_topic() {
        let u = update(json!({"update_id": 1, "message": in_a_group("/help", true)}));
        let read = read(&u);
        assert_eq!(read.chat(), Some(-100_500));
        assert_eq!(read.topic(), Some(ThreadId(MessageId(42))));
        // A reply thread in an ordinary group is no topic: replies go to the chat.
        let u = update(json!({"update_id": 2, "message": in_a_group("/help", false)}));
        assert_eq!(super::read(&u).topic(), None);
        // A press under a message in the topic answers there too.
        let press = json!({"update_id": 3, "callback_query": {
            "id": "cb", "from": {"id": 9, "is_bot": false, "first_name": "A"},
            "message": in_a_group("board", true), "chat_instance": "ci", "data": "n:1"}});
        assert_eq!(
            super::read(&update(press)).topic(),
            Some(ThreadId(MessageId(42)))
        );
        // What is kept in the inbox reads back with its topic.
        let kept = serde_json::to_string(&read).unwrap();
        assert_eq!(serde_json::from_str::<Incoming>(&kept).unwrap(), read);
    }

    #[test]
    fn an_anonymous_admin_is_a_learner_and_other_bots_are_not() {
        // An anonymous group admin writes through GroupAnonymousBot on behalf of the group.
        let mut m = in_a_group("/lesson 1", false);
        m["from"] = json!({"id": 1_087_968_824, "is_bot": true, "first_name": "Group", "username": "GroupAnonymousBot"});
        m["sender_chat"] = m["chat"].clone();
        let u = update(json!({"update_id": 1, "message": m.clone()}));
        assert!(
            matches!(read(&u), Incoming::Tutor { chat: -100_500, .. }),
            "{:?}",
            read(&u)
        );
        m.as_object_mut().unwrap().remove("sender_chat");
        let u = update(json!({"update_id": 2, "message": m}));
        assert_eq!(read(&u), Incoming::Skip("a message from a bot"));
    }

    /// `/start` is a text like any other: the tutor reads it, once, with the client's
    /// language the update carries.
    #[test]
    fn start_carries_the_client_language() {
        let u =
            update(json!({"update_id": 1, "message": message(5, Some("/start"), Some("zh-hans"))}));
        assert_eq!(
            read(&u),
            Incoming::Tutor {
                chat: 5,
                input: Input::Text("/start".into()),
                callback: None,
                pressed: None,
                client_lang: Some("zh-hans".into()),
                topic: None,
                member: None,
                from: Some(Member {
                    id: 5,
                    name: "A".into()
                }),
                reply_to: None,
                title: None
            }
        );
    }

    #[test]
    fn text_is_text_and_other_commands_stay_text() {
        let u = update(json!({"update_id": 1, "message": message(5, Some("/lesson 3"), None)}));
        assert_eq!(
            read(&u),
            Incoming::Tutor {
                chat: 5,
                input: Input::Text("/lesson 3".into()),
                callback: None,
                pressed: None,
                client_lang: None,
                topic: None,
                member: None,
                from: Some(Member {
                    id: 5,
                    name: "A".into()
                }),
                reply_to: None,
                title: None
            }
        );
    }

    #[test]
    fn a_reply_names_the_message_it_replies_to() {
        let mut m = message(5, Some("Qh5#"), None);
        m["reply_to_message"] = message(5, Some("the puzzle of the day"), None);
        m["reply_to_message"]["message_id"] = json!(77);
        let u = update(json!({"update_id": 1, "message": m}));
        assert!(matches!(
            read(&u),
            Incoming::Tutor {
                reply_to: Some(77),
                ..
            }
        ));
    }

    #[test]
    fn a_sticker_and_an_edit_are_skipped() {
        let mut sticker = message(5, None, None);
        sticker["sticker"] = json!({"file_id": "x"});
        let u = update(json!({"update_id": 1, "message": sticker}));
        assert!(matches!(read(&u), Incoming::Skip(_)));
        let u = update(json!({"update_id": 2, "edited_message": message(5, Some("e4"), None)}));
        assert_eq!(read(&u), Incoming::Skip("an edited message"));
        let u = update(json!({"update_id": 3, "something_new": {"a": 1}}));
        assert!(matches!(read(&u), Incoming::Skip(_)));
    }

    #[test]
    fn a_button_press_is_a_button_in_the_chat_of_its_message() {
        let mut group_message = message(77, Some("board"), None);
        group_message["chat"] = json!({"id": -100, "type": "group", "title": "Club"});
        let u = update(json!({"update_id": 9, "callback_query": {
            "id": "cb1",
            "from": {"id": 77, "is_bot": false, "first_name": "A"},
            "message": group_message,
            "chat_instance": "ci",
            "data": "n:1"
        }}));
        assert_eq!(
            read(&u),
            Incoming::Tutor {
                chat: -100,
                input: Input::Button("n:1".into()),
                callback: Some(CallbackQueryId("cb1".into())),
                pressed: Some(MessageId(7)),
                client_lang: None,
                topic: None,
                member: Some(Member {
                    id: 77,
                    name: "A".into()
                }),
                from: Some(Member {
                    id: 77,
                    name: "A".into()
                }),
                reply_to: None,
                title: Some("Club".into())
            }
        );
    }

    #[test]
    fn a_group_member_is_named_and_an_anonymous_admin_is_no_member() {
        let mut m = in_a_group("/play", false);
        m["from"]["first_name"] = json!(format!("Ann\u{7}{}", "x".repeat(40)));
        let u = update(json!({"update_id": 1, "message": m.clone()}));
        let Incoming::Tutor { member, .. } = read(&u) else {
            panic!("{:?}", read(&u));
        };
        let member = member.expect("a person in a group is a member");
        assert_eq!(member.id, 9);
        assert_eq!(member.name.chars().count(), MAX_NAME_CHARS);
        assert!(member.name.starts_with("Annxx"), "{}", member.name);
        m["sender_chat"] = m["chat"].clone();
        let u = update(json!({"update_id": 2, "message": m}));
        assert!(matches!(read(&u), Incoming::Tutor { member: None, .. }));
        // In a private chat the learner is the chat: no member.
        let u = update(json!({"update_id": 3, "message": message(5, Some("/play"), None)}));
        assert!(matches!(read(&u), Incoming::Tutor { member: None, .. }));
    }

    #[test]
    fn a_poll_answer_is_the_voters_and_an_anonymous_one_is_skipped() {
        let u = update(json!({"update_id": 4, "poll_answer": {
            "poll_id": "5432", "user": {"id": 77, "is_bot": false, "first_name": "A"},
            "option_ids": [2]}}));
        let read = read(&u);
        assert_eq!(
            read,
            Incoming::PollAnswer {
                poll: "5432".into(),
                user: 77,
                options: vec![2]
            }
        );
        assert_eq!(read.chat(), Some(77));
        let kept = serde_json::to_value(&read).unwrap();
        assert_eq!(serde_json::from_value::<Incoming>(kept).unwrap(), read);
        let anonymous = update(json!({"update_id": 5, "poll_answer": {
            "poll_id": "5432", "voter_chat": {"id": -100, "type": "channel", "title": "C"},
            "user": {"id": 136_817_688, "is_bot": true, "first_name": "Channel"},
            "option_ids": [0]}}));
        assert!(matches!(super::read(&anonymous), Incoming::Skip(_)));
    }

    #[test]
    fn a_press_without_data_is_only_answered() {
        let u = update(json!({"update_id": 9, "callback_query": {
            "id": "cb2",
            "from": {"id": 77, "is_bot": false, "first_name": "A"},
            "chat_instance": "ci",
            "game_short_name": "g"
        }}));
        assert_eq!(
            read(&u),
            Incoming::AnswerOnly {
                chat: Some(77),
                callback: CallbackQueryId("cb2".into())
            }
        );
    }

    #[test]
    fn what_is_kept_reads_back_the_same() {
        let press = update(json!({"update_id": 9, "callback_query": {
            "id": "cb1",
            "from": {"id": 77, "is_bot": false, "first_name": "A"},
            "message": message(77, Some("board"), None),
            "chat_instance": "ci",
            "data": "k:3:e2"
        }}));
        let start =
            update(json!({"update_id": 1, "message": message(5, Some("/start"), Some("zh"))}));
        let bare = update(json!({"update_id": 2, "callback_query": {
            "id": "cb2", "from": {"id": 7, "is_bot": false, "first_name": "A"}, "chat_instance": "ci"
        }}));
        for u in [press, start, bare] {
            let incoming = read(&u);
            let kept = serde_json::to_value(&incoming).unwrap();
            let back: Incoming = serde_json::from_value(kept).unwrap();
            assert_eq!(back, incoming);
        }
        assert!(
            serde_json::to_value(Incoming::Skip("x")).is_err(),
            "never kept"
        );
    }
}
