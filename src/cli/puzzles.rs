//! `puzzles generate`: writes puzzles to standard output, one per line, five fields separated by
//! tabs (a contract that other checks use; see [`crate::puzzles`]), and a summary to standard
//! error. Deterministic for a seed.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::exit::{Stop, finish};
use super::{GameArgs, NoPosition};
use crate::engine::Config;
use crate::puzzles::{Grade, generate};

#[derive(Debug, Subcommand)]
pub enum PuzzlesAction {
    /// Puzzles from self-play positions, each verified by searching its whole turn.
    Generate(GenerateArgs),
}

#[derive(Clone, Debug, Args)]
#[command(mut_arg("seed", |seed| seed.help(
    "The seed of the generation: the same seed writes the same puzzles"
)))]
pub struct GenerateArgs {
    /// The game and its rules (no position: puzzles come from self-play games from the start);
    /// `--seed` seeds the self-play games (and their shuffles).
    #[command(flatten)]
    pub game: GameArgs<NoPosition>,
    /// How many puzzles to write.
    #[arg(long, default_value_t = 300)]
    pub count: usize,
}

/// Runs `puzzles …`: exits 0 when every puzzle asked for was written; 2 for options it cannot
/// use; 1 when fewer were found or standard output closed.
pub fn run(action: PuzzlesAction) -> ExitCode {
    let PuzzlesAction::Generate(args) = action;
    finish(write_puzzles(&args))
}

fn write_puzzles(args: &GenerateArgs) -> Result<(), Stop> {
    let config = args.game.config().map_err(Stop::usage)?;
    let puzzles = generate::generate(config, args.count, args.game.seed, &bank_name(config));
    let mut out = std::io::stdout().lock();
    for (written, p) in puzzles.iter().enumerate() {
        writeln!(out, "{}", p.line()).map_err(|e| {
            Stop::failure(format!(
                "could not write to standard output after {written} puzzles: {e}"
            ))
        })?;
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
        return Err(Stop::failure(format!(
            "only {} of the {} asked for were found: ask for fewer, or try another --seed",
            puzzles.len(),
            args.count
        )));
    }
    Ok(())
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
