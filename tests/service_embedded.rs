//! The embedded PostgreSQL (no `DATABASE_URL`): it refuses root clearly, starts, and keeps its
//! data across restarts.
//!
//! `initdb` will not run as root and CI runs as root, so the "starts and survives a restart"
//! test re-runs this test binary as the `postgres` user (`runuser`), once per phase, each phase a
//! separate process: a real restart of the bot's database.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use fibonacci_bot::app::{ColourChoice, DatabaseConfig, NewChallenge, Running, StartError, start};
use fibonacci_bot::engine::{Config, GameKind};
use fibonacci_bot::store::embedded::{EmbeddedError, running_as_root};

/// Set in the child process: which phase to run, and where the data lives.
const PHASE_VAR: &str = "FIBONACCI_BOT_EMBEDDED_TEST_PHASE";
const DIR_VAR: &str = "FIBONACCI_BOT_EMBEDDED_TEST_DIR";
const CHILD_TEST: &str = "embedded_child_phase";

const CHANNEL: u64 = 77;
const ALICE: u64 = 11;
const BOB: u64 = 22;

#[tokio::test]
async fn the_embedded_database_refuses_root_with_a_clear_message() {
    if !running_as_root() {
        // As a normal user the embedded server is allowed; the other test starts it.
        eprintln!("not root: the refusal cannot happen here");
        return;
    }
    let dir = std::env::temp_dir().join(format!("fbbot-root-{}", std::process::id()));
    let result = start(DatabaseConfig::Embedded {
        data_dir: dir.clone(),
    })
    .await;
    match result {
        Err(error @ StartError::Embedded(EmbeddedError::Root)) => {
            // What the operator reads: what to do instead.
            let message = error.to_string();
            assert!(message.contains("set DATABASE_URL"), "{message}");
            assert!(message.contains("normal user"), "{message}");
        }
        other => panic!("expected a clear refusal, got {other:?}"),
    }
    // Refused before touching anything.
    assert!(!dir.exists());
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
                .map_or_else(|| PathBuf::from("data/postgres"), PathBuf::from);
            assert_eq!(data_dir, expected);
        }
    }
}

/// Runs one phase of [`embedded_child_phase`]: in this process for a normal user, or as the
/// `postgres` user from a copy of this test binary when running as root.
fn run_phase(phase: &str, dir: &Path, binary: Option<&Path>) {
    let status = match binary {
        Some(binary) => Command::new("runuser")
            .args(["-u", "postgres", "--"])
            .arg(binary)
            .args([
                CHILD_TEST,
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(PHASE_VAR, phase)
            .env(DIR_VAR, dir)
            .env_remove("DATABASE_URL")
            .current_dir(dir)
            .status()
            .expect("runuser"),
        None => Command::new(std::env::current_exe().expect("test binary"))
            .args([
                CHILD_TEST,
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(PHASE_VAR, phase)
            .env(DIR_VAR, dir)
            .env_remove("DATABASE_URL")
            .status()
            .expect("run child"),
    };
    assert!(status.success(), "phase {phase} failed: {status}");
}

#[test]
fn the_embedded_database_starts_and_keeps_its_data_across_restarts() {
    let base = std::env::temp_dir().join(format!("fbbot-embedded-{}", std::process::id()));
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
    run_phase("create", &base, binary.as_deref());
    run_phase("check", &base, binary.as_deref());
    assert!(base.join("data/pgdata/PG_VERSION").is_file());
    let _ = std::fs::remove_dir_all(&base);
}

/// Not a test of its own: the child process of the test above (ignored unless asked for).
#[tokio::test]
#[ignore = "run by the_embedded_database_starts_and_keeps_its_data_across_restarts"]
async fn embedded_child_phase() {
    let (Some(phase), Some(dir)) = (std::env::var_os(PHASE_VAR), std::env::var_os(DIR_VAR)) else {
        return;
    };
    let data_dir = PathBuf::from(dir).join("data");
    let running: Running = start(DatabaseConfig::Embedded { data_dir })
        .await
        .expect("the embedded database starts");
    let service = &running.service;
    if phase == "create" {
        let challenge = service
            .challenge(NewChallenge {
                challenger: ALICE,
                challenged: BOB,
                guild: 1,
                channel: CHANNEL,
                config: Config::default_for(GameKind::Fanorona),
                colour: ColourChoice::ChallengerFirst,
            })
            .await
            .expect("challenge");
        service.accept(challenge.id, BOB).await.expect("accept");
        service.play(CHANNEL, ALICE, "d2-e3").await.expect("move");
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
}
