//! Conditional moves (`/premove`) in the game service, against a real PostgreSQL and an injected
//! clock: a line played over three turns, lines cleared by a turn none foresaw, two lines that
//! transpose to one position, replies that count as turns for the clock and the log, lines
//! against the AI, and refusals that change nothing.

use chrono::Duration;
use fibonacci_bot::app::{
    AppError, ColourChoice, MAX_PREMOVE_LINES, MoveOutcome, NewChallenge, PremoveRefusal, Premoves,
    Refusal, Service, TurnClock, UserId,
};
use fibonacci_bot::engine::{Config, Game, GameKind, Side, Status};

use crate::common::{self, clock_start as start, clocked_service};
use crate::service_clock::{ALICE, BOB, CHANNEL, game};

const BOT: u64 = 99;

/// Plays from `game` a whole turn whose first move is the `pick`-th legal one (wrapping) and
/// whose others are the first legal ones; returns its text.
fn turn(game: &mut Game, pick: usize) -> String {
    let (side, number) = (game.side_to_move(), game.turn_number());
    let mut words = Vec::new();
    while game.status() == Status::Ongoing
        && game.side_to_move() == side
        && game.turn_number() == number
    {
        let legal = game.legal_moves();
        let word = if words.is_empty() {
            legal[pick % legal.len()].clone()
        } else {
            legal[0].clone()
        };
        game.play(&word).expect("a legal move");
        words.push(word);
    }
    words.join(" ")
}

/// A line of `pairs` pairs from `game`, the opponent's first turn starting with its `pick`-th
/// legal move: the line's text, and the turns one by one.
fn line(game: &Game, pick: usize, pairs: usize) -> (String, Vec<String>) {
    let mut picks = vec![0; pairs * 2];
    picks[0] = pick;
    line_of(game, &picks)
}

/// The line from `game` whose turns start with the legal moves `picks` names.
fn line_of(game: &Game, picks: &[usize]) -> (String, Vec<String>) {
    let mut game = game.clone();
    let turns: Vec<String> = picks.iter().map(|&p| turn(&mut game, p)).collect();
    (turns.join(" ; "), turns)
}

async fn current(service: &Service) -> Game {
    service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("a game")
        .game
}

async fn lines(service: &Service, user: UserId) -> Vec<Vec<String>> {
    service.premoves(CHANNEL, user).await.expect("list").lines
}

fn premove_refusal<T: std::fmt::Debug>(result: Result<T, AppError>) -> PremoveRefusal {
    match result {
        Err(AppError::Refused(Refusal::Premove(why))) => why,
        other => panic!("expected a premove refusal, got {other:?}"),
    }
}

fn only_reply(moved: &MoveOutcome, user: UserId) -> &str {
    assert_eq!(moved.replies.len(), 1, "{:?}", moved.replies);
    assert_eq!(moved.replies[0].user, user);
    &moved.replies[0].moves
}

#[tokio::test]
async fn a_line_is_played_over_three_turns_each_reply_a_turn_for_the_clock_and_the_log() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::default()).await;
    // Alice (Red) is to move: Bob sets three pairs.
    let (text, turns) = line(&current(&service).await, 3, 3);
    let kept = service
        .add_premove(CHANNEL, BOB, &text)
        .await
        .expect("kept");
    assert_eq!(kept.opponent, ALICE);
    assert_eq!(kept.lines, vec![turns.clone()]);

    for pair in 0..3 {
        clock.advance(Duration::hours(5));
        let before = current(&service).await;
        let moved = service
            .play(CHANNEL, ALICE, &turns[pair * 2])
            .await
            .expect("Alice's turn");
        assert_eq!(only_reply(&moved, BOB), turns[pair * 2 + 1]);
        // The board before the reply: Alice's own turn, Bob to move.
        let own = moved.own_view();
        assert!(own.interim && own.game.side_to_move() == Side::Second);
        assert_eq!(own.last_turn.len(), turns[pair * 2].split(' ').count());
        let mut expected = before.clone();
        turn_text(&mut expected, &turns[pair * 2]);
        assert_eq!(own.game.position_string(), expected.position_string());
        // After it: Alice to move again, with a whole new turn on her clock.
        turn_text(&mut expected, &turns[pair * 2 + 1]);
        assert_eq!(
            moved.view.game.position_string(),
            expected.position_string()
        );
        assert!(moved.turn_passed && !moved.view.interim);
        assert_eq!(moved.view.game.side_to_move(), Side::First);
        let hours = 5 * (pair as i64 + 1);
        assert_eq!(
            moved.view.clock.deadline,
            Some(start() + Duration::hours(hours) + Duration::days(3))
        );
        let left = lines(&service, BOB).await;
        if pair < 2 {
            assert_eq!(left, vec![turns[(pair + 1) * 2..].to_vec()]);
        } else {
            assert!(left.is_empty(), "a line played to its end is gone");
        }
    }
    // The log holds every turn, each by its player: Bob's replies are his turns.
    let (_, history) = service.history(CHANNEL).await.expect("history");
    let mut by_turn: Vec<(u32, UserId)> = history.iter().map(|e| (e.turn, e.user)).collect();
    by_turn.dedup();
    let expected: Vec<(u32, UserId)> = (1..=6)
        .map(|t| (t, if t % 2 == 1 { ALICE } else { BOB }))
        .collect();
    assert_eq!(by_turn, expected);
    // Bob cannot take back a reply: its turn passed.
    assert!(service.undo(CHANNEL, BOB).await.is_err());
}

fn turn_text(game: &mut Game, text: &str) {
    for word in text.split_whitespace() {
        game.play(word).expect("a legal move");
    }
}

#[tokio::test]
async fn a_turn_no_line_foresaw_clears_them_all_and_plays_nothing() {
    let db = common::fresh_database().await;
    let (service, _clock) = clocked_service(&db).await;
    game(&service, CHANNEL, GameKind::Fanorona, TurnClock::default()).await;
    let now = current(&service).await;
    let legal = now.legal_moves();
    assert!(legal.len() >= 3, "{legal:?}");
    for pick in [0, 1] {
        service
            .add_premove(CHANNEL, BOB, &line(&now, pick, 2).0)
            .await
            .expect("kept");
    }
    assert_eq!(lines(&service, BOB).await.len(), 2);
    let mut unforeseen = now.clone();
    let text = turn(&mut unforeseen, 2);
    let moved = service.play(CHANNEL, ALICE, &text).await.expect("played");
    assert!(moved.replies.is_empty() && moved.before_replies.is_none());
    assert_eq!(moved.view.game.side_to_move(), Side::Second, "Bob to move");
    assert!(lines(&service, BOB).await.is_empty(), "cleared");
}

/// Two commuting unit moves of a Fibonacci turn of two: `a b` and `b a` reach one position.
fn commuting(game: &Game) -> (String, String) {
    for a in game.legal_moves() {
        let mut after_a = game.clone();
        after_a.play(&a).expect("legal");
        for b in after_a.legal_moves() {
            if b == "end" || b == a {
                continue;
            }
            let mut ab = after_a.clone();
            ab.play(&b).expect("legal");
            let mut ba = game.clone();
            if ba.play(&b).is_err() || ba.play(&a).is_err() {
                continue;
            }
            if ab.position_string() == ba.position_string() && ab.side_to_move() == Side::First {
                return (format!("{a} {b}"), format!("{b} {a}"));
            }
        }
    }
    panic!("no two commuting moves");
}

#[tokio::test]
async fn lines_that_transpose_to_one_position_are_one_branch_and_a_reply_prunes_the_others() {
    let db = common::fresh_database().await;
    let (service, _clock) = clocked_service(&db).await;
    game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::default()).await;
    let first = line(&current(&service).await, 0, 1).1;
    service
        .play(CHANNEL, ALICE, &first[0])
        .await
        .expect("turn 1");
    // Bob (Green) has two moves to play: Alice answers `a b` and `b a` alike.
    let now = current(&service).await;
    let (ab, ba) = commuting(&now);
    let mut after = now.clone();
    turn_text(&mut after, &ab);
    let reply = turn(&mut after.clone(), 0);
    let mut after_reply = after.clone();
    turn_text(&mut after_reply, &reply);
    let (bob_a, bob_b) = (
        turn(&mut after_reply.clone(), 0),
        turn(&mut after_reply.clone(), 1),
    );
    let next = |bob: &str| {
        let mut g = after_reply.clone();
        turn_text(&mut g, bob);
        turn(&mut g, 0)
    };
    let (alice_a, alice_b) = (next(&bob_a), next(&bob_b));
    let one = format!("{ab} ; {reply} ; {bob_a} ; {alice_a}");
    let two = format!("{ba} ; {reply} ; {bob_b} ; {alice_b}");
    service
        .add_premove(CHANNEL, ALICE, &one)
        .await
        .expect("one");
    service
        .add_premove(CHANNEL, ALICE, &two)
        .await
        .expect("two");
    // The same positions written in the other order: the same line.
    let again = format!("{ba} ; {reply} ; {bob_a} ; {alice_a}");
    assert_eq!(
        premove_refusal(service.add_premove(CHANNEL, ALICE, &again).await),
        PremoveRefusal::Duplicate
    );
    // Another reply to the same position: a third line, which the reply played prunes.
    let other_reply = turn(&mut after.clone(), 1);
    assert_ne!(other_reply, reply);
    service
        .add_premove(CHANNEL, ALICE, &format!("{ba} ; {other_reply}"))
        .await
        .expect("three");

    // Bob writes the turn as neither line did first: both lines meet it, the first one's
    // reply is played, and both keep their rest.
    let moved = service.play(CHANNEL, BOB, &ba).await.expect("Bob's turn");
    assert_eq!(only_reply(&moved, ALICE), reply);
    let left = lines(&service, ALICE).await;
    assert_eq!(
        left,
        vec![
            vec![bob_a.clone(), alice_a.clone()],
            vec![bob_b.clone(), alice_b.clone()]
        ]
    );
    // Bob takes the second branch: its reply is played, and nothing is left.
    let moved = service.play(CHANNEL, BOB, &bob_b).await.expect("Bob again");
    assert_eq!(only_reply(&moved, ALICE), alice_b);
    assert!(lines(&service, ALICE).await.is_empty());
}

#[tokio::test]
async fn lines_answer_the_ai_and_leave_the_ai_to_move() {
    let db = common::fresh_database().await;
    let (service, _clock) = clocked_service(&db).await;
    let view = service
        .challenge_ai(
            NewChallenge {
                challenger: ALICE,
                challenged: BOT,
                guild: 7,
                channel: CHANNEL,
                config: Config::default_for(GameKind::Fanorona),
                colour: ColourChoice::ChallengerFirst,
                clock: TurnClock::Unlimited,
                rated: false,
            },
            BOT,
            fibonacci_bot::ai::Level::Easy,
        )
        .await
        .expect("a game against the AI");
    let mut now = view.game;
    let opening = turn(&mut now, 0);
    service
        .play(CHANNEL, ALICE, &opening)
        .await
        .expect("opening");
    let (text, turns) = line(&current(&service).await, 0, 1);
    service
        .add_premove(CHANNEL, ALICE, &text)
        .await
        .expect("kept");
    // The AI's player plays through the service like anyone.
    let moved = service
        .play(CHANNEL, BOT, &turns[0])
        .await
        .expect("the AI's turn");
    assert_eq!(only_reply(&moved, ALICE), turns[1]);
    assert!(moved.view.ai_to_move(), "the AI's turn again");
}

#[tokio::test]
async fn bad_lines_are_refused_with_what_to_mend_and_change_nothing() {
    let db = common::fresh_database().await;
    let (service, _clock) = clocked_service(&db).await;
    game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::default()).await;
    let now = current(&service).await;
    let refused = |r: Result<Premoves, AppError>| premove_refusal(r);
    // On one's own turn.
    let (text, turns) = line(&now, 0, 1);
    assert_eq!(
        refused(service.add_premove(CHANNEL, ALICE, &text).await),
        PremoveRefusal::YourTurn
    );
    // The opponent's turn alone, an empty turn, too many pairs.
    assert_eq!(
        refused(service.add_premove(CHANNEL, BOB, &turns[0]).await),
        PremoveRefusal::NoReply
    );
    assert_eq!(
        refused(
            service
                .add_premove(CHANNEL, BOB, &format!("{} ; ; x", turns[0]))
                .await
        ),
        PremoveRefusal::EmptyTurn { turn: 2 }
    );
    let long = vec!["a1-a2"; 22].join(" ; ");
    assert_eq!(
        refused(service.add_premove(CHANNEL, BOB, &long).await),
        PremoveRefusal::TooManyPairs { pairs: 11 }
    );
    // An illegal reply: which turn, whose, which move.
    let bad = format!("{} ; k6-j6", turns[0]);
    match refused(service.add_premove(CHANNEL, BOB, &bad).await) {
        PremoveRefusal::Illegal {
            turn, yours, word, ..
        } => assert_eq!((turn, yours, word.as_str()), (2, true, "k6-j6")),
        other => panic!("{other:?}"),
    }
    // Turn 2 is Green's, of two moves: one does not end it; three go past it.
    let mut after = now.clone();
    turn_text(&mut after, &turns[0]);
    let reply = turn(&mut after.clone(), 0);
    let half = reply.split(' ').next().expect("a move");
    assert_eq!(
        refused(
            service
                .add_premove(CHANNEL, BOB, &format!("{} ; {half}", turns[0]))
                .await
        ),
        PremoveRefusal::Unfinished {
            turn: 2,
            yours: true
        }
    );
    let mut past = after.clone();
    turn_text(&mut past, &reply);
    let alice_next = turn(&mut past.clone(), 0);
    let spilled = format!("{} {}", turns[0], alice_next.split(' ').next().unwrap());
    assert!(matches!(
        refused(
            service
                .add_premove(CHANNEL, BOB, &format!("{spilled} ; {reply}"))
                .await
        ),
        PremoveRefusal::TurnEndsBefore {
            turn: 1,
            yours: false,
            ..
        } | PremoveRefusal::Illegal { turn: 1, .. }
    ));
    // Not a player.
    assert!(matches!(
        service.add_premove(CHANNEL, 555, &text).await,
        Err(AppError::Refused(Refusal::NotAPlayer { .. }))
    ));
    assert!(lines(&service, BOB).await.is_empty(), "nothing was kept");

    // At most 20 lines: Alice's first legal moves, each answered by Bob's first five (two
    // replies may transpose: the second is then refused as the same line).
    let mut kept = 0;
    for pick in 0..100 {
        if kept == MAX_PREMOVE_LINES {
            break;
        }
        let picks = [pick / 5, pick % 5];
        match service
            .add_premove(CHANNEL, BOB, &line_of(&now, &picks).0)
            .await
        {
            Ok(_) => kept += 1,
            Err(e) => assert_eq!(premove_refusal(Err::<(), _>(e)), PremoveRefusal::Duplicate),
        }
    }
    assert_eq!(kept, MAX_PREMOVE_LINES);
    let over = service
        .add_premove(CHANNEL, BOB, &line_of(&now, &[7, 7]).0)
        .await;
    assert_eq!(premove_refusal(over), PremoveRefusal::TooManyLines);
    assert_eq!(lines(&service, BOB).await.len(), MAX_PREMOVE_LINES);
    assert_eq!(
        service.clear_premoves(CHANNEL, BOB).await.expect("clear"),
        MAX_PREMOVE_LINES as u64
    );
    assert!(lines(&service, BOB).await.is_empty());
}

/// A reply is a turn of its own for a time bank: it spends nothing and earns the increment.
#[tokio::test]
async fn a_reply_spends_no_bank_and_earns_its_increment() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    game(&service, CHANNEL, GameKind::Fanorona, TurnClock::Bank3d12h).await;
    let hours = Duration::hours;
    // Alice moves at once, Bob thinks 30 h: his bank is 72 - 30 + 12 = 54 h.
    let first = line(&current(&service).await, 0, 1).1;
    service
        .play(CHANNEL, ALICE, &first[0])
        .await
        .expect("Alice");
    clock.advance(hours(30));
    let view = service
        .play(CHANNEL, BOB, &first[1])
        .await
        .expect("Bob")
        .view;
    assert_eq!(view.clock.banks, Some([hours(72), hours(54)]));
    // Bob's line answers Alice's next turn, played 5 h later.
    let (text, turns) = line(&current(&service).await, 0, 1);
    service
        .add_premove(CHANNEL, BOB, &text)
        .await
        .expect("kept");
    clock.advance(hours(5));
    let moved = service
        .play(CHANNEL, ALICE, &turns[0])
        .await
        .expect("Alice");
    assert_eq!(only_reply(&moved, BOB), turns[1]);
    assert_eq!(moved.view.clock.banks, Some([hours(72), hours(66)]));
    assert_eq!(
        moved.view.clock.deadline,
        Some(start() + hours(35) + hours(72)),
        "Alice's new turn: her whole bank from now"
    );
}

/// A whole turn of `game` by seeded picks (a small LCG over the legal moves).
fn seeded_turn(game: &mut Game, seed: &mut u64) -> String {
    let (side, number) = (game.side_to_move(), game.turn_number());
    let mut words = Vec::new();
    while game.status() == Status::Ongoing
        && game.side_to_move() == side
        && game.turn_number() == number
    {
        *seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let legal = game.legal_moves();
        let word = legal[(*seed >> 33) as usize % legal.len()].clone();
        game.play(&word).expect("a legal move");
        words.push(word);
    }
    words.join(" ")
}

/// A reply may end the game: it is rated like any last turn, and the lines go with the game.
#[tokio::test]
async fn a_reply_that_wins_ends_the_game_and_rates_it() {
    // A Fanorona game of seeded turns that Bob (second) wins on his turn.
    let config = Config::default_for(GameKind::Fanorona);
    let turns = (1..200u64)
        .find_map(|mut seed| {
            let mut game = Game::new(config, 0);
            let mut turns = Vec::new();
            while game.status() == Status::Ongoing && turns.len() < 300 {
                turns.push(seeded_turn(&mut game, &mut seed));
            }
            let bob_won = matches!(game.status(), Status::Won(Side::Second, _));
            bob_won.then_some(turns)
        })
        .expect("a seed whose game Bob wins");
    let db = common::fresh_database().await;
    let (service, _clock) = clocked_service(&db).await;
    game(&service, CHANNEL, GameKind::Fanorona, TurnClock::default()).await;
    let (before, last_pair) = turns.split_last_chunk::<2>().expect("two turns");
    for (i, turn) in before.iter().enumerate() {
        let user = if i % 2 == 0 { ALICE } else { BOB };
        service.play(CHANNEL, user, turn).await.expect("a turn");
    }
    let line = format!("{} ; {}", last_pair[0], last_pair[1]);
    service
        .add_premove(CHANNEL, BOB, &line)
        .await
        .expect("kept");
    let moved = service
        .play(CHANNEL, ALICE, &last_pair[0])
        .await
        .expect("Alice's last turn");
    assert_eq!(only_reply(&moved, BOB), last_pair[1]);
    assert_eq!(
        moved.view.outcome.and_then(|o| o.winner()),
        Some(Side::Second)
    );
    assert_eq!(moved.view.ratings.len(), 2, "the game was rated");
    assert!(
        moved.own_view().outcome.is_none(),
        "Alice's board: the game went on"
    );
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM premove_lines")
        .fetch_one(&mut crate::service_clock::db_conn(&db).await)
        .await
        .expect("count");
    assert_eq!(left, 0);
}

/// A game lost on time takes its lines with it.
#[tokio::test]
async fn a_timeout_ends_the_lines_with_the_game() {
    let db = common::fresh_database().await;
    let (service, clock) = clocked_service(&db).await;
    game(&service, CHANNEL, GameKind::Fanorona, TurnClock::default()).await;
    let first = line(&current(&service).await, 0, 1).1;
    service
        .play(CHANNEL, ALICE, &first[0])
        .await
        .expect("Alice");
    service.play(CHANNEL, BOB, &first[1]).await.expect("Bob");
    let text = line(&current(&service).await, 0, 1).0;
    service
        .add_premove(CHANNEL, BOB, &text)
        .await
        .expect("kept");
    clock.advance(Duration::days(4));
    let report = service.tick().await.expect("tick");
    assert_eq!(report.timeouts, 1);
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM premove_lines")
        .fetch_one(&mut crate::service_clock::db_conn(&db).await)
        .await
        .expect("count");
    assert_eq!(left, 0);
}

/// A line added while the opponent's move waits for the game's lock is answered by that move:
/// the move's locked read sees it (the game's row says it has lines; a subquery of that read
/// would see the statement's snapshot, from before the line).
#[tokio::test]
async fn a_line_added_while_the_move_waits_for_the_lock_is_answered_by_it() {
    use sqlx::Connection;
    let db = common::fresh_database().await;
    let (service, _clock) = clocked_service(&db).await;
    game(&service, CHANNEL, GameKind::Fibonacci, TurnClock::default()).await;
    let (text, turns) = line(&current(&service).await, 3, 1);
    // Another connection holds the game's row lock, as a command in progress does.
    let mut holder = sqlx::PgConnection::connect(db.url())
        .await
        .expect("connect");
    sqlx::query("BEGIN")
        .execute(&mut holder)
        .await
        .expect("begin");
    sqlx::query(
        "SELECT g.id FROM games g WHERE g.id = \
         (SELECT game_id FROM channel_claims WHERE channel_id = $1) FOR UPDATE",
    )
    .bind(fibonacci_bot::store::id_to_db(CHANNEL))
    .fetch_all(&mut holder)
    .await
    .expect("lock the game");
    // Bob's line waits for the lock first, then Alice's move.
    let adding = tokio::spawn({
        let service = service.clone();
        async move { service.add_premove(CHANNEL, BOB, &text).await }
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let moving = tokio::spawn({
        let service = service.clone();
        let first = turns[0].clone();
        async move { service.play(CHANNEL, ALICE, &first).await }
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    sqlx::query("COMMIT")
        .execute(&mut holder)
        .await
        .expect("commit");
    adding.await.expect("joined").expect("the line is kept");
    let moved = moving.await.expect("joined").expect("Alice's turn");
    assert_eq!(only_reply(&moved, BOB), turns[1]);
}
