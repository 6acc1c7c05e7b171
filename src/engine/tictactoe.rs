//! Tic-tac-toe, the smallest game there is: here to prove that a game is its own files plus one
//! line in the list of games (built with the cargo feature `third-game`).
//!
//! ```text
//!   3   .  .  .        Cross (`x`) moves first; a move names an empty point (`b2`).
//!   2   .  X  .        Three marks of one side in a row, a column or a diagonal win;
//!   1   .  .  O        a full board without a line is a draw.
//!       a  b  c
//! ```
//!
//! The position string gives the rows from 3 down to 1, `X`, `O` or `.` for each point, joined
//! by `/`, then the side to move: `.../.X./..O x`.

use std::fmt;
use std::str::FromStr;

use crate::engine::{
    GameOptions, OptionError, OptionSpec, PlayedMove, RefusedMove, Rules, Side, Status, WinReason,
    unknown_key,
};

/// The win: three marks in a line.
pub const THREE_IN_A_ROW: WinReason = WinReason::new("three-in-a-row");

/// The eight lines, as point indices.
const LINES: [[u8; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A point of the board, `a1` (index 0) to `c3` (index 8), row by row from row 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// The point at column `col` (a = 0) and row `row` (1 = 0), if both are below 3.
    pub fn new(col: u8, row: u8) -> Option<Point> {
        (col < 3 && row < 3).then_some(Point(row * 3 + col))
    }

    pub fn col(self) -> u8 {
        self.0 % 3
    }

    pub fn row(self) -> u8 {
        self.0 / 3
    }

    /// Every point, a1 first.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..9).map(Point)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

/// Text that names no point.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    #[error("no point given")]
    Empty,
    #[error("{0:?} is not a point")]
    Malformed(String),
}

impl FromStr for Point {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Point, PointError> {
        let text = s.trim();
        let bytes = text.as_bytes();
        match bytes {
            [] => Err(PointError::Empty),
            [col @ b'a'..=b'c', row @ b'1'..=b'3'] | [col @ b'A'..=b'C', row @ b'1'..=b'3'] => {
                Point::new(col.to_ascii_lowercase() - b'a', row - b'1')
                    .ok_or_else(|| PointError::Malformed(text.to_string()))
            }
            _ => Err(PointError::Malformed(text.chars().take(24).collect())),
        }
    }
}

/// The two sides' marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    Cross,
    Nought,
}

impl Mark {
    pub fn side(self) -> Side {
        match self {
            Mark::Cross => Side::First,
            Mark::Nought => Side::Second,
        }
    }

    pub fn of(side: Side) -> Mark {
        match side {
            Side::First => Mark::Cross,
            Side::Second => Mark::Nought,
        }
    }
}

/// Tic-tac-toe has no options; the type is here because every game has one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options;

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[];
    const RATINGS: &'static [&'static str] = &["tictactoe"];

    fn pairs(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(unknown_key::<Options>(Game::NAME, key))
    }

    fn describe(&self) -> String {
        String::new()
    }
}

/// One accepted move: the point and the mark put on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub point: Point,
    pub mark: Mark,
}

impl PlayedMove for Played {
    fn notation(&self) -> String {
        self.point.to_string()
    }

    fn turn_ended(&self) -> bool {
        true
    }
}

/// A move the rules refuse, with its facts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a point.
    #[error("{0}")]
    Notation(PointError),
    #[error("the game is over")]
    GameOver,
    #[error("{0} is taken")]
    Taken(Point),
    /// `end`: a turn is one mark, so there is nothing to end.
    #[error("there is no turn to end")]
    NothingToEnd,
}

impl RefusedMove for MoveError {
    fn nothing_to_end(&self) -> bool {
        matches!(self, MoveError::NothingToEnd)
    }
}

/// A position string that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("a position is three rows of X, O or . joined by /, then x or o: {0:?}")]
    Malformed(String),
    #[error("{0} marks for the other side cannot be: cross moves first")]
    Counts(String),
}

/// A game of tic-tac-toe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: [Option<Mark>; 9],
    to_move: Mark,
}

impl Game {
    /// The mark on `point`, if any.
    pub fn mark_at(&self, point: Point) -> Option<Mark> {
        self.board[point.0 as usize]
    }

    /// The line of three that won the game, if there is one.
    pub fn winning_line(&self) -> Option<[Point; 3]> {
        LINES.iter().find_map(|line| {
            let [a, b, c] = line.map(|i| self.board[i as usize]);
            (a.is_some() && a == b && b == c).then(|| line.map(Point))
        })
    }

    fn marks(&self) -> usize {
        self.board.iter().flatten().count()
    }
}

impl Rules for Game {
    const NAME: &'static str = "tictactoe";
    const TITLE: &'static str = "Tic-tac-toe";
    const SIDES: [&'static str; 2] = ["cross", "nought"];
    const WIN_REASONS: &'static [WinReason] = &[THREE_IN_A_ROW];

    type Options = Options;
    type Played = Played;
    type MoveError = MoveError;
    type PositionError = PositionError;

    fn start(_options: Options, _seed: u64) -> Game {
        Game {
            board: [None; 9],
            to_move: Mark::Cross,
        }
    }

    fn load(_options: Options, _seed: u64, position: &str) -> Result<Game, PositionError> {
        let malformed = || PositionError::Malformed(position.chars().take(40).collect());
        let (rows, side) = position.trim().split_once(' ').ok_or_else(malformed)?;
        let to_move = match side.trim() {
            "x" => Mark::Cross,
            "o" => Mark::Nought,
            _ => return Err(malformed()),
        };
        let rows: Vec<&str> = rows.split('/').collect();
        let mut board = [None; 9];
        if rows.len() != 3 {
            return Err(malformed());
        }
        for (i, row) in rows.iter().enumerate() {
            if row.len() != 3 {
                return Err(malformed());
            }
            for (col, c) in row.bytes().enumerate() {
                board[(2 - i) * 3 + col] = match c {
                    b'X' => Some(Mark::Cross),
                    b'O' => Some(Mark::Nought),
                    b'.' => None,
                    _ => return Err(malformed()),
                };
            }
        }
        let count = |m| board.iter().filter(|&&b| b == Some(m)).count();
        let (crosses, noughts) = (count(Mark::Cross), count(Mark::Nought));
        let expected = if crosses == noughts {
            Mark::Cross
        } else {
            Mark::Nought
        };
        if crosses < noughts || crosses > noughts + 1 || to_move != expected {
            return Err(PositionError::Counts(format!("{crosses} X, {noughts} O, {side}")));
        }
        Ok(Game { board, to_move })
    }

    fn rule_options(&self) -> Options {
        Options
    }

    fn position_string(&self) -> String {
        let mut out = String::with_capacity(13);
        for row in (0..3).rev() {
            for col in 0..3 {
                out.push(match self.board[row * 3 + col] {
                    Some(Mark::Cross) => 'X',
                    Some(Mark::Nought) => 'O',
                    None => '.',
                });
            }
            out.push(if row > 0 { '/' } else { ' ' });
        }
        out.push(match self.to_move {
            Mark::Cross => 'x',
            Mark::Nought => 'o',
        });
        out
    }

    fn side_to_move(&self) -> Side {
        self.to_move.side()
    }

    fn game_status(&self) -> Status {
        match self.winning_line() {
            Some([p, _, _]) => match self.mark_at(p) {
                Some(mark) => Status::Won(mark.side(), THREE_IN_A_ROW),
                None => Status::Ongoing,
            },
            None if self.marks() == 9 => Status::Draw,
            None => Status::Ongoing,
        }
    }

    fn turn_number(&self) -> u32 {
        self.marks() as u32 + 1
    }

    fn legal_notations(&self) -> Vec<String> {
        if self.game_status() != Status::Ongoing {
            return Vec::new();
        }
        Point::all()
            .filter(|&p| self.mark_at(p).is_none())
            .map(|p| p.to_string())
            .collect()
    }

    fn play_notation(&mut self, notation: &str) -> Result<Played, MoveError> {
        let point: Point = notation.parse().map_err(MoveError::Notation)?;
        if self.game_status() != Status::Ongoing {
            return Err(MoveError::GameOver);
        }
        if self.mark_at(point).is_some() {
            return Err(MoveError::Taken(point));
        }
        let mark = self.to_move;
        self.board[point.0 as usize] = Some(mark);
        self.to_move = Mark::of(mark.side().other());
        Ok(Played { point, mark })
    }

    fn stop_turn(&mut self) -> Result<Played, MoveError> {
        Err(MoveError::NothingToEnd)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(moves: &[&str]) -> Game {
        let mut game = Game::start(Options, 0);
        for m in moves {
            game.play_notation(m).expect("a legal move");
        }
        game
    }

    #[test]
    fn three_in_a_row_wins_for_the_side_that_made_it() {
        let game = played(&["a1", "b1", "a2", "b2", "a3"]);
        assert_eq!(game.game_status(), Status::Won(Side::First, THREE_IN_A_ROW));
        assert!(game.legal_notations().is_empty());
        assert_eq!(game.clone().play_notation("c3"), Err(MoveError::GameOver));
        let diagonal = played(&["b1", "a1", "c1", "b2", "a2", "c3"]);
        assert_eq!(
            diagonal.game_status(),
            Status::Won(Side::Second, THREE_IN_A_ROW)
        );
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        let game = played(&["a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"]);
        assert_eq!(game.game_status(), Status::Draw);
        assert_eq!(game.turn_number(), 10);
    }

    #[test]
    fn a_taken_point_and_a_bad_point_are_refused_and_change_nothing() {
        let mut game = played(&["b2"]);
        let before = game.clone();
        assert_eq!(
            game.play_notation("B2"),
            Err(MoveError::Taken(Point::new(1, 1).expect("b2")))
        );
        assert_eq!(
            game.play_notation("d4"),
            Err(MoveError::Notation(PointError::Malformed("d4".into())))
        );
        assert_eq!(game.stop_turn(), Err(MoveError::NothingToEnd));
        assert_eq!(game, before);
    }

    #[test]
    fn position_strings_round_trip_and_check_the_counts() {
        let game = played(&["b2", "c1"]);
        assert_eq!(game.position_string(), ".../.X./..O x");
        assert_eq!(Game::load(Options, 0, &game.position_string()), Ok(game));
        assert!(matches!(
            Game::load(Options, 0, "XX./.../... x"),
            Err(PositionError::Counts(_))
        ));
        assert!(matches!(
            Game::load(Options, 0, "XX/.../... o"),
            Err(PositionError::Malformed(_))
        ));
    }
}
