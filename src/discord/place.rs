//! Where an interaction comes from ([`Place`]), read from its `context`,
//! `authorizing_integration_owners` and `app_permissions`, as Discord documents them for apps
//! installed to servers and to users.

use poise::serenity_prelude as serenity;
use serenity::{AuthorizingIntegrationOwner, InteractionContext};

use crate::app::Place;

/// The place of an interaction. Without a `context` (older payloads), a guild means a server
/// and its absence the DM with the bot.
///
/// Use External Apps is the member's permission (it lets *their* apps answer publicly), which
/// Discord also folds into a user-installed app's `app_permissions`: it counts as allowed only
/// where neither `app_permissions` nor the member's channel permissions (`member`) lack it.
pub fn place(
    context: Option<InteractionContext>,
    owners: &serenity::AuthorizingIntegrationOwners,
    guild: Option<serenity::GuildId>,
    [app_permissions, member]: [Option<serenity::Permissions>; 2],
) -> Place {
    match context {
        Some(InteractionContext::BotDm) => Place::BotDm,
        Some(InteractionContext::PrivateChannel) => Place::Private,
        Some(InteractionContext::Guild) => {
            if server_installed(owners) {
                Place::Server
            } else {
                let allows = |p: Option<serenity::Permissions>| {
                    p.is_none_or(|p| p.contains(serenity::Permissions::USE_EXTERNAL_APPS))
                };
                Place::Foreign {
                    external_apps: app_permissions.is_some()
                        && allows(app_permissions)
                        && allows(member),
                }
            }
        }
        _ if guild.is_some() => Place::Server,
        _ => Place::BotDm,
    }
}

/// Whether a server's installation authorises the interaction (in the DM with the bot, Discord
/// sends one with no server).
pub fn server_installed(owners: &serenity::AuthorizingIntegrationOwners) -> bool {
    owners
        .0
        .iter()
        .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owners(json: serde_json::Value) -> serenity::AuthorizingIntegrationOwners {
        serde_json::from_value(json).expect("owners")
    }

    #[test]
    fn context_and_owners_tell_the_place() {
        let guild = Some(serenity::GuildId::new(5));
        let all = Some(serenity::Permissions::all());
        let no_external =
            Some(serenity::Permissions::all() - serenity::Permissions::USE_EXTERNAL_APPS);
        let server = owners(serde_json::json!({"0": "5"}));
        let user = owners(serde_json::json!({"1": "7"}));
        let ctx = Some(InteractionContext::Guild);
        assert_eq!(place(ctx, &server, guild, [all, all]), Place::Server);
        assert_eq!(
            place(ctx, &user, guild, [all, all]),
            Place::Foreign {
                external_apps: true
            }
        );
        assert_eq!(
            place(ctx, &user, guild, [no_external, all]),
            Place::Foreign {
                external_apps: false
            }
        );
        // The member's own permission counts too.
        assert_eq!(
            place(ctx, &user, guild, [all, no_external]),
            Place::Foreign {
                external_apps: false
            }
        );
        let dm = Some(InteractionContext::BotDm);
        assert_eq!(place(dm, &user, None, [all, None]), Place::BotDm);
        let private = Some(InteractionContext::PrivateChannel);
        assert_eq!(place(private, &user, None, [all, None]), Place::Private);
        let none = owners(serde_json::json!({}));
        assert_eq!(place(None, &none, guild, [all, all]), Place::Server);
        assert_eq!(place(None, &none, None, [all, None]), Place::BotDm);
    }
}
