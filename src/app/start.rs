//! Where the game database lives, and starting the service on it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::store::embedded::{EmbeddedServer, running_as_root};

use super::Service;
use super::error::StartError;

/// Where the game database lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatabaseConfig {
    /// An existing PostgreSQL server (`DATABASE_URL`).
    Url(String),
    /// An embedded PostgreSQL (the `postgresql_embedded` crate) whose data lives in `data_dir`,
    /// kept across restarts.
    Embedded { data_dir: PathBuf },
}

impl DatabaseConfig {
    /// From the environment: `DATABASE_URL` when set, else an embedded server with its data under
    /// `FIBONACCI_BOT_DATA_DIR` (default [`default_data_dir`], or the working directory's
    /// `data/postgres` where an earlier version left its database: see [`legacy_data_dir`]).
    pub fn from_env() -> DatabaseConfig {
        match std::env::var("DATABASE_URL") {
            Ok(url) if !url.trim().is_empty() => DatabaseConfig::Url(url.trim().to_string()),
            _ => DatabaseConfig::Embedded {
                data_dir: std::env::var_os("FIBONACCI_BOT_DATA_DIR")
                    .filter(|dir| !dir.is_empty())
                    .map_or_else(chosen_default_data_dir, PathBuf::from),
            },
        }
    }
}

/// Where the embedded server keeps its data by default: the user's data directory,
/// `$XDG_DATA_HOME/fibonacci-bot/postgres`, else `~/.local/share/fibonacci-bot/postgres`; as
/// root, `/var/lib/fibonacci-bot/postgres`, since the server runs as an unprivileged account
/// that a directory under `/root` would shut out. Never the working directory, so a bot started
/// from anywhere (a systemd unit, say) finds the same games.
pub fn default_data_dir() -> PathBuf {
    default_data_dir_for(
        running_as_root(),
        std::env::var_os("XDG_DATA_HOME"),
        std::env::var_os("HOME"),
    )
}

/// [`default_data_dir`] for a given user and environment. `XDG_DATA_HOME` counts only when it
/// is an absolute path, as the XDG base directory specification says; with no usable home
/// either, the working directory's `data/postgres` is all that is left.
pub fn default_data_dir_for(
    root: bool,
    xdg_data_home: Option<OsString>,
    home: Option<OsString>,
) -> PathBuf {
    let absolute = |dir: Option<OsString>| dir.map(PathBuf::from).filter(|d| d.is_absolute());
    if root {
        PathBuf::from("/var/lib/fibonacci-bot/postgres")
    } else if let Some(data) = absolute(xdg_data_home) {
        data.join("fibonacci-bot/postgres")
    } else if let Some(home) = absolute(home) {
        home.join(".local/share/fibonacci-bot/postgres")
    } else {
        PathBuf::from(LEGACY_DATA_DIR)
    }
}

/// Where versions before the user's data directory kept the database: relative to the working
/// directory.
pub const LEGACY_DATA_DIR: &str = "data/postgres";

/// The database an earlier version left in the working directory's `data/postgres`, when the
/// default directory holds none yet: it is still used, so nothing is lost on the upgrade.
pub fn legacy_data_dir(default: &Path, working_dir: &Path) -> Option<PathBuf> {
    let has_cluster = |dir: &Path| dir.join("pgdata").join("PG_VERSION").is_file();
    let legacy = working_dir.join(LEGACY_DATA_DIR);
    let default = working_dir.join(default);
    (legacy != default && has_cluster(&legacy) && !has_cluster(&default)).then_some(legacy)
}

/// The default data directory, or an earlier version's database found in the working
/// directory, with one log line that says how to move it.
fn chosen_default_data_dir() -> PathBuf {
    let default = default_data_dir();
    let Some(legacy) = std::env::current_dir()
        .ok()
        .and_then(|here| legacy_data_dir(&default, &here))
    else {
        return default;
    };
    tracing::warn!(
        "using the game database of an earlier version in {legacy}, found in the working \
         directory. The bot now keeps it in {default} wherever it is started from: stop the \
         bot, move it with `mkdir -p {parent} && mv {legacy} {default}`, and start the bot \
         again (or set FIBONACCI_BOT_DATA_DIR={legacy} to keep it where it is)",
        legacy = legacy.display(),
        default = default.display(),
        parent = default.parent().unwrap_or(&default).display(),
    );
    legacy
}

/// A started service and, when embedded, the database server it started.
#[derive(Debug)]
pub struct Running {
    pub service: Service,
    server: Option<EmbeddedServer>,
}

impl Running {
    /// Closes the pool and stops the embedded server, if any.
    pub async fn shutdown(self) {
        self.service.store.close().await;
        if let Some(server) = self.server
            && let Err(e) = server.stop().await
        {
            tracing::error!("could not stop the embedded PostgreSQL: {e}");
        }
    }
}

/// Starts the database (embedded when so configured), connects,
/// applies the migrations.
pub async fn start(config: DatabaseConfig) -> Result<Running, StartError> {
    match config {
        DatabaseConfig::Url(url) => Ok(Running {
            service: Service::connect_for_host(&url).await?,
            server: None,
        }),
        DatabaseConfig::Embedded { data_dir } => {
            let server = EmbeddedServer::start(&data_dir).await?;
            match Service::connect_for_host(server.url()).await {
                Ok(service) => Ok(Running {
                    service,
                    server: Some(server),
                }),
                Err(e) => {
                    if let Err(stop) = server.stop().await {
                        tracing::error!("could not stop the embedded PostgreSQL: {stop}");
                    }
                    Err(e)
                }
            }
        }
    }
}
