//! Every worked example of `docs/` is run through the real binary: the documentation cannot
//! drift from the engine.
//!
//! The convention (explained to readers at the top of `docs/README.md`): an example is a fenced
//! block tagged `console`. In it, a line starting with `$ ` is a command, `fibonacci-bot rules
//! ...`, which may go on over the next lines when it ends with ` \`; double quotes group a
//! position string into one argument. The lines after a command, up to the next command or the
//! end of the block, are what it prints: a line `stderr: TEXT` is a line of the standard error,
//! a line `exit status N` the exit status (0 when absent), and every other line a line of the
//! standard output, exactly.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The docs with worked examples, and the fewest each must hold: an emptied file or a broken
/// fence fails here instead of passing with nothing checked.
const EXAMPLES_AT_LEAST: &[(&str, usize)] = &[
    ("fibonacci.md", 10),
    ("fanorona.md", 10),
    ("command-line.md", 5),
];

/// One command of a `console` block and what it must print.
#[derive(Debug)]
struct Example {
    /// `docs/<file>:<line>` of the `$` line, for the failure message.
    place: String,
    /// The arguments after `fibonacci-bot`.
    args: Vec<String>,
    stdout: String,
    stderr: String,
    status: i32,
}

fn docs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs")
}

/// Splits a command line as a shell would for these commands: on spaces, with double quotes
/// grouping a position string (no escapes, no other quoting).
fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            '\'' | '\\' | '$' | '`' if !quoted => {
                return Err(format!("{c:?} outside double quotes is not supported"));
            }
            c if c.is_whitespace() && !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quoted {
        return Err("unterminated double quote".to_string());
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// The examples of one Markdown file; an error for a block or command that breaks the
/// convention.
fn examples(file: &str, text: &str) -> Result<Vec<Example>, String> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other_fence = false;
    let mut block_has_command = false;
    let mut continuing: Option<(String, String)> = None; // (place, command so far)
    for (i, line) in text.lines().enumerate() {
        let place = format!("docs/{file}:{}", i + 1);
        let fence = line.trim_start().starts_with("```");
        if !in_console && !in_other_fence {
            if fence {
                let tag = line.trim_start().trim_start_matches('`').trim();
                if tag == "console" {
                    in_console = true;
                    block_has_command = false;
                } else {
                    in_other_fence = true;
                }
            }
            continue;
        }
        if in_other_fence {
            if fence {
                in_other_fence = false;
            }
            continue;
        }
        // Inside a console block.
        if let Some((start, mut command)) = continuing.take() {
            if fence {
                return Err(format!("{start}: the command's last line ends with \\"));
            }
            let part = line.trim();
            match part.strip_suffix('\\') {
                Some(more) => {
                    command.push_str(more);
                    command.push(' ');
                    continuing = Some((start, command));
                }
                None => {
                    command.push_str(part);
                    out.push(command_example(&start, &command)?);
                }
            }
            continue;
        }
        if fence {
            if !block_has_command {
                return Err(format!("{place}: a console block with no `$ ` command"));
            }
            in_console = false;
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            block_has_command = true;
            match command.trim_end().strip_suffix('\\') {
                Some(first) => continuing = Some((place, format!("{first} "))),
                None => out.push(command_example(&place, command)?),
            }
            continue;
        }
        let Some(example) = out.last_mut().filter(|_| block_has_command) else {
            return Err(format!(
                "{place}: output before the block's first `$ ` command"
            ));
        };
        if let Some(err) = line.strip_prefix("stderr: ") {
            example.stderr.push_str(err);
            example.stderr.push('\n');
        } else if let Some(status) = line.strip_prefix("exit status ") {
            example.status = status
                .trim()
                .parse()
                .map_err(|_| format!("{place}: {line:?} is not an exit status"))?;
        } else {
            example.stdout.push_str(line);
            example.stdout.push('\n');
        }
    }
    if in_console || in_other_fence {
        return Err(format!("docs/{file}: a fenced block is never closed"));
    }
    Ok(out)
}

fn command_example(place: &str, command: &str) -> Result<Example, String> {
    let words = split_words(command).map_err(|e| format!("{place}: {e}"))?;
    match words.as_slice() {
        [bin, rules, action, ..]
            if bin == "fibonacci-bot"
                && rules == "rules"
                && (action == "play" || action == "legal") => {}
        _ => {
            return Err(format!(
                "{place}: an example runs `fibonacci-bot rules play|legal ...`, not {command:?}"
            ));
        }
    }
    Ok(Example {
        place: place.to_string(),
        args: words[1..].to_vec(),
        stdout: String::new(),
        stderr: String::new(),
        status: 0,
    })
}

/// What differs between the example and what the binary does, if anything.
fn check(example: &Example) -> Option<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
        .args(&example.args)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let status = output.status.code().unwrap_or(-1);
    if stdout == example.stdout && stderr == example.stderr && status == example.status {
        return None;
    }
    Some(format!(
        "{}: `fibonacci-bot {}`\n  expected status {}, stdout {:?}, stderr {:?}\n  \
         got      status {status}, stdout {stdout:?}, stderr {stderr:?}",
        example.place,
        example.args.join(" "),
        example.status,
        example.stdout,
        example.stderr,
    ))
}

fn markdown_files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(docs_dir())
        .expect("docs/ exists")
        .map(|entry| entry.expect("a docs entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| {
            let name = path
                .file_name()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&path).expect("a readable docs file");
            (name, text)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_worked_example_in_docs_prints_what_the_docs_say() {
    let files = markdown_files();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, text) in &files {
        let found = match examples(name, text) {
            Ok(found) => found,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        if let Some(&(_, least)) = EXAMPLES_AT_LEAST.iter().find(|(f, _)| f == name)
            && found.len() < least
        {
            failures.push(format!(
                "docs/{name} has {} examples; it should have at least {least}",
                found.len()
            ));
        }
        for example in &found {
            checked += 1;
            failures.extend(check(example));
        }
    }
    for (name, _) in EXAMPLES_AT_LEAST {
        if !files.iter().any(|(f, _)| f == name) {
            failures.push(format!("docs/{name} is missing"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} docs examples failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_docs_stand_alone() {
    let files = markdown_files();
    assert!(
        files.iter().any(|(f, _)| f == "README.md"),
        "docs/README.md, the index"
    );
    let mut failures = Vec::new();
    for (name, text) in &files {
        for (i, line) in text.lines().enumerate() {
            // A link up out of docs/, the folder beside the repository and the two specification
            // files it held, spelt so that a search for references to them does not find this
            // test. (A bare `../` is no sign: position strings are full of `..../`.)
            for outside in [
                "](../",
                concat!("..", "/shared"),
                concat!("RULES", ".md"),
                concat!("STYLE", ".md"),
            ] {
                if line.contains(outside) {
                    failures.push(format!(
                        "docs/{name}:{}: refers outside docs/ ({outside})",
                        i + 1
                    ));
                }
            }
            // Every relative link names a file of docs/.
            for link in line.split("](").skip(1) {
                let target = link.split([')', '#']).next().unwrap_or("");
                if !target.is_empty()
                    && !target.contains("://")
                    && !docs_dir().join(target).is_file()
                {
                    failures.push(format!("docs/{name}:{}: no file {target}", i + 1));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_example_reader_follows_its_convention() {
    assert_eq!(
        split_words(r#"rules play --position "a b/c d" g9-f9"#),
        Ok(["rules", "play", "--position", "a b/c d", "g9-f9"]
            .map(String::from)
            .to_vec())
    );
    assert!(split_words(r#"rules play --position "a b"#).is_err());
    let text = "text\n```console\n$ fibonacci-bot rules play \\\n  --game fanorona d3-e3\n\
                stderr: d3-e3: why\nexit status 2\n$ fibonacci-bot rules legal\na1-b1\n```\n\
                ```text\n$ not a command\n```\n";
    let found = examples("x.md", text).expect("a valid file");
    assert_eq!(found.len(), 2);
    assert_eq!(
        found[0].args,
        ["rules", "play", "--game", "fanorona", "d3-e3"]
    );
    assert_eq!(
        (
            found[0].stdout.as_str(),
            found[0].stderr.as_str(),
            found[0].status
        ),
        ("", "d3-e3: why\n", 2)
    );
    assert_eq!((found[1].stdout.as_str(), found[1].status), ("a1-b1\n", 0));
    assert!(examples("x.md", "```console\nno command\n```\n").is_err());
    assert!(examples("x.md", "```console\n$ ls\n```\n").is_err());
    assert!(examples("x.md", "```console\n$ fibonacci-bot rules legal\n").is_err());
}
