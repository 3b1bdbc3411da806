//! The rules referee (being laid down).

pub mod reason;
pub use reason::{Castling, IllegalReason, RightLost};
