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

/// Takes the lock on `<data_dir>/lock` (released by the kernel when the process ends, also on
/// a crash): two bots on one data directory would otherwise stop each other's server.
fn lock_data_dir(data_dir: &Path) -> Result<std::fs::File, EmbeddedError> {
    let path = data_dir.join("lock");
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .open(&path)
        .map_err(|source| EmbeddedError::DataDir {
            path: path.clone(),
            source,
        })?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(EmbeddedError::Locked {
            path: data_dir.to_path_buf(),
        }),
        Err(std::fs::TryLockError::Error(source)) => Err(EmbeddedError::DataDir { path, source }),
    }
}

/// A free TCP port on 127.0.0.1 (free when asked: another process may take it before the server
/// binds it, hence the retries).
fn free_port() -> std::io::Result<u16> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0))?;
    Ok(listener.local_addr()?.port())
}

/// Who holds a data directory's `postmaster.pid`.
#[derive(Debug, PartialEq, Eq)]
enum Holder {
    /// No `postmaster.pid`.
    Nobody,
    /// A `postmaster.pid` whose process is gone, or is not a postgres of this directory (its
    /// pid was reused): it only blocks a start.
    Stale,
    /// A live postgres whose working directory is this data directory.
    Running(u32),
}

/// Reads `<pgdata>/postmaster.pid` (first line: the pid) and checks in `/proc` that its process
/// is alive and really a postgres server of `pgdata` (the postmaster runs in its data
/// directory).
fn pid_file_holder(pgdata: &Path) -> Holder {
    let text = match std::fs::read_to_string(pgdata.join("postmaster.pid")) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Holder::Nobody,
        // Unreadable: leave it to the server to judge.
        Err(_) => return Holder::Nobody,
    };
    // A single-user server writes its pid negated.
    let Some(pid) = text
        .lines()
        .next()
        .and_then(|line| line.trim().parse::<i64>().ok())
        .and_then(|pid| u32::try_from(pid.unsigned_abs()).ok())
        .filter(|pid| *pid > 0)
    else {
        return Holder::Stale;
    };
    if is_postgres_in(pid, pgdata) {
        Holder::Running(pid)
    } else {
        Holder::Stale
    }
}

/// True when process `pid` is alive, is a `postgres` and runs in directory `pgdata`.
fn is_postgres_in(pid: u32, pgdata: &Path) -> bool {
    let proc_dir = PathBuf::from(format!("/proc/{pid}"));
    // A zombie or another user's process has no readable working directory: not ours.
    let Ok(cwd) = std::fs::read_link(proc_dir.join("cwd")) else {
        return false;
    };
    let is_postgres = std::fs::read(proc_dir.join("cmdline")).is_ok_and(|cmdline| {
        cmdline
            .split(|b| *b == 0)
            .next()
            .map(|argv0| Path::new(std::ffi::OsStr::from_bytes(argv0)))
            .and_then(Path::file_name)
            .is_some_and(|name| name == "postgres" || name == "postmaster")
    });
    // `pgdata` may itself be a symbolic link; the working directory never is.
    is_postgres && std::fs::canonicalize(pgdata).is_ok_and(|pgdata| cwd == pgdata)
}

/// Makes the data directory startable after a crash: stops a server left running on it by an
/// earlier run, removes a stale `postmaster.pid`.
async fn clear_leftover_server(pgdata: &Path, pg_ctl: &Path) -> Result<(), EmbeddedError> {
    match pid_file_holder(pgdata) {
        Holder::Nobody => Ok(()),
        Holder::Stale => {
            tracing::warn!(
                "embedded PostgreSQL: removing a stale postmaster.pid in {pgdata:?} (no server \
                 of this directory runs)"
            );
            match std::fs::remove_file(pgdata.join("postmaster.pid")) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
                Err(source) => Err(EmbeddedError::DataDir {
                    path: pgdata.join("postmaster.pid"),
                    source,
                }),
            }
        }
        Holder::Running(pid) => {
            tracing::warn!(
                "embedded PostgreSQL: a server left running by an earlier run (pid {pid}) uses \
                 {pgdata:?}: stopping it"
            );
            stop_with_pg_ctl(pg_ctl, pgdata)
                .await
                .map_err(|(reason, source)| EmbeddedError::InUse {
                    pgdata: pgdata.to_path_buf(),
                    pid,
                    reason,
                    source,
                })?;
            match pid_file_holder(pgdata) {
                Holder::Running(pid) => Err(EmbeddedError::InUse {
                    pgdata: pgdata.to_path_buf(),
                    pid,
                    reason: "it is still running".to_string(),
                    source: std::io::Error::other("postmaster.pid is still held after pg_ctl stop"),
                }),
                _ => Ok(()),
            }
        }
    }
}

/// `pg_ctl stop -m fast`, waiting (bounded) until the server is gone. On failure: a short
/// reason, and the command's output as the source.
async fn stop_with_pg_ctl(pg_ctl: &Path, pgdata: &Path) -> Result<(), (String, std::io::Error)> {
    let output = tokio::process::Command::new(pg_ctl)
        .arg("stop")
        .arg("-D")
        .arg(pgdata)
        .args(["-m", "fast", "-w", "-t"])
        .arg(LEFTOVER_STOP_SECONDS.to_string())
        .kill_on_drop(true)
        .output()
        .await
        .map_err(|e| (format!("cannot run {}: {e}", pg_ctl.display()), e))?;
    if output.status.success() {
        return Ok(());
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let reason = if stdout.contains("did not shut down") || stderr.contains("did not shut down") {
        format!("it did not shut down within {LEFTOVER_STOP_SECONDS} s")
    } else {
        last_line(&stderr)
            .or_else(|| last_line(&stdout))
            .unwrap_or_else(|| format!("pg_ctl stop failed ({})", output.status))
    };
    Err((
        reason,
        std::io::Error::other(format!(
            "pg_ctl stop ({}): stdout={stdout}; stderr={stderr}",
            output.status
        )),
    ))
}

/// The text appended to a file since `offset` (empty when unreadable).
fn read_from(path: &Path, offset: u64) -> String {
    let Ok(bytes) = std::fs::read(path) else {
        return String::new();
    };
    let start = usize::try_from(offset).unwrap_or(0).min(bytes.len());
    String::from_utf8_lossy(&bytes[start..]).into_owned()
}

/// The first FATAL or PANIC message of a server log, without its line prefix, with what
/// explains it: the errors found in the configuration file, and the DETAIL and HINT lines that
/// follow it.
fn log_reason(log: &str) -> Option<String> {
    const LEVELS: &[&str] = &[
        "PANIC:", "FATAL:", "ERROR:", "WARNING:", "LOG:", "DETAIL:", "HINT:",
    ];
    let entries: Vec<(&str, &str)> = log
        .lines()
        .filter_map(|line| {
            LEVELS.iter().find_map(|level| {
                line.split_once(level)
                    .map(|(_, message)| (*level, message.trim()))
            })
        })
        .collect();
    let fatal = entries
        .iter()
        .position(|(level, _)| *level == "FATAL:" || *level == "PANIC:")?;
    let mut reason = entries[fatal].1.to_string();
    if reason.contains("contains errors") {
        // Each wrong setting was logged before the FATAL line.
        let errors: Vec<&str> = entries[..fatal]
            .iter()
            .filter(|(level, _)| *level == "LOG:" || *level == "ERROR:")
            .map(|(_, message)| *message)
            .collect();
        if !errors.is_empty() {
            reason = format!("{reason}: {}", errors.join("; "));
        }
    }
    for (level, message) in &entries[fatal + 1..] {
        if *level != "DETAIL:" && *level != "HINT:" {
            break;
        }
        reason.push(' ');
        reason.push_str(message);
    }
    Some(reason).filter(|reason| !reason.is_empty())
}

/// A short reason out of the crate's "Command error: stdout=…; stderr=…" text: the command's
/// own error line when there is one, else the last line it printed.
fn command_reason(text: &str) -> String {
    let (stdout, stderr) = match text.split_once("; stderr=") {
        Some((out, err)) => (out.trim_start_matches("Command error: stdout="), err),
        None => ("", text),
    };
    stderr
        .lines()
        .chain(stdout.lines())
        .find_map(|line| {
            line.split_once("error: ")
                .map(|(_, e)| e.trim().to_string())
        })
        .filter(|e| !e.is_empty())
        .or_else(|| last_line(stderr))
        .or_else(|| last_line(stdout))
        .unwrap_or_else(|| text.trim().to_string())
}

/// The last non-empty line of a command's output.
fn last_line(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .rfind(|line| !line.is_empty())
        .map(str::to_string)
}

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

    /// A fresh, canonical temporary directory standing in for a data directory.
    fn temp_pgdata(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fbbot-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        std::fs::canonicalize(&dir).expect("canonical")
    }

    fn write_pid_file(pgdata: &Path, pid: &str) {
        std::fs::write(
            pgdata.join("postmaster.pid"),
            format!(
                "{pid}\n{}\n1700000000\n5433\n\n127.0.0.1\n",
                pgdata.display()
            ),
        )
        .expect("pid file");
    }

    #[test]
    fn a_pid_file_is_stale_unless_a_postgres_of_the_directory_holds_it() {
        let pgdata = temp_pgdata("pidfile");
        assert_eq!(pid_file_holder(&pgdata), Holder::Nobody);

        write_pid_file(&pgdata, "not a pid");
        assert_eq!(pid_file_holder(&pgdata), Holder::Stale);

        // A process that has ended.
        let mut child = std::process::Command::new("true").spawn().expect("true");
        let dead = child.id();
        child.wait().expect("wait");
        write_pid_file(&pgdata, &dead.to_string());
        assert_eq!(pid_file_holder(&pgdata), Holder::Stale);

        // A live process that is not a postgres (this test), even in the directory.
        write_pid_file(&pgdata, &std::process::id().to_string());
        assert_eq!(pid_file_holder(&pgdata), Holder::Stale);
        let mut sleeper = std::process::Command::new("sleep")
            .arg("30")
            .current_dir(&pgdata)
            .spawn()
            .expect("sleep");
        write_pid_file(&pgdata, &sleeper.id().to_string());
        assert_eq!(pid_file_holder(&pgdata), Holder::Stale);
        let _ = sleeper.kill();
        let _ = sleeper.wait();
        let _ = std::fs::remove_dir_all(&pgdata);
    }

    #[tokio::test]
    async fn a_stale_pid_file_is_removed_and_nothing_else_is_touched() {
        let pgdata = temp_pgdata("stale");
        let mut sleeper = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .expect("sleep");
        write_pid_file(&pgdata, &sleeper.id().to_string());
        // pg_ctl is never run for a stale file: a path that does not exist proves it.
        clear_leftover_server(&pgdata, Path::new("/nonexistent/pg_ctl"))
            .await
            .expect("cleared");
        assert!(!pgdata.join("postmaster.pid").exists());
        // The process named in the file lives on.
        assert!(sleeper.try_wait().expect("try_wait").is_none());
        let _ = sleeper.kill();
        let _ = sleeper.wait();
        let _ = std::fs::remove_dir_all(&pgdata);
    }

    #[test]
    fn the_data_directory_is_locked_while_in_use() {
        let dir = temp_pgdata("lock");
        let lock = lock_data_dir(&dir).expect("first lock");
        match lock_data_dir(&dir) {
            Err(e @ EmbeddedError::Locked { .. }) => {
                assert!(e.to_string().contains("another fibonacci-bot"), "{e}");
            }
            other => panic!("expected Locked, got {other:?}"),
        }
        drop(lock);
        assert!(lock_data_dir(&dir).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn reasons_are_read_out_of_logs_and_command_output() {
        let log = "2026-01-01 10:00:00.000 UTC [42] LOG:  could not bind IPv4 address \
                   \"127.0.0.1\": Address already in use\n\
                   2026-01-01 10:00:00.000 UTC [42] FATAL:  could not create any TCP/IP sockets\n";
        assert_eq!(
            log_reason(log).as_deref(),
            Some("could not create any TCP/IP sockets")
        );
        assert_eq!(log_reason("LOG:  all fine\n"), None);
        let config = "2026-01-01 10:00:00.000 UTC [42] LOG:  invalid value for parameter \
                      \"max_connections\": \"lots\"\n\
                      2026-01-01 10:00:00.000 UTC [42] FATAL:  configuration file \"/d/x.conf\" \
                      contains errors\n";
        assert_eq!(
            log_reason(config).as_deref(),
            Some(
                "configuration file \"/d/x.conf\" contains errors: invalid value for parameter \
                 \"max_connections\": \"lots\""
            )
        );
        let lock = "FATAL:  lock file \"postmaster.pid\" already exists\n\
                    HINT:  Is another postmaster (PID 7) running in data directory \"/d\"?\n\
                    LOG:  later\n";
        assert_eq!(
            log_reason(lock).as_deref(),
            Some(
                "lock file \"postmaster.pid\" already exists Is another postmaster (PID 7) \
                 running in data directory \"/d\"?"
            )
        );

        let initdb = "Command error: stdout=The files belonging to this database system will be \
                      owned by user \"bob\".\n; stderr=initdb: error: directory \"/x\" exists but \
                      is not empty\ninitdb: hint: remove it\n";
        assert_eq!(
            command_reason(initdb),
            "directory \"/x\" exists but is not empty"
        );
        let stop = "Command error: stdout=; stderr=pg_ctl: could not send stop signal (PID: 7): \
                    Operation not permitted\n";
        assert_eq!(
            command_reason(stop),
            "pg_ctl: could not send stop signal (PID: 7): Operation not permitted"
        );
        assert_eq!(
            command_reason("deadline has elapsed"),
            "deadline has elapsed"
        );
    }
}
