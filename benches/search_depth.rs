//! How deep the Fanorona search gets (issue 36): for positions of games between two medium
//! players, both rule sets, the deepest iteration each setting completes, the nodes it spends
//! and its time; then the nodes a search to a fixed depth spends with and without the killer
//! and history ordering. Not a timed test: run it with `cargo bench --bench search_depth`.
//!
//! Environment (optional): `SEARCH_DEPTH_GAMES` games per rule set (default 6; positions are
//! taken every 8 turns from turn 4), `SEARCH_DEPTH_FIXED` the depth of the fixed-depth
//! comparison (default 6).

use std::env;
use std::time::Instant;

use fibonacci_bot::ai::fanorona::{FanoronaSearch, search_stats_with};
use fibonacci_bot::ai::{self, Level};
use fibonacci_bot::engine::Status;
use fibonacci_bot::engine::fanorona::{Game, Options, RuleSet};

fn env_or(name: &str, default: u64) -> u64 {
    env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Positions every 8 turns (from turn 4) of `games` games between two medium players.
fn positions(rules: RuleSet, games: u64) -> Vec<Game> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut game = Game::new(Options { rules, vela: None });
        for t in 0..120u64 {
            if game.status() != Status::Ongoing {
                break;
            }
            if t % 8 == 4 {
                out.push(game.clone());
            }
            let turn = ai::fanorona_turn(&game, Level::Medium, g * 1000 + t).expect("a turn");
            ai::play_fanorona_turn(&mut game, &turn).expect("legal");
        }
    }
    out
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// One setting over the positions: median and max depth, median nodes and milliseconds (turns
/// with one choice, which are not searched, left out).
fn row(name: &str, search: &FanoronaSearch, games: &[Game]) {
    let (mut depths, mut nodes, mut ms) = (Vec::new(), Vec::new(), Vec::new());
    for (i, game) in games.iter().enumerate() {
        let start = Instant::now();
        let stats = search_stats_with(game, search, i as u64).expect("a turn");
        if stats.nodes == 0 {
            continue;
        }
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
        depths.push(f64::from(stats.depth));
        nodes.push(stats.nodes as f64);
    }
    let max_depth = depths.iter().copied().fold(0.0, f64::max);
    let max_ms = ms.iter().copied().fold(0.0, f64::max);
    println!(
        "{name:<22} positions {:>3}  depth median {:>4.1} max {:>4.1}  nodes median {:>9.0}  ms median {:>7.1} max {:>7.1}",
        depths.len(),
        median(depths),
        max_depth,
        median(nodes),
        median(ms.clone()),
        max_ms,
    );
}

fn main() {
    let games = env_or("SEARCH_DEPTH_GAMES", 6);
    let fixed = env_or("SEARCH_DEPTH_FIXED", 6) as u32;
    for rules in [RuleSet::Escale, RuleSet::Standard] {
        let set = positions(rules, games);
        println!("{rules:?}: {} positions", set.len());
        let baseline = FanoronaSearch::baseline_hard();
        row("baseline", &baseline, &set);
        let ordered = FanoronaSearch {
            ordering: true,
            ..baseline
        };
        row("baseline + ordering", &ordered, &set);
        row("hard", &FanoronaSearch::for_level(Level::Hard), &set);
        row("expert", &FanoronaSearch::for_level(Level::Expert), &set);
        // To a fixed depth, without a budget: the nodes the ordering saves.
        let unbounded = FanoronaSearch {
            limits: ai::Limits {
                nodes: u64::MAX,
                cap: None,
            },
            max_depth: fixed,
            endgame_nodes: 0,
            endgames: 0,
            ..baseline
        };
        let mut ratios = Vec::new();
        let (mut plain_total, mut ordered_total) = (0u64, 0u64);
        for (i, game) in set.iter().enumerate() {
            let plain = search_stats_with(game, &unbounded, i as u64).expect("a turn");
            let with = FanoronaSearch {
                ordering: true,
                ..unbounded
            };
            let with = search_stats_with(game, &with, i as u64).expect("a turn");
            if plain.nodes > 0 {
                ratios.push(with.nodes as f64 / plain.nodes as f64);
                plain_total += plain.nodes;
                ordered_total += with.nodes;
            }
        }
        println!(
            "depth {fixed}: nodes without ordering {plain_total}, with {ordered_total} ({:.2}); median ratio per position {:.2}",
            ordered_total as f64 / plain_total.max(1) as f64,
            median(ratios)
        );
    }
}
