//! Anti-aliased drawing on a palette canvas.
//!
//! Every shape is a signed distance function (negative inside, positive outside, in pixels); a
//! pixel's coverage is how far its centre lies inside the edge, clamped to one pixel. That gives
//! smooth edges for discs, rings, rounded squares, diamonds, thick lines and arrowheads with one
//! small loop, where `imageproc`'s circle and polygon fills are aliased.
//!
//! This file holds the [`Canvas`] itself: its pixels as palette indices, the palette, the count
//! of each colour, and blending one colour over another by table. What draws on it lives beside:
//!
//! - `shape`: the shapes and their distance functions;
//! - `draw`: filling and stroking shapes, arrows and rectangles on a canvas;
//! - `stencil`: what a drawing covers of each pixel, kept to be blended again;
//! - `sprite`: pieces drawn once and replayed wherever they stand;
//! - `indexed`: the canvas as a PNG's palette and rows.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use image::{Rgb, RgbImage};

mod draw;
mod indexed;
mod shape;
mod sprite;
mod stencil;

pub use indexed::FrameRect;
use indexed::distance;
pub use shape::{Shape, path_length, path_point};
pub use stencil::{Stencil, StencilKey, stencil};

/// A point in pixel space; pixel `(x, y)` covers `[x, x+1) × [y, y+1)`.
pub type Pt = (f32, f32);

/// An opaque colour.
pub type Colour = Rgb<u8>;

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

    /// Canvases side by side, left to right, on `background` where one is shorter than the
    /// others: one picture of several boards, encoded as any other.
    pub fn side_by_side(parts: &[&Canvas], background: Colour) -> Canvas {
        let width = parts.iter().map(|c| c.width).sum();
        let height = parts.iter().map(|c| c.height).max().unwrap_or(0);
        let mut out = Canvas::new(width, height, background);
        let mut left = 0usize;
        for part in parts {
            // Each part's palette indices become the new canvas's.
            let map: Vec<Index> = part.colours.iter().map(|&c| out.index(c)).collect();
            let w = part.width as usize;
            for (y, row) in part.pixels.chunks_exact(w.max(1)).enumerate() {
                let start = y * width as usize + left;
                for (x, &p) in row.iter().enumerate() {
                    out.put(start + x, map[p as usize]);
                }
            }
            left += w;
        }
        out
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

    pub(super) const WHITE: Colour = Rgb([255, 255, 255]);
    pub(super) const BLACK: Colour = Rgb([0, 0, 0]);

    /// How many pixels hold each palette index, counted afresh.
    pub(super) fn recount(c: &Canvas) -> Vec<u32> {
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
}
