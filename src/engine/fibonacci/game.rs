//! A game in progress: turns and their allowances (the cards variant's draws included),
//! checking each unit move, skipped turns and the game's end, on top of a [`Position`].

use std::fmt;

use super::{
    Cell, Color, Kind, MAX_ALLOWANCE, MoveError, Options, Piece, Position, PositionError, Swap,
    SwapRefusal, UnitMove, Variant, board, cards,
};
use crate::engine::{Side, Status, WinReason};

/// What an accepted unit move (or an early end of turn) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The unit move, or `None` for an early end of turn.
    pub unit: Option<UnitMove>,
    /// The piece that moved, and the piece it exchanged with (which went to `from`), if any.
    pub moved: Option<Piece>,
    pub exchanged: Option<Piece>,
    /// Turns skipped automatically after this move because their allowance was 0
    /// (recorded in the move log), as (turn number, colour).
    pub skipped: Vec<(u32, Color)>,
    /// True when this move ended the turn (allowance used up, `end`, `swap`, or the game
    /// ended).
    pub turn_ended: bool,
    /// True for `swap`: the players exchange sides, and Green's turn 2 is still to be played
    /// (by the player who was Red).
    pub swapped: bool,
}

impl Played {
    /// Canonical notation: `g9-f9`, `end`, or `swap`.
    pub fn notation(&self) -> String {
        match self.unit {
            Some(m) => m.to_string(),
            None if self.swapped => SWAP.to_string(),
            None => "end".to_string(),
        }
    }
}

/// The notation of the swap rule's turn.
pub const SWAP: &str = "swap";

/// At most this many turns in a row can be skipped. Proof: a turn from the sixth on has base
/// allowance 6, so an allowance of 0 needs six enemy strike pieces next to the centre, which is
/// a surrounded centre and has already ended the game; skips therefore stop by turn 6. The bound
/// makes termination obvious even if that reasoning were broken by a future rule change.
const MAX_CONSECUTIVE_SKIPS: usize = 8;

/// A game: options, position, and the cards variant's decks (drawn from the seed).
///
/// A game is fully determined by its options, its seed and its move log: [`Game::replay`]
/// rebuilds it.
#[derive(Clone)]
pub struct Game {
    options: Options,
    seed: u64,
    position: Position,
    card: Option<u8>,
    status: Status,
    /// Green may still swap: the swap rule, Green's turn 2, nothing of it played yet.
    swap_open: bool,
    /// The players swapped sides in this game.
    swapped: bool,
}

/// Leaves the seed out: it decides the cards to come, and debug output can end up in logs or
/// bug reports that players see.
impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("options", &self.options)
            .field("position", &self.position.to_string())
            .field("card", &self.card)
            .field("status", &self.status)
            .field("swap_open", &self.swap_open)
            .field("swapped", &self.swapped)
            .finish_non_exhaustive()
    }
}

/// A move log entry that could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({notation}) of the log cannot be played: {error}")]
pub struct ReplayError {
    /// 1-based position in the log.
    pub number: usize,
    pub notation: String,
    pub error: MoveError,
}

impl Game {
    /// The start position (docs/fibonacci.md) with Red to move, turn 1.
    pub fn new(options: Options, seed: u64) -> Game {
        let mut game = Game {
            options,
            seed,
            position: Position::start(),
            card: None,
            status: Status::Ongoing,
            swap_open: false,
            swapped: false,
        };
        game.status = game.evaluate();
        if options.variant == Variant::Cards {
            let card = cards::card_for_turn(seed, 1);
            game.card = Some(card);
            let p = game.position;
            game.position
                .set_turn_state(p.side_to_move(), card, p.turn());
        }
        game
    }

    /// A game from a position string; in the cards variant the moves-left field is the current
    /// turn's allowance and later cards come from `seed`.
    ///
    /// A position of an ongoing game with 0 moves left is one whose turn is over: the game
    /// starts the next turn at once (skipping turns with no allowance, as after a move).
    ///
    /// A position string does not say whether the players have swapped: under the swap rule,
    /// Green to move at turn 2 with its whole allowance may swap.
    pub fn from_position(
        options: Options,
        seed: u64,
        position: &str,
    ) -> Result<Game, PositionError> {
        let position: Position = position.parse()?;
        let mut game = Game {
            options,
            seed,
            position,
            card: None,
            status: Status::Ongoing,
            swap_open: false,
            swapped: false,
        };
        game.status = game.evaluate();
        if options.variant == Variant::Cards {
            game.card = Some(position.moves_left());
        }
        game.swap_open = options.swap == Swap::On
            && game.status == Status::Ongoing
            && position.side_to_move() == Color::Green
            && position.turn() == 2
            && position.moves_left() > 0
            && position.moves_left() == game.allowance(2);
        if game.status == Status::Ongoing && position.moves_left() == 0 {
            game.start_next_turn(&mut Vec::new());
        }
        Ok(game)
    }

    /// Replays a move log (unit moves, `end` and `swap`) from the start position: the same options and
    /// seed give the same game.
    pub fn replay<S: AsRef<str>>(
        options: Options,
        seed: u64,
        log: impl IntoIterator<Item = S>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(options, seed);
        for (i, entry) in log.into_iter().enumerate() {
            let notation = entry.as_ref();
            game.play_str(notation).map_err(|error| ReplayError {
                number: i + 1,
                notation: snippet_of(notation),
                error,
            })?;
        }
        Ok(game)
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// The seed of the cards variant's shuffles (keep it from the players).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// The card revealed for the current turn (cards variant), else `None`.
    pub fn card(&self) -> Option<u8> {
        self.card
    }

    /// Every legal unit move of the side to move (empty when the game is over).
    pub fn legal_moves(&self) -> Vec<UnitMove> {
        let mut out = Vec::new();
        if self.can_move() {
            self.position.unit_moves(self.options.group, &mut out);
        }
        out
    }

    /// The legal destinations of the piece on `from` (for highlighting).
    pub fn legal_destinations(&self, from: Cell) -> Vec<Cell> {
        if !self.can_move() {
            return Vec::new();
        }
        self.position
            .destinations(from, self.options.group)
            .collect()
    }

    /// Plays a unit move; on error the game is unchanged.
    pub fn play(&mut self, m: UnitMove) -> Result<Played, MoveError> {
        if self.status != Status::Ongoing {
            return Err(MoveError::GameOver);
        }
        if self.position.moves_left() == 0 {
            return Err(MoveError::NoMovesLeft);
        }
        self.check(m)?;
        self.swap_open = false;
        let (moved, exchanged) = self.position.swap_pieces(m);
        let p = self.position;
        self.position
            .set_turn_state(p.side_to_move(), p.moves_left() - 1, p.turn());
        self.status = self.evaluate();
        let mut skipped = Vec::new();
        let turn_ended = if self.status != Status::Ongoing {
            true
        } else if self.position.moves_left() == 0 {
            self.start_next_turn(&mut skipped);
            true
        } else {
            false
        };
        Ok(Played {
            unit: Some(m),
            moved,
            exchanged,
            skipped,
            turn_ended,
            swapped: false,
        })
    }

    /// Parses (`g9-f9`, `G9F9`, …) and plays a unit move; `end` ends the turn, `swap` swaps.
    pub fn play_str(&mut self, notation: &str) -> Result<Played, MoveError> {
        if notation.trim().eq_ignore_ascii_case("end") {
            return self.end_turn();
        }
        if notation.trim().eq_ignore_ascii_case(SWAP) {
            return self.swap();
        }
        let m: UnitMove = notation.parse()?;
        self.play(m)
    }

    /// Ends the current turn early (allowed after any number of unit moves, including none).
    pub fn end_turn(&mut self) -> Result<Played, MoveError> {
        if self.status != Status::Ongoing {
            return Err(MoveError::GameOver);
        }
        self.swap_open = false;
        let mut skipped = Vec::new();
        self.start_next_turn(&mut skipped);
        Ok(Played {
            unit: None,
            moved: None,
            exchanged: None,
            skipped,
            turn_ended: true,
            swapped: false,
        })
    }

    /// Whether Green may swap now (the swap rule, its turn 2, nothing of it played yet).
    pub fn can_swap(&self) -> bool {
        self.swap_refusal().is_none()
    }

    /// Whether the players have swapped sides in this game.
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The swap rule's turn: instead of playing turn 2, Green takes over Red's side. The board
    /// does not change and Green's turn 2 is still to be played, now by the player who was Red:
    /// the players exchange sides, which is the front ends' to record.
    pub fn swap(&mut self) -> Result<Played, MoveError> {
        if self.status != Status::Ongoing {
            return Err(MoveError::GameOver);
        }
        if let Some(refusal) = self.swap_refusal() {
            return Err(MoveError::Swap(refusal));
        }
        self.swap_open = false;
        self.swapped = true;
        Ok(Played {
            unit: None,
            moved: None,
            exchanged: None,
            skipped: Vec::new(),
            turn_ended: true,
            swapped: true,
        })
    }

    fn swap_refusal(&self) -> Option<SwapRefusal> {
        if self.options.swap == Swap::Off {
            Some(SwapRefusal::NotInThisGame)
        } else if self.swapped {
            Some(SwapRefusal::AlreadySwapped)
        } else if !self.swap_open || self.status != Status::Ongoing {
            Some(SwapRefusal::NotNow)
        } else {
            None
        }
    }

    /// The allowance of turn `turn` in the current position (docs/fibonacci.md, Turns and
    /// allowances, The cards variant).
    pub fn allowance(&self, turn: u32) -> u8 {
        match self.options.variant {
            Variant::Cards => cards::card_for_turn(self.seed, turn),
            Variant::Standard => {
                let color = Color::of_turn(turn);
                let base = turn.min(u32::from(MAX_ALLOWANCE));
                let against = self.position.strikes_next_to_centre(color, color.other());
                // base ≤ 6, so the cast cannot truncate.
                base.saturating_sub(against) as u8
            }
        }
    }

    fn can_move(&self) -> bool {
        self.status == Status::Ongoing && self.position.moves_left() > 0
    }

    /// Why `m` is illegal for the side to move, if it is (docs/fibonacci.md, Unit moves).
    fn check(&self, m: UnitMove) -> Result<(), MoveError> {
        let UnitMove { from, to } = m;
        let pos = &self.position;
        let piece = match pos.piece_at(from) {
            None => return Err(MoveError::NoPiece(from)),
            Some(p) if p.color != pos.side_to_move() => return Err(MoveError::NotYourPiece(from)),
            Some(p) if p.kind == Kind::Centre => return Err(MoveError::CentreCannotMove(from)),
            Some(p) => p,
        };
        if from == to {
            return Err(MoveError::SamePoint(from));
        }
        if pos.is_legal_unit(m, self.options.group) {
            return Ok(());
        }
        // Illegal: find the rule it breaks, for the message.
        if pos.is_alone(from, self.options.group) {
            if !from.is_neighbor(to) {
                Err(MoveError::NotNextToPiece { from, to })
            } else {
                Err(MoveError::Occupied { from, to })
            }
        } else if pos.piece_at(to) == Some(piece) {
            Err(MoveError::NoChange { from, to })
        } else {
            Err(MoveError::NotNextToGroup { from, to })
        }
    }

    /// The status the rules give the current position (docs/fibonacci.md, End of the game; The
    /// cards variant).
    fn evaluate(&self) -> Status {
        let pos = &self.position;
        let (red, green, reason) = match self.options.variant {
            Variant::Standard => (
                pos.is_surrounded(Color::Green),
                pos.is_surrounded(Color::Red),
                WinReason::Surrounded,
            ),
            Variant::Cards => (
                pos.has_cards_formation(Color::Red),
                pos.has_cards_formation(Color::Green),
                WinReason::CardsFormation,
            ),
        };
        match (red, green) {
            (true, true) => Status::Draw,
            (true, false) => Status::Won(Side::First, reason),
            (false, true) => Status::Won(Side::Second, reason),
            (false, false) => Status::Ongoing,
        }
    }

    /// Starts the turn after the current one, skipping turns whose allowance is 0 and recording
    /// them in `skipped`.
    fn start_next_turn(&mut self, skipped: &mut Vec<(u32, Color)>) {
        let mut turn = self.position.turn();
        for _ in 0..MAX_CONSECUTIVE_SKIPS {
            let Some(next) = turn.checked_add(1) else {
                // Four billion turns: only a hand-made position gets here. End it as a draw
                // rather than wrap the turn number.
                self.status = Status::Draw;
                return;
            };
            turn = next;
            let color = Color::of_turn(turn);
            let allowance = self.allowance(turn);
            self.position.set_turn_state(color, allowance, turn);
            if self.options.variant == Variant::Cards {
                self.card = Some(allowance);
            }
            if allowance > 0 {
                self.swap_open = self.options.swap == Swap::On && turn == 2 && !self.swapped;
                return;
            }
            skipped.push((turn, color));
        }
        // Unreachable by the proof on MAX_CONSECUTIVE_SKIPS; the turn stands with 0 moves left
        // and the player can only end it, so nothing loops.
    }
}

fn snippet_of(s: &str) -> String {
    board::snippet(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fibonacci::{GroupRule, START};

    fn cell(s: &str) -> Cell {
        s.parse().expect("a valid point")
    }

    fn standard() -> Game {
        Game::new(Options::default(), 0)
    }

    #[test]
    fn start_position_is_the_published_diagram_and_round_trips() {
        let g = standard();
        assert_eq!(g.position().to_string(), START);
        assert_eq!(
            g.position().piece_at(cell("a6")).map(Piece::letter),
            Some('C')
        );
        assert_eq!(
            g.position().piece_at(cell("k6")).map(Piece::letter),
            Some('c')
        );
        assert_eq!(
            g.position().piece_at(cell("j6")).map(Piece::letter),
            Some('s')
        );
        assert_eq!(g.position().piece_at(cell("f6")), None);
        assert_eq!(g.position().side_to_move(), Color::Red);
        assert_eq!(g.position().turn(), 1);
        assert_eq!(g.position().moves_left(), 1);
        assert_eq!(g.status(), Status::Ongoing);
        assert_eq!(g.card(), None);
    }

    #[test]
    fn player_worded_refusals() {
        let mut g = standard();
        let e = g.play_str("f4-f5").unwrap_err();
        assert_eq!(e, MoveError::NotYourPiece(cell("f4")));
        assert_eq!(e.to_string(), "f4 is not the mover's piece");
        assert!(
            g.play_str("a6-b7")
                .unwrap_err()
                .to_string()
                .ends_with("centres cannot move")
        );
        assert_eq!(g.play_str("f6-f7"), Err(MoveError::NoPiece(cell("f6"))));
        // a1's group is the six red strikes; k11 is far from all of them.
        assert!(
            g.play_str("a1-k11")
                .unwrap_err()
                .to_string()
                .starts_with("k11 is not next to the group of a1")
        );
        assert!(
            g.play_str("a1-a2")
                .unwrap_err()
                .to_string()
                .ends_with("hold the same kind of piece")
        );
        assert_eq!(
            g.position().to_string(),
            START,
            "refusals leave the game unchanged"
        );
    }

    #[test]
    fn turns_alternate_with_the_opening_allowance() {
        let mut g = standard();
        let p = g.play_str("e8-e7").expect("a red support steps");
        assert!(p.turn_ended);
        assert_eq!(p.moved.map(|m| m.kind), Some(Kind::Support));
        assert_eq!(p.exchanged, None);
        assert_eq!(g.position().side_to_move(), Color::Green);
        assert_eq!(g.position().moves_left(), 2);
        assert_eq!(g.position().turn(), 2);
        let p = g.play_str("d1-c1").expect("a green support");
        assert!(!p.turn_ended);
        let p = g.end_turn().expect("ending early is allowed");
        assert!(p.turn_ended && p.unit.is_none());
        assert_eq!(p.notation(), "end");
        assert_eq!(g.position().side_to_move(), Color::Red);
        assert_eq!(g.position().moves_left(), 3);
        let p = g.end_turn().expect("ending with no move is allowed");
        assert!(p.turn_ended);
        assert_eq!(g.position().moves_left(), 4);
    }

    #[test]
    fn every_generated_move_is_accepted_at_the_start() {
        let g = standard();
        let moves = g.legal_moves();
        assert!(!moves.is_empty());
        for m in moves {
            let mut h = g.clone();
            h.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            assert!(g.legal_destinations(m.from).contains(&m.to));
        }
    }

    #[test]
    fn cards_variant_takes_the_allowance_from_the_seeded_deck() {
        let options = Options {
            variant: Variant::Cards,
            group: GroupRule::SameCategory,
            swap: Swap::Off,
        };
        let mut g = Game::new(options, 1234);
        assert_eq!(g.card(), Some(cards::card_for_turn(1234, 1)));
        assert_eq!(g.position().moves_left(), cards::card_for_turn(1234, 1));
        g.end_turn().expect("end");
        assert_eq!(g.card(), Some(cards::card_for_turn(1234, 2)));
        assert_eq!(g.position().moves_left(), cards::card_for_turn(1234, 2));
        assert!(
            !format!("{g:?}").contains("1234"),
            "debug output hides the seed"
        );
    }
}
