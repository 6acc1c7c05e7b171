//! End to end: lessons (`/learn`) through the fake Discord and a real PostgreSQL. Every answer is
//! for the learner alone: a step with its board and buttons, a right and a wrong answer, Hint,
//! Show me, Next and Back, a new `/learn` that resumes where the learner stopped (after a
//! restart too), autocomplete of the answer from the step's legal moves, French, and refusals
//! that change nothing.

use crate::fake_discord::*;
use fibonacci_bot::engine::GameKind;
use fibonacci_bot::lessons;
use serde_json::json;

/// A lesson's message: private, with the step's board and its four buttons.
fn assert_step(reply: &Reply, step: usize) {
    assert!(reply.ephemeral || reply.kind == 7, "{reply:?}");
    assert!(reply.has_png(), "a step shows its board: {reply:?}");
    let ids = reply.custom_ids();
    for action in ["hint", "show", "back", "next"] {
        let id = format!("fb:learn-{action}:fibonacci:{step}");
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
}

/// Alice's click on the lesson button `custom_id`, and the bot's answer.
async fn click(t: &Table, custom_id: &str) -> Reply {
    let sent = t.fake.click(ALICE, GENERAL, custom_id);
    t.fake.reply(&sent).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_learn_a_lessons_first_steps_answered_hinted_shown_and_resumed() {
    let mut t = Table::open().await;

    // Nothing open: an answer is refused privately.
    let none = t
        .refused(ALICE, GENERAL, "learn", &[("answer", json!("i9-h9"))])
        .await;
    assert!(none.contains("no lesson open"), "{none}");

    let (_, first) = t
        .say(ALICE, GENERAL, "learn", &[("game", json!("fibonacci"))])
        .await;
    assert!(first.ephemeral, "{first:?}");
    assert_step(&first, 0);
    assert!(
        first.content.contains("A lone piece steps")
            && first
                .content
                .contains("Move the support piece on i9 next to its group"),
        "{}",
        first.content
    );

    // Autocomplete offers the legal moves of the step's position matching what was typed.
    let step = &lessons::steps(GameKind::Fibonacci)[0];
    let legal = step.game().legal_moves();
    let sent = t.fake.autocomplete(ALICE, GENERAL, "learn", "answer", "I9");
    let choices = t.fake.reply(&sent).await.choice_values();
    let expected: Vec<String> = legal
        .iter()
        .filter(|m| m.starts_with("i9"))
        .cloned()
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(choices, expected);

    // A legal answer that misses, and an illegal one: refused with their reasons.
    let wrong = t
        .refused(ALICE, GENERAL, "learn", &[("answer", json!("i9-i10"))])
        .await;
    assert!(
        wrong.starts_with("Legal, but not what this step asks: your support pieces"),
        "{wrong}"
    );
    let illegal = t
        .refused(ALICE, GENERAL, "learn", &[("answer", json!("i9-g9"))])
        .await;
    assert!(
        illegal.starts_with("`i9-g9` cannot be played: "),
        "{illegal}"
    );
    let malformed = t
        .refused(ALICE, GENERAL, "learn", &[("answer", json!("hello"))])
        .await;
    assert!(malformed.contains("cannot be played"), "{malformed}");
    // Both an answer and a lesson to open: refused.
    let both = t
        .refused(
            ALICE,
            GENERAL,
            "learn",
            &[("game", json!("fibonacci")), ("answer", json!("i9-h9"))],
        )
        .await;
    assert!(both.contains("not both"), "{both}");

    // The right answer: the board after it, marked done.
    let (_, right) = t
        .say(ALICE, GENERAL, "learn", &[("answer", json!("i9-h9"))])
        .await;
    assert_step(&right, 0);
    assert!(
        right.content.contains("✅ Right: `i9-h9` does it"),
        "{}",
        right.content
    );

    // Hint and Show me update the message in place.
    let hint = click(&t, "fb:learn-hint:fibonacci:0").await;
    assert_eq!(hint.kind, 7, "{hint:?}");
    assert_step(&hint, 0);
    assert!(
        hint.content.contains("💡 **Hint:** i9 touches h8"),
        "{}",
        hint.content
    );
    let shown = click(&t, "fb:learn-show:fibonacci:0").await;
    assert!(
        shown.content.contains("One answer is `i9-h9`"),
        "{}",
        shown.content
    );

    // Next, Back, Next: step 2, step 1, step 2.
    let next = click(&t, "fb:learn-next:fibonacci:0").await;
    assert_step(&next, 1);
    assert!(
        next.content.contains("A group moves as one"),
        "{}",
        next.content
    );
    let back = click(&t, "fb:learn-back:fibonacci:1").await;
    assert_step(&back, 0);
    assert!(
        back.content.contains("✅"),
        "step 1 stays solved: {}",
        back.content
    );
    assert_step(&click(&t, "fb:learn-next:fibonacci:0").await, 1);

    // /learn again, after a restart: step 2, where Alice stopped.
    t.kill_and_restart().await;
    let (_, resumed) = t.say(ALICE, GENERAL, "learn", &[]).await;
    assert_step(&resumed, 1);
    assert!(
        resumed.content.contains("Welcome back") && resumed.content.contains("step 2/9"),
        "{}",
        resumed.content
    );
    let group = t
        .refused(ALICE, GENERAL, "learn", &[("answer", json!("b6-c7"))])
        .await;
    assert!(group.contains("the piece on a1 itself"), "{group}");

    // A forged step and a lesson that does not exist: refused, nothing changes.
    let forged = t
        .fake
        .click_unknown(ALICE, GENERAL, "fb:learn-next:fibonacci:40");
    let refused = t.fake.reply(&forged).await;
    assert!(refused.ephemeral && !refused.has_png(), "{refused:?}");
    let lesson = t
        .refused(
            ALICE,
            GENERAL,
            "learn",
            &[("game", json!("fibonacci")), ("lesson", json!(7))],
        )
        .await;
    assert!(lesson.contains("there is no lesson 7"), "{lesson}");
    let (_, still) = t.say(ALICE, GENERAL, "learn", &[]).await;
    assert_step(&still, 1);

    // Bob reads his lessons in French, from the start.
    t.fake.set_locale(BOB, "fr");
    let (_, french) = t
        .say(BOB, GENERAL, "learn", &[("game", json!("fanorona"))])
        .await;
    assert!(french.ephemeral && french.has_png(), "{french:?}");
    assert!(
        french
            .content
            .contains("Les déplacements le long des lignes")
            && french.content.contains("étape 1/11"),
        "{}",
        french.content
    );
    assert!(
        french
            .custom_ids()
            .contains(&"fb:learn-next:fanorona:0".to_string())
    );
    t.close().await;
}
