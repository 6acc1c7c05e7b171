//! Persistence on PostgreSQL (sqlx), with numbered migrations in `migrations/`.
//!
//! The store persists what the engine defines and nothing more: it knows the tables, the queries
//! and the column vocabularies ([`kinds`]); a game's options are one column holding the text of
//! the engine's [`Config`](crate::engine::Config) codec. Deciding whether a command is
//! allowed is the service's job (`crate::app`); every function here runs inside the caller's
//! transaction so that a command stays one transaction.
//!
//! Queries are built at run time (`sqlx::query` with binds), so building the crate needs no
//! database.

/// The columns of [`games::GameRow`], for `concat!` into static SQL.
macro_rules! game_columns {
    () => {
        "g.id, g.challenge_id, g.guild_id, g.channel_id, g.options, g.seed, g.first_player, g.second_player, g.position, g.version, \
         g.outcome, g.winner, g.win_reason, g.draw_offer, g.draw_offer_message, g.created_at, \
         g.updated_at, g.finished_at, g.follows, g.follow_kind, g.clock_secs, g.deadline, \
         g.turn_started_at, g.reminders_sent, g.paused_until, g.paused_at, g.paused_by, \
         g.paused_left_secs, g.pause_offer, g.pause_offer_days, g.pause_days_first, \
         g.pause_days_second, g.ai_level, g.ai_side, g.rated, g.ai_due_at, g.tournament_id, \
         g.tournament_round, g.clock_increment_secs, g.bank_first_secs, g.bank_second_secs, \
         (SELECT e.name FROM tournaments e WHERE e.id = g.tournament_id) AS tournament_name, \
         g.paused_for_vacation, \
         COALESCE((SELECT e.vacation FROM tournaments e WHERE e.id = g.tournament_id), true) \
             AS vacation_allowed, \
         (SELECT u.vacation_until FROM user_settings u WHERE u.user_id = g.first_player) \
             AS first_vacation_until, \
         (SELECT u.vacation_until FROM user_settings u WHERE u.user_id = g.second_player) \
             AS second_vacation_until, g.has_premoves"
    };
}

/// Transactions begun since the process started. sqlx records every statement it runs but
/// `BEGIN` (the metrics add these to its count).
static BEGUN: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// How many transactions this process has begun.
pub fn transactions_begun() -> u64 {
    BEGUN.load(std::sync::atomic::Ordering::Relaxed)
}

pub mod challenges;
pub mod colours;
pub mod embedded;
pub mod games;
pub mod installation;
pub mod kinds;
pub mod lessons;
pub mod locales;
pub mod premoves;
pub mod puzzles;
pub mod ratings;
pub mod reach;
pub mod reviews;
pub mod schedule;
pub mod tournaments;
pub mod vacations;

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions, PgSslMode};
use sqlx::{Connection, PgPool, Postgres, Transaction};

/// One command's transaction.
pub type Tx = Transaction<'static, Postgres>;

/// The longest anything waits for a pooled connection while the database answers. A busy pool
/// is not a database that is down: a Discord command defers after its answer budget and keeps
/// waiting (Discord allows 15 minutes for the follow-up). A database that does not answer is
/// found sooner, by [`Store::until_down`].
pub const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10 * 60);

/// How long the start waits for its first connections.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a wait for the database goes before asking whether the server answers at all.
pub const PROBE_AFTER: Duration = Duration::from_secs(1);

/// How long a probe may take to connect and answer before the server counts as not answering.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

/// A probe's answer is reused for this long by every waiting operation.
const PROBE_REUSE: Duration = Duration::from_millis(500);

/// Connections kept by the pool by default: enough for many games at once on a small machine.
/// All of them stay open while the bot runs (see [`Store::connect`]).
pub const MAX_CONNECTIONS: u32 = 16;

/// The environment variable that sets the pool's size instead (1 to [`MOST_CONNECTIONS`]):
/// several bot processes sharing one server divide its connections between them.
pub const CONNECTIONS_VAR: &str = "FIBONACCI_BOT_DB_CONNECTIONS";

/// The largest pool [`CONNECTIONS_VAR`] may ask for (PostgreSQL allows 100 by default).
pub const MOST_CONNECTIONS: u32 = 100;

/// The pool's size: [`CONNECTIONS_VAR`] when set, else [`MAX_CONNECTIONS`].
fn pool_size() -> Result<u32, StoreError> {
    let Some(value) = std::env::var_os(CONNECTIONS_VAR).filter(|v| !v.is_empty()) else {
        return Ok(MAX_CONNECTIONS);
    };
    value
        .to_str()
        .and_then(|v| v.trim().parse::<u32>().ok())
        .filter(|n| (1..=MOST_CONNECTIONS).contains(n))
        .ok_or_else(|| {
            StoreError::Settings(format!(
                "{CONNECTIONS_VAR} must be a whole number from 1 to {MOST_CONNECTIONS}, \
                 not {value:?}: set it to one, or unset it for {MAX_CONNECTIONS}"
            ))
        })
}

/// How long a pooled connection lives before it is replaced by a fresh one, so that the server
/// can free what a session accumulates (sqlx's default).
pub const CONNECTION_LIFETIME: Duration = Duration::from_secs(30 * 60);

/// A pooled connection idle this long is tested (one round trip) before it is used again: a
/// server restarted or a network cut meanwhile shows there, not as a failed command. A
/// connection used again sooner was tested as it came back to the pool (sqlx always does),
/// unless the database failed lately (see [`TEST_ALL_AFTER_FAILURE`]).
pub const TEST_AFTER_IDLE: Duration = Duration::from_secs(1);

/// For this long after the database last failed to answer, every pooled connection is tested
/// before use: the connections that idled through the failure are the likeliest to be dead.
pub const TEST_ALL_AFTER_FAILURE: Duration = Duration::from_secs(60);

/// When the database last failed to answer, in milliseconds since the first look at the clock
/// plus one (0: never).
static LAST_UNAVAILABLE: AtomicU64 = AtomicU64::new(0);

fn millis_now() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    let elapsed = START.get_or_init(Instant::now).elapsed().as_millis();
    u64::try_from(elapsed).unwrap_or(u64::MAX).saturating_add(1)
}

/// Notes that the database failed to answer now.
fn note_unavailable() {
    LAST_UNAVAILABLE.store(millis_now(), Ordering::Relaxed);
}

/// Whether the database failed to answer within [`TEST_ALL_AFTER_FAILURE`].
fn failed_lately() -> bool {
    let last = LAST_UNAVAILABLE.load(Ordering::Relaxed);
    let window = u64::try_from(TEST_ALL_AFTER_FAILURE.as_millis()).unwrap_or(u64::MAX);
    last != 0 && millis_now().saturating_sub(last) < window
}

/// A failed store operation.
///
/// A variant that wraps sqlx's error says it in its own text and gives no `source`: sqlx's
/// errors print their own cause in their text as well as giving it as their source, so a printer
/// that walks the sources ([`crate::app::chain`]) would say the cause again for each level.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The server could not be reached, dropped the connection, or is shutting down.
    #[error("the database is unreachable: {0}")]
    Unavailable(sqlx::Error),
    /// The channel already has an active game or an open challenge (the `channel_claims`
    /// primary key rejected a second claim).
    #[error("channel {0} already has an active game or an open challenge")]
    ChannelTaken(u64),
    /// The game already has a follow-up of this kind (a rematch, a vela round) offered or
    /// accepted (the `challenges_one_follow_up` index rejected a second one).
    #[error("game {0} already has this follow-up")]
    FollowUpTaken(i64),
    /// A row holds a value the program does not know (a hand-edited or newer database).
    #[error("unreadable row: {0}")]
    BadRow(String),
    /// Any other database error (a bug, a violated constraint).
    #[error("database error: {0}")]
    Database(sqlx::Error),
    #[error("could not apply the database migrations: {0}")]
    Migrate(sqlx::migrate::MigrateError),
    /// The host's settings cannot be used: a `DATABASE_URL` that is not a PostgreSQL URL, a
    /// pool size out of range. The text says which and what to give instead.
    #[error("{0}")]
    Settings(String),
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(error: sqlx::migrate::MigrateError) -> Self {
        StoreError::Migrate(error)
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        if is_unavailable(&error) {
            note_unavailable();
            StoreError::Unavailable(error)
        } else {
            StoreError::Database(error)
        }
    }
}

/// True for the errors that mean "the server is not there right now" rather than "this query is
/// wrong": the caller can try again later and nothing was written.
pub fn is_unavailable(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed
        | sqlx::Error::BeginFailed => true,
        // A connection that dies mid-message shows up as a protocol error.
        sqlx::Error::Protocol(_) => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            // Class 08: connection exception; 57P01-57P03: shutdown / cannot connect now;
            // 53300: too many connections.
            code.starts_with("08") || matches!(&*code, "57P01" | "57P02" | "57P03" | "53300")
        }),
        _ => false,
    }
}

/// True when `error` is a unique-constraint (or primary-key) violation of `constraint`.
pub(crate) fn is_unique_violation_of(error: &sqlx::Error, constraint: &str) -> bool {
    match error {
        sqlx::Error::Database(db) => {
            db.is_unique_violation() && db.constraint().is_some_and(|c| c == constraint)
        }
        _ => false,
    }
}

/// How to connect to `database_url`, or why it is not a PostgreSQL URL (in words that never
/// repeat the URL, which may hold a password).
fn connect_options(database_url: &str) -> Result<PgConnectOptions, StoreError> {
    database_url.parse().map_err(|e: sqlx::Error| {
        // sqlx's "error with configuration: " adds nothing to what the parser said.
        let why = match e {
            sqlx::Error::Configuration(why) => why.to_string(),
            other => other.to_string(),
        };
        StoreError::Settings(format!(
            "DATABASE_URL is not a PostgreSQL URL ({why}): give one like \
             postgres://USER:PASSWORD@HOST:5432/DATABASE, or unset it for the embedded database"
        ))
    })
}

/// The server a database URL names, as `host:port` (or the socket directory and port): never
/// the user or the password. For the host's messages.
pub fn server_address(database_url: &str) -> Result<String, StoreError> {
    connect_options(database_url).map(|options| address_of(&options))
}

fn address_of(options: &PgConnectOptions) -> String {
    let port = options.get_port();
    match options.get_socket() {
        Some(dir) => format!("{} (port {port})", dir.display()),
        None => {
            let host = options.get_host();
            if host.contains(':') && !host.starts_with('[') {
                format!("[{host}]:{port}")
            } else {
                format!("{host}:{port}")
            }
        }
    }
}

/// The database of the game service: a connection pool with the migrations applied.
#[derive(Clone, Debug)]
pub struct Store {
    pool: PgPool,
    /// How the probe connects: as the pool does.
    options: PgConnectOptions,
    /// The last probe: when it ended and whether the server answered (one probe at a time).
    probe: std::sync::Arc<tokio::sync::Mutex<Option<(Instant, bool)>>>,
}

impl Store {
    /// Connects to `database_url` and applies the migrations of `migrations/`.
    pub async fn connect(database_url: &str) -> Result<Store, StoreError> {
        let mut options = connect_options(database_url)?;
        let mode_set = std::env::var_os("PGSSLMODE").is_some();
        if plain_by_default(database_url, options.get_host(), mode_set) {
            options = options.ssl_mode(PgSslMode::Disable);
        }
        let size = pool_size()?;
        let pool = PgPoolOptions::new()
            .max_connections(size)
            // Every connection is opened at start and kept: a command never waits for a new
            // server process, its catalogue caches and its prepared statements (a burst of
            // fifty moves on a cold pool had its slowest answers twice as late), and a bot
            // used once an hour does not reconnect for each command. The server holds
            // `size` idle sessions for it; each is replaced after its lifetime.
            .min_connections(size)
            .idle_timeout(None)
            .max_lifetime(CONNECTION_LIFETIME)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            // sqlx tests every connection as it comes back to the pool; testing it again as it
            // leaves (its default) cost a round trip in five of every move. Only a connection
            // that idled long enough for the server to have gone meanwhile, or any connection
            // soon after a failure, is tested again.
            .test_before_acquire(false)
            .before_acquire(|conn, meta| {
                Box::pin(async move {
                    if meta.idle_for >= TEST_AFTER_IDLE || failed_lately() {
                        sqlx::Connection::ping(conn).await?;
                    }
                    Ok(true)
                })
            })
            .connect_with(options.clone());
        // The pool's own deadline is its patience with a busy server; a server that does not
        // answer at start is said at once.
        let pool = match tokio::time::timeout(CONNECT_TIMEOUT, pool).await {
            Ok(pool) => pool?,
            Err(_) => {
                // The pool tries a refused connection again until its deadline and then says
                // only that it timed out: one plain attempt says why the server does not answer.
                let attempt = sqlx::PgConnection::connect_with(&options);
                return Err(match tokio::time::timeout(PROBE_TIMEOUT, attempt).await {
                    Ok(Err(why)) => StoreError::from(why),
                    _ => StoreError::from(sqlx::Error::PoolTimedOut),
                });
            }
        };
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store {
            pool,
            options,
            probe: Default::default(),
        })
    }

    /// Starts a transaction (READ COMMITTED; commands lock the rows they change).
    pub async fn begin(&self) -> Result<Tx, StoreError> {
        let tx = self.patiently(self.pool.begin()).await?;
        BEGUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(tx)
    }

    /// Starts a read-only transaction on one snapshot, so that a game row and its move log are
    /// read as of the same instant without locking anything.
    pub async fn begin_read(&self) -> Result<Tx, StoreError> {
        // One round trip: the transaction starts with its isolation level.
        let tx = self
            .patiently(
                self.pool
                    .begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"),
            )
            .await?;
        BEGUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(tx)
    }

    /// A pooled connection, waited for as long as the database answers.
    pub async fn acquire(&self) -> Result<PoolConnection<Postgres>, StoreError> {
        self.patiently(self.pool.acquire()).await
    }

    /// Runs `operation` (which waits for a pooled connection), giving up only when the server
    /// does not answer: a pool whose connections are all busy keeps it waiting, up to
    /// [`ACQUIRE_TIMEOUT`].
    async fn patiently<T>(
        &self,
        operation: impl Future<Output = Result<T, sqlx::Error>>,
    ) -> Result<T, StoreError> {
        tokio::select! {
            result = operation => Ok(result?),
            () = self.until_down(PROBE_AFTER) => {
                note_unavailable();
                Err(StoreError::Unavailable(sqlx::Error::PoolTimedOut))
            }
        }
    }

    /// Ends when the server stops answering: after `first`, asks it (see [`Store::answers`])
    /// every [`PROBE_REUSE`], and ends after two probes in a row went unanswered (one slow
    /// connection on a loaded machine is not an outage). Never ends while it answers.
    pub async fn until_down(&self, first: Duration) {
        tokio::time::sleep(first).await;
        let mut unanswered = 0;
        loop {
            if self.answers(PROBE_REUSE).await {
                unanswered = 0;
            } else {
                unanswered += 1;
                if unanswered == 2 {
                    return;
                }
            }
            tokio::time::sleep(PROBE_REUSE).await;
        }
    }

    /// Whether the server answers: a connection of its own (not the pool's, which may all be
    /// busy), within [`PROBE_TIMEOUT`]. A server that answers with an error (too many
    /// connections, say) answers; one that is starting up or shutting down does not. One probe
    /// at a time; an answer younger than `reuse` is taken as it is.
    pub async fn answers(&self, reuse: Duration) -> bool {
        let mut last = self.probe.lock().await;
        if let Some((at, answered)) = *last
            && at.elapsed() < reuse
        {
            return answered;
        }
        let probe = async {
            let mut conn = sqlx::PgConnection::connect_with(&self.options).await?;
            sqlx::query("SELECT 1").execute(&mut conn).await?;
            let _ = conn.close().await;
            Ok::<(), sqlx::Error>(())
        };
        let answered = match tokio::time::timeout(PROBE_TIMEOUT, probe).await {
            Err(_) => false,
            Ok(Ok(())) => true,
            Ok(Err(sqlx::Error::Database(db))) => !db
                .code()
                .is_some_and(|code| matches!(&*code, "57P01" | "57P02" | "57P03")),
            Ok(Err(_)) => false,
        };
        if !answered {
            tracing::warn!("the database does not answer");
        }
        *last = Some((Instant::now(), answered));
        answered
    }

    /// A listener of `NOTIFY` on `channel`, on a connection of its own outside the pool (so that
    /// closing the pool never waits for it), reconnected by sqlx when it drops; what is
    /// announced meanwhile is missed.
    pub async fn listen(&self, channel: &str) -> Result<sqlx::postgres::PgListener, StoreError> {
        let own = PgPoolOptions::new()
            .max_connections(1)
            .acquire_timeout(PROBE_TIMEOUT)
            .connect_lazy_with(self.options.clone());
        let mut listener = sqlx::postgres::PgListener::connect_with(&own).await?;
        listener.listen(channel).await?;
        Ok(listener)
    }

    /// The pool, for read-only queries outside a command.
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// The server, as `host:port`, for the host's messages (see [`server_address`]).
    pub fn address(&self) -> String {
        address_of(&self.options)
    }

    /// Closes every connection; later operations fail with [`StoreError::Unavailable`].
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// True when the connection to `database_url` (whose host is `host`) should not use TLS although
/// the URL does not say so: the server is on this machine (a loopback address, `localhost`, or a
/// Unix socket), where TLS protects nothing and costs a handshake per connection and a cipher
/// per message. An `sslmode` in the URL, or in `PGSSLMODE` (`mode_set`), is obeyed as written.
fn plain_by_default(database_url: &str, host: &str, mode_set: bool) -> bool {
    let asked = database_url.split_once('?').is_some_and(|(_, query)| {
        query.split('&').any(|pair| {
            let key = pair.split_once('=').map_or(pair, |(key, _)| key);
            key == "sslmode" || key == "ssl-mode"
        })
    });
    if asked || mode_set {
        return false;
    }
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host == "localhost"
        || host.starts_with('/')
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// A Discord snowflake (u64) as the BIGINT column stores it, bit for bit.
pub fn id_to_db(id: u64) -> i64 {
    i64::from_ne_bytes(id.to_ne_bytes())
}

/// The inverse of [`id_to_db`].
pub fn id_from_db(id: i64) -> u64 {
    u64::from_ne_bytes(id.to_ne_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_an_unreachable_database_every_connection_is_tested_for_a_while() {
        let reset = sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionReset));
        assert!(matches!(
            StoreError::from(reset),
            StoreError::Unavailable(_)
        ));
        assert!(failed_lately());
        let last = LAST_UNAVAILABLE.load(Ordering::Relaxed);
        assert!(last != 0 && last <= millis_now());
    }

    #[test]
    fn a_server_on_this_machine_is_reached_without_tls_unless_asked() {
        let plain = |url: &str, mode_set: bool| {
            let options: PgConnectOptions = url.parse().expect("a URL");
            plain_by_default(url, options.get_host(), mode_set)
        };
        assert!(plain("postgres://postgres@127.0.0.1:5432/db", false));
        assert!(plain(
            "postgres://u:p@localhost/db?application_name=x",
            false
        ));
        assert!(plain("postgres://u@[::1]:5433/db", false));
        assert!(plain("postgres://u@127.0.0.2/db", false));
        assert!(plain("postgres:///db?host=/var/run/postgresql", false));
        // Asked for in the URL or the environment: as asked.
        assert!(!plain("postgres://u@127.0.0.1/db?sslmode=require", false));
        assert!(!plain(
            "postgres://u@127.0.0.1/db?x=1&ssl-mode=prefer",
            false
        ));
        assert!(!plain("postgres://u@127.0.0.1/db", true));
        // Another machine: sqlx's default (TLS when the server offers it).
        assert!(!plain("postgres://u@db.example.com/db", false));
        assert!(!plain("postgres://u@10.0.0.5:5432/db", false));
    }

    #[test]
    fn a_server_address_names_host_and_port_never_the_user_or_password() {
        let at = server_address("postgres://alice:s3cret@db.example.com:6543/games").unwrap();
        assert_eq!(at, "db.example.com:6543");
        assert_eq!(
            server_address("postgres://u@127.0.0.1/db").unwrap(),
            "127.0.0.1:5432"
        );
        assert_eq!(
            server_address("postgres://u@[::1]:5433/db").unwrap(),
            "[::1]:5433"
        );
        let Err(StoreError::Settings(why)) = server_address("notaurl") else {
            panic!("not a URL");
        };
        assert!(
            why.starts_with("DATABASE_URL is not a PostgreSQL URL ("),
            "{why}"
        );
        let Err(StoreError::Settings(why)) = server_address("postgres://u:s3cret@h:port/db") else {
            panic!("a bad port");
        };
        assert!(!why.contains("s3cret"), "{why}");
    }

    #[test]
    fn snowflakes_round_trip_through_bigint() {
        for id in [0, 1, 80_351_110_224_678_912, u64::MAX, 1 << 63] {
            assert_eq!(id_from_db(id_to_db(id)), id);
        }
        assert_eq!(id_to_db(42), 42);
    }

    #[test]
    fn connection_failures_are_unavailable_and_query_bugs_are_not() {
        let io = sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionRefused));
        assert!(is_unavailable(&io));
        assert!(is_unavailable(&sqlx::Error::PoolTimedOut));
        assert!(!is_unavailable(&sqlx::Error::RowNotFound));
        assert!(!is_unavailable(&sqlx::Error::ColumnNotFound("x".into())));
    }
}
