//! Registering the slash commands with Discord, once the gateway says READY.
//!
//! Poise's own helpers log a refusal and carry on, leaving a bot that is connected but deaf. Here
//! the request is made directly so that Discord's whole answer can be read: a 429 is waited out
//! for its `retry_after` and tried again, anything else is put into words for the host and ends
//! the start-up (the caller exits with a non-zero status).

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde_json::Value;

/// Discord's API, unless `DISCORD_API_BASE` points elsewhere (tests).
pub const DISCORD_BASE: &str = "https://discord.com";

/// The most 429 answers waited out before giving up.
const MAX_RATE_LIMITED: u32 = 5;
/// The longest single wait for a rate limit; a longer `retry_after` gives up at once.
const MAX_WAIT: Duration = Duration::from_secs(60);
/// How long one registration request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// Where the commands go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every server the bot is in (Discord may take a while to show them).
    Global,
    /// One server, at once (`DISCORD_GUILD_ID`).
    Guild(u64),
}

impl Scope {
    fn words(self) -> String {
        match self {
            Scope::Global => "globally".to_string(),
            Scope::Guild(g) => format!("in server {g}"),
        }
    }
}

/// Why the commands could not be registered, in words a host can act on.
#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    #[error("{0}")]
    Refused(String),
    #[error("could not reach Discord at {base} to change the commands")]
    Unreachable {
        base: String,
        #[source]
        source: reqwest::Error,
    },
}

/// Discord's answer to a refused request: its status, JSON error code and message.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub status: u16,
    pub code: Option<i64>,
    pub message: String,
    /// Field errors of a 400, flattened to `path: message`.
    pub details: Vec<String>,
}

impl Refusal {
    fn from_body(status: u16, body: &Value) -> Refusal {
        let mut details = Vec::new();
        collect_errors(body.get("errors"), String::new(), &mut details);
        Refusal {
            status,
            code: body.get("code").and_then(Value::as_i64),
            message: body
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("no message")
                .to_string(),
            details,
        }
    }
}

/// Discord's nested `errors` object: `{"0": {"name": {"_errors": [{"code", "message"}]}}}`.
fn collect_errors(errors: Option<&Value>, path: String, out: &mut Vec<String>) {
    let Some(Value::Object(map)) = errors else {
        return;
    };
    for (key, value) in map {
        if key == "_errors" {
            for e in value.as_array().into_iter().flatten() {
                let message = e
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("invalid");
                out.push(format!("{path}: {message}"));
            }
        } else {
            let next = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            collect_errors(Some(value), next, out);
        }
    }
}

/// Discord's refusal of a registration as a sentence that says what to do.
pub fn explain(scope: Scope, refusal: &Refusal) -> String {
    explain_action("register", scope, refusal)
}

/// Discord's refusal to `action` ("register" or "remove") the commands in `scope`.
fn explain_action(action: &str, scope: Scope, refusal: &Refusal) -> String {
    let what = format!(
        "Discord refused to {action} the commands {}: {}",
        scope.words(),
        refusal.message
    );
    match (refusal.status, scope) {
        (401, _) => format!("{what}. Check DISCORD_TOKEN: it must be the bot's current token."),
        (403, Scope::Guild(_)) => format!(
            "{what}. Is the bot in that server, invited with the applications.commands scope?"
        ),
        (403, Scope::Global) => {
            format!("{what}. Was the bot invited with the applications.commands scope?")
        }
        (404, Scope::Guild(_)) => format!("{what}. Check DISCORD_GUILD_ID: no such server."),
        (400, _) => {
            let details = if refusal.details.is_empty() {
                String::new()
            } else {
                format!(" ({})", refusal.details.join("; "))
            };
            format!(
                "{what}{details}. The command definitions are wrong: this is a bug in \
                 fibonacci-bot, please report it with this message."
            )
        }
        (status, _) => format!("{what} (HTTP {status}). Try again later."),
    }
}

/// Whether a 400 refusal is about the commands' installation types or contexts.
fn refuses_user_install(refusal: &Refusal) -> bool {
    refusal
        .details
        .iter()
        .any(|d| d.contains("integration_types") || d.contains("contexts"))
}

/// Commands for one server (`DISCORD_GUILD_ID`): Discord takes installation types and
/// contexts only for global commands, and a server's commands are used in that server only.
fn server_commands(commands: &mut Value) {
    for command in commands.as_array_mut().into_iter().flatten() {
        if let Some(command) = command.as_object_mut() {
            command.remove("integration_types");
            command.remove("contexts");
        }
    }
}

/// Makes every command of `commands` (Discord's JSON) a server installation's only: no user
/// installation, and no private channels (which need one).
fn server_install_only(commands: &mut Value) {
    for command in commands.as_array_mut().into_iter().flatten() {
        if command.get("integration_types").is_some() {
            command["integration_types"] = serde_json::json!([0]);
        }
        if let Some(contexts) = command.get_mut("contexts").and_then(Value::as_array_mut) {
            contexts.retain(|c| c.as_u64() != Some(2));
        }
    }
}

/// How long a 429 asks to wait: the body's `retry_after` (seconds), else the header.
fn retry_after(body: &Value, header: Option<&str>) -> Duration {
    let seconds = body
        .get("retry_after")
        .and_then(Value::as_f64)
        .or_else(|| header.and_then(|h| h.trim().parse::<f64>().ok()))
        .unwrap_or(1.0);
    Duration::from_secs_f64(seconds.clamp(0.0, 3600.0))
}

/// Removes every command the bot registered in `scope` (its list there made empty): the copies
/// left behind when the bot moves between one server and every server.
pub async fn remove(
    base: &str,
    token: &str,
    application: u64,
    scope: Scope,
) -> Result<(), RegisterError> {
    register(base, token, application, scope, &[]).await
}

/// The bot's application id, asked of Discord with its token (for `fibonacci-bot unregister`,
/// which runs without the gateway's READY).
pub async fn application_id(base: &str, token: &str) -> Result<u64, RegisterError> {
    let unreachable = |source| RegisterError::Unreachable {
        base: base.to_string(),
        source,
    };
    let client = super::http_client(REQUEST_TIMEOUT).map_err(unreachable)?;
    let response = client
        .get(format!("{base}/api/v10/oauth2/applications/@me"))
        .header("Authorization", format!("Bot {token}"))
        .send()
        .await
        .map_err(unreachable)?;
    let status = response.status().as_u16();
    let text = response.text().await.map_err(unreachable)?;
    let json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let id = json
        .get("id")
        .and_then(Value::as_str)
        .and_then(|id| id.parse().ok());
    match (status, id) {
        (200, Some(id)) => Ok(id),
        (401, _) => Err(RegisterError::Refused(
            super::preflight::refused_token_words("401 Unauthorized"),
        )),
        _ => Err(RegisterError::Refused(format!(
            "Discord did not say which application the bot is (GET /oauth2/applications/@me, \
             HTTP {status}): {}. Try again later.",
            Refusal::from_body(status, &json).message
        ))),
    }
}

impl Scope {
    /// The scope of a guild id as the database keeps it (`None`: every server).
    pub fn from_guild(guild: Option<u64>) -> Scope {
        guild.map_or(Scope::Global, Scope::Guild)
    }

    /// The guild id the database keeps (`None`: every server).
    pub fn guild(self) -> Option<u64> {
        match self {
            Scope::Global => None,
            Scope::Guild(g) => Some(g),
        }
    }

    /// The command line that removes the bot's commands here by hand.
    pub fn unregister_command(self) -> String {
        match self {
            Scope::Global => "fibonacci-bot unregister --global".to_string(),
            Scope::Guild(g) => format!("fibonacci-bot unregister --guild {g}"),
        }
    }
}

/// After registering in `now`: removes the copies left where the bot registered `before` (as
/// the database remembers it), and says so in the log. A failure is logged with the command
/// that removes them by hand; the new commands work either way.
pub async fn remove_old_copies(
    base: &str,
    token: &str,
    application: u64,
    before: Option<Scope>,
    now: Scope,
) {
    let Some(old) = before.filter(|old| *old != now) else {
        return;
    };
    match remove(base, token, application, old).await {
        Ok(()) => {
            tracing::info!(
                "the commands were registered {} last time and {} now: removed the old copies \
                 {}, so that none shows twice",
                old.words(),
                now.words(),
                old.words()
            );
        }
        Err(e) => {
            let why = crate::app::chain(&e);
            tracing::warn!(
                "the commands were registered {} last time and {} now, and the old copies could \
                 not be removed ({why}): where both apply, every command may show twice. Remove \
                 them with `{}`",
                old.words(),
                now.words(),
                old.unregister_command()
            );
        }
    }
}

/// Puts `commands` as the bot's whole command list in `scope` (replacing what was there; an
/// empty list removes them).
pub async fn register(
    base: &str,
    token: &str,
    application: u64,
    scope: Scope,
    commands: &[serenity::CreateCommand],
) -> Result<(), RegisterError> {
    let action = if commands.is_empty() {
        "remove"
    } else {
        "register"
    };
    let url = match scope {
        Scope::Global => format!("{base}/api/v10/applications/{application}/commands"),
        Scope::Guild(g) => {
            format!("{base}/api/v10/applications/{application}/guilds/{g}/commands")
        }
    };
    let unreachable = |source| RegisterError::Unreachable {
        base: base.to_string(),
        source,
    };
    let mut listed = serde_json::to_value(commands)
        .map_err(|e| RegisterError::Refused(format!("could not encode the commands: {e}")))?;
    if let Scope::Guild(_) = scope {
        server_commands(&mut listed);
    }
    let mut body = listed.to_string().into_bytes();
    let mut server_only = false;
    let client = super::http_client(REQUEST_TIMEOUT).map_err(unreachable)?;
    let mut rate_limited = 0;
    loop {
        let response = client
            .put(&url)
            .header("Authorization", format!("Bot {token}"))
            .header("Content-Type", "application/json")
            .body(body.clone())
            .send()
            .await
            .map_err(unreachable)?;
        let status = response.status().as_u16();
        if response.status().is_success() {
            return Ok(());
        }
        let header = response
            .headers()
            .get("retry-after")
            .and_then(|h| h.to_str().ok())
            .map(str::to_string);
        let text = response.text().await.map_err(unreachable)?;
        let json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        let refusal = Refusal::from_body(status, &json);
        if status == 400 && !server_only && refuses_user_install(&refusal) {
            // An application without User Install (a portal setting): the commands still work
            // in servers and in the DM with the bot.
            tracing::warn!(
                refusal = %refusal.details.join("; "),
                "Discord refused the commands' user installation: registering them for servers \
                 only. To play in DMs and group DMs, enable User Install on the Installation page \
                 of the application in Discord's developer portal, then restart the bot."
            );
            server_only = true;
            server_install_only(&mut listed);
            body = listed.to_string().into_bytes();
            continue;
        }
        if status == 429 && rate_limited < MAX_RATE_LIMITED {
            let wait = retry_after(&json, header.as_deref());
            if wait <= MAX_WAIT {
                rate_limited += 1;
                tracing::warn!(
                    ?wait,
                    "Discord rate-limits the command registration: waiting"
                );
                tokio::time::sleep(wait).await;
                continue;
            }
        }
        return Err(RegisterError::Refused(explain_action(
            action, scope, &refusal,
        )));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_access_refusal_says_what_to_check() {
        let body = serde_json::json!({"message": "Missing Access", "code": 50001});
        let text = explain(Scope::Guild(123), &Refusal::from_body(403, &body));
        assert_eq!(
            text,
            "Discord refused to register the commands in server 123: Missing Access. Is the bot \
             in that server, invited with the applications.commands scope?"
        );
    }

    #[test]
    fn a_bad_schema_lists_discords_field_errors() {
        let body = serde_json::json!({
            "message": "Invalid Form Body", "code": 50035,
            "errors": {"0": {"description": {"_errors": [
                {"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be between 1 and 100 in length."}
            ]}}}
        });
        let text = explain(Scope::Global, &Refusal::from_body(400, &body));
        assert!(text.contains("Invalid Form Body"), "{text}");
        assert!(
            text.contains("0.description: Must be between 1 and 100 in length."),
            "{text}"
        );
        assert!(text.contains("bug in fibonacci-bot"), "{text}");
    }

    #[test]
    fn a_refused_user_installation_falls_back_to_servers() {
        let body = serde_json::json!({
            "message": "Invalid Form Body", "code": 50035,
            "errors": {"3": {"integration_types": {"_errors": [
                {"code": "APPLICATION_COMMAND_INVALID_INTEGRATION_TYPE", "message": "Invalid"}
            ]}}}
        });
        assert!(refuses_user_install(&Refusal::from_body(400, &body)));
        let other = serde_json::json!({"message": "Invalid Form Body", "code": 50035,
            "errors": {"0": {"name": {"_errors": [{"code": "X", "message": "bad"}]}}}});
        assert!(!refuses_user_install(&Refusal::from_body(400, &other)));
        let mut commands = serde_json::json!([
            {"name": "rules", "integration_types": [0, 1], "contexts": [0, 1, 2]},
            {"name": "tournament", "integration_types": [0, 1], "contexts": [0]}
        ]);
        let mut for_one_server = commands.clone();
        server_install_only(&mut commands);
        assert_eq!(commands[0]["integration_types"], serde_json::json!([0]));
        assert_eq!(commands[0]["contexts"], serde_json::json!([0, 1]));
        assert_eq!(commands[1]["contexts"], serde_json::json!([0]));
        server_commands(&mut for_one_server);
        assert_eq!(for_one_server[0], serde_json::json!({"name": "rules"}));
    }

    #[test]
    fn retry_after_comes_from_the_body_or_the_header() {
        let body = serde_json::json!({"retry_after": 1.5});
        assert_eq!(retry_after(&body, None), Duration::from_millis(1500));
        assert_eq!(retry_after(&Value::Null, Some("2")), Duration::from_secs(2));
        assert_eq!(retry_after(&Value::Null, None), Duration::from_secs(1));
    }
}
