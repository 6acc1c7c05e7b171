//! How every subcommand ends: one exit-status convention for the whole command line.
//!
//! | status | meaning |
//! |---|---|
//! | 0 | done |
//! | 1 | a failure at run time: the database does not answer, a file cannot be written, … |
//! | 2 | bad input or usage: a refused option, position or move, a malformed setting (clap exits 2 for its own usage errors too) |

use std::process::ExitCode;

/// The exit status of a subcommand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Done.
    Success,
    /// The input was fine but something failed while running (trying again may help).
    Failure,
    /// Bad input or usage: the command as given cannot be done (running it again will not help).
    Usage,
}

impl Exit {
    /// The number the process exits with.
    pub const fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::Failure => 1,
            Exit::Usage => 2,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit.code())
    }
}

/// Why a subcommand stopped: its one-line message for standard error and its status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    pub exit: Exit,
    pub message: String,
}

impl Stop {
    /// Bad input or usage (exit 2).
    pub fn usage(message: impl Into<String>) -> Stop {
        Stop {
            exit: Exit::Usage,
            message: message.into(),
        }
    }

    /// A failure at run time (exit 1).
    pub fn failure(message: impl Into<String>) -> Stop {
        Stop {
            exit: Exit::Failure,
            message: message.into(),
        }
    }
}

/// Prints a stop's message on standard error and gives its status; success gives 0.
pub fn finish(result: Result<(), Stop>) -> ExitCode {
    match result {
        Ok(()) => Exit::Success.into(),
        Err(stop) => {
            eprintln!("{}", stop.message);
            stop.exit.into()
        }
    }
}

/// `finish` for a subcommand whose every refusal is bad input (exit 2).
pub fn finish_usage(result: Result<(), String>) -> ExitCode {
    finish(result.map_err(Stop::usage))
}

/// The failure to write the file at `path` (exit 1), with what to check.
pub fn cannot_write(path: &std::path::Path, error: &std::io::Error) -> Stop {
    Stop::failure(format!(
        "could not write {}: {error}; check that its folder exists and can be written to",
        path.display()
    ))
}
