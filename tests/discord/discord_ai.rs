//! End-to-end: games against the bot itself (issue 12) — the real bot against a fake Discord and
//! a real PostgreSQL.

use std::time::{Duration, Instant};

use crate::fake_discord::*;
use fibonacci_bot::ai::Level;
use fibonacci_bot::app::{ColourChoice, NewChallenge, Service, TurnClock};
use fibonacci_bot::engine::{Config, GameKind};
use serde_json::json;

/// The latest game of a channel, for SQL.
const GAME: &str = "(SELECT max(id) FROM games WHERE channel_id = $1)";

/// (game over, the AI's turn pending) for the game of `channel`.
async fn state(t: &Table, channel: u64) -> (bool, bool) {
    let over: bool = t
        .sql_value(
            &format!("SELECT outcome IS NOT NULL FROM games WHERE id = {GAME}"),
            channel,
        )
        .await;
    let ai_due: bool = t
        .sql_value(
            &format!("SELECT ai_due_at IS NOT NULL FROM games WHERE id = {GAME}"),
            channel,
        )
        .await;
    (over, ai_due)
}

fn ai_posts(t: &Table, channel: u64) -> usize {
    t.fake
        .posted_in(channel)
        .iter()
        .filter(|p| p.content.contains("(AI, easy) played"))
        .count()
}

#[tokio::test]
async fn a_whole_game_against_the_bot_starts_at_once_and_the_ai_answers_every_turn() {
    let t = Table::open().await;
    t.fake.add_user(BOT_ID, "fibonacci-bot");
    let (_, started) = t
        .say(
            ALICE,
            GENERAL,
            "challenge",
            &[
                ("opponent", json!(BOT_ID)),
                ("game", json!("fanorona")),
                ("colour", json!("white")),
                ("level", json!("easy")),
            ],
        )
        .await;
    // Easy's estimated rating at Fanorona's default rules (escale, a first round).
    let easy = Level::Easy.estimated_rating_at(&Config::Fanorona(Default::default()));
    assert!(
        !started.ephemeral && started.has_png(),
        "{}",
        started.content
    );
    assert!(
        started.content.contains(&format!(
            "A game against me (AI, level easy, rating ≈{easy} for this game)"
        )) && started.content.contains("Black is the AI, level easy"),
        "{}",
        started.content
    );
    // Alice plays the first legal move each time; the AI answers each of her turns.
    const MAX_TURNS: usize = 30;
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut alice_turns = 0;
    loop {
        assert!(Instant::now() < deadline, "the game did not end in time");
        let (over, ai_due) = state(&t, GENERAL).await;
        if over {
            break;
        }
        if alice_turns == MAX_TURNS && !ai_due {
            // The easy AI may take long to finish a won endgame: Alice resigns then.
            let (_, resigned) = t.say(ALICE, GENERAL, "resign", &[]).await;
            assert!(!resigned.ephemeral, "{}", resigned.content);
            continue;
        }
        if ai_due {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let before = ai_posts(&t, GENERAL);
        let first = t.first_legal(GENERAL, "fanorona").await;
        let (_, reply) = t.play(ALICE, GENERAL, &first).await;
        assert!(
            !reply.content.contains(&format!("<@{BOT_ID}>, your turn")),
            "the AI is never pinged"
        );
        alice_turns += 1;
        // A capture that may go on: she stops the chain there (the position string does not
        // hold a chain, so the engine's list from it would not fit).
        if reply.content.contains("capture chain in progress") {
            let (_, ended) = t.say(ALICE, GENERAL, "end", &[]).await;
            assert!(!ended.ephemeral, "{}", ended.content);
        }
        // When her turn passed, the AI's board follows (unless the game ended).
        let (over, ai_due) = state(&t, GENERAL).await;
        if ai_due && !over {
            t.fake
                .wait_for("the AI's move", |v| {
                    let n = v
                        .posted()
                        .iter()
                        .filter(|p| p.channel == GENERAL && p.content.contains("(AI, easy) played"))
                        .count();
                    (n > before).then_some(())
                })
                .await;
        }
    }
    assert!(alice_turns > 3, "a real game: {alice_turns} turns");
    let outcome: String = t
        .sql_value(
            &format!("SELECT outcome FROM games WHERE id = {GAME}"),
            GENERAL,
        )
        .await;
    assert!(
        ["won", "draw", "resigned"].contains(&outcome.as_str()),
        "{outcome}"
    );
    let (_, history) = t.say(CAROL, GENERAL, "history", &[]).await;
    let export: String = history
        .files
        .iter()
        .map(|f| String::from_utf8_lossy(&f.bytes).into_owned())
        .collect();
    assert!(export.contains("ai easy as black"), "{export}");
    // Every AI post pinged Alice only, if anyone.
    for p in t.fake.posted_in(GENERAL) {
        assert!(
            !p.pings.contains(&BOT_ID),
            "the bot pinged itself: {}",
            p.content
        );
    }
    t.close().await;
}

#[tokio::test]
async fn the_ai_answers_a_draw_offer_and_other_bots_or_levels_are_refused() {
    let t = Table::open().await;
    t.fake.add_user(BOT_ID, "fibonacci-bot");
    let text = t
        .refused(
            ALICE,
            GENERAL,
            "challenge",
            &[("opponent", json!(BOB)), ("level", json!("hard"))],
        )
        .await;
    assert!(text.contains("`level:` is for a game against me"), "{text}");
    t.say(
        ALICE,
        GENERAL,
        "challenge",
        &[
            ("opponent", json!(BOT_ID)),
            ("colour", json!("red")),
            ("level", json!("medium")),
        ],
    )
    .await;
    // At the start the position is even: the AI takes the draw.
    let (_, draw) = t.say(ALICE, GENERAL, "draw", &[]).await;
    assert!(
        draw.content.contains("(AI, medium) accepted the draw")
            || draw.content.contains("(AI, medium) declined the draw"),
        "{}",
        draw.content
    );
    t.close().await;
}

#[tokio::test]
async fn an_ai_turn_pending_while_the_bot_is_down_is_played_after_the_restart_once() {
    let mut t = Table::open().await;
    t.bot.kill();
    // While the bot is down, a game against it starts with the AI to move (as after a crash).
    let service = Service::connect(t.db.direct_url()).await.expect("connect");
    let view = service
        .challenge_ai(
            NewChallenge {
                challenger: ALICE,
                challenged: BOT_ID,
                guild: GUILD,
                channel: GENERAL,
                config: Config::default_for(GameKind::Fibonacci),
                colour: ColourChoice::ChallengerSecond,
                clock: TurnClock::default(),
                rated: true,
            },
            BOT_ID,
            Level::Easy,
        )
        .await
        .expect("a game against the bot");
    assert_eq!(view.player_to_move(), Some(BOT_ID));
    t.restart().await;
    let played = t
        .fake
        .wait_for("the AI's first turn", |v| {
            v.posted()
                .iter()
                .find(|p| p.channel == GENERAL && p.content.contains("(AI, easy) played"))
                .cloned()
        })
        .await;
    assert!(played.has_png());
    assert!(played.content.contains("Turn 2"), "{}", played.content);
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(ai_posts(&t, GENERAL), 1, "played once");
    let (over, ai_due) = state(&t, GENERAL).await;
    assert!(!over && !ai_due, "Alice's turn now");
    let ping = t
        .fake
        .posted_in(GENERAL)
        .into_iter()
        .find(|p| p.content.contains("your turn ("))
        .expect("Alice is told it is her turn");
    assert_eq!(ping.pings, [ALICE]);
    t.close().await;
}

#[tokio::test]
async fn ten_ai_games_thinking_at_once_do_not_hold_up_a_game_between_people() {
    let t = Table::open().await;
    t.fake.add_user(BOT_ID, "fibonacci-bot");
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    // Ten games where the AI (hard) moves first: ten turns queue for its thread at once.
    let channels: Vec<u64> = (0..10).map(|n| OTHER + 100 + n).collect();
    for &channel in &channels {
        t.fake.add_channel(channel);
        let (_, started) = t
            .say(
                ALICE,
                channel,
                "challenge",
                &[
                    ("opponent", json!(BOT_ID)),
                    ("colour", json!("green")),
                    ("level", json!("hard")),
                ],
            )
            .await;
        assert!(!started.ephemeral, "{}", started.content);
    }
    // Meanwhile Alice and Bob play on, and Carol looks at their board.
    let mut waits = Vec::new();
    for (user, moves) in [(ALICE, "b6-c6"), (CAROL, ""), (CAROL, "")] {
        let start = Instant::now();
        let reply = if moves.is_empty() {
            t.say(user, GENERAL, "board", &[]).await.1
        } else {
            t.play(user, GENERAL, moves).await.1
        };
        waits.push(start.elapsed());
        assert!(!reply.deferred, "answered at once, not deferred");
        assert!(reply.has_png());
    }
    let thinking: i64 = t
        .sql_value(
            "SELECT count(*)::int8 FROM games WHERE ai_due_at IS NOT NULL AND channel_id <> $1",
            GENERAL,
        )
        .await;
    eprintln!("answers while {thinking} AI turns were pending: {waits:?}");
    // Every AI game gets its turn played in the end.
    t.fake
        .wait_for("the ten AI turns", |v| {
            let played = channels
                .iter()
                .filter(|&&c| {
                    v.posted()
                        .iter()
                        .any(|p| p.channel == c && p.content.contains("(AI, hard) played"))
                })
                .count();
            (played == channels.len()).then_some(())
        })
        .await;
    t.close().await;
}
