//! The command line: run the bot (no subcommand), `rules legal|play` (docs/command-line.md, a
//! stable contract), `render`, `ai`, `replay`, `review`,
//! `endgames`, `selfplay`, `tune`, `puzzles generate`, `ratings rebuild` and `commands`.

use std::process::ExitCode;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, FromArgMatches, Parser, Subcommand};

use crate::engine::{Codec, Config, Game, GameKind, Status, UnknownWord, fanorona, fibonacci};

mod ai;
mod commands;
mod endgames;
mod exit;
mod puzzles;
mod ratings;
mod render;
mod replay;
mod review;
mod tune;
mod unregister;

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
    /// Build the exact Fanorona endgame tables and print what they hold, or one position's result.
    Endgames(endgames::EndgamesArgs),
    /// Play Fanorona or Fibonacci games between two AIs and print every position with its game's
    /// result: the data of `tune`.
    Selfplay(tune::SelfPlayArgs),
    /// Fit the Fanorona or Fibonacci evaluation's weights to `selfplay` data (Texel tuning) and
    /// print them.
    Tune(tune::TuneArgs),
    /// Write a game's animated replay (a GIF, one frame per turn) from its moves.
    Replay(replay::ReplayArgs),
    /// Review a game: the three turns that lost the most by the AI's judgement, one per line.
    Review(review::ReviewArgs),
    /// The puzzle bank: `puzzles generate --game G [rule options] --count N --seed S`.
    Puzzles {
        #[command(subcommand)]
        action: puzzles::PuzzlesAction,
    },
    /// The ratings kept in the bot's database.
    Ratings {
        #[command(subcommand)]
        action: ratings::RatingsAction,
    },
    /// List the slash commands the bot registers, with their options and descriptions: one
    /// command a line (optional options in brackets), or with `--markdown` the table README.md
    /// carries.
    Commands(commands::CommandsArgs),
    /// Remove the bot's slash commands from one server (`--guild ID`) or from everywhere
    /// (`--global`), with DISCORD_TOKEN. The bot removes the copies of an earlier
    /// DISCORD_GUILD_ID by itself; this is for any it no longer knows of.
    Unregister(unregister::UnregisterArgs),
}

#[derive(Debug, Subcommand)]
pub enum RulesAction {
    /// Print every legal move of the side to move, one per line, sorted.
    Legal(GameArgs),
    /// Play moves in order; print the resulting position and the status.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Moves in the game's notation (docs/fibonacci.md, docs/fanorona.md); `end` ends the
        /// current Fibonacci turn early. Options may come before or after them (no move starts with
        /// a hyphen).
        moves: Vec<String>,
    },
}

/// A clap parser for the words of an engine codec: `--help` lists them, and a wrong one is
/// refused with the list.
fn codec<T: Codec + Send + Sync>() -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(T::words())
        .try_map(|word| T::from_word(&word).ok_or_else(|| UnknownWord::new(&word, T::words())))
}

/// Which game, with which rules, from which position: `P` is [`PositionArg`], or [`NoPosition`]
/// for a command that always starts from the start position.
#[derive(Clone, Debug, Args)]
pub struct GameArgs<P: Args = PositionArg> {
    /// First: the derived fields take their values out of the matches as they are read.
    #[command(flatten)]
    pub given: GivenOptions,
    /// The game.
    #[arg(long, default_value = "fibonacci", value_parser = codec::<GameKind>())]
    pub game: GameKind,
    #[command(flatten)]
    pub start: P,
    /// Fibonacci variant.
    #[arg(long, default_value = "standard", value_parser = codec::<fibonacci::Variant>())]
    pub variant: fibonacci::Variant,
    /// Fibonacci: what counts as a group.
    #[arg(long, default_value = "same-category", value_parser = codec::<fibonacci::GroupRule>())]
    pub group: fibonacci::GroupRule,
    /// Fibonacci: the swap rule; with `on`, after Red's first turn Green may play `swap`
    /// instead of its turn, taking over Red's side (docs/fibonacci.md, The swap rule).
    #[arg(long, default_value = "off", value_parser = codec::<fibonacci::Swap>())]
    pub swap: fibonacci::Swap,
    /// Fanorona rule set.
    #[arg(long, default_value = "escale", value_parser = codec::<fanorona::RuleSet>())]
    pub rules: fanorona::RuleSet,
    /// Fanorona: play a vela second round; the value is the colour that won the first round.
    #[arg(long, value_parser = codec::<fanorona::Color>())]
    pub vela: Option<fanorona::Color>,
    /// Seed of the cards variant's shuffles.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// `--position`, for the commands that take one.
#[derive(Clone, Debug, Args)]
pub struct PositionArg {
    /// A position string (docs/fibonacci.md or docs/fanorona.md, Position strings); the start
    /// position when omitted.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
}

/// No `--position`: the command starts from the start position.
#[derive(Clone, Debug, Args)]
pub struct NoPosition {}

/// The rule options of [`GameArgs`], by their game option key (`--variant` sets `variant`).
const RULE_OPTIONS: [&str; 5] = ["variant", "group", "swap", "rules", "vela"];

/// Which of the rule options the command line gave, rather than left to their defaults: an
/// option of another game than `--game`'s is refused only when given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GivenOptions(Vec<&'static str>);

impl FromArgMatches for GivenOptions {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(GivenOptions(
            RULE_OPTIONS
                .into_iter()
                .filter(|key| matches.value_source(key) == Some(ValueSource::CommandLine))
                .collect(),
        ))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = GivenOptions::from_arg_matches(matches)?;
        Ok(())
    }
}

/// No arguments of its own: it reads those of the [`GameArgs`] it is flattened into.
impl Args for GivenOptions {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd
    }
}

impl<P: Args> GameArgs<P> {
    /// The engine configuration these options select, or why not: an option of another game,
    /// given explicitly, is refused (left to its default, it is not looked at).
    pub fn config(&self) -> Result<Config, String> {
        let takes = |kind: GameKind, key: &str| kind.options().iter().any(|o| o.key == key);
        if let Some(key) = self.given.0.iter().find(|key| !takes(self.game, key)) {
            let owner = GameKind::ALL
                .iter()
                .find(|kind| takes(**kind, key))
                .map_or("another game's", |kind| kind.title());
            let own: Vec<String> = self
                .game
                .options()
                .iter()
                .map(|o| format!("--{}", o.key))
                .collect();
            let own = if own.is_empty() {
                format!("{} takes no rule option", self.game.title())
            } else {
                format!("{} takes {}", self.game.title(), own.join(" and "))
            };
            return Err(format!(
                "--{key} is a {owner} option; {own}: leave --{key} out, or give the --game it \
                 belongs to"
            ));
        }
        let mut config = Config::default_for(self.game);
        let given = [
            ("variant", Some(self.variant.as_str())),
            ("group", Some(self.group.as_str())),
            ("swap", Some(self.swap.as_str())),
            ("rules", Some(self.rules.as_str())),
            ("vela", self.vela.map(Codec::as_str)),
        ];
        for (key, value) in given {
            if let Some(value) = value
                && takes(self.game, key)
            {
                config.set(key, value).map_err(|e| e.to_string())?;
            }
        }
        Ok(config)
    }
}

impl GameArgs {
    /// The game these options describe, or a one-line reason why not.
    pub fn game(&self) -> Result<Game, String> {
        let config = self.config()?;
        match &self.start.position {
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

/// Runs the command line; the exit code follows [`exit::Exit`] (for `rules`, docs/command-line.md:
/// 2 for a refused move).
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None | Some(Command::Bot) => crate::discord::main_entry(),
        Some(Command::Rules { action }) => {
            exit::finish_usage(rules(action).map(|out| print!("{out}")))
        }
        Some(Command::Render(args)) => render::run(args),
        Some(Command::Ai(args)) => ai::run(args),
        Some(Command::Endgames(args)) => endgames::run(args),
        Some(Command::Selfplay(args)) => tune::run_self_play(args),
        Some(Command::Tune(args)) => tune::run_tune(args),
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::Review(args)) => review::run(args),
        Some(Command::Puzzles { action }) => puzzles::run(action),
        Some(Command::Ratings { action }) => ratings::run(action),
        Some(Command::Commands(args)) => commands::run(args),
        Some(Command::Unregister(args)) => unregister::run(args),
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
                game.play(m).map_err(|e| {
                    // The one wording module's English, which is the contract's words.
                    let reason = crate::words::move_reason(crate::i18n::Lang::En, &e);
                    format!("{}: {reason}", one_line(m))
                })?;
            }
            Ok(format!(
                "{}\n{}\n",
                game.position_string(),
                status_text(game.kind(), game.status())
            ))
        }
    }
}
