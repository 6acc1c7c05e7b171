//! Ratings: every finished rated game updates both players' Glicko-2 ratings in the transaction
//! that ends it; the leaderboard and the profile read them; a rebuild recomputes them all from
//! the finished games, in the same order and with the same arithmetic, and gives the same
//! numbers.
//!
//! Not rated: games against the bot, aborted games, and challenges made with `rated: false`.

use std::collections::HashMap;

use chrono::{DateTime, SubsecRound, Utc};

use crate::rating::{Rating, RatingGame, Score};
use crate::store::Tx;
use crate::store::games;
use crate::store::kinds::{OutcomeKind, SideIndex};
use crate::store::ratings::{self, ChangeRow, RatedGame, RatingRow};
use crate::store::{id_from_db, id_to_db};

use super::error::AppError;
use super::replay::{Loaded, corrupt};
use super::views::{GameView, Outcome, RatingChange, parse_config};
use super::{GuildId, Service, UserId};

/// Players a leaderboard lists in each of its parts (ranked, provisional).
pub const LEADERBOARD_SIZE: usize = 10;

/// Results a profile lists per game, newest first.
pub const LAST_RESULTS: usize = 5;

/// Points a profile's chart draws per game (the latest).
const CHART_POINTS: i64 = 200;

/// The most ratings a leaderboard reads (they are split after the idle periods are applied).
const BOARD_READ: i64 = 5_000;

impl RatingChange {
    fn from_row(row: &ChangeRow) -> Result<RatingChange, AppError> {
        Ok(RatingChange {
            user: id_from_db(row.user_id),
            game: row.game.0,
            score: score_of(row)?,
            before: Rating {
                rating: row.rating_before,
                deviation: row.deviation_before,
                volatility: row.volatility_before,
            },
            after: Rating {
                rating: row.rating_after,
                deviation: row.deviation_after,
                volatility: row.volatility_after,
            },
        })
    }
}

fn score_of(row: &ChangeRow) -> Result<Score, AppError> {
    Score::from_points(row.score).ok_or_else(|| {
        corrupt(
            row.game_id,
            &format!("rating score {} is not 0, ½ or 1", row.score),
        )
    })
}

/// A player's rating in one game of a server, as of now (idle periods applied).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub user: UserId,
    pub game: RatingGame,
    pub rating: Rating,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub last_game_at: DateTime<Utc>,
}

impl Standing {
    fn from_row(row: &RatingRow, now: DateTime<Utc>) -> Standing {
        let count = |n: i32| u32::try_from(n).unwrap_or(0);
        Standing {
            user: id_from_db(row.user_id),
            game: row.game.0,
            rating: row.rating().idle(row.last_game_at, now),
            games: count(row.games),
            wins: count(row.wins),
            losses: count(row.losses),
            draws: count(row.draws),
            last_game_at: row.last_game_at,
        }
    }
}

/// A server's leaderboard in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaderboard {
    pub game: RatingGame,
    /// The best established players (deviation at most 110), best first.
    pub ranked: Vec<Standing>,
    /// The best provisional players (deviation above 110), listed apart.
    pub provisional: Vec<Standing>,
    /// How many players have a rating in this game.
    pub players: usize,
}

/// One result in a profile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedResult {
    pub game_id: i64,
    pub opponent: UserId,
    pub score: Score,
    pub before: f64,
    pub after: f64,
    pub at: DateTime<Utc>,
}

/// A player's record in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub standing: Standing,
    /// The current run of the same result (`(Win, 3)`: three wins in a row).
    pub streak: Option<(Score, u32)>,
    /// The last results, newest first.
    pub last: Vec<RatedResult>,
    /// The rating after each game, oldest first, starting from the rating before the first
    /// one shown.
    pub history: Vec<(DateTime<Utc>, f64)>,
}

/// A player's ratings and games in one server.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    pub user: UserId,
    /// One record per game the player has a rating in.
    pub records: Vec<GameRecord>,
    /// Their games in progress in this server (most recent last).
    pub active: Vec<GameView>,
    /// Their puzzle ratings (every server alike), one per game they tried.
    pub puzzles: Vec<super::PuzzleStanding>,
}

impl Profile {
    /// True when the player never finished a rated game here and has none going.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty() && self.active.is_empty() && self.puzzles.is_empty()
    }
}

/// What a rebuild did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rebuilt {
    pub games: usize,
    pub ratings: usize,
}

/// The first player's score in a finished game, if the game has a result that counts.
fn first_score(outcome: Outcome) -> Option<Score> {
    match outcome {
        Outcome::Draw | Outcome::DrawAgreed => Some(Score::Draw),
        Outcome::Aborted => None,
        Outcome::Won(..) | Outcome::Resigned { .. } | Outcome::Timeout { .. } => {
            outcome.winner().map(|w| {
                if w.index() == 0 {
                    Score::Win
                } else {
                    Score::Loss
                }
            })
        }
    }
}

/// The first player's score in a game as the rebuild reads it.
fn stored_score(game: &RatedGame) -> Result<Option<Score>, AppError> {
    Ok(match (game.outcome, game.winner) {
        (OutcomeKind::Aborted, _) => None,
        (OutcomeKind::Draw | OutcomeKind::DrawAgreed, _) => Some(Score::Draw),
        (_, Some(SideIndex::First)) => Some(Score::Win),
        (_, Some(SideIndex::Second)) => Some(Score::Loss),
        (kind, None) => {
            return Err(corrupt(
                game.id,
                &format!("outcome {kind:?} without a winner"),
            ));
        }
    })
}

/// The rating a game finds a player at: a newcomer starts at 1500 ± 350; anyone else's deviation
/// has grown by the idle periods since their last game.
fn as_found(row: &RatingRow, at: DateTime<Utc>) -> Rating {
    if row.games == 0 {
        Rating::default()
    } else {
        row.rating().idle(row.last_game_at, at)
    }
}

/// One rated game: both players' rows after it and what it did to each. The live update and
/// the rebuild both go through here, so they cannot differ.
fn rate_game(
    rows: [RatingRow; 2],
    first: Score,
    game_id: i64,
    order: i64,
    at: DateTime<Utc>,
) -> ([RatingRow; 2], [ChangeRow; 2]) {
    let before = [as_found(&rows[0], at), as_found(&rows[1], at)];
    let (a, b) = Rating::after_game(before[0], before[1], first);
    let after = [a, b];
    let scores = [first, first.other()];
    let opponents = [rows[1].user_id, rows[0].user_id];
    let changes = [0, 1].map(|i| ChangeRow {
        game_id,
        user_id: rows[i].user_id,
        guild_id: rows[i].guild_id,
        game: rows[i].game,
        opponent: opponents[i],
        rating_order: order,
        score: scores[i].points(),
        rating_before: before[i].rating,
        deviation_before: before[i].deviation,
        volatility_before: before[i].volatility,
        rating_after: after[i].rating,
        deviation_after: after[i].deviation,
        volatility_after: after[i].volatility,
        rated_at: at,
    });
    let rows = [0, 1].map(|i| {
        let mut row = rows[i].clone();
        row.rating = after[i].rating;
        row.deviation = after[i].deviation;
        row.volatility = after[i].volatility;
        row.games += 1;
        match scores[i] {
            Score::Win => row.wins += 1,
            Score::Loss => row.losses += 1,
            Score::Draw => row.draws += 1,
        }
        row.last_game_at = at;
        row
    });
    (rows, changes)
}

/// The current run of equal results at the end of `changes` (oldest first).
fn streak(changes: &[ChangeRow]) -> Option<(Score, u32)> {
    let last = Score::from_points(changes.last()?.score)?;
    let run = changes
        .iter()
        .rev()
        .take_while(|c| Score::from_points(c.score) == Some(last))
        .count();
    Some((last, u32::try_from(run).unwrap_or(u32::MAX)))
}

impl Service {
    /// Rates a game that `loaded`'s command just ended with `outcome`, in the command's
    /// transaction: both players' rating rows are locked (in user order), updated, and the
    /// change recorded. Nothing for a game that does not count.
    pub(super) async fn rate(
        tx: &mut Tx,
        loaded: &Loaded,
        outcome: Outcome,
        at: DateTime<Utc>,
    ) -> Result<Vec<RatingChange>, AppError> {
        if !loaded.row.rated || loaded.row.ai_level.is_some() {
            return Ok(Vec::new());
        }
        let Some(first) = first_score(outcome) else {
            return Ok(Vec::new());
        };
        // The database keeps microseconds: rate with the time it stores, as a rebuild will.
        let at = at.trunc_subsecs(6);
        let game = RatingGame::of(&loaded.config);
        let players = loaded.players.map(id_to_db);
        let rows = ratings::lock_pair(tx, loaded.row.guild_id, game, players, at).await?;
        let order = ratings::take_order(tx, loaded.row.id).await?;
        let (rows, changes) = rate_game(rows, first, loaded.row.id, order, at);
        ratings::upsert(tx, &rows, true).await?;
        ratings::insert_changes(tx, &changes).await?;
        changes.iter().map(RatingChange::from_row).collect()
    }

    /// What game `game_id` did to its players' ratings (nothing when it was not rated).
    pub(super) async fn rating_changes(
        tx: &mut Tx,
        game_id: i64,
    ) -> Result<Vec<RatingChange>, AppError> {
        ratings::changes_of_game(tx, game_id)
            .await?
            .iter()
            .map(RatingChange::from_row)
            .collect()
    }

    /// The server's best players in `game`: the top ten established ones, and the top ten
    /// provisional ones apart.
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        game: RatingGame,
    ) -> Result<Leaderboard, AppError> {
        self.guarded(async {
            let now = self.now();
            let mut tx = self.store.begin_read().await?;
            let rows = ratings::board(&mut tx, guild, game, BOARD_READ).await?;
            let mut board = Leaderboard {
                game,
                ranked: Vec::new(),
                provisional: Vec::new(),
                players: rows.len(),
            };
            // Ordered by rating: idle periods change deviations, never ratings.
            for row in &rows {
                let standing = Standing::from_row(row, now);
                let part = if standing.rating.is_provisional() {
                    &mut board.provisional
                } else {
                    &mut board.ranked
                };
                if part.len() < LEADERBOARD_SIZE {
                    part.push(standing);
                }
            }
            Ok(board)
        })
        .await
    }

    /// A player's ratings, records and active games in one server.
    pub async fn profile(&self, guild: GuildId, user: UserId) -> Result<Profile, AppError> {
        self.guarded(async {
            let now = self.now();
            let mut tx = self.store.begin_read().await?;
            let mut profile = Profile {
                user,
                ..Profile::default()
            };
            for row in ratings::of_player(&mut tx, guild, user).await? {
                let changes =
                    ratings::changes_of_player(&mut tx, guild, user, row.game.0, CHART_POINTS)
                        .await?;
                let mut history = Vec::with_capacity(changes.len() + 1);
                if let Some(first) = changes.first() {
                    history.push((first.rated_at, first.rating_before));
                }
                history.extend(changes.iter().map(|c| (c.rated_at, c.rating_after)));
                let mut last = Vec::new();
                for c in changes.iter().rev().take(LAST_RESULTS) {
                    last.push(RatedResult {
                        game_id: c.game_id,
                        opponent: id_from_db(c.opponent),
                        score: score_of(c)?,
                        before: c.rating_before,
                        after: c.rating_after,
                        at: c.rated_at,
                    });
                }
                profile.records.push(GameRecord {
                    standing: Standing::from_row(&row, now),
                    streak: streak(&changes),
                    last,
                    history,
                });
            }
            for row in games::active_for_user(&mut tx, guild, user).await? {
                profile
                    .active
                    .push(Self::load_row(&mut tx, row).await?.view());
            }
            profile.puzzles = crate::store::puzzles::players_of(&mut tx, user)
                .await?
                .iter()
                .map(super::puzzles::PuzzleStanding::of)
                .collect::<Result<_, _>>()?;
            Ok(profile)
        })
        .await
    }

    /// Recomputes every rating from the finished games, in the order they were rated, with the
    /// arithmetic the live updates use. Games that end meanwhile wait, then count after.
    pub async fn rebuild_ratings(&self) -> Result<Rebuilt, AppError> {
        let mut tx = self.store.begin().await?;
        ratings::clear_for_rebuild(&mut tx).await?;
        let rated = ratings::rated_games(&mut tx).await?;
        let mut table: HashMap<(i64, RatingGame, i64), RatingRow> = HashMap::new();
        let mut changes = Vec::new();
        let mut counted = 0;
        for game in &rated {
            let Some(first) = stored_score(game)? else {
                continue;
            };
            let config = parse_config(&game.options).map_err(|e| corrupt(game.id, &e))?;
            let kind = RatingGame::of(&config);
            let users = [game.first_player, game.second_player];
            let rows = users.map(|user| {
                table
                    .get(&(game.guild_id, kind, user))
                    .cloned()
                    .unwrap_or_else(|| RatingRow::new(game.guild_id, kind, user, game.finished_at))
            });
            let (rows, done) = rate_game(rows, first, game.id, game.rating_order, game.finished_at);
            for row in rows {
                table.insert((row.guild_id, row.game.0, row.user_id), row);
            }
            changes.extend(done);
            counted += 1;
        }
        let mut rows: Vec<RatingRow> = table.into_values().collect();
        rows.sort_by_key(|r| (r.guild_id, r.game.0, r.user_id));
        for chunk in rows.chunks(1_000) {
            ratings::upsert(&mut tx, chunk, true).await?;
        }
        for chunk in changes.chunks(1_000) {
            ratings::insert_changes(&mut tx, chunk).await?;
        }
        tx.commit().await?;
        tracing::info!(games = counted, ratings = rows.len(), "ratings rebuilt");
        Ok(Rebuilt {
            games: counted,
            ratings: rows.len(),
        })
    }

    /// Rebuilds the ratings when none are stored but finished rated games exist (a database
    /// from before ratings); returns whether it did.
    pub async fn rebuild_ratings_if_missing(&self) -> Result<bool, AppError> {
        let missing = {
            let mut conn = self.store.acquire().await?;
            ratings::missing(&mut conn).await?
        };
        if missing {
            self.rebuild_ratings().await?;
        }
        Ok(missing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(user: i64) -> RatingRow {
        let at = DateTime::from_timestamp(1_900_000_000, 0).expect("time");
        RatingRow::new(1, RatingGame::Fanorona, user, at)
    }

    #[test]
    fn a_first_game_moves_both_newcomers_by_162() {
        let at = DateTime::from_timestamp(1_900_000_100, 0).expect("time");
        let (rows, changes) = rate_game([row(5), row(9)], Score::Win, 3, 1, at);
        assert_eq!(rows[0].rating.round(), 1662.0);
        assert_eq!(rows[1].rating.round(), 1338.0);
        assert_eq!((rows[0].wins, rows[1].losses, rows[0].games), (1, 1, 1));
        assert_eq!(changes[0].opponent, 9);
        assert_eq!(changes[1].score, 0.0);
        assert_eq!(changes[0].rating_before, 1500.0);
    }

    #[test]
    fn a_streak_is_the_run_of_equal_results_at_the_end() {
        let at = DateTime::from_timestamp(1_900_000_100, 0).expect("time");
        let mut changes = Vec::new();
        for (i, score) in [Score::Win, Score::Loss, Score::Win, Score::Win]
            .into_iter()
            .enumerate()
        {
            let (_, done) = rate_game([row(5), row(9)], score, 3, i as i64, at);
            changes.push(done[0].clone());
        }
        assert_eq!(streak(&changes), Some((Score::Win, 2)));
        assert_eq!(streak(&[]), None);
    }

    #[test]
    fn aborted_games_have_no_score() {
        use crate::engine::Side;
        assert_eq!(first_score(Outcome::Aborted), None);
        assert_eq!(
            first_score(Outcome::Timeout {
                winner: Side::Second
            }),
            Some(Score::Loss)
        );
        assert_eq!(first_score(Outcome::DrawAgreed), Some(Score::Draw));
    }
}
