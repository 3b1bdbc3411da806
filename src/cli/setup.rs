//! What the shells need before they start: the catalogue, a runtime, the learner store.

use std::process::ExitCode;

/// What both shells need before they start: the catalogue (shipped, or a content folder) and
/// a tokio runtime. A failure is reported here and comes back as the exit code.
pub fn prepare_shell(
    content: Option<&std::path::Path>,
    multi_thread: bool,
) -> Result<(chess_tutor_core::tutor::Catalog, tokio::runtime::Runtime), ExitCode> {
    let loaded = match content {
        Some(dir) => chess_tutor_core::tutor::Catalog::from_dir(dir),
        None => chess_tutor_core::tutor::Catalog::shipped(),
    };
    let catalog = loaded.map_err(|problems| {
        eprintln!("chess-tutor: the content has problems (run `chess-tutor check`):");
        for p in problems.iter().take(20) {
            eprintln!("  {p}");
        }
        ExitCode::from(2)
    })?;
    let mut builder = if multi_thread {
        tokio::runtime::Builder::new_multi_thread()
    } else {
        tokio::runtime::Builder::new_current_thread()
    };
    let runtime = builder.enable_all().build().map_err(|e| {
        eprintln!("chess-tutor: cannot start the runtime: {e}");
        ExitCode::FAILURE
    })?;
    Ok((catalog, runtime))
}

/// Opens the learner store: PostgreSQL when `DATABASE_URL` is a postgres URL, otherwise the
/// SQLite file in `data_dir`.
pub async fn open_store(
    data_dir: &std::path::Path,
) -> Result<chess_tutor_store::Store, chess_tutor_store::StoreError> {
    let database_url = std::env::var("DATABASE_URL").ok();
    let location = chess_tutor_store::Location::from_config(data_dir, database_url.as_deref())?;
    chess_tutor_store::Store::connect(location).await
}
