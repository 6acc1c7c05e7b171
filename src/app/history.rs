//! A game's history as text: the options, the players, one line per turn in the game's notation
//! (docs/fibonacci.md or docs/fanorona.md, Notation), with timestamps, then the result.
//!
//! ```text
//! fibonacci, variant standard, group same-category, clock 3d
//! red: <@11>  green: <@22>
//!   1. red    b6-c6                 2026-11-23 18:02:11 UTC
//!   2. green  k7-j7 j7-i7           2026-11-23 18:09:40 UTC
//!   3. red    draw offered          2026-11-23 18:10:02 UTC
//! in progress: red to move
//! ```

use std::fmt::Write;

use crate::engine::Side;
use crate::i18n::Lang;

use super::{FollowKind, GameView, HistoryEntry, Outcome, UserId};

/// The text export of a game's history; `name` names a player.
pub(super) fn text(
    view: &GameView,
    entries: &[HistoryEntry],
    name: impl Fn(UserId) -> String,
) -> String {
    let names = view.game.kind().side_names();
    let mut out = String::new();
    let _ = writeln!(out, "{}", options(view));
    let _ = writeln!(
        out,
        "{}: {}  {}: {}",
        names[0],
        name(view.players[0]),
        names[1],
        name(view.players[1])
    );
    // Consecutive moves of one turn share a line; service entries (skip, resign, draw events)
    // get their own.
    let mut i = 0;
    while i < entries.len() {
        let first = &entries[i];
        let mut j = i + 1;
        while first.is_move
            && j < entries.len()
            && entries[j].turn == first.turn
            && entries[j].side == first.side
            && entries[j].is_move
        {
            j += 1;
        }
        let words: Vec<&str> = entries[i..j].iter().map(|e| e.notation.as_str()).collect();
        let last = &entries[j - 1];
        let _ = writeln!(
            out,
            "{:>3}. {:<6} {:<32} {}",
            first.turn,
            names[first.side.index()],
            words.join(" "),
            last.at.format("%Y-%m-%d %H:%M:%S UTC")
        );
        i = j;
    }
    let _ = writeln!(out, "{}", result(view));
    out
}

/// "fibonacci, variant standard, group same-category, clock 3d": the game and its options, from
/// the codec, the clock, and the game it follows.
fn options(view: &GameView) -> String {
    let config = view.game.config();
    let mut line = config.kind().as_str().to_string();
    for (key, value) in config.pairs() {
        let _ = write!(line, ", {key} {value}");
    }
    let _ = write!(line, ", clock {}", view.clock.per_turn);
    if let Some((side, level)) = view.ai {
        let _ = write!(
            line,
            ", ai {level} as {}",
            view.game.kind().side_names()[side.index()]
        );
    }
    match view.follows {
        Some((FollowKind::Rematch, game)) => {
            let _ = write!(line, ", rematch of game {game}");
        }
        Some((FollowKind::Vela, game)) => {
            let _ = write!(line, ", vela round after game {game}");
        }
        None => {}
    }
    line
}

fn result(view: &GameView) -> String {
    let names = view.game.kind().side_names();
    let name = |side: Side| names[side.index()];
    match view.outcome {
        None => format!("in progress: {} to move", name(view.game.side_to_move())),
        Some(Outcome::Won(side, reason)) => format!(
            "{} wins ({})",
            name(side),
            crate::tr!(Lang::En, &format!("history-why-{reason}"))
        ),
        Some(Outcome::Resigned { winner }) => {
            format!("{} wins ({} resigned)", name(winner), name(winner.other()))
        }
        Some(Outcome::Draw) => "draw".to_string(),
        Some(Outcome::DrawAgreed) => "draw by agreement".to_string(),
        Some(Outcome::Timeout { winner }) => {
            format!(
                "{} wins on time ({} ran out of time)",
                name(winner),
                name(winner.other())
            )
        }
        Some(Outcome::Aborted) => format!(
            "aborted, no result ({} never moved before the deadline)",
            name(view.game.side_to_move())
        ),
    }
}
