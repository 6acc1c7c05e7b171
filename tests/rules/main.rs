//! The rules of both games and the AI, as one test binary: rule sentences, perft counts and
//! properties of the engine, the AI's and its reviews' properties, and the `rules`, `ai` and
//! `review` command lines run as the real binary.
//!
//! Each file of this directory is a module (add a new one with `mod its_name;` below); the whole
//! group links the crate once. Run one file's tests with `cargo test --test rules fanorona_rules`.

mod ai_cli;
mod ai_props;
mod cli_errors;
mod docs_examples;
mod fanorona_cli;
mod fanorona_perft;
mod fanorona_props;
mod fanorona_rules;
mod fibonacci_cli;
mod fibonacci_perft;
mod fibonacci_props;
mod fibonacci_rules;
mod fuzz_parsers;
mod puzzle_bank;
mod readme_commands;
mod review_cli;
mod review_props;
mod tournament_props;
