//! Concurrent commands on one game never lose or duplicate a move (issue 5: "50 concurrent
//! attempts to play on one game → exactly the legal ones applied, in a consistent order").

use crate::common;

use std::collections::HashMap;
use std::sync::Arc;

use fibonacci_bot::app::{AppError, ColourChoice, MoveOutcome, NewChallenge, Refusal, Service};
use fibonacci_bot::engine::{Config, Game, GameKind};

const GUILD: u64 = 7;
const CHANNEL: u64 = 1000;
const RED: u64 = 11;
const GREEN: u64 = 22;

/// 50 tasks fire at once: half for each player, each a move that is legal for its side in the
/// start position (or `end`). Whatever the interleaving, the service must apply each attempt
/// entirely or not at all, one at a time; so:
/// - every refusal is a refusal (not an internal error or a timeout): the other player's turn,
///   or a move the position no longer allows;
/// - the log holds exactly the accepted moves, each once;
/// - replaying the log move by move passes through the position every accepted command
///   reported, in the order of the log.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_concurrent_plays_apply_exactly_the_legal_ones_in_one_order() {
    let db = common::fresh_database().await;
    let service = Service::connect(db.url()).await.expect("connect");
    let challenge = service
        .challenge(NewChallenge {
            challenger: RED,
            challenged: GREEN,
            guild: GUILD,
            channel: CHANNEL,
            config: Config::default_for(GameKind::Fibonacci),
            colour: ColourChoice::ChallengerFirst,
            clock: Default::default(),
            rated: true,
        })
        .await
        .expect("challenge");
    let start = service.accept(challenge.id, GREEN).await.expect("accept");

    // Legal first moves for each side: Red's from the start, Green's from the start with Red's
    // turn ended (so they are plausible once it is Green's turn).
    let red_moves = start.game.legal_moves();
    let mut green_view = start.game.clone();
    green_view.end_turn().expect("end red's turn");
    let green_moves = green_view.legal_moves();
    assert!(!red_moves.is_empty() && !green_moves.is_empty());

    let service = Arc::new(service);
    let barrier = Arc::new(tokio::sync::Barrier::new(50));
    let mut tasks = Vec::new();
    for i in 0..50usize {
        let service = Arc::clone(&service);
        let barrier = Arc::clone(&barrier);
        let (user, moves) = if i % 2 == 0 {
            (RED, &red_moves)
        } else {
            (GREEN, &green_moves)
        };
        let word = if i % 5 == 4 {
            "end".to_string()
        } else {
            moves[(i * 7) % moves.len()].clone()
        };
        tasks.push(tokio::spawn(async move {
            barrier.wait().await;
            let result = service.play(CHANNEL, user, &word).await;
            (user, word, result)
        }));
    }
    let mut accepted: Vec<(u64, String, MoveOutcome)> = Vec::new();
    let mut refused = 0;
    for task in tasks {
        let (user, word, result) = task.await.expect("task");
        match result {
            Ok(outcome) => accepted.push((user, word, outcome)),
            Err(AppError::Refused(Refusal::NotYourTurn { player, .. })) if player != user => {
                refused += 1
            }
            Err(AppError::Refused(Refusal::IllegalMove {
                word: refused_word,
                batch: false,
                ..
            })) if refused_word == word => refused += 1,
            Err(other) => panic!("{word} by {user}: not a refusal of the turn or move: {other:?}"),
        }
    }
    assert_eq!(accepted.len() + refused, 50);
    assert!(
        !accepted.is_empty(),
        "at least the first command in is legal"
    );

    let (_, history) = service.history(CHANNEL).await.expect("history");
    // No skipped turns can happen this early, so every entry is one accepted move.
    assert_eq!(history.len(), accepted.len(), "{history:?}");
    let plies: Vec<i32> = history.iter().map(|e| e.ply).collect();
    assert_eq!(plies, (1..=history.len() as i32).collect::<Vec<_>>());

    // Replay the log; note the position after each ply.
    let mut game = Game::new(Config::default_for(GameKind::Fibonacci), 0);
    let mut after_ply: HashMap<String, usize> = HashMap::new();
    for (i, entry) in history.iter().enumerate() {
        let player = if game.side_to_move().index() == 0 {
            RED
        } else {
            GREEN
        };
        assert_eq!(entry.user, player, "ply {} played out of turn", entry.ply);
        game.play(&entry.notation)
            .unwrap_or_else(|e| panic!("ply {} ({}) illegal: {e}", entry.ply, entry.notation));
        after_ply.insert(game.position_string(), i);
    }
    let stored = service
        .game_in_channel(CHANNEL)
        .await
        .expect("read")
        .expect("game");
    assert_eq!(stored.game.position_string(), game.position_string());

    // Each accepted command maps to its own ply, with the same move and player.
    let mut seen = vec![false; history.len()];
    for (user, word, outcome) in &accepted {
        let position = outcome.view.game.position_string();
        let &ply = after_ply
            .get(&position)
            .unwrap_or_else(|| panic!("{word} by {user} reported a position the log never had"));
        assert!(!seen[ply], "two commands claim ply {}", ply + 1);
        seen[ply] = true;
        assert_eq!(history[ply].user, *user);
        assert_eq!(
            outcome
                .played
                .iter()
                .map(|p| p.notation())
                .collect::<Vec<_>>(),
            [history[ply].notation.clone()]
        );
    }
    assert!(seen.iter().all(|&s| s), "a logged move no command reported");
}

/// Two bot processes on one database (shards): a language one of them sees reaches the other,
/// whose notices would otherwise speak what it saw last.
#[tokio::test]
async fn a_language_seen_by_one_process_reaches_the_others() {
    use fibonacci_bot::app::Languages;
    use fibonacci_bot::i18n::{Lang, Langs};
    let db = common::fresh_database().await;
    let one = Service::connect(db.url()).await.expect("connect");
    let other = Service::connect(db.url()).await.expect("connect");
    let seen_here = Languages::load(one).await;
    let seen_there = Languages::load(other).await;
    assert_eq!(seen_there.user(9), Lang::En);
    seen_here.remember(Some(7), 9, Langs::new(Some("fr"), Some("fr")));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while (seen_there.user(9), seen_there.guild(7)) != (Lang::Fr, Lang::Fr) {
        assert!(
            std::time::Instant::now() < deadline,
            "the other process never learnt the language"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
