//! The binary's tests, end to end: the real `chess-tutor` process against a fake Bot API
//! server, the terminal chat, the command line, and the workspace's architecture.

mod architecture;
mod board_page;
mod cli;
mod fake_bot_api;
mod help_beside_games;
mod telegram;
mod telegram_class;
mod telegram_first_hour;
mod telegram_typing;
mod telegram_webhook;
mod terminal;
