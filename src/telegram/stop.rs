//! The stop signal every loop of the shell listens to: a `watch` of `bool` that turns true once.

use tokio::sync::watch;

/// Resolves once `stop` turns true (never, if its sender is gone without that).
pub async fn stopped(stop: &mut watch::Receiver<bool>) {
    loop {
        if *stop.borrow_and_update() {
            return;
        }
        if stop.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
