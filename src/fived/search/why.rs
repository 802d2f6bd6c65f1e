//! Why a part of the search failed, as conditions on the multiverse: the
//! "slices" of the hypercuboid search of ftxi/5dchess_engine (after
//! tessaract's algorithm for cwmtt), used by a depth-first search.
//!
//! A check is a capture of a royal piece along a line of points (board and
//! square): the attacker's, the royal's and, for a rider, the points in
//! between. Boards never change once made and a board where the opponent
//! moves is never extended by the mover, so the same check exists in every
//! position where the boards on that line that the action made hold the
//! same pieces on those points (the attacker and the royal in place, the
//! points in between empty). That set of conditions is what a failed move
//! records ([`Cond`]), instead of the moves that made those boards: any other
//! move of a board that leaves the attacker where it was (and the royal, and
//! the path open) fails the same way. A failure of `stuck` adds "this board
//! was not played" ([`Holds::NoBoard`]) and "that one was"
//! ([`Holds::Board`]) for the boards whose choices it looked at.
//!
//! Phase 1 decides the early boards one at a time. What it returns when a
//! board's subtree found nothing is a [`Why`]: conditions on the position
//! at that point such that the subtree finds nothing in any position that
//! meets them (an exact, sufficient reason). Board `i` uses them twice:
//!
//! - Before trying a choice, it makes it (no check test, no node) and asks
//!   whether the reason of a choice already failed holds afterwards: then
//!   this choice fails too and is skipped. This is how one check rules out
//!   every move of a board that keeps the attacker in place.
//! - A reason that says nothing about the boards board `i`'s choices make
//!   (its next board, and the next board of each board it can hop onto)
//!   holds whatever `i` chooses: `i` fails at once with that reason, and so
//!   does every board before it up to one the reason names (conflict-directed
//!   backjumping).
//!
//! When every choice of board `i` failed, its reason is the union of the
//! reasons of its choices without the conditions on the boards that choice
//! made (they hold again whenever it is made), plus "board `i` not played
//! yet" and "the boards it hops onto not played yet". A reason that cannot
//! be stated (a check through a timeline the action created, a subtree that
//! reached the branching jumps or visited an action) is
//! [`Why::unknown`]: nothing is skipped and the walk is the plain one.

use super::super::coords::BoardId;
use super::super::multiverse::Multiverse;
use crate::chess::{Piece, Square};

/// What a point of the multiverse holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Holds {
    /// The board exists and has this piece on the square.
    Piece(Piece),
    /// The board exists and the square is empty.
    Empty,
    /// The board does not exist (its timeline has not been played to it).
    NoBoard,
    /// The board exists.
    Board,
}

/// One condition: board `board`, square `square` holds `holds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Cond {
    pub(super) board: BoardId,
    pub(super) square: Square,
    pub(super) holds: Holds,
}

impl Cond {
    /// What `mv` holds at this point now.
    pub(super) fn observe(mv: &Multiverse, board: BoardId, square: Square) -> Cond {
        let holds = match mv.board(board.l, board.v) {
            None => Holds::NoBoard,
            Some(b) => match b.piece_at(square) {
                Some(p) => Holds::Piece(p.piece),
                None => Holds::Empty,
            },
        };
        Cond {
            board,
            square,
            holds,
        }
    }

    /// Whether board `board` exists in `mv` (as a condition).
    pub(super) fn existence(mv: &Multiverse, board: BoardId) -> Cond {
        let holds = if mv.board(board.l, board.v).is_some() {
            Holds::Board
        } else {
            Holds::NoBoard
        };
        Cond {
            board,
            square: Square::from_index(0),
            holds,
        }
    }

    /// Does `mv` meet it?
    pub(super) fn holds_in(&self, mv: &Multiverse) -> bool {
        let b = mv.board(self.board.l, self.board.v);
        match self.holds {
            Holds::NoBoard => b.is_none(),
            Holds::Board => b.is_some(),
            Holds::Empty => b.is_some_and(|b| b.occupied() >> self.square.index() & 1 == 0),
            // (A square holds at most one piece: its colour's and its
            // kind's bitboards both have it.)
            Holds::Piece(p) => b.is_some_and(|b| {
                let i = self.square.index();
                i < 64 && b.pieces(p.color, p.kind) >> i & 1 == 1
            }),
        }
    }
}

/// A sufficient reason for a failure: conditions that all hold, or unknown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Why {
    conds: Option<Vec<Cond>>,
    /// One bit per condition (`Cond::bit`): a condition whose bit is not
    /// set is not among `conds`, so [`Why::push`] adds it without a scan
    /// (the scan was a fifth of the softmate search's time on some stress
    /// positions). The same conditions give the same bits.
    bits: u64,
}

impl Cond {
    /// This condition's bit in [`Why::bits`] (from its point).
    fn bit(&self) -> u64 {
        let h = (self.board.l as u32)
            .wrapping_mul(0x9E37_79B9)
            .wrapping_add((self.board.v as u32).wrapping_mul(0x85EB_CA6B))
            .wrapping_add(u32::from(self.square.x) * 8 + u32::from(self.square.y));
        1 << (h.wrapping_mul(0x2545_F491) >> 26)
    }
}

impl Why {
    /// No condition yet.
    pub(super) fn empty() -> Why {
        Why {
            conds: Some(Vec::new()),
            bits: 0,
        }
    }

    /// A reason that cannot be stated.
    pub(super) fn unknown() -> Why {
        Why {
            conds: None,
            bits: 0,
        }
    }

    /// Its last condition, if it is known and has one: `kept.rs` keeps
    /// it beside the reason and tests it first (the first condition of a
    /// phase-1 reason is whether its board was played, which often holds;
    /// the last comes from the deepest failure).
    pub(super) fn key(&self) -> Option<Cond> {
        self.conds.as_ref().and_then(|cs| cs.last().copied())
    }

    /// Is it unknown?
    pub(super) fn is_unknown(&self) -> bool {
        self.conds.is_none()
    }

    /// Makes it unknown.
    pub(super) fn set_unknown(&mut self) {
        self.conds = None;
        self.bits = 0;
    }

    /// Adds a condition. A reason of more than [`Why::MAX`] conditions
    /// becomes unknown: it would seldom hold again, and gathering it costs.
    pub(super) fn push(&mut self, c: Cond) {
        if let Some(cs) = &mut self.conds {
            let bit = c.bit();
            if self.bits & bit == 0 || !cs.contains(&c) {
                if cs.len() >= Self::MAX {
                    self.set_unknown();
                } else {
                    cs.push(c);
                    self.bits |= bit;
                }
            }
        }
    }

    /// The most conditions a reason keeps. It was 40: on positions with
    /// 30–60 timelines phase 1's reasons outgrew that (a waiting board's
    /// failed ways out, the boards played, the checks' lines), became
    /// unknown and skipped nothing (issue 14: `standardprincess-1-checks`
    /// 25 of `stress/slow.tsv`, undecided, now an action in 167 823 nodes;
    /// 1 000 instead of 160 decided nothing more on the stress suite).
    pub(super) const MAX: usize = 160;

    /// Adds every condition of `other` (unknown stays unknown).
    pub(super) fn union_with(&mut self, other: &Why) {
        match &other.conds {
            None => self.set_unknown(),
            Some(cs) => {
                for &c in cs {
                    self.push(c);
                }
            }
        }
    }

    /// Does every condition hold in `mv`? (Never for an unknown reason.)
    pub(super) fn holds_in(&self, mv: &Multiverse) -> bool {
        self.conds
            .as_ref()
            .is_some_and(|cs| cs.iter().all(|c| c.holds_in(mv)))
    }

    /// Does it hold once a move that makes the boards `own` (which do not
    /// exist yet) and changes no other board is made in `mv`? `Some` when
    /// known without making it: a condition on another board is as in `mv`;
    /// one on an own board holds if it asks for the board, fails if it asks
    /// for no board, and is not known (`None`) if it asks about a square.
    /// Never for an unknown reason.
    pub(super) fn holds_after_making(&self, mv: &Multiverse, own: &[BoardId]) -> Option<bool> {
        let Some(cs) = &self.conds else {
            return Some(false);
        };
        let mut known = true;
        for c in cs {
            if !own.contains(&c.board) {
                if !c.holds_in(mv) {
                    return Some(false);
                }
                continue;
            }
            match c.holds {
                Holds::Board => {}
                Holds::NoBoard => return Some(false),
                Holds::Empty | Holds::Piece(_) => known = false,
            }
        }
        known.then_some(true)
    }

    /// The first condition that does not hold in `mv` (`None`: every one
    /// holds). Only for a known reason.
    pub(super) fn failing(&self, mv: &Multiverse) -> Option<Cond> {
        debug_assert!(!self.is_unknown(), "only a known reason has conditions");
        self.conds
            .as_ref()
            .and_then(|cs| cs.iter().find(|c| !c.holds_in(mv)).copied())
    }

    /// Does a condition name one of `boards`? (Always for an unknown one.)
    pub(super) fn names_any(&self, boards: &[BoardId]) -> bool {
        self.conds
            .as_ref()
            .is_none_or(|cs| cs.iter().any(|c| boards.contains(&c.board)))
    }

    /// Drops the conditions on `boards`.
    pub(super) fn without(&self, boards: &[BoardId]) -> Why {
        let conds: Option<Vec<Cond>> = self.conds.as_ref().map(|cs| {
            cs.iter()
                .filter(|c| !boards.contains(&c.board))
                .copied()
                .collect()
        });
        let bits = conds
            .as_ref()
            .map_or(0, |cs| cs.iter().fold(0, |b, c| b | c.bit()));
        Why { conds, bits }
    }
}
