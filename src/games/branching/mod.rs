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
mod error;
mod playout;
mod rng;
mod save;

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::chess::{Color, Move2d, Piece, PieceKind, Position, Square, Status};

pub use board::BoardNode;
use board::{arrived_after_move, bit, first_threatened, moved_to, occupancy, pawn_home_rank};
pub use error::{BranchingError, ReplayError};
pub use playout::MemoryFootprint;
pub use rng::SplitMix64;
pub use save::{SaveError, SaveRecord, SavedBoard, SavedBranch, SAVE_VERSION};

/// The branch limit the seed suggests as the minimum "to have fun".
pub const DEFAULT_LIMIT: u32 = 21;

/// A branch's number: `0` for the original game, then in order of creation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BranchId(pub u32);

impl BranchId {
    fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for BranchId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What the players choose before the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// The branch limit L: odd, at least 1. It counts every branch ever created, the
    /// original and finished ones included (C.6.10).
    pub limit: u32,
    /// The seed of the collapse's random source.
    pub seed: u64,
    /// Readings of the ambiguous rules; the defaults are the spec's recommendations.
    #[serde(default)]
    pub rules: RuleOptions,
}

impl Config {
    /// A limit and a seed, with the recommended rules.
    #[must_use]
    pub fn new(limit: u32, seed: u64) -> Config {
        Config {
            limit,
            seed,
            rules: RuleOptions::default(),
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config::new(DEFAULT_LIMIT, 0x5EED_2013)
    }
}

/// The alternative readings C.6 offers as configuration; `Default` gives the
/// recommended one of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct RuleOptions {
    /// Which boards a time traveller may arrive on (C.6.3).
    #[serde(default)]
    pub arrival: Arrival,
    /// Where a travelling pawn may land (C.6.6).
    #[serde(default)]
    pub pawn_landing: PawnLanding,
    /// Who crosses in trans-universe travel (C.6.9).
    #[serde(default)]
    pub trans_traveller: TransTraveller,
    /// What a trans-universe landing does to the target branch's turn (C.6.9).
    #[serde(default)]
    pub trans_landing: TransLanding,
}

/// Which boards a time traveller may arrive on (C.6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Arrival {
    /// \[rec\] A board where the traveller's side is to move; the landing is that
    /// side's move there, and the new branch has the opponent to move.
    #[default]
    OnOwnTurn,
    /// C.6.3 (a): a board just after the traveller's side moved (the opponent to move);
    /// the piece is added to a copy of it and that move stands, so the new branch's
    /// first board replaces the destination at the same time.
    AfterOwnMove,
}

/// Where a travelling pawn may land (C.6.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum PawnLanding {
    /// \[rec\] Only its owner's 2nd rank.
    #[default]
    SecondRank,
    /// Any rank from its 2nd up to the rank it left.
    UpToDepartureRank,
}

/// Who crosses in trans-universe travel (C.6.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum TransTraveller {
    /// \[rec\] The queen is removed and another eligible piece crosses.
    #[default]
    AnotherPiece,
    /// The queen herself crosses (the `queen` and `from` squares are the same).
    TheQueen,
}

/// What a trans-universe landing does to the target branch's turn (C.6.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum TransLanding {
    /// \[rec\] The landing is the player's branch-turn there: a new board with the
    /// opponent to move, and the target is done for this phase.
    #[default]
    TakesTurn,
    /// The piece is added to the target's latest board, and the player still makes
    /// the normal move there this phase.
    ExtraPiece,
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
    id: BranchId,
    parent: Option<BranchId>,
    fork_t: Option<u32>,
    latest: Rc<BoardNode>,
    status: BranchStatus,
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

/// Whose phase it is, and the branches they still have to play in it (C.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phase {
    /// The player taking branch-turns.
    pub player: Color,
    /// Active branches not yet played in this phase, by id.
    pub pending: Vec<BranchId>,
}

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

    fn queen(&self) -> Option<Square> {
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

/// A piece the collapse took away (C.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CollapseRemoval {
    /// The branch hit.
    pub branch: BranchId,
    /// The time of its latest board then.
    pub t: u32,
    /// Where the piece stood.
    pub square: Square,
    /// The piece removed.
    pub piece: Piece,
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

/// The traveller has left its board: what remains to decide is where it lands.
struct Departure {
    branch: BranchId,
    player: Color,
    piece: Piece,
    from: Square,
    departure_t: u32,
    next: Position,
    next_arrived: u64,
}

enum Landing {
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
enum LandingTurn {
    /// The landing is the traveller's move there: the turn passes.
    Passes,
    /// The piece is added and the side to move stays.
    Stays,
}

struct Prepared {
    branch: BranchId,
    next: Position,
    next_arrived: u64,
    landing: Option<Landing>,
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

    /// Plays the event log again from the starting position with the same
    /// configuration, regenerating the collapse removals from the seed. A faithful
    /// game replays to itself (`replayed.to_record() == self.to_record()`).
    ///
    /// # Errors
    /// A [`ReplayError`] at the first event that cannot be replayed or that comes
    /// out differently.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::from_position(self.start, self.config)
            .map_err(|error| ReplayError::Refused { event: 0, error })?;
        for (i, event) in self.events.iter().enumerate() {
            if game.events.len() > i {
                if &game.events[i] != event {
                    return Err(ReplayError::Diverged { event: i });
                }
                continue;
            }
            let refused = |error| ReplayError::Refused { event: i, error };
            match event {
                GameEvent::Turn {
                    branch,
                    uci,
                    travel,
                    ..
                } => {
                    let pos = *game.branch(*branch).map_err(refused)?.latest().position();
                    let mv = pos
                        .uci_move(uci)
                        .map_err(|_| ReplayError::BadMove { event: i })?;
                    let turn = BranchTurn {
                        branch: *branch,
                        mv,
                        travel: *travel,
                    };
                    game.play(&turn).map_err(refused)?;
                }
                GameEvent::Removal(_) => return Err(ReplayError::Diverged { event: i }),
                GameEvent::BranchResigned { branch, by } => {
                    game.resign_branch(*branch, *by).map_err(refused)?;
                }
                GameEvent::Resigned { by } => game.resign(*by).map_err(refused)?,
            }
            if game.events.get(i) != Some(event) {
                return Err(ReplayError::Diverged { event: i });
            }
        }
        if game.events.len() != self.events.len() {
            return Err(ReplayError::Diverged {
                event: self.events.len(),
            });
        }
        Ok(game)
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
            let Ok((dest, _)) = self.destination(b, &dep, t) else {
                continue;
            };
            let turn = self.arrival_turn();
            let squares = all_squares()
                .filter(|&s| self.land(dest, dep.piece, from, s, turn).is_ok())
                .collect();
            out.push((t, squares));
        }
        Ok(out)
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

    // ----- validation -----

    fn pending_branch(&self, id: BranchId) -> Result<&Branch, BranchingError> {
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

    fn check_limit(&self) -> Result<(), BranchingError> {
        if self.is_collapsing() {
            Err(BranchingError::BranchLimitReached {
                limit: self.config.limit,
            })
        } else {
            Ok(())
        }
    }

    fn plain_next(&self, b: &Branch, mv: Move2d) -> Result<Position, BranchingError> {
        if matches!(mv, Move2d::Drop { .. }) {
            return Err(BranchingError::DropNotAllowed);
        }
        Ok(b.latest.position().play(mv)?)
    }

    /// The move and the traveller's (and queen's) departure, in the given order.
    fn depart(
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

    fn prepare(&self, turn: &BranchTurn) -> Result<Prepared, BranchingError> {
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

    /// The destination board at `to_t` for a time traveller, and the board the new
    /// branch follows (the destination itself, or its predecessor when the arrival
    /// comes after the player's own move, C.6.3 (a)).
    fn destination<'a>(
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

    fn arrival_turn(&self) -> LandingTurn {
        match self.config.rules.arrival {
            Arrival::OnOwnTurn => LandingTurn::Passes,
            Arrival::AfterOwnMove => LandingTurn::Stays,
        }
    }

    fn trans_turn(&self) -> LandingTurn {
        match self.config.rules.trans_landing {
            TransLanding::TakesTurn => LandingTurn::Passes,
            TransLanding::ExtraPiece => LandingTurn::Stays,
        }
    }

    /// Takes the traveller, and the sacrificed queen if any, off the board.
    fn take_off(
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

    /// Lands `piece` (which left `left_from`) on `s` of `dest`: the C.4 checks, then
    /// the turn passes when the landing is the player's move there.
    fn land(
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

    fn pawn_may_land(&self, color: Color, left_from: Square, s: Square) -> bool {
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

    /// Ends the branch if its latest board decides it.
    fn evaluate(&mut self, id: BranchId) {
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

    fn active_ids(&self) -> Vec<BranchId> {
        self.branches
            .iter()
            .filter(|b| b.is_active())
            .map(Branch::id)
            .collect()
    }

    fn decided(&self) -> Option<GameResult> {
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

    /// One random removal (C.5): a uniformly random active branch, then a uniformly
    /// random non-king piece of its latest board whose removal does not leave the side
    /// not to move in check; branches without such a piece are passed over.
    fn collapse_once(&mut self) {
        let mut candidates = self.active_ids();
        while !candidates.is_empty() {
            let id = candidates.remove(self.rng.below(candidates.len()));
            let latest = Rc::clone(&self.branches[id.index()].latest);
            let pos = latest.position();
            let idle = !pos.turn();
            let removable: Vec<(Square, Piece, Position)> = pos
                .pieces()
                .filter(|(_, p)| p.kind != PieceKind::King)
                .filter_map(|(sq, p)| {
                    let without = pos.with_piece(sq, None).ok()?;
                    (!without.is_king_attacked(idle)).then_some((sq, p, without))
                })
                .collect();
            if removable.is_empty() {
                continue;
            }
            let (square, piece, without) = removable[self.rng.below(removable.len())];
            let node = latest.replaced(without, latest.arrived_mask() & !bit(square));
            self.branches[id.index()].latest = Rc::new(node);
            self.events.push(GameEvent::Removal(CollapseRemoval {
                branch: id,
                t: latest.t(),
                square,
                piece,
            }));
            self.evaluate(id);
            return;
        }
    }
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0..64).map(Square::from_index)
}

/// Checks that the piece on `from` may travel (C.1 exceptions, C.6.4).
fn traveller(
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
