//! Benchmark placeholder, replaced by the fibonacci work.
fn main() {}
