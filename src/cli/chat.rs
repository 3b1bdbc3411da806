//! `chess-tutor chat`: the terminal chat.

use std::path::Path;
use std::process::ExitCode;

use chess_tutor_core::rules::Lang;
use chess_tutor_store::LearnerId;

use crate::terminal::{self, ChatOptions};

/// Arguments of `chess-tutor chat`.
#[derive(Debug, Default, clap::Args)]
pub struct ChatArgs {
    /// The language to use (zh, zh-Hant or en).
    #[arg(long)]
    pub lang: Option<Lang>,
    /// The learner id of this terminal (progress is kept per id).
    #[arg(long, default_value_t = 1)]
    pub learner: i64,
    /// Where the board page (drag pieces in a browser) is served, on this machine only
    /// [default: 127.0.0.1 on a free port, printed at the start].
    #[arg(long, value_name = "ADDR")]
    pub web_listen: Option<std::net::SocketAddr>,
    /// Do not serve the board page.
    #[arg(long)]
    pub no_web: bool,
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
        let (to_chat, from_page) = tokio::sync::mpsc::unbounded_channel();
        let stop = tokio_util::sync::CancellationToken::new();
        if !args.no_web {
            // The chat works without it.
            if let Err(e) = serve_page(args, &store, &catalog, to_chat, stop.clone()).await {
                eprintln!("(the board page is not served: {e:#})");
            }
        }
        let result = terminal::run(&store, &catalog, &options, from_page).await;
        stop.cancel();
        store.close().await;
        result
    });
    match result {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(super::Failure::failed("", format!("{e:#}"))),
    }
}

/// Serves the board page for this terminal's learner on a loopback address, and says where.
async fn serve_page(
    args: &ChatArgs,
    store: &chess_tutor_store::Store,
    catalog: &std::sync::Arc<chess_tutor_core::tutor::Catalog>,
    to_chat: tokio::sync::mpsc::UnboundedSender<Vec<chess_tutor_core::tutor::Reply>>,
    stop: tokio_util::sync::CancellationToken,
) -> anyhow::Result<()> {
    let listen = args
        .web_listen
        .unwrap_or_else(|| std::net::SocketAddr::from(([127, 0, 0, 1], 0)));
    if !listen.ip().is_loopback() {
        anyhow::bail!(
            "--web-listen {listen}: the terminal's page is served on this machine only (127.0.0.1 or ::1)"
        );
    }
    let listener = crate::http::listen(listen)
        .map_err(|e| anyhow::anyhow!("cannot listen on {listen}: {e}"))?;
    let local = listener.local_addr()?;
    let page = crate::web::router(std::sync::Arc::new(crate::web::Page {
        store: store.clone(),
        catalog: catalog.clone(),
        login: crate::web::Login::Local {
            learner: LearnerId(args.learner),
        },
        tokens: crate::web::token::TokenKey::random(),
        delivery: crate::web::Delivery::Terminal(to_chat),
    }));
    eprintln!("The board page (drag the pieces in a browser): http://{local}/app/");
    tokio::spawn(async move {
        let counters = crate::http::Counters::default();
        let limits = crate::http::Limits::default();
        // Waiting pages hold at most half the connections: a drop always gets in.
        crate::follow::FOLLOWERS.set_cap(limits.max_connections / 2);
        if let Err(e) = crate::http::serve(listener, page, limits, counters, stop).await {
            tracing::warn!(error = %e, "the board page stopped");
        }
    });
    Ok(())
}
