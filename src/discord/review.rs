//! `/review game:<id>`: the AI's review of a finished game, for its players and spectators.
//! The review runs on the AI's thread (see [`crate::app::review_game`]); while it takes more
//! than a few seconds, the deferred answer shows how far it got.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use poise::serenity_prelude as serenity;

use super::ack::created_at;
use super::present::{describe, mention, side_name};
use super::reply::{Answer, Message};
use super::{BotError, Context, Data, answer, invoker, lang};
use crate::ai::review::{TurnReview, UNIT, WIN};
use crate::app::{AppError, GameReview, GameTurns, review_game};
use crate::engine::{Game, Played};
use crate::i18n::Lang;
use crate::render::{BoardInfo, RenderOptions, side_by_side_png};
use crate::tr;

/// The progress shows once the review has run this long after the command was sent (Discord
/// shows "thinking…" until then).
const PROGRESS_AFTER: Duration = Duration::from_millis(3500);
/// How often the progress is brought up to date.
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// The AI's review of a finished game: the three turns that lost the most, with better ones.
#[poise::command(slash_command)]
pub async fn review(
    ctx: Context<'_>,
    #[description = "The game's number (shown by /history and /games)"]
    #[min = 1]
    game: i64,
) -> Result<(), BotError> {
    let data = ctx.data();
    let (_, channel, guild) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    let user_lang = lang::of(ctx).user;
    let progress = match ctx {
        poise::Context::Application(a) => Some(a.interaction.clone()),
        poise::Context::Prefix(_) => None,
    };
    let http = ctx.serenity_context().http.clone();
    answer(ctx, "review", async move {
        let (report, heard) = tokio::sync::watch::channel((0usize, 0usize));
        let shower =
            progress.map(|i| tokio::spawn(show_progress(http.clone(), i, heard, user_lang)));
        let reviewed = review_game(
            &data.service,
            &data.runner,
            guild,
            channel,
            game,
            |done, all| {
                let _ = report.send((done, all));
            },
        )
        .await;
        // The progress stops before the answer replaces it.
        drop(report);
        if let Some(shower) = shower {
            let _ = shower.await;
        }
        let reviewed = reviewed?;
        Ok::<_, AppError>(review_answer(&http, data, lang, &reviewed).await)
    })
    .await
}

/// Edits the deferred answer with "reviewing… 12/60 turns" from [`PROGRESS_AFTER`] until the
/// review ends (`heard`'s sender goes); returns as soon as it ends, even before.
async fn show_progress(
    http: Arc<serenity::Http>,
    interaction: serenity::CommandInteraction,
    mut heard: tokio::sync::watch::Receiver<(usize, usize)>,
    lang: Lang,
) {
    let since = SystemTime::now()
        .duration_since(created_at(interaction.id.get()))
        .unwrap_or_default();
    let mut shown = None;
    // A review that ends before the progress would show (one stored, or a short one) is
    // answered at once: the wait ends with it.
    let wait = tokio::time::sleep(PROGRESS_AFTER.saturating_sub(since));
    tokio::pin!(wait);
    loop {
        tokio::select! {
            () = &mut wait => break,
            changed = heard.changed() => if changed.is_err() { return; }
        }
    }
    loop {
        if heard.has_changed().is_err() {
            return;
        }
        let (done, all) = *heard.borrow_and_update();
        if all > 0 && shown != Some(done) {
            let text = tr!(lang, "review-progress", done = done, turns = all);
            let edit = serenity::EditInteractionResponse::new().content(text);
            if let Err(e) = interaction.edit_response(&http, edit).await {
                tracing::debug!(error = %e, "could not show a review's progress");
            }
            shown = Some(done);
        }
        tokio::select! {
            () = tokio::time::sleep(PROGRESS_EVERY) => {}
            changed = heard.changed() => if changed.is_err() { return; }
        }
    }
}

/// The review as a message: the unit, then each reported turn with a picture of the played and
/// the better turn side by side.
async fn review_answer(
    http: &serenity::Http,
    data: &Data,
    lang: Lang,
    reviewed: &GameReview,
) -> Answer {
    let game = &reviewed.game;
    let view = &game.view;
    let kind = view.game.kind();
    let mut text = tr!(
        lang,
        "review-header",
        id = view.id.to_string(),
        game = describe(lang, &view.game.config()),
        turns = reviewed.turns
    );
    text.push('\n');
    text.push_str(&tr!(
        lang,
        &format!("review-unit-{kind}"),
        unit = UNIT,
        win = WIN
    ));
    if reviewed.reported.is_empty() {
        text.push('\n');
        text.push_str(&tr!(lang, "review-nothing"));
    }
    let names = [
        data.presenter.names.of(http, view.players[0]).await,
        data.presenter.names.of(http, view.players[1]).await,
    ];
    let mut message = Message::text(String::new());
    for (rank, turn) in reviewed.reported.iter().enumerate() {
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "review-turn",
            rank = rank + 1,
            turn = turn.turn,
            side = side_name(lang, kind, turn.side),
            player = mention(view.player(turn.side)),
            played = turn.played.as_str(),
            before = turn.before,
            after = turn.after_played,
            better = turn.better.as_str(),
            better_after = turn.after_better,
            lost = turn.loss().to_string()
        ));
        if let Some(png) = pictures(data, lang, &names, game, turn).await {
            let name = format!("{kind}-{}-review-turn-{}.png", view.id, turn.turn);
            message = message.file(Some(serenity::CreateAttachment::bytes(png, name)));
        }
    }
    message.content = text;
    Answer::public(message)
}

/// The played turn and the better turn of `turn`, side by side, drawn on a painter thread.
async fn pictures(
    data: &Data,
    lang: Lang,
    names: &[String; 2],
    game: &GameTurns,
    turn: &TurnReview,
) -> Option<Vec<u8>> {
    let index = game.turns.iter().position(|t| t.number == turn.turn)?;
    let (before, _) = game.at(index)?;
    let (after, played) = game.at(index + 1)?;
    let mut better = before.clone();
    let mut better_moves: Vec<Played> = Vec::new();
    for m in turn.better.split(' ') {
        better_moves.push(better.play(m).ok()?);
    }
    let info = |last_turn: Vec<Played>, note: String| BoardInfo {
        players: names.clone(),
        last_turn,
        highlight: None,
        banner: None,
        note: Some(note),
        lang,
    };
    let left = info(
        played.to_vec(),
        tr!(
            lang,
            "review-picture-played",
            turn = turn.turn,
            value = turn.after_played
        ),
    );
    let right = info(
        better_moves,
        tr!(lang, "review-picture-better", value = turn.after_better),
    );
    let after: Game = after.clone();
    data.presenter
        .pictures
        .draw("a review", move || {
            side_by_side_png(
                (&after, &left),
                (&better, &right),
                &RenderOptions::default(),
            )
        })
        .await
}
