//! A game's history as text: the options, the players, one line per turn in the notation of
//! `RULES.md`, with timestamps, then the result.
//!
//! ```text
//! fibonacci, variant standard, group same-category
//! red: <@11>  green: <@22>
//!   1. red    b6-c6                 2026-11-23 18:02:11 UTC
//!   2. green  k7-j7 j7-i7           2026-11-23 18:09:40 UTC
//!   3. red    draw offered          2026-11-23 18:10:02 UTC
//! in progress: red to move
//! ```

use std::fmt::Write;

use crate::engine::fanorona::{self, RuleSet};
use crate::engine::fibonacci::{GroupRule, Variant};
use crate::engine::{Config, Side, WinReason};

use super::{GameView, HistoryEntry, Outcome, mention};

/// The text export of a game's history.
pub(super) fn text(view: &GameView, entries: &[HistoryEntry]) -> String {
    let names = view.game.kind().side_names();
    let mut out = String::new();
    let _ = writeln!(out, "{}", options(view.game.config()));
    let _ = writeln!(
        out,
        "{}: {}  {}: {}",
        names[0],
        mention(view.players[0]),
        names[1],
        mention(view.players[1])
    );
    // Consecutive moves of one turn share a line; service entries (skip, resign, draw events)
    // get their own.
    let mut i = 0;
    while i < entries.len() {
        let first = &entries[i];
        let is_move = !is_service_entry(&first.notation);
        let mut j = i + 1;
        while is_move
            && j < entries.len()
            && entries[j].turn == first.turn
            && entries[j].side == first.side
            && !is_service_entry(&entries[j].notation)
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

/// The words the service writes into the log besides the engine's moves.
fn is_service_entry(notation: &str) -> bool {
    matches!(
        notation,
        "skip" | "resign" | "draw offered" | "draw accepted" | "draw declined" | "draw withdrawn"
    )
}

fn options(config: Config) -> String {
    match config {
        Config::Fibonacci(o) => format!(
            "fibonacci, variant {}, group {}",
            match o.variant {
                Variant::Standard => "standard",
                Variant::Cards => "cards",
            },
            match o.group {
                GroupRule::SameCategory => "same-category",
                GroupRule::AnyFriendly => "any-friendly",
            }
        ),
        Config::Fanorona(o) => {
            let rules = match o.rules {
                RuleSet::Escale => "escale",
                RuleSet::Standard => "standard",
            };
            match o.vela {
                None => format!("fanorona, rules {rules}"),
                Some(winner) => format!(
                    "fanorona, rules {rules}, vela round (first round won by {})",
                    match winner {
                        fanorona::Color::White => "white",
                        fanorona::Color::Black => "black",
                    }
                ),
            }
        }
    }
}

fn result(view: &GameView) -> String {
    let names = view.game.kind().side_names();
    let name = |side: Side| names[side.index()];
    match view.outcome {
        None => format!("in progress: {} to move", name(view.game.side_to_move())),
        Some(Outcome::Won(side, reason)) => format!(
            "{} wins ({})",
            name(side),
            match reason {
                WinReason::Surrounded => "centre surrounded",
                WinReason::CardsFormation => "strike formation",
                WinReason::AllCaptured => "every piece captured",
                WinReason::NoLegalMove => "no legal move left",
            }
        ),
        Some(Outcome::Resigned { winner }) => {
            format!("{} wins ({} resigned)", name(winner), name(winner.other()))
        }
        Some(Outcome::Draw) => "draw".to_string(),
        Some(Outcome::DrawAgreed) => "draw by agreement".to_string(),
    }
}
