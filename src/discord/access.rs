//! What a channel lets the bot do, read from the interaction itself: Discord sends the bot's
//! permissions there (`app_permissions`) and the channel's kind and thread state. A command that
//! would fail half-way (a board that cannot be attached, a thread that cannot be opened) is
//! refused before any work, with words that say what to change.

use poise::serenity_prelude as serenity;
use serenity::{ChannelType, Permissions};

/// What every command in a server needs: to see the channel and attach the board picture.
pub const BASE: Permissions = Permissions::VIEW_CHANNEL.union(Permissions::ATTACH_FILES);

/// What opening a game's thread needs besides [`BASE`].
pub const THREAD: Permissions =
    Permissions::CREATE_PUBLIC_THREADS.union(Permissions::SEND_MESSAGES_IN_THREADS);

/// The permissions in `need` that `have` lacks; none when Discord did not say (a DM).
pub fn missing(have: Option<Permissions>, need: Permissions) -> Permissions {
    have.map_or(Permissions::empty(), |have| need - have)
}

/// The refusal for missing permissions, naming each as Discord's settings do.
pub fn missing_text(missing: Permissions) -> String {
    let names: Vec<String> = missing
        .get_permission_names()
        .into_iter()
        .map(|n| format!("**{n}**"))
        .collect();
    let (list, them) = match names.as_slice() {
        [one] => (one.clone(), "it"),
        [init @ .., last] => (format!("{} and {last}", init.join(", ")), "them"),
        [] => (String::new(), "it"),
    };
    format!(
        "I need {list} in this channel for that. Ask a server admin to grant {them} to the bot \
         (the channel's settings → Permissions), then try again."
    )
}

/// Why the bot cannot answer in this channel at all, if it cannot.
pub fn channel_refusal(channel: Option<&serenity::PartialChannel>) -> Option<&'static str> {
    let c = channel?;
    let locked = c.thread_metadata.as_ref().is_some_and(|m| m.locked);
    locked.then_some(
        "This thread is locked, so I cannot post here: ask a moderator to unlock it, or play in \
         another channel or thread.",
    )
}

/// Said when a game's thread would have to be a post of a forum.
pub const FORUM: &str = "This is a forum post: a game's thread cannot be opened from here. \
                         Challenge in a text channel (with `thread:true` if it has a game), or \
                         here once this post's game is over.";

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
        let text = missing_text(Permissions::ATTACH_FILES);
        assert!(
            text.starts_with("I need **Attach Files** in this channel"),
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
