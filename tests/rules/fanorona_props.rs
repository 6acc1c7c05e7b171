//! Properties of random Fanorona games, under every rule option:
//! - every legal turn string is accepted by `play_str`;
//! - position strings and move notation round-trip;
//! - piece counts only ever decrease, by exactly the captured points;
//! - playing a chain step by step gives the same position as playing it whole.

use fibonacci_bot::engine::fanorona::{Color, Game, Options, Position, RuleSet};
use fibonacci_bot::engine::{self, Config, Status};
use proptest::prelude::*;

fn options(standard: bool, vela: u8) -> Options {
    Options {
        rules: if standard {
            RuleSet::Standard
        } else {
            RuleSet::Escale
        },
        vela: [None, Some(Color::White), Some(Color::Black)][vela as usize % 3],
    }
}

/// Plays a whole turn as `legal` lists it: a single capturing step that could go on is followed
/// by `end`.
fn play_whole(game: &mut Game, turn: &str) {
    game.play_str(turn)
        .unwrap_or_else(|e| panic!("legal turn {turn} refused: {e}"));
    if game.chain_in_progress() {
        game.end_turn().expect("end");
    }
}

fn strategy() -> impl Strategy<Value = (Vec<u32>, bool, u8)> {
    (
        prop::collection::vec(any::<u32>(), 1..80),
        any::<bool>(),
        0u8..3,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn every_legal_turn_is_accepted_by_play_str((choices, standard, vela) in strategy()) {
        let mut game = Game::new(options(standard, vela));
        for choice in choices {
            let turns = game.legal_turns();
            prop_assert_eq!(turns.is_empty(), game.status() != Status::Ongoing);
            for t in &turns {
                let mut g = game.clone();
                let played = g.play_str(t);
                prop_assert!(played.is_ok(), "{} refused in {}: {:?}", t, game.position(), played);
            }
            if turns.is_empty() {
                break;
            }
            play_whole(&mut game, &turns[choice as usize % turns.len()]);
        }
    }

    #[test]
    fn position_strings_and_notation_round_trip((choices, standard, vela) in strategy()) {
        let opts = options(standard, vela);
        let mut game = Game::new(opts);
        for choice in choices {
            let text = game.position().to_string();
            let parsed: Position = text.parse().expect("own output parses");
            prop_assert_eq!(&parsed, game.position());
            prop_assert_eq!(parsed.to_string(), text.clone());
            // A fresh game from the string has the same turns.
            let again = Game::from_position(opts, &text).expect("position");
            let (mut a, mut b) = (again.legal_turns(), game.legal_turns());
            a.sort();
            b.sort();
            prop_assert_eq!(a, b);

            let turns = game.legal_turns();
            if turns.is_empty() {
                break;
            }
            let turn = &turns[choice as usize % turns.len()];
            let before = game.clone();
            let played = game.play_str(turn).expect("legal");
            // The canonical notation of what was played is the legal string itself, and
            // replaying it from the same state gives the same result.
            prop_assert_eq!(&played.notation(), turn);
            let mut replay = before.clone();
            let replayed = replay.play_str(&played.notation()).expect("notation replays");
            prop_assert_eq!(&replayed, &played);
            prop_assert_eq!(replay.position(), game.position());
            if game.chain_in_progress() {
                game.end_turn().expect("end");
            }
        }
    }

    #[test]
    fn piece_counts_only_decrease_by_exactly_the_captured_points(
        (choices, standard, vela) in strategy()
    ) {
        let mut game = Game::new(options(standard, vela));
        for choice in choices {
            let turns = game.legal_turns();
            if turns.is_empty() {
                break;
            }
            let before = *game.position();
            let mover = before.side_to_move();
            let played = game.play_str(&turns[choice as usize % turns.len()]).expect("legal");
            let after = *game.position();
            let taken: Vec<_> = played.steps.iter().flat_map(|(_, c)| c.iter().copied()).collect();
            prop_assert_eq!(after.count(mover), before.count(mover));
            prop_assert_eq!(
                before.count(mover.opponent()) - after.count(mover.opponent()),
                taken.len() as u32
            );
            // A later step of the chain may land on a point emptied earlier in the turn, so a
            // captured point ends empty or holds the mover.
            for p in &taken {
                prop_assert_eq!(before.piece_at(*p), Some(mover.opponent()));
                prop_assert_ne!(after.piece_at(*p), Some(mover.opponent()));
            }
            let mut distinct = taken.clone();
            distinct.sort();
            distinct.dedup();
            prop_assert_eq!(distinct.len(), taken.len());
            if game.chain_in_progress() {
                game.end_turn().expect("end");
            }
        }
    }

    #[test]
    fn a_chain_played_step_by_step_ends_where_the_whole_chain_does(
        (choices, standard, vela) in strategy()
    ) {
        let mut game = Game::new(options(standard, vela));
        for choice in choices {
            let turns = game.legal_turns();
            if turns.is_empty() {
                break;
            }
            let turn = turns[choice as usize % turns.len()].clone();
            let mut stepwise = game.clone();
            for step in turn.split(',') {
                stepwise.play_str(step).expect("each step of a legal chain");
            }
            if stepwise.chain_in_progress() {
                stepwise.end_turn().expect("end");
            }
            play_whole(&mut game, &turn);
            prop_assert_eq!(stepwise.position(), game.position());
            prop_assert_eq!(stepwise.turn(), game.turn());
            prop_assert_eq!(stepwise.status(), game.status());
        }
    }

    /// The game-agnostic interface gives the same answers as the Fanorona game itself.
    #[test]
    fn the_engine_game_enum_mirrors_the_fanorona_game((choices, standard, vela) in strategy()) {
        let opts = options(standard, vela);
        let mut fan = Game::new(opts);
        let mut any = engine::Game::new(Config::Fanorona(opts), 0);
        for choice in choices.iter().take(20) {
            let mut turns = fan.legal_turns();
            turns.sort();
            prop_assert_eq!(&any.legal_moves(), &turns);
            prop_assert_eq!(any.position_string(), fan.position().to_string());
            prop_assert_eq!(any.turn_number(), fan.turn());
            prop_assert_eq!(any.side_to_move(), fan.position().side_to_move().side());
            if turns.is_empty() {
                break;
            }
            let t = &turns[*choice as usize % turns.len()];
            let a = any.play(t).expect("legal").notation();
            prop_assert_eq!(a, fan.play_str(t).expect("legal").notation());
            if fan.chain_in_progress() {
                prop_assert!(any.chain_in_progress());
                fan.end_turn().expect("end");
                prop_assert_eq!(any.play("end").expect("end").notation(), "end");
            }
        }
    }
}
