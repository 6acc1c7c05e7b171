//! The move panel (issue 35): the **Play** button under every board opens, for the player to
//! move, a private panel of menus: the pieces that can move, then their moves (exchanges and
//! captures said in words), End turn / Stop here and Undo. Every pick is one service call
//! carrying the moment the panel was built from ([`PanelKey`]); the panel then shows the new
//! position, and when the turn is over the board and the next player's ping go to the channel
//! as after `/move`.

use poise::serenity_prelude as serenity;

use super::buttons::{Button, PanelPart};
use super::present::{board_png_marked, mention, side_name};
use super::reply::{Answer, Message, Target, respond};
use super::{BotError, Data, lang};
use crate::app::{
    AppError, GameView, MENU_LIMIT, MenuMove, MoveEffect, MoveOutcome, PanelKey, Pick, Refusal,
    by_piece, menu_moves, pieces,
};
use crate::engine::fibonacci;
use crate::i18n::{Lang, Langs};
use crate::tr;

/// Discord's limits on a select option's label and description.
const MAX_OPTION_TEXT: usize = 100;

/// The Play button under a board of game `game`.
pub async fn on_play(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    game: i64,
) -> Result<(), BotError> {
    let langs = lang::of_component(&data.presenter.languages, interaction);
    let user = interaction.user.id.get();
    let channel = interaction.channel_id.get();
    let work = async {
        let view = data.service.panel_game(channel, game).await?;
        if let Some(refusal) = not_theirs(langs.user, &view, user) {
            return Ok::<_, AppError>(Answer::notice(refusal));
        }
        Ok(Answer::private(
            panel(&ctx.http, data, langs.user, &view, None, None).await,
        ))
    };
    respond(
        &ctx.http,
        Target::Component(interaction),
        langs.user,
        data,
        "play button",
        work,
    )
    .await?;
    Ok(())
}

/// A pick on a move panel built at `key`.
pub async fn on_pick(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    (what, key): (PanelPart, PanelKey),
) -> Result<(), BotError> {
    let langs = lang::of_component(&data.presenter.languages, interaction);
    let picked = match &interaction.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let work = pick(ctx, data, interaction, langs, (what, key), picked);
    respond(
        &ctx.http,
        Target::Component(interaction),
        langs.user,
        data,
        "panel",
        work,
    )
    .await?;
    Ok(())
}

async fn pick(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    langs: Langs,
    (what, key): (PanelPart, PanelKey),
    picked: Option<String>,
) -> Result<Answer, AppError> {
    let user = interaction.user.id.get();
    let channel = interaction.channel_id.get();
    let lang = langs.user;
    // The clicked panel is the player's own (ephemeral): it is replaced in place. Anything else
    // (a forged id on a public message) is answered privately and left alone.
    let own = interaction
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let shown = |answer: Answer| if own { in_place(answer) } else { answer };
    let pick = match (what, picked) {
        (PanelPart::Piece, Some(point)) => {
            let view = data.service.panel_game(channel, key.game).await?;
            if PanelKey::of(&view) != key {
                return refreshed(ctx, data, lang, channel, user, key, own).await;
            }
            if let Some(refusal) = not_theirs(lang, &view, user) {
                return Ok(Answer::notice(refusal));
            }
            let chosen = Some(point.as_str());
            let message = panel(&ctx.http, data, lang, &view, chosen, None).await;
            return Ok(shown(Answer::private(message)));
        }
        (PanelPart::Move, Some(word)) => Pick::Move(word),
        (PanelPart::End, _) => Pick::End,
        (PanelPart::Undo, _) => Pick::Undo,
        (PanelPart::Swap, _) => Pick::Swap,
        // A menu's id on a button, or a menu sent with nothing picked.
        (PanelPart::Piece | PanelPart::Move, None) => return Err(Refusal::PanelStale.into()),
    };
    let undo = pick == Pick::Undo;
    let outcome = match data.service.pick(channel, user, key, pick).await {
        Err(AppError::Refused(Refusal::PanelStale)) => {
            return refreshed(ctx, data, lang, channel, user, key, own).await;
        }
        other => other?,
    };
    let view = &outcome.view;
    let done = view.outcome.is_some() || outcome.turn_passed;
    let said = outcome
        .played
        .iter()
        .map(|p| p.notation())
        .collect::<Vec<_>>()
        .join(" ");
    if !done {
        let note = if undo {
            tr!(lang, "panel-took-back", played = said)
        } else {
            tr!(lang, "panel-played", played = said)
        };
        let message = panel(&ctx.http, data, lang, view, None, Some(note)).await;
        return Ok(shown(Answer::private(message)));
    }
    Ok(turn_over(ctx, data, langs, user, &outcome, own).await)
}

/// A turn ended from the panel: the panel says so and loses its menus; the board, the replies
/// and the ping go to the channel as after `/move`.
async fn turn_over(
    ctx: &serenity::Context,
    data: &Data,
    langs: Langs,
    user: u64,
    outcome: &MoveOutcome,
    own: bool,
) -> Answer {
    let turn = outcome
        .own_view()
        .last_turn
        .iter()
        .map(|p| p.notation())
        .collect::<Vec<_>>()
        .join(" ");
    let headline = super::play::played_headline(langs.guild, user, outcome, &turn);
    let public = super::play::changed(&ctx.http, data, langs.guild, headline, outcome).await;
    let closed = Message::text(tr!(langs.user, "panel-turn-done", moves = turn));
    let mut answer = if own {
        in_place(Answer::private(closed))
    } else {
        Answer::private(closed)
    };
    answer.then = std::iter::once(public.first).chain(public.then).collect();
    answer.retire = public.retire;
    answer
}

/// A panel that no longer matches its game: the current one instead, saying why.
async fn refreshed(
    ctx: &serenity::Context,
    data: &Data,
    lang: Lang,
    channel: u64,
    user: u64,
    key: PanelKey,
    own: bool,
) -> Result<Answer, AppError> {
    let view = data.service.panel_game(channel, key.game).await?;
    let stale = crate::words::refusal(lang, &super::markup::Mentions, &Refusal::PanelStale);
    if let Some(refusal) = not_theirs(lang, &view, user) {
        return Ok(Answer::notice(format!("{stale}\n{refusal}")));
    }
    let message = panel(&ctx.http, data, lang, &view, None, Some(stale)).await;
    Ok(if own {
        in_place(Answer::private(message))
    } else {
        Answer::private(message)
    })
}

/// Replaces the clicked (ephemeral) panel: an update keeps the message's flags, and
/// [`respond`] updates only answers not marked private.
fn in_place(mut answer: Answer) -> Answer {
    answer.ephemeral = false;
    answer.updating()
}

/// Why `user` may not use the panel of `view` now, if they may not.
fn not_theirs(lang: Lang, view: &GameView, user: u64) -> Option<String> {
    let side = view.game.side_to_move();
    if view.ai.is_some_and(|(ai, _)| ai == side) {
        return Some(tr!(lang, "panel-ai-thinking"));
    }
    let to_move = view.player(side);
    (to_move != user).then(|| {
        tr!(
            lang,
            "panel-not-yours",
            player = mention(to_move),
            side = side_name(lang, view.game.kind(), side)
        )
    })
}

/// The panel of `view` for the player to move, with the piece `chosen` (if any) and a `note`
/// on top (what was just played, or why the panel was refreshed).
async fn panel(
    http: &serenity::Http,
    data: &Data,
    lang: Lang,
    view: &GameView,
    chosen: Option<&str>,
    note: Option<String>,
) -> Message {
    let moves = menu_moves(&view.game);
    let grouped = by_piece(view.game.kind(), &moves);
    let points = pieces(&moves);
    let chosen = chosen.filter(|c| grouped && points.iter().any(|p| p == c));
    let key = PanelKey::of(view);
    let kind = view.game.kind();
    let side = view.game.side_to_move();

    let mut lines: Vec<String> = note.into_iter().collect();
    let mut head = tr!(
        lang,
        "panel-head",
        turn = view.game.turn_number(),
        side = side_name(lang, kind, side)
    );
    if let Some(left) = view.game.moves_left() {
        head.push(' ');
        head.push_str(&tr!(lang, "panel-moves-left", left = left));
    }
    lines.push(head);
    let so_far = turn_so_far(view);
    if !so_far.is_empty() {
        lines.push(tr!(lang, "panel-so-far", moves = so_far.clone()));
    }
    lines.push(if moves.is_empty() {
        tr!(lang, "panel-no-moves")
    } else if view.game.chain_in_progress() {
        let point = moves[0].from.clone().unwrap_or_default();
        tr!(lang, "panel-chain", point = point)
    } else if let Some(point) = chosen {
        tr!(lang, "panel-piece-chosen", point = point)
    } else if grouped {
        tr!(lang, "panel-pick-piece")
    } else {
        tr!(lang, "panel-pick-move")
    });

    let mut rows = Vec::new();
    if grouped {
        rows.push(piece_menu(lang, key, &moves, &points, chosen));
    }
    if !grouped || chosen.is_some() {
        let offered: Vec<&MenuMove> = moves
            .iter()
            .filter(|m| chosen.is_none() || m.from.as_deref() == chosen)
            .take(MENU_LIMIT)
            .collect();
        if !offered.is_empty() {
            rows.push(move_menu(lang, kind, key, &offered));
        }
    }
    let buttons = buttons(lang, view, key, !so_far.is_empty());
    if !buttons.is_empty() {
        rows.push(serenity::CreateActionRow::Buttons(buttons));
    }
    // A panel is only ever shown to the player to move: in their colours.
    let options = data.service.picture_options(view.player(side)).await;
    let board = board_png_marked(
        http,
        &data.presenter,
        lang,
        view,
        chosen.map(str::to_string),
        options,
    )
    .await;
    Message::text(lines.join("\n")).file(board).components(rows)
}

/// The moves of the turn in progress, by the player to move.
fn turn_so_far(view: &GameView) -> String {
    let in_progress = view.last_turn.last().is_some_and(|p| !p.turn_ended());
    if !in_progress {
        return String::new();
    }
    view.last_turn
        .iter()
        .map(|p| p.notation())
        .collect::<Vec<_>>()
        .join(" ")
}

fn custom_id(what: PanelPart, key: PanelKey) -> String {
    Button::Panel { what, key }.custom_id()
}

fn cut(text: String) -> String {
    if text.chars().count() <= MAX_OPTION_TEXT {
        return text;
    }
    text.chars().take(MAX_OPTION_TEXT - 1).collect::<String>() + "…"
}

fn kind_word(lang: Lang, kind: fibonacci::Kind) -> String {
    tr!(lang, &format!("board-legend-{}", kind.name()))
}

/// The menu of the pieces that can move.
fn piece_menu(
    lang: Lang,
    key: PanelKey,
    moves: &[MenuMove],
    points: &[String],
    chosen: Option<&str>,
) -> serenity::CreateActionRow {
    let options = points
        .iter()
        .take(MENU_LIMIT)
        .map(|point| {
            let from_here: Vec<&MenuMove> = moves
                .iter()
                .filter(|m| m.from.as_deref() == Some(point))
                .collect();
            let label = match from_here.first().and_then(|m| m.piece) {
                Some(kind) => tr!(
                    lang,
                    "panel-piece",
                    point = point.clone(),
                    kind = kind_word(lang, kind)
                ),
                None => point.clone(),
            };
            let count = from_here.len();
            serenity::CreateSelectMenuOption::new(cut(label), point.clone())
                .description(cut(tr!(lang, "panel-piece-moves", count = count)))
                .default_selection(chosen == Some(point.as_str()))
        })
        .collect();
    serenity::CreateActionRow::SelectMenu(
        serenity::CreateSelectMenu::new(
            custom_id(PanelPart::Piece, key),
            serenity::CreateSelectMenuKind::String { options },
        )
        .placeholder(tr!(lang, "panel-menu-piece")),
    )
}

/// The menu of moves: each labelled `from → to`, with what it does.
fn move_menu(
    lang: Lang,
    kind: crate::engine::GameKind,
    key: PanelKey,
    moves: &[&MenuMove],
) -> serenity::CreateActionRow {
    let options = moves
        .iter()
        .map(|m| {
            let label = match &m.from {
                Some(from) => tr!(lang, "panel-move", from = from.clone(), to = m.to.clone()),
                None => m.to.clone(),
            };
            let mut said = vec![match m.effect {
                MoveEffect::Plain => tr!(lang, "panel-quiet"),
                MoveEffect::Exchange { side, kind: piece } => tr!(
                    lang,
                    "panel-exchange",
                    side = side_name(lang, kind, side),
                    kind = kind_word(lang, piece)
                ),
                MoveEffect::Capture { approach, pieces } => tr!(
                    lang,
                    if approach {
                        "panel-approach"
                    } else {
                        "panel-withdrawal"
                    },
                    pieces = pieces
                ),
            }];
            if m.wins {
                said.push(tr!(lang, "panel-wins"));
            }
            serenity::CreateSelectMenuOption::new(cut(label), m.notation.clone())
                .description(cut(said.join(" · ")))
        })
        .collect();
    serenity::CreateActionRow::SelectMenu(
        serenity::CreateSelectMenu::new(
            custom_id(PanelPart::Move, key),
            serenity::CreateSelectMenuKind::String { options },
        )
        .placeholder(tr!(lang, "panel-menu-move")),
    )
}

/// End turn (or Stop here in a capture chain) where the rules allow it now, and Undo once the
/// player has moved in this turn.
fn buttons(lang: Lang, view: &GameView, key: PanelKey, moved: bool) -> Vec<serenity::CreateButton> {
    let mut buttons = Vec::new();
    if view.game.clone().end_turn().is_ok() {
        let label = if view.game.chain_in_progress() {
            "panel-stop"
        } else {
            "panel-end-turn"
        };
        buttons.push(
            serenity::CreateButton::new(custom_id(PanelPart::End, key))
                .label(tr!(lang, label))
                .style(serenity::ButtonStyle::Success),
        );
    }
    if view.game.may_swap() {
        buttons.push(
            serenity::CreateButton::new(custom_id(PanelPart::Swap, key))
                .label(tr!(lang, "panel-swap"))
                .style(serenity::ButtonStyle::Primary),
        );
    }
    if moved {
        buttons.push(
            serenity::CreateButton::new(custom_id(PanelPart::Undo, key))
                .label(tr!(lang, "panel-undo"))
                .style(serenity::ButtonStyle::Secondary),
        );
    }
    buttons
}
