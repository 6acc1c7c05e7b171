//! End-to-end: the real bot (the `fibonacci-bot` binary, a child process per test) against a
//! fake Discord (`tests/fake_discord`) and a real PostgreSQL, as one test binary.
//!
//! Each file of this directory is a module (add a new one with `mod its_name;` below); the whole
//! group links the crate once. Run one file's tests with `cargo test --test discord discord_play`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../fake_discord/mod.rs"]
mod fake_discord;

mod discord_ai;
mod discord_clock;
mod discord_colours;
mod discord_i18n;
mod discord_learn;
mod discord_lookback;
mod discord_metrics;
mod discord_newcomer;
mod discord_panel;
mod discord_play;
mod discord_premove;
mod discord_private;
mod discord_puzzle;
mod discord_ratings;
mod discord_resilience;
mod discord_shards;
mod discord_statements;
mod discord_strict;
mod discord_swap;
#[cfg(feature = "third-game")]
mod discord_tictactoe;
mod discord_tournament;
