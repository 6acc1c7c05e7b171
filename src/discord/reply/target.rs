//! The interaction being answered: a slash command or a component, and what [`respond`]
//! needs of either.
//!
//! [`respond`]: super::respond

use poise::serenity_prelude as serenity;

use crate::i18n::Lang;

use super::super::{access, place};

/// The interaction being answered.
#[derive(Clone, Copy)]
pub enum Target<'a> {
    Command(&'a serenity::CommandInteraction),
    Component(&'a serenity::ComponentInteraction),
}

impl<'a> Target<'a> {
    /// Why the bot cannot answer in this interaction's channel: a locked thread, or missing
    /// permissions (see [`access`]). Nothing is checked outside a server, nor in a server that
    /// did not add the bot.
    pub(super) fn blocked(self, lang: Lang) -> Option<String> {
        let (guild, channel, have) = match self {
            Target::Command(i) => (i.guild_id, i.channel.as_ref(), i.app_permissions),
            Target::Component(i) => (i.guild_id, i.channel.as_ref(), i.app_permissions),
        };
        guild?;
        if self.place().interaction_only() {
            // A server that did not add the bot: its answers need no permission in the
            // channel, where it posts nothing.
            return None;
        }
        if let Some(text) = access::channel_refusal(lang, channel) {
            return Some(text);
        }
        let lacking = access::missing(have, access::BASE);
        (!lacking.is_empty()).then(|| access::missing_text(lang, lacking))
    }

    /// Where the interaction comes from (see [`place::place`]).
    pub fn place(self) -> crate::app::Place {
        let (context, owners, guild, app, member) = match self {
            Target::Command(i) => (
                i.context,
                &i.authorizing_integration_owners,
                i.guild_id,
                i.app_permissions,
                i.member.as_ref().and_then(|m| m.permissions),
            ),
            Target::Component(i) => (
                i.context,
                &i.authorizing_integration_owners,
                i.guild_id,
                i.app_permissions,
                i.member.as_ref().and_then(|m| m.permissions),
            ),
        };
        place::place(context, owners, guild, [app, member])
    }

    /// The channel the interaction comes from.
    pub(super) fn channel(self) -> u64 {
        match self {
            Target::Command(i) => i.channel_id.get(),
            Target::Component(i) => i.channel_id.get(),
        }
    }

    /// Whether only a user installation authorises the interaction (no server installed the
    /// app where it happens): Discord then takes at most [`USER_INSTALL_FOLLOWUPS`] follow-ups.
    pub(super) fn user_install_only(self) -> bool {
        let owners = match self {
            Target::Command(i) => &i.authorizing_integration_owners,
            Target::Component(i) => &i.authorizing_integration_owners,
        };
        !owners.0.is_empty() && !place::server_installed(owners)
    }

    /// Who used the command or clicked.
    pub(super) fn user(self) -> u64 {
        match self {
            Target::Command(i) => i.user.id.get(),
            Target::Component(i) => i.user.id.get(),
        }
    }

    /// The interaction's token.
    pub(super) fn token(self) -> &'a str {
        match self {
            Target::Command(i) => &i.token,
            Target::Component(i) => &i.token,
        }
    }

    /// The interaction's id (its snowflake holds its creation time).
    pub(super) fn id(self) -> u64 {
        match self {
            Target::Command(i) => i.id.get(),
            Target::Component(i) => i.id.get(),
        }
    }

    pub(super) async fn create_response(
        self,
        http: &serenity::Http,
        response: serenity::CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.create_response(http, response).await,
            Target::Component(i) => i.create_response(http, response).await,
        }
    }

    pub(super) async fn create_followup(
        self,
        http: &serenity::Http,
        followup: serenity::CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(i) => i.create_followup(http, followup).await,
            Target::Component(i) => i.create_followup(http, followup).await,
        }
    }

    pub(super) async fn get_response(
        self,
        http: &serenity::Http,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(i) => i.get_response(http).await,
            Target::Component(i) => i.get_response(http).await,
        }
    }

    pub(super) async fn edit_response(
        self,
        http: &serenity::Http,
        edit: serenity::EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(i) => i.edit_response(http, edit).await,
            Target::Component(i) => i.edit_response(http, edit).await,
        }
    }
}
