//! `/learn`: interactive lessons, answered to the learner alone. Each step is a message with
//! the step's board, its explanation and task (`learn.ftl`), and the Hint, Show me, Back and
//! Next buttons; `/learn answer:` (completed from the legal moves of the step's position)
//! answers the lesson used last.

use poise::serenity_prelude as serenity;

use super::buttons::Button;
use super::choices::Choice;
use super::present::picture;
use super::reply::{Answer, Message, Target, respond};
use super::{BotError, Context, Data, invoker, lang};
use crate::app::{AppError, LessonAction, LessonEvent, LessonView};
use crate::engine::GameKind;
use crate::i18n::Lang;
use crate::render::BoardInfo;
use crate::tr;

/// Interactive lessons: a board, an explanation and a task per step.
#[poise::command(slash_command)]
pub async fn learn(
    ctx: Context<'_>,
    #[description = "Which game to learn (the lesson you used last by default)"] game: Option<
        Choice<GameKind>,
    >,
    #[description = "Which lesson (from 1); without, where you stopped"]
    #[min = 1]
    #[max = 99]
    lesson: Option<i64>,
    #[description = "Your answer to the step's task, in the game's notation"]
    #[max_length = 200]
    #[autocomplete = "autocomplete_answer"]
    answer: Option<String>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let (user, _, _) = invoker(ctx);
    let lang = lang::of(ctx).user;
    super::answer(ctx, "learn", async move {
        let view = match answer {
            Some(_) if game.is_some() || lesson.is_some() => {
                return Ok(Answer::notice(tr!(lang, "learn-refused-both")));
            }
            Some(text) => data.service.answer_lesson(user, &text).await?,
            None => {
                data.service
                    .open_lesson(user, game.map(|g| g.0), lesson)
                    .await?
            }
        };
        Ok(step_answer(data, lang, user, &view).await)
    })
    .await
}

/// Autocomplete for `answer:`: the legal moves of the step's position that match what was typed.
async fn autocomplete_answer(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let lookup = ctx.data().service.lesson_position(ctx.author().id.get());
    super::play::complete_from(lookup, partial).await
}

/// A lesson button: the learner's next view of the lessons, replacing the clicked message.
pub async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    (action, kind, index): (LessonAction, GameKind, i64),
) -> Result<(), BotError> {
    let lang = lang::of_component(&data.presenter.languages, interaction).user;
    let user = interaction.user.id.get();
    let work = async {
        let view = data
            .service
            .lesson_button(user, kind, index, action)
            .await?;
        let mut answer = step_answer(data, lang, user, &view).await.updating();
        // The clicked message is the learner's alone already, and an update keeps it so
        // (Discord keeps a message's flags when it is updated); `respond` updates the clicked
        // message only for answers not marked private.
        answer.ephemeral = false;
        Ok::<_, AppError>(answer)
    };
    respond(
        &ctx.http,
        Target::Component(interaction),
        lang,
        data,
        "learn button",
        work,
    )
    .await?;
    Ok(())
}

/// A step's message: its texts, its board (in their colours) and its buttons, for the learner
/// `user` alone.
async fn step_answer(data: &Data, lang: Lang, user: u64, view: &LessonView) -> Answer {
    let text = step_text(lang, view);
    let mut players = [tr!(lang, "learn-opponent"), tr!(lang, "learn-opponent")];
    let me = view.step.game().side_to_move();
    players[me.index()] = tr!(lang, "learn-you");
    let info = BoardInfo {
        players,
        last_turn: view.played.clone(),
        highlight: None,
        banner: None,
        note: Some(counter(lang, view)),
        lang,
    };
    let name = format!("lesson-{}-{}.png", view.kind, view.index + 1);
    let options = data.service.picture_options(user).await;
    let image = picture(
        &data.presenter.pictures,
        view.game.clone(),
        info,
        options,
        name,
    )
    .await;
    Answer::private(
        Message::text(text)
            .file(image)
            .components(vec![row(lang, view)]),
    )
}

/// "Lesson 2/4 · step 3/9".
fn counter(lang: Lang, view: &LessonView) -> String {
    tr!(
        lang,
        "learn-counter",
        lesson = view.step.lesson,
        lessons = view.lessons,
        step = view.index + 1,
        steps = view.total
    )
}

fn step_words(lang: Lang, view: &LessonView, part: &str) -> String {
    tr!(lang, &format!("learn-{}-{part}", view.step.id))
}

/// The words of a step's message.
pub fn step_text(lang: Lang, view: &LessonView) -> String {
    let mut lines = vec![tr!(
        lang,
        "learn-heading",
        game = view.kind.title(),
        counter = counter(lang, view),
        title = step_words(lang, view, "title"),
        done = if view.solved { "yes" } else { "no" }
    )];
    if view.event == LessonEvent::Resumed {
        lines.push(tr!(lang, "learn-resumed"));
    }
    lines.push(step_words(lang, view, "text"));
    lines.push(tr!(
        lang,
        "learn-task",
        task = step_words(lang, view, "task")
    ));
    match &view.event {
        LessonEvent::Opened | LessonEvent::Resumed => {}
        LessonEvent::Hint => lines.push(tr!(
            lang,
            "learn-hint",
            hint = step_words(lang, view, "hint")
        )),
        LessonEvent::Solved { answer } => {
            let last = view.index + 1 == view.total;
            lines.push(tr!(
                lang,
                "learn-solved",
                answer = answer.as_str(),
                last = if last { "yes" } else { "no" }
            ));
        }
        LessonEvent::Shown => lines.push(tr!(lang, "learn-shown", answer = view.step.answer)),
    }
    lines.join("\n")
}

/// The Hint, Show me, Back and Next buttons of a step; Back and Next are greyed out where they
/// would go nowhere.
fn row(lang: Lang, view: &LessonView) -> serenity::CreateActionRow {
    let buttons = LessonAction::ALL.map(|action| {
        let (label, style, disabled) = match action {
            LessonAction::Hint => ("learn-button-hint", serenity::ButtonStyle::Secondary, false),
            LessonAction::ShowMe => ("learn-button-show", serenity::ButtonStyle::Secondary, false),
            LessonAction::Back => (
                "learn-button-back",
                serenity::ButtonStyle::Primary,
                view.index == 0,
            ),
            LessonAction::Next => (
                "learn-button-next",
                serenity::ButtonStyle::Primary,
                view.index + 1 == view.total,
            ),
        };
        let id = Button::Learn {
            action,
            game: view.kind,
            step: view.index as i64,
        };
        serenity::CreateButton::new(id.custom_id())
            .label(tr!(lang, label))
            .style(style)
            .disabled(disabled)
    });
    serenity::CreateActionRow::Buttons(buttons.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n;
    use crate::lessons;

    /// Every step's five texts exist in both languages, and a step's message names its task.
    #[test]
    fn every_step_is_worded_in_both_languages() {
        for kind in [GameKind::Fibonacci, GameKind::Fanorona] {
            for (index, step) in lessons::steps(kind).iter().enumerate() {
                for part in ["title", "text", "task", "hint", "miss"] {
                    let id = format!("learn-{}-{part}", step.id);
                    for lang in Lang::ALL {
                        assert!(i18n::message(lang, &id).is_some(), "{id} in {lang:?}");
                    }
                }
                let view = LessonView {
                    kind,
                    index,
                    total: lessons::steps(kind).len(),
                    lessons: lessons::lesson_count(kind),
                    step,
                    game: step.game(),
                    played: Vec::new(),
                    solved: false,
                    event: LessonEvent::Hint,
                };
                let (en, fr) = (step_text(Lang::En, &view), step_text(Lang::Fr, &view));
                assert_ne!(en, fr);
                assert!(
                    !en.contains("learn-") && !fr.contains("learn-"),
                    "{en}\n{fr}"
                );
                assert!(en.contains(&tr!(Lang::En, &format!("learn-{}-task", step.id))));
            }
        }
    }
}
