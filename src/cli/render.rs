//! `fibonacci-bot render`: draws a board to a PNG file, for documentation and bug reports.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::GameArgs;
use super::exit::{Stop, finish};
use crate::render::{BoardInfo, Palette, RenderError, RenderOptions, render_png_with};

/// Colour scheme of the picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PaletteArg {
    /// Red and green as on the real board (dark red, light green).
    Standard,
    /// Dark orange and light blue instead of red and green.
    ColourBlind,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// A point whose legal destinations to highlight (`f4`, `d2`).
    #[arg(long)]
    pub highlight: Option<String>,
    /// Moves to play from the position first; the last turn among them is highlighted.
    /// (No move starts with a hyphen, so the options after the list are still read as options.)
    #[arg(long = "moves", num_args = 1..)]
    pub moves: Vec<String>,
    /// Names of the two players, first mover first.
    #[arg(long, num_args = 2, default_values = ["Player 1", "Player 2"])]
    pub players: Vec<String>,
    /// Colour scheme.
    #[arg(long, value_enum, default_value = "standard")]
    pub palette: PaletteArg,
    /// A banner for a game that ended outside the rules ("Green resigns").
    #[arg(long)]
    pub banner: Option<String>,
    /// A note after the status line: the clock, the game's origin ("due 26 Nov 14:00 UTC").
    #[arg(long)]
    pub note: Option<String>,
    /// The language of the picture's words: a Discord locale (`en-US`, `fr`).
    #[arg(long, default_value = "en-US")]
    pub lang: String,
    /// The PNG file to write.
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
}

/// Writes the PNG (exit 0), or prints a one-line reason and exits 2 (bad options, a refused
/// move) or 1 (the picture could not be made or written).
pub fn run(args: RenderArgs) -> ExitCode {
    finish(render(&args))
}

fn render(args: &RenderArgs) -> Result<(), Stop> {
    let mut game = args.game.game().map_err(Stop::usage)?;
    // Keep only the moves of the last turn played: a move that passes the turn starts afresh.
    let mut last_turn = Vec::new();
    let mut turn_passed = false;
    for m in &args.moves {
        let played = game.play(m).map_err(|e| {
            Stop::usage(format!(
                "{m}: {}",
                crate::words::move_reason(crate::i18n::Lang::En, &e)
            ))
        })?;
        if turn_passed {
            last_turn.clear();
        }
        // `turn_ended` rather than a change of side: a Fibonacci turn can end with the
        // opponent's turn skipped, leaving the same side to move.
        turn_passed = played.turn_ended();
        last_turn.push(played);
    }
    let info = BoardInfo {
        players: [args.players[0].clone(), args.players[1].clone()],
        last_turn,
        highlight: args.highlight.clone(),
        banner: args.banner.clone(),
        note: args.note.clone(),
        lang: crate::i18n::Lang::from_locale(Some(&args.lang)),
    };
    let options = RenderOptions {
        palette: match args.palette {
            PaletteArg::Standard => Palette::Standard,
            PaletteArg::ColourBlind => Palette::ColourBlind,
        },
    };
    let png = render_png_with(&game, &info, &options).map_err(|e| match e {
        RenderError::BadHighlight(_) => Stop::usage(e.to_string()),
        RenderError::Encode(_) | RenderError::Font(_) => Stop::failure(e.to_string()),
    })?;
    std::fs::write(&args.output, png).map_err(|e| super::exit::cannot_write(&args.output, &e))
}
