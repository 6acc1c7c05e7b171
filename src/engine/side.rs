//! The game-agnostic facts of a position: the two sides, whether the game goes on, and why
//! the engine declared a winner.

use std::fmt;

/// The two sides of a game, independent of the game: `First` moves first
/// (Red in Fibonacci, White in Fanorona).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for `First`, 1 for `Second`.
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

/// How a game ended, as far as the rules engine can tell (resignation, agreement and time are
/// decided outside the engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    Won(Side, WinReason),
    Draw,
}

/// Why the engine declared a winner: a word of the game that decided it (`surrounded`,
/// `all-captured`), which the store keeps and which names the messages that explain it
/// (`board-why-<word>`, `game-how-<word>`, `history-why-<word>` in the game's Fluent file).
/// Each game lists its own in [`Rules::WIN_REASONS`], so a new game brings its reasons with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WinReason(&'static str);

impl WinReason {
    /// A reason named `word` (lower case, words joined by `-`).
    pub const fn new(word: &'static str) -> WinReason {
        WinReason(word)
    }

    /// The reason's word (`surrounded`).
    pub const fn word(self) -> &'static str {
        self.0
    }
}

// The two first games' reasons keep the names they had as enum variants.
#[allow(non_upper_case_globals)]
impl WinReason {
    /// Fibonacci: the loser's centre is surrounded by six enemy strike pieces.
    pub const Surrounded: WinReason = WinReason("surrounded");
    /// Fibonacci cards variant: six connected strike pieces, three next to the enemy centre.
    pub const CardsFormation: WinReason = WinReason("cards-formation");
    /// Fanorona: every enemy piece captured.
    pub const AllCaptured: WinReason = WinReason("all-captured");
    /// Fanorona: the loser had no legal move on their turn.
    pub const NoLegalMove: WinReason = WinReason("no-legal-move");
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}
