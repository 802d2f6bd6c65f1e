//! Time Travel Chess, the multiverse version (Tommaso Pavese, 2013), as specified in
//! `shared/rules/seed-variants.md`, section C (the article itself is
//! `shared/rules/seeds/004_33efffcc23284ee7.txt`).
//!
//! - The game starts as normal chess on one **branch**. Each ply appends a board to the
//!   branch, so each branch keeps its whole chronology.
//! - A **phase** belongs to one player, who takes one **branch-turn** on every active
//!   branch, in any order ([`Phase`], C.3). A branch-turn is one chess move on the
//!   branch's latest board, optionally with one journey, before or after the move
//!   ([`TravelOrder`]):
//!   - **time travel** ([`Travel::Time`]): a piece goes back to an earlier board of its
//!     branch's lineage where its side is to move, which forks a new branch: a copy of
//!     that board plus the piece, with the opponent to move;
//!   - **trans-universe travel** ([`Travel::TransUniverse`]): sacrifice a queen, and
//!     the piece lands on the latest board of another branch the player has not yet
//!     played this phase; that landing is the player's turn there.
//! - Landings obey C.4 (empty square, a bishop keeps its square colour, a pawn lands
//!   on its 2nd rank, the piece threatens nothing, the king is safe afterwards).
//! - Once `limit` branches exist, time travel stops and the multiverse
//!   **collapses**: before every branch-turn a random non-king piece leaves the
//!   latest board of a random active branch, drawn from a seeded [`SplitMix64`]
//!   whose state is saved with the game.
//! - Each branch ends by the normal rules; the player who wins more branches wins.
//!
//! Boards are [`BoardNode`]s shared through `Rc`: a fork adds one board and points at
//! its past, so a branch costs one board per ply of its own, never a copy of its
//! history ([`Game::memory_footprint`]).
//!
//! The ambiguous rules follow the spec's recommendations; its alternatives are
//! [`RuleOptions`]. Where this engine differs from the letter of C.2–C.6:
//! - No persistent piece ids (C.2): each board carries a bitboard of the pieces that
//!   arrived by travel, which follows them through moves, captures and promotion; "the
//!   piece moved this turn" is the move's destination square (king and rook when
//!   castling).
//! - A collapse removal (and an extra-piece landing, [`TransLanding::ExtraPiece`])
//!   replaces the branch's latest board at the same time `t` instead of adding one,
//!   so `t` keeps counting plies (C.7.1); the log keeps what was removed.
//! - The removal that precedes a branch-turn is done as soon as the previous one ends
//!   (or the game starts, or the limit is reached), so the player sees it first. A
//!   removal that finds no candidate anywhere is skipped without a log entry.
//! - A landing that is the traveller's move passes the turn like a null move: the
//!   halfmove clock counts it and the fullmove number advances after Black.
//! - Fivefold repetition looks back along the lineage (boards before the fork count)
//!   no further than the halfmove clock.
//! - The collapse's randomness is "injected" by its seed (and saved state); there is
//!   no scripted sequence.
//!
//! ```
//! use chronochess::chess::Square;
//! use chronochess::games::branching::{BranchTurn, Config, Game, Travel, TravelOrder};
//!
//! let mut game = Game::new(Config::default())?;
//! let b0 = game.branches()[0].id();
//! for san in ["e4", "e5", "Nf3", "Nc6"] {
//!     let mv = game.branch(b0)?.latest().position().parse_san(san).unwrap();
//!     game.play(&BranchTurn::plain(b0, mv))?;
//! }
//! // 3.Bc4, then the f3 knight travels back to board 2 and lands on c3.
//! let mv = game.branch(b0)?.latest().position().parse_san("Bc4").unwrap();
//! let sq = |s| Square::parse(s).unwrap();
//! let travel = Travel::Time { from: sq("f3"), to_t: 2, landing: sq("c3") };
//! let report = game.play(&BranchTurn::with_travel(b0, mv, TravelOrder::MoveFirst, travel))?;
//! assert_eq!(game.branches().len(), 2);
//! assert_eq!(report.created, Some(game.branches()[1].id()));
//! # Ok::<(), chronochess::games::branching::BranchingError>(())
//! ```

mod board;
mod branch;
mod collapse;
mod config;
mod error;
mod landing;
mod playout;
mod replay;
mod result;
mod rng;
mod save;
#[cfg(test)]
mod test_support;
mod travel;
mod turns;

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::chess::{Color, Position, Status};

pub use board::BoardNode;
pub use branch::{Branch, BranchId, BranchResult, BranchStatus, EndReason};
pub use collapse::CollapseRemoval;
pub use config::{
    Arrival, Config, PawnLanding, RuleOptions, TransLanding, TransTraveller, DEFAULT_LIMIT,
};
pub use error::{BranchingError, ReplayError};
use landing::Landing;
pub use playout::MemoryFootprint;
pub use result::{GameEndReason, GameResult, Score};
pub use rng::SplitMix64;
pub use save::{SaveError, SaveRecord, SavedBoard, SavedBranch, SAVE_VERSION};
use travel::Prepared;
pub use travel::{BranchTurn, Travel, TravelOrder, TravelPlan};
pub use turns::{Journey, TurnFamily};

/// Whose phase it is, and the branches they still have to play in it (C.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phase {
    /// The player taking branch-turns.
    pub player: Color,
    /// Active branches not yet played in this phase, by id.
    pub pending: Vec<BranchId>,
}

/// What happened, in order: the game's log (saved with it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEvent {
    /// A branch-turn.
    Turn {
        /// Who played.
        player: Color,
        /// The branch played.
        branch: BranchId,
        /// The chess move in UCI coordinates.
        uci: String,
        /// The journey, if any.
        travel: Option<TravelPlan>,
        /// The branch the journey created, if any.
        created: Option<BranchId>,
    },
    /// A collapse removal.
    Removal(CollapseRemoval),
    /// A player gave up one branch.
    BranchResigned {
        /// The branch.
        branch: BranchId,
        /// Who resigned it.
        by: Color,
    },
    /// A player gave up the whole game.
    Resigned {
        /// Who resigned.
        by: Color,
    },
}

/// What a branch-turn did besides the move.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TurnReport {
    /// The branch a time travel created.
    pub created: Option<BranchId>,
    /// The collapse removals done after this turn, ahead of the next one.
    pub removals: Vec<CollapseRemoval>,
    /// True when this turn ended the phase.
    pub phase_ended: bool,
}

/// A game of multiverse Time Travel Chess.
///
/// Cloning is cheap: boards are shared.
#[derive(Debug, Clone)]
pub struct Game {
    config: Config,
    start: Position,
    rng: SplitMix64,
    created: u32,
    branches: Vec<Branch>,
    phase: Phase,
    removal_done: bool,
    events: Vec<GameEvent>,
    result: Option<GameResult>,
}

impl Game {
    /// A new game from the standard starting position.
    ///
    /// # Errors
    /// [`BranchingError::InvalidLimit`] unless the limit is odd.
    pub fn new(config: Config) -> Result<Game, BranchingError> {
        Game::from_position(Position::startpos(), config)
    }

    /// A new game from any position (for studies and tests); the side to move there
    /// starts the first phase.
    ///
    /// # Errors
    /// [`BranchingError::InvalidLimit`] unless the limit is odd;
    /// [`BranchingError::UnplayableStart`] when the side not to move is in check or
    /// the position is already decided.
    pub fn from_position(start: Position, config: Config) -> Result<Game, BranchingError> {
        if config.limit.is_multiple_of(2) {
            return Err(BranchingError::InvalidLimit(config.limit));
        }
        if start.is_king_attacked(!start.turn())
            || start.status() != Status::Ongoing
            || start.king_square(Color::White).is_none()
            || start.king_square(Color::Black).is_none()
        {
            return Err(BranchingError::UnplayableStart);
        }
        let root = Rc::new(BoardNode::root(start, 0, 0));
        let mut game = Game {
            config,
            start,
            rng: SplitMix64::new(config.seed),
            created: 1,
            branches: vec![Branch {
                id: BranchId(0),
                parent: None,
                fork_t: None,
                latest: root,
                status: BranchStatus::Active,
            }],
            phase: Phase {
                player: start.turn(),
                pending: vec![BranchId(0)],
            },
            removal_done: false,
            events: Vec::new(),
            result: None,
        };
        game.advance();
        Ok(game)
    }

    /// The settings the game started with.
    #[must_use]
    pub fn config(&self) -> Config {
        self.config
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> Position {
        self.start
    }

    /// How many branches were ever created, the original included.
    #[must_use]
    pub fn created(&self) -> u32 {
        self.created
    }

    /// True once the branch limit is reached: no more time travel, and a random
    /// removal precedes each branch-turn.
    #[must_use]
    pub fn is_collapsing(&self) -> bool {
        self.created >= self.config.limit
    }

    /// Every branch, by id.
    #[must_use]
    pub fn branches(&self) -> &[Branch] {
        &self.branches
    }

    /// One branch.
    ///
    /// # Errors
    /// [`BranchingError::UnknownBranch`].
    pub fn branch(&self, id: BranchId) -> Result<&Branch, BranchingError> {
        self.branches
            .get(id.index())
            .ok_or(BranchingError::UnknownBranch(id))
    }

    /// The current phase.
    #[must_use]
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The collapse's random source as it stands.
    #[must_use]
    pub fn rng(&self) -> SplitMix64 {
        self.rng
    }

    /// The log of everything that happened.
    #[must_use]
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// Every collapse removal so far.
    pub fn removals(&self) -> impl Iterator<Item = &CollapseRemoval> + '_ {
        self.events.iter().filter_map(|e| match e {
            GameEvent::Removal(r) => Some(r),
            _ => None,
        })
    }

    /// The tally of finished branches.
    #[must_use]
    pub fn score(&self) -> Score {
        let results: Vec<BranchResult> = self.branches.iter().filter_map(Branch::result).collect();
        Score::of(&results)
    }

    /// The end of the game, once decided.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Checks a branch-turn without playing it.
    ///
    /// # Errors
    /// The [`BranchingError`] [`Game::play`] would give.
    pub fn check(&self, turn: &BranchTurn) -> Result<(), BranchingError> {
        self.prepare(turn).map(|_| ())
    }

    /// Plays a branch-turn: the move, the journey, the end-of-branch checks, and then
    /// (when the limit is reached) the collapse removal that precedes the next turn.
    ///
    /// # Errors
    /// A [`BranchingError`] saying why the turn is refused; the game is unchanged.
    pub fn play(&mut self, turn: &BranchTurn) -> Result<TurnReport, BranchingError> {
        let prepared = self.prepare(turn)?;
        Ok(self.commit(turn, prepared))
    }

    /// Gives up one active branch: the opponent wins it (C.5).
    ///
    /// # Errors
    /// [`BranchingError::GameOver`], [`BranchingError::UnknownBranch`] or
    /// [`BranchingError::BranchFinished`].
    pub fn resign_branch(&mut self, branch: BranchId, by: Color) -> Result<(), BranchingError> {
        if self.result.is_some() {
            return Err(BranchingError::GameOver);
        }
        let b = self.branch(branch)?;
        if !b.is_active() {
            return Err(BranchingError::BranchFinished(branch));
        }
        self.branches[branch.index()].status = BranchStatus::Finished {
            result: BranchResult::Win(!by),
            reason: EndReason::Resignation,
        };
        self.events.push(GameEvent::BranchResigned { branch, by });
        self.advance();
        Ok(())
    }

    /// Gives up the whole game.
    ///
    /// # Errors
    /// [`BranchingError::GameOver`] when it is already over.
    pub fn resign(&mut self, by: Color) -> Result<(), BranchingError> {
        if self.result.is_some() {
            return Err(BranchingError::GameOver);
        }
        self.events.push(GameEvent::Resigned { by });
        self.result = Some(GameResult {
            winner: Some(!by),
            reason: GameEndReason::Resignation,
            score: self.score(),
        });
        Ok(())
    }

    /// `loser`'s clock ran out: the whole game ends, won by the other side,
    /// or drawn when it could not have mated (`opponent_can_mate` false; in
    /// this game the start's material can always come back, see
    /// `play::clock::material`). The clock is not part of the game's record:
    /// a saved game ends again when its saved clock says who flagged.
    ///
    /// # Errors
    /// [`BranchingError::GameOver`] when it is already over.
    pub fn end_on_time(
        &mut self,
        loser: Color,
        opponent_can_mate: bool,
    ) -> Result<(), BranchingError> {
        if self.result.is_some() {
            return Err(BranchingError::GameOver);
        }
        self.result = Some(if opponent_can_mate {
            GameResult {
                winner: Some(!loser),
                reason: GameEndReason::Time,
                score: self.score(),
            }
        } else {
            GameResult {
                winner: None,
                reason: GameEndReason::TimeVsInsufficientMaterial,
                score: self.score(),
            }
        });
        Ok(())
    }

    // ----- state changes -----

    fn commit(&mut self, turn: &BranchTurn, p: Prepared) -> TurnReport {
        let player = self.phase.player;
        let phase_before = self.phase.player;
        let events_before = self.events.len();
        let bi = p.branch.index();
        let node = BoardNode::after(&self.branches[bi].latest, p.next, p.next_arrived);
        self.branches[bi].latest = Rc::new(node);
        self.phase.pending.retain(|&id| id != p.branch);
        let mut created = None;
        match p.landing {
            None => {}
            Some(Landing::Fork {
                dest,
                owner,
                position,
                arrived,
            }) => {
                let id = BranchId(self.branches.len() as u32);
                self.branches.push(Branch {
                    id,
                    parent: Some(owner),
                    fork_t: Some(dest.t()),
                    latest: Rc::new(BoardNode::after(&dest, position, arrived)),
                    status: BranchStatus::Active,
                });
                self.created += 1;
                self.evaluate(id);
                created = Some(id);
            }
            Some(Landing::Trans {
                target,
                position,
                arrived,
                takes_turn,
            }) => {
                let ti = target.index();
                let latest = &self.branches[ti].latest;
                let node = if takes_turn {
                    BoardNode::after(latest, position, arrived)
                } else {
                    latest.replaced(position, arrived)
                };
                self.branches[ti].latest = Rc::new(node);
                if takes_turn {
                    self.phase.pending.retain(|&id| id != target);
                }
                self.evaluate(target);
            }
        }
        self.evaluate(p.branch);
        self.events.push(GameEvent::Turn {
            player,
            branch: p.branch,
            uci: turn.mv.to_uci(),
            travel: turn.travel,
            created,
        });
        self.removal_done = false;
        self.advance();
        let removals = self.events[events_before..]
            .iter()
            .filter_map(|e| match e {
                GameEvent::Removal(r) => Some(*r),
                _ => None,
            })
            .collect();
        TurnReport {
            created,
            removals,
            phase_ended: self.phase.player != phase_before || self.result.is_some(),
        }
    }

    /// Moves the game on to the next branch-turn: drops finished branches from the
    /// phase, switches phase when it is done, decides the game, and performs the
    /// collapse removal that precedes the next branch-turn.
    fn advance(&mut self) {
        loop {
            if self.result.is_some() {
                return;
            }
            let branches = &self.branches;
            self.phase
                .pending
                .retain(|id| branches[id.index()].is_active());
            if let Some(result) = self.decided() {
                self.result = Some(result);
                return;
            }
            if self.phase.pending.is_empty() {
                self.phase.player = !self.phase.player;
                self.phase.pending = self.active_ids();
                continue;
            }
            if self.is_collapsing() && !self.removal_done {
                self.removal_done = true;
                self.collapse_once();
                continue;
            }
            return;
        }
    }
}
