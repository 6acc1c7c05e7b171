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
//! The server is `DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`); the
//! role must be allowed to create databases.
#![allow(dead_code)] // each test binary uses its own subset

use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::Connection;
use sqlx::postgres::PgConnection;

/// The server the tests use when `DATABASE_URL` is unset.
pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// The administration URL: `DATABASE_URL` or [`DEFAULT_DATABASE_URL`].
pub fn admin_url() -> String {
    std::env::var("DATABASE_URL")
        .ok()
        .filter(|url| !url.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string())
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

/// Creates an empty, uniquely named database on the `DATABASE_URL` server.
///
/// Panics with a hint when the server cannot be reached: the tests need a running PostgreSQL
/// (`.ci/run` starts one).
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
        panic!("cannot reach PostgreSQL at DATABASE_URL ({admin_url}): {e}; run .ci/run")
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
