//! What the benches that drive the real bot through the fake Discord share (`load`, `soak`):
//! players' and channels' ids, random legal turns, the move log, and how fast interactions
//! were acknowledged.

#![allow(dead_code)] // each bench uses a different part

use std::time::Duration;

use fibonacci_bot::engine::{Game, Status};
use sqlx::Connection;

use crate::fake_discord::{self, FakeDiscord, GUILD};

/// Side `side` (0 or 1) of game `game`.
pub fn player(game: usize, side: usize) -> u64 {
    921_000_000_000_000_000 + (game as u64) * 2 + side as u64
}

/// Game `game`'s channel.
pub fn channel(game: usize) -> u64 {
    931_000_000_000_000_000 + game as u64
}

/// Small deterministic generator (xorshift): the same games on every run.
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// A duration between `low` and `high` (milliseconds).
    pub fn millis(&mut self, low: u64, high: u64) -> Duration {
        Duration::from_millis(low + self.below((high - low + 1) as usize) as u64)
    }
}

/// One whole turn of random legal moves, played on `game`.
pub fn whole_turn(game: &mut Game, rng: &mut Rng) -> Vec<String> {
    let (side, turn) = (game.side_to_move(), game.turn_number());
    let mut moves = Vec::new();
    while game.status() == Status::Ongoing
        && game.side_to_move() == side
        && game.turn_number() == turn
    {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())].clone();
        game.play(&m).expect("a legal move");
        moves.push(m);
    }
    moves
}

/// The moves logged in channel `ch`'s latest game, in order.
pub async fn move_log(url: &str, ch: u64) -> Vec<String> {
    let mut conn = sqlx::PgConnection::connect(url)
        .await
        .expect("connect to the bot's database");
    sqlx::query_scalar(
        "SELECT notation FROM moves WHERE kind = 'move' AND game_id = \
             (SELECT max(id) FROM games WHERE channel_id = $1 AND guild_id = $2) \
         ORDER BY ply",
    )
    .bind(ch as i64)
    .bind(GUILD as i64)
    .fetch_all(&mut conn)
    .await
    .expect("the move log")
}

/// Every acknowledgement of an interaction (its callback): the interaction's id, and how long
/// after the interaction's creation it came (as Discord counts its 3 seconds).
pub fn acknowledgements(fake: &FakeDiscord) -> Vec<(u64, Duration)> {
    fake.requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/callback"))
        .filter_map(|r| {
            let id: u64 = r.path.split('/').nth(4)?.parse().ok()?;
            let age = r
                .received
                .duration_since(fake_discord::created_at(id))
                .ok()?;
            Some((id, age))
        })
        .collect()
}

/// Discord's limit for acknowledging an interaction.
pub const ACK_LIMIT: Duration = Duration::from_secs(3);

pub fn ms(d: Duration) -> String {
    format!("{:.0} ms", d.as_secs_f64() * 1000.0)
}
