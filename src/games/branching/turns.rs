//! Every legal branch-turn (`shared/rules/seed-variants.md` C.3): the plain
//! moves of a pending branch and every journey that may go with them, in both
//! orders, by time travel and by trans-universe travel.
//!
//! The list is built from the checks [`Game::play`] runs on a turn, and only
//! from them: a move is legal where [`Position::legal_moves`] says so, a
//! departure where [`Game::depart`] accepts it, a destination where
//! [`Game::destination`] does, a landing where [`Game::land`] does. Nothing
//! here decides a rule of its own, so a listed turn is accepted by
//! [`Game::check`] and an accepted turn is listed (the tests below check
//! both on random games).
//!
//! Turns that differ only in their landing square come as one
//! [`TurnFamily`]: the landing squares of a traveller on a board do not depend
//! on the move that goes with it, so they are worked out once per traveller
//! and destination and shared. A family is what a player (or the computer)
//! weighs before choosing where exactly to land.

use std::collections::HashMap;
use std::rc::Rc;

use super::landing::LandingTurn;
use super::travel::all_squares;
use super::{BoardNode, Branch, BranchId, BranchTurn, Game, Travel, TravelOrder, TravelPlan};
use crate::chess::{Color, Move2d, Piece, PieceKind, Position, Square};

/// Where a journey goes, before its landing square is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Journey {
    /// Back to the board at time `to_t` of the branch's lineage (a fork).
    Time {
        /// The destination board's time.
        to_t: u32,
    },
    /// Across to the latest board of `to_branch`, for the queen on `queen`.
    TransUniverse {
        /// The queen sacrificed on the board the traveller leaves.
        queen: Square,
        /// The branch the traveller lands on.
        to_branch: BranchId,
    },
}

/// Legal branch-turns that differ only in the landing square: one move, one
/// order, one traveller, one destination, and every square it may land on
/// there (never empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnFamily {
    /// The branch played.
    pub branch: BranchId,
    /// The chess move on its latest board.
    pub mv: Move2d,
    /// Before or after the move.
    pub order: TravelOrder,
    /// The traveller's square on the board it leaves.
    pub from: Square,
    /// Where it goes.
    pub journey: Journey,
    /// Every square it may land on, a1 … h8 (shared with the families of
    /// the same traveller and destination).
    pub landings: Rc<[Square]>,
}

impl TurnFamily {
    /// The turn that lands on `landing` (legal when `landing` is one of
    /// [`TurnFamily::landings`]).
    #[must_use]
    pub fn turn(&self, landing: Square) -> BranchTurn {
        let from = self.from;
        let travel = match self.journey {
            Journey::Time { to_t } => Travel::Time {
                from,
                to_t,
                landing,
            },
            Journey::TransUniverse { queen, to_branch } => Travel::TransUniverse {
                queen,
                from,
                to_branch,
                landing,
            },
        };
        BranchTurn {
            branch: self.branch,
            mv: self.mv,
            travel: Some(TravelPlan {
                order: self.order,
                travel,
            }),
        }
    }

    /// Every turn of the family, by landing square.
    pub fn turns(&self) -> impl Iterator<Item = BranchTurn> + '_ {
        self.landings.iter().map(|&s| self.turn(s))
    }
}

/// The landing squares already worked out, by traveller (square and kind)
/// and destination.
type LandingCache = HashMap<(Square, PieceKind, Journey), Rc<[Square]>>;

impl Game {
    /// Every legal branch-turn now: for each branch still to play this phase
    /// (in the phase's order), its plain moves, then its journeys family by
    /// family ([`Game::journey_families`]). Empty once the game is over.
    ///
    /// The list grows fast with the game (moves × travellers × destinations
    /// × landing squares): a few thousand turns on the first move, tens of
    /// thousands a dozen plies in. Players that cannot weigh them all work
    /// with the families instead.
    #[must_use]
    pub fn legal_turns(&self) -> Vec<BranchTurn> {
        let mut out = Vec::new();
        for &b in &self.phase.pending {
            out.extend(self.plain_turns(b));
            for family in self.journey_families(b) {
                out.extend(family.turns());
            }
        }
        out
    }

    /// The legal turns of `branch` without a journey (none when it is not to
    /// be played now).
    #[must_use]
    pub fn plain_turns(&self, branch: BranchId) -> Vec<BranchTurn> {
        let Ok(b) = self.pending_branch(branch) else {
            return Vec::new();
        };
        b.latest
            .position()
            .legal_moves()
            .into_iter()
            .filter(|&mv| self.plain_next(b, mv).is_ok())
            .map(|mv| BranchTurn::plain(branch, mv))
            .collect()
    }

    /// Every legal journey of `branch` now, as families of turns: move-first
    /// ones by move, then travel-first ones by traveller; time travel (while
    /// the branch limit allows it) before trans-universe travel. Empty when
    /// the branch is not to be played now.
    #[must_use]
    pub fn journey_families(&self, branch: BranchId) -> Vec<TurnFamily> {
        let Ok(b) = self.pending_branch(branch) else {
            return Vec::new();
        };
        let pos = *b.latest.position();
        let player = pos.turn();
        let mut out = Vec::new();
        let mut cache = LandingCache::new();
        let can_cross = self.phase.pending.iter().any(|&t| t != branch);
        let queens = |p: &Position| -> Vec<Square> {
            if can_cross {
                own_queens(p, player).collect()
            } else {
                Vec::new()
            }
        };
        for mv in pos.legal_moves() {
            let Ok(after) = self.plain_next(b, mv) else {
                continue;
            };
            let after_queens = queens(&after);
            for (from, _) in own_pieces(&after, player) {
                self.families_of(
                    b,
                    mv,
                    TravelOrder::MoveFirst,
                    from,
                    None,
                    &mut cache,
                    &mut out,
                );
                for &queen in &after_queens {
                    self.families_of(
                        b,
                        mv,
                        TravelOrder::MoveFirst,
                        from,
                        Some(queen),
                        &mut cache,
                        &mut out,
                    );
                }
            }
        }
        for (from, _) in own_pieces(&pos, player) {
            let mut sacrifices = vec![None];
            sacrifices.extend(queens(&pos).into_iter().map(Some));
            for queen in sacrifices {
                let Ok(departed) = self.departure_position(branch, from, queen) else {
                    continue;
                };
                for mv in departed.legal_moves() {
                    self.families_of(
                        b,
                        mv,
                        TravelOrder::TravelFirst,
                        from,
                        queen,
                        &mut cache,
                        &mut out,
                    );
                }
            }
        }
        out
    }

    /// The families of one move, order and traveller: time travel when
    /// `queen` is `None`, else trans-universe travel paid with that queen.
    #[allow(clippy::too_many_arguments)]
    fn families_of(
        &self,
        b: &Branch,
        mv: Move2d,
        order: TravelOrder,
        from: Square,
        queen: Option<Square>,
        cache: &mut LandingCache,
        out: &mut Vec<TurnFamily>,
    ) {
        if queen.is_none() && self.check_limit().is_err() {
            return;
        }
        let Ok(dep) = self.depart(b, mv, order, from, queen) else {
            return;
        };
        let mut push = |journey: Journey, dest: &BoardNode, turn: LandingTurn| {
            let landings = cache
                .entry((from, dep.piece.kind, journey))
                .or_insert_with(|| {
                    all_squares()
                        .filter(|&s| self.land(dest, dep.piece, from, s, turn).is_ok())
                        .collect()
                })
                .clone();
            if !landings.is_empty() {
                out.push(TurnFamily {
                    branch: b.id,
                    mv,
                    order,
                    from,
                    journey,
                    landings,
                });
            }
        };
        match queen {
            None => {
                for to_t in 0..dep.departure_t {
                    if let Ok((dest, _)) = self.destination(b, &dep, to_t) {
                        push(Journey::Time { to_t }, dest, self.arrival_turn());
                    }
                }
            }
            Some(queen) => {
                for &to_branch in &self.phase.pending {
                    if to_branch == b.id {
                        continue;
                    }
                    let dest = &self.branches[to_branch.index()].latest;
                    let journey = Journey::TransUniverse { queen, to_branch };
                    push(journey, dest, self.trans_turn());
                }
            }
        }
    }
}

/// `player`'s pieces that are not kings (the only ones that may travel).
fn own_pieces(pos: &Position, player: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
    pos.pieces()
        .filter(move |(_, p)| p.color == player && p.kind != PieceKind::King)
}

/// The squares of `player`'s queens.
fn own_queens(pos: &Position, player: Color) -> impl Iterator<Item = Square> + '_ {
    pos.pieces()
        .filter(move |(_, p)| p.color == player && p.kind == PieceKind::Queen)
        .map(|(s, _)| s)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::super::test_support::{forked, opening, B0};
    use super::super::{Arrival, Config, PawnLanding, RuleOptions, SplitMix64, TransTraveller};
    use super::*;

    /// Positions reached by seeded random playouts (journeys in about a third
    /// of the turns) under the recommended rules, a small branch limit (so
    /// the collapse and trans-universe travel come), and the alternative
    /// readings; every third turn kept.
    pub(crate) fn playout_positions() -> Vec<Game> {
        let other = RuleOptions {
            arrival: Arrival::AfterOwnMove,
            pawn_landing: PawnLanding::UpToDepartureRank,
            trans_traveller: TransTraveller::TheQueen,
            ..RuleOptions::default()
        };
        let configs = [
            Config::new(21, 1),
            Config::new(5, 2),
            Config {
                rules: other,
                ..Config::new(7, 3)
            },
        ];
        let mut out = vec![forked()];
        for (i, config) in configs.into_iter().enumerate() {
            let mut game = Game::new(config).unwrap();
            let mut rng = SplitMix64::new(0xC0FF_EE00 + i as u64);
            for n in 0..14 {
                let Some(turn) = game.random_turn(&mut rng, 35) else {
                    break;
                };
                game.play(&turn).unwrap();
                if n % 3 == 2 {
                    out.push(game.clone());
                }
            }
        }
        out
    }

    #[test]
    fn every_listed_turn_is_accepted_and_listed_once() {
        let mut journeys = 0;
        let mut crossings = 0;
        for game in playout_positions() {
            let turns = game.legal_turns();
            let distinct: HashSet<BranchTurn> = turns.iter().copied().collect();
            assert_eq!(distinct.len(), turns.len(), "a turn listed twice");
            for turn in &turns {
                assert_eq!(game.check(turn), Ok(()), "{turn:?}");
                match turn.travel.map(|p| p.travel) {
                    Some(Travel::Time { .. }) => journeys += 1,
                    Some(Travel::TransUniverse { .. }) => crossings += 1,
                    None => {}
                }
            }
        }
        assert!(journeys > 1000, "time travel listed: {journeys}");
        assert!(crossings > 100, "trans-universe travel listed: {crossings}");
    }

    /// Every turn the game's own travel questions (those the screen asks:
    /// travellers, then landings) lead to, in both orders and with every own
    /// queen as the price of a crossing, is listed.
    #[test]
    fn every_turn_the_travel_questions_offer_is_listed() {
        for game in playout_positions() {
            let listed: HashSet<BranchTurn> = game.legal_turns().into_iter().collect();
            let mut offered = 0;
            for &b in &game.phase().pending {
                let pos = *game.branch(b).unwrap().latest().position();
                let mut moves: Vec<Move2d> = pos.legal_moves();
                for from in all_squares() {
                    for queen in std::iter::once(None).chain(all_squares().map(Some)) {
                        if let Ok(departed) = game.departure_position(b, from, queen) {
                            moves.extend(departed.legal_moves());
                        }
                    }
                }
                moves.sort_by_key(|m| m.to_uci());
                moves.dedup();
                for &mv in &moves {
                    for order in [TravelOrder::MoveFirst, TravelOrder::TravelFirst] {
                        let plain = BranchTurn::plain(b, mv);
                        if game.check(&plain).is_ok() {
                            assert!(listed.contains(&plain), "{plain:?}");
                        }
                        for from in game.travellers(b, mv, order).unwrap_or_default() {
                            let times = game.time_travel_landings(b, mv, order, from);
                            for (to_t, squares) in times.unwrap_or_default() {
                                for landing in squares {
                                    let travel = Travel::Time {
                                        from,
                                        to_t,
                                        landing,
                                    };
                                    let turn = BranchTurn::with_travel(b, mv, order, travel);
                                    assert!(listed.contains(&turn), "{turn:?}");
                                    offered += 1;
                                }
                            }
                            for queen in all_squares() {
                                let Ok(targets) =
                                    game.trans_universe_landings(b, mv, order, from, queen)
                                else {
                                    continue;
                                };
                                for (to_branch, squares) in targets {
                                    for landing in squares {
                                        let travel = Travel::TransUniverse {
                                            queen,
                                            from,
                                            to_branch,
                                            landing,
                                        };
                                        let turn = BranchTurn::with_travel(b, mv, order, travel);
                                        assert!(listed.contains(&turn), "{turn:?}");
                                        offered += 1;
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let journeys = listed.iter().filter(|t| t.travel.is_some()).count();
            // `travellers` asks for the move on the board before the
            // departure: a travel-first turn whose move is legal only once
            // the traveller has left is listed but not offered here.
            assert!(offered <= journeys);
        }
    }

    /// Every accepted turn, found by asking [`Game::check`] about every
    /// move, order, traveller square, destination and landing square: none
    /// is missing from the list (small positions, to keep the count low).
    #[test]
    fn a_brute_force_finds_no_turn_the_list_lacks() {
        // The opening, then Black to move on two branches (C.7.2), then
        // White on two.
        let mut two = forked();
        for b in two.phase().pending.clone() {
            let t = two.plain_turns(b)[0];
            two.play(&t).unwrap();
        }
        let positions = [opening(Config::default()), forked(), two];
        for game in positions {
            let listed: HashSet<BranchTurn> = game.legal_turns().into_iter().collect();
            let mut accepted = 0;
            for &b in &game.phase().pending {
                let latest = game.branch(b).unwrap().latest();
                let pos = *latest.position();
                let mut moves = pos.legal_moves();
                for from in all_squares() {
                    if let Ok(d) = pos.with_piece(from, None) {
                        moves.extend(d.legal_moves());
                    }
                }
                moves.sort_by_key(|m| m.to_uci());
                moves.dedup();
                let mut try_turn = |turn: BranchTurn| {
                    if game.check(&turn).is_ok() {
                        assert!(listed.contains(&turn), "{turn:?}");
                        let crossing = matches!(
                            turn.travel.map(|p| p.travel),
                            Some(Travel::TransUniverse { .. })
                        );
                        accepted += usize::from(!crossing);
                    }
                };
                for &mv in &moves {
                    try_turn(BranchTurn::plain(b, mv));
                    for order in [TravelOrder::MoveFirst, TravelOrder::TravelFirst] {
                        for from in all_squares() {
                            for to_t in 0..=latest.t() + 1 {
                                for landing in all_squares() {
                                    let travel = Travel::Time {
                                        from,
                                        to_t,
                                        landing,
                                    };
                                    try_turn(BranchTurn::with_travel(b, mv, order, travel));
                                }
                            }
                        }
                    }
                }
                // Crossings: every queen square and target, for a few moves.
                for &mv in moves.iter().step_by(7) {
                    for order in [TravelOrder::MoveFirst, TravelOrder::TravelFirst] {
                        for from in all_squares() {
                            for queen in all_squares() {
                                for &to_branch in &game.phase().pending {
                                    for landing in all_squares() {
                                        let travel = Travel::TransUniverse {
                                            queen,
                                            from,
                                            to_branch,
                                            landing,
                                        };
                                        try_turn(BranchTurn::with_travel(b, mv, order, travel));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let crossings = listed
                .iter()
                .filter(|t| {
                    matches!(
                        t.travel.map(|p| p.travel),
                        Some(Travel::TransUniverse { .. })
                    )
                })
                .count();
            assert_eq!(
                accepted + crossings,
                listed.len(),
                "all but crossings found by force"
            );
        }
    }

    #[test]
    fn families_group_turns_by_landing_and_plain_moves_come_first() {
        let game = opening(Config::default());
        let turns = game.legal_turns();
        let plain = game.plain_turns(B0);
        assert_eq!(plain.len(), 27);
        assert_eq!(&turns[..plain.len()], &plain[..]);
        let families = game.journey_families(B0);
        let grouped: usize = families.iter().map(|f| f.landings.len()).sum();
        assert_eq!(plain.len() + grouped, turns.len());
        assert!(families.iter().all(|f| !f.landings.is_empty()));
        // The f3 knight after 3.Bc4 to board 2, as in C.7.2, lands on c3.
        let bc4 = game
            .branch(B0)
            .unwrap()
            .latest()
            .position()
            .parse_san("Bc4")
            .unwrap();
        let f = families
            .iter()
            .find(|f| {
                f.mv == bc4
                    && f.order == TravelOrder::MoveFirst
                    && f.from == Square::parse("f3").unwrap()
                    && f.journey == Journey::Time { to_t: 2 }
            })
            .expect("the C.7.2 family");
        assert!(f.landings.contains(&Square::parse("c3").unwrap()));
        assert!(!f.landings.contains(&Square::parse("f3").unwrap()));
    }
}
