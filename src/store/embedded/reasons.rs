//! Why a PostgreSQL command failed, read out of its output and the server's log, in a line a
//! host understands.

use super::*;

/// The text appended to a file since `offset` (empty when unreadable).
pub(super) fn read_from(path: &Path, offset: u64) -> String {
    let Ok(bytes) = std::fs::read(path) else {
        return String::new();
    };
    let start = usize::try_from(offset).unwrap_or(0).min(bytes.len());
    String::from_utf8_lossy(&bytes[start..]).into_owned()
}

/// The first FATAL or PANIC message of a server log, without its line prefix, with what
/// explains it: the errors found in the configuration file, and the DETAIL and HINT lines that
/// follow it.
pub(super) fn log_reason(log: &str) -> Option<String> {
    const LEVELS: &[&str] = &[
        "PANIC:", "FATAL:", "ERROR:", "WARNING:", "LOG:", "DETAIL:", "HINT:",
    ];
    let entries: Vec<(&str, &str)> = log
        .lines()
        .filter_map(|line| {
            LEVELS.iter().find_map(|level| {
                line.split_once(level)
                    .map(|(_, message)| (*level, message.trim()))
            })
        })
        .collect();
    let fatal = entries
        .iter()
        .position(|(level, _)| *level == "FATAL:" || *level == "PANIC:")?;
    let mut reason = entries[fatal].1.to_string();
    if reason.contains("contains errors") {
        // Each wrong setting was logged before the FATAL line.
        let errors: Vec<&str> = entries[..fatal]
            .iter()
            .filter(|(level, _)| *level == "LOG:" || *level == "ERROR:")
            .map(|(_, message)| *message)
            .collect();
        if !errors.is_empty() {
            reason = format!("{reason}: {}", errors.join("; "));
        }
    }
    for (level, message) in &entries[fatal + 1..] {
        if *level != "DETAIL:" && *level != "HINT:" {
            break;
        }
        reason.push(' ');
        reason.push_str(message);
    }
    Some(reason).filter(|reason| !reason.is_empty())
}

/// A short reason out of the crate's "Command error: stdout=…; stderr=…" text: the command's
/// own error line when there is one, else the last line it printed.
pub(super) fn command_reason(text: &str) -> String {
    let (stdout, stderr) = match text.split_once("; stderr=") {
        Some((out, err)) => (out.trim_start_matches("Command error: stdout="), err),
        None => ("", text),
    };
    stderr
        .lines()
        .chain(stdout.lines())
        .find_map(|line| {
            line.split_once("error: ")
                .map(|(_, e)| e.trim().to_string())
        })
        .filter(|e| !e.is_empty())
        .or_else(|| last_line(stderr))
        .or_else(|| last_line(stdout))
        .unwrap_or_else(|| text.trim().to_string())
}

/// The last non-empty line of a command's output.
pub(super) fn last_line(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .rfind(|line| !line.is_empty())
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_read_out_of_logs_and_command_output() {
        let log = "2026-01-01 10:00:00.000 UTC [42] LOG:  could not bind IPv4 address \
                   \"127.0.0.1\": Address already in use\n\
                   2026-01-01 10:00:00.000 UTC [42] FATAL:  could not create any TCP/IP sockets\n";
        assert_eq!(
            log_reason(log).as_deref(),
            Some("could not create any TCP/IP sockets")
        );
        assert_eq!(log_reason("LOG:  all fine\n"), None);
        let config = "2026-01-01 10:00:00.000 UTC [42] LOG:  invalid value for parameter \
                      \"max_connections\": \"lots\"\n\
                      2026-01-01 10:00:00.000 UTC [42] FATAL:  configuration file \"/d/x.conf\" \
                      contains errors\n";
        assert_eq!(
            log_reason(config).as_deref(),
            Some(
                "configuration file \"/d/x.conf\" contains errors: invalid value for parameter \
                 \"max_connections\": \"lots\""
            )
        );
        let lock = "FATAL:  lock file \"postmaster.pid\" already exists\n\
                    HINT:  Is another postmaster (PID 7) running in data directory \"/d\"?\n\
                    LOG:  later\n";
        assert_eq!(
            log_reason(lock).as_deref(),
            Some(
                "lock file \"postmaster.pid\" already exists Is another postmaster (PID 7) \
                 running in data directory \"/d\"?"
            )
        );

        let initdb = "Command error: stdout=The files belonging to this database system will be \
                      owned by user \"bob\".\n; stderr=initdb: error: directory \"/x\" exists but \
                      is not empty\ninitdb: hint: remove it\n";
        assert_eq!(
            command_reason(initdb),
            "directory \"/x\" exists but is not empty"
        );
        let stop = "Command error: stdout=; stderr=pg_ctl: could not send stop signal (PID: 7): \
                    Operation not permitted\n";
        assert_eq!(
            command_reason(stop),
            "pg_ctl: could not send stop signal (PID: 7): Operation not permitted"
        );
        assert_eq!(
            command_reason("deadline has elapsed"),
            "deadline has elapsed"
        );
    }
}
