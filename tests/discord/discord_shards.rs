//! Shards (issue 31): the shards Discord recommends in one process, or a range of them per
//! process (`FIBONACCI_BOT_SHARDS`), several processes sharing one PostgreSQL. The fake Discord
//! sends a guild's interactions to shard `(guild_id >> 22) % total` and checks IDENTIFY's `shard`.

use std::time::Duration;

use crate::fake_discord::*;
use serde_json::json;

/// A guild on the other shard of two from the test guild's.
const FAR_GUILD: u64 = GUILD + (1 << 22);
/// A channel of [`FAR_GUILD`].
const FAR: u64 = 930_000_000_000_000_077;

/// The shard of `guild` out of `total`, as Discord routes it.
fn shard_of(guild: u64, total: u64) -> u64 {
    (guild >> 22) % total
}

/// Waits until IDENTIFYs for every `[id, total]` of `shards` were accepted.
async fn wait_identified(fake: &FakeDiscord, shards: &[[u64; 2]]) {
    fake.wait_for(&format!("IDENTIFY of shards {shards:?}"), |v| {
        shards
            .iter()
            .all(|s| v.inner.identified_shards.contains(s))
            .then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_runs_every_shard_discord_recommends() {
    let mut t = Table::open().await;
    t.fake.add_channel_in(FAR, FAR_GUILD);
    t.fake.recommend_shards(2);
    t.restart_with(&[]).await;
    wait_identified(&t.fake, &[[0, 2], [1, 2]]).await;
    assert_ne!(shard_of(GUILD, 2), shard_of(FAR_GUILD, 2));

    // A game in each guild, each guild's interactions on its own shard of the one process.
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    t.start_game(FAR, &[("colour", json!("red"))]).await;
    let (near, _) = t.play(ALICE, GENERAL, "b6-c6").await;
    let (far, _) = t.play(ALICE, FAR, "b6-c6").await;
    assert_eq!(t.fake.routed_to(&near), Some(shard_of(GUILD, 2)));
    assert_eq!(t.fake.routed_to(&far), Some(shard_of(FAR_GUILD, 2)));
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_the_shards_and_one_database() {
    let mut t = Table::open().await;
    t.fake.add_channel_in(FAR, FAR_GUILD);
    let near_shard = shard_of(GUILD, 2);
    let far_shard = shard_of(FAR_GUILD, 2);
    // This process: the test guild's shard. A second one: the other guild's.
    t.restart_with(&[("FIBONACCI_BOT_SHARDS", format!("{near_shard}/2"))])
        .await;
    let mut far_bot = Bot::start_with(
        &t.fake,
        &t.db.url,
        Some(GUILD),
        &[("FIBONACCI_BOT_SHARDS", format!("{far_shard}-{far_shard}/2"))],
    );
    wait_identified(&t.fake, &[[0, 2], [1, 2]]).await;

    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    t.start_game(FAR, &[("colour", json!("red"))]).await;
    t.play(ALICE, GENERAL, "b6-c6").await;
    t.play(ALICE, FAR, "b6-c6").await;

    // The test guild's process goes away: the other guild plays on, served by the other
    // process alone, from the same database.
    t.bot.kill();
    let (_, board) = t.say(CAROL, FAR, "board", &[]).await;
    assert!(board.has_png(), "{board:?}");
    assert!(board.content.contains("Turn 2"), "{}", board.content);
    t.play(BOB, FAR, "j6-i6 i6-h6").await;
    assert!(far_bot.running());
    far_bot.kill();
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shard_range_outside_its_total_is_refused_before_anything_starts() {
    let t = Table::open().await;
    let mut bot = Bot::start_with(
        &t.fake,
        &t.db.url,
        Some(GUILD),
        &[("FIBONACCI_BOT_SHARDS", "4-7/4".to_string())],
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while bot.running() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(bot.exit_code(), Some(2));
    let log = bot.log_text();
    assert!(log.contains("FIBONACCI_BOT_SHARDS must be"), "{log}");
    assert!(log.contains("0-3/8"), "{log}");
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_gateway_refuses_too_few_shards() {
    let t = Table::open().await;
    t.fake.require_shards(2);
    let mut bot = Bot::start_with(
        &t.fake,
        &t.db.url,
        Some(GUILD),
        &[("FIBONACCI_BOT_SHARDS", "0/1".to_string())],
    );
    t.fake
        .wait_for("an IDENTIFY refused for its shard", |v| {
            (!v.inner.refused_shards.is_empty()).then_some(())
        })
        .await;
    assert_eq!(t.fake.refused_shards()[0], (4011, [0, 1]));
    bot.kill();
    t.close().await;
}
