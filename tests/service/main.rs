//! The game service and its store against a real PostgreSQL (each test in a database of its
//! own, see `tests/common`), the embedded PostgreSQL, and the migrations, as one test binary.
//!
//! Each file of this directory is a module (add a new one with `mod its_name;` below); the whole
//! group links the crate once. Run one file's tests with `cargo test --test service service_core`.

#[path = "../common/mod.rs"]
mod common;

mod service_bank;
mod service_clock;
mod service_colours;
mod service_concurrency;
mod service_core;
mod service_embedded;
mod service_learn;
mod service_panel;
mod service_premove;
mod service_puzzles;
mod service_ratings;
mod service_resilience;
mod service_swap;
mod service_tournament;
mod service_vacation;
mod store_migration;
mod store_migration_checksums;
