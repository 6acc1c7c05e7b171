//! `selfplay` and `tune`: the Texel tuning of the Fanorona evaluation
//! ([`crate::ai::fanorona::tune`]), rerunnable from the command line.
//!
//! `selfplay` plays games between two AIs of one level and prints every position before a turn
//! with its game's result, one per line (`position<TAB>1-0|0-1|1/2-1/2`), then a summary on
//! standard error. `tune` reads such lines and prints the fitted weights:
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

use crate::ai::Level;
use crate::ai::fanorona::FanoronaSearch;
use crate::ai::fanorona::eval::{self, FEATURES, feature_name};
use crate::ai::fanorona::tune::{GameResult, Sample, SelfPlay, fit, self_play};
use crate::engine::Codec;
use crate::engine::fanorona::{self, Options};

#[derive(Clone, Debug, Args)]
pub struct SelfPlayArgs {
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
    /// Files of `selfplay` lines (`-` for standard input); give several to fit them together.
    #[arg(long = "data", required = true)]
    pub data: Vec<PathBuf>,
    /// Gradient steps (0: only measure the starting weights, e.g. on data kept out of a fit).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub iterations: u32,
    /// The weights to start from: `hand` (issue 12's) or `tuned` (the last fit, `eval::TUNED`,
    /// which no level plays yet).
    #[arg(long, default_value = "hand", value_parser = ["hand", "tuned"])]
    pub from: String,
}

/// Plays the games, printing each position as it comes, and exits 0; or exits 2 when standard
/// output closes.
pub fn run_self_play(args: SelfPlayArgs) -> ExitCode {
    let mut search = FanoronaSearch::for_level(args.level);
    search.limits.cap = None;
    let play = SelfPlay {
        options: Options {
            rules: args.rules,
            vela: None,
        },
        search,
        random_turns: args.random_turns,
        cap: args.cap,
    };
    let mut out = std::io::stdout().lock();
    let (mut white, mut black, mut drawn, mut lines) = (0, 0, 0, 0u64);
    for g in 0..args.games {
        let (positions, result) = self_play(&play, args.seed.wrapping_add(g));
        match result {
            GameResult::WhiteWins => white += 1,
            GameResult::BlackWins => black += 1,
            GameResult::Draw => drawn += 1,
        }
        for p in &positions {
            if writeln!(out, "{p}\t{}", result.as_str()).is_err() {
                eprintln!("standard output closed after {lines} lines");
                return ExitCode::from(2);
            }
            lines += 1;
        }
    }
    let _ = out.flush();
    eprintln!(
        "{} games ({} rules, {}): white won {white}, black won {black}, drawn {drawn}; {lines} positions",
        args.games,
        args.rules.as_str(),
        args.level
    );
    ExitCode::SUCCESS
}

/// Fits the weights and prints them, exit 0; or prints a one-line reason and exits 2.
pub fn run_tune(args: TuneArgs) -> ExitCode {
    match tune_text(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(reason) => {
            eprintln!("{reason}");
            ExitCode::from(2)
        }
    }
}

/// The samples of every data file, and how many lines they had.
fn read_samples(paths: &[PathBuf]) -> Result<(Vec<Sample>, u64), String> {
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
            let sample = Sample::parse(&line)
                .map_err(|e| format!("{} line {}: {e}", path.display(), n + 1))?;
            samples.extend(sample);
        }
    }
    Ok((samples, lines))
}

/// What `tune` prints, or why it cannot.
pub fn tune_text(args: &TuneArgs) -> Result<String, String> {
    let (samples, lines) = read_samples(&args.data)?;
    if samples.is_empty() {
        return Err(format!(
            "no quiet position in {lines} lines: make data with `fibonacci-bot selfplay`"
        ));
    }
    let start = if args.from == "tuned" {
        &eval::TUNED
    } else {
        &eval::HAND
    };
    let fit = fit(&samples, start, args.iterations);
    let mut out = format!(
        "samples {} (quiet positions of {lines} lines)\nk {:.5}\nerror before {:.5} after {:.5}\n",
        samples.len(),
        fit.k,
        fit.before,
        fit.after
    );
    for i in 0..FEATURES {
        out.push_str(&format!("{} {}\n", feature_name(i), fit.weights.0[i]));
    }
    out.push_str(&format!("weights {:?}\n", fit.weights.0));
    Ok(out)
}
