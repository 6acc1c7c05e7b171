//! The position (docs/fibonacci.md, Position strings): six bitboards, the side to move, the moves
//! left and the turn; its text form; unit-move generation and application; the win conditions.

use std::fmt;
use std::str::FromStr;

use super::board::{Bits, Cell, VALID, dilate, flood, snippet};
use super::{Color, GroupRule, Kind, Piece, UnitMove};

/// The start position (docs/fibonacci.md), as data: a corrected diagram is a one-line change.
pub const START: &str = "SSSSSC/.....S./......../u......../.uuu...U../...u...U.../..u...UUU./........U/......../.s...../csssss r 1 1";

/// Pieces per colour that every position holds: pieces are never removed (docs/fibonacci.md, Unit
/// moves).
const CENTRES: u32 = 1;
const STRIKES: u32 = 6;
const SUPPORTS: u32 = 6;

/// The largest allowance any rule can give (the base allowance and the highest card).
pub const MAX_ALLOWANCE: u8 = 6;

/// The board, the side to move, the moves left in the turn and the turn number: exactly what
/// a position string holds (docs/fibonacci.md, Position strings).
///
/// The board is one padded-layout bitboard per colour and kind (see `board`), so a position is
/// a few words and copying it is cheap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `pieces[color][kind]`, color Red=0 Green=1, kind Centre=0 Strike=1 Support=2.
    pieces: [[u128; 3]; 2],
    side: Color,
    moves_left: u8,
    turn: u32,
}

impl Color {
    /// The other colour.
    pub fn other(self) -> Color {
        match self {
            Color::Red => Color::Green,
            Color::Green => Color::Red,
        }
    }

    /// The colour that plays turn `turn`: Red the odd turns, Green the even ones
    /// (docs/fibonacci.md).
    pub fn of_turn(turn: u32) -> Color {
        if turn % 2 == 1 {
            Color::Red
        } else {
            Color::Green
        }
    }

    /// Lower-case name, `red` or `green`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Green => "green",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Kind {
    /// Lower-case name, `centre`, `strike` or `support`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Centre => "centre",
            Kind::Strike => "strike",
            Kind::Support => "support",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Piece {
    /// The letter of a position string (docs/fibonacci.md): Red `C` `S` `U`, Green `c` `s` `u`.
    pub fn letter(self) -> char {
        let c = match self.kind {
            Kind::Centre => 'C',
            Kind::Strike => 'S',
            Kind::Support => 'U',
        };
        match self.color {
            Color::Red => c,
            Color::Green => c.to_ascii_lowercase(),
        }
    }

    /// The piece a position-string letter stands for.
    pub fn from_letter(letter: char) -> Option<Piece> {
        let kind = match letter.to_ascii_uppercase() {
            'C' => Kind::Centre,
            'S' => Kind::Strike,
            'U' => Kind::Support,
            _ => return None,
        };
        let color = if letter.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Green
        };
        Some(Piece { color, kind })
    }
}

const KINDS: [Kind; 3] = [Kind::Centre, Kind::Strike, Kind::Support];

impl Position {
    /// The start position (docs/fibonacci.md): Red to move, one move, turn 1.
    pub fn start() -> Position {
        // START is a constant checked by the tests; a failure here is a bug in that constant.
        START
            .parse()
            .unwrap_or_else(|e| panic!("the start position constant is invalid: {e}"))
    }

    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let bit = cell.bit();
        for color in [Color::Red, Color::Green] {
            for kind in KINDS {
                if self.pieces[color as usize][kind as usize] & bit != 0 {
                    return Some(Piece { color, kind });
                }
            }
        }
        None
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn moves_left(&self) -> u8 {
        self.moves_left
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The points holding `color`'s pieces of `kind`, a1 first.
    pub fn cells_of(&self, color: Color, kind: Kind) -> impl Iterator<Item = Cell> + use<> {
        Bits(self.pieces[color as usize][kind as usize])
    }

    /// Where `color`'s centre stands.
    pub fn centre(&self, color: Color) -> Cell {
        // Every position holds exactly one centre per colour (checked when parsed; moves only
        // swap pieces), so the iterator is never empty; a1 is an unreachable fallback.
        self.cells_of(color, Kind::Centre).next().unwrap_or(Cell(0))
    }

    /// The points holding `color`'s pieces of `kind` as a bit set in the padded layout: bit
    /// `row * 11 + number - 1` (a1 = bit 0, b1 = bit 11, k11 = bit 120), where each neighbour
    /// direction is a fixed shift ([`dilate`], [`flood`]). For the AI's evaluation, which
    /// would otherwise rebuild the set point by point.
    #[inline]
    pub fn bits(&self, color: Color, kind: Kind) -> u128 {
        self.bb(color, kind)
    }

    #[inline]
    pub(super) fn bb(&self, color: Color, kind: Kind) -> u128 {
        self.pieces[color as usize][kind as usize]
    }

    #[inline]
    fn own(&self, color: Color) -> u128 {
        let p = &self.pieces[color as usize];
        p[0] | p[1] | p[2]
    }

    #[inline]
    fn occupied(&self) -> u128 {
        self.own(Color::Red) | self.own(Color::Green)
    }

    /// Number of `by`'s strike pieces next to `color`'s centre.
    pub fn strikes_next_to_centre(&self, color: Color, by: Color) -> u32 {
        let centre = self.bb(color, Kind::Centre);
        (dilate(centre) & self.bb(by, Kind::Strike)).count_ones()
    }

    /// docs/fibonacci.md, End of the game: `color`'s centre has six neighbours and all hold the
    /// opponent's strikes.
    pub fn is_surrounded(&self, color: Color) -> bool {
        let around = dilate(self.bb(color, Kind::Centre));
        around.count_ones() == 6 && around & !self.bb(color.other(), Kind::Strike) == 0
    }

    /// docs/fibonacci.md, The cards variant: all six of `color`'s strike pieces form one group and
    /// at least three of them neighbour the opponent's centre.
    pub fn has_cards_formation(&self, color: Color) -> bool {
        let strikes = self.bb(color, Kind::Strike);
        if strikes == 0 || self.strikes_next_to_centre(color.other(), color) < 3 {
            return false;
        }
        let lowest = strikes & strikes.wrapping_neg();
        flood(lowest, strikes) == strikes
    }

    /// The group of `from` (docs/fibonacci.md, Unit moves): the mover's pieces connected to it, of
    /// its own category or of any kind as `rule` says. Empty when `from` holds no piece of the side
    /// to move that may move.
    fn group_of(&self, from: Cell, rule: GroupRule) -> u128 {
        let bit = from.bit();
        let side = self.side;
        let within = match rule {
            GroupRule::SameCategory => {
                if self.bb(side, Kind::Strike) & bit != 0 {
                    self.bb(side, Kind::Strike)
                } else if self.bb(side, Kind::Support) & bit != 0 {
                    self.bb(side, Kind::Support)
                } else {
                    return 0;
                }
            }
            GroupRule::AnyFriendly => {
                if (self.bb(side, Kind::Strike) | self.bb(side, Kind::Support)) & bit == 0 {
                    return 0;
                }
                self.own(side)
            }
        };
        flood(bit, within)
    }

    /// Targets of the side to move's piece on `from` given its group (docs/fibonacci.md, Unit
    /// moves).
    #[inline]
    fn targets_in_group(&self, from_bit: u128, group: u128, kind: Kind) -> u128 {
        if group == from_bit {
            dilate(from_bit) & !self.occupied()
        } else {
            // Anything next to the group except the mover's own point and pieces identical to
            // the mover, whose exchange would change nothing.
            dilate(group) & !from_bit & !self.bb(self.side, kind)
        }
    }

    /// The legal destinations of the side to move's piece on `from`, as a padded bitboard
    /// (zero when `from` holds no strike or support piece of the side to move). Ignores the
    /// moves left and the game status; [`super::Game`] checks those.
    pub(super) fn targets(&self, from: Cell, rule: GroupRule) -> u128 {
        let group = self.group_of(from, rule);
        if group == 0 {
            return 0;
        }
        let bit = from.bit();
        let kind = if self.bb(self.side, Kind::Strike) & bit != 0 {
            Kind::Strike
        } else {
            Kind::Support
        };
        self.targets_in_group(bit, group, kind)
    }

    /// The legal destinations of the piece on `from`, a1 first (see [`Position::unit_moves`]).
    pub fn destinations(&self, from: Cell, rule: GroupRule) -> impl Iterator<Item = Cell> + use<> {
        Bits(self.targets(from, rule))
    }

    /// True when `m` is a legal unit move for the side to move, moves left and status aside.
    pub fn is_legal_unit(&self, m: UnitMove, rule: GroupRule) -> bool {
        self.targets(m.from, rule) & m.to.bit() != 0
    }

    /// True when the piece on `from` forms a group on its own (docs/fibonacci.md, Unit moves).
    pub fn is_alone(&self, from: Cell, rule: GroupRule) -> bool {
        self.group_of(from, rule) == from.bit()
    }

    /// Calls `f(from, targets)` for every strike and support piece of the side to move, with
    /// its legal destinations as a padded bitboard. Each group is flood-filled once and shared
    /// by all its members.
    #[inline]
    fn visit_targets(&self, rule: GroupRule, mut f: impl FnMut(u128, u128)) {
        let side = self.side;
        let strikes = self.bb(side, Kind::Strike);
        let supports = self.bb(side, Kind::Support);
        let empty = VALID & !self.occupied();
        match rule {
            GroupRule::SameCategory => {
                for set in [strikes, supports] {
                    let mut rest = set;
                    while rest != 0 {
                        let seed = rest & rest.wrapping_neg();
                        let group = flood(seed, set);
                        rest &= !group;
                        if group == seed {
                            f(seed, dilate(seed) & empty);
                        } else {
                            let reach = dilate(group) & !set;
                            let mut members = group;
                            while members != 0 {
                                let m = members & members.wrapping_neg();
                                members &= members - 1;
                                f(m, reach);
                            }
                        }
                    }
                }
            }
            GroupRule::AnyFriendly => {
                let own = self.own(side);
                let movers = strikes | supports;
                let mut rest = movers;
                while rest != 0 {
                    let seed = rest & rest.wrapping_neg();
                    let group = flood(seed, own);
                    rest &= !group;
                    if group == seed {
                        f(seed, dilate(seed) & empty);
                    } else {
                        let reach = dilate(group);
                        let mut members = group & movers;
                        while members != 0 {
                            let m = members & members.wrapping_neg();
                            members &= members - 1;
                            let same = if strikes & m != 0 { strikes } else { supports };
                            f(m, reach & !same);
                        }
                    }
                }
            }
        }
    }

    /// Appends every unit move of the side to move to `out`, ignoring the moves left and the
    /// game status (the fast path for search; [`super::Game::legal_moves`] is the checked one).
    pub fn unit_moves(&self, rule: GroupRule, out: &mut Vec<UnitMove>) {
        self.visit_targets(rule, |from_bit, targets| {
            if let Some(from) = Bits(from_bit).next() {
                out.extend(Bits(targets).map(|to| UnitMove { from, to }));
            }
        });
    }

    /// Number of unit moves of the side to move (same rules as [`Position::unit_moves`]).
    pub fn count_unit_moves(&self, rule: GroupRule) -> u32 {
        let mut n = 0;
        self.visit_targets(rule, |_, targets| n += targets.count_ones());
        n
    }

    /// Moves the piece on `m.from` to `m.to`, exchanging with whatever stands there. Does not
    /// check legality nor touch the side, moves left or turn. Returns the moving piece and the
    /// displaced one, if any.
    pub fn swap_pieces(&mut self, m: UnitMove) -> (Option<Piece>, Option<Piece>) {
        let moved = self.piece_at(m.from);
        let displaced = self.piece_at(m.to);
        let (fb, tb) = (m.from.bit(), m.to.bit());
        if let Some(p) = moved {
            self.pieces[p.color as usize][p.kind as usize] ^= fb | tb;
        }
        if let Some(p) = displaced {
            self.pieces[p.color as usize][p.kind as usize] ^= fb | tb;
        }
        (moved, displaced)
    }

    pub(super) fn set_turn_state(&mut self, side: Color, moves_left: u8, turn: u32) {
        self.side = side;
        self.moves_left = moves_left;
        self.turn = turn;
    }

    /// The same board with the colours swapped and turned half-way round (a1 ↔ k11): the start
    /// position maps to itself. For symmetry tests.
    pub fn rotated(&self) -> Position {
        let mut out = *self;
        out.pieces = [[0; 3]; 2];
        for c in Cell::all() {
            if let Some(p) = self.piece_at(c) {
                let Some(r) = Cell::new(10 - c.row(), 12 - c.number()) else {
                    continue;
                };
                let q = Piece {
                    color: p.color.other(),
                    kind: p.kind,
                };
                out.pieces[q.color as usize][q.kind as usize] |= r.bit();
            }
        }
        out.side = self.side.other();
        out
    }
}

/// A position string that could not be read: says what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error(
        "a position has 4 parts separated by spaces (board, side, moves left, turn); found {found}"
    )]
    Fields { found: usize },
    #[error("the board has 11 rows a to k separated by '/'; found {found}")]
    Rows { found: usize },
    #[error("row {row} has {expected} points; found {found}")]
    RowLength {
        row: char,
        expected: usize,
        found: usize,
    },
    #[error("{cell}: {found:?} is not a piece (use . for empty, C S U for Red, c s u for Green)")]
    Square { cell: Cell, found: char },
    #[error("the side to move is r or g; found {0:?}")]
    Side(String),
    #[error("moves left is a number from 0 to 6; found {0:?}")]
    MovesLeft(String),
    #[error("the turn is a number from 1; found {0:?}")]
    Turn(String),
    #[error(
        "turn {turn} is {expected}'s (Red plays odd turns, Green even ones), but the side to move is {found}"
    )]
    SideOfTurn {
        turn: u32,
        expected: Color,
        found: Color,
    },
    #[error(
        "{color} has {found} {kind} piece(s) on the board; every position holds exactly {expected}"
    )]
    Count {
        color: Color,
        kind: Kind,
        expected: u32,
        found: u32,
    },
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = s.split_whitespace().take(5).collect();
        let [board, side, moves_left, turn] = fields[..] else {
            return Err(PositionError::Fields {
                found: if fields.len() == 5 {
                    s.split_whitespace().count()
                } else {
                    fields.len()
                },
            });
        };
        let rows: Vec<&str> = board.split('/').take(12).collect();
        if rows.len() != 11 {
            return Err(PositionError::Rows {
                found: if rows.len() == 12 {
                    board.split('/').count()
                } else {
                    rows.len()
                },
            });
        }
        let mut pieces = [[0u128; 3]; 2];
        for (r, text) in rows.iter().enumerate() {
            let row_cells: Vec<Cell> = Cell::all().filter(|c| c.row() as usize == r).collect();
            let found = text.chars().count();
            if found != row_cells.len() {
                return Err(PositionError::RowLength {
                    row: (b'a' + r as u8) as char,
                    expected: row_cells.len(),
                    found,
                });
            }
            for (cell, ch) in row_cells.into_iter().zip(text.chars()) {
                if ch == '.' {
                    continue;
                }
                let p = Piece::from_letter(ch).ok_or(PositionError::Square { cell, found: ch })?;
                pieces[p.color as usize][p.kind as usize] |= cell.bit();
            }
        }
        let side = match side {
            "r" | "R" => Color::Red,
            "g" | "G" => Color::Green,
            other => return Err(PositionError::Side(snippet(other))),
        };
        let moves_left = moves_left
            .parse::<u8>()
            .ok()
            .filter(|&m| m <= MAX_ALLOWANCE)
            .ok_or_else(|| PositionError::MovesLeft(snippet(moves_left)))?;
        let turn = turn
            .parse::<u32>()
            .ok()
            .filter(|&t| t >= 1)
            .ok_or_else(|| PositionError::Turn(snippet(turn)))?;
        if Color::of_turn(turn) != side {
            return Err(PositionError::SideOfTurn {
                turn,
                expected: Color::of_turn(turn),
                found: side,
            });
        }
        for color in [Color::Red, Color::Green] {
            for (kind, expected) in [
                (Kind::Centre, CENTRES),
                (Kind::Strike, STRIKES),
                (Kind::Support, SUPPORTS),
            ] {
                let found = pieces[color as usize][kind as usize].count_ones();
                if found != expected {
                    return Err(PositionError::Count {
                        color,
                        kind,
                        expected,
                        found,
                    });
                }
            }
        }
        Ok(Position {
            pieces,
            side,
            moves_left,
            turn,
        })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut row = 0;
        for c in Cell::all() {
            if c.row() != row {
                f.write_str("/")?;
                row = c.row();
            }
            let ch = self.piece_at(c).map_or('.', Piece::letter);
            write!(f, "{ch}")?;
        }
        let side = match self.side {
            Color::Red => 'r',
            Color::Green => 'g',
        };
        write!(f, " {side} {} {}", self.moves_left, self.turn)
    }
}
