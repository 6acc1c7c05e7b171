//! The AI's review of a game (target: a 60-turn game in at most 30 s on one core): games of 60
//! whole turns played by the easy AI against itself, each reviewed at the review's own effort.
//! Prints, per game, the CPU time of each review and of its longest step (the most a review
//! delays an AI game's turn on the bot's AI thread), then the median and the maximum. Run it
//! with `cargo bench --bench review`.
//!
//! Environment (optional): `REVIEW_BENCH_GAMES`, games reviewed per game (default 5).

use std::env;
use std::time::Duration;

use fibonacci_bot::ai::{self, Level, review};
use fibonacci_bot::engine::{Config, Game, GameKind, Status};

/// Whole turns of each reviewed game.
const TURNS: usize = 60;

/// CPU time of this thread: steadier than wall time on a machine that other builds share.
fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill in.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    assert!(ok, "the thread's CPU clock");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The moves of a game of `TURNS` whole turns between two easy AIs, the first from `seed` on
/// that lasts so long.
fn sixty_turns(kind: GameKind, seed: u64) -> (u64, Vec<String>) {
    for seed in seed..seed + 1000 {
        let mut game = Game::new(Config::default_for(kind), seed);
        let mut moves = Vec::new();
        for t in 0..TURNS as u64 {
            if game.status() != Status::Ongoing {
                break;
            }
            let turn = ai::turn(&game, Level::Easy, seed.wrapping_mul(1_000_003) + t)
                .expect("a turn in an ongoing game");
            for m in &turn {
                game.play(m).expect("the AI plays legal moves");
            }
            moves.extend(turn);
        }
        if game.status() == Status::Ongoing {
            return (seed, moves);
        }
    }
    panic!("no {kind} game of {TURNS} turns from seed {seed} on");
}

fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn main() {
    let games: u64 = env::var("REVIEW_BENCH_GAMES")
        .ok()
        .map(|v| v.parse().expect("REVIEW_BENCH_GAMES is a number"))
        .unwrap_or(5);
    println!("review of {TURNS}-turn games between easy AIs, CPU seconds of this thread");
    for &kind in &[GameKind::Fibonacci, GameKind::Fanorona] {
        let name = kind.as_str();
        let mut totals = Vec::new();
        let mut longest_steps = Vec::new();
        let mut next_seed = 0;
        for _ in 0..games {
            let (seed, moves) = sixty_turns(kind, next_seed);
            next_seed = seed + 1;
            let start = Game::new(Config::default_for(kind), seed);
            let began = thread_cpu();
            let mut reviewer =
                review::Reviewer::new(start, &moves, seed, review::Effort::Full).expect("legal");
            let mut longest = Duration::ZERO;
            let mut steps = 0;
            loop {
                let before = thread_cpu();
                let more = reviewer.step();
                longest = longest.max(thread_cpu() - before);
                steps += 1;
                if !more {
                    break;
                }
            }
            let total = thread_cpu() - began;
            let result = reviewer.result();
            println!(
                "{name:<10} seed {seed:>4}: {} turns, {steps} steps, {:.2} s, longest step {:.3} s, \
                 worst loss {}",
                result.turns,
                seconds(total),
                seconds(longest),
                result.worst.first().map_or(0, |t| t.loss()),
            );
            totals.push(total);
            longest_steps.push(longest);
        }
        totals.sort();
        longest_steps.sort();
        println!(
            "{name:<10} review: median {:.2} s, max {:.2} s; longest step: median {:.3} s, max {:.3} s",
            seconds(totals[totals.len() / 2]),
            seconds(totals[totals.len() - 1]),
            seconds(longest_steps[longest_steps.len() / 2]),
            seconds(longest_steps[longest_steps.len() - 1]),
        );
    }
}
