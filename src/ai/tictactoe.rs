//! The tic-tac-toe AI: at `easy` a random mark, above it a full minimax (the game tree is tiny),
//! choosing among the best marks by the seed, so it never loses and still varies.

use crate::engine::tictactoe::Game;
use crate::engine::{Rules, Side, Status};

use super::{AiError, Effort, Judgement, Level, Player, Rng, WIN};

/// The value of `game` for `side`: 1 won, 0 drawn, −1 lost, with perfect play from here; a
/// quicker win counts more (the depth breaks ties).
fn minimax(game: &Game, side: Side, depth: i32) -> i32 {
    match game.game_status() {
        Status::Won(winner, _) if winner == side => 100 - depth,
        Status::Won(..) => depth - 100,
        Status::Draw => 0,
        Status::Ongoing => {
            let values = game.legal_notations().into_iter().filter_map(|m| {
                let mut next = game.clone();
                next.play_notation(&m).ok()?;
                Some(minimax(&next, side, depth + 1))
            });
            if game.side_to_move() == side {
                values.max().unwrap_or(0)
            } else {
                values.min().unwrap_or(0)
            }
        }
    }
}

impl Player for Game {
    fn ai_turn(&self, level: Level, seed: u64) -> Result<Vec<String>, AiError> {
        if self.game_status() != Status::Ongoing {
            return Err(AiError::GameOver);
        }
        let mut rng = Rng::new(seed);
        let moves = self.legal_notations();
        let side = self.side_to_move();
        let best: Vec<String> = if level == Level::Easy {
            moves
        } else {
            let scored: Vec<(i32, String)> = moves
                .into_iter()
                .filter_map(|m| {
                    let mut next = self.clone();
                    next.play_notation(&m).ok()?;
                    Some((minimax(&next, side, 1), m))
                })
                .collect();
            let top = scored.iter().map(|(v, _)| *v).max().unwrap_or(0);
            scored
                .into_iter()
                .filter(|(v, _)| *v == top)
                .map(|(_, m)| m)
                .collect()
        };
        let choice = best.get(rng.below(best.len())).cloned();
        choice.map(|m| vec![m]).ok_or(AiError::GameOver)
    }

    /// The hard level's mark (the tree is searched whole at any effort), valued on the scale of
    /// the other games: a win `d` marks away is worth [`WIN`] − `d`.
    fn ai_judge(&self, _effort: Effort, seed: u64) -> Result<Judgement, AiError> {
        let turn = self.ai_turn(Level::Hard, seed)?;
        let mut next = self.clone();
        next.play_notation(&turn[0])
            .map_err(|e| AiError::Refused {
                turn: turn[0].clone(),
                reason: e.to_string(),
            })?;
        let v = minimax(&next, self.side_to_move(), 1);
        let value = v.signum() * (WIN - (100 - v.abs()));
        Ok(Judgement { turn, value })
    }

    fn ai_evaluate(&self) -> i32 {
        match self.game_status() {
            Status::Ongoing => minimax(self, self.side_to_move(), 0),
            Status::Won(winner, _) if winner == self.side_to_move() => 100,
            Status::Won(..) => -100,
            Status::Draw => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tictactoe::Options;

    #[test]
    fn the_ai_takes_a_win_and_blocks_a_loss() {
        let mut game = Game::start(Options, 0);
        for m in ["a1", "b1", "a2"] {
            game.play_notation(m).expect("legal");
        }
        // Nought must block a3.
        for seed in 0..8 {
            assert_eq!(game.ai_turn(Level::Medium, seed), Ok(vec!["a3".to_string()]));
        }
        game.play_notation("c3").expect("legal");
        // Cross wins at a3.
        assert_eq!(game.ai_turn(Level::Hard, 3), Ok(vec!["a3".to_string()]));
    }

    #[test]
    fn a_review_puts_the_missed_win_first() {
        use crate::ai::review::{self, Effort};
        use crate::engine::{Config, GameKind};
        // Cross can complete a1 a2 a3 on turn 5 but plays c3, and Nought wins with b1 b2 b3.
        // Nought's b1 on turn 2 lost a drawn game (only the centre holds after a corner); its b2
        // on turn 4, failing to block, lost only a few marks of a lost game.
        let start = crate::engine::Game::new(Config::default_for(GameKind::TicTacToe), 0);
        let moves = ["a1", "b1", "a2", "b2", "c3", "b3"];
        let r = review::review(start, &moves, 0, Effort::Full).expect("legal moves");
        let worst: Vec<(u32, &str, &str)> = r
            .worst
            .iter()
            .map(|t| (t.turn, t.played.as_str(), t.better.as_str()))
            .collect();
        assert_eq!(worst, [(5, "c3", "a3"), (2, "b1", "b2"), (4, "b2", "a3")]);
        assert_eq!(r.worst[0].after_better, WIN);
    }

    #[test]
    fn the_ai_never_loses_against_itself_and_varies_with_the_seed() {
        let mut openings = std::collections::HashSet::new();
        for seed in 0..16 {
            let mut game = Game::start(Options, 0);
            while game.game_status() == Status::Ongoing {
                let turn = game.ai_turn(Level::Hard, seed).expect("a turn");
                game.play_notation(&turn[0]).expect("legal");
            }
            assert_eq!(game.game_status(), Status::Draw, "seed {seed}");
            let start = Game::start(Options, 0);
            openings.insert(start.ai_turn(Level::Hard, seed).expect("a turn"));
        }
        assert!(openings.len() > 1, "{openings:?}");
    }
}
