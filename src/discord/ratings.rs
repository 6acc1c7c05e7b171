//! `/leaderboard` and `/profile`: the server's ratings (Glicko-2, per game) in words and a chart.

use poise::serenity_prelude as serenity;

use super::choices::Choice;
use super::present::{describe, mention, rating_title, timestamp};
use super::reply::{Answer, Message};
use super::{BotError, Context, answer, invoker, lang};
use crate::app::{GameRecord, Leaderboard, Profile, Standing, UserId};
use crate::engine::Codec;
use crate::i18n::Lang;
use crate::rating::{RatingGame, Score, round};
use crate::render::{ChartSeries, rating_chart};
use crate::tr;

/// "**1662** ± 58 · 12 games".
fn standing_text(lang: Lang, s: &Standing) -> String {
    tr!(
        lang,
        "ratings-standing",
        rating = s.rating.shown(),
        margin = s.rating.margin(),
        games = s.games
    )
}

/// The leaderboard of one game, in words.
pub fn leaderboard_text(lang: Lang, board: &Leaderboard) -> String {
    let game = rating_title(lang, board.game);
    if board.players == 0 {
        return tr!(lang, "ratings-none", game = game);
    }
    let mut text = tr!(lang, "ratings-title", game = game) + "\n";
    if board.ranked.is_empty() {
        text.push_str(&tr!(lang, "ratings-nobody-ranked"));
        text.push('\n');
    }
    for (rank, s) in board.ranked.iter().enumerate() {
        text.push_str(&format!(
            "{}. {} {}\n",
            rank + 1,
            mention(s.user),
            standing_text(lang, s)
        ));
    }
    if !board.provisional.is_empty() {
        text.push_str(&tr!(lang, "ratings-provisional"));
        text.push('\n');
        for s in &board.provisional {
            text.push_str(&format!(
                "• {} {}\n",
                mention(s.user),
                standing_text(lang, s)
            ));
        }
    }
    let listed = board.ranked.len() + board.provisional.len();
    if board.players > listed {
        text.push_str(&tr!(lang, "ratings-more", count = board.players - listed));
    }
    text
}

/// The server's best players in a game.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which rating: fibonacci (default), fibonacci-cards or fanorona"] game: Option<
        Choice<RatingGame>,
    >,
) -> Result<(), BotError> {
    let data = ctx.data();
    let (_, _, guild) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "leaderboard", async move {
        let game = game.map_or(RatingGame::ALL[0], |g| g.0);
        let board = data.service.leaderboard(guild, game).await?;
        Ok(Answer::public(Message::text(leaderboard_text(
            lang, &board,
        ))))
    })
    .await
}

fn score_word(score: Score) -> &'static str {
    match score {
        Score::Win => "win",
        Score::Draw => "draw",
        Score::Loss => "loss",
    }
}

fn record_text(lang: Lang, record: &GameRecord) -> String {
    let s = &record.standing;
    let provisional = if s.rating.is_provisional() {
        format!(" ({})", tr!(lang, "ratings-provisional-mark"))
    } else {
        String::new()
    };
    let streak = record.streak.map_or(String::new(), |(score, n)| {
        format!(
            " · {}",
            tr!(lang, "ratings-streak", score = score_word(score), count = n)
        )
    });
    let mut text = tr!(
        lang,
        "ratings-record",
        game = rating_title(lang, s.game),
        standing = standing_text(lang, s),
        provisional = provisional,
        wins = s.wins,
        losses = s.losses,
        draws = s.draws,
        streak = streak
    );
    text.push('\n');
    let last: Vec<String> = record
        .last
        .iter()
        .map(|r| {
            tr!(
                lang,
                "ratings-last-result",
                score = tr!(lang, "ratings-score", score = score_word(r.score)),
                opponent = mention(r.opponent),
                delta = format!("{:+}", round(r.after) - round(r.before)),
                when = timestamp(r.at, 'R')
            )
        })
        .collect();
    if !last.is_empty() {
        let results = tr!(lang, "ratings-last-results", results = last.join(" · "));
        text.push_str(&format!("  {results}\n"));
    }
    text
}

/// A player's profile in words (the chart goes with it as a picture).
pub fn profile_text(lang: Lang, profile: &Profile, asker: UserId, guild: u64) -> String {
    let who = mention(profile.user);
    if profile.is_empty() {
        return if profile.user == asker {
            tr!(
                lang,
                "ratings-profile-empty-self",
                place = super::info::place_word(guild)
            )
        } else {
            tr!(lang, "ratings-profile-empty-other", player = who)
        };
    }
    let mut text = tr!(lang, "ratings-profile-title", player = who) + "\n";
    if profile.records.is_empty() {
        text.push_str(&tr!(lang, "ratings-no-rated-games"));
        text.push('\n');
    }
    for record in &profile.records {
        text.push_str(&record_text(lang, record));
    }
    for puzzles in &profile.puzzles {
        text.push_str(&tr!(
            lang,
            "puzzle-profile",
            game = puzzles.game.title(),
            rating = puzzles.rating.shown(),
            streak = puzzles.streak,
            best = puzzles.best_streak,
            solved = puzzles.solved,
            tries = puzzles.tries
        ));
        text.push('\n');
    }
    if !profile.active.is_empty() {
        text.push_str(&tr!(lang, "ratings-in-progress"));
        text.push('\n');
        for view in &profile.active {
            let opponent = view
                .side_of(profile.user)
                .map_or(view.players[1], |side| view.player(side.other()));
            let turn = if view.player_to_move() == Some(profile.user) {
                tr!(lang, "ratings-their-turn")
            } else {
                tr!(lang, "ratings-waiting")
            };
            text.push_str(&tr!(
                lang,
                "ratings-active-line",
                game = describe(lang, &view.game.config()),
                opponent = mention(opponent),
                channel = format!("<#{}>", view.channel),
                turn = turn,
                turn_number = view.game.turn_number()
            ));
            text.push('\n');
        }
    }
    text
}

/// The chart of a profile's ratings over time, one line per game.
pub fn profile_series(lang: Lang, profile: &Profile) -> Vec<ChartSeries> {
    profile
        .records
        .iter()
        .map(|r| ChartSeries {
            label: rating_title(lang, r.standing.game),
            points: r.history.clone(),
        })
        .collect()
}

/// A player's ratings, record, last results and games in progress, with a chart.
#[poise::command(slash_command)]
pub async fn profile(
    ctx: Context<'_>,
    #[description = "Whose profile (yours by default)"] user: Option<serenity::User>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (asker, _, guild) = invoker(ctx);
    if let Some(user) = &user {
        data.presenter.names.learn(
            user.id.get(),
            user.global_name.as_deref().unwrap_or(&user.name),
        );
    }
    let target = user.map_or(asker, |u| u.id.get());
    let lang = lang::of(ctx).guild;
    answer(ctx, "profile", async move {
        let mut profile = data.service.profile(guild, target).await?;
        if guild == 0 && target != asker {
            // Games outside servers are private to their conversations.
            profile.active.clear();
        }
        let mut message = Message::text(profile_text(lang, &profile, asker, guild));
        if !profile.records.is_empty() {
            let title = tr!(
                lang,
                "ratings-chart-title",
                player = data.presenter.names.of(&http, target).await
            );
            let series = profile_series(lang, &profile);
            let png = data
                .presenter
                .pictures
                .draw("a rating chart", move || {
                    rating_chart(lang, &title, &series)
                })
                .await;
            message = message.file(png.map(|png| {
                serenity::CreateAttachment::bytes(png, format!("ratings-{target}.png"))
            }));
        }
        Ok(Answer::public(message))
    })
    .await
}
