//! Board geometry: the 91 points, their names, and the bit layout the move generator uses.
//!
//! ```text
//!                 k6  k7  k8  k9  k10 k11            row k (index 10): k6…k11
//!               j5  j6  j7  j8  j9  j10 j11
//!             i4  …                       i11
//!           h3  …                           h11
//!         g2  …                               g11
//!       f1  f2  f3  f4  f5 (f6) f7  f8  f9  f10 f11  the middle row, centre point f6
//!         e1  …                               e10
//!           d1  …                           d9
//!             c1  …                       c8
//!               b1  b2  b3  b4  b5  b6  b7
//!                 a1  a2  a3  a4  a5  a6             row a (index 0): a1…a6
//! ```
//!
//! A [`Cell`] is a compact index 0..91 (a1 = 0, k11 = 90), as the contract says. Bitboards use a
//! second, padded layout: bit `row * 11 + (number - 1)`, an 11×11 square in which the hexagon
//! sits as a parallelogram cut at two corners. In that layout every neighbour direction is a
//! fixed shift (±1, ±11, ±12), so a whole set of points can be dilated with six shifts, and 121
//! bits fit a `u128`.

use std::fmt;
use std::str::FromStr;

/// A point of the 91-point board (index 0..91, row by row from a1 to k11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub(super) u8);

/// Number of rows (a…k).
const ROWS: usize = 11;

/// First number of row `i`: max(1, i − 4).
const fn first_number(row: usize) -> u8 {
    if row > 4 { (row - 4) as u8 } else { 1 }
}

/// Last number of row `i`: min(11, i + 6).
const fn last_number(row: usize) -> u8 {
    if row + 6 < 11 { (row + 6) as u8 } else { 11 }
}

/// Compact index of the first point of each row.
const ROW_START: [u8; ROWS + 1] = {
    let mut t = [0u8; ROWS + 1];
    let mut i = 0;
    while i < ROWS {
        t[i + 1] = t[i] + (last_number(i) - first_number(i) + 1);
        i += 1;
    }
    t
};

/// (row, number) of every compact index.
const COORDS: [(u8, u8); Cell::COUNT] = {
    let mut t = [(0u8, 0u8); Cell::COUNT];
    let mut i = 0;
    while i < ROWS {
        let mut n = first_number(i);
        while n <= last_number(i) {
            t[(ROW_START[i] + n - first_number(i)) as usize] = (i as u8, n);
            n += 1;
        }
        i += 1;
    }
    t
};

/// Padded bit of each compact index.
pub(super) const BIT_OF: [u8; Cell::COUNT] = {
    let mut t = [0u8; Cell::COUNT];
    let mut c = 0;
    while c < Cell::COUNT {
        t[c] = COORDS[c].0 * 11 + COORDS[c].1 - 1;
        c += 1;
    }
    t
};

/// Compact index of each padded bit (255 off the board).
pub(super) const CELL_OF_BIT: [u8; 128] = {
    let mut t = [255u8; 128];
    let mut c = 0;
    while c < Cell::COUNT {
        t[BIT_OF[c] as usize] = c as u8;
        c += 1;
    }
    t
};

/// The 91 bits of the board in the padded layout.
pub(super) const VALID: u128 = {
    let mut m = 0u128;
    let mut c = 0;
    while c < Cell::COUNT {
        m |= 1u128 << BIT_OF[c];
        c += 1;
    }
    m
};

/// Points with number 1 (no neighbour at number − 1) and 11 (none at number + 1).
const COL_1: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < ROWS {
        m |= 1u128 << (r * 11);
        r += 1;
    }
    m
};
const COL_11: u128 = COL_1 << 10;

/// Every neighbour of every point of `b` (points of `b` included only when they neighbour
/// another point of `b`). Six fixed shifts in the padded layout ([`Position::bits`]); the column
/// masks stop a shift by ±1 or ±12 from wrapping into the next row.
///
/// [`Position::bits`]: super::Position::bits
#[inline]
pub const fn dilate(b: u128) -> u128 {
    let left = b & !COL_1; // may step to number − 1
    let right = b & !COL_11; // may step to number + 1
    ((left >> 1) | (right << 1) | (b << 11) | (right << 12) | (left >> 12) | (b >> 11)) & VALID
}

/// The points of `within` connected to `seed` through neighbouring points of `within` (padded
/// layout, [`super::Position::bits`]).
#[inline]
pub fn flood(seed: u128, within: u128) -> u128 {
    let mut g = seed & within;
    loop {
        let next = (g | dilate(g)) & within;
        if next == g {
            return g;
        }
        g = next;
    }
}

/// Neighbour mask of each compact index, in the padded layout.
pub(super) const NEIGHBORS: [u128; Cell::COUNT] = {
    let mut t = [0u128; Cell::COUNT];
    let mut c = 0;
    while c < Cell::COUNT {
        t[c] = dilate(1u128 << BIT_OF[c]);
        c += 1;
    }
    t
};

/// Iterates the points of a padded bitboard, lowest bit first.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bits(pub(super) u128);

impl Iterator for Bits {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Cell(CELL_OF_BIT[bit as usize]))
    }
}

impl Cell {
    /// Number of points on the board.
    pub const COUNT: usize = 91;

    /// The point at row index `row` (a=0 … k=10) and number `number` (1…11), if on the board.
    pub fn new(row: u8, number: u8) -> Option<Cell> {
        let r = row as usize;
        if r >= ROWS || number < first_number(r) || number > last_number(r) {
            return None;
        }
        Some(Cell(ROW_START[r] + number - first_number(r)))
    }

    /// The point with this index (0..91).
    pub fn from_index(index: usize) -> Option<Cell> {
        (index < Cell::COUNT).then_some(Cell(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Row index, a=0 … k=10.
    pub fn row(self) -> u8 {
        COORDS[self.0 as usize].0
    }

    /// Number within the row, 1…11.
    pub fn number(self) -> u8 {
        COORDS[self.0 as usize].1
    }

    /// The row letter, `a`…`k`.
    pub fn row_letter(self) -> char {
        (b'a' + self.row()) as char
    }

    /// All 91 points, a1 first, k11 last.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..Cell::COUNT as u8).map(Cell)
    }

    /// The neighbours of this point that are on the board (2 to 6 of them), in increasing index.
    pub fn neighbors(self) -> impl Iterator<Item = Cell> {
        Bits(NEIGHBORS[self.0 as usize])
    }

    /// True when the two points are neighbours.
    pub fn is_neighbor(self, other: Cell) -> bool {
        NEIGHBORS[self.0 as usize] & other.bit() != 0
    }

    /// This point's bit in the padded layout.
    #[inline]
    pub(super) fn bit(self) -> u128 {
        1u128 << BIT_OF[self.0 as usize]
    }

    /// The first and last point of row `row` (a=0 … k=10), for error messages.
    fn row_span(row: usize) -> (u8, u8) {
        (first_number(row), last_number(row))
    }
}

/// A coordinate that could not be read (`a1x`, `z9`, `f12`, `a7`, empty, …).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    #[error("no point given")]
    Empty,
    #[error("{0:?} is not a point (a row a–k and a number)")]
    Malformed(String),
    #[error("{row:?} is not a row (a–k)")]
    BadRow { row: char },
    #[error("{row}{number} is off the board (row {row}: {row}{first} to {row}{last})")]
    OffBoard {
        row: char,
        number: u32,
        first: u8,
        last: u8,
    },
}

/// The start of a user's text, cut to a length that fits in one line of an error message.
pub(super) fn snippet(s: &str) -> String {
    const MAX: usize = 16;
    let mut out: String = s.chars().take(MAX).filter(|c| !c.is_control()).collect();
    if s.chars().nth(MAX).is_some() {
        out.push('…');
    }
    out
}

impl FromStr for Cell {
    type Err = CellError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.is_empty() {
            return Err(CellError::Empty);
        }
        let mut chars = t.chars();
        let first = chars.next().ok_or(CellError::Empty)?;
        let digits = chars.as_str();
        let well_formed = first.is_ascii_alphabetic()
            && (1..=2).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if !well_formed {
            return Err(CellError::Malformed(snippet(t)));
        }
        let row_char = first.to_ascii_lowercase();
        if !('a'..='k').contains(&row_char) {
            return Err(CellError::BadRow { row: row_char });
        }
        let row = (row_char as u8 - b'a') as usize;
        // Two digits at most, so this cannot overflow.
        let number: u32 = digits.bytes().fold(0, |n, b| n * 10 + u32::from(b - b'0'));
        let (lo, hi) = Cell::row_span(row);
        if number < u32::from(lo) || number > u32::from(hi) {
            return Err(CellError::OffBoard {
                row: row_char,
                number,
                first: lo,
                last: hi,
            });
        }
        Cell::new(row as u8, number as u8).ok_or(CellError::Malformed(snippet(t)))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.row_letter(), self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(s: &str) -> Cell {
        s.parse().expect("a valid point")
    }

    #[test]
    fn rows_hold_the_numbers_of_rule_1_1() {
        let rows: Vec<(u8, u8)> = (0..11).map(Cell::row_span).collect();
        assert_eq!(
            rows,
            vec![
                (1, 6),
                (1, 7),
                (1, 8),
                (1, 9),
                (1, 10),
                (1, 11),
                (2, 11),
                (3, 11),
                (4, 11),
                (5, 11),
                (6, 11)
            ]
        );
        assert_eq!(ROW_START[11] as usize, Cell::COUNT);
        assert_eq!(VALID.count_ones() as usize, Cell::COUNT);
    }

    #[test]
    fn compact_index_runs_row_by_row_from_a1_to_k11() {
        assert_eq!(cell("a1").index(), 0);
        assert_eq!(cell("a6").index(), 5);
        assert_eq!(cell("b1").index(), 6);
        assert_eq!(cell("k11").index(), 90);
        for c in Cell::all() {
            assert_eq!(Cell::new(c.row(), c.number()), Some(c));
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
        }
    }

    #[test]
    fn neighbours_follow_rule_1_1_offsets() {
        for c in Cell::all() {
            let (i, n) = (c.row() as i32, c.number() as i32);
            let mut expected: Vec<Cell> = [(0, -1), (0, 1), (1, 0), (1, 1), (-1, -1), (-1, 0)]
                .iter()
                .filter_map(|(di, dn)| {
                    let (r, m) = (i + di, n + dn);
                    if (0..11).contains(&r) && (0..12).contains(&m) {
                        Cell::new(r as u8, m as u8)
                    } else {
                        None
                    }
                })
                .collect();
            expected.sort();
            let got: Vec<Cell> = c.neighbors().collect();
            assert_eq!(got, expected, "neighbours of {c}");
        }
        assert_eq!(cell("f6").neighbors().count(), 6);
        assert_eq!(cell("a1").neighbors().count(), 3);
        assert_eq!(cell("a3").neighbors().count(), 4);
    }

    #[test]
    fn coordinates_parse_case_insensitively_and_print_lower_case() {
        assert_eq!(cell("F6"), cell("f6"));
        assert_eq!(cell(" k11 ").to_string(), "k11");
    }

    #[test]
    fn bad_coordinates_say_what_is_wrong() {
        assert!(matches!(
            "a1x".parse::<Cell>(),
            Err(CellError::Malformed(_))
        ));
        assert_eq!("z9".parse::<Cell>(), Err(CellError::BadRow { row: 'z' }));
        assert!(matches!(
            "f12".parse::<Cell>(),
            Err(CellError::OffBoard { number: 12, .. })
        ));
        let e = "a7".parse::<Cell>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "a7 is off the board (row a: a1 to a6)"
        );
        assert_eq!("".parse::<Cell>(), Err(CellError::Empty));
        assert!(matches!("a0".parse::<Cell>(), Err(CellError::Malformed(_))));
        assert!(matches!(
            "a01".parse::<Cell>(),
            Err(CellError::Malformed(_))
        ));
        assert!(matches!("é1".parse::<Cell>(), Err(CellError::Malformed(_))));
    }
}
