//! The position: where the pieces stand and who moves, with its string form (docs/fanorona.md,
//! Position strings).

use std::fmt;
use std::str::FromStr;

use super::Color;
use super::board::{Point, clip};

/// Pieces per side at the start; no legal position holds more.
pub const PIECES_PER_SIDE: u32 = 22;

/// The pieces and the side to move: exactly what a position string holds (docs/fanorona.md).
///
/// Stored as two 45-bit boards (bit = [`Point::index`]), so a position is 17 bytes and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    white: u64,
    black: u64,
    side: Color,
}

impl Position {
    /// The start position (docs/fanorona.md) with `first` to move: White normally, the loser of the
    /// first round in a vela round.
    ///
    /// ```text
    /// 5  B B B B B B B B B
    /// 4  B B B B B B B B B
    /// 3  B W B W . B W B W
    /// 2  W W W W W W W W W
    /// 1  W W W W W W W W W
    ///    a b c d e f g h i
    /// ```
    pub fn start(first: Color) -> Position {
        const ROW3_WHITE: [u8; 4] = [1, 3, 6, 8]; // b3 d3 g3 i3
        const ROW3_BLACK: [u8; 4] = [0, 2, 5, 7]; // a3 c3 f3 h3
        let row3 = |cols: [u8; 4]| cols.iter().fold(0u64, |m, &c| m | 1u64 << (18 + c));
        Position {
            white: ((1u64 << 18) - 1) | row3(ROW3_WHITE),
            black: (((1u64 << 45) - 1) & !((1u64 << 27) - 1)) | row3(ROW3_BLACK),
            side: first,
        }
    }

    /// The colour of the piece on `point`, if any.
    pub fn piece_at(&self, point: Point) -> Option<Color> {
        if self.white & point.bit() != 0 {
            Some(Color::White)
        } else if self.black & point.bit() != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The points held by `color` as a bit board (bit i = the point of index i).
    pub fn bits(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Number of pieces `color` has on the board.
    pub fn count(&self, color: Color) -> u32 {
        self.bits(color).count_ones()
    }

    /// Pieces of the side to move, then of its opponent.
    #[inline]
    pub(crate) fn own_enemy(&self) -> (u64, u64) {
        match self.side {
            Color::White => (self.white, self.black),
            Color::Black => (self.black, self.white),
        }
    }

    /// The position with the mover's pieces `own`, the opponent's `enemy`, and `side` to move.
    #[inline]
    pub(crate) fn with(mover: Color, own: u64, enemy: u64, side: Color) -> Position {
        let (white, black) = match mover {
            Color::White => (own, enemy),
            Color::Black => (enemy, own),
        };
        Position { white, black, side }
    }
}

/// A position string that could not be read: says what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error(
        "a Fanorona position is five rows joined by / then the side to move, \
         e.g. WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w"
    )]
    Empty,
    #[error("the board needs 5 rows separated by /, found {0}")]
    RowCount(usize),
    #[error("row {row} has {len} points; each row needs 9 (a to i)")]
    RowLength { row: u8, len: usize },
    #[error(
        "row {row}: '{}' is not a piece; use W (white), B (black) or . (empty)",
        .ch.escape_debug()
    )]
    BadPiece { row: u8, ch: char },
    #[error("the side to move is missing: end the position with w or b")]
    MissingSide,
    #[error("\"{0}\" is not a side to move: use w or b")]
    BadSide(String),
    #[error("unexpected \"{0}\" after the side to move")]
    Trailing(String),
    #[error("{color} has {count} pieces; a side has at most 22")]
    TooManyPieces { color: Color, count: u32 },
    #[error("the board is empty: a position needs pieces")]
    NoPieces,
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut fields = s.split_whitespace();
        let board = fields.next().ok_or(PositionError::Empty)?;
        let side = fields.next().ok_or(PositionError::MissingSide)?;
        if let Some(extra) = fields.next() {
            return Err(PositionError::Trailing(clip(extra)));
        }
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 5 {
            return Err(PositionError::RowCount(rows.len()));
        }
        let (mut white, mut black) = (0u64, 0u64);
        for (r, text) in rows.iter().enumerate() {
            let row = r as u8 + 1;
            let len = text.chars().count();
            if len != 9 {
                return Err(PositionError::RowLength { row, len });
            }
            for (c, ch) in text.chars().enumerate() {
                let bit = 1u64 << (r * 9 + c);
                match ch {
                    'W' => white |= bit,
                    'B' => black |= bit,
                    '.' => {}
                    _ => return Err(PositionError::BadPiece { row, ch }),
                }
            }
        }
        let side = match side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(PositionError::BadSide(clip(other))),
        };
        for (color, bits) in [(Color::White, white), (Color::Black, black)] {
            let count = bits.count_ones();
            if count > PIECES_PER_SIDE {
                return Err(PositionError::TooManyPieces { color, count });
            }
        }
        if white | black == 0 {
            return Err(PositionError::NoPieces);
        }
        Ok(Position { white, black, side })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..5u8 {
            if row > 0 {
                f.write_str("/")?;
            }
            for col in 0..9u8 {
                let ch = match Point::new(col, row).and_then(|p| self.piece_at(p)) {
                    Some(Color::White) => 'W',
                    Some(Color::Black) => 'B',
                    None => '.',
                };
                write!(f, "{ch}")?;
            }
        }
        let side = match self.side {
            Color::White => 'w',
            Color::Black => 'b',
        };
        write!(f, " {side}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w";

    #[test]
    fn start_position_matches_rules_2_1_and_its_string() {
        let start = Position::start(Color::White);
        assert_eq!(start.to_string(), START);
        assert_eq!(START.parse::<Position>(), Ok(start));
        assert_eq!(start.count(Color::White), 22);
        assert_eq!(start.count(Color::Black), 22);
        let e3: Point = "e3".parse().expect("point");
        assert_eq!(start.piece_at(e3), None);
        let b3: Point = "b3".parse().expect("point");
        assert_eq!(start.piece_at(b3), Some(Color::White));
        let a3: Point = "a3".parse().expect("point");
        assert_eq!(start.piece_at(a3), Some(Color::Black));
        assert_eq!(Position::start(Color::Black).side_to_move(), Color::Black);
    }

    #[test]
    fn position_errors_say_what_is_wrong() {
        let err = |s: &str| s.parse::<Position>().expect_err(s);
        assert_eq!(err(""), PositionError::Empty);
        assert_eq!(err("WWWWWWWWW/WWWWWWWWW w"), PositionError::RowCount(2));
        assert_eq!(
            err("WWWWWWWWW/WWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w"),
            PositionError::RowLength { row: 2, len: 8 }
        );
        assert_eq!(
            err("WWWWWWWWW/WWWWWWWWW/BWBWxBWBW/BBBBBBBBB/BBBBBBBBB w"),
            PositionError::BadPiece { row: 3, ch: 'x' }
        );
        assert_eq!(
            err("WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB"),
            PositionError::MissingSide
        );
        assert_eq!(
            err("WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB x"),
            PositionError::BadSide("x".into())
        );
        assert_eq!(
            err("WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w 3"),
            PositionError::Trailing("3".into())
        );
        assert_eq!(
            err("WWWWWWWWW/WWWWWWWWW/WWWWWWWWW/BBBBBBBBB/BBBBBBBBB w"),
            PositionError::TooManyPieces {
                color: Color::White,
                count: 27
            }
        );
        assert_eq!(
            err("........./........./........./........./......... b"),
            PositionError::NoPieces
        );
        assert!(
            err("WWWWWWWWW/WWWWWWWWW/BWBWéBWBW/BBBBBBBBB/BBBBBBBBB w")
                .to_string()
                .contains('é')
        );
    }
}
