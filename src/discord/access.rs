//! What a channel lets the bot do, and what the invoker may do, read from the interaction itself:
//! Discord sends the bot's permissions there (`app_permissions`), the member's, and the channel's
//! kind and thread state. A command that would fail half-way (a board that cannot be attached, a
//! thread that cannot be opened) is refused before any work, with words that say what to change.

use poise::serenity_prelude as serenity;
use serenity::{ChannelType, Permissions};

use super::Context;
use crate::i18n::Lang;
use crate::tr;

/// What every command in a server needs: to see the channel and attach the board picture.
pub const BASE: Permissions = Permissions::VIEW_CHANNEL.union(Permissions::ATTACH_FILES);

/// What opening a game's thread needs besides [`BASE`].
pub const THREAD: Permissions =
    Permissions::CREATE_PUBLIC_THREADS.union(Permissions::SEND_MESSAGES_IN_THREADS);

/// The permissions in `need` that `have` lacks; none when Discord did not say (a DM).
pub fn missing(have: Option<Permissions>, need: Permissions) -> Permissions {
    have.map_or(Permissions::empty(), |have| need - have)
}

/// Whether the invoker may manage the server (Manage Server): to start or cancel anyone's
/// tournament, to post the daily puzzle.
pub(super) fn manager(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    }
}

/// A permission's name as Discord's settings show it in `lang` (Discord's English name for
/// any the bot never asks for).
fn permission_name(lang: Lang, permission: Permissions) -> String {
    let id = if permission == Permissions::VIEW_CHANNEL {
        "perm-view-channel"
    } else if permission == Permissions::ATTACH_FILES {
        "perm-attach-files"
    } else if permission == Permissions::CREATE_PUBLIC_THREADS {
        "perm-create-public-threads"
    } else if permission == Permissions::SEND_MESSAGES_IN_THREADS {
        "perm-send-messages-in-threads"
    } else {
        return permission
            .get_permission_names()
            .first()
            .map_or_else(String::new, |n| n.to_string());
    };
    tr!(lang, id)
}

/// The refusal for missing permissions, naming each as Discord's settings do, in `lang`.
pub fn missing_text(lang: Lang, missing: Permissions) -> String {
    let names: Vec<String> = missing
        .iter()
        .map(|p| format!("**{}**", permission_name(lang, p)))
        .collect();
    let list = crate::i18n::list(lang, "list-and", &names);
    tr!(
        lang,
        "access-missing",
        list = list,
        count = names.len().max(1)
    )
}

/// Why the bot cannot answer in this channel at all, if it cannot, in `lang`.
pub fn channel_refusal(lang: Lang, channel: Option<&serenity::PartialChannel>) -> Option<String> {
    let c = channel?;
    let locked = c.thread_metadata.as_ref().is_some_and(|m| m.locked);
    locked.then(|| tr!(lang, "access-locked"))
}

/// Said when a game's thread would have to be a post of a forum.
pub fn forum(lang: Lang) -> String {
    tr!(lang, "access-forum")
}

/// The kind of thread a game gets under a channel of kind `parent`, or `None` when threads
/// cannot be opened there by the bot (forums and media channels take posts).
pub fn thread_kind(parent: ChannelType) -> Option<ChannelType> {
    match parent {
        ChannelType::News => Some(ChannelType::NewsThread),
        ChannelType::Forum | ChannelType::Unknown(16) => None,
        _ => Some(ChannelType::PublicThread),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_permissions_are_named_as_discord_names_them() {
        let have = Permissions::VIEW_CHANNEL;
        let lacking = missing(Some(have), BASE | THREAD);
        assert_eq!(
            lacking,
            Permissions::ATTACH_FILES
                | Permissions::CREATE_PUBLIC_THREADS
                | Permissions::SEND_MESSAGES_IN_THREADS
        );
        let text = missing_text(Lang::En, Permissions::ATTACH_FILES);
        assert!(
            text.starts_with("I need **Attach Files** in this channel"),
            "{text}"
        );
        assert!(text.contains("grant it to"), "{text}");
        let text = missing_text(Lang::En, lacking);
        assert!(
            text.starts_with(
                "I need **Attach Files**, **Create Public Threads** and **Send Messages in \
                 Threads** in this channel"
            ),
            "{text}"
        );
        assert!(text.contains("grant them to"), "{text}");
        let text = missing_text(Lang::Fr, lacking);
        assert!(
            text.starts_with(
                "Il me faut les permissions **Joindre des fichiers**, **Créer des fils publics** et **Envoyer des \
                 messages dans les fils** dans ce salon"
            ),
            "{text}"
        );
        assert!(
            missing(None, BASE).is_empty(),
            "a DM says nothing: nothing is missing"
        );
    }

    #[test]
    fn announcement_channels_get_news_threads_and_forums_none() {
        assert_eq!(
            thread_kind(ChannelType::Text),
            Some(ChannelType::PublicThread)
        );
        assert_eq!(
            thread_kind(ChannelType::News),
            Some(ChannelType::NewsThread)
        );
        assert_eq!(thread_kind(ChannelType::Forum), None);
    }
}
