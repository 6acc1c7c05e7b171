//! The shipped puzzle bank (`assets/puzzles/*.tsv`) against the engine: five tab-separated
//! fields per line, at least 300 puzzles per game, no position twice, every stored solution
//! reaches its goal when played (and by `rules play`), a turn that does not is refused, and the
//! files are what `puzzles generate` writes for seed 1.

use std::process::Command;

use fibonacci_bot::engine::{Codec, Config, GameKind, Status};
use fibonacci_bot::puzzles::{Goal, Grade, Miss, Puzzle, generate, judge, parse_bank};

const BANKS: [(&str, &str); 3] = [
    ("fibonacci", "fibonacci"),
    ("fanorona", "fanorona rules=escale"),
    ("fanorona-standard", "fanorona rules=standard"),
];

fn bank(name: &str) -> (String, Vec<Puzzle>) {
    let path = format!("{}/assets/puzzles/{name}.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzles = parse_bank(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    (text, puzzles)
}

#[test]
fn every_bank_has_300_puzzles_of_five_fields_each_position_once_and_every_grade() {
    let mut per_game = [0usize; 2];
    for (name, config) in BANKS {
        let (text, puzzles) = bank(name);
        for line in text.lines() {
            assert_eq!(line.split('\t').count(), 5, "{line}");
        }
        assert!(puzzles.len() >= 300, "{name}: {}", puzzles.len());
        let config: Config = config.parse().expect("config");
        let mut positions = std::collections::HashSet::new();
        let mut ids = std::collections::HashSet::new();
        for p in &puzzles {
            assert_eq!(p.config, config, "{}", p.id);
            assert!(ids.insert(p.id.clone()), "id {} twice", p.id);
            assert!(
                positions.insert(p.position.clone()),
                "{} repeats a position",
                p.id
            );
            assert!(p.grade().is_some(), "{}: no grade in the id", p.id);
        }
        for &grade in Grade::ALL {
            let n = puzzles.iter().filter(|p| p.grade() == Some(grade)).count();
            assert!(n >= 30, "{name}: only {n} {grade:?}");
        }
        per_game[usize::from(config.kind() == GameKind::Fanorona)] += puzzles.len();
    }
    assert!(per_game.iter().all(|&n| n >= 300), "{per_game:?}");
}

#[test]
fn every_stored_solution_reaches_its_goal_and_a_turn_that_does_not_is_refused() {
    for (name, _) in BANKS {
        for p in bank(name).1 {
            for s in &p.solutions {
                assert_eq!(judge(&p, s), Ok(()), "{}: {s}", p.id);
            }
            // Some legal first move does not solve it, and is refused for a reason.
            let game = p.game().expect("position");
            assert_eq!(game.status(), Status::Ongoing, "{}", p.id);
            let refused = game
                .legal_moves()
                .into_iter()
                .find_map(|m| judge(&p, &m).err());
            assert!(
                matches!(refused, Some(Miss::NoWin | Miss::Captured { .. })),
                "{}: {refused:?}",
                p.id
            );
            assert!(matches!(judge(&p, "zz9-zz8"), Err(Miss::Illegal { .. })));
            assert_eq!(judge(&p, " "), Err(Miss::Empty));
        }
    }
}

/// A solution as `rules play` takes it: the command line reaches the same end.
#[test]
fn the_first_puzzle_of_each_bank_is_solved_by_rules_play() {
    for (name, _) in BANKS {
        let p = &bank(name).1[0];
        let mut args = vec!["rules".to_string(), "play".to_string()];
        args.extend(["--game".to_string(), p.config.kind().as_str().to_string()]);
        for (key, value) in p.config.pairs() {
            args.extend([format!("--{key}"), value.to_string()]);
        }
        args.extend(["--position".to_string(), p.position.clone()]);
        args.extend(p.solutions[0].split_whitespace().map(str::to_string));
        let out = Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
            .args(&args)
            .output()
            .expect("rules play");
        assert!(out.status.success(), "{}: {out:?}", p.id);
        let text = String::from_utf8_lossy(&out.stdout);
        if p.goal == Goal::Win {
            assert!(text.contains("wins"), "{}: {text}", p.id);
        }
    }
}

/// The banks are the command's output for seed 1 (the Fibonacci bank's first 12 lines: the rest
/// takes minutes to search again).
#[test]
fn the_banks_are_what_puzzles_generate_writes_for_seed_1() {
    for (name, config) in BANKS {
        let (text, puzzles) = bank(name);
        let count = if name == "fibonacci" {
            12
        } else {
            puzzles.len()
        };
        let again = generate::generate(config.parse().expect("config"), count, 1, name);
        let written: Vec<String> = again.iter().map(Puzzle::line).collect();
        let shipped: Vec<&str> = text.lines().take(count).collect();
        assert_eq!(written, shipped, "{name}");
    }
}

/// The command line: five fields per line on standard output, the same for a seed, and a
/// refusal with exit status 2 for a start position it cannot use.
#[test]
fn puzzles_generate_writes_five_fields_per_line_the_same_for_a_seed() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
            .args(args)
            .output()
            .expect("puzzles generate")
    };
    let args = [
        "puzzles", "generate", "--game", "fanorona", "--rules", "standard", "--count", "4",
        "--seed", "9",
    ];
    let out = run(&args);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(text.lines().count(), 4);
    for line in text.lines() {
        let p = Puzzle::parse(line).expect("a puzzle line");
        assert!(p.id.starts_with("fanorona-standard-"), "{line}");
        assert_eq!(line.split('\t').nth(1), Some("fanorona rules=standard"));
    }
    assert_eq!(String::from_utf8_lossy(&run(&args).stdout), text);
    let refused = run(&["puzzles", "generate", "--position", "x", "--count", "1"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--position"));
}
