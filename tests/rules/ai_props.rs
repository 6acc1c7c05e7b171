//! Every AI turn is legal and whole, over many positions reached by random play: Fibonacci in
//! both variants and both group rules, Fanorona under both rule sets, with and without a vela
//! round. Small node budgets keep the file quick; the search code is the same at every budget.

use fibonacci_bot::ai::fanorona::FanoronaSearch;
use fibonacci_bot::ai::fibonacci::FibonacciSearch;
use fibonacci_bot::ai::{self, Level, Limits, baseline};
use fibonacci_bot::engine::Status;
use fibonacci_bot::engine::{fanorona, fibonacci};
use proptest::prelude::*;

/// A tiny Fibonacci search that still checks one reply, so both phases run.
const FIBONACCI_TINY: FibonacciSearch = FibonacciSearch {
    limits: Limits {
        nodes: 1_500,
        cap: None,
    },
    width: 2,
    replies: 2,
    reply_width: 1,
    follow_replies: 1,
    follow_width: 1,
    follow_value: false,
    noise: 5,
    weights: fibonacci_bot::ai::fibonacci::Weights::Hand,
};

/// A tiny Fanorona search: two turns deep with a capture extension.
const FANORONA_TINY: FanoronaSearch = FanoronaSearch {
    limits: Limits {
        nodes: 800,
        cap: None,
    },
    max_depth: 2,
    quiescence: 1,
    noise: 5,
    endgame_nodes: 1_200,
    endgames: 0,
    ordering: false,
    weights: &fibonacci_bot::ai::fanorona::eval::HAND,
};

fn fibonacci_options(cards: bool, any_friendly: bool) -> fibonacci::Options {
    fibonacci::Options {
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
    }
}

fn fanorona_options(standard: bool, vela: u8) -> fanorona::Options {
    fanorona::Options {
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
    }
}

/// Plays `turn` on a copy of `game`; the turn must be accepted move by move and must end the
/// turn (or the game).
fn check_fibonacci(game: &fibonacci::Game, turn: &[String]) -> Result<(), TestCaseError> {
    let mut g = game.clone();
    let start = g.position().turn();
    prop_assert!(!turn.is_empty(), "an empty turn from {}", game.position());
    for (i, m) in turn.iter().enumerate() {
        let before_end = g.position().turn() == start && g.status() == Status::Ongoing;
        prop_assert!(
            before_end,
            "{:?}: moves after the turn ended, from {}",
            turn,
            game.position()
        );
        prop_assert!(m != "end" || i + 1 == turn.len(), "end is last: {:?}", turn);
        let played = g.play_str(m);
        prop_assert!(
            played.is_ok(),
            "{} of {:?} refused from {}: {:?}",
            m,
            turn,
            game.position(),
            played
        );
    }
    prop_assert!(
        g.position().turn() != start || g.status() != Status::Ongoing,
        "{:?} leaves the turn unfinished from {}",
        turn,
        game.position()
    );
    Ok(())
}

fn check_fanorona(game: &fanorona::Game, turn: &[String]) -> Result<(), TestCaseError> {
    let mut g = game.clone();
    prop_assert!(!turn.is_empty() && turn.len() <= 2, "{:?}", turn);
    let played = ai::play_fanorona_turn(&mut g, turn);
    prop_assert!(
        played.is_ok(),
        "{:?} refused from {}: {:?}",
        turn,
        game.position(),
        played
    );
    prop_assert!(turn.len() == 1 || turn[1] == "end", "{:?}", turn);
    prop_assert!(!g.chain_in_progress(), "{:?} leaves a chain open", turn);
    prop_assert_eq!(g.turn(), game.turn() + 1);
    // The turn is one of the listed legal turns (with `end` only after a single step).
    prop_assert!(
        game.legal_turns().contains(&turn[0]),
        "{} not listed",
        turn[0]
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn fibonacci_ai_turns_are_legal_along_random_games(
        seeds in prop::collection::vec(any::<u64>(), 1..60),
        cards in any::<bool>(),
        any_friendly in any::<bool>(),
        game_seed in any::<u64>(),
    ) {
        let mut game = fibonacci::Game::new(fibonacci_options(cards, any_friendly), game_seed);
        for (i, &seed) in seeds.iter().enumerate() {
            if game.status() != Status::Ongoing {
                prop_assert_eq!(ai::fibonacci_turn_with(&game, &FIBONACCI_TINY, seed), Err(ai::AiError::GameOver));
                break;
            }
            if i % 4 == 3 {
                // Every other check values the opponent's answers by our next turn.
                // Every other check values the positions by the tuned weights.
                let search = FibonacciSearch {
                    follow_value: i % 8 == 7,
                    weights: if i % 16 < 8 {
                        fibonacci_bot::ai::fibonacci::Weights::Tuned
                    } else {
                        fibonacci_bot::ai::fibonacci::Weights::Hand
                    },
                    ..FIBONACCI_TINY
                };
                let turn = ai::fibonacci_turn_with(&game, &search, seed);
                prop_assert!(turn.is_ok(), "{:?} from {}", turn, game.position());
                let turn = turn.unwrap_or_default();
                check_fibonacci(&game, &turn)?;
            }
            // Random play moves the game on (the AI's turns are checked, not played, so the
            // positions stay as varied as random play makes them).
            for m in baseline::fibonacci_random(&game, seed) {
                prop_assert!(game.play_str(&m).is_ok());
            }
        }
    }

    #[test]
    fn fanorona_ai_turns_are_legal_along_random_games(
        seeds in prop::collection::vec(any::<u64>(), 1..80),
        standard in any::<bool>(),
        vela in 0u8..3,
    ) {
        let mut game = fanorona::Game::new(fanorona_options(standard, vela));
        for (i, &seed) in seeds.iter().enumerate() {
            if game.status() != Status::Ongoing {
                prop_assert_eq!(ai::fanorona_turn_with(&game, &FANORONA_TINY, seed), Err(ai::AiError::GameOver));
                break;
            }
            if i % 3 == 2 {
                let turn = ai::fanorona_turn_with(&game, &FANORONA_TINY, seed);
                prop_assert!(turn.is_ok(), "{:?} from {}", turn, game.position());
                check_fanorona(&game, &turn.unwrap_or_default())?;
            }
            let random = baseline::fanorona_random(&game, seed);
            let played = ai::play_fanorona_turn(&mut game, &random);
            prop_assert!(played.is_ok(), "{:?}: {:?}", random, played);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// The real easy level (not a tiny test budget) on a few positions per game.
    #[test]
    fn easy_level_turns_are_legal(seeds in prop::collection::vec(any::<u64>(), 1..30), vela in 0u8..3, flag in any::<bool>()) {
        let mut fib = fibonacci::Game::new(fibonacci_options(flag, !flag), seeds[0]);
        let mut fan = fanorona::Game::new(fanorona_options(flag, vela));
        for &seed in &seeds {
            if fib.status() == Status::Ongoing {
                let turn = ai::fibonacci_turn(&fib, Level::Easy, seed);
                prop_assert!(turn.is_ok(), "{:?}", turn);
                check_fibonacci(&fib, &turn.unwrap_or_default())?;
                for m in baseline::fibonacci_random(&fib, seed) {
                    prop_assert!(fib.play_str(&m).is_ok());
                }
            }
            if fan.status() == Status::Ongoing {
                let turn = ai::fanorona_turn(&fan, Level::Easy, seed);
                prop_assert!(turn.is_ok(), "{:?}", turn);
                check_fanorona(&fan, &turn.unwrap_or_default())?;
                let random = baseline::fanorona_random(&fan, seed);
                prop_assert!(ai::play_fanorona_turn(&mut fan, &random).is_ok());
            }
        }
    }
}
