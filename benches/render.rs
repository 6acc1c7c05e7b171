//! Benchmark placeholder, replaced by the render work.
fn main() {}
