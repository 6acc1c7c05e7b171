//! Migration 0002 (a game's options in one column) converts what the old schema stored: a
//! database filled through migration 0001 alone is migrated, and every challenge and game reads
//! back with the options it was created with, the games replaying as before.

use crate::common;

use fibonacci_bot::app::{ChallengeState, Service};
use fibonacci_bot::engine::{Config, Game, GameKind, fanorona, fibonacci};
use sqlx::Connection;
use sqlx::migrate::Migrator;

/// The old columns (`game`, `variant`, `group_rule`, `rule_set`, `vela`) of each configuration,
/// as migration 0001 stored them, and the configuration they mean.
fn old_rows() -> Vec<([Option<&'static str>; 5], Config)> {
    let fib = |variant, group| {
        Config::Fibonacci(fibonacci::Options {
            variant,
            group,
            ..fibonacci::Options::default()
        })
    };
    let fan = |rules, vela| Config::Fanorona(fanorona::Options { rules, vela });
    use fanorona::{Color, RuleSet};
    use fibonacci::{GroupRule, Variant};
    vec![
        (
            [
                Some("fibonacci"),
                Some("standard"),
                Some("same-category"),
                None,
                None,
            ],
            fib(Variant::Standard, GroupRule::SameCategory),
        ),
        (
            [
                Some("fibonacci"),
                Some("cards"),
                Some("any-friendly"),
                None,
                None,
            ],
            fib(Variant::Cards, GroupRule::AnyFriendly),
        ),
        (
            [Some("fanorona"), None, None, Some("escale"), None],
            fan(RuleSet::Escale, None),
        ),
        (
            [
                Some("fanorona"),
                None,
                None,
                Some("standard"),
                Some("white"),
            ],
            fan(RuleSet::Standard, Some(Color::White)),
        ),
        (
            [Some("fanorona"), None, None, Some("escale"), Some("black")],
            fan(RuleSet::Escale, Some(Color::Black)),
        ),
    ]
}

#[tokio::test]
async fn rows_of_the_old_schema_keep_their_options_through_migration_0002() {
    let db = common::fresh_database().await;
    let mut conn = sqlx::PgConnection::connect(db.url())
        .await
        .expect("connect");
    // Only migration 0001 (a folder holding just its file): the schema as it was before the
    // options column, recorded as applied so that connecting later runs 0002 alone.
    let old = std::env::temp_dir().join(format!("fbbot-migrations-{}", db.name()));
    std::fs::create_dir_all(&old).expect("temp dir");
    std::fs::copy("migrations/0001_games.sql", old.join("0001_games.sql")).expect("copy 0001");
    let first = Migrator::new(old.as_path()).await.expect("read 0001");
    first.run(&mut conn).await.expect("migration 0001");
    std::fs::remove_dir_all(&old).expect("remove temp dir");

    let rows = old_rows();
    let mut games = Vec::new();
    for (i, (columns, config)) in rows.iter().enumerate() {
        let i = i as i64;
        let insert_challenge = "INSERT INTO challenges (challenger, challenged, guild_id, \
             channel_id, game, variant, group_rule, rule_set, vela, colour, state, answered_at) \
             VALUES (11, 22, 7, $1, $2, $3, $4, $5, $6, 'random', $7, $8) RETURNING id";
        // Even rows: an accepted challenge with a game of two moves; odd rows: an open one.
        let accepted = i % 2 == 0;
        let (challenge_id,): (i64,) = sqlx::query_as(insert_challenge)
            .bind(100 + i)
            .bind(columns[0])
            .bind(columns[1])
            .bind(columns[2])
            .bind(columns[3])
            .bind(columns[4])
            .bind(if accepted { "accepted" } else { "open" })
            .bind(accepted.then(chrono::Utc::now))
            .fetch_one(&mut conn)
            .await
            .expect("old challenge row");
        if !accepted {
            sqlx::query("INSERT INTO channel_claims (channel_id, challenge_id) VALUES ($1, $2)")
                .bind(100 + i)
                .bind(challenge_id)
                .execute(&mut conn)
                .await
                .expect("claim");
            continue;
        }
        let mut game = Game::new(*config, 5);
        let first_move = game.legal_moves()[0].clone();
        game.play(&first_move).expect("a legal move");
        let (game_id,): (i64,) = sqlx::query_as(
            "INSERT INTO games (challenge_id, guild_id, channel_id, game, variant, group_rule, \
                 rule_set, vela, seed, first_player, second_player, position) \
             VALUES ($1, 7, $2, $3, $4, $5, $6, $7, 5, 11, 22, $8) RETURNING id",
        )
        .bind(challenge_id)
        .bind(100 + i)
        .bind(columns[0])
        .bind(columns[1])
        .bind(columns[2])
        .bind(columns[3])
        .bind(columns[4])
        .bind(game.position_string())
        .fetch_one(&mut conn)
        .await
        .expect("old game row");
        sqlx::query(
            "INSERT INTO moves (game_id, ply, turn, side, user_id, kind, notation) \
             VALUES ($1, 1, 1, 0, 11, 'move', $2)",
        )
        .bind(game_id)
        .bind(&first_move)
        .execute(&mut conn)
        .await
        .expect("old move row");
        sqlx::query("INSERT INTO channel_claims (channel_id, game_id) VALUES ($1, $2)")
            .bind(100 + i)
            .bind(game_id)
            .execute(&mut conn)
            .await
            .expect("claim");
        games.push((100 + i as u64, *config, game.position_string()));
    }
    conn.close().await.expect("close");

    // Connecting applies 0002 to the filled database.
    let service = Service::connect(db.url())
        .await
        .expect("migrate to the end");
    for (channel, config, position) in games {
        let view = service
            .game_in_channel(channel)
            .await
            .expect("load a converted game")
            .expect("the game is still there");
        assert_eq!(view.game.config(), config);
        assert_eq!(view.game.position_string(), position);
        assert_eq!(view.last_turn.len(), 1);
    }
    for (i, (_, config)) in rows.iter().enumerate().filter(|(i, _)| i % 2 == 1) {
        let challenge = service
            .challenge_in_channel(100 + i as u64)
            .await
            .expect("load a converted challenge")
            .expect("the challenge is still open");
        assert_eq!(challenge.config, *config);
        assert_eq!(challenge.state, ChallengeState::Open);
    }
    // The old columns are gone; the one column holds the codec's text.
    let mut conn = sqlx::PgConnection::connect(db.url())
        .await
        .expect("connect");
    let texts: Vec<(String,)> = sqlx::query_as("SELECT options FROM games ORDER BY id")
        .fetch_all(&mut conn)
        .await
        .expect("options column");
    assert_eq!(
        texts.into_iter().map(|t| t.0).collect::<Vec<_>>(),
        [
            "fibonacci variant=standard group=same-category",
            "fanorona rules=escale",
            "fanorona rules=escale vela=black"
        ]
    );
    let old = sqlx::query("SELECT variant FROM games")
        .fetch_all(&mut conn)
        .await;
    assert!(old.is_err(), "the old columns are dropped");
    assert_eq!(GameKind::ALL.len(), 2);
}
