//! `chess-tutor explain`: one move, or JSON lines in and out (`--batch`).

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use chess_tutor_core::rules::{self, Lang, json::verdict_json};
use serde_json::{Value, json};

/// Arguments of `chess-tutor explain`.
#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// The position (FEN); the start position when left out.
    #[arg(long)]
    fen: Option<String>,
    /// The move as the learner typed it (e2e4, e4, Nf3, 马f3, O-O, 短易位 …).
    #[arg(required_unless_present = "batch")]
    r#move: Option<String>,
    /// Language of the explanation.
    #[arg(long, default_value = "zh")]
    lang: Lang,
    /// Print the JSON object instead of the sentence.
    #[arg(long)]
    json: bool,
    /// Read JSON lines `{"fen": "...", "move": "..."}` from stdin, write one JSON object per line.
    #[arg(long, conflicts_with_all = ["fen", "move"])]
    batch: bool,
}

pub fn run(args: &ExplainArgs) -> super::Outcome {
    if args.batch {
        return match batch(args.lang) {
            Ok(()) => Ok(ExitCode::SUCCESS),
            Err(e) => Err(super::Failure::failed("explain", e.to_string())),
        };
    }
    let fen = args
        .fen
        .as_deref()
        .unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let pos = match rules::parse_fen(fen) {
        Ok(pos) => pos,
        Err(e) => {
            // What is wrong in the asked language; the parser's words as the detail.
            let text = rules::text::fen_error_text(&e, args.lang);
            if args.json {
                println!("{}", json!({"error": e.to_string(), "text": text}));
                return Ok(ExitCode::from(2));
            }
            return Err(super::Failure::usage("explain", format!("{text} ({e})")));
        }
    };
    let input = args.r#move.as_deref().unwrap_or_default();
    let verdict = rules::explain(&pos, input);
    let out = verdict_json(&pos, &verdict, input, args.lang);
    if args.json {
        println!("{out}");
    } else {
        println!("{}", out["text"].as_str().unwrap_or_default());
    }
    Ok(ExitCode::SUCCESS)
}

/// One answer per input line, in order; a bad line gets an error object and the batch goes on.
fn batch(lang: Lang) -> io::Result<()> {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    for (n, line) in stdin.split(b'\n').enumerate() {
        let line = line?;
        let answer = answer_line(&line, lang).unwrap_or_else(|e| match e {
            LineError::Fen(e) => json!({
                "line": n + 1,
                "error": e.to_string(),
                "text": rules::text::fen_error_text(&e, lang),
            }),
            LineError::Other(e) => json!({"line": n + 1, "error": e}),
        });
        serde_json::to_writer(&mut out, &answer)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// Why a batch line has no answer.
enum LineError {
    /// The FEN does not read: said in the asked language too.
    Fen(rules::FenError),
    /// The line is not a request.
    Other(String),
}

fn answer_line(line: &[u8], lang: Lang) -> Result<Value, LineError> {
    #[derive(serde::Deserialize)]
    struct Request<'a> {
        #[serde(borrow)]
        fen: std::borrow::Cow<'a, str>,
        #[serde(borrow, rename = "move")]
        mv: std::borrow::Cow<'a, str>,
    }
    let text =
        std::str::from_utf8(line).map_err(|_| LineError::Other("line is not UTF-8".to_string()))?;
    let req: Request = serde_json::from_str(text.trim_end_matches('\r')).map_err(|e| {
        LineError::Other(format!("not a JSON object with \"fen\" and \"move\": {e}"))
    })?;
    let pos = rules::parse_fen(&req.fen).map_err(LineError::Fen)?;
    let verdict = rules::explain(&pos, &req.mv);
    Ok(verdict_json(&pos, &verdict, &req.mv, lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FEN errors were English only, whatever `--lang` asked.
    #[test]
    fn a_fen_that_does_not_read_is_said_in_the_asked_language() {
        let line = br#"{"fen": "8/8/8 w - - 0 1", "move": "e4"}"#;
        let Err(LineError::Fen(e)) = answer_line(line, Lang::Zh) else {
            panic!("a FEN error")
        };
        assert!(rules::text::fen_error_text(&e, Lang::Zh).contains("FEN有六段"));
        let impossible = br#"{"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "move": "e4"}"#;
        let Err(LineError::Fen(e)) = answer_line(impossible, Lang::ZhHant) else {
            panic!("a FEN error")
        };
        assert!(rules::text::fen_error_text(&e, Lang::ZhHant).contains("這個局面不可能出現"));
        assert!(rules::text::fen_error_text(&e, Lang::En).contains("cannot happen"));
    }
}
