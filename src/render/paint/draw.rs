//! Drawing on a [`Canvas`]: shapes filled or stroked through their stencils, pieces through
//! their sprites, arrows, and plain rectangles.

use super::shape::{arrow_parts, curved_arrow_parts};
use super::sprite::{Look, sprite};
use super::stencil::{Op, Stencil, StencilKey, stencil};
use super::{Canvas, Colour, Ink, Pt, Shape};

impl Canvas {
    /// Fills `shape` grown outwards by `grow` pixels (negative shrinks it).
    pub fn fill(&mut self, shape: &Shape, grow: f32, colour: Colour) {
        self.fill_alpha(shape, grow, colour, 1.0);
    }

    /// Fills `shape` with `colour` at opacity `alpha` (0…1).
    pub fn fill_alpha(&mut self, shape: &Shape, grow: f32, colour: Colour, alpha: f32) {
        self.paint(shape, Op::Fill { grow, alpha }, colour);
    }

    /// Draws the outline of `shape` as a band `width` pixels wide centred on the edge.
    pub fn stroke(&mut self, shape: &Shape, width: f32, colour: Colour) {
        self.paint(shape, Op::Stroke { width }, colour);
    }

    /// A piece in one pass: its drop shadow, an outline `outline.0` wide outside the shape, the
    /// fill, and optionally a ring `(inset, width, colour)` inside the edge.
    ///
    /// The pieces are most of what each picture draws, and every piece of one kind and colour
    /// looks the same wherever it stands: its coverages are worked out once (see [`Sprite`])
    /// and blended at each position, which draws exactly the same pixels.
    pub fn piece(
        &mut self,
        shape: &Shape,
        shadow: (Pt, Colour, f32),
        outline: (f32, Colour),
        fill: Colour,
        ring: Option<(f32, f32, Colour)>,
    ) {
        let (x0, y0, _, _) = shape.bounds();
        let anchor = (x0.floor(), y0.floor());
        // Far off the picture (or not a number) nothing is drawn; whole pixels keep the
        // translated shape's arithmetic exact.
        if !(anchor.0.abs() < 1.0e5 && anchor.1.abs() < 1.0e5) {
            return;
        }
        let look = Look {
            shape: shape.translated((-anchor.0, -anchor.1)),
            shadow,
            outline,
            fill,
            ring,
        };
        let sprite = sprite(&look);
        sprite.blend_onto(self, (anchor.0 as i64, anchor.1 as i64));
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
        let op = Op::Dashed {
            width,
            dashes,
            duty,
        };
        self.paint(&Shape::circle(c, r), op, colour);
    }

    /// Draws `op` of `shape` in `colour`, through the stencil of the shape placed at its
    /// sub-pixel offset: the rings, discs and arrows of a board land on the same offsets
    /// picture after picture, so their coverages are worked out once.
    fn paint(&mut self, shape: &Shape, op: Op, colour: Colour) {
        let (x0, y0, _, _) = shape.bounds();
        let anchor = (x0.floor(), y0.floor());
        // Far off the picture (or not a number) nothing is drawn; whole pixels keep the
        // translated shape's arithmetic exact.
        if !(anchor.0.abs() < 1.0e5 && anchor.1.abs() < 1.0e5) {
            return;
        }
        let local = shape.translated((-anchor.0, -anchor.1));
        let stencil = stencil(StencilKey::Shape(op.key(), local.key()), || {
            op.stencil(&local)
        });
        let ink = self.ink(colour);
        self.apply(&stencil, (anchor.0 as i64, anchor.1 as i64), ink);
    }

    /// Blends `ink` through `stencil` placed with its origin at pixel `at`, clipped to the
    /// picture.
    pub fn apply(&mut self, stencil: &Stencil, at: (i64, i64), ink: Ink) {
        let (w, h) = (self.width as i64, self.height as i64);
        let full = self.inks[ink.0].full;
        for span in &stencil.spans {
            let y = at.1 + span.dy as i64;
            let left = at.0 + span.dx as i64;
            let (xs, xe) = (left.max(0), (left + span.len as i64).min(w));
            if y < 0 || y >= h || xs >= xe {
                continue;
            }
            self.mark(y as usize, xs as usize, xe as usize);
            let from = span.start as usize + (xs - left) as usize;
            let cover = &stencil.cover[from..from + (xe - xs) as usize];
            let start = (y * w + xs) as usize;
            let mut j = 0;
            while j < cover.len() {
                match cover[j] {
                    0 => j += 1,
                    8.. => {
                        let run = cover[j..].iter().take_while(|&&k| k >= 8).count();
                        self.fill_run(start + j..start + j + run, full);
                        j += run;
                    }
                    k => {
                        self.blend_at(start + j, ink, k);
                        j += 1;
                    }
                }
            }
        }
    }

    /// Fills an axis-aligned rectangle without anti-aliasing (bands of the header and footer).
    pub fn fill_rect(&mut self, x: u32, y: u32, w: u32, h: u32, colour: Colour) {
        let index = self.index(colour);
        let x0 = (x.min(self.width)) as usize;
        let x1 = (x.saturating_add(w.max(1)).min(self.width)) as usize;
        let stride = self.width as usize;
        for row in y..y.saturating_add(h.max(1)).min(self.height) {
            let start = row as usize * stride;
            self.mark(row as usize, x0, x1);
            self.fill_run(start + x0..start + x1, index);
        }
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

    /// An arrow along `path` (a curve sampled as points) with a head at its end, and at its start
    /// too when `both`, on a pale outline like [`Canvas::arrow_with_halo`].
    #[allow(clippy::too_many_arguments)]
    pub fn arrow_along(
        &mut self,
        path: &[Pt],
        width: f32,
        head: f32,
        both: bool,
        colour: Colour,
        halo: Colour,
    ) {
        let parts = curved_arrow_parts(path, width, head, both);
        for part in &parts {
            self.fill_alpha(part, 2.5, halo, 0.9);
        }
        for part in &parts {
            self.fill(part, 0.0, colour);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{BLACK, WHITE};
    use super::*;

    #[test]
    fn filled_circle_covers_its_inside_only() {
        let mut c = Canvas::new(40, 40, WHITE);
        c.fill(&Shape::circle((20.0, 20.0), 10.3), 0.0, BLACK);
        assert_eq!(*c.to_rgb().get_pixel(20, 20), BLACK);
        assert_eq!(*c.to_rgb().get_pixel(20, 5), WHITE);
        // A pixel straddling the edge is a blend, not either colour.
        let edge = c.to_rgb().get_pixel(30, 20).0[0];
        assert!(edge > 0 && edge < 255, "edge pixel {edge}");
    }

    #[test]
    fn diamond_is_pointed_square_is_not() {
        let mut d = Canvas::new(40, 40, WHITE);
        d.fill(&Shape::diamond((20.0, 20.0), 14.0, 0.0), 0.0, BLACK);
        let mut s = Canvas::new(40, 40, WHITE);
        s.fill(&Shape::square((20.0, 20.0), 10.0, 0.0), 0.0, BLACK);
        // Near a square's corner the diamond is empty, and the other way round at its tips.
        assert_eq!(*d.to_rgb().get_pixel(11, 11), WHITE);
        assert_eq!(*s.to_rgb().get_pixel(11, 11), BLACK);
        assert_eq!(*d.to_rgb().get_pixel(20, 8), BLACK);
        assert_eq!(*s.to_rgb().get_pixel(20, 8), WHITE);
    }

    #[test]
    fn shapes_off_the_picture_or_degenerate_draw_nothing_and_do_not_panic() {
        let mut c = Canvas::new(10, 10, WHITE);
        c.fill(&Shape::circle((-100.0, -100.0), 5.0), 0.0, BLACK);
        c.fill(&Shape::circle((f32::NAN, 3.0), 5.0), 0.0, BLACK);
        c.fill(&Shape::line((5.0, 5.0), (5.0, 5.0), 0.0), 0.0, BLACK);
        c.arrow((1.0, 1.0), (1.0, 1.0), 3.0, 5.0, true, BLACK);
        c.dashed_ring((5.0, 5.0), 0.0, 1.0, 0, 0.5, BLACK);
        // A stencil reaching past every edge is clipped.
        let mut stencil = Stencil::default();
        stencil.push_row((-5, 0), &[8; 30]);
        let ink = c.ink(BLACK);
        c.apply(&stencil, (0, -1), ink);
        c.apply(&stencil, (-30, 5), ink);
        c.apply(&stencil, (5, 20), ink);
        assert_eq!(*c.to_rgb().get_pixel(0, 0), WHITE);
    }

    #[test]
    fn arrow_reaches_its_tip() {
        let mut c = Canvas::new(60, 20, WHITE);
        c.arrow((5.0, 10.0), (55.0, 10.0), 3.0, 12.0, false, BLACK);
        assert_eq!(*c.to_rgb().get_pixel(30, 10), BLACK);
        assert_eq!(*c.to_rgb().get_pixel(52, 10), BLACK);
        assert_eq!(*c.to_rgb().get_pixel(58, 10), WHITE);
    }
}
