//! A DEFLATE encoder (RFC 1951) in a zlib stream (RFC 1950), made for board pictures: rows of
//! palette indices that mostly repeat the row above or run on in one colour.
//!
//! Matches are looked for in three places only, cheapest first: the same byte run on (distance
//! 1), the row above (distance one row), and the last place the next four bytes were seen (a
//! small hash table). The longest wins, greedily. The picture becomes one block with its own
//! Huffman codes.

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

/// Base lengths of the length codes 257..=285, and their extra bits.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// Base distances of the distance codes 0..=29, and their extra bits.
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order in which the code-length code's lengths are written.
const CODE_LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// Symbols of the literal/length alphabet and of the distance alphabet.
const LITLEN_SYMBOLS: usize = 286;
const DISTANCE_SYMBOLS: usize = 30;
const END_OF_BLOCK: usize = 256;

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
        let mut bits = BitWriter {
            out: std::mem::take(out),
            ..BitWriter::default()
        };
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

/// Bits written least significant first, as DEFLATE wants, into a buffer grown ahead so that
/// every write is one 8-byte store.
#[derive(Default)]
struct BitWriter {
    out: Vec<u8>,
    /// Bytes of `out` written; the rest is room.
    len: usize,
    acc: u64,
    /// Bits held in `acc` (fewer than 8 between writes).
    count: u32,
}

impl BitWriter {
    /// Makes room for `bytes` more bytes.
    fn reserve(&mut self, bytes: usize) {
        let need = self.len + bytes + 8;
        if self.out.len() < need {
            self.out.resize(need, 0);
        }
    }

    /// Writes the low `n` bits of `bits` (`n` ≤ 56). Room must have been reserved.
    #[inline(always)]
    fn put(&mut self, bits: u64, n: u32) {
        self.acc |= bits << self.count;
        self.count += n;
        let whole = self.count / 8;
        self.out[self.len..self.len + 8].copy_from_slice(&self.acc.to_le_bytes());
        self.len += whole as usize;
        // Shifting by 64 is not allowed: `whole` is at most 7.
        self.acc = if whole == 8 {
            0
        } else {
            self.acc >> (whole * 8)
        };
        self.count -= whole * 8;
    }

    /// Pads to a byte boundary.
    fn align(&mut self) {
        if self.count > 0 {
            self.put(0, 8 - self.count);
        }
    }
}

/// A Huffman code: each symbol's length and its bits, reversed for writing.
struct Code {
    lengths: Vec<u8>,
    codes: Vec<u16>,
}

impl Code {
    fn new(freqs: &[u32], limit: u8) -> Code {
        let lengths = code_lengths(freqs, limit);
        let codes = canonical(&lengths);
        Code { lengths, codes }
    }

    #[inline(always)]
    fn put(&self, bits: &mut BitWriter, symbol: usize) {
        bits.put(
            u64::from(self.codes[symbol]),
            u32::from(self.lengths[symbol]),
        );
    }
}

/// Huffman code lengths for `freqs`, none over `limit`. Every used symbol gets a length; when
/// fewer than two are used, two get length 1 (a complete code, as every decoder accepts).
fn code_lengths(freqs: &[u32], limit: u8) -> Vec<u8> {
    let mut freqs: Vec<u32> = freqs.to_vec();
    let used = freqs.iter().filter(|&&f| f > 0).count();
    if used < 2 {
        // Pad with the first unused symbols up to two.
        for f in freqs.iter_mut().filter(|f| **f == 0).take(2 - used) {
            *f = 1;
        }
    }
    loop {
        let lengths = huffman_lengths(&freqs);
        if lengths.iter().all(|&l| l <= limit) {
            return lengths;
        }
        // Flatten the distribution and try again: halving keeps the order of the counts.
        for f in freqs.iter_mut().filter(|f| **f > 0) {
            *f = (*f >> 1).max(1);
        }
    }
}

/// Unbounded Huffman code lengths (0 for unused symbols): the leaves sorted by weight, then
/// the two lightest of the leaves left and the trees made so far joined, repeatedly (the trees
/// are made in order of weight, so two queues suffice).
fn huffman_lengths(freqs: &[u32]) -> Vec<u8> {
    let mut leaves: Vec<(u32, u16)> = freqs
        .iter()
        .enumerate()
        .filter(|&(_, &f)| f > 0)
        .map(|(s, &f)| (f, s as u16))
        .collect();
    leaves.sort_unstable();
    let n = leaves.len();
    let mut lengths = vec![0u8; freqs.len()];
    if n == 1 {
        lengths[usize::from(leaves[0].1)] = 1;
        return lengths;
    }
    // Nodes 0..n are the leaves, n.. the trees, in the order made.
    let mut weight: Vec<u64> = leaves.iter().map(|&(f, _)| u64::from(f)).collect();
    let mut parent = vec![usize::MAX; 2 * n - 1];
    weight.reserve(n - 1);
    let (mut leaf, mut tree) = (0, n);
    let take = |weight: &Vec<u64>, leaf: &mut usize, tree: &mut usize| {
        if *leaf < n && (*tree >= weight.len() || weight[*leaf] <= weight[*tree]) {
            *leaf += 1;
            *leaf - 1
        } else {
            *tree += 1;
            *tree - 1
        }
    };
    for _ in 0..n - 1 {
        let a = take(&weight, &mut leaf, &mut tree);
        let b = take(&weight, &mut leaf, &mut tree);
        let node = weight.len();
        weight.push(weight[a] + weight[b]);
        parent[a] = node;
        parent[b] = node;
    }
    // Parents come after their children: depths from the root down.
    let mut depth = vec![0u8; 2 * n - 1];
    for node in (0..2 * n - 2).rev() {
        depth[node] = depth[parent[node]].saturating_add(1);
    }
    for (i, &(_, symbol)) in leaves.iter().enumerate() {
        lengths[usize::from(symbol)] = depth[i];
    }
    lengths
}

/// The canonical codes (RFC 1951 3.2.2) of `lengths`, bit-reversed for a LSB-first writer.
fn canonical(lengths: &[u8]) -> Vec<u16> {
    let mut count = [0u16; 16];
    for &l in lengths {
        count[usize::from(l)] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[usize::from(l)];
            next[usize::from(l)] += 1;
            c.reverse_bits() >> (16 - l)
        })
        .collect()
}

/// Writes `tokens` as the final block, dynamic Huffman, ending with end-of-block.
fn write_block(tokens: &[Token], counts: &mut Counts, bits: &mut BitWriter) {
    counts.litlen[END_OF_BLOCK] += 1;
    let litlen = Code::new(&counts.litlen, 15);
    let dist = Code::new(&counts.distance, 15);
    // Trailing unused codes are not sent.
    let hlit = (257..=LITLEN_SYMBOLS)
        .rev()
        .find(|&n| litlen.lengths[n - 1] != 0)
        .unwrap_or(257);
    let hdist = (1..=DISTANCE_SYMBOLS)
        .rev()
        .find(|&n| dist.lengths[n - 1] != 0)
        .unwrap_or(1);
    // The code lengths of both alphabets, run-length coded with symbols 16, 17 and 18.
    let mut all = litlen.lengths[..hlit].to_vec();
    all.extend_from_slice(&dist.lengths[..hdist]);
    let runs = run_length(&all);
    let mut cl_freqs = [0u32; 19];
    for &(symbol, _) in &runs {
        cl_freqs[usize::from(symbol)] += 1;
    }
    let cl = Code::new(&cl_freqs, 7);
    let hclen = (4..=19)
        .rev()
        .find(|&n| cl.lengths[CODE_LENGTH_ORDER[n - 1]] != 0)
        .unwrap_or(4);
    // At most 48 bits a token, and the header's few hundred bytes.
    bits.reserve(tokens.len() * 6 + 512);
    // Header: final, dynamic Huffman.
    bits.put(0b101, 3);
    bits.put((hlit - 257) as u64, 5);
    bits.put((hdist - 1) as u64, 5);
    bits.put((hclen - 4) as u64, 4);
    for &symbol in &CODE_LENGTH_ORDER[..hclen] {
        bits.put(u64::from(cl.lengths[symbol]), 3);
    }
    for &(symbol, extra) in &runs {
        cl.put(bits, usize::from(symbol));
        match symbol {
            16 => bits.put(u64::from(extra), 2),
            17 => bits.put(u64::from(extra), 3),
            18 => bits.put(u64::from(extra), 7),
            _ => {}
        }
    }
    // Each token in one write: its symbol's code, then the extra bits, the distance's code and
    // its extra bits.
    for &t in tokens {
        let symbol = (t & 0x1FF) as usize;
        let mut word = u64::from(litlen.codes[symbol]);
        let mut n = u32::from(litlen.lengths[symbol]);
        if symbol > END_OF_BLOCK {
            let lc = symbol - 257;
            let extra = u32::from(LENGTH_EXTRA[lc]);
            word |= u64::from((t >> 9) & 0x1F) << n;
            n += extra;
            let dc = ((t >> 14) & 0x1F) as usize;
            word |= u64::from(dist.codes[dc]) << n;
            n += u32::from(dist.lengths[dc]);
            word |= u64::from(t >> 19) << n;
            n += u32::from(DISTANCE_EXTRA[dc]);
        }
        bits.put(word, n);
    }
    litlen.put(bits, END_OF_BLOCK);
}

/// Code lengths as code-length symbols with their extra bits: 16 repeats the previous length
/// 3–6 times, 17 and 18 give 3–10 and 11–138 zeros.
fn run_length(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let l = lengths[i];
        let mut run = 1;
        while i + run < lengths.len() && lengths[i + run] == l {
            run += 1;
        }
        i += run;
        if l == 0 {
            while run >= 11 {
                let n = run.min(138);
                out.push((18, (n - 11) as u8));
                run -= n;
            }
            if run >= 3 {
                out.push((17, (run - 3) as u8));
                run = 0;
            }
            out.extend(std::iter::repeat_n((0, 0), run));
        } else {
            out.push((l, 0));
            run -= 1;
            while run >= 3 {
                let n = run.min(6);
                out.push((16, (n - 3) as u8));
                run -= n;
            }
            out.extend(std::iter::repeat_n((l, 0), run));
        }
    }
    out
}

#[cfg(test)]
mod tests {
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
    fn code_lengths_keep_their_limit_and_make_a_complete_code() {
        // Fibonacci weights give the deepest Huffman trees.
        let mut fib = vec![1u32, 1];
        while fib.len() < 30 {
            let n = fib.len();
            fib.push(fib[n - 1] + fib[n - 2]);
        }
        for (freqs, limit) in [
            (fib.clone(), 15),
            (fib[..19].to_vec(), 7),
            (vec![5, 0, 0], 15),
        ] {
            let lengths = code_lengths(&freqs, limit);
            assert!(lengths.iter().all(|&l| l <= limit), "{lengths:?}");
            let kraft: f64 = lengths
                .iter()
                .filter(|&&l| l > 0)
                .map(|&l| 0.5f64.powi(i32::from(l)))
                .sum();
            assert!(
                (kraft - 1.0).abs() < 1e-9,
                "Kraft sum {kraft} for {lengths:?}"
            );
        }
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
