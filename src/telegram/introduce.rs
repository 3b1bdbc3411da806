//! What the shell tells Telegram, and learns from it, once at start: who the bot is (its
//! username, so that `/help@another_bot` in a group is left to that bot) and the `/` command
//! menu in each language a client can ask for.

use chess_tutor_core::i18n::Lang;
use chess_tutor_core::tutor::command_menu;
use teloxide_core::payloads::SetMyCommandsSetters;
use teloxide_core::requests::Requester;
use teloxide_core::types::BotCommand;

use super::Shell;
use super::inbound;
use super::outbound::call;

/// Asks `getMe` and sends `setMyCommands` (the default menu in English, for every client
/// language the bot does not speak, and one for Chinese clients). Failures are logged: the bot
/// works without them.
pub async fn introduce(shell: &Shell) {
    match call(shell, "getMe", || shell.bot.get_me()).await {
        Ok(me) => {
            if let Some(name) = me.user.username.clone() {
                inbound::set_own_username(&name);
            }
        }
        Err(e) => tracing::warn!(
            error = %e,
            "getMe failed; commands addressed to other bots are not told apart"
        ),
    }
    // Telegram scopes menus by two-letter language codes: every Chinese client (`zh-hans`,
    // `zh-hant`, `zh-tw`) is `zh`, and gets the Simplified menu; a German or French client
    // gets the English default.
    for (lang, code) in [(Lang::En, None), (Lang::Zh, Some("zh"))] {
        let commands: Vec<BotCommand> = command_menu(lang)
            .into_iter()
            .map(|(command, description)| BotCommand::new(command, description))
            .collect();
        let sent = call(shell, "setMyCommands", || {
            let request = shell.bot.set_my_commands(commands.clone());
            match code {
                Some(code) => request.language_code(code),
                None => request,
            }
        })
        .await;
        if let Err(e) = sent {
            tracing::warn!(language = %code.unwrap_or("default"), error = %e, "setMyCommands failed");
        }
    }
}
