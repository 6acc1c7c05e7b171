//! End to end: puzzles (`/puzzle`) through the fake Discord and a real PostgreSQL. A puzzle is
//! solved and the rating moves; the next one is missed, then given up; `/profile` shows the
//! puzzle rating and the streak; answers that do not play, and the daily puzzle's settings
//! without Manage Server or in a channel the bot cannot post in, are refused and change nothing;
//! the daily puzzle is posted after a restart, once, and opened from its Solve button.

use crate::fake_discord::*;
use fibonacci_bot::puzzles::{Miss, Puzzle, judge, shipped};
use serde_json::json;

/// The puzzle a reply shows (its id after "Puzzle ").
fn shown(reply: &Reply) -> Puzzle {
    let id = reply
        .content
        .split("**Puzzle ")
        .nth(1)
        .and_then(|rest| rest.split("**").next())
        .unwrap_or_else(|| panic!("no puzzle in {}", reply.content));
    shipped()
        .expect("the bank")
        .into_iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("no puzzle {id} in the bank"))
}

/// A legal first move of `puzzle` that misses its goal on its own.
fn missing_move(puzzle: &Puzzle) -> String {
    puzzle
        .game()
        .expect("the position")
        .legal_moves()
        .into_iter()
        .find(|m| matches!(judge(puzzle, m), Err(Miss::NoWin | Miss::Captured { .. })))
        .expect("a legal move that misses")
}

/// Makes `channel` the server's daily puzzle channel, straight in the database.
async fn daily_in(t: &Table, channel: u64) {
    t.sql(
        &format!(
            "INSERT INTO daily_puzzle_channels (guild_id, channel_id, set_by, set_at) \
             VALUES ({GUILD}, $1, 1, now())"
        ),
        channel,
    )
    .await;
}

/// The Solve button of a daily post.
fn solve_button(post: &Posted) -> String {
    custom_ids(&post.components)
        .into_iter()
        .find(|c| c.starts_with("fb:puzzle-daily:"))
        .expect("a Solve button")
}

fn button(reply: &Reply, prefix: &str) -> String {
    reply
        .custom_ids()
        .into_iter()
        .find(|c| c.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} button under {reply:?}"))
}

#[tokio::test]
async fn a_puzzle_solved_then_one_missed_and_given_up_move_the_rating_and_show_in_the_profile() {
    let t = Table::open().await;
    // Nothing open yet.
    let none = t
        .refused(ALICE, GENERAL, "puzzle", &[("answer", json!("b6-c6"))])
        .await;
    assert!(none.starts_with("You have no puzzle open"), "{none}");

    let (_, first) = t
        .say(
            ALICE,
            GENERAL,
            "puzzle",
            &[("game", json!("fibonacci")), ("level", json!("easy"))],
        )
        .await;
    assert!(first.ephemeral && first.has_png(), "{first:?}");
    let puzzle = shown(&first);
    assert!(
        first.content.contains("to play: win this turn"),
        "{}",
        first.content
    );
    assert!(
        first
            .content
            .contains(&format!("```\n{}\n{}\n```", puzzle.config, puzzle.position)),
        "{}",
        first.content
    );
    assert!(first.content.contains("rated 1200"), "{}", first.content);
    assert!(
        first.content.contains("puzzle rating: **1500**"),
        "{}",
        first.content
    );

    // `answer:` completes the legal moves of the open puzzle.
    let sent = t.fake.autocomplete(ALICE, GENERAL, "puzzle", "answer", "");
    let choices = t.fake.reply(&sent).await.choice_values();
    let legal = puzzle.game().expect("the position").legal_moves();
    assert_eq!(choices.len(), legal.len().min(25), "{choices:?}");
    assert!(choices.iter().all(|c| legal.contains(c)), "{choices:?}");

    // Answers that do not play: refused, nothing counted.
    let illegal = t
        .refused(ALICE, GENERAL, "puzzle", &[("answer", json!("z9-z8"))])
        .await;
    assert!(
        illegal.starts_with("`z9-z8` cannot be played here"),
        "{illegal}"
    );
    let mixed = t
        .refused(
            ALICE,
            GENERAL,
            "puzzle",
            &[("game", json!("fanorona")), ("answer", json!("b6-c6"))],
        )
        .await;
    assert!(mixed.starts_with("Give one thing at a time"), "{mixed}");

    let (_, solved) = t
        .say(
            ALICE,
            GENERAL,
            "puzzle",
            &[("answer", json!(puzzle.solutions[0]))],
        )
        .await;
    assert!(solved.ephemeral, "{solved:?}");
    assert!(
        solved.content.starts_with("✅ **Solved!**"),
        "{}",
        solved.content
    );
    assert!(solved.content.contains("streak 1"), "{}", solved.content);
    let rating_after: f64 = t
        .sql_value(
            "SELECT rating FROM puzzle_players WHERE user_id = $1",
            ALICE,
        )
        .await;
    assert!(rating_after > 1500.0, "{rating_after}");
    assert!(
        solved
            .content
            .contains(&format!("**{}** (+", rating_after.round())),
        "{}",
        solved.content
    );

    // Next puzzle, from its button: missed, still open, then given up.
    let next = t
        .fake
        .click(ALICE, GENERAL, &button(&solved, "fb:puzzle-next:"));
    let second = t.fake.reply(&next).await;
    assert!(second.ephemeral && second.has_png(), "{second:?}");
    let other = shown(&second);
    assert_ne!(other.id, puzzle.id);
    let (_, missed) = t
        .say(
            ALICE,
            GENERAL,
            "puzzle",
            &[("answer", json!(missing_move(&other)))],
        )
        .await;
    assert!(
        missed.content.starts_with("❌ Legal, but"),
        "{}",
        missed.content
    );
    assert!(missed.content.contains("(−"), "{}", missed.content);
    assert!(missed.content.contains("stays open"), "{}", missed.content);
    let give_up = t
        .fake
        .click(ALICE, GENERAL, &button(&second, "fb:puzzle-give-up:"));
    let gave_up = t.fake.reply(&give_up).await;
    assert!(gave_up.ephemeral, "{gave_up:?}");
    assert!(
        gave_up
            .content
            .starts_with(&format!("🏳 Puzzle {}: one solution is `", other.id)),
        "{}",
        gave_up.content
    );
    // Bob cannot give up Alice's puzzle, nor answer it.
    let foreign = t
        .fake
        .click(BOB, GENERAL, &button(&second, "fb:puzzle-give-up:"));
    let foreign = t.fake.reply(&foreign).await;
    assert!(
        foreign.ephemeral
            && foreign
                .content
                .starts_with("This puzzle is not open for you")
    );

    let (_, profile) = t.say(ALICE, GENERAL, "profile", &[]).await;
    assert!(
        profile.content.contains("🧩 Fibonacci puzzles: **"),
        "{}",
        profile.content
    );
    assert!(
        profile.content.contains("streak 0 (best 1) · 1/2 solved"),
        "{}",
        profile.content
    );
    t.close().await;
}

#[tokio::test]
async fn the_daily_puzzle_is_refused_without_rights_then_posted_once_after_a_restart() {
    const VIEW_CHANNEL: u64 = 1 << 10;
    const SEND_MESSAGES: u64 = 1 << 11;
    const MANAGE_GUILD: u64 = 1 << 5;
    let mut t = Table::open().await;
    let daily = [("daily", json!(OTHER))];
    t.fake
        .set_member_permissions(BOB, ALL_PERMISSIONS & !MANAGE_GUILD);
    let manager = t.refused(BOB, GENERAL, "puzzle", &daily).await;
    assert!(manager.contains("**Manage Server**"), "{manager}");

    t.fake
        .set_app_permissions(OTHER, ALL_PERMISSIONS & !SEND_MESSAGES);
    let cannot = t.refused(ALICE, GENERAL, "puzzle", &daily).await;
    assert!(
        cannot.starts_with(&format!("I cannot post in <#{OTHER}>"))
            && cannot.contains("**Send Messages**"),
        "{cannot}"
    );
    t.fake
        .set_app_permissions(OTHER, ALL_PERMISSIONS & !VIEW_CHANNEL);
    let unseen = t.refused(ALICE, GENERAL, "puzzle", &daily).await;
    assert!(unseen.contains("**View Channel**"), "{unseen}");
    let none: i64 = t
        .sql_value(
            "SELECT count(*) FROM daily_puzzle_channels WHERE $1 > 0",
            OTHER,
        )
        .await;
    assert_eq!(none, 0, "nothing was set");

    t.fake.set_app_permissions(OTHER, ALL_PERMISSIONS);
    // The bot is down at noon: the post goes out once it is back, once, even with two
    // processes.
    t.bot.kill();
    daily_in(&t, OTHER).await;
    t.restart().await;
    let _second = t.second_bot().await;
    let posts = t.wait_posts(OTHER, "**Daily puzzle**", 1).await;
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    let all = t.wait_posts(OTHER, "**Daily puzzle**", 1).await;
    assert_eq!(all.len(), 1, "posted once: {all:?}");
    let post = &posts[0];
    assert!(!post.files.is_empty(), "the board is attached");
    let solve = solve_button(post);
    let sent = t.fake.click(CAROL, OTHER, &solve);
    let opened = t.fake.reply(&sent).await;
    assert!(opened.ephemeral && opened.has_png(), "{opened:?}");
    assert!(
        opened.content.contains("Today's puzzle of this server"),
        "{}",
        opened.content
    );
    let puzzle = shown(&opened);
    let (_, solved) = t
        .say(
            CAROL,
            OTHER,
            "puzzle",
            &[("answer", json!(puzzle.solutions[0]))],
        )
        .await;
    assert!(
        solved.ephemeral && solved.content.starts_with("✅"),
        "{solved:?}"
    );
    let solvers: i64 = t
        .sql_value(
            "SELECT count(*) FROM puzzle_attempts WHERE daily_guild IS NOT NULL \
             AND solved_at IS NOT NULL AND $1 > 0",
            OTHER,
        )
        .await;
    assert_eq!(solvers, 1);

    // Set by command: the channel is told, and stopping it is said.
    let (_, set) = t
        .say(ALICE, GENERAL, "puzzle", &[("daily", json!(GENERAL))])
        .await;
    assert!(
        set.ephemeral && set.content.contains("every day at 12:00 UTC"),
        "{set:?}"
    );
    t.wait_posts(GENERAL, "From today, a puzzle is posted here", 1)
        .await;
    let (_, off) = t
        .say(ALICE, GENERAL, "puzzle", &[("daily_off", json!(true))])
        .await;
    assert!(
        off.content
            .starts_with(&format!("No more daily puzzles in <#{GENERAL}>")),
        "{off:?}"
    );
    t.close().await;
}

#[tokio::test]
async fn a_daily_post_the_bot_cannot_attach_a_picture_to_goes_out_without_it_and_says_why() {
    const ATTACH_FILES: u64 = 1 << 15;
    let t = Table::open().await;
    t.fake
        .set_app_permissions(OTHER, ALL_PERMISSIONS & !ATTACH_FILES);
    daily_in(&t, OTHER).await;
    let posts = t.wait_posts(OTHER, "**Daily puzzle**", 1).await;
    let post = &posts[0];
    assert!(post.files.is_empty(), "{post:?}");
    assert!(
        post.content.contains("**Attach Files**"),
        "{}",
        post.content
    );
    assert!(
        post.content.contains("```"),
        "the position is given: {}",
        post.content
    );
    // Solve answers with a board too: refused here, privately, with the same words, and
    // nothing opened; once the permission is granted it opens.
    let solve = solve_button(post);
    let sent = t.fake.click(BOB, OTHER, &solve);
    let refused = t.fake.reply(&sent).await;
    assert!(
        refused.ephemeral && refused.content.contains("**Attach Files**"),
        "{refused:?}"
    );
    let opened: i64 = t
        .sql_value("SELECT count(*) FROM puzzle_attempts WHERE $1 > 0", OTHER)
        .await;
    assert_eq!(opened, 0);
    t.fake.set_app_permissions(OTHER, ALL_PERMISSIONS);
    let sent = t.fake.click(BOB, OTHER, &solve);
    let opened = t.fake.reply(&sent).await;
    assert!(opened.ephemeral && opened.has_png(), "{opened:?}");
    let posted: i64 = t
        .sql_value(
            "SELECT count(*) FROM daily_puzzle_posts WHERE channel_id = $1 AND message_id IS NOT NULL",
            OTHER,
        )
        .await;
    assert_eq!(posted, 1);
    t.close().await;
}
