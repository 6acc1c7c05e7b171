//! Benchmark placeholder, replaced by the fanorona work.
fn main() {}
