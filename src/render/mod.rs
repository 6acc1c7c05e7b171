//! The board renderer: (position, what to highlight, options) → PNG bytes. Pure: knows the
//! engine, nothing else.
//!
//! CONTRACT (used by the CLI and the Discord layer): [`render_png`], [`BoardInfo`],
//! [`RenderError`]. More public items may be added.

use crate::engine::{Game, Played};

/// What the picture shows besides the pieces.
#[derive(Clone, Debug, Default)]
pub struct BoardInfo {
    /// Display names of the players, first mover (Red / White) first.
    pub players: [String; 2],
    /// The moves of the last turn (or of the turn in progress), to highlight.
    pub last_turn: Vec<Played>,
    /// A point (`f4`, `d2`) whose legal destinations to show.
    pub highlight: Option<String>,
    /// A banner for a game that ended outside the engine ("green resigns", "draw agreed").
    pub banner: Option<String>,
}

/// A picture that could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("{0} is not a point of this board")]
    BadHighlight(String),
    #[error("could not encode the PNG: {0}")]
    Encode(String),
}

/// Draws the board of `game` with `info` and encodes it as PNG.
pub fn render_png(game: &Game, info: &BoardInfo) -> Result<Vec<u8>, RenderError> {
    todo!("{game:?} {info:?}")
}
