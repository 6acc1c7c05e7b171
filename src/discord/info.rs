//! Looking things up: `/games`, `/history`, `/rules`.

use poise::serenity_prelude as serenity;

use super::choices::Choice;
use super::present::{
    describe_config, mention, outcome_text, picture, side_name, status_line, timestamp,
};
use super::reply::{Answer, Message};
use super::{BotError, Context, answer, invoker, lang};
use crate::app::{Overview, Service, UserId};
use crate::engine::{Config, Game, GameKind, Side};
use crate::i18n::Lang;
use crate::render::BoardInfo;

/// The `/games` list, for `user`.
pub fn overview_text(lang: Lang, user: UserId, overview: &Overview) -> String {
    if overview.games.is_empty() && overview.challenges.is_empty() && overview.finished.is_empty() {
        return "You have no active games or open challenges in this server. Start one with \
                /challenge."
            .to_string();
    }
    let mut text = String::new();
    if !overview.games.is_empty() {
        text.push_str("**Your games** (most urgent first)\n");
        for view in &overview.games {
            let kind = view.game.kind();
            let side = view.side_of(user).unwrap_or(Side::First);
            let opponent = view.players[side.other().index()];
            let turn = if view.player_to_move() == Some(user) {
                "**your turn**"
            } else {
                "their turn"
            };
            let clock = match (view.clock.paused_until, view.clock.deadline) {
                (Some(until), _) => format!(", paused until {}", timestamp(until, 'f')),
                (None, Some(deadline)) => format!(", due {}", timestamp(deadline, 'R')),
                (None, None) => String::new(),
            };
            let ai = view
                .ai
                .map_or(String::new(), |(_, level)| format!(" (AI, {level})"));
            text.push_str(&format!(
                "• {} as {} vs {}{ai} in <#{}>: {turn}, turn {}{clock}\n",
                describe_config(&view.game.config()),
                side_name(lang, kind, side),
                mention(opponent),
                view.channel,
                view.game.turn_number(),
            ));
        }
    }
    if !overview.challenges.is_empty() {
        text.push_str("**Open challenges**\n");
        for c in &overview.challenges {
            // A link to the challenge's own message, with its buttons, when it is known.
            let jump = c.message.map_or(String::new(), |m| {
                format!(
                    " · [see it](https://discord.com/channels/{}/{}/{m})",
                    c.guild, c.channel
                )
            });
            if c.challenger == user {
                text.push_str(&format!(
                    "• You challenged {} to {} in <#{}> (/cancel there to withdraw){jump}\n",
                    mention(c.challenged),
                    describe_config(&c.config),
                    c.channel
                ));
            } else {
                text.push_str(&format!(
                    "• {} challenged you to {} in <#{}> (/accept or /decline there){jump}\n",
                    mention(c.challenger),
                    describe_config(&c.config),
                    c.channel
                ));
            }
        }
    }
    if !overview.finished.is_empty() {
        text.push_str("**Recently finished**\n");
        for view in &overview.finished {
            let Some(outcome) = view.outcome else {
                continue;
            };
            text.push_str(&format!(
                "• {} (game {}) in <#{}>: {}\n",
                describe_config(&view.game.config()),
                view.id,
                view.channel,
                outcome_text(lang, view, outcome)
            ));
        }
    }
    text
}

/// Your active games and open challenges in this server (only you see the list).
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, _, guild) = invoker(ctx);
    let lang = lang::of(ctx).user;
    answer(ctx, "games", async move {
        let overview = data.service.overview(guild, user).await?;
        Ok(Answer::private(Message::text(overview_text(
            lang, user, &overview,
        ))))
    })
    .await
}

/// The move list of this channel's game, as a message and a text file.
#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let (_, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "history", async move {
        let (view, entries) = data.service.history(channel).await?;
        let text = Service::history_text(&view, &entries, mention);
        let kind = view.game.kind();
        let header = format!(
            "Moves of game {} ({}, {} {} vs {} {}):\n",
            view.id,
            describe_config(&view.game.config()),
            side_name(lang, kind, Side::First),
            mention(view.players[0]),
            side_name(lang, kind, Side::Second),
            mention(view.players[1]),
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
            "No moves yet.".to_string()
        } else {
            format!("```\n{shown}\n```")
        };
        let file = serenity::CreateAttachment::bytes(
            text.into_bytes(),
            format!("{}-{}-history.txt", kind, view.id),
        );
        Ok(Answer::public(
            Message::text(format!("{header}{body}{footer}")).file(Some(file)),
        ))
    })
    .await
}

const FIBONACCI_RULES: &str = "**Fibonacci** (Thomas Naylor): Red against Green on a hexagon of \
91 points.\n\
• Each side has a centre, six strike pieces and six support pieces. Red moves first.\n\
• Turn t allows min(t, 6) unit moves (1, 2, 3, 4, 5, then 6), minus one for each enemy strike \
piece next to your centre. You may end a turn early with /end.\n\
• A unit move `from-to` moves a strike or support piece. Alone, it steps to an empty neighbour. \
In a group of pieces of its kind it may go to any point next to the group; if that point is \
occupied, the two pieces swap (never with an identical piece).\n\
• Centres never move on their own, and nothing is ever captured.\n\
• You win when the enemy centre has six neighbours and all six are your strike pieces.\n\
• Cards variant: a card from your deck (1–6) sets each turn's moves; you win with all six \
strike pieces joined and three of them touching the enemy centre.\n\
Play with `/move g9-f9` or several at once: `/move g9-f9 f9-e9`.";

const FANORONA_RULES: &str = "**Fanorona** (Madagascar): White against Black on 9×5 points.\n\
• Pieces step along the lines to a neighbouring empty point. White moves first.\n\
• Approach: stepping towards an enemy piece captures it and the unbroken enemy line behind it. \
Withdrawal: stepping away from one does the same on the other side. When both are possible, \
choose with a suffix: `d2-d3+` (approach) or `d2-d3-` (withdrawal).\n\
• After a capture the same piece may capture again, never in the same direction twice in a row \
and never back onto a point it has visited this turn. Enter the chain step by step or at once: \
`d2-d3+,d3-c4-`. Stop early with /end.\n\
• Escale rules (default): capturing is optional. Standard rules: you must capture when you can.\n\
• You win by capturing every enemy piece, or when your opponent cannot move.";

/// A short illustrated summary of a game's rules.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which game (fibonacci by default)"] game: Option<Choice<GameKind>>,
) -> Result<(), BotError> {
    answer(ctx, "rules", async move {
        let kind = game.map_or(GameKind::Fibonacci, |g| g.0);
        let text = match kind {
            GameKind::Fibonacci => FIBONACCI_RULES,
            GameKind::Fanorona => FANORONA_RULES,
        };
        let start = Game::new(Config::default_for(kind), 0);
        let info = BoardInfo {
            players: Side::BOTH.map(|side| kind.side_title(side)),
            ..BoardInfo::default()
        };
        let image = picture(start, info, format!("{kind}-start.png")).await;
        Ok(Answer::public(Message::text(text).file(image)))
    })
    .await
}
