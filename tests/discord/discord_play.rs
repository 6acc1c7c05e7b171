//! End-to-end: the real bot against a fake Discord and a real PostgreSQL, played as people would
//! play it (issue 6). Each test opens its own table: fake Discord, fresh database, bot process.

use crate::fake_discord::*;
use serde_json::{Value, json};

fn mentions_allowed(reply: &Reply) -> Vec<String> {
    reply.data["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| {
            u.as_str()
                .map(str::to_string)
                .or_else(|| u.as_u64().map(|n| n.to_string()))
        })
        .collect()
}

fn choice_names(option: &Value) -> Vec<String> {
    option["choices"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["name"].as_str().map(str::to_string))
        .collect()
}

/// `fibonacci-bot rules legal` for a position: the engine's own list, to check autocomplete.
fn legal_moves(game: &str, position: Option<&str>) -> Vec<String> {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"));
    cmd.args(["rules", "legal", "--game", game]);
    if let Some(p) = position {
        cmd.args(["--position", p]);
    }
    let out = cmd.output().expect("run fibonacci-bot rules legal");
    assert!(out.status.success(), "rules legal failed: {out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// `fibonacci-bot rules play`: the position after `moves` from the start.
fn position_after(game: &str, moves: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
        .args(["rules", "play", "--game", game])
        .args(moves)
        .output()
        .expect("run fibonacci-bot rules play");
    assert!(out.status.success(), "rules play {moves:?} failed: {out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_as_the_contract_says_and_a_challenge_is_accepted_by_button() {
    let t = Table::open().await;

    // Serenity found the gateway through the fake, and every request carried the bot token.
    assert!(
        t.fake.gateway_lookups() >= 1,
        "GET /gateway was never called"
    );
    for r in t.fake.requests() {
        assert_eq!(
            r.authorization.as_deref(),
            Some(format!("Bot {TOKEN}").as_str()),
            "{} {} without the bot token",
            r.method,
            r.path
        );
    }

    // DISCORD_GUILD_ID is set: the commands go to that guild, at once, and only there.
    assert_eq!(
        t.fake.registered_at(),
        [format!(
            "/api/v10/applications/{APP_ID}/guilds/{GUILD}/commands"
        )]
    );

    // The command names and options are a contract (issue 6).
    let commands = t.fake.commands();
    let mut names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "accept",
            "board",
            "cancel",
            "challenge",
            "decline",
            "draw",
            "end",
            "games",
            "history",
            "leaderboard",
            "learn",
            "move",
            "pause",
            "premove",
            "profile",
            "puzzle",
            "rematch",
            "replay",
            "resign",
            "resume",
            "review",
            "rules",
            "settings",
            "tournament",
            "undo",
            "vacation",
            "vela"
        ]
    );
    let challenge = commands.iter().find(|c| c["name"] == "challenge").unwrap();
    let option = |name: &str| {
        challenge["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("/challenge has no option {name}"))
            .clone()
    };
    assert_eq!(option("opponent")["type"], 6, "opponent is a user option");
    assert_eq!(option("opponent")["required"], true);
    assert_eq!(choice_names(&option("game")), ["fibonacci", "fanorona"]);
    assert_eq!(choice_names(&option("variant")), ["standard", "cards"]);
    assert_eq!(choice_names(&option("rules")), ["escale", "standard"]);
    assert_eq!(
        choice_names(&option("colour")),
        ["red", "green", "white", "black", "random"]
    );
    assert_eq!(option("thread")["type"], 5, "thread is a boolean option");
    // The clocks of issue 11 stay as they were; the time banks (issue 34) follow them.
    assert_eq!(
        choice_names(&option("clock")),
        ["1d", "3d", "7d", "none", "10d+36h", "5d+1d", "3d+12h"]
    );
    let moves = commands.iter().find(|c| c["name"] == "move").unwrap();
    assert_eq!(moves["options"][0]["name"], "moves");
    assert_eq!(moves["options"][0]["autocomplete"], true);

    // The challenge: public, pings the challenged player, carries Accept and Decline.
    let (challenge_sent, reply) = t
        .say(
            ALICE,
            GENERAL,
            "challenge",
            &[("opponent", json!(BOB)), ("colour", json!("red"))],
        )
        .await;
    assert!(!reply.ephemeral, "{}", reply.content);
    assert!(
        reply.content.contains(&format!("<@{BOB}>")),
        "{}",
        reply.content
    );
    assert_eq!(mentions_allowed(&reply), [BOB.to_string()]);
    let ids = reply.custom_ids();
    assert_eq!(ids.len(), 2, "Accept and Decline: {ids:?}");
    let accept = ids.iter().find(|i| i.contains("accept")).unwrap().clone();

    // Someone else's click is refused privately and starts nothing.
    let click = t.fake.click(CAROL, GENERAL, &accept);
    let refused = t.fake.reply(&click).await;
    assert!(refused.ephemeral && !refused.has_png(), "{refused:?}");
    let none = t.refused(CAROL, GENERAL, "board", &[]).await;
    assert!(none.to_lowercase().contains("no game"), "{none}");

    // Bob's click replaces the challenge with the first board and pings Alice (Red) anew.
    let click = t.fake.click(BOB, GENERAL, &accept);
    let started = t.fake.reply(&click).await;
    assert_eq!(started.kind, 7, "the button updates the challenge message");
    assert!(!started.ephemeral);
    assert!(started.has_png(), "the first board is attached");
    assert!(
        started
            .custom_ids()
            .iter()
            .all(|i| i.starts_with("fb:play:")),
        "the answered buttons are gone, Play is there: {:?}",
        started.custom_ids()
    );
    assert!(started.content.contains("Turn 1"), "{}", started.content);
    assert!(
        started.content.contains("1 move left"),
        "{}",
        started.content
    );
    let ping = t.fake.followups(&click, 1).await;
    assert!(
        ping[0].content.contains(&format!("<@{ALICE}>")),
        "{:?}",
        ping[0]
    );
    assert_eq!(mentions_allowed(&ping[0]), [ALICE.to_string()]);
    assert!(!ping[0].ephemeral);

    // The click replaced the challenge message itself: its buttons are gone.
    let challenge_message = t.fake.original(&challenge_sent);
    let replaced = t.fake.posted_in(GENERAL);
    let replaced = replaced.iter().find(|p| p.id == challenge_message).unwrap();
    assert!(
        custom_ids(&replaced.components)
            .iter()
            .all(|i| i.starts_with("fb:play:")),
        "{replaced:?}"
    );
    assert!(replaced.content.contains("Turn 1"), "{replaced:?}");

    // A click from a client still showing the buttons answers with the current state.
    let click = t.fake.click_outdated(BOB, challenge_message, &accept);
    let stale = t.fake.reply(&click).await;
    assert!(stale.ephemeral, "{stale:?}");
    assert!(
        stale.content.contains("already accepted"),
        "{}",
        stale.content
    );
    assert!(stale.has_png(), "the current board comes with it");

    // A challenge in a channel that already has a game goes to a thread of its own.
    let (_, elsewhere) = t
        .say(CAROL, GENERAL, "challenge", &[("opponent", json!(ALICE))])
        .await;
    assert!(!elsewhere.ephemeral, "{}", elsewhere.content);
    let threads = t.fake.threads();
    assert_eq!(threads.len(), 1, "a thread for the second game");
    assert_eq!(threads[0].1, GENERAL);
    assert!(elsewhere.content.contains(&format!("<#{}>", threads[0].0)));

    // Anyone in the channel can see the board.
    let (_, board) = t.say(CAROL, GENERAL, "board", &[]).await;
    assert!(!board.ephemeral && board.has_png(), "{board:?}");
    assert!(
        board.content.contains(&format!("Red <@{ALICE}> to move")),
        "{}",
        board.content
    );

    // The token never reaches the log.
    assert!(
        !t.bot.log_text().contains(TOKEN),
        "the bot logged its token"
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_guild_id_the_commands_are_registered_globally_and_work() {
    let t = Table::open_registering(None).await;
    assert_eq!(
        t.fake.registered_at(),
        [format!("/api/v10/applications/{APP_ID}/commands")]
    );
    assert_eq!(t.fake.commands().len(), 27);
    let (started, _) = t.start_game(GENERAL, &[]).await;
    assert!(started.has_png(), "{started:?}");
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_is_private_and_changes_nothing() {
    let t = Table::open().await;

    // No game in this channel.
    let text = t
        .refused(ALICE, GENERAL, "move", &[("moves", json!("b6-c6"))])
        .await;
    assert!(text.to_lowercase().contains("no game"), "{text}");
    for cmd in [
        "end", "undo", "resign", "draw", "history", "accept", "decline", "cancel",
    ] {
        t.refused(ALICE, GENERAL, cmd, &[]).await;
    }

    let (_, _) = t.start_game(GENERAL, &[("colour", json!("red"))]).await;

    // Not your turn (Bob plays Green; Red moves first).
    let text = t
        .refused(BOB, GENERAL, "move", &[("moves", json!("k7-j7"))])
        .await;
    assert!(text.to_lowercase().contains("turn"), "{text}");
    // Not a player.
    let text = t
        .refused(CAROL, GENERAL, "move", &[("moves", json!("b6-c6"))])
        .await;
    assert!(text.to_lowercase().contains("not"), "{text}");
    t.refused(CAROL, GENERAL, "resign", &[]).await;
    // Malformed input.
    for bad in ["zz", "b6-", "b6-c6-d6-e6", "🙂", "   "] {
        let text = t
            .refused(ALICE, GENERAL, "move", &[("moves", json!(bad))])
            .await;
        assert!(!text.is_empty(), "malformed {bad:?} needs a reason");
    }
    // An illegal move, with its reason: centres never move on their own.
    let text = t
        .refused(ALICE, GENERAL, "move", &[("moves", json!("a6-b7"))])
        .await;
    assert!(text.to_lowercase().contains("centre"), "{text}");
    // More moves than the turn allows (turn 1: one move): all or nothing.
    t.refused(ALICE, GENERAL, "move", &[("moves", json!("b6-c6 c6-d6"))])
        .await;
    // Nothing to undo yet.
    t.refused(ALICE, GENERAL, "undo", &[]).await;
    // Nobody to accept: the challenge is answered.
    t.refused(BOB, GENERAL, "accept", &[]).await;
    // A forged button.
    let click = t
        .fake
        .click_unknown(CAROL, GENERAL, "fb:challenge-accept:999999");
    let forged = t.fake.reply(&click).await;
    assert!(forged.ephemeral && !forged.has_png(), "{forged:?}");

    // Nothing changed: still Red's first move of turn 1, and no move in the history.
    let (_, board) = t.say(ALICE, GENERAL, "board", &[]).await;
    assert!(board.content.contains("Turn 1"), "{}", board.content);
    assert!(board.content.contains("1 move left"), "{}", board.content);
    let (_, history) = t.say(ALICE, GENERAL, "history", &[]).await;
    let file = history
        .files
        .iter()
        .find(|f| f.filename.ends_with(".txt"))
        .expect("the history comes as a text file");
    let text = String::from_utf8_lossy(&file.bytes);
    assert!(!text.contains("b6-c6") && !text.contains("a6-b7"), "{text}");

    // And the first legal move still goes through.
    t.play(ALICE, GENERAL, "b6-c6").await;
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_autocomplete_offers_the_legal_moves_matching_the_last_word() {
    let t = Table::open().await;
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;

    let choices = |reply: &Reply| -> Vec<String> {
        assert_eq!(reply.kind, 8, "an autocomplete answer: {reply:?}");
        reply.data["choices"]
            .as_array()
            .expect("choices")
            .iter()
            .map(|c| {
                assert_eq!(c["name"], c["value"]);
                c["value"].as_str().unwrap().to_string()
            })
            .collect()
    };

    // Empty input: legal moves, at most 25 as Discord allows.
    let legal = legal_moves("fibonacci", None);
    let sent = t.fake.autocomplete(ALICE, GENERAL, "move", "moves", "");
    let all = choices(&t.fake.reply(&sent).await);
    assert_eq!(all.len(), legal.len().min(25));
    assert!(all.iter().all(|c| legal.contains(c)), "{all:?}");

    // A prefix, in upper case and without the dash, narrows to the matching legal moves.
    let sent = t.fake.autocomplete(ALICE, GENERAL, "move", "moves", "B6");
    let b6 = choices(&t.fake.reply(&sent).await);
    let expected: Vec<String> = legal
        .iter()
        .filter(|m| m.starts_with("b6"))
        .take(25)
        .cloned()
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(b6, expected);

    // Red plays; Green has two moves. After "first " the second move is completed on top of the
    // position the first one leaves.
    t.play(ALICE, GENERAL, "b6-c6").await;
    let green = legal_moves("fibonacci", Some(&position_after("fibonacci", &["b6-c6"])));
    let first = green[0].clone();
    let after_first = legal_moves(
        "fibonacci",
        Some(&position_after("fibonacci", &["b6-c6", &first])),
    );
    let typed = format!("{first} {}", &after_first[0][..1]);
    let sent = t.fake.autocomplete(BOB, GENERAL, "move", "moves", &typed);
    let second = choices(&t.fake.reply(&sent).await);
    assert!(!second.is_empty());
    for choice in &second {
        let rest = choice
            .strip_prefix(&format!("{first} "))
            .unwrap_or_else(|| panic!("{choice} does not keep the first move"));
        assert!(
            after_first.contains(&rest.to_string()),
            "{rest} is not legal after {first}"
        );
    }

    // Nonsense before the last word: nothing to offer.
    let sent = t
        .fake
        .autocomplete(BOB, GENERAL, "move", "moves", "zz9-q1 a");
    assert!(choices(&t.fake.reply(&sent).await).is_empty());
    // No game in the channel: nothing to offer.
    let sent = t.fake.autocomplete(BOB, OTHER, "move", "moves", "");
    assert!(choices(&t.fake.reply(&sent).await).is_empty());
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_to_its_own_thread_when_asked_or_when_the_channel_is_busy() {
    let t = Table::open().await;

    // thread:true opens a thread and puts the challenge there.
    let (_, reply) = t
        .say(
            ALICE,
            GENERAL,
            "challenge",
            &[("opponent", json!(BOB)), ("thread", json!(true))],
        )
        .await;
    assert!(!reply.ephemeral, "{}", reply.content);
    let threads = t.fake.threads();
    assert_eq!(threads.len(), 1, "one thread created");
    let (thread, parent, body) = threads[0].clone();
    assert_eq!(parent, GENERAL);
    assert_eq!(body["type"], 11, "a public thread");
    assert!(
        reply.content.contains(&format!("<#{thread}>")),
        "{}",
        reply.content
    );
    let in_thread = t.fake.posted_in(thread);
    assert_eq!(in_thread.len(), 1, "the challenge is posted in the thread");
    let accept = custom_ids(&in_thread[0].components)
        .into_iter()
        .find(|id| id.contains("accept"))
        .expect("Accept button in the thread");
    assert!(in_thread[0].content.contains(&format!("<@{BOB}>")));

    // Accepted in the thread, the game lives there and not in the parent channel.
    let click = t.fake.click(BOB, thread, &accept);
    let started = t.fake.reply(&click).await;
    assert!(started.has_png(), "{started:?}");
    let (_, board) = t.say(ALICE, thread, "board", &[]).await;
    assert!(board.has_png());
    t.refused(ALICE, GENERAL, "board", &[]).await;

    // A click replaced the challenge message with the game: nothing else edits it.
    assert!(
        t.fake
            .requests()
            .iter()
            .all(|r| r.method != "PATCH" || !r.path.contains("/channels/"))
    );

    // Typed answers work like the buttons: a challenge withdrawn with /cancel, then a stale
    // click on it answered with what became of it.
    let (challenge_sent, c) = t
        .say(ALICE, GENERAL, "challenge", &[("opponent", json!(CAROL))])
        .await;
    let stale_accept = c
        .custom_ids()
        .into_iter()
        .find(|i| i.contains("accept"))
        .unwrap();
    let challenge_message = t.fake.original(&challenge_sent);
    assert_eq!(
        t.challenge_message_recorded(GENERAL).await,
        challenge_message
    );
    let (_, cancelled) = t.say(ALICE, GENERAL, "cancel", &[]).await;
    assert!(
        !cancelled.ephemeral && cancelled.content.contains("withdrew"),
        "{cancelled:?}"
    );
    // The challenge's own message loses its buttons and says what became of it.
    let edit = t.fake.edit_of(challenge_message).await;
    assert_eq!(edit.channel, GENERAL);
    assert!(edit.custom_ids().is_empty(), "{edit:?}");
    let text = edit.json["content"].as_str().unwrap_or("");
    assert!(
        text.contains("withdrawn") && text.contains(&format!("<@{CAROL}>")),
        "{text}"
    );
    assert_eq!(
        edit.json["allowed_mentions"]["parse"],
        json!([]),
        "an edit pings no one: {edit:?}"
    );
    let click = t
        .fake
        .click_outdated(CAROL, challenge_message, &stale_accept);
    let stale = t.fake.reply(&click).await;
    assert!(
        stale.ephemeral && stale.content.contains("withdrawn"),
        "{stale:?}"
    );

    // A second challenge in a channel that already has a challenge goes to a thread by itself.
    let (first_sent, first) = t
        .say(CAROL, OTHER, "challenge", &[("opponent", json!(ALICE))])
        .await;
    let first_message = t.fake.original(&first_sent);
    t.challenge_message_recorded(OTHER).await;
    // /games links to the challenge's own message.
    let (_, games) = t.say(ALICE, GENERAL, "games", &[]).await;
    let link = format!("https://discord.com/channels/{GUILD}/{OTHER}/{first_message}");
    assert!(
        games.ephemeral && games.content.contains(&link),
        "{}",
        games.content
    );
    assert!(!first.ephemeral);
    assert_eq!(
        t.fake.threads().len(),
        1,
        "the first challenge stays in the channel"
    );
    let (_, second) = t
        .say(BOB, OTHER, "challenge", &[("opponent", json!(CAROL))])
        .await;
    assert!(!second.ephemeral, "{}", second.content);
    let threads = t.fake.threads();
    assert_eq!(threads.len(), 2, "the busy channel got a thread");
    assert_eq!(threads[1].1, OTHER);
    let second_thread = threads[1].0;
    let second_message = t.fake.posted_in(second_thread)[0].id;
    assert_eq!(
        t.challenge_message_recorded(second_thread).await,
        second_message
    );

    // /decline in the thread; /accept in the channel starts Carol's game and pings its first
    // player in a new message.
    let (_, declined) = t.say(CAROL, second_thread, "decline", &[]).await;
    assert!(
        !declined.ephemeral && declined.content.contains("declined"),
        "{declined:?}"
    );
    let edit = t.fake.edit_of(second_message).await;
    assert_eq!(edit.channel, second_thread);
    assert!(edit.custom_ids().is_empty(), "{edit:?}");
    assert!(
        edit.json["content"]
            .as_str()
            .unwrap_or("")
            .contains("declined"),
        "{edit:?}"
    );
    let (sent, started) = t.say(ALICE, OTHER, "accept", &[]).await;
    assert!(!started.ephemeral && started.has_png(), "{started:?}");
    let ping = t.fake.followups(&sent, 1).await;
    let pinged = mentions_allowed(&ping[0]);
    assert_eq!(pinged.len(), 1, "{:?}", ping[0]);
    assert!(pinged[0] == ALICE.to_string() || pinged[0] == CAROL.to_string());
    let edit = t.fake.edit_of(first_message).await;
    assert_eq!(edit.channel, OTHER);
    assert!(edit.custom_ids().is_empty(), "{edit:?}");
    assert!(
        edit.json["content"]
            .as_str()
            .unwrap_or("")
            .contains("accepted"),
        "{edit:?}"
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draw_offers_resignation_history_games_and_rules() {
    let t = Table::open().await;
    t.start_game(
        GENERAL,
        &[("game", json!("fanorona")), ("colour", json!("white"))],
    )
    .await;

    // Alice offers a draw: Bob is pinged and gets buttons.
    let (offer_sent, offer) = t.say(ALICE, GENERAL, "draw", &[]).await;
    assert!(!offer.ephemeral && offer.has_png(), "{offer:?}");
    assert_eq!(mentions_allowed(&offer), [BOB.to_string()]);
    let ids = offer.custom_ids();
    let accept = ids.iter().find(|i| i.contains("accept")).unwrap().clone();
    let decline = ids.iter().find(|i| i.contains("decline")).unwrap().clone();

    let offer_message = t.fake.original(&offer_sent);
    assert_eq!(t.draw_offer_message_recorded(GENERAL).await, offer_message);

    // Carol cannot accept it; Bob declines it.
    let click = t.fake.click(CAROL, GENERAL, &accept);
    assert!(t.fake.reply(&click).await.ephemeral);
    let click = t.fake.click(BOB, GENERAL, &decline);
    let declined = t.fake.reply(&click).await;
    assert_eq!(declined.kind, 7, "{declined:?}");
    assert!(
        declined.content.contains("declined"),
        "{}",
        declined.content
    );
    // The old Accept is stale now (gone from the message, but a client may still show it): it
    // answers with the state of the game.
    let click = t.fake.click_outdated(BOB, offer_message, &accept);
    let stale = t.fake.reply(&click).await;
    assert!(
        stale.ephemeral && stale.content.contains("no draw offer"),
        "{stale:?}"
    );

    // /games lists the game privately, with a link to its channel.
    let (_, games) = t.say(BOB, GENERAL, "games", &[]).await;
    assert!(games.ephemeral, "{games:?}");
    assert!(
        games.content.contains(&format!("<#{GENERAL}>")),
        "{}",
        games.content
    );

    // Bob offers; Alice plays on, which declines it: the offer's message keeps its board and
    // text but loses its buttons.
    let (bob_offer, _) = t.say(BOB, GENERAL, "draw", &[]).await;
    let bob_offer = t.fake.original(&bob_offer);
    t.draw_offer_message_recorded(GENERAL).await;
    t.play(ALICE, GENERAL, "d2-e3").await;
    let edit = t.fake.edit_of(bob_offer).await;
    assert!(edit.custom_ids().is_empty(), "{edit:?}");
    assert!(
        edit.json.get("content").is_none(),
        "the text stays: {edit:?}"
    );
    // The offer declined with its button was replaced by the answer, not edited afterwards.
    assert!(
        t.fake.requests().iter().all(
            |r| r.method != "PATCH" || !r.path.ends_with(&format!("/messages/{offer_message}"))
        ),
        "the declined offer was edited"
    );

    // Offer again, accepted with /draw: the game ends in a draw, announced in a new message,
    // and the offer's buttons go.
    let (again, _) = t.say(ALICE, GENERAL, "draw", &[]).await;
    let again = t.fake.original(&again);
    t.draw_offer_message_recorded(GENERAL).await;
    let (sent, agreed) = t.say(BOB, GENERAL, "draw", &[]).await;
    assert!(!agreed.ephemeral && agreed.has_png(), "{agreed:?}");
    let over = t.fake.followups(&sent, 1).await;
    assert!(
        over[0].content.contains("draw by agreement"),
        "{}",
        over[0].content
    );
    assert!(t.fake.edit_of(again).await.custom_ids().is_empty());

    // The game is over: a draw button (on a client not yet showing the edit) or a move gets
    // the state, not a failure.
    let click = t.fake.click_outdated(BOB, again, &accept);
    let stale = t.fake.reply(&click).await;
    assert!(
        stale.ephemeral && stale.content.contains("over"),
        "{stale:?}"
    );
    t.refused(ALICE, GENERAL, "move", &[("moves", json!("d2-e3"))])
        .await;

    // /history still shows the finished game, as text and as a file.
    let (_, history) = t.say(ALICE, GENERAL, "history", &[]).await;
    assert!(!history.ephemeral);
    assert!(
        history.files.iter().any(|f| f.filename.ends_with(".txt")),
        "{history:?}"
    );

    // A new game, resigned.
    t.start_game(GENERAL, &[("colour", json!("red"))]).await;
    let (sent, resigned) = t.say(BOB, GENERAL, "resign", &[]).await;
    assert!(resigned.has_png());
    let over = t.fake.followups(&sent, 1).await;
    assert!(over[0].content.contains("resigned"), "{}", over[0].content);
    assert!(
        over[0].content.contains(&format!("Red <@{ALICE}> wins")),
        "{}",
        over[0].content
    );

    // /rules: a summary with a rendered example, for either game.
    for game in ["fibonacci", "fanorona"] {
        let (_, rules) = t
            .say(CAROL, GENERAL, "rules", &[("game", json!(game))])
            .await;
        assert!(rules.has_png(), "/rules {game} carries a picture");
        assert!(
            rules.content.to_lowercase().contains(game),
            "{}",
            rules.content
        );
    }
    t.close().await;
}

/// Green ends its turn at once; Red is pinged in a new message.
async fn green_ends(t: &Table, turn: u32) {
    let (sent, reply) = t.say(BOB, GENERAL, "end", &[]).await;
    assert!(
        !reply.ephemeral && reply.has_png(),
        "Green's /end, turn {turn}: {reply:?}"
    );
    let ping = t.fake.followups(&sent, 1).await;
    assert!(
        ping[0].content.contains(&format!("<@{ALICE}>")),
        "{:?}",
        ping[0]
    );
    assert_eq!(mentions_allowed(&ping[0]), [ALICE.to_string()]);
}

/// A real Fibonacci game to a win, played by slash command: Red's six strike pieces flow up the
/// f-file as a group (a group member may move to any point next to the group, swapping with an
/// enemy piece it lands on), build a ring round j6 and then swap a strike with Green's centre on
/// k6, pulling it into the ring (docs/fibonacci.md, Unit moves and End of the game). Green ends
/// each turn at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fibonacci_game_played_to_a_win_by_surrounding_the_centre() {
    let t = Table::open().await;
    t.start_game(
        GENERAL,
        &[("game", json!("fibonacci")), ("colour", json!("red"))],
    )
    .await;

    // Turn 1 (Red, one move): the turn passes and Bob is pinged in a new message.
    let (sent, reply) = t.play(ALICE, GENERAL, "a1-c6").await;
    assert!(reply.content.contains("Turn 2"), "{}", reply.content);
    assert!(reply.content.contains("2 moves left"), "{}", reply.content);
    let ping = t.fake.followups(&sent, 1).await;
    assert!(
        ping[0].content.contains(&format!("<@{BOB}>")),
        "{:?}",
        ping[0]
    );
    assert_eq!(mentions_allowed(&ping[0]), [BOB.to_string()]);
    green_ends(&t, 2).await;

    // Turn 3 (three moves), all in one command.
    let (sent, _) = t.play(ALICE, GENERAL, "a2-d6 a3-e6 a4-f6").await;
    t.fake.followups(&sent, 1).await;
    green_ends(&t, 4).await;

    // Turn 5 (five moves), over several commands, with a move taken back on the way: no ping
    // until the turn passes.
    let (sent, reply) = t.play(ALICE, GENERAL, "a5-g6").await;
    assert!(reply.content.contains("4 moves left"), "{}", reply.content);
    assert_eq!(
        t.fake.followups_now(&sent),
        0,
        "no ping while the turn goes on"
    );
    t.play(ALICE, GENERAL, "b6-h6 c6-i6").await;
    let (_, undone) = t.say(ALICE, GENERAL, "undo", &[]).await;
    assert!(!undone.ephemeral && undone.has_png(), "{undone:?}");
    assert!(undone.content.contains("c6-i6"), "{}", undone.content);
    assert!(
        undone.content.contains("3 moves left"),
        "{}",
        undone.content
    );
    let (sent, _) = t.play(ALICE, GENERAL, "c6-i6 d6-i5 e6-j6").await;
    t.fake.followups(&sent, 1).await;
    green_ends(&t, 6).await;

    // Turn 7: the ring closes and the centre is pulled in.
    t.play(ALICE, GENERAL, "f6-j5 g6-j7 h6-k7").await;
    let (sent, won) = t.play(ALICE, GENERAL, "j6-k6").await;
    assert!(won.content.contains("Game over"), "{}", won.content);
    let over = t.fake.followups(&sent, 1).await;
    assert!(
        over[0].content.contains(&format!("Red <@{ALICE}> wins"))
            && over[0].content.contains("surrounded"),
        "the end message names the winner and how: {}",
        over[0].content
    );
    let mut notified = mentions_allowed(&over[0]);
    notified.sort();
    assert_eq!(notified, [ALICE.to_string(), BOB.to_string()]);

    // The game is over: no more moves, and the history has them all.
    t.refused(BOB, GENERAL, "move", &[("moves", json!("k8-j8"))])
        .await;
    let (_, history) = t.say(CAROL, GENERAL, "history", &[]).await;
    let file = history
        .files
        .iter()
        .find(|f| f.filename.ends_with(".txt"))
        .unwrap();
    let text = String::from_utf8_lossy(&file.bytes).to_string();
    for m in ["a1-c6", "a4-f6", "e6-j6", "j6-k6"] {
        assert!(text.contains(m), "{m} missing from the history:\n{text}");
    }
    t.close().await;
}

/// Fanorona: White's approach capture, then Black's three-step capture chain entered one step per
/// command (docs/fanorona.md, Chains: after a capture the same piece may capture again, never twice
/// in the same direction and never onto a point it has visited).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fanorona_capture_chain_entered_step_by_step() {
    let t = Table::open().await;
    t.start_game(
        GENERAL,
        &[("game", json!("fanorona")), ("colour", json!("white"))],
    )
    .await;

    // White approaches along the diagonal, capturing f4 and g5; the turn passes to Black.
    let (sent, reply) = t.play(ALICE, GENERAL, "d2-e3+").await;
    assert!(
        reply.content.contains(&format!("Black <@{BOB}> to move")),
        "{}",
        reply.content
    );
    let ping = t.fake.followups(&sent, 1).await;
    assert!(ping[0].content.contains(&format!("<@{BOB}>")));

    // Black's first step withdraws from g3, capturing the g-file; the chain goes on.
    let (sent, step1) = t.play(BOB, GENERAL, "g4-g5-").await;
    assert!(
        step1.content.contains("capture chain in progress"),
        "{}",
        step1.content
    );
    assert!(
        step1.content.contains(&format!("Black <@{BOB}> to move")),
        "{}",
        step1.content
    );
    assert_eq!(
        t.fake.followups_now(&sent),
        0,
        "no ping while the chain goes on"
    );

    // Mid-chain: White may not move, autocomplete offers only the capturing piece's steps, and a
    // step that does not capture is refused with its reason.
    t.refused(ALICE, GENERAL, "move", &[("moves", json!("c2-d2"))])
        .await;
    let sent = t.fake.autocomplete(BOB, GENERAL, "move", "moves", "");
    let offered = t.fake.reply(&sent).await;
    let offered: Vec<&str> = offered.data["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["value"].as_str())
        .collect();
    assert!(offered.contains(&"g5-f4+"), "{offered:?}");
    assert!(offered.iter().all(|m| m.starts_with("g5-")), "{offered:?}");
    let why = t
        .refused(BOB, GENERAL, "move", &[("moves", json!("g5-g4"))])
        .await;
    assert!(!why.is_empty());

    // Second step: approach towards e3 along the diagonal.
    let (sent, step2) = t.play(BOB, GENERAL, "g5-f4+").await;
    assert!(
        step2.content.contains("capture chain in progress"),
        "{}",
        step2.content
    );
    assert_eq!(t.fake.followups_now(&sent), 0);

    // Third step: approach towards h2; no capture is left, so the turn passes to White.
    let (sent, step3) = t.play(BOB, GENERAL, "f4-g3+").await;
    assert!(
        step3.content.contains(&format!("White <@{ALICE}> to move")),
        "{}",
        step3.content
    );
    let ping = t.fake.followups(&sent, 1).await;
    assert!(
        ping[0].content.contains(&format!("<@{ALICE}>")),
        "{:?}",
        ping[0]
    );

    let (_, history) = t.say(CAROL, GENERAL, "history", &[]).await;
    let file = history
        .files
        .iter()
        .find(|f| f.filename.ends_with(".txt"))
        .unwrap();
    let text = String::from_utf8_lossy(&file.bytes).to_string();
    for step in ["d2-e3+", "g4-g5-", "g5-f4+", "f4-g3+"] {
        assert!(
            text.contains(step),
            "{step} missing from the history:\n{text}"
        );
    }
    t.close().await;
}

/// In the DM with the bot: no game to move in yet, no person to challenge (only the bot is
/// there), and `/rules` works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dm_with_the_bot_has_rules_and_no_person_to_challenge() {
    // Registered globally: a server's own commands are never offered in DMs.
    let t = Table::open_registering(None).await;
    const DM: u64 = 940_000_000_000_000_001;
    let sent = t
        .fake
        .dm_command(ALICE, DM, "move", &[("moves", json!("b6-c6"))]);
    let reply = t.fake.reply(&sent).await;
    assert!(
        reply.ephemeral && reply.content.contains("no game"),
        "{reply:?}"
    );
    let sent = t
        .fake
        .dm_command(ALICE, DM, "challenge", &[("opponent", json!(BOB))]);
    let refused = t.fake.reply(&sent).await;
    assert!(
        refused.ephemeral && refused.content.contains("you can only play me"),
        "{refused:?}"
    );
    assert_eq!(
        t.sql_value::<i64>("SELECT count(*) FROM challenges WHERE channel_id = $1", DM)
            .await,
        0
    );
    let sent = t.fake.dm_command(ALICE, DM, "rules", &[]);
    let rules = t.fake.reply(&sent).await;
    assert!(
        rules.has_png() && rules.content.contains("Fibonacci"),
        "{rules:?}"
    );
    t.close().await;
}

/// Discord fails an interaction not answered within 3 seconds: a slow answer is deferred
/// (privately, so a refusal would stay private) and the public answer follows as a new message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_answer_is_deferred_in_time_and_then_posted() {
    let t = Table::open().await;
    t.fake.delay_threads(std::time::Duration::from_millis(2600));
    let started = std::time::Instant::now();
    let sent = t.fake.command(
        ALICE,
        GENERAL,
        "challenge",
        &[("opponent", json!(BOB)), ("thread", json!(true))],
    );
    let deferral = t
        .fake
        .wait_for("the deferral", |v| {
            v.requests()
                .iter()
                .find(|r| r.path.contains(&format!("/interactions/{}/", sent.id)))
                .cloned()
        })
        .await;
    assert!(
        started.elapsed() < std::time::Duration::from_secs(3),
        "deferred only after {:?}",
        started.elapsed()
    );
    assert_eq!(
        deferral.json["type"], 5,
        "a deferred response: {:?}",
        deferral.json
    );
    assert_eq!(deferral.json["data"]["flags"], EPHEMERAL);

    let reply = t.fake.reply(&sent).await;
    assert!(reply.deferred && reply.ephemeral, "{reply:?}");
    let public = t.fake.followups(&sent, 1).await;
    assert!(!public[0].ephemeral, "{:?}", public[0]);
    let (thread, _, _) = t.fake.threads()[0].clone();
    assert!(
        public[0].content.contains(&format!("<#{thread}>")),
        "{}",
        public[0].content
    );
    t.close().await;
}
