//! `chess-tutor chat`: the terminal chat.

use std::path::Path;
use std::process::ExitCode;

use chess_tutor_core::rules::Lang;
use chess_tutor_store::LearnerId;

use crate::terminal::{self, ChatOptions};

/// Arguments of `chess-tutor chat`.
#[derive(Debug, Default, clap::Args)]
pub struct ChatArgs {
    /// The language to use (zh or en).
    #[arg(long)]
    pub lang: Option<Lang>,
    /// The learner id of this terminal (progress is kept per id).
    #[arg(long, default_value_t = 1)]
    pub learner: i64,
}

pub fn run(args: &ChatArgs, content: Option<&Path>, data_dir: &Path) -> super::Outcome {
    let (catalog, runtime) = super::setup::prepare_shell(content, false)?;
    let result = runtime.block_on(async {
        let store = super::setup::open_store(data_dir).await?;
        let options = ChatOptions {
            lang: args.lang,
            learner: LearnerId(args.learner),
            picture: Some(data_dir.join("board.png")),
        };
        let catalog = std::sync::Arc::new(catalog);
        let result = terminal::run(&store, &catalog, &options).await;
        store.close().await;
        result
    });
    match result {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(super::Failure::failed("", format!("{e:#}"))),
    }
}
