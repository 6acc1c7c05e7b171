//! `/puzzle`: a rated puzzle for the user alone (`game:`, `level:`), its answer (`answer:`), the
//! Give up and Next puzzle buttons, and the daily puzzle of a server (`daily:` or
//! `daily_off:True`, for members with Manage Server, in a server that installed the bot) with
//! its post's Solve button. Puzzles are offered wherever `/learn` is: the DM with the bot too.

use poise::serenity_prelude as serenity;

use super::access;
use super::buttons::Button;
use super::choices::Choice;
use super::present::{Presenter, mention, picture, timestamp};
use super::reply::{Answer, Message, Target, respond};
use super::{BotError, Context, Data, invoker, lang};
use crate::app::{
    Answered, AppError, DailyPost, GaveUp, Place, PuzzleRefusal, PuzzleStanding, PuzzleView,
    Refusal, day_number, day_of_number,
};
use crate::engine::{Codec, GameKind};
use crate::i18n::Lang;
use crate::puzzles::{Goal, Grade, Miss, Puzzle};
use crate::rating::{Rating, round};
use crate::render::{BoardInfo, RenderOptions};
use crate::tr;
use crate::words::side_name;

/// A rated puzzle: find the turn that wins, or that takes the most pieces.
// Poise takes each slash command option as its own argument.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn puzzle(
    ctx: Context<'_>,
    #[description = "Which game (the game of your last puzzle, else Fibonacci)"] game: Option<
        Choice<GameKind>,
    >,
    #[description = "easy, medium or hard (by default, near your puzzle rating)"] level: Option<
        Choice<Grade>,
    >,
    #[description = "Your answer to your open puzzle: a whole turn, as /move takes it"]
    #[max_length = 300]
    #[autocomplete = "autocomplete_answer"]
    answer: Option<String>,
    #[description = "Manage Server: post a puzzle in this channel every day at 12:00 UTC"]
    #[channel_types("Text", "News")]
    daily: Option<serenity::PartialChannel>,
    #[description = "Manage Server: stop this server's daily puzzle"] daily_off: Option<bool>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, here, guild) = invoker(ctx);
    let lang = lang::of(ctx).user;
    let http = ctx.serenity_context().http.clone();
    let manager = access::manager(ctx);
    let app_permissions = match ctx {
        poise::Context::Application(a) => a.interaction.app_permissions,
        poise::Context::Prefix(_) => None,
    };
    // The daily puzzle is posted in a channel of a server that installed the bot.
    let in_server = match ctx {
        poise::Context::Application(a) => Target::Command(a.interaction).place() == Place::Server,
        poise::Context::Prefix(_) => false,
    };
    let daily_off = daily_off == Some(true);
    let opens = game.is_some() || level.is_some();
    super::answer(ctx, "puzzle", async move {
        let asked = [opens, answer.is_some(), daily.is_some() || daily_off];
        if asked.iter().filter(|&&a| a).count() > 1 || (daily.is_some() && daily_off) {
            return Ok(Answer::notice(tr!(lang, "puzzle-refused-mixed")));
        }
        if let Some(text) = answer {
            let answered = data.service.answer_puzzle(user, &text).await?;
            return Ok(answered_message(lang, &answered));
        }
        if daily.is_some() || daily_off {
            if !in_server {
                return Ok(Answer::notice(tr!(lang, "puzzle-refused-daily-server")));
            }
            if !manager {
                return Ok(Answer::notice(tr!(lang, "puzzle-refused-manager")));
            }
            let channel = daily.map(|c| c.id.get());
            return set_daily(
                data,
                &http,
                lang,
                guild,
                user,
                channel,
                here,
                app_permissions,
            )
            .await;
        }
        let view = data
            .service
            .open_puzzle(user, game.map(|g| g.0), level.map(|l| l.0))
            .await?;
        Ok(puzzle_answer(data, lang, user, &view).await)
    })
    .await
}

/// Completes `answer:` with the legal moves of the user's open puzzle (as `/move` does).
async fn autocomplete_answer(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let user = ctx.author().id.get();
    let service = ctx.data().service.clone();
    let lookup = async move { service.open_puzzle_game(user).await };
    super::play::complete_from(lookup, partial).await
}

/// Sets or stops the daily puzzle, after checking the bot may post in the channel: a message
/// there says so (and Discord's refusal of it names what is missing).
// The command's facts, each its own argument.
#[allow(clippy::too_many_arguments)]
async fn set_daily(
    data: &Data,
    http: &serenity::Http,
    lang: Lang,
    guild: u64,
    user: u64,
    channel: Option<u64>,
    here: u64,
    app_permissions: Option<serenity::Permissions>,
) -> Result<Answer, AppError> {
    let Some(channel) = channel else {
        let before = data.service.set_daily_puzzle(guild, None, user).await?;
        return Ok(Answer::notice(match before {
            Some(before) => tr!(lang, "puzzle-daily-off", channel = format!("<#{before}>")),
            None => tr!(lang, "puzzle-daily-none"),
        }));
    };
    let named = format!("<#{channel}>");
    let need = access::BASE | serenity::Permissions::SEND_MESSAGES;
    if channel == here {
        // Discord said what the bot may do here.
        let missing = access::missing(app_permissions, need);
        if !missing.is_empty() {
            return Ok(Answer::notice(tr!(
                lang,
                "puzzle-refused-daily-channel",
                channel = named,
                missing = access::missing_text(lang, missing)
            )));
        }
    }
    let server_lang = data.presenter.languages.guild(guild);
    let hello = Message::text(tr!(server_lang, "puzzle-daily-here", user = mention(user)));
    if let Err(e) = super::reply::post(http, channel, &hello).await {
        let text = match refused_for(&e) {
            Some(missing) => tr!(
                lang,
                "puzzle-refused-daily-channel",
                channel = named,
                missing = access::missing_text(lang, missing)
            ),
            None => tr!(
                lang,
                "puzzle-refused-daily-unknown",
                channel = named,
                reason = e.to_string().chars().take(120).collect::<String>()
            ),
        };
        return Ok(Answer::notice(text));
    }
    data.service
        .set_daily_puzzle(guild, Some(channel), user)
        .await?;
    let noon = next_noon(data.service.now());
    Ok(Answer::notice(tr!(
        lang,
        "puzzle-daily-set",
        channel = named,
        time = timestamp(noon, 't')
    )))
}

/// The next 12:00 UTC from `now`.
fn next_noon(now: chrono::DateTime<chrono::Utc>) -> chrono::DateTime<chrono::Utc> {
    let today = now
        .date_naive()
        .and_hms_opt(crate::app::DAILY_HOUR, 0, 0)
        .unwrap_or_default()
        .and_utc();
    if today > now {
        today
    } else {
        today + chrono::Duration::days(1)
    }
}

/// The permission Discord's refusal of a post means: no access at all (50001) is View
/// Channel; a post refused with access (50013) is Send Messages.
fn refused_for(error: &serenity::Error) -> Option<serenity::Permissions> {
    let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) = error else {
        return None;
    };
    match response.error.code {
        50001 => Some(serenity::Permissions::VIEW_CHANNEL),
        50013 => Some(serenity::Permissions::SEND_MESSAGES),
        _ => None,
    }
}

/// What the puzzle asks, in `lang`.
fn goal_text(lang: Lang, puzzle: &Puzzle) -> String {
    let side = puzzle
        .game()
        .map(|g| side_name(lang, puzzle.config.kind(), g.side_to_move()))
        .unwrap_or_default();
    match puzzle.goal {
        Goal::Win => tr!(lang, "puzzle-goal-win", side = side),
        Goal::Capture(best) => tr!(lang, "puzzle-goal-capture", side = side, best = best),
    }
}

fn level_word(lang: Lang, puzzle: &Puzzle) -> String {
    let grade = puzzle.grade().unwrap_or(Grade::Medium);
    tr!(lang, &format!("choice-{}", grade.as_str()))
}

/// The rating change as players read it: `+12` or `−7`.
fn signed(change: f64) -> String {
    let n = round(change);
    if n >= 0 {
        format!("+{n}")
    } else {
        format!("−{}", -n)
    }
}

fn game_title(_lang: Lang, kind: GameKind) -> String {
    kind.title().to_string()
}

/// The board of a puzzle, drawn with the sides' names.
async fn board(
    presenter: &Presenter,
    lang: Lang,
    puzzle: &Puzzle,
    options: RenderOptions,
) -> Option<serenity::CreateAttachment> {
    let game = puzzle.game().ok()?;
    // Unnamed players: the header shows the colours alone.
    let info = BoardInfo {
        note: Some(tr!(lang, "puzzle-picture-note", id = puzzle.id.as_str())),
        lang,
        ..BoardInfo::default()
    };
    picture(
        &presenter.pictures,
        game,
        info,
        options,
        format!("{}.png", puzzle.id),
    )
    .await
}

/// The puzzle as `user` alone sees it, its board in their colours.
async fn puzzle_answer(data: &Data, lang: Lang, user: u64, view: &PuzzleView) -> Answer {
    let options = data.service.picture_options(user).await;
    Answer::private(puzzle_message(&data.presenter, lang, view, options).await)
}

/// The puzzle as its user sees it: head, goal, position, how to answer, the board (in the
/// user's colours, `options`), Give up.
async fn puzzle_message(
    presenter: &Presenter,
    lang: Lang,
    view: &PuzzleView,
    options: RenderOptions,
) -> Message {
    let puzzle = &view.puzzle;
    let mut lines = Vec::new();
    if let Some((id, change)) = &view.left {
        lines.push(tr!(
            lang,
            "puzzle-left",
            id = id.as_str(),
            change = signed(*change)
        ));
    }
    if view.daily {
        lines.push(tr!(lang, "puzzle-daily-opened"));
    }
    lines.push(tr!(
        lang,
        "puzzle-head",
        id = puzzle.id.as_str(),
        level = level_word(lang, puzzle),
        rating = view.rating.shown()
    ));
    lines.push(goal_text(lang, puzzle));
    lines.push(format!("```\n{}\n{}\n```", puzzle.config, puzzle.position));
    if !view.rated {
        lines.push(tr!(lang, "puzzle-unrated"));
    }
    lines.push(standing_line(lang, &view.standing));
    lines.push(tr!(lang, "puzzle-how"));
    let row = serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(Button::GiveUpPuzzle(view.attempt).custom_id())
            .label(tr!(lang, "puzzle-give-up"))
            .style(serenity::ButtonStyle::Secondary),
    ]);
    Message::text(lines.join("\n"))
        .file(board(presenter, lang, puzzle, options).await)
        .components(vec![row])
}

fn standing_line(lang: Lang, standing: &PuzzleStanding) -> String {
    tr!(
        lang,
        "puzzle-standing",
        game = game_title(lang, standing.game),
        rating = standing.rating.shown(),
        streak = standing.streak
    )
}

/// The rating after an answer: with its change when the answer was rated.
fn rating_line(lang: Lang, change: Option<f64>, standing: &PuzzleStanding) -> String {
    match change {
        Some(change) => tr!(
            lang,
            "puzzle-rating-change",
            rating = standing.rating.shown(),
            change = signed(change),
            streak = standing.streak
        ),
        None => tr!(
            lang,
            "puzzle-rating-now",
            rating = standing.rating.shown(),
            streak = standing.streak
        ),
    }
}

/// The Next puzzle button (of the same game).
fn next_row(lang: Lang, game: GameKind) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(Button::NextPuzzle(game.index() as i64).custom_id())
            .label(tr!(lang, "puzzle-next"))
            .style(serenity::ButtonStyle::Primary),
    ])
}

fn answered_message(lang: Lang, answered: &Answered) -> Answer {
    let id = answered.puzzle.as_str();
    let rating = rating_line(lang, answered.change, &answered.standing);
    let Some(miss) = &answered.miss else {
        let head = if answered.change.is_some() {
            tr!(lang, "puzzle-solved", id = id)
        } else {
            tr!(lang, "puzzle-solved-late", id = id)
        };
        return Answer::private(
            Message::text(format!("{head}\n{rating}"))
                .components(vec![next_row(lang, answered.standing.game)]),
        );
    };
    let why = match miss {
        Miss::Captured { got, best } => {
            tr!(lang, "puzzle-missed-captured", got = *got, best = *best)
        }
        _ => tr!(lang, "puzzle-missed-no-win"),
    };
    Answer::notice(format!(
        "{why}\n{rating}\n{}",
        tr!(lang, "puzzle-missed-open")
    ))
}

fn gave_up_message(lang: Lang, gave_up: &GaveUp) -> Answer {
    Answer::private(
        Message::text(format!(
            "{}\n{}",
            tr!(
                lang,
                "puzzle-gave-up",
                id = gave_up.puzzle.as_str(),
                solution = gave_up.solution.as_str()
            ),
            rating_line(lang, gave_up.change, &gave_up.standing)
        ))
        .components(vec![next_row(lang, gave_up.standing.game)]),
    )
}

/// The buttons of puzzles: Give up, Next puzzle, and Solve under a daily post.
pub async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    button: Button,
) -> Result<(), BotError> {
    let lang = lang::of_component(&data.presenter.languages, interaction).user;
    let user = interaction.user.id.get();
    let guild = interaction.guild_id.map_or(0, |g| g.get());
    let work = async {
        match button {
            Button::GiveUpPuzzle(attempt) => {
                let gave_up = data.service.give_up_puzzle(user, attempt).await?;
                Ok(gave_up_message(lang, &gave_up))
            }
            Button::NextPuzzle(game) => {
                let game = usize::try_from(game)
                    .ok()
                    .and_then(|i| GameKind::ALL.get(i).copied())
                    .ok_or(Refusal::Puzzle(PuzzleRefusal::NotOpen))?;
                let view = data.service.open_puzzle(user, Some(game), None).await?;
                Ok(puzzle_answer(data, lang, user, &view).await)
            }
            Button::DailyPuzzle(day) => {
                let day = day_of_number(day).ok_or(Refusal::Puzzle(PuzzleRefusal::NoDaily))?;
                let view = data.service.open_daily_puzzle(user, guild, day).await?;
                Ok(puzzle_answer(data, lang, user, &view).await)
            }
            _ => Err::<Answer, AppError>(Refusal::Puzzle(PuzzleRefusal::NotOpen).into()),
        }
    };
    respond(
        &ctx.http,
        Target::Component(interaction),
        lang,
        data,
        "puzzle button",
        work,
    )
    .await?;
    Ok(())
}

/// The public post of a day's puzzle: what it asks, the previous one's solvers, the board, and
/// the Solve button.
pub async fn daily_message(presenter: &Presenter, lang: Lang, post: &DailyPost) -> Message {
    let puzzle = &post.puzzle;
    let mut lines = vec![tr!(
        lang,
        "puzzle-daily-post",
        date = post.day.format("%Y-%m-%d").to_string(),
        game = crate::words::describe(lang, &puzzle.config),
        rating = Rating::shown(post.rating)
    )];
    lines.push(goal_text(lang, puzzle));
    lines.push(format!("```\n{}\n{}\n```", puzzle.config, puzzle.position));
    if let Some((id, count)) = &post.previous {
        lines.push(tr!(
            lang,
            "puzzle-daily-previous",
            id = id.as_str(),
            count = *count
        ));
    }
    lines.push(tr!(lang, "puzzle-daily-try"));
    let row = serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(Button::DailyPuzzle(day_number(post.day)).custom_id())
            .label(tr!(lang, "puzzle-solve"))
            .style(serenity::ButtonStyle::Primary),
    ]);
    Message::text(lines.join("\n"))
        .file(board(presenter, lang, puzzle, RenderOptions::default()).await)
        .components(vec![row])
}

/// The scheduler's look at the daily puzzles: posts each one owed (claimed, so that another
/// process posts the others), and marks it posted once Discord took it.
pub async fn post_daily(
    service: &crate::app::Service,
    http: &serenity::Http,
    presenter: &Presenter,
) {
    loop {
        let posts = match service.claim_daily_posts(10).await {
            Ok(posts) if posts.is_empty() => return,
            Ok(posts) => posts,
            Err(e) => {
                tracing::warn!(error = %crate::app::chain(&e), "could not read the daily puzzles owed");
                return;
            }
        };
        for post in posts {
            let lang = presenter.languages.guild(post.guild);
            let message = daily_message(presenter, lang, &post).await;
            let mut posted = super::reply::post(http, post.channel, &message).await;
            if let Err(e) = &posted
                && refused_for(e) == Some(serenity::Permissions::SEND_MESSAGES)
            {
                // Refused with access: perhaps only the picture (Attach Files). The puzzle
                // plays without it (the position is in the text, Solve shows the board), and
                // the post says what to grant.
                let lacking = tr!(
                    lang,
                    "puzzle-daily-no-picture",
                    missing = access::missing_text(lang, serenity::Permissions::ATTACH_FILES)
                );
                let text = Message::text(format!("{}\n{lacking}", message.content))
                    .components(message.components.clone());
                posted = super::reply::post(http, post.channel, &text).await;
            }
            let sent = match posted {
                Ok(sent) => Some(sent.id.get()),
                Err(e) if post.last_try => {
                    tracing::error!(guild = post.guild, error = %e, "giving up a daily puzzle Discord keeps refusing");
                    None
                }
                Err(e) => {
                    // Left claimed: tried again after its lease.
                    tracing::warn!(guild = post.guild, error = %e, "could not post a daily puzzle; it will be tried again");
                    continue;
                }
            };
            if let Err(e) = service.daily_posted(post.guild, post.day, sent).await {
                tracing::warn!(guild = post.guild, error = %crate::app::chain(&e), "could not mark a daily puzzle posted");
            }
        }
    }
}
