//! Every refusal of the game service, put into words for Discord in one place: what went wrong,
//! and what to do next. The service hands over typed [`Refusal`]s with their facts; the slash
//! command names and `<@id>` mentions belong here, not there.

use crate::app::clock::MAX_PAUSE_DAYS;
use crate::app::{
    ChallengeAction, ChallengeState, ChannelHolder, FollowKind, NoVelaBecause, Refusal,
};

use super::present::{mention, timestamp};

/// What a busy channel's refusal suggests.
pub const THREAD_HINT: &str = "A channel holds one game or open challenge at a time: start a \
                               thread and challenge there (`/challenge … thread:true`).";

/// Said when no thread could be opened for a challenge.
pub const NO_THREAD: &str = "I could not open a thread here. Ask an admin to let me create public \
                             threads and send messages in threads, or challenge without \
                             `thread:true` in a channel that has no game.";

/// A word the player typed, quoted as code (the service already took out backticks).
fn code(word: &str) -> String {
    format!("`{word}`")
}

fn verb(action: ChallengeAction) -> &'static str {
    match action {
        ChallengeAction::Accept => "accept",
        ChallengeAction::Decline => "decline",
        ChallengeAction::Cancel => "cancel",
    }
}

/// A refusal as the person who typed the command reads it.
pub fn refusal(refusal: &Refusal) -> String {
    let nothing_kept = |batch: bool| if batch { " Nothing was played." } else { "" };
    match refusal {
        Refusal::SelfChallenge => {
            "You cannot challenge yourself: name the player you want to play.".to_string()
        }
        Refusal::ChannelBusy(holder) => {
            let what = match holder {
                ChannelHolder::Game { players } => format!(
                    "This channel already has a game in progress ({} against {}).",
                    mention(players[0]),
                    mention(players[1])
                ),
                ChannelHolder::Challenge {
                    challenger,
                    challenged,
                } => format!(
                    "This channel already has an open challenge ({} challenged {}).",
                    mention(*challenger),
                    mention(*challenged)
                ),
                ChannelHolder::JustTaken => {
                    "This channel was just taken by another challenge.".to_string()
                }
            };
            format!("{what} {THREAD_HINT}")
        }
        Refusal::NoSuchChallenge(ChallengeAction::Decline) => {
            "That challenge does not exist.".to_string()
        }
        Refusal::NoSuchChallenge(_) => {
            "That challenge does not exist. Start one with /challenge.".to_string()
        }
        Refusal::NoOpenChallenge(action) => format!(
            "There is no open challenge in this channel to {}. Start one with /challenge.",
            verb(*action)
        ),
        Refusal::ChallengeClosed { state, .. } => {
            let what = match state {
                ChallengeState::Accepted => "was already accepted",
                ChallengeState::Declined => "was declined",
                ChallengeState::Cancelled => "was cancelled by its sender",
                ChallengeState::Expired => "has expired",
                ChallengeState::Open => "is closed",
            };
            format!("This challenge {what}. Start a new one with /challenge.")
        }
        Refusal::OwnChallenge {
            action: ChallengeAction::Decline,
            ..
        } => "You cannot decline your own challenge: withdraw it with /cancel.".to_string(),
        Refusal::OwnChallenge { challenged, .. } => format!(
            "You cannot accept your own challenge: wait for {} to answer, or withdraw it with \
             /cancel.",
            mention(*challenged)
        ),
        Refusal::NotChallenged {
            action: ChallengeAction::Decline,
            challenged,
        } => format!(
            "This challenge is for {}: only they can decline it.",
            mention(*challenged)
        ),
        Refusal::NotChallenged { challenged, .. } => format!(
            "This challenge is for {}: only they can accept it. Challenge someone yourself with \
             /challenge.",
            mention(*challenged)
        ),
        Refusal::NotChallenger {
            challenger,
            asked_by_challenged,
        } => {
            let hint = if *asked_by_challenged {
                " To refuse it, use /decline."
            } else {
                ""
            };
            format!(
                "Only {}, who sent this challenge, can cancel it.{hint}",
                mention(*challenger)
            )
        }
        Refusal::NoGame => "There is no game in this channel: start one with /challenge.".into(),
        Refusal::GameNotStarted { challenged } => format!(
            "The game has not started yet: {} can accept the challenge with /accept.",
            mention(*challenged)
        ),
        Refusal::NotAPlayer { players } => format!(
            "You are not playing in this game ({} against {}). Start your own with /challenge \
             in another channel or a thread.",
            mention(players[0]),
            mention(players[1])
        ),
        Refusal::NotYourTurn { player, side, game } => format!(
            "It is {}'s turn ({}): wait for their move.",
            mention(*player),
            game.side_names()[side.index()]
        ),
        Refusal::NoMoveGiven => "Type a move, for example `g9-f9` (Fibonacci) or `d2-d3` \
                                 (Fanorona); several Fibonacci moves are separated by spaces."
            .to_string(),
        Refusal::TooManyMoves { count, max } => {
            format!("That is {count} moves; one command takes at most {max}.")
        }
        Refusal::MoveTooLong { word } => format!(
            "{} is too long to be a move: write moves like `g9-f9` or `d2-d3+,d3-c4-`.",
            code(word)
        ),
        Refusal::GameEndsBefore { last, next, batch } => format!(
            "The game ends with {}, so {} cannot follow it: send the moves up to {} only.{}",
            code(last),
            code(next),
            code(last),
            nothing_kept(*batch)
        ),
        Refusal::TurnEndsBefore { last, next, batch } => format!(
            "Your turn ends with {}, so {} cannot follow it: send the moves of this turn only.{}",
            code(last),
            code(next),
            nothing_kept(*batch)
        ),
        Refusal::NoChainToStop { batch } => format!(
            "There is no capture chain to stop: a Fanorona turn ends by itself, so play a \
             move.{}",
            nothing_kept(*batch)
        ),
        Refusal::IllegalMove { word, error, batch } => format!(
            "{} cannot be played: {}.{}",
            code(word),
            error.to_string().trim_end_matches('.'),
            nothing_kept(*batch)
        ),
        Refusal::NothingToUndo => {
            "There is nothing to take back: no move has been played.".to_string()
        }
        Refusal::TurnPassed { opponent } => format!(
            "Your turn is over and has passed to {}: only a move of a turn still in progress can \
             be taken back.",
            mention(*opponent)
        ),
        Refusal::OpponentsTurn { opponent } => format!(
            "It is {}'s turn: you have no move in it to take back.",
            mention(*opponent)
        ),
        Refusal::NotMovedThisTurn => "You have not moved yet in this turn: only a move of the \
                                      turn in progress can be taken back."
            .to_string(),
        Refusal::DrawAlreadyOffered { opponent } => format!(
            "You have already offered a draw: wait for {} to answer, or withdraw your offer.",
            mention(*opponent)
        ),
        Refusal::DrawOfferIsYours => {
            "The draw offer is yours: withdraw it instead of declining it.".to_string()
        }
        Refusal::DrawOfferIsTheirs { offerer } => format!(
            "The draw offer is {}'s, not yours: you can accept or decline it.",
            mention(*offerer)
        ),
        Refusal::NoDrawToDecline => "There is no draw offer to decline.".to_string(),
        Refusal::NoDrawToWithdraw => "You have no draw offer to withdraw.".to_string(),
        Refusal::NoGameYet => {
            "No game has been played in this channel: start one with /challenge.".to_string()
        }
        Refusal::PauseDays { given } => format!(
            "A pause lasts from 1 to {MAX_PAUSE_DAYS} days, not {given}: try `/pause days:3`."
        ),
        Refusal::NoClock => "This game has no clock, so there is nothing to pause or resume: \
                             take your time."
            .to_string(),
        Refusal::AlreadyPaused { until } => format!(
            "The clock is already paused until {}. Either player can restart it with /resume.",
            timestamp(*until, 'f')
        ),
        Refusal::PauseAlreadyAsked { opponent, days } => format!(
            "You already asked {} for a pause of {days} day{}: they can accept with the button \
             or by typing /pause.",
            mention(*opponent),
            if *days == 1 { "" } else { "s" }
        ),
        Refusal::PauseBudget { asked, left } => format!(
            "You have {left} paused day{} left in this game (at most {MAX_PAUSE_DAYS} per player), \
             not {asked}: ask for fewer days{}.",
            if *left == 1 { "" } else { "s" },
            if *left == 0 { " next game" } else { "" }
        ),
        Refusal::NotPaused => {
            "The clock is running: there is no pause to end. To stop it, ask with `/pause days:`."
                .to_string()
        }
        Refusal::NoPauseOffer => {
            "No request to pause stands in this game. Ask for one with `/pause days:`.".to_string()
        }
        Refusal::OwnPauseOffer { opponent } => format!(
            "This is your own request to pause: {} answers it.",
            mention(*opponent)
        ),
        Refusal::NoFinishedGame => "There is no finished game here to follow up: a rematch or \
                                    vela round is asked after a game ends, in its channel."
            .to_string(),
        Refusal::NotInFinishedGame { players } => format!(
            "Only the players of that game ({} and {}) can ask for its follow-up. Start your own \
             game with /challenge.",
            mention(players[0]),
            mention(players[1])
        ),
        Refusal::FollowUpTaken { kind, state } => {
            let what = match kind {
                FollowKind::Rematch => "A rematch",
                FollowKind::Vela => "The vela round",
            };
            match state {
                ChallengeState::Accepted => {
                    format!("{what} of this game has already been played or is being played.")
                }
                _ => format!(
                    "{what} of this game has already been offered: answer it with its buttons, \
                     or /accept or /decline."
                ),
            }
        }
        Refusal::NoVela(why) => match why {
            NoVelaBecause::NotFanorona => {
                "Only Fanorona has a vela round: use /rematch for another game.".to_string()
            }
            NoVelaBecause::AlreadyVela => "This game was already the vela round: use /rematch \
                                           for a new match."
                .to_string(),
            NoVelaBecause::NoWinner => "A vela round follows a game someone won; this one had no \
                                        winner. Use /rematch instead."
                .to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Game, GameKind, Side};

    #[test]
    fn refusals_name_the_people_and_the_command_to_use() {
        let text = refusal(&Refusal::NotYourTurn {
            player: 7,
            side: Side::Second,
            game: GameKind::Fibonacci,
        });
        assert_eq!(text, "It is <@7>'s turn (green): wait for their move.");
        let text = refusal(&Refusal::ChannelBusy(ChannelHolder::Game {
            players: [1, 2],
        }));
        assert!(
            text.starts_with("This channel already has a game in progress (<@1> against <@2>).")
        );
        assert!(text.contains("thread:true"));
        let text = refusal(&Refusal::NotChallenger {
            challenger: 3,
            asked_by_challenged: true,
        });
        assert_eq!(
            text,
            "Only <@3>, who sent this challenge, can cancel it. To refuse it, use /decline."
        );
    }

    #[test]
    fn an_illegal_move_quotes_the_move_and_the_engines_reason() {
        let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
        let error = game.play("k6-j6").unwrap_err();
        let reason = error.to_string();
        let text = refusal(&Refusal::IllegalMove {
            word: "k6-j6".into(),
            error,
            batch: true,
        });
        assert!(text.starts_with("`k6-j6` cannot be played: "), "{text}");
        assert!(text.contains(reason.trim_end_matches('.')), "{text}");
        assert!(text.ends_with(". Nothing was played."), "{text}");
    }
}
