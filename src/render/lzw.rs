//! GIF's LZW code stream, written for replays' frames: mostly one transparent slot, in runs of
//! hundreds of pixels. The `gif` crate's encoder (weezl) took 250 ms of a 60-turn replay's
//! 430 ms (`cargo bench --bench render -- replay`). Here the strings made only of the run slot
//! are found by their length in a small array (a run's strings are the slot 1, 2, 3… times),
//! and the others in a table indexed by (code, byte) directly; both are cleared by a
//! generation stamp instead of being rewritten.

/// The widest code GIF allows, and the number of codes it gives.
const MAX_WIDTH: u8 = 12;
const CODES: usize = 1 << MAX_WIDTH;

/// An LZW encoder for GIF images; keep one to encode many frames (its table is 4 MiB of
/// stamps, allocated once).
pub struct Lzw {
    /// For (code, byte): the generation that made the entry (high 16 bits) and its code.
    table: Vec<u32>,
    /// For a length n: the generation and the code of the run slot n times.
    run_code: Vec<u32>,
    /// For a code: the generation and, if its string is the run slot n times, n.
    code_run: Vec<u32>,
    generation: u32,
}

impl Default for Lzw {
    fn default() -> Self {
        Lzw {
            table: vec![0; CODES * 256],
            run_code: vec![0; CODES + 2],
            code_run: vec![0; CODES],
            generation: 0,
        }
    }
}

/// Codes packed least significant bit first.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    len: u32,
}

impl Bits<'_> {
    fn put(&mut self, code: u32, width: u8) {
        self.acc |= u64::from(code) << self.len;
        self.len += u32::from(width);
        while self.len >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.len -= 8;
        }
    }

    fn finish(self) {
        if self.len > 0 {
            self.out.push(self.acc as u8);
        }
    }
}

impl Lzw {
    /// Appends to `out` the image data of `pixels` (each below `1 << min_width`) as
    /// `Encoder::write_lzw_pre_encoded_frame` takes it: the minimum code width, then the code
    /// stream (a clear code first, the end code last). `run` is the slot that comes in long
    /// runs (a frame's transparent slot), if any.
    pub fn encode(&mut self, pixels: &[u8], min_width: u8, run: Option<u8>, out: &mut Vec<u8>) {
        let run = run.map_or(u32::MAX, u32::from);
        let min_width = min_width.clamp(2, 8);
        out.push(min_width);
        let clear = 1u32 << min_width;
        let end = clear + 1;
        let mut bits = Bits {
            out,
            acc: 0,
            len: 0,
        };
        let mut width = min_width + 1;
        let mut next = clear + 2;
        self.new_generation();
        bits.put(clear, width);
        let Some((&first, rest)) = pixels.split_first() else {
            bits.put(end, width);
            bits.finish();
            return;
        };
        let mut prefix = u32::from(first);
        // The longest string of the run slot alone that has a code: every shorter one has one
        // too (each is made from the one before).
        let mut run_max = 1;
        // Where the run of the run slot that position `i` is in ends.
        let mut run_end = 0;
        let mut i = 0;
        while i < rest.len() {
            let byte = rest[i];
            let key = (prefix as usize) << 8 | usize::from(byte);
            // The run slot after the run slot n times: the string n + 1 times.
            let run_len = if u32::from(byte) == run {
                self.run_len(prefix, run)
            } else {
                0
            };
            if run_len > 0 {
                // Over the run at once, to the longest string of it that has a code.
                if run_end <= i {
                    run_end = i + rest[i..]
                        .iter()
                        .position(|&b| u32::from(b) != run)
                        .unwrap_or(rest.len() - i);
                }
                let reach = (run_len + run_end - i).min(run_max);
                if reach > run_len {
                    prefix = self.run_code[reach] & 0xFFFF;
                    i += reach - run_len;
                    continue;
                }
            }
            i += 1;
            let entry = if run_len > 0 {
                self.run_code[run_len + 1]
            } else {
                self.table[key]
            };
            if entry >> 16 == self.generation {
                prefix = entry & 0xFFFF;
                continue;
            }
            bits.put(prefix, width);
            // The decoder adds this code's entry when it reads the next code: widen when its
            // table reaches the width's limit.
            if next == 1 << width && width < MAX_WIDTH {
                width += 1;
            }
            if (next as usize) < CODES {
                let stamped = self.generation << 16 | next;
                if run_len > 0 {
                    self.run_code[run_len + 1] = stamped;
                    self.code_run[next as usize] = self.generation << 16 | (run_len as u32 + 1);
                    run_max = run_max.max(run_len + 1);
                } else {
                    self.table[key] = stamped;
                }
                next += 1;
            } else {
                bits.put(clear, width);
                self.new_generation();
                width = min_width + 1;
                next = clear + 2;
                run_max = 1;
            }
            prefix = u32::from(byte);
        }
        bits.put(prefix, width);
        if next == 1 << width && width < MAX_WIDTH {
            width += 1;
        }
        bits.put(end, width);
        bits.finish();
    }

    /// How many times the string of `code` is the `run` slot (0: it is not only that).
    fn run_len(&self, code: u32, run: u32) -> usize {
        if code == run {
            return 1;
        }
        let entry = self.code_run[code as usize];
        if entry >> 16 == self.generation {
            (entry & 0xFFFF) as usize
        } else {
            0
        }
    }

    /// Forgets every entry: a new stamp, the tables wiped only when the stamps wrap.
    fn new_generation(&mut self) {
        self.generation += 1;
        if self.generation > 0xFFFF {
            self.table.fill(0);
            self.run_code.fill(0);
            self.code_run.fill(0);
            self.generation = 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    /// `pixels` as a one-frame GIF of `width` columns whose image data is this encoder's.
    fn gif_of(
        lzw: &mut Lzw,
        pixels: &[u8],
        width: u16,
        palette_bits: u8,
        run: Option<u8>,
    ) -> Vec<u8> {
        let height = (pixels.len() / usize::from(width)) as u16;
        let mut data = Vec::new();
        lzw.encode(pixels, palette_bits, run, &mut data);
        let palette: Vec<u8> = (0..(3usize << palette_bits)).map(|i| i as u8).collect();
        let mut e = gif::Encoder::new(Vec::new(), width, height, &palette).unwrap();
        let frame = gif::Frame {
            width,
            height,
            buffer: Cow::Owned(data),
            ..gif::Frame::default()
        };
        e.write_lzw_pre_encoded_frame(&frame).unwrap();
        e.into_inner().unwrap()
    }

    fn decoded(gif: &[u8]) -> Vec<u8> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut d = options.read_info(gif).unwrap();
        d.read_next_frame().unwrap().unwrap().buffer.to_vec()
    }

    /// Runs, noise, a few colours and many, past the 4096 codes that force a clear, each
    /// decoded by the `gif` crate back to the same pixels.
    #[test]
    fn what_is_encoded_decodes_to_the_same_pixels() {
        let mut lzw = Lzw::default();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut noise = |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below) as u8
        };
        let width = 400;
        let cases: Vec<(Vec<u8>, u8)> = vec![
            (vec![7; 400 * 300], 3),
            ((0..400 * 300).map(|_| noise(256)).collect(), 8),
            ((0..400 * 50).map(|_| noise(4)).collect(), 2),
            (
                (0..400 * 300)
                    .map(|i| if (i / 97) % 5 == 0 { noise(200) } else { 255 })
                    .collect(),
                8,
            ),
            (vec![1; 400], 2),
        ];
        for (pixels, bits) in cases {
            for run in [None, Some(pixels[0]), Some(255), Some(1)] {
                let gif = gif_of(&mut lzw, &pixels, width, bits, run);
                assert_eq!(decoded(&gif), pixels, "{bits}-bit palette, runs of {run:?}");
            }
        }
    }
}
