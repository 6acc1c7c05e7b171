//! Scenario helpers: the real bot as a child process, a database for it, a TCP proxy that can
//! cut it off, and a table (fake, database, bot, players, channels).

use super::*;

// ---------------------------------------------------------------------------------------------
// The real bot as a child process, and a fresh database for it.

/// The bot binary cargo built for this test or bench (an example, which starts no bot of its
/// own, has none).
fn built_bot() -> &'static str {
    match option_env!("CARGO_BIN_EXE_fibonacci-bot") {
        Some(binary) => binary,
        None => panic!("cargo sets CARGO_BIN_EXE_fibonacci-bot for tests and benches only"),
    }
}

/// The `fibonacci-bot` binary running against the fake.
pub struct Bot {
    child: Child,
    pub log: PathBuf,
}

pub(crate) static BOT_COUNTER: AtomicU64 = AtomicU64::new(0);

impl Bot {
    /// Starts the real binary with its environment pointing at `fake` and `database_url`, with
    /// its commands registered in the test guild.
    pub fn start(fake: &FakeDiscord, database_url: &str) -> Bot {
        Bot::start_registering(fake, database_url, Some(GUILD))
    }

    /// [`Bot::start`] with `DISCORD_GUILD_ID` set to `guild`, or unset (global registration).
    pub fn start_registering(fake: &FakeDiscord, database_url: &str, guild: Option<u64>) -> Bot {
        Bot::start_with(fake, database_url, guild, &[])
    }

    /// [`Bot::start_registering`] with more environment variables.
    pub fn start_with(
        fake: &FakeDiscord,
        database_url: &str,
        guild: Option<u64>,
        env: &[(&str, String)],
    ) -> Bot {
        let n = BOT_COUNTER.fetch_add(1, Ordering::SeqCst);
        let log =
            std::env::temp_dir().join(format!("fibonacci-bot-e2e-{}-{n}.log", std::process::id()));
        let out = std::fs::File::create(&log).expect("create the bot's log file");
        let err = out.try_clone().expect("clone the log file handle");
        // `BENCH_BOT_BINARY` runs another build of the bot (a benchmark's "before").
        let binary = std::env::var_os("BENCH_BOT_BINARY").unwrap_or_else(|| built_bot().into());
        let mut command = Command::new(binary);
        command
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_BASE", &fake.base)
            .env("DATABASE_URL", database_url)
            .env("RUST_LOG", "info,serenity=warn,fibonacci_bot=debug")
            // The scheduler looks five times a second, so that due work shows at once.
            .env("FIBONACCI_BOT_TICK_SECS", "0.2")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err);
        if let Some(guild) = guild {
            command.env("DISCORD_GUILD_ID", guild.to_string());
        }
        for (key, value) in env {
            command.env(key, value);
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
    /// Where new connections go.
    target: Arc<Mutex<std::net::SocketAddr>>,
    /// A COMMIT to lose the answer of ([`PgProxy::cut_after_commit_of`]).
    commit_cut: Arc<CommitCut>,
    /// What the bot has asked of the server, over every connection.
    counts: Arc<Counts>,
    task: tokio::task::JoinHandle<()>,
}

/// The bot's requests to PostgreSQL, counted from the wire: statements (each simple `Query` and
/// each `Execute` of the extended protocol), round trips (each message after which the client
/// waits for the server: a simple `Query` or a `Sync`), and apart from the statements, sqlx's
/// own look-ups of a custom type's id (made once per type on each new connection).
#[derive(Default)]
pub struct Counts {
    statements: AtomicU64,
    round_trips: AtomicU64,
    type_lookups: AtomicU64,
}

/// What [`PgProxy::counted`] reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counted {
    /// Statements, sqlx's type look-ups left out.
    pub statements: u64,
    pub round_trips: u64,
    pub type_lookups: u64,
}

impl std::ops::Sub for Counted {
    type Output = Counted;
    fn sub(self, earlier: Counted) -> Counted {
        Counted {
            statements: self.statements - earlier.statements,
            round_trips: self.round_trips - earlier.round_trips,
            type_lookups: self.type_lookups - earlier.type_lookups,
        }
    }
}

/// Reads the client's side of one connection as PostgreSQL's frontend protocol (version 3):
/// untyped messages (a length, then a code) until the startup message, then messages of one
/// type byte and a length. The bot's sqlx is built without TLS, so the stream is never
/// encrypted.
#[derive(Default)]
struct Frontend {
    started: bool,
    header: Vec<u8>,
    /// The body of a `Parse` or `Bind` being read, and how much of it is still to come.
    body: Vec<u8>,
    /// Bytes of the current message still to read (kept in `body` or passed over).
    left: usize,
    keep: bool,
    tag: u8,
    /// The prepared statements (by name) that are sqlx's type look-ups.
    lookups: std::collections::HashSet<Vec<u8>>,
    /// Whether the portal bound last runs one of them.
    portal_lookup: bool,
}

/// The codes of the untyped requests that come before the startup message.
const SSL_REQUEST: u32 = 80_877_103;
const GSSENC_REQUEST: u32 = 80_877_104;

/// Whether `query` is sqlx's look-up of custom types.
fn is_type_lookup(query: &[u8]) -> bool {
    query.starts_with(b"SELECT pg_type.oid")
}

/// The NUL-terminated strings at the start of a message body.
fn c_strings(body: &[u8]) -> impl Iterator<Item = &[u8]> {
    body.split(|&b| b == 0)
}

impl Frontend {
    fn feed(&mut self, mut bytes: &[u8], counts: &Counts) {
        while !bytes.is_empty() {
            if self.left > 0 {
                let n = self.left.min(bytes.len());
                if self.keep {
                    self.body.extend_from_slice(&bytes[..n]);
                }
                self.left -= n;
                bytes = &bytes[n..];
                if self.left == 0 && self.keep {
                    self.whole(counts);
                }
                continue;
            }
            let need = if self.started { 5 } else { 8 };
            let n = (need - self.header.len()).min(bytes.len());
            self.header.extend_from_slice(&bytes[..n]);
            bytes = &bytes[n..];
            if self.header.len() < need {
                return;
            }
            let word = |at: usize| {
                u32::from_be_bytes(self.header[at..at + 4].try_into().expect("four bytes")) as usize
            };
            if self.started {
                self.tag = self.header[0];
                self.left = word(1).saturating_sub(4);
                self.keep = matches!(self.tag, b'P' | b'B' | b'Q');
                self.body.clear();
                match self.tag {
                    b'E' if self.portal_lookup => {
                        counts.type_lookups.fetch_add(1, Ordering::SeqCst);
                    }
                    b'E' => {
                        counts.statements.fetch_add(1, Ordering::SeqCst);
                    }
                    b'S' => {
                        counts.round_trips.fetch_add(1, Ordering::SeqCst);
                    }
                    _ => {}
                }
                if self.left == 0 && self.keep {
                    self.whole(counts);
                }
            } else {
                let code = word(4) as u32;
                if code != SSL_REQUEST && code != GSSENC_REQUEST {
                    self.started = true;
                }
                self.left = word(0).saturating_sub(8);
                self.keep = false;
            }
            self.header.clear();
        }
    }

    /// A whole `Parse` (statement name, query), `Bind` (portal, statement name) or simple
    /// `Query` was read.
    fn whole(&mut self, counts: &Counts) {
        let body = std::mem::take(&mut self.body);
        let mut strings = c_strings(&body);
        match self.tag {
            b'P' => {
                let name = strings.next().unwrap_or_default().to_vec();
                let query = strings.next().unwrap_or_default();
                if is_type_lookup(query) {
                    self.lookups.insert(name);
                } else {
                    self.lookups.remove(&name);
                }
            }
            b'B' => {
                let _portal = strings.next();
                let statement = strings.next().unwrap_or_default();
                self.portal_lookup = self.lookups.contains(statement);
            }
            // sqlx sends its type look-ups as simple queries (`raw_sql`).
            b'Q' => {
                let query = strings.next().unwrap_or_default();
                if is_type_lookup(query) {
                    counts.type_lookups.fetch_add(1, Ordering::SeqCst);
                } else {
                    counts.statements.fetch_add(1, Ordering::SeqCst);
                }
                counts.round_trips.fetch_add(1, Ordering::SeqCst);
            }
            _ => {}
        }
    }
}

/// The relay's trap for one COMMIT: armed with bytes that the transaction sends (a parameter),
/// it passes the next COMMIT of that connection on to the server, then closes the connection
/// before the server's answer comes back. The transaction is committed, and the client cannot
/// know it.
#[derive(Default)]
struct CommitCut {
    needle: Mutex<Option<Vec<u8>>>,
    done: AtomicU64,
}

impl CommitCut {
    /// True when `chunk` (sent by the client) holds the armed bytes: the trap is taken (a
    /// connection's own flag then waits for its COMMIT).
    fn take_if_in(&self, chunk: &[u8]) -> bool {
        let mut needle = self.needle.lock().expect("the relay's trap");
        let found = needle
            .as_ref()
            .is_some_and(|n| chunk.windows(n.len()).any(|w| w == n.as_slice()));
        if found {
            *needle = None;
        }
        found
    }
}

/// Relays one connection until either side closes it, the relay is cut, or the COMMIT trap
/// springs on it.
async fn relay(
    client: tokio::net::TcpStream,
    server: tokio::net::TcpStream,
    trap: Arc<CommitCut>,
    counts: Arc<Counts>,
) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (mut from_client, mut to_client) = client.into_split();
    let (mut from_server, mut to_server) = server.into_split();
    // Set once the COMMIT went on: the server's answer is never passed back.
    let sprung = Arc::new(tokio::sync::Notify::new());
    let answers = {
        let sprung = sprung.clone();
        async move {
            let mut buf = vec![0u8; 64 * 1024];
            loop {
                let n = tokio::select! {
                    read = from_server.read(&mut buf) => match read {
                        Ok(0) | Err(_) => return,
                        Ok(n) => n,
                    },
                    // Nothing more goes back; the other direction closes the connection.
                    () = sprung.notified() => std::future::pending().await,
                };
                if to_client.write_all(&buf[..n]).await.is_err() {
                    return;
                }
            }
        }
    };
    let requests = async move {
        let mut buf = vec![0u8; 64 * 1024];
        let mut armed = false;
        let mut frontend = Frontend::default();
        loop {
            let n = match from_client.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            };
            let chunk = &buf[..n];
            frontend.feed(chunk, &counts);
            armed = armed || trap.take_if_in(chunk);
            let commit = armed && chunk.windows(6).any(|w| w == b"COMMIT");
            if commit {
                sprung.notify_one();
                trap.done.fetch_add(1, Ordering::SeqCst);
            }
            if to_server.write_all(chunk).await.is_err() {
                return;
            }
            if commit {
                // Time for the server to commit, then the connection goes.
                tokio::time::sleep(Duration::from_millis(300)).await;
                return;
            }
        }
    };
    tokio::select! {
        () = answers => {}
        () = requests => {}
    }
}

/// What the relay counts in `wire`, the client's side of one connection, read in pieces of
/// `piece` bytes (for the relay's own test).
pub fn counted_on_the_wire(wire: &[u8], piece: usize) -> Counted {
    let counts = Counts::default();
    let mut frontend = Frontend::default();
    for chunk in wire.chunks(piece.max(1)) {
        frontend.feed(chunk, &counts);
    }
    Counted {
        statements: counts.statements.load(Ordering::SeqCst),
        round_trips: counts.round_trips.load(Ordering::SeqCst),
        type_lookups: counts.type_lookups.load(Ordering::SeqCst),
    }
}

impl PgProxy {
    pub async fn start(target: std::net::SocketAddr) -> PgProxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the database relay");
        let addr = listener.local_addr().expect("relay address");
        let (down, watch) = tokio::sync::watch::channel(false);
        let target = Arc::new(Mutex::new(target));
        let server_at = target.clone();
        let commit_cut = Arc::new(CommitCut::default());
        let trap = commit_cut.clone();
        let counts = Arc::new(Counts::default());
        let counting = counts.clone();
        let task = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                if *watch.borrow() {
                    continue; // dropped: the connection closes at once
                }
                let mut watch = watch.clone();
                let target = *server_at.lock().expect("the relay's target");
                let trap = trap.clone();
                let counts = counting.clone();
                tokio::spawn(async move {
                    let Ok(server) = tokio::net::TcpStream::connect(target).await else {
                        return;
                    };
                    // Each write passed on at once: without it, the second part of a long
                    // answer waits for the receiver's delayed ACK (about 40 ms).
                    let _ = client.set_nodelay(true);
                    let _ = server.set_nodelay(true);
                    tokio::select! {
                        () = relay(client, server, trap, counts) => {}
                        _ = watch.wait_for(|down| *down) => {}
                    }
                });
            }
        });
        PgProxy {
            addr,
            down,
            target,
            commit_cut,
            counts,
            task,
        }
    }

    /// The statements, round trips and type look-ups the bot has sent through the relay so far.
    pub fn counted(&self) -> Counted {
        Counted {
            statements: self.counts.statements.load(Ordering::SeqCst),
            round_trips: self.counts.round_trips.load(Ordering::SeqCst),
            type_lookups: self.counts.type_lookups.load(Ordering::SeqCst),
        }
    }

    /// Loses the answer to one COMMIT: the next transaction that sends `needle` (a parameter
    /// of one of its statements) is committed, and its connection closed before the answer
    /// comes back. New connections go through as before.
    pub fn cut_after_commit_of(&self, needle: &str) {
        *self.commit_cut.needle.lock().expect("the relay's trap") = Some(needle.as_bytes().into());
    }

    /// How many COMMITs lost their answer that way.
    pub fn commits_cut(&self) -> u64 {
        self.commit_cut.done.load(Ordering::SeqCst)
    }

    /// Sends new connections to `target` (a server restarted on another port).
    pub fn retarget(&self, target: std::net::SocketAddr) {
        *self.target.lock().expect("the relay's target") = target;
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

/// A free port on the loopback interface (for the bot's metrics endpoint).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `url` with its host and port replaced by `addr`.
pub(crate) fn via(url: &str, addr: std::net::SocketAddr) -> String {
    let (scheme, rest) = url.split_once("://").expect("a database URL has a scheme");
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let user = authority
        .rsplit_once('@')
        .map(|(u, _)| format!("{u}@"))
        .unwrap_or_default();
    format!("{scheme}://{user}{addr}{path}")
}

/// The host and port of a database URL.
pub(crate) async fn server_of(url: &str) -> std::net::SocketAddr {
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
        self.restart().await;
    }

    /// Starts the bot again (after [`Bot::kill`]) and waits until it is ready.
    pub async fn restart(&mut self) {
        self.bot = Bot::start(&self.fake, &self.db.url);
        self.starts += 1;
        self.fake.wait_ready(self.starts).await;
    }

    /// Kills the bot and starts it again with more environment variables.
    pub async fn restart_with(&mut self, env: &[(&str, String)]) {
        let url = self.db.url.clone();
        self.restart_on(&url, env).await;
    }

    /// [`Table::restart_with`], the bot connected straight to PostgreSQL instead of through the
    /// relay: what the load benchmark measures is the bot, not the relay (which costs CPU of
    /// its own on the same machine, and a copy of every answer).
    pub async fn restart_direct_with(&mut self, env: &[(&str, String)]) {
        let url = self.db.direct_url().to_string();
        self.restart_on(&url, env).await;
    }

    async fn restart_on(&mut self, database_url: &str, env: &[(&str, String)]) {
        self.bot.kill();
        self.bot = Bot::start_with(&self.fake, database_url, Some(GUILD), env);
        self.starts += 1;
        self.fake.wait_ready(self.starts).await;
    }

    /// A second bot process on the same database and fake; interactions go to the newest.
    pub async fn second_bot(&mut self) -> Bot {
        let bot = Bot::start(&self.fake, &self.db.url);
        self.starts += 1;
        self.fake.wait_ready(self.starts).await;
        bot
    }

    /// Runs `sql` on the bot's database with `$1` bound to `channel` (the game of that channel
    /// is usually the latest with `channel_id = $1`).
    pub async fn sql(&self, sql: &str, channel: u64) {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(self.db.direct_url())
            .await
            .expect("connect to the bot's database");
        sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
            .bind(channel as i64)
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// The first legal move (by the engine's own `rules legal`) in the latest game of
    /// `channel`, a game of kind `game`.
    pub async fn first_legal(&self, channel: u64, game: &str) -> String {
        let position: String = self
            .sql_value(
                "SELECT position FROM games WHERE id = \
                 (SELECT max(id) FROM games WHERE channel_id = $1)",
                channel,
            )
            .await;
        let out = Command::new(built_bot())
            .args(["rules", "legal", "--game", game, "--position", &position])
            .output()
            .expect("rules legal");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .expect("a legal move")
            .to_string()
    }

    /// One value read from the bot's database, `$1` bound to `channel`.
    pub async fn sql_value<T>(&self, sql: &str, channel: u64) -> T
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
    {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(self.db.direct_url())
            .await
            .expect("connect to the bot's database");
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()))
            .bind(channel as i64)
            .fetch_one(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
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

    /// Puts the deadline of the turn in progress of `channel`'s latest game `secs` seconds from
    /// now, the turn having started two days ago (the bot's scheduler looks every 0.2 s).
    pub async fn deadline_in(&self, channel: u64, secs: i64) {
        self.sql(
            &format!(
                "UPDATE games SET deadline = now() + make_interval(secs => {secs}), \
                 turn_started_at = now() - interval '2 days' \
                 WHERE id = (SELECT max(id) FROM games WHERE channel_id = $1)"
            ),
            channel,
        )
        .await;
    }

    /// Waits for `count` messages posted in `channel` whose text contains `needle`.
    pub async fn wait_posts(&self, channel: u64, needle: &str, count: usize) -> Vec<Posted> {
        self.fake
            .wait_for(
                &format!("{count} message(s) with {needle:?} in {channel}"),
                |v| {
                    let found: Vec<Posted> = v
                        .posted()
                        .iter()
                        .filter(|p| p.channel == channel && p.content.contains(needle))
                        .cloned()
                        .collect();
                    (found.len() >= count).then_some(found)
                },
            )
            .await
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
    pub(crate) async fn message_recorded(
        &self,
        channel: u64,
        sql: &'static str,
        what: &str,
    ) -> u64 {
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

    /// The relay's counts once the bot has sent the database nothing for `quiet` (the scheduler
    /// slowed down, or it never is). Panics after 30 s.
    pub async fn counted_when_quiet(&self, quiet: Duration) -> Counted {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut last = self.db.proxy.counted();
        let mut since = Instant::now();
        loop {
            tokio::time::sleep(Duration::from_millis(20)).await;
            let now = self.db.proxy.counted();
            if now != last {
                (last, since) = (now, Instant::now());
            } else if since.elapsed() >= quiet {
                return now;
            }
            assert!(
                Instant::now() < deadline,
                "the bot kept sending statements for 30 s"
            );
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
