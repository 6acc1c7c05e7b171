//! Puzzles: a position, a goal for the turn of the side to move, and the turns that reach it.
//! The bank ships as tab-separated lines under `assets/puzzles/` (a contract other checks use):
//! the id, the configuration as its codec writes it (`fanorona rules=escale`), the position
//! string, the goal (`win`, or `capture N` where N is the most pieces any turn captures), and
//! solutions, whole turns as `rules play` takes them, separated by `;`.
//!
//! An answer is judged by playing it with the engine ([`judge`]), never by comparing text: every
//! turn that reaches the goal counts.

use std::fmt;

use crate::engine::{Codec, Config, Game, GameKind, MoveError, Status};

pub mod generate;

/// What the side to move must do this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Win the game this turn.
    Win,
    /// Capture this many pieces this turn, the most any turn captures (Fanorona).
    Capture(u32),
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win => f.write_str("win"),
            Goal::Capture(n) => write!(f, "capture {n}"),
        }
    }
}

/// How hard a puzzle is, by how rare its solutions are among the legal turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    Easy,
    Medium,
    Hard,
}

crate::codec!(Grade {
    Easy => "easy",
    Medium => "medium",
    Hard => "hard",
});

impl Grade {
    /// A new puzzle's rating, by its grade (its solvers move it from there).
    pub fn start_rating(self) -> f64 {
        match self {
            Grade::Easy => 1200.0,
            Grade::Medium => 1500.0,
            Grade::Hard => 1800.0,
        }
    }

    /// The grade of a puzzle of `config` whose solutions are `rarity` of the legal turns (0 to
    /// 1). Easy from one in `e`, medium from one in `m`, hard below, where `(e, m)` splits the
    /// puzzles of self-play into thirds (measured on 150 puzzles of each bank, seed 1):
    /// Fibonacci (150, 3000): a turn has thousands of endings; Fanorona (15, 25); Fanorona with
    /// compulsory capture (5, 8): only captures are legal then.
    pub fn of_rarity(config: Config, rarity: f64) -> Grade {
        let (easy, medium) = match config.kind() {
            GameKind::Fibonacci => (150.0, 3000.0),
            _ if config.pairs().contains(&("rules", "standard")) => (5.0, 8.0),
            _ => (15.0, 25.0),
        };
        if rarity >= 1.0 / easy {
            Grade::Easy
        } else if rarity >= 1.0 / medium {
            Grade::Medium
        } else {
            Grade::Hard
        }
    }
}

/// One puzzle of the bank.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// `<bank>-<number>-<grade>` (`fibonacci-0042-medium`).
    pub id: String,
    pub config: Config,
    pub position: String,
    pub goal: Goal,
    /// Whole turns, each as `rules play` takes it (moves separated by spaces).
    pub solutions: Vec<String>,
}

impl Puzzle {
    /// The puzzle's grade, read from its id.
    pub fn grade(&self) -> Option<Grade> {
        let last = self.id.rsplit('-').next()?;
        Grade::from_word(last)
    }

    /// The puzzle's game, at its position.
    pub fn game(&self) -> Result<Game, String> {
        Game::from_position(self.config, 0, &self.position)
            .map_err(|e| format!("{}: bad position: {e}", self.id))
    }

    /// One line of the bank.
    pub fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}",
            self.id,
            self.config,
            self.position,
            self.goal,
            self.solutions.join(";")
        )
    }

    /// Reads one line of the bank.
    pub fn parse(line: &str) -> Result<Puzzle, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, config, position, goal, solutions] = fields[..] else {
            return Err(format!("{} fields, not 5: {line:?}", fields.len()));
        };
        let config: Config = config
            .parse()
            .map_err(|e| format!("{id}: configuration {config:?}: {e}"))?;
        let goal = match goal.split_once(' ') {
            None if goal == "win" => Goal::Win,
            Some(("capture", n)) => Goal::Capture(
                n.parse()
                    .map_err(|_| format!("{id}: goal {goal:?}: not a number"))?,
            ),
            _ => return Err(format!("{id}: goal {goal:?}: `win` or `capture N`")),
        };
        let solutions: Vec<String> = solutions.split(';').map(str::to_string).collect();
        if solutions.iter().any(|s| s.trim().is_empty()) {
            return Err(format!("{id}: an empty solution"));
        }
        Ok(Puzzle {
            id: id.to_string(),
            config,
            position: position.to_string(),
            goal,
            solutions,
        })
    }
}

/// The banks the bot ships (`assets/puzzles/`), compiled in: (file name, text).
pub const SHIPPED: [(&str, &str); 3] = [
    (
        "fibonacci.tsv",
        include_str!("../../assets/puzzles/fibonacci.tsv"),
    ),
    (
        "fanorona.tsv",
        include_str!("../../assets/puzzles/fanorona.tsv"),
    ),
    (
        "fanorona-standard.tsv",
        include_str!("../../assets/puzzles/fanorona-standard.tsv"),
    ),
];

/// Every shipped puzzle, for the games this build plays.
pub fn shipped() -> Result<Vec<Puzzle>, String> {
    let mut all = Vec::new();
    for (name, text) in SHIPPED {
        all.extend(parse_bank(text).map_err(|e| format!("{name}: {e}"))?);
    }
    Ok(all)
}

/// Reads a whole bank (blank lines skipped).
pub fn parse_bank(text: &str) -> Result<Vec<Puzzle>, String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(Puzzle::parse)
        .collect()
}

/// Why an answer does not solve its puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Miss {
    /// Nothing was given.
    Empty,
    /// A move of the answer cannot be played.
    Illegal { word: String, error: MoveError },
    /// The turn was over before this move.
    TurnOver { word: String },
    /// Legal, but the game is not won at the end of the answer.
    NoWin,
    /// Legal, but it captures `got` of a possible `best`.
    Captured { got: u32, best: u32 },
}

/// Plays `answer` (moves separated by spaces, within one turn) on the puzzle's position and says
/// whether it reaches the goal.
pub fn judge(puzzle: &Puzzle, answer: &str) -> Result<(), Miss> {
    let mut game = puzzle.game().map_err(|_| Miss::Empty)?;
    let me = game.side_to_move();
    let number = game.turn_number();
    let enemy = match &game {
        Game::Fanorona(g) => Some(g.position().side_to_move().opponent()),
        #[allow(unreachable_patterns)]
        _ => None,
    };
    let before = enemy_pieces(&game, enemy);
    let words: Vec<&str> = answer.split_whitespace().collect();
    if words.is_empty() {
        return Err(Miss::Empty);
    }
    for word in words {
        if game.status() != Status::Ongoing
            || game.side_to_move() != me
            || game.turn_number() != number
        {
            return Err(Miss::TurnOver {
                word: word.chars().take(40).collect(),
            });
        }
        game.play(word).map_err(|error| Miss::Illegal {
            word: word.chars().take(40).collect(),
            error,
        })?;
    }
    let won = matches!(game.status(), Status::Won(side, _) if side == me);
    match puzzle.goal {
        Goal::Win if won => Ok(()),
        Goal::Win => Err(Miss::NoWin),
        Goal::Capture(best) => {
            let got = before.saturating_sub(enemy_pieces(&game, enemy));
            if got >= best {
                Ok(())
            } else {
                Err(Miss::Captured { got, best })
            }
        }
    }
}

/// The pieces of colour `enemy` on a Fanorona board (0 otherwise).
fn enemy_pieces(game: &Game, enemy: Option<crate::engine::fanorona::Color>) -> u32 {
    match (game, enemy) {
        (Game::Fanorona(g), Some(color)) => g.position().count(color),
        _ => 0,
    }
}
