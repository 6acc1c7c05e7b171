//! Puzzles (`/puzzle`): the shipped bank in the database, each user's open puzzle, and the
//! ratings. A user's puzzle rating (one per game, every server alike) and each puzzle's rating
//! are Glicko-2 ([`Rating::after_game`]): the first try at a puzzle the user never saw is a game
//! between them, won by a turn that reaches the goal, lost by one that misses it, by Give up, or
//! by opening another puzzle before answering. Answers that do not play (a malformed or illegal
//! move) change nothing. The daily puzzle is in `daily.rs`.

use chrono::{DateTime, Utc};

use crate::engine::{Codec, Config, Game, GameKind};
use crate::puzzles::{Goal, Grade, Miss, Puzzle, judge};
use crate::rating::{Rating, Score};
use crate::store::puzzles::{self as store, AttemptRow, NewPuzzle, PlayerRow, PuzzleRow};
use crate::store::{Tx, id_from_db};

use super::error::{AppError, InternalError, PuzzleRefusal, Refusal};
use super::{GuildId, Service, UserId, random_u64};

/// A new puzzle's deviation: its grade is a fair first guess.
pub const PUZZLE_START_DEVIATION: f64 = 250.0;

/// `/puzzle` picks among this many unseen puzzles nearest the user's rating.
const NEAREST: i64 = 5;

/// A user's puzzle rating in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleStanding {
    pub game: GameKind,
    pub rating: Rating,
    /// First tries solved in a row, to now.
    pub streak: u32,
    pub best_streak: u32,
    pub tries: u32,
    pub solved: u32,
}

impl PuzzleStanding {
    pub(super) fn of(row: &PlayerRow) -> Result<PuzzleStanding, AppError> {
        let game = GameKind::from_word(&row.game)
            .ok_or_else(|| InternalError::Corrupt(format!("puzzle game {:?}", row.game)))?;
        let count = |n: i32| u32::try_from(n).unwrap_or(0);
        Ok(PuzzleStanding {
            game,
            rating: player_rating(row),
            streak: count(row.streak),
            best_streak: count(row.best_streak),
            tries: count(row.tries),
            solved: count(row.solved),
        })
    }
}

/// A puzzle opened for a user.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleView {
    /// The attempt's id (what its Give up button names).
    pub attempt: i64,
    pub puzzle: Puzzle,
    /// The puzzle's rating now.
    pub rating: Rating,
    /// The user's puzzle rating in its game.
    pub standing: PuzzleStanding,
    /// Whether the first try counts for the ratings (the user never saw it).
    pub rated: bool,
    /// The puzzle the user left unanswered to open this one, and what it cost.
    pub left: Option<(String, f64)>,
    /// Opened from the daily post of the server.
    pub daily: bool,
}

/// What an answer did.
#[derive(Clone, Debug, PartialEq)]
pub struct Answered {
    pub puzzle: String,
    /// `None` when the turn reached the goal (the puzzle is closed), else why it missed (the
    /// puzzle stays open).
    pub miss: Option<Miss>,
    /// The change of the user's rating this answer made (the rated first try only).
    pub change: Option<f64>,
    pub standing: PuzzleStanding,
    /// What the puzzle asked (for the words of a miss).
    pub goal: Goal,
}

/// Give up: one solution, and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct GaveUp {
    pub puzzle: String,
    pub solution: String,
    pub change: Option<f64>,
    pub standing: PuzzleStanding,
}

fn player_rating(row: &PlayerRow) -> Rating {
    Rating {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    }
}

fn puzzle_rating(row: &PuzzleRow) -> Rating {
    Rating {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    }
}

fn corrupt(why: String) -> AppError {
    InternalError::Corrupt(why).into()
}

/// The bank's puzzle of a stored row.
pub(super) fn puzzle_of(row: &PuzzleRow) -> Result<Puzzle, AppError> {
    let line = format!(
        "{}\t{}\t{}\t{}\t{}",
        row.id, row.config, row.position, row.goal, row.solutions
    );
    Puzzle::parse(&line).map_err(corrupt)
}

/// The puzzle rating a puzzle of `config` counts for: its game's.
fn game_key(config: Config) -> &'static str {
    config.kind().as_str()
}

impl Service {
    /// Adds the shipped puzzles the database does not hold yet (at start; each keeps its rating
    /// once stored). Returns how many were added.
    pub async fn load_puzzles(&self) -> Result<u64, AppError> {
        let puzzles = crate::puzzles::shipped().map_err(corrupt)?;
        let rows: Vec<NewPuzzle> = puzzles
            .iter()
            .map(|p| {
                let grade = p.grade().unwrap_or(Grade::Medium);
                let start = Rating {
                    rating: grade.start_rating(),
                    deviation: PUZZLE_START_DEVIATION,
                    ..Rating::default()
                };
                NewPuzzle {
                    id: p.id.clone(),
                    game: game_key(p.config).to_string(),
                    config: p.config.to_string(),
                    position: p.position.clone(),
                    goal: p.goal.to_string(),
                    solutions: p.solutions.join(";"),
                    grade: grade.as_str().to_string(),
                    rating: start.rating,
                    deviation: start.deviation,
                    volatility: start.volatility,
                }
            })
            .collect();
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let added = store::load(&mut tx, &rows).await?;
            tx.commit().await?;
            Ok(added)
        })
        .await
    }

    /// Opens a puzzle of `game` (of `level`, if given) for `user`: an unseen one near their
    /// rating, or once they saw them all, the one seen longest ago (not rated again). A puzzle
    /// left open unanswered counts as missed.
    pub async fn open_puzzle(
        &self,
        user: UserId,
        game: Option<GameKind>,
        level: Option<Grade>,
    ) -> Result<PuzzleView, AppError> {
        self.guarded(async {
            let now = self.now();
            let mut tx = self.store.begin().await?;
            let game = match game {
                Some(game) => game,
                None => store::last_game(&mut tx, user)
                    .await?
                    .and_then(|g| GameKind::from_word(&g))
                    .unwrap_or(GameKind::Fibonacci),
            };
            let key = game.as_str();
            let left = self.leave_open(&mut tx, user, now).await?;
            let player = store::player(&mut tx, user, key, start_of_player(), now).await?;
            let level = level.map(Grade::as_str);
            let near =
                store::unseen_near(&mut tx, user, key, level, player.rating, NEAREST).await?;
            let (row, rated) = if near.is_empty() {
                let seen = store::seen_longest_ago(&mut tx, user, key, level).await?;
                (
                    seen.ok_or(Refusal::Puzzle(PuzzleRefusal::NoPuzzles { game }))?,
                    false,
                )
            } else {
                let pick = usize::try_from(random_u64()? % near.len() as u64).unwrap_or(0);
                (near[pick].clone(), true)
            };
            let view = open_row(&mut tx, user, row, rated, None, left, &player, now).await?;
            tx.commit().await?;
            Ok(view)
        })
        .await
    }

    /// Closes `user`'s open puzzle before another opens: unanswered and rated, it counts as
    /// missed. Returns (its id, the rating change) when it cost something.
    pub(super) async fn leave_open(
        &self,
        tx: &mut Tx,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<(String, f64)>, AppError> {
        let Some(open) = store::open_attempt(tx, user).await? else {
            return Ok(None);
        };
        let change = if open.first_try.is_none() {
            rate_first_try(tx, user, &open, false, now).await?.0
        } else {
            None
        };
        store::close(tx, open.id, false, now).await?;
        Ok(change.map(|c| (open.puzzle_id, c)))
    }

    /// Plays `answer` on `user`'s open puzzle. A turn that reaches the goal closes it; one that
    /// misses leaves it open (the first try is what the ratings count).
    pub async fn answer_puzzle(&self, user: UserId, answer: &str) -> Result<Answered, AppError> {
        self.guarded(async {
            let now = self.now();
            let mut tx = self.store.begin().await?;
            let open = store::open_attempt(&mut tx, user)
                .await?
                .ok_or(Refusal::Puzzle(PuzzleRefusal::NoneOpen))?;
            let row = stored_puzzle(&mut tx, &open.puzzle_id).await?;
            let puzzle = puzzle_of(&row)?;
            let miss = match judge(&puzzle, answer) {
                Ok(()) => None,
                Err(miss @ (Miss::NoWin | Miss::Captured { .. })) => Some(miss),
                Err(miss) => return Err(Refusal::Puzzle(PuzzleRefusal::NotPlayed(miss)).into()),
            };
            let solved = miss.is_none();
            let (change, standing) = if open.first_try.is_none() {
                rate_first_try(&mut tx, user, &open, solved, now).await?
            } else {
                (None, None)
            };
            if solved {
                store::close(&mut tx, open.id, true, now).await?;
            }
            let standing = match standing {
                Some(standing) => standing,
                None => self.standing_in(&mut tx, user, &row.game, now).await?,
            };
            tx.commit().await?;
            Ok(Answered {
                puzzle: open.puzzle_id,
                miss,
                change,
                standing,
                goal: puzzle.goal,
            })
        })
        .await
    }

    /// Give up on attempt `attempt` (the button under the puzzle): one solution, and a miss if
    /// nothing was answered yet.
    pub async fn give_up_puzzle(&self, user: UserId, attempt: i64) -> Result<GaveUp, AppError> {
        self.guarded(async {
            let now = self.now();
            let mut tx = self.store.begin().await?;
            let open = store::open_attempt(&mut tx, user)
                .await?
                .filter(|a| a.id == attempt)
                .ok_or(Refusal::Puzzle(PuzzleRefusal::NotOpen))?;
            let row = stored_puzzle(&mut tx, &open.puzzle_id).await?;
            let (change, standing) = if open.first_try.is_none() {
                rate_first_try(&mut tx, user, &open, false, now).await?
            } else {
                (None, None)
            };
            store::close(&mut tx, open.id, false, now).await?;
            let standing = match standing {
                Some(standing) => standing,
                None => self.standing_in(&mut tx, user, &row.game, now).await?,
            };
            tx.commit().await?;
            let puzzle = puzzle_of(&row)?;
            Ok(GaveUp {
                puzzle: open.puzzle_id,
                solution: puzzle.solutions[0].clone(),
                change,
                standing,
            })
        })
        .await
    }

    /// The position of `user`'s open puzzle, if one is open (for completing an answer).
    pub async fn open_puzzle_game(&self, user: UserId) -> Result<Option<Game>, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            match store::open_puzzle_of(&mut conn, user).await? {
                Some(row) => Ok(puzzle_of(&row)?.game().ok()),
                None => Ok(None),
            }
        })
        .await
    }

    /// `user`'s puzzle ratings, one per game they tried.
    pub async fn puzzle_standings(&self, user: UserId) -> Result<Vec<PuzzleStanding>, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            store::players_of(&mut conn, user)
                .await?
                .iter()
                .map(PuzzleStanding::of)
                .collect()
        })
        .await
    }

    /// `user`'s standing in `game` (created if they have none).
    async fn standing_in(
        &self,
        tx: &mut Tx,
        user: UserId,
        game: &str,
        now: DateTime<Utc>,
    ) -> Result<PuzzleStanding, AppError> {
        PuzzleStanding::of(&store::player(tx, user, game, start_of_player(), now).await?)
    }
}

/// A new user's puzzle rating: 1500 ± 350.
pub(super) fn start_of_player() -> (f64, f64, f64) {
    let r = Rating::default();
    (r.rating, r.deviation, r.volatility)
}

/// The stored puzzle `id` (a row an attempt names: its absence is corruption).
pub(super) async fn stored_puzzle(tx: &mut Tx, id: &str) -> Result<PuzzleRow, AppError> {
    store::puzzle(tx, id, false)
        .await?
        .ok_or_else(|| corrupt(format!("puzzle {id} is gone")))
}

/// Opens the puzzle of `row` for `user` and says how it stands.
// The attempt's facts, each its own argument.
#[allow(clippy::too_many_arguments)]
pub(super) async fn open_row(
    tx: &mut Tx,
    user: UserId,
    row: PuzzleRow,
    rated: bool,
    daily: Option<GuildId>,
    left: Option<(String, f64)>,
    player: &PlayerRow,
    now: DateTime<Utc>,
) -> Result<PuzzleView, AppError> {
    let attempt = store::open(tx, user, &row.id, rated, daily, now).await?;
    view_of(attempt, row, rated, daily, left, player)
}

/// The view of attempt `attempt` at the puzzle of `row`.
pub(super) fn view_of(
    attempt: i64,
    row: PuzzleRow,
    rated: bool,
    daily: Option<GuildId>,
    left: Option<(String, f64)>,
    player: &PlayerRow,
) -> Result<PuzzleView, AppError> {
    Ok(PuzzleView {
        attempt,
        puzzle: puzzle_of(&row)?,
        rating: puzzle_rating(&row),
        standing: PuzzleStanding::of(player)?,
        rated,
        left,
        daily: daily.is_some(),
    })
}

/// Records the first try of `open`: on a rated attempt, the user's and the puzzle's ratings
/// move (one Glicko-2 game between them) and the streak follows. Returns the user's rating
/// change and standing when rated.
async fn rate_first_try(
    tx: &mut Tx,
    user: UserId,
    open: &AttemptRow,
    solved: bool,
    now: DateTime<Utc>,
) -> Result<(Option<f64>, Option<PuzzleStanding>), AppError> {
    if !open.rated {
        store::first_try(tx, open.id, solved, None).await?;
        return Ok((None, None));
    }
    debug_assert_eq!(id_from_db(open.user_id), user);
    let row = store::puzzle(tx, &open.puzzle_id, true)
        .await?
        .ok_or_else(|| corrupt(format!("puzzle {} is gone", open.puzzle_id)))?;
    let mut player = store::player(tx, user, &row.game, start_of_player(), now).await?;
    let score = if solved { Score::Win } else { Score::Loss };
    let (mine, its) = Rating::after_game(player_rating(&player), puzzle_rating(&row), score);
    let change = mine.rating - player.rating;
    player.rating = mine.rating;
    player.deviation = mine.deviation;
    player.volatility = mine.volatility;
    player.tries += 1;
    if solved {
        player.solved += 1;
        player.streak += 1;
        player.best_streak = player.best_streak.max(player.streak);
    } else {
        player.streak = 0;
    }
    store::save_player(tx, user, &player, now).await?;
    store::rate_puzzle(
        tx,
        &row.id,
        (its.rating, its.deviation, its.volatility),
        solved,
    )
    .await?;
    store::first_try(tx, open.id, solved, Some(change)).await?;
    Ok((Some(change), Some(PuzzleStanding::of(&player)?)))
}
