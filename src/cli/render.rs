//! `fibonacci-bot render`: draws a board to a PNG file, for documentation and bug reports.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::GameArgs;
use crate::render::{BoardInfo, render_png};

#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// A point whose legal destinations to highlight (`f4`, `d2`).
    #[arg(long)]
    pub highlight: Option<String>,
    /// Moves to play from the position first; the last turn among them is highlighted.
    #[arg(long = "moves", num_args = 1.., allow_hyphen_values = true)]
    pub moves: Vec<String>,
    /// Names of the two players, first mover first.
    #[arg(long, num_args = 2, default_values = ["Player 1", "Player 2"])]
    pub players: Vec<String>,
    /// The PNG file to write.
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
}

pub fn run(args: RenderArgs) -> ExitCode {
    match render(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => {
            eprintln!("{reason}");
            ExitCode::from(2)
        }
    }
}

fn render(args: &RenderArgs) -> Result<(), String> {
    let mut game = args.game.game()?;
    // Keep only the moves of the last turn played: a move that passes the turn starts afresh.
    let mut last_turn = Vec::new();
    let mut turn_passed = false;
    for m in &args.moves {
        let side = game.side_to_move();
        let played = game.play(m).map_err(|e| format!("{m}: {e}"))?;
        if turn_passed {
            last_turn.clear();
        }
        last_turn.push(played);
        turn_passed = game.side_to_move() != side;
    }
    let info = BoardInfo {
        players: [args.players[0].clone(), args.players[1].clone()],
        last_turn,
        highlight: args.highlight.clone(),
        banner: None,
    };
    let png = render_png(&game, &info).map_err(|e| e.to_string())?;
    std::fs::write(&args.output, png)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))
}
