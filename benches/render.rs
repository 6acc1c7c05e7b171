//! Render + encode time per board (issue 4: at most 15 ms median on one core in release;
//! issue 13: at most 3 ms, the busy boards included).
//!
//! `cargo bench --bench render`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fibonacci_bot::engine::{Config, Game, GameKind, Status};
use fibonacci_bot::render::{BoardInfo, render_png};

fn info() -> BoardInfo {
    BoardInfo {
        players: ["Alice".to_string(), "Bob".to_string()],
        ..BoardInfo::default()
    }
}

/// A game after `moves`, with the last of them highlighted as the last turn.
fn after(kind: GameKind, moves: &[&str], highlight: Option<&str>) -> (Game, BoardInfo) {
    played(Game::new(Config::default_for(kind), 7), moves, highlight)
}

/// `game` after `moves`, all of them shown as the last turn.
fn played(mut game: Game, moves: &[&str], highlight: Option<&str>) -> (Game, BoardInfo) {
    let mut info = info();
    for m in moves {
        match game.play(m) {
            Ok(p) => info.last_turn.push(p),
            Err(e) => panic!("{m}: {e}"),
        }
    }
    info.highlight = highlight.map(str::to_string);
    (game, info)
}

/// A Fibonacci game forty legal moves in (the same every run), its last turn shown: the
/// kind of board the load benchmark draws, pieces spread over the whole board.
fn midgame() -> (Game, BoardInfo) {
    let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 7);
    let mut info = info();
    let mut shown_turn = 0;
    for i in 0..40 {
        let legal = game.legal_moves();
        if legal.is_empty() || game.status() != Status::Ongoing {
            break;
        }
        // The turn a move is played in is the one shown, until a move of the next turn.
        if game.turn_number() != shown_turn {
            shown_turn = game.turn_number();
            info.last_turn.clear();
        }
        // A fixed stride through the legal moves: varied, and the same every run.
        match game.play(&legal[(i * 37 + 11) % legal.len()]) {
            Ok(p) => info.last_turn.push(p),
            Err(e) => panic!("{e}"),
        }
    }
    (game, info)
}

fn bench(c: &mut Criterion) {
    // The golden picture's turn: two exchanges and a step, numbered arrows, and the legal
    // destinations of g7 (an exchange among them).
    let position = ".....C/UUUUUU./......../....S..../....S...../....ScS..../....SS..../\
                    ........./......../uuuuuu./ssssss r 6 11";
    let exchanges = match Game::from_position(Config::default_for(GameKind::Fibonacci), 7, position)
    {
        Ok(game) => played(game, &["f7-f6", "d5-d6", "e5-f7"], Some("g7")),
        Err(e) => panic!("{e}"),
    };
    let cases = [
        ("fibonacci start", after(GameKind::Fibonacci, &[], None)),
        (
            "fibonacci move + highlight",
            after(GameKind::Fibonacci, &["g9-f9"], Some("e2")),
        ),
        ("fanorona start", after(GameKind::Fanorona, &[], None)),
        (
            "fanorona capture + highlight",
            after(GameKind::Fanorona, &["e2-e3+"], Some("d4")),
        ),
        ("fibonacci exchanges + highlight", exchanges),
        (
            "fanorona chain in progress",
            after(GameKind::Fanorona, &["e2-e3+", "f4-e5-"], None),
        ),
        ("fibonacci mid-game", midgame()),
    ];
    // Draw each once so the cached board backgrounds are not part of the measurement; the
    // sizes are part of the budget (at most 100 kB each).
    for (name, (game, info)) in &cases {
        match render_png(game, info) {
            Ok(png) => eprintln!("{name}: {} bytes", png.len()),
            Err(e) => panic!("{name}: {e}"),
        }
    }
    for (name, (game, info)) in &cases {
        c.bench_function(name, |b| {
            b.iter(|| render_png(black_box(game), black_box(info)))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
