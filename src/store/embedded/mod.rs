//! An embedded PostgreSQL server (the `postgresql_embedded` crate) for running the bot without a
//! database of one's own.
//!
//! Layout of the data directory, kept across restarts:
//! ```text
//! <data_dir>/
//!   pgdata/     the cluster (initdb on first start)
//!   password    the superuser's password, written once (mode 0600)
//!   lock        locked (flock) by the process that runs the server, released when it ends
//! ```
//! A server left running on `pgdata` by a run that was killed (SIGKILL, the OOM killer) is found
//! through `pgdata/postmaster.pid` and stopped at the next start.
//! Installed PostgreSQL binaries are used when found (`/usr/lib/postgresql/<major>/bin`, the
//! Debian and Ubuntu layout); otherwise the crate downloads a build into `~/.theseus`.

use std::collections::HashMap;
use std::io::Write;
use std::mem::ManuallyDrop;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

use postgresql_embedded::{PostgreSQL, Settings, VersionReq};

/// Why the embedded server could not be started or stopped.
///
/// Each message says what went wrong in words a host understands; the output of the PostgreSQL
/// commands, when there is one, is kept in the error's source.
#[derive(Debug, thiserror::Error)]
pub enum EmbeddedError {
    /// `initdb` and `postgres` refuse to run as root.
    #[error(
        "the embedded PostgreSQL cannot run as root: set DATABASE_URL to a PostgreSQL server, \
         or run as a normal user"
    )]
    Root,
    #[error("cannot prepare the database directory {path}: {source}")]
    DataDir {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// Another process holds `<data_dir>/lock`: a bot (or test run) still using this directory.
    #[error(
        "another fibonacci-bot is already using the database in {path}: stop it first, or set \
         FIBONACCI_BOT_DATA_DIR to another directory"
    )]
    Locked { path: PathBuf },
    #[error(
        "no installed PostgreSQL was found under /usr/lib/postgresql, and its binaries could not \
         be downloaded: {source}"
    )]
    Install {
        #[source]
        source: Box<postgresql_embedded::Error>,
    },
    #[error("the embedded PostgreSQL could not create its database in {pgdata}: {reason}")]
    Init {
        pgdata: PathBuf,
        reason: String,
        #[source]
        source: Box<postgresql_embedded::Error>,
    },
    #[error("the embedded PostgreSQL in {pgdata} could not start: port {port} is in use")]
    PortInUse {
        pgdata: PathBuf,
        port: u16,
        #[source]
        source: Box<postgresql_embedded::Error>,
    },
    #[error("the embedded PostgreSQL in {pgdata} could not start: {reason} (its log: {log})")]
    Start {
        pgdata: PathBuf,
        reason: String,
        log: PathBuf,
        #[source]
        source: Box<postgresql_embedded::Error>,
    },
    /// A server left running on the same data (a crash of an earlier run) would not stop.
    #[error(
        "another server is already using {pgdata} (pid {pid}) and could not be stopped: {reason}"
    )]
    InUse {
        pgdata: PathBuf,
        pid: u32,
        reason: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the embedded PostgreSQL in {pgdata} could not be stopped: {reason}")]
    Stop {
        pgdata: PathBuf,
        reason: String,
        #[source]
        source: Box<postgresql_embedded::Error>,
    },
    #[error("no random source for the database password: {0}")]
    Random(String),
}

/// A running embedded server.
pub struct EmbeddedServer {
    server: PostgreSQL,
    url: String,
    /// Holds the lock on `<data_dir>/lock` while the server is ours.
    _lock: std::fs::File,
}

// By hand: the settings and the URL hold the database password.
impl std::fmt::Debug for EmbeddedServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmbeddedServer")
            .field("data_dir", &self.server.settings().data_dir)
            .field("port", &self.server.settings().port)
            .finish_non_exhaustive()
    }
}

/// Where the binaries of an installed PostgreSQL live, newest major version first.
const INSTALL_ROOTS: &[&str] = &["/usr/lib/postgresql"];

/// `initdb` on a loaded 2-core machine can take tens of seconds; the crate's default is 5.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);

/// How long a server left running by a crashed run gets to shut down (`pg_ctl stop -t`).
const LEFTOVER_STOP_SECONDS: u32 = 60;

/// Starts tried when the chosen free port is taken before the server binds it.
const PORT_ATTEMPTS: u32 = 3;

impl EmbeddedServer {
    /// Starts the server with its data in `data_dir` (created and initialised on first use).
    /// Refused at once as root.
    ///
    /// A server left running on the same data by a run that crashed (killed without stopping
    /// it) is stopped first, and a stale `postmaster.pid` is removed. Servers of other data
    /// directories are never touched.
    pub async fn start(data_dir: &Path) -> Result<EmbeddedServer, EmbeddedError> {
        if running_as_root() {
            return Err(EmbeddedError::Root);
        }
        let dir_error = |path: &Path| {
            let path = path.to_path_buf();
            move |source| EmbeddedError::DataDir { path, source }
        };
        std::fs::create_dir_all(data_dir).map_err(dir_error(data_dir))?;
        let data_dir = std::fs::canonicalize(data_dir).map_err(dir_error(data_dir))?;
        let lock = lock_data_dir(&data_dir)?;
        let password_file = data_dir.join("password");
        let password = read_or_create_password(&password_file).map_err(|e| match e {
            PasswordError::Io(source) => EmbeddedError::DataDir {
                path: password_file.clone(),
                source,
            },
            PasswordError::Random(e) => EmbeddedError::Random(e),
        })?;

        let mut settings = Settings::default();
        // `Settings::default()` creates (and keeps) two empty temporary directories for its own
        // defaults; we set both paths ourselves, so remove them again (only if still empty).
        let _ = std::fs::remove_dir(&settings.data_dir);
        if let Some(parent) = settings.password_file.parent() {
            let _ = std::fs::remove_dir(parent);
        }
        let pgdata = data_dir.join("pgdata");
        settings.data_dir = pgdata.clone();
        settings.password_file = password_file;
        settings.password = password;
        settings.host = "127.0.0.1".to_string();
        settings.temporary = false;
        settings.timeout = Some(COMMAND_TIMEOUT);
        settings.configuration = HashMap::from([
            ("listen_addresses".to_string(), "'127.0.0.1'".to_string()),
            // No Unix socket: the default directory (/var/run/postgresql) is not writable by a
            // normal user, and a socket path under a deep working directory can be too long.
            ("unix_socket_directories".to_string(), "''".to_string()),
        ]);
        if let Some((major, dir)) = installed_postgresql() {
            tracing::info!("embedded PostgreSQL: using the installed binaries in {dir:?}");
            settings.installation_dir = dir;
            settings.trust_installation_dir = true;
            if let Ok(version) = VersionReq::parse(&format!("={major}")) {
                settings.version = version;
            }
        } else {
            tracing::info!("embedded PostgreSQL: no installed binaries found, downloading");
        }

        // The crate's `Drop` stops whatever server runs on the data directory: a value that
        // never started one must not do that (it would stop a server it does not own).
        let mut setup = ManuallyDrop::new(PostgreSQL::new(settings));
        setup.setup().await.map_err(|source| match source {
            postgresql_embedded::Error::DatabaseInitializationError(ref text) => {
                EmbeddedError::Init {
                    pgdata: pgdata.clone(),
                    reason: command_reason(text),
                    source: Box::new(source),
                }
            }
            source => EmbeddedError::Install {
                source: Box::new(source),
            },
        })?;
        let settings = setup.settings().clone();
        let pg_ctl = settings.installation_dir.join("bin").join("pg_ctl");
        clear_leftover_server(&pgdata, &pg_ctl).await?;

        let log = pgdata.join("start.log");
        let mut attempt = 1;
        loop {
            let mut settings = settings.clone();
            settings.port = free_port().map_err(dir_error(&data_dir))?;
            let port = settings.port;
            let mut server = ManuallyDrop::new(PostgreSQL::new(settings));
            let log_start = std::fs::metadata(&log).map_or(0, |m| m.len());
            let Err(source) = server.start().await else {
                let server = ManuallyDrop::into_inner(server);
                let url = server.settings().url("postgres");
                tracing::info!(
                    "embedded PostgreSQL started on 127.0.0.1:{port} with data in {data_dir:?}"
                );
                return Ok(EmbeddedServer {
                    server,
                    url,
                    _lock: lock,
                });
            };
            // `pg_ctl start` gave up waiting, but the server may still come up: stop it.
            if let Holder::Running(_) = pid_file_holder(&pgdata) {
                let _ = stop_with_pg_ctl(&pg_ctl, &pgdata).await;
            }
            let new_log = read_from(&log, log_start);
            if new_log.contains("Address already in use") {
                if attempt < PORT_ATTEMPTS {
                    tracing::warn!("embedded PostgreSQL: port {port} was taken, trying another");
                    attempt += 1;
                    continue;
                }
                return Err(EmbeddedError::PortInUse {
                    pgdata,
                    port,
                    source: Box::new(source),
                });
            }
            let reason = match &source {
                postgresql_embedded::Error::DatabaseStartError(text)
                    if text.contains("deadline has elapsed") =>
                {
                    format!("it was not ready within {} s", COMMAND_TIMEOUT.as_secs())
                }
                postgresql_embedded::Error::DatabaseStartError(text) => {
                    log_reason(&new_log).unwrap_or_else(|| command_reason(text))
                }
                other => other.to_string(),
            };
            return Err(EmbeddedError::Start {
                pgdata,
                reason,
                log,
                source: Box::new(source),
            });
        }
    }

    /// The URL of the server's `postgres` database (holds the password: never log it).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stops the server (fast shutdown: open connections are closed).
    pub async fn stop(self) -> Result<(), EmbeddedError> {
        self.server.stop().await.map_err(|source| {
            let reason = match &source {
                postgresql_embedded::Error::DatabaseStopError(text) => command_reason(text),
                other => other.to_string(),
            };
            EmbeddedError::Stop {
                pgdata: self.server.settings().data_dir.clone(),
                reason,
                source: Box::new(source),
            }
        })
    }
}

mod leftover;
mod reasons;

use leftover::{
    Holder, clear_leftover_server, free_port, lock_data_dir, pid_file_holder, stop_with_pg_ctl,
};
use reasons::{command_reason, last_line, log_reason, read_from};

/// True when this process runs as root (uid 0), which `initdb` refuses.
pub fn running_as_root() -> bool {
    // /proc/self belongs to the process's effective user.
    match std::fs::metadata("/proc/self") {
        Ok(meta) => meta.uid() == 0,
        Err(_) => std::process::Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0"),
    }
}

/// The newest installed PostgreSQL with the server binaries we need: (major, installation dir).
fn installed_postgresql() -> Option<(u32, PathBuf)> {
    INSTALL_ROOTS
        .iter()
        .filter_map(|root| std::fs::read_dir(root).ok())
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let major: u32 = entry.file_name().to_str()?.parse().ok()?;
            let dir = entry.path();
            let bin = dir.join("bin");
            ["initdb", "pg_ctl", "postgres"]
                .iter()
                .all(|b| bin.join(b).is_file())
                .then_some((major, dir))
        })
        .max_by_key(|(major, _)| *major)
}

enum PasswordError {
    Io(std::io::Error),
    Random(String),
}

/// The password of an existing cluster, or a new random one written with mode 0600.
fn read_or_create_password(path: &Path) -> Result<String, PasswordError> {
    match std::fs::read_to_string(path) {
        Ok(password) if !password.trim().is_empty() => return Ok(password.trim().to_string()),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(PasswordError::Io(e)),
    }
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).map_err(|e| PasswordError::Random(e.to_string()))?;
    let password: String = bytes
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect();
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .map_err(PasswordError::Io)?;
    file.write_all(password.as_bytes())
        .map_err(PasswordError::Io)?;
    Ok(password)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_is_created_once_and_kept() {
        let dir = std::env::temp_dir().join(format!("fbbot-pw-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("password");
        let _ = std::fs::remove_file(&path);
        let first = read_or_create_password(&path).ok().expect("created");
        assert_eq!(first.len(), 24);
        assert!(first.chars().all(|c| c.is_ascii_alphanumeric()));
        let again = read_or_create_password(&path).ok().expect("read back");
        assert_eq!(first, again);
        let mode = std::fs::metadata(&path).expect("meta").mode() & 0o777;
        assert_eq!(mode, 0o600);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
