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
/// compresses several times faster) with the palette it already has: see [`Canvas::to_png`].
#[derive(Clone, Debug)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<Index>,
    /// Every colour drawn so far (blends that were drawn over later included), in the order
    /// they were first drawn.
    colours: Vec<Colour>,
    index_of: ColourMap<Index>,
    inks: Vec<InkTable>,
    ink_of: ColourMap<Ink>,
}

/// A palette PNG's pixels and palette.
pub struct Indexed {
    /// Each row as PNG compresses it: its filter type (0, none), then one index per pixel.
    pub scanlines: Vec<u8>,
    /// Red, green, blue of each colour, as the `PLTE` chunk wants them.
    pub palette: Vec<u8>,
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Colour) -> Canvas {
        let mut c = Canvas {
            width,
            height,
            pixels: Vec::new(),
            colours: Vec::new(),
            index_of: ColourMap::default(),
            inks: Vec::new(),
            ink_of: ColourMap::default(),
        };
        let bg = c.index(background);
        c.pixels = vec![bg; width as usize * height as usize];
        c
    }

    pub fn width(&self) -> u32 {
        self.width
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

    /// The picture with at most 256 colours, as a palette PNG holds it. A board needs more
    /// only for the rarest anti-aliased edge pixels (shadow over line over board): the 256
    /// commonest colours are kept exactly, and each of the others is drawn as the nearest of
    /// them. The palette also holds blends that were drawn over later; they are left out.
    pub fn to_indexed(&self) -> Indexed {
        let width = self.width as usize;
        let runs = self.runs();
        let mut counts = vec![0u32; self.colours.len()];
        for &(colour, length) in &runs {
            counts[colour as usize] += length;
        }
        let mut used: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 0).collect();
        // Commonest first; ties by first use, so the same board always gives the same file.
        used.sort_by_key(|&i| (std::cmp::Reverse(counts[i]), i));
        let (kept, dropped) = used.split_at(used.len().min(256));
        let mut map = vec![0u8; self.colours.len()];
        for (slot, &i) in kept.iter().enumerate() {
            map[i] = slot as u8;
        }
        for &i in dropped {
            let c = self.colours[i];
            let nearest = (0..kept.len()).min_by_key(|&slot| distance(self.colours[kept[slot]], c));
            map[i] = nearest.unwrap_or(0) as u8;
        }
        let mut scanlines = Vec::with_capacity((width + 1) * self.height as usize);
        let mut column = 0;
        for (colour, length) in runs {
            if column == 0 {
                scanlines.push(0);
            }
            scanlines.resize(scanlines.len() + length as usize, map[colour as usize]);
            column = (column + length as usize) % width;
        }
        Indexed {
            scanlines,
            palette: kept.iter().flat_map(|&i| self.colours[i].0).collect(),
        }
    }

    /// The picture as runs of one colour (colour, length), row by row: a board is mostly long
    /// runs, so counting the colours and writing the PNG's rows go by runs, not by pixels.
    fn runs(&self) -> Vec<(Index, u32)> {
        // Sixteen pixels at a time while the run goes on (the fold compiles to vector code).
        const STEP: usize = 16;
        let mut runs = Vec::with_capacity(64 * 1024);
        if self.width == 0 {
            return runs;
        }
        for row in self.pixels.chunks_exact(self.width as usize) {
            let (mut current, mut length) = (row[0], 0u32);
            let mut chunks = row.chunks_exact(STEP);
            for chunk in &mut chunks {
                if chunk.iter().fold(0, |acc, &p| acc | (p ^ current)) == 0 {
                    length += STEP as u32;
                    continue;
                }
                for &p in chunk {
                    if p == current {
                        length += 1;
                    } else {
                        runs.push((current, length));
                        (current, length) = (p, 1);
                    }
                }
            }
            for &p in chunks.remainder() {
                if p == current {
                    length += 1;
                } else {
                    runs.push((current, length));
                    (current, length) = (p, 1);
                }
            }
            runs.push((current, length));
        }
        runs
    }

    /// The palette index of `colour`, added on first use (past 65 535 colours, which no board
    /// comes near, the nearest one there).
    fn index(&mut self, colour: Colour) -> Index {
        if let Some(&i) = self.index_of.get(&colour) {
            return i;
        }
        let i = if self.colours.len() < UNKNOWN as usize {
            self.colours.push(colour);
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
    fn blended(&mut self, ink: Ink, under: Index, k: u8) -> Index {
        match k {
            0 => under,
            8.. => self.inks[ink.0].full,
            _ => {
                let slot = under as usize * 7 + (k as usize - 1);
                let table = &mut self.inks[ink.0];
                if table.over.len() <= slot {
                    table.over.resize((under as usize + 1) * 7, UNKNOWN);
                }
                let known = table.over[slot];
                if known != UNKNOWN {
                    return known;
                }
                let mut c = self.colours[under as usize];
                blend_eighths(&mut c, table.colour, k);
                let i = self.index(c);
                self.inks[ink.0].over[slot] = i;
                i
            }
        }
    }

    /// Blends `ink` at `k` eighths over the pixel at offset `i` of the picture.
    fn blend_at(&mut self, i: usize, ink: Ink, k: u8) {
        self.pixels[i] = self.blended(ink, self.pixels[i], k);
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
        let (w, h) = (self.width as f32, self.height as f32);
        let m = margin + 1.0;
        // Clamping in f32 before the cast keeps NaN and huge values from wrapping around.
        let xa = (x0 - m).floor().clamp(0.0, w) as u32;
        let xb = (x1 + m).ceil().clamp(0.0, w) as u32;
        let ya = (y0 - m).floor().clamp(0.0, h) as u32;
        let yb = (y1 + m).ceil().clamp(0.0, h) as u32;
        let ink = self.ink(colour);
        let stride = self.width as usize;
        for y in ya..yb {
            for x in xa..xb {
                let k = eighths(cover((x as f32 + 0.5, y as f32 + 0.5)));
                if k > 0 {
                    self.blend_at(y as usize * stride + x as usize, ink, k);
                }
            }
        }
    }

    /// Blends `ink` over pixel `(x, y)` with opacity `a`, ignoring pixels off the picture.
    pub fn blend_ink(&mut self, x: i64, y: i64, ink: Ink, a: f32) {
        if x >= 0 && y >= 0 && (x as u64) < self.width as u64 && (y as u64) < self.height as u64 {
            self.blend_at(
                y as usize * self.width as usize + x as usize,
                ink,
                eighths(a),
            );
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
            self.pixels[start + x0..start + x1].fill(index);
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
    colours: [Colour; 4],
}

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
                covers.push([
                    shadow,
                    eighths((0.5 - (d - w)).clamp(0.0, 1.0)),
                    eighths((0.5 - d).clamp(0.0, 1.0)),
                    ring,
                ]);
            }
        }
        let ring_colour = look.ring.map_or(look.fill, |(_, _, c)| c);
        Sprite {
            x0: xa,
            y0: ya,
            width,
            covers,
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
        let fill = canvas.index(self.colours[2]);
        for (row, covers) in self.covers.chunks_exact(self.width).enumerate() {
            let y = top + row as i64;
            if y < 0 || y >= ih || xs >= xe {
                continue;
            }
            let covers = &covers[(xs - left) as usize..(xe - left) as usize];
            let start = (y * iw + xs) as usize;
            for (i, cover) in (start..).zip(covers) {
                match *cover {
                    [0, 0, 0, 0] => {}
                    // The inside: the fill hides whatever came before.
                    [_, _, 8, 0] => canvas.pixels[i] = fill,
                    // An edge: blended in RGB and looked up once, so that the layers in
                    // between take no place in the palette.
                    _ => {
                        let mut c = canvas.colours[canvas.pixels[i] as usize];
                        for (&k, &colour) in cover.iter().zip(&self.colours) {
                            blend_eighths(&mut c, colour, k);
                        }
                        canvas.pixels[i] = canvas.index(c);
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

/// Squared distance between two colours, green counted twice as it weighs most in lightness.
fn distance(a: Colour, b: Colour) -> u32 {
    let d = |i: usize| (a.0[i] as i32 - b.0[i] as i32).unsigned_abs();
    d(0).pow(2) + 2 * d(1).pow(2) + d(2).pow(2)
}

/// Coverage `a` (0…1) in eighths; `as` saturates and maps NaN to 0, so any `a` lands in 0..=8.
fn eighths(a: f32) -> u8 {
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
        let ink = c.ink(BLACK);
        c.blend_ink(-1, 20, ink, 1.0);
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
