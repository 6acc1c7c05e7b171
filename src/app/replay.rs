//! Loading a game: the move log is the truth. Every load replays the log through the engine and
//! checks the result against what the game row says (position, outcome); a difference is an
//! internal error, logged loudly and never "fixed".

use crate::engine::{Config, Game, Played, Side, Status};
use crate::store::games::{ClockRow, GameRow, MoveRow};
use crate::store::id_from_db;
use crate::store::kinds::{MoveKind, OutcomeKind, SideIndex, Word};

use super::clock::{GameClock, TurnClock};
use super::error::{AppError, InternalError};
use super::views::{EventTag, GameView, Outcome, RatingChange, parse_config, side_of};
use super::{MessageId, UserId};

/// One replayed `move` entry of the log.
#[derive(Clone, Debug)]
pub(crate) struct LoggedPlay {
    pub ply: i32,
    pub user: UserId,
    pub played: Played,
}

/// A game's log and the game it replays to (the kept logs hold them between commands).
#[derive(Clone, Debug)]
pub(crate) struct Replayed {
    pub game: Game,
    pub plays: Vec<LoggedPlay>,
    pub entries: Vec<MoveRow>,
}

/// A game as loaded from the store and checked.
#[derive(Clone, Debug)]
pub(crate) struct Loaded {
    pub row: GameRow,
    pub config: Config,
    pub seed: u64,
    pub players: [UserId; 2],
    pub game: Game,
    pub plays: Vec<LoggedPlay>,
    pub entries: Vec<MoveRow>,
    pub outcome: Option<Outcome>,
    pub draw_offer: Option<Side>,
    /// The message of a draw offer that the command just saved ended.
    pub ended_offer_message: Option<MessageId>,
    /// What the game did to the ratings, when the command just saved ended it rated.
    pub ratings: Vec<RatingChange>,
}

/// Logs a corrupt game loudly and turns it into an internal error.
pub(crate) fn corrupt(game_id: i64, what: &str) -> AppError {
    tracing::error!(game_id, "game {game_id} is inconsistent: {what}");
    InternalError::Corrupt(format!("game {game_id}: {what}")).into()
}

/// Replays the `move` entries of `entries` (in order) from the start position.
pub(crate) fn replay<'a>(
    config: Config,
    seed: u64,
    entries: impl IntoIterator<Item = &'a MoveRow>,
) -> Result<(Game, Vec<LoggedPlay>), String> {
    let mut game = Game::new(config, seed);
    let mut plays = Vec::new();
    for entry in entries {
        if entry.kind != MoveKind::Move {
            continue;
        }
        let played = game.play(&entry.notation).map_err(|e| {
            format!(
                "logged move {} ({:?}) does not replay: {e}",
                entry.ply, entry.notation
            )
        })?;
        plays.push(LoggedPlay {
            ply: entry.ply,
            user: id_from_db(entry.user_id),
            played,
        });
    }
    Ok((game, plays))
}

/// Loads a game from its row and its log, checking the replay against the row.
pub(crate) fn load(row: GameRow, entries: Vec<MoveRow>) -> Result<Loaded, AppError> {
    let config = parse_config(&row.options).map_err(|e| corrupt(row.id, &e))?;
    let seed = id_from_db(row.seed);
    let (game, plays) = replay(config, seed, &entries).map_err(|e| corrupt(row.id, &e))?;
    checked(
        row,
        Replayed {
            game,
            plays,
            entries,
        },
    )
}

/// A game from its row and its log replayed before (a kept log), the row checked
/// against the replay as [`load`] checks it.
pub(crate) fn checked(row: GameRow, log: Replayed) -> Result<Loaded, AppError> {
    let id = row.id;
    let config = parse_config(&row.options).map_err(|e| corrupt(id, &e))?;
    let seed = id_from_db(row.seed);
    let players = [id_from_db(row.first_player), id_from_db(row.second_player)];
    let Replayed {
        game,
        plays,
        entries,
    } = log;

    let replayed = game.position_string();
    if replayed != row.position {
        return Err(corrupt(
            id,
            &format!(
                "the log replays to {replayed:?} but the stored position is {:?}",
                row.position
            ),
        ));
    }
    let outcome = outcome_from_row(&row).map_err(|e| corrupt(id, &e))?;
    let consistent = match (game.status(), outcome) {
        (Status::Won(side, reason), Some(Outcome::Won(s, r))) => side == s && reason == r,
        (Status::Draw, Some(Outcome::Draw)) => true,
        (
            Status::Ongoing,
            None
            | Some(
                Outcome::Resigned { .. }
                | Outcome::DrawAgreed
                | Outcome::Timeout { .. }
                | Outcome::Aborted,
            ),
        ) => true,
        _ => false,
    };
    if !consistent {
        return Err(corrupt(
            id,
            &format!(
                "the engine says {:?} but the stored outcome is {outcome:?}",
                game.status()
            ),
        ));
    }
    let draw_offer = row.draw_offer.map(Side::from);
    Ok(Loaded {
        row,
        config,
        seed,
        players,
        game,
        plays,
        entries,
        outcome,
        draw_offer,
        ended_offer_message: None,
        ratings: Vec::new(),
    })
}

impl Loaded {
    /// The game as front ends see it.
    pub(crate) fn view(&self) -> GameView {
        GameView {
            id: self.row.id,
            version: self.row.version,
            challenge: self.row.challenge_id,
            guild: id_from_db(self.row.guild_id),
            channel: id_from_db(self.row.channel_id),
            players: self.players,
            game: self.game.clone(),
            last_turn: last_turn(&self.plays),
            outcome: self.outcome,
            draw_offer: self.draw_offer,
            ended_draw_offer: self.ended_offer_message,
            accepted_challenge: None,
            tournament: self.row.tournament_id.map(|id| EventTag {
                id,
                name: self.row.tournament_name.clone().unwrap_or_default(),
                round: self.row.tournament_round.map(|r| r.max(0) as u32),
            }),
            clock: game_clock(&self.row.clock),
            ai: self
                .row
                .ai_side
                .zip(self.row.ai_level)
                .map(|(side, Word(level))| (Side::from(side), level)),
            follows: self
                .row
                .follows
                .zip(self.row.follow_kind)
                .map(|(g, k)| (k, g)),
            rated: self.row.rated,
            ratings: self.ratings.clone(),
            interim: false,
        }
    }

    /// The side `user` plays, if any.
    pub(crate) fn side_of(&self, user: UserId) -> Option<Side> {
        side_of(self.players, user)
    }

    /// The user playing `side`.
    pub(crate) fn player(&self, side: Side) -> UserId {
        self.players[side.index()]
    }

    /// The ply the next log entry gets.
    pub(crate) fn next_ply(&self) -> i32 {
        self.entries.last().map_or(1, |e| e.ply.saturating_add(1))
    }
}

/// A game's clock as front ends see it, from its columns.
pub(crate) fn game_clock(row: &ClockRow) -> GameClock {
    let days = |d: i16| u8::try_from(d).unwrap_or(0);
    GameClock {
        per_turn: TurnClock::from_secs(row.clock_secs, row.clock_increment_secs),
        deadline: row.deadline,
        paused_until: row.paused_until,
        pause_offer: row
            .pause_offer
            .zip(row.pause_offer_days)
            .map(|(side, d)| (Side::from(side), days(d))),
        pause_days_used: [days(row.pause_days_first), days(row.pause_days_second)],
        banks: row.clock_increment_secs.map(|_| {
            let secs = |bank: Option<i32>| {
                chrono::Duration::seconds(i64::from(bank.or(row.clock_secs).unwrap_or(0)))
            };
            [secs(row.bank_first_secs), secs(row.bank_second_secs)]
        }),
        vacations: [row.first_vacation_until, row.second_vacation_until],
    }
}

/// The moves of the turn in progress if it has any, else those of the last completed turn.
pub(crate) fn last_turn(plays: &[LoggedPlay]) -> Vec<Played> {
    let ends: Vec<usize> = plays
        .iter()
        .enumerate()
        .filter(|(_, p)| p.played.turn_ended())
        .map(|(i, _)| i)
        .collect();
    let current_start = ends.last().map_or(0, |&i| i + 1);
    let range = if current_start < plays.len() {
        current_start..plays.len()
    } else {
        match ends.as_slice() {
            [] => 0..0,
            [.., before, last] => before + 1..last + 1,
            [last] => 0..last + 1,
        }
    };
    plays[range].iter().map(|p| p.played.clone()).collect()
}

/// The outcome columns of a game row: `(outcome, winner, win_reason)`.
pub(crate) type OutcomeColumns = (
    Option<OutcomeKind>,
    Option<SideIndex>,
    Option<Word<crate::engine::WinReason>>,
);

/// The columns an outcome is stored in.
pub(crate) fn outcome_columns(outcome: Option<Outcome>) -> OutcomeColumns {
    match outcome {
        None => (None, None, None),
        Some(Outcome::Won(side, reason)) => (
            Some(OutcomeKind::Won),
            Some(side.into()),
            Some(Word(reason)),
        ),
        Some(Outcome::Resigned { winner }) => {
            (Some(OutcomeKind::Resigned), Some(winner.into()), None)
        }
        Some(Outcome::Draw) => (Some(OutcomeKind::Draw), None, None),
        Some(Outcome::DrawAgreed) => (Some(OutcomeKind::DrawAgreed), None, None),
        Some(Outcome::Timeout { winner }) => {
            (Some(OutcomeKind::Timeout), Some(winner.into()), None)
        }
        Some(Outcome::Aborted) => (Some(OutcomeKind::Aborted), None, None),
    }
}

fn outcome_from_row(row: &GameRow) -> Result<Option<Outcome>, String> {
    let winner = || {
        row.winner
            .map(Side::from)
            .ok_or_else(|| "a decided game without a winner".to_string())
    };
    Ok(match row.outcome {
        None => None,
        Some(OutcomeKind::Won) => {
            let Word(reason) = row
                .win_reason
                .ok_or_else(|| "a won game without a reason".to_string())?;
            Some(Outcome::Won(winner()?, reason))
        }
        Some(OutcomeKind::Resigned) => Some(Outcome::Resigned { winner: winner()? }),
        Some(OutcomeKind::Draw) => Some(Outcome::Draw),
        Some(OutcomeKind::DrawAgreed) => Some(Outcome::DrawAgreed),
        Some(OutcomeKind::Timeout) => Some(Outcome::Timeout { winner: winner()? }),
        Some(OutcomeKind::Aborted) => Some(Outcome::Aborted),
    })
}

/// The outcome the engine decided, if the game ended by the rules.
pub(crate) fn outcome_of(status: Status) -> Option<Outcome> {
    match status {
        Status::Ongoing => None,
        Status::Won(side, reason) => Some(Outcome::Won(side, reason)),
        Status::Draw => Some(Outcome::Draw),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{WinReason, fanorona};

    /// A logged Fanorona play with no steps (only `turn_ended` matters here), tagged by ply.
    fn play(ply: i32, turn_ended: bool) -> LoggedPlay {
        LoggedPlay {
            ply,
            user: 1,
            played: Played::Fanorona(fanorona::Played {
                steps: Vec::new(),
                turn_ended,
            }),
        }
    }

    fn turns(plays: &[LoggedPlay]) -> Vec<bool> {
        last_turn(plays).iter().map(Played::turn_ended).collect()
    }

    /// GameView::last_turn: the turn in progress if it has moves, else the last completed turn.
    #[test]
    fn the_last_turn_is_the_turn_in_progress_or_else_the_last_completed_one() {
        assert!(last_turn(&[]).is_empty());
        // One move of a turn still in progress.
        assert_eq!(turns(&[play(1, false)]), [false]);
        // A completed turn of two moves, nothing since.
        assert_eq!(turns(&[play(1, false), play(2, true)]), [false, true]);
        // Completed turns, then one move of the next: only that move.
        assert_eq!(
            turns(&[play(1, true), play(2, false), play(3, true), play(4, false)]),
            [false]
        );
        // Several completed turns: only the last one.
        let plays = [play(1, true), play(2, false), play(3, false), play(4, true)];
        assert_eq!(last_turn(&plays).len(), 3);
        let plays = [play(1, false), play(2, true), play(3, true)];
        assert_eq!(turns(&plays), [true]);
    }

    #[test]
    fn every_outcome_round_trips_through_the_columns() {
        let outcomes = [
            None,
            Some(Outcome::Won(Side::First, WinReason::Surrounded)),
            Some(Outcome::Won(Side::Second, WinReason::CardsFormation)),
            Some(Outcome::Won(Side::First, WinReason::AllCaptured)),
            Some(Outcome::Won(Side::Second, WinReason::NoLegalMove)),
            Some(Outcome::Resigned {
                winner: Side::Second,
            }),
            Some(Outcome::Draw),
            Some(Outcome::DrawAgreed),
            Some(Outcome::Timeout {
                winner: Side::First,
            }),
            Some(Outcome::Aborted),
        ];
        for outcome in outcomes {
            let (o, winner, reason) = outcome_columns(outcome);
            let row = GameRow {
                id: 1,
                challenge_id: 1,
                guild_id: 1,
                channel_id: 1,
                options: "fibonacci".to_string(),
                seed: 0,
                first_player: 1,
                second_player: 2,
                position: String::new(),
                version: 0,
                outcome: o,
                winner,
                win_reason: reason,
                draw_offer: None,
                draw_offer_message: None,
                created_at: chrono::Utc::now(),
                updated_at: chrono::Utc::now(),
                finished_at: None,
                follows: None,
                follow_kind: None,
                ai_level: None,
                ai_side: None,
                rated: true,
                has_premoves: false,
                tournament_id: None,
                tournament_round: None,
                tournament_name: None,
                clock: Default::default(),
            };
            assert_eq!(outcome_from_row(&row), Ok(outcome));
        }
    }
}
