//! Ratings in the game service, against a real PostgreSQL and an injected clock: what counts,
//! the numbers, the leaderboard's order and provisional split, profiles, a rebuild that gives
//! the same numbers, and two games of one pair ending at the same moment.

use crate::common;

use chrono::Duration;
use fibonacci_bot::app::{
    ColourChoice, GameView, NewChallenge, NoticeKind, Outcome, Service, Standing, TurnClock,
};
use fibonacci_bot::engine::{Config, GameKind, Side};
use fibonacci_bot::rating::{Rating, RatingGame, Score};
use sqlx::Connection;

const GUILD: u64 = 7;
const ALICE: u64 = 11;
const BOB: u64 = 22;
const CAROL: u64 = 33;
const DAVE: u64 = 44;
const BOT: u64 = 99;

use common::clocked_service as service;

fn config(kind: GameKind, options: &[(&str, &str)]) -> Config {
    let mut config = Config::default_for(kind);
    for (key, value) in options {
        config.set(key, value).expect("a valid option");
    }
    config
}

/// A game in `channel` between `first` (moving first) and `second`.
async fn game(
    service: &Service,
    channel: u64,
    [first, second]: [u64; 2],
    config: Config,
    rated: bool,
) -> GameView {
    let challenge = service
        .challenge(NewChallenge {
            challenger: first,
            challenged: second,
            guild: GUILD,
            channel,
            config,
            colour: ColourChoice::ChallengerFirst,
            clock: TurnClock::ThreeDays,
            rated,
        })
        .await
        .expect("challenge");
    service.accept(challenge.id, second).await.expect("accept")
}

/// The player to move plays legal moves until the turn passes.
async fn play_turn(service: &Service, channel: u64, mut view: GameView) -> GameView {
    let mover = view.player_to_move().expect("a game in progress");
    while view.player_to_move() == Some(mover) {
        let legal = view.game.legal_moves();
        view = service
            .play(channel, mover, &legal[0])
            .await
            .expect("a legal move")
            .view;
    }
    view
}

fn fib() -> Config {
    Config::default_for(GameKind::Fibonacci)
}

async fn draw_agreed(service: &Service, channel: u64, players: [u64; 2]) -> GameView {
    service.draw(channel, players[0]).await.expect("offer");
    service.draw(channel, players[1]).await.expect("accept")
}

/// Every stored rating and change, in a fixed order, as text that compares exactly (the
/// floating-point numbers included).
async fn snapshot(db: &common::TestDb) -> (Vec<String>, Vec<String>) {
    let mut conn = sqlx::PgConnection::connect(db.url())
        .await
        .expect("connect");
    let ratings: Vec<String> = sqlx::query_scalar(
        "SELECT concat_ws(' ', guild_id, game, user_id, rating::text, deviation::text, \
             volatility::text, games, wins, losses, draws, last_game_at) \
         FROM ratings ORDER BY guild_id, game, user_id",
    )
    .fetch_all(&mut conn)
    .await
    .expect("ratings");
    let changes: Vec<String> = sqlx::query_scalar(
        "SELECT concat_ws(' ', game_id, user_id, guild_id, game, opponent, rating_order, score, \
             rating_before::text, deviation_before::text, volatility_before::text, rating_after::text, \
             deviation_after::text, volatility_after::text, rated_at) \
         FROM rating_changes ORDER BY rating_order, user_id",
    )
    .fetch_all(&mut conn)
    .await
    .expect("changes");
    (ratings, changes)
}

/// `user`'s place on the server's Fibonacci leaderboard (ranked or provisional).
async fn fibonacci_standing(service: &Service, user: u64) -> Standing {
    let board = service
        .leaderboard(GUILD, RatingGame::Fibonacci)
        .await
        .expect("leaderboard");
    board
        .ranked
        .into_iter()
        .chain(board.provisional)
        .find(|s| s.user == user)
        .unwrap_or_else(|| panic!("{user} is on the leaderboard"))
}

/// Runs `statements` on the database behind the service's back.
async fn spoil(db: &common::TestDb, statements: &[&str]) {
    let mut conn = sqlx::PgConnection::connect(db.url())
        .await
        .expect("connect");
    for sql in statements {
        sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

#[tokio::test]
async fn a_first_rated_game_moves_newcomers_by_162_and_shows_in_the_result() {
    let db = common::fresh_database().await;
    let (service, _) = service(&db).await;
    game(&service, 1, [ALICE, BOB], fib(), true).await;
    let over = service.resign(1, BOB).await.expect("resign");
    assert_eq!(
        over.outcome,
        Some(Outcome::Resigned {
            winner: Side::First
        })
    );
    let shown: Vec<(u64, i64, i64, Score)> = over
        .ratings
        .iter()
        .map(|c| (c.user, c.before.shown(), c.after.shown(), c.score))
        .collect();
    assert_eq!(
        shown,
        [
            (ALICE, 1500, 1662, Score::Win),
            (BOB, 1500, 1338, Score::Loss)
        ]
    );
    assert!(over.ratings.iter().all(|c| c.game == RatingGame::Fibonacci));
}

#[tokio::test]
async fn bot_games_aborted_games_and_unrated_challenges_do_not_count() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    // Unrated by choice.
    game(&service, 1, [ALICE, BOB], fib(), false).await;
    let over = service.resign(1, BOB).await.expect("resign");
    assert!(over.ratings.is_empty() && !over.rated);
    // Against the bot.
    let ai = service
        .challenge_ai(
            NewChallenge {
                challenger: ALICE,
                challenged: BOT,
                guild: GUILD,
                channel: 2,
                config: Config::default_for(GameKind::Fanorona),
                colour: ColourChoice::ChallengerFirst,
                clock: TurnClock::Unlimited,
                rated: true,
            },
            BOT,
            fibonacci_bot::ai::Level::Easy,
        )
        .await
        .expect("a game against the AI");
    assert!(!ai.rated, "a game against the bot is never rated");
    let over = service.resign(2, ALICE).await.expect("resign");
    assert!(over.ratings.is_empty());
    // Aborted: the first player never moved before the deadline.
    game(
        &service,
        3,
        [CAROL, DAVE],
        Config::default_for(GameKind::Fanorona),
        true,
    )
    .await;
    clock.advance(Duration::days(4));
    let report = service.tick().await.expect("tick");
    assert_eq!(report.aborted, 1);

    assert_eq!(snapshot(&db).await, (Vec::new(), Vec::new()));
    for user in [ALICE, BOB, CAROL, DAVE] {
        assert!(
            service
                .profile(GUILD, user)
                .await
                .expect("profile")
                .records
                .is_empty()
        );
    }
}

/// Games of three ratings (the Fanorona rule sets and a vela round share one), resignations,
/// draws and a loss on time, weeks apart (so that idle periods widen deviations): the live
/// numbers are exactly the rebuilt ones.
#[tokio::test]
async fn a_sequence_of_games_gives_the_ratings_that_a_rebuild_gives() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    let cards = config(GameKind::Fibonacci, &[("variant", "cards")]);
    let escale = Config::default_for(GameKind::Fanorona);
    let standard = config(GameKind::Fanorona, &[("rules", "standard")]);
    let vela = config(GameKind::Fanorona, &[("vela", "white")]);

    let plan: Vec<([u64; 2], Config, &str, i64)> = vec![
        ([ALICE, BOB], fib(), "first-resigns", 1),
        ([CAROL, ALICE], fib(), "draw", 3),
        ([BOB, CAROL], escale, "second-resigns", 40),
        ([ALICE, DAVE], standard, "first-resigns", 2),
        ([DAVE, BOB], vela, "draw", 65),
        ([ALICE, BOB], cards, "second-resigns", 1),
        ([BOB, ALICE], fib(), "first-resigns", 100),
        ([CAROL, DAVE], escale, "timeout", 0),
    ];
    let mut channel = 100;
    for (players, config, end, days) in plan {
        clock.advance(Duration::days(days) + Duration::minutes(7));
        channel += 1;
        let view = game(&service, channel, players, config, true).await;
        let over = match end {
            "first-resigns" => service.resign(channel, players[0]).await.expect("resign"),
            "second-resigns" => service.resign(channel, players[1]).await.expect("resign"),
            "draw" => draw_agreed(&service, channel, players).await,
            "timeout" => {
                // Both play a turn; then the first lets the clock run out and loses on time.
                let view = play_turn(&service, channel, view).await;
                play_turn(&service, channel, view).await;
                clock.advance(Duration::days(4));
                assert_eq!(service.tick().await.expect("tick").timeouts, 1);
                // The announcement of the loss on time carries the rating changes.
                let notices = service.claim_notices(10).await.expect("notices");
                let timeout = notices
                    .iter()
                    .find(|n| n.kind == NoticeKind::Timeout)
                    .expect("a timeout notice");
                assert_eq!(timeout.view.ratings.len(), 2, "{:?}", timeout.view.ratings);
                assert_eq!(
                    timeout.view.ratings[0].score,
                    Score::Loss,
                    "the first player lost"
                );
                continue;
            }
            other => unreachable!("{other}"),
        };
        assert_eq!(over.ratings.len(), 2, "{end} counts");
    }
    let live = snapshot(&db).await;
    assert_eq!(live.1.len(), 16, "eight rated games, two players each");
    let fanorona = service
        .leaderboard(GUILD, RatingGame::Fanorona)
        .await
        .expect("leaderboard");
    assert_eq!(
        fanorona.players, 4,
        "both rule sets and the vela round share one rating"
    );

    let rebuilt = service.rebuild_ratings().await.expect("rebuild");
    assert_eq!((rebuilt.games, rebuilt.ratings), (8, 9));
    assert_eq!(
        snapshot(&db).await,
        live,
        "a rebuild gives the same numbers"
    );

    // Alice's Fibonacci record: she resigned, drew, then Bob resigned.
    let profile = service.profile(GUILD, ALICE).await.expect("profile");
    let fib_record = profile
        .records
        .iter()
        .find(|r| r.standing.game == RatingGame::Fibonacci)
        .expect("a Fibonacci record");
    let s = fib_record.standing;
    assert_eq!((s.games, s.wins, s.draws, s.losses), (3, 1, 1, 1));
    assert_eq!(fib_record.last.len(), 3);
    assert_eq!(
        fib_record.last[0].score,
        Score::Win,
        "newest first: Bob resigned last"
    );
    assert_eq!(fib_record.streak, Some((Score::Win, 1)));
    assert_eq!(
        fib_record.history.len(),
        4,
        "the start, then one point per game"
    );
    assert_eq!(fib_record.history[0].1, 1500.0);
    assert_eq!(profile.records.len(), 3, "Fibonacci, cards and Fanorona");
}

#[tokio::test]
async fn idle_months_widen_the_deviation_when_read_and_when_the_next_game_is_rated() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    game(&service, 1, [ALICE, BOB], fib(), true).await;
    let first = service.resign(1, BOB).await.expect("resign");
    let after = first.ratings[0].after;

    clock.advance(Duration::days(29));
    let alice = fibonacci_standing(&service, ALICE).await;
    assert_eq!(alice.rating, after, "29 days: no idle period yet");

    clock.advance(Duration::days(62));
    let alice = fibonacci_standing(&service, ALICE).await;
    let idle = after.after_period(&[]).after_period(&[]).after_period(&[]);
    assert_eq!(alice.rating, idle, "91 days: three empty periods");

    game(&service, 2, [ALICE, CAROL], fib(), true).await;
    let second = service.resign(2, ALICE).await.expect("resign");
    let change = second
        .ratings
        .iter()
        .find(|c| c.user == ALICE)
        .expect("alice");
    assert_eq!(
        change.before, idle,
        "the next game is rated from the widened deviation"
    );
    let (expected, _) = Rating::after_game(idle, Rating::default(), Score::Loss);
    assert_eq!(change.after, expected);
}

/// Round robins among the established players.
const ROUNDS: u32 = 9;

/// Four established players (many games, so their deviation falls under 110) and two
/// newcomers: the leaderboard ranks the first by rating and lists the others apart.
#[tokio::test]
async fn the_leaderboard_ranks_by_rating_and_lists_provisional_players_apart() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    // A round robin, repeated: Alice beats each of the others two games in three (a loss or
    // a draw the third); Bob beats Carol and Dave two games in three; Carol and Dave draw.
    let mut channel = 0;
    for round in 0..ROUNDS {
        let upset = round % 3 == 2;
        for (players, end) in [
            (
                [ALICE, BOB],
                if upset {
                    "first-resigns"
                } else {
                    "second-resigns"
                },
            ),
            (
                [ALICE, CAROL],
                if upset { "draw" } else { "second-resigns" },
            ),
            (
                [ALICE, DAVE],
                if upset {
                    "first-resigns"
                } else {
                    "second-resigns"
                },
            ),
            ([BOB, CAROL], if upset { "draw" } else { "second-resigns" }),
            (
                [BOB, DAVE],
                if upset {
                    "first-resigns"
                } else {
                    "second-resigns"
                },
            ),
            ([CAROL, DAVE], "draw"),
        ] {
            channel += 1;
            clock.advance(Duration::hours(3));
            game(&service, channel, players, fib(), true).await;
            match end {
                "draw" => {
                    draw_agreed(&service, channel, players).await;
                }
                "first-resigns" => {
                    service.resign(channel, players[0]).await.expect("resign");
                }
                _ => {
                    service.resign(channel, players[1]).await.expect("resign");
                }
            }
        }
    }
    const ERIN: u64 = 55;
    const FRANK: u64 = 66;
    channel += 1;
    game(&service, channel, [ERIN, FRANK], fib(), true).await;
    service.resign(channel, FRANK).await.expect("resign");

    let board = service
        .leaderboard(GUILD, RatingGame::Fibonacci)
        .await
        .expect("board");
    let ranked: Vec<u64> = board.ranked.iter().map(|s| s.user).collect();
    let provisional: Vec<u64> = board.provisional.iter().map(|s| s.user).collect();
    assert_eq!(ranked[..2], [ALICE, BOB], "{:?}", board.ranked);
    assert_eq!(ranked.len(), 4, "{:?}", board.ranked);
    assert_eq!(provisional, [ERIN, FRANK], "newcomers apart, best first");
    assert!(board.ranked.iter().all(|s| !s.rating.is_provisional()));
    assert!(board.provisional.iter().all(|s| s.rating.is_provisional()));
    assert!(
        board
            .ranked
            .windows(2)
            .all(|w| w[0].rating.rating >= w[1].rating.rating),
        "best first"
    );
    assert_eq!(board.players, 6);
    let alice = &board.ranked[0];
    assert_eq!(alice.games, 3 * ROUNDS);
    // Another game's leaderboard is empty.
    let empty = service
        .leaderboard(GUILD, RatingGame::Fanorona)
        .await
        .expect("board");
    assert_eq!(empty.players, 0);
    // Another server's too.
    let elsewhere = service
        .leaderboard(GUILD + 1, RatingGame::Fibonacci)
        .await
        .expect("board");
    assert_eq!(elsewhere.players, 0);
}

/// Two games between the same players end at the same instant, on two connections: both
/// count, one after the other (the second rated from the first's result), and a rebuild agrees.
#[tokio::test]
async fn two_games_of_one_pair_ending_at_once_both_count_in_order() {
    let db = common::fresh_database().await;
    let (service, _) = service(&db).await;
    for round in 0..4u64 {
        let channels = [10 + round * 2, 11 + round * 2];
        game(&service, channels[0], [ALICE, BOB], fib(), true).await;
        game(&service, channels[1], [BOB, ALICE], fib(), true).await;
        let (a, b) = tokio::join!(
            service.resign(channels[0], BOB),
            service.resign(channels[1], BOB)
        );
        let (a, b) = (a.expect("first resign"), b.expect("second resign"));
        let alice = |v: &GameView| {
            *v.ratings
                .iter()
                .find(|c| c.user == ALICE)
                .expect("alice was rated")
        };
        let (ca, cb) = (alice(&a), alice(&b));
        // Whichever was applied second started from the other's result.
        assert!(
            ca.after == cb.before || cb.after == ca.before,
            "round {round}: one game is rated after the other: {ca:?} {cb:?}"
        );
    }
    let alice = fibonacci_standing(&service, ALICE).await;
    assert_eq!((alice.games, alice.wins), (8, 8), "no update lost");
    let live = snapshot(&db).await;
    service.rebuild_ratings().await.expect("rebuild");
    assert_eq!(snapshot(&db).await, live);
}

#[tokio::test]
async fn ratings_of_a_database_from_before_ratings_are_rebuilt_at_start() {
    let db = common::fresh_database().await;
    let (service, _) = service(&db).await;
    game(&service, 1, [ALICE, BOB], fib(), true).await;
    service.resign(1, BOB).await.expect("resign");
    let live = snapshot(&db).await;
    spoil(&db, &["DELETE FROM rating_changes", "DELETE FROM ratings"]).await;
    // A new start of the service finds games but no ratings, and rebuilds them.
    drop(service);
    Service::connect(db.url()).await.expect("connect again");
    assert_eq!(snapshot(&db).await, live);
}

/// `fibonacci-bot ratings rebuild` on the bot's database (`DATABASE_URL`) puts back the numbers
/// the games gave, whatever happened to the tables.
#[tokio::test]
async fn the_rebuild_command_restores_the_ratings_from_the_games() {
    let db = common::fresh_database().await;
    let (service, clock) = service(&db).await;
    game(&service, 1, [ALICE, BOB], fib(), true).await;
    service.resign(1, BOB).await.expect("resign");
    clock.advance(Duration::days(45));
    game(&service, 2, [BOB, CAROL], fib(), true).await;
    draw_agreed(&service, 2, [BOB, CAROL]).await;
    let live = snapshot(&db).await;

    spoil(
        &db,
        &[
            "UPDATE ratings SET rating = 0, games = 0, wins = 0, losses = 0, draws = 0",
            &format!("DELETE FROM rating_changes WHERE user_id = {BOB}"),
        ],
    )
    .await;
    let url = db.url().to_string();
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
            .args(["ratings", "rebuild"])
            .env("DATABASE_URL", url)
            .output()
            .expect("run the binary")
    })
    .await
    .expect("join");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "rebuilt 3 ratings from 2 rated games\n"
    );
    assert_eq!(snapshot(&db).await, live);
}
