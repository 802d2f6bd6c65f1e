//! How branches and the whole game end (`shared/rules/seed-variants.md` C.5): the
//! end of a branch by the normal rules, the score, and the game's verdict.

use serde::{Deserialize, Serialize};

use super::{Branch, BranchId, BranchResult, BranchStatus, EndReason, Game};
use crate::chess::{Color, Status};

/// Branch wins per side, and draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Score {
    /// Branches White won.
    pub white: u32,
    /// Branches Black won.
    pub black: u32,
    /// Drawn branches (they count for nobody).
    pub draws: u32,
}

impl Score {
    /// Tallies finished branches' results.
    #[must_use]
    pub fn of(results: &[BranchResult]) -> Score {
        let mut s = Score::default();
        for r in results {
            match r {
                BranchResult::Win(Color::White) => s.white += 1,
                BranchResult::Win(Color::Black) => s.black += 1,
                BranchResult::Draw => s.draws += 1,
            }
        }
        s
    }

    /// The side with more branch wins; `None` when equal (C.6.14).
    #[must_use]
    pub fn leader(&self) -> Option<Color> {
        match self.white.cmp(&self.black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// Why the whole game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameEndReason {
    /// No branch is active any more.
    AllBranchesFinished,
    /// The branch limit is reached and the leader's wins exceed the trailer's wins
    /// plus the active branches (C.5 \[rec\]).
    LeadUnassailable,
    /// A player resigned the game.
    Resignation,
    /// A player's clock ran out (the whole game is lost, as by resignation).
    Time,
    /// A player's clock ran out, but the other side could not have mated: a draw.
    TimeVsInsufficientMaterial,
}

/// The end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: GameEndReason,
    /// The branch tally when it ended.
    pub score: Score,
}

impl Game {
    /// Ends the branch if its latest board decides it.
    pub(super) fn evaluate(&mut self, id: BranchId) {
        let b = &self.branches[id.index()];
        if !b.is_active() {
            return;
        }
        let pos = b.latest.position();
        let ended = match pos.status() {
            Status::Checkmate { winner } => Some((BranchResult::Win(winner), EndReason::Checkmate)),
            Status::Stalemate => Some((BranchResult::Draw, EndReason::Stalemate)),
            Status::InsufficientMaterial => {
                Some((BranchResult::Draw, EndReason::InsufficientMaterial))
            }
            Status::SeventyFiveMoves => Some((BranchResult::Draw, EndReason::SeventyFiveMoves)),
            Status::Ongoing => (b.latest.repetitions() >= 5)
                .then_some((BranchResult::Draw, EndReason::FivefoldRepetition)),
        };
        if let Some((result, reason)) = ended {
            self.branches[id.index()].status = BranchStatus::Finished { result, reason };
        }
    }

    pub(super) fn active_ids(&self) -> Vec<BranchId> {
        self.branches
            .iter()
            .filter(|b| b.is_active())
            .map(Branch::id)
            .collect()
    }

    pub(super) fn decided(&self) -> Option<GameResult> {
        let active = self.branches.iter().filter(|b| b.is_active()).count() as u32;
        let score = self.score();
        if active == 0 {
            return Some(GameResult {
                winner: score.leader(),
                reason: GameEndReason::AllBranchesFinished,
                score,
            });
        }
        let (high, low) = (score.white.max(score.black), score.white.min(score.black));
        if self.is_collapsing() && high > low + active {
            return Some(GameResult {
                winner: score.leader(),
                reason: GameEndReason::LeadUnassailable,
                score,
            });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{forked, play, B0, B1};
    use super::super::Config;
    use super::*;
    use crate::chess::Position;

    #[test]
    fn the_score_counts_wins_and_draws_and_names_the_leader() {
        let results = [
            BranchResult::Win(Color::White),
            BranchResult::Draw,
            BranchResult::Win(Color::Black),
            BranchResult::Win(Color::White),
        ];
        let score = Score::of(&results);
        assert_eq!((score.white, score.black, score.draws), (2, 1, 1));
        assert_eq!(score.leader(), Some(Color::White));
        assert_eq!(Score::of(&results[..3]).leader(), None);
        assert_eq!(Score::default().leader(), None);
    }

    #[test]
    fn stalemate_draws_the_branch_and_a_drawn_game_has_no_winner() {
        let start = Position::from_fen("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1").unwrap();
        let mut game = Game::from_position(start, Config::default()).unwrap();
        play(&mut game, B0, "Qf7");
        assert_eq!(
            game.branch(B0).unwrap().status(),
            BranchStatus::Finished {
                result: BranchResult::Draw,
                reason: EndReason::Stalemate
            }
        );
        let result = game.result().unwrap();
        assert_eq!(result.winner, None);
        assert_eq!(result.reason, GameEndReason::AllBranchesFinished);
        assert_eq!(result.score.draws, 1);
    }

    #[test]
    fn the_game_goes_on_while_a_branch_is_active() {
        let mut game = forked();
        assert_eq!(game.active_ids(), [B0, B1]);
        game.resign_branch(B0, Color::White).unwrap();
        assert_eq!(game.active_ids(), [B1]);
        // Below the limit a lead is never unassailable.
        assert_eq!(game.decided(), None);
        game.resign_branch(B1, Color::White).unwrap();
        assert_eq!(game.result().map(|r| r.winner), Some(Some(Color::Black)));
    }
}
