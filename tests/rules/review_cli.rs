//! The `review` command line (a contract other checks use), run as the real binary: games with a
//! known blunder report it first, with the better turn worth more than the played one; every
//! line has the contract's form; each better turn is accepted by `rules play` after the moves
//! before it, and the played turn reaches another position; an illegal move exits 2 with one
//! line.

use fibonacci_bot::engine::{Config, Game, GameKind};

use crate::ai_cli::{board, run, stderr, stdout};

/// One line of the review: `turn N: played <turn> (A -> B); better <turn> (C)`.
#[derive(Debug, PartialEq, Eq)]
struct Line {
    turn: u32,
    played: String,
    before: i32,
    after_played: i32,
    better: String,
    after_better: i32,
}

/// Reads a line of the contract's form, or says what is wrong with it.
fn parse(line: &str) -> Result<Line, String> {
    let bad = |what: &str| format!("{what} in {line:?}");
    let rest = line
        .strip_prefix("turn ")
        .ok_or_else(|| bad("no `turn `"))?;
    let (turn, rest) = rest
        .split_once(": played ")
        .ok_or_else(|| bad("no `: played `"))?;
    let (played, better) = rest
        .split_once("; better ")
        .ok_or_else(|| bad("no `; better `"))?;
    let (played, values) = played
        .rsplit_once(" (")
        .ok_or_else(|| bad("no `(A -> B)`"))?;
    let (before, after_played) = values
        .strip_suffix(')')
        .and_then(|v| v.split_once(" -> "))
        .ok_or_else(|| bad("no `A -> B)`"))?;
    let (better, after_better) = better.rsplit_once(" (").ok_or_else(|| bad("no `(C)`"))?;
    let after_better = after_better
        .strip_suffix(')')
        .ok_or_else(|| bad("no `)` after C"))?;
    let number = |s: &str| {
        s.parse::<i32>()
            .map_err(|_| bad(&format!("{s:?} no number")))
    };
    Ok(Line {
        turn: turn.parse().map_err(|_| bad("no turn number"))?,
        played: played.to_string(),
        before: number(before)?,
        after_played: number(after_played)?,
        better: better.to_string(),
        after_better: number(after_better)?,
    })
}

/// `review` with `options` and `moves`: exit 0, every line of the contract's form.
fn review(options: &[&str], moves: &[&str]) -> Vec<Line> {
    let mut args = vec!["review"];
    args.extend_from_slice(options);
    args.extend_from_slice(moves);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<Line> = out
        .lines()
        .map(|l| parse(l).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    assert!(lines.len() <= 3, "{out}");
    lines
}

/// The game `options` start (the library's view, to find where each turn begins).
fn start(kind: GameKind, position: Option<&str>) -> Game {
    let config = Config::default_for(kind);
    match position {
        None => Game::new(config, 0),
        Some(p) => Game::from_position(config, 0, p).expect("a valid position"),
    }
}

/// The moves played before turn `turn` starts.
fn moves_before<'a>(mut game: Game, moves: &[&'a str], turn: u32) -> Vec<&'a str> {
    if game.turn_number() == turn {
        return Vec::new();
    }
    for (i, m) in moves.iter().enumerate() {
        let played = game.play(m).expect("a legal move");
        if played.turn_ended() && game.turn_number() == turn {
            return moves[..=i].to_vec();
        }
    }
    panic!("turn {turn} never starts in {moves:?}");
}

/// The position and status `rules play` prints for `options` and `moves`, which it must accept.
fn play(options: &[&str], moves: &[&str]) -> String {
    let mut args = vec!["rules", "play"];
    args.extend_from_slice(options);
    args.extend_from_slice(moves);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// Every line's better turn is accepted by `rules play` after the moves before its turn, and
/// reaches another position than the played turn, which is worth less.
fn check_lines(kind: GameKind, options: &[&str], position: Option<&str>, moves: &[&str]) {
    for line in review(options, moves) {
        assert!(line.after_better > line.after_played, "{line:?}");
        assert_ne!(line.better, line.played, "{line:?}");
        let earlier = moves_before(start(kind, position), moves, line.turn);
        let with = |turn: &str| {
            let mut all = earlier.clone();
            all.extend(turn.split(' '));
            play(options, &all)
        };
        assert_ne!(with(&line.better), with(&line.played), "{line:?}");
    }
}

/// Green's centre on f6 has five Red strikes round it (f5 f7 g6 g7 e5), and d5 in their group
/// can close the ring on e6; Red's centre on h9 has five Green strikes round it (h8 h10 i9 i10
/// g8), and g10 in their group can close the ring on g9. Each side has one unit move a turn
/// (six less five enemy strikes next to its centre), and the first to close wins.
fn race(tail: &str) -> String {
    let pieces = "Ch9 Sf5 Sf7 Sg6 Sg7 Se5 Sd5 Ub1 Ub2 Ub3 Ub4 Ub5 Ub6 \
                  cf6 sh8 sh10 si9 si10 sg8 sg10 uj5 uj6 uj7 uj8 uj9 uj10";
    board(pieces, tail)
}

#[test]
fn fibonacci_missed_wins_come_first_the_earlier_on_equal_losses() {
    // Green passes instead of closing the ring on g9, then Red plays b1-c1 instead of d5-e6,
    // and Green wins: both misses cost a won game for a lost one.
    let position = race("g 1 6");
    let options = ["--game", "fibonacci", "--position", &position];
    let moves = ["end", "b1-c1", "g10-g9"];
    let lines = review(&options, &moves);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!((lines[0].turn, lines[0].played.as_str()), (6, "end"));
    assert_eq!(lines[0].better, "g10-g9");
    assert_eq!((lines[1].turn, lines[1].played.as_str()), (7, "b1-c1"));
    assert_eq!(lines[1].better, "d5-e6");
    for line in &lines {
        assert_eq!(line.after_better, 1_000_000, "{line:?}");
        assert_eq!(line.after_played, -1_000_000, "{line:?}");
        assert_eq!(line.before, 1_000_000, "{line:?}");
    }
    check_lines(GameKind::Fibonacci, &options, Some(&position), &moves);
}

/// d1 can take d3, then f2 g2, then e4 e5, then c3: every black piece (the engine's test chain).
const CHAIN: &str = "...W...../.....BB../..BB...../....B..../....B.... w";

#[test]
fn fanorona_a_chain_stopped_short_of_taking_everything_is_the_one_mistake() {
    // White stops after d3, and Black takes White's last piece: only White's turn lost anything
    // (Black's capture wins whichever way it is played).
    let options = ["--game", "fanorona", "--position", CHAIN];
    let moves = ["d1-d2", "end", "f2-e2"];
    let lines = review(&options, &moves);
    assert_eq!(lines.len(), 1, "{lines:?}");
    let first = &lines[0];
    assert_eq!((first.turn, first.played.as_str()), (1, "d1-d2+ end"));
    assert!(first.better.starts_with("d1-d2+,"), "{first:?}");
    assert_eq!(first.after_better, 1_000_000, "{first:?}");
    assert!(first.after_played < 0, "{first:?}");
    check_lines(GameKind::Fanorona, &options, Some(CHAIN), &moves);
}

#[test]
fn played_turns_are_written_as_the_ai_writes_them() {
    // Typed in upper case without dashes, the missed win is still printed in canonical form.
    let position = race("r 1 7");
    let lines = review(
        &["--game", "fibonacci", "--position", &position],
        &["B1C1", "G10G9"],
    );
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0].played, "b1-c1");
    // Options may follow the moves, as in `rules play`.
    let after = review(
        &[
            "B1C1",
            "G10G9",
            "--game",
            "fibonacci",
            "--position",
            &position,
        ],
        &[],
    );
    assert_eq!(after, lines);
}

#[test]
fn an_illegal_move_exits_2_with_one_line_naming_it() {
    let o = run(&["review", "--game", "fibonacci", "b6-c6", "a1-a2"]);
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.starts_with("move 2 (a1-a2): "), "{err:?}");
    let o = run(&["review", "--game", "fanorona", "--position", "WWWW w"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad position"), "{}", stderr(&o));
}

#[test]
fn a_game_without_moves_is_refused() {
    for game in ["fibonacci", "fanorona"] {
        let o = run(&["review", "--game", game]);
        assert_eq!(o.status.code(), Some(2), "{game}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
        assert!(
            stderr(&o).contains("give the game's moves"),
            "{}",
            stderr(&o)
        );
    }
}
