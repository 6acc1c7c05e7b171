//! Anti-aliased drawing on an RGB image.
//!
//! Every shape is a signed distance function (negative inside, positive outside, in pixels); a
//! pixel's coverage is how far its centre lies inside the edge, clamped to one pixel. That gives
//! smooth edges for discs, rings, rounded squares, diamonds, thick lines and arrowheads with one
//! small loop, where `imageproc`'s circle and polygon fills are aliased.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, PoisonError};

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

    /// The same shape moved by `by`.
    fn translated(&self, by: Pt) -> Shape {
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
    fn key(&self) -> [u32; 13] {
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

/// Hashes the few bytes of a colour in one multiplication: the palette is looked up for every
/// anti-aliased pixel of a piece, where the standard hasher took a third of the drawing time.
#[derive(Clone, Copy, Debug, Default)]
struct ColourHasher(u64);

impl Hasher for ColourHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
}

type ColourMap<V> = HashMap<Colour, V, BuildHasherDefault<ColourHasher>>;

/// A colour ready to blend on a [`Canvas`]: its place in the canvas's table of blends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ink(usize);

/// No blend worked out yet, in an [`InkTable`].
const UNKNOWN: Index = Index::MAX;

/// A place in a canvas's palette.
type Index = u16;

/// What blending one colour over each colour of the palette gives, worked out on first use.
#[derive(Clone, Debug)]
struct InkTable {
    colour: Colour,
    /// Palette index of the colour itself (full coverage).
    full: Index,
    /// Palette index of the blend over palette index `i` at coverage `k` eighths (1…7), at
    /// `i * 7 + k - 1`; grown as the palette grows.
    over: Vec<Index>,
}

/// The picture being drawn, as one palette index per pixel. Blending is a table look-up, and
/// the picture becomes a palette PNG (a third of the data of an RGB one, which deflate
/// compresses several times faster) with the palette it already has: see
/// [`Canvas::write_indexed`].
#[derive(Clone, Debug)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<Index>,
    /// Every colour drawn so far (blends that were drawn over later included), in the order
    /// they were first drawn.
    colours: Vec<Colour>,
    /// How many pixels hold each colour now: kept up to date by every write, so that choosing
    /// the PNG's palette needs no pass over the picture.
    counts: Vec<u32>,
    index_of: ColourMap<Index>,
    inks: Vec<InkTable>,
    ink_of: ColourMap<Ink>,
    /// Per row, the columns `from..to` written since the canvas was last reset to its base
    /// (none when `from >= to`): copying back only those makes it the base again.
    dirty: Vec<(u32, u32)>,
    /// Where the background it was last reset to lives (see [`Canvas::reset_to`]).
    base: Option<usize>,
}

/// A row of [`Canvas::dirty`] with nothing written.
const CLEAN: (u32, u32) = (u32::MAX, 0);

impl Canvas {
    pub fn new(width: u32, height: u32, background: Colour) -> Canvas {
        let mut c = Canvas {
            width,
            height,
            pixels: Vec::new(),
            colours: Vec::new(),
            counts: Vec::new(),
            index_of: ColourMap::default(),
            inks: Vec::new(),
            ink_of: ColourMap::default(),
            dirty: vec![CLEAN; height as usize],
            base: None,
        };
        let bg = c.index(background);
        c.pixels = vec![bg; width as usize * height as usize];
        c.counts[bg as usize] = width.saturating_mul(height);
        c
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    /// Makes this canvas a copy of `background` in the memory it already has. When it was
    /// reset to the same background before, only what was drawn since is copied back: a
    /// picture changes a fraction of its board.
    pub fn reset_to(&mut self, background: &'static Canvas) {
        // A background lives as long as the program, so its address names it.
        let base = std::ptr::from_ref(background) as usize;
        let same_size = (self.width, self.height) == (background.width, background.height);
        if self.base == Some(base) && same_size {
            let width = self.width as usize;
            for (y, &(from, to)) in self.dirty.iter().enumerate() {
                if from < to {
                    let row = y * width + from as usize..y * width + to as usize;
                    self.pixels[row.clone()].copy_from_slice(&background.pixels[row]);
                }
            }
        } else {
            self.pixels.clone_from(&background.pixels);
        }
        self.width = background.width;
        self.height = background.height;
        self.colours.clone_from(&background.colours);
        self.counts.clone_from(&background.counts);
        self.index_of.clone_from(&background.index_of);
        self.inks.clone_from(&background.inks);
        self.ink_of.clone_from(&background.ink_of);
        self.dirty.clear();
        self.dirty.resize(self.height as usize, CLEAN);
        self.base = Some(base);
    }

    /// Notes that columns `from..to` of row `y` are being written.
    fn mark(&mut self, y: usize, from: usize, to: usize) {
        let row = &mut self.dirty[y];
        row.0 = row.0.min(from as u32);
        row.1 = row.1.max(to as u32);
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The picture in RGB, exactly as drawn.
    pub fn to_rgb(&self) -> RgbImage {
        let raw: Vec<u8> = self
            .pixels
            .iter()
            .flat_map(|&i| self.colours[i as usize].0)
            .collect();
        RgbImage::from_raw(self.width, self.height, raw)
            .unwrap_or_else(|| RgbImage::new(self.width, self.height))
    }

    /// The picture with at most 256 colours, as a palette PNG holds it: each row as PNG
    /// compresses it (its filter type, 0 for none, then one index per pixel) into `scanlines`,
    /// and the palette (red, green, blue of each colour, as the `PLTE` chunk wants them)
    /// returned. A board needs more than 256 colours only for the rarest anti-aliased edge
    /// pixels (shadow over line over board): the 256 commonest colours are kept exactly, and
    /// each of the others is drawn as the nearest of them. Blends that were drawn over later
    /// are left out.
    pub fn write_indexed(&self, scanlines: &mut Vec<u8>) -> Vec<u8> {
        let counts = &self.counts;
        let mut used: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 0).collect();
        // Commonest first; ties by first use, so the same board always gives the same file.
        used.sort_by_key(|&i| (std::cmp::Reverse(counts[i]), i));
        let (kept, dropped) = used.split_at(used.len().min(256));
        // Indexed by any palette index, so that looking a pixel up needs no bounds check.
        let mut map = [0u8; 1 << Index::BITS];
        for (slot, &i) in kept.iter().enumerate() {
            map[i] = slot as u8;
        }
        let nearest = Nearest::new(kept.iter().map(|&i| self.colours[i]));
        for &i in dropped {
            map[i] = nearest.slot(self.colours[i]);
        }
        let width = self.width as usize;
        // Every byte is written below: a buffer of the right size is not cleared first.
        scanlines.resize((width + 1) * self.height as usize, 0);
        if width > 0 {
            // Sixteen pixels at a time while they are of one colour: a board is mostly long
            // runs.
            const STEP: usize = 16;
            for (row, line) in self
                .pixels
                .chunks_exact(width)
                .zip(scanlines.chunks_exact_mut(width + 1))
            {
                line[0] = 0;
                let mut pixels = row.chunks_exact(STEP);
                let mut bytes = line[1..].chunks_exact_mut(STEP);
                for (chunk, out) in (&mut pixels).zip(&mut bytes) {
                    // Each pixel equal to the one before it: two vector compares (a fold
                    // against the first pixel compiled to shuffles, 7% of a render).
                    if chunk[1..] == chunk[..STEP - 1] {
                        out.fill(map[chunk[0] as usize]);
                    } else {
                        for (o, &p) in out.iter_mut().zip(chunk) {
                            *o = map[p as usize];
                        }
                    }
                }
                for (o, &p) in bytes.into_remainder().iter_mut().zip(pixels.remainder()) {
                    *o = map[p as usize];
                }
            }
        }
        kept.iter().flat_map(|&i| self.colours[i].0).collect()
    }

    /// The palette index of `colour`, added on first use (past 65 535 colours, which no board
    /// comes near, the nearest one there).
    fn index(&mut self, colour: Colour) -> Index {
        if let Some(&i) = self.index_of.get(&colour) {
            return i;
        }
        let i = if self.colours.len() < UNKNOWN as usize {
            self.colours.push(colour);
            self.counts.push(0);
            (self.colours.len() - 1) as Index
        } else {
            let nearest =
                (0..self.colours.len()).min_by_key(|&i| distance(self.colours[i], colour));
            nearest.unwrap_or(0) as Index
        };
        self.index_of.insert(colour, i);
        i
    }

    /// `colour` as an [`Ink`], to blend with.
    pub fn ink(&mut self, colour: Colour) -> Ink {
        if let Some(&ink) = self.ink_of.get(&colour) {
            return ink;
        }
        let full = self.index(colour);
        self.inks.push(InkTable {
            colour,
            full,
            over: Vec::new(),
        });
        let ink = Ink(self.inks.len() - 1);
        self.ink_of.insert(colour, ink);
        ink
    }

    /// The palette index of `ink` blended over palette index `under` at `k` eighths.
    #[inline]
    fn blended(&mut self, ink: Ink, under: Index, k: u8) -> Index {
        match k {
            0 => under,
            8.. => self.inks[ink.0].full,
            _ => {
                let slot = under as usize * 7 + (k as usize - 1);
                match self.inks[ink.0].over.get(slot) {
                    Some(&known) if known != UNKNOWN => known,
                    _ => self.blend_anew(ink, under, k),
                }
            }
        }
    }

    /// [`Canvas::blended`] the first time: works the blend out and notes it in the table.
    #[cold]
    fn blend_anew(&mut self, ink: Ink, under: Index, k: u8) -> Index {
        let slot = under as usize * 7 + (k as usize - 1);
        let table = &mut self.inks[ink.0];
        if table.over.len() <= slot {
            table.over.resize((under as usize + 1) * 7, UNKNOWN);
        }
        let mut c = self.colours[under as usize];
        blend_eighths(&mut c, table.colour, k);
        let i = self.index(c);
        self.inks[ink.0].over[slot] = i;
        i
    }

    /// Blends `ink` at `k` eighths over the pixel at offset `i` of the picture.
    fn blend_at(&mut self, i: usize, ink: Ink, k: u8) {
        let colour = self.blended(ink, self.pixels[i], k);
        self.put(i, colour);
    }

    /// Sets the pixel at offset `i` to palette index `colour`.
    fn put(&mut self, i: usize, colour: Index) {
        let old = std::mem::replace(&mut self.pixels[i], colour);
        if old != colour {
            self.counts[old as usize] -= 1;
            self.counts[colour as usize] += 1;
        }
    }

    /// Sets the pixels at offsets `range` to `colour`. The counts are kept by runs of the
    /// colours replaced: one count updated per pixel was most of the time of drawing a piece.
    fn fill_run(&mut self, range: std::ops::Range<usize>, colour: Index) {
        let counts = &mut self.counts;
        let (mut replaced, mut run) = (colour, 0);
        for p in &mut self.pixels[range.clone()] {
            if *p != replaced {
                counts[replaced as usize] -= run;
                (replaced, run) = (*p, 0);
            }
            run += 1;
            *p = colour;
        }
        counts[replaced as usize] -= run;
        counts[colour as usize] += range.len() as u32;
    }

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
}

/// How a shape is drawn.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// The shape grown by `grow` pixels, at opacity `alpha`.
    Fill { grow: f32, alpha: f32 },
    /// A band `width` pixels wide centred on the outline.
    Stroke { width: f32 },
    /// `dashes` dashes along a circle's outline, each filling `duty` of its share.
    Dashed { width: f32, dashes: u32, duty: f32 },
}

impl Op {
    fn key(&self) -> [u32; 4] {
        match *self {
            Op::Fill { grow, alpha } => [0, grow.to_bits(), alpha.to_bits(), 0],
            Op::Stroke { width } => [1, width.to_bits(), 0, 0],
            Op::Dashed {
                width,
                dashes,
                duty,
            } => [2, width.to_bits(), dashes, duty.to_bits()],
        }
    }

    /// What `self` covers of each pixel around `shape`, out to its margin plus one pixel for
    /// the anti-aliased edge.
    fn stencil(&self, shape: &Shape) -> Stencil {
        let margin = match *self {
            Op::Fill { grow, .. } => grow.max(0.0),
            Op::Stroke { width } => width / 2.0,
            Op::Dashed { width, .. } => width / 2.0 + 1.0,
        };
        let (x0, y0, x1, y1) = shape.bounds();
        let m = margin + 1.0;
        let area = (
            (x0 - m).floor() as i64,
            (y0 - m).floor() as i64,
            (x1 + m).ceil() as i64,
            (y1 + m).ceil() as i64,
        );
        match *self {
            Op::Fill { grow, alpha } => Stencil::from_coverage(area, |p| {
                alpha * (0.5 - (shape.distance(p) - grow)).clamp(0.0, 1.0)
            }),
            Op::Stroke { width } => Stencil::from_coverage(area, |p| {
                (0.5 - (shape.distance(p).abs() - width / 2.0)).clamp(0.0, 1.0)
            }),
            Op::Dashed {
                width,
                dashes,
                duty,
            } => {
                let (c, r) = match *shape {
                    Shape::Circle { c, r } => (c, r),
                    _ => return Stencil::default(),
                };
                let half = width / 2.0;
                let period = std::f32::consts::TAU / dashes.max(1) as f32;
                Stencil::from_coverage(area, |p| {
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
                })
            }
        }
    }
}

/// What one drawing (a shape, a line of text) covers of each pixel, relative to a whole-pixel
/// origin, in eighths: worked out once, blended wherever and in whatever colour it is drawn
/// again. Only the covered stretches of each row are kept.
#[derive(Debug, Default)]
pub struct Stencil {
    spans: Vec<Span>,
    /// The coverages of every span, one after the other.
    cover: Vec<u8>,
}

/// A stretch of one row of a [`Stencil`]: `len` pixels from `(dx, dy)`, their coverages from
/// `start` in [`Stencil::cover`]. Spans are blended in order (they may overlap: the glyphs of
/// a line of text).
#[derive(Clone, Copy, Debug)]
struct Span {
    dx: i32,
    dy: i32,
    start: u32,
    len: u32,
}

impl Stencil {
    /// The coverage `cover` gives for the centre of each pixel of `(x0, y0, x1, y1)`.
    fn from_coverage((x0, y0, x1, y1): (i64, i64, i64, i64), cover: impl Fn(Pt) -> f32) -> Stencil {
        let mut stencil = Stencil::default();
        let mut row = Vec::new();
        for y in y0..y1 {
            row.clear();
            row.extend((x0..x1).map(|x| eighths(cover((x as f32 + 0.5, y as f32 + 0.5)))));
            stencil.push_row((x0, y), &row);
        }
        stencil
    }

    /// Adds the coverages `row` of the pixels from `(x, y)` rightwards, as spans that skip
    /// what they do not cover (short gaps stay inside a span).
    pub fn push_row(&mut self, (x, y): (i64, i64), row: &[u8]) {
        const GAP: usize = 8;
        // Stencils are small and anchored near their origin; anything else is not drawn.
        let (Ok(x), Ok(y)) = (i32::try_from(x), i32::try_from(y)) else {
            return;
        };
        let mut i = 0;
        while i < row.len() {
            if row[i] == 0 {
                i += 1;
                continue;
            }
            let mut last = i;
            let mut j = i + 1;
            while j < row.len() && j - last <= GAP {
                if row[j] != 0 {
                    last = j;
                }
                j += 1;
            }
            self.spans.push(Span {
                dx: x.saturating_add(i as i32),
                dy: y,
                start: self.cover.len() as u32,
                len: (last + 1 - i) as u32,
            });
            self.cover.extend_from_slice(&row[i..=last]);
            i = last + 1;
        }
    }

    /// Roughly the bytes it takes, for the cache's budget.
    fn weight(&self) -> usize {
        self.cover.len() + self.spans.len() * std::mem::size_of::<Span>() + 64
    }
}

/// What tells stencils apart: a shape's drawing ([`Op::key`], [`Shape::key`], the shape placed
/// near the origin) or a line of text at a sub-pixel offset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StencilKey {
    Shape([u32; 4], [u32; 13]),
    Text {
        face: u8,
        size: u32,
        offset: [u32; 2],
        text: String,
    },
}

/// The stencil of `key`, made by `make` on first use. The cache is bounded: past its budget
/// (names and notes of many games) it is emptied and fills again with what boards draw. Large
/// stencils (a whole board, drawn once into its background) are made and not kept.
pub fn stencil(key: StencilKey, make: impl FnOnce() -> Stencil) -> Arc<Stencil> {
    const BUDGET: usize = 8 << 20;
    const LARGEST: usize = 64 << 10;
    #[derive(Default)]
    struct Cache {
        stencils: HashMap<StencilKey, Arc<Stencil>>,
        weight: usize,
    }
    static CACHE: Mutex<Option<Cache>> = Mutex::new(None);
    let cached = {
        let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
        cache
            .get_or_insert_with(Cache::default)
            .stencils
            .get(&key)
            .cloned()
    };
    if let Some(stencil) = cached {
        return stencil;
    }
    let stencil = Arc::new(make());
    if stencil.weight() > LARGEST {
        return stencil;
    }
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let cache = cache.get_or_insert_with(Cache::default);
    if cache.weight + stencil.weight() > BUDGET {
        cache.stencils.clear();
        cache.weight = 0;
    }
    cache.weight += stencil.weight();
    cache.stencils.insert(key, Arc::clone(&stencil));
    stencil
}

/// Everything that decides how a piece looks, with its shape placed near the origin.
struct Look {
    shape: Shape,
    shadow: (Pt, Colour, f32),
    outline: (f32, Colour),
    fill: Colour,
    ring: Option<(f32, f32, Colour)>,
}

/// A [`Look`] as plain numbers, the key of the sprite cache.
type LookKey = ([u32; 13], [u32; 8], [[u8; 3]; 4]);

impl Look {
    fn key(&self) -> LookKey {
        let (off, shadow_colour, alpha) = self.shadow;
        let (w, outline_colour) = self.outline;
        let (inset, width, ring_colour) = self.ring.unwrap_or((0.0, 0.0, self.fill));
        let numbers = [
            off.0,
            off.1,
            alpha,
            w,
            inset,
            width,
            f32::from(u8::from(self.ring.is_some())),
            0.0,
        ]
        .map(f32::to_bits);
        let colours = [shadow_colour, outline_colour, self.fill, ring_colour].map(|c| c.0);
        (self.shape.key(), numbers, colours)
    }
}

/// A piece drawn once, as what each layer covers of each pixel around it: replaying the
/// blends draws exactly what working out the distances at every position did, at a fraction
/// of the cost.
struct Sprite {
    /// Top-left corner of the covered box, relative to where the [`Look`]'s origin lands.
    x0: i64,
    y0: i64,
    width: usize,
    /// Per pixel, row by row: the coverage in eighths of the shadow, the outline, the fill
    /// and the ring, blended in that order.
    covers: Vec<[u8; 4]>,
    /// Per pixel, how many pixels from it to the right, in its row, are clear or
    /// [`INSIDE`] like it (1 for an edge pixel): such runs are skipped or filled whole, without
    /// a look at each pixel.
    runs: Vec<u32>,
    colours: [Colour; 4],
}

/// A sprite pixel inside the fill, clear of the ring.
const INSIDE: [u8; 4] = [0, 0, 8, 0];
/// A sprite pixel that nothing covers.
const CLEAR: [u8; 4] = [0; 4];

impl Sprite {
    fn new(look: &Look) -> Sprite {
        let shape = &look.shape;
        let (off, shadow_colour, shadow_alpha) = look.shadow;
        let (w, outline_colour) = look.outline;
        let (x0, y0, x1, y1) = shape.bounds();
        let area = (
            x0 + off.0.min(0.0),
            y0 + off.1.min(0.0),
            x1 + off.0.max(0.0),
            y1 + off.1.max(0.0),
        );
        let m = w + 2.0;
        let xa = (area.0 - m).floor() as i64;
        let xb = ((area.2 + m).ceil() as i64).max(xa);
        let ya = (area.1 - m).floor() as i64;
        let yb = ((area.3 + m).ceil() as i64).max(ya);
        let width = (xb - xa) as usize;
        let mut covers = Vec::with_capacity(width * (yb - ya) as usize);
        for y in ya..yb {
            for x in xa..xb {
                let p = (x as f32 + 0.5, y as f32 + 0.5);
                let d = shape.distance(p);
                let shadow = if d > w - 0.5 {
                    let ds = shape.distance((p.0 - off.0, p.1 - off.1)) - 1.0;
                    eighths(shadow_alpha * (0.5 - ds).clamp(0.0, 1.0))
                } else {
                    0
                };
                let ring = look.ring.map_or(0, |(inset, width, _)| {
                    let band = (d + inset).abs() - width / 2.0;
                    eighths((0.5 - band).clamp(0.0, 1.0))
                });
                let mut cover = [
                    shadow,
                    eighths((0.5 - (d - w)).clamp(0.0, 1.0)),
                    eighths((0.5 - d).clamp(0.0, 1.0)),
                    ring,
                ];
                // A layer that covers the pixel fully hides the layers under it.
                if let Some(top) = cover.iter().rposition(|&k| k == 8) {
                    cover[..top].fill(0);
                }
                covers.push(cover);
            }
        }
        let mut runs = vec![1u32; covers.len()];
        if width > 0 {
            for (row, runs) in covers.chunks_exact(width).zip(runs.chunks_exact_mut(width)) {
                for x in (0..width - 1).rev() {
                    if row[x] == row[x + 1] && matches!(row[x], CLEAR | INSIDE) {
                        runs[x] = runs[x + 1] + 1;
                    }
                }
            }
        }
        let ring_colour = look.ring.map_or(look.fill, |(_, _, c)| c);
        Sprite {
            x0: xa,
            y0: ya,
            width,
            covers,
            runs,
            colours: [shadow_colour, outline_colour, look.fill, ring_colour],
        }
    }

    /// Blends the sprite with its origin at pixel `at`, clipped to the picture.
    fn blend_onto(&self, canvas: &mut Canvas, at: (i64, i64)) {
        if self.width == 0 {
            return;
        }
        let (iw, ih) = (canvas.width as i64, canvas.height as i64);
        let (left, top) = (at.0 + self.x0, at.1 + self.y0);
        let xs = left.max(0);
        let xe = (left + self.width as i64).min(iw);
        let inks = self.colours.map(|c| canvas.ink(c));
        let fill = canvas.inks[inks[2].0].full;
        let rows = self
            .covers
            .chunks_exact(self.width)
            .zip(self.runs.chunks_exact(self.width));
        for (row, (covers, runs)) in rows.enumerate() {
            let y = top + row as i64;
            if y < 0 || y >= ih || xs >= xe {
                continue;
            }
            canvas.mark(y as usize, xs as usize, xe as usize);
            let shown = (xs - left) as usize..(xe - left) as usize;
            let (covers, runs) = (&covers[shown.clone()], &runs[shown]);
            let start = (y * iw + xs) as usize;
            let mut j = 0;
            while j < covers.len() {
                // A run is cut where the picture ends.
                let run = (runs[j] as usize).min(covers.len() - j);
                match covers[j] {
                    CLEAR => j += run,
                    // The inside: the fill hides whatever came before (the layers under a
                    // fully covering one were left out when the sprite was made).
                    INSIDE => {
                        canvas.fill_run(start + j..start + j + run, fill);
                        j += run;
                    }
                    // An edge: the layers blended in turn (the blends in between take a place
                    // in the canvas's palette, but no pixel, so none in the PNG's).
                    cover => {
                        let mut colour = canvas.pixels[start + j];
                        for (&k, &ink) in cover.iter().zip(&inks) {
                            colour = canvas.blended(ink, colour, k);
                        }
                        canvas.put(start + j, colour);
                        j += 1;
                    }
                }
            }
        }
    }
}

/// The sprite of `look`, made on first use. The pieces of both games come in a few dozen
/// looks; past a bound (shapes at many sub-pixel offsets) sprites are made and not kept.
fn sprite(look: &Look) -> Arc<Sprite> {
    const MAX_SPRITES: usize = 256;
    static CACHE: Mutex<Option<HashMap<LookKey, Arc<Sprite>>>> = Mutex::new(None);
    let key = look.key();
    let cached = {
        let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
        cache.get_or_insert_with(HashMap::new).get(&key).cloned()
    };
    if let Some(sprite) = cached {
        return sprite;
    }
    let sprite = Arc::new(Sprite::new(look));
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let cache = cache.get_or_insert_with(HashMap::new);
    if cache.len() < MAX_SPRITES {
        cache.insert(key, Arc::clone(&sprite));
    }
    sprite
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

/// Finds the nearest of up to 256 colours by [`distance`]. A busy board has hundreds of colours
/// past the palette's 256 (anti-aliased edges over shadows and rings), each looked up among
/// all 256: with the colours' channels side by side, the search is a few vector instructions
/// per colour instead of a loop that took a twentieth of the bot's time.
struct Nearest {
    channels: [[i32; 256]; 3],
    len: usize,
}

impl Nearest {
    fn new(colours: impl Iterator<Item = Colour>) -> Nearest {
        let mut channels = [[0; 256]; 3];
        let mut len = 0;
        for (slot, colour) in colours.take(256).enumerate() {
            for (channel, value) in channels.iter_mut().zip(colour.0) {
                channel[slot] = i32::from(value);
            }
            len = slot + 1;
        }
        Nearest { channels, len }
    }

    /// The slot of the colour nearest `colour` (the first of equals), 0 when there is none.
    fn slot(&self, colour: Colour) -> u8 {
        let [r, g, b] = colour.0.map(i32::from);
        let [rs, gs, bs] = &self.channels;
        let n = self.len;
        // Distance and slot in one number: the smallest is the nearest, the first of equals.
        // A distance is at most 4 × 255², which leaves the low 8 bits for the slot.
        let best = rs[..n]
            .iter()
            .zip(&gs[..n])
            .zip(&bs[..n])
            .zip(0u32..)
            .map(|(((&cr, &cg), &cb), slot)| {
                let (dr, dg, db) = (cr - r, cg - g, cb - b);
                ((dr * dr + 2 * dg * dg + db * db) as u32) << 8 | slot
            })
            .fold(u32::MAX, u32::min);
        if n == 0 { 0 } else { (best & 0xFF) as u8 }
    }
}

/// Squared distance between two colours, green counted twice as it weighs most in lightness.
fn distance(a: Colour, b: Colour) -> u32 {
    let d = |i: usize| (a.0[i] as i32 - b.0[i] as i32).unsigned_abs();
    d(0).pow(2) + 2 * d(1).pow(2) + d(2).pow(2)
}

/// Coverage `a` (0…1) in eighths; `as` saturates and maps NaN to 0, so any `a` lands in 0..=8.
pub fn eighths(a: f32) -> u8 {
    (a * 8.0 + 0.5).clamp(0.0, 8.0) as u8
}

/// `dst ← dst + (colour − dst)·k/8`: coverage in eighths looks as smooth on edges, and the
/// fewer distinct blends keep the palette small (and the PNG smaller: measured 208 kB → 145 kB
/// for the Fibonacci start position in RGB).
fn blend_eighths(dst: &mut Colour, colour: Colour, k: u8) {
    if k == 0 {
        return;
    }
    if k >= 8 {
        *dst = colour;
        return;
    }
    let k = k as i32;
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

    /// How many pixels hold each palette index, counted afresh.
    fn recount(c: &Canvas) -> Vec<u32> {
        let mut counts = vec![0; c.colours.len()];
        for &p in &c.pixels {
            counts[p as usize] += 1;
        }
        counts
    }

    #[test]
    fn the_count_of_each_colour_follows_every_drawing() {
        let mut c = Canvas::new(40, 30, WHITE);
        for round in 0..3 {
            c.fill(&Shape::circle((25.0 + round as f32, 20.0), 8.0), 0.0, BLACK);
            c.stroke(&Shape::circle((12.0, 12.0), 7.5), 3.0, Rgb([200, 30, 30]));
            c.dashed_ring((12.0, 12.0), 9.0, 2.0, 6, 0.5, BLACK);
            c.fill_rect(0, round, 40, 3, Rgb([30, 30, 200]));
            c.piece(
                &Shape::square((30.0, 8.0), 6.0, 1.0),
                ((1.0, 1.0), BLACK, 0.3),
                (1.5, BLACK),
                Rgb([30, 200, 30]),
                None,
            );
            assert_eq!(c.counts, recount(&c), "round {round}");
        }
    }

    #[test]
    fn a_canvas_reset_to_its_background_is_the_background_again_with_its_counts() {
        let background: &'static Canvas = Box::leak(Box::new({
            let mut c = Canvas::new(40, 30, WHITE);
            c.fill(&Shape::circle((10.0, 10.0), 6.0), 0.0, BLACK);
            c
        }));
        let mut c = Canvas::new(0, 0, BLACK);
        for round in 0..3 {
            c.reset_to(background);
            assert_eq!(c.pixels, background.pixels, "round {round}");
            assert_eq!(c.counts, recount(&c));
            c.fill(&Shape::circle((25.0 + round as f32, 20.0), 8.0), 0.0, BLACK);
            c.fill_rect(0, round, 40, 3, Rgb([30, 30, 200]));
            c.piece(
                &Shape::square((30.0, 8.0), 6.0, 1.0),
                ((1.0, 1.0), BLACK, 0.3),
                (1.5, BLACK),
                Rgb([30, 200, 30]),
                None,
            );
            assert_ne!(c.pixels, background.pixels);
            assert_eq!(c.counts, recount(&c), "round {round}");
        }
    }

    #[test]
    fn a_sprite_blends_as_its_covers_say_pixel_by_pixel_even_when_clipped() {
        let striped = || {
            let mut c = Canvas::new(50, 40, WHITE);
            for x in (0..50).step_by(7) {
                c.fill_rect(x, 0, 2, 40, Rgb([30, 30, 200]));
            }
            c
        };
        let (mut fast, mut slow) = (striped(), striped());
        let look = |x: f32, y: f32| Look {
            shape: Shape::circle((x - x.floor(), y - y.floor()), 9.0),
            shadow: ((1.5, 1.5), BLACK, 0.4),
            outline: (1.5, BLACK),
            fill: Rgb([200, 30, 30]),
            ring: Some((3.0, 1.5, Rgb([240, 240, 240]))),
        };
        // Whole, and cut by each side of the picture.
        for (x, y) in [
            (25.3, 20.6),
            (-3.2, 15.0),
            (47.5, 22.1),
            (20.0, -2.4),
            (30.7, 38.9),
        ] {
            let sprite = Sprite::new(&look(x, y));
            let at = (x.floor() as i64, y.floor() as i64);
            sprite.blend_onto(&mut fast, at);
            // Every covered pixel, every layer blended in turn.
            let inks = sprite.colours.map(|c| slow.ink(c));
            for (i, cover) in sprite.covers.iter().enumerate() {
                let px = at.0 + sprite.x0 + (i % sprite.width) as i64;
                let py = at.1 + sprite.y0 + (i / sprite.width) as i64;
                if *cover == CLEAR || !(0..50).contains(&px) || !(0..40).contains(&py) {
                    continue;
                }
                let at = (py * 50 + px) as usize;
                let mut colour = slow.pixels[at];
                for (&k, &ink) in cover.iter().zip(&inks) {
                    colour = slow.blended(ink, colour, k);
                }
                slow.put(at, colour);
            }
        }
        assert!(fast.to_rgb() == slow.to_rgb(), "the same pixels");
        assert_eq!(fast.counts, recount(&fast));
    }

    #[test]
    fn each_indexed_pixel_shows_its_own_colour_wherever_a_run_breaks() {
        // Rows of two sixteen-pixel chunks and a remainder of seven: row y has one odd pixel
        // at column y of each chunk (and row 16 none), so that a chunk breaks at every place,
        // the first and the last included.
        let (width, height) = (39, 17);
        let mut c = Canvas::new(width, height, WHITE);
        let red = c.index(Rgb([200, 30, 30]));
        let blue = c.index(Rgb([30, 30, 200]));
        for y in 0..16 {
            let row = y * width as usize;
            c.put(row + y, red);
            c.put(row + 16 + y, blue);
            if y < 7 {
                c.put(row + 32 + y, red);
            }
        }
        let mut scanlines = Vec::new();
        let palette = c.write_indexed(&mut scanlines);
        for (y, line) in scanlines.chunks(width as usize + 1).enumerate() {
            assert_eq!(line[0], 0, "row {y}'s filter");
            for (x, &slot) in line[1..].iter().enumerate() {
                let shown = &palette[3 * slot as usize..3 * slot as usize + 3];
                let drawn = c.colours[c.pixels[y * width as usize + x] as usize].0;
                assert_eq!(shown, drawn, "pixel ({x}, {y})");
            }
        }
    }

    #[test]
    fn the_nearest_colour_is_the_first_of_the_closest_by_distance() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut colour = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Few values per channel, so that ties happen.
            image::Rgb([
                (x % 7 * 40) as u8,
                (x / 7 % 7 * 40) as u8,
                (x / 49 % 7 * 40) as u8,
            ])
        };
        for n in [1, 2, 17, 256] {
            let kept: Vec<Colour> = (0..n).map(|_| colour()).collect();
            let nearest = Nearest::new(kept.iter().copied());
            for _ in 0..200 {
                let c = colour();
                let expected = (0..kept.len()).min_by_key(|&slot| distance(kept[slot], c));
                assert_eq!(usize::from(nearest.slot(c)), expected.unwrap_or(0));
            }
            // The extremes: white and black against everything.
            for c in [image::Rgb([255, 255, 255]), image::Rgb([0, 0, 0])] {
                let expected = (0..kept.len()).min_by_key(|&slot| distance(kept[slot], c));
                assert_eq!(usize::from(nearest.slot(c)), expected.unwrap_or(0));
            }
        }
        assert_eq!(
            Nearest::new(std::iter::empty()).slot(image::Rgb([1, 2, 3])),
            0
        );
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
