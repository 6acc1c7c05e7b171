//! Perft-style counts: the number of sequences of unit moves of a given length from a position,
//! each turn using its whole allowance (turns pass by themselves; an early `end` is not counted).
//!
//! The frozen counts in `tests/data/fibonacci_perft.txt` were first cross-checked at small
//! depths against a second, deliberately naive generator written below from the rule text
//! (plain arrays, breadth-first groups, no bitboards); that cross-check still runs here.

use fibonacci_bot::engine::Status;
use fibonacci_bot::engine::fibonacci::{Game, GroupRule, Options, Variant};

const DATA: &str = include_str!("../data/fibonacci_perft.txt");

fn options(group: &str) -> Options {
    Options {
        variant: Variant::Standard,
        group: match group {
            "same-category" => GroupRule::SameCategory,
            "any-friendly" => GroupRule::AnyFriendly,
            other => panic!("unknown group rule {other:?} in the perft data"),
        },
        ..Options::default()
    }
}

/// One data line: `<group>; <position string>; <count at depth 1> <count at depth 2> …`.
struct Case {
    group: String,
    position: String,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    DATA.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "perft line {l:?}");
            Case {
                group: parts[0].to_string(),
                position: parts[1].to_string(),
                counts: parts[2]
                    .split_whitespace()
                    .map(|n| n.parse().expect("a count"))
                    .collect(),
            }
        })
        .collect()
}

fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.status() != Status::Ongoing {
        return 0;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut g = game.clone();
            g.play(m).expect("a generated move is legal");
            perft(&g, depth - 1)
        })
        .sum()
}

/// Keeps the test in seconds: deeper frozen counts are checked only below this many nodes.
const NODE_LIMIT: u64 = 60_000_000;

/// The deep counts (up to ~1 billion nodes; minutes in a debug build).
const DEEP_NODE_LIMIT: u64 = 1_000_000_000;

/// Largest count the naive generator is asked to reproduce.
const NAIVE_NODE_LIMIT: u64 = 3_000_000;

#[test]
fn perft_counts_match_the_frozen_data() {
    check_frozen(NODE_LIMIT);
}

#[test]
#[ignore = "minutes in a debug build: run with --ignored (release recommended)"]
fn perft_deep_counts_match_the_frozen_data() {
    check_frozen(DEEP_NODE_LIMIT);
}

fn check_frozen(limit: u64) {
    let cases = cases();
    assert!(!cases.is_empty());
    for case in cases {
        let game = Game::from_position(options(&case.group), 0, &case.position)
            .unwrap_or_else(|e| panic!("{}: {e}", case.position));
        for (i, &expected) in case.counts.iter().enumerate() {
            if expected > limit {
                break;
            }
            let depth = i as u32 + 1;
            assert_eq!(
                perft(&game, depth),
                expected,
                "perft({depth}) of {} ({})",
                case.position,
                case.group
            );
        }
    }
}

/// The naive second generator: everything recomputed from the rule text on plain arrays.
mod naive {
    /// `board[row][number]`: None empty, Some((red?, kind)) with kind 'C', 'S', 'U'.
    pub type Board = [[Option<(bool, char)>; 12]; 11];

    #[derive(Clone)]
    pub struct State {
        pub board: Board,
        pub red_to_move: bool,
        pub moves_left: u32,
        pub turn: u32,
        pub any_friendly: bool,
    }

    /// RULES 1.1: row i holds numbers max(1, i−4) … min(11, i+6).
    pub fn on_board(row: i32, number: i32) -> bool {
        (0..11).contains(&row) && number >= 1.max(row - 4) && number <= 11.min(row + 6)
    }

    /// RULES 1.1: the six neighbours of (i, n).
    pub fn neighbours(row: i32, number: i32) -> Vec<(i32, i32)> {
        [(0, -1), (0, 1), (1, 0), (1, 1), (-1, -1), (-1, 0)]
            .iter()
            .map(|(di, dn)| (row + di, number + dn))
            .filter(|&(r, n)| on_board(r, n))
            .collect()
    }

    pub fn parse(position: &str, any_friendly: bool) -> State {
        let fields: Vec<&str> = position.split(' ').collect();
        let mut board: Board = [[None; 12]; 11];
        for (row, text) in fields[0].split('/').enumerate() {
            let first = 1.max(row as i32 - 4);
            for (k, ch) in text.chars().enumerate() {
                if ch != '.' {
                    board[row][first as usize + k] =
                        Some((ch.is_ascii_uppercase(), ch.to_ascii_uppercase()));
                }
            }
        }
        State {
            board,
            red_to_move: fields[1] == "r",
            moves_left: fields[2].parse().expect("moves left"),
            turn: fields[3].parse().expect("turn"),
            any_friendly,
        }
    }

    fn at(s: &State, (r, n): (i32, i32)) -> Option<(bool, char)> {
        s.board[r as usize][n as usize]
    }

    /// RULES 1.4.2: the group of `from`, breadth first.
    fn group(s: &State, from: (i32, i32)) -> Vec<(i32, i32)> {
        let Some((red, kind)) = at(s, from) else {
            return vec![];
        };
        let belongs = |p: Option<(bool, char)>| match p {
            Some((c, k)) => c == red && (s.any_friendly || k == kind),
            None => false,
        };
        let mut seen = vec![from];
        let mut i = 0;
        while i < seen.len() {
            let (r, n) = seen[i];
            for q in neighbours(r, n) {
                if belongs(at(s, q)) && !seen.contains(&q) {
                    seen.push(q);
                }
            }
            i += 1;
        }
        seen
    }

    /// RULES 1.4: every unit move of the side to move.
    pub fn moves(s: &State) -> Vec<((i32, i32), (i32, i32))> {
        let mut out = vec![];
        for row in 0..11 {
            for number in 1..12 {
                let from = (row, number);
                if !on_board(row, number) {
                    continue;
                }
                let Some((red, kind)) = at(s, from) else {
                    continue;
                };
                if red != s.red_to_move || kind == 'C' {
                    continue;
                }
                let g = group(s, from);
                let mut targets: Vec<(i32, i32)> = vec![];
                if g.len() == 1 {
                    for q in neighbours(row, number) {
                        if at(s, q).is_none() {
                            targets.push(q);
                        }
                    }
                } else {
                    for &(r, n) in &g {
                        for q in neighbours(r, n) {
                            if q != from && at(s, q) != Some((red, kind)) && !targets.contains(&q) {
                                targets.push(q);
                            }
                        }
                    }
                }
                for t in targets {
                    out.push((from, t));
                }
            }
        }
        out
    }

    fn surrounded(s: &State, red_centre: bool) -> bool {
        for row in 0..11 {
            for number in 1..12 {
                if on_board(row, number) && at(s, (row, number)) == Some((red_centre, 'C')) {
                    let ns = neighbours(row, number);
                    return ns.len() == 6
                        && ns.iter().all(|&q| at(s, q) == Some((!red_centre, 'S')));
                }
            }
        }
        false
    }

    /// 1.5: the game is over when a centre is surrounded.
    pub fn over(s: &State) -> bool {
        surrounded(s, true) || surrounded(s, false)
    }

    /// RULES 1.3: allowance of the turn about to start.
    fn allowance(s: &State) -> u32 {
        let base = s.turn.min(6);
        let own_red = s.red_to_move;
        let mut against = 0;
        for row in 0..11 {
            for number in 1..12 {
                if on_board(row, number) && at(s, (row, number)) == Some((own_red, 'C')) {
                    against = neighbours(row, number)
                        .iter()
                        .filter(|&&q| at(s, q) == Some((!own_red, 'S')))
                        .count() as u32;
                }
            }
        }
        base.saturating_sub(against)
    }

    pub fn play(s: &State, (from, to): ((i32, i32), (i32, i32))) -> State {
        let mut t = s.clone();
        let a = at(s, from);
        let b = at(s, to);
        t.board[to.0 as usize][to.1 as usize] = a;
        t.board[from.0 as usize][from.1 as usize] = b;
        t.moves_left -= 1;
        if !over(&t) && t.moves_left == 0 {
            loop {
                t.turn += 1;
                t.red_to_move = !t.red_to_move;
                t.moves_left = allowance(&t);
                if t.moves_left > 0 {
                    break;
                }
            }
        }
        t
    }

    pub fn perft(s: &State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if over(s) {
            return 0;
        }
        moves(s)
            .into_iter()
            .map(|m| perft(&play(s, m), depth - 1))
            .sum()
    }
}

#[test]
fn naive_generator_agrees_at_small_depths() {
    for case in cases() {
        let state = naive::parse(&case.position, case.group == "any-friendly");
        for (i, &expected) in case.counts.iter().enumerate() {
            // The naive generator is slow on purpose; small depths are enough to catch a
            // disagreement in generation, exchanges, allowance or turn passing.
            if expected > NAIVE_NODE_LIMIT {
                break;
            }
            let depth = i as u32 + 1;
            assert_eq!(
                naive::perft(&state, depth),
                expected,
                "naive perft({depth}) of {} ({})",
                case.position,
                case.group
            );
        }
    }
}

#[test]
fn naive_generator_agrees_move_by_move_along_a_long_game() {
    // Same moves, in the same positions, over a deterministic playout of 300 unit moves: a
    // stronger check than counts alone.
    for group in ["same-category", "any-friendly"] {
        let mut game = Game::new(options(group), 0);
        let mut state = naive::parse(&game.position().to_string(), group == "any-friendly");
        let mut rng: u64 = 0x2545_F491_4F6C_DD1D;
        for step in 0..300 {
            if game.status() != Status::Ongoing {
                break;
            }
            let mut ours: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
            ours.sort();
            let name = |(r, n): (i32, i32)| format!("{}{}", (b'a' + r as u8) as char, n);
            let mut theirs: Vec<String> = naive::moves(&state)
                .into_iter()
                .map(|(f, t)| format!("{}-{}", name(f), name(t)))
                .collect();
            theirs.sort();
            assert_eq!(ours, theirs, "{group} step {step}: {}", game.position());
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let moves = naive::moves(&state);
            let pick = moves[(rng % moves.len() as u64) as usize];
            state = naive::play(&state, pick);
            let text = format!("{}-{}", name(pick.0), name(pick.1));
            game.play_str(&text).expect("legal");
            assert_eq!(game.position().turn(), state.turn, "{group} step {step}");
            assert_eq!(game.position().moves_left() as u32, state.moves_left);
            assert_eq!(game.status() != Status::Ongoing, naive::over(&state));
        }
    }
}
