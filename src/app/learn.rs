//! Lessons (`/learn`): each learner's place in each game's lessons (the steps are the
//! `lessons` module's), answers checked by playing them with the engine, hints, the intended
//! answer shown, and moving between steps. Progress is kept per learner and game; the lesson
//! used last is the one `answer` answers and a bare `/learn` resumes.

use crate::engine::{Game, GameKind, Played};
use crate::lessons::{self, Step};
use crate::store::lessons::{self as progress, ProgressRow};

use super::error::{AppError, LessonRefusal};
use super::{Service, UserId};

/// The longest answer worth checking: a Fibonacci turn is at most six unit moves, a Fanorona
/// chain a few steps.
pub const MAX_LESSON_ANSWER: usize = 200;

/// What a lesson message shows besides the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonEvent {
    /// The step, opened or moved to.
    Opened,
    /// The step where the learner stopped last time.
    Resumed,
    /// The step with its hint.
    Hint,
    /// The step completed by the learner's answer (its moves, as typed).
    Solved { answer: String },
    /// The step's intended answer, played.
    Shown,
}

/// A step as a learner sees it.
#[derive(Clone, Debug)]
pub struct LessonView {
    pub kind: GameKind,
    /// The step's index in its game's list, from 0.
    pub index: usize,
    /// How many steps and lessons the game has.
    pub total: usize,
    pub lessons: u8,
    pub step: &'static Step,
    /// The board to show: the step's position, or the position after an answer.
    pub game: Game,
    /// What led from the step's position to `game` (empty at the step's position).
    pub played: Vec<Played>,
    /// Whether the learner has completed this step.
    pub solved: bool,
    pub event: LessonEvent,
}

/// What a lesson button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonAction {
    Hint,
    ShowMe,
    Back,
    Next,
}

impl LessonAction {
    pub const ALL: [LessonAction; 4] = [
        LessonAction::Hint,
        LessonAction::ShowMe,
        LessonAction::Back,
        LessonAction::Next,
    ];
}

fn steps_of(kind: GameKind) -> Result<&'static [Step], LessonRefusal> {
    let steps = lessons::steps(kind);
    if steps.is_empty() {
        return Err(LessonRefusal::NoLessons(kind));
    }
    Ok(steps)
}

/// Step `index` of `kind` as shown, `solved` listing the steps the learner has completed.
fn view(kind: GameKind, index: usize, solved: &[i32], event: LessonEvent) -> LessonView {
    let steps = lessons::steps(kind);
    let step = &steps[index];
    LessonView {
        kind,
        index,
        total: steps.len(),
        lessons: lessons::lesson_count(kind),
        step,
        game: step.game(),
        played: Vec::new(),
        solved: solved.contains(&step_number(index)),
        event,
    }
}

/// A step's index as the store keeps it (the lists are short: the conversion never fails).
fn step_number(index: usize) -> i32 {
    i32::try_from(index).unwrap_or(i32::MAX)
}

/// The game a stored row names, and its step index if it is still a step of that game.
fn read_row(row: &ProgressRow) -> Result<(GameKind, usize), AppError> {
    let corrupt = || {
        super::InternalError::Corrupt(format!("lesson progress {:?} step {}", row.game, row.step))
    };
    let kind: GameKind = row.game.parse().map_err(|_| corrupt())?;
    let index = usize::try_from(row.step).map_err(|_| corrupt())?;
    // A list of steps that became shorter: the learner goes on from its last step.
    Ok((
        kind,
        index.min(lessons::steps(kind).len().saturating_sub(1)),
    ))
}

impl Service {
    /// Opens a lesson for `user`: lesson `lesson` (from 1) of `kind`, or where they stopped in
    /// `kind`, or, without a game, in the lesson they used last (Fibonacci's first at first).
    pub async fn open_lesson(
        &self,
        user: UserId,
        kind: Option<GameKind>,
        lesson: Option<i64>,
    ) -> Result<LessonView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let kind = match kind {
                Some(kind) => kind,
                None => match progress::last_used(&mut tx, user).await? {
                    Some(row) => read_row(&row)?.0,
                    None => GameKind::Fibonacci,
                },
            };
            steps_of(kind)?;
            let saved = progress::progress(&mut tx, user, kind.as_str()).await?;
            let mut solved = saved.as_ref().map_or_else(Vec::new, |r| r.solved.clone());
            let (index, event) = match (lesson, &saved) {
                (Some(n), _) => {
                    let count = lessons::lesson_count(kind);
                    let index = u8::try_from(n)
                        .ok()
                        .and_then(|n| lessons::first_step_of(kind, n))
                        .ok_or(LessonRefusal::NoSuchLesson {
                            kind,
                            lesson: n,
                            count,
                        })?;
                    (index, LessonEvent::Opened)
                }
                (None, Some(row)) => (read_row(row)?.1, LessonEvent::Resumed),
                (None, None) => (0, LessonEvent::Opened),
            };
            self.save_progress(&mut tx, user, kind, index, &mut solved, false)
                .await?;
            tx.commit().await?;
            Ok(view(kind, index, &solved, event))
        })
        .await
    }

    /// Checks `answer` against the step of the lesson `user` used last. A miss is a refusal
    /// that changes nothing; a completed step is saved as such.
    pub async fn answer_lesson(&self, user: UserId, answer: &str) -> Result<LessonView, AppError> {
        if answer.chars().count() > MAX_LESSON_ANSWER {
            return Err(LessonRefusal::TooLong.into());
        }
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let row = progress::last_used(&mut tx, user)
                .await?
                .ok_or(LessonRefusal::NoLessonOpen)?;
            let (kind, index) = read_row(&row)?;
            let step = &lessons::steps(kind)[index];
            let played = lessons::check(step, answer).map_err(|miss| LessonRefusal::Missed {
                kind,
                step: step.id,
                miss,
            })?;
            let mut solved = row.solved;
            self.save_progress(&mut tx, user, kind, index, &mut solved, true)
                .await?;
            tx.commit().await?;
            let mut shown = view(
                kind,
                index,
                &solved,
                LessonEvent::Solved {
                    answer: answer.split_whitespace().collect::<Vec<_>>().join(" "),
                },
            );
            shown.game = played.game;
            shown.played = played.played;
            Ok(shown)
        })
        .await
    }

    /// A lesson button of step `index` of `kind`: its hint, its answer shown, or the step
    /// before or after it. The step moved to becomes the learner's place.
    pub async fn lesson_button(
        &self,
        user: UserId,
        kind: GameKind,
        index: i64,
        action: LessonAction,
    ) -> Result<LessonView, AppError> {
        let steps = steps_of(kind)?;
        let target = match action {
            LessonAction::Back => index.checked_sub(1),
            LessonAction::Next => index.checked_add(1),
            LessonAction::Hint | LessonAction::ShowMe => Some(index),
        };
        let to = target
            .and_then(|i| usize::try_from(i).ok())
            .filter(|&i| i < steps.len())
            .ok_or(LessonRefusal::NoSuchStep { kind, index })?;
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let saved = progress::progress(&mut tx, user, kind.as_str()).await?;
            let mut solved = saved.map_or_else(Vec::new, |r| r.solved);
            self.save_progress(&mut tx, user, kind, to, &mut solved, false)
                .await?;
            tx.commit().await?;
            Ok(match action {
                LessonAction::Hint => view(kind, to, &solved, LessonEvent::Hint),
                LessonAction::ShowMe => {
                    let mut shown = view(kind, to, &solved, LessonEvent::Shown);
                    let played = steps[to].shown();
                    shown.game = played.game;
                    shown.played = played.played;
                    shown
                }
                LessonAction::Back | LessonAction::Next => {
                    view(kind, to, &solved, LessonEvent::Opened)
                }
            })
        })
        .await
    }

    /// The position of the step of the lesson `user` used last (for completing answers).
    pub async fn lesson_position(&self, user: UserId) -> Result<Option<Game>, AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            let Some(row) = progress::last_used(&mut conn, user).await? else {
                return Ok(None);
            };
            let (kind, index) = read_row(&row)?;
            Ok(Some(lessons::steps(kind)[index].game()))
        })
        .await
    }

    /// Makes step `index` `user`'s place in `kind`'s lessons, adding it to the steps `solved`
    /// when `now_solved`.
    async fn save_progress(
        &self,
        tx: &mut crate::store::Tx,
        user: UserId,
        kind: GameKind,
        index: usize,
        solved: &mut Vec<i32>,
        now_solved: bool,
    ) -> Result<(), AppError> {
        let step = step_number(index);
        if now_solved && !solved.contains(&step) {
            solved.push(step);
        }
        let row = ProgressRow {
            game: kind.as_str().to_string(),
            step,
            solved: solved.clone(),
        };
        progress::save(tx, user, &row, self.clock.now()).await?;
        Ok(())
    }
}
