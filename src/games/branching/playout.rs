//! Random play (for tests, benchmarks and a future "random opponent") and the
//! structural memory count of a game.

use std::collections::HashSet;
use std::rc::Rc;

use crate::chess::{Color, Piece, PieceKind, Position, Square};

use super::{
    BoardNode, Branch, BranchTurn, Game, GameEvent, SplitMix64, TransTraveller, Travel,
    TravelOrder, TravelPlan,
};

/// What a game's boards and branches occupy, counted structurally: each distinct
/// board node once, however many branches share it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MemoryFootprint {
    /// Branches ever created.
    pub branches: usize,
    /// Distinct boards reachable from the branches.
    pub boards: usize,
    /// Boards the branches' lineages would hold if every branch copied its history.
    pub boards_if_copied: usize,
    /// Bytes of one board node with its `Rc` counters.
    pub bytes_per_board: usize,
    /// `boards × bytes_per_board`.
    pub board_bytes: usize,
    /// The branch table and the phase's pending list.
    pub branch_bytes: usize,
    /// The event log (its strings included).
    pub log_bytes: usize,
}

impl MemoryFootprint {
    /// Everything counted.
    #[must_use]
    pub fn total_bytes(&self) -> usize {
        self.board_bytes + self.branch_bytes + self.log_bytes
    }

    /// Bytes per branch, everything counted.
    #[must_use]
    pub fn bytes_per_branch(&self) -> usize {
        self.total_bytes() / self.branches.max(1)
    }
}

impl Game {
    /// Counts the boards and bytes the game holds (see [`MemoryFootprint`]).
    #[must_use]
    pub fn memory_footprint(&self) -> MemoryFootprint {
        let mut seen: HashSet<*const BoardNode> = HashSet::new();
        let mut copied = 0;
        for b in &self.branches {
            copied += b.latest.t() as usize + 1;
            let mut cur = Some(&b.latest);
            while let Some(node) = cur {
                if !seen.insert(Rc::as_ptr(node)) {
                    break;
                }
                cur = node.parent();
            }
        }
        let bytes_per_board = std::mem::size_of::<BoardNode>() + 2 * std::mem::size_of::<usize>();
        let log_strings: usize = self
            .events
            .iter()
            .map(|e| match e {
                GameEvent::Turn { uci, .. } => uci.capacity(),
                _ => 0,
            })
            .sum();
        MemoryFootprint {
            branches: self.branches.len(),
            boards: seen.len(),
            boards_if_copied: copied,
            bytes_per_board,
            board_bytes: seen.len() * bytes_per_board,
            branch_bytes: self.branches.capacity() * std::mem::size_of::<Branch>()
                + self.phase.pending.capacity() * std::mem::size_of::<super::BranchId>(),
            log_bytes: self.events.capacity() * std::mem::size_of::<GameEvent>() + log_strings,
        }
    }

    /// A random legal branch-turn on a random pending branch, or `None` when the game
    /// is over. About `travel_percent` % of turns try a journey (time travel before the
    /// limit, trans-universe travel after it, in either order).
    #[must_use]
    pub fn random_turn(&self, rng: &mut SplitMix64, travel_percent: u32) -> Option<BranchTurn> {
        if self.result.is_some() || self.phase.pending.is_empty() {
            return None;
        }
        let branch = self.phase.pending[rng.below(self.phase.pending.len())];
        let b = &self.branches[branch.index()];
        let pos = *b.latest.position();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let plain = BranchTurn::plain(branch, moves[rng.below(moves.len())]);
        if rng.below(100) as u32 >= travel_percent {
            return Some(plain);
        }
        self.random_journey(rng, plain).or(Some(plain))
    }

    /// `plain`'s branch-turn with a random journey added, if one is found.
    fn random_journey(&self, rng: &mut SplitMix64, plain: BranchTurn) -> Option<BranchTurn> {
        let branch = plain.branch;
        let b = &self.branches[branch.index()];
        let pos = *b.latest.position();
        let order = if rng.below(3) == 0 {
            TravelOrder::TravelFirst
        } else {
            TravelOrder::MoveFirst
        };
        let trans = self.is_collapsing();
        let (mv, from, queen) = match order {
            TravelOrder::MoveFirst => {
                let travellers = self.travellers(branch, plain.mv, order).ok()?;
                if travellers.is_empty() {
                    return None;
                }
                let from = travellers[rng.below(travellers.len())];
                let after = pos.play(plain.mv).ok()?;
                (plain.mv, from, self.sacrifice(&after, pos.turn(), from))
            }
            TravelOrder::TravelFirst => {
                let own: Vec<Square> = pos
                    .pieces()
                    .filter(|(sq, p)| {
                        p.color == pos.turn() && p.kind != PieceKind::King && !b.latest.arrived(*sq)
                    })
                    .map(|(sq, _)| sq)
                    .collect();
                if own.is_empty() {
                    return None;
                }
                let from = own[rng.below(own.len())];
                let queen = self.sacrifice(&pos, pos.turn(), from).filter(|_| trans);
                let mut departed = pos.with_piece(from, None).ok()?;
                if let Some(q) = queen.filter(|&q| q != from) {
                    departed = departed.with_piece(q, None).ok()?;
                }
                let moves = departed.legal_moves();
                if moves.is_empty() {
                    return None;
                }
                (moves[rng.below(moves.len())], from, queen)
            }
        };
        let travel = if trans {
            let queen = queen?;
            let options = self
                .trans_universe_landings(branch, mv, order, from, queen)
                .ok()?;
            let options: Vec<_> = options.into_iter().filter(|(_, s)| !s.is_empty()).collect();
            if options.is_empty() {
                return None;
            }
            let (to_branch, squares) = &options[rng.below(options.len())];
            Travel::TransUniverse {
                queen,
                from,
                to_branch: *to_branch,
                landing: squares[rng.below(squares.len())],
            }
        } else {
            let options = self.time_travel_landings(branch, mv, order, from).ok()?;
            let options: Vec<_> = options.into_iter().filter(|(_, s)| !s.is_empty()).collect();
            if options.is_empty() {
                return None;
            }
            let (to_t, squares) = &options[rng.below(options.len())];
            Travel::Time {
                from,
                to_t: *to_t,
                landing: squares[rng.below(squares.len())],
            }
        };
        Some(BranchTurn {
            branch,
            mv,
            travel: Some(TravelPlan { order, travel }),
        })
    }
}

impl Game {
    /// The queen to sacrifice for a journey of the piece on `from`: another queen of
    /// `color`, or that piece itself when the queen is the one who crosses.
    fn sacrifice(&self, pos: &Position, color: Color, from: Square) -> Option<Square> {
        let queen = Piece::new(color, PieceKind::Queen);
        match self.config.rules.trans_traveller {
            TransTraveller::AnotherPiece => pos
                .pieces()
                .find(|(sq, p)| *sq != from && *p == queen)
                .map(|(sq, _)| sq),
            TransTraveller::TheQueen => (pos.piece_at(from) == Some(queen)).then_some(from),
        }
    }
}
