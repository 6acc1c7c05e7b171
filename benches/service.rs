//! Benchmark placeholder, replaced by the service work.
fn main() {}
