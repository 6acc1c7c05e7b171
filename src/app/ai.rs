//! Games against the bot, for every front end: the AI thinks on one dedicated thread (never on
//! the async runtime, so AI games thinking at once delay no command: they queue for that
//! thread), and [`play_ai_turns`] plays its turns. It looks when woken (a player's move passed
//! the turn to the AI, a game against the bot started) and at every period, so a turn pending at
//! a crash or a restart is played by the next look, once: turns are claimed with a lease in the
//! database and played through the service like anyone's, which refuses a second play of the
//! same turn. What the AI played goes to the front end to announce.

use std::future::Future;
use std::time::Duration;

use tokio::sync::oneshot;

use crate::ai::{self, AiError, Level};
use crate::engine::Game;

use super::schedule::AiTurn;
use super::views::{GameView, MoveOutcome};
use super::{ChannelId, Service, UserId, chain};

/// AI turns waiting for the thread, at most.
const QUEUE: usize = 32;

/// One search for the AI's thread: a game's turn, or one step of a review.
type Job = Box<dyn FnOnce() + Send>;

/// The AI's thread.
#[derive(Clone, Debug)]
pub struct AiRunner {
    jobs: std::sync::mpsc::SyncSender<Job>,
}

impl Service {
    /// Rings the AI's bell when `view` leaves the AI to move: the side effect every command that
    /// can pass the turn to the AI owes, done here so that no front end has to remember it.
    pub(super) fn ai_owes_turn(&self, view: &GameView) {
        if view.ai_to_move() {
            self.ai_bell.notify_one();
        }
    }
}

impl AiRunner {
    /// Starts the AI's thread.
    pub fn start() -> std::io::Result<AiRunner> {
        let (jobs, queue) = std::sync::mpsc::sync_channel::<Job>(QUEUE);
        std::thread::Builder::new()
            .name("ai".to_string())
            .spawn(move || {
                for job in queue {
                    job();
                }
            })?;
        Ok(AiRunner { jobs })
    }

    /// The AI's whole turn, thought on its thread.
    async fn think(&self, game: Game, level: Level, seed: u64) -> Result<Vec<String>, String> {
        self.run(move || ai::turn(&game, level, seed))
            .await?
            .map_err(|e: AiError| e.to_string())
    }

    /// Runs `work` (one search: whoever queues several waits for each before the next, so
    /// that the AI games' turns queued meanwhile go between them) on the AI's thread.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, String> {
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = reply.send(work());
        });
        self.jobs
            .try_send(job)
            .map_err(|e| format!("the AI's queue refused a search: {e}"))?;
        answer
            .await
            .map_err(|_| "the AI's thread stopped".to_string())
    }
}

impl GameView {
    /// True when this is a game against the bot, not over, and the AI's turn.
    pub fn ai_to_move(&self) -> bool {
        self.outcome.is_none()
            && self
                .ai
                .is_some_and(|(side, _)| side == self.game.side_to_move())
    }

    /// Whether the AI of this game accepts a draw: when it does not stand better by its own
    /// quick evaluation. Never for a game without the AI.
    pub fn ai_accepts_draw(&self) -> bool {
        let Some((side, _)) = self.ai else {
            return false;
        };
        let score = ai::evaluate(&self.game);
        let for_ai = if self.game.side_to_move() == side {
            score
        } else {
            -score
        };
        for_ai <= 0
    }
}

/// A turn the AI played, for the front end to announce.
#[derive(Clone, Debug)]
pub struct AiPlayed {
    pub channel: ChannelId,
    /// The bot's user id in the game.
    pub bot: UserId,
    pub level: Level,
    /// The turn, in the notation of the move log, moves joined by spaces.
    pub moves: String,
    pub outcome: MoveOutcome,
}

/// Plays the AI's due turns until the task is aborted: at once when a command leaves the AI to
/// move, else every `period`. Each turn played goes to `announce`.
pub async fn play_ai_turns<F, Fut>(
    service: Service,
    runner: AiRunner,
    period: Duration,
    announce: F,
) where
    F: Fn(AiPlayed) -> Fut,
    Fut: Future<Output = ()>,
{
    let bell = service.ai_bell.clone();
    loop {
        play_due(&service, &runner, &announce).await;
        tokio::select! {
            _ = bell.notified() => {}
            _ = tokio::time::sleep(period) => {}
        }
    }
}

/// Plays every due AI turn, one at a time (the thread thinks about one turn at a time anyway).
async fn play_due<F, Fut>(service: &Service, runner: &AiRunner, announce: &F)
where
    F: Fn(AiPlayed) -> Fut,
    Fut: Future<Output = ()>,
{
    loop {
        let turns = match service.claim_ai_turns(1).await {
            Ok(turns) => turns,
            Err(e) => {
                tracing::warn!(error = %chain(&e), "could not look for the AI's turns");
                return;
            }
        };
        if turns.is_empty() {
            return;
        }
        for turn in turns {
            if let Some(played) = play(service, runner, turn).await {
                announce(played).await;
            }
        }
    }
}

async fn play(service: &Service, runner: &AiRunner, turn: AiTurn) -> Option<AiPlayed> {
    let game_id = turn.game_id;
    let moves = match runner.think(turn.game, turn.level, turn.seed).await {
        Ok(moves) => moves,
        Err(why) => {
            // Left to its lease: the next look after it tries again.
            tracing::error!(game_id, "the AI found no turn: {why}");
            return None;
        }
    };
    let moves = moves.join(" ");
    let outcome = match service.play(turn.channel, turn.bot, &moves).await {
        Ok(outcome) => outcome,
        Err(e) => {
            // The game ended or moved on meanwhile (a resignation, another process's play).
            tracing::info!(game_id, %moves, error = %chain(&e), "the AI's turn was not played");
            return None;
        }
    };
    tracing::info!(game_id, %moves, level = %turn.level, "the AI played");
    crate::metrics::ai_turn(turn.level.as_str());
    Some(AiPlayed {
        channel: turn.channel,
        bot: turn.bot,
        level: turn.level,
        moves,
        outcome,
    })
}
