//! How Discord writes a person and a moment in a message: a mention and a timestamp, which each
//! reader's client shows as a name and in their own time zone. The words of every front end take
//! them through [`Markup`].

use chrono::{DateTime, Utc};

use crate::app::UserId;
use crate::words::Markup;

/// A mention, shown as the user's name by Discord clients; it notifies only when the message's
/// allowed mentions say so.
pub fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// A Discord timestamp: each reader sees it in their own time zone (`R`: "in 2 days", `f`: the
/// date and time).
pub fn timestamp(at: chrono::DateTime<chrono::Utc>, style: char) -> String {
    format!("<t:{}:{style}>", at.timestamp())
}

/// Discord's markup for the shared words: mentions, and timestamps of style `f` (date and time).
pub struct Mentions;

impl Markup for Mentions {
    fn user(&self, id: UserId) -> String {
        mention(id)
    }

    fn moment(&self, at: DateTime<Utc>) -> String {
        timestamp(at, 'f')
    }
}
