//! fibonacci-bot: a Discord bot for playing Fibonacci and Fanorona asynchronously.
//!
//! Layers, data flowing one way: `discord` / `cli` → `app` → `store` and `engine`; `render`
//! draws what `engine` defines.

pub mod ai;
pub mod app;
pub mod cli;
pub mod discord;
pub mod engine;
pub mod metrics;
pub mod render;
pub mod store;
