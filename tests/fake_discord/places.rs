//! Channels the bot is not in: DMs between users and group DMs (types 1 and 3, no guild), and
//! the channels of a server where only a user installed the app. Discord reaches the app there
//! only through interactions (`context` 2, or 0 without a guild installation in
//! `authorizing_integration_owners`); the bot cannot post in those channels, and an interaction
//! authorised by a user installation alone takes at most 5 follow-ups.

use std::collections::HashSet;

use serde_json::{Value, json};

use super::{FakeDiscord, Inner, user_object};

/// Follow-ups Discord takes per interaction authorised only by a user installation.
pub const USER_INSTALL_FOLLOWUPS: usize = 5;

/// Discord's `USE_EXTERNAL_APPS` permission (1 << 50).
pub const USE_EXTERNAL_APPS: u64 = 1 << 50;

/// A channel the bot is not a member of.
#[derive(Clone, Debug)]
pub(crate) enum Elsewhere {
    /// A DM between users (type 1) or a group DM (type 3). `installer` installed the app to
    /// their account: their installation authorises every interaction there.
    Private {
        kind: u64,
        recipients: Vec<u64>,
        installer: u64,
    },
    /// A channel of server `guild`, which did not install the app; `installer` did, to their
    /// account.
    Foreign { guild: u64, installer: u64 },
}

/// What the fake keeps about those channels and the interactions made there.
#[derive(Default)]
pub(crate) struct Places {
    pub(crate) channels: std::collections::HashMap<u64, Elsewhere>,
    /// Tokens of interactions authorised by a user installation only.
    pub(crate) user_only: HashSet<String>,
    /// Follow-ups sent per interaction token.
    pub(crate) followups: std::collections::HashMap<String, usize>,
}

impl Places {
    /// Whether the bot is a member of `channel` (may post and edit there).
    pub(crate) fn bot_is_in(&self, channel: u64) -> bool {
        !self.channels.contains_key(&channel)
    }

    /// Counts a follow-up of `token`; `Err` with Discord's words when it is one too many.
    pub(crate) fn followup(&mut self, token: &str) -> Result<(), String> {
        let sent = self.followups.entry(token.to_string()).or_default();
        *sent += 1;
        if self.user_only.contains(token) && *sent > USER_INSTALL_FOLLOWUPS {
            return Err(format!(
                "This interaction has hit the maximum number of follow up messages ({} of an \
                 interaction authorised by a user installation only)",
                *sent
            ));
        }
        Ok(())
    }
}

impl FakeDiscord {
    /// A DM between users (`kind` 1) or a group DM (`kind` 3) whose members are `recipients`;
    /// the first of them installed the app to their account. The bot is not in it.
    pub fn add_private_channel(&self, id: u64, kind: u64, recipients: &[u64]) {
        assert!(
            kind == 1 || kind == 3,
            "a private channel is of type 1 or 3"
        );
        let mut inner = self.shared.lock();
        inner.channels.insert(id, (kind, None));
        inner.places.channels.insert(
            id,
            Elsewhere::Private {
                kind,
                recipients: recipients.to_vec(),
                installer: recipients[0],
            },
        );
    }

    /// A channel of server `guild`, which has not installed the app; `installer` has, to their
    /// account. The bot is not in it. Its `app_permissions` are all but Use External Apps unless
    /// set otherwise.
    pub fn add_foreign_channel(&self, id: u64, guild: u64, installer: u64) {
        let mut inner = self.shared.lock();
        inner.channels.insert(id, (0, None));
        inner.channel_guild.insert(id, guild);
        inner
            .app_permissions
            .entry(id)
            .or_insert(super::ALL_PERMISSIONS & !USE_EXTERNAL_APPS);
        inner
            .places
            .channels
            .insert(id, Elsewhere::Foreign { guild, installer });
    }
}

/// Turns a server interaction in `channel` into what Discord sends where the channel is
/// elsewhere: context, owners, and for a private channel no guild and `user` for `member`.
/// Panics when `user` is not a member of the private channel (they could not interact there).
pub(crate) fn shape(inner: &mut Inner, interaction: &mut Value, user: u64, token: &str) {
    let channel: u64 = interaction["channel_id"]
        .as_str()
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let Some(place) = inner.places.channels.get(&channel).cloned() else {
        return;
    };
    inner.places.user_only.insert(token.to_string());
    let object = interaction
        .as_object_mut()
        .expect("an interaction is an object");
    match place {
        Elsewhere::Private {
            kind,
            recipients,
            installer,
        } => {
            assert!(
                recipients.contains(&user),
                "user {user} is not in private channel {channel}: they cannot interact there"
            );
            let member = object.remove("member").unwrap_or(Value::Null);
            object.remove("guild_id");
            object.remove("guild_locale");
            object.insert("user".into(), member["user"].clone());
            let others: Vec<Value> = recipients
                .iter()
                .filter(|&&r| r != user)
                .map(|&r| {
                    let name = inner.users.get(&r).cloned().unwrap_or(format!("user{r}"));
                    user_object(r, &name)
                })
                .collect();
            object.insert(
                "channel".into(),
                json!({"id": channel.to_string(), "type": kind, "recipients": others,
                       "flags": 0, "last_message_id": null}),
            );
            object.insert("context".into(), json!(2));
            object.insert(
                "authorizing_integration_owners".into(),
                json!({"1": installer.to_string()}),
            );
        }
        Elsewhere::Foreign { guild, installer } => {
            object.insert("guild_id".into(), json!(guild.to_string()));
            object.insert("context".into(), json!(0));
            object.insert(
                "authorizing_integration_owners".into(),
                json!({"1": installer.to_string()}),
            );
        }
    }
}

/// The context an interaction was sent from (0 where the payload has none).
pub(crate) fn context_of(interaction: &Value) -> u64 {
    interaction["context"].as_u64().unwrap_or(0)
}

/// Whether Discord offers `command` (as registered) in `context`: where the command lists its
/// `contexts`, and for a private channel only with a user installation.
pub(crate) fn offered_in(command: &Value, context: u64) -> Result<(), String> {
    let name = command["name"].as_str().unwrap_or("?");
    let Some(contexts) = command["contexts"].as_array() else {
        return if context == 0 {
            Ok(())
        } else {
            Err(format!(
                "/{name} lists no contexts: Discord offers it in the default ones only"
            ))
        };
    };
    if !contexts.iter().any(|c| c.as_u64() == Some(context)) {
        return Err(format!(
            "/{name} is not offered in context {context}: its contexts are {contexts:?}"
        ));
    }
    Ok(())
}

/// Problems of a server's own commands: Discord takes `integration_types` and `contexts` for
/// global commands only, and a server's commands never reach DMs.
pub(crate) fn guild_command_problems(commands: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    for command in commands.as_array().into_iter().flatten() {
        let name = command["name"].as_str().unwrap_or("?");
        let beyond = command["contexts"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| c.as_u64() != Some(0)));
        let user = command["integration_types"]
            .as_array()
            .is_some_and(|t| t.iter().any(|t| t.as_u64() != Some(0)));
        if beyond || user {
            problems.push(format!(
                "/{name}: a server's command cannot be offered outside it (contexts and \
                 integration_types are for global commands)"
            ));
        }
    }
    problems
}

/// Problems of a command's `integration_types` and `contexts` (Discord refuses the
/// registration): only 0 and 1, and `PRIVATE_CHANNEL` only with `USER_INSTALL`.
pub(crate) fn context_problems(at: &str, command: &Value, problems: &mut Vec<String>) {
    let list = |field: &str| -> Option<Vec<u64>> {
        command[field]
            .as_array()
            .map(|a| a.iter().map(|v| v.as_u64().unwrap_or(99)).collect())
    };
    let types = list("integration_types");
    if let Some(types) = &types
        && types.iter().any(|&t| t > 1)
    {
        problems.push(format!(
            "{at}: integration_types {types:?} holds an unknown type"
        ));
    }
    if let Some(contexts) = list("contexts") {
        if contexts.iter().any(|&c| c > 2) {
            problems.push(format!(
                "{at}: contexts {contexts:?} holds an unknown context"
            ));
        }
        let user_install = types.as_ref().is_some_and(|t| t.contains(&1));
        if contexts.contains(&2) && !user_install {
            problems.push(format!(
                "{at}: contexts holds PRIVATE_CHANNEL without USER_INSTALL in integration_types"
            ));
        }
    }
}
