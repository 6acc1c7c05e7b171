//! `/leaderboard` and `/profile`: the server's ratings (Glicko-2, per game) in words and a chart.

use poise::serenity_prelude as serenity;

use super::choices::Choice;
use super::present::{describe_config, draw_off_thread, mention, timestamp};
use super::reply::{Answer, Message};
use super::{BotError, Context, answer, invoker};
use crate::app::{GameRecord, Leaderboard, Profile, Standing, UserId};
use crate::rating::{RatingGame, Score, round};
use crate::render::{ChartSeries, rating_chart};

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// "**1662** ± 58 · 12 games".
fn standing_text(s: &Standing) -> String {
    format!(
        "**{}** ± {} · {} game{}",
        s.rating.shown(),
        s.rating.margin(),
        s.games,
        plural(s.games)
    )
}

/// The leaderboard of one game, in words.
pub fn leaderboard_text(board: &Leaderboard) -> String {
    let game = board.game.title();
    if board.players == 0 {
        return format!(
            "No rated {game} games in this server yet. Challenge someone with /challenge \
             (games are rated unless you say `rated: false`)."
        );
    }
    let mut text = format!("🏆 **{game} leaderboard**\n");
    if board.ranked.is_empty() {
        text.push_str(
            "Nobody is ranked yet: a rating settles (± 220 or less) after a few games.\n",
        );
    }
    for (rank, s) in board.ranked.iter().enumerate() {
        text.push_str(&format!(
            "{}. {} {}\n",
            rank + 1,
            mention(s.user),
            standing_text(s)
        ));
    }
    if !board.provisional.is_empty() {
        text.push_str("**Provisional** (not ranked until the ± falls to 220: play more games)\n");
        for s in &board.provisional {
            text.push_str(&format!("• {} {}\n", mention(s.user), standing_text(s)));
        }
    }
    let listed = board.ranked.len() + board.provisional.len();
    if board.players > listed {
        text.push_str(&format!(
            "{} more player{} rated. /profile shows anyone's record.",
            board.players - listed,
            if board.players - listed == 1 { "" } else { "s" }
        ));
    }
    text
}

/// The server's best players in a game.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which rating: fibonacci (default), fibonacci-cards or fanorona"] game: Option<
        Choice<RatingGame>,
    >,
) -> Result<(), BotError> {
    let data = ctx.data();
    let (_, _, guild) = invoker(ctx);
    answer(ctx, "leaderboard", async move {
        let game = game.map_or(RatingGame::Fibonacci, |g| g.0);
        let board = data.service.leaderboard(guild, game).await?;
        Ok(Answer::public(Message::text(leaderboard_text(&board))))
    })
    .await
}

fn score_letter(score: Score) -> &'static str {
    match score {
        Score::Win => "W",
        Score::Draw => "D",
        Score::Loss => "L",
    }
}

fn streak_text(streak: Option<(Score, u32)>) -> String {
    match streak {
        None => String::new(),
        Some((score, n)) => {
            let word = match score {
                Score::Win => "win",
                Score::Draw => "draw",
                Score::Loss => "loss",
            };
            let plural = match (score, n) {
                (_, 1) => "",
                (Score::Loss, _) => "es",
                _ => "s",
            };
            format!(" · streak: {n} {word}{plural}")
        }
    }
}

fn record_text(record: &GameRecord) -> String {
    let s = &record.standing;
    let provisional = if s.rating.is_provisional() {
        " (provisional)"
    } else {
        ""
    };
    let mut text = format!(
        "**{}**: {}{provisional} · {} W / {} L / {} D{}\n",
        s.game.title(),
        standing_text(s),
        s.wins,
        s.losses,
        s.draws,
        streak_text(record.streak)
    );
    let last: Vec<String> = record
        .last
        .iter()
        .map(|r| {
            format!(
                "{} vs {} ({:+}) {}",
                score_letter(r.score),
                mention(r.opponent),
                round(r.after) - round(r.before),
                timestamp(r.at, 'R')
            )
        })
        .collect();
    if !last.is_empty() {
        text.push_str(&format!("  Last results: {}\n", last.join(" · ")));
    }
    text
}

/// A player's profile in words (the chart goes with it as a picture).
pub fn profile_text(profile: &Profile, asker: UserId) -> String {
    let who = mention(profile.user);
    if profile.is_empty() {
        return if profile.user == asker {
            "You have no rated games and no game in progress in this server yet. Start one with \
             /challenge!"
                .to_string()
        } else {
            format!(
                "{who} has not played a rated game here yet and has no game in progress. \
                 Challenge them with /challenge!"
            )
        };
    }
    let mut text = format!("📈 **Profile of {who}**\n");
    if profile.records.is_empty() {
        text.push_str("No rated games yet.\n");
    }
    for record in &profile.records {
        text.push_str(&record_text(record));
    }
    if !profile.active.is_empty() {
        text.push_str("**Games in progress**\n");
        for view in &profile.active {
            let opponent = view
                .side_of(profile.user)
                .map_or(view.players[1], |side| view.player(side.other()));
            let turn = if view.player_to_move() == Some(profile.user) {
                "their turn"
            } else {
                "waiting"
            };
            text.push_str(&format!(
                "• {} vs {} in <#{}>: {turn}, turn {}\n",
                describe_config(&view.game.config()),
                mention(opponent),
                view.channel,
                view.game.turn_number()
            ));
        }
    }
    text
}

/// The chart of a profile's ratings over time, one line per game.
pub fn profile_series(profile: &Profile) -> Vec<ChartSeries> {
    profile
        .records
        .iter()
        .map(|r| ChartSeries {
            label: r.standing.game.title().to_string(),
            points: r.history.clone(),
        })
        .collect()
}

/// A player's ratings, record, last results and games in progress, with a chart.
#[poise::command(slash_command, guild_only)]
pub async fn profile(
    ctx: Context<'_>,
    #[description = "Whose profile (yours by default)"] user: Option<serenity::User>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (asker, _, guild) = invoker(ctx);
    if let Some(user) = &user {
        data.names.learn(
            user.id.get(),
            user.global_name.as_deref().unwrap_or(&user.name),
        );
    }
    let target = user.map_or(asker, |u| u.id.get());
    answer(ctx, "profile", async move {
        let profile = data.service.profile(guild, target).await?;
        let mut message = Message::text(profile_text(&profile, asker));
        if !profile.records.is_empty() {
            let title = format!("Ratings of {}", data.names.of(&http, target).await);
            let series = profile_series(&profile);
            let png =
                draw_off_thread("a rating chart", move || rating_chart(&title, &series)).await;
            message = message.file(png.map(|png| {
                serenity::CreateAttachment::bytes(png, format!("ratings-{target}.png"))
            }));
        }
        Ok(Answer::public(message))
    })
    .await
}
