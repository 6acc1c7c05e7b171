//! End to end: conditional moves (`/premove`) through the fake Discord and a real PostgreSQL. A
//! line set by command is answered at once when the opponent plays its turn, with a board of its
//! own marked as a conditional move, and it outlives a restart of the bot.

use crate::fake_discord::*;
use fibonacci_bot::engine::{Config, Game, GameKind, Status};
use serde_json::json;

/// Plays from `game` a whole turn of first legal moves; returns its text.
fn first_turn(game: &mut Game) -> String {
    let (side, number) = (game.side_to_move(), game.turn_number());
    let mut words = Vec::new();
    while game.status() == Status::Ongoing
        && game.side_to_move() == side
        && game.turn_number() == number
    {
        let word = game.legal_moves()[0].clone();
        game.play(&word).expect("a legal move");
        words.push(word);
    }
    words.join(" ")
}

/// The position string of the game of `channel`.
async fn position(t: &Table) -> String {
    t.sql_value(
        "SELECT position FROM games WHERE id = (SELECT max(id) FROM games WHERE channel_id = $1)",
        GENERAL,
    )
    .await
}

#[tokio::test]
async fn a_line_set_by_command_answers_at_once_with_its_own_board_and_outlives_a_restart() {
    let mut t = Table::open().await;
    t.start_game(
        GENERAL,
        &[("game", json!("fanorona")), ("colour", json!("white"))],
    )
    .await;
    let mut game = Game::new(Config::default_for(GameKind::Fanorona), 0);
    assert_eq!(game.position_string(), position(&t).await);
    let turns: Vec<String> = (0..4).map(|_| first_turn(&mut game)).collect();

    // Refused, privately, and nothing kept: on one's own turn, and a line without a reply.
    let own = t
        .refused(ALICE, GENERAL, "premove", &[("line", json!(turns[0]))])
        .await;
    assert!(own.contains("It is your turn"), "{own}");
    let half = t
        .refused(BOB, GENERAL, "premove", &[("line", json!(turns[0]))])
        .await;
    assert!(half.contains("add your reply"), "{half}");
    let illegal = t
        .refused(
            BOB,
            GENERAL,
            "premove",
            &[("line", json!(format!("{} ; a1-a2", turns[0])))],
        )
        .await;
    assert!(
        illegal.starts_with("Turn 2 (your reply): `a1-a2` cannot be played"),
        "{illegal}"
    );

    let line = turns.join(" ; ");
    let (_, kept) = t
        .say(BOB, GENERAL, "premove", &[("line", json!(line))])
        .await;
    assert!(kept.ephemeral, "{kept:?}");
    assert!(kept.content.starts_with("✅ Kept"), "{}", kept.content);
    assert!(
        kept.content
            .contains(&format!("1. `{} → {}", turns[0], turns[1]))
    );
    let (_, listed) = t.say(BOB, GENERAL, "premove", &[]).await;
    assert!(listed.ephemeral && listed.content.contains("(1 of 20 lines)"));

    // Alice plays the turn Bob foresaw: her board, then Bob's reply with its own board, then
    // her turn again.
    let (sent, own_board) = t.play(ALICE, GENERAL, &turns[0]).await;
    assert!(
        own_board.content.contains(&turns[0]),
        "{}",
        own_board.content
    );
    let followups = t.fake.followups(&sent, 2).await;
    let reply = &followups[0];
    assert!(
        reply.content.contains(&format!(
            "Conditional move: <@{BOB}> replied `{}`",
            turns[1]
        )),
        "{}",
        reply.content
    );
    assert!(reply.has_png(), "the reply has a board of its own");
    assert!(
        followups[1].content.contains(&format!("<@{ALICE}>")),
        "{}",
        followups[1].content
    );
    let mut after = Game::new(Config::default_for(GameKind::Fanorona), 0);
    for turn in &turns[..2] {
        for word in turn.split(' ') {
            after.play(word).expect("legal");
        }
    }
    assert_eq!(position(&t).await, after.position_string());

    // The rest of the line is in the database: it outlives the bot.
    t.kill_and_restart().await;
    let (sent, _) = t.play(ALICE, GENERAL, &turns[2]).await;
    let followups = t.fake.followups(&sent, 2).await;
    assert!(
        followups[0].content.contains(&turns[3]) && followups[0].has_png(),
        "{:?}",
        followups[0]
    );
    let (_, none) = t
        .say(BOB, GENERAL, "premove", &[("list", json!(true))])
        .await;
    assert!(
        none.content.starts_with("You have no conditional moves"),
        "{}",
        none.content
    );

    // A new line, cleared by command.
    let mut next = after.clone();
    for turn in &turns[2..] {
        for word in turn.split(' ') {
            next.play(word).expect("legal");
        }
    }
    let more: Vec<String> = (0..2).map(|_| first_turn(&mut next)).collect();
    let (_, kept) = t
        .say(BOB, GENERAL, "premove", &[("line", json!(more.join(";")))])
        .await;
    assert!(kept.content.starts_with("✅ Kept"), "{}", kept.content);
    let (_, cleared) = t
        .say(BOB, GENERAL, "premove", &[("clear", json!(true))])
        .await;
    assert!(cleared.ephemeral);
    assert_eq!(cleared.content, "Your conditional line is removed.");
    let count: i64 = t
        .sql_value(
            "SELECT count(*) FROM premove_lines p JOIN games g ON g.id = p.game_id \
             WHERE g.channel_id = $1",
            GENERAL,
        )
        .await;
    assert_eq!(count, 0);
}
