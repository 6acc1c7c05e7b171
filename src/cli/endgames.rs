//! `endgames`: builds the exact Fanorona endgame tables of one rule set
//! ([`crate::ai::fanorona::endgame`]) and prints what they hold, one line per material class, or
//! the exact result of one position.
//!
//! ```text
//! 2v1 positions 42570 won 1234 lost 567 drawn 40769 longest 9
//! ```
//!
//! A class `KvM` is K pieces for the side to move against M; `longest` is the most plies any
//! position of it needs to reach the capture that keeps its result. With `--position`, one line:
//! `win in N`, `loss in N` (plies to that capture) or `draw`.

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use super::exit::finish_usage;
use crate::ai::fanorona::endgame::{Endgames, MOST_PIECES, Outcome};
use crate::engine::Codec;
use crate::engine::fanorona::{self, Options};

#[derive(Clone, Debug, Args)]
pub struct EndgamesArgs {
    /// Fanorona rule set.
    #[arg(long, default_value = "escale", value_parser = super::codec::<fanorona::RuleSet>())]
    pub rules: fanorona::RuleSet,
    /// The most pieces on the board (both sides): 2 to 6. Each piece more multiplies the time and
    /// the memory by about 20 (5 pieces: about 39 million positions, 78 MB).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(2..=i64::from(MOST_PIECES)))]
    pub pieces: u32,
    /// A Fanorona position string to look up instead of printing the classes.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
}

/// Prints the tables' classes (or the position's result) and exits 0, or prints a one-line
/// reason and exits 2.
pub fn run(args: EndgamesArgs) -> ExitCode {
    finish_usage(text(&args, |line| println!("{line}")))
}

/// The command's lines, given to `out` as they come (a class as soon as it is built), or the
/// one-line reason there are none. A position is checked before anything is built.
pub fn text(args: &EndgamesArgs, mut out: impl FnMut(String)) -> Result<(), String> {
    let options = Options {
        rules: args.rules,
        vela: None,
    };
    let Some(position) = &args.position else {
        let start = Instant::now();
        let tables = Endgames::build_with(args.rules, args.pieces, |own, enemy, c| {
            out(format!(
                "{own}v{enemy} positions {} won {} lost {} drawn {} longest {}",
                c.positions, c.won, c.lost, c.drawn, c.longest
            ));
        });
        out(format!(
            "{} rules, up to {} pieces: built in {:.1} s",
            tables.rules().as_str(),
            tables.max_pieces(),
            start.elapsed().as_secs_f64()
        ));
        return Ok(());
    };
    let game = fanorona::Game::from_position(options, position)
        .map_err(|e| format!("bad position: {e}"))?;
    let pieces = game.position().count(fanorona::Color::White)
        + game.position().count(fanorona::Color::Black);
    if pieces > MOST_PIECES {
        return Err(format!(
            "the position has {pieces} pieces: the endgame tables only cover positions of at \
             most {MOST_PIECES} pieces, so it cannot be looked up"
        ));
    }
    if pieces > args.pieces {
        return Err(format!(
            "the position has {pieces} pieces, more than the {} the tables are built for: give \
             --pieces {pieces}",
            args.pieces
        ));
    }
    let tables = Endgames::build(args.rules, args.pieces);
    out(match tables.probe(game.position()) {
        None => "the game is over".to_string(),
        Some(Outcome::Win(d)) => format!("win in {d}"),
        Some(Outcome::Loss(d)) => format!("loss in {d}"),
        Some(Outcome::Draw) => "draw".to_string(),
    });
    Ok(())
}
