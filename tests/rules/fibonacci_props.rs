//! Property tests of the Fibonacci engine (proptest), over positions reached by random play in
//! both variants and both group rules, and over arbitrary legal-looking positions.

use std::collections::HashSet;

use fibonacci_bot::engine::Status;
use fibonacci_bot::engine::fibonacci::{
    Cell, Color, Game, GroupRule, Kind, Options, Piece, Position, UnitMove, Variant,
};
use proptest::prelude::*;

fn any_options() -> impl Strategy<Value = Options> {
    (
        prop_oneof![Just(Variant::Standard), Just(Variant::Cards)],
        prop_oneof![Just(GroupRule::SameCategory), Just(GroupRule::AnyFriendly)],
    )
        .prop_map(|(variant, group)| Options {
            variant,
            group,
            ..Options::default()
        })
}

/// Plays from the start: each choice picks a legal move by index, or ends the turn when it is
/// a multiple of 11. Returns the game and its move log.
fn playout(options: Options, seed: u64, choices: &[u16]) -> (Game, Vec<String>) {
    let mut game = Game::new(options, seed);
    let mut log = Vec::new();
    for &c in choices {
        if game.status() != Status::Ongoing {
            break;
        }
        if c % 11 == 0 {
            game.end_turn().expect("ending a turn is always allowed");
            log.push("end".to_string());
        } else {
            let moves = game.legal_moves();
            let m = moves[c as usize % moves.len()];
            game.play(m).expect("a generated move is accepted");
            log.push(m.to_string());
        }
    }
    (game, log)
}

fn census(pos: &Position) -> Vec<(Color, Kind, usize)> {
    let mut v = vec![];
    for color in [Color::Red, Color::Green] {
        for kind in [Kind::Centre, Kind::Strike, Kind::Support] {
            v.push((color, kind, pos.cells_of(color, kind).count()));
        }
    }
    v
}

/// An arbitrary position that satisfies the position string's invariants: 13 pieces per colour
/// anywhere, any turn, the matching side, any moves left.
fn any_position() -> impl Strategy<Value = String> {
    let cells: Vec<usize> = (0..Cell::COUNT).collect();
    (Just(cells).prop_shuffle(), 1u32..2000, 0u8..=6).prop_map(|(order, turn, moves_left)| {
        let letters = "CSSSSSSUUUUUUcssssssuuuuuu";
        let mut squares = ['.'; Cell::COUNT];
        for (i, ch) in letters.chars().enumerate() {
            squares[order[i]] = ch;
        }
        let mut rows = vec![String::new(); 11];
        for c in Cell::all() {
            rows[c.row() as usize].push(squares[c.index()]);
        }
        let side = if turn % 2 == 1 { 'r' } else { 'g' };
        format!("{} {side} {moves_left} {turn}", rows.join("/"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// RULES 1.4: every generated move is accepted by `play`, and `play` refuses every other
    /// (from, to) pair on the board (all 91 × 91 of them), leaving the game unchanged.
    #[test]
    fn play_accepts_exactly_the_generated_moves(
        options in any_options(),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..150),
    ) {
        let (game, _) = playout(options, seed, &choices);
        let legal: HashSet<UnitMove> = game.legal_moves().into_iter().collect();
        for from in Cell::all() {
            let dests: HashSet<Cell> = game.legal_destinations(from).into_iter().collect();
            for to in Cell::all() {
                let m = UnitMove { from, to };
                let mut g = game.clone();
                let result = g.play(m);
                prop_assert_eq!(result.is_ok(), legal.contains(&m), "{} in {}", m, game.position());
                prop_assert_eq!(dests.contains(&to), legal.contains(&m), "{}", m);
                if let Err(e) = result {
                    prop_assert_eq!(g.position(), game.position(), "a refusal changes nothing");
                    let text = e.to_string();
                    prop_assert!(!text.is_empty() && !text.contains('\n'));
                }
            }
        }
        if game.status() != Status::Ongoing {
            prop_assert!(legal.is_empty(), "no moves once the game is over");
        }
    }

    /// RULES 1.4.5: piece counts and kinds never change; an exchange just swaps two pieces.
    #[test]
    fn pieces_are_never_created_removed_or_changed(
        options in any_options(),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 1..200),
    ) {
        let mut game = Game::new(options, seed);
        let start = census(game.position());
        for c in choices {
            if game.status() != Status::Ongoing {
                break;
            }
            let moves = game.legal_moves();
            let m = moves[c as usize % moves.len()];
            let before = *game.position();
            let p = game.play(m).expect("legal");
            prop_assert_eq!(census(game.position()), start.clone());
            prop_assert_eq!(p.moved, before.piece_at(m.from));
            prop_assert_eq!(p.exchanged, before.piece_at(m.to));
            prop_assert_eq!(game.position().piece_at(m.to), before.piece_at(m.from));
            prop_assert_eq!(game.position().piece_at(m.from), before.piece_at(m.to));
            for c in Cell::all() {
                if c != m.from && c != m.to {
                    prop_assert_eq!(game.position().piece_at(c), before.piece_at(c));
                }
            }
        }
    }

    /// RULES 1.3: the turn passes exactly when the allowance is used up, `end` is played or the
    /// game ends, and `Played` says so.
    #[test]
    fn turn_accounting_matches_played(
        options in any_options(),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 1..200),
    ) {
        let mut game = Game::new(options, seed);
        for c in choices {
            if game.status() != Status::Ongoing {
                break;
            }
            let before = *game.position();
            let p = if c % 11 == 0 {
                game.end_turn().expect("end")
            } else {
                let moves = game.legal_moves();
                game.play(moves[c as usize % moves.len()]).expect("legal")
            };
            let after = game.position();
            if game.status() != Status::Ongoing {
                prop_assert!(p.turn_ended);
                prop_assert_eq!(after.turn(), before.turn());
            } else if p.turn_ended {
                let expected_turn = before.turn() + 1 + p.skipped.len() as u32;
                prop_assert_eq!(after.turn(), expected_turn);
                prop_assert_eq!(after.side_to_move(), Color::of_turn(expected_turn));
                prop_assert!(after.moves_left() >= 1 && after.moves_left() <= 6);
                prop_assert_eq!(after.moves_left(), game.allowance(after.turn()));
                for (i, &(turn, color)) in p.skipped.iter().enumerate() {
                    prop_assert_eq!(turn, before.turn() + 1 + i as u32);
                    prop_assert_eq!(color, Color::of_turn(turn));
                }
                if options.variant == Variant::Cards {
                    prop_assert_eq!(game.card(), Some(after.moves_left()));
                    prop_assert!(p.skipped.is_empty(), "a card is never 0");
                }
            } else {
                prop_assert!(p.unit.is_some());
                prop_assert_eq!(after.turn(), before.turn());
                prop_assert_eq!(after.moves_left(), before.moves_left() - 1);
                prop_assert!(p.skipped.is_empty());
            }
        }
    }

    /// Replay: variant + seed + move log rebuild the same position, cards and status.
    #[test]
    fn replay_rebuilds_the_game(
        options in any_options(),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..200),
    ) {
        let (game, log) = playout(options, seed, &choices);
        let again = Game::replay(options, seed, &log).expect("the log replays");
        prop_assert_eq!(again.position(), game.position());
        prop_assert_eq!(again.card(), game.card());
        prop_assert_eq!(again.status(), game.status());
        // The position string alone (with the current card) continues identically.
        let resumed = Game::from_position(options, seed, &game.position().to_string())
            .expect("printed positions parse");
        prop_assert_eq!(resumed.position(), game.position());
        prop_assert_eq!(resumed.status(), game.status());
        prop_assert_eq!(resumed.legal_moves(), game.legal_moves());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// RULES 1.7: position strings round-trip, through the parser and back.
    #[test]
    fn position_strings_round_trip(s in any_position()) {
        let pos: Position = s.parse().expect("a valid position string");
        prop_assert_eq!(pos.to_string(), s.clone());
        let again: Position = pos.to_string().parse().expect("printed positions parse");
        prop_assert_eq!(again, pos);
    }

    /// RULES 1.1 and 1.7: points and unit moves round-trip through their notation, in any case
    /// and with or without the dash.
    #[test]
    fn notation_round_trips(a in 0usize..91, b in 0usize..91, upper in any::<bool>(), dash in any::<bool>()) {
        let (from, to) = (Cell::from_index(a).expect("index"), Cell::from_index(b).expect("index"));
        prop_assert_eq!(from.to_string().parse::<Cell>(), Ok(from));
        let m = UnitMove { from, to };
        let mut text = if dash { m.to_string() } else { format!("{from}{to}") };
        if upper {
            text = text.to_uppercase();
        }
        prop_assert_eq!(text.parse::<UnitMove>(), Ok(m));
    }

    /// Nothing panics on any input: every parser returns a value or a one-line error.
    #[test]
    fn parsers_never_panic(s in ".{0,200}") {
        for text in [
            s.parse::<Cell>().err().map(|e| e.to_string()),
            s.parse::<UnitMove>().err().map(|e| e.to_string()),
            s.parse::<Position>().err().map(|e| e.to_string()),
        ]
        .into_iter()
        .flatten()
        {
            prop_assert!(!text.contains('\n') && text.chars().count() < 200, "{}", text);
        }
        let mut game = Game::new(Options::default(), 0);
        let _ = game.play_str(&s);
    }

    /// Any legal-looking position can be loaded and played from without panicking, and its
    /// generated moves are all accepted.
    #[test]
    fn arbitrary_positions_play_safely(s in any_position(), options in any_options(), pick in any::<u16>()) {
        let game = Game::from_position(options, 1, &s).expect("valid");
        let moves = game.legal_moves();
        if game.status() != Status::Ongoing {
            prop_assert!(moves.is_empty());
        }
        for m in moves.iter().take(40) {
            let mut g = game.clone();
            prop_assert!(g.play(*m).is_ok(), "{}", m);
        }
        if let Some(m) = moves.get(pick as usize % moves.len().max(1)) {
            let mut g = game.clone();
            let p = g.play(*m).expect("legal");
            prop_assert_eq!(p.moved.map(|x: Piece| x.color), Some(game.position().side_to_move()));
        }
    }
}
