//! The embedded PostgreSQL (no `DATABASE_URL`): as root it runs its server as an unprivileged
//! account; it starts, keeps its data across restarts, starts again after a crash left its server
//! running, and serves the test suite itself on a machine without PostgreSQL.
//!
//! The phase tests re-run this test binary once per phase, each phase a separate process: a real
//! restart (or crash) of the bot's database. When the tests run as root (CI), the phases run as
//! the `postgres` user (`runuser`), so that a normal user's path is tested too; the `as_root`
//! tests take root's own path.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::time::{Duration, Instant};

use fibonacci_bot::app::{
    ColourChoice, DatabaseConfig, LEGACY_DATA_DIR, NewChallenge, Running, StartError, chain,
    default_data_dir, default_data_dir_for, legacy_data_dir, start,
};
use fibonacci_bot::engine::{Config, GameKind};
use fibonacci_bot::store::embedded::{EmbeddedError, EmbeddedServer, running_as_root};

/// Set in the child process: which phase to run, and where the data lives.
const PHASE_VAR: &str = "FIBONACCI_BOT_EMBEDDED_TEST_PHASE";
const DIR_VAR: &str = "FIBONACCI_BOT_EMBEDDED_TEST_DIR";
/// The child test's name as the test harness knows it: its path in this test binary.
fn child_test() -> String {
    let name = "embedded_child_phase";
    match module_path!().split_once("::") {
        Some((_crate, module)) => format!("{module}::{name}"),
        None => name.to_string(),
    }
}

const CHANNEL: u64 = 77;
const ALICE: u64 = 11;
const BOB: u64 = 22;

/// Alice challenges Bob to a rated Fanorona game in [`CHANNEL`].
fn a_challenge() -> NewChallenge {
    NewChallenge {
        challenger: ALICE,
        challenged: BOB,
        guild: 1,
        channel: CHANNEL,
        config: Config::default_for(GameKind::Fanorona),
        colour: ColourChoice::ChallengerFirst,
        clock: Default::default(),
        rated: true,
    }
}

/// A fresh (absent) directory for a test of root's own path, or `None`, said, when not root.
fn root_workspace(name: &str) -> Option<PathBuf> {
    if !running_as_root() {
        eprintln!("not root: nothing to hand over");
        return None;
    }
    let dir = std::env::temp_dir().join(format!("fbbot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Some(dir)
}

/// The owner (uid) of a file.
fn owner(path: &Path) -> u32 {
    std::os::unix::fs::MetadataExt::uid(&std::fs::metadata(path).expect("metadata"))
}

/// The real user id of a running process.
fn process_uid(pid: u32) -> u32 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .expect("status")
        .lines()
        .find_map(|line| line.strip_prefix("Uid:"))
        .and_then(|ids| ids.split_whitespace().next())
        .and_then(|uid| uid.parse().ok())
        .expect("Uid line")
}

#[tokio::test]
async fn as_root_the_embedded_database_runs_as_an_unprivileged_account() {
    let Some(base) = root_workspace("root") else {
        return;
    };
    let data_dir = base.join("data");
    let config = DatabaseConfig::Embedded {
        data_dir: data_dir.clone(),
    };
    let running = start(config.clone()).await.expect("starts as root");
    let pgdata = std::fs::canonicalize(data_dir.join("pgdata")).expect("pgdata");
    let server = postmaster_pid(&pgdata).expect("a server runs");
    let uid = process_uid(server);
    assert_ne!(uid, 0, "the server must not run as root");
    // The cluster is the account's, closed to others; the lock and the password stay root's.
    assert_eq!(owner(&pgdata), uid);
    assert_eq!(
        std::fs::metadata(&pgdata)
            .expect("meta")
            .permissions()
            .mode()
            & 0o777,
        0o700
    );
    assert_eq!(owner(&data_dir.join("password")), 0);
    assert_eq!(owner(&data_dir.join("lock")), 0);
    assert!(!data_dir.join("password.initdb").exists());
    // The bot itself keeps running as root, and the service works.
    assert!(running_as_root());
    let challenge = running
        .service
        .challenge(a_challenge())
        .await
        .expect("challenge");
    running.shutdown().await;
    assert!(
        wait_until(Duration::from_secs(30), || !alive(server)),
        "the server stops with the bot"
    );

    // The next start finds the same account through the cluster's owner, and the data.
    let running = start(config.clone()).await.expect("starts again");
    let again = postmaster_pid(&pgdata).expect("a server runs");
    assert_eq!(process_uid(again), uid);
    running.shutdown().await;
    assert!(wait_until(Duration::from_secs(30), || !alive(again)));

    // A cluster that came back owned by root (a backup restored as root) is handed over again.
    let status = Command::new("chown")
        .args(["-R", "root:"])
        .arg(&pgdata)
        .status()
        .expect("chown");
    assert!(status.success());
    let running = start(config)
        .await
        .expect("starts with a root-owned cluster");
    let again = postmaster_pid(&pgdata).expect("a server runs");
    assert_eq!(process_uid(again), uid);
    let found = running
        .service
        .challenge_by_id(challenge.id)
        .await
        .expect("read back");
    assert!(found.is_some(), "the challenge outlived the restart");
    running.shutdown().await;
    let _ = std::fs::remove_dir_all(&base);
}

#[tokio::test]
async fn as_root_a_data_directory_the_account_cannot_reach_is_refused_in_words() {
    let Some(closed) = root_workspace("closed") else {
        return;
    };
    std::fs::create_dir_all(&closed).expect("dir");
    std::fs::set_permissions(&closed, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    let data_dir = closed.join("inner/data");
    let error = start(DatabaseConfig::Embedded {
        data_dir: data_dir.clone(),
    })
    .await
    .expect_err("unreachable for the server's account");
    let message = error.to_string();
    assert!(
        matches!(
            error,
            StartError::Embedded(EmbeddedError::Unreachable { .. })
        ),
        "{error:?}"
    );
    assert!(
        message.contains(&format!("{} is closed to it", closed.display())),
        "{message}"
    );
    assert!(message.contains("FIBONACCI_BOT_DATA_DIR"), "{message}");
    // Nothing was initialised.
    assert!(!data_dir.join("pgdata").exists());
    let _ = std::fs::remove_dir_all(&closed);
}

#[test]
fn without_database_url_the_data_lives_under_the_configured_directory() {
    // Read from the environment of this process (set by the test runner or CI).
    match DatabaseConfig::from_env() {
        DatabaseConfig::Url(url) => {
            assert_eq!(
                Some(url),
                std::env::var("DATABASE_URL")
                    .ok()
                    .map(|u| u.trim().to_string())
            );
        }
        DatabaseConfig::Embedded { data_dir } => {
            let expected = std::env::var_os("FIBONACCI_BOT_DATA_DIR")
                .filter(|d| !d.is_empty())
                .map_or_else(default_data_dir, PathBuf::from);
            assert_eq!(data_dir, expected);
        }
    }
    // As root the default is out of reach of any home directory (the server's account could not
    // enter /root); otherwise the user's data directory, wherever the bot is started from.
    let default = default_data_dir();
    if running_as_root() {
        assert_eq!(default, PathBuf::from("/var/lib/fibonacci-bot/postgres"));
    } else {
        assert_eq!(
            default,
            default_data_dir_for(
                false,
                std::env::var_os("XDG_DATA_HOME"),
                std::env::var_os("HOME")
            )
        );
    }
}

#[test]
fn the_default_data_directory_is_the_users_not_the_working_directorys() {
    let os = |s: &str| Some(std::ffi::OsString::from(s));
    let cases = [
        (
            true,
            os("/x"),
            os("/home/a"),
            "/var/lib/fibonacci-bot/postgres",
        ),
        (
            false,
            os("/x/data"),
            os("/home/a"),
            "/x/data/fibonacci-bot/postgres",
        ),
        // The XDG specification ignores a relative XDG_DATA_HOME.
        (
            false,
            os("rel"),
            os("/home/a"),
            "/home/a/.local/share/fibonacci-bot/postgres",
        ),
        (
            false,
            None,
            os("/home/a"),
            "/home/a/.local/share/fibonacci-bot/postgres",
        ),
        (
            false,
            os(""),
            os("/home/a"),
            "/home/a/.local/share/fibonacci-bot/postgres",
        ),
        (false, None, None, LEGACY_DATA_DIR),
    ];
    for (root, xdg, home, expected) in cases {
        assert_eq!(
            default_data_dir_for(root, xdg.clone(), home.clone()),
            PathBuf::from(expected),
            "root {root}, XDG_DATA_HOME {xdg:?}, HOME {home:?}"
        );
    }
}

#[test]
fn an_earlier_versions_database_in_the_working_directory_is_still_found() {
    let ws = Workspace::as_this_user("legacy");
    let here = ws.base.join("work");
    let default = ws.base.join("home/.local/share/fibonacci-bot/postgres");
    let cluster = |dir: &Path| {
        std::fs::create_dir_all(dir.join("pgdata")).expect("pgdata");
        std::fs::write(dir.join("pgdata/PG_VERSION"), "15\n").expect("PG_VERSION");
    };
    std::fs::create_dir_all(&here).expect("working directory");
    // Nothing anywhere: a new database in the default place.
    assert_eq!(legacy_data_dir(&default, &here), None);
    // An empty ./data/postgres (no cluster in it) is not a database.
    std::fs::create_dir_all(here.join(LEGACY_DATA_DIR)).expect("empty");
    assert_eq!(legacy_data_dir(&default, &here), None);
    // An earlier version's cluster: still used.
    cluster(&here.join(LEGACY_DATA_DIR));
    assert_eq!(
        legacy_data_dir(&default, &here),
        Some(here.join(LEGACY_DATA_DIR))
    );
    // Once moved (the default holds a cluster), the default wins.
    cluster(&default);
    assert_eq!(legacy_data_dir(&default, &here), None);
}

/// A directory for one test's data, removed (with any server left running on it) on drop.
struct Workspace {
    base: PathBuf,
    /// A copy of this test binary the `postgres` user can run, when running as root.
    binary: Option<PathBuf>,
}

impl Workspace {
    /// A workspace whose commands run as this user, root or not.
    fn as_this_user(name: &str) -> Workspace {
        let base = std::env::temp_dir().join(format!("fbbot-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(&base).expect("temp dir");
        Workspace { base, binary: None }
    }

    fn new(name: &str) -> Workspace {
        let base = std::env::temp_dir().join(format!("fbbot-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(&base).expect("temp dir");
        let binary = if running_as_root() {
            // The postgres user must reach the binary and own the data: copy the binary into a
            // directory it can traverse, and hand the directory over.
            let copy = base.join("test-binary");
            std::fs::copy(std::env::current_exe().expect("test binary"), &copy).expect("copy");
            std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).expect("chmod");
            std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o755)).expect("chmod");
            let status = Command::new("chown")
                .args(["-R", "postgres:"])
                .arg(&base)
                .status()
                .expect("chown");
            assert!(status.success(), "chown failed");
            Some(copy)
        } else {
            None
        };
        Workspace { base, binary }
    }

    /// This test binary, run as the `postgres` user when running as root, without
    /// `DATABASE_URL`, in the workspace.
    fn command(&self) -> Command {
        let mut command = match &self.binary {
            Some(binary) => {
                let mut command = Command::new("runuser");
                command.args(["-u", "postgres", "--"]).arg(binary);
                command
            }
            None => Command::new(std::env::current_exe().expect("test binary")),
        };
        command.env_remove("DATABASE_URL").current_dir(&self.base);
        command
    }

    /// Runs one phase of [`embedded_child_phase`].
    fn phase(&self, phase: &str) -> ExitStatus {
        self.command()
            .arg(child_test())
            .args(["--exact", "--ignored", "--nocapture", "--test-threads=1"])
            .env(PHASE_VAR, phase)
            .env(DIR_VAR, &self.base)
            .status()
            .expect("run the child phase")
    }

    fn run_phase(&self, phase: &str) {
        let status = self.phase(phase);
        assert!(status.success(), "phase {phase} failed: {status}");
    }

    fn pgdata(&self) -> PathBuf {
        self.base.join("data/pgdata")
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        // A failed test may leave a server running: stop it (its pid file names it).
        if let Some(pid) = postmaster_pid(&self.pgdata())
            && alive(pid)
        {
            let _ = Command::new("kill")
                .args(["-INT", &pid.to_string()])
                .status();
            wait_until(Duration::from_secs(30), || !alive(pid));
        }
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

/// The pid in `<pgdata>/postmaster.pid`, if any.
fn postmaster_pid(pgdata: &Path) -> Option<u32> {
    std::fs::read_to_string(pgdata.join("postmaster.pid"))
        .ok()?
        .lines()
        .next()?
        .trim()
        .parse()
        .ok()
}

/// True while process `pid` exists (and is not a zombie).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')')
            .next()
            .map(str::trim_start)
            .is_some_and(|s| !s.starts_with('Z'))
    })
}

/// Polls `done` until it holds or `limit` has passed; true when it held.
fn wait_until(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    done()
}

#[test]
fn the_embedded_database_starts_and_keeps_its_data_across_restarts() {
    let workspace = Workspace::new("embedded");
    workspace.run_phase("create");
    workspace.run_phase("check");
    assert!(workspace.pgdata().join("PG_VERSION").is_file());
}

#[test]
fn the_first_start_after_a_crash_succeeds() {
    let workspace = Workspace::new("embedded-crash");
    // The bot starts its database, plays, and is killed (SIGKILL): its server runs on.
    let status = workspace.phase("crash");
    // Killed by SIGKILL: directly, or as runuser reports it (128 + 9).
    assert!(
        status.signal() == Some(9) || status.code() == Some(128 + 9),
        "the crash phase should have been killed: {status}"
    );
    let orphan = postmaster_pid(&workspace.pgdata()).expect("the crashed run left its server");
    assert!(
        alive(orphan),
        "the orphaned server {orphan} should still run"
    );

    // The first start after the crash succeeds, with the data, and the orphan is gone.
    workspace.run_phase("check");
    assert!(
        !alive(orphan),
        "the orphaned server {orphan} should have been stopped"
    );

    // A postmaster.pid naming a live process that is not our server (the pid was reused) does
    // not block a start either, and that process is left alone.
    workspace.run_phase("stale");
}

#[test]
fn a_failed_start_is_put_into_words() {
    Workspace::new("embedded-broken").run_phase("broken");
}

/// The "broken" phase: a server whose configuration is broken cannot start; the message says
/// where and why, the commands' raw output stays in the source chain.
async fn broken_configuration(data_dir: PathBuf) {
    let server = EmbeddedServer::start(&data_dir).await.expect("first start");
    server.stop().await.expect("stop");
    let pgdata = std::fs::canonicalize(data_dir.join("pgdata")).expect("pgdata");
    let mut conf = std::fs::read_to_string(pgdata.join("postgresql.conf")).expect("conf");
    conf.push_str("\nmax_connections = lots\n");
    std::fs::write(pgdata.join("postgresql.conf"), conf).expect("break the configuration");

    let error = start(DatabaseConfig::Embedded { data_dir })
        .await
        .expect_err("a broken configuration cannot start");
    let message = error.to_string();
    println!("what the host reads: {message}");
    assert!(
        matches!(error, StartError::Embedded(EmbeddedError::Start { .. })),
        "{error:?}"
    );
    let expected = format!(
        "the embedded PostgreSQL in {} could not start: ",
        pgdata.display()
    );
    assert!(message.starts_with(&expected), "{message}");
    assert!(message.contains("max_connections"), "{message}");
    assert!(message.contains("start.log"), "{message}");
    assert!(!message.contains("Command error"), "{message}");
    assert!(
        chain(&error).contains("Command error"),
        "the detail stays in the chain"
    );
}

/// Not a test of its own: the child process of the test below (ignored unless asked for).
#[tokio::test]
#[ignore = "run by the_test_suite_starts_an_embedded_server_when_there_is_none"]
async fn fallback_child_one() {
    fallback_child().await;
}

/// The same, run at the same time (two test threads): the two share one embedded server.
#[tokio::test]
#[ignore = "run by the_test_suite_starts_an_embedded_server_when_there_is_none"]
async fn fallback_child_two() {
    fallback_child().await;
}

async fn fallback_child() {
    let Ok(unused) = std::env::var(common::DEFAULT_URL_VAR) else {
        return;
    };
    let db = common::fresh_database().await;
    // Not the default server (nothing answers there): this binary's embedded one.
    assert!(
        !db.url()
            .starts_with(&unused[..unused.rfind('/').unwrap_or(0)])
    );
    let service = fibonacci_bot::app::Service::connect(db.url())
        .await
        .expect("connect and migrate");
    service.challenge(a_challenge()).await.expect("challenge");
    println!(
        "fallback server: {}",
        common::admin_url().split('@').next_back().unwrap_or("")
    );
}

#[test]
fn the_test_suite_starts_an_embedded_server_when_there_is_none() {
    suite_falls_back_to_an_embedded_server(Workspace::new("embedded-suite"));
}

/// The same as root when the tests run as root (CI): `cargo test` needs no set-up there either.
#[test]
fn the_test_suite_starts_an_embedded_server_as_root_too() {
    suite_falls_back_to_an_embedded_server(Workspace::as_this_user("embedded-suite-self"));
}

fn suite_falls_back_to_an_embedded_server(workspace: Workspace) {
    // A port nothing listens on, standing in for the default 127.0.0.1:5432 of a machine
    // without PostgreSQL (the machine's own server must keep running).
    let port = std::net::TcpListener::bind(("127.0.0.1", 0))
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let output = workspace
        .command()
        .args([
            "fallback_child_",
            "--ignored",
            "--nocapture",
            "--test-threads=2",
        ])
        .env(
            common::DEFAULT_URL_VAR,
            format!("postgres://postgres@127.0.0.1:{port}/postgres"),
        )
        // The embedded server's data goes under the workspace, to be checked below.
        .env("TMPDIR", &workspace.base)
        .output()
        .expect("run the child tests");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "child tests failed: {}\n{stdout}\n{stderr}",
        output.status
    );
    assert!(stdout.contains("2 passed"), "{stdout}");
    // One embedded server for the whole binary.
    assert_eq!(
        stderr.matches("starting an embedded PostgreSQL").count(),
        1,
        "{stderr}"
    );
    // When the test binary has ended, its server is stopped and its data removed.
    let leftovers = || {
        std::fs::read_dir(&workspace.base)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter(|e| e.file_name().to_string_lossy().starts_with("fbbot-testdb-"))
                    .count()
            })
            .unwrap_or(0)
    };
    assert!(
        wait_until(Duration::from_secs(60), || leftovers() == 0),
        "the embedded server's directory was not removed"
    );
}

/// Not a test of its own: the child process of the test above (ignored unless asked for).
#[tokio::test]
#[ignore = "run by the_embedded_database_starts_and_keeps_its_data_across_restarts"]
async fn embedded_child_phase() {
    let (Some(phase), Some(dir)) = (std::env::var_os(PHASE_VAR), std::env::var_os(DIR_VAR)) else {
        return;
    };
    let phase = phase.to_string_lossy().into_owned();
    let data_dir = PathBuf::from(dir).join("data");
    if phase == "broken" {
        return broken_configuration(data_dir).await;
    }
    // "stale": the pid file of a server that is gone, naming a live process that is not one.
    let mut bystander = None;
    if phase == "stale" {
        let pgdata = data_dir.join("pgdata");
        assert!(!pgdata.join("postmaster.pid").exists(), "no server runs");
        let sleeper = Command::new("sleep").arg("60").spawn().expect("sleep");
        std::fs::write(
            pgdata.join("postmaster.pid"),
            format!(
                "{}\n{}\n1700000000\n5433\n\n127.0.0.1\n",
                sleeper.id(),
                pgdata.display()
            ),
        )
        .expect("write a stale postmaster.pid");
        bystander = Some(sleeper);
    }
    let running: Running = start(DatabaseConfig::Embedded { data_dir })
        .await
        .unwrap_or_else(|e| panic!("the embedded database starts: {e}"));
    let service = &running.service;
    if phase == "create" || phase == "crash" {
        let challenge = service.challenge(a_challenge()).await.expect("challenge");
        service.accept(challenge.id, BOB).await.expect("accept");
        service.play(CHANNEL, ALICE, "d2-e3").await.expect("move");
        if phase == "crash" {
            // What a crash or the OOM killer does: no shutdown, the server is not stopped.
            let _ = Command::new("kill")
                .args(["-KILL", &std::process::id().to_string()])
                .status();
            std::thread::sleep(Duration::from_secs(60));
            unreachable!("SIGKILL did not end the process");
        }
    } else {
        let view = service
            .game_in_channel(CHANNEL)
            .await
            .expect("read")
            .expect("the game survived the restart");
        assert_eq!(view.players, [ALICE, BOB]);
        let (_, history) = service.history(CHANNEL).await.expect("history");
        assert_eq!(history.first().map(|e| e.notation.as_str()), Some("d2-e3+"));
    }
    running.shutdown().await;
    if let Some(mut sleeper) = bystander {
        assert!(
            sleeper.try_wait().expect("try_wait").is_none(),
            "the process named in the stale pid file was left alone"
        );
        let _ = sleeper.kill();
        let _ = sleeper.wait();
    }
}
