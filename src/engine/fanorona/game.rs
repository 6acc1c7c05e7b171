//! A game in progress: turns, the chain in progress, and checking what the player typed.

use super::board::{Dir, Point, points};
use super::error::{MoveError, TurnOverReason};
use super::movegen::{
    CaptureMode, TurnRules, any_capture, can_continue, captures, for_each_continuation,
    for_each_turn, has_step,
};
use super::notation::{StepInput, parse_turn};
use super::position::{Position, PositionError};
use super::{CaptureKind, Color, Options, Step};
use crate::engine::{Status, WinReason};

/// What an accepted step, chain or stop did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The steps played (empty for a stop), each with the points it captured.
    pub steps: Vec<(Step, Vec<Point>)>,
    /// True when the turn passed to the opponent (or the game ended).
    pub turn_ended: bool,
}

impl Played {
    /// Canonical notation: steps joined by commas (`d2-d3+,d3-c4-`), or `end` for a stop.
    pub fn notation(&self) -> String {
        if self.steps.is_empty() {
            return "end".to_string();
        }
        self.steps
            .iter()
            .map(|(s, _)| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The piece that is capturing its way through a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Chain {
    at: Point,
    last: Dir,
    /// Every point the piece has stood on this turn, its start included.
    visited: u64,
}

/// A game: options, position, turn number and the chain in progress if any.
///
/// A turn is entered whole or step by step:
/// - a single step that captures and can be continued leaves the game in a *chain in progress*:
///   the same player plays the next step with the same piece, or calls [`Game::end_turn`];
/// - a chain written with commas (two steps or more) is the whole rest of the turn: the turn
///   ends after its last step even if another capture were possible;
/// - a step that captures nothing, or after which no capture is possible, ends the turn itself.
#[derive(Clone, Debug)]
pub struct Game {
    options: Options,
    position: Position,
    turn: u32,
    chain: Option<Chain>,
    status: Status,
}

impl Game {
    /// A game from the start position. In a vela round the first round's loser moves first.
    pub fn new(options: Options) -> Game {
        let first = options.vela.map_or(Color::White, Color::opponent);
        Game::at(options, Position::start(first))
    }

    /// A game from a position string (docs/fanorona.md, Position strings), at turn 1 with no chain
    /// in progress.
    pub fn from_position(options: Options, position: &str) -> Result<Game, PositionError> {
        Ok(Game::at(options, position.parse()?))
    }

    /// A game from a position, at turn 1 with no chain in progress.
    pub fn at(options: Options, position: Position) -> Game {
        Game {
            options,
            position,
            turn: 1,
            chain: None,
            status: status_of(&position),
        }
    }

    /// The rules chosen when the game was created.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The board and the side to move (during a chain, still the chain's player).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Turn number from 1 (each player's turn counts one).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Ongoing, or who won and why.
    pub fn status(&self) -> Status {
        self.status
    }

    /// True while a capture chain waits to be continued or stopped.
    pub fn chain_in_progress(&self) -> bool {
        self.chain.is_some()
    }

    /// The point of the piece whose capture chain is in progress, if any.
    pub fn chain_piece(&self) -> Option<Point> {
        self.chain.map(|c| c.at)
    }

    /// Every legal whole turn as `rules legal` prints them (docs/command-line.md; each chain prefix
    /// its own turn, capture suffix always present), unsorted. While a chain is in progress, the
    /// possible continuations.
    pub fn legal_turns(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.status != Status::Ongoing {
            return out;
        }
        let mut visit = |steps: &[Step], _: &Position| out.push(write_steps(steps));
        match self.chain {
            Some(c) => for_each_continuation(&self.position, c.at, c.last, c.visited, &mut visit),
            None => for_each_turn(&self.position, self.options, &mut visit),
        }
        out
    }

    /// Parses and plays a step or a whole chain (`d2-d3+,d3-c4-`); on error the game is unchanged.
    ///
    /// A capturing step may omit its suffix when only one kind of capture applies.
    pub fn play_str(&mut self, notation: &str) -> Result<Played, MoveError> {
        let inputs = parse_turn(notation)?;
        let mut next = self.clone();
        let mut steps: Vec<(Step, Vec<Point>)> = Vec::with_capacity(inputs.len());
        let mut ended_by: Option<TurnOverReason> = None;
        for (i, input) in inputs.iter().enumerate() {
            if let (Some(reason), Some((after, _))) = (ended_by, steps.last()) {
                return Err(MoveError::TurnOver {
                    after: *after,
                    reason,
                });
            }
            let more_follow = i + 1 < inputs.len();
            let (step, taken, reason) = next.play_step(*input, more_follow)?;
            steps.push((step, points(taken).collect()));
            ended_by = reason;
        }
        if inputs.len() > 1 && next.chain.is_some() {
            next.pass_turn();
        }
        let turn_ended = next.chain.is_none();
        *self = next;
        Ok(Played { steps, turn_ended })
    }

    /// Stops the chain in progress.
    pub fn end_turn(&mut self) -> Result<Played, MoveError> {
        if self.status != Status::Ongoing {
            return Err(MoveError::GameOver);
        }
        if self.chain.is_none() {
            return Err(MoveError::NothingToEnd);
        }
        self.pass_turn();
        Ok(Played {
            steps: Vec::new(),
            turn_ended: true,
        })
    }

    /// Plays one step; returns it with its capture, the captured points, and why the turn ended
    /// if it did.
    ///
    /// When `more_follow`, a capture that has no legal continuation still keeps the chain open,
    /// so that the next written step is refused for its own reason (a revisited point, the same
    /// direction, no capture) rather than a vague "nothing can follow".
    fn play_step(
        &mut self,
        input: StepInput,
        more_follow: bool,
    ) -> Result<(Step, u64, Option<TurnOverReason>), MoveError> {
        if self.status != Status::Ongoing {
            return Err(MoveError::GameOver);
        }
        let StepInput { from, to, kind } = input;
        let mover = self.position.side_to_move();
        let plain = Step {
            from,
            to,
            capture: None,
        };
        let rules = TurnRules::new(self.options, &self.position);
        let (own, enemy) = self.position.own_enemy();
        if let Some(chain) = self.chain
            && from != chain.at
        {
            return Err(MoveError::ChainInProgress { at: chain.at });
        }
        match self.position.piece_at(from) {
            None => return Err(MoveError::NoPiece(from)),
            Some(owner) if owner != mover => {
                return Err(MoveError::NotYourPiece {
                    point: from,
                    owner,
                    mover,
                });
            }
            Some(_) => {}
        }
        let dir = from
            .direction_to(to)
            .ok_or(MoveError::NotALine { from, to })?;
        if self.position.piece_at(to).is_some() {
            return Err(MoveError::Occupied(to));
        }
        let caught = match self.chain {
            Some(chain) => {
                if dir == chain.last {
                    return Err(MoveError::SameDirection { step: plain });
                }
                if chain.visited & to.bit() != 0 {
                    return Err(MoveError::Revisit(to));
                }
                captures(enemy, from, to, dir, CaptureMode::Full)
            }
            None => captures(enemy, from, to, dir, rules.mode),
        };
        if self.chain.is_some() && caught == [0, 0] {
            return Err(MoveError::ChainNeedsCapture { step: plain });
        }
        let capture = match (kind, caught) {
            (Some(k), _) if caught[k as usize] != 0 => Some(k),
            (Some(k), _) => {
                let would = captures(enemy, from, to, dir, CaptureMode::Full);
                return Err(match (rules.mode, self.options.vela) {
                    (CaptureMode::Never, Some(winner)) if would[k as usize] != 0 => {
                        MoveError::VelaNoCapture {
                            winner,
                            step: plain,
                        }
                    }
                    _ => MoveError::NoSuchCapture {
                        step: Step {
                            capture: Some(k),
                            ..plain
                        },
                    },
                });
            }
            (None, [0, 0]) => None,
            (None, [_, 0]) => Some(CaptureKind::Approach),
            (None, [0, _]) => Some(CaptureKind::Withdrawal),
            (None, [a, w]) => {
                return Err(MoveError::Ambiguous {
                    step: plain,
                    approach: points(a).collect(),
                    withdrawal: points(w).collect(),
                });
            }
        };
        let step = Step { capture, ..plain };
        let Some(k) = capture else {
            if rules.compulsory && any_capture(&self.position, rules) {
                return Err(MoveError::MustCapture {
                    example: self.example_capture(),
                });
            }
            self.apply(mover, (own & !from.bit()) | to.bit(), enemy);
            self.pass_turn();
            return Ok((step, 0, Some(TurnOverReason::Quiet)));
        };
        let taken = caught[k as usize];
        let (own, enemy) = ((own & !from.bit()) | to.bit(), enemy & !taken);
        self.apply(mover, own, enemy);
        let visited = self.chain.map_or(from.bit(), |c| c.visited) | to.bit();
        let reason = if enemy == 0 {
            Some(TurnOverReason::GameOver)
        } else if self.chain.is_none() && rules.mode != CaptureMode::Full {
            Some(TurnOverReason::VelaSingle)
        } else if !more_follow && !can_continue(own, enemy, to, dir, visited) {
            Some(TurnOverReason::NoContinuation)
        } else {
            None
        };
        match reason {
            Some(_) => self.pass_turn(),
            None => {
                self.chain = Some(Chain {
                    at: to,
                    last: dir,
                    visited,
                })
            }
        }
        Ok((step, taken, reason))
    }

    /// Some capturing turn, to show a player who must capture.
    fn example_capture(&self) -> String {
        let mut example = None;
        for_each_turn(&self.position, self.options, &mut |steps, _| {
            if example.is_none() && steps.len() == 1 && steps[0].capture.is_some() {
                example = Some(steps[0].to_string());
            }
        });
        example.unwrap_or_default()
    }

    fn apply(&mut self, mover: Color, own: u64, enemy: u64) {
        self.position = Position::with(mover, own, enemy, mover);
    }

    fn pass_turn(&mut self) {
        let mover = self.position.side_to_move();
        let (own, enemy) = self.position.own_enemy();
        self.position = Position::with(mover, own, enemy, mover.opponent());
        self.chain = None;
        self.turn += 1;
        self.status = status_of(&self.position);
    }
}

/// Steps joined by commas, each capture with its suffix.
fn write_steps(steps: &[Step]) -> String {
    let mut s = String::with_capacity(steps.len() * 7);
    for (i, step) in steps.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&step.to_string());
    }
    s
}

/// The result of a position where `side_to_move` is about to start a turn.
fn status_of(position: &Position) -> Status {
    let side = position.side_to_move();
    let (own, enemy) = position.own_enemy();
    if own == 0 {
        Status::Won(side.opponent().side(), WinReason::AllCaptured)
    } else if enemy == 0 {
        Status::Won(side.side(), WinReason::AllCaptured)
    } else if !has_step(position) {
        Status::Won(side.opponent().side(), WinReason::NoLegalMove)
    } else {
        Status::Ongoing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Side;
    use crate::engine::fanorona::RuleSet;

    fn sorted(game: &Game) -> Vec<String> {
        let mut v = game.legal_turns();
        v.sort();
        v
    }

    /// d1 (white) can take d3, then f2 g2, then e4 e5, then c3: four captures in a chain.
    const CHAIN: &str = "...W...../.....BB../..BB...../....B..../....B.... w";

    #[test]
    fn start_position_has_five_whole_turns_all_into_e3() {
        let game = Game::new(Options::default());
        assert_eq!(game.turn(), 1);
        assert_eq!(game.status(), Status::Ongoing);
        assert_eq!(
            sorted(&game),
            ["d2-e3+", "d3-e3+", "d3-e3-", "e2-e3+", "f2-e3+"]
        );
    }

    #[test]
    fn rules_2_2_a_step_allowing_both_captures_needs_a_suffix() {
        let mut game = Game::new(Options::default());
        let err = game.play_str("d3-e3").expect_err("ambiguous");
        assert_eq!(
            err.to_string(),
            "d3-e3 captures both ways: approach takes f3, withdrawal takes c3"
        );
        let played = game.play_str("d3e3-").expect("withdrawal");
        assert_eq!(played.notation(), "d3-e3-");
        assert_eq!(played.steps[0].1, vec!["c3".parse::<Point>().expect("c3")]);
        assert!(played.turn_ended);
        assert_eq!(game.turn(), 2);
        assert_eq!(game.position().side_to_move(), Color::Black);
    }

    #[test]
    fn unambiguous_capture_may_omit_its_suffix_but_output_writes_it() {
        let mut game = Game::new(Options::default());
        let played = game.play_str("E2-E3").expect("approach");
        assert_eq!(played.notation(), "e2-e3+");
        assert_eq!(game.position().count(Color::Black), 20);
    }

    #[test]
    fn chain_step_by_step_waits_then_ends_by_itself_when_nothing_follows() {
        let mut game = Game::from_position(Options::default(), CHAIN).expect("position");
        let played = game.play_str("d1-d2").expect("first capture");
        assert!(!played.turn_ended);
        assert!(game.chain_in_progress());
        assert_eq!(game.chain_piece(), Some("d2".parse().expect("d2")));
        assert_eq!(game.turn(), 1);
        assert!(game.legal_turns().iter().all(|t| t.starts_with("d2-")));
        assert_eq!(
            game.play_str("e5-e4"),
            Err(MoveError::ChainInProgress {
                at: "d2".parse().expect("d2")
            })
        );
        game.play_str("d2-e2+").expect("second capture");
        game.play_str("e2-e3+").expect("third capture");
        assert_eq!(
            game.play_str("e3-e2"),
            Err(MoveError::Revisit("e2".parse().expect("e2")))
        );
        let played = game.play_str("e3-d3").expect("last capture");
        assert!(played.turn_ended);
        assert_eq!(
            game.status(),
            Status::Won(Side::First, WinReason::AllCaptured)
        );
        assert!(game.legal_turns().is_empty());
        assert_eq!(game.play_str("d3-d4"), Err(MoveError::GameOver));
    }

    #[test]
    fn a_chain_written_with_commas_is_the_whole_turn() {
        let mut game = Game::from_position(Options::default(), CHAIN).expect("position");
        let played = game.play_str("d1-d2+,d2-e2+").expect("two captures");
        assert!(played.turn_ended);
        assert_eq!(game.turn(), 2);
        assert_eq!(game.position().side_to_move(), Color::Black);
        assert_eq!(game.end_turn(), Err(MoveError::NothingToEnd));
    }

    #[test]
    fn end_turn_stops_a_chain() {
        let mut game = Game::from_position(Options::default(), CHAIN).expect("position");
        game.play_str("d1-d2+").expect("capture");
        let played = game.end_turn().expect("stop");
        assert_eq!(played.notation(), "end");
        assert_eq!(game.position().side_to_move(), Color::Black);
        assert!(!game.chain_in_progress());
    }

    #[test]
    fn rules_2_3_vela_loser_takes_one_piece_and_winner_none() {
        let options = Options {
            vela: Some(Color::Black),
            ..Options::default()
        };
        let mut game = Game::new(options);
        assert_eq!(game.position().side_to_move(), Color::White);
        let played = game.play_str("e2-e3").expect("single capture");
        assert_eq!(played.steps[0].1, vec!["e4".parse::<Point>().expect("e4")]);
        assert_eq!(game.position().count(Color::Black), 21);
        // Black, the first-round winner, steps without capturing.
        assert!(game.legal_turns().iter().all(|t| !t.ends_with(['+', '-'])));
    }

    #[test]
    fn rules_2_2_standard_rules_make_capture_compulsory() {
        let position = "W......../........./..B....../........./........B w";
        let mut escale = Game::from_position(Options::default(), position).expect("pos");
        assert!(escale.clone().play_str("a1-b1").is_ok());
        let standard = Options {
            rules: RuleSet::Standard,
            ..Options::default()
        };
        let mut game = Game::from_position(standard, position).expect("pos");
        assert!(matches!(
            game.play_str("a1-b1"),
            Err(MoveError::MustCapture { .. })
        ));
        assert_eq!(sorted(&game), ["a1-b2+"]);
        assert!(escale.play_str("a1-b2").is_ok());
    }
}
