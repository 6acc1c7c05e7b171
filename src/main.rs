use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = fibonacci_bot::cli::Cli::parse();
    fibonacci_bot::cli::run(cli)
}
