//! Pairing a Swiss round.
//!
//! - No pair meets twice.
//! - With an odd number of players the bye is decided first: it goes to the player with the
//!   lowest score among those who have not had one (then the lowest rating, then the latest to
//!   join), unless the others could then not all be paired without a rematch, in which case it
//!   goes to the next player by the same order.
//! - The others are paired so that the sum over the pairs of the squared difference of the two
//!   scores is as small as possible: a minimum-cost perfect matching ([`super::matching`]), which
//!   a greedy top-down pairing is not.
//! - Among the pairings with that least sum, one whose colours balance best: each pair's cost
//!   also counts, at a weight below any score difference, the colour rules its best colour
//!   choice breaks (a player's first moves and second moves differing by more than one, the
//!   same colour three times in a row).
//! - Round 1 is seeded by rating: the top half meets the bottom half, colours alternating down
//!   the boards.

use super::PlayerId;
use super::matching::min_cost_perfect;

/// Which side a player had in a game: `First` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    First,
    Second,
}

impl Colour {
    fn sign(self) -> i32 {
        match self {
            Colour::First => 1,
            Colour::Second => -1,
        }
    }
}

/// A player's record so far, as the pairing needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct SwissPlayer {
    pub id: PlayerId,
    /// The rating at the start of the event (seeding, and the last tie order).
    pub rating: f64,
    /// Points so far, in half points (a win 2, a draw 1, a bye 2).
    pub half_points: u32,
    /// Everyone met so far (a game paired counts, finished or not).
    pub opponents: Vec<PlayerId>,
    pub had_bye: bool,
    /// The colours of the player's games, in order of the rounds.
    pub colours: Vec<Colour>,
}

impl SwissPlayer {
    /// A player who has not played yet.
    pub fn new(id: PlayerId, rating: f64) -> SwissPlayer {
        SwissPlayer {
            id,
            rating,
            half_points: 0,
            opponents: Vec::new(),
            had_bye: false,
            colours: Vec::new(),
        }
    }

    /// First moves minus second moves.
    fn balance(&self) -> i32 {
        self.colours.iter().map(|c| c.sign()).sum()
    }

    /// How many colour rules `colour` would break for this player now (0, 1 or 2).
    pub fn colour_faults(&self, colour: Colour) -> u32 {
        let unbalanced = (self.balance() + colour.sign()).abs() > 1;
        let third =
            self.colours.len() >= 2 && self.colours[self.colours.len() - 2..] == [colour; 2];
        u32::from(unbalanced) + u32::from(third)
    }

    fn has_met(&self, other: PlayerId) -> bool {
        self.opponents.contains(&other)
    }
}

/// One round's pairing: each game as (who moves first, who moves second), and the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub games: Vec<(PlayerId, PlayerId)>,
    pub bye: Option<PlayerId>,
}

/// Why a round cannot be paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error("a round needs at least 2 players")]
    TooFew,
    /// Every way to pair the round would have two players meet again.
    #[error("every pairing left would be a rematch")]
    OnlyRematches,
}

/// The order in which the bye is offered: lowest score, then lowest rating, then the player
/// listed last (the latest to join).
fn bye_order(players: &[SwissPlayer]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&a, &b| {
        let (pa, pb) = (&players[a], &players[b]);
        pa.half_points
            .cmp(&pb.half_points)
            .then(pa.rating.total_cmp(&pb.rating))
            .then(b.cmp(&a))
    });
    let fresh: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| !players[i].had_bye)
        .collect();
    // When everyone has had a bye, it goes round again in the same order.
    if fresh.is_empty() { order } else { fresh }
}

/// Which player of a pair moves first, and how many colour rules that breaks.
pub fn colours_for(a: &SwissPlayer, b: &SwissPlayer) -> ((PlayerId, PlayerId), u32) {
    let a_first = a.colour_faults(Colour::First) + b.colour_faults(Colour::Second);
    let b_first = a.colour_faults(Colour::Second) + b.colour_faults(Colour::First);
    let a_moves_first = match a_first.cmp(&b_first) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => {
            // The one who has moved first less often; then the one who moved second last;
            // then the higher ranked.
            match a.balance().cmp(&b.balance()) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => match (a.colours.last(), b.colours.last()) {
                    (Some(&x), Some(&y)) if x != y => x == Colour::Second,
                    _ => ranks_above(a, b),
                },
            }
        }
    };
    if a_moves_first {
        ((a.id, b.id), a_first)
    } else {
        ((b.id, a.id), b_first)
    }
}

fn ranks_above(a: &SwissPlayer, b: &SwissPlayer) -> bool {
    (a.half_points, a.rating) > (b.half_points, b.rating)
        || ((a.half_points, a.rating) == (b.half_points, b.rating) && a.id < b.id)
}

/// Pairs the next round of a Swiss event among `players` (those still in it).
pub fn pair(players: &[SwissPlayer]) -> Result<Pairing, PairingError> {
    if players.len() < 2 {
        return Err(PairingError::TooFew);
    }
    if players.iter().all(|p| p.opponents.is_empty() && !p.had_bye) {
        return Ok(first_round(players));
    }
    if players.len().is_multiple_of(2) {
        return pair_all(players, None).ok_or(PairingError::OnlyRematches);
    }
    for bye in bye_order(players) {
        if let Some(pairing) = pair_all(players, Some(bye)) {
            return Ok(pairing);
        }
    }
    Err(PairingError::OnlyRematches)
}

/// Round 1: by rating, the top half against the bottom half; the lowest rated sits out when
/// the count is odd. Colours alternate down the boards.
fn first_round(players: &[SwissPlayer]) -> Pairing {
    let mut seeded: Vec<&SwissPlayer> = players.iter().collect();
    seeded.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.id.cmp(&b.id)));
    let bye = (seeded.len() % 2 == 1)
        .then(|| seeded.pop().map(|p| p.id))
        .flatten();
    let half = seeded.len() / 2;
    let games = (0..half)
        .map(|board| {
            let (top, bottom) = (seeded[board].id, seeded[board + half].id);
            if board % 2 == 0 {
                (top, bottom)
            } else {
                (bottom, top)
            }
        })
        .collect();
    Pairing { games, bye }
}

/// The cost of pairing `a` with `b`: the squared score difference, weighted above every
/// possible sum of colour faults, plus the colour faults of their best colours.
fn pair_cost(a: &SwissPlayer, b: &SwissPlayer, colour_weight: i64) -> i64 {
    let diff = i64::from(a.half_points) - i64::from(b.half_points);
    diff * diff * colour_weight + i64::from(colours_for(a, b).1)
}

/// The pairing of everyone but `bye` with no rematch, of least cost; `None` if none exists.
fn pair_all(players: &[SwissPlayer], bye: Option<usize>) -> Option<Pairing> {
    let seated: Vec<&SwissPlayer> = players
        .iter()
        .enumerate()
        .filter(|&(i, _)| Some(i) != bye)
        .map(|(_, p)| p)
        .collect();
    // Each pair breaks at most 2 colour rules: the colour faults of a whole round stay below
    // one unit of squared score difference.
    let colour_weight = 2 * seated.len() as i64 + 1;
    let mut edges = Vec::new();
    for (i, a) in seated.iter().enumerate() {
        for (j, b) in seated.iter().enumerate().skip(i + 1) {
            if !a.has_met(b.id) && !b.has_met(a.id) {
                edges.push((i, j, pair_cost(a, b, colour_weight)));
            }
        }
    }
    let matched = min_cost_perfect(seated.len(), &edges)?;
    let mut games: Vec<(PlayerId, PlayerId)> = matched
        .into_iter()
        .map(|(i, j)| colours_for(seated[i], seated[j]).0)
        .collect();
    // Boards in order of the higher score at the table.
    let points = |id: PlayerId| {
        players
            .iter()
            .find(|p| p.id == id)
            .map_or(0, |p| p.half_points)
    };
    games.sort_by_key(|&(x, y)| std::cmp::Reverse(points(x).max(points(y))));
    Some(Pairing {
        games,
        bye: bye.map(|i| players[i].id),
    })
}
