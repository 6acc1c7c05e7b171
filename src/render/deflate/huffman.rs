//! The Huffman half of the encoder: code lengths kept under DEFLATE's limits, canonical codes,
//! and the one dynamic block written with them, least significant bit first.

use super::{Counts, DISTANCE_SYMBOLS, LITLEN_SYMBOLS, Token};

/// Extra bits of the length codes 257..=285.
pub(super) const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// Extra bits of the distance codes 0..=29.
pub(super) const DISTANCE_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order in which the code-length code's lengths are written.
const CODE_LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// The literal/length symbol that ends a block.
const END_OF_BLOCK: usize = 256;

/// Bits written least significant first, as DEFLATE wants, into a buffer grown ahead so that
/// every write is one 8-byte store.
#[derive(Default)]
pub(super) struct BitWriter {
    pub(super) out: Vec<u8>,
    /// Bytes of `out` written; the rest is room.
    pub(super) len: usize,
    acc: u64,
    /// Bits held in `acc` (fewer than 8 between writes).
    count: u32,
}

impl BitWriter {
    /// A writer into `out` (whose room it reuses), from its start.
    pub(super) fn new(out: Vec<u8>) -> BitWriter {
        BitWriter {
            out,
            ..BitWriter::default()
        }
    }

    /// Makes room for `bytes` more bytes.
    pub(super) fn reserve(&mut self, bytes: usize) {
        let need = self.len + bytes + 8;
        if self.out.len() < need {
            self.out.resize(need, 0);
        }
    }

    /// Writes the low `n` bits of `bits` (`n` ≤ 56). Room must have been reserved.
    #[inline(always)]
    pub(super) fn put(&mut self, bits: u64, n: u32) {
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
    pub(super) fn align(&mut self) {
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
pub(super) fn write_block(tokens: &[Token], counts: &mut Counts, bits: &mut BitWriter) {
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
}
