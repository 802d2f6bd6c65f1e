//! One universe of the multiverse: its number, its line of boards and how it ended
//! (`shared/rules/seed-variants.md` C.2, C.5).

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::BoardNode;
use crate::chess::Color;

/// A branch's number: `0` for the original game, then in order of creation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BranchId(pub u32);

impl BranchId {
    pub(super) fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for BranchId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How a finished branch ended, for whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BranchResult {
    /// That side won the branch.
    Win(Color),
    /// Nobody won the branch.
    Draw,
}

/// Why a branch ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// The side to move is checkmated.
    Checkmate,
    /// A player resigned this branch.
    Resignation,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can mate.
    InsufficientMaterial,
    /// 75 moves without capture or pawn move.
    SeventyFiveMoves,
    /// The same position for the fifth time in the branch's lineage.
    FivefoldRepetition,
}

/// Whether a branch still takes moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BranchStatus {
    /// Still played.
    Active,
    /// Frozen with a result (C.5).
    Finished {
        /// Who won it, if anyone.
        result: BranchResult,
        /// Why it ended.
        reason: EndReason,
    },
}

/// One universe: a line of boards that starts at its fork and runs to its latest board.
#[derive(Debug, Clone)]
pub struct Branch {
    pub(super) id: BranchId,
    pub(super) parent: Option<BranchId>,
    pub(super) fork_t: Option<u32>,
    pub(super) latest: Rc<BoardNode>,
    pub(super) status: BranchStatus,
}

impl Branch {
    /// Its number.
    #[must_use]
    pub fn id(&self) -> BranchId {
        self.id
    }

    /// The branch that owns the board it forked from (`None` for the original).
    #[must_use]
    pub fn parent(&self) -> Option<BranchId> {
        self.parent
    }

    /// The time of the board it forked from (`None` for the original).
    #[must_use]
    pub fn fork_t(&self) -> Option<u32> {
        self.fork_t
    }

    /// The time of its first own board.
    #[must_use]
    pub fn first_t(&self) -> u32 {
        self.fork_t.map_or(0, |t| t + 1)
    }

    /// Its latest board, the one played on.
    #[must_use]
    pub fn latest(&self) -> &Rc<BoardNode> {
        &self.latest
    }

    /// Active or finished.
    #[must_use]
    pub fn status(&self) -> BranchStatus {
        self.status
    }

    /// True while it takes moves.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.status == BranchStatus::Active
    }

    /// Its result once finished.
    #[must_use]
    pub fn result(&self) -> Option<BranchResult> {
        match self.status {
            BranchStatus::Active => None,
            BranchStatus::Finished { result, .. } => Some(result),
        }
    }

    /// Its own boards, from its first to its latest (the boards before its fork
    /// belong to its ancestors: see [`BoardNode::parent`]).
    #[must_use]
    pub fn own_boards(&self) -> Vec<Rc<BoardNode>> {
        let first = self.first_t();
        let mut out = Vec::new();
        let mut cur = Some(&self.latest);
        while let Some(node) = cur.filter(|n| n.t() >= first) {
            out.push(Rc::clone(node));
            cur = node.parent();
        }
        out.reverse();
        out
    }

    /// The board at time `t` of its lineage (its own or an ancestor's).
    #[must_use]
    pub fn board_at(&self, t: u32) -> Option<&Rc<BoardNode>> {
        self.latest.ancestor_at(t)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{forked, B0, B1};
    use super::*;

    #[test]
    fn a_branch_id_reads_as_its_number() {
        assert_eq!(BranchId(7).to_string(), "7");
        assert_eq!(BranchId(7).index(), 7);
    }

    #[test]
    fn a_fork_owns_its_boards_from_the_fork_on_and_shares_the_rest() {
        let game = forked();
        let original = game.branch(B0).unwrap();
        let fork = game.branch(B1).unwrap();
        assert_eq!((original.parent(), original.fork_t()), (None, None));
        assert_eq!((fork.parent(), fork.fork_t()), (Some(B0), Some(2)));
        assert_eq!((original.first_t(), fork.first_t()), (0, 3));
        let own: Vec<u32> = fork.own_boards().iter().map(|b| b.t()).collect();
        assert_eq!(own, [3]);
        assert_eq!(original.own_boards().len(), 6);
        // Boards before the fork are the original's, shared, not copied.
        assert!(Rc::ptr_eq(
            fork.board_at(2).unwrap(),
            original.board_at(2).unwrap()
        ));
        assert!(fork.board_at(4).is_none());
    }

    #[test]
    fn a_finished_branch_has_a_result_and_takes_no_moves() {
        let mut game = forked();
        assert!(game.branch(B1).unwrap().is_active());
        assert_eq!(game.branch(B1).unwrap().result(), None);
        game.resign_branch(B1, Color::Black).unwrap();
        let b1 = game.branch(B1).unwrap();
        assert!(!b1.is_active());
        assert_eq!(b1.result(), Some(BranchResult::Win(Color::White)));
        assert_eq!(
            b1.status(),
            BranchStatus::Finished {
                result: BranchResult::Win(Color::White),
                reason: EndReason::Resignation
            }
        );
    }
}
