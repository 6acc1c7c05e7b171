//! The AI's review of a game: the three turns where the player who moved lost the most by the
//! AI's own judgement, each with the turn the AI would have played instead.
//!
//! # The unit
//!
//! Every value is in points for the player who moved, larger being better, on the scale of the
//! AI's evaluation: **+100 is about one piece in Fanorona, or in Fibonacci about two more strike
//! pieces next to an enemy centre that can be surrounded (the ring counts steeply: the fourth
//! and fifth strike are worth more than 100 each); ±1 000 000 is a won or lost game, and values
//! beyond ±100 000 a win or loss the search sees coming.** A front end may show that sentence
//! (put into words in its own language) next to the numbers: [`UNIT`] and [`WIN`] are its two
//! figures.
//!
//! # The measure
//!
//! Let value(P) be the value of position P for its side to move as the AI's search sees it
//! ([`crate::ai::judge`] at the review's [`Effort`]; a finished game is worth ±[`WIN`] or 0).
//! For the turn from position Pᵢ, played by side s and reaching Pᵢ₊₁:
//!
//! - the better turn T* and A = value(Pᵢ) come from one search at Pᵢ;
//! - B, the played turn's worth, is value(Pᵢ₊₁) seen from s (negated when the opponent is to
//!   move), and the same search gives the next turn its A;
//! - C, the better turn's worth, is value(Q) seen from s, where Q is Pᵢ after T*.
//!
//! B and C are measured the same way (one search of the position after the turn), so C − B is
//! an honest measure of what the played turn lost, and about two searches per turn suffice.
//! A turn is a mistake only when T* leads to another position than the played turn (positions
//! are compared, not the moves' text, so the same turn written in another order is no mistake)
//! and C > B: a turn where the search prefers what was played, or finds nothing better by this
//! measure, lost nothing. Mistakes are ranked by C − B, the earlier turn first on equal losses.
//!
//! # Incremental
//!
//! The bot runs a review on its one AI thread between the AI games' turns, so a [`Reviewer`]
//! does its work in [steps](Reviewer::step) of at most one search each: a review delays no AI
//! game's turn by more than one search. [`review`] runs every step at once (the command line).
//! Everything here is pure and deterministic for a seed: no I/O, no threads, no clock (the
//! review's searches have node budgets and no wall-clock cap).

use crate::engine::{Game, MoveError, Side, Status};

use super::Judgement;

/// One piece in Fanorona: the figure the unit sentence of the module documentation explains.
pub const UNIT: i32 = 100;

/// A won game (a lost one is its negative).
pub const WIN: i32 = super::WIN;

/// How much each search of a review may spend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Effort {
    /// The review's own settings, between the medium and hard levels, sized so that a review of
    /// a 60-turn game takes well under 30 s on one core: about 6 s for Fibonacci and 8 s for
    /// Fanorona (see each game's `for_review`).
    #[default]
    Full,
    /// A tiny budget for tests: the same code, judging far less well.
    Quick,
}

/// A move of the game that the rules refuse, so the game cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({notation}): {error}")]
pub struct ReviewError {
    /// 1-based position of the move in the list given.
    pub number: usize,
    /// The move as given, cut to 40 characters.
    pub notation: String,
    /// Why the engine refused it.
    pub error: MoveError,
}

/// One of the turns that lost the most.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnReview {
    /// The turn's number in the game, as the engine counts turns (from 1, a skipped turn
    /// counted too; a game loaded from a Fibonacci position string goes on from its number).
    pub turn: u32,
    /// Who played it.
    pub side: Side,
    /// What was played, written as the `ai` command writes a turn (moves joined by spaces).
    pub played: String,
    /// The AI's better turn, written the same way.
    pub better: String,
    /// A: the value before the turn.
    pub before: i32,
    /// B: the value after the played turn.
    pub after_played: i32,
    /// C: the value after the better turn, greater than B.
    pub after_better: i32,
}

impl TurnReview {
    /// What the played turn lost: C − B, always positive.
    pub fn loss(&self) -> i64 {
        i64::from(self.after_better) - i64::from(self.after_played)
    }
}

/// A finished (or partial) review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// Whole turns of the game (a trailing half turn of a game in progress is not one).
    pub turns: usize,
    /// The turns that lost the most, worst first, at most three.
    pub worst: Vec<TurnReview>,
}

/// A whole turn as it was played.
#[derive(Clone, Debug)]
struct PlayedTurn {
    number: u32,
    side: Side,
    /// Written as the AI writes turns.
    played: String,
}

/// The search's judgement of a position at the start of a turn.
#[derive(Clone, Debug)]
struct Judged {
    /// The value for the side to move.
    value: i32,
    /// The turn the search prefers; `None` when the game is over there.
    better: Option<Vec<String>>,
}

/// What one piece of a review's work took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Work {
    /// A search.
    Searched,
    /// No search: a finished game's value, or a better turn that is the played one.
    Free,
    /// Nothing done: the work needs a search, and the step has had its one.
    Blocked,
}

/// What the review found for one turn: A, B and C and the better turn, when T* differs from
/// the played turn.
#[derive(Clone, Debug)]
struct Finding {
    before: i32,
    after_played: i32,
    after_better: i32,
    better: String,
}

/// A review in progress, one search per [`Reviewer::step`]. It owns all its data (`Send` and
/// `'static`), so it can wait in a queue between steps.
#[derive(Clone, Debug)]
pub struct Reviewer {
    effort: Effort,
    seed: u64,
    /// The position at the start of each whole turn, then the one after the last: P₀ … Pₙ.
    positions: Vec<Game>,
    turns: Vec<PlayedTurn>,
    /// The judgements of P₀, P₁, … so far.
    judged: Vec<Judged>,
    /// One entry per turn reviewed so far (`None`: the search prefers the played turn, or finds
    /// nothing better).
    findings: Vec<Option<Finding>>,
}

impl Reviewer {
    /// Splits `moves` into whole turns by replaying them from `start`: a turn ends where a move's
    /// `Played::turn_ended` says so (`end` ends one early, as in `rules play`). A trailing half
    /// turn is replayed but not reviewed. `seed` seeds the searches (in the Fibonacci cards
    /// variant, the guesses at cards to come).
    pub fn new<S: AsRef<str>>(
        start: Game,
        moves: &[S],
        seed: u64,
        effort: Effort,
    ) -> Result<Reviewer, ReviewError> {
        let split = crate::engine::turns(&start, moves).map_err(|refused| ReviewError {
            number: refused.index + 1,
            notation: moves[refused.index].as_ref().chars().take(40).collect(),
            error: refused.error,
        })?;
        let mut positions = vec![start];
        let mut turns = Vec::new();
        for turn in split.into_iter().filter(|t| t.complete) {
            let before = positions.last().unwrap_or(&turn.after);
            let notations: Vec<String> = turn.played.iter().map(|p| p.notation()).collect();
            turns.push(PlayedTurn {
                number: turn.number,
                side: turn.side,
                played: super::write_turn(before, &notations).join(" "),
            });
            positions.push(turn.after);
        }
        Ok(Reviewer {
            effort,
            seed,
            positions,
            turns,
            judged: Vec::new(),
            findings: Vec::new(),
        })
    }

    /// Whole turns to review.
    pub fn turns(&self) -> usize {
        self.turns.len()
    }

    /// Turns reviewed so far (for "reviewing… 12/60 turns").
    pub fn reviewed(&self) -> usize {
        self.findings.len()
    }

    /// True once every turn is reviewed.
    pub fn is_done(&self) -> bool {
        self.findings.len() == self.turns.len()
    }

    /// Does the next piece of work: at most one search, and whatever follows it that needs none
    /// (so the last search's step finishes the review). Returns true while work remains.
    pub fn step(&mut self) -> bool {
        let mut searched = false;
        while !self.is_done() {
            match self.advance(!searched) {
                Work::Blocked => break,
                Work::Searched => searched = true,
                Work::Free => {}
            }
        }
        !self.is_done()
    }

    /// The turns that lost the most among those reviewed so far.
    pub fn result(&self) -> Review {
        let mut worst: Vec<TurnReview> = self
            .findings
            .iter()
            .zip(&self.turns)
            .filter_map(|(f, t)| {
                let f = f.as_ref()?;
                (f.after_better > f.after_played).then(|| TurnReview {
                    turn: t.number,
                    side: t.side,
                    played: t.played.clone(),
                    better: f.better.clone(),
                    before: f.before,
                    after_played: f.after_played,
                    after_better: f.after_better,
                })
            })
            .collect();
        // A stable sort keeps the game's order among equal losses.
        worst.sort_by_key(|t| std::cmp::Reverse(t.loss()));
        worst.truncate(3);
        Review {
            turns: self.turns.len(),
            worst,
        }
    }

    /// One piece of work, unless it needs a search and `may_search` is false. P₀ is judged
    /// first; then, turn by turn, the position after the turn and the position after the better
    /// turn.
    fn advance(&mut self, may_search: bool) -> Work {
        let i = self.findings.len();
        if self.judged.len() < i + 2 {
            let game = &self.positions[self.judged.len()];
            if game.status() == Status::Ongoing && !may_search {
                return Work::Blocked;
            }
            let (judged, work) = self.judge(game);
            self.judged.push(judged);
            return work;
        }
        match self.compare(i, may_search) {
            Some((finding, work)) => {
                self.findings.push(finding);
                work
            }
            None => Work::Blocked,
        }
    }

    /// The search's judgement of `game` (no search when the game is over).
    fn judge(&self, game: &Game) -> (Judged, Work) {
        let over = |value| Judged {
            value,
            better: None,
        };
        match game.status() {
            Status::Draw => (over(0), Work::Free),
            Status::Won(side, _) if side == game.side_to_move() => (over(WIN), Work::Free),
            Status::Won(..) => (over(-WIN), Work::Free),
            Status::Ongoing => match super::judge(game, self.effort, self.seed) {
                Ok(Judgement { turn, value }) => (
                    Judged {
                        value,
                        better: (!turn.is_empty()).then_some(turn),
                    },
                    Work::Searched,
                ),
                // Only a half-played Fanorona chain has no judgement, and turns start after one.
                Err(_) => (over(super::evaluate(game)), Work::Searched),
            },
        }
    }

    /// The value of `judged` (of `game`) seen from `side`.
    fn value_for(game: &Game, judged: &Judged, side: Side) -> i32 {
        if game.side_to_move() == side {
            judged.value
        } else {
            -judged.value
        }
    }

    /// Turn `i` against the search's better turn, or `None` when that needs a search and
    /// `may_search` is false.
    fn compare(&self, i: usize, may_search: bool) -> Option<(Option<Finding>, Work)> {
        let side = self.turns[i].side;
        let (before, after) = (&self.positions[i], &self.positions[i + 1]);
        let Some(better) = &self.judged[i].better else {
            return Some((None, Work::Free));
        };
        let mut q = before.clone();
        // The AI replays every turn it returns on the real game, so this cannot fail; if it
        // did, there would be no better turn to show.
        if better.iter().any(|m| q.play(m).is_err()) {
            return Some((None, Work::Free));
        }
        if q.position_string() == after.position_string() {
            return Some((None, Work::Free));
        }
        if q.status() == Status::Ongoing && !may_search {
            return None;
        }
        let (judged, work) = self.judge(&q);
        let finding = Finding {
            before: Self::value_for(before, &self.judged[i], side),
            after_played: Self::value_for(after, &self.judged[i + 1], side),
            after_better: Self::value_for(&q, &judged, side),
            better: better.join(" "),
        };
        Some((Some(finding), work))
    }
}

/// Reviews a whole game at once: [`Reviewer::new`], then every [`Reviewer::step`].
pub fn review<S: AsRef<str>>(
    start: Game,
    moves: &[S],
    seed: u64,
    effort: Effort,
) -> Result<Review, ReviewError> {
    let mut reviewer = Reviewer::new(start, moves, seed, effort)?;
    while reviewer.step() {}
    Ok(reviewer.result())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::fibonacci::tests::board;
    use crate::engine::{Config, GameKind};

    fn game(kind: GameKind, position: Option<&str>) -> Game {
        let config = Config::default_for(kind);
        match position {
            None => Game::new(config, 0),
            Some(p) => Game::from_position(config, 0, p).expect("a valid position"),
        }
    }

    /// (number, side, played) of each whole turn.
    fn split(start: Game, moves: &[&str]) -> Vec<(u32, Side, String)> {
        let r = Reviewer::new(start, moves, 0, Effort::Quick).expect("legal moves");
        assert_eq!(r.positions.len(), r.turns() + 1);
        r.turns
            .iter()
            .map(|t| (t.number, t.side, t.played.clone()))
            .collect()
    }

    #[test]
    fn fibonacci_turns_end_with_the_allowance_or_with_end_and_a_half_turn_is_left_out() {
        let start = game(GameKind::Fibonacci, None);
        // Red's first turn allows one unit move (typed here as the engine also reads it);
        // Green's allows two, and Green stops after one; Red's third turn is half played.
        let turns = split(start, &["B6C6", "j6-i6", "end", "a5-b5"]);
        assert_eq!(
            turns,
            vec![
                (1, Side::First, "b6-c6".to_string()),
                (2, Side::Second, "j6-i6 end".to_string()),
            ]
        );
    }

    #[test]
    fn a_skipped_fibonacci_turn_is_no_turn_to_review() {
        // Red's e4-e5 puts a second strike (with f5) next to Green's centre on f6: Green's
        // turn 2, whose base allowance is 2, has none left and is skipped, so Red plays turn 3
        // (here a turn of no move at all, `end`).
        let pieces = "Ca1 Sf5 Se4 Sa3 Sa4 Sa5 Sa6 Ub1 Ub2 Ub3 Ub4 Ub5 Ub6 cf6 sk7 sk8 sk9 sk10 \
                      sk11 sj11 uj5 uj6 uj7 uj8 uj9 uj10";
        let position = board(pieces, "r 1 1");
        let start = game(GameKind::Fibonacci, Some(&position));
        let turns = split(start, &["e4-e5", "end", "k7-k6"]);
        assert_eq!(
            turns,
            vec![
                (1, Side::First, "e4-e5".to_string()),
                (3, Side::First, "end".to_string()),
            ]
        );
    }

    /// d1 can take d3, then go on capturing (the engine's test chain).
    const CHAIN: &str = "...W...../.....BB../..BB...../....B..../....B.... w";

    #[test]
    fn a_fanorona_chain_stopped_with_end_or_typed_step_by_step_is_one_turn() {
        let start = game(GameKind::Fanorona, Some(CHAIN));
        let turns = split(start.clone(), &["d1-d2", "end", "e5-d5", "d2-d3"]);
        assert_eq!(turns[0], (1, Side::First, "d1-d2+ end".to_string()));
        assert_eq!(turns[1].1, Side::Second);
        assert_eq!(turns.len(), 3, "{turns:?}");
        // The same first step, then the chain goes on step by step: one turn, written as one
        // chain the way the AI writes it.
        let mut next = start.clone();
        next.play("d1-d2+").expect("the first capture");
        let second = next
            .legal_moves()
            .into_iter()
            .find(|m| !m.contains(','))
            .expect("a one-step continuation");
        next.play(&second).expect("legal");
        let mut moves = vec!["d1-d2+", second.as_str()];
        if next.chain_in_progress() {
            moves.push("end");
        }
        let turns = split(start, &moves);
        assert_eq!(turns.len(), 1);
        assert_eq!(turns[0].2, format!("d1-d2+,{second}"));
    }

    #[test]
    fn an_illegal_move_is_named_by_its_number() {
        let start = game(GameKind::Fibonacci, None);
        let e = Reviewer::new(start, &["b6-c6", "a1-a2"], 0, Effort::Quick)
            .expect_err("a1 is Red's and Green is to move");
        assert_eq!(e.number, 2);
        assert_eq!(e.notation, "a1-a2");
        assert!(e.to_string().starts_with("move 2 (a1-a2): "), "{e}");
    }

    #[test]
    fn a_missed_winning_chain_is_the_worst_turn_and_each_step_searches_at_most_once() {
        // White ends the turn after one capture instead of taking every black piece.
        let start = game(GameKind::Fanorona, Some(CHAIN));
        let mut r = Reviewer::new(start, &["d1-d2+", "end"], 0, Effort::Quick).expect("legal");
        assert_eq!((r.turns(), r.reviewed()), (1, 0));
        // P₀, then P₁, then the position after the better chain (a finished game: no search).
        assert!(r.step());
        assert_eq!(r.reviewed(), 0);
        assert!(!r.step());
        assert_eq!(r.reviewed(), 1);
        let review = r.result();
        assert_eq!(review.turns, 1);
        let worst = &review.worst[0];
        assert_eq!((worst.turn, worst.side), (1, Side::First));
        assert_eq!(worst.played, "d1-d2+ end");
        assert_eq!(worst.after_better, WIN);
        assert!(worst.after_played < WIN / 2, "{worst:?}");
        let mut g = game(GameKind::Fanorona, Some(CHAIN));
        for m in worst.better.split(' ') {
            g.play(m).expect("the better turn is legal");
        }
        assert_eq!(
            g.status(),
            Status::Won(Side::First, crate::engine::WinReason::AllCaptured)
        );
    }

    #[test]
    fn a_reviewer_can_wait_in_a_queue_between_steps() {
        fn sendable<T: Send + 'static>() {}
        sendable::<Reviewer>();
        sendable::<Review>();
    }
}
