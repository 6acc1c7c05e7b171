//! The `ai` command line (issue 12, a contract other checks use), run as the real binary: its one
//! line is accepted by `rules play` from the same position and completes the turn; a finished or
//! malformed position exits 2 with one line on stderr; the same seed gives the same turn.

use std::process::{Command, Output};

use fibonacci_bot::engine::fibonacci::Cell;

pub(crate) fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

/// A Fibonacci position string from piece tokens (`Ca6 Sf5 …`) and the tail.
pub(crate) fn board(pieces: &str, tail: &str) -> String {
    let mut squares = ['.'; Cell::COUNT];
    for token in pieces.split_whitespace() {
        let (letter, point) = token.split_at(1);
        let c: Cell = point.parse().expect("a point");
        squares[c.index()] = letter.chars().next().expect("a letter");
    }
    let mut rows: Vec<String> = vec![String::new(); 11];
    for c in Cell::all() {
        rows[c.row() as usize].push(squares[c.index()]);
    }
    format!("{} {tail}", rows.join("/"))
}

/// Runs `ai` with `options`, checks the contract's success form (exit 0, one line), plays the
/// line through `rules play` with the same options and returns (the turn, the position after,
/// the status after).
fn ai_turn_then_play(options: &[&str]) -> (String, String, String) {
    let mut args = vec!["ai"];
    args.extend_from_slice(options);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "ai {options:?}: {}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "one line: {out:?}");
    let turn = out.trim_end().to_string();
    assert!(!turn.is_empty(), "a turn is printed");
    // `rules play` takes the same rule options, but no level.
    let mut play = vec!["rules", "play"];
    let mut rest = options.iter();
    while let Some(&o) = rest.next() {
        if o == "--level" {
            rest.next();
        } else {
            play.push(o);
        }
    }
    play.extend(turn.split(' '));
    let p = run(&play);
    assert_eq!(
        p.status.code(),
        Some(0),
        "rules play refused the AI's turn {turn:?} ({options:?}): {}",
        stderr(&p)
    );
    let printed = stdout(&p);
    let mut lines = printed.lines();
    let position = lines.next().expect("a position line").to_string();
    let status = lines.next().expect("a status line").to_string();
    (turn, position, status)
}

/// Asserts the contract's refusal: exit 2, nothing on stdout, one line on stderr.
fn assert_refused(o: &Output, reason: &str) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    assert_eq!(stdout(o), "");
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.contains(reason), "{err:?} should mention {reason:?}");
}

const FANORONA_MIDGAME: &str = "WW.W..W.W/W.W.WW.W./.WB..BW.B/B.B.BB.BB/BBB.B.B.B b";

#[test]
fn fibonacci_turn_from_the_start_is_played_whole_by_rules_play() {
    for level in ["easy", "medium", "hard"] {
        let (turn, position, status) =
            ai_turn_then_play(&["--game", "fibonacci", "--level", level, "--seed", "3"]);
        assert_eq!(status, "ongoing");
        // Red's first turn allows one unit move; after it (or `end`) Green is to move.
        assert!(
            position.ends_with(" g 2 2"),
            "{level}: {turn} left {position}"
        );
    }
}

#[test]
fn fibonacci_midgame_turn_uses_the_allowance_or_ends_early() {
    let pieces = "Ca1 Sa3 Sa4 Sa5 Sd5 Se5 Se6 Ub1 Ub2 Ub3 Ub4 Ub5 Ub6 cf6 sk7 sk8 sk9 sk10 sk11 \
                  sj11 uj5 uj6 uj7 uj8 uj9 uj10";
    let position = board(pieces, "r 6 7");
    for (variant, group) in [
        ("standard", "same-category"),
        ("cards", "same-category"),
        ("standard", "any-friendly"),
    ] {
        let (turn, after, status) = ai_turn_then_play(&[
            "--game",
            "fibonacci",
            "--position",
            &position,
            "--variant",
            variant,
            "--group",
            group,
            "--level",
            "easy",
            "--seed",
            "11",
        ]);
        let units = turn.split(' ').filter(|m| *m != "end").count();
        assert!(units <= 6, "{turn}");
        if status == "ongoing" {
            assert!(
                after.contains(" g "),
                "the turn passed to Green: {turn} -> {after}"
            );
            assert!(
                units == 6 || turn.ends_with(" end") || turn == "end",
                "a short turn ends with end: {turn}"
            );
        }
    }
}

#[test]
fn fibonacci_takes_a_win_in_one_unit_move() {
    // Green's centre on f6 has five Red strikes round it (f5 f7 g6 g7 e5); the sixth, on d5
    // in the same group, can step to e6 and surround it.
    let pieces = "Ca1 Sf5 Sf7 Sg6 Sg7 Se5 Sd5 Ub1 Ub2 Ub3 Ub4 Ub5 Ub6 cf6 sk7 sk8 sk9 sk10 sk11 \
                  sj11 uj5 uj6 uj7 uj8 uj9 uj10";
    let position = board(pieces, "r 6 7");
    for level in ["easy", "medium", "hard", "expert"] {
        let (turn, _, status) = ai_turn_then_play(&[
            "--game",
            "fibonacci",
            "--position",
            &position,
            "--level",
            level,
        ]);
        assert_eq!(status, "red wins", "{level} played {turn}");
    }
}

#[test]
fn fanorona_turns_under_every_rule_option_are_played_whole_by_rules_play() {
    let cases: [&[&str]; 5] = [
        &["--game", "fanorona"],
        &["--game", "fanorona", "--rules", "standard"],
        &["--game", "fanorona", "--vela", "white"],
        &["--game", "fanorona", "--position", FANORONA_MIDGAME],
        &[
            "--game",
            "fanorona",
            "--position",
            FANORONA_MIDGAME,
            "--rules",
            "standard",
            "--vela",
            "black",
        ],
    ];
    for options in cases {
        for level in ["easy", "medium"] {
            let mut args = options.to_vec();
            args.extend(["--level", level, "--seed", "5"]);
            let (turn, position, status) = ai_turn_then_play(&args);
            assert_eq!(status, "ongoing", "{args:?}: {turn}");
            // The whole turn was played: the other side is to move.
            let mover = ai_side(options);
            assert!(
                !position.ends_with(mover),
                "{args:?}: {turn} left {position}"
            );
        }
    }
}

/// The side to move before the AI's Fanorona turn in `options`.
fn ai_side(options: &[&str]) -> &'static str {
    if options.contains(&FANORONA_MIDGAME) {
        " b"
    } else if options.contains(&"--vela") {
        // The first round's loser moves first: white won, so black starts.
        " b"
    } else {
        " w"
    }
}

#[test]
fn fanorona_takes_the_whole_winning_chain() {
    for level in ["hard", "expert", "Expert"] {
        let (turn, _, status) = ai_turn_then_play(&[
            "--game",
            "fanorona",
            "--position",
            "...W...../.....BB../..BB...../....B..../....B.... w",
            "--level",
            level,
        ]);
        assert_eq!(status, "white wins", "{level}: {turn}");
    }
}

#[test]
fn the_level_defaults_to_medium_and_the_same_seed_gives_the_same_turn() {
    for game in ["fibonacci", "fanorona"] {
        let a = run(&["ai", "--game", game, "--seed", "42"]);
        let b = run(&["ai", "--game", game, "--seed", "42", "--level", "medium"]);
        assert!(a.status.success(), "{}", stderr(&a));
        assert_eq!(stdout(&a), stdout(&b), "{game}");
    }
    let position = FANORONA_MIDGAME;
    let args = [
        "ai",
        "--game",
        "fanorona",
        "--position",
        position,
        "--level",
        "hard",
        "--seed",
        "7",
    ];
    assert_eq!(stdout(&run(&args)), stdout(&run(&args)));
}

#[test]
fn finished_positions_exit_2_with_one_line() {
    // Green's centre on f6 is surrounded by six Red strikes: Red has won.
    let pieces = "Ca1 Sf5 Sf7 Sg6 Sg7 Se5 Se6 Ub1 Ub2 Ub3 Ub4 Ub5 Ub6 cf6 sk7 sk8 sk9 sk10 sk11 \
                  sj11 uj5 uj6 uj7 uj8 uj9 uj10";
    let won = board(pieces, "g 6 8");
    assert_refused(
        &run(&["ai", "--game", "fibonacci", "--position", &won]),
        "over",
    );
    assert_refused(
        &run(&[
            "ai",
            "--game",
            "fanorona",
            "--position",
            "W......../........./........./........./......... b",
        ]),
        "over",
    );
}

#[test]
fn malformed_positions_exit_2_with_one_line() {
    assert_refused(
        &run(&[
            "ai",
            "--game",
            "fibonacci",
            "--position",
            "SSSSSC/nonsense r 1 1",
        ]),
        "bad position",
    );
    assert_refused(
        &run(&["ai", "--game", "fanorona", "--position", "WWWW w"]),
        "bad position",
    );
}

#[test]
fn an_unknown_level_is_refused() {
    for level in ["impossible", "experts", "master", ""] {
        let o = run(&["ai", "--game", "fanorona", "--level", level]);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{level:?}: clap's usage error status"
        );
        assert_eq!(stdout(&o), "", "{level:?}");
        assert!(
            stderr(&o).contains("easy, medium, hard or expert"),
            "{level:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn endgames_prints_every_class_and_a_positions_exact_result() {
    let o = run(&["endgames", "--rules", "standard", "--pieces", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    // 1 against 1: 45 · 44 positions; 2 against 1 and 1 against 2: C(45, 2) · 43.
    for (line, class, positions) in [
        (lines[0], "1v1", 1980u64),
        (lines[1], "1v2", 42570),
        (lines[2], "2v1", 42570),
    ] {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], class, "{line}");
        let number = |name: &str| -> u64 {
            let at = words.iter().position(|w| *w == name).expect(name);
            words[at + 1].parse().expect("a number")
        };
        assert_eq!(number("positions"), positions, "{line}");
        assert_eq!(
            number("won") + number("lost") + number("drawn"),
            positions,
            "{line}"
        );
    }
    assert!(
        lines[3].starts_with("standard rules, up to 3 pieces: built in "),
        "{}",
        lines[3]
    );

    // White a1 takes c3 by approach (a1-b2+): a win at once, and the hard AI plays it.
    let position = "W......../........./..B....../........./......... w";
    let o = run(&[
        "endgames",
        "--rules",
        "standard",
        "--pieces",
        "3",
        "--position",
        position,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "win in 1\n");
    let (turn, _, status) = ai_turn_then_play(&[
        "--game",
        "fanorona",
        "--rules",
        "standard",
        "--position",
        position,
        "--level",
        "hard",
    ]);
    assert_eq!((turn.as_str(), status.as_str()), ("a1-b2+", "white wins"));
}

#[test]
fn endgames_refuses_what_it_cannot_hold_with_one_line() {
    let four = "WW......./........./..B....../........./........B w";
    for (args, says) in [
        (
            vec!["endgames", "--pieces", "3", "--position", four],
            "the position has 4 pieces, more than the 3 the tables are built for: give \
             --pieces 4",
        ),
        (vec!["endgames", "--pieces", "7"], "7"),
        (vec!["endgames", "--pieces", "1"], "1"),
        (vec!["endgames", "--rules", "olympic"], "olympic"),
        (vec!["endgames", "--position", "WW/BB w"], "bad position"),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}

/// An empty folder of this test process's own.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fbbot-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// Runs `selfplay` with `args` (twice: the same seed must play the same games) and checks that
/// every line is a position of `game` that `rules play` accepts, a tab and the game's result,
/// and that the summary counts the lines. Returns the data and the summary.
fn selfplay_checked(args: &[&str], game: &str) -> (String, String) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let data = stdout(&o);
    for line in data.lines() {
        let (position, result) = line.split_once('\t').expect("a tab");
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{line}");
        let p = run(&["rules", "play", "--game", game, "--position", position]);
        assert_eq!(p.status.code(), Some(0), "{line}: {}", stderr(&p));
    }
    let summary = stderr(&o);
    let count = format!("{} positions", data.lines().count());
    assert!(summary.contains(&count), "{summary}");
    assert_eq!(
        stdout(&run(args)),
        data,
        "the same seed plays the same games"
    );
    (data, summary)
}

/// Checks that `tune`'s output `text` gives each of `names` a whole-number weight, and a
/// `weights [...]` line of `count` weights.
fn check_weights(text: &str, names: &[&str], count: usize) {
    for name in names {
        assert!(
            text.lines().any(|l| l
                .strip_prefix(name)
                .is_some_and(|w| w.trim().parse::<i32>().is_ok())),
            "{name}: {text}"
        );
    }
    let weights = text
        .lines()
        .find_map(|l| l.strip_prefix("weights ["))
        .unwrap_or_else(|| panic!("a weights line: {text}"));
    assert_eq!(weights.split(',').count(), count, "{text}");
}

#[test]
fn selfplay_data_is_fitted_by_tune_which_prints_every_weight() {
    let args = [
        "selfplay", "--rules", "standard", "--games", "3", "--level", "easy", "--cap", "80",
    ];
    let (data, _) = selfplay_checked(&args, "fanorona");
    let lines: Vec<&str> = data.lines().collect();
    assert!(lines.len() >= 3, "a position a turn: {}", lines.len());

    let dir = scratch("fit");
    let file = dir.join("data.tsv");
    std::fs::write(&file, &data).expect("written");
    let o = run(&[
        "tune",
        "--data",
        file.to_str().expect("utf-8"),
        "--iterations",
        "50",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let samples: usize = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("samples "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a samples line: {text}"));
    assert!(samples > 0 && samples <= lines.len(), "{text}");
    let errors = text
        .lines()
        .find_map(|l| l.strip_prefix("error before "))
        .unwrap_or_else(|| panic!("an error line: {text}"));
    let (before, after) = errors.split_once(" after ").expect("before and after");
    let (before, after): (f64, f64) = (
        before.parse().expect("a number"),
        after.parse().expect("a number"),
    );
    assert!(
        after <= before + 1e-4,
        "the fit does not make the error worse: {text}"
    );
    check_weights(
        &text,
        &[
            "point a1", "point e3", "hunt", "mobility", "threats", "exposed",
        ],
        19,
    );
}

#[test]
fn fibonacci_selfplay_data_is_fitted_by_tune_for_the_side_that_moved() {
    let args = [
        "selfplay",
        "--game",
        "fibonacci",
        "--games",
        "3",
        "--level",
        "easy",
        "--cap",
        "40",
    ];
    let (data, summary) = selfplay_checked(&args, "fibonacci");
    let lines: Vec<&str> = data.lines().collect();
    assert!(lines.len() >= 6, "a position a turn: {}", lines.len());
    assert!(
        summary.contains("3 games (fibonacci, easy): red won"),
        "{summary}"
    );

    let dir = scratch("fibonacci-fit");
    let file = dir.join("data.tsv");
    std::fs::write(&file, &data).expect("written");
    let file = file.to_str().expect("utf-8");
    let o = run(&[
        "tune",
        "--game",
        "fibonacci",
        "--data",
        file,
        "--iterations",
        "50",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    // Every position but each game's first (nobody has moved yet) is a sample.
    let games = lines.iter().filter(|l| l.contains(" r 1 1\t")).count();
    assert_eq!(games, 3, "{data}");
    let first = format!(
        "samples {} (positions after a turn of {} lines)",
        lines.len() - 3,
        lines.len()
    );
    assert!(text.starts_with(&first), "{text}");
    check_weights(
        &text,
        &[
            "mover.near",
            "mover.ring5",
            "next.pull6",
            "next.allowance6",
            "mover.reach",
        ],
        37,
    );

    // Fanorona lines are not Fibonacci data: refused, naming the line.
    let fanorona = dir.join("fanorona.tsv");
    std::fs::write(
        &fanorona,
        "WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w\t1-0\n",
    )
    .expect("written");
    let o = run(&[
        "tune",
        "--game",
        "fibonacci",
        "--data",
        fanorona.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 1: bad position"),
        "{}",
        stderr(&o)
    );
    let o = run(&["selfplay", "--game", "go"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn tune_refuses_bad_data_with_one_line_naming_the_line() {
    let dir = scratch("bad");
    const START: &str = "WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w";
    // (file, its lines or none for a missing file, what the refusal says)
    let cases = [
        (
            "bad",
            Some(format!("{START}\t1-0\nWW/BB w\t1-0\n")),
            "line 2: bad position",
        ),
        (
            "result",
            Some(format!("{START}\t2-0\n")),
            "line 1: unknown result \"2-0\"",
        ),
        // Only the start position, where White must capture: nothing quiet to fit.
        (
            "captures",
            Some(format!("{START}\t1-0\n")),
            "no quiet position in 1 lines",
        ),
        ("missing", None, "cannot read"),
    ];
    for (name, lines, says) in cases {
        let file = dir.join(format!("{name}.tsv"));
        if let Some(lines) = lines {
            std::fs::write(&file, lines).expect("written");
        }
        let file = file.to_str().expect("utf-8").to_string();
        let o = run(&["tune", "--data", &file]);
        assert_eq!(o.status.code(), Some(2), "{file}");
        assert!(stdout(&o).is_empty(), "{file}");
        assert!(stderr(&o).contains(says), "{file}: {}", stderr(&o));
    }
    let o = run(&["selfplay", "--games", "0"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["selfplay", "--level", "grandmaster"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("grandmaster"), "{}", stderr(&o));
}
