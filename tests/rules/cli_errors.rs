//! The command line's errors speak to the host (issue 56, point 6): each says its cause once and
//! what to do, names the database server (never a password), and exits by one convention: 2 for
//! bad input or usage, 1 for a failure at run time. Run as the real binary.

use std::process::{Command, Output};

fn run_with(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"));
    command
        .args(args)
        .env_remove("DATABASE_URL")
        .env_remove("FIBONACCI_BOT_DB_CONNECTIONS")
        .env_remove("PGSSLMODE");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("the binary runs")
}

fn run(args: &[&str]) -> Output {
    run_with(args, &[])
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

/// Asserts exit status `code` and one line on stderr in which each of `once` occurs exactly
/// once; gives that line.
fn assert_fails(o: &Output, code: i32, once: &[&str]) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    for phrase in once {
        assert_eq!(
            err.matches(phrase).count(),
            1,
            "{phrase:?} should occur once in {err:?}"
        );
    }
    err
}

/// Nothing listens on port 1 of this machine: the connection is refused at once.
const DOWN: &str = "postgres://alice:s3cret-pw@127.0.0.1:1/games";

#[test]
fn a_database_that_is_down_is_named_with_its_cause_once_and_exits_1() {
    let o = run_with(&["ratings", "rebuild"], &[("DATABASE_URL", DOWN)]);
    let err = assert_fails(
        &o,
        1,
        &["127.0.0.1:1", "Connection refused", "DATABASE_URL"],
    );
    assert!(err.contains("does not answer"), "{err}");
    assert!(
        err.contains("check that PostgreSQL runs there"),
        "what to do: {err}"
    );
    assert!(
        !err.contains("s3cret-pw"),
        "the password is never shown: {err}"
    );
    assert!(!err.contains("alice"), "nor the user: {err}");
    // The players' words are Discord's; the host is told which server.
    assert!(!err.contains("temporarily unavailable"), "{err}");
    assert!(!err.contains("try again in a minute"), "{err}");
    assert_eq!(stdout(&o), "");
}

#[test]
fn a_database_url_that_is_not_a_url_says_so_once_and_exits_2() {
    let o = run_with(&["ratings", "rebuild"], &[("DATABASE_URL", "notaurl")]);
    let err = assert_fails(
        &o,
        2,
        &[
            "DATABASE_URL is not a PostgreSQL URL",
            "relative URL without a base",
            "postgres://",
        ],
    );
    for noise in ["internal error", "database error", "configuration"] {
        assert!(!err.contains(noise), "{noise:?} in {err}");
    }
    // A URL that parses no further than its port still never shows its password.
    let o = run_with(
        &["ratings", "rebuild"],
        &[(
            "DATABASE_URL",
            "postgres://alice:s3cret-pw@db.example.com:port/x",
        )],
    );
    let err = assert_fails(&o, 2, &["DATABASE_URL is not a PostgreSQL URL"]);
    assert!(!err.contains("s3cret-pw"), "{err}");
}

#[test]
fn a_pool_size_out_of_range_is_bad_input() {
    let o = run_with(
        &["ratings", "rebuild"],
        &[
            ("DATABASE_URL", DOWN),
            ("FIBONACCI_BOT_DB_CONNECTIONS", "0"),
        ],
    );
    assert_fails(
        &o,
        2,
        &["FIBONACCI_BOT_DB_CONNECTIONS must be a whole number"],
    );
}

#[test]
fn an_option_of_the_other_game_given_explicitly_is_refused() {
    let o = run(&["rules", "play", "--game", "fanorona", "--variant", "cards"]);
    assert_fails(&o, 2, &["--variant is a Fibonacci option", "--rules"]);
    assert_eq!(stdout(&o), "");
    // Given explicitly even with its default value.
    let o = run(&[
        "rules",
        "legal",
        "--game",
        "fanorona",
        "--group",
        "same-category",
    ]);
    assert_fails(&o, 2, &["--group is a Fibonacci option"]);
    let o = run(&["rules", "play", "--game", "fibonacci", "--vela", "white"]);
    assert_fails(&o, 2, &["--vela is a Fanorona option", "--variant"]);
    // `--game` left to its default (Fibonacci).
    let o = run(&["rules", "legal", "--rules", "standard"]);
    assert_fails(&o, 2, &["--rules is a Fanorona option"]);
    // Every command with the game options refuses them the same way.
    let o = run(&["ai", "--game", "fanorona", "--variant", "cards"]);
    assert_fails(&o, 2, &["--variant is a Fibonacci option"]);
    let o = run(&[
        "puzzles",
        "generate",
        "--game",
        "fibonacci",
        "--rules",
        "standard",
    ]);
    assert_fails(&o, 2, &["--rules is a Fanorona option"]);
    // The defaults of the other game's options are not looked at; its own options work.
    let o = run(&["rules", "play", "--game", "fanorona", "--rules", "standard"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().nth(1), Some("ongoing"));
    let o = run(&["rules", "play", "--game", "fibonacci", "--variant", "cards"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_position_with_more_pieces_than_any_table_cannot_be_looked_up() {
    let start = run(&["rules", "play", "--game", "fanorona"]);
    let start = stdout(&start)
        .lines()
        .next()
        .expect("the start")
        .to_string();
    let o = run(&["endgames", "--position", &start]);
    let err = assert_fails(
        &o,
        2,
        &["44 pieces", "at most 6 pieces", "cannot be looked up"],
    );
    assert!(!err.contains("--pieces 44"), "no impossible advice: {err}");
    // Within what tables can hold, but more than asked for: say which --pieces to give.
    let five = "WW......./........./....W..../........./BB....... w";
    let o = run(&["endgames", "--position", five]);
    let err = assert_fails(&o, 2, &["5 pieces", "--pieces 5"]);
    assert!(!err.contains("cannot be looked up"), "{err}");
}

#[test]
fn puzzles_generate_has_no_position_and_its_seed_seeds_the_generation() {
    let o = run(&["puzzles", "generate", "--help"]);
    assert!(o.status.success());
    let help = stdout(&o);
    assert!(!help.contains("--position"), "{help}");
    let seed = help
        .lines()
        .find(|l| l.trim_start().starts_with("--seed"))
        .expect("--seed is listed");
    assert!(seed.contains("seed of the generation"), "{seed}");
    assert!(!seed.contains("cards"), "{seed}");
    // Given anyway, clap refuses it as a usage error.
    let o = run(&["puzzles", "generate", "--position", "x", "--count", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--position"));
    // Other commands keep --position and the cards variant's --seed.
    let o = run(&["rules", "play", "--help"]);
    let help = stdout(&o);
    assert!(help.contains("--position"), "{help}");
    assert!(
        help.contains("Seed of the cards variant's shuffles"),
        "{help}"
    );
}

#[test]
fn a_file_that_cannot_be_written_exits_1_in_render_and_replay() {
    let dir = std::env::temp_dir().join(format!("cli-errors-{}", std::process::id()));
    let png = dir.join("missing").join("board.png");
    let gif = dir.join("missing").join("game.gif");
    let png = png.to_str().expect("utf-8");
    let gif = gif.to_str().expect("utf-8");
    for (args, path) in [
        (vec!["render", "--game", "fibonacci", "-o", png], png),
        (
            vec!["replay", "--game", "fibonacci", "b6-c6", "end", "-o", gif],
            gif,
        ),
    ] {
        let o = run(&args);
        let err = assert_fails(&o, 1, &["could not write", path]);
        assert!(err.contains("check that its folder exists"), "{err}");
    }
    // A refused move is bad input in both.
    let o = run(&[
        "render",
        "--game",
        "fibonacci",
        "--moves",
        "z9-z8",
        "-o",
        png,
    ]);
    assert_fails(&o, 2, &["z9-z8"]);
    let o = run(&["replay", "--game", "fibonacci", "z9-z8", "-o", gif]);
    assert_fails(&o, 2, &["z9-z8"]);
}

#[test]
fn tune_help_speaks_of_no_issue() {
    let o = run(&["tune", "--help"]);
    assert!(o.status.success());
    let help = stdout(&o);
    assert!(help.contains("--from"), "{help}");
    assert!(!help.to_lowercase().contains("issue"), "{help}");
}

#[test]
fn review_without_moves_is_refused() {
    let o = run(&["review", "--game", "fibonacci"]);
    assert_fails(&o, 2, &["give the game's moves"]);
    assert_eq!(stdout(&o), "");
}

#[test]
fn usage_errors_exit_2_like_bad_input() {
    let o = run(&["rules", "play", "--no-such-option"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["rules", "play", "--game", "fibonacci", "z9-z8"]);
    assert_fails(&o, 2, &["z9-z8"]);
}
