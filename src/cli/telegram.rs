//! `chess-tutor telegram`: the Telegram bot, by long polling.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::telegram::Shell;
use crate::telegram::flood::FloodLimit;
use crate::telegram::poll::{self, PollOptions};

/// Arguments of `chess-tutor telegram`. The token comes from `TELOXIDE_TOKEN` (never from
/// the command line, where other users could read it); `TELOXIDE_API_URL` points the bot at
/// another Bot API server.
#[derive(Debug, Clone, clap::Args)]
pub struct TelegramArgs {
    /// The getUpdates long-polling timeout, in seconds.
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u32).range(0..=50))]
    pub poll_timeout: u32,
    /// The most updates fetched at once (1–100).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u8).range(1..=100))]
    pub batch: u8,
    /// Per-learner flood limit: updates a chat may send at once.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub flood_burst: u32,
    /// Per-learner flood limit: updates a chat may send per minute after its burst.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=600_000))]
    pub flood_per_minute: u32,
}

impl Default for TelegramArgs {
    fn default() -> Self {
        TelegramArgs {
            poll_timeout: 25,
            batch: 100,
            flood_burst: 60,
            flood_per_minute: 60,
        }
    }
}

/// How long after SIGINT/SIGTERM the process is ended even if something hangs.
const HARD_STOP: Duration = Duration::from_millis(9_500);

/// Runs the bot until SIGINT or SIGTERM.
pub fn run(args: &TelegramArgs, content: Option<&Path>, data_dir: &Path) -> ExitCode {
    let token = std::env::var("TELOXIDE_TOKEN").unwrap_or_default();
    if token.trim().is_empty() {
        eprintln!("chess-tutor: set TELOXIDE_TOKEN to the bot's token to run the Telegram bot.");
        return ExitCode::from(2);
    }
    let api_url = std::env::var("TELOXIDE_API_URL").ok();
    let (catalog, runtime) = match super::prepare_shell(content, true) {
        Ok((catalog, runtime)) => (Arc::new(catalog), runtime),
        Err(code) => return code,
    };
    let options = PollOptions {
        timeout_secs: args.poll_timeout,
        limit: args.batch,
        ..PollOptions::default()
    };
    let result: anyhow::Result<()> = runtime.block_on(async {
        let store = super::open_store(data_dir).await?;
        let shell = Shell::new(&token, api_url.as_deref(), store.clone(), catalog)
            .map_err(anyhow::Error::msg)?
            .with_flood_limit(FloodLimit {
                burst: args.flood_burst,
                refill: Duration::from_secs(60) / args.flood_per_minute,
            });
        let (stop_tx, stop_rx) = watch::channel(false);
        tokio::spawn(async move {
            wait_for_signal().await;
            eprintln!("chess-tutor telegram: stopping: finishing the updates in flight");
            let _ = stop_tx.send(true);
            // A safety net: whatever hangs, the process ends in time.
            tokio::time::sleep(HARD_STOP).await;
            eprintln!("chess-tutor telegram: did not stop in time; exiting");
            std::process::exit(1);
        });
        let result = poll::run(Arc::new(shell), options, stop_rx).await;
        store.close().await;
        result.map_err(Into::into)
    });
    runtime.shutdown_timeout(Duration::from_millis(500));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chess-tutor: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Resolves on SIGINT or (on Unix) SIGTERM.
async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
