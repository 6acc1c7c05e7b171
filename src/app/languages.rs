//! Which language to speak to whom when nobody is asking: a notice of the scheduler, the AI's
//! move, a direct message. A front end tells [`Languages`] what it sees in each request (the
//! user's language and their server's); messages sent later read it back. English when nothing
//! is known.
//!
//! What is seen is also written to the `locales` table (only when it changes), and read back
//! at start, so a reminder sent the day after a restart is still in the player's language.
//! One value owns it all: each bot (and each test's bot) has its own.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{GuildId, LocaleOwner, Service, UserId};
use crate::i18n::{Lang, Langs};
use crate::store::locales;

/// The most servers and users remembered (a long-running bot stays flat: past it, the map is
/// cleared and the database still holds the languages).
const MAX_SEEN: usize = 100_000;

/// Changes waiting to be written to the database (a full queue drops the change: the language
/// is written again the next time it is seen after a restart).
const WRITE_QUEUE: usize = 1024;

/// How often the follower of other processes' languages looks whether it is still needed, and
/// tries to listen again after it could not.
const FOLLOW_CHECK: Duration = Duration::from_secs(5);

type Change = (LocaleOwner, u64, Lang);

#[derive(Debug, Default)]
struct Seen {
    guilds: HashMap<GuildId, Lang>,
    users: HashMap<UserId, Lang>,
}

/// The languages last seen, per server and per user. Cheap to clone: clones share one map.
#[derive(Clone, Debug)]
pub struct Languages {
    seen: Arc<Mutex<Seen>>,
    writer: Option<tokio::sync::mpsc::Sender<Change>>,
}

impl Languages {
    /// Languages kept in memory only (nothing read or written).
    pub fn in_memory() -> Languages {
        Languages {
            seen: Arc::default(),
            writer: None,
        }
    }

    /// Reads the languages recorded in `service`'s database, then writes every change seen from
    /// now on back to it, in the background (the writer stops when the last clone is dropped),
    /// and follows what other bot processes on the database record.
    pub async fn load(service: Service) -> Languages {
        let seen = Arc::new(Mutex::new(Seen::default()));
        // Listening first: what another process records while the table is read is not missed,
        // and being newer it wins over the table's rows (entered only where nothing is).
        let listener = match service.locale_announcements().await {
            Ok(listener) => Some(listener),
            Err(e) => {
                tracing::warn!(error = %e, "cannot follow the languages other processes see yet");
                None
            }
        };
        follow_announcements(service.clone(), listener, Arc::downgrade(&seen));
        match service.locales(MAX_SEEN as i64).await {
            Ok(rows) => {
                let count = rows.len();
                if let Ok(mut seen) = seen.lock() {
                    for (owner, id, code) in rows {
                        let lang = Lang::from_locale(Some(&code));
                        match owner {
                            LocaleOwner::User => seen.users.entry(id).or_insert(lang),
                            LocaleOwner::Guild => seen.guilds.entry(id).or_insert(lang),
                        };
                    }
                }
                tracing::debug!(count, "languages read from the database");
            }
            Err(e) => tracing::warn!(error = %e, "could not read the languages last seen"),
        }
        let (tx, mut rx) = tokio::sync::mpsc::channel::<Change>(WRITE_QUEUE);
        tokio::spawn(async move {
            while let Some((owner, id, lang)) = rx.recv().await {
                if let Err(e) = service.save_locale(owner, id, lang.code()).await {
                    tracing::warn!(error = %e, "could not record a language");
                }
            }
        });
        Languages {
            seen,
            writer: Some(tx),
        }
    }

    /// Remembers the languages of a request by `user` (in `guild`, if any).
    pub fn remember(&self, guild: Option<GuildId>, user: UserId, langs: Langs) {
        let mut changes: Vec<Change> = Vec::new();
        {
            let Ok(mut seen) = self.seen.lock() else {
                return;
            };
            if seen.guilds.len() >= MAX_SEEN {
                seen.guilds.clear();
            }
            if seen.users.len() >= MAX_SEEN {
                seen.users.clear();
            }
            if let Some(guild) = guild
                && seen.guilds.insert(guild, langs.guild) != Some(langs.guild)
            {
                changes.push((LocaleOwner::Guild, guild, langs.guild));
            }
            if seen.users.insert(user, langs.user) != Some(langs.user) {
                changes.push((LocaleOwner::User, user, langs.user));
            }
        }
        if let Some(tx) = &self.writer {
            for change in changes {
                if tx.try_send(change).is_err() {
                    tracing::warn!("too many language changes at once: one is not recorded");
                }
            }
        }
    }

    /// The language a server's channels were last read in.
    pub fn guild(&self, guild: GuildId) -> Lang {
        self.seen
            .lock()
            .ok()
            .and_then(|s| s.guilds.get(&guild).copied())
            .unwrap_or_default()
    }

    /// The language a user last used (for their direct messages).
    pub fn user(&self, user: UserId) -> Lang {
        self.seen
            .lock()
            .ok()
            .and_then(|s| s.users.get(&user).copied())
            .unwrap_or_default()
    }
}

/// Learns what other bot processes on the same database see (their users, their servers), so
/// that a notice sent by this one speaks the language last seen anywhere. Listens again when
/// it could not (at start, or its connection was lost); ends once the languages it feeds are
/// gone (looked at least every [`FOLLOW_CHECK`]).
fn follow_announcements(
    service: Service,
    mut listener: Option<sqlx::postgres::PgListener>,
    seen: std::sync::Weak<Mutex<Seen>>,
) {
    tokio::spawn(async move {
        while seen.strong_count() > 0 {
            let Some(active) = listener.as_mut() else {
                tokio::time::sleep(FOLLOW_CHECK).await;
                listener = service.locale_announcements().await.ok();
                continue;
            };
            match tokio::time::timeout(FOLLOW_CHECK, active.recv()).await {
                Err(_) => {}
                Ok(Ok(note)) => {
                    let Some((owner, id, code)) = locales::parse_announcement(note.payload())
                    else {
                        continue;
                    };
                    let lang = Lang::from_locale(Some(&code));
                    if let Some(seen) = seen.upgrade()
                        && let Ok(mut seen) = seen.lock()
                    {
                        match owner {
                            LocaleOwner::User => seen.users.insert(id, lang),
                            LocaleOwner::Guild => seen.guilds.insert(id, lang),
                        };
                    }
                }
                Ok(Err(e)) => {
                    tracing::debug!(error = %e, "languages' announcements: reconnecting");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_value_remembers_its_own_languages() {
        let one = Languages::in_memory();
        let other = Languages::in_memory();
        assert_eq!(one.guild(7), Lang::En);
        one.remember(Some(7), 9, Langs::new(Some("fr"), Some("fr")));
        assert_eq!(one.guild(7), Lang::Fr);
        assert_eq!(one.user(9), Lang::Fr);
        assert_eq!(one.clone().guild(7), Lang::Fr, "clones share the map");
        assert_eq!(
            other.guild(7),
            Lang::En,
            "another bot's languages are its own"
        );
        assert_eq!(other.user(9), Lang::En);
    }
}
