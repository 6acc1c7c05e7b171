//! End-to-end: ratings (issue 15) — the real bot against a fake Discord and a real PostgreSQL.
//! The end-of-game message shows each player's change, `/leaderboard` and `/profile` read them,
//! and `rated: false` games and games against the bot leave them alone.

use crate::fake_discord::*;
use serde_json::json;

/// Alice challenges Bob (Alice Red) with `extra` options, Bob accepts, Bob resigns; returns the
/// end-of-game message.
async fn bob_resigns(t: &Table, channel: u64, extra: &[(&str, serde_json::Value)]) -> Reply {
    let mut options = vec![("colour", json!("red"))];
    options.extend(extra.iter().cloned());
    t.start_game(channel, &options).await;
    let (sent, reply) = t.say(BOB, channel, "resign", &[]).await;
    assert!(!reply.ephemeral, "{}", reply.content);
    let followups = t.fake.followups(&sent, 1).await;
    followups
        .into_iter()
        .find(|r| r.content.contains("Game over"))
        .expect("the end-of-game message")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_ratings_and_the_leaderboard_and_profiles_show_them() {
    let t = Table::open().await;
    let over = bob_resigns(&t, GENERAL, &[]).await;
    assert!(
        over.content.contains(&format!(
            "Fibonacci ratings: <@{ALICE}> 1500 → 1662 (+162), <@{BOB}> 1500 → 1338 (-162)"
        )),
        "{}",
        over.content
    );

    let (_, board) = t
        .say(CAROL, OTHER, "leaderboard", &[("game", json!("fibonacci"))])
        .await;
    assert!(!board.ephemeral);
    let alice = board
        .content
        .find(&format!("<@{ALICE}> **1662** ± 581 · 1 game"));
    let bob = board
        .content
        .find(&format!("<@{BOB}> **1338** ± 581 · 1 game"));
    let provisional = board.content.find("**Provisional**");
    assert!(
        provisional < alice && alice < bob && provisional.is_some(),
        "both newcomers are provisional, best first: {}",
        board.content
    );
    let (_, empty) = t
        .say(CAROL, OTHER, "leaderboard", &[("game", json!("fanorona"))])
        .await;
    assert!(
        empty.content.contains("No rated Fanorona games"),
        "{}",
        empty.content
    );

    let (_, profile) = t.say(ALICE, OTHER, "profile", &[]).await;
    assert!(!profile.ephemeral);
    assert!(
        profile.content.contains(&format!("Profile of <@{ALICE}>"))
            && profile
                .content
                .contains("**Fibonacci**: **1662** ± 581 · 1 game (provisional)")
            && profile.content.contains("1 W / 0 L / 0 D · streak: 1 win")
            && profile.content.contains(&format!("W vs <@{BOB}> (+162)")),
        "{}",
        profile.content
    );
    let chart = profile
        .files
        .iter()
        .find(|f| f.is_png())
        .expect("the profile carries a chart");
    let image = image::load_from_memory(&chart.bytes).expect("the chart decodes");
    assert!(image.width() >= 800 && image.height() >= 400);

    let (_, bobs) = t
        .say(ALICE, OTHER, "profile", &[("user", json!(BOB))])
        .await;
    assert!(
        bobs.content.contains("0 W / 1 L / 0 D · streak: 1 loss"),
        "{}",
        bobs.content
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_profile_of_someone_who_never_played_answers_politely() {
    let t = Table::open().await;
    let (_, reply) = t
        .say(ALICE, GENERAL, "profile", &[("user", json!(CAROL))])
        .await;
    assert!(
        reply
            .content
            .contains(&format!("<@{CAROL}> has not played a rated game here yet")),
        "{}",
        reply.content
    );
    assert!(!reply.has_png(), "no chart without games");
    let (_, own) = t.say(CAROL, GENERAL, "profile", &[]).await;
    assert!(
        own.content.contains("You have no rated games"),
        "{}",
        own.content
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unrated_challenges_and_games_against_the_bot_change_no_rating() {
    let t = Table::open().await;
    let (_, challenge) = t
        .say(
            ALICE,
            GENERAL,
            "challenge",
            &[("opponent", json!(BOB)), ("rated", json!(false))],
        )
        .await;
    assert!(
        challenge.content.contains("unrated"),
        "{}",
        challenge.content
    );
    t.say(ALICE, GENERAL, "cancel", &[]).await;
    let over = bob_resigns(&t, GENERAL, &[("rated", json!(false))]).await;
    assert!(!over.content.contains("ratings:"), "{}", over.content);

    let refusal = t
        .refused(
            ALICE,
            OTHER,
            "challenge",
            &[("opponent", json!(BOT_ID)), ("rated", json!(true))],
        )
        .await;
    assert!(refusal.contains("never rated"), "{refusal}");

    let (_, board) = t.say(ALICE, GENERAL, "leaderboard", &[]).await;
    assert!(
        board.content.contains("No rated Fibonacci games"),
        "{}",
        board.content
    );
    let count: i64 = t
        .sql_value("SELECT count(*) FROM ratings WHERE $1 > 0", 1)
        .await;
    assert_eq!(count, 0);
    t.close().await;
}
