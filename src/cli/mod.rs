//! The command line: run the bot (no subcommand), `rules legal|play` (RULES.md section 3, a
//! stable contract) and `render`.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::engine::{Config, Game, GameKind, Status, fanorona, fibonacci};

mod ai;
mod render;

/// fibonacci-bot: play Fibonacci and Fanorona on Discord. With no subcommand, runs the bot.
#[derive(Debug, Parser)]
#[command(version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the Discord bot (the default).
    Bot,
    /// The rules engine without Discord or a database.
    Rules {
        #[command(subcommand)]
        action: RulesAction,
    },
    /// Draw a board to a PNG file.
    Render(render::RenderArgs),
    /// Print the AI's whole turn from a position, on one line.
    Ai(ai::AiArgs),
}

#[derive(Debug, Subcommand)]
pub enum RulesAction {
    /// Print every legal move of the side to move, one per line, sorted.
    Legal(GameArgs),
    /// Play moves in order; print the resulting position and the status.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Moves in the notation of RULES.md; `end` ends the current Fibonacci turn early.
        #[arg(allow_hyphen_values = true)]
        moves: Vec<String>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    Fibonacci,
    Fanorona,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    Standard,
    Cards,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GroupArg {
    SameCategory,
    AnyFriendly,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    Escale,
    Standard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VelaArg {
    White,
    Black,
}

/// Which game, with which rules, from which position.
#[derive(Clone, Debug, Args)]
pub struct GameArgs {
    /// The game.
    #[arg(long, value_enum, default_value = "fibonacci")]
    pub game: GameArg,
    /// A position string (RULES.md 1.7 or 2.4); the start position when omitted.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Fibonacci variant.
    #[arg(long, value_enum, default_value = "standard")]
    pub variant: VariantArg,
    /// Fibonacci: what counts as a group.
    #[arg(long, value_enum, default_value = "same-category")]
    pub group: GroupArg,
    /// Fanorona rule set.
    #[arg(long, value_enum, default_value = "escale")]
    pub rules: RulesArg,
    /// Fanorona: play a vela second round; the value is the colour that won the first round.
    #[arg(long, value_enum)]
    pub vela: Option<VelaArg>,
    /// Seed of the cards variant's shuffles.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

impl GameArgs {
    /// The engine configuration these options select.
    pub fn config(&self) -> Config {
        match self.game {
            GameArg::Fibonacci => Config::Fibonacci(fibonacci::Options {
                variant: match self.variant {
                    VariantArg::Standard => fibonacci::Variant::Standard,
                    VariantArg::Cards => fibonacci::Variant::Cards,
                },
                group: match self.group {
                    GroupArg::SameCategory => fibonacci::GroupRule::SameCategory,
                    GroupArg::AnyFriendly => fibonacci::GroupRule::AnyFriendly,
                },
            }),
            GameArg::Fanorona => Config::Fanorona(fanorona::Options {
                rules: match self.rules {
                    RulesArg::Escale => fanorona::RuleSet::Escale,
                    RulesArg::Standard => fanorona::RuleSet::Standard,
                },
                vela: self.vela.map(|v| match v {
                    VelaArg::White => fanorona::Color::White,
                    VelaArg::Black => fanorona::Color::Black,
                }),
            }),
        }
    }

    /// The game these options describe, or a one-line reason why not.
    pub fn game(&self) -> Result<Game, String> {
        let config = self.config();
        match &self.position {
            None => Ok(Game::new(config, self.seed)),
            Some(p) => {
                Game::from_position(config, self.seed, p).map_err(|e| format!("bad position: {e}"))
            }
        }
    }
}

/// A user's move as echoed in a one-line error: control characters dropped, cut short.
fn one_line(text: &str) -> String {
    const MAX: usize = 24;
    let mut out: String = text.chars().filter(|c| !c.is_control()).take(MAX).collect();
    if text.chars().filter(|c| !c.is_control()).nth(MAX).is_some() {
        out.push('…');
    }
    out
}

/// The status line of `rules play`.
pub fn status_text(kind: GameKind, status: Status) -> String {
    match status {
        Status::Ongoing => "ongoing".to_string(),
        Status::Draw => "draw".to_string(),
        Status::Won(side, _) => format!("{} wins", kind.side_names()[side.index()]),
    }
}

/// Runs the command line; the exit code follows RULES.md section 3 (2 for a refused move).
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None | Some(Command::Bot) => crate::discord::main_entry(),
        Some(Command::Rules { action }) => match rules(action) {
            Ok(out) => {
                print!("{out}");
                ExitCode::SUCCESS
            }
            Err(reason) => {
                eprintln!("{reason}");
                ExitCode::from(2)
            }
        },
        Some(Command::Render(args)) => render::run(args),
        Some(Command::Ai(args)) => ai::run(args),
    }
}

/// `rules legal|play`: the text to print, or the one-line reason for exit status 2.
pub fn rules(action: RulesAction) -> Result<String, String> {
    match action {
        RulesAction::Legal(args) => {
            let game = args.game()?;
            let mut out = String::new();
            for m in game.legal_moves() {
                out.push_str(&m);
                out.push('\n');
            }
            Ok(out)
        }
        RulesAction::Play { game: args, moves } => {
            let mut game = args.game()?;
            for m in &moves {
                game.play(m).map_err(|e| format!("{}: {e}", one_line(m)))?;
            }
            Ok(format!(
                "{}\n{}\n",
                game.position_string(),
                status_text(game.kind(), game.status())
            ))
        }
    }
}
