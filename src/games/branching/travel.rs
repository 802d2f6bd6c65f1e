//! Time travel and trans-universe travel (`shared/rules/seed-variants.md` C.1, C.3,
//! C.6.4–C.6.9): what a branch-turn may carry, which pieces may leave, and the
//! checks that turn a [`BranchTurn`] into a change ready to commit.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::board::{arrived_after_move, bit, moved_to};
use super::landing::{Landing, LandingTurn};
use super::{Branch, BranchId, BranchingError, Game, TransTraveller};
use crate::chess::{Color, Move2d, Piece, PieceKind, Position, Square};

/// Whether the journey comes before or after the chess move (C.3, C.6.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TravelOrder {
    /// Move, then the traveller leaves the board after the move (it cannot be the
    /// piece just moved, and its departure must not expose the king).
    MoveFirst,
    /// The traveller leaves first; the move is then judged on the board without it.
    TravelFirst,
}

/// A journey that goes with a branch-turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Travel {
    /// Back in time to board `to_t` of the branch's lineage, forking a new branch.
    Time {
        /// The traveller's square on the board it leaves.
        from: Square,
        /// The time of the destination board (its side to move must be the traveller's).
        to_t: u32,
        /// Where it lands on the copy of that board.
        landing: Square,
    },
    /// Across to the latest board of another branch, for the price of a queen.
    TransUniverse {
        /// The square of the queen sacrificed on the board the traveller leaves.
        queen: Square,
        /// The traveller's square on the board it leaves.
        from: Square,
        /// The branch it goes to (active, not yet played this phase).
        to_branch: BranchId,
        /// Where it lands there.
        landing: Square,
    },
}

impl Travel {
    /// The traveller's square on the board it leaves.
    #[must_use]
    pub fn from(&self) -> Square {
        match *self {
            Travel::Time { from, .. } | Travel::TransUniverse { from, .. } => from,
        }
    }

    pub(super) fn queen(&self) -> Option<Square> {
        match *self {
            Travel::Time { .. } => None,
            Travel::TransUniverse { queen, .. } => Some(queen),
        }
    }
}

/// A journey and when it happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TravelPlan {
    /// Before or after the move.
    pub order: TravelOrder,
    /// Where the piece goes.
    pub travel: Travel,
}

/// One player's turn on one branch: a chess move and at most one journey.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BranchTurn {
    /// The branch played.
    pub branch: BranchId,
    /// The chess move on its latest board.
    pub mv: Move2d,
    /// The optional journey.
    pub travel: Option<TravelPlan>,
}

impl BranchTurn {
    /// A move without travel.
    #[must_use]
    pub fn plain(branch: BranchId, mv: Move2d) -> BranchTurn {
        BranchTurn {
            branch,
            mv,
            travel: None,
        }
    }

    /// A move with a journey.
    #[must_use]
    pub fn with_travel(
        branch: BranchId,
        mv: Move2d,
        order: TravelOrder,
        travel: Travel,
    ) -> BranchTurn {
        BranchTurn {
            branch,
            mv,
            travel: Some(TravelPlan { order, travel }),
        }
    }
}

/// The traveller has left its board: what remains to decide is where it lands.
pub(super) struct Departure {
    pub(super) branch: BranchId,
    pub(super) player: Color,
    pub(super) piece: Piece,
    pub(super) from: Square,
    pub(super) departure_t: u32,
    pub(super) next: Position,
    pub(super) next_arrived: u64,
}

pub(super) struct Prepared {
    pub(super) branch: BranchId,
    pub(super) next: Position,
    pub(super) next_arrived: u64,
    pub(super) landing: Option<Landing>,
}

impl Game {
    /// The pieces that may travel from `branch` with this move and order: own
    /// non-king pieces that did not just move, did not arrive by travel, and whose
    /// departure leaves the king safe (the queen sacrifice aside).
    ///
    /// # Errors
    /// Why the move itself cannot be played there.
    pub fn travellers(
        &self,
        branch: BranchId,
        mv: Move2d,
        order: TravelOrder,
    ) -> Result<Vec<Square>, BranchingError> {
        let b = self.pending_branch(branch)?;
        if order == TravelOrder::MoveFirst {
            self.plain_next(b, mv)?;
        }
        Ok(all_squares()
            .filter(|&sq| self.depart(b, mv, order, sq, None).is_ok())
            .collect())
    }

    /// Whether the piece on `from` may travel from `branch` with this move and
    /// order: `Ok` for the pieces [`Game::travellers`] lists, otherwise the reason.
    ///
    /// # Errors
    /// Why the move cannot be played, or why that piece may not travel (e.g.
    /// [`BranchingError::TravellerJustMoved`], [`BranchingError::KingCannotTravel`]).
    pub fn check_traveller(
        &self,
        branch: BranchId,
        mv: Move2d,
        order: TravelOrder,
        from: Square,
    ) -> Result<(), BranchingError> {
        let b = self.pending_branch(branch)?;
        if order == TravelOrder::MoveFirst {
            self.plain_next(b, mv)?;
        }
        self.depart(b, mv, order, from, None).map(|_| ())
    }

    /// The latest board of `branch` without the piece on `from` (and without the
    /// sacrificed queen on `queen`, if any): the position in which the move of a
    /// travel-first branch-turn is chosen. Its legal moves are the moves allowed
    /// after that departure.
    ///
    /// # Errors
    /// Why that piece (or queen) cannot leave: see [`BranchingError`].
    pub fn departure_position(
        &self,
        branch: BranchId,
        from: Square,
        queen: Option<Square>,
    ) -> Result<Position, BranchingError> {
        let b = self.pending_branch(branch)?;
        let cur = &b.latest;
        let player = cur.position().turn();
        traveller(cur.position(), cur.arrived_mask(), from, player, &[])?;
        self.take_off(cur.position(), from, queen, player)
    }

    /// Every board `from`'s piece may time-travel to, with its landing squares
    /// (empty when none).
    ///
    /// # Errors
    /// Why the move or the departure is refused, or
    /// [`BranchingError::BranchLimitReached`].
    pub fn time_travel_landings(
        &self,
        branch: BranchId,
        mv: Move2d,
        order: TravelOrder,
        from: Square,
    ) -> Result<Vec<(u32, Vec<Square>)>, BranchingError> {
        let b = self.pending_branch(branch)?;
        self.check_limit()?;
        let dep = self.depart(b, mv, order, from, None)?;
        let mut out = Vec::new();
        for t in 0..dep.departure_t {
            if let Ok(squares) = self.landings_at(b, &dep, t) {
                out.push((t, squares));
            }
        }
        Ok(out)
    }

    /// The landing squares of `from`'s piece on the board at `to_t` (as
    /// [`Game::time_travel_landings`] for one board).
    ///
    /// # Errors
    /// Why the move, the departure or that destination is refused.
    pub fn time_travel_landings_at(
        &self,
        branch: BranchId,
        mv: Move2d,
        order: TravelOrder,
        from: Square,
        to_t: u32,
    ) -> Result<Vec<Square>, BranchingError> {
        let b = self.pending_branch(branch)?;
        self.check_limit()?;
        let dep = self.depart(b, mv, order, from, None)?;
        self.landings_at(b, &dep, to_t)
    }

    fn landings_at(
        &self,
        b: &Branch,
        dep: &Departure,
        to_t: u32,
    ) -> Result<Vec<Square>, BranchingError> {
        let (dest, _) = self.destination(b, dep, to_t)?;
        let turn = self.arrival_turn();
        Ok(all_squares()
            .filter(|&s| self.land(dest, dep.piece, dep.from, s, turn).is_ok())
            .collect())
    }

    /// Every branch `from`'s piece may cross to by sacrificing the queen on `queen`,
    /// with its landing squares there (empty when none).
    ///
    /// # Errors
    /// Why the move, the departure or the sacrifice is refused.
    pub fn trans_universe_landings(
        &self,
        branch: BranchId,
        mv: Move2d,
        order: TravelOrder,
        from: Square,
        queen: Square,
    ) -> Result<Vec<(BranchId, Vec<Square>)>, BranchingError> {
        let b = self.pending_branch(branch)?;
        let dep = self.depart(b, mv, order, from, Some(queen))?;
        let mut out = Vec::new();
        for &target in &self.phase.pending {
            if target == branch {
                continue;
            }
            let dest = &self.branches[target.index()].latest;
            let turn = self.trans_turn();
            let squares = all_squares()
                .filter(|&s| self.land(dest, dep.piece, from, s, turn).is_ok())
                .collect();
            out.push((target, squares));
        }
        Ok(out)
    }

    // ----- validation -----

    pub(super) fn pending_branch(&self, id: BranchId) -> Result<&Branch, BranchingError> {
        if self.result.is_some() {
            return Err(BranchingError::GameOver);
        }
        let b = self.branch(id)?;
        if !b.is_active() {
            return Err(BranchingError::BranchFinished(id));
        }
        if !self.phase.pending.contains(&id) {
            return Err(BranchingError::NotPendingThisPhase(id));
        }
        Ok(b)
    }

    pub(super) fn check_limit(&self) -> Result<(), BranchingError> {
        if self.is_collapsing() {
            Err(BranchingError::BranchLimitReached {
                limit: self.config.limit,
            })
        } else {
            Ok(())
        }
    }

    pub(super) fn plain_next(&self, b: &Branch, mv: Move2d) -> Result<Position, BranchingError> {
        if matches!(mv, Move2d::Drop { .. }) {
            return Err(BranchingError::DropNotAllowed);
        }
        Ok(b.latest.position().play(mv)?)
    }

    /// The move and the traveller's (and queen's) departure, in the given order.
    pub(super) fn depart(
        &self,
        b: &Branch,
        mv: Move2d,
        order: TravelOrder,
        from: Square,
        queen: Option<Square>,
    ) -> Result<Departure, BranchingError> {
        let cur = &b.latest;
        let player = cur.position().turn();
        match order {
            TravelOrder::MoveFirst => {
                let after = self.plain_next(b, mv)?;
                let marks = arrived_after_move(cur.arrived_mask(), mv);
                let piece = traveller(&after, marks, from, player, &moved_to(mv))?;
                let departed = self.take_off(&after, from, queen, player)?;
                if departed.is_king_attacked(player) {
                    return Err(BranchingError::DepartureExposesKing);
                }
                Ok(Departure {
                    branch: b.id,
                    player,
                    piece,
                    from,
                    departure_t: cur.t() + 1,
                    next: departed,
                    next_arrived: marks,
                })
            }
            TravelOrder::TravelFirst => {
                if matches!(mv, Move2d::Drop { .. }) {
                    return Err(BranchingError::DropNotAllowed);
                }
                let pos = cur.position();
                let piece = traveller(pos, cur.arrived_mask(), from, player, &[])?;
                let departed = self.take_off(pos, from, queen, player)?;
                let next = departed.play(mv)?;
                Ok(Departure {
                    branch: b.id,
                    player,
                    piece,
                    from,
                    departure_t: cur.t(),
                    next,
                    next_arrived: arrived_after_move(cur.arrived_mask(), mv),
                })
            }
        }
    }

    pub(super) fn prepare(&self, turn: &BranchTurn) -> Result<Prepared, BranchingError> {
        let b = self.pending_branch(turn.branch)?;
        let Some(plan) = turn.travel else {
            let next = self.plain_next(b, turn.mv)?;
            return Ok(Prepared {
                branch: b.id,
                next,
                next_arrived: arrived_after_move(b.latest.arrived_mask(), turn.mv),
                landing: None,
            });
        };
        if matches!(plan.travel, Travel::Time { .. }) {
            self.check_limit()?;
        }
        let dep = self.depart(
            b,
            turn.mv,
            plan.order,
            plan.travel.from(),
            plan.travel.queen(),
        )?;
        let landing = match plan.travel {
            Travel::Time { to_t, landing, .. } => {
                let (dest, base) = self.destination(b, &dep, to_t)?;
                let (position, arrived) =
                    self.land(dest, dep.piece, dep.from, landing, self.arrival_turn())?;
                Landing::Fork {
                    owner: self.owner_of(b, base.t()),
                    dest: Rc::clone(base),
                    position,
                    arrived,
                }
            }
            Travel::TransUniverse {
                to_branch, landing, ..
            } => {
                if to_branch == dep.branch {
                    return Err(BranchingError::SameBranch);
                }
                let target = self.pending_branch(to_branch)?;
                let turn = self.trans_turn();
                let (position, arrived) =
                    self.land(&target.latest, dep.piece, dep.from, landing, turn)?;
                Landing::Trans {
                    target: to_branch,
                    position,
                    arrived,
                    takes_turn: turn == LandingTurn::Passes,
                }
            }
        };
        Ok(Prepared {
            branch: dep.branch,
            next: dep.next,
            next_arrived: dep.next_arrived,
            landing: Some(landing),
        })
    }

    /// Takes the traveller, and the sacrificed queen if any, off the board.
    pub(super) fn take_off(
        &self,
        pos: &Position,
        from: Square,
        queen: Option<Square>,
        player: Color,
    ) -> Result<Position, BranchingError> {
        let mut out = pos.with_piece(from, None)?;
        if let Some(q) = queen {
            let queen_travels = self.config.rules.trans_traveller == TransTraveller::TheQueen;
            if queen_travels && q != from {
                return Err(BranchingError::QueenMustTravel);
            }
            if !queen_travels && q == from {
                return Err(BranchingError::QueenCannotTravel);
            }
            if pos.piece_at(q) != Some(Piece::new(player, PieceKind::Queen)) {
                return Err(BranchingError::NoQueenToSacrifice(q));
            }
            out = out.with_piece(q, None)?;
        }
        Ok(out)
    }
}

pub(super) fn all_squares() -> impl Iterator<Item = Square> {
    (0..64).map(Square::from_index)
}

/// Checks that the piece on `from` may travel (C.1 exceptions, C.6.4).
pub(super) fn traveller(
    pos: &Position,
    arrived: u64,
    from: Square,
    player: Color,
    just_moved: &[Square],
) -> Result<Piece, BranchingError> {
    let piece = pos
        .piece_at(from)
        .ok_or(BranchingError::NoTraveller(from))?;
    if piece.color != player {
        return Err(BranchingError::NotYourTraveller(from));
    }
    if piece.kind == PieceKind::King {
        return Err(BranchingError::KingCannotTravel);
    }
    if just_moved.contains(&from) {
        return Err(BranchingError::TravellerJustMoved(from));
    }
    if arrived & bit(from) != 0 {
        return Err(BranchingError::TravellerAlreadyArrived(from));
    }
    Ok(piece)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{mv, opening, sq, time, B0};
    use super::super::Config;
    use super::*;

    #[test]
    fn only_own_pieces_that_did_not_just_move_may_travel() {
        let game = opening(Config::default());
        let bc4 = mv(&game, B0, "Bc4");
        let after = game.travellers(B0, bc4, TravelOrder::MoveFirst).unwrap();
        assert!(after.contains(&sq("f3")));
        assert!(!after.contains(&sq("c4")), "the bishop just moved");
        assert!(!after.contains(&sq("e1")), "kings never travel");
        assert!(!after.contains(&sq("c6")), "not White's piece");
        let check = |order, from| game.check_traveller(B0, bc4, order, sq(from));
        assert_eq!(
            check(TravelOrder::MoveFirst, "c4"),
            Err(BranchingError::TravellerJustMoved(sq("c4")))
        );
        assert_eq!(
            check(TravelOrder::MoveFirst, "e1"),
            Err(BranchingError::KingCannotTravel)
        );
        assert_eq!(
            check(TravelOrder::MoveFirst, "e3"),
            Err(BranchingError::NoTraveller(sq("e3")))
        );
        assert_eq!(
            check(TravelOrder::MoveFirst, "c6"),
            Err(BranchingError::NotYourTraveller(sq("c6")))
        );
        // Travelling first, the bishop leaves before it could move: its move is refused.
        assert!(check(TravelOrder::TravelFirst, "f1").is_err());
        assert_eq!(check(TravelOrder::TravelFirst, "f3"), Ok(()));
    }

    #[test]
    fn the_departure_position_lacks_the_traveller_and_the_queen() {
        let game = opening(Config::default());
        let without = game.departure_position(B0, sq("f3"), None).unwrap();
        assert_eq!(without.piece_at(sq("f3")), None);
        assert_eq!(without.turn(), Color::White);
        assert_eq!(
            game.departure_position(B0, sq("f3"), Some(sq("d1")))
                .unwrap()
                .piece_at(sq("d1")),
            None
        );
        assert_eq!(
            game.departure_position(B0, sq("f3"), Some(sq("d2"))),
            Err(BranchingError::NoQueenToSacrifice(sq("d2")))
        );
        assert_eq!(
            game.departure_position(B0, sq("d1"), Some(sq("d1"))),
            Err(BranchingError::QueenCannotTravel)
        );
    }

    #[test]
    fn a_turn_is_checked_before_anything_changes() {
        let game = opening(Config::default());
        let bc4 = mv(&game, B0, "Bc4");
        let turn = |travel| BranchTurn::with_travel(B0, bc4, TravelOrder::MoveFirst, travel);
        assert_eq!(game.check(&turn(time("f3", 2, "c3"))), Ok(()));
        assert_eq!(
            game.check(&turn(time("f3", 5, "c3"))),
            Err(BranchingError::DestinationNotInPast {
                t: 5,
                departure_t: 5
            })
        );
        let drop = Move2d::Drop {
            kind: PieceKind::Knight,
            to: sq("e3"),
        };
        assert_eq!(
            game.check(&BranchTurn::plain(B0, drop)),
            Err(BranchingError::DropNotAllowed)
        );
        let trans = Travel::TransUniverse {
            queen: sq("d1"),
            from: sq("f3"),
            to_branch: B0,
            landing: sq("c3"),
        };
        assert_eq!(trans.from(), sq("f3"));
        assert_eq!(trans.queen(), Some(sq("d1")));
        assert_eq!(time("f3", 2, "c3").queen(), None);
        assert_eq!(game.check(&turn(trans)), Err(BranchingError::SameBranch));
    }
}
