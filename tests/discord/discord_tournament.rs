//! End to end through the fake Discord: a 3-player round-robin organised, played and finished
//! by the real bot. Sign-up by button and by command, the refusals, the start with its
//! pairings, each game in its own thread under the event's channel, the final standings, and
//! the contract columns.

use crate::fake_discord::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_is_organised_played_in_threads_and_finished() {
    let t = Table::open().await;
    let (_, created) = t
        .say(
            CAROL,
            GENERAL,
            "tournament create",
            &[
                ("name", json!("Autumn cup")),
                ("game", json!("fanorona")),
                ("format", json!("round-robin")),
            ],
        )
        .await;
    assert!(!created.ephemeral, "{}", created.content);
    assert!(
        created.content.contains("Autumn cup"),
        "{}",
        created.content
    );
    let join = created
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("fb:tournament-join:"))
        .expect("a Join button");

    // Refusals are private and change nothing.
    let busy = t
        .refused(
            ALICE,
            GENERAL,
            "tournament create",
            &[
                ("name", json!("Another")),
                ("game", json!("fibonacci")),
                ("format", json!("swiss")),
                ("rounds", json!(3)),
            ],
        )
        .await;
    assert!(busy.contains("already has a tournament"), "{busy}");
    let rounds = t
        .refused(
            ALICE,
            OTHER,
            "tournament create",
            &[
                ("name", json!("Short")),
                ("game", json!("fibonacci")),
                ("format", json!("swiss")),
                ("rounds", json!(1)),
            ],
        )
        .await;
    assert!(rounds.contains("from 2 to 15 rounds"), "{rounds}");
    let none = t.refused(ALICE, OTHER, "tournament join", &[]).await;
    assert!(none.contains("no tournament here"), "{none}");

    // Alice joins with the button: the announcement is rewritten in place.
    let clicked = t.fake.click(ALICE, GENERAL, &join);
    let updated = t.fake.reply(&clicked).await;
    assert_eq!(updated.kind, 7, "the click updates the announcement");
    assert!(
        updated.content.contains(&format!("<@{ALICE}>")),
        "{}",
        updated.content
    );
    let twice = t.refused(ALICE, GENERAL, "tournament join", &[]).await;
    assert!(twice.contains("already"), "{twice}");
    let (_, bob) = t.say(BOB, GENERAL, "tournament join", &[]).await;
    assert!(
        !bob.ephemeral && bob.content.contains("2 players"),
        "{}",
        bob.content
    );
    let few = t.refused(CAROL, GENERAL, "tournament start", &[]).await;
    assert!(few.contains("at least 3 players"), "{few}");
    let (_, carol) = t.say(CAROL, GENERAL, "tournament join", &[]).await;
    assert!(carol.content.contains("3 players"), "{}", carol.content);

    // The start posts the pairings and pings every player. Bob did not create the event, but
    // the fake's members may manage the server, and a manager may start anyone's event (the
    // creator-only refusal is the service's test).
    let (_, started) = t.say(BOB, GENERAL, "tournament start", &[]).await;
    assert!(!started.ephemeral, "{}", started.content);
    assert!(started.content.contains("3 games"), "{}", started.content);
    for player in [ALICE, BOB, CAROL] {
        assert!(started.content.contains(&format!("<@{player}>")));
    }
    let late = t.refused(ALICE, GENERAL, "tournament leave", &[]).await;
    assert!(late.contains("has started"), "{late}");

    // Each game gets its own thread under the event's channel, with its first board.
    let boards = posts_anywhere(&t, "**Autumn cup**, round 1:", 3).await;
    let threads: Vec<u64> = boards.iter().map(|p| p.channel).collect();
    assert!(
        threads.iter().all(|&c| c != GENERAL),
        "games run in threads"
    );
    let games: String = t
        .sql_value(
            "SELECT string_agg(channel_id || ':' || second_player, ',' ORDER BY id) FROM games \
             WHERE tournament_id IS NOT NULL AND tournament_round IS NULL AND $1 > 0",
            1,
        )
        .await;
    let games: Vec<(u64, u64)> = games
        .split(',')
        .map(|g| {
            let (c, p) = g.split_once(':').expect("channel:player");
            (c.parse().expect("channel"), p.parse().expect("player"))
        })
        .collect();
    assert_eq!(games.len(), 3);
    // `/games` names the event of each game.
    let (_, mine) = t.say(ALICE, OTHER, "games", &[]).await;
    assert_eq!(
        mine.content.matches("(Autumn cup)").count(),
        2,
        "{}",
        mine.content
    );
    // A spectator's standings in a game's thread mean the tournament too.
    let (_, table) = t.say(ALICE, games[0].0, "tournament standings", &[]).await;
    assert!(table.content.contains("Autumn cup"), "{}", table.content);
    assert!(table.has_png(), "the table as a picture");
    assert!(
        table.content.contains("0 played, 2 left"),
        "{}",
        table.content
    );

    // Every second player resigns: the first players win.
    for &(thread, second) in &games {
        let (_, resigned) = t.say(second, thread, "resign", &[]).await;
        assert!(!resigned.ephemeral, "{}", resigned.content);
    }
    let over = t.wait_posts(GENERAL, "is over", 1).await;
    let end = &over[0].content;
    assert!(end.contains("wins the tournament"), "{end}");
    assert!(end.contains("1. <@"), "the final standings: {end}");
    assert!(
        over[0].has_png(),
        "the final standings come as a picture too"
    );
    let names: Vec<&str> = over[0].files.iter().map(|f| f.filename.as_str()).collect();
    assert_eq!(
        names,
        ["standings-1.png", "cross-table-1.png"],
        "a round-robin's end shows its cross table"
    );
    for player in [ALICE, BOB, CAROL] {
        assert!(over[0].pings.contains(&player), "every player is pinged");
    }
    let (_, standings) = t
        .say(BOB, OTHER, "tournament standings", &[("id", json!(1))])
        .await;
    assert!(
        standings.content.contains("final") && standings.content.contains("2 played, 0 left"),
        "{}",
        standings.content
    );
    let cross = standings
        .files
        .iter()
        .find(|f| f.filename == "cross-table-1.png")
        .expect("/tournament standings shows a round-robin's cross table");
    let picture = image::load_from_memory(&cross.bytes).expect("a picture");
    assert_eq!(picture.height(), 96 + 34 * 4 + 20, "a row per player");
    // `id:` offers the server's tournaments by name.
    let sent = t
        .fake
        .autocomplete(BOB, OTHER, "tournament standings", "id", "");
    let offered = t.fake.reply(&sent).await;
    let choices = offered.data["choices"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        choices.iter().any(|c| c["value"] == json!(1)
            && c["name"]
                .as_str()
                .is_some_and(|n| n.contains("Autumn cup (over)"))),
        "{choices:?}"
    );
    let state: String = t
        .sql_value("SELECT state FROM tournaments WHERE id = $1", 1)
        .await;
    assert_eq!(state, "finished");
    t.close().await;
}

/// Waits for `count` board pictures anywhere whose text contains `needle`.
async fn posts_anywhere(t: &Table, needle: &str, count: usize) -> Vec<Posted> {
    t.fake
        .wait_for(&format!("{count} posts with {needle:?}"), |v| {
            let found: Vec<Posted> = v
                .posted()
                .iter()
                .filter(|p| p.content.contains(needle) && p.has_png())
                .cloned()
                .collect();
            (found.len() >= count).then_some(found)
        })
        .await
}

/// The games of round `round` (Swiss) as (thread, first player, second player).
async fn round_games(t: &Table, round: i64) -> Vec<(u64, u64, u64)> {
    let games: String = t
        .sql_value(
            "SELECT COALESCE(string_agg(channel_id || ':' || first_player || ':' || second_player, \
             ',' ORDER BY id), '') FROM games WHERE tournament_round = $1",
            round as u64,
        )
        .await;
    games
        .split(',')
        .filter(|g| !g.is_empty())
        .map(|g| {
            let parts: Vec<u64> = g.split(':').map(|p| p.parse().expect("a number")).collect();
            (parts[0], parts[1], parts[2])
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_survives_a_restart_between_rounds_and_a_withdrawal() {
    const DAVE: u64 = 920_000_000_000_000_004;
    let mut t = Table::open().await;
    t.fake.add_user(DAVE, "dave");
    let (_, created) = t
        .say(
            ALICE,
            GENERAL,
            "tournament create",
            &[
                ("name", json!("Winter swiss")),
                ("game", json!("fibonacci")),
                ("format", json!("swiss")),
                ("rounds", json!(2)),
            ],
        )
        .await;
    assert!(!created.ephemeral, "{}", created.content);
    for p in [ALICE, BOB, CAROL, DAVE] {
        let (_, joined) = t.say(p, GENERAL, "tournament join", &[]).await;
        assert!(!joined.ephemeral, "{}", joined.content);
    }
    let (_, started) = t.say(ALICE, GENERAL, "tournament start", &[]).await;
    assert!(
        started.content.contains("round 1 of 2"),
        "{}",
        started.content
    );
    posts_anywhere(&t, "**Winter swiss**, round 1:", 2).await;
    let first = round_games(&t, 1).await;
    assert_eq!(first.len(), 2);
    // Round 1 ends; the bot is killed at once, before or after it paired round 2.
    for &(thread, _, second) in &first {
        let (_, resigned) = t.say(second, thread, "resign", &[]).await;
        assert!(!resigned.ephemeral, "{}", resigned.content);
    }
    t.kill_and_restart().await;
    // Round 2 is paired and posted once, and its games get their threads.
    let posted = t.wait_posts(GENERAL, "round 2 of 2", 1).await;
    for p in [ALICE, BOB, CAROL, DAVE] {
        assert!(posted[0].pings.contains(&p), "every player is pinged");
    }
    posts_anywhere(&t, "**Winter swiss**, round 2:", 2).await;
    let second = round_games(&t, 2).await;
    assert_eq!(second.len(), 2);
    // The winners of round 1 meet, as do the losers: no rematch.
    for &(_, a, b) in &second {
        assert!(
            !first
                .iter()
                .any(|&(_, x, y)| (x, y) == (a, b) || (x, y) == (b, a))
        );
    }
    // A player withdraws: their game is lost at once; the other game ends by resignation.
    let (thread, leaver, stayer) = second[0];
    let (_, withdrew) = t.say(leaver, GENERAL, "tournament withdraw", &[]).await;
    assert!(
        withdrew.content.contains("withdrew"),
        "{}",
        withdrew.content
    );
    t.wait_posts(thread, "resigned", 1).await;
    let (other, _, loser) = second[1];
    t.say(loser, other, "resign", &[]).await;
    let over = t.wait_posts(GENERAL, "is over", 1).await;
    assert!(
        over[0].content.contains("(withdrawn)"),
        "{}",
        over[0].content
    );
    assert!(over[0].content.contains(&format!("<@{stayer}>")));
    // Nothing was posted twice.
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert_eq!(
        t.fake
            .posted_in(GENERAL)
            .iter()
            .filter(|p| p.content.contains("round 2 of 2"))
            .count(),
        1
    );
    assert_eq!(
        t.fake
            .posted_in(GENERAL)
            .iter()
            .filter(|p| p.content.contains("is over"))
            .count(),
        1
    );
    let games: i64 = t
        .sql_value("SELECT count(*) FROM games WHERE tournament_id = $1", 1)
        .await;
    assert_eq!(games, 4);
    t.close().await;
}

/// How many messages in `channel` contain `needle`.
fn count_in(t: &Table, channel: u64, needle: &str) -> usize {
    t.fake
        .posted_in(channel)
        .iter()
        .filter(|p| p.content.contains(needle))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_player_swiss_is_played_to_the_end_by_two_bot_processes() {
    const DAVE: u64 = 920_000_000_000_000_004;
    const EVE: u64 = 920_000_000_000_000_005;
    const NAME: &str = "Spring swiss";
    let mut t = Table::open().await;
    t.fake.add_user(DAVE, "dave");
    t.fake.add_user(EVE, "eve");
    let players = [ALICE, BOB, CAROL, DAVE, EVE];
    // Two processes on one database: both run the scheduler's looks (interactions go to the
    // newest), so every round, thread and post below must come from exactly one of them.
    let mut second = t.second_bot().await;
    let (_, created) = t
        .say(
            BOB,
            GENERAL,
            "tournament create",
            &[
                ("name", json!(NAME)),
                ("game", json!("fanorona")),
                ("format", json!("swiss")),
                ("rounds", json!(3)),
                ("clock", json!("1d")),
            ],
        )
        .await;
    assert!(!created.ephemeral, "{}", created.content);
    for p in players {
        let (_, joined) = t.say(p, GENERAL, "tournament join", &[]).await;
        assert!(!joined.ephemeral, "{}", joined.content);
    }
    let (_, started) = t.say(BOB, GENERAL, "tournament start", &[]).await;
    assert!(
        started.content.contains("round 1 of 3"),
        "{}",
        started.content
    );
    assert!(
        started.content.contains("Bye (1 point)"),
        "{}",
        started.content
    );

    let mut all = Vec::new();
    for round in 1..=3u32 {
        if round > 1 {
            let posted = t
                .wait_posts(GENERAL, &format!("round {round} of 3"), 1)
                .await;
            for p in players {
                assert!(posted[0].pings.contains(&p), "round {round} pings <@{p}>");
            }
        }
        posts_anywhere(&t, &format!("**{NAME}**, round {round}:"), 2).await;
        let games = round_games(&t, i64::from(round)).await;
        assert_eq!(games.len(), 2, "round {round}: {games:?}");
        for (n, &(thread, first, second_player)) in games.iter().enumerate() {
            match (round, n) {
                // A draw: offered by the first player, accepted by the second by button.
                (1, 1) => {
                    let (_, offer) = t.say(first, thread, "draw", &[]).await;
                    let accept = offer
                        .custom_ids()
                        .into_iter()
                        .find(|i| i.contains("accept"))
                        .expect("an Accept button");
                    let click = t.fake.click(second_player, thread, &accept);
                    let accepted = t.fake.reply(&click).await;
                    assert!(!accepted.ephemeral, "{}", accepted.content);
                }
                // A timeout: the first player never moves, and loses (no abort in an event).
                (2, 0) => {
                    t.deadline_in(thread, -1).await;
                    t.wait_posts(thread, "Time is up", 1).await;
                }
                _ => {
                    let (_, resigned) = t.say(second_player, thread, "resign", &[]).await;
                    assert!(!resigned.ephemeral, "{}", resigned.content);
                }
            }
        }
        all.extend(games);
    }
    let over = t.wait_posts(GENERAL, "is over", 1).await;
    for p in players {
        assert!(over[0].pings.contains(&p), "the end pings <@{p}>");
        assert!(over[0].content.contains(&format!("<@{p}>")));
    }
    assert!(
        over[0].has_png(),
        "the final standings come as a picture too"
    );

    // Let both processes look a few more times: nothing is posted twice.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    for round in 2..=3 {
        assert_eq!(count_in(&t, GENERAL, &format!("round {round} of 3")), 1);
    }
    assert_eq!(count_in(&t, GENERAL, "is over"), 1);
    for &(thread, _, _) in &all {
        assert_eq!(
            count_in(&t, thread, &format!("**{NAME}**, round")),
            1,
            "{thread}"
        );
    }
    // No pair met twice; three byes, to three players; the results as played.
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert!(
                (a.1, a.2) != (b.1, b.2) && (a.1, a.2) != (b.2, b.1),
                "{a:?} {b:?}"
            );
        }
    }
    let byes: i64 = t
        .sql_value(
            "SELECT count(DISTINCT user_id) FROM tournament_byes WHERE tournament_id = $1",
            1,
        )
        .await;
    assert_eq!(byes, 3);
    let outcomes: String = t
        .sql_value(
            "SELECT string_agg(outcome, ',' ORDER BY id) FROM games WHERE tournament_id = $1",
            1,
        )
        .await;
    assert_eq!(
        outcomes, "resigned,draw-agreed,timeout,resigned,resigned,resigned",
        "{outcomes}"
    );
    let state: String = t
        .sql_value("SELECT state FROM tournaments WHERE id = $1", 1)
        .await;
    assert_eq!(state, "finished");
    second.kill();
    t.close().await;
}
