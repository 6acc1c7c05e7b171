//! A fake Discord on this machine, to try the bot without a Discord account: the same fake the
//! tests use (`tests/fake_discord/`), a REST API and a gateway on loopback, with two members,
//! alice and bob, in one server.
//!
//! ```sh
//! cargo run --example fake_discord      # prints the line that starts the bot against it
//! ```
//!
//! Each time a bot connects and registers its commands, alice and bob use it: at the first
//! start, alice types `/challenge opponent:@bob`, bob presses Accept, and alice types `/board`;
//! at every later start (say, from another directory), alice types `/games` and `/board`, so
//! that you see the same game is still there. What the bot answers is printed. Ctrl-C stops it.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/fake_discord/mod.rs"]
mod fake_discord;

use std::time::Duration;

use fake_discord::{ALICE, BOB, FakeDiscord, GENERAL, GUILD, TOKEN};
use serde_json::json;

#[tokio::main]
async fn main() {
    let fake = FakeDiscord::start().await;
    fake.add_user(ALICE, "alice");
    fake.add_user(BOB, "bob");
    fake.add_channel(GENERAL);
    println!(
        "fake Discord at {}; start the bot against it with:",
        fake.base
    );
    println!(
        "  DISCORD_API_BASE={} DISCORD_TOKEN={TOKEN} DISCORD_GUILD_ID={GUILD} fibonacci-bot",
        fake.base
    );
    let mut starts = 0;
    loop {
        // A start is a registration of the commands (each start registers them once).
        tokio::select! {
            _ = tokio::signal::ctrl_c() => break,
            () = tokio::time::sleep(Duration::from_millis(200)) => {}
        }
        if fake.registrations() <= starts {
            continue;
        }
        starts = fake.registrations();
        println!("\n-- the bot connected and registered its commands (start {starts})");
        if starts == 1 {
            let challenge = fake.command(ALICE, GENERAL, "challenge", &[("opponent", json!(BOB))]);
            let answer = fake.reply(&challenge).await;
            println!("alice: /challenge opponent:@bob\nbot:   {}", answer.content);
            let Some(accept) = answer
                .custom_ids()
                .into_iter()
                .find(|id| id.contains("accept"))
            else {
                println!("(no Accept button: the challenge was refused)");
                continue;
            };
            let click = fake.click(BOB, GENERAL, &accept);
            let accepted = fake.reply(&click).await;
            println!("bob:   [Accept]\nbot:   {}", accepted.content);
        } else {
            let games = fake.command(ALICE, GENERAL, "games", &[]);
            let answer = fake.reply(&games).await;
            println!("alice: /games\nbot:   {}", answer.content);
        }
        let board = fake.command(ALICE, GENERAL, "board", &[]);
        let answer = fake.reply(&board).await;
        println!(
            "alice: /board\nbot:   {} ({})",
            answer.content,
            if answer.has_png() {
                "with the board's picture"
            } else {
                "no picture"
            }
        );
    }
    fake.stop().await;
}
