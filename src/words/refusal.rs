//! Every refusal of the game service, put into words in one place: what went wrong, and what to
//! do next. The service hands over typed [`Refusal`]s with their facts; each use case's own
//! refusal is worded in its file here (`vacation.rs`, `premove.rs`, …). People and moments are
//! written as the front end writes them ([`Markup`]).

use crate::app::clock::MAX_PAUSE_DAYS;
use crate::app::{
    ChallengeAction, ChallengeState, ChannelHolder, FollowKind, NoVelaBecause, PlaceRefusal,
    Refusal,
};

use super::{Markup, side_name};
use crate::i18n::Lang;
use crate::tr;

fn action_word(action: ChallengeAction) -> &'static str {
    match action {
        ChallengeAction::Accept => "accept",
        ChallengeAction::Decline => "decline",
        ChallengeAction::Cancel => "cancel",
    }
}

/// A challenge's state as the messages name it (`challenge-was`, `refusal-challenge-closed`).
pub fn state_word(state: ChallengeState) -> &'static str {
    match state {
        ChallengeState::Accepted => "accepted",
        ChallengeState::Declined => "declined",
        ChallengeState::Cancelled => "cancelled",
        ChallengeState::Expired => "expired",
        ChallengeState::Open => "open",
    }
}

/// Said when no thread could be opened for a challenge.
pub fn no_thread(lang: Lang) -> String {
    tr!(lang, "refusal-no-thread")
}

/// A refusal as the person who typed the command reads it, in their language.
pub fn refusal(lang: Lang, markup: &dyn Markup, refusal: &Refusal) -> String {
    // A move refused among several: say that none of them was played.
    let batch_note = |text: String, batch: bool| {
        if batch {
            format!("{text} {}", tr!(lang, "refusal-nothing-played"))
        } else {
            text
        }
    };
    match refusal {
        Refusal::SelfChallenge => tr!(lang, "challenge-self"),
        Refusal::Tournament(r) => super::tournament::refusal(lang, markup, r),
        Refusal::Vacation(r) => super::vacation::refusal(lang, markup, r),
        Refusal::Premove(r) => super::premove::refusal(lang, r),
        Refusal::Puzzle(r) => super::puzzle::refusal(lang, r),
        Refusal::Lesson(r) => super::lesson::refusal(lang, r),
        Refusal::ChallengeBot => tr!(lang, "challenge-no-bots"),
        Refusal::Place(PlaceRefusal::BotDmIsForAi) => tr!(lang, "challenge-bot-dm-ai-only"),
        Refusal::Place(PlaceRefusal::AiNeedsBotChannel) => tr!(lang, "challenge-ai-needs-channel"),
        Refusal::Place(PlaceRefusal::ExternalAppsOff) => tr!(lang, "challenge-external-apps-off"),
        Refusal::LevelNeedsBot { bot } => {
            tr!(lang, "challenge-level-needs-me", me = markup.user(*bot))
        }
        Refusal::AiNeverRated => tr!(lang, "challenge-ai-unrated"),
        Refusal::ChannelBusy(holder) => {
            let what = match holder {
                ChannelHolder::Game { players } => tr!(
                    lang,
                    "refusal-busy-game",
                    first = markup.user(players[0]),
                    second = markup.user(players[1])
                ),
                ChannelHolder::Challenge {
                    challenger,
                    challenged,
                } => tr!(
                    lang,
                    "refusal-busy-challenge",
                    challenger = markup.user(*challenger),
                    challenged = markup.user(*challenged)
                ),
                ChannelHolder::JustTaken => tr!(lang, "refusal-busy-just-taken"),
            };
            format!("{what} {}", tr!(lang, "refusal-thread-hint"))
        }
        Refusal::NoSuchChallenge(ChallengeAction::Decline) => {
            tr!(lang, "refusal-no-such-challenge")
        }
        Refusal::NoSuchChallenge(_) => tr!(lang, "refusal-no-such-challenge-start"),
        Refusal::NoOpenChallenge(action) => tr!(
            lang,
            "refusal-no-open-challenge",
            action = action_word(*action)
        ),
        Refusal::ChallengeClosed { state, .. } => {
            tr!(lang, "refusal-challenge-closed", state = state_word(*state))
        }
        Refusal::OwnChallenge {
            action: ChallengeAction::Decline,
            ..
        } => tr!(lang, "refusal-own-challenge-decline"),
        Refusal::OwnChallenge { challenged, .. } => tr!(
            lang,
            "refusal-own-challenge-accept",
            challenged = markup.user(*challenged)
        ),
        Refusal::NotChallenged {
            action: ChallengeAction::Decline,
            challenged,
        } => tr!(
            lang,
            "refusal-not-challenged-decline",
            challenged = markup.user(*challenged)
        ),
        Refusal::NotChallenged { challenged, .. } => tr!(
            lang,
            "refusal-not-challenged-accept",
            challenged = markup.user(*challenged)
        ),
        Refusal::NotChallenger {
            challenger,
            asked_by_challenged,
        } => {
            let id = if *asked_by_challenged {
                "refusal-not-challenger-decline"
            } else {
                "refusal-not-challenger"
            };
            tr!(lang, id, challenger = markup.user(*challenger))
        }
        Refusal::NoGame => tr!(lang, "refusal-no-game"),
        Refusal::GameNotStarted { challenged } => tr!(
            lang,
            "refusal-game-not-started",
            challenged = markup.user(*challenged)
        ),
        Refusal::NotAPlayer { players } => tr!(
            lang,
            "refusal-not-a-player",
            first = markup.user(players[0]),
            second = markup.user(players[1])
        ),
        Refusal::NotYourTurn { player, side, game } => tr!(
            lang,
            "refusal-not-your-turn",
            player = markup.user(*player),
            side = side_name(lang, *game, *side).to_lowercase()
        ),
        Refusal::NoMoveGiven => tr!(lang, "refusal-no-move-given"),
        Refusal::TooManyMoves { count, max } => {
            tr!(lang, "refusal-too-many-moves", count = *count, max = *max)
        }
        Refusal::MoveTooLong { word: w } => {
            tr!(lang, "refusal-move-too-long", word = w.as_str())
        }
        Refusal::GameEndsBefore { last, next, batch } => batch_note(
            tr!(
                lang,
                "refusal-game-ends-before",
                last = last.as_str(),
                next = next.as_str()
            ),
            *batch,
        ),
        Refusal::TurnEndsBefore { last, next, batch } => batch_note(
            tr!(
                lang,
                "refusal-turn-ends-before",
                last = last.as_str(),
                next = next.as_str()
            ),
            *batch,
        ),
        Refusal::NoChainToStop { batch } => {
            batch_note(tr!(lang, "refusal-no-chain-to-stop"), *batch)
        }
        Refusal::IllegalMove {
            word: w,
            error,
            batch,
        } => batch_note(
            tr!(
                lang,
                "refusal-illegal-move",
                word = w.as_str(),
                reason = super::move_reason(lang, error)
            ),
            *batch,
        ),
        Refusal::NothingToUndo => tr!(lang, "refusal-nothing-to-undo"),
        Refusal::TurnPassed { opponent } => {
            tr!(
                lang,
                "refusal-turn-passed",
                opponent = markup.user(*opponent)
            )
        }
        Refusal::OpponentsTurn { opponent } => tr!(
            lang,
            "refusal-opponents-turn",
            opponent = markup.user(*opponent)
        ),
        Refusal::NotMovedThisTurn => tr!(lang, "refusal-not-moved-this-turn"),
        Refusal::PanelGone => tr!(lang, "refusal-panel-gone"),
        Refusal::PanelStale => tr!(lang, "refusal-panel-stale"),
        Refusal::DrawAlreadyOffered { opponent } => tr!(
            lang,
            "refusal-draw-already-offered",
            opponent = markup.user(*opponent)
        ),
        Refusal::DrawOfferIsYours => tr!(lang, "refusal-draw-offer-is-yours"),
        Refusal::DrawOfferIsTheirs { offerer } => tr!(
            lang,
            "refusal-draw-offer-is-theirs",
            offerer = markup.user(*offerer)
        ),
        Refusal::NoDrawToDecline => tr!(lang, "refusal-no-draw-to-decline"),
        Refusal::NoDrawToWithdraw => tr!(lang, "refusal-no-draw-to-withdraw"),
        Refusal::NoGameYet => tr!(lang, "refusal-no-game-yet"),
        Refusal::NoSuchGame { id } => tr!(lang, "refusal-no-such-game", id = *id),
        Refusal::NoSuchTurn { id, turn, turns } => tr!(
            lang,
            "refusal-no-such-turn",
            id = *id,
            turn = *turn,
            turns = *turns
        ),
        Refusal::ReviewInProgress { id } => tr!(lang, "refusal-review-in-progress", id = *id),
        Refusal::PauseDays { given } => tr!(
            lang,
            "refusal-pause-days",
            max = MAX_PAUSE_DAYS,
            given = *given
        ),
        Refusal::NoClock => tr!(lang, "refusal-no-clock"),
        Refusal::AlreadyPaused { until } => tr!(
            lang,
            "refusal-already-paused",
            until = markup.moment(*until)
        ),
        Refusal::PauseAlreadyAsked { opponent, days } => tr!(
            lang,
            "refusal-pause-already-asked",
            opponent = markup.user(*opponent),
            days = *days
        ),
        Refusal::PauseBudget { asked, left } => tr!(
            lang,
            "refusal-pause-budget",
            left = *left,
            max = MAX_PAUSE_DAYS,
            asked = *asked
        ),
        Refusal::NotPaused => tr!(lang, "refusal-not-paused"),
        Refusal::NoPauseOffer => tr!(lang, "refusal-no-pause-offer"),
        Refusal::OwnPauseOffer { opponent } => tr!(
            lang,
            "refusal-own-pause-offer",
            opponent = markup.user(*opponent)
        ),
        Refusal::NoFinishedGame => tr!(lang, "refusal-no-finished-game"),
        Refusal::NotInFinishedGame { players } => tr!(
            lang,
            "refusal-not-in-finished-game",
            first = markup.user(players[0]),
            second = markup.user(players[1])
        ),
        Refusal::FollowUpTaken { kind, state } => {
            let kind = match kind {
                FollowKind::Rematch => "rematch",
                FollowKind::Vela => "vela",
            };
            match state {
                ChallengeState::Accepted => tr!(lang, "refusal-follow-up-played", kind = kind),
                _ => tr!(lang, "refusal-follow-up-offered", kind = kind),
            }
        }
        Refusal::NoVela(why) => match why {
            NoVelaBecause::NotFanorona => tr!(lang, "refusal-no-vela-not-fanorona"),
            NoVelaBecause::AlreadyVela => tr!(lang, "refusal-no-vela-already-vela"),
            NoVelaBecause::NoWinner => tr!(lang, "refusal-no-vela-no-winner"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Game, GameKind, Side};
    use crate::words::tests::Plain;

    #[test]
    fn refusals_name_the_people_and_the_command_to_use() {
        let text = refusal(
            Lang::En,
            &Plain,
            &Refusal::NotYourTurn {
                player: 7,
                side: Side::Second,
                game: GameKind::Fibonacci,
            },
        );
        assert_eq!(text, "It is user 7's turn (green): wait for their move.");
        let text = refusal(
            Lang::En,
            &Plain,
            &Refusal::ChannelBusy(ChannelHolder::Game { players: [1, 2] }),
        );
        assert!(
            text.starts_with(
                "This channel already has a game in progress (user 1 against user 2)."
            )
        );
        assert!(text.contains("thread:true"));
        let text = refusal(
            Lang::En,
            &Plain,
            &Refusal::NotChallenger {
                challenger: 3,
                asked_by_challenged: true,
            },
        );
        assert_eq!(
            text,
            "Only user 3, who sent this challenge, can cancel it. To refuse it, use /decline."
        );
    }

    #[test]
    fn an_illegal_move_quotes_the_move_and_the_reason() {
        let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
        let error = game.play("k6-j6").unwrap_err();
        let reason = crate::words::move_reason(Lang::En, &error);
        let text = refusal(
            Lang::En,
            &Plain,
            &Refusal::IllegalMove {
                word: "k6-j6".into(),
                error,
                batch: true,
            },
        );
        assert!(text.starts_with("`k6-j6` cannot be played: "), "{text}");
        assert!(text.contains(&reason), "{text}");
        assert!(
            text.contains("k6 is not your piece: move one of your own"),
            "{text}"
        );
        assert!(text.ends_with(". Nothing was played."), "{text}");
    }
}
