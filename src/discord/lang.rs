//! Which language the bot speaks to whom. An ephemeral answer is in its user's `locale`; what a
//! channel reads is in its server's `guild_locale`; a message sent later without an interaction
//! (a notice of the scheduler, the AI's move, a direct message) uses the locale last seen for
//! that server or user. English when nothing is known.
//!
//! What is seen is also written to the `locales` table (only when it changes), and read back at
//! start, so a reminder sent the day after a restart is still in the player's language.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use poise::serenity_prelude as serenity;

use crate::app::{GuildId, LocaleOwner, Service, UserId};
use crate::i18n::{Lang, Langs};

/// The locales seen last, per server and per user (bounded: a long-running bot stays flat).
#[derive(Debug, Default)]
struct Seen {
    guilds: HashMap<GuildId, Lang>,
    users: HashMap<UserId, Lang>,
}

const MAX_SEEN: usize = 100_000;

/// Changes waiting to be written to the database (a full queue drops the change: the language
/// is written again the next time it is seen after a restart).
const WRITE_QUEUE: usize = 1024;

type Change = (LocaleOwner, u64, Lang);

fn writer() -> &'static OnceLock<tokio::sync::mpsc::Sender<Change>> {
    static WRITER: OnceLock<tokio::sync::mpsc::Sender<Change>> = OnceLock::new();
    &WRITER
}

/// Reads the languages recorded in the database into memory, then writes every change seen
/// from now on back to it, in the background. Called once at start, before any interaction.
pub async fn persist(service: Service) {
    match service.locales(MAX_SEEN as i64).await {
        Ok(rows) => {
            let count = rows.len();
            if let Ok(mut seen) = seen().lock() {
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
    if writer().set(tx).is_err() {
        return;
    }
    tokio::spawn(async move {
        while let Some((owner, id, lang)) = rx.recv().await {
            if let Err(e) = service.save_locale(owner, id, lang.code()).await {
                tracing::warn!(error = %e, "could not record a language");
            }
        }
    });
}

fn seen() -> &'static Mutex<Seen> {
    static SEEN: OnceLock<Mutex<Seen>> = OnceLock::new();
    SEEN.get_or_init(Mutex::default)
}

fn remember(guild: Option<GuildId>, user: UserId, langs: Langs) {
    let mut changes: Vec<Change> = Vec::new();
    {
        let Ok(mut seen) = seen().lock() else {
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
    if let Some(tx) = writer().get() {
        for change in changes {
            if tx.try_send(change).is_err() {
                tracing::warn!("too many language changes at once: one is not recorded");
            }
        }
    }
}

/// The languages of an interaction (its user's `locale`, its server's `guild_locale`),
/// remembered for later messages.
fn learn(
    locale: &str,
    guild_locale: Option<&str>,
    guild: Option<serenity::GuildId>,
    user: &serenity::User,
) -> Langs {
    let langs = Langs::new(Some(locale), guild_locale);
    remember(guild.map(|g| g.get()), user.id.get(), langs);
    langs
}

/// The languages of a slash command, remembered for later messages.
pub fn of_command(i: &serenity::CommandInteraction) -> Langs {
    learn(&i.locale, i.guild_locale.as_deref(), i.guild_id, &i.user)
}

/// The languages of a button click, remembered for later messages.
pub fn of_component(i: &serenity::ComponentInteraction) -> Langs {
    learn(&i.locale, i.guild_locale.as_deref(), i.guild_id, &i.user)
}

/// The languages of a command's context (English for a prefix command, which is never
/// registered).
pub fn of(ctx: super::Context<'_>) -> Langs {
    match ctx {
        poise::Context::Application(actx) => of_command(actx.interaction),
        poise::Context::Prefix(_) => Langs::EN,
    }
}

/// The language a server's channels were last read in.
pub fn guild(guild: GuildId) -> Lang {
    seen()
        .lock()
        .ok()
        .and_then(|s| s.guilds.get(&guild).copied())
        .unwrap_or_default()
}

/// The language a user last used (for their direct messages).
pub fn user(user: UserId) -> Lang {
    seen()
        .lock()
        .ok()
        .and_then(|s| s.users.get(&user).copied())
        .unwrap_or_default()
}
