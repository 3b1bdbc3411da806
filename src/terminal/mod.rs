//! The terminal chat: the same tutor as the Telegram bot, boards as Unicode text, buttons as
//! numbered choices. Works with stdin piped (scripts, tests).

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;

use chess_tutor_core::render::{self, BoardView};
use chess_tutor_core::rules::Lang;
use chess_tutor_core::tutor::{Action, Catalog, Input, Reply};
use chess_tutor_store::{Applied, LearnerId, Store};
use shakmaty::{Color, File, Rank, Square};

use crate::shell::{Arrival, NoAdmins, apply};

/// Options of the terminal chat.
pub struct ChatOptions {
    /// The language to start in, for a new learner.
    pub lang: Option<Lang>,
    /// The learner id of this terminal.
    pub learner: LearnerId,
    /// Where the last board picture is written.
    pub picture: Option<PathBuf>,
}

/// Runs the chat until end of input or `/quit`.
///
/// # Errors
///
/// Terminal I/O failures and store failures.
pub async fn run(
    store: &Store,
    catalog: &Arc<Catalog>,
    options: &ChatOptions,
    mut from_page: tokio::sync::mpsc::UnboundedReceiver<Vec<Reply>>,
) -> anyhow::Result<()> {
    let color = io::stdout().is_terminal();
    let mut out = io::stdout().lock();
    let first = store.load(options.learner).await?.is_none();
    let start = Input::Start {
        client_lang: options.lang.map(|l| l.to_string()),
    };
    let mut buttons: Vec<String> = Vec::new();
    if first || options.lang.is_some() {
        let replies = run_input(store, catalog, options, start).await?;
        show(&mut out, &replies, &mut buttons, color, options)?;
        if let (false, Some(lang)) = (first, options.lang) {
            let replies = run_input(
                store,
                catalog,
                options,
                Input::Text(format!("/lang {lang}")),
            )
            .await?;
            show(&mut out, &replies, &mut buttons, color, options)?;
        }
    } else {
        let replies = run_input(store, catalog, options, Input::Text("/board".into())).await?;
        show(&mut out, &replies, &mut buttons, color, options)?;
    }
    // Lines are read on a thread of their own, so that the board page's moves are shown
    // while the chat waits for the next line.
    let (lines_in, mut lines) = tokio::sync::mpsc::channel::<io::Result<String>>(16);
    std::thread::spawn(move || {
        let stdin = io::stdin();
        loop {
            let mut line = String::new();
            let read = stdin.lock().read_line(&mut line);
            let end = matches!(read, Ok(0))
                || matches!(&read, Err(e) if e.kind() != io::ErrorKind::InvalidData);
            let sent = match read {
                Ok(0) => break,
                Ok(_) => lines_in.blocking_send(Ok(line)),
                Err(e) => lines_in.blocking_send(Err(e)),
            };
            if end || sent.is_err() {
                break;
            }
        }
    });
    let mut page_open = true;
    loop {
        if color {
            write!(out, "> ")?;
            out.flush()?;
        }
        // The page first: a move made there before a line was typed is shown before that
        // line is read (a `/quit` typed just after it would otherwise end the chat unshown).
        let line = tokio::select! {
            biased;
            replies = from_page.recv(), if page_open => {
                match replies {
                    // A move made on the board page: the chat shows what it did.
                    Some(replies) => {
                        writeln!(out)?;
                        show(&mut out, &replies, &mut buttons, color, options)?;
                    }
                    None => page_open = false,
                }
                continue;
            }
            line = lines.recv() => line,
        };
        // A line that is not UTF-8 is skipped, not fatal.
        let line = match line {
            None => break,
            Some(Ok(line)) => line,
            Some(Err(e)) if e.kind() == io::ErrorKind::InvalidData => {
                writeln!(out, "(unreadable input skipped)")?;
                continue;
            }
            Some(Err(e)) => return Err(e.into()),
        };
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if matches!(text, "/quit" | "/exit" | "quit" | "exit") {
            break;
        }
        // A bare number presses the numbered button of the last message.
        let input = match text.parse::<usize>() {
            Ok(k) if k >= 1 && k <= buttons.len() => Input::Button(buttons[k - 1].clone()),
            _ => Input::Text(text.to_owned()),
        };
        let replies = run_input(store, catalog, options, input).await?;
        show(&mut out, &replies, &mut buttons, color, options)?;
    }
    Ok(())
}

async fn run_input(
    store: &Store,
    catalog: &Arc<Catalog>,
    options: &ChatOptions,
    input: Input,
) -> anyhow::Result<Vec<Reply>> {
    let arrival = Arrival::private(options.learner.0, input);
    match apply(store, catalog, &arrival, &NoAdmins).await? {
        Applied::Done(outcome) => {
            let mut replies = outcome.kept.replies;
            replies.extend(outcome.kept.posts.into_iter().map(|(_, r)| r));
            Ok(replies)
        }
        Applied::Duplicate => Ok(Vec::new()),
    }
}

fn show(
    out: &mut impl Write,
    replies: &[Reply],
    buttons: &mut Vec<String>,
    color: bool,
    options: &ChatOptions,
) -> io::Result<()> {
    buttons.clear();
    for reply in replies {
        if let Some(view) = &reply.board {
            write!(out, "{}", board_text(view, color))?;
            if let Some(path) = &options.picture
                && let Ok(png) = render::png(view, 512)
                && std::fs::write(path, png).is_ok()
            {
                writeln!(out, "  [picture: {}]", path.display())?;
            }
        }
        writeln!(out, "{}", reply.text)?;
        // A file (a game's PGN) is saved beside the picture, to import into a chess site.
        if let Some(document) = &reply.document
            && let Some(dir) = options.picture.as_ref().and_then(|p| p.parent())
        {
            let path = dir.join(&document.file_name);
            if std::fs::write(&path, &document.text).is_ok() {
                writeln!(out, "  [file: {}]", path.display())?;
            }
        }
        let mut labels = Vec::new();
        // Moves are typed here: the tap board (and the button that opens it) is for phones.
        for button in reply.buttons.iter().flatten() {
            if matches!(Action::decode(&button.data), Some(Action::TapBoard(_))) {
                continue;
            }
            buttons.push(button.data.clone());
            labels.push(format!("[{}] {}", buttons.len(), button.label));
        }
        if !labels.is_empty() {
            writeln!(out, "  {}", labels.join("  "))?;
        }
        writeln!(out)?;
    }
    out.flush()
}

fn glyph(piece: shakmaty::Piece) -> char {
    use shakmaty::Role::{Bishop, King, Knight, Pawn, Queen, Rook};
    match (piece.color, piece.role) {
        (Color::White, King) => '♔',
        (Color::White, Queen) => '♕',
        (Color::White, Rook) => '♖',
        (Color::White, Bishop) => '♗',
        (Color::White, Knight) => '♘',
        (Color::White, Pawn) => '♙',
        (Color::Black, King) => '♚',
        (Color::Black, Queen) => '♛',
        (Color::Black, Rook) => '♜',
        (Color::Black, Bishop) => '♝',
        (Color::Black, Knight) => '♞',
        (Color::Black, Pawn) => '♟',
    }
}

/// The board as text: ranks top to bottom from the viewer's side; marked squares, the last
/// move and the king in check are coloured on a terminal and bracketed in plain text.
#[must_use]
pub fn board_text(view: &BoardView, color: bool) -> String {
    let white = view.orientation == Color::White;
    let ranks: Vec<Rank> = if white {
        Rank::ALL.iter().rev().copied().collect()
    } else {
        Rank::ALL.to_vec()
    };
    let files: Vec<File> = if white {
        File::ALL.to_vec()
    } else {
        File::ALL.iter().rev().copied().collect()
    };
    let marked = |sq: Square| {
        view.marks.iter().any(|m| m.square == sq)
            || view.check == Some(sq)
            || view.arrows.iter().any(|a| a.from == sq || a.to == sq)
    };
    let tinted = |sq: Square| view.last_move.is_some_and(|(a, b)| a == sq || b == sq);
    let mut s = String::new();
    for &rank in &ranks {
        s.push_str(&format!(" {} ", rank.char()));
        for &file in &files {
            let sq = Square::from_coords(file, rank);
            let c = view
                .board
                .piece_at(sq)
                .map_or(if view.dots.contains(&sq) { '•' } else { '·' }, glyph);
            if color {
                let bg = if marked(sq) {
                    "\x1b[48;5;210m"
                } else if tinted(sq) {
                    "\x1b[48;5;229m"
                } else if sq.is_light() {
                    "\x1b[48;5;187m"
                } else {
                    "\x1b[48;5;137m"
                };
                s.push_str(&format!("{bg}\x1b[30m {c} \x1b[0m"));
            } else if marked(sq) {
                s.push_str(&format!("[{c}]"));
            } else if tinted(sq) {
                s.push_str(&format!("({c})"));
            } else {
                s.push_str(&format!(" {c} "));
            }
        }
        s.push('\n');
    }
    s.push_str("   ");
    for &file in &files {
        s.push_str(&format!(" {} ", file.char()));
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_tutor_core::tutor::{Envelope, Request, Session, step};

    /// A move task in the terminal: moves are typed, so neither the tap board nor the button
    /// that opens it is shown, and the numbered choices stay Hint, Solution, Next.
    #[test]
    fn the_tap_board_is_not_offered_in_the_terminal() {
        let catalog = Catalog::shipped().unwrap();
        let mut session = Session::default();
        for text in ["/lang en", "/lesson 3", "/next", "/next"] {
            session = step(
                Request::new(session, Input::Text(text.into()), Envelope::default()),
                &catalog,
            )
            .session;
        }
        let mut replies = step(
            Request::new(session, Input::Text("/board".into()), Envelope::default()),
            &catalog,
        )
        .replies()
        .into_iter()
        .cloned()
        .collect::<Vec<_>>();
        assert!(
            replies[0]
                .buttons
                .iter()
                .flatten()
                .any(|b| b.label.contains("Tap to move")),
            "the tutor offers it"
        );
        // Even a reply carrying a tap board prints no square buttons.
        replies[0].squares =
            chess_tutor_core::tutor::tap::grid(&shakmaty::Chess::default(), Color::White, None, 1);
        let options = ChatOptions {
            lang: None,
            learner: LearnerId(1),
            picture: None,
        };
        let (mut out, mut buttons) = (Vec::new(), Vec::new());
        show(&mut out, &replies, &mut buttons, false, &options).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(!out.contains("Tap to move"), "{out}");
        assert!(out.contains("[1] Hint"), "{out}");
        assert_eq!(buttons.len(), 3, "{buttons:?}");
        assert!(
            buttons
                .iter()
                .all(|d| !d.starts_with("t:") && !d.starts_with("k:"))
        );
    }
}
