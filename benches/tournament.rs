//! Tournament speed: pairing a Swiss round of 500 players (the target: at most 100 ms),
//! and the standings of a 64-player event and their picture (at most 10 ms), from histories
//! played out at random.
//!
//! Run: `cargo bench --bench tournament`. Medians measured on 2026-11-26 (two cores, nothing else
//! running, `CARGO_PROFILE_BENCH_LTO=false CARGO_PROFILE_BENCH_CODEGEN_UNITS=16`): a Swiss round
//! of 500 players 84 ms (501: 82 ms), of 64 players 0.58 ms; the standings of 64 players 10 µs,
//! their picture 4.2 ms.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fibonacci_bot::render::{StandingsLine, standings_png};
use fibonacci_bot::tournament::Format;
use fibonacci_bot::tournament::standings::{Entrant, EventGame, GameResult, standings};
use fibonacci_bot::tournament::swiss::{Colour, SwissPlayer, pair};

fn lcg(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

/// `n` players after `rounds` Swiss rounds paired by the bot with random results, and the games.
fn history(n: usize, rounds: usize) -> (Vec<SwissPlayer>, Vec<EventGame>, Vec<u64>) {
    let mut seed = 42;
    let mut players: Vec<SwissPlayer> = (0..n)
        .map(|i| SwissPlayer::new(i as u64 + 1, 1000.0 + (lcg(&mut seed) % 1500) as f64))
        .collect();
    let (mut games, mut byes) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let pairing = pair(&players).expect("a pairing");
        if let Some(b) = pairing.bye {
            let p = players.iter_mut().find(|p| p.id == b).expect("bye");
            p.had_bye = true;
            p.half_points += 2;
            byes.push(b);
        }
        for (f, s) in pairing.games {
            let (result, pf, ps) = match lcg(&mut seed) % 3 {
                0 => (GameResult::FirstWon, 2, 0),
                1 => (GameResult::SecondWon, 0, 2),
                _ => (GameResult::Draw, 1, 1),
            };
            for p in players.iter_mut() {
                if p.id == f {
                    p.half_points += pf;
                    p.opponents.push(s);
                    p.colours.push(Colour::First);
                } else if p.id == s {
                    p.half_points += ps;
                    p.opponents.push(f);
                    p.colours.push(Colour::Second);
                }
            }
            games.push(EventGame {
                first: f,
                second: s,
                result: Some(result),
            });
        }
    }
    (players, games, byes)
}

fn swiss(c: &mut Criterion) {
    let mut group = c.benchmark_group("tournament");
    group.sample_size(20);
    for n in [64, 500, 501] {
        let (players, _, _) = history(n, 5);
        group.bench_function(format!("swiss_round_6/{n}_players"), |b| {
            b.iter(|| pair(black_box(&players)).expect("a pairing"))
        });
    }
    let (players, games, byes) = history(64, 6);
    let entrants: Vec<Entrant> = players
        .iter()
        .map(|p| Entrant {
            id: p.id,
            rating: p.rating,
            withdrawn: false,
        })
        .collect();
    group.bench_function("standings/64_players", |b| {
        b.iter(|| standings(Format::Swiss, black_box(&entrants), &games, &byes))
    });
    // The picture /tournament standings posts, for the same 64 players.
    let table = standings(Format::Swiss, &entrants, &games, &byes);
    let lines: Vec<StandingsLine> = table
        .iter()
        .map(|s| StandingsLine {
            rank: s.rank.to_string(),
            name: format!("player {}", s.id),
            points: s.points().to_string(),
            tiebreaks: [s.buchholz().to_string(), s.sonneborn_berger().to_string()],
            games: format!("{} / {}", s.played, s.left),
            dim: false,
        })
        .collect();
    let header = ["#", "Player", "Points", "Buchholz", "S-B", "Played / left"].map(String::from);
    group.bench_function("standings_picture/64_players", |b| {
        b.iter(|| standings_png("Bench cup: standings", &header, black_box(&lines)).expect("drawn"))
    });
    group.finish();
}

criterion_group!(benches, swiss);
criterion_main!(benches);
