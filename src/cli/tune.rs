//! `selfplay` and `tune`: the Texel tuning of the Fanorona evaluation
//! ([`crate::ai::fanorona::tune`]) and of the Fibonacci one ([`crate::ai::fibonacci::tune`],
//! `--game fibonacci`), rerunnable from the command line.
//!
//! `selfplay` plays games between two AIs of one level and prints every position before a turn
//! with its game's result, one per line (`position<TAB>1-0|0-1|1/2-1/2`, 1-0 a win of the
//! player who moves first), then a summary on standard error. `tune` reads such lines and
//! prints the fitted weights:
//!
//! ```text
//! samples 41234 (quiet positions of 80321 lines)
//! k 0.00912
//! error before 0.10321 after 0.09876
//! point a1 3
//! ...
//! weights [3, 0, 3, ...]
//! ```

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::exit::{Stop, finish, finish_usage};
use crate::ai::Level;
use crate::ai::fanorona::FanoronaSearch;
use crate::ai::fanorona::eval;
use crate::ai::fanorona::tune as fanorona_tune;
use crate::ai::fibonacci::{FibonacciSearch, eval as fibonacci_eval, tune as fibonacci_tune};
use crate::ai::texel::{Fit, Outcome, Sample};
use crate::engine::Codec;
use crate::engine::fanorona::{self, Options};

/// The game whose evaluation is tuned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TunedGame {
    Fanorona,
    Fibonacci,
}

#[derive(Clone, Debug, Args)]
pub struct SelfPlayArgs {
    /// The game: Fanorona (its rule set from `--rules`) or Fibonacci (the standard variant).
    #[arg(long, value_enum, default_value = "fanorona")]
    pub game: TunedGame,
    /// Fanorona rule set.
    #[arg(long, default_value = "escale", value_parser = super::codec::<fanorona::RuleSet>())]
    pub rules: fanorona::RuleSet,
    /// Games to play.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// The level both sides play at (its node budget; no wall-clock cap, so the games depend on
    /// the seed alone).
    #[arg(long, default_value = "medium")]
    pub level: Level,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Turns played at random at the start of each game, so that games differ.
    #[arg(long, default_value_t = 2)]
    pub random_turns: u32,
    /// Turns after which a game counts as drawn.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    pub cap: u32,
}

#[derive(Clone, Debug, Args)]
pub struct TuneArgs {
    /// The game the data are of, whose evaluation is fitted.
    #[arg(long, value_enum, default_value = "fanorona")]
    pub game: TunedGame,
    /// Files of `selfplay` lines (`-` for standard input); give several to fit them together.
    #[arg(long = "data", required = true)]
    pub data: Vec<PathBuf>,
    /// Gradient steps (0: only measure the starting weights, e.g. on data kept out of a fit).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub iterations: u32,
    /// The weights to start from: `hand` (the hand-set ones) or `tuned` (the last fit,
    /// `eval::TUNED`).
    #[arg(long, default_value = "hand", value_parser = ["hand", "tuned"])]
    pub from: String,
}

/// Plays the games, printing each position as it comes, and exits 0; or exits 1 when standard
/// output closes.
pub fn run_self_play(args: SelfPlayArgs) -> ExitCode {
    // Each game's positions (as position strings) and result.
    let mut play: Box<dyn FnMut(u64) -> (Vec<String>, Outcome)> = match args.game {
        TunedGame::Fanorona => {
            let mut search = FanoronaSearch::for_level(args.level);
            search.limits.cap = None;
            let play = fanorona_tune::SelfPlay {
                options: Options {
                    rules: args.rules,
                    vela: None,
                },
                search,
                random_turns: args.random_turns,
                cap: args.cap,
            };
            Box::new(move |seed| as_lines(fanorona_tune::self_play(&play, seed)))
        }
        TunedGame::Fibonacci => {
            let mut search = FibonacciSearch::for_level(args.level);
            search.limits.cap = None;
            let play = fibonacci_tune::SelfPlay {
                search,
                random_turns: args.random_turns,
                cap: args.cap,
            };
            Box::new(move |seed| as_lines(fibonacci_tune::self_play(&play, seed)))
        }
    };
    let mut out = std::io::stdout().lock();
    let (mut first, mut second, mut drawn, mut lines) = (0, 0, 0, 0u64);
    for g in 0..args.games {
        let (positions, result) = play(args.seed.wrapping_add(g));
        match result {
            Outcome::FirstWins => first += 1,
            Outcome::SecondWins => second += 1,
            Outcome::Draw => drawn += 1,
        }
        for p in &positions {
            if writeln!(out, "{p}\t{}", result.as_str()).is_err() {
                return finish(Err(Stop::failure(format!(
                    "standard output closed after {lines} lines"
                ))));
            }
            lines += 1;
        }
    }
    let _ = out.flush();
    let (game, first_name, second_name) = match args.game {
        TunedGame::Fanorona => (format!("{} rules", args.rules.as_str()), "white", "black"),
        TunedGame::Fibonacci => ("fibonacci".to_string(), "red", "green"),
    };
    eprintln!(
        "{} games ({game}, {}): {first_name} won {first}, {second_name} won {second}, drawn {drawn}; {lines} positions",
        args.games, args.level
    );
    finish(Ok(()))
}

/// A self-play game's positions as the lines' position strings, with its result.
fn as_lines<P: ToString>((positions, result): (Vec<P>, Outcome)) -> (Vec<String>, Outcome) {
    (positions.iter().map(ToString::to_string).collect(), result)
}

/// Fits the weights and prints them, exit 0; or prints a one-line reason and exits 2.
pub fn run_tune(args: TuneArgs) -> ExitCode {
    finish_usage(tune_text(&args).map(|text| print!("{text}")))
}

/// The samples of every data file (`parse` gives a line's sample, if it has one), and how many
/// lines they had.
fn read_samples<const N: usize>(
    paths: &[PathBuf],
    parse: fn(&str) -> Result<Option<Sample<N>>, String>,
) -> Result<(Vec<Sample<N>>, u64), String> {
    let (mut samples, mut lines) = (Vec::new(), 0u64);
    for path in paths {
        let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(BufReader::new(std::io::stdin()))
        } else {
            let file = std::fs::File::open(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Box::new(BufReader::new(file))
        };
        for (n, line) in reader.lines().enumerate() {
            let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            if line.trim().is_empty() {
                continue;
            }
            lines += 1;
            let sample =
                parse(&line).map_err(|e| format!("{} line {}: {e}", path.display(), n + 1))?;
            samples.extend(sample);
        }
    }
    Ok((samples, lines))
}

/// What `tune` prints, or why it cannot.
pub fn tune_text(args: &TuneArgs) -> Result<String, String> {
    let tuned = args.from == "tuned";
    match args.game {
        TunedGame::Fanorona => fit_text(
            args,
            fanorona_tune::parse_sample,
            if tuned { &eval::TUNED.0 } else { &eval::HAND.0 },
            fanorona_tune::fit,
            ["quiet position", "quiet positions"],
            eval::feature_name,
        ),
        TunedGame::Fibonacci => fit_text(
            args,
            fibonacci_tune::parse_sample,
            if tuned {
                &fibonacci_eval::TUNED
            } else {
                &fibonacci_eval::HAND
            },
            fibonacci_tune::fit,
            ["position after a turn", "positions after a turn"],
            fibonacci_eval::feature_name,
        ),
    }
}

/// Reads the samples of `args.data` (`parse` gives a line's sample, if it has one; `what` they
/// are: one, many), fits them from `start` and prints the fit, each weight by `name`; or the
/// refusal when there was no sample.
fn fit_text<const N: usize>(
    args: &TuneArgs,
    parse: fn(&str) -> Result<Option<Sample<N>>, String>,
    start: &[i32; N],
    fit: fn(&[Sample<N>], &[i32; N], u32) -> Fit<N>,
    [one, many]: [&str; 2],
    name: fn(usize) -> String,
) -> Result<String, String> {
    let (samples, lines) = read_samples(&args.data, parse)?;
    if samples.is_empty() {
        return Err(format!(
            "no {one} in {lines} lines: make data with `fibonacci-bot selfplay`"
        ));
    }
    let fit = fit(&samples, start, args.iterations);
    let mut out = format!(
        "samples {} ({many} of {lines} lines)\nk {:.5}\nerror before {:.5} after {:.5}\n",
        samples.len(),
        fit.k,
        fit.before,
        fit.after
    );
    for (i, w) in fit.weights.iter().enumerate() {
        out.push_str(&format!("{} {w}\n", name(i)));
    }
    out.push_str(&format!("weights {:?}\n", fit.weights));
    Ok(out)
}
