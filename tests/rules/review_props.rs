//! The review's promises over many random games (short games of random play, some finished,
//! some not), Fibonacci and Fanorona under their rule options: every better turn is legal from
//! the position before its turn and reaches another position than the played turn, which is
//! worth less; the played turn is what was played; turn numbers are the game's whole turns; at
//! most three are reported, the largest loss first; the same seed gives the same review. The
//! quick effort keeps the file fast: the review's code is the same at every effort.

use fibonacci_bot::ai::fibonacci::FibonacciSearch;
use fibonacci_bot::ai::review::{self, Effort, Review};
use fibonacci_bot::ai::{self, Limits, baseline};
use fibonacci_bot::engine::{Config, Game, GameKind, Side, Status, fanorona, fibonacci};
use proptest::prelude::*;

/// A whole turn of the game: its number, who played it, and the positions before and after.
struct Turn {
    number: u32,
    side: Side,
    before: Game,
    after: Game,
}

/// The whole turns of `moves` from `start` (a trailing half turn left out).
fn whole_turns(start: &Game, moves: &[String]) -> Vec<Turn> {
    let mut game = start.clone();
    let mut before = game.clone();
    let mut turns = Vec::new();
    for m in moves {
        let played = game.play(m).expect("random play is legal");
        if played.turn_ended() {
            turns.push(Turn {
                number: before.turn_number(),
                side: before.side_to_move(),
                before: before.clone(),
                after: game.clone(),
            });
            before = game.clone();
        }
    }
    turns
}

/// `game` after the moves of `turn` (written with spaces), or the refusal.
fn after(game: &Game, turn: &str) -> Result<Game, String> {
    let mut g = game.clone();
    for m in turn.split(' ') {
        g.play(m).map_err(|e| format!("{m}: {e}"))?;
    }
    Ok(g)
}

/// How the random games are played.
#[derive(Clone, Copy, Debug)]
enum Players {
    Random,
    Greedy,
    /// A small AI search against the random player: it wins some games.
    AiRandom,
}

fn players() -> impl Strategy<Value = Players> {
    prop_oneof![
        Just(Players::Random),
        Just(Players::Greedy),
        Just(Players::AiRandom)
    ]
}

/// A Fibonacci search the size of the quick review's, with some noise for variety.
const FIBONACCI_SMALL: FibonacciSearch = FibonacciSearch {
    limits: Limits {
        nodes: 1_500,
        cap: None,
    },
    width: 2,
    replies: 2,
    reply_width: 1,
    follow_replies: 0,
    follow_width: 0,
    follow_value: false,
    noise: 20,
    weights: fibonacci_bot::ai::fibonacci::Weights::Hand,
};

/// Moves of one whole turn per seed (fewer if the game ends), and possibly half a turn more.
fn random_game(start: &Game, seeds: &[u64], players: Players, half: bool) -> Vec<String> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    for (i, &seed) in seeds.iter().enumerate() {
        if game.status() != Status::Ongoing {
            break;
        }
        let ai = matches!(players, Players::AiRandom) && i % 2 == 0;
        let greedy = matches!(players, Players::Greedy);
        let turn = match &game {
            Game::Fibonacci(g) if ai => {
                ai::fibonacci_turn_with(g, &FIBONACCI_SMALL, seed).expect("a turn")
            }
            Game::Fibonacci(g) if greedy => baseline::fibonacci_greedy(g, seed),
            Game::Fibonacci(g) => baseline::fibonacci_random(g, seed),
            Game::Fanorona(g) if ai => ai::fanorona_turn(g, ai::Level::Easy, seed).expect("a turn"),
            Game::Fanorona(g) if greedy => baseline::fanorona_greedy(g, seed),
            Game::Fanorona(g) => baseline::fanorona_random(g, seed),
            #[allow(unreachable_patterns)]
            _ => ai::turn(&game, ai::Level::Easy, seed).expect("a turn"),
        };
        for m in &turn {
            game.play(m).expect("random play is legal");
        }
        moves.extend(turn);
    }
    // Half a Fibonacci turn (its first unit move only), unless the game is over.
    if half
        && matches!(game, Game::Fibonacci(_))
        && let Some(m) = game.legal_moves().into_iter().next()
        && game.clone().play(&m).is_ok_and(|p| !p.turn_ended())
    {
        moves.push(m);
    }
    moves
}

fn check(start: &Game, moves: &[String], seed: u64) -> Result<(), TestCaseError> {
    let turns = whole_turns(start, moves);
    let r: Review = review::review(start.clone(), moves, seed, Effort::Quick)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(r.turns, turns.len());
    prop_assert!(r.worst.len() <= 3);
    for (k, t) in r.worst.iter().enumerate() {
        let i = turns.iter().position(|x| x.number == t.turn);
        prop_assert!(i.is_some(), "turn {} is no whole turn of the game", t.turn);
        let turn = &turns[i.unwrap_or_default()];
        prop_assert_eq!(t.side, turn.side);
        let played = after(&turn.before, &t.played);
        prop_assert!(
            played.is_ok(),
            "played {} refused: {:?}",
            t.played,
            played.err()
        );
        let played = played.unwrap_or_else(|_| turn.after.clone());
        prop_assert_eq!(played.position_string(), turn.after.position_string());
        let better = after(&turn.before, &t.better);
        prop_assert!(
            better.is_ok(),
            "better {} refused: {:?}",
            t.better,
            better.err()
        );
        let better = better.unwrap_or_else(|_| turn.after.clone());
        prop_assert_ne!(
            better.position_string(),
            turn.after.position_string(),
            "turn {}: better {} is the played {}",
            t.turn,
            &t.better,
            &t.played
        );
        // A whole turn: the other side moves next, or the game is over, or its turn was
        // skipped (Fibonacci).
        prop_assert!(
            better.status() != Status::Ongoing
                || better.side_to_move() != t.side
                || better.turn_number() > turn.before.turn_number() + 1,
            "better {} leaves the turn unfinished",
            &t.better
        );
        prop_assert!(t.after_better > t.after_played, "{:?}", t);
        if k > 0 {
            prop_assert!(
                r.worst[k - 1].loss() >= t.loss(),
                "worst first: {:?}",
                r.worst
            );
        }
    }
    let again = review::review(start.clone(), moves, seed, Effort::Quick);
    prop_assert_eq!(Ok(r), again, "the same seed gives the same review");
    Ok(())
}

fn fibonacci_config(cards: bool, any_friendly: bool) -> Config {
    Config::Fibonacci(fibonacci::Options {
        variant: if cards {
            fibonacci::Variant::Cards
        } else {
            fibonacci::Variant::Standard
        },
        group: if any_friendly {
            fibonacci::GroupRule::AnyFriendly
        } else {
            fibonacci::GroupRule::SameCategory
        },
        ..fibonacci::Options::default()
    })
}

fn fanorona_config(standard: bool, vela: u8) -> Config {
    Config::Fanorona(fanorona::Options {
        rules: if standard {
            fanorona::RuleSet::Standard
        } else {
            fanorona::RuleSet::Escale
        },
        vela: [
            None,
            Some(fanorona::Color::White),
            Some(fanorona::Color::Black),
        ][usize::from(vela % 3)],
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn fibonacci_reviews_report_legal_better_turns_worth_more(
        seeds in prop::collection::vec(any::<u64>(), 1..20),
        cards in any::<bool>(),
        any_friendly in any::<bool>(),
        players in players(),
        half in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let start = Game::new(fibonacci_config(cards, any_friendly), seed);
        let moves = random_game(&start, &seeds, players, half);
        check(&start, &moves, seed)?;
    }

    #[test]
    fn fanorona_reviews_report_legal_better_turns_worth_more(
        seeds in prop::collection::vec(any::<u64>(), 1..60),
        standard in any::<bool>(),
        vela in 0u8..3,
        players in players(),
        seed in any::<u64>(),
    ) {
        let start = Game::new(fanorona_config(standard, vela), 0);
        let moves = random_game(&start, &seeds, players, false);
        check(&start, &moves, seed)?;
    }
}

#[test]
fn every_game_kind_is_reviewed() {
    // Tic-tac-toe too when built with `--features third-game`: three moves each.
    for &kind in GameKind::ALL {
        let start = Game::new(Config::default_for(kind), 0);
        let moves = random_game(&start, &[1, 2, 3, 4, 5, 6], Players::Random, false);
        let r = review::review(start.clone(), &moves, 0, Effort::Quick).expect("legal");
        assert_eq!(r.turns, whole_turns(&start, &moves).len(), "{kind}");
    }
}
