//! End-to-end: play over days (issue 11) — the real bot against a fake Discord and a real
//! PostgreSQL. Days are not waited for: a test moves a game's deadline (or pause end) in the
//! database, which the bot honours at its next look (`FIBONACCI_BOT_TICK_SECS=0.2` here).

use std::time::Duration;

use crate::fake_discord::*;
use serde_json::json;

const THIRD: u64 = 930_000_000_000_000_003;

/// The latest game of a channel, for SQL.
const GAME: &str = "(SELECT max(id) FROM games WHERE channel_id = $1)";

/// Puts the deadline of the turn in progress `secs` seconds from now.
async fn deadline_in(t: &Table, channel: u64, secs: i64) {
    t.deadline_in(channel, secs).await;
}

/// Messages posted in `channel` whose text contains `needle`.
fn posts(t: &Table, channel: u64, needle: &str) -> Vec<Posted> {
    t.fake
        .posted_in(channel)
        .into_iter()
        .filter(|p| p.content.contains(needle))
        .collect()
}

async fn wait_posts(t: &Table, channel: u64, needle: &str, count: usize) -> Vec<Posted> {
    t.wait_posts(channel, needle, count).await
}

/// Ends the pause of GENERAL's game now (by SQL): the scheduler says so and pings Alice, the
/// player to move, once more than `pings_before`.
async fn pause_ends_and_alice_is_pinged(t: &Table, pings_before: usize) {
    t.sql(
        &format!("UPDATE games SET paused_until = now() - interval '1 second' WHERE id = {GAME}"),
        GENERAL,
    )
    .await;
    wait_posts(t, GENERAL, "The pause is over", 1).await;
    let ping = wait_posts(t, GENERAL, "your turn (", pings_before + 1).await;
    assert_eq!(ping.last().map(|p| p.pings.clone()), Some(vec![ALICE]));
}

/// `expr` over the columns of the latest game of `channel`.
async fn game_column<T>(t: &Table, channel: u64, expr: &str) -> T
where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
{
    t.sql_value(
        &format!("SELECT {expr} FROM games WHERE id = {GAME}"),
        channel,
    )
    .await
}

/// Whether the latest game of `channel` is over.
async fn is_over(t: &Table, channel: u64) -> bool {
    game_column(t, channel, "outcome IS NOT NULL").await
}

/// The vacation days `user` used (every year).
async fn vacation_days_used(t: &Table, user: u64) -> i64 {
    t.sql_value(
        &format!(
            "SELECT COALESCE(sum(used), 0)::bigint FROM vacation_days \
             WHERE user_id = {user} AND $1::bigint IS NOT NULL"
        ),
        GENERAL,
    )
    .await
}

/// Lets the bot's scheduler look several times.
async fn a_few_looks() {
    tokio::time::sleep(Duration::from_millis(1200)).await;
}

#[tokio::test]
async fn reminders_come_24_hours_and_1_hour_before_and_ping_only_the_player_to_move() {
    let t = Table::open().await;
    let (started, _) = t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    assert!(
        started.content.contains("3 days per turn") && started.content.contains("⏰ due <t:"),
        "the first board shows the clock: {}",
        started.content
    );
    let (_, moved) = t.play(ALICE, GENERAL, "b6-c6").await;
    assert!(moved.content.contains(":R>"), "{}", moved.content);

    deadline_in(&t, GENERAL, 24 * 3600 - 60).await;
    let reminder = wait_posts(&t, GENERAL, "your turn in", 1).await;
    assert_eq!(reminder[0].pings, [BOB], "only Bob is pinged");
    assert!(reminder[0].content.starts_with(&format!("⏰ <@{BOB}>")));
    assert!(!reminder[0].content.contains(&ALICE.to_string()));
    a_few_looks().await;
    assert_eq!(posts(&t, GENERAL, "your turn in").len(), 1, "sent once");

    deadline_in(&t, GENERAL, 3600 - 60).await;
    let reminders = wait_posts(&t, GENERAL, "your turn in", 2).await;
    assert_eq!(reminders[1].pings, [BOB]);
    a_few_looks().await;
    assert_eq!(posts(&t, GENERAL, "your turn in").len(), 2);
    t.close().await;
}

/// A time bank chosen in `/challenge`: the board, its status line and `/games` show both banks,
/// and the columns hold the bank.
#[tokio::test]
async fn a_time_bank_is_chosen_by_command_and_both_banks_are_shown() {
    let t = Table::open().await;
    let (started, _) = t
        .start_game(
            GENERAL,
            &[("colour", json!("red")), ("clock", json!("10d+36h"))],
        )
        .await;
    assert!(
        started
            .content
            .contains("a bank of 10 days, 36 hours more after each turn")
            && started.content.contains("🏦 banks: Red 10 d · Green 10 d"),
        "{}",
        started.content
    );
    let increment: Option<i32> = game_column(&t, GENERAL, "clock_increment_secs").await;
    assert_eq!(increment, Some(36 * 3600));
    // Red's turn took some seconds of her bank: 36 h are added, capped at 10 days.
    let (_, moved) = t.play(ALICE, GENERAL, "b6-c6").await;
    assert!(
        moved.content.contains("🏦 banks: Red 10 d · Green 10 d") && moved.content.contains(":R>"),
        "{}",
        moved.content
    );
    let (_, games) = t.say(BOB, GENERAL, "games", &[]).await;
    assert!(games.content.contains("🏦 banks:"), "{}", games.content);
    t.close().await;
}

/// `/vacation` stops the clock of the game waiting for the player, the opponent sees it on the
/// board and cannot restart it, and `/vacation end:` gives the whole unused days back.
#[tokio::test]
async fn a_vacation_by_command_stops_the_clock_and_the_opponent_sees_it() {
    let t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    let (_, started) = t
        .say(ALICE, GENERAL, "vacation", &[("days", json!(3))])
        .await;
    assert!(
        started.ephemeral
            && started.content.contains("You are on vacation until <t:")
            && started
                .content
                .contains("27 vacation days are left this year"),
        "{}",
        started.content
    );
    let stopped: bool = game_column(&t, GENERAL, "deadline IS NULL AND paused_for_vacation").await;
    assert!(stopped, "the clock of the game waiting for Alice stopped");
    let (_, board) = t.say(BOB, GENERAL, "board", &[]).await;
    assert!(
        board.content.contains("🏖 Red on vacation until <t:"),
        "{}",
        board.content
    );
    let refused = t.refused(BOB, GENERAL, "resume", &[]).await;
    assert!(refused.contains("stopped for the vacation of"), "{refused}");
    let refused = t
        .refused(ALICE, GENERAL, "vacation", &[("days", json!(2))])
        .await;
    assert!(refused.contains("already on vacation"), "{refused}");
    // Ended at once: two whole days of three come back.
    let (_, ended) = t
        .say(ALICE, GENERAL, "vacation", &[("end", json!(true))])
        .await;
    assert!(
        ended.ephemeral && ended.content.contains("29 vacation days are left"),
        "{}",
        ended.content
    );
    let running: bool = game_column(&t, GENERAL, "deadline IS NOT NULL").await;
    assert!(running);
    let (_, settings) = t
        .say(
            ALICE,
            GENERAL,
            "settings",
            &[("auto-vacation", json!("on"))],
        )
        .await;
    assert!(
        settings.content.contains("Automatic vacation is now on"),
        "{}",
        settings.content
    );
    t.close().await;
}

/// A vacation lives in the database: after a restart the board still shows it and the clock
/// still waits; when it ends the scheduler restarts the clock and pings the player; with
/// automatic vacation, a deadline that passes is a notice to both players, not a loss.
#[tokio::test]
async fn a_vacation_outlives_a_restart_ends_by_itself_and_automatic_vacation_saves_a_deadline() {
    let mut t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    let (_, started) = t
        .say(ALICE, GENERAL, "vacation", &[("days", json!(2))])
        .await;
    assert!(
        started.content.contains("on vacation until"),
        "{}",
        started.content
    );
    t.kill_and_restart().await;
    let (_, board) = t.say(BOB, GENERAL, "board", &[]).await;
    assert!(
        board.content.contains("🏖 Red on vacation until"),
        "{}",
        board.content
    );
    let pings_before = posts(&t, GENERAL, "your turn (").len();

    // The vacation's end comes (moved by SQL): the clock runs again and Alice is pinged.
    let vacation_ends = format!(
        "UPDATE user_settings SET vacation_until = now() - interval '1 second', \
             vacation_from = now() - interval '2 days' \
         WHERE user_id = {ALICE} AND $1::bigint IS NOT NULL"
    );
    t.sql(&vacation_ends, GENERAL).await;
    pause_ends_and_alice_is_pinged(&t, pings_before).await;

    // Automatic vacation on, then the deadline passes: one more day, both players told.
    t.say(
        ALICE,
        GENERAL,
        "settings",
        &[("auto-vacation", json!("on"))],
    )
    .await;
    deadline_in(&t, GENERAL, -1).await;
    let told = wait_posts(&t, GENERAL, "passed while they are on vacation", 1).await;
    let mut pinged = told[0].pings.clone();
    pinged.sort_unstable();
    assert_eq!(pinged, [ALICE, BOB]);
    // Discord pings only who the text mentions: Bob, who waits for that move, is named too.
    for user in [ALICE, BOB] {
        assert!(
            told[0].content.contains(&format!("<@{user}>")),
            "{user} not mentioned: {}",
            told[0].content
        );
    }
    a_few_looks().await;
    assert!(!is_over(&t, GENERAL).await, "the game goes on");
    let used = vacation_days_used(&t, ALICE).await;
    assert_eq!(used, 3, "two days of the vacation and one automatic day");
    t.close().await;
}

#[tokio::test]
async fn reminders_go_by_direct_message_when_asked_and_to_the_channel_when_dms_are_closed() {
    let t = Table::open().await;
    let (_, settings) = t
        .say(BOB, GENERAL, "settings", &[("notify", json!("dm"))])
        .await;
    assert!(settings.ephemeral && settings.content.contains("direct message"));
    let (_, settings) = t
        .say(ALICE, GENERAL, "settings", &[("notify", json!("dm"))])
        .await;
    assert!(settings.ephemeral);
    t.fake.close_dms(ALICE);

    // Bob to move in GENERAL: his reminder comes by DM.
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    t.play(ALICE, GENERAL, "b6-c6").await;
    deadline_in(&t, GENERAL, 3000).await;
    let dm = t
        .fake
        .wait_for("Bob's DM channel", |v| v.dm_channel_of(BOB))
        .await;
    let sent = wait_posts(&t, dm, "Your turn in", 1).await;
    assert!(
        sent[0].content.contains(&format!("/{GENERAL}")),
        "{}",
        sent[0].content
    );
    a_few_looks().await;
    assert!(posts(&t, GENERAL, "your turn in").is_empty());

    // Alice to move in OTHER, her DMs closed: the reminder falls back to the channel.
    t.start_game(OTHER, &[("colour", json!("red"))]).await;
    deadline_in(&t, OTHER, 3000).await;
    let fallback = wait_posts(&t, OTHER, "your turn in", 1).await;
    assert_eq!(fallback[0].pings, [ALICE]);
    a_few_looks().await;
    assert_eq!(posts(&t, OTHER, "your turn in").len(), 1);
    t.close().await;
}

#[tokio::test]
async fn a_player_who_runs_out_of_time_loses_and_one_who_never_moved_aborts() {
    let t = Table::open().await;
    t.fake.add_channel(THIRD);
    // Fanorona in GENERAL: both move, then Alice (White) lets her clock run out.
    t.start_game(
        GENERAL,
        &[("game", json!("fanorona")), ("colour", json!("white"))],
    )
    .await;
    let first = t.first_legal(GENERAL, "fanorona").await;
    t.play(ALICE, GENERAL, &first).await;
    let answer = t.first_legal(GENERAL, "fanorona").await;
    t.play(BOB, GENERAL, &answer).await;
    deadline_in(&t, GENERAL, -1).await;
    let over = wait_posts(&t, GENERAL, "wins on time", 2).await;
    let board = &over[0];
    assert!(board.has_png(), "the final board: {}", board.content);
    let ping = &over[1];
    assert!(ping.content.starts_with("🏁 Game over"));
    let mut pinged = ping.pings.clone();
    pinged.sort();
    assert_eq!(pinged, [ALICE, BOB], "both players are pinged");
    assert!(
        custom_ids(&ping.components)
            .iter()
            .any(|id| id.starts_with("fb:rematch:")),
        "the end carries a Rematch button"
    );
    // The channel is free, and the history says how it ended.
    let (_, board) = t.say(CAROL, GENERAL, "board", &[]).await;
    assert!(board.ephemeral && board.content.contains("no game"));
    let (_, history) = t.say(CAROL, GENERAL, "history", &[]).await;
    assert!(
        history.content.contains("wins on time"),
        "{}",
        history.content
    );
    let kind: String = t
        .sql_value(
            &format!("SELECT kind FROM moves WHERE game_id = {GAME} ORDER BY ply DESC LIMIT 1"),
            GENERAL,
        )
        .await;
    assert_eq!(kind, "timeout");

    // Fibonacci in THIRD: Alice never moves: aborted, no winner.
    t.start_game(THIRD, &[("colour", json!("red"))]).await;
    deadline_in(&t, THIRD, -1).await;
    let aborted = wait_posts(&t, THIRD, "aborted, no result", 2).await;
    assert!(aborted[0].has_png());
    let outcome: String = game_column(&t, THIRD, "outcome").await;
    assert_eq!(outcome, "aborted");
    a_few_looks().await;
    assert_eq!(posts(&t, THIRD, "aborted, no result").len(), 2, "once");
    assert_eq!(posts(&t, GENERAL, "⏰ Time is up").len(), 1, "once");
    assert_eq!(posts(&t, GENERAL, "🏁 Game over").len(), 1, "once");
    t.close().await;
}

#[tokio::test]
async fn a_pause_is_offered_accepted_resumed_early_and_ends_by_itself() {
    let t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    // Bad requests: refused privately, nothing changes.
    for days in [0, 99] {
        let text = t
            .refused(ALICE, GENERAL, "pause", &[("days", json!(days))])
            .await;
        assert!(text.contains("from 1 to 14 days"), "{text}");
    }
    let text = t
        .refused(CAROL, GENERAL, "pause", &[("days", json!(2))])
        .await;
    assert!(text.contains("You are not playing in this game"), "{text}");
    let text = t.refused(ALICE, GENERAL, "resume", &[]).await;
    assert!(text.contains("no pause to end"), "{text}");

    let (_, asked) = t.say(ALICE, GENERAL, "pause", &[("days", json!(2))]).await;
    assert!(!asked.ephemeral, "{}", asked.content);
    assert!(asked.content.contains("pause the clock for 2 days"));
    let accept = asked
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("fb:pause-accept:"))
        .expect("an Accept pause button");
    // A third person's click changes nothing.
    let click = t.fake.click(CAROL, GENERAL, &accept);
    let reply = t.fake.reply(&click).await;
    assert!(reply.ephemeral, "{}", reply.content);
    // Bob accepts with the button.
    let click = t.fake.click(BOB, GENERAL, &accept);
    let reply = t.fake.reply(&click).await;
    assert!(!reply.ephemeral && reply.has_png(), "{}", reply.content);
    assert!(reply.content.contains("paused"), "{}", reply.content);
    assert!(
        reply.custom_ids().iter().all(|i| i.starts_with("fb:play:")),
        "the offer's buttons go, Play stays: {:?}",
        reply.custom_ids()
    );
    let paused: bool = game_column(&t, GENERAL, "deadline IS NULL AND paused_until > now()").await;
    assert!(paused, "no deadline runs while paused");
    let (_, board) = t.say(CAROL, GENERAL, "board", &[]).await;
    assert!(
        board.content.contains("paused until <t:"),
        "{}",
        board.content
    );

    // Bob resumes early.
    let (_, resumed) = t.say(BOB, GENERAL, "resume", &[]).await;
    assert!(!resumed.ephemeral && resumed.content.contains("restarted the clock"));
    let running: bool = game_column(&t, GENERAL, "deadline > now() AND paused_until IS NULL").await;
    assert!(running);

    // Asked again, accepted by typing /pause, and ended by itself.
    t.say(BOB, GENERAL, "pause", &[("days", json!(1))]).await;
    let (_, accepted) = t.say(ALICE, GENERAL, "pause", &[]).await;
    assert!(
        !accepted.ephemeral && accepted.content.contains("paused for 1 day"),
        "{}",
        accepted.content
    );
    let pings_before = posts(&t, GENERAL, "your turn (").len();
    pause_ends_and_alice_is_pinged(&t, pings_before).await;
    t.close().await;
}

/// A pause that ends while the player to move is on vacation: the clock stays stopped, the
/// channel is told why, and nobody is pinged to play.
#[tokio::test]
async fn a_pause_that_ends_during_a_vacation_says_the_clock_still_waits() {
    let t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    t.say(BOB, GENERAL, "pause", &[("days", json!(1))]).await;
    let (_, accepted) = t.say(ALICE, GENERAL, "pause", &[]).await;
    assert!(
        accepted.content.contains("paused for 1 day"),
        "{}",
        accepted.content
    );
    t.say(ALICE, GENERAL, "vacation", &[("days", json!(3))])
        .await;
    let pings_before = posts(&t, GENERAL, "your turn (").len();
    t.sql(
        &format!("UPDATE games SET paused_until = now() - interval '1 second' WHERE id = {GAME}"),
        GENERAL,
    )
    .await;
    let told = wait_posts(&t, GENERAL, "The pause is over", 1).await;
    assert!(
        told[0].content.contains(&format!(
            "the clock stays stopped for the vacation of <@{ALICE}> until <t:"
        )),
        "{}",
        told[0].content
    );
    let held: bool = game_column(&t, GENERAL, "deadline IS NULL AND paused_for_vacation").await;
    assert!(held, "the vacation holds the clock");
    // The scheduler looks every 0.2 s: a ping would have come by now.
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert_eq!(posts(&t, GENERAL, "your turn (").len(), pings_before);
    t.close().await;
}

#[tokio::test]
async fn a_rematch_and_a_vela_round_played_to_its_first_capture() {
    let t = Table::open().await;
    t.start_game(
        GENERAL,
        &[("game", json!("fanorona")), ("colour", json!("white"))],
    )
    .await;
    let (resign, _) = t.say(BOB, GENERAL, "resign", &[]).await;
    let ended = t.fake.followups(&resign, 1).await;
    let buttons = ended[0].custom_ids();
    let vela = buttons
        .iter()
        .find(|id| id.starts_with("fb:vela:"))
        .expect("a Vela round button after a won Fanorona game")
        .clone();
    let rematch = buttons
        .iter()
        .find(|id| id.starts_with("fb:rematch:"))
        .expect("a Rematch button")
        .clone();

    // A third person cannot ask for it.
    let click = t.fake.click(CAROL, GENERAL, &rematch);
    let reply = t.fake.reply(&click).await;
    assert!(reply.ephemeral && reply.content.contains("Only the players"));

    // Bob (the loser) offers the vela round; Alice accepts.
    let click = t.fake.click(BOB, GENERAL, &vela);
    let offer = t.fake.reply(&click).await;
    assert!(!offer.ephemeral, "{}", offer.content);
    assert!(offer.content.contains("vela round"), "{}", offer.content);
    let accept = offer
        .custom_ids()
        .into_iter()
        .find(|id| id.contains("challenge-accept"))
        .expect("Accept");
    // A second offer of the same follow-up is refused.
    let click = t.fake.click(ALICE, GENERAL, &vela);
    let again = t.fake.reply(&click).await;
    assert!(
        again.ephemeral && again.content.contains("already been offered"),
        "{}",
        again.content
    );
    let click = t.fake.click(ALICE, GENERAL, &accept);
    let started = t.fake.reply(&click).await;
    assert!(started.has_png());
    assert!(
        started.content.contains("Black") && started.content.contains("vela round after game"),
        "{}",
        started.content
    );
    // The loser (Black, Bob) moves first and captures: one White piece goes.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
        .args(["rules", "legal", "--game", "fanorona", "--vela", "white"])
        .output()
        .expect("rules legal");
    let first = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .expect("a legal first move")
        .to_string();
    let whites = |p: &str| p.split(' ').next().unwrap_or("").matches('W').count();
    let before: String = game_column(&t, GENERAL, "position").await;
    t.play(BOB, GENERAL, &first).await;
    let after: String = game_column(&t, GENERAL, "position").await;
    assert_eq!(whites(&after), whites(&before) - 1, "{before} → {after}");
    let (_, history) = t.say(CAROL, GENERAL, "history", &[]).await;
    assert!(
        history.content.contains("vela round after game"),
        "{}",
        history.content
    );

    // After the vela round, a rematch (colours swapped) by typing.
    t.say(BOB, GENERAL, "resign", &[]).await;
    let (_, offer) = t.say(ALICE, GENERAL, "rematch", &[]).await;
    assert!(
        !offer.ephemeral && offer.content.contains("offers a rematch of game"),
        "{}",
        offer.content
    );
    let text = t.refused(BOB, GENERAL, "rematch", &[]).await;
    assert!(text.contains("already been offered"), "{text}");
    t.close().await;
}

#[tokio::test]
async fn a_reminder_due_while_the_bot_is_down_is_sent_after_the_restart_once() {
    let mut t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    t.play(ALICE, GENERAL, "b6-c6").await;
    t.bot.kill();
    deadline_in(&t, GENERAL, 3000).await;
    // A notice claimed by a sender that died before sending it: its lease ran out.
    t.sql(
        &format!(
            "INSERT INTO notices (game_id, kind, created_at, claimed_until, attempts) \
             SELECT {GAME}, 'resumed', now(), now() - interval '1 second', 1"
        ),
        GENERAL,
    )
    .await;
    t.restart().await;
    let reminder = wait_posts(&t, GENERAL, "your turn in", 1).await;
    assert_eq!(reminder[0].pings, [BOB]);
    wait_posts(&t, GENERAL, "The pause is over", 1).await;
    a_few_looks().await;
    assert_eq!(posts(&t, GENERAL, "your turn in").len(), 1);
    assert_eq!(posts(&t, GENERAL, "The pause is over").len(), 1);
    t.close().await;
}

#[tokio::test]
async fn two_bot_processes_on_one_database_send_each_reminder_and_timeout_once() {
    let mut t = Table::open().await;
    let channels: Vec<u64> = (0..6).map(|n| THIRD + 10 + n).collect();
    for &channel in &channels {
        t.fake.add_channel(channel);
        t.start_game(channel, &[("colour", json!("red"))]).await;
        t.play(ALICE, channel, "b6-c6").await;
    }
    let mut second = t.second_bot().await;
    // Half get a reminder, half time out (Bob never moved: aborted).
    for (n, &channel) in channels.iter().enumerate() {
        deadline_in(&t, channel, if n % 2 == 0 { 3000 } else { -1 }).await;
    }
    for (n, &channel) in channels.iter().enumerate() {
        if n % 2 == 0 {
            wait_posts(&t, channel, "your turn in", 1).await;
        } else {
            wait_posts(&t, channel, "aborted, no result", 2).await;
        }
    }
    a_few_looks().await;
    for (n, &channel) in channels.iter().enumerate() {
        if n % 2 == 0 {
            assert_eq!(posts(&t, channel, "your turn in").len(), 1, "{channel}");
        } else {
            assert_eq!(
                posts(&t, channel, "aborted, no result").len(),
                2,
                "{channel}"
            );
        }
    }
    let one = t.bot.log_text();
    let two = second.log_text();
    assert!(
        one.contains("scheduler") || two.contains("scheduler"),
        "the schedulers logged their work"
    );
    second.kill();
    t.close().await;
}

/// Two bot processes and one player's deadlines passing at once in four games, automatic
/// vacation on: one vacation day is taken, whichever process handles which game, and each game
/// tells its players once.
#[tokio::test]
async fn two_bot_processes_take_one_automatic_vacation_day_for_deadlines_passing_together() {
    let mut t = Table::open().await;
    let channels: Vec<u64> = (0..4).map(|n| THIRD + 40 + n).collect();
    for &channel in &channels {
        t.fake.add_channel(channel);
        t.start_game(channel, &[("colour", json!("red"))]).await;
    }
    t.say(
        ALICE,
        GENERAL,
        "settings",
        &[("auto-vacation", json!("on"))],
    )
    .await;
    let mut second = t.second_bot().await;
    for &channel in &channels {
        deadline_in(&t, channel, -1).await;
    }
    for &channel in &channels {
        wait_posts(&t, channel, "passed while they are on vacation", 1).await;
    }
    a_few_looks().await;
    for &channel in &channels {
        assert_eq!(
            posts(&t, channel, "passed while they are on vacation").len(),
            1,
            "{channel}"
        );
        assert!(!is_over(&t, channel).await, "{channel}: the game goes on");
    }
    let used = vacation_days_used(&t, ALICE).await;
    assert_eq!(used, 1, "one day covers the four deadlines");
    second.kill();
    t.close().await;
}
