//! A fake Discord on 127.0.0.1 for end-to-end tests: the REST API the bot calls (axum HTTP) and
//! the gateway (a WebSocket), with every request recorded so tests can assert on what the bot
//! sent, plus a harness that starts the real `fibonacci-bot` binary against it.
//!
//! See `../shared/DISCORD_TESTING.md` for what serenity/poise need from each endpoint.

#![allow(dead_code)] // each test binary uses a different part of the harness

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

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_001;
pub const GUILD: u64 = 910_000_000_000_000_001;
pub const TOKEN: &str = "fake-token-for-tests";
/// Ephemeral message flag.
pub const EPHEMERAL: u64 = 64;

/// How long any wait on the bot may take before the test fails with a message.
pub const WAIT: Duration = Duration::from_secs(20);

/// A file the bot attached.
#[derive(Clone)]
pub struct File {
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

// Failure messages show the file, not its bytes.
impl std::fmt::Debug for File {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "File({} {:?} {:?}, {} bytes)",
            self.field,
            self.filename,
            self.content_type,
            self.bytes.len()
        )
    }
}

impl File {
    pub fn is_png(&self) -> bool {
        self.bytes.starts_with(b"\x89PNG\r\n\x1a\n")
    }
}

/// One HTTP request the bot made.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub authorization: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Value,
    pub files: Vec<File>,
    /// Whether the fake knew this endpoint.
    pub known: bool,
}

/// A message as the fake stored it (for component clicks and assertions).
#[derive(Clone, Debug)]
pub struct Posted {
    pub id: u64,
    pub channel: u64,
    pub content: String,
    pub components: Value,
    pub flags: u64,
    pub files: Vec<File>,
}

/// An edit of a posted message through the channel endpoint (not an interaction's own edit).
#[derive(Clone, Debug)]
pub struct Edit {
    pub channel: u64,
    pub message: u64,
    pub json: Value,
}

impl Edit {
    /// The message's buttons after the edit (an empty list when they were taken away).
    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids(&self.json["components"])
    }
}

/// The interaction a test sent.
#[derive(Clone, Debug)]
pub struct Sent {
    pub id: u64,
    pub token: String,
    pub channel: u64,
}

/// What the bot answered to an interaction, whichever way it answered.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The callback type: 4 message, 7 update of the clicked message (deferred or not),
    /// 8 autocomplete.
    pub kind: u64,
    pub deferred: bool,
    pub ephemeral: bool,
    pub content: String,
    pub files: Vec<File>,
    pub components: Value,
    pub data: Value,
}

impl Reply {
    pub fn has_png(&self) -> bool {
        self.files.iter().any(File::is_png)
    }

    /// Custom ids of the buttons under the reply.
    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids(&self.components)
    }
}

pub fn custom_ids(components: &Value) -> Vec<String> {
    let mut ids = Vec::new();
    for row in components.as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = c["custom_id"].as_str() {
                ids.push(id.to_string());
            }
        }
    }
    ids
}

#[derive(Default)]
struct Inner {
    requests: Vec<Request>,
    posted: Vec<Posted>,
    users: HashMap<u64, String>,
    /// Channels the fake knows: id → (type, parent).
    channels: HashMap<u64, (u64, Option<u64>)>,
    /// Interaction token → channel.
    tokens: HashMap<String, u64>,
    /// Interaction token → the message its response posted.
    originals: HashMap<String, u64>,
    /// Interaction token → the message whose button was clicked.
    clicked: HashMap<String, u64>,
    edits: Vec<Edit>,
    commands: Vec<Value>,
    registrations: usize,
    identifies: usize,
    gateway_lookups: usize,
    gateway: Option<mpsc::UnboundedSender<Value>>,
    sequence: u64,
    sockets: Vec<mpsc::UnboundedSender<Value>>,
    /// Thread creations received (counted on arrival, before any delay).
    threads_requested: usize,
    thread_delay: Duration,
    /// Interaction tokens already answered (a second callback is refused, as Discord does).
    acknowledged: HashMap<String, u64>,
    /// What Discord would have refused, each with the reason (tests assert there is none).
    violations: Vec<String>,
    /// Answers to give the next command registrations (status, body), before accepting.
    registration_answers: std::collections::VecDeque<(u16, Value)>,
    /// The intents each IDENTIFY asked for.
    intents: Vec<u64>,
    /// How far back the next interaction's creation lies (its snowflake's time).
    interaction_age: Duration,
    /// The bot's permissions per channel (`app_permissions`); all of them where not set.
    app_permissions: HashMap<u64, u64>,
    /// Threads' state: (archived, locked).
    thread_state: HashMap<u64, (bool, bool)>,
    /// Answers to give instead of the real one: (method, part of the path, status, body, times).
    faults: Vec<(String, String, u16, Value, usize)>,
    /// Added latency: (method, part of the path, delay).
    delays: Vec<(String, String, Duration)>,
}

/// Every permission, as the fake grants by default.
pub const ALL_PERMISSIONS: u64 = 2_251_799_813_685_247;
/// Discord's channel types the tests use.
pub const TEXT: u64 = 0;
pub const ANNOUNCEMENT: u64 = 5;
pub const ANNOUNCEMENT_THREAD: u64 = 10;
pub const PUBLIC_THREAD: u64 = 11;
pub const FORUM: u64 = 15;

struct Shared {
    inner: Mutex<Inner>,
    changed: Notify,
    next_id: AtomicU64,
    base: String,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panicking test thread must not hide the recording from the others.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A fresh id holding the current time, as Discord's snowflakes do (always increasing).
    fn snowflake(&self) -> u64 {
        let now = snowflake_at(std::time::SystemTime::now(), 0);
        let previous = self
            .next_id
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |last| {
                Some(now.max(last + 1))
            })
            .unwrap_or_else(|last| last);
        now.max(previous + 1)
    }

    /// Records what Discord would have refused; the answer is Discord's error.
    fn violation(&self, status: StatusCode, code: u64, what: String) -> Response {
        eprintln!("fake Discord: refused: {what}");
        self.lock().violations.push(what.clone());
        json_response(status, json!({"message": what, "code": code}))
    }
}

/// Discord's epoch (2015-01-01) in Unix milliseconds.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
/// Discord fails an interaction that has no response this long after its creation.
pub const INTERACTION_DEADLINE: Duration = Duration::from_secs(3);

/// A snowflake created at `at`, with `low` in its low bits.
fn snowflake_at(at: std::time::SystemTime, low: u64) -> u64 {
    let ms = at
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    (ms.saturating_sub(DISCORD_EPOCH_MS) << 22) | (low & 0x3F_FFFF)
}

/// When the snowflake `id` was created.
fn created_at(id: u64) -> std::time::SystemTime {
    std::time::UNIX_EPOCH + Duration::from_millis((id >> 22) + DISCORD_EPOCH_MS)
}

/// What Discord refuses in a command registration: names, descriptions, choices, the order of
/// options, autocomplete beside choices.
pub fn schema_problems(commands: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let name_ok = |n: &str| {
        (1..=32).contains(&n.chars().count())
            && n.chars()
                .all(|c| c.is_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    };
    let describe_ok = |d: Option<&str>| d.is_some_and(|d| (1..=100).contains(&d.chars().count()));
    for command in commands.as_array().into_iter().flatten() {
        let name = command["name"].as_str().unwrap_or("");
        if !name_ok(name) {
            problems.push(format!("command name {name:?} is not a valid command name"));
        }
        if !describe_ok(command["description"].as_str()) {
            problems.push(format!("/{name}: description must be 1 to 100 characters"));
        }
        let mut optional_seen = false;
        for option in command["options"].as_array().into_iter().flatten() {
            let option_name = option["name"].as_str().unwrap_or("");
            let at = format!("/{name} {option_name}");
            if !name_ok(option_name) {
                problems.push(format!("{at}: not a valid option name"));
            }
            if !describe_ok(option["description"].as_str()) {
                problems.push(format!("{at}: description must be 1 to 100 characters"));
            }
            let required = option["required"].as_bool().unwrap_or(false);
            if required && optional_seen {
                problems.push(format!("{at}: required options must come first"));
            }
            optional_seen |= !required;
            let choices = option["choices"].as_array().map_or(0, Vec::len);
            if choices > 25 {
                problems.push(format!("{at}: {choices} choices (at most 25)"));
            }
            if choices > 0 && option["autocomplete"].as_bool().unwrap_or(false) {
                problems.push(format!("{at}: autocomplete cannot go with choices"));
            }
        }
    }
    problems
}

/// What Discord refuses in a message body: the checks of the fake's strictness.
fn message_problems(body: &Value, files: &[File]) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(content) = body["content"].as_str()
        && content.chars().count() > 2000
    {
        problems.push(format!(
            "content of {} characters (at most 2000)",
            content.chars().count()
        ));
    }
    let mentions = &body["allowed_mentions"];
    let parses_users = mentions["parse"]
        .as_array()
        .is_some_and(|p| p.iter().any(|v| v == "users"));
    if parses_users && mentions["users"].as_array().is_some_and(|u| !u.is_empty()) {
        problems.push("allowed_mentions has both parse:[users] and users".to_string());
    }
    for id in custom_ids(&body["components"]) {
        if id.chars().count() > 100 {
            problems.push(format!("custom_id {id:?} is longer than 100 characters"));
        }
    }
    if !files.is_empty() {
        let listed = body["attachments"].as_array().map_or(0, Vec::len);
        if listed < files.len() {
            problems.push(format!(
                "{} files uploaded but {listed} listed in attachments",
                files.len()
            ));
        }
    }
    problems
}

/// The fake Discord server.
pub struct FakeDiscord {
    pub base: String,
    shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<()>>,
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

    /// Makes thread creation answer only after `delay` (a slow Discord).
    pub fn delay_threads(&self, delay: Duration) {
        self.shared.lock().thread_delay = delay;
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

    /// A text channel of the test guild.
    pub fn add_channel(&self, id: u64) {
        self.shared.lock().channels.insert(id, (0, None));
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
        let deadline = Instant::now() + WAIT;
        loop {
            let notified = self.shared.changed.notified();
            {
                let inner = self.shared.lock();
                if let Some(found) = check(&FakeView { inner: &inner }) {
                    return found;
                }
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
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
            let _ = tokio::time::timeout(left, notified).await;
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

    fn dispatch(&self, interaction: Value) {
        let mut inner = self.shared.lock();
        let clicked = interaction["message"]["id"]
            .as_str()
            .and_then(|id| id.parse().ok());
        if let (Some(token), Some(message)) = (interaction["token"].as_str(), clicked) {
            inner.clicked.insert(token.to_string(), message);
        }
        inner.sequence += 1;
        let frame =
            json!({"op": 0, "t": "INTERACTION_CREATE", "s": inner.sequence, "d": interaction});
        let gateway = inner
            .gateway
            .clone()
            .expect("the bot is not connected to the fake gateway");
        gateway
            .send(frame)
            .expect("the bot's gateway connection is closed");
    }

    fn base_interaction(&self, kind: u64, user: u64, channel: u64) -> (Value, Sent) {
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
            "guild_id": GUILD.to_string(),
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
                "permissions": "2251799813685247",
            },
            "app_permissions": permissions.to_string(),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 26214400,
            "authorizing_integration_owners": {"0": GUILD.to_string()},
            "context": 0,
        });
        (interaction, Sent { id, token, channel })
    }

    /// The options of a command as Discord would send them, typed by the registered schema:
    /// user options carry resolved users, choice options their registered value.
    fn options(
        &self,
        command: &str,
        given: &[(&str, Value)],
        focused: Option<&str>,
    ) -> (Value, Value) {
        let inner = self.shared.lock();
        let schema = inner
            .commands
            .iter()
            .find(|c| c["name"] == command)
            .cloned()
            .unwrap_or_else(|| panic!("the bot registered no /{command}"));
        let mut options = Vec::new();
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
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
            } else {
                value.clone()
            };
            let mut option = json!({"name": name, "type": kind, "value": sent_value});
            if focused == Some(*name) {
                option["focused"] = json!(true);
            }
            options.push(option);
        }
        let resolved = json!({"users": users, "members": members});
        (Value::Array(options), resolved)
    }

    /// Sends a slash command as `user` in `channel`.
    pub fn command(&self, user: u64, channel: u64, name: &str, options: &[(&str, Value)]) -> Sent {
        let (opts, resolved) = self.options(name, options, None);
        let (mut interaction, sent) = self.base_interaction(2, user, channel);
        interaction["data"] = json!({
            "id": command_id(name).to_string(),
            "name": name,
            "type": 1,
            "options": opts,
            "resolved": resolved,
            "guild_id": GUILD.to_string(),
        });
        self.dispatch(interaction);
        sent
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
        let message = {
            let inner = self.shared.lock();
            inner
                .posted
                .iter()
                .rev()
                .find(|p| {
                    p.channel == channel && custom_ids(&p.components).iter().any(|c| c == custom_id)
                })
                .cloned()
                .unwrap_or_else(|| panic!("no message in {channel} has a button {custom_id}"))
        };
        self.click_on(user, &message, custom_id)
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
        };
        self.click_on(user, &posted, custom_id)
    }

    /// Sends a click on button `custom_id` of `message`, as shown to the clicking user.
    fn click_on(&self, user: u64, message: &Posted, custom_id: &str) -> Sent {
        let (mut interaction, sent) = self.base_interaction(3, user, message.channel);
        interaction["data"] = json!({"custom_id": custom_id, "component_type": 2});
        interaction["message"] = message_object(message, &self.shared.base);
        self.dispatch(interaction);
        sent
    }

    /// The bot's answer to an interaction: the callback, or the deferral and then the edit of
    /// the deferred response.
    pub async fn reply(&self, sent: &Sent) -> Reply {
        let what = format!("the answer to interaction {}", sent.id);
        let callback_path = format!("/api/v10/interactions/{}/{}/callback", sent.id, sent.token);
        let callback = self
            .wait_for(&what, |v| {
                v.inner
                    .requests
                    .iter()
                    .find(|r| r.path == callback_path)
                    .cloned()
            })
            .await;
        let kind = callback.json["type"].as_u64().unwrap_or(0);
        let data = callback.json["data"].clone();
        let flags = data["flags"].as_u64().unwrap_or(0);
        if kind != 5 && kind != 6 {
            return Reply {
                kind,
                deferred: false,
                ephemeral: flags & EPHEMERAL != 0,
                content: data["content"].as_str().unwrap_or("").to_string(),
                files: callback.files,
                components: data["components"].clone(),
                data,
            };
        }
        let edit_path = format!(
            "/api/v10/webhooks/{APP_ID}/{}/messages/@original",
            sent.token
        );
        let edit = self
            .wait_for(&format!("the deferred {what}"), |v| {
                v.inner
                    .requests
                    .iter()
                    .find(|r| r.method == "PATCH" && r.path == edit_path)
                    .cloned()
            })
            .await;
        Reply {
            // A deferred update (6) ends as an update of the clicked message (7).
            kind: if kind == 6 { 7 } else { 4 },
            deferred: true,
            ephemeral: flags & EPHEMERAL != 0,
            content: edit.json["content"].as_str().unwrap_or("").to_string(),
            files: edit.files,
            components: edit.json["components"].clone(),
            data: edit.json,
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
        inner.sockets.clear();
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

/// Read access to the recording inside [`FakeDiscord::wait_for`].
pub struct FakeView<'a> {
    inner: &'a Inner,
}

impl FakeView<'_> {
    pub fn requests(&self) -> &[Request] {
        &self.inner.requests
    }
    pub fn posted(&self) -> &[Posted] {
        &self.inner.posted
    }
    pub fn threads_requested(&self) -> usize {
        self.inner.threads_requested
    }
    pub fn edits(&self) -> &[Edit] {
        &self.inner.edits
    }
    /// The message an interaction's response posted, once the bot has answered.
    pub fn original(&self, sent: &Sent) -> Option<u64> {
        self.inner.originals.get(&sent.token).copied()
    }
}

fn command_id(name: &str) -> u64 {
    // Stable per name; Discord's ids are opaque to the bot.
    950_000_000_000_000_000 + name.bytes().map(u64::from).sum::<u64>()
}

fn user_object(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": false,
    })
}

fn bot_user() -> Value {
    json!({"id": BOT_ID.to_string(), "username": "fibonacci-bot", "discriminator": "0",
           "avatar": null, "bot": true, "global_name": null})
}

fn message_object(p: &Posted, base: &str) -> Value {
    let attachments: Vec<Value> = p
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            json!({
                "id": (p.id + 1 + i as u64).to_string(),
                "filename": f.filename,
                "size": f.bytes.len(),
                "url": format!("{base}/attachments/{}/{}", p.id, f.filename),
                "proxy_url": format!("{base}/attachments/{}/{}", p.id, f.filename),
            })
        })
        .collect();
    json!({
        "id": p.id.to_string(),
        "channel_id": p.channel.to_string(),
        "guild_id": GUILD.to_string(),
        "author": bot_user(),
        "content": p.content,
        "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": p.flags,
        "components": [],
    })
}

fn unknown_message() -> Response {
    json_response(
        StatusCode::NOT_FOUND,
        json!({"message": "Unknown Message", "code": 10008}),
    )
}

fn json_response(status: StatusCode, body: Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// Reads a JSON or multipart body.
async fn read_body(req: HttpRequest<Body>) -> (Value, Vec<File>) {
    let is_multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if is_multipart {
        let mut json = Value::Null;
        let mut files = Vec::new();
        let Ok(mut multipart) = Multipart::from_request(req, &()).await else {
            return (json!({"__unreadable_multipart": true}), files);
        };
        while let Ok(Some(field)) = multipart.next_field().await {
            let name = field.name().unwrap_or("").to_string();
            let filename = field.file_name().map(str::to_string);
            let content_type = field.content_type().map(str::to_string);
            let Ok(bytes) = field.bytes().await else {
                break;
            };
            if name == "payload_json" {
                json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
            } else {
                files.push(File {
                    field: name,
                    filename: filename.unwrap_or_default(),
                    content_type,
                    bytes: bytes.to_vec(),
                });
            }
        }
        (json, files)
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 64 << 20)
            .await
            .unwrap_or_default();
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap_or(Value::Null)
        };
        (json, Vec::new())
    }
}

/// Every REST endpoint.
async fn rest(State(shared): State<Arc<Shared>>, req: HttpRequest<Body>) -> Response {
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    let authorization = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let (mut body, files) = read_body(req).await;
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let ws_url = format!("{}/ws", shared.base.replacen("http://", "ws://", 1));

    let delay = {
        let inner = shared.lock();
        let matching = inner
            .delays
            .iter()
            .filter(|(m, p, _)| *m == method && path.contains(p));
        matching.map(|d| d.2).max()
    };
    if let Some(delay) = delay {
        tokio::time::sleep(delay).await;
    }
    let fault = {
        let mut inner = shared.lock();
        let found = inner
            .faults
            .iter_mut()
            .find(|(m, p, _, _, times)| *m == method && path.contains(p.as_str()) && *times > 0);
        found.map(|(_, _, status, answer, times)| {
            *times -= 1;
            (*status, answer.clone())
        })
    };
    if let Some((status, answer)) = fault {
        shared.lock().requests.push(Request {
            method,
            path,
            authorization,
            json: body,
            files,
            known: true,
        });
        shared.changed.notify_waiters();
        return json_response(
            StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
            answer,
        );
    }

    let mut known = true;
    let response = match (method.as_str(), &segments[..]) {
        ("GET", ["api", "v10", "gateway"]) => {
            shared.lock().gateway_lookups += 1;
            json_response(StatusCode::OK, json!({"url": ws_url}))
        }
        ("GET", ["api", "v10", "gateway", "bot"]) => {
            shared.lock().gateway_lookups += 1;
            json_response(
                StatusCode::OK,
                json!({"url": ws_url, "shards": 1, "session_start_limit":
                    {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}),
            )
        }
        ("GET", ["api", "v10", "oauth2", "applications", "@me"]) => json_response(
            StatusCode::OK,
            json!({"id": APP_ID.to_string(), "name": "fibonacci-bot", "icon": null,
                   "description": "", "bot_public": true, "bot_require_code_grant": false,
                   "owner": {"id": "1", "username": "owner"}, "verify_key": "", "team": null}),
        ),
        ("PUT", ["api", "v10", "applications", _, "commands"])
        | ("PUT", ["api", "v10", "applications", _, "guilds", _, "commands"]) => 'register: {
            if let Some(problem) = schema_problems(&body).pop() {
                break 'register shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let mut inner = shared.lock();
            match inner.registration_answers.pop_front() {
                Some((status, answer)) => json_response(
                    StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST),
                    answer,
                ),
                None => {
                    inner.commands = body.as_array().cloned().unwrap_or_default();
                    inner.registrations += 1;
                    json_response(StatusCode::OK, json!([]))
                }
            }
        }
        ("POST", ["api", "v10", "interactions", id, token, "callback"]) => 'callback: {
            let kind = body["type"].as_u64().unwrap_or(0);
            let created = created_at(id.parse().unwrap_or(0));
            let age = std::time::SystemTime::now()
                .duration_since(created)
                .unwrap_or_default();
            if age > INTERACTION_DEADLINE {
                break 'callback shared.violation(
                    StatusCode::NOT_FOUND,
                    10062,
                    format!(
                        "Unknown interaction: answered {age:?} after its creation (type {kind})"
                    ),
                );
            }
            if shared.lock().acknowledged.contains_key(*token) {
                break 'callback shared.violation(
                    StatusCode::BAD_REQUEST,
                    40060,
                    format!("Interaction has already been acknowledged (type {kind})"),
                );
            }
            if let Some(problem) = message_problems(&body["data"], &files).pop() {
                break 'callback shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let mut inner = shared.lock();
            inner.acknowledged.insert(token.to_string(), kind);
            let channel = inner.tokens.get(*token).copied().unwrap_or(0);
            let data = &body["data"];
            let update = inner.clicked.get(*token).copied().filter(|_| kind == 7);
            let updated = update.and_then(|m| inner.posted.iter_mut().find(|p| p.id == m));
            if let Some(p) = updated {
                // Like Discord, an update replaces the clicked message in place.
                p.content = data["content"].as_str().unwrap_or("").to_string();
                p.components = data["components"].clone();
                p.files = files.clone();
            } else if kind == 4 || kind == 7 {
                let id = shared.snowflake();
                inner.originals.insert(token.to_string(), id);
                inner.posted.push(Posted {
                    id,
                    channel,
                    content: data["content"].as_str().unwrap_or("").to_string(),
                    components: data["components"].clone(),
                    flags: data["flags"].as_u64().unwrap_or(0),
                    files: files.clone(),
                });
            }
            drop(inner);
            StatusCode::NO_CONTENT.into_response()
        }
        ("POST", ["api", "v10", "webhooks", _app, token]) => 'followup: {
            if let Some(problem) = message_problems(&body, &files).pop() {
                break 'followup shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let channel = shared.lock().tokens.get(*token).copied().unwrap_or(0);
            let posted = post(&shared, channel, &body, &files);
            json_response(StatusCode::OK, message_object(&posted, &shared.base))
        }
        ("PATCH", ["api", "v10", "webhooks", _app, token, "messages", _]) => 'edit: {
            if let Some(problem) = message_problems(&body, &files).pop() {
                break 'edit shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let mut inner = shared.lock();
            let channel = inner.tokens.get(*token).copied().unwrap_or(0);
            // After a deferred update (type 6) the original response is the clicked message.
            let clicked = inner
                .clicked
                .get(*token)
                .copied()
                .filter(|_| inner.acknowledged.get(*token) == Some(&6));
            if let Some(message) = clicked
                && let Some(p) = inner.posted.iter_mut().find(|p| p.id == message)
            {
                if let Some(content) = body["content"].as_str() {
                    p.content = content.to_string();
                }
                if !body["components"].is_null() {
                    p.components = body["components"].clone();
                }
                if !files.is_empty() {
                    p.files = files.clone();
                }
                let p = p.clone();
                inner.edits.push(Edit {
                    channel,
                    message,
                    json: body.clone(),
                });
                drop(inner);
                break 'edit json_response(StatusCode::OK, message_object(&p, &shared.base));
            }
            drop(inner);
            let posted = Posted {
                id: shared.snowflake(),
                channel,
                content: body["content"].as_str().unwrap_or("").to_string(),
                components: body["components"].clone(),
                flags: 0,
                files: files.clone(),
            };
            json_response(StatusCode::OK, message_object(&posted, &shared.base))
        }
        (
            "GET",
            [
                "api",
                "v10",
                "webhooks",
                _app,
                token,
                "messages",
                "@original",
            ],
        ) => {
            let inner = shared.lock();
            let original = inner
                .originals
                .get(*token)
                .and_then(|id| inner.posted.iter().find(|p| p.id == *id))
                .cloned();
            drop(inner);
            match original {
                Some(p) => json_response(StatusCode::OK, message_object(&p, &shared.base)),
                None => unknown_message(),
            }
        }
        ("PATCH", ["api", "v10", "channels", channel, "messages", message]) => 'edit: {
            if let Some(problem) = message_problems(&body, &files).pop() {
                break 'edit shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let channel: u64 = channel.parse().unwrap_or(0);
            let message: u64 = message.parse().unwrap_or(0);
            let mut inner = shared.lock();
            let edited = inner
                .posted
                .iter_mut()
                .find(|p| p.id == message && p.channel == channel)
                .map(|p| {
                    if let Some(content) = body["content"].as_str() {
                        p.content = content.to_string();
                    }
                    if !body["components"].is_null() {
                        p.components = body["components"].clone();
                    }
                    p.clone()
                });
            match edited {
                Some(p) => {
                    inner.edits.push(Edit {
                        channel,
                        message,
                        json: body.clone(),
                    });
                    drop(inner);
                    json_response(StatusCode::OK, message_object(&p, &shared.base))
                }
                None => unknown_message(),
            }
        }
        ("POST", ["api", "v10", "channels", channel, "messages"]) => 'post: {
            if let Some(problem) = message_problems(&body, &files).pop() {
                break 'post shared.violation(StatusCode::BAD_REQUEST, 50035, problem);
            }
            let channel: u64 = channel.parse().unwrap_or(0);
            let posted = post(&shared, channel, &body, &files);
            json_response(StatusCode::OK, message_object(&posted, &shared.base))
        }
        ("POST", ["api", "v10", "channels", parent, "threads"]) => 'thread: {
            let parent: u64 = parent.parse().unwrap_or(0);
            let kind = body["type"].as_u64().unwrap_or(PUBLIC_THREAD);
            let parent_kind = shared.lock().channels.get(&parent).map_or(TEXT, |c| c.0);
            // Like Discord: a forum takes posts (with a message), and an announcement channel
            // announcement threads only.
            if parent_kind == FORUM
                || (parent_kind == ANNOUNCEMENT) != (kind == ANNOUNCEMENT_THREAD)
            {
                break 'thread shared.violation(
                    StatusCode::BAD_REQUEST,
                    50024,
                    format!(
                        "Cannot create a thread of type {kind} in a channel of type {parent_kind}"
                    ),
                );
            }
            let delay = {
                let mut inner = shared.lock();
                inner.threads_requested += 1;
                inner.thread_delay
            };
            shared.changed.notify_waiters();
            tokio::time::sleep(delay).await;
            let id = shared.snowflake();
            shared.lock().channels.insert(id, (kind, Some(parent)));
            body["__created_id"] = json!(id);
            json_response(
                StatusCode::CREATED,
                json!({
                    "id": id.to_string(),
                    "type": kind,
                    "guild_id": GUILD.to_string(),
                    "parent_id": parent.to_string(),
                    "owner_id": BOT_ID.to_string(),
                    "name": body["name"],
                    "last_message_id": null,
                    "rate_limit_per_user": 0,
                    "message_count": 0,
                    "member_count": 1,
                    "thread_metadata": {
                        "archived": false,
                        "auto_archive_duration": 10080,
                        "archive_timestamp": "2024-01-01T00:00:00.000000+00:00",
                        "locked": false,
                    },
                    "flags": 0,
                    "total_message_sent": 0,
                }),
            )
        }
        ("GET", ["api", "v10", "channels", id]) => {
            let id: u64 = id.parse().unwrap_or(0);
            let known = shared.lock().channels.get(&id).copied();
            match known {
                Some((kind, parent)) => json_response(
                    StatusCode::OK,
                    json!({
                        "id": id.to_string(), "type": kind, "guild_id": GUILD.to_string(),
                        "name": format!("channel-{id}"), "position": 0,
                        "permission_overwrites": [], "nsfw": false,
                        "parent_id": parent.map(|p| p.to_string()),
                        "rate_limit_per_user": 0, "flags": 0,
                    }),
                ),
                None => json_response(
                    StatusCode::NOT_FOUND,
                    json!({"message": "Unknown Channel", "code": 10003}),
                ),
            }
        }
        ("GET", ["api", "v10", "users", id]) => {
            let id: u64 = id.parse().unwrap_or(0);
            let name = shared.lock().users.get(&id).cloned();
            match name {
                Some(name) => json_response(StatusCode::OK, user_object(id, &name)),
                None => json_response(
                    StatusCode::NOT_FOUND,
                    json!({"message": "Unknown User", "code": 10013}),
                ),
            }
        }
        _ => {
            known = false;
            json_response(
                StatusCode::NOT_FOUND,
                json!({"message": "404: Not Found", "code": 0}),
            )
        }
    };
    shared.lock().requests.push(Request {
        method,
        path,
        authorization,
        json: body,
        files,
        known,
    });
    shared.changed.notify_waiters();
    response
}

fn post(shared: &Shared, channel: u64, body: &Value, files: &[File]) -> Posted {
    let posted = Posted {
        id: shared.snowflake(),
        channel,
        content: body["content"].as_str().unwrap_or("").to_string(),
        components: body["components"].clone(),
        flags: body["flags"].as_u64().unwrap_or(0),
        files: files.to_vec(),
    };
    shared.lock().posted.push(posted.clone());
    posted
}

/// The gateway: HELLO, IDENTIFY → READY, heartbeats, and the interactions tests send.
async fn gateway(State(shared): State<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| connection(socket, shared))
}

async fn connection(mut socket: WebSocket, shared: Arc<Shared>) {
    let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
    shared.lock().sockets.push(tx.clone());
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
    if socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            outgoing = rx.recv() => match outgoing {
                Some(frame) => {
                    if socket.send(WsMessage::Text(frame.to_string().into())).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(t))) => t.to_string(),
                    Some(Ok(WsMessage::Binary(b))) => String::from_utf8_lossy(&b).into_owned(),
                    Some(Ok(WsMessage::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                match frame["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({"op": 11});
                        if socket.send(WsMessage::Text(ack.to_string().into())).await.is_err() {
                            break;
                        }
                    }
                    Some(2) => {
                        let ws_url = format!("{}/ws", shared.base.replacen("http://", "ws://", 1));
                        let ready = {
                            let mut inner = shared.lock();
                            inner.identifies += 1;
                            inner.intents.push(frame["d"]["intents"].as_u64().unwrap_or(0));
                            inner.sequence = 1;
                            // Interactions go to the newest connection, like Discord's single shard.
                            inner.gateway = Some(tx.clone());
                            json!({"op": 0, "t": "READY", "s": 1, "d": {
                                "v": 10,
                                "user": bot_user(),
                                "guilds": [],
                                "session_id": format!("session-{}", inner.identifies),
                                "resume_gateway_url": ws_url,
                                "shard": [0, 1],
                                "application": {"id": APP_ID.to_string(), "flags": 0},
                            }})
                        };
                        if socket.send(WsMessage::Text(ready.to_string().into())).await.is_err() {
                            break;
                        }
                        shared.changed.notify_waiters();
                    }
                    _ => {}
                }
            }
        }
    }
    let _ = socket.send(WsMessage::Close(None)).await;
}

// ---------------------------------------------------------------------------------------------
// The real bot as a child process, and a fresh database for it.

/// The `fibonacci-bot` binary running against the fake.
pub struct Bot {
    child: Child,
    pub log: PathBuf,
}

static BOT_COUNTER: AtomicU64 = AtomicU64::new(0);

impl Bot {
    /// Starts the real binary with its environment pointing at `fake` and `database_url`, with
    /// its commands registered in the test guild.
    pub fn start(fake: &FakeDiscord, database_url: &str) -> Bot {
        Bot::start_registering(fake, database_url, Some(GUILD))
    }

    /// [`Bot::start`] with `DISCORD_GUILD_ID` set to `guild`, or unset (global registration).
    pub fn start_registering(fake: &FakeDiscord, database_url: &str, guild: Option<u64>) -> Bot {
        let n = BOT_COUNTER.fetch_add(1, Ordering::SeqCst);
        let log =
            std::env::temp_dir().join(format!("fibonacci-bot-e2e-{}-{n}.log", std::process::id()));
        let out = std::fs::File::create(&log).expect("create the bot's log file");
        let err = out.try_clone().expect("clone the log file handle");
        let mut command = Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"));
        command
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_BASE", &fake.base)
            .env("DATABASE_URL", database_url)
            .env("RUST_LOG", "info,serenity=warn,fibonacci_bot=debug")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err);
        if let Some(guild) = guild {
            command.env("DISCORD_GUILD_ID", guild.to_string());
        }
        let child = command.spawn().expect("start the fibonacci-bot binary");
        Bot { child, log }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// What the bot logged so far.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// SIGKILL: the process dies at once, mid-whatever.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, then waits (bounded) for the exit.
    pub fn terminate(&mut self) -> ExitStatus {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("run kill -TERM");
        assert!(status.success(), "kill -TERM failed");
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for the bot") {
                return status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!(
                    "the bot did not exit within {WAIT:?} of SIGTERM; log:\n{}",
                    self.log_text()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// True while the process runs.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The exit code, once the process has exited.
    pub fn exit_code(&mut self) -> Option<i32> {
        self.child.try_wait().ok().flatten().and_then(|s| s.code())
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        if std::thread::panicking() {
            eprintln!(
                "---- bot log ({}) ----\n{}",
                self.log.display(),
                self.log_text()
            );
        } else {
            let _ = std::fs::remove_file(&self.log);
        }
    }
}

/// A TCP relay between the bot and PostgreSQL that the test can cut, like a network outage or a
/// database server going away: open connections are dropped and new ones closed at once.
pub struct PgProxy {
    pub addr: std::net::SocketAddr,
    down: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl PgProxy {
    pub async fn start(target: std::net::SocketAddr) -> PgProxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the database relay");
        let addr = listener.local_addr().expect("relay address");
        let (down, watch) = tokio::sync::watch::channel(false);
        let task = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if *watch.borrow() {
                    continue; // dropped: the connection closes at once
                }
                let mut watch = watch.clone();
                tokio::spawn(async move {
                    let Ok(mut server) = tokio::net::TcpStream::connect(target).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = watch.wait_for(|down| *down) => {}
                    }
                });
            }
        });
        PgProxy { addr, down, task }
    }

    /// Cuts every connection and refuses new ones until [`PgProxy::restore`].
    pub fn cut(&self) {
        let _ = self.down.send(true);
    }

    pub fn restore(&self) {
        let _ = self.down.send(false);
    }
}

impl Drop for PgProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// `url` with its host and port replaced by `addr`.
fn via(url: &str, addr: std::net::SocketAddr) -> String {
    let (scheme, rest) = url.split_once("://").expect("a database URL has a scheme");
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let user = authority
        .rsplit_once('@')
        .map(|(u, _)| format!("{u}@"))
        .unwrap_or_default();
    format!("{scheme}://{user}{addr}{path}")
}

/// The host and port of a database URL.
async fn server_of(url: &str) -> std::net::SocketAddr {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = &rest[..rest.find('/').unwrap_or(rest.len())];
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host_port = if host_port.contains(':') {
        host_port.to_string()
    } else {
        format!("{host_port}:5432")
    };
    tokio::net::lookup_host(&host_port)
        .await
        .ok()
        .and_then(|mut addrs| addrs.next())
        .unwrap_or_else(|| panic!("cannot resolve the database server {host_port}"))
}

/// A fresh database (from `tests/common`, so the test crate must declare `mod common;`), which
/// the bot reaches through a [`PgProxy`].
pub struct TestDb {
    _db: crate::common::TestDb,
    pub proxy: PgProxy,
    /// The URL the bot uses: through the relay.
    pub url: String,
}

impl TestDb {
    /// The URL that reaches the database directly, not through the relay.
    pub fn direct_url(&self) -> &str {
        self._db.url()
    }

    /// A fresh database of its own, dropped when the test ends.
    pub async fn create() -> TestDb {
        let db = crate::common::fresh_database().await;
        let proxy = PgProxy::start(server_of(db.url()).await).await;
        let url = via(db.url(), proxy.addr);
        TestDb {
            _db: db,
            proxy,
            url,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A table: the fake, a database, the bot, two players and a channel.

pub const ALICE: u64 = 920_000_000_000_000_001;
pub const BOB: u64 = 920_000_000_000_000_002;
pub const CAROL: u64 = 920_000_000_000_000_003;
pub const GENERAL: u64 = 930_000_000_000_000_001;
pub const OTHER: u64 = 930_000_000_000_000_002;

pub struct Table {
    pub fake: FakeDiscord,
    pub db: TestDb,
    pub bot: Bot,
    starts: usize,
}

impl Table {
    /// Starts everything and waits until the bot has registered its commands in the test guild.
    pub async fn open() -> Table {
        Table::open_registering(Some(GUILD)).await
    }

    /// [`Table::open`] with `DISCORD_GUILD_ID` set to `guild`, or unset.
    pub async fn open_registering(guild: Option<u64>) -> Table {
        let fake = FakeDiscord::start().await;
        for (id, name) in [(ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")] {
            fake.add_user(id, name);
        }
        fake.add_channel(GENERAL);
        fake.add_channel(OTHER);
        let db = TestDb::create().await;
        let bot = Bot::start_registering(&fake, &db.url, guild);
        let table = Table {
            fake,
            db,
            bot,
            starts: 1,
        };
        table.fake.wait_ready(1).await;
        table
    }

    /// SIGKILLs the bot and starts it again on the same database.
    pub async fn kill_and_restart(&mut self) {
        self.bot.kill();
        self.bot = Bot::start(&self.fake, &self.db.url);
        self.starts += 1;
        self.fake.wait_ready(self.starts).await;
    }

    /// Sends a command and returns the bot's answer.
    pub async fn say(
        &self,
        user: u64,
        channel: u64,
        name: &str,
        options: &[(&str, Value)],
    ) -> (Sent, Reply) {
        let sent = self.fake.command(user, channel, name, options);
        let reply = self.fake.reply(&sent).await;
        (sent, reply)
    }

    /// Sends a command that must be refused: the answer is private and carries no board.
    pub async fn refused(
        &self,
        user: u64,
        channel: u64,
        name: &str,
        options: &[(&str, Value)],
    ) -> String {
        let (_, reply) = self.say(user, channel, name, options).await;
        assert!(
            reply.ephemeral,
            "/{name} by {user} should be refused privately, got {reply:?}"
        );
        assert!(!reply.has_png(), "a refusal carries no board: {reply:?}");
        reply.content
    }

    /// `/move` that must succeed: a public answer with the board.
    pub async fn play(&self, user: u64, channel: u64, moves: &str) -> (Sent, Reply) {
        let (sent, reply) = self
            .say(user, channel, "move", &[("moves", json!(moves))])
            .await;
        assert!(
            !reply.ephemeral,
            "/move {moves} by {user} was refused: {}",
            reply.content
        );
        assert!(
            reply.has_png(),
            "/move {moves}: the answer must carry the board PNG"
        );
        (sent, reply)
    }

    /// Challenges Bob as Alice (Alice takes the first colour) and accepts with the button.
    /// Returns the accept click's answer and its follow-ups.
    pub async fn start_game(&self, channel: u64, extra: &[(&str, Value)]) -> (Reply, Vec<Reply>) {
        let mut options: Vec<(&str, Value)> = vec![("opponent", json!(BOB))];
        options.extend(extra.iter().cloned());
        let (_, challenge) = self.say(ALICE, channel, "challenge", &options).await;
        assert!(
            !challenge.ephemeral,
            "challenge refused: {}",
            challenge.content
        );
        let accept = challenge
            .custom_ids()
            .into_iter()
            .find(|id| id.contains("accept"))
            .expect("the challenge carries an Accept button");
        let click = self.fake.click(BOB, channel, &accept);
        let reply = self.fake.reply(&click).await;
        let followups = self.fake.followups(&click, 1).await;
        (reply, followups)
    }

    /// Waits until the bot has recorded which message carries the buttons of the open challenge
    /// of `channel` (it learns the id just after answering, so a test that answers the challenge
    /// by typing waits for it to test the normal order of events).
    pub async fn challenge_message_recorded(&self, channel: u64) -> u64 {
        self.message_recorded(
            channel,
            "SELECT c.message_id FROM challenges c \
             JOIN channel_claims k ON k.challenge_id = c.id WHERE k.channel_id = $1",
            "challenge",
        )
        .await
    }

    /// Waits until the bot has recorded which message carries the buttons of the standing draw
    /// offer in the game of `channel` (as [`Table::challenge_message_recorded`] for challenges).
    pub async fn draw_offer_message_recorded(&self, channel: u64) -> u64 {
        self.message_recorded(
            channel,
            "SELECT g.draw_offer_message FROM games g \
             JOIN channel_claims k ON k.game_id = g.id WHERE k.channel_id = $1",
            "draw offer",
        )
        .await
    }

    /// Polls `sql` (a message id, or NULL, for channel `$1`) until it finds a message.
    async fn message_recorded(&self, channel: u64, sql: &'static str, what: &str) -> u64 {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(self.db.direct_url())
            .await
            .expect("connect to the bot's database");
        let deadline = Instant::now() + WAIT;
        loop {
            let recorded: Option<i64> = sqlx::query_scalar(sql)
                .bind(channel as i64)
                .fetch_optional(&mut conn)
                .await
                .expect("read the bot's database")
                .flatten();
            if let Some(id) = recorded {
                return id as u64;
            }
            assert!(
                Instant::now() < deadline,
                "the {what} message of channel {channel} was never recorded"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Stops the bot and the fake, and drops the database.
    pub async fn close(mut self) {
        self.bot.kill();
        let unexpected = self.fake.unexpected();
        assert!(
            unexpected.is_empty(),
            "the bot called endpoints the fake does not know: {:?}",
            unexpected
                .iter()
                .map(|r| format!("{} {}", r.method, r.path))
                .collect::<Vec<_>>()
        );
        let violations = self.fake.violations();
        assert!(
            violations.is_empty(),
            "Discord would have refused what the bot sent: {violations:?}"
        );
        self.fake.stop().await;
        // The database is dropped with `self.db`.
    }
}
