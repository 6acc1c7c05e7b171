//! A DEFLATE encoder (RFC 1951) in a zlib stream (RFC 1950), made for board pictures: rows of
//! palette indices that mostly repeat the row above or run on in one colour.
//!
//! Matches are looked for in three places only, cheapest first: the same byte run on (distance
//! 1), the row above (distance one row), and the last place the next four bytes were seen (a
//! small hash table). The longest wins, greedily. The picture becomes one block with its own
//! Huffman codes.
//!
//! This file finds the matches (`tokenize`) and makes the zlib stream around them; `huffman`
//! holds the Huffman codes and the writing of the block's bits.
//!
//! # Why not the `png` crate's own encoder
//!
//! Measured against the `png` crate's fast settings, all fdeflate, on the same palette pixels
//! of every board of the render bench (each file decodes to the same indices and palette; the
//! bench checks that, and that the crate's streams open with fdeflate's table). Medians of
//! thread CPU time for the whole PNG, one run of `cargo bench --bench render -- encode` (sizes
//! printed by the same run), on a 2-core AMD EPYC virtual machine shared with other builds:
//!
//! `Fast` is `png::Compression::Fast` (fdeflate, adaptive filter), `Fastest` the same with the
//! Up filter, the last fdeflate on the unfiltered rows ours compresses. Each cell: µs, kB.
//!
//! | board | ours | `Fast` | `Fastest` | unfiltered |
//! |---|---|---|---|---|
//! | fibonacci start | 641, 57.7 | 1118, 138.5 | 711, 164.2 | 708, 431.9 |
//! | fibonacci move + highlight | 794, 70.9 | 1136, 157.1 | 811, 186.1 | 786, 461.2 |
//! | fanorona start | 349, 37.9 | 795, 122.7 | 566, 145.5 | 549, 378.2 |
//! | fanorona capture + highlight | 513, 49.7 | 870, 135.8 | 644, 160.2 | 619, 396.2 |
//! | fibonacci exchanges + highlight | 798, 71.7 | 1146, 157.2 | 807, 189.6 | 787, 466.1 |
//! | fanorona chain in progress | 594, 54.7 | 903, 137.5 | 665, 162.2 | 597, 401.3 |
//! | fibonacci mid-game | 715, 66.8 | 1064, 142.9 | 721, 169.1 | 710, 436.4 |
//!
//! Ours is 53–69% smaller than the smallest of them on every board (fdeflate only codes runs
//! of zeros, and a palette picture's repeated rows and colours are not zeros even after the
//! Up filter), and takes from 37% less to 1% more time than the fastest; every fdeflate file
//! is over the 100 kB a board may weigh.

mod huffman;

use huffman::{BitWriter, write_block};

/// The longest match DEFLATE can express.
const MAX_MATCH: usize = 258;
/// The furthest back a match may reach.
const MAX_DISTANCE: usize = 32_768;
/// A match shorter than this costs more bits than its literals, except for runs.
const MIN_MATCH: usize = 4;
/// A match at least this long is taken without looking further.
const GOOD_ENOUGH: usize = 32;

/// Bits of the hash of four bytes.
const HASH_BITS: u32 = 12;

/// Base lengths of the length codes 257..=285 (their extra bits are in `huffman`).
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
/// Base distances of the distance codes 0..=29.
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];

/// Symbols of the literal/length alphabet and of the distance alphabet.
const LITLEN_SYMBOLS: usize = 286;
const DISTANCE_SYMBOLS: usize = 30;

/// Length code index (0..=28, for symbols 257..=285) of each match length.
const LENGTH_CODE: [u8; MAX_MATCH + 1] = {
    let mut table = [0u8; MAX_MATCH + 1];
    let mut code = 0;
    let mut length = 3;
    while length <= MAX_MATCH {
        while code + 1 < LENGTH_BASE.len() && LENGTH_BASE[code + 1] as usize <= length {
            code += 1;
        }
        table[length] = code as u8;
        length += 1;
    }
    table
};

#[inline(always)]
fn length_code(length: usize) -> usize {
    usize::from(LENGTH_CODE[length])
}

/// Distance code (0..=29) of a distance.
fn distance_code(distance: usize) -> usize {
    if distance <= 4 {
        return distance - 1;
    }
    // Two codes per power of two above 4: the highest bit's position and the bit below it.
    let d = distance - 1;
    let top = usize::BITS as usize - 1 - d.leading_zeros() as usize;
    2 * top + ((d >> (top - 1)) & 1)
}

/// A literal byte or a match, packed with its codes worked out: bits 0–8 the literal/length
/// symbol, 9–13 the length's extra bits, 14–18 the distance code, 19–31 the distance's extra
/// bits. A literal is its byte.
type Token = u32;

#[inline(always)]
fn matched(length: usize, distance: usize) -> Token {
    let lc = length_code(length);
    let dc = distance_code(distance);
    let length_extra = length - usize::from(LENGTH_BASE[lc]);
    let distance_extra = distance - usize::from(DISTANCE_BASE[dc]);
    ((257 + lc) | length_extra << 9 | dc << 14 | distance_extra << 19) as u32
}

/// Symbol counts of a block's two alphabets.
struct Counts {
    litlen: [u32; LITLEN_SYMBOLS],
    distance: [u32; DISTANCE_SYMBOLS],
}

/// Reusable buffers of the encoder.
#[derive(Default)]
pub struct Deflater {
    tokens: Vec<Token>,
    /// Where four bytes were last seen, as a position plus `base` (so that no clearing is
    /// needed between pictures: older entries fall below the picture's base).
    hash: Vec<u32>,
    base: u32,
}

impl Deflater {
    /// `data` (whole rows of `stride` bytes) as a complete zlib stream, in place of what `out`
    /// held.
    pub fn zlib(&mut self, data: &[u8], stride: usize, out: &mut Vec<u8>) {
        if self.hash.is_empty() {
            self.hash = vec![0; 1 << HASH_BITS];
        }
        // Positions are stored plus one past the previous picture's positions; after 2^31
        // bytes start again from a cleared table.
        if u64::from(self.base) + data.len() as u64 + 1 >= 1 << 31 {
            self.hash.fill(0);
            self.base = 0;
        }
        let base = self.base + 1;
        self.base = base + data.len() as u32;
        self.tokens.clear();
        let mut counts = Counts {
            litlen: [0; LITLEN_SYMBOLS],
            distance: [0; DISTANCE_SYMBOLS],
        };
        tokenize(
            data,
            stride,
            &mut self.hash,
            base,
            &mut self.tokens,
            &mut counts,
        );
        let mut bits = BitWriter::new(std::mem::take(out));
        // CMF: deflate with a 32 kB window; FLG: fastest, check bits making the pair a
        // multiple of 31.
        bits.reserve(2);
        bits.put(0x0178, 16);
        write_block(&self.tokens, &mut counts, &mut bits);
        bits.reserve(8);
        bits.align();
        let mut adler = simd_adler32::Adler32::new();
        adler.write(data);
        bits.put(u64::from(adler.finish().swap_bytes()), 32);
        bits.out.truncate(bits.len);
        *out = bits.out;
    }
}

/// The length of the common prefix of `data[a..]` and `data[b..]` (`a < b`), at most `max`
/// (`b + max` within `data`).
#[inline(always)]
fn common(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let (x, y) = (&data[a..a + max], &data[b..b + max]);
    let mut n = 0;
    for (p, q) in x.chunks_exact(16).zip(y.chunks_exact(16)) {
        let p = u128::from_le_bytes(p.try_into().unwrap_or_default());
        let q = u128::from_le_bytes(q.try_into().unwrap_or_default());
        let diff = p ^ q;
        if diff != 0 {
            return n + (diff.trailing_zeros() / 8) as usize;
        }
        n += 16;
    }
    n + x[n..]
        .iter()
        .zip(&y[n..])
        .take_while(|(p, q)| p == q)
        .count()
}

fn tokenize(
    data: &[u8],
    stride: usize,
    hash: &mut [u32],
    base: u32,
    tokens: &mut Vec<Token>,
    counts: &mut Counts,
) {
    let n = data.len();
    // One slice and one bounds check, not four bytes and four (5% of a render, measured).
    let load = |at: usize| {
        let four: [u8; 4] = data[at..at + 4].try_into().unwrap_or_default();
        u32::from_le_bytes(four)
    };
    let mut i = 0;
    // The last three bytes are literals: a match needs four.
    while i + MIN_MATCH <= n {
        let max = (n - i).min(MAX_MATCH);
        let next = load(i);
        let mut best = 0;
        let mut distance = 0;
        // Each place is looked at only when its first four bytes match.
        if i >= 1 && load(i - 1) == next {
            best = common(data, i - 1, i, max);
            distance = 1;
        }
        if best < GOOD_ENOUGH && i >= stride && stride <= MAX_DISTANCE && load(i - stride) == next {
            let up = common(data, i - stride, i, max);
            if up > best {
                best = up;
                distance = stride;
            }
        }
        if best < GOOD_ENOUGH {
            let h = (next.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize;
            let seen = hash[h];
            hash[h] = base + i as u32;
            if seen >= base {
                let at = (seen - base) as usize;
                if i - at <= MAX_DISTANCE && i - at != distance && load(at) == next {
                    let found = common(data, at, i, max);
                    if found > best {
                        best = found;
                        distance = i - at;
                    }
                }
            }
        }
        if best >= MIN_MATCH {
            let t = matched(best, distance);
            counts.litlen[(t & 0x1FF) as usize] += 1;
            counts.distance[((t >> 14) & 0x1F) as usize] += 1;
            tokens.push(t);
            i += best;
        } else {
            counts.litlen[usize::from(data[i])] += 1;
            tokens.push(u32::from(data[i]));
            i += 1;
        }
    }
    for &byte in &data[i..] {
        counts.litlen[usize::from(byte)] += 1;
        tokens.push(u32::from(byte));
    }
}

#[cfg(test)]
mod tests {
    use super::huffman::{DISTANCE_EXTRA, LENGTH_EXTRA};
    use super::*;
    use proptest::prelude::*;

    /// `data` (rows of `stride` bytes) as a zlib stream, by a new encoder.
    fn zlib(data: &[u8], stride: usize) -> Vec<u8> {
        let mut out = Vec::new();
        Deflater::default().zlib(data, stride, &mut out);
        out
    }

    fn inflate(stream: &[u8]) -> Vec<u8> {
        miniz_oxide::inflate::decompress_to_vec_zlib(stream).expect("a valid zlib stream")
    }

    /// A picture-like buffer: rows of runs, most rows repeating the one above with a change.
    fn picture(width: usize, height: usize) -> Vec<u8> {
        let mut data = Vec::new();
        for y in 0..height {
            data.push(0);
            for x in 0..width {
                let ring = ((x as i64 - 40).pow(2) + (y as i64 - 30).pow(2)) / 97;
                data.push(if x % 80 < 60 {
                    ring as u8
                } else {
                    (x / 80) as u8
                });
            }
        }
        data
    }

    #[test]
    fn one_encoder_compresses_picture_after_picture() {
        // The hash table is kept from picture to picture: what it remembers of the earlier
        // ones must not be taken for matches in the next.
        let mut deflater = Deflater::default();
        let mut out = vec![1, 2, 3];
        for (width, height) in [(300, 120), (299, 7), (1000, 40), (300, 120)] {
            let data = picture(width, height);
            deflater.zlib(&data, width + 1, &mut out);
            assert_eq!(inflate(&out), data, "{width} × {height}");
        }
    }

    #[test]
    fn empty_tiny_and_incompressible_data_round_trip() {
        assert_eq!(inflate(&zlib(&[], 10)), Vec::<u8>::new());
        for n in 1..12 {
            let data: Vec<u8> = (0..n as u8).collect();
            assert_eq!(inflate(&zlib(&data, 3)), data);
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let noise: Vec<u8> = (0..70_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        assert_eq!(inflate(&zlib(&noise, 1001)), noise);
        let flat = vec![7u8; 100_000];
        let stream = zlib(&flat, 1001);
        assert_eq!(inflate(&stream), flat);
        assert!(
            stream.len() < 2_000,
            "runs compress: {} bytes",
            stream.len()
        );
    }

    #[test]
    fn length_and_distance_codes_cover_their_ranges() {
        for length in 3..=MAX_MATCH {
            let code = length_code(length);
            let base = usize::from(LENGTH_BASE[code]);
            assert!(
                base <= length && length - base < 1 << LENGTH_EXTRA[code],
                "{length}"
            );
        }
        assert_eq!(length_code(258), 28);
        for distance in 1..=MAX_DISTANCE {
            let code = distance_code(distance);
            let base = usize::from(DISTANCE_BASE[code]);
            assert!(
                base <= distance && distance - base < 1 << DISTANCE_EXTRA[code],
                "{distance}"
            );
        }
    }

    proptest! {
        #[test]
        fn any_bytes_at_any_width_round_trip(
            data in proptest::collection::vec(0u8..6, 0..6000),
            stride in 1usize..400,
        ) {
            prop_assert_eq!(inflate(&zlib(&data, stride)), data);
        }
    }
}
