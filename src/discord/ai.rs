//! Games against the bot on Discord: each turn the AI plays (by the service's player,
//! [`crate::app::play_ai_turns`]) is posted in its game's channel with the board, then the end
//! of the game or the next player's ping.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::present::{self, game_message, game_over, mention, turn_ping};
use super::reply::post;
use crate::app::{AiPlayed, AiRunner, Service, play_ai_turns};

/// Plays the AI's due turns and posts each until the task is aborted.
pub async fn run(
    service: Service,
    http: Arc<serenity::Http>,
    presenter: Arc<present::Presenter>,
    runner: AiRunner,
    period: Duration,
) {
    play_ai_turns(service, runner, period, |played| {
        announce(&http, &presenter, played)
    })
    .await;
}

async fn announce(http: &serenity::Http, presenter: &present::Presenter, played: AiPlayed) {
    let view = &played.outcome.view;
    let lang = presenter.languages.guild(view.guild);
    let headline = if played.outcome.played.iter().any(|p| p.swapped_sides()) {
        super::play::played_headline(lang, played.bot, &played.outcome, &played.moves)
    } else {
        crate::tr!(
            lang,
            "play-ai-played",
            player = mention(played.bot),
            level = present::level_word(lang, played.level),
            moves = played.moves.as_str()
        )
    };
    let own = played.outcome.own_view();
    let mut messages = vec![game_message(http, presenter, lang, &headline, own).await];
    messages.extend(super::premove::reply_boards(http, presenter, lang, &played.outcome).await);
    messages.extend(game_over(lang, view).or_else(|| turn_ping(lang, view)));
    for message in messages {
        if let Err(e) = post(http, played.channel, &message).await {
            // The move stands; /board shows it.
            tracing::warn!(game = view.id, error = %e, "could not post the AI's move");
        }
    }
}
