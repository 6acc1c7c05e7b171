//! What a command writes to a game's move log as it plays: each accepted move, the turns the
//! engine skipped after it, and the replayed moves kept with the log.

use crate::engine::{Played, Side};
use crate::store::games::NewMove;
use crate::store::kinds::MoveKind;

use super::UserId;
use super::replay::{Loaded, LoggedPlay};

/// The log entries of one accepted move: the move itself, then one `skip` entry per turn the
/// engine skipped after it (a Fibonacci turn whose allowance was 0), attributed to the player
/// whose turn it was.
fn log_entries(
    played: &Played,
    ply: i32,
    turn: i32,
    side: Side,
    user: UserId,
    players: [UserId; 2],
) -> Vec<NewMove> {
    let mut entries = vec![NewMove {
        ply,
        turn,
        side: side.into(),
        user,
        kind: MoveKind::Move,
        notation: played.notation(),
    }];
    for ((skipped_turn, skipped_side), next) in played.skipped_turns().into_iter().zip(1..) {
        entries.push(NewMove {
            ply: ply.saturating_add(next),
            turn: i32::try_from(skipped_turn).unwrap_or(i32::MAX),
            side: skipped_side.into(),
            user: players[skipped_side.index()],
            kind: MoveKind::Skip,
            notation: MoveKind::Skip.service_notation().to_string(),
        });
    }
    entries
}

/// What a command adds to a game's log as it plays: the replayed moves and the log entries,
/// numbered from the next ply.
pub(super) struct TurnLog {
    pub next_ply: i32,
    pub plays: Vec<LoggedPlay>,
    pub entries: Vec<NewMove>,
}

impl TurnLog {
    pub fn new(loaded: &Loaded) -> TurnLog {
        TurnLog {
            next_ply: loaded.next_ply(),
            plays: Vec::new(),
            entries: Vec::new(),
        }
    }

    /// Logs `played`, played in turn `turn` by `user` on `side`, with the turns it skipped.
    pub fn add(
        &mut self,
        played: &Played,
        turn: u32,
        side: Side,
        user: UserId,
        players: [UserId; 2],
    ) {
        let turn = i32::try_from(turn).unwrap_or(i32::MAX);
        let logged = log_entries(played, self.next_ply, turn, side, user, players);
        self.plays.push(LoggedPlay {
            ply: self.next_ply,
            user,
            played: played.clone(),
        });
        self.next_ply += i32::try_from(logged.len()).unwrap_or(1);
        self.entries.extend(logged);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RULES 1.3: a turn whose allowance is 0 is skipped and recorded in the move log.
    #[test]
    fn turns_the_engine_skipped_are_logged_after_the_move_for_the_skipped_player() {
        use crate::engine::fibonacci::{self, Color};
        use crate::store::kinds::SideIndex;
        let played = Played::Fibonacci(fibonacci::Played {
            unit: None,
            moved: None,
            exchanged: None,
            skipped: vec![(4, Color::Green)],
            turn_ended: true,
            swapped: false,
        });
        let entries = log_entries(&played, 9, 3, Side::First, 11, [11, 22]);
        let summary: Vec<(i32, i32, SideIndex, u64, MoveKind, &str)> = entries
            .iter()
            .map(|e| (e.ply, e.turn, e.side, e.user, e.kind, e.notation.as_str()))
            .collect();
        assert_eq!(
            summary,
            [
                (9, 3, SideIndex::First, 11, MoveKind::Move, "end"),
                (10, 4, SideIndex::Second, 22, MoveKind::Skip, "skip")
            ]
        );
        let played = Played::Fanorona(crate::engine::fanorona::Played {
            steps: Vec::new(),
            turn_ended: true,
        });
        assert_eq!(
            log_entries(&played, 1, 1, Side::Second, 22, [11, 22]).len(),
            1
        );
    }
}
