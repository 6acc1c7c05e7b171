//! What each kind of command costs (issue 59): the pictures it draws (read from the bot's
//! `/metrics`), and the SQL statements and round trips it sends, counted on the wire by the
//! relay between the bot and PostgreSQL (`PgProxy::counted`), from the command's arrival until
//! the bot has gone quiet again (so the work done after the answer counts too).
//!
//! Each kind is measured in three games played the same way in three channels, and the least of
//! the three is kept: the only other statements the bot sends (a language recorded the first
//! time a user is seen) can only add to a count, never take from it. sqlx's look-ups of a custom
//! type's id, made once per type on each new pooled connection, are counted apart (which
//! connection a command gets is the pool's choice). The scheduler is slowed to one tick an hour
//! so that it stays out of the way.
//!
//! A count above its budget fails: a new feature cannot add a statement or a picture to every
//! command unnoticed. Lower the budget when one is cut. Counts, not times, so nothing flakes.
//! `STATEMENTS_PRINT=1` prints the table (statements, round trips, type look-ups and pictures
//! per kind); `STATEMENTS_LOG=1` runs the bot with `sqlx::query=debug` and prints, for each
//! command, the statements sqlx recorded (`BEGIN` is not among them), to see what a count holds.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::fake_discord::*;
use fibonacci_bot::engine::{Config, Game, GameKind};
use serde_json::json;

/// A third channel, for the third game.
const THIRD: u64 = 930_000_000_000_000_077;

/// How long the bot sends nothing before a count is read.
const QUIET: Duration = Duration::from_millis(500);

/// The statements each kind may cost, at most.
const BUDGETS: &[(&str, u64)] = &[
    ("accept (button)", 6),
    ("/move: a whole turn", 4),
    ("/move: one unit move", 4),
    ("/board", 1),
    ("Play (opens the panel)", 1),
    ("panel: a piece picked", 1),
    ("panel: a unit move picked", 4),
];

/// The counts once the bot has sent nothing for [`QUIET`].
async fn quiet(t: &Table) -> Counted {
    t.counted_when_quiet(QUIET).await
}

/// The pictures each kind may draw, at most (a board drawn already is served from the cache).
const PICTURES: &[(&str, u64)] = &[
    ("accept (button)", 1),
    ("/move: a whole turn", 1),
    ("/move: one unit move", 1),
    ("/board", 0),
    ("Play (opens the panel)", 0),
    ("panel: a piece picked", 1),
    ("panel: a unit move picked", 1),
];

/// The least count of each kind over the games: its statements, and the pictures it drew (the
/// bot's `fibonacci_bot_render_seconds_count`, read from `/metrics` at `metrics`).
struct Costs {
    counted: BTreeMap<&'static str, Counted>,
    pictures: BTreeMap<&'static str, u64>,
    metrics: String,
}

impl Costs {
    /// Runs `command` once the bot is quiet and records what it cost, as `kind`.
    async fn of<T>(
        &mut self,
        t: &Table,
        kind: &'static str,
        command: impl Future<Output = T>,
    ) -> T {
        let drawn_before = self.drawn().await;
        let before = quiet(t).await;
        let logged = t.bot.log_text().len();
        let out = command.await;
        let cost = quiet(t).await - before;
        let drawn = self.drawn().await - drawn_before;
        let least = self.pictures.entry(kind).or_insert(drawn);
        *least = (*least).min(drawn);
        if std::env::var_os("STATEMENTS_LOG").is_some() {
            eprintln!("==== {kind}: {cost:?}");
            for l in t.bot.log_text()[logged..].lines() {
                eprintln!("{}", &l[..l.len().min(200)]);
            }
        }
        let least = self.counted.entry(kind).or_insert(cost);
        least.statements = least.statements.min(cost.statements);
        least.round_trips = least.round_trips.min(cost.round_trips);
        least.type_lookups = least.type_lookups.min(cost.type_lookups);
        out
    }

    /// The pictures the bot has drawn so far (a scrape of its metrics; its own statements are
    /// sent before the next count starts).
    async fn drawn(&self) -> u64 {
        let body = reqwest::get(&self.metrics)
            .await
            .expect("the metrics endpoint answers")
            .text()
            .await
            .expect("a body");
        body.lines()
            .find(|l| l.starts_with("fibonacci_bot_render_seconds_count"))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.parse::<f64>().ok())
            .map_or(0, |n| n as u64)
    }
}

/// The latest custom id starting with `prefix` in `channel`.
fn custom_id(t: &Table, channel: u64, prefix: &str) -> String {
    custom_ids(&t.fake.latest_with_prefix(channel, prefix).components)
        .into_iter()
        .find(|c| c.starts_with(prefix))
        .unwrap_or_else(|| panic!("no component {prefix}… in {channel}"))
}

/// Plays one game's first turns in `channel`, measuring each kind of command once.
async fn measure(t: &Table, channel: u64, costs: &mut Costs) {
    let (_, challenge) = t
        .say(
            ALICE,
            channel,
            "challenge",
            &[("opponent", json!(BOB)), ("colour", json!("red"))],
        )
        .await;
    assert!(!challenge.ephemeral, "{}", challenge.content);
    let accept = custom_id(t, channel, "fb:challenge-accept:");
    let started = costs
        .of(t, "accept (button)", async {
            let click = t.fake.click(BOB, channel, &accept);
            t.fake.reply(&click).await
        })
        .await;
    assert!(started.has_png(), "the game starts with a board");

    // The same turns in every channel: Red's one move, Green's two, then Red's three.
    let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
    let first = |game: &mut Game| {
        let m = game
            .legal_moves()
            .into_iter()
            .find(|m| {
                let (from, to) = m.split_once('-').unwrap_or_default();
                from.len() == 2 && to.len() == 2
            })
            .expect("a plain unit move");
        game.play(&m).expect("legal");
        m
    };
    let red = first(&mut game);
    t.play(ALICE, channel, &red).await;
    let green = [first(&mut game), first(&mut game)].join(" ");
    costs
        .of(t, "/move: a whole turn", t.play(BOB, channel, &green))
        .await;
    let unit = first(&mut game);
    costs
        .of(t, "/move: one unit move", t.play(ALICE, channel, &unit))
        .await;
    let (_, board) = costs
        .of(t, "/board", t.say(CAROL, channel, "board", &[]))
        .await;
    assert!(board.has_png(), "{}", board.content);

    // The Play panel: open it, pick a piece, then its destination.
    let play = custom_id(t, channel, "fb:play:");
    costs
        .of(t, "Play (opens the panel)", async {
            let sent = t.fake.click(ALICE, channel, &play);
            t.fake.reply(&sent).await
        })
        .await;
    let unit = first(&mut game);
    let (from, _) = unit.split_once('-').expect("from-to");
    let piece = custom_id(t, channel, "fb:panel-piece:");
    costs
        .of(t, "panel: a piece picked", async {
            let sent = t.fake.select(ALICE, channel, &piece, from);
            t.fake.reply(&sent).await
        })
        .await;
    let to = custom_id(t, channel, "fb:panel-move:");
    let played = costs
        .of(t, "panel: a unit move picked", async {
            let sent = t.fake.select(ALICE, channel, &to, &unit);
            t.fake.reply(&sent).await
        })
        .await;
    assert!(
        played.content.contains(&unit) || played.has_png(),
        "the panel played {unit}: {played:?}"
    );
    let logged: i64 = t
        .sql_value(
            "SELECT count(*) FROM moves WHERE kind = 'move' AND game_id = \
             (SELECT max(id) FROM games WHERE channel_id = $1)",
            channel,
        )
        .await;
    assert_eq!(logged, 5, "every move measured was played");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_kind_of_command_sends_more_statements_or_draws_more_pictures_than_its_budget() {
    let mut t = Table::open().await;
    t.fake.add_channel(THIRD);
    let port = free_port();
    let mut env = vec![
        ("FIBONACCI_BOT_TICK_SECS", "3600".to_string()),
        ("METRICS_ADDR", format!("127.0.0.1:{port}")),
    ];
    if std::env::var_os("STATEMENTS_LOG").is_some() {
        env.push(("RUST_LOG", "info,sqlx::query=debug".to_string()));
    }
    t.restart_with(&env).await;
    let mut costs = Costs {
        counted: BTreeMap::new(),
        pictures: BTreeMap::new(),
        metrics: format!("http://127.0.0.1:{port}/metrics"),
    };
    for channel in [GENERAL, OTHER, THIRD] {
        measure(&t, channel, &mut costs).await;
    }
    let table: Vec<String> = costs
        .counted
        .iter()
        .map(|(kind, c)| {
            format!(
                "{kind}: {} statements, {} round trips, {} type look-ups, {} pictures",
                c.statements, c.round_trips, c.type_lookups, costs.pictures[kind]
            )
        })
        .collect();
    if std::env::var_os("STATEMENTS_PRINT").is_some() {
        eprintln!("{}", table.join("\n"));
    }
    for (kind, budget) in BUDGETS {
        let counted = costs
            .counted
            .get(kind)
            .unwrap_or_else(|| panic!("{kind} not measured"));
        assert!(
            counted.statements <= *budget,
            "{kind} sends {} statements, over its budget of {budget}; every count:\n{}",
            counted.statements,
            table.join("\n")
        );
    }
    for (kind, budget) in PICTURES {
        let drawn = costs.pictures[kind];
        assert!(
            drawn <= *budget,
            "{kind} draws {drawn} pictures, over its budget of {budget}; every count:\n{}",
            table.join("\n")
        );
    }
    t.close().await;
}

fn message(tag: u8, body: &[u8]) -> Vec<u8> {
    let mut m = vec![tag];
    m.extend_from_slice(&(body.len() as u32 + 4).to_be_bytes());
    m.extend_from_slice(body);
    m
}

#[test]
fn the_relay_counts_statements_round_trips_and_type_lookups() {
    let mut wire = Vec::new();
    // The startup message: no type byte.
    wire.extend_from_slice(&12u32.to_be_bytes());
    wire.extend_from_slice(&196_608u32.to_be_bytes());
    wire.extend_from_slice(b"u\0\0\0");
    // A prepared type look-up run, then a statement, then two simple queries.
    wire.extend(message(b'P', b"s1\0SELECT pg_type.oid FROM pg_type\0\0\0"));
    wire.extend(message(b'B', b"\0s1\0\0\0\0\0\0\0"));
    wire.extend(message(b'E', b"\0\0\0\0\0"));
    wire.extend(message(b'S', b""));
    wire.extend(message(b'P', b"s2\0SELECT 1\0\0\0"));
    wire.extend(message(b'B', b"\0s2\0\0\0\0\0\0\0"));
    wire.extend(message(b'E', b"\0\0\0\0\0"));
    wire.extend(message(b'S', b""));
    wire.extend(message(b'Q', b"BEGIN\0"));
    wire.extend(message(b'Q', b"SELECT pg_type.oid, typname FROM pg_type\0"));
    let expected = Counted {
        statements: 2,
        round_trips: 4,
        type_lookups: 2,
    };
    // Messages split anywhere are read the same.
    for piece in [1, 3, 7, 4096] {
        assert_eq!(
            counted_on_the_wire(&wire, piece),
            expected,
            "pieces of {piece}"
        );
    }
}
