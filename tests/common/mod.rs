//! Shared helpers for the integration tests that need PostgreSQL.
//!
//! Each test gets its own database, so tests run in parallel without seeing each other's rows:
//!
//! ```ignore
//! mod common;
//!
//! #[tokio::test]
//! async fn something() {
//!     let db = common::fresh_database().await;
//!     let service = fibonacci_bot::app::Service::connect(db.url()).await.unwrap();
//!     // ...
//! } // `db` dropped here: the database is dropped too (also when the test panics)
//! ```
//!
//! The server is `DATABASE_URL`. When it is unset, [`DEFAULT_DATABASE_URL`] is used if something
//! answers there; else (a machine without PostgreSQL) the tests start an embedded server of their
//! own, as the bot does, once per test binary, with its data in a temporary directory that is
//! removed when the test binary ends. The role must be allowed to create databases.
#![allow(dead_code)] // each test binary uses its own subset

use std::net::{TcpStream, ToSocketAddrs};
use std::path::Path;
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use fibonacci_bot::store::embedded::EmbeddedServer;
use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgConnection};

/// The server the tests use when `DATABASE_URL` is unset and something answers there.
pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// Replaces [`DEFAULT_DATABASE_URL`]; only for testing the fallback to an embedded server
/// without stopping the machine's PostgreSQL.
pub const DEFAULT_URL_VAR: &str = "FIBONACCI_BOT_TEST_DEFAULT_URL";

/// The administration URL: `DATABASE_URL`, else the default server when it answers, else the
/// embedded server of this test binary (started on first use).
///
/// Panics with a hint when there is no server and the embedded one cannot start.
pub fn admin_url() -> String {
    if let Some(url) = std::env::var("DATABASE_URL")
        .ok()
        .filter(|url| !url.trim().is_empty())
    {
        return url.trim().to_string();
    }
    // Decided once per test binary: one TCP probe, and at most one embedded server.
    static WITHOUT_DATABASE_URL: OnceLock<Result<String, String>> = OnceLock::new();
    WITHOUT_DATABASE_URL
        .get_or_init(default_or_embedded)
        .clone()
        .unwrap_or_else(|hint| panic!("{hint}"))
}

/// The default server if it answers, else a new embedded server.
fn default_or_embedded() -> Result<String, String> {
    let default_url = std::env::var(DEFAULT_URL_VAR)
        .ok()
        .filter(|url| !url.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string());
    if answers(&default_url) {
        return Ok(default_url);
    }
    let address = PgConnectOptions::from_str(&default_url)
        .map(|o| format!("{}:{}", o.get_host(), o.get_port()))
        .unwrap_or_else(|_| default_url.clone());
    eprintln!("tests: nothing answers at {address}: starting an embedded PostgreSQL");
    start_embedded().map_err(|e| {
        format!(
            "no PostgreSQL for the tests: DATABASE_URL is unset, nothing answers at {address}, \
             and the embedded server did not start: {e}; set DATABASE_URL or run .ci/run"
        )
    })
}

/// True when something accepts a TCP connection at the URL's host and port.
fn answers(url: &str) -> bool {
    let Ok(options) = PgConnectOptions::from_str(url) else {
        return false;
    };
    let Ok(addresses) = (options.get_host(), options.get_port()).to_socket_addrs() else {
        return false;
    };
    addresses
        .into_iter()
        .any(|address| TcpStream::connect_timeout(&address, Duration::from_secs(2)).is_ok())
}

/// Starts this test binary's embedded server, with its data in a new temporary directory.
///
/// The server must outlive every test's runtime, and statics are never dropped: it is started
/// from a thread of its own (with its own runtime) and kept for the life of the process; a
/// watcher process stops it and removes its directory when this process ends, however it ends.
fn start_embedded() -> Result<String, String> {
    static SERVER: OnceLock<EmbeddedServer> = OnceLock::new();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("fbbot-testdb-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let dir = std::fs::canonicalize(&dir).map_err(|e| e.to_string())?;
    watch_until_exit(&dir)?;
    let started = {
        let dir = dir.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            runtime
                .block_on(EmbeddedServer::start(&dir))
                .map_err(|e| fibonacci_bot::app::chain(&e))
        })
        .join()
        .map_err(|_| "the thread starting the embedded server panicked".to_string())??
    };
    let url = started.url().to_string();
    let _ = SERVER.set(started);
    eprintln!("tests: embedded PostgreSQL with data in {}", dir.display());
    Ok(url)
}

/// Starts a watcher that waits for this process to end (its stdin, a pipe only this process
/// holds, then closes), then stops the server of `dir/pgdata` and removes `dir`.
fn watch_until_exit(dir: &Path) -> Result<(), String> {
    // The server's postmaster.pid names its pid; it is signalled only if it still runs in
    // that directory. SIGINT: fast shutdown. Ctrl-C on the test run must not stop the watcher.
    const SCRIPT: &str = r#"trap '' INT HUP
cat >/dev/null
pgdata="$1/pgdata"
pid=$(head -n 1 "$pgdata/postmaster.pid" 2>/dev/null)
if [ -n "$pid" ] && [ "$(readlink "/proc/$pid/cwd")" = "$pgdata" ]; then
  kill -INT "$pid"
  i=0
  while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
fi
rm -rf "$1""#;
    let mut watcher = Command::new("sh")
        .args(["-c", SCRIPT, "fbbot-test-db-watcher"])
        .arg(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start the watcher of {}: {e}", dir.display()))?;
    // Kept open (never written) until the process ends; the pipe is close-on-exec, so no other
    // child inherits it.
    let stdin = watcher.stdin.take();
    std::mem::forget(stdin);
    Ok(())
}

/// A database created for one test and dropped (with `FORCE`, closing any connection left open)
/// when this value is dropped.
#[derive(Debug)]
pub struct TestDb {
    name: String,
    url: String,
    admin_url: String,
}

impl TestDb {
    /// The URL of the test's database.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The database's name (`fbtest_<pid>_<n>_<nanos>`).
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// Creates an empty, uniquely named database on the [`admin_url`] server.
///
/// Panics with a hint when the server cannot be reached: the tests need a running PostgreSQL
/// (`.ci/run` starts one) or, without `DATABASE_URL`, the embedded one.
pub async fn fresh_database() -> TestDb {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let admin_url = admin_url();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let name = format!(
        "fbtest_{}_{}_{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let mut admin = PgConnection::connect(&admin_url).await.unwrap_or_else(|e| {
        panic!("cannot reach PostgreSQL at {admin_url}: {e}; set DATABASE_URL or run .ci/run")
    });
    // The name is made of ASCII letters, digits and underscores only.
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
        .execute(&mut admin)
        .await
        .unwrap_or_else(|e| panic!("cannot create the test database {name}: {e}"));
    let _ = admin.close().await;
    let url = with_database(&admin_url, &name);
    TestDb {
        name,
        url,
        admin_url,
    }
}

/// `url` with its database name replaced by `name`.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    // postgres://user@host:port[/db]: the database is whatever follows the authority.
    let authority_end = base
        .find("://")
        .map(|i| i + 3)
        .and_then(|start| base[start..].find('/').map(|j| start + j))
        .unwrap_or(base.len());
    let mut out = format!("{}/{name}", &base[..authority_end]);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let name = self.name.clone();
        let admin_url = self.admin_url.clone();
        // Drop runs inside the test's runtime, which must not be blocked on; a separate thread
        // with its own runtime does the async work.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            runtime.block_on(async {
                let mut admin = PgConnection::connect(&admin_url)
                    .await
                    .map_err(|e| e.to_string())?;
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
                )))
                .execute(&mut admin)
                .await
                .map_err(|e| e.to_string())?;
                let _ = admin.close().await;
                Ok::<(), String>(())
            })
        })
        .join();
        if let Ok(Err(e)) = dropped {
            eprintln!("warning: could not drop test database {}: {e}", self.name);
        }
    }
}

/// The moment the manual clocks of the service tests start at.
pub fn clock_start() -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp(1_900_000_000, 0).expect("a valid time")
}

/// A service on `db` that reads a manual clock set at [`clock_start`] (tests move it by days).
pub async fn clocked_service(
    db: &TestDb,
) -> (
    fibonacci_bot::app::Service,
    std::sync::Arc<fibonacci_bot::app::ManualClock>,
) {
    let clock = std::sync::Arc::new(fibonacci_bot::app::ManualClock::new(clock_start()));
    let service = fibonacci_bot::app::Service::connect(db.url())
        .await
        .expect("connect and migrate")
        .with_clock(clock.clone());
    (service, clock)
}
