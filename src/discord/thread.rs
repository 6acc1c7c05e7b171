//! The thread a game is played in, when `/challenge … thread:true` asks for one or the channel
//! already holds a game: where it goes, and opening it.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::access;
use crate::i18n::Lang;

fn is_thread(kind: serenity::ChannelType) -> bool {
    matches!(
        kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    )
}

/// Where a game's thread goes: beside the interaction's channel, as a thread of the right kind.
/// A thread cannot hold a thread, so a challenge from inside one opens a sibling; an
/// announcement channel takes announcement threads; a forum takes posts, not threads (refused).
pub(super) async fn thread_parent(
    http: &serenity::Http,
    lang: Lang,
    interaction: &serenity::CommandInteraction,
) -> Result<(serenity::ChannelId, serenity::ChannelType), String> {
    let (parent, kind) = match &interaction.channel {
        Some(c) if is_thread(c.kind) => {
            let parent = c.parent_id.unwrap_or(interaction.channel_id);
            // The interaction does not say what the parent is: ask (briefly).
            let lookup = parent.to_channel(http);
            let kind = match tokio::time::timeout(Duration::from_millis(1500), lookup).await {
                Ok(Ok(serenity::Channel::Guild(g))) => g.kind,
                _ => serenity::ChannelType::Text,
            };
            (parent, kind)
        }
        Some(c) => (interaction.channel_id, c.kind),
        None => (interaction.channel_id, serenity::ChannelType::Text),
    };
    match access::thread_kind(kind) {
        Some(thread) => Ok((parent, thread)),
        None => Err(access::forum(lang)),
    }
}

/// Opens a thread of `kind` under `parent` for a new game.
pub(super) async fn open_thread(
    http: &serenity::Http,
    parent: serenity::ChannelId,
    kind: serenity::ChannelType,
    title: String,
) -> Option<serenity::ChannelId> {
    let title: String = title.chars().take(100).collect();
    let builder = serenity::CreateThread::new(title)
        .kind(kind)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match parent.create_thread(http, builder).await {
        Ok(thread) => Some(thread.id),
        Err(e) => {
            tracing::warn!(error = %e, "could not create a thread");
            None
        }
    }
}
