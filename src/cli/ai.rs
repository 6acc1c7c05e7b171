//! `ai`: the AI's whole turn from a position, on one line, in the notation `rules play` accepts
//! (a contract that other checks use).

use std::process::ExitCode;

use clap::Args;

use super::GameArgs;
use super::exit::finish_usage;
use crate::ai::{self, Level};

#[derive(Clone, Debug, Args)]
pub struct AiArgs {
    /// The game, its rules and the position; `--seed` also seeds the AI.
    #[command(flatten)]
    pub game: GameArgs,
    /// How strongly the AI plays: easy, medium, hard or expert (up to 10 s a turn).
    #[arg(long, default_value = "medium")]
    pub level: Level,
}

/// Prints the turn and exits 0, or prints a one-line reason and exits 2.
pub fn run(args: AiArgs) -> ExitCode {
    finish_usage(turn(&args).map(|moves| println!("{}", moves.join(" "))))
}

/// The AI's turn for these options, or the one-line reason there is none.
pub fn turn(args: &AiArgs) -> Result<Vec<String>, String> {
    ai::turn(&args.game.game()?, args.level, args.game.seed).map_err(|e| e.to_string())
}
