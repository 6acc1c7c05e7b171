//! The buttons the bot puts under its messages. A button's custom id names what it does and the
//! challenge or game it belongs to; the service decides inside its transaction whether the click
//! still means anything (a stale or forged id is answered, never trusted).

use poise::serenity_prelude as serenity;

use crate::app::{LessonAction, PanelKey};
use crate::engine::GameKind;
use crate::i18n::Lang;

/// What a button does. Rendered as `fb:<what>:<id>` in the component's custom id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    AcceptChallenge(i64),
    DeclineChallenge(i64),
    AcceptDraw(i64),
    DeclineDraw(i64),
    AcceptPause(i64),
    DeclinePause(i64),
    /// Offer a rematch of a finished game.
    Rematch(i64),
    /// Offer the vela round after a finished Fanorona game.
    Vela(i64),
    /// Join or leave an open tournament.
    JoinTournament(i64),
    LeaveTournament(i64),
    /// Show the board of game `game` after turn `turn` (0: the start position): the move
    /// browser under `/history`, rendered `fb:browse-<nav>:<game>:<turn>` (the four buttons of
    /// a row may show the same turn, and custom ids must differ within a message).
    Browse {
        nav: Nav,
        game: i64,
        turn: u32,
    },
    /// Give up the puzzle attempt with this id (shows one solution).
    GiveUpPuzzle(i64),
    /// Open another puzzle of the game with this index in the list of games.
    NextPuzzle(i64),
    /// Open the daily puzzle of the server of this day (days since 1970-01-01).
    DailyPuzzle(i64),
    /// A lesson button of step `step` (from 0) of `game`'s lessons, rendered
    /// `fb:learn-<action>:<game>:<step>`.
    Learn {
        action: LessonAction,
        game: GameKind,
        step: i64,
    },
    /// Open the move panel of game `game` (under every board of a game in progress).
    Play(i64),
    /// A component of a move panel built at `key`, rendered
    /// `fb:panel-<what>:<game>:<turn>:<version>`.
    Panel {
        what: PanelPart,
        key: PanelKey,
    },
}

/// Which component of a move panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelPart {
    /// The menu of pieces that can move.
    Piece,
    /// The menu of moves (of the chosen piece, or all of them).
    Move,
    /// End turn (Fibonacci) or Stop here (a Fanorona chain).
    End,
    Undo,
    /// Swap sides instead of moving (the swap rule).
    Swap,
}

impl PanelPart {
    pub const ALL: [PanelPart; 5] = [
        PanelPart::Piece,
        PanelPart::Move,
        PanelPart::End,
        PanelPart::Undo,
        PanelPart::Swap,
    ];

    fn word(self) -> &'static str {
        match self {
            PanelPart::Piece => "piece",
            PanelPart::Move => "move",
            PanelPart::End => "end",
            PanelPart::Undo => "undo",
            PanelPart::Swap => "swap",
        }
    }
}

fn lesson_word(action: LessonAction) -> &'static str {
    match action {
        LessonAction::Hint => "hint",
        LessonAction::ShowMe => "show",
        LessonAction::Back => "back",
        LessonAction::Next => "next",
    }
}

/// Which button of the move browser's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    First,
    Back,
    Next,
    Last,
}

impl Nav {
    pub const ALL: [Nav; 4] = [Nav::First, Nav::Back, Nav::Next, Nav::Last];

    fn word(self) -> &'static str {
        match self {
            Nav::First => "first",
            Nav::Back => "back",
            Nav::Next => "next",
            Nav::Last => "last",
        }
    }
}

impl Button {
    /// The custom id carried by the component (at most 100 characters, as Discord requires).
    pub fn custom_id(self) -> String {
        match self {
            Button::AcceptChallenge(id) => format!("fb:challenge-accept:{id}"),
            Button::DeclineChallenge(id) => format!("fb:challenge-decline:{id}"),
            Button::AcceptDraw(id) => format!("fb:draw-accept:{id}"),
            Button::DeclineDraw(id) => format!("fb:draw-decline:{id}"),
            Button::AcceptPause(id) => format!("fb:pause-accept:{id}"),
            Button::DeclinePause(id) => format!("fb:pause-decline:{id}"),
            Button::Rematch(id) => format!("fb:rematch:{id}"),
            Button::Vela(id) => format!("fb:vela:{id}"),
            Button::JoinTournament(id) => format!("fb:tournament-join:{id}"),
            Button::LeaveTournament(id) => format!("fb:tournament-leave:{id}"),
            Button::Browse { nav, game, turn } => {
                format!("fb:browse-{}:{game}:{turn}", nav.word())
            }
            Button::GiveUpPuzzle(id) => format!("fb:puzzle-give-up:{id}"),
            Button::NextPuzzle(game) => format!("fb:puzzle-next:{game}"),
            Button::DailyPuzzle(day) => format!("fb:puzzle-daily:{day}"),
            Button::Learn { action, game, step } => {
                format!("fb:learn-{}:{game}:{step}", lesson_word(action))
            }
            Button::Play(game) => format!("fb:play:{game}"),
            Button::Panel { what, key } => format!(
                "fb:panel-{}:{}:{}:{}",
                what.word(),
                key.game,
                key.turn,
                key.version
            ),
        }
    }

    /// Reads a custom id; a typed refusal for anything this bot did not make.
    pub fn parse(custom_id: &str) -> Result<Button, ButtonIdError> {
        let rest = custom_id
            .strip_prefix("fb:")
            .ok_or(ButtonIdError::NotOurs)?;
        let (what, id) = rest.split_once(':').ok_or(ButtonIdError::NoId)?;
        if let Some(nav) = what.strip_prefix("browse-") {
            let nav = Nav::ALL
                .into_iter()
                .find(|n| n.word() == nav)
                .ok_or(ButtonIdError::UnknownKind)?;
            let (game, turn) = id.split_once(':').ok_or(ButtonIdError::NoId)?;
            return Ok(Button::Browse {
                nav,
                game: game.parse().map_err(|_| ButtonIdError::BadId)?,
                turn: turn.parse().map_err(|_| ButtonIdError::BadId)?,
            });
        }
        if let Some(action) = what.strip_prefix("learn-") {
            let action = LessonAction::ALL
                .into_iter()
                .find(|a| lesson_word(*a) == action)
                .ok_or(ButtonIdError::UnknownKind)?;
            let (game, step) = id.split_once(':').ok_or(ButtonIdError::NoId)?;
            return Ok(Button::Learn {
                action,
                game: game.parse().map_err(|_| ButtonIdError::BadId)?,
                step: step.parse().map_err(|_| ButtonIdError::BadId)?,
            });
        }
        if let Some(part) = what.strip_prefix("panel-") {
            let what = PanelPart::ALL
                .into_iter()
                .find(|p| p.word() == part)
                .ok_or(ButtonIdError::UnknownKind)?;
            let mut numbers = id.split(':');
            let mut next = || numbers.next().ok_or(ButtonIdError::NoId);
            let bad = |_| ButtonIdError::BadId;
            let key = PanelKey {
                game: next()?.parse().map_err(bad)?,
                turn: next()?.parse().map_err(bad)?,
                version: next()?.parse().map_err(bad)?,
            };
            if numbers.next().is_some() {
                return Err(ButtonIdError::BadId);
            }
            return Ok(Button::Panel { what, key });
        }
        let id: i64 = id.parse().map_err(|_| ButtonIdError::BadId)?;
        Ok(match what {
            "play" => Button::Play(id),
            "challenge-accept" => Button::AcceptChallenge(id),
            "challenge-decline" => Button::DeclineChallenge(id),
            "draw-accept" => Button::AcceptDraw(id),
            "draw-decline" => Button::DeclineDraw(id),
            "pause-accept" => Button::AcceptPause(id),
            "pause-decline" => Button::DeclinePause(id),
            "rematch" => Button::Rematch(id),
            "vela" => Button::Vela(id),
            "tournament-join" => Button::JoinTournament(id),
            "tournament-leave" => Button::LeaveTournament(id),
            "puzzle-give-up" => Button::GiveUpPuzzle(id),
            "puzzle-next" => Button::NextPuzzle(id),
            "puzzle-daily" => Button::DailyPuzzle(id),
            _ => return Err(ButtonIdError::UnknownKind),
        })
    }
}

/// Why a custom id is not one of this bot's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ButtonIdError {
    #[error("the custom id does not start with `fb:`")]
    NotOurs,
    #[error("the custom id has no `:<id>` part")]
    NoId,
    #[error("the custom id's id is not a number")]
    BadId,
    #[error("the custom id names no button of this bot")]
    UnknownKind,
}

/// The Play button under a board of a game in progress: it opens the move panel.
pub fn play_row(lang: Lang, game: i64) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(Button::Play(game).custom_id())
            .label(crate::tr!(lang, "button-play"))
            .emoji('🎮')
            .style(serenity::ButtonStyle::Primary),
    ])
}

/// The Accept / Decline row under a challenge.
pub fn challenge_row(lang: Lang, challenge: i64) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(Button::AcceptChallenge(challenge).custom_id())
            .label(crate::tr!(lang, "button-accept"))
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(Button::DeclineChallenge(challenge).custom_id())
            .label(crate::tr!(lang, "button-decline"))
            .style(serenity::ButtonStyle::Danger),
    ])
}

/// The Accept / Decline row under a draw offer.
pub fn draw_row(lang: Lang, game: i64) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(Button::AcceptDraw(game).custom_id())
            .label(crate::tr!(lang, "button-accept-draw"))
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(Button::DeclineDraw(game).custom_id())
            .label(crate::tr!(lang, "button-decline-draw"))
            .style(serenity::ButtonStyle::Secondary),
    ])
}

/// The Accept / Decline row under a request to pause.
pub fn pause_row(lang: Lang, game: i64) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(Button::AcceptPause(game).custom_id())
            .label(crate::tr!(lang, "button-accept-pause"))
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(Button::DeclinePause(game).custom_id())
            .label(crate::tr!(lang, "button-decline-pause"))
            .style(serenity::ButtonStyle::Secondary),
    ])
}

/// The Rematch (and, after a decisive Fanorona first round, Vela round) row under a finished
/// game.
pub fn follow_up_row(lang: Lang, game: i64, vela: bool) -> serenity::CreateActionRow {
    let mut buttons = vec![
        serenity::CreateButton::new(Button::Rematch(game).custom_id())
            .label(crate::tr!(lang, "button-rematch"))
            .style(serenity::ButtonStyle::Primary),
    ];
    if vela {
        buttons.push(
            serenity::CreateButton::new(Button::Vela(game).custom_id())
                .label(crate::tr!(lang, "button-vela"))
                .style(serenity::ButtonStyle::Secondary),
        );
    }
    serenity::CreateActionRow::Buttons(buttons)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip() {
        for b in [
            Button::AcceptChallenge(1),
            Button::DeclineChallenge(i64::MAX),
            Button::AcceptDraw(7),
            Button::DeclineDraw(0),
            Button::AcceptPause(3),
            Button::DeclinePause(4),
            Button::Rematch(5),
            Button::Vela(i64::MAX),
            Button::JoinTournament(8),
            Button::LeaveTournament(9),
            Button::GiveUpPuzzle(10),
            Button::NextPuzzle(1),
            Button::DailyPuzzle(20_000),
            Button::Browse {
                nav: Nav::First,
                game: 3,
                turn: 0,
            },
            Button::Browse {
                nav: Nav::Next,
                game: i64::MAX,
                turn: u32::MAX,
            },
            Button::Learn {
                action: LessonAction::ShowMe,
                game: GameKind::Fanorona,
                step: 10,
            },
            Button::Learn {
                action: LessonAction::Back,
                game: GameKind::Fibonacci,
                step: -1,
            },
            Button::Play(i64::MAX),
            Button::Panel {
                what: PanelPart::Piece,
                key: PanelKey {
                    game: i64::MAX,
                    turn: u32::MAX,
                    version: i32::MAX,
                },
            },
            Button::Panel {
                what: PanelPart::Undo,
                key: PanelKey {
                    game: 1,
                    turn: 2,
                    version: -3,
                },
            },
        ] {
            let id = b.custom_id();
            assert!(id.len() <= 100, "{id} is too long for Discord");
            assert_eq!(Button::parse(&id), Ok(b));
        }
    }

    #[test]
    fn foreign_or_forged_custom_ids_are_ignored() {
        for id in [
            "",
            "fb:",
            "fb:challenge-accept:",
            "fb:challenge-accept:x",
            "fb:launch:1",
            "other:challenge-accept:1",
            "fb:draw-accept:1:2",
            "fb:browse:1:2",
            "fb:browse-up:1:2",
            "fb:browse-first:1",
            "fb:browse-first:1:",
            "fb:browse-back:x:1",
            "fb:browse-next:1:-1",
            "fb:browse-last:1:2:3",
            "fb:learn-hint:fibonacci",
            "fb:learn-help:fibonacci:1",
            "fb:learn-next:chess:1",
            "fb:learn-next:fanorona:x",
            "fb:play:",
            "fb:play:x",
            "fb:panel-move:1:2",
            "fb:panel-move:1:2:3:4",
            "fb:panel-move:1:-2:3",
            "fb:panel-jump:1:2:3",
            "fb:panel-end:a:2:3",
        ] {
            assert!(Button::parse(id).is_err(), "{id:?}");
        }
    }
}
