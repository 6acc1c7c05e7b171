//! `fibonacci-bot rules legal|play --game fanorona`, run as a process (docs/command-line.md).

use std::process::{Command, Output};

const START: &str = "WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w";

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
        .args(args)
        .output()
        .expect("run the binary")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn legal_prints_whole_turns_of_the_start_position_sorted() {
    let out = run(&["rules", "legal", "--game", "fanorona"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "d2-e3+\nd3-e3+\nd3-e3-\ne2-e3+\nf2-e3+\n");
    let explicit = run(&["rules", "legal", "--game", "fanorona", "--position", START]);
    assert_eq!(stdout(&explicit), stdout(&out));
}

#[test]
fn legal_lists_each_chain_prefix_with_capture_suffixes_sorted_as_strings() {
    let pos = "....W..../.BB....../...BB..../...BB..../....B...B w";
    let out = run(&["rules", "legal", "--game", "fanorona", "--position", pos]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    for t in [
        "e1-e2+",
        "e1-e2+,e2-d2+",
        "e1-e2+,e2-d2+,d2-d1-",
        "e1-d1",
        "e1-f1",
    ] {
        assert!(lines.contains(&t), "{t} missing: {lines:?}");
    }
}

#[test]
fn legal_under_standard_rules_drops_quiet_steps_when_a_capture_exists() {
    let pos = "W......../........./..B....../........./........B w";
    let escale = run(&["rules", "legal", "--game", "fanorona", "--position", pos]);
    assert_eq!(stdout(&escale), "a1-a2\na1-b1\na1-b2+\n");
    let standard = run(&[
        "rules",
        "legal",
        "--game",
        "fanorona",
        "--rules",
        "standard",
        "--position",
        pos,
    ]);
    assert_eq!(stdout(&standard), "a1-b2+\n");
}

#[test]
fn play_prints_the_position_and_the_status() {
    // e2-e3 takes e4 e5 by approach; black d4-e4 captures nothing.
    let out = run(&["rules", "play", "--game", "fanorona", "e2-e3", "d4-e4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "WWWWWWWWW/WWWW.WWWW/BWBWWBWBW/BBB.BBBBB/BBBB.BBBB w\nongoing\n"
    );
}

#[test]
fn play_a_chain_to_the_end_of_the_game() {
    let pos = "....B..../.WW....../...WW..../...WW..../....W.... b";
    let out = run(&[
        "rules",
        "play",
        "--game",
        "fanorona",
        "--position",
        pos,
        "e1-e2+,e2-d2+,d2-d1-",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "...B...../........./........./........./......... w\nblack wins\n"
    );
}

#[test]
fn play_step_by_step_with_end() {
    let pos = "....W..../.BB....../...BB..../...BB..../....B...B w";
    let out = run(&[
        "rules",
        "play",
        "--game",
        "fanorona",
        "--position",
        pos,
        "e1-e2+",
        "end",
        "i5-i4",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "........./.BB.W..../...B...../...B....B/......... w\nongoing\n"
    );
}

#[test]
fn refused_moves_exit_2_with_a_one_line_reason() {
    let out = run(&["rules", "play", "--game", "fanorona", "d3-e3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("d3-e3 captures both ways: write d3-e3+ (approach, takes f3) or d3-e3- (withdrawal, takes c3)"),
        "{err}"
    );
    for bad in ["zz", "a1-a2", "e2-e4", "e3-e4"] {
        let out = run(&["rules", "play", "--game", "fanorona", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert_eq!(stderr(&out).lines().count(), 1, "{bad}");
    }
}

#[test]
fn a_bad_position_exits_2_with_a_reason() {
    let out = run(&[
        "rules",
        "legal",
        "--game",
        "fanorona",
        "--position",
        "WWW w",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("5 rows"), "{}", stderr(&out));
}

#[test]
fn vela_option_black_moves_first_when_white_won_round_one() {
    let out = run(&["rules", "legal", "--game", "fanorona", "--vela", "white"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Black to move from the start; single captures only.
    let text = stdout(&out);
    assert_eq!(text, "d4-e3+\ne4-e3+\nf3-e3+\nf3-e3-\nf4-e3+\n");
    let play = run(&[
        "rules", "play", "--game", "fanorona", "--vela", "white", "e4-e3",
    ]);
    assert_eq!(
        stdout(&play),
        "WWWWWWWWW/WWWW.WWWW/BWBWBBWBW/BBBB.BBBB/BBBBBBBBB w\nongoing\n"
    );
}

/// Options may follow the moves: `rules play d2-e3+ --game fanorona` plays Fanorona.
#[test]
fn options_may_come_after_the_moves() {
    let before = run(&[
        "rules", "play", "--game", "fanorona", "--rules", "standard", "d2-e3+",
    ]);
    assert!(before.status.success(), "{}", stderr(&before));
    let after = run(&[
        "rules", "play", "d2-e3+", "--game", "fanorona", "--rules", "standard",
    ]);
    assert!(after.status.success(), "{}", stderr(&after));
    assert_eq!(stdout(&after), stdout(&before));
    let mixed = run(&[
        "rules", "play", "--game", "fanorona", "d2-e3+", "--rules", "standard",
    ]);
    assert_eq!(stdout(&mixed), stdout(&before));
    // A value the option's codec does not know is refused with the choices.
    let bad = run(&[
        "rules", "play", "d2-e3+", "--game", "fanorona", "--rules", "blitz",
    ]);
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("escale"), "{}", stderr(&bad));
}
