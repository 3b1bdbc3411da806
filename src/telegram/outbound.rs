//! Sending the tutor's replies: text split to Telegram's limits, boards as PNG photos with
//! captions, inline keyboards, and every Bot API call retried after a 429 as Telegram asks.

use std::time::Duration;

use chess_tutor_core::render;
use chess_tutor_core::render::BoardView;
use chess_tutor_core::tutor::Reply;
use teloxide_core::payloads::{
    AnswerCallbackQuerySetters, EditMessageMediaSetters, EditMessageTextSetters,
    SendDocumentSetters, SendMessageSetters, SendPhotoSetters,
};
use teloxide_core::requests::{Output, Request, Requester};
use teloxide_core::types::{
    CallbackQueryId, ChatId, InlineKeyboardButton, InlineKeyboardMarkup, InputFile, InputMedia,
    InputMediaPhoto, Message, MessageId, ThreadId,
};
use teloxide_core::{ApiError, RequestError};

use super::Shell;
use super::memory::PictureKey;

/// Longest text message Telegram accepts, in UTF-16 code units.
pub const MAX_TEXT: usize = 4096;
/// Longest photo caption Telegram accepts, in UTF-16 code units.
pub const MAX_CAPTION: usize = 1024;
/// Longest notice on a pressed button (`answerCallbackQuery` text), in characters.
pub const MAX_TOAST: usize = 200;
/// Side of the board pictures, in pixels.
pub const BOARD_PX: u32 = 512;

/// The first wait after a passing failure; it doubles up to [`BACKOFF_CAP`], jittered.
const BACKOFF_FIRST: Duration = Duration::from_millis(200);
/// The longest wait between two attempts of one call.
const BACKOFF_CAP: Duration = Duration::from_secs(10);

/// Whether a failed call may pass if tried again: a network failure (refused, reset, timed
/// out), an answer that is not the Bot API's JSON (a proxy's error page), or a server error
/// (5xx) in the Bot API's own words. Anything else (a 400, a 403 for a blocked bot, a chat
/// not found) is permanent: the same call would fail again.
pub fn is_passing(error: &RequestError) -> bool {
    match error {
        RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. } => true,
        RequestError::Api(ApiError::Unknown(description)) => {
            let d = description.to_ascii_lowercase();
            [
                "internal server error",
                "bad gateway",
                "service unavailable",
                "gateway timeout",
                "gateway time-out",
            ]
            .iter()
            .any(|s| d.contains(s))
                || d.starts_with('5')
        }
        _ => false,
    }
}

/// The wait before attempt `failures + 1`: doubling from [`BACKOFF_FIRST`] to
/// [`BACKOFF_CAP`], between half and all of it (so that many chats do not retry in step).
pub fn backoff(failures: u32) -> Duration {
    let full = BACKOFF_FIRST
        .saturating_mul(1 << failures.min(16))
        .min(BACKOFF_CAP);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    // A cheap spread from the clock: 0..=1000 thousandths.
    let spread = u64::from(nanos.wrapping_mul(2_654_435_761) % 1001);
    let full_ms = u64::try_from(full.as_millis()).unwrap_or(u64::MAX);
    Duration::from_millis(full_ms / 2 + full_ms / 2 * spread / 1000)
}

/// Splits `text` into pieces of at most `limit` UTF-16 code units (how Telegram counts),
/// breaking at a line end or a space where one is near the limit. Empty pieces are dropped.
pub fn split(text: &str, limit: usize) -> Vec<String> {
    let limit = limit.max(2);
    let mut pieces = Vec::new();
    let mut rest = text.trim_end();
    while !rest.is_empty() {
        let mut units = 0;
        let mut cut = rest.len();
        for (i, c) in rest.char_indices() {
            if units + c.len_utf16() > limit {
                cut = i;
                break;
            }
            units += c.len_utf16();
        }
        if cut < rest.len() {
            // Prefer a line end, then a space, in the last half of the piece.
            let head = &rest[..cut];
            let floor = cut / 2;
            if let Some(at) = head.rfind('\n').filter(|&at| at > floor) {
                cut = at + 1;
            } else if let Some(at) = head.rfind(' ').filter(|&at| at > floor) {
                cut = at + 1;
            }
        }
        let piece = rest[..cut].trim_end();
        if !piece.is_empty() {
            pieces.push(piece.to_owned());
        }
        rest = rest[cut..].trim_start_matches('\n');
    }
    pieces
}

/// A photo's caption (at most [`MAX_CAPTION`]) and the text messages that follow it.
pub fn caption_and_rest(text: &str) -> (String, Vec<String>) {
    let mut first = split(text, MAX_CAPTION);
    if first.len() <= 1 {
        return (first.pop().unwrap_or_default(), Vec::new());
    }
    let caption = first.remove(0);
    let rest = first.join("\n");
    (caption, split(&rest, MAX_TEXT))
}

/// The inline keyboard of a reply, if it has buttons. `board_app` is the board page's
/// address where it may be offered (a private chat, with a page served): a task that offers
/// the tap board then offers the page too, in a row of its own under the task's buttons.
pub fn keyboard(reply: &Reply, board_app: Option<&url::Url>) -> Option<InlineKeyboardMarkup> {
    // The tap board first (it belongs under the picture), then the task's buttons.
    let mut rows: Vec<Vec<InlineKeyboardButton>> = reply
        .squares
        .iter()
        .chain(&reply.buttons)
        .filter(|row| !row.is_empty())
        .map(|row| {
            row.iter()
                .map(|b| InlineKeyboardButton::callback(b.label.clone(), b.data.clone()))
                .collect()
        })
        .collect();
    if let (Some(label), Some(url)) = (&reply.board_app, board_app) {
        rows.push(vec![InlineKeyboardButton::web_app(
            label.clone(),
            teloxide_core::types::WebAppInfo { url: url.clone() },
        )]);
    }
    (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows))
}

/// Runs one Bot API call, made afresh by `make` for each attempt: waits `retry_after` and
/// tries again after a 429 (as often as Telegram asks), and retries a passing failure
/// ([`is_passing`]) with a jittered, capped backoff for up to [`Shell::passing_budget`].
///
/// # Errors
///
/// The call's error once it is permanent, or passing failures outlast the budget.
pub async fn call<Q, F>(shell: &Shell, what: &str, make: F) -> Result<Output<Q>, RequestError>
where
    F: Fn() -> Q,
    Q: Request<Err = RequestError>,
{
    let mut failures = 0;
    let since = std::time::Instant::now();
    loop {
        match make().send().await {
            Ok(out) => return Ok(out),
            Err(RequestError::RetryAfter(wait)) => {
                shell.metrics.api_throttled.inc();
                tracing::info!(
                    method = %what,
                    retry_after_s = wait.seconds(),
                    "429 Too Many Requests, retrying"
                );
                tokio::time::sleep(wait.duration()).await;
            }
            Err(e) if is_passing(&e) && since.elapsed() < shell.passing_budget => {
                let wait = backoff(failures);
                failures += 1;
                shell.metrics.api_retries.inc();
                tracing::warn!(
                    method = %what,
                    attempt = failures,
                    retry_in_ms = wait.as_millis(),
                    error = %e,
                    "a passing failure, retrying"
                );
                tokio::time::sleep(wait).await;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Where a reply goes: a chat, and in a forum group the topic the learner wrote in (a new
/// message without it would land in the group's General topic).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The chat.
    pub chat: ChatId,
    /// The forum topic, in a forum group.
    pub topic: Option<ThreadId>,
}

impl From<ChatId> for Place {
    fn from(chat: ChatId) -> Place {
        Place { chat, topic: None }
    }
}

/// Sends `text` to `place` as one or more messages, the keyboard on the last. Returns the
/// last message sent (whole when the text fitted in one).
async fn send_text(
    shell: &Shell,
    place: Place,
    text: &str,
    keyboard: Option<InlineKeyboardMarkup>,
) -> Result<Option<SentTask>, RequestError> {
    let mut pieces = split(text, MAX_TEXT);
    if pieces.is_empty() && keyboard.is_some() {
        // A keyboard needs a message to hang on.
        pieces.push("…".to_owned());
    }
    let last = pieces.len().saturating_sub(1);
    let mut sent = None;
    for (i, piece) in pieces.iter().enumerate() {
        let markup = if i == last { keyboard.clone() } else { None };
        let message = call(shell, "sendMessage", || {
            let mut request = shell.bot.send_message(place.chat, piece.clone());
            if let Some(topic) = place.topic {
                request = request.message_thread_id(topic);
            }
            match &markup {
                Some(m) => request.reply_markup(m.clone()),
                None => request,
            }
        })
        .await?;
        sent = Some(SentTask {
            message: message.id,
            whole: pieces.len() == 1,
        });
    }
    Ok(sent)
}

/// Where a board picture is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawing {
    /// On the runtime's blocking threads: a lesson step, `/help`, a notice.
    Quick,
    /// On the picture threads, below normal priority and above the searches: the pictures
    /// of a step that may have searched (a game move, a puzzle), so that a quick step of
    /// another learner is never behind them for a core, and they are not behind the searches.
    Aside,
}

impl Drawing {
    /// How the pictures of a step are drawn, by whether the step may search.
    #[must_use]
    pub fn after_step(searched: bool) -> Self {
        if searched { Self::Aside } else { Self::Quick }
    }
}

/// Draws a board picture (at most one per core at once); `None`, logged, if it fails.
async fn draw(shell: &Shell, chat: ChatId, view: &BoardView, drawing: Drawing) -> Option<Vec<u8>> {
    let view = view.clone();
    let drawn = {
        // Closed only if the shell is torn down; then draw anyway.
        let _permit = shell.renders.acquire().await.ok();
        let render = move || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                render::png(&view, BOARD_PX)
            }))
        };
        match drawing {
            Drawing::Aside => crate::search_pool::draw(render).await,
            Drawing::Quick => match tokio::task::spawn_blocking(render).await {
                Ok(drawn) => drawn,
                Err(e) => Err(Box::new(e.to_string()) as Box<dyn std::any::Any + Send>),
            },
        }
    };
    match drawn {
        Ok(Ok(bytes)) => Some(bytes),
        Ok(Err(e)) => {
            tracing::error!(chat_id = %chat, error = %e, "cannot draw a board");
            None
        }
        Err(_) => {
            tracing::error!(chat_id = %chat, "drawing a board failed");
            None
        }
    }
}

/// A picture as Telegram should get it: by the `file_id` it gave the same picture before, or
/// uploaded.
fn photo_file(shell: &Shell, key: PictureKey, picture: &[u8]) -> InputFile {
    match shell.pictures.find(key) {
        Some(id) => InputFile::file_id(id),
        None => InputFile::memory(picture.to_vec()).file_name("board.png"),
    }
}

/// Remembers the `file_id` Telegram gave the picture of a sent message.
fn remember_picture(shell: &Shell, key: PictureKey, message: &Message) {
    if let Some(largest) = message.photo().and_then(<[_]>::last) {
        shell.pictures.remember(key, largest.file.id.clone());
    }
}

/// Sends a photo with its caption and keyboard; a `file_id` Telegram no longer accepts is
/// forgotten and the picture uploaded instead.
async fn send_photo(
    shell: &Shell,
    place: Place,
    picture: &[u8],
    caption: &str,
    markup: Option<&InlineKeyboardMarkup>,
) -> Result<Message, RequestError> {
    let key = PictureKey::of(picture);
    let by_id = shell.pictures.find(key).is_some();
    let send = || {
        call(shell, "sendPhoto", || {
            let mut request = shell
                .bot
                .send_photo(place.chat, photo_file(shell, key, picture));
            if let Some(topic) = place.topic {
                request = request.message_thread_id(topic);
            }
            let request = if caption.is_empty() {
                request
            } else {
                request.caption(caption.to_owned())
            };
            match markup {
                Some(m) => request.reply_markup(m.clone()),
                None => request,
            }
        })
    };
    let sent = match send().await {
        Err(RequestError::Api(e)) if by_id => {
            tracing::info!(error = %e, "a remembered picture was refused, uploading it again");
            shell.pictures.forget(key);
            send().await
        }
        other => other,
    }?;
    remember_picture(shell, key, &sent);
    Ok(sent)
}

/// Sends a reply's file (a game's PGN) as a document, after its words, with the reply's
/// keyboard (it is the last message).
async fn send_document(
    shell: &Shell,
    place: Place,
    document: &chess_tutor_core::tutor::reply::Document,
    markup: Option<InlineKeyboardMarkup>,
) -> Result<Message, RequestError> {
    call(shell, "sendDocument", || {
        let file = InputFile::memory(document.text.clone().into_bytes())
            .file_name(document.file_name.clone());
        let request = shell.bot.send_document(place.chat, file);
        let request = match place.topic {
            Some(topic) => request.message_thread_id(topic),
            None => request,
        };
        match &markup {
            Some(markup) => request.reply_markup(markup.clone()),
            None => request,
        }
    })
    .await
}

/// Sends one reply: a photo with its caption (and any further text) when it has a board,
/// otherwise text; the keyboard goes on the last message. Returns the message that holds the
/// board (or the text), which a task's later answers may edit.
///
/// # Errors
///
/// The first Bot API call that fails for good.
pub async fn send_reply(
    shell: &Shell,
    place: Place,
    reply: &Reply,
) -> Result<Option<SentTask>, RequestError> {
    send_drawn(shell, place, reply, Drawing::Quick).await
}

/// [`send_reply`], its picture drawn where `drawing` says.
async fn send_drawn(
    shell: &Shell,
    place: Place,
    reply: &Reply,
    drawing: Drawing,
) -> Result<Option<SentTask>, RequestError> {
    let markup = keyboard(reply, shell.board_app_in(place.chat));
    let Some(view) = &reply.board else {
        // A task in words (a quiz question without a board) is remembered like a picture:
        // a typed answer edits it too.
        return match &reply.document {
            Some(document) => {
                send_text(shell, place, &reply.text, None).await?;
                send_document(shell, place, document, markup).await?;
                Ok(None)
            }
            None => send_text(shell, place, &reply.text, markup).await,
        };
    };
    let Some(picture) = draw(shell, place.chat, view, drawing).await else {
        send_text(shell, place, &reply.text, markup).await?;
        return Ok(None);
    };
    let (caption, rest) = caption_and_rest(&reply.text);
    let photo_markup = if rest.is_empty() {
        markup.as_ref()
    } else {
        None
    };
    let sent = send_photo(shell, place, &picture, &caption, photo_markup).await?;
    if !rest.is_empty() {
        send_text(shell, place, &rest.join("\n"), markup).await?;
    }
    Ok(Some(SentTask {
        message: sent.id,
        whole: rest.is_empty(),
    }))
}

/// The photo message a reply became.
#[derive(Debug, Clone, Copy)]
pub struct SentTask {
    /// The message.
    pub message: MessageId,
    /// Whether the whole reply (text and keyboard) is in it, so that an edit can replace it.
    pub whole: bool,
}

/// Replaces the picture, caption and keyboard of `message` at once.
async fn edit_photo(
    shell: &Shell,
    chat: ChatId,
    message: MessageId,
    picture: &[u8],
    caption: &str,
    markup: InlineKeyboardMarkup,
) -> Result<(), RequestError> {
    let key = PictureKey::of(picture);
    let edited = call(shell, "editMessageMedia", || {
        let mut photo = InputMediaPhoto::new(photo_file(shell, key, picture));
        if !caption.is_empty() {
            photo = photo.caption(caption.to_owned());
        }
        shell
            .bot
            .edit_message_media(chat, message, InputMedia::Photo(photo))
            .reply_markup(markup.clone())
    })
    .await;
    match edited {
        Ok(m) => {
            remember_picture(shell, key, &m);
            Ok(())
        }
        Err(RequestError::Api(ApiError::MessageNotModified)) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Replaces the text and keyboard of a text message (a task without a board: a quiz question
/// in words).
async fn edit_text(
    shell: &Shell,
    chat: ChatId,
    message: MessageId,
    text: &str,
    markup: InlineKeyboardMarkup,
) -> Result<(), RequestError> {
    let edited = call(shell, "editMessageText", || {
        shell
            .bot
            .edit_message_text(chat, message, text.to_owned())
            .reply_markup(markup.clone())
    })
    .await;
    match edited {
        Ok(_) | Err(RequestError::Api(ApiError::MessageNotModified)) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Delivers one reply. A reply that belongs to a task updates that task's board message in
/// place (picture, caption and keyboard at once): the task's message this shell remembers
/// (its newest), else the message pressed; for a typed answer too, so that a step costs one
/// message whether it is tapped or typed (the tutor answers what it did not read with a new
/// text instead).
/// An edit Telegram refuses (the message is too old, or gone), or a task this shell does not
/// know, is sent as a new message, which then becomes the task's message.
///
/// # Errors
///
/// The first Bot API call that fails for good.
pub async fn deliver(
    shell: &Shell,
    place: Place,
    reply: &Reply,
    pressed: Option<MessageId>,
    drawing: Drawing,
) -> Result<(), RequestError> {
    if let Some(poll) = &reply.poll {
        return deliver_poll(shell, place, reply, poll, drawing).await;
    }
    let chat = place.chat;
    let nonce = reply.task.or(reply.edit_task);
    // The task's newest message first (a task shown again with /board has two: the newest
    // is the one to keep live), else the message pressed.
    let remembered = reply
        .edit_task
        .and_then(|task| shell.tasks.find(chat.0, task));
    let target = match (reply.edit, pressed) {
        (true, Some(message)) => remembered.or(Some(message)),
        _ => remembered,
    };
    if let Some(message) = target {
        let markup = || {
            keyboard(reply, shell.board_app_in(chat))
                .unwrap_or_else(|| InlineKeyboardMarkup::new(Vec::<Vec<_>>::new()))
        };
        // A board task: its picture and caption replaced, what does not fit sent after it;
        // a task in words: its text replaced, when it fits in one message.
        let edited = match &reply.board {
            Some(view) => match draw(shell, chat, view, drawing).await {
                Some(picture) => {
                    let (caption, rest) = caption_and_rest(&reply.text);
                    Some(
                        edit_photo(shell, chat, message, &picture, &caption, markup())
                            .await
                            .map(|()| rest),
                    )
                }
                None => None,
            },
            None => match split(&reply.text, MAX_TEXT).as_slice() {
                [text] => Some(
                    edit_text(shell, chat, message, text, markup())
                        .await
                        .map(|()| Vec::new()),
                ),
                _ => None,
            },
        };
        match edited {
            Some(Ok(rest)) => {
                if let Some(nonce) = nonce {
                    shell.tasks.remember(chat.0, nonce, message);
                }
                if !rest.is_empty() {
                    send_text(shell, place, &rest.join("\n"), None).await?;
                }
                return Ok(());
            }
            Some(Err(e)) => tracing::info!(
                chat_id = %chat,
                message_id = message.0,
                error = %e,
                "cannot edit the message, sending anew"
            ),
            None => {}
        }
    }
    let sent = send_drawn(shell, place, reply, drawing).await?;
    if let (Some(nonce), Some(sent)) = (nonce, sent)
        && sent.whole
    {
        shell.tasks.remember(chat.0, nonce, sent.message);
    }
    if let (Some(receipt), Some(sent)) = (reply.receipt, sent) {
        note_receipt(shell, receipt, sent.message).await;
    }
    Ok(())
}

/// Notes which message a reply became, where the tutor asked (the post of a class's puzzle
/// of the day: answers reply to it). A failure is logged: the post stands, only answers
/// replying to it are then read as ordinary messages.
async fn note_receipt(
    shell: &Shell,
    receipt: chess_tutor_core::tutor::Receipt,
    message: MessageId,
) {
    use chess_tutor_core::tutor::Receipt;
    match receipt {
        Receipt::DailyPost { class, day } => {
            if let Err(e) = shell
                .store
                .set_daily_message(class.0, day, i64::from(message.0))
                .await
            {
                tracing::warn!(class = class.0, error = %e, "cannot note the puzzle of the day's post");
            }
        }
    }
}

/// Posts a class's quiz poll (a native quiz: not anonymous, its right option and its
/// explanation, the reply's buttons under it) and tells the store which poll it became; or
/// closes one (`stopPoll`: Telegram shows its result) and then sends the reply's words.
async fn deliver_poll(
    shell: &Shell,
    place: Place,
    reply: &Reply,
    poll: &chess_tutor_core::tutor::PollOp,
    drawing: Drawing,
) -> Result<(), RequestError> {
    use chess_tutor_core::tutor::PollOp;
    use teloxide_core::payloads::SendPollSetters;
    use teloxide_core::types::{InputPollOption, PollType};
    match poll {
        PollOp::Send(quiz) => {
            let markup = keyboard(reply, None);
            let sent = call(shell, "sendPoll", || {
                let mut request = shell
                    .bot
                    .send_poll(
                        place.chat,
                        quiz.question.clone(),
                        quiz.options.iter().map(|o| InputPollOption::new(o.clone())),
                    )
                    .type_(PollType::Quiz)
                    .is_anonymous(false)
                    .correct_option_id(quiz.correct);
                if !quiz.explanation.is_empty() {
                    request = request.explanation(quiz.explanation.clone());
                }
                if let Some(topic) = place.topic {
                    request = request.message_thread_id(topic);
                }
                match &markup {
                    Some(m) => request.reply_markup(m.clone()),
                    None => request,
                }
            })
            .await?;
            match sent.poll() {
                Some(posted) => {
                    if let Err(e) = shell
                        .store
                        .set_quiz_poll(quiz.quiz, &posted.id.0, i64::from(sent.id.0))
                        .await
                    {
                        // Its answers then find no quiz: they are not kept.
                        tracing::error!(quiz = quiz.quiz, error = %e, "cannot note the quiz's poll");
                    }
                }
                None => tracing::warn!(quiz = quiz.quiz, "sendPoll answered without a poll"),
            }
            Ok(())
        }
        PollOp::Stop { message } => {
            // A poll already closed, or a message gone, is no reason to keep the result back.
            if let Err(e) = call(shell, "stopPoll", || {
                shell.bot.stop_poll(place.chat, MessageId(*message))
            })
            .await
            {
                tracing::info!(chat_id = %place.chat, error = %e, "stopPoll failed");
            }
            let words = Reply {
                poll: None,
                ..reply.clone()
            };
            send_drawn(shell, place, &words, drawing).await.map(|_| ())
        }
    }
}

/// Answers a button press (stops the client's spinner). Failures are logged, not returned:
/// an old press may no longer be answerable.
pub async fn answer_callback(shell: &Shell, id: &CallbackQueryId) {
    answer_callback_with(shell, id, None).await;
}

/// Answers a button press with a short notice shown on the learner's screen (a toast), or
/// none.
pub async fn answer_callback_with(shell: &Shell, id: &CallbackQueryId, toast: Option<&str>) {
    let toast = toast.map(|t| split(t, MAX_TOAST).into_iter().next().unwrap_or_default());
    if let Err(e) = call(shell, "answerCallbackQuery", || {
        let request = shell.bot.answer_callback_query(id.clone());
        match &toast {
            Some(text) => request.text(text.clone()),
            None => request,
        }
    })
    .await
    {
        tracing::warn!(error = %e, "answerCallbackQuery failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_tutor_core::tutor::Button;

    fn utf16(s: &str) -> usize {
        s.encode_utf16().count()
    }

    #[test]
    fn short_text_is_one_piece_and_empty_text_none() {
        assert_eq!(split("hello", MAX_TEXT), vec!["hello".to_owned()]);
        assert!(split("", MAX_TEXT).is_empty());
        assert!(split("\n  \n", MAX_TEXT).is_empty());
    }

    #[test]
    fn long_text_is_split_within_the_limit_at_line_ends() {
        let line = "x".repeat(100);
        let text = vec![line.as_str(); 100].join("\n");
        let pieces = split(&text, MAX_TEXT);
        assert!(pieces.len() >= 3);
        for p in &pieces {
            assert!(utf16(p) <= MAX_TEXT);
            assert!(p.split('\n').all(|l| l == line), "a line was cut");
        }
        assert_eq!(pieces.join("\n"), text);
    }

    #[test]
    fn chinese_and_emoji_are_counted_in_utf16_units() {
        let text = "将".repeat(5000);
        let pieces = split(&text, MAX_TEXT);
        assert_eq!(pieces.len(), 2);
        assert_eq!(utf16(&pieces[0]), MAX_TEXT);
        let emoji = "♞💡".repeat(3000);
        for p in split(&emoji, MAX_TEXT) {
            assert!(utf16(&p) <= MAX_TEXT);
        }
        assert_eq!(split(&emoji, MAX_TEXT).concat(), emoji);
    }

    #[test]
    fn a_long_caption_continues_as_text() {
        let text = format!("{}\n{}", "a ".repeat(400), "b ".repeat(800));
        let (caption, rest) = caption_and_rest(&text);
        assert!(utf16(&caption) <= MAX_CAPTION);
        assert!(!rest.is_empty());
        let all: String = std::iter::once(caption)
            .chain(rest)
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(
            all.split_whitespace().count(),
            text.split_whitespace().count()
        );
        let (caption, rest) = caption_and_rest("short");
        assert_eq!((caption.as_str(), rest.len()), ("short", 0));
    }

    #[test]
    fn server_errors_and_network_failures_pass_and_refusals_do_not() {
        let unknown = |d: &str| RequestError::Api(ApiError::Unknown(d.to_owned()));
        assert!(is_passing(&unknown("Bad Gateway")));
        assert!(is_passing(&unknown("Internal Server Error")));
        assert!(is_passing(&RequestError::InvalidJson {
            source: serde_json::from_str::<u8>("<html>").unwrap_err().into(),
            raw: "<html>".into()
        }));
        assert!(!is_passing(&RequestError::Api(ApiError::BotBlocked)));
        assert!(!is_passing(&RequestError::Api(ApiError::ChatNotFound)));
        assert!(!is_passing(&unknown("Bad Request: message text is empty")));
        for n in 0..40 {
            let wait = backoff(n);
            assert!(wait <= BACKOFF_CAP && wait >= BACKOFF_FIRST / 2, "{wait:?}");
        }
    }

    #[test]
    fn buttons_become_an_inline_keyboard() {
        let mut reply = Reply::text("t");
        assert!(keyboard(&reply, None).is_none());
        reply.buttons = vec![
            vec![
                Button {
                    label: "A".into(),
                    data: "a:1".into(),
                },
                Button {
                    label: "B".into(),
                    data: "b:1".into(),
                },
            ],
            vec![],
        ];
        let k = keyboard(&reply, None).expect("a keyboard");
        assert_eq!(k.inline_keyboard.len(), 1);
        assert_eq!(k.inline_keyboard[0].len(), 2);
        assert_eq!(k.inline_keyboard[0][1].text, "B");
    }
}
