//! fibonacci-bot: a Discord bot for playing Fibonacci and Fanorona asynchronously.
//!
//! Layers, data flowing one way: `discord` / `cli` → `app` → `store` and `engine`; `render`
//! draws what `engine` defines; `rating` is the Glicko-2 arithmetic the service stores; `words`
//! puts the engine's and the service's facts into sentences (from the Fluent files of `i18n`)
//! for every front end and the pictures.

pub mod ai;
pub mod app;
pub mod cli;
pub mod discord;
pub mod engine;
pub mod i18n;
pub mod lessons;
pub mod metrics;
pub mod puzzles;
pub mod rating;
pub mod render;
pub mod store;
pub mod tournament;
pub mod words;
