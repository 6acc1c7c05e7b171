//! Looking things up: `/games`, `/history`, `/rules`.

use poise::serenity_prelude as serenity;

use super::choices::Choice;
use super::present::{
    describe, level_word, mention, outcome_text, picture, side_name, status_line, timestamp,
};
use super::reply::{Answer, Message};
use super::{BotError, Context, answer, invoker, lang};
use crate::app::{HistoryEntry, Overview, Service, UserId};
use crate::engine::{Config, Game, GameKind, Side};
use crate::i18n::Lang;
use crate::render::{BoardInfo, RenderOptions};
use crate::tr;

/// The `/games` list, for `user`, in `lang`.
pub fn overview_text(lang: Lang, user: UserId, overview: &Overview, guild: u64) -> String {
    if overview.games.is_empty() && overview.challenges.is_empty() && overview.finished.is_empty() {
        return tr!(lang, "games-none", place = place_word(guild));
    }
    let channel = |id: u64| format!("<#{id}>");
    let mut text = String::new();
    let mut line = |s: String| {
        text.push_str(&s);
        text.push('\n');
    };
    if !overview.games.is_empty() {
        line(tr!(lang, "games-active"));
        for view in &overview.games {
            let kind = view.game.kind();
            let side = view.side_of(user).unwrap_or(Side::First);
            let opponent = view.players[side.other().index()];
            let turn = if view.player_to_move() == Some(user) {
                tr!(lang, "games-your-turn")
            } else {
                tr!(lang, "games-their-turn")
            };
            let mut clock = match (view.clock.paused_until, view.clock.deadline) {
                (Some(until), _) => format!(
                    ", {}",
                    tr!(lang, "games-paused-until", until = timestamp(until, 'f'))
                ),
                (None, Some(deadline)) => format!(
                    ", {}",
                    tr!(lang, "games-due", deadline = timestamp(deadline, 'R'))
                ),
                (None, None) => String::new(),
            };
            let extras = [
                super::present::bank_text(lang, view),
                super::present::vacation_text(lang, view),
            ];
            for extra in extras.into_iter().flatten() {
                clock.push_str(&format!(", {extra}"));
            }
            let ai = view.ai.map_or(String::new(), |(_, level)| {
                format!(
                    " ({})",
                    tr!(lang, "games-ai", level = level_word(lang, level))
                )
            });
            line(tr!(
                lang,
                "games-line",
                game = describe(lang, &view.game.config()),
                side = side_name(lang, kind, side),
                opponent = mention(opponent),
                ai = ai,
                event = super::present::event_text(lang, view)
                    .map_or(String::new(), |e| format!(" ({e})")),
                channel = channel(view.channel),
                turn = turn,
                turn_number = view.game.turn_number(),
                clock = clock
            ));
        }
    }
    if !overview.challenges.is_empty() {
        line(tr!(lang, "games-challenges"));
        for c in &overview.challenges {
            // A link to the challenge's own message, with its buttons, when it is known.
            let jump = c.message.map_or(String::new(), |m| {
                let url = format!("https://discord.com/channels/{}/{}/{m}", c.guild, c.channel);
                format!(" · {}", tr!(lang, "games-see-it", url = url))
            });
            let (id, other) = if c.challenger == user {
                ("games-you-challenged", c.challenged)
            } else {
                ("games-challenged-you", c.challenger)
            };
            line(tr!(
                lang,
                id,
                player = mention(other),
                game = describe(lang, &c.config),
                channel = channel(c.channel),
                jump = jump
            ));
        }
    }
    if !overview.finished.is_empty() {
        line(tr!(lang, "games-finished"));
        for view in &overview.finished {
            let Some(outcome) = view.outcome else {
                continue;
            };
            line(tr!(
                lang,
                "games-finished-line",
                game = describe(lang, &view.game.config()),
                id = view.id.to_string(),
                channel = channel(view.channel),
                outcome = outcome_text(lang, view, outcome)
            ));
        }
    }
    text
}

/// Where a list of games is, for the words that say it is empty: a server's, or the games
/// outside servers (guild 0: DMs and group DMs).
pub(super) fn place_word(guild: u64) -> &'static str {
    if guild == 0 { "private" } else { "server" }
}

/// Your active games and open challenges in this server (only you see the list).
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, _, guild) = invoker(ctx);
    let lang = lang::of(ctx).user;
    answer(ctx, "games", async move {
        let overview = data.service.overview(guild, user).await?;
        Ok(Answer::private(Message::text(overview_text(
            lang, user, &overview, guild,
        ))))
    })
    .await
}

/// The move list of this channel's game, as a message and a text file.
#[poise::command(slash_command)]
pub async fn history(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let (_, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "history", async move {
        let (view, entries) = data.service.history(channel).await?;
        let text = Service::history_text(&view, &entries, mention);
        let kind = view.game.kind();
        let header = format!(
            "{}\n",
            tr!(
                lang,
                "history-header",
                id = view.id.to_string(),
                game = describe(lang, &view.game.config()),
                first_side = side_name(lang, kind, Side::First),
                first = mention(view.players[0]),
                second_side = side_name(lang, kind, Side::Second),
                second = mention(view.players[1])
            )
        );
        let footer = format!("\n{}", status_line(lang, &view));
        // Keep the message within Discord's limit: the attached file always has everything.
        let room = super::reply::MAX_CONTENT.saturating_sub(header.len() + footer.len() + 40);
        let shown = if text.len() <= room {
            text.clone()
        } else {
            let tail: String = text
                .chars()
                .rev()
                .take(room)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            format!(
                "…\n{}",
                tail.split_once('\n').map_or(tail.as_str(), |t| t.1)
            )
        };
        let body = if shown.trim().is_empty() {
            tr!(lang, "history-no-moves")
        } else {
            format!("```\n{shown}\n```")
        };
        let file = serenity::CreateAttachment::bytes(
            text.into_bytes(),
            format!("{}-{}-history.txt", kind, view.id),
        );
        // The move browser starts at the end: the position the list ends with.
        let turns = turn_count(&entries);
        Ok(Answer::public(
            Message::text(format!("{header}{body}{footer}"))
                .file(Some(file))
                .components(vec![super::lookback::browser_row(view.id, turns, turns)]),
        ))
    })
    .await
}

/// How many turns with moves `entries` hold (as the move browser counts them).
fn turn_count(entries: &[HistoryEntry]) -> u32 {
    let mut turns = entries
        .iter()
        .filter(|e| e.is_move)
        .map(|e| (e.turn, e.side))
        .collect::<Vec<_>>();
    turns.dedup();
    turns.len() as u32
}

/// A short illustrated summary of a game's rules.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which game (fibonacci by default)"] game: Option<Choice<GameKind>>,
) -> Result<(), BotError> {
    // A public answer: in the server's language.
    let lang = lang::of(ctx).guild;
    let data = ctx.data();
    answer(ctx, "rules", async move {
        let kind = game.map_or(GameKind::ALL[0], |g| g.0);
        let text = tr!(lang, &format!("rules-{kind}"));
        let start = Game::new(Config::default_for(kind), 0);
        let info = BoardInfo {
            players: Side::BOTH.map(|side| side_name(lang, kind, side)),
            lang,
            ..BoardInfo::default()
        };
        let image = picture(
            &data.presenter.pictures,
            start,
            info,
            RenderOptions::default(),
            format!("{kind}-start.png"),
        )
        .await;
        Ok(Answer::public(Message::text(text).file(image)))
    })
    .await
}
