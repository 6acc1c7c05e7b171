//! `commands [--markdown]`: the slash commands the bot registers, read from the very payload it
//! sends Discord (`discord::commands()` through poise's builder), so a command added later is
//! listed with no change here. `--markdown` prints the table that README.md carries between its
//! `<!-- commands:begin -->` and `<!-- commands:end -->` markers.

use std::process::ExitCode;

use clap::Args;
use serde_json::Value;

#[derive(Clone, Copy, Debug, Args)]
pub struct CommandsArgs {
    /// Print a markdown table (command, options, what it does) instead of the plain list: the
    /// table README.md carries.
    #[arg(long)]
    pub markdown: bool,
}

/// Prints the list or the table; exits 1 if the commands cannot be read (never expected).
pub fn run(args: CommandsArgs) -> ExitCode {
    match listing() {
        Ok(commands) => {
            let text = if args.markdown {
                markdown(&commands)
            } else {
                plain(&commands)
            };
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(reason) => {
            eprintln!("could not read the commands: {reason}");
            ExitCode::FAILURE
        }
    }
}

/// One slash command or subcommand as Discord receives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The full name, `tournament create` for a subcommand.
    pub name: String,
    /// Its English description.
    pub description: String,
    pub options: Vec<Opt>,
    /// The names of its subcommands (a command that has some takes no option of its own).
    pub subcommands: Vec<String>,
}

/// One option of a command.
#[derive(Clone, Debug, PartialEq)]
pub struct Opt {
    pub name: String,
    /// Its kind in words: `user`, `text`, `whole number 1–14`, …
    pub kind: String,
    pub required: bool,
    /// The values it may take, when it lists them.
    pub choices: Vec<String>,
}

/// Every command the bot registers, in Discord's order, each followed by its subcommands.
pub fn listing() -> Result<Vec<Entry>, String> {
    let registered = poise::builtins::create_application_commands(&crate::discord::commands());
    let payload = serde_json::to_value(&registered).map_err(|e| e.to_string())?;
    let commands = payload.as_array().ok_or("the payload is not a list")?;
    let mut out = Vec::new();
    for command in commands {
        entries(command, "", &mut out)?;
    }
    Ok(out)
}

/// Discord's option types that are a subcommand or a group of them.
const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;

/// `command` (a command, subcommand or group in Discord's JSON) and its subcommands.
fn entries(command: &Value, prefix: &str, out: &mut Vec<Entry>) -> Result<(), String> {
    let name = text(command, "name")?;
    let name = if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix} {name}")
    };
    let options = command
        .get("options")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let is_sub = |o: &&Value| {
        matches!(
            o.get("type").and_then(Value::as_u64),
            Some(SUB_COMMAND | SUB_COMMAND_GROUP)
        )
    };
    let subs: Vec<&Value> = options.iter().filter(is_sub).collect();
    out.push(Entry {
        name: name.clone(),
        description: text(command, "description")?.to_string(),
        options: options
            .iter()
            .filter(|o| !is_sub(o))
            .map(option)
            .collect::<Result<_, _>>()?,
        subcommands: subs
            .iter()
            .map(|s| text(s, "name").map(str::to_string))
            .collect::<Result<_, _>>()?,
    });
    for sub in subs {
        entries(sub, &name, out)?;
    }
    Ok(())
}

fn text<'a>(value: &'a Value, key: &str) -> Result<&'a str, String> {
    value
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("an entry has no {key}: {value}"))
}

/// Discord's largest integer option bound (2^53 - 1): a bound this large is no bound to a player.
const NO_BOUND: f64 = 9_007_199_254_740_991.0;

/// `value[key]` as a bound worth showing (`null`, absent and ±2^53 - 1 are none), in words.
fn bound(value: &Value, key: &str) -> Option<String> {
    let n = value.get(key).and_then(Value::as_f64)?;
    if n.abs() >= NO_BOUND {
        None
    } else if n.fract() == 0.0 {
        Some(format!("{n:.0}"))
    } else {
        Some(n.to_string())
    }
}

/// One option from Discord's JSON.
fn option(value: &Value) -> Result<Opt, String> {
    let kind = value
        .get("type")
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("an option has no type: {value}"))?;
    let range = |min: &str, max: &str| match (bound(value, min), bound(value, max)) {
        (Some(a), Some(b)) => format!(" {a}–{b}"),
        (Some(a), None) => format!(" from {a}"),
        (None, Some(b)) => format!(" up to {b}"),
        (None, None) => String::new(),
    };
    let mut kind = match kind {
        3 => {
            let length = range("min_length", "max_length");
            if length.is_empty() {
                "text".to_string()
            } else {
                format!("text,{length} characters")
            }
        }
        4 => format!("whole number{}", range("min_value", "max_value")),
        5 => "true/false".to_string(),
        6 => "user".to_string(),
        7 => "channel".to_string(),
        8 => "role".to_string(),
        9 => "user or role".to_string(),
        10 => format!("number{}", range("min_value", "max_value")),
        11 => "file".to_string(),
        other => format!("type {other}"),
    };
    if value.get("autocomplete").and_then(Value::as_bool) == Some(true) {
        kind.push_str(", suggested as you type");
    }
    let choices = value
        .get("choices")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .map(|c| text(c, "name").map(str::to_string))
        .collect::<Result<_, _>>()?;
    Ok(Opt {
        name: text(value, "name")?.to_string(),
        kind,
        required: value
            .get("required")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        choices,
    })
}

/// Choices are shown when their words fit in this many characters; longer lists say how many.
const SHORT_CHOICES: usize = 60;

impl Opt {
    /// Its choices, joined by `separator`, when they are short enough to show.
    fn short_choices(&self, separator: &str) -> Option<String> {
        let joined = self.choices.join(separator);
        (!self.choices.is_empty() && joined.chars().count() <= SHORT_CHOICES).then_some(joined)
    }

    /// What the table says of it: `` `opponent` (user, required) ``,
    /// `` `game` (fibonacci · fanorona) ``.
    fn cell(&self) -> String {
        let what = if self.choices.is_empty() {
            self.kind.clone()
        } else {
            self.short_choices(" · ")
                .unwrap_or_else(|| format!("{} choices", self.choices.len()))
        };
        let required = if self.required { ", required" } else { "" };
        format!("`{}` ({what}{required})", self.name)
    }

    /// How it is typed: `opponent:<user>`, `[game:fibonacci|fanorona]` (optional in brackets).
    fn usage(&self) -> String {
        let what = match self.short_choices("|") {
            Some(choices) => choices,
            None if self.choices.is_empty() => format!("<{}>", self.kind),
            None => format!("<one of {} choices>", self.choices.len()),
        };
        if self.required {
            format!("{}:{what}", self.name)
        } else {
            format!("[{}:{what}]", self.name)
        }
    }
}

/// A markdown table cell's text: a `|` would end the cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The table README.md carries: command, options, what it does.
pub fn markdown(commands: &[Entry]) -> String {
    let mut out = String::from("| command | options | what it does |\n|---|---|---|\n");
    for command in commands {
        let options = if !command.subcommands.is_empty() {
            let subs: Vec<String> = command
                .subcommands
                .iter()
                .map(|s| format!("`{s}`"))
                .collect();
            format!("subcommands: {}", subs.join(", "))
        } else if command.options.is_empty() {
            "—".to_string()
        } else {
            let opts: Vec<String> = command.options.iter().map(Opt::cell).collect();
            opts.join("; ")
        };
        out.push_str(&format!(
            "| `/{}` | {} | {} |\n",
            command.name,
            cell(&options),
            cell(&command.description)
        ));
    }
    out
}

/// One command a line, as it is typed (optional options in brackets), then its description.
pub fn plain(commands: &[Entry]) -> String {
    let mut out = String::new();
    for command in commands {
        let mut usage = format!("/{}", command.name);
        if !command.subcommands.is_empty() {
            usage.push_str(&format!(" {}", command.subcommands.join("|")));
        }
        for o in &command.options {
            usage.push(' ');
            usage.push_str(&o.usage());
        }
        out.push_str(&format!("{usage}\n    {}\n", command.description));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_is_listed_once_with_its_description_and_subcommands() {
        let list = listing().unwrap();
        let registered = crate::discord::commands();
        for command in &registered {
            let entry = list.iter().find(|e| e.name == command.name).unwrap();
            assert_eq!(
                Some(entry.description.as_str()),
                command.description.as_deref()
            );
            for sub in &command.subcommands {
                let full = format!("{} {}", command.name, sub.name);
                assert!(list.iter().any(|e| e.name == full), "{full}");
                assert!(entry.subcommands.iter().any(|s| *s == sub.name));
            }
        }
        let subs: usize = registered.iter().map(|c| c.subcommands.len()).sum();
        assert_eq!(list.len(), registered.len() + subs);
    }

    #[test]
    fn required_options_and_choices_are_marked() {
        let list = listing().unwrap();
        let challenge = list.iter().find(|e| e.name == "challenge").unwrap();
        let opponent = challenge
            .options
            .iter()
            .find(|o| o.name == "opponent")
            .unwrap();
        assert!(opponent.required);
        assert_eq!(opponent.kind, "user");
        let game = challenge.options.iter().find(|o| o.name == "game").unwrap();
        assert!(!game.required);
        assert!(game.choices.iter().any(|c| c == "fanorona"));
        let table = markdown(&list);
        assert!(table.contains("`opponent` (user, required)"), "{table}");
        assert!(table.contains("| `/tournament create` |"), "{table}");
    }
}
