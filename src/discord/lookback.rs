//! Looking back at a game: `/replay` (an animated GIF of the whole game) and the move browser
//! under `/history` (the board after any turn, for whoever asks).

use poise::serenity_prelude as serenity;

use super::buttons::{Button, Nav};
use super::present::{banner, board_note, describe, mention, picture, side_name};
use super::reply::{Answer, Message, Target, respond};
use super::{BotError, Context, Data, answer, invoker, lang};
use crate::app::{AppError, GameTurns, Refusal};
use crate::engine::Played;
use crate::i18n::Lang;
use crate::render::{BoardInfo, ReplayFrame};
use crate::tr;

/// How long each turn of a replay stays, in hundredths of a second.
const FRAME_DELAY: u16 = 100;
/// How long the last frame stays before the replay starts again.
const LAST_FRAME_DELAY: u16 = 400;

/// An animated replay of a game, from its start to now, as a GIF.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "Which game (this channel's by default)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let http = ctx.serenity_context().http.clone();
    let (_, channel, guild) = invoker(ctx);
    let lang = lang::of(ctx).guild;
    answer(ctx, "replay", async move {
        let turns = data.service.game_turns(guild, channel, game).await?;
        let names = player_names(&http, data, &turns).await;
        let frames = replay_frames(lang, names, &turns);
        let total = frames.len();
        let view = &turns.view;
        let mut text = tr!(
            lang,
            "replay-header",
            id = view.id.to_string(),
            game = describe(lang, &view.game.config()),
            turns = turns.turns.len()
        );
        let file = match data.presenter.pictures.replay(frames).await {
            Some((gif, shown)) => {
                if shown < total {
                    text.push('\n');
                    text.push_str(&tr!(lang, "replay-thinned", shown = shown, total = total));
                }
                Some(serenity::CreateAttachment::bytes(gif, "replay.gif"))
            }
            None => {
                text.push('\n');
                text.push_str(&tr!(lang, "game-no-picture"));
                None
            }
        };
        Ok(Answer::public(Message::text(text).file(file)))
    })
    .await
}

/// "turn 12 / 40" for the picture after the `n`-th turn played (0: the start position), in the
/// turn numbers of `/history`.
fn turn_counter(lang: Lang, turns: &GameTurns, n: usize) -> String {
    let number = |n: usize| {
        n.checked_sub(1)
            .and_then(|i| turns.turns.get(i))
            .map_or(0, |t| t.number)
    };
    tr!(
        lang,
        "replay-frame",
        turn = number(n),
        turns = number(turns.turns.len())
    )
}

/// The note of a picture of `turns` (a replay's frame, the move browser's board): the game's
/// length alone, since the picture's header already says which turn it is ("Turn 14 · Green to
/// move"), the one after the turn shown as played.
fn picture_counter(lang: Lang, turns: &GameTurns) -> String {
    let total = turns.turns.last().map_or(0, |t| t.number);
    tr!(lang, "replay-frame-total", turns = total)
}

/// The names shown on the boards of `turns`, as the board picture shows them.
async fn player_names(http: &serenity::Http, data: &Data, turns: &GameTurns) -> [String; 2] {
    let names = &data.presenter.names;
    let players = turns.view.players;
    [
        names.of(http, players[0]).await,
        names.of(http, players[1]).await,
    ]
}

/// One frame per turn after the start position, each saying how many turns the game has; the
/// last one is the board as `/board` draws it now (its banner and notes too), held longer.
pub fn replay_frames(lang: Lang, players: [String; 2], turns: &GameTurns) -> Vec<ReplayFrame> {
    let total = turns.turns.len();
    (0..=total)
        .filter_map(|n| {
            let (game, played) = turns.at(n)?;
            let counter = picture_counter(lang, turns);
            let last = n == total;
            let note = match board_note(lang, &turns.view).filter(|_| last) {
                Some(note) => format!("{counter} · {note}"),
                None => counter,
            };
            Some(ReplayFrame {
                game: game.clone(),
                info: BoardInfo {
                    players: players.clone(),
                    last_turn: played.to_vec(),
                    highlight: None,
                    banner: banner(lang, &turns.view).filter(|_| last),
                    note: Some(note),
                    lang,
                },
                delay: if last { LAST_FRAME_DELAY } else { FRAME_DELAY },
            })
        })
        .collect()
}

/// The ⏮ ◀ ▶ ⏭ row of the move browser, seen at `turn` of a game of `turns` turns: each button
/// names the turn it shows, and the buttons that would go nowhere are greyed out.
pub fn browser_row(game: i64, turn: u32, turns: u32) -> serenity::CreateActionRow {
    let buttons = Nav::ALL.map(|nav| {
        let (label, to) = match nav {
            Nav::First => ("⏮", 0),
            Nav::Back => ("◀", turn.saturating_sub(1)),
            Nav::Next => ("▶", (turn + 1).min(turns)),
            Nav::Last => ("⏭", turns),
        };
        serenity::CreateButton::new(
            Button::Browse {
                nav,
                game,
                turn: to,
            }
            .custom_id(),
        )
        .label(label)
        .style(serenity::ButtonStyle::Secondary)
        .disabled(to == turn)
    });
    serenity::CreateActionRow::Buttons(buttons.to_vec())
}

/// A click in the move browser: the board after `turn` of game `game`, for the clicker alone,
/// with the buttons that go on from there.
pub async fn on_browse(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    game: i64,
    turn: u32,
) -> Result<(), BotError> {
    super::names_from_interaction(data, interaction.member.as_ref(), &interaction.user);
    let langs = lang::of_component(&data.presenter.languages, interaction);
    let lang = langs.user;
    let guild = interaction.guild_id.map_or(0, |g| g.get());
    let channel = interaction.channel_id.get();
    let http = ctx.http.clone();
    let work = async {
        let turns = data.service.game_turns(guild, channel, Some(game)).await?;
        let count = turns.turns.len() as u32;
        let (position, played) = turns.at(turn as usize).ok_or(Refusal::NoSuchTurn {
            id: game,
            turn,
            turns: count,
        })?;
        let view = &turns.view;
        let kind = view.game.kind();
        let counter = turn_counter(lang, &turns, turn as usize);
        let text = match turn
            .checked_sub(1)
            .and_then(|i| turns.turns.get(i as usize))
        {
            None => tr!(lang, "browse-start", id = game, turns = count),
            Some(step) => tr!(
                lang,
                "browse-turn",
                id = game,
                counter = counter.as_str(),
                side = side_name(lang, kind, step.side),
                player = mention(step.user),
                moves = step
                    .played
                    .iter()
                    .map(Played::notation)
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        };
        let info = BoardInfo {
            players: player_names(&http, data, &turns).await,
            last_turn: played.to_vec(),
            highlight: None,
            banner: None,
            note: Some(picture_counter(lang, &turns)),
            lang,
        };
        // The browser is the clicker's alone: in their colours.
        let options = data
            .service
            .picture_options(interaction.user.id.get())
            .await;
        let image = picture(
            &data.presenter.pictures,
            position.clone(),
            info,
            options,
            format!("{kind}-{game}-turn-{turn}.png"),
        )
        .await;
        Ok::<_, AppError>(Answer::private(
            Message::text(text)
                .file(image)
                .components(vec![browser_row(game, turn, count)]),
        ))
    };
    respond(
        &ctx.http,
        Target::Component(interaction),
        lang,
        data,
        "browse button",
        work,
    )
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{GameClock, GameView, TurnStep};
    use crate::engine::{Config, Game, GameKind, Status};

    /// A Fibonacci game of `turns` whole turns, each of the first legal moves until it ends.
    fn played(turns: usize) -> GameTurns {
        let start = Game::new(Config::default_for(GameKind::Fibonacci), 7);
        let mut game = start.clone();
        let mut steps = Vec::new();
        while steps.len() < turns && game.status() == Status::Ongoing {
            let (number, side) = (game.turn_number(), game.side_to_move());
            let mut moves = Vec::new();
            loop {
                let legal = game.legal_moves();
                let Some(m) = legal.first() else { break };
                let p = game.play(m).expect("a legal move");
                let ended = p.turn_ended();
                moves.push(p);
                if ended || game.status() != Status::Ongoing {
                    break;
                }
            }
            steps.push(TurnStep {
                number,
                side,
                user: 1 + side.index() as u64,
                played: moves,
                after: game.clone(),
                complete: true,
            });
        }
        GameTurns {
            view: GameView {
                id: 1,
                version: 1,
                challenge: 1,
                guild: 1,
                channel: 1,
                players: [1, 2],
                game,
                last_turn: Vec::new(),
                outcome: None,
                draw_offer: None,
                ended_draw_offer: None,
                accepted_challenge: None,
                tournament: None,
                clock: GameClock::default(),
                follows: None,
                ai: None,
                rated: false,
                ratings: Vec::new(),
                interim: false,
            },
            start,
            turns: steps,
        }
    }

    /// Issue 58, point 4: a replay frame's header says the turn to play ("Turn 14 · Green to
    /// move"); its note names no other turn (it read "turn 13 / 31" beside "Turn 14").
    #[test]
    fn a_replay_frame_names_one_turn() {
        let turns = played(6);
        let total = turns.turns.last().map_or(0, |t| t.number);
        let frames = replay_frames(Lang::default(), ["A".into(), "B".into()], &turns);
        assert_eq!(frames.len(), turns.turns.len() + 1);
        for lang in [Lang::En, Lang::Fr] {
            for frame in replay_frames(lang, ["A".into(), "B".into()], &turns) {
                let note = frame.info.note.clone().expect("a note");
                let shown = frame.game.turn_number();
                let numbers = note
                    .split(|c: char| !c.is_ascii_digit())
                    .filter_map(|n| n.parse::<u32>().ok());
                for n in numbers {
                    assert!(
                        n == shown || n == total,
                        "{note:?} on the frame of turn {shown} (of {total})"
                    );
                }
            }
        }
    }
}
