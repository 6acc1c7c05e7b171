//! A command's typed moves, checked before anything is locked: split on whitespace, bounded in
//! number and length, and quoted safely when a refusal echoes them.

use super::MAX_MOVES_PER_COMMAND;
use super::error::Refusal;

/// The longest move text accepted (a long Fanorona chain written in full stays far below).
const MAX_MOVE_LEN: usize = 200;

/// A word the player typed, as a refusal quotes it: backticks removed (they would end a code
/// quote and let the rest be read as formatting or mentions) and cut to 40 characters.
pub(super) fn echo(word: &str) -> String {
    word.chars().filter(|&c| c != '`').take(40).collect()
}

/// The move words of a `play` command, checked for size before anything is locked.
pub(super) fn split_moves(moves: &str) -> Result<Vec<&str>, Refusal> {
    let words: Vec<&str> = moves.split_whitespace().collect();
    if words.is_empty() {
        return Err(Refusal::NoMoveGiven);
    }
    if words.len() > MAX_MOVES_PER_COMMAND {
        return Err(Refusal::TooManyMoves {
            count: words.len(),
            max: MAX_MOVES_PER_COMMAND,
        });
    }
    if let Some(long) = words.iter().find(|w| w.chars().count() > MAX_MOVE_LEN) {
        return Err(Refusal::MoveTooLong { word: echo(long) });
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_split_on_any_whitespace() {
        assert_eq!(
            split_moves(" g9-f9\tf9-e9\n end "),
            Ok(vec!["g9-f9", "f9-e9", "end"])
        );
        assert_eq!(split_moves("d2-d3+,d3-c4-"), Ok(vec!["d2-d3+,d3-c4-"]));
    }

    #[test]
    fn empty_oversized_and_overlong_move_lists_are_refused_before_any_work() {
        assert_eq!(split_moves(" \n"), Err(Refusal::NoMoveGiven));
        let many = vec!["a1-a2"; MAX_MOVES_PER_COMMAND + 1].join(" ");
        assert_eq!(
            split_moves(&many),
            Err(Refusal::TooManyMoves {
                count: MAX_MOVES_PER_COMMAND + 1,
                max: MAX_MOVES_PER_COMMAND
            })
        );
        let long = "a".repeat(MAX_MOVE_LEN + 1);
        assert_eq!(
            split_moves(&long),
            Err(Refusal::MoveTooLong {
                word: "a".repeat(40)
            })
        );
    }

    /// Echoed input cannot break out of its code quote (no mention or formatting injection).
    #[test]
    fn echoed_words_lose_their_backticks_and_are_cut() {
        assert_eq!(echo("g9-f9"), "g9-f9");
        assert_eq!(echo("x`@everyone`"), "x@everyone");
        assert_eq!(echo(&"b".repeat(100)).len(), 40);
    }
}
