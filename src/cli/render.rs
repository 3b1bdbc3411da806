//! `chess-tutor render`: draws a board picture to a file (`.svg` or `.png`, by extension).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess_tutor_core::render::{self, ArrowKind, BoardView, MarkKind, RenderError};

/// Draws a position as a picture (`.png` or `.svg`, chosen by the output file's extension).
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// The position as a FEN (a full FEN, or only its board part for king-less drills).
    #[arg(long)]
    pub fen: String,
    /// The last move in UCI form (e2e4): its two squares are tinted.
    #[arg(long, value_name = "UCI")]
    pub last_move: Option<String>,
    /// Shows the board from Black's side (a1 at the top right).
    #[arg(long)]
    pub flip: bool,
    /// Picture size in pixels (the PNG is exactly this many pixels square).
    #[arg(long, default_value_t = 512, value_name = "PX")]
    pub size: u32,
    /// Marks squares: `e4` (a blue frame) or `e4:KIND` with KIND one of attacker, forbidden,
    /// blocker, highlight, good.
    #[arg(long, num_args = 1.., value_name = "SQ")]
    pub mark: Vec<String>,
    /// Draws arrows: `e2e4` (blue, the move) or `e2e4:KIND` with KIND one of move, reply,
    /// attack, forbidden, good.
    #[arg(long, num_args = 1.., value_name = "UCI")]
    pub arrow: Vec<String>,
    /// Where to write the picture: FILE.png or FILE.svg.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: PathBuf,
}

/// What `render` makes of its arguments.
#[derive(Debug)]
enum Format {
    Svg,
    Png,
}

/// An output file whose name says neither format.
#[derive(Debug, thiserror::Error)]
#[error("the output file must end in .png or .svg: {}", .0.display())]
struct UnknownFormat(std::path::PathBuf);

fn format_of(path: &Path) -> Result<Format, UnknownFormat> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("png") => Ok(Format::Png),
        Some("svg") => Ok(Format::Svg),
        _ => Err(UnknownFormat(path.to_owned())),
    }
}

/// Builds the view from the arguments; every problem is a message for the user.
fn view_of(args: &RenderArgs) -> Result<BoardView, RenderError> {
    render::check_size(args.size)?;
    let mut view = BoardView::from_fen(&args.fen)?;
    if args.flip {
        view = view.flipped();
    }
    if let Some(m) = &args.last_move {
        let (from, to) = render::parse_squares(m)?;
        view = view.with_last_move(from, to);
    }
    for m in &args.mark {
        let (sq, kind) = m.split_once(':').unwrap_or((m, "highlight"));
        let kind: MarkKind = kind.trim().parse()?;
        view = view.with_mark(render::parse_square(sq)?, kind);
    }
    for a in &args.arrow {
        let (mv, kind) = a.split_once(':').unwrap_or((a, "move"));
        let (from, to) = render::parse_squares(mv)?;
        let kind: ArrowKind = kind.trim().parse()?;
        view = view.with_arrow(from, to, kind);
    }
    Ok(view)
}

/// Runs `chess-tutor render`: exit 0 and the file written, or exit 2, a message on stderr and
/// no file.
pub fn run(args: &RenderArgs) -> super::Outcome {
    let usage = |e: &dyn std::error::Error| super::Failure::usage("render", e.to_string());
    let format = format_of(&args.out).map_err(|e| usage(&e))?;
    let view = view_of(args).map_err(|e| usage(&e))?;
    let bytes = match format {
        Format::Svg => render::svg(&view, args.size).into_bytes(),
        Format::Png => render::png(&view, args.size).map_err(|e| usage(&e))?,
    };
    std::fs::write(&args.out, bytes).map_err(|err| {
        super::Failure::failed(
            "render",
            format!("cannot write {}: {err}", args.out.display()),
        )
    })?;
    Ok(ExitCode::SUCCESS)
}
