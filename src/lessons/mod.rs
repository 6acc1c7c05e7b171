//! Interactive lessons (`/learn`): for each game, a list of steps. A step is a position (in the
//! engine's position string), a task for the side to move, and the answer that completes it.
//! Pure: no I/O; the service keeps each learner's progress and the front ends word everything
//! from the Fluent file `learn.ftl` (message ids `learn-<step id>-title`, `-text`, `-task`,
//! `-hint` and `-miss`).
//!
//! An answer is checked by playing it with the engine ([`check`]), never by comparing text: a
//! step's task is a list of [`Goal`]s, predicates on what the answer did, so every answer that
//! does what the step asks counts. A miss says which it was: the engine's refusal (with its
//! reason), or a legal answer that is not what the step asks.

use crate::engine::fanorona::{self, CaptureKind};
use crate::engine::fibonacci;
use crate::engine::{Config, Game, GameKind, MoveError, Played, Side, Status};

mod fanorona_steps;
mod fibonacci_steps;

/// One step of a lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Names its texts in `learn.ftl`: `learn-<id>-title`, `-text`, `-task`, `-hint`, `-miss`.
    pub id: &'static str,
    /// The lesson it belongs to, from 1 (steps of a lesson follow each other).
    pub lesson: u8,
    /// The rules, as the configuration codec writes them (`fanorona rules=standard`).
    pub config: &'static str,
    /// The position the learner plays from (the side to move is the learner).
    pub position: &'static str,
    /// What the answer must do: all of these.
    pub goals: &'static [Goal],
    /// The intended answer (what "Show me" plays): moves separated by spaces, as `/move` takes.
    pub answer: &'static str,
    /// A tempting answer that misses: legal but not what the step asks (refused with the step's
    /// reason), or one the engine refuses (the tests check both).
    pub wrong: &'static str,
}

/// What the learner's answer must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Afterwards, each point holds this piece, as the position string writes it (`S`, `u`,
    /// `W`; `.` for empty).
    Holds(&'static [(&'static str, char)]),
    /// Fibonacci: afterwards every piece written `letter` is in one connected group.
    Grouped(char),
    /// Fibonacci: afterwards no piece written `piece` neighbours a piece written `centre`.
    Apart { piece: char, centre: char },
    /// The learner wins the game.
    Win,
    /// The learner's turn is over (the allowance used up, or the chain stopped).
    TurnEnds,
    /// Fanorona: the answer captures at least `pieces` pieces, by `by` alone when given.
    Captures {
        by: Option<CaptureKind>,
        pieces: u32,
    },
    /// Fanorona: at least this many capturing steps (a chain).
    CaptureSteps(usize),
    /// Fanorona: the answer captures nothing.
    Quiet,
}

/// Why an answer does not complete its step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonMiss {
    /// Nothing was given.
    Empty,
    /// The engine refused a move of the answer.
    Illegal { word: String, error: MoveError },
    /// The learner's turn was already over before this move.
    TurnOver { word: String },
    /// Legal, but not what this step asks (the step's `-miss` text says why).
    NotAsked,
}

/// An answer that completes its step: the game after it, and what it played.
#[derive(Clone, Debug)]
pub struct Solved {
    pub game: Game,
    pub played: Vec<Played>,
}

/// The steps of `kind`'s lessons, in order (none for a game without lessons).
pub fn steps(kind: GameKind) -> &'static [Step] {
    match kind {
        GameKind::Fibonacci => fibonacci_steps::STEPS,
        GameKind::Fanorona => fanorona_steps::STEPS,
        #[allow(unreachable_patterns)]
        _ => &[],
    }
}

/// How many lessons `kind` has.
pub fn lesson_count(kind: GameKind) -> u8 {
    steps(kind).iter().map(|s| s.lesson).max().unwrap_or(0)
}

/// The index of the first step of lesson `lesson` (from 1) of `kind`.
pub fn first_step_of(kind: GameKind, lesson: u8) -> Option<usize> {
    steps(kind).iter().position(|s| s.lesson == lesson)
}

impl Step {
    /// The step's rules.
    pub fn config(&self) -> Config {
        self.config
            .parse()
            .unwrap_or_else(|e| panic!("lesson step {}: configuration: {e}", self.id))
    }

    /// The step's position, ready to play (the tests check every step's loads).
    pub fn game(&self) -> Game {
        Game::from_position(self.config(), 0, self.position)
            .unwrap_or_else(|e| panic!("lesson step {}: position: {e}", self.id))
    }

    /// The step's position after its intended answer.
    pub fn shown(&self) -> Solved {
        check(self, self.answer)
            .unwrap_or_else(|e| panic!("lesson step {}: its own answer misses: {e:?}", self.id))
    }
}

/// Plays `answer` (moves separated by spaces, within the learner's turn; `end` stops a turn or
/// a chain) from the step's position and says whether it does what the step asks.
pub fn check(step: &Step, answer: &str) -> Result<Solved, LessonMiss> {
    let mut game = step.game();
    let (me, number) = (game.side_to_move(), game.turn_number());
    let words: Vec<&str> = answer.split_whitespace().collect();
    if words.is_empty() {
        return Err(LessonMiss::Empty);
    }
    let mut played = Vec::new();
    for word in words {
        let word_text = || word.chars().take(40).collect::<String>();
        if !my_turn(&game, me, number) {
            return Err(LessonMiss::TurnOver { word: word_text() });
        }
        let p = game.play(word).map_err(|error| LessonMiss::Illegal {
            word: word_text(),
            error,
        })?;
        played.push(p);
    }
    let ended = !my_turn(&game, me, number);
    let reached = step
        .goals
        .iter()
        .all(|goal| reaches(goal, &game, &played, me, ended));
    if reached {
        Ok(Solved { game, played })
    } else {
        Err(LessonMiss::NotAsked)
    }
}

fn my_turn(game: &Game, me: Side, number: u32) -> bool {
    game.status() == Status::Ongoing && game.side_to_move() == me && game.turn_number() == number
}

fn reaches(goal: &Goal, end: &Game, played: &[Played], me: Side, ended: bool) -> bool {
    match *goal {
        Goal::Holds(points) => points
            .iter()
            .all(|&(point, letter)| letter_at(end, point) == Some(letter)),
        Goal::Grouped(letter) => grouped(end, letter),
        Goal::Apart { piece, centre } => apart(end, piece, centre),
        Goal::Win => matches!(end.status(), Status::Won(side, _) if side == me),
        Goal::TurnEnds => ended,
        Goal::Captures { by, pieces } => {
            let steps = capture_steps(played);
            let all_by = by.is_none_or(|kind| steps.iter().all(|(k, _)| *k == kind));
            all_by && steps.iter().map(|(_, n)| n).sum::<u32>() >= pieces
        }
        Goal::CaptureSteps(n) => capture_steps(played).len() >= n,
        Goal::Quiet => capture_steps(played).is_empty(),
    }
}

/// Each capturing step of a Fanorona answer: its kind and how many pieces it took.
fn capture_steps(played: &[Played]) -> Vec<(CaptureKind, u32)> {
    played
        .iter()
        .filter_map(|p| match p {
            Played::Fanorona(p) => Some(&p.steps),
            #[allow(unreachable_patterns)]
            _ => None,
        })
        .flatten()
        .filter_map(|(step, taken)| step.capture.map(|kind| (kind, taken.len() as u32)))
        .collect()
}

/// The letter of the position string at `point` (`.` for empty), or `None` off the board.
pub fn letter_at(game: &Game, point: &str) -> Option<char> {
    match game {
        Game::Fibonacci(g) => {
            let cell: fibonacci::Cell = point.parse().ok()?;
            Some(g.position().piece_at(cell).map_or('.', |p| p.letter()))
        }
        Game::Fanorona(g) => {
            let point: fanorona::Point = point.parse().ok()?;
            Some(match g.position().piece_at(point) {
                Some(fanorona::Color::White) => 'W',
                Some(fanorona::Color::Black) => 'B',
                None => '.',
            })
        }
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// The Fibonacci cells holding `letter`.
fn fibonacci_cells(game: &Game, letter: char) -> Vec<fibonacci::Cell> {
    match game {
        Game::Fibonacci(g) => fibonacci::Cell::all()
            .filter(|&c| g.position().piece_at(c).map(|p| p.letter()) == Some(letter))
            .collect(),
        _ => Vec::new(),
    }
}

/// True when the cells holding `letter` are connected through neighbouring cells.
fn grouped(game: &Game, letter: char) -> bool {
    let cells = fibonacci_cells(game, letter);
    let Some(&first) = cells.first() else {
        return false;
    };
    let mut reached = vec![first];
    let mut i = 0;
    while i < reached.len() {
        let here = reached[i];
        for &c in &cells {
            if !reached.contains(&c) && c.is_neighbor(here) {
                reached.push(c);
            }
        }
        i += 1;
    }
    reached.len() == cells.len()
}

/// True when no cell holding `piece` neighbours one holding `centre`.
fn apart(game: &Game, piece: char, centre: char) -> bool {
    let centres = fibonacci_cells(game, centre);
    fibonacci_cells(game, piece)
        .iter()
        .all(|p| centres.iter().all(|c| !c.is_neighbor(*p)))
}

#[cfg(test)]
mod tests;
