//! The rules command line for Fibonacci (docs/command-line.md), run as the real binary.

use std::process::{Command, Output};

use fibonacci_bot::engine::fibonacci::{Cell, Game, Options, START};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

/// Asserts a refusal per section 3: exit status 2, nothing on stdout, one line on stderr that
/// contains `reason`.
fn assert_refused(o: &Output, reason: &str) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    assert_eq!(stdout(o), "");
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.contains(reason), "{err:?} should mention {reason:?}");
}

/// A position string from piece tokens (`Ca6 Sf5 …`) and the tail.
fn board(pieces: &str, tail: &str) -> String {
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

#[test]
fn legal_prints_every_unit_move_sorted_as_plain_strings() {
    let o = run(&["rules", "legal", "--game", "fibonacci"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 132);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(
        lines, sorted,
        "sorted as plain strings (a1-a10 before a1-a2 style)"
    );
    let engine: Vec<String> = Game::new(Options::default(), 0)
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let mut engine_sorted = engine.clone();
    engine_sorted.sort();
    assert_eq!(lines, engine_sorted);
    assert!(lines.contains(&"a1-c7"), "a group move");
    assert!(lines.contains(&"e8-e7"), "a support step");
    assert!(!lines.contains(&"a1-a2"), "no exchange of identical pieces");
    assert!(
        lines.iter().all(|l| !l.starts_with("a6")),
        "the centre never moves"
    );
}

#[test]
fn position_defaults_to_the_start_and_options_select_rules() {
    let default = stdout(&run(&["rules", "legal"]));
    let explicit = stdout(&run(&["rules", "legal", "--position", START]));
    assert_eq!(default, explicit);
    let position = board(
        "Ca6 Sf6 Sa1 Sa2 Sa3 Sa4 Sa5 Ue5 Ue6 Ub1 Ub2 Uc1 Uc2 \
         ck6 sk7 sk8 sk9 sk10 sk11 sj6 ug2 uh3 uh4 ui4 ui5 uj5",
        "r 6 9",
    );
    let same = stdout(&run(&["rules", "legal", "--position", &position]));
    let any = stdout(&run(&[
        "rules",
        "legal",
        "--position",
        &position,
        "--group",
        "any-friendly",
    ]));
    let f6 = |s: &str| s.lines().filter(|l| l.starts_with("f6-")).count();
    assert_eq!(
        f6(&same),
        4,
        "a lone strike steps to its four empty neighbours"
    );
    assert_eq!(f6(&any), 11, "grouped with the supports e5 e6");
}

#[test]
fn play_prints_the_position_and_the_status_and_end_ends_the_turn() {
    let o = run(&["rules", "play", "e8-e7", "D1C1", "end"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "SSSSSC/.....S./u......./........./.uuu..U.../...u...U.../..u...UUU./........U/......../.s...../csssss r 3 3\nongoing\n"
    );
    let o = run(&["rules", "play"]);
    assert_eq!(stdout(&o), format!("{START}\nongoing\n"));
}

#[test]
fn play_reports_a_win_and_a_draw() {
    let ring = board(
        "Ca6 Sf5 Sf7 Sg6 Se5 Se6 Sh7 Ua1 Ua2 Ub1 Ub2 Uc1 Uc2 \
         cf6 sk7 sk8 sk9 sk10 sk11 sj6 ug2 uh3 uh4 ui4 ui5 uj5",
        "r 6 9",
    );
    let o = run(&["rules", "play", "--position", &ring, "h7-g7"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().nth(1), Some("red wins"));
    assert!(out.contains("/....ScS..../"), "f6 ringed: {out}");
    assert!(out.lines().next().expect("position").ends_with(" r 5 9"));

    let both = board(
        "Cf5 Sf6 Sf7 Sf9 Sg8 Sg9 Se8 Ua1 Ua2 Ub1 Ub2 Uc1 Uc2 \
         cf8 sf4 sg5 sg6 se4 se5 se7 ug2 uh3 uh4 ui4 ui5 uj5",
        "r 6 9",
    );
    let o = run(&["rules", "play", "--position", &both, "f6-e7"]);
    assert_eq!(stdout(&o).lines().nth(1), Some("draw"));

    // A game that is over accepts no further move.
    let o = run(&["rules", "play", "--position", &ring, "h7-g7", "f5-f4"]);
    assert_refused(&o, "the game is over");
}

#[test]
fn green_wins_is_printed_for_green() {
    let ring = board(
        "Cf6 Sa1 Sa2 Sa3 Sa4 Sa5 Sb1 Ub2 Uc1 Uc2 Ud1 Ud2 Ud3 \
         ck6 sf5 sf7 sg6 se5 se6 sh7 ug2 uh3 uh4 ui4 ui5 uj5",
        "g 6 10",
    );
    let o = run(&["rules", "play", "--position", &ring, "h7-g7"]);
    assert_eq!(stdout(&o).lines().nth(1), Some("green wins"));
}

#[test]
fn illegal_and_malformed_moves_exit_2_with_a_one_line_reason() {
    assert_refused(&run(&["rules", "play", "f4-f5"]), "f4 is not your piece");
    assert_refused(&run(&["rules", "play", "a6-b7"]), "centres cannot move");
    assert_refused(
        &run(&["rules", "play", "a1-a2"]),
        "that exchange changes nothing",
    );
    assert_refused(
        &run(&["rules", "play", "a1-d7"]),
        "d7 is not next to its group",
    );
    assert_refused(&run(&["rules", "play", "a1x"]), "is not a move");
    assert_refused(&run(&["rules", "play", "z9-a1"]), "is not a row");
    assert_refused(
        &run(&["rules", "play", "f12-f11"]),
        "f12 is not on the board",
    );
    // The first move is fine; the second is refused and nothing is printed.
    assert_refused(&run(&["rules", "play", "e8-e7", "e7-e6"]), "not your piece");
    let garbage = "q".repeat(10_000);
    let o = run(&["rules", "play", &garbage]);
    assert_refused(&o, "is not a move");
    assert!(stderr(&o).len() < 200, "the reason stays short");
    let o = run(&["rules", "play", "e8-e7\nf4-f5"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1);
}

#[test]
fn a_bad_position_exits_2_with_the_reason() {
    assert_refused(
        &run(&["rules", "legal", "--position", "SSSSSC r 1 1"]),
        "11 rows",
    );
    assert_refused(
        &run(&[
            "rules",
            "play",
            "--position",
            &START.replace(" r 1 1", " g 1 1"),
        ]),
        "turn 1 is red's",
    );
}

#[test]
fn the_cards_variant_draws_its_allowance_from_the_seed() {
    let a = stdout(&run(&[
        "rules",
        "play",
        "--variant",
        "cards",
        "--seed",
        "2",
        "end",
        "end",
    ]));
    let b = stdout(&run(&[
        "rules",
        "play",
        "--variant",
        "cards",
        "--seed",
        "2",
        "end",
        "end",
    ]));
    assert_eq!(a, b, "reproducible");
    let card = fibonacci_bot::engine::fibonacci::cards::card_for_turn(2, 3);
    assert!(
        a.lines()
            .next()
            .expect("position")
            .ends_with(&format!(" r {card} 3"))
    );
}
