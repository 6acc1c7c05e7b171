//! One test per rule sentence of docs/fibonacci.md, named after the rule, and the worked examples
//! of the published French rules (Naylor's rules as laid out by François Haffner) rebuilt as
//! positions.

use fibonacci_bot::engine::fibonacci::{
    Cell, CellError, Color, Game, GroupRule, Kind, MoveError, Options, Piece, Played, Position,
    PositionError, START, SWAP, Swap, SwapRefusal, UnitMove, Variant, cards,
};
use fibonacci_bot::engine::{Config, Rules, Side, Status, WinReason};

// ------------------------------------------------------------------------------------------
// Helpers

fn cell(s: &str) -> Cell {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// A position string from piece tokens such as `Ca3 Sf5 uj5` (letter of docs/fibonacci.md, Position
/// strings, then the point) and the tail `"<side> <moves-left> <turn>"`.
fn board(pieces: &str, tail: &str) -> String {
    let mut squares = ['.'; Cell::COUNT];
    for token in pieces.split_whitespace() {
        let (letter, point) = token.split_at(1);
        let c = cell(point);
        assert_eq!(squares[c.index()], '.', "{point} given twice");
        squares[c.index()] = letter.chars().next().expect("a letter");
    }
    let mut rows: Vec<String> = vec![String::new(); 11];
    for c in Cell::all() {
        rows[c.row() as usize].push(squares[c.index()]);
    }
    format!("{} {tail}", rows.join("/"))
}

fn options(variant: Variant, group: GroupRule) -> Options {
    Options {
        variant,
        group,
        ..Options::default()
    }
}

fn standard(position: &str) -> Game {
    Game::from_position(Options::default(), 0, position).unwrap_or_else(|e| panic!("{e}"))
}

fn any_friendly(position: &str) -> Game {
    Game::from_position(
        options(Variant::Standard, GroupRule::AnyFriendly),
        0,
        position,
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn play(game: &mut Game, m: &str) -> Played {
    game.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"))
}

fn destinations(game: &Game, from: &str) -> Vec<String> {
    let mut d: Vec<String> = game
        .legal_destinations(cell(from))
        .iter()
        .map(|c| c.to_string())
        .collect();
    d.sort();
    d
}

fn sorted(points: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = points.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn letter_at(game: &Game, point: &str) -> char {
    game.position()
        .piece_at(cell(point))
        .map_or('.', Piece::letter)
}

/// Filler pieces far from the action, so each test lists only what matters. Red supports and
/// Green supports in the corners; add them to a piece list that lacks supports.
const RED_SUPPORTS_FAR: &str = "Ua1 Ua2 Ub1 Ub2 Uc1 Uc2";
const GREEN_SUPPORTS_FAR: &str = "ug2 uh3 uh4 ui4 ui5 uj5";

// ------------------------------------------------------------------------------------------
// 1.1 Board and coordinates

#[test]
fn rule_1_1_a_regular_hexagon_of_91_points() {
    assert_eq!(Cell::all().count(), 91);
    // Six points per side: the corner rows a and k hold six points, and so do the left and
    // right edges (numbers 1 of rows a–f, last numbers of rows f–k).
    assert_eq!(Cell::all().filter(|c| c.row() == 0).count(), 6);
    assert_eq!(Cell::all().filter(|c| c.row() == 10).count(), 6);
    assert_eq!(Cell::all().filter(|c| c.number() == 1).count(), 6);
    assert_eq!(Cell::all().filter(|c| c.number() == 11).count(), 6);
}

#[test]
fn rule_1_1_rows_a_to_k_hold_numbers_max_1_i_minus_4_to_min_11_i_plus_6() {
    let rows = [
        "a1-a6", "b1-b7", "c1-c8", "d1-d9", "e1-e10", "f1-f11", "g2-g11", "h3-h11", "i4-i11",
        "j5-j11", "k6-k11",
    ];
    for (i, span) in rows.iter().enumerate() {
        let in_row: Vec<Cell> = Cell::all().filter(|c| c.row() as usize == i).collect();
        let got = format!(
            "{}-{}",
            in_row.first().expect("a row"),
            in_row.last().expect("a row")
        );
        assert_eq!(&got, span);
        assert_eq!(
            in_row.len(),
            in_row.last().unwrap().number() as usize - in_row[0].number() as usize + 1
        );
    }
    assert_eq!(Cell::new(5, 6), Some(cell("f6")), "the centre point is f6");
}

#[test]
fn rule_1_1_the_six_neighbours_of_row_i_number_n() {
    // (i, n−1), (i, n+1), (i+1, n), (i+1, n+1), (i−1, n−1), (i−1, n)
    let mut n: Vec<String> = cell("f6").neighbors().map(|c| c.to_string()).collect();
    n.sort();
    assert_eq!(n, sorted(&["f5", "f7", "g6", "g7", "e5", "e6"]));
    let mut n: Vec<String> = cell("d4").neighbors().map(|c| c.to_string()).collect();
    n.sort();
    assert_eq!(n, sorted(&["d3", "d5", "e4", "e5", "c3", "c4"]));
    // Off-board neighbours are left out: the corner a1 has three, the edge point a3 four.
    let mut n: Vec<String> = cell("a1").neighbors().map(|c| c.to_string()).collect();
    n.sort();
    assert_eq!(n, sorted(&["a2", "b1", "b2"]));
    assert_eq!(cell("a3").neighbors().count(), 4);
    assert_eq!(cell("k11").neighbors().count(), 3);
    for a in Cell::all() {
        for b in a.neighbors() {
            assert!(
                b.neighbors().any(|c| c == a),
                "{a} and {b} are mutual neighbours"
            );
        }
    }
}

#[test]
fn rule_1_1_input_is_case_insensitive_output_is_lower_case() {
    assert_eq!(cell("F6"), cell("f6"));
    assert_eq!(cell("K11").to_string(), "k11");
}

#[test]
fn rule_1_1_bad_coordinates_are_refused_with_a_clear_reason() {
    let cases: [(&str, &str); 5] = [
        ("a1x", "is not a point"),
        ("z9", "is not a row (a–k)"),
        ("f12", "f12 is off the board (row f: f1 to f11)"),
        ("a7", "a7 is off the board (row a: a1 to a6)"),
        ("", "no point given"),
    ];
    for (input, reason) in cases {
        let e = input.parse::<Cell>().expect_err(input);
        assert!(e.to_string().contains(reason), "{input:?}: {e}");
    }
    let garbage: String = (0..10_000)
        .map(|i| ((i * 7919 % 94) as u8 + 33) as char)
        .collect();
    let e = garbage.parse::<Cell>().expect_err("garbage");
    assert!(matches!(e, CellError::Malformed(_)));
    let text = e.to_string();
    assert!(
        text.len() < 120 && !text.contains('\n'),
        "short, one line: {text}"
    );
}

// ------------------------------------------------------------------------------------------
// 1.2 Pieces and start position

#[test]
fn rule_1_2_each_player_has_one_centre_six_strike_six_support_at_the_published_places() {
    let game = Game::new(Options::default(), 0);
    let pos = game.position();
    let names =
        |color, kind| -> Vec<String> { pos.cells_of(color, kind).map(|c| c.to_string()).collect() };
    assert_eq!(names(Color::Red, Kind::Centre), ["a6"]);
    assert_eq!(
        names(Color::Red, Kind::Strike),
        ["a1", "a2", "a3", "a4", "a5", "b6"]
    );
    assert_eq!(
        names(Color::Red, Kind::Support),
        ["e8", "f8", "g8", "g9", "g10", "h11"]
    );
    assert_eq!(names(Color::Green, Kind::Centre), ["k6"]);
    assert_eq!(
        names(Color::Green, Kind::Strike),
        ["j6", "k7", "k8", "k9", "k10", "k11"]
    );
    assert_eq!(
        names(Color::Green, Kind::Support),
        ["d1", "e2", "e3", "e4", "f4", "g4"]
    );
}

#[test]
fn rule_1_2_the_start_position_is_symmetric_under_a_half_turn_with_colours_swapped() {
    let pos = Position::start();
    let turned = pos.rotated();
    for c in Cell::all() {
        assert_eq!(
            turned.piece_at(c).map(|p| (p.color, p.kind)),
            pos.piece_at(c).map(|p| (p.color, p.kind)),
            "{c}"
        );
    }
}

#[test]
fn rule_1_2_red_moves_first() {
    let game = Game::new(Options::default(), 0);
    assert_eq!(game.position().side_to_move(), Color::Red);
    assert_eq!(Color::Red.side(), Side::First);
    assert!(
        game.legal_moves()
            .iter()
            .all(|m| game.position().piece_at(m.from).map(|p| p.color) == Some(Color::Red))
    );
}

#[test]
fn rule_1_2_the_start_position_is_data_the_published_string() {
    assert_eq!(
        Game::new(Options::default(), 0).position().to_string(),
        START
    );
    assert_eq!(
        START,
        "SSSSSC/.....S./......../u......../.uuu...U../...u...U.../..u...UUU./........U/......../.s...../csssss r 1 1"
    );
}

// ------------------------------------------------------------------------------------------
// 1.3 Turns and the move allowance

#[test]
fn rule_1_3_turns_are_numbered_from_1_red_odd_green_even() {
    let mut game = Game::new(Options::default(), 0);
    for turn in 1..=12u32 {
        assert_eq!(game.position().turn(), turn);
        let expected = if turn % 2 == 1 {
            Color::Red
        } else {
            Color::Green
        };
        assert_eq!(game.position().side_to_move(), expected, "turn {turn}");
        game.end_turn().expect("end");
    }
}

#[test]
fn rule_1_3_base_allowance_is_min_t_6_red_1_green_2_red_3_green_4_red_5_then_6() {
    let mut game = Game::new(Options::default(), 0);
    let mut seen = vec![];
    for _ in 0..9 {
        seen.push(game.position().moves_left());
        game.end_turn().expect("end");
    }
    assert_eq!(seen, [1, 2, 3, 4, 5, 6, 6, 6, 6]);
}

/// Red centre f6 with two green strikes beside it; Green to move at turn 8 with one move left.
fn two_strikes_next_to_red_centre() -> String {
    board(
        &format!(
            "Cf6 Se1 Se2 Se3 Se4 Sd1 Sd2 {RED_SUPPORTS_FAR} ck6 sf5 sg7 sk7 sk8 sj8 sj9 {GREEN_SUPPORTS_FAR}"
        ),
        "g 1 8",
    )
}

#[test]
fn rule_1_3_standard_allowance_is_base_minus_enemy_strikes_next_to_own_centre() {
    let mut game = standard(&two_strikes_next_to_red_centre());
    game.end_turn().expect("end");
    assert_eq!(game.position().turn(), 9);
    assert_eq!(game.position().moves_left(), 6 - 2);
    assert_eq!(game.allowance(9), 4);
}

#[test]
fn rule_1_3_the_reduction_is_counted_once_when_the_turn_starts() {
    let mut game = standard(&two_strikes_next_to_red_centre());
    game.end_turn().expect("end");
    assert_eq!(game.position().moves_left(), 4);
    // Red moves its strike group onto f5, sending Green's strike away from the centre: the
    // allowance of the running turn does not grow back.
    let p = play(&mut game, "e4-f5");
    assert_eq!(p.exchanged.map(|x| x.kind), Some(Kind::Strike));
    assert_eq!(
        game.position()
            .strikes_next_to_centre(Color::Red, Color::Green),
        1
    );
    assert_eq!(game.position().moves_left(), 3);
}

#[test]
fn rule_1_3_the_allowance_is_never_below_0_and_a_0_turn_is_skipped_and_recorded() {
    // Turn 1, Red to move; three red strikes already stand next to Green's centre, so Green's
    // turn 2 (base 2) has allowance max(0, 2 − 3) = 0 and is skipped.
    let position = board(
        &format!(
            "Ca6 Se5 Se6 Sf7 Sa1 Sa2 Sa3 {} cf6 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}",
            "Ub1 Ub2 Uc1 Uc2 Ud1 Ud2"
        ),
        "r 1 1",
    );
    let mut game = standard(&position);
    assert_eq!(game.allowance(2), 0);
    let p = play(&mut game, "a1-b3");
    assert!(p.turn_ended);
    assert_eq!(p.skipped, vec![(2, Color::Green)]);
    assert_eq!(game.position().turn(), 3);
    assert_eq!(game.position().side_to_move(), Color::Red);
    assert_eq!(game.position().moves_left(), 3);
    // The move log replays to the same position: the skip is re-derived, not stored.
    let mut again = standard(&position);
    again.play_str("a1-b3").expect("same move");
    assert_eq!(again.position(), game.position());
}

#[test]
fn rule_1_3_skips_cannot_loop_forever() {
    // Three green strikes beside Red's centre f6 and four red strikes beside Green's centre c4:
    // after Green's turn 2, Red's turn 3 (3 − 3) and Green's turn 4 (4 − 4) are both skipped,
    // and Red's turn 5 gets 5 − 3 = 2.
    let position = board(
        &format!(
            "Cf6 Sc3 Sc5 Sd4 Sd5 Sa1 Sa2 Ua3 Ua4 Ub1 Ub2 Ua5 Ua6 cc4 sf5 sf7 sg6 sk7 sk8 sk9 {GREEN_SUPPORTS_FAR}"
        ),
        "g 1 2",
    );
    let mut game = standard(&position);
    let p = game.end_turn().expect("end");
    assert_eq!(p.skipped, vec![(3, Color::Red), (4, Color::Green)]);
    assert_eq!(game.position().turn(), 5);
    assert_eq!(game.position().side_to_move(), Color::Red);
    assert_eq!(game.position().moves_left(), 2);
    // From turn 6 on an allowance of 0 needs six strikes around the centre: a finished game.
    let ended = board(
        &format!(
            "Cf6 Sa1 Sa2 Sa3 Sa4 Sa5 Sb1 {} ck6 sf5 sf7 sg6 sg7 se5 se6 {GREEN_SUPPORTS_FAR}",
            "Ub2 Uc1 Uc2 Ud1 Ud2 Ud3"
        ),
        "r 6 9",
    );
    let game = standard(&ended);
    assert_eq!(
        game.status(),
        Status::Won(Side::Second, WinReason::Surrounded)
    );
}

#[test]
fn rule_1_3_a_player_may_end_the_turn_early_after_any_number_of_moves_including_none() {
    let mut game = Game::new(Options::default(), 0);
    game.end_turn().expect("end with no move at turn 1");
    play(&mut game, "d1-c1");
    let p = game.end_turn().expect("end after one of two moves");
    assert_eq!(
        p,
        Played {
            unit: None,
            moved: None,
            exchanged: None,
            skipped: vec![],
            turn_ended: true,
            swapped: false,
        }
    );
    assert_eq!(game.position().turn(), 3);
    assert_eq!(game.position().moves_left(), 3);
}

#[test]
fn rule_1_3_the_turn_ends_by_itself_when_the_allowance_is_used_up() {
    let mut game = Game::new(Options::default(), 0);
    assert!(play(&mut game, "e8-e7").turn_ended);
    assert!(!play(&mut game, "d1-c1").turn_ended);
    assert!(play(&mut game, "c1-c2").turn_ended);
    assert_eq!(game.position().side_to_move(), Color::Red);
    assert_eq!(game.position().moves_left(), 3);
}

// ------------------------------------------------------------------------------------------
// 1.4 The unit move

#[test]
fn rule_1_4_1_from_holds_a_strike_or_support_piece_of_the_player_to_move() {
    let mut game = Game::new(Options::default(), 0);
    assert_eq!(game.play_str("f6-f7"), Err(MoveError::NoPiece(cell("f6"))));
    assert_eq!(
        game.play_str("f4-f5"),
        Err(MoveError::NotYourPiece(cell("f4")))
    );
    assert_eq!(
        game.play_str("k7-j7"),
        Err(MoveError::NotYourPiece(cell("k7")))
    );
    assert!(game.play_str("e8-e7").is_ok(), "a support may move");
}

#[test]
fn rule_1_4_1_centres_never_move_on_their_own() {
    let mut game = Game::new(Options::default(), 0);
    let e = game.play_str("a6-b7").expect_err("centre");
    assert_eq!(e, MoveError::CentreCannotMove(cell("a6")));
    assert_eq!(e.to_string(), "a6 is a centre, and centres cannot move");
    assert!(game.legal_destinations(cell("a6")).is_empty());
    assert!(game.legal_moves().iter().all(|m| m.from != cell("a6")));
}

#[test]
fn rule_1_4_2_a_group_is_same_category_pieces_connected_through_neighbours() {
    // A red strike on f6 touches only red supports: it is a group on its own and moves one
    // step to an empty point; the supports e5–e6 form a group and reach further.
    let position = board(
        &format!(
            "Ca6 Sf6 Sa1 Sa2 Sa3 Sa4 Sa5 Ue5 Ue6 Ub1 Ub2 Uc1 Uc2 ck6 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    );
    let game = standard(&position);
    assert_eq!(destinations(&game, "f6"), sorted(&["f5", "f7", "g6", "g7"]));
    // e5's group {e5, e6}: every point next to e5 or e6, other than e5 and e6; f6 holds a red
    // strike, a different category, so the exchange is allowed.
    assert_eq!(
        destinations(&game, "e5"),
        sorted(&["e4", "e7", "f5", "f6", "f7", "d4", "d5", "d6"])
    );
}

#[test]
fn rule_1_4_2_option_any_friendly_makes_every_friendly_piece_part_of_the_group() {
    let position = board(
        &format!(
            "Ca6 Sf6 Sa1 Sa2 Sa3 Sa4 Sa5 Ue5 Ue6 Ub1 Ub2 Uc1 Uc2 ck6 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    );
    let game = any_friendly(&position);
    // The strike on f6 now groups with the supports e5, e6: it reaches every point next to any
    // of them, and may exchange with them (different category), not with itself.
    assert_eq!(
        destinations(&game, "f6"),
        sorted(&[
            "e4", "e5", "e6", "e7", "f5", "f7", "g6", "g7", "d4", "d5", "d6"
        ])
    );
    // Same category stays the default.
    assert_eq!(Options::default().group, GroupRule::SameCategory);
}

#[test]
fn rule_1_4_3_a_piece_alone_moves_to_an_empty_neighbour_only() {
    let position = board(
        &format!(
            "Ca6 Sf6 Sa1 Sa2 Sa3 Sa4 Sa5 Ue5 Ue6 Ub1 Ub2 Uc1 Uc2 ck6 sf7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    );
    let mut game = standard(&position);
    assert_eq!(destinations(&game, "f6"), sorted(&["f5", "g6", "g7"]));
    assert_eq!(
        game.play_str("f6-f7"),
        Err(MoveError::Occupied {
            from: cell("f6"),
            to: cell("f7")
        })
    );
    assert_eq!(
        game.play_str("f6-e5"),
        Err(MoveError::Occupied {
            from: cell("f6"),
            to: cell("e5")
        })
    );
    assert_eq!(
        game.play_str("f6-f8"),
        Err(MoveError::NotNextToPiece {
            from: cell("f6"),
            to: cell("f8")
        })
    );
    play(&mut game, "f6-g7");
    assert_eq!(letter_at(&game, "g7"), 'S');
    assert_eq!(letter_at(&game, "f6"), '.');
}

#[test]
fn rule_1_4_4_a_group_member_may_go_to_any_point_next_to_any_member_and_exchange() {
    // Red strikes a1–a5 + b6 form one group (the start position). a1 may go next to b6.
    let mut game = Game::new(Options::default(), 0);
    assert!(game.legal_destinations(cell("a1")).contains(&cell("c7")));
    let e = game.play_str("a1-d7").expect_err("too far");
    assert_eq!(
        e,
        MoveError::NotNextToGroup {
            from: cell("a1"),
            to: cell("d7")
        }
    );
    assert_eq!(e.to_string(), "d7 is not next to the group of a1");
    let p = play(&mut game, "a1-c7");
    assert_eq!(
        p.moved,
        Some(Piece {
            color: Color::Red,
            kind: Kind::Strike
        })
    );
    assert_eq!(p.exchanged, None);
    assert_eq!(letter_at(&game, "c7"), 'S');
    assert_eq!(letter_at(&game, "a1"), '.');
}

#[test]
fn rule_1_4_4_an_occupied_destination_exchanges_with_any_other_kind_of_piece() {
    // Red supports e5–e6 (a group); around them: a red strike, a red centre, and Green's
    // centre, strike and support.
    let position = board(
        "Cd5 Sf6 Sa1 Sa2 Sa3 Sa4 Sa5 Ue5 Ue6 Ub1 Ub2 Uc1 Uc2 \
         cf5 se7 sk7 sk8 sk9 sj6 sj7 ud6 uk10 uk11 uj10 uj11 ui10",
        "r 6 9",
    );
    let cases = [
        (
            "f6",
            Piece {
                color: Color::Red,
                kind: Kind::Strike,
            },
        ),
        (
            "d5",
            Piece {
                color: Color::Red,
                kind: Kind::Centre,
            },
        ),
        (
            "f5",
            Piece {
                color: Color::Green,
                kind: Kind::Centre,
            },
        ),
        (
            "e7",
            Piece {
                color: Color::Green,
                kind: Kind::Strike,
            },
        ),
        (
            "d6",
            Piece {
                color: Color::Green,
                kind: Kind::Support,
            },
        ),
    ];
    for (to, occupant) in cases {
        let mut game = standard(&position);
        let p = play(&mut game, &format!("e5-{to}"));
        assert_eq!(p.exchanged, Some(occupant), "e5-{to}");
        assert_eq!(
            game.position().piece_at(cell("e5")),
            Some(occupant),
            "occupant went to from"
        );
        assert_eq!(letter_at(&game, to), 'U');
    }
}

#[test]
fn rule_1_4_4_exchanging_with_an_identical_piece_is_not_a_legal_move() {
    let mut game = Game::new(Options::default(), 0);
    let e = game.play_str("e8-f8").expect_err("support onto support");
    assert_eq!(
        e,
        MoveError::NoChange {
            from: cell("e8"),
            to: cell("f8")
        }
    );
    assert_eq!(e.to_string(), "e8 and f8 hold the same kind of piece");
    assert!(!game.legal_moves().contains(&UnitMove {
        from: cell("a1"),
        to: cell("a2")
    }));
    assert_eq!(
        game.play_str("e8-e8"),
        Err(MoveError::SamePoint(cell("e8")))
    );
}

#[test]
fn rule_1_4_5_pieces_are_never_removed() {
    let mut game = Game::new(Options::default(), 7);
    // Exchanges galore over a long deterministic game; the piece counts never change.
    let mut k = 0usize;
    while game.status() == Status::Ongoing && k < 400 {
        let moves = game.legal_moves();
        let m = moves[(k * 7919) % moves.len()];
        game.play(m).expect("legal");
        for color in [Color::Red, Color::Green] {
            assert_eq!(game.position().cells_of(color, Kind::Centre).count(), 1);
            assert_eq!(game.position().cells_of(color, Kind::Strike).count(), 6);
            assert_eq!(game.position().cells_of(color, Kind::Support).count(), 6);
        }
        k += 1;
    }
    assert!(k > 100);
}

// ------------------------------------------------------------------------------------------
// 1.5 End of the game

/// Green centre f6 ringed by five red strikes (g7 empty); Red's sixth strike h7 can close it.
fn one_step_from_surround() -> String {
    board(
        &format!(
            "Ca6 Sf5 Sf7 Sg6 Se5 Se6 Sh7 {RED_SUPPORTS_FAR} cf6 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    )
}

#[test]
fn rule_1_5_a_centre_with_six_neighbours_all_enemy_strikes_is_surrounded_and_its_opponent_wins_at_once()
 {
    let mut game = standard(&one_step_from_surround());
    assert_eq!(game.status(), Status::Ongoing);
    let p = play(&mut game, "h7-g7");
    assert!(p.turn_ended, "the game's end ends the turn");
    assert_eq!(
        game.status(),
        Status::Won(Side::First, WinReason::Surrounded)
    );
    // At once: after the first of six moves; nothing more can be played.
    assert_eq!(game.position().moves_left(), 5);
    assert!(game.legal_moves().is_empty());
    assert!(game.legal_destinations(cell("f5")).is_empty());
    assert_eq!(game.play_str("f5-f4"), Err(MoveError::GameOver));
    assert_eq!(game.end_turn(), Err(MoveError::GameOver));
}

#[test]
fn rule_1_5_own_and_support_pieces_do_not_surround() {
    // Six pieces around Green's centre, one of them a red support: not surrounded.
    let position = board(
        &format!(
            "Ca6 Sf5 Sf7 Sg6 Se5 Se6 Sa1 Ug7 Ua2 Ub1 Ub2 Uc1 Uc2 cf6 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    );
    assert_eq!(standard(&position).status(), Status::Ongoing);
}

#[test]
fn rule_1_5_a_centre_on_the_edge_can_never_be_surrounded() {
    // Green's centre on a3 with all four of its neighbours red strikes.
    let position = board(
        &format!(
            "Cf6 Sa2 Sa4 Sb3 Sb4 Sf1 Sf2 {RED_SUPPORTS_FAR2} ca3 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}",
            RED_SUPPORTS_FAR2 = "Ud1 Ud2 Ud3 Uc1 Uc2 Uc5"
        ),
        "r 6 9",
    );
    assert_eq!(standard(&position).status(), Status::Ongoing);
}

#[test]
fn rule_1_5_a_player_whose_own_move_surrounds_their_centre_loses() {
    // Red's support group e6–d6 exchanges with the green strike on c5, which lands on e6 and
    // completes the ring around Red's own centre f6: Green wins.
    let position = board(
        &format!(
            "Cf6 Sa3 Sa4 Sa5 Sa6 Sb3 Sb4 Ue6 Ud6 Ua1 Ua2 Ub1 Ub2 ck6 sf5 sf7 sg6 sg7 se5 sc5 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    );
    let mut game = standard(&position);
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "e6-c5");
    assert_eq!(
        game.status(),
        Status::Won(Side::Second, WinReason::Surrounded)
    );
}

#[test]
fn rule_1_5_both_centres_surrounded_by_one_exchange_is_a_draw() {
    // Red centre f5: five green strikes around it and a red strike on f6. Green centre f8:
    // five red strikes around it and a green strike on e7. f6-e7 swaps the two strikes and
    // completes both rings at once.
    let position = board(
        &format!(
            "Cf5 Sf6 Sf7 Sf9 Sg8 Sg9 Se8 {RED_SUPPORTS_FAR} cf8 sf4 sg5 sg6 se4 se5 se7 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    );
    let mut game = standard(&position);
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "f6-e7");
    assert!(game.position().is_surrounded(Color::Red));
    assert!(game.position().is_surrounded(Color::Green));
    assert_eq!(game.status(), Status::Draw);
    assert!(game.legal_moves().is_empty());
}

// ------------------------------------------------------------------------------------------
// 1.6 Cards variant

fn cards_options() -> Options {
    options(Variant::Cards, GroupRule::SameCategory)
}

#[test]
fn rule_1_6_each_player_has_an_own_deck_of_twelve_two_each_of_1_to_6_shuffled() {
    for color in [Color::Red, Color::Green] {
        let mut d = cards::deck(5, color, 0);
        assert_ne!(d, cards::DECK, "shuffled");
        d.sort();
        assert_eq!(d, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    }
    assert_ne!(
        cards::deck(5, Color::Red, 0),
        cards::deck(5, Color::Green, 0)
    );
}

#[test]
fn rule_1_6_the_top_card_is_the_allowance_and_a_used_up_deck_is_reshuffled() {
    let seed = 2024;
    let mut game = Game::new(cards_options(), seed);
    let mut red = vec![];
    let mut green = vec![];
    for turn in 1..=48u32 {
        let card = game.card().expect("a card every turn");
        assert_eq!(game.position().moves_left(), card, "turn {turn}");
        if turn % 2 == 1 {
            red.push(card)
        } else {
            green.push(card)
        }
        game.end_turn().expect("end");
    }
    assert_eq!(red[..12], cards::deck(seed, Color::Red, 0));
    assert_eq!(red[12..], cards::deck(seed, Color::Red, 1));
    assert_eq!(green[..12], cards::deck(seed, Color::Green, 0));
    assert_eq!(green[12..], cards::deck(seed, Color::Green, 1));
    assert_ne!(
        red[..12],
        red[12..],
        "reshuffled, not reused in the same order"
    );
}

#[test]
fn rule_1_6_no_opening_and_no_reduction_for_strikes_next_to_the_centre() {
    let seed = 77;
    // Two green strikes beside Red's centre at turn 9: the card alone decides.
    let mut game = Game::from_position(cards_options(), seed, &two_strikes_next_to_red_centre())
        .expect("position");
    game.end_turn().expect("end");
    assert_eq!(game.position().moves_left(), cards::card_for_turn(seed, 9));
    // And turn 1 is not limited to one move.
    let cards_from_start: Vec<u8> = (0..12)
        .map(|k| cards::card_for_turn(seed, 2 * k + 1))
        .collect();
    assert!(cards_from_start.contains(&6));
    assert_eq!(
        Game::new(cards_options(), seed).position().moves_left(),
        cards_from_start[0]
    );
}

#[test]
fn rule_1_6_the_shuffle_is_reproducible_from_the_seed_so_replay_gives_the_same_cards() {
    let mut a = Game::new(cards_options(), 99);
    let mut log = vec![];
    for k in 0..60usize {
        if a.status() != Status::Ongoing {
            break;
        }
        if k % 5 == 4 {
            a.end_turn().expect("end");
            log.push("end".to_string());
        } else {
            let moves = a.legal_moves();
            let m = moves[(k * 31) % moves.len()];
            a.play(m).expect("legal");
            log.push(m.to_string());
        }
    }
    let b = Game::replay(cards_options(), 99, &log).expect("replay");
    assert_eq!(a.position(), b.position());
    assert_eq!(a.card(), b.card());
    assert_eq!(a.status(), b.status());
}

#[test]
fn rule_1_6_win_six_connected_strikes_with_three_next_to_the_enemy_centre() {
    // Red strikes e5 e6 f5 in a row touching Green's centre f6 and the rest chained on: one
    // group, three beside the centre. h7 closes the chain.
    let pieces = format!(
        "Ca6 Se5 Se6 Sf5 Sd4 Sd3 Sh7 {RED_SUPPORTS_FAR} cf6 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}"
    );
    let game = Game::from_position(cards_options(), 1, &board(&pieces, "r 3 9")).expect("position");
    assert_eq!(game.status(), Status::Ongoing, "h7 is not connected");
    let mut game = game;
    // h7 alone steps to g7? Not connected to e5–f5 either; step it to g6 (next to f5 and f6).
    play(&mut game, "h7-g6");
    assert_eq!(
        game.status(),
        Status::Won(Side::First, WinReason::CardsFormation)
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn rule_1_6_connected_but_only_two_next_to_the_centre_is_not_a_win() {
    let pieces = format!(
        "Ca6 Se5 Se6 Sd4 Sd3 Sd2 Sd1 {RED_SUPPORTS_FAR2} cf6 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}",
        RED_SUPPORTS_FAR2 = "Ua1 Ua2 Ub1 Ub2 Uc1 Ub4"
    );
    let game = Game::from_position(cards_options(), 1, &board(&pieces, "r 3 9")).expect("position");
    assert_eq!(game.status(), Status::Ongoing);
}

#[test]
fn rule_1_6_the_cards_win_replaces_the_surround_win() {
    // The cards formation decides a cards game; the standard game ignores it.
    let pieces = format!(
        "Ca6 Se5 Se6 Sf5 Sd4 Sd3 Sg6 {RED_SUPPORTS_FAR} cf6 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}"
    );
    let position = board(&pieces, "r 3 9");
    let cards_game = Game::from_position(cards_options(), 1, &position).expect("position");
    assert_eq!(
        cards_game.status(),
        Status::Won(Side::First, WinReason::CardsFormation)
    );
    assert_eq!(standard(&position).status(), Status::Ongoing);
}

#[test]
fn rule_1_6_both_players_meeting_the_cards_win_at_once_is_a_draw() {
    // Red's strike e5 swaps with Green's strike f6: Red then has f6 f7 g8 next to Green's
    // centre g7, Green has e5 d5 e4 next to Red's centre d4, and both groups are connected.
    let position = board(
        &format!(
            "Cd4 Se5 Se6 Sf7 Sg8 Sg9 Sh9 {RED_SUPPORTS_FAR} cg7 sf6 sd5 se4 sc5 sb5 sb6 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    );
    let mut game = Game::from_position(cards_options(), 3, &position).expect("position");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "e5-f6");
    assert!(game.position().has_cards_formation(Color::Red));
    assert!(game.position().has_cards_formation(Color::Green));
    assert_eq!(game.status(), Status::Draw);
}

// ------------------------------------------------------------------------------------------
// 1.7 Position string

#[test]
fn rule_1_7_rows_a_to_k_left_to_right_then_side_moves_left_turn() {
    let s = board(
        &format!(
            "Ca6 Sa1 Sa2 Sa3 Sa4 Sa5 Sb6 {GREEN_SUPPORTS_FAR2} ck6 sk7 sk8 sk9 sk10 sk11 sj6 ud1 ue2 ue3 ue4 uf4 ug4",
            GREEN_SUPPORTS_FAR2 = "Ue8 Uf8 Ug8 Ug9 Ug10 Uh11"
        ),
        "r 1 1",
    );
    assert_eq!(s, START);
    let pos: Position = "SSSSSC/.....S./......../u......../.uuu...U../...u...U.../..u...UUU./........U/......../.s...../csssss g 4 12".parse().expect("valid");
    assert_eq!(pos.side_to_move(), Color::Green);
    assert_eq!(pos.moves_left(), 4);
    assert_eq!(pos.turn(), 12);
    assert_eq!(
        pos.piece_at(cell("e2")),
        Some(Piece {
            color: Color::Green,
            kind: Kind::Support
        })
    );
    assert_eq!(
        pos.piece_at(cell("e8")),
        Some(Piece {
            color: Color::Red,
            kind: Kind::Support
        })
    );
}

#[test]
fn rule_1_7_position_errors_say_what_is_wrong_and_where() {
    let rows = START.split(' ').next().expect("rows");
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "4 parts"),
        (format!("{rows} r 1"), "4 parts"),
        (format!("{rows} r 1 1 extra"), "found 5"),
        (format!("{rows}/. r 1 1"), "11 rows"),
        (
            START.replacen("SSSSSC", "SSSSSCS", 1),
            "row a has 6 points; found 7",
        ),
        (
            START.replacen("SSSSSC", "SSSSSX", 1),
            "a6: 'X' is not a piece",
        ),
        (START.replacen(" r ", " x ", 1), "side to move is r or g"),
        (START.replacen("r 1 1", "r 7 1", 1), "moves left"),
        (START.replacen("r 1 1", "r 1 0", 1), "turn"),
        (START.replacen("r 1 1", "r 1 2", 1), "turn 2 is green's"),
        (START.replacen("SSSSSC", "SSSSS.", 1), "red has 0 centre"),
        (START.replacen("SSSSSC", ".SSSSC", 1), "red has 5 strike"),
        (START.replacen("csssss", "cssssu", 1), "green has 5 strike"),
    ];
    for (input, reason) in cases {
        let e = input.parse::<Position>().expect_err(&input);
        assert!(e.to_string().contains(reason), "{input:?}: {e}");
    }
    assert!(matches!(
        "x".repeat(10_000).parse::<Position>(),
        Err(PositionError::Fields { found: 1 })
    ));
}

#[test]
fn rule_1_7_unit_moves_are_written_lower_case_from_to_and_read_leniently() {
    for input in ["g9-f9", "G9F9", "g9f9", "G9-F9"] {
        let m: UnitMove = input.parse().expect(input);
        assert_eq!(m.to_string(), "g9-f9");
    }
    let mut game = Game::new(Options::default(), 0);
    assert_eq!(play(&mut game, "E8E7").notation(), "e8-e7");
}

// ------------------------------------------------------------------------------------------
// Worked examples of the French rules (seeds 000 and 004), rebuilt as positions.

#[test]
fn example_simple_move_a_lone_support_goes_to_any_empty_neighbour() {
    // "Coup simple": the marked red support is alone; it may go to any of the indicated
    // (empty, neighbouring) points. Here it stands on f6 with an enemy piece on f7.
    let position = board(
        &format!(
            "Ca6 Sa1 Sa2 Sa3 Sa4 Sa5 Sb6 Uf6 Ub1 Ub2 Uc1 Uc2 Ud1 ck6 sf7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    );
    let game = standard(&position);
    assert_eq!(
        destinations(&game, "f6"),
        sorted(&["f5", "g6", "g7", "e5", "e6"])
    );
}

#[test]
fn example_group_move_any_support_of_the_group_goes_next_to_any_member() {
    // "Coup de groupe": red supports f5 and f6 side by side; either may go to any point next to
    // either of them.
    let position = board(
        &format!(
            "Ca6 Sa1 Sa2 Sa3 Sa4 Sa5 Sb6 Uf5 Uf6 Ub1 Ub2 Uc1 Uc2 ck6 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    );
    let game = standard(&position);
    let reach = sorted(&["f4", "f7", "g5", "g6", "g7", "e4", "e5", "e6"]);
    assert_eq!(destinations(&game, "f5"), reach);
    assert_eq!(destinations(&game, "f6"), reach);
}

#[test]
fn example_displacement_brings_a_strike_next_to_the_enemy_centre() {
    // "Déplacement": red support (a) on f5, next to Green's centre f6, in a group with e4; red
    // strike (b) on d4, next to e4. a→b: the support lands on d4 and the strike is sent to f5,
    // beside Green's centre, which cuts Green's next allowance by one.
    let position = board(
        &format!(
            "Ca6 Sd4 Sa1 Sa2 Sa3 Sa4 Sa5 Uf5 Ue4 Ub1 Ub2 Uc1 Uc2 cf6 sk7 sk8 sk9 sk10 sk11 sj6 {GREEN_SUPPORTS_FAR}"
        ),
        "r 6 9",
    );
    let mut game = standard(&position);
    // The strike (b) alone may only step to an adjacent empty point.
    assert_eq!(
        destinations(&game, "d4"),
        sorted(&["d3", "d5", "e5", "c3", "c4"])
    );
    let p = play(&mut game, "f5-d4");
    assert_eq!(
        p.exchanged,
        Some(Piece {
            color: Color::Red,
            kind: Kind::Strike
        })
    );
    assert_eq!(letter_at(&game, "f5"), 'S');
    assert_eq!(letter_at(&game, "d4"), 'U');
    game.end_turn().expect("end");
    assert_eq!(game.position().side_to_move(), Color::Green);
    assert_eq!(game.position().moves_left(), 5, "one fewer than 6");
}

#[test]
fn example_three_move_winning_turn() {
    // "Exemple d'un coup gagnant": Red has three moves because three green pieces stand next to
    // its centre (a3: a2, a4, b3). I: a support displaces Green's centre next to Red's strikes;
    // II: a strike exchanges with it, putting it among the strikes; III: the strike above the
    // group fills the last empty point beside it; IV: Green's centre is surrounded.
    let position = board(
        "Ca3 Sf5 Sf6 Sf7 Sg6 Se6 Sh7 Ue5 Ud4 Ui10 Ui11 Uj10 Uj11 \
         cc3 sa2 sa4 sb3 sk8 sk9 sk10 uj5 uj6 uj7 uk6 uk7 ui4",
        "g 1 10",
    );
    let mut game = standard(&position);
    game.end_turn().expect("Green ends turn 10");
    assert_eq!(game.position().turn(), 11);
    assert_eq!(
        game.position().moves_left(),
        3,
        "6 minus three green strikes"
    );

    play(&mut game, "e5-c3"); // I
    assert_eq!(letter_at(&game, "e5"), 'c');
    assert_eq!(letter_at(&game, "c3"), 'U');
    play(&mut game, "f6-e5"); // II
    assert_eq!(letter_at(&game, "f6"), 'c');
    assert_eq!(game.status(), Status::Ongoing);
    let p = play(&mut game, "h7-g7"); // III
    assert!(p.turn_ended);
    assert_eq!(
        game.status(),
        Status::Won(Side::First, WinReason::Surrounded)
    ); // IV
    assert!(game.position().is_surrounded(Color::Green));
}

// ------------------------------------------------------------------------------------------
// The swap rule (docs/fibonacci.md, The swap rule): a named option, off by default.

fn with_swap() -> Options {
    Options {
        swap: Swap::On,
        ..Options::default()
    }
}

#[test]
fn swap_rule_off_by_default_refuses_swap_and_never_lists_it() {
    assert_eq!(Options::default().swap, Swap::Off);
    let mut game = Game::new(Options::default(), 0);
    play(&mut game, "e8-e7");
    assert!(!game.can_swap());
    assert!(!game.legal_notations().contains(&SWAP.to_string()));
    let before = game.position().to_string();
    assert_eq!(
        game.play_str("swap"),
        Err(MoveError::Swap(SwapRefusal::NotInThisGame))
    );
    assert_eq!(
        game.position().to_string(),
        before,
        "a refusal changes nothing"
    );
}

#[test]
fn swap_rule_green_may_swap_instead_of_its_first_turn_and_then_plays_turn_2() {
    let mut game = Game::new(with_swap(), 0);
    // Red's first turn: no swap yet.
    assert_eq!(
        game.play_str("swap"),
        Err(MoveError::Swap(SwapRefusal::NotNow))
    );
    play(&mut game, "e8-e7");
    assert!(game.can_swap());
    let legal = game.legal_notations();
    assert_eq!(legal.last().map(String::as_str), Some(SWAP), "listed last");
    let before = game.position().to_string();
    let swapped = play(&mut game, "SWAP");
    assert_eq!(
        swapped,
        Played {
            unit: None,
            moved: None,
            exchanged: None,
            skipped: vec![],
            turn_ended: true,
            swapped: true,
        }
    );
    assert_eq!(swapped.notation(), "swap");
    assert!(game.swapped());
    // The board and the turn are the same: Green's turn 2, whole allowance of 2, now played by
    // the player who was Red.
    assert_eq!(game.position().to_string(), before);
    assert_eq!(game.position().side_to_move(), Color::Green);
    assert_eq!(
        (game.position().turn(), game.position().moves_left()),
        (2, 2)
    );
    assert_eq!(
        game.play_str("swap"),
        Err(MoveError::Swap(SwapRefusal::AlreadySwapped))
    );
    assert!(!game.legal_notations().contains(&SWAP.to_string()));
    play(&mut game, "d1-c1");
    play(&mut game, "end");
    assert_eq!(game.position().turn(), 3);
}

#[test]
fn swap_rule_no_swap_once_green_has_moved_or_ended_its_turn() {
    let mut game = Game::new(with_swap(), 0);
    play(&mut game, "e8-e7");
    play(&mut game, "d1-c1");
    assert_eq!(
        game.play_str("swap"),
        Err(MoveError::Swap(SwapRefusal::NotNow))
    );
    let mut game = Game::new(with_swap(), 0);
    play(&mut game, "e8-e7");
    play(&mut game, "end");
    for _ in 0..4 {
        assert_eq!(
            game.play_str("swap"),
            Err(MoveError::Swap(SwapRefusal::NotNow))
        );
        play(&mut game, "end");
    }
}

#[test]
fn swap_rule_a_log_with_swap_replays_and_the_option_has_its_codec_word() {
    let log = ["e8-e7", "swap", "d1-c1", "end", "a1-c6"];
    let game = Game::replay(with_swap(), 0, log).expect("the log replays");
    assert!(game.swapped());
    assert_eq!(game.position().turn(), 3);
    let refused = Game::replay(Options::default(), 0, log).expect_err("no swap rule");
    assert_eq!((refused.number, refused.notation.as_str()), (2, "swap"));

    let config: Config = "fibonacci swap=on"
        .parse()
        .expect("the codec reads swap=on");
    assert_eq!(config, Config::Fibonacci(with_swap()));
    assert_eq!(
        config.to_string(),
        "fibonacci variant=standard group=same-category swap=on"
    );
    // Off is the default and is not written, so the games stored before the option keep their
    // text.
    assert_eq!(
        Config::Fibonacci(Options::default()).to_string(),
        "fibonacci variant=standard group=same-category"
    );
    assert!("fibonacci swap=maybe".parse::<Config>().is_err());
}

#[test]
fn swap_rule_from_a_position_green_at_turn_2_with_its_whole_allowance_may_swap() {
    let mut game = Game::new(with_swap(), 0);
    play(&mut game, "e8-e7");
    let at_turn_2 = game.position().to_string();
    let loaded = Game::from_position(with_swap(), 0, &at_turn_2).expect("the position loads");
    assert!(loaded.can_swap());
    play(&mut game, "d1-c1");
    let mid_turn = game.position().to_string();
    let loaded = Game::from_position(with_swap(), 0, &mid_turn).expect("the position loads");
    assert!(!loaded.can_swap(), "one of Green's moves is played");
}
