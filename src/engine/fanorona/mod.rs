//! Fanorona: `docs/fanorona.md`, with the escale and standard rule sets and the vela round.
//!
//! CONTRACT (kept by every layer above): the public names and signatures in this module are used
//! by `engine::game`, the renderer, the service and the CLI. The bodies are the engine's to write;
//! more public items may be added, none of these removed or renamed without updating the callers.
//!
//! Layout: [`board`] (points, lines, precomputed tables), [`position`] (pieces as two bit boards
//! and the position string), `movegen` (steps, captures, whole-turn generation: the public
//! [`for_each_turn`] is what the AI searches with), `notation` (reading what players type),
//! `game` (turns, chains in progress) and `error` (the refusals, worded for the player).

pub mod board;
mod error;
mod game;
mod movegen;
mod notation;
pub mod position;

use std::fmt;

use crate::engine::{
    Codec, GameOptions, OptionError, OptionSpec, PlayedMove, RefusedMove, Rules, Side, Status,
    NoSecondRound, WinReason, option_value, unknown_key,
};

pub use board::{Dir, Point, PointError};
pub use error::{MoveError, TurnOverReason};
pub use game::{Game, Played};
pub(crate) use movegen::{capture_available, reach};
pub use movegen::{count_turns, for_each_turn, perft};
pub use position::{Position, PositionError};

/// White moves first and starts on rows 1–2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The game-agnostic side: White is `First`.
    pub fn side(self) -> Side {
        match self {
            Color::White => Side::First,
            Color::Black => Side::Second,
        }
    }

    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// Capture compulsory or not (docs/fanorona.md, Rule sets).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The source's rule: capturing is optional, but a step that reaches a capturing position
    /// must capture.
    #[default]
    Escale,
    /// Capture compulsory whenever one is available.
    Standard,
}

/// The rules chosen when a game is created.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Escale (capture optional) or standard (capture compulsory).
    pub rules: RuleSet,
    /// `Some(winner)` for a vela second round: the colour that won the first round
    /// (the loser, `winner`'s opponent, moves first): docs/fanorona.md, The vela round.
    pub vela: Option<Color>,
}

/// Approach (`+`) or withdrawal (`-`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureKind {
    /// The mover steps towards the line it captures (the point beyond its destination).
    Approach = 0,
    /// The mover steps away from the line it captures (the point behind its origin).
    Withdrawal = 1,
}

/// One step, with the capture it makes if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the piece starts.
    pub from: Point,
    /// The neighbouring empty point it moves to.
    pub to: Point,
    /// The capture it makes, `None` for a step that captures nothing.
    pub capture: Option<CaptureKind>,
}

impl Step {
    /// The same step without its capture suffix (`d2-d3` for `d2-d3+`).
    pub fn plain(self) -> Step {
        Step {
            capture: None,
            ..self
        }
    }
}

/// Points written as a list, space-separated: "b3 c4".
pub fn join_points(points: &[Point]) -> String {
    points
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)?;
        match self.capture {
            Some(CaptureKind::Approach) => f.write_str("+"),
            Some(CaptureKind::Withdrawal) => f.write_str("-"),
            None => Ok(()),
        }
    }
}

crate::codec!(RuleSet {
    Escale => "escale",
    Standard => "standard",
});

crate::codec!(Color {
    White => "white",
    Black => "black",
});

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "rules",
            values: RuleSet::words,
        },
        OptionSpec {
            key: "vela",
            values: Color::words,
        },
    ];

    fn pairs(&self) -> Vec<(&'static str, &'static str)> {
        let mut pairs = vec![("rules", self.rules.as_str())];
        if let Some(winner) = self.vela {
            pairs.push(("vela", winner.as_str()));
        }
        pairs
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "rules" => self.rules = option_value(Game::NAME, "rules", value)?,
            "vela" => self.vela = Some(option_value(Game::NAME, "vela", value)?),
            _ => return Err(unknown_key::<Options>(Game::NAME, key)),
        }
        Ok(())
    }

    fn describe(&self) -> String {
        let rules = match self.rules {
            RuleSet::Escale => "escale rules",
            RuleSet::Standard => "standard rules: captures are compulsory",
        };
        let vela = if self.vela.is_some() {
            ", vela round"
        } else {
            ""
        };
        format!("{rules}{vela}")
    }

    /// Both rule sets and vela rounds count for one rating.
    const RATINGS: &'static [&'static str] = &["fanorona"];

    /// A rematch of a vela round is a new match, without the vela restrictions.
    fn rematch(&self) -> Options {
        Options { vela: None, ..*self }
    }

    /// The vela round (docs/fanorona.md, The vela round): the first round's winner plays under its
    /// restrictions.
    fn second_round(&self, winner: Side) -> Result<Options, NoSecondRound> {
        if self.vela.is_some() {
            return Err(NoSecondRound::AlreadySecondRound);
        }
        let vela = match winner {
            Side::First => Color::White,
            Side::Second => Color::Black,
        };
        Ok(Options {
            vela: Some(vela),
            ..*self
        })
    }
}

impl PlayedMove for Played {
    fn notation(&self) -> String {
        Played::notation(self)
    }

    fn turn_ended(&self) -> bool {
        self.turn_ended
    }
}

impl RefusedMove for MoveError {
    fn nothing_to_end(&self) -> bool {
        matches!(self, MoveError::NothingToEnd)
    }
}

impl Rules for Game {
    const NAME: &'static str = "fanorona";
    const TITLE: &'static str = "Fanorona";
    const SIDES: [&'static str; 2] = ["white", "black"];
    const WIN_REASONS: &'static [WinReason] = &[WinReason::AllCaptured, WinReason::NoLegalMove];

    type Options = Options;
    type Played = Played;
    type MoveError = MoveError;
    type PositionError = PositionError;

    /// Fanorona has no chance: the seed is ignored.
    fn start(options: Options, _seed: u64) -> Game {
        Game::new(options)
    }

    fn load(options: Options, _seed: u64, position: &str) -> Result<Game, PositionError> {
        Game::from_position(options, position)
    }

    fn rule_options(&self) -> Options {
        self.options()
    }

    fn position_string(&self) -> String {
        self.position().to_string()
    }

    fn side_to_move(&self) -> Side {
        self.position().side_to_move().side()
    }

    fn game_status(&self) -> Status {
        self.status()
    }

    fn turn_number(&self) -> u32 {
        self.turn()
    }

    fn chain_in_progress(&self) -> bool {
        Game::chain_in_progress(self)
    }

    fn legal_notations(&self) -> Vec<String> {
        self.legal_turns()
    }

    fn play_notation(&mut self, notation: &str) -> Result<Played, MoveError> {
        self.play_str(notation)
    }

    fn stop_turn(&mut self) -> Result<Played, MoveError> {
        self.end_turn()
    }
}
