//! `/premove`: conditional moves (the service's `premove` module), answered to the player alone,
//! the words of the replies they play, and their refusals (`premove.ftl`).

use poise::serenity_prelude as serenity;

use super::present::{Presenter, game_message, mention};
use super::reply::{Answer, Message};
use super::{BotError, Context, answer, invoker, lang};
use crate::app::{MAX_PREMOVE_LINES, MoveOutcome, Premoves};
use crate::i18n::Lang;
use crate::tr;

/// A line as the list shows it, at most this many characters.
const SHOWN_LINE: usize = 90;

/// Conditional moves: "if they play this, I reply that", played at once when they do.
#[poise::command(slash_command)]
pub async fn premove(
    ctx: Context<'_>,
    #[description = "Their turn ; your reply ; their turn ; your reply … (at most 10 pairs)"]
    #[max_length = 2000]
    line: Option<String>,
    #[description = "Show your conditional moves in this game"] list: Option<bool>,
    #[description = "Remove all your conditional moves in this game"] clear: Option<bool>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, channel, _) = invoker(ctx);
    let lang = lang::of(ctx).user;
    answer(ctx, "premove", async move {
        let text = match (line, clear == Some(true)) {
            (Some(_), true) => tr!(lang, "premove-refused-both"),
            (Some(line), false) => {
                let kept = data.service.add_premove(channel, user, &line).await?;
                let added = kept.lines.last().map(|l| added(lang, &kept, l));
                format!("{}\n{}", added.unwrap_or_default(), listing(lang, &kept))
            }
            (None, true) => {
                let cleared = data.service.clear_premoves(channel, user).await?;
                tr!(lang, "premove-cleared", count = cleared)
            }
            (None, false) => {
                // `list:` or nothing at all: the lines.
                let _ = list;
                listing(lang, &data.service.premoves(channel, user).await?)
            }
        };
        Ok(Answer::private(Message::text(text)))
    })
    .await
}

/// What a line just kept does.
fn added(lang: Lang, kept: &Premoves, line: &[String]) -> String {
    tr!(
        lang,
        "premove-added",
        opponent = mention(kept.opponent),
        theirs = line[0].as_str(),
        reply = line[1].as_str(),
        more = line.len() / 2 - 1
    )
}

/// A player's lines, numbered, each `their turn → your reply ; …`.
fn listing(lang: Lang, premoves: &Premoves) -> String {
    if premoves.lines.is_empty() {
        return tr!(
            lang,
            "premove-list-none",
            opponent = mention(premoves.opponent)
        );
    }
    let mut text = tr!(
        lang,
        "premove-list-head",
        opponent = mention(premoves.opponent),
        count = premoves.lines.len(),
        max = MAX_PREMOVE_LINES
    );
    for (n, line) in premoves.lines.iter().enumerate() {
        let pairs: Vec<String> = line
            .chunks(2)
            .map(|pair| format!("{} → {}", pair[0], pair.get(1).map_or("", String::as_str)))
            .collect();
        let mut shown = pairs.join(" ; ");
        if shown.chars().count() > SHOWN_LINE {
            shown = shown.chars().take(SHOWN_LINE - 1).collect::<String>() + "…";
        }
        text.push_str(&format!("\n{}. `{shown}`", n + 1));
    }
    text
}

/// The boards of the conditional replies a move met, each marked as one, for the messages that
/// follow the move's own board.
pub async fn reply_boards(
    http: &serenity::Http,
    presenter: &Presenter,
    lang: Lang,
    outcome: &MoveOutcome,
) -> Vec<Message> {
    let mut boards = Vec::new();
    for reply in &outcome.replies {
        let headline = tr!(
            lang,
            "premove-played",
            player = mention(reply.user),
            moves = reply.moves.as_str()
        );
        boards.push(game_message(http, presenter, lang, &headline, &reply.view).await);
    }
    boards
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_answer_is_worded_in_both_languages() {
        let kept = Premoves {
            game_id: 1,
            opponent: 42,
            lines: vec![
                vec!["a".into(), "b".into()],
                vec!["c".into(), "d".into(), "e".into(), "f".into()],
            ],
        };
        let shown = listing(Lang::En, &kept);
        assert!(
            shown.contains("\n1. `a → b`\n2. `c → d ; e → f`"),
            "{shown}"
        );
        assert!(added(Lang::En, &kept, &kept.lines[1]).contains("<@42>"));
        let none = Premoves {
            lines: Vec::new(),
            ..kept
        };
        assert_ne!(listing(Lang::En, &none), listing(Lang::Fr, &none));
    }
}
