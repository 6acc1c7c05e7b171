//! What the fake records (requests, messages, interactions) and the rules by which it refuses
//! what Discord refuses.

use super::*;

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
    pub user_agent: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Value,
    pub files: Vec<File>,
    /// Whether the fake knew this endpoint.
    pub known: bool,
    /// When its whole body had arrived (what Discord's 3 seconds are counted to).
    pub received: std::time::SystemTime,
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
    /// The users the message may notify (its `allowed_mentions.users`).
    pub pings: Vec<u64>,
}

impl Posted {
    pub fn has_png(&self) -> bool {
        self.files.iter().any(File::is_png)
    }
}

/// The users a message body allows to be notified (`allowed_mentions.users`).
pub fn allowed_users(body: &Value) -> Vec<u64> {
    body["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| {
            u.as_str()
                .and_then(|s| s.parse().ok())
                .or_else(|| u.as_u64())
        })
        .collect()
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

    /// The values of an autocomplete answer's choices (the reply must be one: type 8).
    pub fn choice_values(&self) -> Vec<String> {
        assert_eq!(self.kind, 8, "not an autocomplete answer: {self:?}");
        self.data["choices"]
            .as_array()
            .expect("choices")
            .iter()
            .map(|c| c["value"].as_str().expect("a value").to_string())
            .collect()
    }
}

/// The values the select menu `custom_id` among `components` offers (none if it is not there).
pub fn select_values(components: &Value, custom_id: &str) -> Vec<String> {
    select_options(components, custom_id)
        .iter()
        .filter_map(|o| o["value"].as_str().map(str::to_string))
        .collect()
}

/// The options (label, value, description, default) of the select menu `custom_id`.
pub fn select_options(components: &Value, custom_id: &str) -> Vec<Value> {
    components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["custom_id"] == custom_id)
        .and_then(|menu| menu["options"].as_array().cloned())
        .unwrap_or_default()
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
pub(crate) struct Inner {
    /// Every request, in order. Add with [`Inner::record`], which keeps `by_path` in step.
    pub(crate) requests: Vec<Request>,
    /// Indexes into `requests` by path, so that a waiter (the load benchmark has dozens, woken
    /// by every request) finds its answer without scanning thousands of requests.
    pub(crate) by_path: HashMap<String, Vec<usize>>,
    /// Waiters for a request to one path (see [`FakeDiscord::wait_at`]): woken by requests to
    /// that path only, where waiters on [`Shared::changed`] are woken by every request.
    pub(crate) path_waiters: HashMap<String, Arc<Notify>>,
    pub(crate) posted: Vec<Posted>,
    pub(crate) users: HashMap<u64, String>,
    /// Channels the fake knows: id → (type, parent).
    pub(crate) channels: HashMap<u64, (u64, Option<u64>)>,
    /// Interaction token → channel.
    pub(crate) tokens: HashMap<String, u64>,
    /// Interaction token → the message its response posted.
    pub(crate) originals: HashMap<String, u64>,
    /// Interaction token → the message whose button was clicked.
    pub(crate) clicked: HashMap<String, u64>,
    pub(crate) edits: Vec<Edit>,
    /// The command list the bot registered last (an empty list removes, it registers nothing).
    pub(crate) commands: Vec<Value>,
    /// The commands registered in each place: one server's id, or `None` for every server.
    pub(crate) scoped: HashMap<Option<u64>, Vec<Value>>,
    /// Registrations of a non-empty list.
    pub(crate) registrations: usize,
    pub(crate) identifies: usize,
    /// IDENTIFYs refused for a wrong token (closed with 4004).
    pub(crate) refused_identifies: usize,
    /// The gateway refuses every IDENTIFY (a token reset after the bot's REST check).
    pub(crate) gateway_refuses: bool,
    pub(crate) gateway_lookups: usize,
    pub(crate) gateway: Option<mpsc::UnboundedSender<Value>>,
    /// The newest session of each shard id, and the shard total of the newest IDENTIFY.
    pub(crate) shard_sessions: HashMap<u64, mpsc::UnboundedSender<Value>>,
    pub(crate) shard_total: u64,
    /// The `shard` field of every IDENTIFY accepted: [id, total].
    pub(crate) identified_shards: Vec<[u64; 2]>,
    /// IDENTIFYs closed for their shard: (close code, [id, total]).
    pub(crate) refused_shards: Vec<(u16, [u64; 2])>,
    /// What `GET /gateway/bot` recommends, and the fewest shards the gateway accepts (4011).
    pub(crate) recommended_shards: u64,
    pub(crate) required_shards: u64,
    /// The shard each interaction was sent to, by interaction id.
    pub(crate) routed: HashMap<u64, u64>,
    /// The guild of each channel not in [`GUILD`].
    pub(crate) channel_guild: HashMap<u64, u64>,
    pub(crate) sequence: u64,
    pub(crate) sockets: Vec<mpsc::UnboundedSender<Value>>,
    /// Each session's shard ([id, total]), by session id: what a RESUME takes back.
    pub(crate) sessions: HashMap<String, [u64; 2]>,
    /// Sessions resumed (RESUME answered with RESUMED).
    pub(crate) resumes: usize,
    /// Interactions sent while no bot held their shard's session are lost, as Discord fails
    /// them, instead of failing the test (see [`FakeDiscord::lose_undelivered`]).
    pub(crate) lose_undelivered: bool,
    /// The interactions lost that way, by id.
    pub(crate) lost: Vec<u64>,
    /// Every request as it arrived (method, path), before any delay or answer.
    pub(crate) arrived: Vec<(String, String)>,
    /// Interaction tokens already answered (a second callback is refused, as Discord does).
    pub(crate) acknowledged: HashMap<String, u64>,
    /// What Discord would have refused, each with the reason (tests assert there is none).
    pub(crate) violations: Vec<String>,
    /// Answers to give the next command registrations (status, body), before accepting.
    pub(crate) registration_answers: std::collections::VecDeque<(u16, Value)>,
    /// The intents each IDENTIFY asked for.
    pub(crate) intents: Vec<u64>,
    /// How far back the next interaction's creation lies (its snowflake's time).
    pub(crate) interaction_age: Duration,
    /// The bot's permissions per channel (`app_permissions`); all of them where not set.
    pub(crate) app_permissions: HashMap<u64, u64>,
    /// Members' permissions in the server; all of them where not set.
    pub(crate) member_permissions: HashMap<u64, u64>,
    /// Threads' state: (archived, locked).
    pub(crate) thread_state: HashMap<u64, (bool, bool)>,
    /// Answers to give instead of the real one: (method, part of the path, status, body, times).
    pub(crate) faults: Vec<(String, String, u16, Value, usize)>,
    /// Added latency: (method, part of the path, delay).
    pub(crate) delays: Vec<(String, String, Duration)>,
    /// Direct-message channels opened by the bot: user → channel.
    pub(crate) dm_channels: HashMap<u64, u64>,
    /// Users who accept no direct message from the bot (Discord answers 50007).
    pub(crate) closed_dms: std::collections::HashSet<u64>,
    /// Each user's Discord locale (`locale` of their interactions); `en-US` where not set.
    pub(crate) locales: HashMap<u64, String>,
    /// The server's locale (`guild_locale`); `en-US` where not set.
    pub(crate) guild_locale: Option<String>,
    /// Channels the bot is not in, and the interactions made there.
    pub(crate) places: super::places::Places,
}

impl Inner {
    /// Records a request that reached the fake.
    pub(crate) fn record(&mut self, request: Request) {
        self.by_path
            .entry(request.path.clone())
            .or_default()
            .push(self.requests.len());
        // Woken waiters look once the caller lets the lock go, the request recorded by then.
        if let Some(waiting) = self.path_waiters.get(&request.path) {
            waiting.notify_waiters();
        }
        self.requests.push(request);
    }

    /// The latest request `method` to exactly `path`, if any.
    pub(crate) fn latest(&self, method: Option<&str>, path: &str) -> Option<&Request> {
        self.by_path
            .get(path)?
            .iter()
            .rev()
            .map(|&i| &self.requests[i])
            .find(|r| method.is_none_or(|m| r.method == m))
    }
}

/// The locales Discord accepts in `*_localizations`.
pub const DISCORD_LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// Every permission, as the fake grants by default.
pub const ALL_PERMISSIONS: u64 = 2_251_799_813_685_247;
/// Discord's channel types the tests use.
pub const TEXT: u64 = 0;
pub const ANNOUNCEMENT: u64 = 5;
pub const ANNOUNCEMENT_THREAD: u64 = 10;
pub const PUBLIC_THREAD: u64 = 11;
pub const FORUM: u64 = 15;

pub(crate) struct Shared {
    pub(crate) inner: Mutex<Inner>,
    pub(crate) changed: Notify,
    pub(crate) next_id: AtomicU64,
    pub(crate) base: String,
}

impl Shared {
    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panicking test thread must not hide the recording from the others.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A fresh id holding the current time, as Discord's snowflakes do (always increasing).
    pub(crate) fn snowflake(&self) -> u64 {
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
    pub(crate) fn violation(&self, status: StatusCode, code: u64, what: String) -> Response {
        eprintln!("fake Discord: refused: {what}");
        self.lock().violations.push(what.clone());
        json_response(status, json!({"message": what, "code": code}))
    }
}

/// Discord's epoch (2015-01-01) in Unix milliseconds.
pub(crate) const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
/// Discord fails an interaction that has no response this long after its creation.
pub const INTERACTION_DEADLINE: Duration = Duration::from_secs(3);

/// A snowflake created at `at`, with `low` in its low bits.
pub(crate) fn snowflake_at(at: std::time::SystemTime, low: u64) -> u64 {
    let ms = at
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    (ms.saturating_sub(DISCORD_EPOCH_MS) << 22) | (low & 0x3F_FFFF)
}

/// When the snowflake `id` was created.
pub fn created_at(id: u64) -> std::time::SystemTime {
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
    // `name_localizations` / `description_localizations`: Discord's locales, valid names and
    // descriptions of 1 to 100 characters.
    let localised = |at: &str, object: &Value, problems: &mut Vec<String>| {
        for (field, names) in [
            ("name_localizations", true),
            ("description_localizations", false),
        ] {
            let Some(map) = object[field].as_object() else {
                continue;
            };
            for (locale, text) in map {
                if !DISCORD_LOCALES.contains(&locale.as_str()) {
                    problems.push(format!("{at}: {field} has unknown locale {locale:?}"));
                }
                let text = text.as_str().unwrap_or("");
                let ok = if names {
                    name_ok(text)
                } else {
                    describe_ok(Some(text))
                };
                if !ok {
                    problems.push(format!("{at}: {field}.{locale} {text:?} is not valid"));
                }
            }
        }
    };
    for command in commands.as_array().into_iter().flatten() {
        let name = command["name"].as_str().unwrap_or("");
        if !name_ok(name) {
            problems.push(format!("command name {name:?} is not a valid command name"));
        }
        if !describe_ok(command["description"].as_str()) {
            problems.push(format!("/{name}: description must be 1 to 100 characters"));
        }
        localised(&format!("/{name}"), command, &mut problems);
        super::places::context_problems(&format!("/{name}"), command, &mut problems);
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
            localised(&at, option, &mut problems);
            for choice in option["choices"].as_array().into_iter().flatten() {
                let label_ok = |l: &Value| {
                    l.as_str()
                        .is_some_and(|l| (1..=100).contains(&l.chars().count()))
                };
                if !label_ok(&choice["name"]) {
                    problems.push(format!("{at}: a choice name must be 1 to 100 characters"));
                }
                for (locale, label) in choice["name_localizations"]
                    .as_object()
                    .into_iter()
                    .flatten()
                {
                    if !DISCORD_LOCALES.contains(&locale.as_str()) || !label_ok(label) {
                        problems.push(format!("{at}: choice localisation {locale}: {label}"));
                    }
                }
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
pub(crate) fn message_problems(body: &Value, files: &[File]) -> Vec<String> {
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
    let ids = custom_ids(&body["components"]);
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    if unique.len() != ids.len() {
        problems.push(format!("custom_ids are not unique in the message: {ids:?}"));
    }
    component_problems(&body["components"], &mut problems);
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

/// Discord's rules for message components: at most 5 action rows; a row holds 1 to 5 buttons or
/// a single select menu; a string select has 1 to 25 options, with labels and values of 1 to
/// 100 characters, descriptions up to 100, distinct values, at most one default, and a
/// placeholder up to 150; a button label is at most 80 characters.
fn component_problems(components: &Value, problems: &mut Vec<String>) {
    let Some(rows) = components.as_array() else {
        return;
    };
    if rows.len() > 5 {
        problems.push(format!("{} action rows (at most 5)", rows.len()));
    }
    let length = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    for row in rows {
        if row["type"].as_u64() != Some(1) {
            problems.push(format!("a top-level component is not an action row: {row}"));
            continue;
        }
        let inner = row["components"].as_array().cloned().unwrap_or_default();
        let selects = inner
            .iter()
            .filter(|c| (3..=8).contains(&c["type"].as_u64().unwrap_or(0)))
            .count();
        if inner.is_empty() || inner.len() > 5 || (selects > 0 && inner.len() > 1) {
            problems.push(format!(
                "an action row holds 1 to 5 buttons or one select menu: {} components, {selects} menus",
                inner.len()
            ));
        }
        for c in &inner {
            match c["type"].as_u64() {
                Some(2) if length(&c["label"]) > 80 => {
                    problems.push(format!("button label longer than 80: {}", c["label"]));
                }
                Some(3) => {
                    let options = c["options"].as_array().cloned().unwrap_or_default();
                    if options.is_empty() || options.len() > 25 {
                        problems.push(format!(
                            "select menu with {} options (1 to 25)",
                            options.len()
                        ));
                    }
                    if length(&c["placeholder"]) > 150 {
                        problems.push("select placeholder longer than 150".to_string());
                    }
                    let mut values: Vec<&str> =
                        options.iter().filter_map(|o| o["value"].as_str()).collect();
                    for o in &options {
                        if !(1..=100).contains(&length(&o["label"]))
                            || !(1..=100).contains(&length(&o["value"]))
                            || length(&o["description"]) > 100
                        {
                            problems.push(format!("select option out of bounds: {o}"));
                        }
                    }
                    let defaults = options.iter().filter(|o| o["default"] == true).count();
                    if defaults > 1 {
                        problems.push(format!("{defaults} default options in a single select"));
                    }
                    values.sort_unstable();
                    let all = values.len();
                    values.dedup();
                    if values.len() != all {
                        problems.push("select option values are not unique".to_string());
                    }
                }
                _ => {}
            }
        }
    }
}
