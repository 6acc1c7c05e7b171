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
//!
//! As root (a container, typically), the server's commands, and so every server process, run as
//! an unprivileged account (`account.rs`): PostgreSQL refuses root, and the bot keeps root only
//! for itself. The cluster belongs to that account; the lock and the password stay root's.

use std::io::Write;
use std::mem::ManuallyDrop;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

use postgresql_embedded::{PostgreSQL, Settings};

/// Why the embedded server could not be started or stopped.
///
/// Each message says what went wrong in words a host understands; the output of the PostgreSQL
/// commands, when there is one, is kept in the error's source.
#[derive(Debug, thiserror::Error)]
pub enum EmbeddedError {
    /// As root, no unprivileged account to run the server as could be found or made.
    #[error(
        "running as root, the embedded PostgreSQL needs an unprivileged account to run as, and \
         the account {name} could not be created ({reason}): create it (useradd --system \
         {name}), or set DATABASE_URL to a PostgreSQL server"
    )]
    Account { name: String, reason: String },
    /// As root, the server's account cannot reach the data directory.
    #[error(
        "the embedded PostgreSQL runs as the account {account}, which cannot reach \
         {data_dir}: {blocker} is closed to it. Set FIBONACCI_BOT_DATA_DIR to a directory \
         outside it (for example /var/lib/fibonacci-bot/postgres)"
    )]
    Unreachable {
        data_dir: PathBuf,
        account: String,
        blocker: PathBuf,
    },
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
        source: std::io::Error,
    },
    #[error("the embedded PostgreSQL in {pgdata} could not start: port {port} is in use")]
    PortInUse {
        pgdata: PathBuf,
        port: u16,
        #[source]
        source: std::io::Error,
    },
    #[error("the embedded PostgreSQL in {pgdata} could not start: {reason} (its log: {log})")]
    Start {
        pgdata: PathBuf,
        reason: String,
        log: PathBuf,
        #[source]
        source: std::io::Error,
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
        source: std::io::Error,
    },
    #[error("no random source for the database password: {0}")]
    Random(String),
}

/// The error for a file or directory of the data directory that could not be prepared.
fn dir_error(path: &Path) -> impl FnOnce(std::io::Error) -> EmbeddedError + use<> {
    let path = path.to_path_buf();
    move |source| EmbeddedError::DataDir { path, source }
}

/// A running embedded server.
pub struct EmbeddedServer {
    tools: Tools,
    pgdata: PathBuf,
    port: u16,
    url: String,
    /// False once [`EmbeddedServer::stop`] ran: a value dropped without it stops its server.
    running: bool,
    /// Holds the lock on `<data_dir>/lock` while the server is ours.
    _lock: std::fs::File,
}

// By hand: the URL holds the database password.
impl std::fmt::Debug for EmbeddedServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmbeddedServer")
            .field("pgdata", &self.pgdata)
            .field("port", &self.port)
            .field("account", &self.tools.account)
            .finish_non_exhaustive()
    }
}

/// Where the binaries of an installed PostgreSQL live, newest major version first.
const INSTALL_ROOTS: &[&str] = &["/usr/lib/postgresql"];

/// `initdb` on a loaded 2-core machine can take tens of seconds.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);

/// How long a server left running by a crashed run gets to shut down (`pg_ctl stop -t`).
const LEFTOVER_STOP_SECONDS: u32 = 60;

/// How long a server gets to shut down when the bot stops.
const STOP_SECONDS: u32 = 60;

/// Starts tried when the chosen free port is taken before the server binds it.
const PORT_ATTEMPTS: u32 = 3;

impl EmbeddedServer {
    /// Starts the server with its data in `data_dir` (created and initialised on first use).
    /// As root, the server runs as an unprivileged account ([`SERVER_ACCOUNT`], created when
    /// missing, or the owner of an existing cluster) and its cluster belongs to that account.
    ///
    /// A server left running on the same data by a run that crashed (killed without stopping
    /// it) is stopped first, and a stale `postmaster.pid` is removed. Servers of other data
    /// directories are never touched.
    pub async fn start(data_dir: &Path) -> Result<EmbeddedServer, EmbeddedError> {
        // As root, the directories made here must let the server's account through whatever
        // the umask (a hardened host's 027 or 077 would close them).
        let missing: Vec<PathBuf> = data_dir
            .ancestors()
            .take_while(|dir| !dir.as_os_str().is_empty() && !dir.exists())
            .map(Path::to_path_buf)
            .collect();
        std::fs::create_dir_all(data_dir).map_err(dir_error(data_dir))?;
        if running_as_root() {
            for dir in &missing {
                let_through(dir)?;
            }
        }
        let data_dir = std::fs::canonicalize(data_dir).map_err(dir_error(data_dir))?;
        let lock = lock_data_dir(&data_dir)?;
        let pgdata = data_dir.join("pgdata");
        let account = server_account(&pgdata)?;
        if let Some(account) = &account {
            open_to(&data_dir, account)?;
        }
        let password_file = data_dir.join("password");
        let password = read_or_create_password(&password_file).map_err(|e| match e {
            PasswordError::Io(source) => EmbeddedError::DataDir {
                path: password_file.clone(),
                source,
            },
            PasswordError::Random(e) => EmbeddedError::Random(e),
        })?;
        if let Some(account) = &account
            && pgdata.join("PG_VERSION").is_file()
            && std::fs::metadata(&pgdata).is_ok_and(|meta| meta.uid() == 0)
        {
            tracing::warn!(
                "embedded PostgreSQL: the cluster in {pgdata:?} belongs to root: handing it over \
                 to {}",
                account.name
            );
            hand_over_tree(&pgdata, account)?;
        }
        let tools = Tools {
            bin: binaries(&data_dir, account.is_some()).await?.join("bin"),
            account,
            dir: data_dir.clone(),
        };
        if !pgdata.join("PG_VERSION").is_file() {
            tracing::info!(
                "first start on this data directory: creating the game database in {} (every \
                 game lives there; back it up, and set FIBONACCI_BOT_DATA_DIR to keep it \
                 elsewhere)",
                data_dir.display()
            );
            initialise(&tools, &pgdata, &password).await?;
        }
        clear_leftover_server(&pgdata, &tools).await?;

        let log = pgdata.join("start.log");
        let mut attempt = 1;
        loop {
            let port = free_port().map_err(dir_error(&data_dir))?;
            let log_start = std::fs::metadata(&log).map_or(0, |m| m.len());
            let Err(failed) = tools.start(&pgdata, port, &log).await else {
                tracing::info!(
                    "embedded PostgreSQL started on 127.0.0.1:{port} with data in {data_dir:?}{}",
                    tools
                        .account
                        .as_ref()
                        .map_or(String::new(), |a| format!(", as the account {}", a.name))
                );
                return Ok(EmbeddedServer {
                    url: format!("postgresql://{SUPERUSER}:{password}@127.0.0.1:{port}/postgres"),
                    tools,
                    pgdata,
                    port,
                    running: true,
                    _lock: lock,
                });
            };
            // `pg_ctl start` gave up waiting, but the server may still come up: stop it.
            if let Holder::Running(_) = pid_file_holder(&pgdata) {
                let _ = tools.stop(&pgdata, LEFTOVER_STOP_SECONDS).await;
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
                    source: failed.output,
                });
            }
            let reason = if failed
                .output
                .to_string()
                .contains("server did not start in time")
            {
                format!("it was not ready within {} s", COMMAND_TIMEOUT.as_secs())
            } else {
                log_reason(&new_log).unwrap_or(failed.reason)
            };
            return Err(EmbeddedError::Start {
                pgdata,
                reason,
                log,
                source: failed.output,
            });
        }
    }

    /// The URL of the server's `postgres` database (holds the password: never log it).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stops the server (fast shutdown: open connections are closed).
    pub async fn stop(mut self) -> Result<(), EmbeddedError> {
        self.running = false;
        self.tools
            .stop(&self.pgdata, STOP_SECONDS)
            .await
            .map_err(|failed| EmbeddedError::Stop {
                pgdata: self.pgdata.clone(),
                reason: failed.reason,
                source: failed.output,
            })
    }
}

impl Drop for EmbeddedServer {
    /// A server whose value is dropped without [`EmbeddedServer::stop`] (a panic, an early
    /// return) is stopped all the same, so that it does not outlive the bot.
    fn drop(&mut self) {
        if self.running && matches!(pid_file_holder(&self.pgdata), Holder::Running(_)) {
            self.tools.stop_now(&self.pgdata, STOP_SECONDS);
        }
    }
}

/// Creates the cluster in `pgdata`, owned by the tools' account, with `password` for its
/// superuser. A directory left empty or half-made by an `initdb` that was killed is made anew.
async fn initialise(tools: &Tools, pgdata: &Path, password: &str) -> Result<(), EmbeddedError> {
    if pgdata.exists() {
        std::fs::remove_dir_all(pgdata).map_err(dir_error(pgdata))?;
    }
    std::fs::create_dir(pgdata).map_err(dir_error(pgdata))?;
    std::fs::set_permissions(pgdata, std::fs::Permissions::from_mode(0o700))
        .map_err(dir_error(pgdata))?;
    give_to(pgdata, tools.account.as_ref())?;
    // `initdb` reads the password from a file the account can read: a copy it owns, removed
    // once read.
    let copy = tools.dir.join("password.initdb");
    let _ = std::fs::remove_file(&copy);
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&copy)
        .and_then(|mut file| file.write_all(password.as_bytes()))
        .map_err(dir_error(&copy))?;
    give_to(&copy, tools.account.as_ref())?;
    let result = tools.initdb(pgdata, &copy).await;
    let _ = std::fs::remove_file(&copy);
    result.map_err(|failed| EmbeddedError::Init {
        pgdata: pgdata.to_path_buf(),
        reason: failed.reason,
        source: failed.output,
    })
}

/// The installation to run: an installed PostgreSQL when there is one, else a build downloaded
/// by the `postgresql_embedded` crate (into `~/.theseus`, or, as root, into the data directory,
/// which the server's account can reach).
async fn binaries(data_dir: &Path, as_root: bool) -> Result<PathBuf, EmbeddedError> {
    if let Some((_, dir)) = installed_postgresql() {
        tracing::info!("embedded PostgreSQL: using the installed binaries in {dir:?}");
        return Ok(dir);
    }
    tracing::info!("embedded PostgreSQL: no installed binaries found, downloading");
    let mut settings = Settings::default();
    // `Settings::default()` creates two empty temporary directories for its own defaults.
    let _ = std::fs::remove_dir(&settings.data_dir);
    if let Some(parent) = settings.password_file.parent() {
        let _ = std::fs::remove_dir(parent);
    }
    if as_root {
        settings.installation_dir = data_dir.join("binaries");
    }
    // The crate's `setup` installs, then runs `initdb` unless its data directory holds a
    // `postgresql.conf`: give it one that does, so that it only installs (`initdb` is ours, run
    // as the right account).
    let placeholder = data_dir.join("install-only");
    std::fs::create_dir_all(&placeholder).map_err(dir_error(&placeholder))?;
    std::fs::write(placeholder.join("postgresql.conf"), "").map_err(dir_error(&placeholder))?;
    settings.data_dir = placeholder.clone();
    settings.password_file = placeholder.join("password");
    settings.temporary = false;
    settings.timeout = Some(COMMAND_TIMEOUT);
    // Its `Drop` would stop a server on the placeholder: there is none, and nothing to do.
    let mut installer = ManuallyDrop::new(PostgreSQL::new(settings));
    let installed = installer.setup().await;
    let _ = std::fs::remove_dir_all(&placeholder);
    installed.map_err(|source| EmbeddedError::Install {
        source: Box::new(source),
    })?;
    let installation = installer.settings().installation_dir.clone();
    if as_root {
        // Extracted under root's umask: the server's account must be able to run it.
        open_tree(&installation)?;
    }
    Ok(installation)
}

mod account;
mod commands;
mod leftover;
mod reasons;

pub use account::{Account, SERVER_ACCOUNT};
use account::{
    give_to, hand_over_tree, let_through, open_to, open_tree, server_account, server_command,
};
use commands::{SUPERUSER, Tools};
use leftover::{Holder, clear_leftover_server, free_port, lock_data_dir, pid_file_holder};
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
