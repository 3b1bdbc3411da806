//! `chess-tutor chat`: the terminal chat.

use std::path::Path;
use std::process::ExitCode;

use chess_tutor::rules::Lang;
use chess_tutor::store::{LearnerId, Location, Store};
use chess_tutor::tutor::Catalog;

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

/// Loads the catalogue: the shipped content, or a content folder.
pub fn catalog(content: Option<&Path>) -> Result<Catalog, String> {
    let loaded = match content {
        Some(dir) => Catalog::from_dir(dir),
        None => Catalog::shipped(),
    };
    loaded.map_err(|problems| {
        let mut msg = String::from("the content has problems (run `chess-tutor check`):");
        for p in problems.iter().take(20) {
            msg.push_str(&format!("\n  {p}"));
        }
        msg
    })
}

pub fn run(args: &ChatArgs, content: Option<&Path>, data_dir: &Path) -> ExitCode {
    let catalog = match catalog(content) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("chess-tutor: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("chess-tutor: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let database_url = std::env::var("DATABASE_URL").ok();
    let result = runtime.block_on(async {
        let location = Location::from_config(data_dir, database_url.as_deref())?;
        let store = Store::connect(location).await?;
        let options = ChatOptions {
            lang: args.lang,
            learner: LearnerId(args.learner),
            picture: Some(data_dir.join("board.png")),
        };
        let result = terminal::run(&store, &catalog, &options).await;
        store.close().await;
        result
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chess-tutor: {e}");
            ExitCode::FAILURE
        }
    }
}
