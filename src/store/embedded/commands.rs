//! The server's own commands (`initdb`, `pg_ctl start`, `pg_ctl stop`), run as the account that
//! owns the cluster ([`server_command`]), each bounded in time.

use std::os::unix::process::CommandExt;

use super::*;

/// The superuser `initdb` creates, whose password is in `<data_dir>/password`.
pub(super) const SUPERUSER: &str = "postgres";

/// A command that failed: a line saying why (from its output), and its whole output.
pub(super) struct Failed {
    pub reason: String,
    pub output: std::io::Error,
}

impl Failed {
    /// The command could not be run at all, or did not end in time.
    fn other(reason: String) -> Failed {
        Failed {
            output: std::io::Error::other(reason.clone()),
            reason,
        }
    }
}

/// Runs `command` to its end (at most [`COMMAND_TIMEOUT`]); its output when it succeeded.
async fn run(mut command: tokio::process::Command, what: &str) -> Result<String, Failed> {
    command
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let output = match tokio::time::timeout(COMMAND_TIMEOUT, command.output()).await {
        Err(_) => {
            return Err(Failed::other(format!(
                "{what} did not end within {} s",
                COMMAND_TIMEOUT.as_secs()
            )));
        }
        Ok(Err(e)) => return Err(Failed::other(format!("cannot run {what}: {e}"))),
        Ok(Ok(output)) => output,
    };
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    if output.status.success() {
        return Ok(stdout);
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    // The shape `command_reason` reads.
    let text = format!("Command error: stdout={stdout}; stderr={stderr}");
    Err(Failed {
        reason: command_reason(&text),
        output: std::io::Error::other(format!("{what} ({}): {text}", output.status)),
    })
}

/// The binaries of one PostgreSQL installation, run as one account.
#[derive(Clone, Debug)]
pub(super) struct Tools {
    pub bin: PathBuf,
    pub account: Option<Account>,
    /// The commands' working directory (the data directory, which the account can reach).
    pub dir: PathBuf,
}

impl Tools {
    fn command(&self, program: &str) -> tokio::process::Command {
        server_command(&self.bin.join(program), self.account.as_ref(), &self.dir)
    }

    pub fn pg_ctl(&self) -> PathBuf {
        self.bin.join("pg_ctl")
    }

    /// Creates the cluster in `pgdata` (an empty directory the account owns), its superuser's
    /// password read from `password_file` (which the account can read).
    pub async fn initdb(&self, pgdata: &Path, password_file: &Path) -> Result<(), Failed> {
        let mut command = self.command("initdb");
        command
            .arg("--pgdata")
            .arg(pgdata)
            .args(["--username", SUPERUSER, "--auth", "password", "--pwfile"])
            .arg(password_file)
            .args(["--encoding", "UTF8"]);
        run(command, "initdb").await.map(drop)
    }

    /// Starts the server on `port` (127.0.0.1 only, no Unix socket) and waits until it accepts
    /// connections; its output goes to `log`.
    pub async fn start(&self, pgdata: &Path, port: u16, log: &Path) -> Result<(), Failed> {
        let mut command = self.command("pg_ctl");
        // `-o` is read by a shell: the empty quotes are an empty value.
        let options =
            format!("-F -p {port} -c listen_addresses='127.0.0.1' -c unix_socket_directories=''");
        command
            .args(["start", "--pgdata"])
            .arg(pgdata)
            .arg("--log")
            .arg(log)
            // pg_ctl gives up (and says so) before the command's own limit.
            .args(["-o", &options, "-w", "-t"])
            .arg(
                COMMAND_TIMEOUT
                    .saturating_sub(Duration::from_secs(10))
                    .as_secs()
                    .to_string(),
            )
            .env("PGDATABASE", "");
        run(command, "pg_ctl start").await.map(drop)
    }

    /// [`Tools::stop`] from code that cannot wait asynchronously (a `Drop`), its outcome
    /// ignored.
    pub fn stop_now(&self, pgdata: &Path, seconds: u32) {
        let mut command = std::process::Command::new(self.pg_ctl());
        command
            .args(stop_arguments(pgdata, seconds))
            .current_dir(&self.dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        if let Some(account) = &self.account {
            command.uid(account.uid).gid(account.gid);
        }
        let _ = command.status();
    }

    /// Fast shutdown (open connections are closed), waiting at most `seconds`.
    pub async fn stop(&self, pgdata: &Path, seconds: u32) -> Result<(), Failed> {
        let mut command = self.command("pg_ctl");
        command.args(stop_arguments(pgdata, seconds));
        run(command, "pg_ctl stop")
            .await
            .map(drop)
            .map_err(|mut failed| {
                if failed.output.to_string().contains("did not shut down") {
                    failed.reason = format!("it did not shut down within {seconds} s");
                }
                failed
            })
    }
}

/// `pg_ctl`'s arguments for a fast shutdown of `pgdata`, waiting at most `seconds`.
fn stop_arguments(pgdata: &Path, seconds: u32) -> Vec<std::ffi::OsString> {
    vec![
        "stop".into(),
        "--pgdata".into(),
        pgdata.into(),
        "-m".into(),
        "fast".into(),
        "-w".into(),
        "-t".into(),
        seconds.to_string().into(),
    ]
}
