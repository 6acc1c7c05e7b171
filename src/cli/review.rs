//! `review`: the AI's review of a game given by its moves, the three turns that lost the most,
//! one per line (a contract that other checks use):
//!
//! ```text
//! turn N: played <turn> (A -> B); better <turn> (C)
//! ```
//!
//! Each `<turn>` is written as the `ai` command writes a turn; A, B and C are the values of
//! [`crate::ai::review`] for the player who moved (A before the turn, B after the played turn,
//! C after the better one, C > B).

use std::process::ExitCode;

use clap::Args;

use super::exit::finish_usage;
use super::{GameArgs, one_line};
use crate::ai::review::{self, Effort, Review};
use crate::i18n::Lang;

#[derive(Clone, Debug, Args)]
pub struct ReviewArgs {
    /// The game, its rules and the start position; `--seed` also seeds the AI's searches.
    #[command(flatten)]
    pub game: GameArgs,
    /// The game's moves as `rules play` takes them, `end` included. Options may come before or
    /// after them (no move starts with a hyphen).
    pub moves: Vec<String>,
}

/// Prints the reviewed turns and exits 0, or prints a one-line reason and exits 2.
pub fn run(args: ReviewArgs) -> ExitCode {
    finish_usage(text(&args).map(|out| print!("{out}")))
}

/// The review of the game these options and moves describe.
pub fn review(args: &ReviewArgs) -> Result<Review, String> {
    let start = args.game.game()?;
    if args.moves.is_empty() {
        return Err(
            "no moves to review: give the game's moves after the options, as `rules play` takes \
             them (`review --game fibonacci b6-c6 end …`)"
                .to_string(),
        );
    }
    review::review(start, &args.moves, args.game.seed, Effort::Full).map_err(|e| {
        // The one wording module's English, as `rules play` words a refused move.
        let reason = crate::words::move_reason(Lang::En, &e.error);
        format!("move {} ({}): {reason}", e.number, one_line(&e.notation))
    })
}

/// The lines to print, or the one-line reason for exit status 2.
pub fn text(args: &ReviewArgs) -> Result<String, String> {
    let mut out = String::new();
    for t in review(args)?.worst {
        out.push_str(&format!(
            "turn {}: played {} ({} -> {}); better {} ({})\n",
            t.turn, t.played, t.before, t.after_played, t.better, t.after_better
        ));
    }
    Ok(out)
}
