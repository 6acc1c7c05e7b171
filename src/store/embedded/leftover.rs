//! What a run that ended badly leaves behind, and keeping two runs apart: the lock on the data
//! directory, a server still running on it (found through `postmaster.pid`), and stopping it.

use super::*;

/// Takes the lock on `<data_dir>/lock` (released by the kernel when the process ends, also on
/// a crash): two bots on one data directory would otherwise stop each other's server.
pub(super) fn lock_data_dir(data_dir: &Path) -> Result<std::fs::File, EmbeddedError> {
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
pub(super) fn free_port() -> std::io::Result<u16> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0))?;
    Ok(listener.local_addr()?.port())
}

/// Who holds a data directory's `postmaster.pid`.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Holder {
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
pub(super) fn pid_file_holder(pgdata: &Path) -> Holder {
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
pub(super) fn is_postgres_in(pid: u32, pgdata: &Path) -> bool {
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
pub(super) async fn clear_leftover_server(
    pgdata: &Path,
    tools: &Tools,
) -> Result<(), EmbeddedError> {
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
            tools
                .stop(pgdata, LEFTOVER_STOP_SECONDS)
                .await
                .map_err(|failed| EmbeddedError::InUse {
                    pgdata: pgdata.to_path_buf(),
                    pid,
                    reason: failed.reason,
                    source: failed.output,
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let tools = Tools {
            bin: PathBuf::from("/nonexistent"),
            account: None,
            dir: pgdata.clone(),
        };
        clear_leftover_server(&pgdata, &tools)
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
}
