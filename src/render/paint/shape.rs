//! The shapes a canvas draws, each a signed distance function, and the geometry they share.

use super::Pt;

/// A shape to fill or stroke.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    Circle {
        c: Pt,
        r: f32,
    },
    /// A rectangle of half-size `half` with corners rounded by `round`, turned by the angle whose
    /// cosine and sine are `rot` (a diamond is a square turned by 45°).
    Box {
        c: Pt,
        half: Pt,
        round: f32,
        rot: Pt,
    },
    /// A thick line with round ends.
    Capsule {
        a: Pt,
        b: Pt,
        r: f32,
    },
    /// A triangle (arrowheads); any orientation.
    Triangle([Pt; 3]),
    /// A convex hexagon (the Fibonacci board); any orientation.
    Hexagon([Pt; 6]),
}

impl Shape {
    pub fn circle(c: Pt, r: f32) -> Shape {
        Shape::Circle { c, r }
    }

    pub fn square(c: Pt, half: f32, round: f32) -> Shape {
        Shape::Box {
            c,
            half: (half, half),
            round,
            rot: (1.0, 0.0),
        }
    }

    pub fn rect(c: Pt, half: Pt, round: f32) -> Shape {
        Shape::Box {
            c,
            half,
            round,
            rot: (1.0, 0.0),
        }
    }

    /// A square standing on a corner; `radius` is the distance from the centre to a corner.
    pub fn diamond(c: Pt, radius: f32, round: f32) -> Shape {
        let half = radius / std::f32::consts::SQRT_2;
        let k = std::f32::consts::FRAC_1_SQRT_2;
        Shape::Box {
            c,
            half: (half, half),
            round,
            rot: (k, k),
        }
    }

    pub fn line(a: Pt, b: Pt, width: f32) -> Shape {
        Shape::Capsule {
            a,
            b,
            r: width / 2.0,
        }
    }

    /// Signed distance from `p` to the outline, negative inside.
    pub(super) fn distance(&self, p: Pt) -> f32 {
        match *self {
            Shape::Circle { c, r } => len(sub(p, c)) - r,
            Shape::Box {
                c,
                half,
                round,
                rot,
            } => {
                let d = sub(p, c);
                // Rotate the point into the box's frame (by −angle).
                let local = (d.0 * rot.0 + d.1 * rot.1, -d.0 * rot.1 + d.1 * rot.0);
                let q = (
                    local.0.abs() - (half.0 - round),
                    local.1.abs() - (half.1 - round),
                );
                len((q.0.max(0.0), q.1.max(0.0))) + q.0.max(q.1).min(0.0) - round
            }
            Shape::Capsule { a, b, r } => {
                let pa = sub(p, a);
                let ba = sub(b, a);
                let bb = dot(ba, ba);
                let h = if bb > 0.0 {
                    (dot(pa, ba) / bb).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                len((pa.0 - ba.0 * h, pa.1 - ba.1 * h)) - r
            }
            Shape::Triangle(pts) => convex_distance(&pts, p),
            Shape::Hexagon(pts) => convex_distance(&pts, p),
        }
    }

    /// Box `(x0, y0, x1, y1)` containing the shape.
    pub(super) fn bounds(&self) -> (f32, f32, f32, f32) {
        match *self {
            Shape::Circle { c, r } => (c.0 - r, c.1 - r, c.0 + r, c.1 + r),
            Shape::Box { c, half, rot, .. } => {
                // Extents of the turned rectangle (a long thin bar stays a thin box).
                let ex = (half.0 * rot.0).abs() + (half.1 * rot.1).abs();
                let ey = (half.0 * rot.1).abs() + (half.1 * rot.0).abs();
                (c.0 - ex, c.1 - ey, c.0 + ex, c.1 + ey)
            }
            Shape::Capsule { a, b, r } => (
                a.0.min(b.0) - r,
                a.1.min(b.1) - r,
                a.0.max(b.0) + r,
                a.1.max(b.1) + r,
            ),
            Shape::Triangle(pts) => points_bounds(&pts),
            Shape::Hexagon(pts) => points_bounds(&pts),
        }
    }

    /// The same shape moved by `by`.
    pub(super) fn translated(&self, by: Pt) -> Shape {
        let t = |p: Pt| (p.0 + by.0, p.1 + by.1);
        match *self {
            Shape::Circle { c, r } => Shape::Circle { c: t(c), r },
            Shape::Box {
                c,
                half,
                round,
                rot,
            } => Shape::Box {
                c: t(c),
                half,
                round,
                rot,
            },
            Shape::Capsule { a, b, r } => Shape::Capsule {
                a: t(a),
                b: t(b),
                r,
            },
            Shape::Triangle(pts) => Shape::Triangle(pts.map(t)),
            Shape::Hexagon(pts) => Shape::Hexagon(pts.map(t)),
        }
    }

    /// Every number of the shape, to tell shapes apart in a cache.
    pub(super) fn key(&self) -> [u32; 13] {
        let mut k = [0u32; 13];
        let mut put = |i: usize, v: f32| k[i] = v.to_bits();
        match *self {
            Shape::Circle { c, r } => {
                put(1, c.0);
                put(2, c.1);
                put(3, r);
            }
            Shape::Box {
                c,
                half,
                round,
                rot,
            } => {
                for (i, v) in [c.0, c.1, half.0, half.1, round, rot.0, rot.1]
                    .into_iter()
                    .enumerate()
                {
                    put(i + 1, v);
                }
            }
            Shape::Capsule { a, b, r } => {
                for (i, v) in [a.0, a.1, b.0, b.1, r].into_iter().enumerate() {
                    put(i + 1, v);
                }
            }
            Shape::Triangle(pts) => {
                for (i, p) in pts.into_iter().enumerate() {
                    put(2 * i + 1, p.0);
                    put(2 * i + 2, p.1);
                }
            }
            Shape::Hexagon(pts) => {
                for (i, p) in pts.into_iter().enumerate() {
                    put(2 * i + 1, p.0);
                    put(2 * i + 2, p.1);
                }
            }
        }
        k[0] = match self {
            Shape::Circle { .. } => 0,
            Shape::Box { .. } => 1,
            Shape::Capsule { .. } => 2,
            Shape::Triangle(_) => 3,
            Shape::Hexagon(_) => 4,
        };
        k
    }
}

pub(super) fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}

fn dot(a: Pt, b: Pt) -> f32 {
    a.0 * b.0 + a.1 * b.1
}

pub(super) fn len(a: Pt) -> f32 {
    dot(a, a).sqrt()
}

fn points_bounds(pts: &[Pt]) -> (f32, f32, f32, f32) {
    pts.iter().fold(
        (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
        |(x0, y0, x1, y1), p| (x0.min(p.0), y0.min(p.1), x1.max(p.0), y1.max(p.1)),
    )
}

/// Distance to a convex polygon: the largest distance to the line of an edge. Exact inside and
/// along the edges, a slight underestimate beyond the corners, which only rounds the corners'
/// anti-aliasing by a fraction of a pixel.
fn convex_distance(pts: &[Pt], p: Pt) -> f32 {
    let n = pts.len();
    // Twice the signed area tells the winding, hence which side of each edge is outside.
    let area: f32 = (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum();
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    let mut d = f32::MIN;
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        let e = sub(b, a);
        let l = len(e);
        if l == 0.0 {
            continue;
        }
        // With the winding's sign folded in, this normal points out of the polygon.
        let normal = (sign * e.1 / l, -sign * e.0 / l);
        d = d.max(dot(sub(p, a), normal));
    }
    d
}

/// The shaft and heads of an arrow; nothing when `a` and `b` (nearly) coincide.
/// The length of a path (a curve sampled as points).
pub fn path_length(path: &[Pt]) -> f32 {
    path.windows(2).map(|w| len(sub(w[1], w[0]))).sum()
}

/// The point `s` along `path` from its start (its ends beyond).
pub fn path_point(path: &[Pt], s: f32) -> Pt {
    let mut left = s.max(0.0);
    for w in path.windows(2) {
        let d = len(sub(w[1], w[0]));
        if left <= d && d > 0.0 {
            let t = left / d;
            return (
                w[0].0 + (w[1].0 - w[0].0) * t,
                w[0].1 + (w[1].1 - w[0].1) * t,
            );
        }
        left -= d;
    }
    path.last().copied().unwrap_or((0.0, 0.0))
}

/// The shapes of an arrow along `path`: its shaft as short straight pieces (a chord of a few
/// pixels lies within a fraction of a pixel of these gentle curves), a head at the end, and one
/// at the start when `both`.
pub(super) fn curved_arrow_parts(path: &[Pt], width: f32, head: f32, both: bool) -> Vec<Shape> {
    /// Length of a straight piece of the shaft.
    const PIECE: f32 = 9.0;
    let total = path_length(path);
    if total.is_nan() || total < 1.0 {
        return Vec::new();
    }
    let head_len = head.min(total * if both { 0.5 } else { 0.8 });
    let tip = |at: f32, base_at: f32| -> Shape {
        let p = path_point(path, at);
        let base = path_point(path, base_at);
        let d = sub(p, base);
        let l = len(d).max(1e-3);
        let n = (-d.1 / l, d.0 / l);
        let hw = head_len * 0.62;
        Shape::Triangle([
            p,
            (base.0 + n.0 * hw, base.1 + n.1 * hw),
            (base.0 - n.0 * hw, base.1 - n.1 * hw),
        ])
    };
    // The shaft stops inside the heads so its round ends do not poke past the tips.
    let start = if both { head_len * 0.8 } else { 0.0 };
    let end = total - head_len * 0.8;
    let mut parts = Vec::new();
    let pieces = ((end - start) / PIECE).ceil().max(1.0) as usize;
    for k in 0..pieces {
        let a = start + (end - start) * k as f32 / pieces as f32;
        let b = start + (end - start) * (k + 1) as f32 / pieces as f32;
        if b > a {
            parts.push(Shape::line(path_point(path, a), path_point(path, b), width));
        }
    }
    parts.push(tip(total, total - head_len));
    if both {
        parts.push(tip(0.0, head_len));
    }
    parts
}

pub(super) fn arrow_parts(a: Pt, b: Pt, width: f32, head: f32, both: bool) -> [Option<Shape>; 3] {
    let d = sub(b, a);
    let l = len(d);
    if l.is_nan() || l < 1.0 {
        return [None, None, None];
    }
    let u = (d.0 / l, d.1 / l);
    let n = (-u.1, u.0);
    let head_len = head.min(l * if both { 0.5 } else { 0.8 });
    let tip = |p: Pt, dir: Pt| -> Shape {
        let base = (p.0 - dir.0 * head_len, p.1 - dir.1 * head_len);
        let hw = head_len * 0.62;
        Shape::Triangle([
            p,
            (base.0 + n.0 * hw, base.1 + n.1 * hw),
            (base.0 - n.0 * hw, base.1 - n.1 * hw),
        ])
    };
    // The shaft stops inside the head so its round end does not poke past the tip.
    let shaft_b = (b.0 - u.0 * head_len * 0.8, b.1 - u.1 * head_len * 0.8);
    let shaft_a = if both {
        (a.0 + u.0 * head_len * 0.8, a.1 + u.1 * head_len * 0.8)
    } else {
        a
    };
    let shaft = (len(sub(shaft_b, shaft_a)) > 0.0 && dot(sub(shaft_b, shaft_a), u) > 0.0)
        .then(|| Shape::line(shaft_a, shaft_b, width));
    [shaft, Some(tip(b, u)), both.then(|| tip(a, (-u.0, -u.1)))]
}
