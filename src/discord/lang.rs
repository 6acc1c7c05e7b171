//! Which language the bot speaks to whom. An ephemeral answer is in its user's `locale`; what a
//! channel reads is in its server's `guild_locale`. Each interaction's languages are told to the
//! bot's [`Languages`] (owned by its [`Presenter`](super::present::Presenter)), which later
//! messages without an interaction read back.

use poise::serenity_prelude as serenity;

use crate::app::Languages;
use crate::i18n::Langs;

/// Remembers `langs`, seen in an interaction of `user` in `guild`, for later messages.
fn remember(
    languages: &Languages,
    guild: Option<serenity::GuildId>,
    user: &serenity::User,
    langs: Langs,
) -> Langs {
    languages.remember(guild.map(|g| g.get()), user.id.get(), langs);
    langs
}

/// What a channel reads in: its server's locale; outside a server (a DM, a group DM), the
/// locale of whoever is using the bot there.
fn channel_locale<'a>(guild_locale: Option<&'a str>, locale: &'a str) -> Option<&'a str> {
    Some(guild_locale.unwrap_or(locale))
}

/// The languages of a slash command (its user's `locale`, its server's `guild_locale`),
/// remembered for later messages.
pub fn of_command(languages: &Languages, i: &serenity::CommandInteraction) -> Langs {
    let langs = Langs::new(
        Some(&i.locale),
        channel_locale(i.guild_locale.as_deref(), &i.locale),
    );
    remember(languages, i.guild_id, &i.user, langs)
}

/// The languages of a button click, remembered for later messages.
pub fn of_component(languages: &Languages, i: &serenity::ComponentInteraction) -> Langs {
    let langs = Langs::new(
        Some(&i.locale),
        channel_locale(i.guild_locale.as_deref(), &i.locale),
    );
    remember(languages, i.guild_id, &i.user, langs)
}

/// The languages of a command's context (English for a prefix command, which is never
/// registered).
pub fn of(ctx: super::Context<'_>) -> Langs {
    match ctx {
        poise::Context::Application(actx) => {
            of_command(&ctx.data().presenter.languages, actx.interaction)
        }
        poise::Context::Prefix(_) => Langs::EN,
    }
}
