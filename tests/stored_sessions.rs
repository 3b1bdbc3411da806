//! Stored sessions as earlier releases wrote them (`tests/golden/sessions/*.json`, taken from
//! the learner store of the release before the workspace) still load, are written back with
//! the same content, and the tutor carries on from them.

use std::fs;
use std::path::Path;

use chess_tutor_core::tutor::{Catalog, Envelope, Input, Mode, Request, Session};

fn golden() -> Vec<(String, serde_json::Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/sessions");
    let mut out: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                serde_json::from_str(&text).unwrap(),
            )
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_golden_session_loads_and_is_written_back_the_same() {
    let files = golden();
    assert!(files.len() >= 7, "{} golden files", files.len());
    for (name, stored) in files {
        let session = Session::from_stored(&stored).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut written = session.to_stored();
        assert_eq!(written["format"], 1, "{name}");
        written.as_object_mut().unwrap().remove("format");
        assert_eq!(written, stored, "{name} is written back differently");
    }
}

#[test]
fn the_tutor_carries_on_from_every_golden_session() {
    let catalog = Catalog::shipped().unwrap();
    for (name, stored) in golden() {
        let session = Session::from_stored(&stored).unwrap();
        let request = Request::new(
            session.clone(),
            Input::Text("/board".into()),
            Envelope::default(),
        );
        let t = chess_tutor_core::tutor::step(request, &catalog);
        assert!(!t.replies.is_empty(), "{name}: /board answered nothing");
        if !matches!(session.mode, Mode::Idle) {
            assert!(
                t.replies[0].board.is_some() || !t.replies[0].buttons.is_empty(),
                "{name}: the task is not shown again: {:?}",
                t.replies[0]
            );
        }
        assert_eq!(t.session.progress, session.progress, "{name}");
    }
}
