//! A game's moves grouped into whole turns, for everything that looks back at a game turn by
//! turn (replays, the move browser, the command line).

use super::{Game, MoveError, Played, Side};

/// One turn with moves, as played.
#[derive(Clone, Debug)]
pub struct Turn {
    /// The turn's number as the engine counts turns (a turn the rules skip has a number and
    /// no moves, so no [`Turn`]).
    pub number: u32,
    pub side: Side,
    /// Where its first move is among the moves given (0-based).
    pub first_move: usize,
    /// Its moves in order, `end` included.
    pub played: Vec<Played>,
    /// The game after it.
    pub after: Game,
    /// False for a turn the moves stop in the middle of (a game in progress).
    pub complete: bool,
}

/// A move the rules refused: where it is among the moves given (0-based), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedAt {
    pub index: usize,
    pub error: MoveError,
}

/// Plays `moves` from `start` and groups them into turns: a turn ends where a move says so
/// ([`Played::turn_ended`]; `end` ends one early). A last turn the moves stop in the middle
/// of is kept, marked incomplete.
pub fn turns<S: AsRef<str>>(start: &Game, moves: &[S]) -> Result<Vec<Turn>, RefusedAt> {
    let mut game = start.clone();
    let mut turns = Vec::new();
    let mut current: Option<Turn> = None;
    for (index, m) in moves.iter().enumerate() {
        let (number, side) = (game.turn_number(), game.side_to_move());
        let played = game
            .play(m.as_ref())
            .map_err(|error| RefusedAt { index, error })?;
        let ended = played.turn_ended();
        let turn = current.get_or_insert_with(|| Turn {
            number,
            side,
            first_move: index,
            played: Vec::new(),
            after: start.clone(),
            complete: false,
        });
        turn.played.push(played);
        if ended {
            let mut done = current.take().unwrap_or_else(|| unreachable!());
            done.after = game.clone();
            done.complete = true;
            turns.push(done);
        }
    }
    if let Some(mut partial) = current {
        partial.after = game;
        turns.push(partial);
    }
    Ok(turns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, GameKind};

    #[test]
    fn fibonacci_turns_end_with_the_allowance_or_with_end() {
        let start = Game::new(Config::default_for(GameKind::Fibonacci), 0);
        // Red's first turn allows one move, Green's two (Green stops after one), and Red's
        // third turn is half played.
        let turns = turns(&start, &["b6-c6", "j6-i6", "end", "a5-b5"]).expect("legal");
        let summary: Vec<_> = turns
            .iter()
            .map(|t| (t.number, t.side, t.first_move, t.played.len(), t.complete))
            .collect();
        assert_eq!(
            summary,
            vec![
                (1, Side::First, 0, 1, true),
                (2, Side::Second, 1, 2, true),
                (3, Side::First, 3, 1, false),
            ]
        );
        assert_eq!(turns[2].after.side_to_move(), Side::First);
        let refused = super::turns(&start, &["b6-c6", "a1-a2"]).expect_err("Green moves next");
        assert_eq!(refused.index, 1);
    }
}
