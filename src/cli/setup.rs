//! What the shells need before they start: the catalogue, a runtime, the learner store.

use super::Failure;

/// What both shells need before they start: the catalogue (shipped, or a content folder) and
/// a tokio runtime.
///
/// # Errors
///
/// Content with problems (the first 20 listed; exit code 2), or a runtime that cannot start.
pub fn prepare_shell(
    content: Option<&std::path::Path>,
    multi_thread: bool,
) -> Result<(chess_tutor_core::tutor::Catalog, tokio::runtime::Runtime), Failure> {
    let loaded = match content {
        Some(dir) => {
            chess_tutor_core::tutor::Catalog::from_course(&super::course::read_course(dir))
        }
        None => chess_tutor_core::tutor::Catalog::shipped(),
    };
    let catalog = loaded.map_err(|problems| {
        let mut message = String::from("the content has problems (run `chess-tutor check`):");
        for p in problems.iter().take(20) {
            message.push_str(&format!("\n  {p}"));
        }
        Failure::usage("", message)
    })?;
    let mut builder = if multi_thread {
        tokio::runtime::Builder::new_multi_thread()
    } else {
        tokio::runtime::Builder::new_current_thread()
    };
    let runtime = builder
        .enable_all()
        .build()
        .map_err(|e| Failure::failed("", format!("cannot start the runtime: {e}")))?;
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
