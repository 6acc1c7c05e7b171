//! The renderer, as one test binary: golden pictures, pixels at the layout's points, properties
//! of random positions, and the `render` command line run as the real binary.
//!
//! Each file of this directory is a module (add a new one with `mod its_name;` below); the whole
//! group links the crate once. Run one file's tests with `cargo test --test render render_golden`.

mod render_cli;
mod render_colour_vision;
mod render_golden;
mod render_pixels;
mod render_props;
mod render_replay;
mod render_standings;
