//! Where the marks of a turn go, so that none hides another mark, a point's label or the piece
//! that decides the game. Pure geometry: `fibonacci.rs` draws what it lays out.
//!
//! Every unit move is an arrow that bows to the left of its travel: out of the line of points it
//! runs along and into the lane between two lines, where no label lies, so a move across several
//! points passes beside their labels instead of over them. A move back along the same line bows
//! to the other side, and a move repeated, or one that would cross the piece that decides the
//! game, bows further out or to the other side: each arrow takes the first of its candidates
//! that covers least. Each move's number sits on its own arrow, at the first place along it that
//! is clear of the labels, the deciding piece, the other numbers and the other arrows.

use super::paint::{Pt, path_length as length, path_point as point_at};

/// Half the width of an arrow's shaft with its halo.
pub const SHAFT_HALF: f32 = 3.0 + 2.5;
/// An arrowhead's length.
pub const HEAD: f32 = 17.0;
/// How fast an arrowhead widens from its tip: half its width is this share of the distance.
const HEAD_SLOPE: f32 = 0.62;
/// A number's disc, with its halo.
pub const BADGE_R: f32 = 13.5;
const BADGE_OUTER: f32 = BADGE_R + 2.0;
/// Space kept between marks, and around what they must not cover.
const CLEAR: f32 = 2.0;
/// Distance between two samples of an arrow's path.
const STEP: f32 = 3.0;

/// One unit move: the middles of its two points, and how far from each the arrow stops.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub from: Pt,
    pub to: Pt,
    /// An exchange: the arrow has a head at both ends.
    pub exchange: bool,
    /// Where the arrow starts and stops, counted from the middles of `from` and `to`.
    pub gaps: (f32, f32),
}

/// What the marks leave uncovered.
#[derive(Clone, Copy, Debug)]
pub struct Keep<'a> {
    /// Every point's label: its middle and half its size.
    pub labels: &'a [(Pt, Pt)],
    /// The pieces that decide the game: middle and radius.
    pub pieces: &'a [(Pt, f32)],
}

/// The lattice the moves run on.
#[derive(Clone, Copy, Debug)]
pub struct Lattice {
    /// Distance between neighbouring points.
    pub spacing: f32,
    /// Distance between two neighbouring lines of points: an arrow along a line bows half of it.
    pub lane: f32,
}

/// An arrow: its path from tail to tip, sampled every few pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub path: Vec<Pt>,
    /// A head at the tail too (an exchange).
    pub both: bool,
}

/// The numbers of the moves an arrow shows, in a pill at `at`: one arrow shows a move repeated
/// ("2, 4, 6").
#[derive(Clone, Debug, PartialEq)]
pub struct Badge {
    pub at: Pt,
    pub numbers: Vec<usize>,
    /// Half the length of the pill's straight middle (0: a disc).
    pub half_len: f32,
}

impl Badge {
    /// The text the pill holds.
    pub fn text(&self) -> String {
        let numbers: Vec<String> = self.numbers.iter().map(|n| n.to_string()).collect();
        numbers.join(",")
    }

    /// Distance from `p` to the pill's edge (negative inside), halo included.
    pub fn distance(&self, p: Pt) -> f32 {
        let dx = ((p.0 - self.at.0).abs() - self.half_len).max(0.0);
        dx.hypot(p.1 - self.at.1) - BADGE_OUTER
    }

    /// Distance between two pills' edges, halos included.
    pub fn distance_to(&self, other: &Badge) -> f32 {
        let dx = ((self.at.0 - other.at.0).abs() - self.half_len - other.half_len).max(0.0);
        dx.hypot(self.at.1 - other.at.1) - 2.0 * BADGE_OUTER
    }

    /// Distance from the pill's edge to the box of middle `c` and half size `h`.
    fn box_distance(&self, c: Pt, h: Pt) -> f32 {
        // The nearest point of the pill's middle segment to the box's middle, then as for a disc.
        let x =
            c.0.clamp(self.at.0 - self.half_len, self.at.0 + self.half_len);
        box_distance((x, self.at.1), c, h) - BADGE_OUTER
    }
}

/// The marks of a turn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    pub arrows: Vec<Arrow>,
    /// One per arrow when the turn has several moves, none for a single move.
    pub badges: Vec<Badge>,
}

/// How an arrow leaves the straight line between its points.
#[derive(Clone, Copy, Debug)]
enum Bend {
    /// A curve whose middle is this far to the left of the line (to the right when negative).
    Curve(f32),
    /// Out of the line within half a spacing, along it this far to the left, and back.
    Lane(f32),
}

/// Lays out the arrows of `moves` (in the order played) and, when there are several, their
/// numbers; `text_width` is the width of a pill's text as drawn.
pub fn lay_out(
    moves: &[Move],
    lattice: Lattice,
    keep: Keep<'_>,
    text_width: &dyn Fn(&str) -> f32,
) -> Marks {
    // A move repeated (the same points, the same way) is one arrow with several numbers.
    let mut groups: Vec<(Move, Vec<usize>)> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let same = groups.iter_mut().find(|(g, _)| {
            dist(g.from, m.from) < 0.5 && dist(g.to, m.to) < 0.5 && g.exchange == m.exchange
        });
        match same {
            Some((_, numbers)) => numbers.push(i + 1),
            None => groups.push((*m, vec![i + 1])),
        }
    }
    let lane = lattice.lane;
    let mut bends = vec![Bend::Curve(0.0)];
    for size in [0.25, 0.5, 0.75] {
        for side in [1.0, -1.0] {
            bends.push(Bend::Curve(size * lane * side));
        }
    }
    for size in [0.5, 0.7] {
        for side in [1.0, -1.0] {
            bends.push(Bend::Lane(size * lane * side));
        }
    }
    // Each arrow takes its best bend given the arrows laid before it; then, twice, each takes
    // its best given all the others, so that an early arrow can make room for a later one.
    let best_for = |m: &Move, others: &[&Arrow]| -> Arrow {
        let mut best: Option<(f32, Arrow)> = None;
        for (rank, &bend) in bends.iter().enumerate() {
            let arrow = Arrow {
                path: bent(m, bend, lattice.spacing),
                both: m.exchange,
            };
            // Covering counts far more than bending further, and an arrow too short to read
            // (its ends cut away around pieces) bends to grow.
            let need = HEAD * if m.exchange { 2.0 } else { 1.0 } + 8.0;
            let short = (need - length(&arrow.path)).max(0.0);
            let cost = (arrow_cost(&arrow, others, keep) + short * 0.2) * 10.0 + rank as f32;
            let clear = cost == rank as f32;
            if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                best = Some((cost, arrow));
            }
            // The candidates come by rank: none after a clear one can cost less.
            if clear {
                break;
            }
        }
        best.expect("candidates").1
    };
    let mut arrows: Vec<Arrow> = Vec::with_capacity(groups.len());
    for (m, _) in &groups {
        let before: Vec<&Arrow> = arrows.iter().collect();
        let arrow = best_for(m, &before);
        arrows.push(arrow);
    }
    let covered = |arrows: &[Arrow]| {
        (0..arrows.len()).any(|i| arrow_cost(&arrows[i], &all_but(arrows, i), keep) > 0.0)
    };
    for _ in 0..2 {
        if !covered(&arrows) {
            break;
        }
        let mut changed = false;
        for i in 0..arrows.len() {
            let arrow = best_for(&groups[i].0, &all_but(&arrows, i));
            changed |= arrow != arrows[i];
            arrows[i] = arrow;
        }
        if !changed {
            break;
        }
    }
    let mut badges: Vec<Badge> = Vec::new();
    if moves.len() > 1 {
        for (i, arrow) in arrows.iter().enumerate() {
            let numbers = groups[i].1.clone();
            let mut badge = Badge {
                at: (0.0, 0.0),
                half_len: 0.0,
                numbers,
            };
            badge.half_len = (text_width(&badge.text()) / 2.0 + 5.0 - BADGE_R).max(0.0);
            // Only the labels within a pill's reach of the arrow can be under its number.
            let labels = labels_near(
                keep.labels,
                &arrow.path,
                2.0 * BADGE_OUTER + badge.half_len + 60.0,
            );
            let near = Keep {
                labels: &labels,
                pieces: keep.pieces,
            };
            let candidates = badge_places(arrow, groups[i].0.from, badge.half_len);
            let mut best: Option<(f32, Pt)> = None;
            for (rank, (at, along, on_own)) in candidates.into_iter().enumerate() {
                badge.at = at;
                let covers = badge_cost(&badge, i, &arrows, &badges, near, along);
                let cost = covers * 10.0 + on_own + rank as f32 * 0.1;
                if best.is_none_or(|(c, _)| cost < c) {
                    best = Some((cost, badge.at));
                }
                // The candidates come in the order preferred: the first clear one wins.
                if covers == 0.0 {
                    break;
                }
            }
            badge.at = best.expect("candidates").1;
            badges.push(badge);
        }
    }
    Marks { arrows, badges }
}

/// Where the number of `arrow` (from the point `from`) may go, in the order preferred: each with
/// how far along the arrow it is and what it costs to sit there even when clear (0 beside the
/// arrow, 1 round its tail, 3 on it).
fn badge_places(arrow: &Arrow, from: Pt, half_len: f32) -> Vec<(Pt, f32, f32)> {
    // Beside its arrow first (to its left, then right), where it hides none of it; on
    // it when nothing beside is clear.
    let mut candidates = Vec::new();
    let total = length(&arrow.path);
    let fractions = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.12, 0.88];
    for (f, further) in fractions
        .iter()
        .map(|&f| (f, 0.0))
        .chain(fractions.iter().map(|&f| (f, 8.0)))
    {
        let along = total * f;
        let (p, q) = (
            point_at(&arrow.path, along - 2.0),
            point_at(&arrow.path, along + 2.0),
        );
        let d = dist(p, q).max(1e-3);
        let n = ((q.1 - p.1) / d, -(q.0 - p.0) / d);
        let at = point_at(&arrow.path, along);
        for side in [1.0, -1.0] {
            // Far enough that the pill's side clears the shaft wherever the arrow runs.
            let off = BADGE_OUTER + SHAFT_HALF + CLEAR + half_len * n.0.abs() + further;
            candidates.push((
                (at.0 + n.0 * off * side, at.1 + n.1 * off * side),
                along,
                0.0,
            ));
        }
    }
    // Around its tail, over the piece or point it left but clear of its label: where two
    // short arrows cross, beside one is on the other.
    let tail = point_at(&arrow.path, 4.0);
    let back = (from.0 - tail.0, from.1 - tail.1);
    let angle = back.1.atan2(back.0);
    for turn in [100.0f32, -100.0, 140.0, -140.0, 60.0, -60.0, 180.0] {
        let a = angle + turn.to_radians();
        let r = 40.0 + half_len * a.cos().abs();
        candidates.push(((from.0 + r * a.cos(), from.1 + r * a.sin()), 0.0, 1.0));
    }
    for f in fractions {
        candidates.push((point_at(&arrow.path, total * f), total * f, 3.0));
    }
    candidates
}

/// The path of `m` bent as `bend` says, cut at its gaps.
fn bent(m: &Move, bend: Bend, spacing: f32) -> Vec<Pt> {
    let (a, b) = (m.from, m.to);
    let l = dist(a, b).max(1.0);
    let u = ((b.0 - a.0) / l, (b.1 - a.1) / l);
    // Left of the travel on a picture whose y grows downwards.
    let n = (u.1, -u.0);
    let off = |p: Pt, along: f32, side: f32| {
        (
            p.0 + u.0 * along + n.0 * side,
            p.1 + u.1 * along + n.1 * side,
        )
    };
    let path = match bend {
        Bend::Curve(bow) => {
            // A quadratic curve whose middle is `bow` from the line.
            let c = off(a, l / 2.0, bow * 2.0);
            let count = ((l + 2.0 * bow.abs()) / STEP).ceil() as usize;
            (0..=count)
                .map(|k| {
                    let t = k as f32 / count as f32;
                    let s = 1.0 - t;
                    (
                        s * s * a.0 + 2.0 * s * t * c.0 + t * t * b.0,
                        s * s * a.1 + 2.0 * s * t * c.1 + t * t * b.1,
                    )
                })
                .collect()
        }
        Bend::Lane(bow) => {
            let inset = (spacing / 2.0).min(l / 3.0);
            rounded(
                &[a, off(a, inset, bow), off(a, l - inset, bow), b],
                spacing * 0.3,
            )
        }
    };
    cut(&path, m.gaps.0, m.gaps.1, a, b)
}

/// `corners` joined by straight lines, each inner corner rounded over `radius`, sampled.
fn rounded(corners: &[Pt], radius: f32) -> Vec<Pt> {
    let mut out = vec![corners[0]];
    for i in 1..corners.len() {
        let (p, q) = (corners[i - 1], corners[i]);
        let seg = dist(p, q);
        // Where this segment's straight part starts and ends.
        let start = if i >= 2 { radius.min(seg / 2.0) } else { 0.0 };
        let end = if i + 1 < corners.len() {
            seg - radius.min(seg / 2.0)
        } else {
            seg
        };
        let along = |s: f32| lerp(p, q, s / seg.max(1e-3));
        line_samples(&mut out, along(start), along(end));
        if i + 1 < corners.len() {
            // The curve around corner q, from the end of this segment to the start of the next.
            let r = dist(q, corners[i + 1]);
            let next = lerp(q, corners[i + 1], radius.min(r / 2.0) / r.max(1e-3));
            let from = along(end);
            let count = ((dist(from, q) + dist(q, next)) / STEP).ceil().max(2.0) as usize;
            for k in 1..=count {
                let t = k as f32 / count as f32;
                let s = 1.0 - t;
                out.push((
                    s * s * from.0 + 2.0 * s * t * q.0 + t * t * next.0,
                    s * s * from.1 + 2.0 * s * t * q.1 + t * t * next.1,
                ));
            }
        }
    }
    out
}

/// Samples from the last point of `out` (assumed at or near `from`) to `to`.
fn line_samples(out: &mut Vec<Pt>, from: Pt, to: Pt) {
    let count = (dist(from, to) / STEP).ceil().max(1.0) as usize;
    for k in 0..=count {
        let p = lerp(from, to, k as f32 / count as f32);
        if out.last().is_none_or(|&last| dist(last, p) > 0.01) {
            out.push(p);
        }
    }
}

/// The part of `path` farther than `ga` from `a` at its start and than `gb` from `b` at its end
/// (at least a short piece of its middle, so that the direction still shows).
fn cut(path: &[Pt], ga: f32, gb: f32, a: Pt, b: Pt) -> Vec<Pt> {
    let first = path.iter().position(|&p| dist(p, a) >= ga);
    let last = path.iter().rposition(|&p| dist(p, b) >= gb);
    match (first, last) {
        (Some(f), Some(l)) if l > f + 1 => path[f..=l].to_vec(),
        _ => {
            let m = path.len() / 2;
            path[m.saturating_sub(2)..(m + 3).min(path.len())].to_vec()
        }
    }
}

/// Every arrow of `arrows` but the `i`th.
fn all_but(arrows: &[Arrow], i: usize) -> Vec<&Arrow> {
    arrows
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, a)| a)
        .collect()
}

/// How much of `arrow` covers what it must not: labels and deciding pieces (heavily), and the
/// `others` arrows (by the length they share).
fn arrow_cost(arrow: &Arrow, others: &[&Arrow], keep: Keep<'_>) -> f32 {
    // Only the labels near the arrow can be under it.
    let reach = HEAD_SLOPE * HEAD + 2.5 + CLEAR;
    let (x0, y0, x1, y1) = bounds(&arrow.path, reach);
    let labels = labels_near(keep.labels, &arrow.path, reach);
    // And only the other arrows whose boxes meet its box: their samples, worked out once.
    let near: Vec<Vec<(Pt, f32, Pt)>> = others
        .iter()
        .filter(|other| {
            let (a0, b0, a1, b1) = bounds(&other.path, reach);
            a0 <= x1 && a1 >= x0 && b0 <= y1 && b1 >= y0
        })
        .map(|other| with_directions(other))
        .collect();
    let own = with_directions(arrow);
    let mut cost = 0.0;
    for &(p, half, u) in &own {
        if labels
            .iter()
            .any(|&(c, h)| box_distance(p, c, h) < half + CLEAR)
        {
            cost += 10.0;
        }
        if keep
            .pieces
            .iter()
            .any(|&(c, r)| dist(p, c) < r + half + CLEAR)
        {
            cost += 10.0;
        }
        // Crossing another arrow hides little of either; running along it hides it.
        if near.iter().any(|other| {
            other
                .iter()
                .any(|&(q, h, v)| dist(p, q) < half + h && (u.0 * v.0 + u.1 * v.1).abs() > 0.7)
        }) {
            cost += 1.0;
        }
    }
    cost
}

/// How much `badge`, `along` its own arrow `own`, covers.
fn badge_cost(
    badge: &Badge,
    own: usize,
    arrows: &[Arrow],
    badges: &[Badge],
    keep: Keep<'_>,
    along: f32,
) -> f32 {
    let mut cost = 0.0;
    for &(c, h) in keep.labels {
        if badge.box_distance(c, h) < CLEAR {
            cost += 10.0;
        }
    }
    for &(c, r) in keep.pieces {
        if badge.distance(c) < r + CLEAR {
            cost += 10.0;
        }
    }
    for other in badges {
        if badge.distance_to(other) < CLEAR {
            cost += 10.0;
        }
    }
    for (i, other) in arrows.iter().enumerate() {
        if i != own {
            cost += samples(other)
                .filter(|&(q, h)| badge.distance(q) < h)
                .count() as f32;
        }
    }
    // Not on its own arrow's heads.
    let own_arrow = &arrows[own];
    let total = length(&own_arrow.path);
    let reach = HEAD + BADGE_OUTER + badge.half_len;
    let near_head = total - along < reach || (own_arrow.both && along < reach);
    if near_head
        && samples(own_arrow)
            .filter(|&(_, h)| h > SHAFT_HALF)
            .any(|(q, h)| badge.distance(q) < h)
    {
        cost += 5.0;
    }
    cost
}

/// [`samples`] with the arrow's direction at each.
fn with_directions(arrow: &Arrow) -> Vec<(Pt, f32, Pt)> {
    let path = &arrow.path;
    samples(arrow)
        .enumerate()
        .map(|(k, (p, half))| {
            let (a, b) = (path[k.saturating_sub(1)], path[(k + 1).min(path.len() - 1)]);
            let d = dist(a, b).max(1e-3);
            (p, half, ((b.0 - a.0) / d, (b.1 - a.1) / d))
        })
        .collect()
}

/// The samples of an arrow with the half-width of the mark there: the shaft, wider at a head.
pub fn samples(arrow: &Arrow) -> impl Iterator<Item = (Pt, f32)> + '_ {
    let total = length(&arrow.path);
    let mut along = 0.0;
    let mut prev = arrow.path.first().copied();
    arrow.path.iter().map(move |&p| {
        if let Some(q) = prev {
            along += dist(p, q);
        }
        prev = Some(p);
        // A head widens from its tip to its base.
        let to_tip = if arrow.both {
            (total - along).min(along)
        } else {
            total - along
        };
        let head = to_tip * HEAD_SLOPE + 2.5;
        // The shaft stops inside the head, 0.8 of its length from the tip.
        let half = if to_tip < HEAD * 0.8 {
            head
        } else if to_tip < HEAD {
            head.max(SHAFT_HALF)
        } else {
            SHAFT_HALF
        };
        (p, half)
    })
}

/// The label boxes of `labels` that reach into the box around `path` grown by `reach`.
fn labels_near(labels: &[(Pt, Pt)], path: &[Pt], reach: f32) -> Vec<(Pt, Pt)> {
    let (x0, y0, x1, y1) = bounds(path, reach);
    labels
        .iter()
        .copied()
        .filter(|&(c, h)| c.0 + h.0 >= x0 && c.0 - h.0 <= x1 && c.1 + h.1 >= y0 && c.1 - h.1 <= y1)
        .collect()
}

/// The box around `path` grown by `grow`: (left, top, right, bottom).
fn bounds(path: &[Pt], grow: f32) -> (f32, f32, f32, f32) {
    path.iter().fold(
        (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
        |(x0, y0, x1, y1), p| {
            (
                x0.min(p.0 - grow),
                y0.min(p.1 - grow),
                x1.max(p.0 + grow),
                y1.max(p.1 + grow),
            )
        },
    )
}

/// Distance from `p` to the box of middle `c` and half size `h` (0 inside).
pub fn box_distance(p: Pt, c: Pt, h: Pt) -> f32 {
    let dx = ((p.0 - c.0).abs() - h.0).max(0.0);
    let dy = ((p.1 - c.1).abs() - h.1).max(0.0);
    dx.hypot(dy)
}

pub fn dist(a: Pt, b: Pt) -> f32 {
    (b.0 - a.0).hypot(b.1 - a.1)
}

fn lerp(a: Pt, b: Pt, t: f32) -> Pt {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

#[cfg(test)]
mod tests;
