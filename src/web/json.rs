//! The page's JSON (`docs/board-app.md`), from the tutor's [`PageView`].

use chess_tutor_core::render::{ArrowKind, MarkKind, Overlay};
use chess_tutor_core::tutor::{DropResult, PageTask, PageView};
use serde_json::{Value, json};
use shakmaty::Color;

fn color(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn mark_brush(kind: MarkKind) -> &'static str {
    match kind {
        MarkKind::Attacker => "attacker",
        MarkKind::Forbidden => "forbidden",
        MarkKind::Blocker => "blocker",
        MarkKind::Highlight => "highlight",
        MarkKind::Good => "good",
    }
}

fn arrow_brush(kind: ArrowKind) -> &'static str {
    match kind {
        ArrowKind::Attack => "attack",
        ArrowKind::Move => "move",
        ArrowKind::Reply => "reply",
        ArrowKind::Forbidden => "forbidden-line",
        ArrowKind::Good => "good-arrow",
    }
}

/// The shapes of an overlay, as chessground draws them.
pub fn shapes(overlay: &Overlay) -> Value {
    let marks = overlay
        .marks
        .iter()
        .map(|m| json!({ "orig": m.square.to_string(), "brush": mark_brush(m.kind) }));
    let arrows = overlay.arrows.iter().map(|a| {
        json!({
            "orig": a.from.to_string(),
            "dest": a.to.to_string(),
            "brush": arrow_brush(a.kind),
        })
    });
    Value::Array(marks.chain(arrows).collect())
}

fn task(t: &PageTask) -> Value {
    let dests: serde_json::Map<String, Value> = t
        .dests
        .iter()
        .map(|(from, to)| {
            (
                from.to_string(),
                Value::Array(to.iter().map(|s| Value::String(s.to_string())).collect()),
            )
        })
        .collect();
    json!({
        "fen": t.fen,
        "orientation": color(t.orientation),
        "turn": color(t.turn),
        "last_move": t.last_move.map(|(a, b)| [a.to_string(), b.to_string()]),
        "check": t.check.map(|s| s.to_string()),
        "dests": dests,
        "text": t.text,
        "shapes": shapes(&t.marks),
        "yours": t.yours,
        "over": t.over,
        "version": t.version.to_string(),
    })
}

/// The answer to `/api/task` or `/api/move`.
pub fn view(v: &PageView) -> Value {
    let mut out = json!({
        "lang": v.lang.tag(),
        "labels": {
            "promote": v.labels.promote,
            "waiting": v.labels.waiting,
            "none": v.labels.none,
            "over": v.labels.over,
            "your_move": v.labels.your_move,
            "text_mode": v.labels.text_mode,
            "close": v.labels.close,
        },
        "text_mode": v.text_mode,
        "version": v.version.to_string(),
        "task": v.task.as_ref().map(task),
    });
    if let Some(said) = &v.said {
        out["result"] = Value::String(
            match said.result {
                DropResult::Legal => "legal",
                DropResult::Wrong => "wrong",
                DropResult::Refused => "refused",
                DropResult::Promote => "promote",
                DropResult::Stale => "stale",
            }
            .to_owned(),
        );
        out["text"] = Value::String(said.text.clone());
        out["shapes"] = shapes(&said.overlay);
    }
    out
}
