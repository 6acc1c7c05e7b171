//! README.md's table of slash commands is the output of `fibonacci-bot commands --markdown`,
//! which reads the commands the bot registers: a command, option or description changed in the
//! code and not in README fails here.

use std::path::Path;
use std::process::Command;

const BEGIN: &str = "<!-- commands:begin -->";
const END: &str = "<!-- commands:end -->";

/// The text between README's markers, without the blank lines around it.
fn readme_table(readme: &str) -> &str {
    assert_eq!(
        readme.matches(BEGIN).count(),
        1,
        "README.md must hold the marker {BEGIN} once"
    );
    assert_eq!(
        readme.matches(END).count(),
        1,
        "README.md must hold the marker {END} once"
    );
    let start = readme.find(BEGIN).unwrap() + BEGIN.len();
    let end = readme.find(END).unwrap();
    assert!(start <= end, "{BEGIN} must come before {END} in README.md");
    readme[start..end].trim_matches('\n')
}

#[test]
fn readme_lists_the_slash_commands_the_bot_registers() {
    let output = Command::new(env!("CARGO_BIN_EXE_fibonacci-bot"))
        .args(["commands", "--markdown"])
        .output()
        .expect("run fibonacci-bot commands --markdown");
    assert!(
        output.status.success(),
        "commands --markdown failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let generated = String::from_utf8(output.stdout).expect("UTF-8 output");
    let generated = generated.trim_matches('\n');
    assert!(
        generated.lines().count() > 2,
        "commands --markdown printed no command:\n{generated}"
    );

    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).expect("read README.md");
    let documented = readme_table(&readme);
    if documented != generated {
        let first = documented
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| documented.lines().count().min(generated.lines().count()));
        panic!(
            "README.md's command table is not what the bot registers (first difference at line \
             {} of the table). Paste the output of `cargo run -- commands --markdown` between \
             {BEGIN} and {END} in README.md.\n\nREADME line: {:?}\ngenerated:   {:?}\n\nThe \
             whole new table:\n{generated}",
            first + 1,
            documented.lines().nth(first),
            generated.lines().nth(first),
        );
    }
}
