//! The canvas as a palette PNG holds it: at most 256 colours, one index per pixel, each row
//! ready for DEFLATE.

use super::{Canvas, Colour, Index};

impl Canvas {
    /// The picture with at most 256 colours, as a palette PNG holds it: each row as PNG
    /// compresses it (its filter type, 0 for none, then one index per pixel) into `scanlines`,
    /// and the palette (red, green, blue of each colour, as the `PLTE` chunk wants them)
    /// returned. A board needs more than 256 colours only for the rarest anti-aliased edge
    /// pixels (shadow over line over board): the 256 commonest colours are kept exactly, and
    /// each of the others is drawn as the nearest of them. Blends that were drawn over later
    /// are left out.
    pub fn write_indexed(&self, scanlines: &mut Vec<u8>) -> Vec<u8> {
        let (map, palette) = self.slots(&self.counts, 256);
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
        palette
    }

    /// A palette of at most `room` colours for pixels counted by `counts` (per palette index of
    /// the canvas): each index's slot, and the palette (red, green, blue of each slot). The
    /// commonest colours keep a slot of their own; each of the others is drawn as the nearest
    /// of them.
    fn slots(&self, counts: &[u32], room: usize) -> (Box<[u8; 1 << Index::BITS]>, Vec<u8>) {
        let mut used: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 0).collect();
        // Commonest first; ties by first use, so the same board always gives the same file.
        used.sort_by_key(|&i| (std::cmp::Reverse(counts[i]), i));
        let (kept, dropped) = used.split_at(used.len().min(room));
        // Indexed by any palette index, so that looking a pixel up needs no bounds check.
        let mut map = Box::new([0u8; 1 << Index::BITS]);
        for (slot, &i) in kept.iter().enumerate() {
            map[i] = slot as u8;
        }
        let nearest = Nearest::new(kept.iter().map(|&i| self.colours[i]));
        for &i in dropped {
            map[i] = nearest.slot(self.colours[i]);
        }
        (map, kept.iter().flat_map(|&i| self.colours[i].0).collect())
    }

    /// The canvas as the next frame of an animation, drawn over `shown` (each pixel the frames
    /// before left on screen, as [`packed`] colours; empty before the first frame, and brought
    /// up to date here): the smallest rectangle that holds every pixel that changed, its pixels
    /// as slots of a palette of its own, and a transparent slot for the pixels that did not
    /// change, so that a frame costs what changed on the board, not the whole picture.
    pub fn write_frame(&self, shown: &mut Vec<u32>, frame: &mut FrameRect) {
        let width = self.width as usize;
        // The picture's colours, packed so that rows compare as plain memory.
        let packed_colours: Vec<u32> = self.colours.iter().map(|&c| packed(c)).collect();
        let now = &mut frame.colours;
        now.clear();
        now.extend(self.pixels.iter().map(|&p| packed_colours[p as usize]));
        if shown.len() != self.pixels.len() {
            std::mem::swap(shown, now);
            let (map, palette) = self.slots(&self.counts, 256);
            (frame.left, frame.top) = (0, 0);
            (frame.width, frame.height) = (self.width, self.height);
            frame.palette = palette;
            frame.transparent = None;
            frame.indices.clear();
            frame
                .indices
                .extend(self.pixels.iter().map(|&p| map[p as usize]));
            return;
        }
        // The rectangle of changed pixels (most rows are equal, compared whole first), and how
        // many of each colour it shows anew.
        let mut counts = vec![0u32; self.colours.len()];
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        for (y, ((row, seen), pixels)) in now
            .chunks_exact(width.max(1))
            .zip(shown.chunks_exact(width.max(1)))
            .zip(self.pixels.chunks_exact(width.max(1)))
            .enumerate()
        {
            if row == seen {
                continue;
            }
            let differs = |(a, b): (&u32, &u32)| a != b;
            let first = row.iter().zip(seen).position(differs).unwrap_or(0);
            let last = width - 1 - row.iter().zip(seen).rev().position(differs).unwrap_or(0);
            (x0, x1) = (x0.min(first), x1.max(last));
            (y0, y1) = (y0.min(y), y);
            for x in first..=last {
                if row[x] != seen[x] {
                    counts[pixels[x] as usize] += 1;
                }
            }
        }
        if x0 > x1 {
            // Nothing changed: one transparent pixel keeps the frame (and its delay).
            (x0, y0, x1, y1) = (0, 0, 0, 0);
        }
        let (map, palette) = self.slots(&counts, 255);
        let transparent = (palette.len() / 3) as u8;
        frame.left = x0 as u32;
        frame.top = y0 as u32;
        frame.width = (x1 - x0 + 1) as u32;
        frame.height = (y1 - y0 + 1) as u32;
        frame.transparent = Some(transparent);
        frame.palette = palette;
        frame.palette.extend([0, 0, 0]);
        frame.indices.clear();
        for y in y0..=y1 {
            let row = y * width + x0..=y * width + x1;
            let pixels = &self.pixels[row.clone()];
            for ((c, old), &p) in frame.colours[row.clone()]
                .iter()
                .zip(&shown[row])
                .zip(pixels)
            {
                frame.indices.push(if c == old {
                    transparent
                } else {
                    map[p as usize]
                });
            }
        }
        // What is shown now is this frame's picture.
        std::mem::swap(shown, &mut frame.colours);
    }
}

/// A colour as one number (red, green, blue from the high byte down), for comparing pictures.
fn packed(c: Colour) -> u32 {
    u32::from(c.0[0]) << 16 | u32::from(c.0[1]) << 8 | u32::from(c.0[2])
}

/// One frame of an animation as [`Canvas::write_frame`] makes it: where it goes on the
/// picture, its palette (red, green, blue of each slot), the slot that leaves the pixel below
/// showing, and one slot per pixel, row by row.
#[derive(Clone, Debug, Default)]
pub struct FrameRect {
    pub left: u32,
    pub top: u32,
    pub width: u32,
    pub height: u32,
    pub palette: Vec<u8>,
    pub transparent: Option<u8>,
    pub indices: Vec<u8>,
    /// Room for a picture's packed colours, kept from frame to frame.
    colours: Vec<u32>,
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
pub(super) fn distance(a: Colour, b: Colour) -> u32 {
    let d = |i: usize| (a.0[i] as i32 - b.0[i] as i32).unsigned_abs();
    d(0).pow(2) + 2 * d(1).pow(2) + d(2).pow(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    const WHITE: Colour = Rgb([255, 255, 255]);

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
}
