//! Playing: `/move` (with autocomplete), `/end`, `/undo`, `/board`.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::present::{game_message, game_over, mention, side_name, skipped_turns, turn_ping};
use super::reply::{Answer, Message};
use super::{BotError, Context, Data, answer, invoker, lang};
use crate::app::{AppError, MoveOutcome, chain};
use crate::engine::{Game, Played, Side};
use crate::i18n::Lang;
use crate::tr;

/// Discord shows at most this many autocomplete choices.
const MAX_CHOICES: usize = 25;
/// Discord's limit on a choice's name and value.
const MAX_CHOICE_LEN: usize = 100;

/// The longest `/move` text worth sending to the service: a full Fibonacci turn is six unit
/// moves, a Fanorona chain at most a few dozen steps.
const MAX_MOVES_TEXT: usize = 400;

/// What to answer after a command that changed a game: the board for everyone, then the board
/// of each conditional reply it met, a new message for the next player when the turn passed,
/// and one for both when the game ended.
pub async fn changed(
    http: &Arc<serenity::Http>,
    data: &Data,
    lang: Lang,
    headline: String,
    outcome: &MoveOutcome,
) -> Answer {
    let view = &outcome.view;
    let mut text = headline;
    for line in skipped_turns(lang, outcome.view.game.kind(), &outcome.played) {
        text.push('\n');
        text.push_str(&line);
    }
    let own = outcome.own_view();
    let mut answer = Answer::public(game_message(http, &data.presenter, lang, &text, own).await)
        .retiring(super::finish::ended_draw_offer(view, None));
    for board in super::premove::reply_boards(http, &data.presenter, lang, outcome).await {
        answer = answer.then(Some(board));
    }
    if view.outcome.is_some() {
        answer.then(game_over(lang, view))
    } else if outcome.turn_passed {
        answer.then(turn_ping(lang, view))
    } else {
        answer
    }
}

fn notation_list(outcome: &MoveOutcome) -> String {
    outcome
        .played
        .iter()
        .map(|p| p.notation())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Autocomplete for `/move`: the legal moves of the current position that start with the last
/// word typed, each offered as the whole text (so `g9-f9 f` completes a second move on top of
/// the first). Matching ignores case and dashes.
pub fn complete(game: &Game, typed: &str) -> Vec<String> {
    let split = typed
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_whitespace())
        .map_or(0, |(i, c)| i + c.len_utf8());
    let (head, last) = typed.split_at(split);
    let mut position = game.clone();
    for earlier in head.split_whitespace() {
        if position.play(earlier).is_err() {
            return Vec::new();
        }
    }
    let squash = |s: &str| s.to_ascii_lowercase().replace('-', "");
    let wanted = last.to_ascii_lowercase();
    let wanted_squashed = squash(last);
    let prefix: String = head.split_whitespace().map(|m| format!("{m} ")).collect();
    position
        .legal_moves()
        .into_iter()
        .filter(|m| m.starts_with(&wanted) || squash(m).starts_with(&wanted_squashed))
        .map(|m| format!("{prefix}{m}"))
        .filter(|choice| choice.len() <= MAX_CHOICE_LEN)
        .take(MAX_CHOICES)
        .collect()
}

async fn autocomplete_moves(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let data = ctx.data();
    let channel = ctx.channel_id().get();
    let lookup = async {
        let view = data.service.game_in_channel(channel).await?;
        Ok::<_, AppError>(view.filter(|v| v.outcome.is_none()).map(|v| v.game))
    };
    complete_from(lookup, partial).await
}

/// The autocomplete answer for the moves typed as `partial` in the game `lookup` finds (none
/// without a game). Autocomplete must answer within Discord's deadline too: a slow database
/// means no choices.
pub async fn complete_from(
    lookup: impl Future<Output = Result<Option<Game>, AppError>>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let choices = match tokio::time::timeout(Duration::from_millis(1500), lookup).await {
        Ok(Ok(Some(game))) => {
            let typed = partial.chars().take(MAX_MOVES_TEXT).collect::<String>();
            tokio::task::spawn_blocking(move || complete(&game, &typed))
                .await
                .unwrap_or_default()
        }
        Ok(Err(AppError::Internal(cause))) => {
            tracing::error!(cause = %chain(&cause), "autocomplete: internal error");
            Vec::new()
        }
        _ => Vec::new(),
    };
    let choices = choices
        .into_iter()
        .map(|c| serenity::AutocompleteChoice::new(c.clone(), c))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Play one or more moves: `g9-f9`, `g9-f9 f9-e9`, `d2-d3+,d3-c4-`.
#[poise::command(slash_command, rename = "move")]
pub async fn play(
    ctx: Context<'_>,
    #[description = "Moves in the game's notation, e.g. g9-f9 or d2-d3+,d3-c4-"]
    #[autocomplete = "autocomplete_moves"]
    moves: String,
) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let langs = lang::of(ctx);
    answer(ctx, "move", async move {
        let text = moves.trim();
        if text.is_empty() {
            return Ok(Answer::notice(tr!(langs.user, "play-no-moves")));
        }
        if text.len() > MAX_MOVES_TEXT {
            return Ok(Answer::notice(tr!(langs.user, "play-too-long")));
        }
        let outcome = data.service.play(channel, user, text).await?;
        let headline = played_headline(langs.guild, user, &outcome, &notation_list(&outcome));
        Ok(changed(&http, data, langs.guild, headline, &outcome).await)
    })
    .await
}

/// What the channel reads when `user` played `moves` (written out): "… played `g9-f9`", or,
/// for the swap rule's turn, who now has which side.
pub fn played_headline(lang: Lang, user: u64, outcome: &MoveOutcome, moves: &str) -> String {
    if outcome.played.iter().any(Played::swapped_sides) {
        // The view is after the swap (and any replies): the swapper has the first mover's side.
        let view = outcome.own_view();
        let kind = view.game.kind();
        return tr!(
            lang,
            "play-swapped",
            player = mention(user),
            side = side_name(lang, kind, Side::First),
            opponent = mention(view.player(Side::Second)),
            other = side_name(lang, kind, Side::Second)
        );
    }
    tr!(lang, "play-played", player = mention(user), moves = moves)
}

/// End your Fibonacci turn early, or stop a Fanorona capture chain.
#[poise::command(slash_command)]
pub async fn end(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "end", async move {
        let outcome = data.service.end_turn(channel, user).await?;
        let headline = tr!(lang, "play-ended-turn", player = mention(user));
        Ok(changed(&http, data, lang, headline, &outcome).await)
    })
    .await
}

/// Take back your own last move of the turn you are still playing.
#[poise::command(slash_command)]
pub async fn undo(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "undo", async move {
        let outcome = data.service.undo(channel, user).await?;
        let what = notation_list(&outcome);
        let headline = if what.is_empty() {
            tr!(lang, "play-took-back-last", player = mention(user))
        } else {
            tr!(lang, "play-took-back", player = mention(user), moves = what)
        };
        Ok(changed(&http, data, lang, headline, &outcome).await)
    })
    .await
}

/// Show this channel's game.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (_, channel, _) = invoker(ctx);
    let langs = lang::of(ctx);
    answer(ctx, "board", async move {
        match data.service.game_in_channel(channel).await? {
            Some(view) => {
                let headline = tr!(langs.guild, "play-board");
                Ok(Answer::public(
                    game_message(&http, &data.presenter, langs.guild, &headline, &view).await,
                ))
            }
            None => Ok(Answer::private(Message::text(tr!(
                langs.user,
                "play-no-game"
            )))),
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, GameKind};

    fn fibonacci() -> Game {
        Game::new(Config::default_for(GameKind::Fibonacci), 0)
    }

    #[test]
    fn autocomplete_offers_legal_moves_starting_with_the_typed_text() {
        let game = fibonacci();
        let legal = game.legal_moves();
        let all = complete(&game, "");
        assert_eq!(all.len(), legal.len().min(MAX_CHOICES));
        assert!(all.iter().all(|m| legal.contains(m)));
        let b6 = complete(&game, "b6");
        assert!(!b6.is_empty());
        assert!(b6.iter().all(|m| m.starts_with("b6-") && legal.contains(m)));
    }

    #[test]
    fn autocomplete_ignores_case_and_dashes() {
        let game = fibonacci();
        assert_eq!(complete(&game, "B6"), complete(&game, "b6"));
        assert_eq!(complete(&game, "b6c"), complete(&game, "b6-c"));
    }

    #[test]
    fn autocomplete_completes_the_last_move_on_top_of_the_earlier_ones() {
        // Turn 1 is Red's single move; Green then has two (docs/fibonacci.md, Turns and
        // allowances).
        let mut game = fibonacci();
        game.play("b6-c6").expect("b6-c6 is legal at the start");
        let first = game.legal_moves()[0].clone();
        let mut after = game.clone();
        after.play(&first).expect("a legal move plays");
        let expected: Vec<String> = after
            .legal_moves()
            .into_iter()
            .take(MAX_CHOICES)
            .map(|m| format!("{first} {m}"))
            .collect();
        assert_eq!(complete(&game, &format!("{first} ")), expected);
        // Extra spaces and a wide space do not confuse the split.
        assert_eq!(complete(&game, &format!("{first}\u{3000}")), expected);
    }

    #[test]
    fn autocomplete_offers_nothing_after_an_illegal_earlier_move() {
        let game = fibonacci();
        assert!(complete(&game, "a6-a5 b").is_empty());
        assert!(complete(&game, "zz9 b").is_empty());
        assert!(complete(&game, "xyz").is_empty());
    }
}
