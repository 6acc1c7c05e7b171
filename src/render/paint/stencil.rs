//! Stencils: what one drawing covers of each pixel, worked out once and blended wherever it is
//! drawn again, and the bounded cache that keeps them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::shape::{len, sub};
use super::{Pt, Shape, eighths};

/// How a shape is drawn.
#[derive(Clone, Copy, Debug)]
pub(super) enum Op {
    /// The shape grown by `grow` pixels, at opacity `alpha`.
    Fill { grow: f32, alpha: f32 },
    /// A band `width` pixels wide centred on the outline.
    Stroke { width: f32 },
    /// `dashes` dashes along a circle's outline, each filling `duty` of its share.
    Dashed { width: f32, dashes: u32, duty: f32 },
}

impl Op {
    pub(super) fn key(&self) -> [u32; 4] {
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
    pub(super) fn stencil(&self, shape: &Shape) -> Stencil {
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
    pub(super) spans: Vec<Span>,
    /// The coverages of every span, one after the other.
    pub(super) cover: Vec<u8>,
}

/// A stretch of one row of a [`Stencil`]: `len` pixels from `(dx, dy)`, their coverages from
/// `start` in [`Stencil::cover`]. Spans are blended in order (they may overlap: the glyphs of
/// a line of text).
#[derive(Clone, Copy, Debug)]
pub(super) struct Span {
    pub(super) dx: i32,
    pub(super) dy: i32,
    pub(super) start: u32,
    pub(super) len: u32,
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
