//! Turn-level perft: the number of sequences of whole turns (each chain prefix a turn of its
//! own), from the positions in `tests/data/fanorona_perft.txt`, under both rule sets and the vela
//! round. Every count is checked twice: by the engine, and by a deliberately naive generator
//! written below straight from the text of docs/fanorona.md (a grid of characters, coordinate
//! arithmetic, no tables, no bit boards). The naive generator also replays each turn through
//! `Game::play_str`, so the checking path and the generating path of the engine must agree.
//!
//! The deep lines of the data file are `#[ignore]`d to keep `cargo test` quick; run them with
//! `cargo test --test rules fanorona_perft -- --ignored`.

use fibonacci_bot::engine::fanorona::{Color, Game, Options, Position, RuleSet, perft};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// The naive generator.

/// `grid[row][col]`, row 0 = row 1 of the board; `b'W'`, `b'B'` or `b'.'`.
type Grid = [[u8; 9]; 5];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Naive {
    grid: Grid,
    /// `b'W'` or `b'B'`.
    side: u8,
}

fn parse_naive(s: &str) -> Naive {
    let (board, side) = s.split_once(' ').expect("position has a side");
    let mut grid = [[b'.'; 9]; 5];
    for (r, row) in board.split('/').enumerate() {
        for (c, ch) in row.bytes().enumerate() {
            grid[r][c] = ch;
        }
    }
    Naive {
        grid,
        side: side.trim().as_bytes()[0].to_ascii_uppercase(),
    }
}

fn write_naive(n: &Naive) -> String {
    let rows: Vec<String> = n
        .grid
        .iter()
        .map(|r| String::from_utf8(r.to_vec()).expect("ascii"))
        .collect();
    format!(
        "{} {}",
        rows.join("/"),
        (n.side as char).to_ascii_lowercase()
    )
}

fn other(side: u8) -> u8 {
    if side == b'W' { b'B' } else { b'W' }
}

fn name(c: i32, r: i32) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Is there a line from (c, r) one step in (dc, dr)? Orthogonal lines everywhere, diagonal lines
/// only from points with column + row even.
fn line(c: i32, r: i32, dc: i32, dr: i32) -> bool {
    let (nc, nr) = (c + dc, r + dr);
    let on_board = (0..9).contains(&nc) && (0..5).contains(&nr);
    on_board && (dc == 0 || dr == 0 || (c + r) % 2 == 0)
}

fn count(grid: &Grid, who: u8) -> usize {
    grid.iter().flatten().filter(|&&x| x == who).count()
}

/// The enemy pieces captured starting at (c, r) going on in (dc, dr): "that piece and every enemy
/// piece directly behind it on that line (up to the first empty point, own piece or edge)".
/// `single`: only the first one (vela loser).
fn line_of(
    grid: &Grid,
    enemy: u8,
    c: i32,
    r: i32,
    dc: i32,
    dr: i32,
    single: bool,
) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    let (mut c, mut r) = (c, r);
    loop {
        if grid[r as usize][c as usize] != enemy {
            break;
        }
        out.push((c, r));
        if single || !line(c, r, dc, dr) {
            break;
        }
        c += dc;
        r += dr;
    }
    out
}

/// The approach and the withdrawal captures of the step (c, r) -> (c+dc, r+dr).
fn step_captures(
    grid: &Grid,
    enemy: u8,
    c: i32,
    r: i32,
    dc: i32,
    dr: i32,
    single: bool,
) -> [Vec<(i32, i32)>; 2] {
    let (tc, tr) = (c + dc, r + dr);
    let approach = if line(tc, tr, dc, dr) {
        line_of(grid, enemy, tc + dc, tr + dr, dc, dr, single)
    } else {
        Vec::new()
    };
    let withdrawal = if line(c, r, -dc, -dr) {
        line_of(grid, enemy, c - dc, r - dr, -dc, -dr, single)
    } else {
        Vec::new()
    };
    [approach, withdrawal]
}

/// Every whole turn: (notation, position after the turn).
fn naive_turns(n: &Naive, options: Options) -> Vec<(String, Naive)> {
    let me = n.side;
    let enemy = other(me);
    let mut out = Vec::new();
    if count(&n.grid, me) == 0 || count(&n.grid, enemy) == 0 {
        return out;
    }
    // Vela: while the first-round winner has more than 5 pieces, it never captures and the loser
    // takes one piece and does not chain.
    let winner = options
        .vela
        .map(|c| if c == Color::White { b'W' } else { b'B' });
    let restricted = winner.is_some_and(|w| count(&n.grid, w) > 5);
    let never = restricted && winner == Some(me);
    let single = restricted && winner != Some(me);

    let mut steps = Vec::new();
    for r in 0..5 {
        for c in 0..9 {
            if n.grid[r as usize][c as usize] != me {
                continue;
            }
            for (dc, dr) in DIRS {
                if !line(c, r, dc, dr) || n.grid[(r + dr) as usize][(c + dc) as usize] != b'.' {
                    continue;
                }
                let caps = if never {
                    [Vec::new(), Vec::new()]
                } else {
                    step_captures(&n.grid, enemy, c, r, dc, dr, single)
                };
                steps.push((c, r, dc, dr, caps));
            }
        }
    }
    let any_capture = steps
        .iter()
        .any(|s| !s.4[0].is_empty() || !s.4[1].is_empty());
    for (c, r, dc, dr, caps) in steps {
        let text = format!("{}-{}", name(c, r), name(c + dc, r + dr));
        let mut grid = n.grid;
        grid[r as usize][c as usize] = b'.';
        grid[(r + dr) as usize][(c + dc) as usize] = me;
        if caps[0].is_empty() && caps[1].is_empty() {
            let compulsory = options.rules == RuleSet::Standard && any_capture;
            if !compulsory {
                out.push((text, Naive { grid, side: enemy }));
            }
            continue;
        }
        for (suffix, taken) in ["+", "-"].iter().zip(&caps) {
            if taken.is_empty() {
                continue;
            }
            let mut g = grid;
            for &(x, y) in taken {
                g[y as usize][x as usize] = b'.';
            }
            let text = format!("{text}{suffix}");
            out.push((
                text.clone(),
                Naive {
                    grid: g,
                    side: enemy,
                },
            ));
            if !single {
                let visited = vec![(c, r), (c + dc, r + dr)];
                chain(&g, me, (c + dc, r + dr), (dc, dr), visited, &text, &mut out);
            }
        }
    }
    out
}

/// Continuations of a chain: must capture, not the same direction, not a visited point.
fn chain(
    grid: &Grid,
    me: u8,
    (c, r): (i32, i32),
    last: (i32, i32),
    visited: Vec<(i32, i32)>,
    prefix: &str,
    out: &mut Vec<(String, Naive)>,
) {
    let enemy = other(me);
    for (dc, dr) in DIRS {
        if (dc, dr) == last || !line(c, r, dc, dr) {
            continue;
        }
        let to = (c + dc, r + dr);
        if grid[to.1 as usize][to.0 as usize] != b'.' || visited.contains(&to) {
            continue;
        }
        let caps = step_captures(grid, enemy, c, r, dc, dr, false);
        for (suffix, taken) in ["+", "-"].iter().zip(&caps) {
            if taken.is_empty() {
                continue;
            }
            let mut g = *grid;
            g[r as usize][c as usize] = b'.';
            g[to.1 as usize][to.0 as usize] = me;
            for &(x, y) in taken {
                g[y as usize][x as usize] = b'.';
            }
            let text = format!("{prefix},{}-{}{suffix}", name(c, r), name(to.0, to.1));
            out.push((
                text.clone(),
                Naive {
                    grid: g,
                    side: enemy,
                },
            ));
            let mut v = visited.clone();
            v.push(to);
            chain(&g, me, to, (dc, dr), v, &text, out);
        }
    }
}

fn naive_perft(n: &Naive, options: Options, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    naive_turns(n, options)
        .iter()
        .map(|(_, next)| naive_perft(next, options, depth - 1))
        .sum()
}

/// Plays a whole turn through the engine's checking path.
fn play_turn(game: &Game, turn: &str) -> Game {
    let mut g = game.clone();
    g.play_str(turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
    if g.chain_in_progress() {
        g.end_turn().expect("end a chain in progress");
    }
    g
}

/// The naive generator and the engine agree on the turns and the positions they lead to, down to
/// `depth` turns from `position`.
fn compare_tree(options: Options, position: &str, depth: u32) {
    let game = Game::from_position(options, position).expect("position");
    let naive = parse_naive(position);
    let mut expected: Vec<(String, String)> = naive_turns(&naive, options)
        .iter()
        .map(|(t, n)| (t.clone(), write_naive(n)))
        .collect();
    expected.sort();
    let mut actual: Vec<(String, String)> = game
        .legal_turns()
        .into_iter()
        .map(|t| {
            let after = play_turn(&game, &t).position().to_string();
            (t, after)
        })
        .collect();
    actual.sort();
    assert_eq!(actual, expected, "turns of {position}");
    if depth > 1 {
        for (_, after) in expected {
            compare_tree(options, &after, depth - 1);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The data file.

struct Case {
    line: usize,
    options: Options,
    depth: u32,
    count: u64,
    position: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/fanorona_perft.txt");
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            f.len(),
            6,
            "line {}: rules vela depth count board side",
            i + 1
        );
        let rules = match f[0] {
            "escale" => RuleSet::Escale,
            "standard" => RuleSet::Standard,
            other => panic!("line {}: unknown rules {other}", i + 1),
        };
        let vela = match f[1] {
            "-" => None,
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            other => panic!("line {}: unknown vela {other}", i + 1),
        };
        out.push(Case {
            line: i + 1,
            options: Options { rules, vela },
            depth: f[2].parse().expect("depth"),
            count: f[3].parse().expect("count"),
            position: format!("{} {}", f[4], f[5]),
        });
    }
    out
}

/// Lines up to this count are checked by the naive generator in the default run.
const NAIVE_QUICK: u64 = 1_200_000;
/// Lines up to this count are checked by the engine in the default run.
const ENGINE_QUICK: u64 = 3_000_000;

fn check_engine(case: &Case) {
    let position: Position = case.position.parse().expect("position");
    let engine = perft(case.options, &position, case.depth);
    assert_eq!(engine, case.count, "engine, line {}", case.line);
}

fn check_naive(case: &Case) {
    let naive = naive_perft(&parse_naive(&case.position), case.options, case.depth);
    assert_eq!(naive, case.count, "naive generator, line {}", case.line);
}

#[test]
fn perft_counts_of_the_data_file_engine_and_naive_generator_agree() {
    let all = cases();
    assert!(all.len() >= 10);
    for case in &all {
        if case.count <= ENGINE_QUICK {
            check_engine(case);
        }
        if case.count <= NAIVE_QUICK {
            check_naive(case);
        }
    }
}

#[test]
#[ignore = "deep perft: cargo test --test rules fanorona_perft -- --ignored"]
fn perft_counts_of_the_data_file_deep_lines() {
    for case in cases() {
        if case.count > ENGINE_QUICK {
            check_engine(&case);
        }
        if case.count > NAIVE_QUICK {
            check_naive(&case);
        }
    }
}

#[test]
fn perft_from_the_start_reaches_depth_4_under_both_rule_sets() {
    let start = cases();
    for rules in ["escale", "standard"] {
        assert!(
            start.iter().any(|c| c.depth >= 4
                && c.position == Position::start(Color::White).to_string()
                && (c.options.rules == RuleSet::Standard) == (rules == "standard")),
            "no depth-4 start line for {rules}"
        );
    }
}

#[test]
fn engine_and_naive_generator_list_the_same_turns_and_results_near_the_start() {
    let start = Position::start(Color::White).to_string();
    for rules in [RuleSet::Escale, RuleSet::Standard] {
        compare_tree(Options { rules, vela: None }, &start, 2);
    }
    compare_tree(
        Options {
            rules: RuleSet::Escale,
            vela: Some(Color::Black),
        },
        &start,
        2,
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Along random games, at every turn the engine and the naive generator agree on the turns
    /// and on the position each turn leads to.
    #[test]
    fn engine_agrees_with_the_naive_generator_along_random_games(
        choices in prop::collection::vec(any::<u32>(), 1..60),
        standard in any::<bool>(),
        vela in 0u8..3,
    ) {
        let options = Options {
            rules: if standard { RuleSet::Standard } else { RuleSet::Escale },
            vela: [None, Some(Color::White), Some(Color::Black)][vela as usize],
        };
        let mut game = Game::new(options);
        for choice in choices {
            let position = game.position().to_string();
            compare_tree(options, &position, 1);
            let turns = game.legal_turns();
            if turns.is_empty() {
                break;
            }
            game = play_turn(&game, &turns[choice as usize % turns.len()]);
        }
    }
}
