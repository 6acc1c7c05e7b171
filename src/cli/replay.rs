//! `fibonacci-bot replay`: a game as the animated GIF `/replay` sends, from its moves (as
//! `rules play` takes them), one frame per turn after the start position.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::exit::{Stop, finish};
use super::{GameArgs, one_line};
use crate::engine::turns;
use crate::i18n::Lang;
use crate::render::{BoardInfo, RenderOptions, ReplayFrame, replay_gif};

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The game's moves in its notation (docs/<game>.md), `end` included, as `rules play` takes
    /// them. Options may come before or after them.
    pub moves: Vec<String>,
    /// The GIF file to write.
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
}

/// Writes the GIF and prints one line about it (exit 0), or prints a one-line reason and exits
/// 2 (a refused move or bad options) or 1 (the file could not be written).
pub fn run(args: ReplayArgs) -> ExitCode {
    finish(write(&args))
}

fn write(args: &ReplayArgs) -> Result<(), Stop> {
    let (bytes, frames) = replay(args).map_err(Stop::usage)?;
    std::fs::write(&args.output, &bytes)
        .map_err(|e| super::exit::cannot_write(&args.output, &e))?;
    println!(
        "{}: {frames} frames, {} bytes",
        args.output.display(),
        bytes.len()
    );
    Ok(())
}

/// The GIF of these moves and its number of frames, or the one-line reason there is none.
pub fn replay(args: &ReplayArgs) -> Result<(Vec<u8>, usize), String> {
    let start = args.game.game()?;
    let turns = turns(&start, &args.moves).map_err(|refused| {
        let word = args.moves.get(refused.index).map_or("", String::as_str);
        let reason = crate::words::move_reason(Lang::En, &refused.error);
        format!("{}: {reason}", one_line(word))
    })?;
    let last = turns.last().map_or(0, |t| t.number);
    let frame = |game, last_turn, number: u32, delay| ReplayFrame {
        game,
        info: BoardInfo {
            last_turn,
            note: Some(crate::tr!(
                Lang::En,
                "replay-frame",
                turn = number,
                turns = last
            )),
            ..BoardInfo::default()
        },
        delay,
    };
    let mut frames = vec![frame(start, Vec::new(), 0, 100)];
    let count = turns.len();
    for (i, t) in turns.into_iter().enumerate() {
        let delay = if i + 1 == count { 400 } else { 100 };
        frames.push(frame(t.after, t.played, t.number, delay));
    }
    let gif = replay_gif(&frames, &RenderOptions::default()).map_err(|e| e.to_string())?;
    Ok((gif, frames.len()))
}
