//! Fanorona rules, one test per sentence of docs/fanorona.md, and the worked examples of the
//! published French rules (with their vela variant) rebuilt as positions.
//!
//! Positions are written rows 1 to 5 (bottom to top), as in the position string.

use fibonacci_bot::engine::fanorona::{
    CaptureKind, Color, Game, MoveError, Options, Point, Position, RuleSet, Step,
};
use fibonacci_bot::engine::{Side, Status, WinReason};

fn p(s: &str) -> Point {
    s.parse().expect("test point")
}

fn pts(list: &str) -> Vec<Point> {
    let mut v: Vec<Point> = list.split_whitespace().map(p).collect();
    v.sort();
    v
}

fn game(position: &str) -> Game {
    Game::from_position(Options::default(), position).expect("test position")
}

fn game_with(options: Options, position: &str) -> Game {
    Game::from_position(options, position).expect("test position")
}

fn sorted_turns(g: &Game) -> Vec<String> {
    let mut v = g.legal_turns();
    v.sort();
    v
}

/// Plays `notation` and returns the points captured, sorted.
fn captured(g: &mut Game, notation: &str) -> Vec<Point> {
    let played = g.play_str(notation).expect(notation);
    let mut v: Vec<Point> = played.steps.iter().flat_map(|(_, c)| c.clone()).collect();
    v.sort();
    v
}

const STANDARD: Options = Options {
    rules: RuleSet::Standard,
    vela: None,
};

// ---------------------------------------------------------------------------------------------
// 2.1 Board, coordinates, start

#[test]
fn rule_2_1_board_is_9_columns_by_5_rows_a1_to_i5() {
    assert_eq!(Point::all().count(), 45);
    assert_eq!(
        Point::all().next().map(|q| q.to_string()),
        Some("a1".into())
    );
    assert_eq!(
        Point::all().last().map(|q| q.to_string()),
        Some("i5".into())
    );
    assert!("j1".parse::<Point>().is_err());
    assert!("a6".parse::<Point>().is_err());
}

#[test]
fn rule_2_1_orthogonal_lines_everywhere_diagonals_only_through_strong_points() {
    for q in Point::all() {
        let strong = (q.col() + q.row()) % 2 == 0;
        assert_eq!(q.is_strong(), strong);
        for n in q.neighbors() {
            let diagonal = n.col() != q.col() && n.row() != q.row();
            assert!(
                !diagonal || strong,
                "{q}-{n} is a diagonal from a weak point"
            );
            assert!(n.col().abs_diff(q.col()) <= 1 && n.row().abs_diff(q.row()) <= 1);
        }
        let orthogonal = q
            .neighbors()
            .filter(|n| n.col() == q.col() || n.row() == q.row());
        let expected = [(0, 1), (0, -1), (1, 0), (-1, 0)]
            .iter()
            .filter(|(dc, dr)| {
                let (c, r) = (q.col() as i32 + dc, q.row() as i32 + dr);
                (0..9).contains(&c) && (0..5).contains(&r)
            })
            .count();
        assert_eq!(orthogonal.count(), expected, "orthogonal neighbours of {q}");
    }
    // A weak point: b1 has no diagonal; a strong one: c3 has all eight lines.
    assert_eq!(p("b1").neighbors().count(), 3);
    assert_eq!(p("c3").neighbors().count(), 8);
}

#[test]
fn rule_2_1_start_white_rows_1_2_and_b3_d3_g3_i3_black_rows_4_5_and_a3_c3_f3_h3() {
    let g = Game::new(Options::default());
    let pos = g.position();
    for q in Point::all() {
        let name = q.to_string();
        let expected = match q.row() {
            0 | 1 => Some(Color::White),
            3 | 4 => Some(Color::Black),
            _ if ["b3", "d3", "g3", "i3"].contains(&name.as_str()) => Some(Color::White),
            _ if ["a3", "c3", "f3", "h3"].contains(&name.as_str()) => Some(Color::Black),
            _ => None,
        };
        assert_eq!(pos.piece_at(q), expected, "{name}");
    }
    assert_eq!(pos.piece_at(p("e3")), None);
}

#[test]
fn rule_2_1_white_moves_first() {
    let g = Game::new(Options::default());
    assert_eq!(g.position().side_to_move(), Color::White);
    assert_eq!(g.turn(), 1);
    assert!(g.legal_turns().iter().all(|t| {
        let from = p(&t[..2]);
        g.position().piece_at(from) == Some(Color::White)
    }));
}

// ---------------------------------------------------------------------------------------------
// 2.2 Moves and captures

#[test]
fn rule_2_2_a_step_moves_one_piece_along_a_line_to_a_neighbouring_empty_point() {
    // White a1 and c1, black e5 far away.
    let pos = "W.W....../........./........./........./....B.... w";
    let mut g = game(pos);
    assert_eq!(
        sorted_turns(&g),
        [
            "a1-a2", "a1-b1", "a1-b2", "c1-b1", "c1-b2", "c1-c2", "c1-d1", "c1-d2"
        ]
    );
    assert_eq!(
        g.play_str("a1-a3"),
        Err(MoveError::NotALine {
            from: p("a1"),
            to: p("a3")
        })
    );
    assert_eq!(g.play_str("b1-b2"), Err(MoveError::NoPiece(p("b1"))));
    assert_eq!(
        g.play_str("e5-e4"),
        Err(MoveError::NotYourPiece {
            point: p("e5"),
            owner: Color::Black,
            mover: Color::White
        })
    );
    let mut h = game("W.W....../.W......./........./........./....B.... w");
    assert_eq!(h.play_str("b2-a1"), Err(MoveError::Occupied(p("a1"))));
    // b1 is a weak point: no diagonal line leaves it.
    let mut weak_diag = game(".W......./........./........./........./....B.... w");
    assert_eq!(
        weak_diag.play_str("b1-c2"),
        Err(MoveError::NotALine {
            from: p("b1"),
            to: p("c2")
        })
    );
    assert_eq!(g.play_str("a1-b1").map(|x| x.turn_ended), Ok(true));
}

#[test]
fn rule_2_2_approach_captures_the_enemy_line_beyond_the_destination() {
    // White a3 steps to b3; c3 d3 e3 are black, f3 empty, g3 black again.
    let mut g = game("........./........./W.BBB.B../........./........B w");
    assert_eq!(captured(&mut g, "a3-b3+"), pts("c3 d3 e3"));
    assert_eq!(g.position().piece_at(p("g3")), Some(Color::Black));
    assert_eq!(g.position().piece_at(p("b3")), Some(Color::White));
    assert_eq!(g.position().piece_at(p("a3")), None);
}

#[test]
fn rule_2_2_a_captured_line_stops_at_an_empty_point_an_own_piece_or_the_edge() {
    // Empty point: c3 d3 taken, f3 kept.
    let mut g = game("........./........./W.BB.B.../........./........B w");
    assert_eq!(captured(&mut g, "a3-b3"), pts("c3 d3"));
    // Own piece: c3 taken, e3 (black, behind white d3) kept.
    let mut g = game("........./........./W.BWB..../........./........B w");
    assert_eq!(captured(&mut g, "a3-b3"), pts("c3"));
    // Edge: the whole row to i3 is taken.
    let mut g = game("........./........./W.BBBBBBB/........./......... w");
    assert_eq!(captured(&mut g, "a3-b3"), pts("c3 d3 e3 f3 g3 h3 i3"));
    // Diagonal line: a1-b2 approach takes c3 d4 e5 along the diagonal.
    let mut g = game("W......../........./..B....../...B...../....B...B w");
    assert_eq!(captured(&mut g, "a1-b2"), pts("c3 d4 e5"));
}

#[test]
fn rule_2_2_withdrawal_captures_the_enemy_line_behind_the_origin() {
    // White d3 steps west to c3, away from e3 f3 g3.
    let mut g = game("........./........./...WBBB../........./B........ w");
    assert_eq!(captured(&mut g, "d3-c3-"), pts("e3 f3 g3"));
    assert_eq!(g.position().count(Color::Black), 1);
}

#[test]
fn rule_2_2_if_one_step_allows_both_the_player_chooses_one_never_both() {
    // d3-c3: approach takes b3, withdrawal takes e3 f3.
    let pos = "........./........./.B.WBB.../........./........B w";
    let mut g = game(pos);
    let turns = sorted_turns(&g);
    assert!(turns.contains(&"d3-c3+".to_string()));
    assert!(turns.contains(&"d3-c3-".to_string()));
    assert!(!turns.contains(&"d3-c3".to_string()));
    assert_eq!(
        g.play_str("d3-c3").map_err(|e| e.to_string()),
        Err("d3-c3 captures both ways: approach takes b3, withdrawal takes e3 f3".to_string())
    );
    let mut a = game(pos);
    assert_eq!(captured(&mut a, "d3-c3+"), pts("b3"));
    let mut w = game(pos);
    assert_eq!(captured(&mut w, "d3-c3-"), pts("e3 f3"));
}

#[test]
fn rule_2_2_a_step_that_reaches_a_capturing_position_must_capture() {
    // a3-b3 reaches a capturing position: there is no quiet version of it.
    let mut g = game("........./........./W.B....../........./........B w");
    let turns = sorted_turns(&g);
    assert!(turns.contains(&"a3-b3+".to_string()));
    assert!(!turns.contains(&"a3-b3".to_string()));
    // Written without a suffix it still captures.
    let played = g.play_str("a3-b3").expect("capture");
    assert_eq!(played.notation(), "a3-b3+");
    assert_eq!(played.steps[0].1, pts("c3"));
    // A suffix naming a capture that does not exist is refused.
    let mut h = game("........./........./W.B....../........./........B w");
    assert_eq!(
        h.play_str("a3-b3-"),
        Err(MoveError::NoSuchCapture {
            step: Step {
                from: p("a3"),
                to: p("b3"),
                capture: Some(CaptureKind::Withdrawal)
            }
        })
    );
    assert!(matches!(
        h.play_str("a3-a2+"),
        Err(MoveError::NoSuchCapture { .. })
    ));
}

#[test]
fn rule_2_2_chain_the_same_piece_goes_on_capturing_and_the_player_may_stop_any_time() {
    let pos = "....W..../.BB....../...BB..../...BB..../....B...B w";
    let g = game(pos);
    let turns = sorted_turns(&g);
    // Each prefix of a chain is its own turn (the player may stop at any time).
    for t in ["e1-e2+", "e1-e2+,e2-d2+", "e1-e2+,e2-d2+,d2-d1-"] {
        assert!(turns.contains(&t.to_string()), "{t} missing from {turns:?}");
    }
    // Stopping after the first capture.
    let mut g = game(pos);
    g.play_str("e1-e2+").expect("capture");
    assert!(g.chain_in_progress());
    g.end_turn().expect("stop");
    assert_eq!(g.position().side_to_move(), Color::Black);
    assert_eq!(g.position().count(Color::Black), 8 - 3);
}

#[test]
fn rule_2_2_chain_each_step_must_capture() {
    let mut g = game("....W..../.BB....../...BB..../....B..../....B...B w");
    g.play_str("e1-e2+").expect("capture");
    assert_eq!(
        g.play_str("e2-f2"),
        Err(MoveError::ChainNeedsCapture {
            step: Step {
                from: p("e2"),
                to: p("f2"),
                capture: None
            }
        })
    );
    // Another piece may not move during the chain.
    assert_eq!(
        g.play_str("i5-i4"),
        Err(MoveError::ChainInProgress { at: p("e2") })
    );
    assert!(g.chain_in_progress());
}

#[test]
fn rule_2_2_chain_never_goes_in_the_same_direction_twice_in_a_row() {
    // White a2-a3 takes a1 by withdrawal; a3-a4 would then take a5 by approach, but goes north
    // again.
    let pos = "B......../W......../........./........./B.......B w";
    let mut g = game(pos);
    g.play_str("a2-a3-").expect("capture a1");
    // Only the same direction could capture again, so the turn ended by itself.
    assert!(!g.chain_in_progress());
    assert_eq!(g.position().side_to_move(), Color::Black);
    let mut g = game(pos);
    assert_eq!(
        g.play_str("a2-a3-,a3-a4+"),
        Err(MoveError::SameDirection {
            step: Step {
                from: p("a3"),
                to: p("a4"),
                capture: None
            }
        })
    );
    assert!(sorted_turns(&game(pos)).iter().all(|t| !t.contains(',')));
}

#[test]
fn rule_2_2_chain_never_lands_on_a_point_already_occupied_this_turn_start_included() {
    // Seed example: the fourth step would return to the start e1 (and take f1) — refused.
    let pos = "....WB.../.BB....../...BB..../...BB..../....B.... w";
    let mut g = game(pos);
    assert_eq!(
        g.play_str("e1-e2+,e2-d2+,d2-d1-,d1-e1+"),
        Err(MoveError::Revisit(p("e1")))
    );
    // Step by step, the chain ends by itself after the third step: nothing legal follows.
    let mut g = game(pos);
    g.play_str("e1-e2+").expect("1");
    g.play_str("e2-d2+").expect("2");
    let played = g.play_str("d2-d1-").expect("3");
    assert!(played.turn_ended);
    assert_eq!(g.position().count(Color::Black), 1);
}

#[test]
fn rule_2_2_escale_a_quiet_step_may_be_played_when_a_capture_is_available() {
    let pos = "W......../........./..B....../........./........B w";
    let g = game(pos);
    let turns = sorted_turns(&g);
    assert_eq!(turns, ["a1-a2", "a1-b1", "a1-b2+"]);
    let mut g = game(pos);
    assert!(g.play_str("a1-b1").is_ok());
    assert_eq!(Options::default().rules, RuleSet::Escale);
}

#[test]
fn rule_2_2_standard_if_any_capture_is_available_the_player_must_capture() {
    let pos = "W......../........./..B....../........./........B w";
    let mut g = game_with(STANDARD, pos);
    assert_eq!(sorted_turns(&g), ["a1-b2+"]);
    let err = g.play_str("a1-b1").expect_err("compulsory");
    assert!(matches!(err, MoveError::MustCapture { .. }));
    assert!(err.to_string().contains("a1-b2+"), "{err}");
    // With no capture anywhere, quiet steps are fine under the standard rules too.
    let quiet = game_with(
        STANDARD,
        "W......../........./......B../........./........B w",
    );
    assert_eq!(sorted_turns(&quiet), ["a1-a2", "a1-b1", "a1-b2"]);
}

#[test]
fn rule_2_2_win_by_capturing_every_enemy_piece() {
    let mut g = game("W......../........./..B....../........./......... w");
    g.play_str("a1-b2").expect("capture");
    assert_eq!(g.status(), Status::Won(Side::First, WinReason::AllCaptured));
    assert!(g.legal_turns().is_empty());
    assert_eq!(g.play_str("c3-c4"), Err(MoveError::GameOver));
    assert_eq!(g.end_turn(), Err(MoveError::GameOver));
}

#[test]
fn rule_2_2_a_player_with_no_legal_move_on_their_turn_loses() {
    // Black c2-b2 captures nothing and leaves white a1 with no empty neighbour.
    let mut g = game("WB......./B.B....../........./........./......... b");
    g.play_str("c2-b2").expect("quiet step");
    assert_eq!(
        g.status(),
        Status::Won(Side::Second, WinReason::NoLegalMove)
    );
    assert!(g.legal_turns().is_empty());
    // Also when the position is given that way.
    let blocked = game("WB......./BB......./........./........./......... w");
    assert_eq!(
        blocked.status(),
        Status::Won(Side::Second, WinReason::NoLegalMove)
    );
}

// ---------------------------------------------------------------------------------------------
// 2.3 Vela

fn vela(winner: Color) -> Options {
    Options {
        rules: RuleSet::Escale,
        vela: Some(winner),
    }
}

#[test]
fn rule_2_3_the_loser_of_the_first_round_moves_first() {
    assert_eq!(
        Game::new(vela(Color::Black)).position().side_to_move(),
        Color::White
    );
    assert_eq!(
        Game::new(vela(Color::White)).position().side_to_move(),
        Color::Black
    );
    assert_eq!(
        Game::new(vela(Color::White)).position().count(Color::White),
        22
    );
}

#[test]
fn rule_2_3_while_the_winner_has_more_than_5_pieces_the_winner_never_captures() {
    // Black won round 1; black has 6 pieces, e4-e3 would normally take e2 e1 by approach.
    let pos = "....W..../....W..../........./....B..../BBBBB.... b";
    let mut g = game_with(vela(Color::Black), pos);
    let turns = sorted_turns(&g);
    assert!(turns.contains(&"e4-e3".to_string()));
    assert!(turns.iter().all(|t| !t.ends_with(['+', '-'])), "{turns:?}");
    assert_eq!(
        g.clone().play_str("e4-e3+"),
        Err(MoveError::VelaNoCapture {
            winner: Color::Black,
            step: Step {
                from: p("e4"),
                to: p("e3"),
                capture: None
            }
        })
    );
    let played = g.play_str("e4-e3").expect("quiet");
    assert!(played.steps[0].1.is_empty());
    assert_eq!(g.position().count(Color::White), 2);
}

#[test]
fn rule_2_3_the_loser_takes_only_the_piece_next_to_the_mover_and_cannot_chain() {
    // White lost round 1. a3-b3 would take c3 d3 e3; in vela only c3.
    let pos = "........./........./W.BBB..../.B......./BBBBB.... w";
    let mut g = game_with(vela(Color::Black), pos);
    assert_eq!(g.position().count(Color::Black), 9);
    assert_eq!(captured(&mut g, "a3-b3"), pts("c3"));
    assert!(!g.chain_in_progress());
    assert_eq!(g.position().side_to_move(), Color::Black);
    // b3-c3... would chain normally (b3 then approach) — refused in one comma chain.
    let mut g = game_with(vela(Color::Black), pos);
    assert!(matches!(
        g.play_str("a3-b3+,b3-b2-"),
        Err(MoveError::TurnOver { .. })
    ));
    // The generator lists single-step captures only.
    let g = game_with(vela(Color::Black), pos);
    assert!(g.legal_turns().iter().all(|t| !t.contains(',')));
}

#[test]
fn rule_2_3_once_the_winner_is_down_to_5_pieces_normal_rules_apply_to_both() {
    // Black (winner) has 5: white takes the whole line and black captures too.
    let pos = "........./........./W.BBB..../........./BB....... w";
    let mut g = game_with(vela(Color::Black), pos);
    assert_eq!(captured(&mut g, "a3-b3"), pts("c3 d3 e3"));
    // Black, down to 5, captures a whole line again.
    let black_to_move = "WWW....../.W......./........./.B......./BBBB..... b";
    let mut g = game_with(vela(Color::Black), black_to_move);
    assert_eq!(captured(&mut g, "b4-b3"), pts("b2 b1"));
}

#[test]
fn rule_2_3_restrictions_are_judged_at_the_start_of_the_turn() {
    // Black (winner) has 6; white's single capture brings it to 5, but white still may not chain.
    // Normally a3-b3 would take c3 d3 and could go on with b3-b2- (taking b4).
    let pos = "........./........./W.BB...../.B......./BBB...... w";
    let mut g = game_with(vela(Color::Black), pos);
    let played = g.play_str("a3-b3").expect("single capture");
    assert!(played.turn_ended);
    assert_eq!(g.position().count(Color::Black), 5);
    // Now black has 5: normal rules from this turn on.
    assert!(g.legal_turns().contains(&"d3-c3+".to_string()));
}

// ---------------------------------------------------------------------------------------------
// 2.4 Notation and position string

#[test]
fn rule_2_4_notation_dash_optional_suffix_for_the_choice_chain_with_commas() {
    let pos = "........./........./.B.WBB.../........./........B w";
    for (input, canonical) in [
        ("d3-c3+", "d3-c3+"),
        ("d3c3-", "d3-c3-"),
        ("D3C3+", "d3-c3+"),
    ] {
        let mut g = game(pos);
        assert_eq!(
            g.play_str(input).map(|x| x.notation()),
            Ok(canonical.to_string())
        );
    }
    for bad in ["d3", "d3-c3*", "d3-c3+,", "d3 c3", "x"] {
        assert!(
            matches!(game(pos).play_str(bad), Err(MoveError::Syntax(_))),
            "{bad}"
        );
    }
}

#[test]
fn rule_2_4_position_string_round_trips_and_rejects_nonsense() {
    let start = "WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB w";
    let g = Game::new(Options::default());
    assert_eq!(g.position().to_string(), start);
    assert_eq!(
        start.parse::<Position>().map(|x| x.to_string()),
        Ok(start.to_string())
    );
    for bad in [
        "",
        "WWWWWWWWW w",
        "WWWWWWWWW/WWWWWWWWW/BWBW.BWBW/BBBBBBBBB/BBBBBBBBB",
        "W......../........./........./........./......... z",
    ] {
        let err = bad.parse::<Position>().expect_err(bad);
        assert!(!err.to_string().is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// The worked examples of the French rules (seed 002), rebuilt as positions. Black moves in them.

#[test]
fn seed_example_approach_takes_the_three_white_pieces() {
    let mut g = game("....W..../........./B.WWW..../........./......... b");
    assert_eq!(captured(&mut g, "a3-b3"), pts("c3 d3 e3"));
}

#[test]
fn seed_example_withdrawal_takes_the_three_white_pieces() {
    let mut g = game("....W..../........./...BWWW../........./......... b");
    assert_eq!(captured(&mut g, "d3-c3"), pts("e3 f3 g3"));
}

#[test]
fn seed_example_an_interrupted_line_is_captured_only_up_to_the_gap() {
    // "on ne capture que les pions d'un alignement ininterrompu": 2 of the 3 white pieces.
    let mut g = game("........./........./B.WW.W.../........./......... b");
    assert_eq!(captured(&mut g, "a3-b3"), pts("c3 d3"));
    assert_eq!(g.position().count(Color::White), 1);
}

#[test]
fn seed_example_three_steps_take_all_seven_white_pieces() {
    let mut g = game("....B..../.WW....../...WW..../...WW..../....W.... b");
    assert_eq!(g.position().count(Color::White), 7);
    let played = g.play_str("e1-e2+,e2-d2+,d2-d1-").expect("chain of three");
    let all: Vec<Point> = played.steps.iter().flat_map(|(_, c)| c.clone()).collect();
    assert_eq!(all.len(), 7);
    assert_eq!(
        g.status(),
        Status::Won(Side::Second, WinReason::AllCaptured)
    );
}

#[test]
fn seed_example_the_fourth_step_back_onto_an_occupied_point_is_refused() {
    let pos = "....BW.../.WW....../...WW..../...WW..../....W.... b";
    let mut g = game(pos);
    assert_eq!(
        g.clone().play_str("e1-e2+,e2-d2+,d2-d1-,d1-e1+"),
        Err(MoveError::Revisit(p("e1")))
    );
    let played = g.play_str("e1-e2+,e2-d2+,d2-d1-").expect("chain of three");
    assert_eq!(played.steps.iter().map(|(_, c)| c.len()).sum::<usize>(), 7);
    assert_eq!(g.position().count(Color::White), 1);
}

#[test]
fn seed_example_schema_a_choose_approach_or_withdrawal_then_no_return() {
    // Black d3 steps west: withdrawal takes e3 f3 g3, approach takes b3 — one or the other.
    let pos = "........./........./.W.BWWW../........./......... b";
    let err = game(pos).play_str("d3-c3").expect_err("must choose");
    assert!(matches!(err, MoveError::Ambiguous { .. }));
    assert!(err.to_string().contains("approach takes b3"), "{err}");
    assert!(
        err.to_string().contains("withdrawal takes e3 f3 g3"),
        "{err}"
    );
    // After the withdrawal, going back to d3 (which would take b3) is refused.
    assert_eq!(
        game(pos).play_str("d3-c3-,c3-d3-"),
        Err(MoveError::Revisit(p("d3")))
    );
    let mut g = game(pos);
    let played = g.play_str("d3-c3-").expect("withdrawal");
    assert!(
        played.turn_ended,
        "nothing legal follows, so the turn ends by itself"
    );
    assert_eq!(g.position().count(Color::White), 1);
}

#[test]
fn seed_example_vela_the_loser_white_opens_and_takes_only_one_piece() {
    // Black won round 1; white starts from the start position.
    let mut g = Game::new(vela(Color::Black));
    assert_eq!(captured(&mut g, "e2-e3"), pts("e4"));
    assert_eq!(g.position().count(Color::Black), 21);
    // Black answers without taking anything, even with a step that would normally capture.
    let played = g.play_str("e5-e4").expect("quiet");
    assert!(played.steps[0].1.is_empty());
    assert_eq!(g.position().count(Color::White), 22);
    // White again takes a single piece.
    let turns = g.legal_turns();
    assert!(turns.iter().all(|t| !t.contains(',')));
    let capture = turns
        .iter()
        .find(|t| t.ends_with(['+', '-']))
        .expect("a capture");
    assert_eq!(captured(&mut g, capture).len(), 1);
}

#[test]
fn seed_example_vela_black_down_to_five_chains_again() {
    // Black (winner) has 5 pieces: normal rules, black chains through white's pieces.
    let pos = "....B..../.WW....../...WW..../...WW..../BBBB..... b";
    let mut g = game_with(vela(Color::Black), pos);
    assert_eq!(g.position().count(Color::Black), 5);
    let played = g.play_str("e1-e2+,e2-d2+,d2-d1-").expect("a chain again");
    assert_eq!(played.steps.iter().map(|(_, c)| c.len()).sum::<usize>(), 6);
}

#[test]
fn seed_example_vela_black_with_five_takes_eleven_landing_on_a_point_freed_earlier() {
    // Black, winner of round 1, is down to 5 pieces: the base rules apply again. Its a1 piece
    // takes c1 d1 e1 f1, then b3 b4 b5, then d2 e2, and its last step lands on c1, emptied by
    // the first capture of the same turn, taking c3 c4 by withdrawal: 11 pieces.
    let pos = "B.WWWW..W/...WW..../.WW...W../.WW.....B/.W....BBB b";
    let chain = "a1-b1+,b1-b2+,b2-c2+,c2-c1-";
    let g = game_with(vela(Color::Black), pos);
    assert!(g.legal_turns().contains(&chain.to_string()));
    let mut g = game_with(vela(Color::Black), pos);
    assert_eq!(
        captured(&mut g, chain),
        pts("c1 d1 e1 f1 b3 b4 b5 d2 e2 c3 c4")
    );
    assert_eq!(g.position().count(Color::White), 2);
    assert_eq!(g.position().piece_at(p("c1")), Some(Color::Black));
}
