//! Where a traveller may land (`shared/rules/seed-variants.md` C.4, C.6.3, C.6.6): the
//! destination board, the landing square's checks, and what the landing does to the
//! turn there.

use std::rc::Rc;

use super::board::{bit, first_threatened, occupancy, pawn_home_rank};
use super::travel::Departure;
use super::{
    Arrival, BoardNode, Branch, BranchId, BranchingError, Game, PawnLanding, TransLanding,
};
use crate::chess::{Color, Piece, PieceKind, Position, Square};

pub(super) enum Landing {
    Fork {
        dest: Rc<BoardNode>,
        owner: BranchId,
        position: Position,
        arrived: u64,
    },
    Trans {
        target: BranchId,
        position: Position,
        arrived: u64,
        takes_turn: bool,
    },
}

/// What a landing does to the turn on the board it lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LandingTurn {
    /// The landing is the traveller's move there: the turn passes.
    Passes,
    /// The piece is added and the side to move stays.
    Stays,
}

impl Game {
    /// The destination board at `to_t` for a time traveller, and the board the new
    /// branch follows (the destination itself, or its predecessor when the arrival
    /// comes after the player's own move, C.6.3 (a)).
    pub(super) fn destination<'a>(
        &self,
        b: &'a Branch,
        dep: &Departure,
        to_t: u32,
    ) -> Result<(&'a Rc<BoardNode>, &'a Rc<BoardNode>), BranchingError> {
        if to_t >= dep.departure_t {
            return Err(BranchingError::DestinationNotInPast {
                t: to_t,
                departure_t: dep.departure_t,
            });
        }
        let dest = b
            .latest
            .ancestor_at(to_t)
            .ok_or(BranchingError::DestinationNotInLineage { t: to_t })?;
        match self.config.rules.arrival {
            Arrival::OnOwnTurn => {
                if dest.position().turn() != dep.player {
                    return Err(BranchingError::DestinationNotYourTurn { t: to_t });
                }
                Ok((dest, dest))
            }
            Arrival::AfterOwnMove => {
                if dest.position().turn() == dep.player {
                    return Err(BranchingError::DestinationNotAfterYourMove { t: to_t });
                }
                let base = dest
                    .parent()
                    .ok_or(BranchingError::DestinationNotAfterYourMove { t: to_t })?;
                Ok((dest, base))
            }
        }
    }

    pub(super) fn arrival_turn(&self) -> LandingTurn {
        match self.config.rules.arrival {
            Arrival::OnOwnTurn => LandingTurn::Passes,
            Arrival::AfterOwnMove => LandingTurn::Stays,
        }
    }

    pub(super) fn trans_turn(&self) -> LandingTurn {
        match self.config.rules.trans_landing {
            TransLanding::TakesTurn => LandingTurn::Passes,
            TransLanding::ExtraPiece => LandingTurn::Stays,
        }
    }

    /// Lands `piece` (which left `left_from`) on `s` of `dest`: the C.4 checks, then
    /// the turn passes when the landing is the player's move there.
    pub(super) fn land(
        &self,
        dest: &BoardNode,
        piece: Piece,
        left_from: Square,
        s: Square,
        turn: LandingTurn,
    ) -> Result<(Position, u64), BranchingError> {
        let pos = dest.position();
        if pos.piece_at(s).is_some() {
            return Err(BranchingError::LandingOccupied(s));
        }
        match piece.kind {
            PieceKind::Bishop if (s.x + s.y) % 2 != (left_from.x + left_from.y) % 2 => {
                return Err(BranchingError::BishopWrongColour(s));
            }
            PieceKind::Pawn if !self.pawn_may_land(piece.color, left_from, s) => {
                return Err(BranchingError::PawnLandingRank(s));
            }
            _ => {}
        }
        let placed = pos.with_piece(s, Some(piece))?;
        if let Some(threatened) = first_threatened(&placed, s) {
            return Err(BranchingError::LandingThreatens {
                landing: s,
                threatened,
            });
        }
        let after = match turn {
            LandingTurn::Passes => {
                if placed.is_king_attacked(piece.color) {
                    return Err(BranchingError::LandingLeavesKingInCheck);
                }
                placed.play_null()
            }
            LandingTurn::Stays => placed,
        };
        Ok((after, (dest.arrived_mask() | bit(s)) & occupancy(&after)))
    }

    pub(super) fn pawn_may_land(&self, color: Color, left_from: Square, s: Square) -> bool {
        let home = pawn_home_rank(color);
        match self.config.rules.pawn_landing {
            PawnLanding::SecondRank => s.y == home,
            // Ranks counted from the owner's side: home ..= the rank it left.
            PawnLanding::UpToDepartureRank => match color {
                Color::White => (home..=left_from.y.max(home)).contains(&s.y),
                Color::Black => (left_from.y.min(home)..=home).contains(&s.y),
            },
        }
    }

    /// The branch whose own boards include time `t` of `b`'s lineage (the
    /// row that draws that board).
    #[must_use]
    pub fn owner_of(&self, b: &Branch, t: u32) -> BranchId {
        let mut cur = b;
        loop {
            match (cur.fork_t, cur.parent) {
                (Some(fork), Some(parent)) if t <= fork => cur = &self.branches[parent.index()],
                _ => return cur.id,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{forked, mv, opening, sq, B0, B1};
    use super::super::{Config, RuleOptions, TravelOrder};
    use super::*;

    fn knight_landings(config: Config) -> Vec<(u32, Vec<Square>)> {
        let game = opening(config);
        let bc4 = mv(&game, B0, "Bc4");
        game.time_travel_landings(B0, bc4, TravelOrder::MoveFirst, sq("f3"))
            .unwrap()
    }

    #[test]
    fn a_time_traveller_lands_only_where_its_side_is_to_move() {
        // Departing after 3.Bc4 (board 5): boards 0, 2 and 4 have White to move.
        let boards: Vec<u32> = knight_landings(Config::default())
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        assert_eq!(boards, [0, 2, 4]);
        let after_own = Config {
            rules: RuleOptions {
                arrival: Arrival::AfterOwnMove,
                ..RuleOptions::default()
            },
            ..Config::default()
        };
        let boards: Vec<u32> = knight_landings(after_own)
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        assert_eq!(boards, [1, 3]);
    }

    #[test]
    fn landing_squares_are_empty_and_threaten_nothing() {
        for (_, squares) in knight_landings(Config::default()) {
            assert!(!squares.is_empty());
            assert!(!squares.contains(&sq("d2")), "occupied");
            // From f6 a knight would threaten e8 and g8 and more: never a landing.
            assert!(!squares.contains(&sq("f6")));
        }
    }

    #[test]
    fn bishops_keep_their_colour_and_pawns_land_on_their_second_rank() {
        let game = opening(Config::default());
        let dest = game.branch(B0).unwrap().board_at(0).unwrap();
        let white = |kind| Piece::new(Color::White, kind);
        let land = |kind, from: &str, to: &str, rules: PawnLanding| {
            let mut g = game.clone();
            g.config.rules.pawn_landing = rules;
            g.land(dest, white(kind), sq(from), sq(to), LandingTurn::Passes)
                .map(|_| ())
        };
        let second = PawnLanding::SecondRank;
        assert_eq!(
            land(PieceKind::Bishop, "c4", "b4", second),
            Err(BranchingError::BishopWrongColour(sq("b4")))
        );
        // On its own colour the bishop passes that check and meets the next one.
        assert_eq!(
            land(PieceKind::Bishop, "c4", "a4", second),
            Err(BranchingError::LandingThreatens {
                landing: sq("a4"),
                threatened: sq("d7")
            })
        );
        assert_eq!(
            land(PieceKind::Pawn, "e4", "a3", second),
            Err(BranchingError::PawnLandingRank(sq("a3")))
        );
        let upto = PawnLanding::UpToDepartureRank;
        assert_eq!(land(PieceKind::Pawn, "e4", "a3", upto), Ok(()));
        assert_eq!(
            land(PieceKind::Pawn, "e4", "a5", upto),
            Err(BranchingError::PawnLandingRank(sq("a5")))
        );
        assert_eq!(
            land(PieceKind::Knight, "f3", "e2", second),
            Err(BranchingError::LandingOccupied(sq("e2")))
        );
    }

    #[test]
    fn a_board_belongs_to_the_branch_that_made_it() {
        let game = forked();
        let fork = game.branch(B1).unwrap();
        assert_eq!(game.owner_of(fork, 3), B1);
        assert_eq!(game.owner_of(fork, 2), B0);
        assert_eq!(game.owner_of(fork, 0), B0);
    }
}
