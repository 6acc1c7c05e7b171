//! `puzzles generate`: writes puzzles to standard output, one per line, five fields separated by
//! tabs (a contract that other checks use; see [`crate::puzzles`]), and a summary to standard
//! error. Deterministic for a seed.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::GameArgs;
use crate::engine::Config;
use crate::puzzles::{Grade, generate};

#[derive(Debug, Subcommand)]
pub enum PuzzlesAction {
    /// Puzzles from self-play positions, each verified by searching its whole turn.
    Generate(GenerateArgs),
}

#[derive(Clone, Debug, Args)]
pub struct GenerateArgs {
    /// The game and its rules; `--seed` seeds the self-play games (and their shuffles).
    #[command(flatten)]
    pub game: GameArgs,
    /// How many puzzles to write.
    #[arg(long, default_value_t = 300)]
    pub count: usize,
}

/// Runs `puzzles …`: exits 0 when every puzzle asked for was written, 2 otherwise.
pub fn run(action: PuzzlesAction) -> ExitCode {
    let PuzzlesAction::Generate(args) = action;
    if args.game.position.is_some() {
        eprintln!("puzzles come from self-play games from the start: leave out --position");
        return ExitCode::from(2);
    }
    let config = match args.game.config() {
        Ok(config) => config,
        Err(reason) => {
            eprintln!("{reason}");
            return ExitCode::from(2);
        }
    };
    let puzzles = generate::generate(config, args.count, args.game.seed, &bank_name(config));
    let mut out = std::io::stdout().lock();
    for p in &puzzles {
        if writeln!(out, "{}", p.line()).is_err() {
            return ExitCode::from(2);
        }
    }
    let graded = |g: Grade| puzzles.iter().filter(|p| p.grade() == Some(g)).count();
    eprintln!(
        "{} puzzles: {} easy, {} medium, {} hard",
        puzzles.len(),
        graded(Grade::Easy),
        graded(Grade::Medium),
        graded(Grade::Hard)
    );
    if puzzles.len() < args.count {
        eprintln!(
            "only {} of the {} asked for were found",
            puzzles.len(),
            args.count
        );
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// The bank's name for ids: the game and its options that differ from the defaults
/// (`fibonacci`, `fanorona-standard`).
pub fn bank_name(config: Config) -> String {
    let defaults = Config::default_for(config.kind()).pairs();
    let mut name = config.kind().as_str().to_string();
    for (pair, default) in config.pairs().into_iter().zip(defaults) {
        if pair != default {
            name.push('-');
            name.push_str(pair.1);
        }
    }
    name
}
