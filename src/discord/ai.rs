//! Games against the bot: the AI thinks on one dedicated thread (never on the async runtime, so
//! that AI games thinking at once delay no command: they queue for that thread), and a task
//! plays its turns. It looks when woken (a player's move passed the turn to the AI, a game
//! against the bot started) and at every scheduler period, so a turn pending at a crash or a
//! restart is played by the next look, once: turns are claimed with a lease in the database and
//! played through the service like anyone's, which refuses a second play of the same turn.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::{Notify, oneshot};

use super::present::{self, game_message, game_over, mention, turn_ping};
use super::reply::post;
use crate::ai::{self, AiError, Level};
use crate::app::{AiTurn, GameView, Service, chain};
use crate::engine::Game;

/// AI turns waiting for the thread, at most.
const QUEUE: usize = 32;

struct Job {
    game: Game,
    level: Level,
    seed: u64,
    reply: oneshot::Sender<Result<Vec<String>, AiError>>,
}

/// The AI's thread, and the bell that makes the AI task look for turns at once.
#[derive(Clone, Debug)]
pub struct AiRunner {
    jobs: std::sync::mpsc::SyncSender<Job>,
    wake: Arc<Notify>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job").field("level", &self.level).finish()
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
                    let turn = ai::turn(&job.game, job.level, job.seed);
                    let _ = job.reply.send(turn);
                }
            })?;
        Ok(AiRunner {
            jobs,
            wake: Arc::new(Notify::new()),
        })
    }

    /// Asks the AI task to look for due turns now.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Wakes the AI task when `view` is a game against the bot whose turn it is.
    pub fn wake_for(&self, view: &GameView) {
        if view.outcome.is_none()
            && view
                .ai
                .is_some_and(|(side, _)| side == view.game.side_to_move())
        {
            self.wake();
        }
    }

    /// The AI's whole turn, thought on its thread.
    async fn think(&self, game: Game, level: Level, seed: u64) -> Result<Vec<String>, String> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .try_send(Job {
                game,
                level,
                seed,
                reply,
            })
            .map_err(|e| format!("the AI's queue refused a turn: {e}"))?;
        match answer.await {
            Ok(turn) => turn.map_err(|e| e.to_string()),
            Err(_) => Err("the AI's thread stopped".to_string()),
        }
    }
}

/// Whether the AI of `view` accepts a draw: when it does not stand better by its own quick
/// evaluation.
pub fn accepts_draw(view: &GameView) -> bool {
    let Some((side, _)) = view.ai else {
        return false;
    };
    let score = ai::evaluate(&view.game);
    let for_ai = if view.game.side_to_move() == side {
        score
    } else {
        -score
    };
    for_ai <= 0
}

/// Plays the AI's due turns until the task is aborted: at once when woken, else every `period`.
pub async fn run(service: Service, http: Arc<serenity::Http>, runner: AiRunner, period: Duration) {
    let names = present::Names::default();
    loop {
        play_due(&service, &http, &names, &runner).await;
        tokio::select! {
            _ = runner.wake.notified() => {}
            _ = tokio::time::sleep(period) => {}
        }
    }
}

/// Plays every due AI turn, one at a time (the thread thinks about one turn at a time anyway).
async fn play_due(
    service: &Service,
    http: &serenity::Http,
    names: &present::Names,
    runner: &AiRunner,
) {
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
            play(service, http, names, runner, turn).await;
        }
    }
}

async fn play(
    service: &Service,
    http: &serenity::Http,
    names: &present::Names,
    runner: &AiRunner,
    turn: AiTurn,
) {
    let game_id = turn.game_id;
    let moves = match runner.think(turn.game, turn.level, turn.seed).await {
        Ok(moves) => moves,
        Err(why) => {
            // Left to its lease: the next look after it tries again.
            tracing::error!(game_id, "the AI found no turn: {why}");
            return;
        }
    };
    let words = moves.join(" ");
    let outcome = match service.play(turn.channel, turn.bot, &words).await {
        Ok(outcome) => outcome,
        Err(e) => {
            // The game ended or moved on meanwhile (a resignation, another process's play).
            tracing::info!(game_id, moves = %words, error = %chain(&e), "the AI's turn was not played");
            return;
        }
    };
    tracing::info!(game_id, moves = %words, level = %turn.level, "the AI played");
    crate::metrics::ai_turn(turn.level.as_str());
    let view = &outcome.view;
    let lang = super::lang::guild(view.guild);
    let headline = crate::tr!(
        lang,
        "play-ai-played",
        player = mention(turn.bot),
        level = super::present::level_word(lang, turn.level),
        moves = words.as_str()
    );
    let mut messages = vec![game_message(http, names, lang, &headline, view).await];
    messages.extend(game_over(lang, view).or_else(|| turn_ping(lang, view)));
    for message in messages {
        if let Err(e) = post(http, turn.channel, &message).await {
            // The move stands; /board shows it.
            tracing::warn!(game_id, error = %e, "could not post the AI's move");
        }
    }
}
