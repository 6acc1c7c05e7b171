//! The board: points, the eight directions and the precomputed line tables.
//!
//! ```text
//!   5  o-o-o-o-o-o-o-o-o      Rows 1–5 bottom to top, columns a–i left to right.
//!      |\|/|\|/|\|/|\|/|      Orthogonal lines join every pair of neighbours;
//!   4  o-o-o-o-o-o-o-o-o      diagonal lines pass only through the "strong" points,
//!      |/|\|/|\|/|\|/|\|      where column index + row index is even (a1, c1, b2, …).
//!   3  o-o-o-o-o-o-o-o-o
//!      |\|/|\|/|\|/|\|/|      Index of a point = row * 9 + column, so a bit board is
//!   2  o-o-o-o-o-o-o-o-o      a u64 whose bit 0 is a1 and bit 44 is i5.
//!      |/|\|/|\|/|\|/|\|
//!   1  o-o-o-o-o-o-o-o-o
//!      a b c d e f g h i
//! ```

use std::fmt;
use std::str::FromStr;

/// A point of the 9×5 board: column a–i (0–8), row 1–5 (0–4); index = row * 9 + column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// Number of points on the board.
    pub const COUNT: usize = 45;

    /// The point at column 0..9 and row 0..5, if on the board.
    pub fn new(col: u8, row: u8) -> Option<Point> {
        (col < 9 && row < 5).then_some(Point(row * 9 + col))
    }

    /// The point with this index (0..45), if any.
    pub fn from_index(index: usize) -> Option<Point> {
        (index < Point::COUNT).then_some(Point(index as u8))
    }

    /// Index 0..45, a1 = 0, i1 = 8, a2 = 9, …, i5 = 44.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, a=0 … i=8.
    pub fn col(self) -> u8 {
        self.0 % 9
    }

    /// Row, 1=0 … 5=4.
    pub fn row(self) -> u8 {
        self.0 / 9
    }

    /// Strong points (column + row even) have diagonal lines.
    pub fn is_strong(self) -> bool {
        (self.col() + self.row()).is_multiple_of(2)
    }

    /// All 45 points, a1 first, i5 last.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..Point::COUNT as u8).map(Point)
    }

    /// The points joined to this one by a line (3 to 8 of them).
    pub fn neighbors(self) -> impl Iterator<Item = Point> {
        Dir::ALL.into_iter().filter_map(move |d| self.step(d))
    }

    /// The neighbour along a line in direction `dir`, if that line exists.
    #[inline]
    pub fn step(self, dir: Dir) -> Option<Point> {
        match NEXT[dir.index()][self.index()] {
            NONE => None,
            i => Some(Point(i)),
        }
    }

    /// The direction of the line from `self` to `to`, if they are neighbours on a line.
    pub fn direction_to(self, to: Point) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.step(d) == Some(to))
    }

    /// The single-bit mask of this point.
    #[inline]
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }
}

/// A coordinate that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    /// Not a letter followed by a number.
    #[error("cannot read {0:?} as a point (a column a–i, a row 1–5)")]
    Malformed(String),
    /// A letter and a number, but outside the board.
    #[error("{0:?} is off the board (columns a–i, rows 1–5)")]
    OffBoard(String),
}

/// Makes typed input safe to quote in a one-line message: control characters (newlines
/// included) dropped, and cut short so a message never turns into an essay.
pub(crate) fn clip(s: &str) -> String {
    const MAX: usize = 24;
    let mut kept = s.chars().filter(|c| !c.is_control());
    let mut out: String = kept.by_ref().take(MAX).collect();
    if kept.next().is_some() {
        out.push('…');
    }
    out
}

impl FromStr for Point {
    type Err = PointError;

    /// Reads `e3` (or `E3`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let mut chars = t.chars();
        let letter = chars.next().map(|c| c.to_ascii_lowercase());
        let digits = chars.as_str();
        match letter {
            Some(l) if l.is_ascii_lowercase() => {
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(PointError::Malformed(clip(t)));
                }
                let row: Option<u8> = digits.parse().ok();
                match row {
                    Some(r @ 1..=5) if ('a'..='i').contains(&l) => {
                        Point::new(l as u8 - b'a', r - 1).ok_or(PointError::OffBoard(clip(t)))
                    }
                    _ => Err(PointError::OffBoard(clip(t))),
                }
            }
            _ => Err(PointError::Malformed(clip(t))),
        }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

/// One of the eight directions of the board's lines. Diagonals exist only at strong points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    /// All eight, clockwise from north; `ALL[i].opposite() == ALL[(i + 4) % 8]`.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// Position in [`Dir::ALL`].
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The reverse direction.
    #[inline]
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self.index() + 4) % 8]
    }

    /// (column, row) change of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// Change of the point index for one step (row * 9 + column).
    #[inline]
    pub(crate) const fn offset(self) -> i32 {
        let (dc, dr) = self.delta();
        dr as i32 * 9 + dc as i32
    }

    const fn is_diagonal(self) -> bool {
        let (dc, dr) = self.delta();
        dc != 0 && dr != 0
    }
}

/// Every point of the board.
pub(crate) const BOARD: u64 = (1u64 << Point::COUNT) - 1;

const NONE: u8 = u8::MAX;

/// `NEXT[dir][point]`: index of the neighbour along `dir`, or `NONE` when there is no such line.
static NEXT: [[u8; Point::COUNT]; 8] = build_next();

/// `CAN[dir]`: the points that have a line leaving in `dir`.
pub(crate) static CAN: [u64; 8] = build_can();

/// `RAY[dir][point]`: `point` and every point beyond it along `dir` while the line goes on.
/// A captured line always lies on one of these rays, so a capture is one mask operation.
pub(crate) static RAY: [[u64; Point::COUNT]; 8] = build_rays();

const fn next_index(index: usize, dir: Dir) -> u8 {
    let col = (index % 9) as i8;
    let row = (index / 9) as i8;
    if dir.is_diagonal() && (col + row) % 2 != 0 {
        return NONE;
    }
    let (dc, dr) = dir.delta();
    let (c, r) = (col + dc, row + dr);
    if c < 0 || c >= 9 || r < 0 || r >= 5 {
        NONE
    } else {
        (r * 9 + c) as u8
    }
}

const fn build_next() -> [[u8; Point::COUNT]; 8] {
    let mut t = [[NONE; Point::COUNT]; 8];
    let mut d = 0;
    while d < 8 {
        let mut p = 0;
        while p < Point::COUNT {
            t[d][p] = next_index(p, Dir::ALL[d]);
            p += 1;
        }
        d += 1;
    }
    t
}

const fn build_can() -> [u64; 8] {
    let next = build_next();
    let mut t = [0u64; 8];
    let mut d = 0;
    while d < 8 {
        let mut p = 0;
        while p < Point::COUNT {
            if next[d][p] != NONE {
                t[d] |= 1u64 << p;
            }
            p += 1;
        }
        d += 1;
    }
    t
}

const fn build_rays() -> [[u64; Point::COUNT]; 8] {
    let next = build_next();
    let mut t = [[0u64; Point::COUNT]; 8];
    let mut d = 0;
    while d < 8 {
        let mut p = 0;
        while p < Point::COUNT {
            let mut mask = 0u64;
            let mut q = p as u8;
            while q != NONE {
                mask |= 1u64 << q;
                q = next[d][q as usize];
            }
            t[d][p] = mask;
            p += 1;
        }
        d += 1;
    }
    t
}

/// The set of points `p` such that `p + dir` is in `set` (no line check: mask with [`CAN`]).
#[inline]
pub(crate) fn back(set: u64, dir: Dir) -> u64 {
    let off = dir.offset();
    if off > 0 {
        set >> off
    } else {
        (set << -off) & BOARD
    }
}

/// The set of points `p` such that `p - dir` is in `set` (no line check: mask with [`CAN`]).
#[inline]
pub(crate) fn forward(set: u64, dir: Dir) -> u64 {
    let off = dir.offset();
    if off > 0 {
        (set << off) & BOARD
    } else {
        set >> -off
    }
}

/// The unbroken run of `enemy` points that starts at `start` and goes on along `dir`.
/// Empty when `start` itself is not an enemy point.
#[inline]
pub(crate) fn run(enemy: u64, start: Point, dir: Dir) -> u64 {
    let ray = RAY[dir.index()][start.index()];
    let stops = ray & !enemy;
    if stops == 0 {
        return ray;
    }
    if dir.offset() > 0 {
        // Along increasing indices the first stop is the lowest bit of `stops`.
        ray & ((stops & stops.wrapping_neg()) - 1)
    } else {
        let first_stop = 63 - stops.leading_zeros();
        ray & !((2u64 << first_stop) - 1)
    }
}

/// Iterates over the points of a bit board, lowest index first.
#[inline]
pub fn points(mut set: u64) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros();
        set &= set - 1;
        Some(Point(i as u8))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().expect("test point")
    }

    #[test]
    fn diagonals_only_through_strong_points() {
        // docs/fanorona.md, The board: a1 is strong (0+0), b1 weak, b2 strong.
        assert!(p("a1").is_strong());
        assert!(!p("b1").is_strong());
        assert_eq!(p("a1").step(Dir::NE), Some(p("b2")));
        assert_eq!(p("b1").step(Dir::NE), None);
        assert_eq!(p("b1").step(Dir::NW), None);
        assert_eq!(p("e3").neighbors().count(), 8);
        assert_eq!(p("d3").neighbors().count(), 4);
        assert_eq!(p("a1").neighbors().count(), 3);
        assert_eq!(p("b1").neighbors().count(), 3);
        assert_eq!(p("i5").neighbors().count(), 3);
    }

    #[test]
    fn lines_are_symmetric_and_total_count_is_right() {
        let mut links = 0;
        for a in Point::all() {
            for d in Dir::ALL {
                if let Some(b) = a.step(d) {
                    assert_eq!(b.step(d.opposite()), Some(a));
                    assert_eq!(a.direction_to(b), Some(d));
                    links += 1;
                }
            }
        }
        // 4*9 + 8*5 orthogonal lines, 2 diagonals in each of the 16 squares: 108 lines.
        assert_eq!(links / 2, 36 + 40 + 32);
    }

    #[test]
    fn points_parse_and_print() {
        assert_eq!(p("E3").to_string(), "e3");
        assert_eq!(p(" i5 ").index(), 44);
        assert!(matches!(
            "j3".parse::<Point>(),
            Err(PointError::OffBoard(_))
        ));
        assert!(matches!(
            "a6".parse::<Point>(),
            Err(PointError::OffBoard(_))
        ));
        assert!(matches!(
            "a0".parse::<Point>(),
            Err(PointError::OffBoard(_))
        ));
        assert!(matches!(
            "a".parse::<Point>(),
            Err(PointError::Malformed(_))
        ));
        assert!(matches!(
            "3a".parse::<Point>(),
            Err(PointError::Malformed(_))
        ));
        assert!(matches!("".parse::<Point>(), Err(PointError::Malformed(_))));
        assert!(matches!(
            "é3".parse::<Point>(),
            Err(PointError::Malformed(_))
        ));
        assert!(matches!(
            "a99999999999999999".parse::<Point>(),
            Err(PointError::OffBoard(_))
        ));
        let long = "x\n".repeat(100);
        let message = long.parse::<Point>().expect_err("junk").to_string();
        assert!(!message.contains('\n') && message.contains("xxxxxxxxxxxxxxxxxxxxxxxx…"));
    }

    #[test]
    fn run_stops_at_the_first_non_enemy_point() {
        let enemy = p("c3").bit() | p("d3").bit() | p("f3").bit();
        assert_eq!(run(enemy, p("c3"), Dir::E), p("c3").bit() | p("d3").bit());
        assert_eq!(run(enemy, p("d3"), Dir::W), p("c3").bit() | p("d3").bit());
        assert_eq!(run(enemy, p("e3"), Dir::W), 0);
        let all = BOARD;
        assert_eq!(run(all, p("a1"), Dir::NE).count_ones(), 5);
        assert_eq!(run(all, p("i5"), Dir::SW).count_ones(), 5);
    }
}
