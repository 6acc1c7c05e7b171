//! Anti-aliased drawing on an RGB image.
//!
//! Every shape is a signed distance function (negative inside, positive outside, in pixels); a
//! pixel's coverage is how far its centre lies inside the edge, clamped to one pixel. That gives
//! smooth edges for discs, rings, rounded squares, diamonds, thick lines and arrowheads with one
//! small loop, where `imageproc`'s circle and polygon fills are aliased.

use image::{Rgb, RgbImage};

/// A point in pixel space; pixel `(x, y)` covers `[x, x+1) × [y, y+1)`.
pub type Pt = (f32, f32);

/// An opaque colour.
pub type Colour = Rgb<u8>;

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
    fn distance(&self, p: Pt) -> f32 {
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
    fn bounds(&self) -> (f32, f32, f32, f32) {
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
}

fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}

fn dot(a: Pt, b: Pt) -> f32 {
    a.0 * b.0 + a.1 * b.1
}

fn len(a: Pt) -> f32 {
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

/// The picture being drawn.
pub struct Canvas {
    pub img: RgbImage,
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Colour) -> Canvas {
        Canvas {
            img: RgbImage::from_pixel(width, height, background),
        }
    }

    /// Fills `shape` grown outwards by `grow` pixels (negative shrinks it).
    pub fn fill(&mut self, shape: &Shape, grow: f32, colour: Colour) {
        self.fill_alpha(shape, grow, colour, 1.0);
    }

    /// Fills `shape` with `colour` at opacity `alpha` (0…1).
    pub fn fill_alpha(&mut self, shape: &Shape, grow: f32, colour: Colour, alpha: f32) {
        self.paint(shape, grow.max(0.0), colour, |d| {
            alpha * (0.5 - (d - grow)).clamp(0.0, 1.0)
        });
    }

    /// Draws the outline of `shape` as a band `width` pixels wide centred on the edge.
    pub fn stroke(&mut self, shape: &Shape, width: f32, colour: Colour) {
        let half = width / 2.0;
        self.paint(shape, half, colour, |d| {
            (0.5 - (d.abs() - half)).clamp(0.0, 1.0)
        });
    }

    /// A piece in one pass: its drop shadow, an outline `outline.0` wide outside the shape, the
    /// fill, and optionally a ring `(inset, width, colour)` inside the edge. One distance per
    /// pixel instead of one per layer, and none for the shadow where the piece covers it: the
    /// pieces are most of what each picture draws.
    pub fn piece(
        &mut self,
        shape: &Shape,
        shadow: (Pt, Colour, f32),
        outline: (f32, Colour),
        fill: Colour,
        ring: Option<(f32, f32, Colour)>,
    ) {
        let (off, shadow_colour, shadow_alpha) = shadow;
        let (w, outline_colour) = outline;
        let (x0, y0, x1, y1) = shape.bounds();
        let area = (
            x0 + off.0.min(0.0),
            y0 + off.1.min(0.0),
            x1 + off.0.max(0.0),
            y1 + off.1.max(0.0),
        );
        let (iw, ih) = (self.img.width() as f32, self.img.height() as f32);
        let m = w + 2.0;
        let xa = (area.0 - m).floor().clamp(0.0, iw) as u32;
        let xb = (area.2 + m).ceil().clamp(0.0, iw) as u32;
        let ya = (area.1 - m).floor().clamp(0.0, ih) as u32;
        let yb = (area.3 + m).ceil().clamp(0.0, ih) as u32;
        for y in ya..yb {
            for x in xa..xb {
                let p = (x as f32 + 0.5, y as f32 + 0.5);
                let d = shape.distance(p);
                let px = self.img.get_pixel_mut(x, y);
                if d > w - 0.5 {
                    let ds = shape.distance((p.0 - off.0, p.1 - off.1)) - 1.0;
                    blend(px, shadow_colour, shadow_alpha * (0.5 - ds).clamp(0.0, 1.0));
                }
                blend(px, outline_colour, (0.5 - (d - w)).clamp(0.0, 1.0));
                blend(px, fill, (0.5 - d).clamp(0.0, 1.0));
                if let Some((inset, width, colour)) = ring {
                    let band = (d + inset).abs() - width / 2.0;
                    blend(px, colour, (0.5 - band).clamp(0.0, 1.0));
                }
            }
        }
    }

    /// A dashed circle: `dashes` dashes, each filling `duty` (0…1) of its share of the ring.
    pub fn dashed_ring(
        &mut self,
        c: Pt,
        r: f32,
        width: f32,
        dashes: u32,
        duty: f32,
        colour: Colour,
    ) {
        let half = width / 2.0;
        let period = std::f32::consts::TAU / dashes.max(1) as f32;
        let shape = Shape::circle(c, r);
        let (x0, y0, x1, y1) = shape.bounds();
        self.paint_area((x0, y0, x1, y1), half + 1.0, colour, |p| {
            let v = sub(p, c);
            let dist = len(v);
            let band = (0.5 - ((dist - r).abs() - half)).clamp(0.0, 1.0);
            if band == 0.0 {
                return 0.0;
            }
            let phase = (v.1.atan2(v.0) + std::f32::consts::PI) / period;
            let f = phase - phase.floor();
            // Distance in pixels along the arc to the nearer end of the dash.
            let along = (f.min(duty - f)) * period * r;
            band * (0.5 + along).clamp(0.0, 1.0)
        });
    }

    fn paint(&mut self, shape: &Shape, margin: f32, colour: Colour, cover: impl Fn(f32) -> f32) {
        let bounds = shape.bounds();
        self.paint_area(bounds, margin, colour, |p| cover(shape.distance(p)));
    }

    /// Blends `colour` over every pixel of the area (grown by `margin` plus one pixel for the
    /// anti-aliased edge) with the coverage `cover` gives for the pixel's centre.
    fn paint_area(
        &mut self,
        (x0, y0, x1, y1): (f32, f32, f32, f32),
        margin: f32,
        colour: Colour,
        cover: impl Fn(Pt) -> f32,
    ) {
        let (w, h) = (self.img.width() as f32, self.img.height() as f32);
        let m = margin + 1.0;
        // Clamping in f32 before the cast keeps NaN and huge values from wrapping around.
        let xa = (x0 - m).floor().clamp(0.0, w) as u32;
        let xb = (x1 + m).ceil().clamp(0.0, w) as u32;
        let ya = (y0 - m).floor().clamp(0.0, h) as u32;
        let yb = (y1 + m).ceil().clamp(0.0, h) as u32;
        for y in ya..yb {
            for x in xa..xb {
                let a = cover((x as f32 + 0.5, y as f32 + 0.5));
                if a > 0.0 {
                    blend(self.img.get_pixel_mut(x, y), colour, a);
                }
            }
        }
    }

    /// Blends `colour` over pixel `(x, y)` with opacity `a`, ignoring pixels off the picture.
    pub fn blend_pixel(&mut self, x: i64, y: i64, colour: Colour, a: f32) {
        if x >= 0
            && y >= 0
            && (x as u64) < self.img.width() as u64
            && (y as u64) < self.img.height() as u64
        {
            blend(self.img.get_pixel_mut(x as u32, y as u32), colour, a);
        }
    }

    /// Fills an axis-aligned rectangle without anti-aliasing (bands of the header and footer).
    pub fn fill_rect(&mut self, x: u32, y: u32, w: u32, h: u32, colour: Colour) {
        let rect = imageproc::rect::Rect::at(x as i32, y as i32).of_size(w.max(1), h.max(1));
        imageproc::drawing::draw_filled_rect_mut(&mut self.img, rect, colour);
    }

    /// An arrow from `a` to `b` with a head at `b` (and at `a` too when `both`).
    pub fn arrow(&mut self, a: Pt, b: Pt, width: f32, head: f32, both: bool, colour: Colour) {
        for part in arrow_parts(a, b, width, head, both).into_iter().flatten() {
            self.fill(&part, 0.0, colour);
        }
    }

    /// [`Canvas::arrow`] on a pale outline, so it stands out on pieces of any colour.
    #[allow(clippy::too_many_arguments)]
    pub fn arrow_with_halo(
        &mut self,
        a: Pt,
        b: Pt,
        width: f32,
        head: f32,
        both: bool,
        colour: Colour,
        halo: Colour,
    ) {
        for part in arrow_parts(a, b, width, head, both).into_iter().flatten() {
            self.fill_alpha(&part, 2.5, halo, 0.9);
        }
        self.arrow(a, b, width, head, both, colour);
    }
}

/// The shaft and heads of an arrow; nothing when `a` and `b` (nearly) coincide.
fn arrow_parts(a: Pt, b: Pt, width: f32, head: f32, both: bool) -> [Option<Shape>; 3] {
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

/// `dst ← dst + (colour − dst)·a`, with `a` rounded to eighths: edges look as smooth, and the
/// fewer distinct blends let the PNG of a board shrink by about a third (measured: 208 kB →
/// 145 kB for the Fibonacci start position), which keeps every picture well under 300 kB.
/// Integer arithmetic, and a plain copy for full coverage, because this runs for most pixels of
/// every piece: with `f32::round` per channel it was most of the render time.
fn blend(dst: &mut Colour, colour: Colour, a: f32) {
    // `as` saturates and maps NaN to 0, so any coverage lands in 0..=8.
    let k = (a * 8.0 + 0.5) as i32;
    if k <= 0 {
        return;
    }
    if k >= 8 {
        *dst = colour;
        return;
    }
    for (d, s) in dst.0.iter_mut().zip(colour.0) {
        let v = *d as i32 + (((s as i32 - *d as i32) * k + 4) >> 3);
        *d = v.clamp(0, 255) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHITE: Colour = Rgb([255, 255, 255]);
    const BLACK: Colour = Rgb([0, 0, 0]);

    #[test]
    fn filled_circle_covers_its_inside_only() {
        let mut c = Canvas::new(40, 40, WHITE);
        c.fill(&Shape::circle((20.0, 20.0), 10.3), 0.0, BLACK);
        assert_eq!(*c.img.get_pixel(20, 20), BLACK);
        assert_eq!(*c.img.get_pixel(20, 5), WHITE);
        // A pixel straddling the edge is a blend, not either colour.
        let edge = c.img.get_pixel(30, 20).0[0];
        assert!(edge > 0 && edge < 255, "edge pixel {edge}");
    }

    #[test]
    fn diamond_is_pointed_square_is_not() {
        let mut d = Canvas::new(40, 40, WHITE);
        d.fill(&Shape::diamond((20.0, 20.0), 14.0, 0.0), 0.0, BLACK);
        let mut s = Canvas::new(40, 40, WHITE);
        s.fill(&Shape::square((20.0, 20.0), 10.0, 0.0), 0.0, BLACK);
        // Near a square's corner the diamond is empty, and the other way round at its tips.
        assert_eq!(*d.img.get_pixel(11, 11), WHITE);
        assert_eq!(*s.img.get_pixel(11, 11), BLACK);
        assert_eq!(*d.img.get_pixel(20, 8), BLACK);
        assert_eq!(*s.img.get_pixel(20, 8), WHITE);
    }

    #[test]
    fn shapes_off_the_picture_or_degenerate_draw_nothing_and_do_not_panic() {
        let mut c = Canvas::new(10, 10, WHITE);
        c.fill(&Shape::circle((-100.0, -100.0), 5.0), 0.0, BLACK);
        c.fill(&Shape::circle((f32::NAN, 3.0), 5.0), 0.0, BLACK);
        c.fill(&Shape::line((5.0, 5.0), (5.0, 5.0), 0.0), 0.0, BLACK);
        c.arrow((1.0, 1.0), (1.0, 1.0), 3.0, 5.0, true, BLACK);
        c.dashed_ring((5.0, 5.0), 0.0, 1.0, 0, 0.5, BLACK);
        c.blend_pixel(-1, 20, BLACK, 1.0);
        assert_eq!(*c.img.get_pixel(0, 0), WHITE);
    }

    #[test]
    fn arrow_reaches_its_tip() {
        let mut c = Canvas::new(60, 20, WHITE);
        c.arrow((5.0, 10.0), (55.0, 10.0), 3.0, 12.0, false, BLACK);
        assert_eq!(*c.img.get_pixel(30, 10), BLACK);
        assert_eq!(*c.img.get_pixel(52, 10), BLACK);
        assert_eq!(*c.img.get_pixel(58, 10), WHITE);
    }
}
