//! The AI's review of a finished game (`/review`): the three turns where the player who moved
//! lost the most by the AI's judgement, with the AI's better turn (see [`crate::ai::review`]).
//! A review runs on the AI's thread one search at a time, so that the AI games' turns queued
//! meanwhile go between its searches, and is stored: a second `/review` of the game answers at
//! once, in this process or another.

use crate::ai::review::{Effort, Reviewer, TurnReview};
use crate::engine::Side;
use crate::store::reviews::{self, ReviewRow, ReviewTurnRow};

use super::ai::AiRunner;
use super::error::{AppError, InternalError, Refusal};
use super::lookback::GameTurns;
use super::{ChannelId, GuildId, Service};

/// Names the search that makes reviews, stored with each (a stronger AI can tell its own).
const SETTINGS: &str = "review-full-1";

/// A game and what its review reports.
#[derive(Clone, Debug)]
pub struct GameReview {
    pub game: GameTurns,
    /// The turns that lost the most, worst first (at most three; none when the AI found no
    /// better turn anywhere).
    pub reported: Vec<TurnReview>,
    /// How many whole turns the review read.
    pub turns: usize,
    /// False when the review was read from the store.
    pub fresh: bool,
}

impl Service {
    /// The stored review of game `id`, if any.
    async fn stored_review(&self, id: i64) -> Result<Option<ReviewRow>, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            Ok(reviews::get(&mut conn, id).await?)
        })
        .await
    }

    /// Stores the review of game `id` (a review stored meanwhile stays).
    async fn store_review(&self, id: i64, row: &ReviewRow) -> Result<(), AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            reviews::insert(&mut tx, id, row, self.clock.now()).await?;
            tx.commit().await.map_err(crate::store::StoreError::from)?;
            Ok(())
        })
        .await
    }
}

/// Reviews finished game `id` of `guild`, or reads its stored review. `progress` hears (turns
/// reviewed, turns) after each search.
pub async fn review_game(
    service: &Service,
    runner: &AiRunner,
    guild: GuildId,
    channel: ChannelId,
    id: i64,
    progress: impl Fn(usize, usize),
) -> Result<GameReview, AppError> {
    let game = service.game_turns(guild, channel, Some(id)).await?;
    if game.view.outcome.is_none() {
        return Err(Refusal::ReviewInProgress { id }.into());
    }
    if let Some(row) = service.stored_review(id).await? {
        let reported = row.reported.iter().map(from_row).collect();
        return Ok(GameReview {
            game,
            reported,
            turns: usize::try_from(row.turns).unwrap_or(0),
            fresh: false,
        });
    }
    let moves = game.moves();
    let seed = id.unsigned_abs();
    let mut reviewer = Reviewer::new(game.start.clone(), &moves, seed, Effort::Full)
        .map_err(|e| super::replay::corrupt(id, &format!("its log cannot be reviewed: {e}")))?;
    loop {
        let (stepped, more) = runner
            .run(move || {
                let more = reviewer.step();
                (reviewer, more)
            })
            .await
            .map_err(|why| {
                tracing::error!(game = id, "a review stopped: {why}");
                AppError::from(InternalError::Ai(why))
            })?;
        reviewer = stepped;
        progress(reviewer.reviewed(), reviewer.turns());
        if !more {
            break;
        }
    }
    let review = reviewer.result();
    let row = ReviewRow {
        settings: SETTINGS.to_string(),
        turns: i32::try_from(review.turns).unwrap_or(i32::MAX),
        reported: review.worst.iter().zip(1..).map(to_row).collect(),
    };
    service.store_review(id, &row).await?;
    Ok(GameReview {
        game,
        reported: review.worst,
        turns: review.turns,
        fresh: true,
    })
}

fn to_row((t, rank): (&TurnReview, i16)) -> ReviewTurnRow {
    ReviewTurnRow {
        rank,
        turn: i32::try_from(t.turn).unwrap_or(i32::MAX),
        side: t.side.index() as i16,
        played: t.played.clone(),
        better: t.better.clone(),
        before: t.before,
        after_played: t.after_played,
        after_better: t.after_better,
    }
}

fn from_row(r: &ReviewTurnRow) -> TurnReview {
    TurnReview {
        turn: u32::try_from(r.turn).unwrap_or(0),
        side: if r.side == 0 {
            Side::First
        } else {
            Side::Second
        },
        played: r.played.clone(),
        better: r.better.clone(),
        before: r.before,
        after_played: r.after_played,
        after_better: r.after_better,
    }
}
