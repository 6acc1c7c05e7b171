//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables
//! (the primal-dual method of Galil, "Efficient algorithms for finding maximum matching in
//! graphs", 1986), O(n³). Swiss pairing asks it for a perfect matching of least total cost
//! ([`min_cost_perfect`]).
//!
//! Weights are integers, so every dual variable and slack stays an integer: the slack of an
//! edge between two S-blossoms is always even (their duals move together), and half of it is
//! exact.

const NONE: usize = usize::MAX;

/// Labels of the alternating forest: unlabelled, S (outer) and T (inner); `MARK` flags an
/// S-blossom visited while looking for a blossom's base.
const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;
const MARK: u8 = 4;

struct Matcher<'a> {
    n: usize,
    edges: &'a [(usize, usize, i64)],
    /// `endpoint[2k]`, `endpoint[2k + 1]`: the two ends of edge `k`.
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoints (indices into `endpoint`) of its edges.
    neighbend: Vec<Vec<usize>>,
    /// The remote endpoint of a vertex's matched edge.
    mate: Vec<usize>,
    label: Vec<u8>,
    /// The endpoint through which a blossom (or vertex) got its label.
    labelend: Vec<usize>,
    /// The top-level blossom holding each vertex.
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    /// `blossomendps[b][i]`: the endpoint joining `childs[i]` to `childs[i + 1]`.
    blossomendps: Vec<Vec<usize>>,
    /// The least-slack edge to another S-blossom (or, for a free vertex, from one).
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i64>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<'a> Matcher<'a> {
    fn new(n: usize, edges: &'a [(usize, usize, i64)]) -> Matcher<'a> {
        let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let mut dualvar = vec![maxweight; n];
        dualvar.resize(2 * n, 0);
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.resize(2 * n, NONE);
        Matcher {
            n,
            edges,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> i64 {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(b) = stack.pop() {
            if b < self.n {
                out.push(b);
            } else {
                stack.extend(self.blossomchilds[b].iter().copied());
            }
        }
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == S {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            let base = self.blossombase[b];
            let m = self.mate[base];
            debug_assert!(m != NONE);
            self.assign_label(self.endpoint[m], S, m ^ 1);
        }
    }

    /// Traces back from `v` and `w` to find a new blossom's base, or `NONE` for an augmenting
    /// path.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & MARK != 0 {
                base = self.blossombase[b];
                break;
            }
            debug_assert_eq!(self.label[b], S);
            path.push(b);
            self.label[b] = S | MARK;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                debug_assert_eq!(self.label[b], T);
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = S;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom number");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = S;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves(b) {
            if self.label[self.inblossom[v]] == T {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == S
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    fn child_at(&self, b: usize, j: isize) -> usize {
        let childs = &self.blossomchilds[b];
        childs[j.rem_euclid(childs.len() as isize) as usize]
    }

    fn endp_at(&self, b: usize, j: isize) -> usize {
        let endps = &self.blossomendps[b];
        endps[j.rem_euclid(endps.len() as isize) as usize]
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == T {
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs
                .iter()
                .position(|&c| c == entrychild)
                .expect("the entry child") as isize;
            let (jstep, endptrick): (isize, isize) = if j & 1 == 1 {
                j -= childs.len() as isize;
                (1, 0)
            } else {
                (-1, 1)
            };
            let trick = endptrick as usize;
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = FREE;
                let q = self.endp_at(b, j - endptrick);
                self.label[self.endpoint[q ^ trick ^ 1]] = FREE;
                self.assign_label(self.endpoint[p ^ 1], T, p);
                self.allowedge[q / 2] = true;
                j += jstep;
                p = self.endp_at(b, j - endptrick) ^ trick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = self.child_at(b, j);
            let v = self.endpoint[p ^ 1];
            self.label[v] = T;
            self.label[bv] = T;
            self.labelend[v] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while self.child_at(b, j) != entrychild {
                let bv = self.child_at(b, j);
                if self.label[bv] == S {
                    j += jstep;
                    continue;
                }
                let reached = self.leaves(bv).into_iter().find(|&v| self.label[v] != FREE);
                if let Some(v) = reached {
                    debug_assert_eq!(self.label[v], T);
                    debug_assert_eq!(self.inblossom[v], bv);
                    self.label[v] = FREE;
                    let base_mate = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[base_mate]] = FREE;
                    self.assign_label(v, T, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = FREE;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len();
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .expect("the child");
        let mut j = i as isize;
        let (jstep, endptrick): (isize, isize) = if i & 1 == 1 {
            j -= len as isize;
            (1, 0)
        } else {
            (-1, 1)
        };
        let trick = endptrick as usize;
        while j != 0 {
            j += jstep;
            let t = self.child_at(b, j);
            let p = self.endp_at(b, j - endptrick) ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.child_at(b, j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
        debug_assert_eq!(self.blossombase[b], v);
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                debug_assert_eq!(self.label[bs], S);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                debug_assert_eq!(self.label[bt], T);
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Scans the S-vertices in the queue; true once an augmenting path was found and used.
    fn scan(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            debug_assert_eq!(self.label[self.inblossom[v]], S);
            for idx in 0..self.neighbend[v].len() {
                let p = self.neighbend[v][idx];
                let k = p / 2;
                let w = self.endpoint[p];
                if self.inblossom[v] == self.inblossom[w] {
                    continue;
                }
                let mut kslack = 0;
                if !self.allowedge[k] {
                    kslack = self.slack(k);
                    if kslack <= 0 {
                        self.allowedge[k] = true;
                    }
                }
                let bw = self.inblossom[w];
                if self.allowedge[k] {
                    if self.label[bw] == FREE {
                        self.assign_label(w, T, p ^ 1);
                    } else if self.label[bw] == S {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, k);
                        } else {
                            self.augment_matching(k);
                            return true;
                        }
                    } else if self.label[w] == FREE {
                        self.label[w] = T;
                        self.labelend[w] = p ^ 1;
                    }
                } else if self.label[bw] == S {
                    let b = self.inblossom[v];
                    if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                        self.bestedge[b] = k;
                    }
                } else if self.label[w] == FREE
                    && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                {
                    self.bestedge[w] = k;
                }
            }
        }
        false
    }

    /// One stage: grows the forest, changing the duals, until an augmenting path is found
    /// (true) or none can be (false).
    fn stage(&mut self) -> bool {
        let n = self.n;
        self.label.fill(FREE);
        self.bestedge.fill(NONE);
        for b in n..2 * n {
            self.blossombestedges[b] = None;
        }
        self.allowedge.fill(false);
        self.queue.clear();
        for v in 0..n {
            if self.mate[v] == NONE && self.label[self.inblossom[v]] == FREE {
                self.assign_label(v, S, NONE);
            }
        }
        loop {
            if self.scan() {
                return true;
            }
            // Maximum cardinality: no delta of type 1 while an improvement may exist.
            let mut delta: Option<(i64, u8, usize)> = None;
            let better = |d: i64, best: &Option<(i64, u8, usize)>| best.is_none_or(|b| d < b.0);
            for v in 0..n {
                if self.label[self.inblossom[v]] == FREE && self.bestedge[v] != NONE {
                    let d = self.slack(self.bestedge[v]);
                    if better(d, &delta) {
                        delta = Some((d, 2, self.bestedge[v]));
                    }
                }
            }
            for b in 0..2 * n {
                if self.blossomparent[b] == NONE && self.label[b] == S && self.bestedge[b] != NONE {
                    let kslack = self.slack(self.bestedge[b]);
                    debug_assert_eq!(kslack % 2, 0);
                    let d = kslack / 2;
                    if better(d, &delta) {
                        delta = Some((d, 3, self.bestedge[b]));
                    }
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE
                    && self.blossomparent[b] == NONE
                    && self.label[b] == T
                    && better(self.dualvar[b], &delta)
                {
                    delta = Some((self.dualvar[b], 4, b));
                }
            }
            let (delta, kind, what) = delta.unwrap_or_else(|| {
                let least = self.dualvar[..n].iter().copied().min().unwrap_or(0);
                (least.max(0), 1, NONE)
            });
            for v in 0..n {
                match self.label[self.inblossom[v]] {
                    S => self.dualvar[v] -= delta,
                    T => self.dualvar[v] += delta,
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                    match self.label[b] {
                        S => self.dualvar[b] += delta,
                        T => self.dualvar[b] -= delta,
                        _ => {}
                    }
                }
            }
            match kind {
                1 => return false,
                2 => {
                    self.allowedge[what] = true;
                    let (mut i, j, _) = self.edges[what];
                    if self.label[self.inblossom[i]] == FREE {
                        i = j;
                    }
                    self.queue.push(i);
                }
                3 => {
                    self.allowedge[what] = true;
                    let (i, _, _) = self.edges[what];
                    self.queue.push(i);
                }
                _ => self.expand_blossom(what, false),
            }
        }
    }

    fn run(mut self) -> Vec<Option<usize>> {
        for _ in 0..self.n {
            if !self.stage() {
                break;
            }
            for b in self.n..2 * self.n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == S
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        self.mate
            .iter()
            .map(|&p| (p != NONE).then(|| self.endpoint[p]))
            .collect()
    }
}

/// A matching of the most edges and, among those, of the greatest total weight, in the graph
/// of `n` vertices and `edges` (`(u, v, weight)`, u ≠ v). Gives each vertex's mate.
pub fn max_weight_max_cardinality(n: usize, edges: &[(usize, usize, i64)]) -> Vec<Option<usize>> {
    if n == 0 {
        return Vec::new();
    }
    Matcher::new(n, edges).run()
}

/// A perfect matching of least total cost in the graph of `n` vertices and `edges`
/// (`(u, v, cost)`, costs at least 0), or `None` when there is no perfect matching. Gives the
/// pairs, each with its lower vertex first, in increasing order.
pub fn min_cost_perfect(n: usize, edges: &[(usize, usize, i64)]) -> Option<Vec<(usize, usize)>> {
    if !n.is_multiple_of(2) {
        return None;
    }
    let ceiling = edges.iter().map(|e| e.2).max().unwrap_or(0) + 1;
    let weighted: Vec<(usize, usize, i64)> =
        edges.iter().map(|&(u, v, c)| (u, v, ceiling - c)).collect();
    let mate = max_weight_max_cardinality(n, &weighted);
    let mut pairs = Vec::with_capacity(n / 2);
    for (v, m) in mate.iter().enumerate() {
        let m = (*m)?;
        if v < m {
            pairs.push((v, m));
        }
    }
    Some(pairs)
}

#[cfg(test)]
mod tests;
