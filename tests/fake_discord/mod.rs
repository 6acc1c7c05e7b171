//! A fake Discord on 127.0.0.1 for end-to-end tests: the REST API the bot calls (axum HTTP) and
//! the gateway (a WebSocket), with every request recorded so tests can assert on what the bot
//! sent, plus a harness that starts the real `fibonacci-bot` binary against it.
//!
//! - `model`: what the fake records and the rules by which it refuses what Discord refuses;
//! - `rest`: the REST endpoints; `gateway`: the WebSocket;
//! - this file: [`FakeDiscord`], which tests drive (interactions, injections, waits);
//! - `scenario`: the real bot as a process, its database, a proxy that can cut it, a table.

#![allow(dead_code)] // each test binary uses a different part of the harness

mod gateway;
mod model;
mod places;
mod rest;
mod scenario;

use gateway::*;
pub use model::*;
use rest::*;
#[allow(unused_imports)] // the benches include this harness but send no requests of their own
pub use rest::{http_client, user_agent_accepted};
pub use scenario::*;

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, State};
use axum::http::{Request as HttpRequest, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use tokio::sync::{Notify, mpsc, oneshot};

/// A frame that no Discord payload carries: its connection is to be closed.
pub(crate) const CLOSE_MARK: &str = "fake-close";

/// The fake Discord server.
pub struct FakeDiscord {
    pub base: String,
    pub(crate) shared: Arc<Shared>,
    pub(crate) stop: Option<oneshot::Sender<()>>,
    pub(crate) server: Option<tokio::task::JoinHandle<()>>,
}

impl FakeDiscord {
    /// Starts the fake on a free loopback port.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the fake Discord to 127.0.0.1");
        let addr = listener.local_addr().expect("fake Discord address");
        let base = format!("http://{addr}");
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner::default()),
            changed: Notify::new(),
            next_id: AtomicU64::new(1_000_000_000_000_000_000),
            base: base.clone(),
        });
        let router = Router::new()
            .route("/ws", get(gateway))
            .fallback(rest)
            .with_state(shared.clone());
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(async move {
            let serve = axum::serve(listener, router).with_graceful_shutdown(async {
                let _ = stopped.await;
            });
            if let Err(e) = serve.await {
                eprintln!("fake Discord stopped: {e}");
            }
        });
        FakeDiscord {
            base,
            shared,
            stop: Some(stop),
            server: Some(server),
        }
    }

    /// A user the fake knows (answers `GET /users/{id}`).
    pub fn add_user(&self, id: u64, name: &str) {
        self.shared.lock().users.insert(id, name.to_string());
    }

    /// The Discord locale of `user`'s interactions from now on (`fr`, `en-US`).
    pub fn set_locale(&self, user: u64, locale: &str) {
        self.shared.lock().locales.insert(user, locale.to_string());
    }

    /// The server's locale (`guild_locale` of every interaction in it) from now on.
    pub fn set_guild_locale(&self, locale: &str) {
        self.shared.lock().guild_locale = Some(locale.to_string());
    }

    /// Makes thread creation answer only after `delay` (a slow Discord).
    pub fn delay_threads(&self, delay: Duration) {
        self.delay("POST", "/threads", delay);
    }

    /// The next interaction is created `age` ago (its snowflake says so), as one that reached
    /// the bot late: Discord's 3 seconds are already running.
    pub fn age_next_interaction(&self, age: Duration) {
        self.shared.lock().interaction_age = age;
    }

    /// The next command registrations are answered with these (status, JSON body) in turn,
    /// before one is accepted: a refusal (403, 400) or a rate limit (429 with `retry_after`).
    pub fn answer_registrations(&self, answers: Vec<(u16, Value)>) {
        self.shared.lock().registration_answers.extend(answers);
    }

    /// Everything the fake refused because Discord would have (empty when the bot behaved).
    /// Takes the violations recorded so far (a test that provokes one on purpose).
    pub fn take_violations(&self) -> Vec<String> {
        std::mem::take(&mut self.shared.lock().violations)
    }

    pub fn violations(&self) -> Vec<String> {
        self.shared.lock().violations.clone()
    }

    /// The gateway intents of each IDENTIFY.
    pub fn intents(&self) -> Vec<u64> {
        self.shared.lock().intents.clone()
    }

    /// A busy server's chatter: `messages` MESSAGE_CREATE and `typing` TYPING_START events,
    /// delivered like Discord only to a connection whose intents ask for them
    /// (GUILD_MESSAGES = 1 << 9, GUILD_MESSAGE_TYPING = 1 << 11). Returns how many were sent.
    pub fn chatter(&self, channel: u64, messages: usize, typing: usize) -> usize {
        const GUILD_MESSAGES: u64 = 1 << 9;
        const GUILD_MESSAGE_TYPING: u64 = 1 << 11;
        let mut inner = self.shared.lock();
        let intents = inner.intents.last().copied().unwrap_or(0);
        let Some(gateway) = inner.gateway.clone() else {
            return 0;
        };
        let mut sent = 0;
        let mut frames = Vec::new();
        if intents & GUILD_MESSAGES != 0 {
            for _ in 0..messages {
                let id = self.shared.snowflake();
                frames.push((
                    "MESSAGE_CREATE",
                    json!({
                        "id": id.to_string(), "channel_id": channel.to_string(),
                        "guild_id": GUILD.to_string(), "author": user_object(5, "chatty"),
                        "content": "hello", "timestamp": "2024-01-01T00:00:00.000000+00:00",
                        "edited_timestamp": null, "tts": false, "mention_everyone": false,
                        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
                        "pinned": false, "type": 0,
                    }),
                ));
            }
        }
        if intents & GUILD_MESSAGE_TYPING != 0 {
            for _ in 0..typing {
                frames.push((
                    "TYPING_START",
                    json!({
                        "channel_id": channel.to_string(), "guild_id": GUILD.to_string(),
                        "user_id": "5", "timestamp": 1_700_000_000,
                    }),
                ));
            }
        }
        for (name, d) in frames {
            inner.sequence += 1;
            let frame = json!({"op": 0, "t": name, "s": inner.sequence, "d": d});
            if gateway.send(frame).is_ok() {
                sent += 1;
            }
        }
        sent
    }

    /// `user` accepts no direct message from the bot: Discord answers 403 (code 50007) to the
    /// message, as when a user closes DMs from server members.
    pub fn close_dms(&self, user: u64) {
        self.shared.lock().closed_dms.insert(user);
    }

    /// The direct-message channel the bot opened with `user`, if it did.
    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        self.shared.lock().dm_channels.get(&user).copied()
    }

    /// A text channel of the test guild.
    pub fn add_channel(&self, id: u64) {
        self.shared.lock().channels.insert(id, (0, None));
    }

    /// A text channel of another guild than the test guild.
    pub fn add_channel_in(&self, id: u64, guild: u64) {
        let mut inner = self.shared.lock();
        inner.channels.insert(id, (0, None));
        inner.channel_guild.insert(id, guild);
    }

    /// `GET /gateway/bot` recommends `shards` shards from now on.
    pub fn recommend_shards(&self, shards: u64) {
        self.shared.lock().recommended_shards = shards;
    }

    /// From now on the gateway closes with 4011 an IDENTIFY whose shard total is below `shards`.
    pub fn require_shards(&self, shards: u64) {
        self.shared.lock().required_shards = shards;
    }

    /// The `shard` field, `[id, total]`, of every IDENTIFY accepted, in order.
    pub fn identified_shards(&self) -> Vec<[u64; 2]> {
        self.shared.lock().identified_shards.clone()
    }

    /// IDENTIFYs closed for their shard: (close code, `[id, total]`).
    pub fn refused_shards(&self) -> Vec<(u16, [u64; 2])> {
        self.shared.lock().refused_shards.clone()
    }

    /// The shard the interaction was sent to.
    pub fn routed_to(&self, sent: &Sent) -> Option<u64> {
        self.shared.lock().routed.get(&sent.id).copied()
    }

    /// A channel of Discord type `kind` (a forum, an announcement channel, a thread of `parent`).
    pub fn add_channel_of(&self, id: u64, kind: u64, parent: Option<u64>) {
        self.shared.lock().channels.insert(id, (kind, parent));
    }

    /// The next `times` requests `method` whose path contains `path_part` are answered with
    /// `status` and `body` (a 429 with `retry_after`, a 500) instead of being served.
    pub fn fail(&self, method: &str, path_part: &str, status: u16, body: Value, times: usize) {
        let fault = (
            method.to_string(),
            path_part.to_string(),
            status,
            body,
            times,
        );
        self.shared.lock().faults.push(fault);
    }

    /// Requests `method` whose path contains `path_part` are answered only after `delay`.
    pub fn delay(&self, method: &str, path_part: &str, delay: Duration) {
        let entry = (method.to_string(), path_part.to_string(), delay);
        self.shared.lock().delays.push(entry);
    }

    /// The bot's permissions in `channel`, as Discord sends them with each interaction.
    pub fn set_app_permissions(&self, channel: u64, permissions: u64) {
        self.shared
            .lock()
            .app_permissions
            .insert(channel, permissions);
    }

    /// A member's permissions in the server (every one where not set), as Discord sends them
    /// with their interactions.
    pub fn set_member_permissions(&self, user: u64, permissions: u64) {
        self.shared
            .lock()
            .member_permissions
            .insert(user, permissions);
    }

    /// A thread's state: archived, locked.
    pub fn set_thread_state(&self, thread: u64, archived: bool, locked: bool) {
        self.shared
            .lock()
            .thread_state
            .insert(thread, (archived, locked));
    }

    /// Every request recorded so far.
    pub fn requests(&self) -> Vec<Request> {
        self.shared.lock().requests.clone()
    }

    /// Requests to endpoints the fake does not implement (a test should see none).
    pub fn unexpected(&self) -> Vec<Request> {
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|r| !r.known)
            .cloned()
            .collect()
    }

    /// The command list the bot registered last.
    pub fn commands(&self) -> Vec<Value> {
        self.shared.lock().commands.clone()
    }

    /// The commands registered in one server (`Some(guild)`) or globally (`None`) now.
    pub fn commands_in(&self, guild: Option<u64>) -> Vec<Value> {
        self.shared
            .lock()
            .scoped
            .get(&guild)
            .cloned()
            .unwrap_or_default()
    }

    /// The paths the bot registered its commands at (PUT), oldest first.
    pub fn registered_at(&self) -> Vec<String> {
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|r| r.method == "PUT")
            .map(|r| r.path.clone())
            .collect()
    }

    pub fn registrations(&self) -> usize {
        self.shared.lock().registrations
    }

    /// From now on the gateway closes every IDENTIFY with 4004, as for a token reset since the
    /// bot checked it over REST.
    pub fn refuse_identify(&self) {
        self.shared.lock().gateway_refuses = true;
    }

    /// IDENTIFYs the gateway refused (closed with 4004).
    pub fn refused_identifies(&self) -> usize {
        self.shared.lock().refused_identifies
    }

    pub fn gateway_lookups(&self) -> usize {
        self.shared.lock().gateway_lookups
    }

    /// Threads the bot created: (thread id, parent channel, request body).
    pub fn threads(&self) -> Vec<(u64, u64, Value)> {
        let inner = self.shared.lock();
        inner
            .requests
            .iter()
            .filter(|r| r.method == "POST" && r.path.ends_with("/threads"))
            .filter_map(|r| {
                let parent = r.path.split('/').nth(4)?.parse().ok()?;
                let id = r.json["__created_id"].as_u64()?;
                Some((id, parent, r.json.clone()))
            })
            .collect()
    }

    /// Messages the bot posted in a channel (channel messages, responses and follow-ups).
    pub fn posted_in(&self, channel: u64) -> Vec<Posted> {
        self.shared
            .lock()
            .posted
            .iter()
            .filter(|p| p.channel == channel)
            .cloned()
            .collect()
    }

    /// Waits until `check` finds something, or fails the test naming `what`.
    pub async fn wait_for<T>(&self, what: &str, check: impl Fn(&FakeView<'_>) -> Option<T>) -> T {
        self.wait_on(what, &self.shared.changed, check).await
    }

    /// [`FakeDiscord::wait_for`] something that only a request to `path` can bring: woken by
    /// those requests alone. (With fifty games waiting for their answers at once, waking every
    /// waiter on every request was a good part of the load benchmark's harness.)
    pub async fn wait_at<T>(
        &self,
        what: &str,
        path: &str,
        check: impl Fn(&FakeView<'_>) -> Option<T>,
    ) -> T {
        let waiting = self
            .shared
            .lock()
            .path_waiters
            .entry(path.to_string())
            .or_default()
            .clone();
        let found = self.wait_on(what, &waiting, check).await;
        let mut inner = self.shared.lock();
        // The map's and this one: nobody else waits at `path` (clones are made under the lock).
        if Arc::strong_count(&waiting) == 2 {
            inner.path_waiters.remove(path);
        }
        found
    }

    async fn wait_on<T>(
        &self,
        what: &str,
        changed: &Notify,
        check: impl Fn(&FakeView<'_>) -> Option<T>,
    ) -> T {
        // One timer for the whole wait: a waiter may be woken by many requests, and registering
        // a timer on each wake cost the load benchmark's harness more than the checks.
        let timeout = tokio::time::sleep(WAIT);
        tokio::pin!(timeout);
        loop {
            let notified = changed.notified();
            {
                let inner = self.shared.lock();
                if let Some(found) = check(&FakeView { inner: &inner }) {
                    return found;
                }
            }
            if timeout.is_elapsed() {
                let inner = self.shared.lock();
                let tail: Vec<String> = inner
                    .requests
                    .iter()
                    .rev()
                    .take(8)
                    .map(|r| format!("{} {} {}", r.method, r.path, r.json))
                    .collect();
                panic!(
                    "timed out after {WAIT:?} waiting for {what}; last requests (newest first):\n{}",
                    tail.join("\n")
                );
            }
            tokio::select! {
                () = notified => {}
                () = &mut timeout => {}
            }
        }
    }

    /// Waits for the bot's edit of message `message` (through the channel endpoint).
    pub async fn edit_of(&self, message: u64) -> Edit {
        self.wait_for(&format!("an edit of message {message}"), |v| {
            v.edits().iter().find(|e| e.message == message).cloned()
        })
        .await
    }

    /// The message an interaction's response posted (after [`FakeDiscord::reply`]).
    pub fn original(&self, sent: &Sent) -> u64 {
        self.shared
            .lock()
            .originals
            .get(&sent.token)
            .copied()
            .unwrap_or_else(|| panic!("interaction {} posted no response message", sent.id))
    }

    /// Waits until the bot has identified on the gateway and registered its commands `n` times
    /// in total (once per start).
    pub async fn wait_ready(&self, starts: usize) {
        self.wait_for("the bot to connect and register its commands", |v| {
            (v.inner.identifies >= starts && v.inner.registrations >= starts).then_some(())
        })
        .await;
    }

    pub(crate) fn dispatch(&self, interaction: Value) {
        let mut inner = self.shared.lock();
        let clicked = interaction["message"]["id"]
            .as_str()
            .and_then(|id| id.parse().ok());
        if let (Some(token), Some(message)) = (interaction["token"].as_str(), clicked) {
            inner.clicked.insert(token.to_string(), message);
        }
        inner.sequence += 1;
        // Discord's routing: a guild's events to shard (guild_id >> 22) % total, DMs to shard 0.
        let total = inner.shard_total.max(1);
        let shard = interaction["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok())
            .map_or(0, |guild| (guild >> 22) % total);
        if let Some(id) = interaction["id"].as_str().and_then(|i| i.parse().ok()) {
            inner.routed.insert(id, shard);
        }
        let frame =
            json!({"op": 0, "t": "INTERACTION_CREATE", "s": inner.sequence, "d": interaction});
        // A shard nobody runs loses its guilds' interactions: a missing shard must show.
        let gateway = if total > 1 {
            inner.shard_sessions.get(&shard).cloned()
        } else {
            inner.gateway.clone()
        }
        .filter(|gateway| !gateway.is_closed());
        let delivered = gateway.is_some_and(|gateway| gateway.send(frame).is_ok());
        if !delivered {
            assert!(
                inner.lose_undelivered,
                "no bot runs shard {shard} of {total} on the fake gateway"
            );
            if let Some(id) = interaction["id"].as_str().and_then(|i| i.parse().ok()) {
                inner.lost.push(id);
            }
        }
    }

    /// From now on an interaction sent while no bot holds its shard's session (the bot was
    /// killed, or its connection dropped) is lost, as Discord fails it, instead of failing the
    /// test. [`FakeDiscord::lost`] lists them.
    pub fn lose_undelivered(&self) {
        self.shared.lock().lose_undelivered = true;
    }

    /// The interactions lost because no bot held their session (by id).
    pub fn lost(&self) -> Vec<u64> {
        self.shared.lock().lost.clone()
    }

    /// Sessions resumed after a dropped connection.
    pub fn resumes(&self) -> usize {
        self.shared.lock().resumes
    }

    /// True while a bot holds the (first) gateway session.
    pub fn gateway_connected(&self) -> bool {
        self.shared
            .lock()
            .gateway
            .as_ref()
            .is_some_and(|gateway| !gateway.is_closed())
    }

    pub(crate) fn base_interaction(&self, kind: u64, user: u64, channel: u64) -> (Value, Sent) {
        let age = std::mem::take(&mut self.shared.lock().interaction_age);
        let id = if age.is_zero() {
            self.shared.snowflake()
        } else {
            // Created `age` ago: the low bits keep it unique.
            let low = self.shared.snowflake();
            snowflake_at(std::time::SystemTime::now() - age, low)
        };
        let token = format!("itoken-{id}");
        let mut inner = self.shared.lock();
        inner.tokens.insert(token.clone(), channel);
        let name = inner
            .users
            .get(&user)
            .cloned()
            .unwrap_or_else(|| format!("user{user}"));
        let (channel_type, parent) = inner.channels.get(&channel).copied().unwrap_or((0, None));
        let permissions = inner
            .app_permissions
            .get(&channel)
            .copied()
            .unwrap_or(ALL_PERMISSIONS);
        let member_permissions = inner
            .member_permissions
            .get(&user)
            .copied()
            .unwrap_or(ALL_PERMISSIONS);
        let locale = inner
            .locales
            .get(&user)
            .cloned()
            .unwrap_or_else(|| "en-US".to_string());
        let guild_locale = inner
            .guild_locale
            .clone()
            .unwrap_or_else(|| "en-US".to_string());
        let guild = inner.channel_guild.get(&channel).copied().unwrap_or(GUILD);
        let thread_metadata = inner.thread_state.get(&channel).map(|&(archived, locked)| {
            json!({"archived": archived, "locked": locked, "auto_archive_duration": 10080,
                   "archive_timestamp": "2024-01-01T00:00:00.000000+00:00"})
        });
        drop(inner);
        let user_json = user_object(user, &name);
        let interaction = json!({
            "id": id.to_string(),
            "application_id": APP_ID.to_string(),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": guild.to_string(),
            "channel_id": channel.to_string(),
            "channel": {
                "id": channel.to_string(),
                "type": channel_type,
                "name": format!("channel-{channel}"),
                "parent_id": parent.map(|p| p.to_string()),
                "thread_metadata": thread_metadata,
            },
            "member": {
                "user": user_json,
                "nick": null,
                "roles": [],
                "joined_at": "2024-01-01T00:00:00.000000+00:00",
                "deaf": false,
                "mute": false,
                "flags": 0,
                "permissions": member_permissions.to_string(),
            },
            "app_permissions": permissions.to_string(),
            "locale": locale,
            "guild_locale": guild_locale,
            "entitlements": [],
            "attachment_size_limit": 26214400,
            "authorizing_integration_owners": {"0": GUILD.to_string()},
            "context": 0,
        });
        let mut interaction = interaction;
        places::shape(&mut self.shared.lock(), &mut interaction, user, &token);
        (interaction, Sent { id, token, channel })
    }

    /// The options of a command as Discord would send them, typed by the registered schema:
    /// user options carry resolved users, choice options their registered value.
    pub(crate) fn options(
        &self,
        command: &str,
        given: &[(&str, Value)],
        focused: Option<&str>,
    ) -> (Value, Value) {
        let inner = self.shared.lock();
        // "tournament create": a subcommand, whose options nest under it.
        let (top, sub) = match command.split_once(' ') {
            Some((top, sub)) => (top, Some(sub)),
            None => (command, None),
        };
        let mut schema = inner
            .commands
            .iter()
            .find(|c| c["name"] == top)
            .cloned()
            .unwrap_or_else(|| panic!("the bot registered no /{top}"));
        if let Some(sub) = sub {
            schema = schema["options"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|o| o["name"] == sub && o["type"] == 1)
                .cloned()
                .unwrap_or_else(|| panic!("/{top} has no subcommand {sub}"));
        }
        let mut options = Vec::new();
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        let mut channels = serde_json::Map::new();
        for (name, value) in given {
            let spec = schema["options"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|o| o["name"] == *name)
                .unwrap_or_else(|| panic!("/{command} has no option {name}"));
            let kind = spec["type"].as_u64().unwrap_or(3);
            let choices = spec["choices"].as_array().filter(|c| !c.is_empty());
            let sent_value = if let Some(choices) = choices {
                choices
                    .iter()
                    .find(|c| c["name"] == *value)
                    .map(|c| c["value"].clone())
                    .unwrap_or_else(|| panic!("/{command} {name}: no choice {value}"))
            } else if kind == 6 {
                let id = value.as_u64().expect("user options take a user id");
                let uname = inner
                    .users
                    .get(&id)
                    .cloned()
                    .unwrap_or_else(|| format!("user{id}"));
                users.insert(id.to_string(), user_object(id, &uname));
                members.insert(
                    id.to_string(),
                    json!({"roles": [], "joined_at": "2024-01-01T00:00:00.000000+00:00",
                           "deaf": false, "mute": false, "flags": 0,
                           "permissions": "2251799813685247", "nick": null}),
                );
                json!(id.to_string())
            } else if kind == 7 {
                let id = value.as_u64().expect("channel options take a channel id");
                let (channel_type, parent) =
                    inner.channels.get(&id).copied().unwrap_or((TEXT, None));
                channels.insert(
                    id.to_string(),
                    json!({"id": id.to_string(), "name": format!("channel-{id}"),
                           "type": channel_type, "parent_id": parent.map(|p| p.to_string()),
                           "permissions": ALL_PERMISSIONS.to_string()}),
                );
                json!(id.to_string())
            } else {
                value.clone()
            };
            let mut option = json!({"name": name, "type": kind, "value": sent_value});
            if focused == Some(*name) {
                option["focused"] = json!(true);
            }
            options.push(option);
        }
        let mut resolved = json!({"users": users, "members": members});
        if !channels.is_empty() {
            resolved["channels"] = Value::Object(channels);
        }
        let options = match sub {
            Some(sub) => json!([{"name": sub, "type": 1, "options": options}]),
            None => Value::Array(options),
        };
        (options, resolved)
    }

    /// Sends a slash command as `user` in `channel`.
    pub fn command(&self, user: u64, channel: u64, name: &str, options: &[(&str, Value)]) -> Sent {
        let (opts, resolved) = self.options(name, options, None);
        let (mut interaction, sent) = self.base_interaction(2, user, channel);
        let name = name.split(' ').next().unwrap_or(name);
        self.check_offered(name, &interaction);
        interaction["data"] = json!({
            "id": command_id(name).to_string(),
            "name": name,
            "type": 1,
            "options": opts,
            "resolved": resolved,
        });
        if let Some(guild) = interaction.get("guild_id").cloned() {
            interaction["data"]["guild_id"] = guild;
        }
        self.dispatch(interaction);
        sent
    }

    /// Panics unless Discord offers the registered `/name` where `interaction` comes from.
    fn check_offered(&self, name: &str, interaction: &Value) {
        let inner = self.shared.lock();
        let command = inner
            .commands
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("the bot registered no /{name}"));
        if let Err(why) = places::offered_in(command, places::context_of(interaction)) {
            panic!("a Discord client cannot send this command: {why}");
        }
    }

    /// Sends a slash command in a direct message with the bot: no guild, `user` instead of
    /// `member`, a DM channel.
    pub fn dm_command(
        &self,
        user: u64,
        channel: u64,
        name: &str,
        options: &[(&str, Value)],
    ) -> Sent {
        let (opts, resolved) = self.options(name, options, None);
        let (mut interaction, sent) = self.base_interaction(2, user, channel);
        let object = interaction
            .as_object_mut()
            .expect("an interaction is an object");
        let member = object.remove("member").unwrap_or(Value::Null);
        object.remove("guild_id");
        object.remove("guild_locale");
        object.insert("user".into(), member["user"].clone());
        object.insert(
            "channel".into(),
            json!({"id": channel.to_string(), "type": 1}),
        );
        object.insert("context".into(), json!(1));
        object.insert(
            "authorizing_integration_owners".into(),
            json!({"1": user.to_string()}),
        );
        let name = name.split(' ').next().unwrap_or(name);
        self.check_offered(name, &interaction);
        interaction["data"] = json!({
            "id": command_id(name).to_string(),
            "name": name,
            "type": 1,
            "options": opts,
            "resolved": resolved,
        });
        self.dispatch(interaction);
        sent
    }

    /// Sends an autocomplete request for `/name option:<partial>`.
    pub fn autocomplete(
        &self,
        user: u64,
        channel: u64,
        name: &str,
        option: &str,
        partial: &str,
    ) -> Sent {
        let (opts, _) = self.options(name, &[(option, json!(partial))], Some(option));
        let (mut interaction, sent) = self.base_interaction(4, user, channel);
        let name = name.split(' ').next().unwrap_or(name);
        interaction["data"] = json!({
            "id": command_id(name).to_string(),
            "name": name,
            "type": 1,
            "options": opts,
            "guild_id": GUILD.to_string(),
        });
        self.dispatch(interaction);
        sent
    }

    /// Clicks the button `custom_id` on the latest message in `channel` that carries it.
    pub fn click(&self, user: u64, channel: u64, custom_id: &str) -> Sent {
        let message = self.latest_with(channel, custom_id);
        self.click_on(user, &message, custom_id)
    }

    /// The latest message in `channel` with a component whose custom id starts with `prefix`.
    pub fn latest_with_prefix(&self, channel: u64, prefix: &str) -> Posted {
        self.posted_in(channel)
            .into_iter()
            .rev()
            .find(|p| {
                custom_ids(&p.components)
                    .iter()
                    .any(|c| c.starts_with(prefix))
            })
            .unwrap_or_else(|| panic!("no message of {channel} has a component {prefix}…"))
    }

    /// The latest message in `channel` with a component `custom_id`.
    fn latest_with(&self, channel: u64, custom_id: &str) -> Posted {
        let inner = self.shared.lock();
        inner
            .posted
            .iter()
            .rev()
            .find(|p| {
                p.channel == channel && custom_ids(&p.components).iter().any(|c| c == custom_id)
            })
            .cloned()
            .unwrap_or_else(|| panic!("no message in {channel} has a component {custom_id}"))
    }

    /// Clicks a button that message `message` no longer has: a client still showing the message
    /// as it was before the bot's last edit.
    pub fn click_outdated(&self, user: u64, message: u64, custom_id: &str) -> Sent {
        let posted = {
            let inner = self.shared.lock();
            inner
                .posted
                .iter()
                .find(|p| p.id == message)
                .cloned()
                .unwrap_or_else(|| panic!("no message {message}"))
        };
        self.click_on(user, &posted, custom_id)
    }

    /// Clicks a button by custom id on a message the fake never saw (a forged or ancient one).
    pub fn click_unknown(&self, user: u64, channel: u64, custom_id: &str) -> Sent {
        let posted = Posted {
            id: self.shared.snowflake(),
            channel,
            content: "an old message".into(),
            components: json!([]),
            flags: 0,
            files: vec![],
            pings: Vec::new(),
        };
        self.click_on(user, &posted, custom_id)
    }

    /// Sends a click on button `custom_id` of `message`, as shown to the clicking user.
    pub(crate) fn click_on(&self, user: u64, message: &Posted, custom_id: &str) -> Sent {
        let (mut interaction, sent) = self.base_interaction(3, user, message.channel);
        interaction["data"] = json!({"custom_id": custom_id, "component_type": 2});
        interaction["message"] = message_object(message, &self.shared.base);
        self.dispatch(interaction);
        sent
    }

    /// Picks `value` in the select menu `custom_id` of the latest message in `channel` that has
    /// it. Like a Discord client, only an offered value can be picked: a test that asks for
    /// another fails here (use [`FakeDiscord::select_on`] to forge one).
    pub fn select(&self, user: u64, channel: u64, custom_id: &str, value: &str) -> Sent {
        let message = self.latest_with(channel, custom_id);
        let offered = select_values(&message.components, custom_id);
        assert!(
            offered.iter().any(|v| v == value),
            "the menu {custom_id} does not offer {value:?}: it offers {offered:?}"
        );
        self.select_on(user, &message, custom_id, &[value])
    }

    /// Sends a pick of `values` in the menu `custom_id` of `message`, offered or not (a forged
    /// interaction).
    pub fn select_on(&self, user: u64, message: &Posted, custom_id: &str, values: &[&str]) -> Sent {
        let (mut interaction, sent) = self.base_interaction(3, user, message.channel);
        interaction["data"] = json!({
            "custom_id": custom_id,
            "component_type": 3,
            "values": values,
        });
        interaction["message"] = message_object(message, &self.shared.base);
        self.dispatch(interaction);
        sent
    }

    /// The bot's answer to an interaction: the callback, or the deferral and then the edit of
    /// the deferred response.
    pub async fn reply(&self, sent: &Sent) -> Reply {
        let what = format!("the answer to interaction {}", sent.id);
        let callback_path = callback_path(sent);
        let callback = self
            .wait_at(&what, &callback_path, |v| {
                v.inner.latest(None, &callback_path).cloned()
            })
            .await;
        let kind = callback.json["type"].as_u64().unwrap_or(0);
        if kind != 5 && kind != 6 {
            return answered(&callback);
        }
        let edit_path = original_path(sent);
        let edit = self
            .wait_at(&format!("the deferred {what}"), &edit_path, |v| {
                v.inner.latest(Some("PATCH"), &edit_path).cloned()
            })
            .await;
        answered_later(&callback, &edit)
    }

    /// The bot's answer to an interaction so far, without waiting.
    pub fn answer_now(&self, sent: &Sent) -> Answer {
        let inner = self.shared.lock();
        let Some(callback) = inner.latest(None, &callback_path(sent)) else {
            return Answer::Nothing;
        };
        let kind = callback.json["type"].as_u64().unwrap_or(0);
        if kind != 5 && kind != 6 {
            return Answer::Done(answered(callback));
        }
        match inner.latest(Some("PATCH"), &original_path(sent)) {
            Some(edit) => Answer::Done(answered_later(callback, edit)),
            None => Answer::Deferred,
        }
    }

    /// Waits for `n` follow-up messages (new messages) for an interaction and returns them all.
    pub async fn followups(&self, sent: &Sent, n: usize) -> Vec<Reply> {
        let path = format!("/api/v10/webhooks/{APP_ID}/{}", sent.token);
        let found = self
            .wait_for(
                &format!("{n} follow-up(s) to interaction {}", sent.id),
                |v| {
                    let all: Vec<Request> = v
                        .inner
                        .requests
                        .iter()
                        .filter(|r| r.method == "POST" && r.path.starts_with(&path))
                        .cloned()
                        .collect();
                    (all.len() >= n).then_some(all)
                },
            )
            .await;
        found
            .into_iter()
            .map(|r| Reply {
                kind: 0,
                deferred: false,
                ephemeral: r.json["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0,
                content: r.json["content"].as_str().unwrap_or("").to_string(),
                files: r.files,
                components: r.json["components"].clone(),
                data: r.json,
            })
            .collect()
    }

    /// Follow-ups seen so far for an interaction, without waiting.
    pub fn followups_now(&self, sent: &Sent) -> usize {
        let path = format!("/api/v10/webhooks/{APP_ID}/{}", sent.token);
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|r| r.method == "POST" && r.path.starts_with(&path))
            .count()
    }

    /// Closes every gateway connection and stops the server.
    pub async fn stop(mut self) {
        self.close_gateways();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(server) = self.server.take() {
            let _ = tokio::time::timeout(Duration::from_secs(5), server).await;
        }
    }

    /// Drops the gateway connections (the bot sees Discord go away).
    pub fn close_gateways(&self) {
        let mut inner = self.shared.lock();
        inner.gateway = None;
        inner.shard_sessions.clear();
        for socket in inner.sockets.drain(..) {
            let _ = socket.send(json!({ CLOSE_MARK: true }));
        }
    }
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.close_gateways();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Where the bot acknowledges an interaction.
fn callback_path(sent: &Sent) -> String {
    format!("/api/v10/interactions/{}/{}/callback", sent.id, sent.token)
}

/// Where the bot edits an interaction's (deferred) response.
fn original_path(sent: &Sent) -> String {
    format!(
        "/api/v10/webhooks/{APP_ID}/{}/messages/@original",
        sent.token
    )
}

/// The answer a callback (not a deferral) carries.
fn answered(callback: &Request) -> Reply {
    let data = callback.json["data"].clone();
    let flags = data["flags"].as_u64().unwrap_or(0);
    Reply {
        kind: callback.json["type"].as_u64().unwrap_or(0),
        deferred: false,
        ephemeral: flags & EPHEMERAL != 0,
        content: data["content"].as_str().unwrap_or("").to_string(),
        files: callback.files.clone(),
        components: data["components"].clone(),
        data,
    }
}

/// The answer of a deferral (`callback`) and the edit that completed it.
fn answered_later(callback: &Request, edit: &Request) -> Reply {
    let flags = callback.json["data"]["flags"].as_u64().unwrap_or(0);
    Reply {
        // A deferred update (6) ends as an update of the clicked message (7).
        kind: if callback.json["type"] == 6 { 7 } else { 4 },
        deferred: true,
        ephemeral: flags & EPHEMERAL != 0,
        content: edit.json["content"].as_str().unwrap_or("").to_string(),
        files: edit.files.clone(),
        components: edit.json["components"].clone(),
        data: edit.json.clone(),
    }
}

/// An interaction's answer as it stands ([`FakeDiscord::answer_now`]).
pub enum Answer {
    /// No callback yet.
    Nothing,
    /// Deferred, its response not yet edited.
    Deferred,
    Done(Reply),
}

/// Read access to the recording inside [`FakeDiscord::wait_for`].
pub struct FakeView<'a> {
    pub(crate) inner: &'a Inner,
}

impl FakeView<'_> {
    pub fn requests(&self) -> &[Request] {
        &self.inner.requests
    }
    /// The direct-message channel the bot opened with `user`, if it did.
    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        self.inner.dm_channels.get(&user).copied()
    }

    pub fn posted(&self) -> &[Posted] {
        &self.inner.posted
    }
    /// Thread creations received, counted on arrival (before any delay).
    pub fn threads_requested(&self) -> usize {
        let threads = |(m, p): &&(String, String)| m == "POST" && p.ends_with("/threads");
        self.inner.arrived.iter().filter(threads).count()
    }
    pub fn edits(&self) -> &[Edit] {
        &self.inner.edits
    }
    /// The message an interaction's response posted, once the bot has answered.
    pub fn original(&self, sent: &Sent) -> Option<u64> {
        self.inner.originals.get(&sent.token).copied()
    }
}
