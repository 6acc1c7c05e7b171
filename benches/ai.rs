//! Strength of the AI (issues 12 and 36): games between the levels and the baseline players,
//! colours alternating, and the time each player takes per turn (median and max). Not a timed
//! test: run it with `cargo bench --bench ai`.
//!
//! Environment (all optional):
//! - `AI_BENCH_GAMES`: games per pairing (default 100);
//! - `AI_BENCH_PAIRINGS`: comma-separated `a-b` pairs of `easy`, `medium`, `hard`, `expert`,
//!   `baseline` (hard as it
//!   played before issue 36: Fanorona before the endgame tables,
//!   `FanoronaSearch::baseline_hard`; Fibonacci before the three-turn check,
//!   `FibonacciSearch::baseline_hard`), `random`, `greedy`, `<level>+tuned` and
//!   `<level>+hand` (Fanorona: the level's search with the fitted or the hand-set evaluation
//!   weights; Fibonacci: the level) (default
//!   `expert-hard,hard-baseline,hard-random,hard-greedy,hard-medium,medium-easy`);
//! - `AI_BENCH_GAMESETS`: comma-separated `fibonacci`, `fibonacci-cards`, `fibonacci-swap`,
//!   `fibonacci-cards-swap` (the swap rule: a player who swaps takes over the other side, and
//!   "moving first" below still means opening the game), `fanorona-escale`, `fanorona-standard`
//!   (default `fibonacci`, `fanorona-escale`, `fanorona-standard`);
//! - `AI_BENCH_CAP`: turns after which a game is declared drawn (default 200);
//! - `AI_BENCH_TRACE`: when set, every Fibonacci turn is printed (player, unit moves, the board
//!   after it), to see how games are won or drawn;
//! - `AI_BENCH_FIRST_GAME`: index of the first game of each pairing (default 0), to replay one;
//! - `AI_BENCH_RANDOM_TURNS`: turns played at random at the start of each game (default 0), the
//!   same ones for the two games of a pair (games 2k and 2k+1, colours swapped), so that
//!   deterministic players still meet in varied positions and neither colour is favoured;
//! - `AI_BENCH_EACH`: when set, each game's result is printed with who moved first;
//! - `AI_BENCH_RECORD`: a file to which each game's result is added as a line
//!   `game-set<TAB>first player<TAB>second player<TAB>1|0.5|0` (the first-named player's score),
//!   so that runs in chunks and on several cores add up. The run ends with the players'
//!   estimated ratings (`ai::strength::from_record`, medium = 1500), per game set and over all,
//!   fitted to every game of that file, or to this run's games without one. The ratings
//!   `/challenge` shows (`Level::estimated_rating`) are the line `all` of such a run over
//!   `tests/data/ai_bench_games.tsv`.
//!
//! The default run is long: `expert` thinks up to 10 s a turn (about 2.3 s at the median), so
//! its 100 Fanorona games a game set take many hours on one core. Narrow it, e.g.
//! `AI_BENCH_GAMES=20 AI_BENCH_PAIRINGS=hard-baseline AI_BENCH_GAMESETS=fanorona-standard cargo bench
//! --bench ai`, and run one game set per core.
//!
//! Each finished pairing prints its row at once, so a long run can be read as it goes, and under
//! it the same results split by who moved first, with how many decided games the first mover won.

use std::env;
use std::io::Write;
use std::time::{Duration, Instant};

use fibonacci_bot::ai::{self, Level, baseline};
use fibonacci_bot::engine::fibonacci::Swap::{Off, On};
use fibonacci_bot::engine::fibonacci::Variant::{Cards, Standard};
use fibonacci_bot::engine::{Side, Status, fanorona, fibonacci};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Ai(Level),
    /// Hard as it played before issue 36 (the yardstick of a new hard): Fanorona before the
    /// endgame tables, Fibonacci before the three-turn check.
    Baseline,
    Random,
    Greedy,
    /// Fanorona: a level's search with the other evaluation weights (`<level>+tuned` or
    /// `<level>+hand`), to tell the weights' part from the rest; Fibonacci: the level.
    Weighted(Level, Weights),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Weights {
    Hand,
    Tuned,
}

impl Player {
    fn parse(s: &str) -> Option<Player> {
        match s {
            "random" => Some(Player::Random),
            "baseline" => Some(Player::Baseline),
            "greedy" => Some(Player::Greedy),
            _ => match s.split_once('+') {
                Some((level, "tuned")) => level
                    .parse()
                    .ok()
                    .map(|l| Player::Weighted(l, Weights::Tuned)),
                Some((level, "hand")) => level
                    .parse()
                    .ok()
                    .map(|l| Player::Weighted(l, Weights::Hand)),
                Some(_) => None,
                None => s.parse().ok().map(Player::Ai),
            },
        }
    }

    fn name(self) -> &'static str {
        match self {
            Player::Ai(l) => l.as_str(),
            Player::Weighted(l, w) => {
                let name = format!("{l}+{}", if w == Weights::Tuned { "tuned" } else { "hand" });
                Box::leak(name.into_boxed_str())
            }
            Player::Baseline => "baseline",
            Player::Random => "random",
            Player::Greedy => "greedy",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameSet {
    /// A variant, with or without the swap rule.
    Fibonacci(fibonacci::Variant, fibonacci::Swap),
    Fanorona(fanorona::RuleSet),
}

impl GameSet {
    fn parse(s: &str) -> Option<GameSet> {
        match s {
            "fibonacci" => Some(GameSet::Fibonacci(Standard, Off)),
            "fibonacci-cards" => Some(GameSet::Fibonacci(Cards, Off)),
            "fibonacci-swap" => Some(GameSet::Fibonacci(Standard, On)),
            "fibonacci-cards-swap" => Some(GameSet::Fibonacci(Cards, On)),
            "fanorona-escale" => Some(GameSet::Fanorona(fanorona::RuleSet::Escale)),
            "fanorona-standard" => Some(GameSet::Fanorona(fanorona::RuleSet::Standard)),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            GameSet::Fibonacci(Standard, Off) => "fibonacci",
            GameSet::Fibonacci(Cards, Off) => "fibonacci-cards",
            GameSet::Fibonacci(Standard, On) => "fibonacci-swap",
            GameSet::Fibonacci(Cards, On) => "fibonacci-cards-swap",
            GameSet::Fanorona(fanorona::RuleSet::Escale) => "fanorona-escale",
            GameSet::Fanorona(fanorona::RuleSet::Standard) => "fanorona-standard",
        }
    }
}

/// Seconds per turn of each AI player, per game set.
#[derive(Default)]
struct Timings(Vec<(GameSet, &'static str, Duration)>);

/// How a game is played out: turns before it counts as drawn, and random turns at its start.
#[derive(Clone, Copy)]
struct Length {
    cap: u32,
    random_turns: u32,
}

/// Who won one game: `Some(true)` the first-listed player, `Some(false)` the other, `None` a draw
/// (by the rules or by the turn cap).
fn play_game(
    set: GameSet,
    a: Player,
    b: Player,
    a_first: bool,
    seed: u64,
    length: Length,
    timings: &mut Timings,
) -> Option<bool> {
    let Length { cap, random_turns } = length;
    // The opening's turns are drawn from the pair's seed: both games of a pair share them.
    let opening_seed = |t: u32| (seed / 2).wrapping_mul(7_919).wrapping_add(u64::from(t)) ^ 0x5eed;
    // The side the first-listed player has: it changes when the swap rule is played.
    let mut side_of_a = if a_first { Side::First } else { Side::Second };
    let owner = |side: Side, side_of_a: Side| if side == side_of_a { a } else { b };
    let winner = match set {
        GameSet::Fibonacci(variant, swap) => {
            let options = fibonacci::Options {
                variant,
                swap,
                ..Default::default()
            };
            let mut game = fibonacci::Game::new(options, seed);
            for t in 0..cap {
                if game.status() != Status::Ongoing {
                    break;
                }
                let p = owner(game.position().side_to_move().side(), side_of_a);
                let turn_seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(t));
                let start = Instant::now();
                let turn = match p {
                    _ if t < random_turns => baseline::fibonacci_random(&game, opening_seed(t)),
                    Player::Ai(level) | Player::Weighted(level, _) => {
                        ai::fibonacci_turn(&game, level, turn_seed)
                            .unwrap_or_else(|e| panic!("{e} at {}", game.position()))
                    }
                    Player::Baseline => ai::fibonacci_turn_with(
                        &game,
                        &ai::fibonacci::FibonacciSearch::baseline_hard(),
                        turn_seed,
                    )
                    .unwrap_or_else(|e| panic!("{e} at {}", game.position())),
                    Player::Random => baseline::fibonacci_random(&game, turn_seed),
                    Player::Greedy => baseline::fibonacci_greedy(&game, turn_seed),
                };
                if t >= random_turns && !matches!(p, Player::Random | Player::Greedy) {
                    timings.0.push((set, p.name(), start.elapsed()));
                }
                let swapped = game.swapped();
                for m in &turn {
                    game.play_str(m)
                        .unwrap_or_else(|e| panic!("{} refused {m}: {e}", p.name()));
                }
                // The swap rule: the players exchange sides, as the service exchanges them.
                if game.swapped() && !swapped {
                    side_of_a = side_of_a.other();
                }
                if env::var_os("AI_BENCH_TRACE").is_some() {
                    println!(
                        "turn {} {}: {}  ({:.0} ms)",
                        t + 1,
                        p.name(),
                        turn.join(" "),
                        start.elapsed().as_secs_f64() * 1000.0
                    );
                    println!("{}", draw_fibonacci(game.position()));
                }
            }
            if env::var_os("AI_BENCH_TRACE").is_some() {
                println!("result: {:?}", game.status());
            }
            game.status()
        }
        GameSet::Fanorona(rules) => {
            let options = fanorona::Options { rules, vela: None };
            let mut game = fanorona::Game::new(options);
            for t in 0..cap {
                if game.status() != Status::Ongoing {
                    break;
                }
                let p = owner(game.position().side_to_move().side(), side_of_a);
                let turn_seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(t));
                let start = Instant::now();
                let turn = match p {
                    _ if t < random_turns => baseline::fanorona_random(&game, opening_seed(t)),
                    Player::Ai(level) => ai::fanorona_turn(&game, level, turn_seed)
                        .unwrap_or_else(|e| panic!("{e} at {}", game.position())),
                    Player::Weighted(level, w) => ai::fanorona_turn_with(
                        &game,
                        &ai::fanorona::FanoronaSearch {
                            weights: match w {
                                Weights::Hand => &ai::fanorona::eval::HAND,
                                Weights::Tuned => &ai::fanorona::eval::TUNED,
                            },
                            ..ai::fanorona::FanoronaSearch::for_level(level)
                        },
                        turn_seed,
                    )
                    .unwrap_or_else(|e| panic!("{e} at {}", game.position())),
                    Player::Baseline => ai::fanorona_turn_with(
                        &game,
                        &ai::fanorona::FanoronaSearch::baseline_hard(),
                        turn_seed,
                    )
                    .unwrap_or_else(|e| panic!("{e} at {}", game.position())),
                    Player::Random => baseline::fanorona_random(&game, turn_seed),
                    Player::Greedy => baseline::fanorona_greedy(&game, turn_seed),
                };
                if t >= random_turns && !matches!(p, Player::Random | Player::Greedy) {
                    timings.0.push((set, p.name(), start.elapsed()));
                }
                ai::play_fanorona_turn(&mut game, &turn)
                    .unwrap_or_else(|e| panic!("{} refused {turn:?}: {e}", p.name()));
            }
            game.status()
        }
    };
    match winner {
        Status::Won(side, _) => Some(side == side_of_a),
        _ => None,
    }
}

/// The board as a hexagon of letters (row k on top), for `AI_BENCH_TRACE`.
fn draw_fibonacci(p: &fibonacci::Position) -> String {
    let mut out = String::new();
    for row in (0..11u8).rev() {
        let first = row.saturating_sub(4).max(1);
        let last = (row + 6).min(11);
        out.push_str(&" ".repeat(usize::from(row.abs_diff(5))));
        out.push((b'a' + row) as char);
        out.push(' ');
        for n in first..=last {
            let c = fibonacci::Cell::new(row, n).expect("a point of the board");
            out.push(p.piece_at(c).map_or('.', |x| x.letter()));
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

fn var<T>(name: &str, default: T, parse: impl Fn(&str) -> Option<T>) -> T {
    match env::var(name) {
        Ok(v) => parse(&v).unwrap_or_else(|| panic!("cannot read {name}={v}")),
        Err(_) => default,
    }
}

fn list<T>(text: &str, parse: impl Fn(&str) -> Option<T>) -> Option<Vec<T>> {
    text.split(',').map(|s| parse(s.trim())).collect()
}

fn main() {
    let games = var("AI_BENCH_GAMES", 100u32, |s| s.parse().ok());
    let cap = var("AI_BENCH_CAP", 200u32, |s| s.parse().ok());
    let random_turns = var("AI_BENCH_RANDOM_TURNS", 0u32, |s| s.parse().ok());
    let pairings = var(
        "AI_BENCH_PAIRINGS",
        "expert-hard,hard-baseline,hard-random,hard-greedy,hard-medium,medium-easy".to_string(),
        |s| Some(s.to_string()),
    );
    let pairings: Vec<(Player, Player)> = list(&pairings, |p| {
        let (a, b) = p.split_once('-')?;
        Some((Player::parse(a)?, Player::parse(b)?))
    })
    .unwrap_or_else(|| panic!("cannot read AI_BENCH_PAIRINGS={pairings}"));
    let sets = var(
        "AI_BENCH_GAMESETS",
        vec![
            GameSet::Fibonacci(Standard, Off),
            GameSet::Fanorona(fanorona::RuleSet::Escale),
            GameSet::Fanorona(fanorona::RuleSet::Standard),
        ],
        |s| list(s, GameSet::parse),
    );

    println!(
        "{games} games per pairing, colours alternating, {random_turns} random turns a pair, \
         a draw after {cap} turns"
    );
    println!(
        "{:<18} {:<16} {:>5} {:>6} {:>6} {:>6} {:>8} {:>8}",
        "game", "pairing", "games", "wins", "losses", "draws", "score", "time"
    );
    // The endgame tables are built once per process, the first time a game nears them: built
    // here, so that the time per turn is the search's alone.
    let built = Instant::now();
    for rules in [fanorona::RuleSet::Escale, fanorona::RuleSet::Standard] {
        ai::fanorona::endgame::for_rules(rules, ai::fanorona::endgame::PLAYED_PIECES);
    }
    println!(
        "endgame tables of both rule sets built in {:.1} s",
        built.elapsed().as_secs_f64()
    );
    let mut timings = Timings::default();
    let mut this_run = String::new();
    for &set in &sets {
        for &(a, b) in &pairings {
            let started = Instant::now();
            // a's results when it moved first, and when it moved second.
            let mut by_colour = [Tally::default(); 2];
            let first = var("AI_BENCH_FIRST_GAME", 0u32, |s| s.parse().ok());
            for g in first..first + games {
                let a_first = g % 2 == 0;
                let result = play_game(
                    set,
                    a,
                    b,
                    a_first,
                    u64::from(g),
                    Length { cap, random_turns },
                    &mut timings,
                );
                by_colour[usize::from(!a_first)].add(result);
                let line = ai::strength::record_line(set.name(), a.name(), b.name(), result);
                record(&line);
                this_run.push_str(&line);
                this_run.push('\n');
                if env::var_os("AI_BENCH_EACH").is_some() {
                    println!(
                        "game {g}: {} moving first, {}",
                        if a_first { a.name() } else { b.name() },
                        match result {
                            Some(true) => format!("{} wins", a.name()),
                            Some(false) => format!("{} wins", b.name()),
                            None => "drawn".to_string(),
                        }
                    );
                }
            }
            let [as_first, as_second] = by_colour;
            let all = as_first.and(as_second);
            println!(
                "{:<18} {:<16} {:>5} {:>6} {:>6} {:>6} {:>7.1}% {:>7.0}s",
                set.name(),
                format!("{} v {}", a.name(), b.name()),
                games,
                all.wins,
                all.losses,
                all.draws,
                all.score() * 100.0,
                started.elapsed().as_secs_f64()
            );
            // Who moved first decides many games (Fibonacci above all): the same row by colour.
            let first_won = as_first.wins + as_second.losses;
            let decided = first_won + as_first.losses + as_second.wins;
            println!(
                "{:<18}   {} moving first {}/{}/{} ({:.1}%), second {}/{}/{} ({:.1}%); \
                 the first mover won {first_won} of {decided} decided games",
                "",
                a.name(),
                as_first.wins,
                as_first.losses,
                as_first.draws,
                as_first.score() * 100.0,
                as_second.wins,
                as_second.losses,
                as_second.draws,
                as_second.score() * 100.0,
            );
        }
    }
    println!();
    println!(
        "time per AI turn: {:<18} {:<7} {:>7} {:>10} {:>10}",
        "game", "level", "turns", "median", "max"
    );
    for &set in &sets {
        let players = Level::ALL
            .map(Player::Ai)
            .into_iter()
            .chain([Player::Baseline]);
        for player in players {
            let mut t: Vec<Duration> = timings
                .0
                .iter()
                .filter(|(s, l, _)| *s == set && *l == player.name())
                .map(|x| x.2)
                .collect();
            if t.is_empty() {
                continue;
            }
            t.sort();
            println!(
                "                  {:<18} {:<7} {:>7} {:>9.1}ms {:>9.1}ms",
                set.name(),
                player.name(),
                t.len(),
                t[t.len() / 2].as_secs_f64() * 1000.0,
                t[t.len() - 1].as_secs_f64() * 1000.0
            );
        }
    }
    println!();
    let recorded = env::var("AI_BENCH_RECORD").ok().map(|path| {
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
    });
    print_ratings(recorded.as_deref().unwrap_or(&this_run));
}

/// Wins, losses and draws of one player.
#[derive(Clone, Copy, Default)]
struct Tally {
    wins: u32,
    losses: u32,
    draws: u32,
}

impl Tally {
    /// Counts a result of `play_game`.
    fn add(&mut self, result: Option<bool>) {
        match result {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    fn and(self, other: Tally) -> Tally {
        Tally {
            wins: self.wins + other.wins,
            losses: self.losses + other.losses,
            draws: self.draws + other.draws,
        }
    }

    /// Points per game, a draw counting half (0 when there was no game).
    fn score(self) -> f64 {
        let games = self.wins + self.losses + self.draws;
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games.max(1))
    }
}

/// Adds a game's line to the `AI_BENCH_RECORD` file, if there is one, at once.
fn record(line: &str) {
    let Ok(path) = env::var("AI_BENCH_RECORD") else {
        return;
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .unwrap_or_else(|e| panic!("cannot open {path}: {e}"));
    writeln!(file, "{line}").unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
}

/// The estimated ratings of every player that met medium, directly or through others: one line
/// per game set, then one over all of them.
fn print_ratings(record: &str) {
    let mut sets: Vec<&str> = record
        .lines()
        .filter_map(|l| l.split('\t').next())
        .collect();
    sets.sort();
    sets.dedup();
    println!(
        "estimated ratings (medium = {}):",
        ai::strength::ANCHOR_RATING
    );
    for set in sets.into_iter().map(Some).chain([None]) {
        let ratings = ai::strength::from_record(record, set).unwrap_or_else(|e| panic!("{e}"));
        let shown: Vec<String> = ratings.iter().map(|(n, r)| format!("{n} {r:.0}")).collect();
        println!("  {:<18} {}", set.unwrap_or("all"), shown.join(", "));
    }
}
