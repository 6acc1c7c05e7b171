//! Piece sprites: a piece's layers (shadow, outline, fill, ring) worked out once per look and
//! replayed at each position it stands.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::{Canvas, Colour, Pt, Shape, eighths};

/// Everything that decides how a piece looks, with its shape placed near the origin.
pub(super) struct Look {
    pub(super) shape: Shape,
    pub(super) shadow: (Pt, Colour, f32),
    pub(super) outline: (f32, Colour),
    pub(super) fill: Colour,
    pub(super) ring: Option<(f32, f32, Colour)>,
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
pub(super) struct Sprite {
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
    pub(super) fn blend_onto(&self, canvas: &mut Canvas, at: (i64, i64)) {
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
pub(super) fn sprite(look: &Look) -> Arc<Sprite> {
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

#[cfg(test)]
mod tests {
    use super::super::tests::{BLACK, WHITE, recount};
    use super::*;
    use image::Rgb;

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
}
