//! The save record: a snapshot of the whole multiverse, with each shared board stored
//! once, the collapse's random state and the event log. Loading it gives a game whose
//! future (random removals included) is the same as the original's.

use std::collections::HashMap;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::chess::{FenError, Position};

use super::{
    BoardNode, Branch, BranchId, BranchStatus, Config, Game, GameEvent, GameResult, Phase,
    SplitMix64,
};

/// The version [`Game::to_record`] writes.
pub const SAVE_VERSION: u32 = 1;

/// One board of the save: parents come before their children.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedBoard {
    /// The position.
    pub fen: String,
    /// The arrived-by-travel marks, one bit per square (`y * 8 + x`).
    pub arrived: u64,
    /// Its time.
    pub t: u32,
    /// The index of the board before it in [`SaveRecord::boards`].
    pub parent: Option<u32>,
}

/// One branch of the save.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedBranch {
    /// The branch owning its fork board.
    pub parent: Option<BranchId>,
    /// The time of its fork board.
    pub fork_t: Option<u32>,
    /// The index of its latest board in [`SaveRecord::boards`].
    pub latest: u32,
    /// Active or finished.
    pub status: BranchStatus,
}

/// A saved game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveRecord {
    /// [`SAVE_VERSION`] when written.
    pub version: u32,
    /// Limit, seed and rule options.
    pub config: Config,
    /// The starting position, as FEN.
    pub start: String,
    /// The collapse's random source now.
    pub rng: SplitMix64,
    /// Branches ever created.
    pub created: u32,
    /// Every distinct board, parents first.
    pub boards: Vec<SavedBoard>,
    /// Every branch, by id.
    pub branches: Vec<SavedBranch>,
    /// The current phase.
    pub phase: Phase,
    /// Whether the removal preceding the next branch-turn has been done.
    pub removal_done: bool,
    /// What happened so far.
    pub events: Vec<GameEvent>,
    /// The end, once decided.
    pub result: Option<GameResult>,
}

/// Why a save record cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    /// Not JSON of a save record.
    Json(String),
    /// Written by a version this build does not read.
    Version(u32),
    /// The branch limit is not odd.
    Limit(u32),
    /// A board's FEN does not read.
    Fen {
        /// The board's index.
        board: usize,
        /// Why.
        error: FenError,
    },
    /// A board's parent is missing or not earlier in the list, or its time does not follow.
    BoardLink(usize),
    /// A branch refers to a missing board or branch, or its fork does not match its boards.
    BranchLink(usize),
    /// The phase names a missing or finished branch.
    Phase,
    /// The starting position does not read.
    Start,
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::Json(e) => write!(f, "not a saved multiverse game: {e}"),
            SaveError::Version(v) => write!(f, "save version {v} is not supported"),
            SaveError::Limit(l) => write!(f, "branch limit {l} is not odd"),
            SaveError::Fen { board, error } => write!(f, "board {board}: {error}"),
            SaveError::BoardLink(i) => write!(f, "board {i} does not follow its parent"),
            SaveError::BranchLink(i) => write!(f, "branch {i} is inconsistent"),
            SaveError::Phase => f.write_str("the phase names a branch that cannot be played"),
            SaveError::Start => f.write_str("the starting position does not read"),
        }
    }
}

impl std::error::Error for SaveError {}

/// True when a branch whose latest board is `latest` leaves `parent` just after its
/// own board `fork`: both lineages share that very board, and part at `fork + 1`.
fn forks_from(latest: &Rc<BoardNode>, parent: &Branch, fork: u32) -> bool {
    let shared = match (latest.ancestor_at(fork), parent.latest().ancestor_at(fork)) {
        (Some(a), Some(b)) => Rc::ptr_eq(a, b),
        _ => false,
    };
    let parts = match (
        latest.ancestor_at(fork + 1),
        parent.latest().ancestor_at(fork + 1),
    ) {
        (Some(a), Some(b)) => !Rc::ptr_eq(a, b),
        (Some(_), None) => true,
        _ => false,
    };
    shared && parts && parent.first_t() <= fork
}

impl Game {
    /// A snapshot of the game.
    #[must_use]
    pub fn to_record(&self) -> SaveRecord {
        let mut index: HashMap<*const BoardNode, u32> = HashMap::new();
        let mut boards: Vec<SavedBoard> = Vec::new();
        let mut branches = Vec::with_capacity(self.branches.len());
        for b in &self.branches {
            // Collect the not-yet-saved part of the lineage, then save it oldest first.
            let mut chain = Vec::new();
            let mut cur = Some(&b.latest);
            while let Some(node) = cur {
                if index.contains_key(&Rc::as_ptr(node)) {
                    break;
                }
                chain.push(node);
                cur = node.parent();
            }
            for node in chain.into_iter().rev() {
                let parent = node
                    .parent()
                    .and_then(|p| index.get(&Rc::as_ptr(p)).copied());
                index.insert(Rc::as_ptr(node), boards.len() as u32);
                boards.push(SavedBoard {
                    fen: node.position().to_fen(),
                    arrived: node.arrived_mask(),
                    t: node.t(),
                    parent,
                });
            }
            branches.push(SavedBranch {
                parent: b.parent,
                fork_t: b.fork_t,
                latest: index.get(&Rc::as_ptr(&b.latest)).copied().unwrap_or(0),
                status: b.status,
            });
        }
        SaveRecord {
            version: SAVE_VERSION,
            config: self.config,
            start: self.start.to_fen(),
            rng: self.rng,
            created: self.created,
            boards,
            branches,
            phase: self.phase.clone(),
            removal_done: self.removal_done,
            events: self.events.clone(),
            result: self.result,
        }
    }

    /// Rebuilds a game from a snapshot, sharing boards as the original did.
    ///
    /// # Errors
    /// A [`SaveError`] naming the first inconsistency found.
    pub fn from_record(record: &SaveRecord) -> Result<Game, SaveError> {
        if record.version != SAVE_VERSION {
            return Err(SaveError::Version(record.version));
        }
        if record.config.limit.is_multiple_of(2) {
            return Err(SaveError::Limit(record.config.limit));
        }
        let mut nodes: Vec<Rc<BoardNode>> = Vec::with_capacity(record.boards.len());
        for (i, saved) in record.boards.iter().enumerate() {
            let position = Position::from_fen(&saved.fen)
                .map_err(|error| SaveError::Fen { board: i, error })?;
            let node = match saved.parent {
                None => BoardNode::root(position, saved.arrived, saved.t),
                Some(p) => {
                    let parent = nodes
                        .get(p as usize)
                        .filter(|parent| parent.t() + 1 == saved.t)
                        .ok_or(SaveError::BoardLink(i))?;
                    BoardNode::after(parent, position, saved.arrived)
                }
            };
            nodes.push(Rc::new(node));
        }
        let mut branches: Vec<Branch> = Vec::with_capacity(record.branches.len());
        for (i, saved) in record.branches.iter().enumerate() {
            let latest = nodes
                .get(saved.latest as usize)
                .ok_or(SaveError::BranchLink(i))?;
            let linked = match (saved.parent, saved.fork_t) {
                (None, None) => i == 0,
                (Some(p), Some(fork)) => {
                    (p.0 as usize) < i && forks_from(latest, &branches[p.index()], fork)
                }
                _ => false,
            };
            if !linked {
                return Err(SaveError::BranchLink(i));
            }
            branches.push(Branch {
                id: BranchId(i as u32),
                parent: saved.parent,
                fork_t: saved.fork_t,
                latest: Rc::clone(latest),
                status: saved.status,
            });
        }
        if branches.is_empty() || record.created as usize != branches.len() {
            return Err(SaveError::BranchLink(branches.len()));
        }
        let playable = |id: &BranchId| branches.get(id.index()).is_some_and(Branch::is_active);
        if !record.phase.pending.iter().all(playable) {
            return Err(SaveError::Phase);
        }
        let start = Position::from_fen(&record.start).map_err(|_| SaveError::Start)?;
        Ok(Game {
            config: record.config,
            start,
            rng: record.rng,
            created: record.created,
            branches,
            phase: record.phase.clone(),
            removal_done: record.removal_done,
            events: record.events.clone(),
            result: record.result,
        })
    }

    /// The save record as JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_record()).unwrap_or_default()
    }

    /// Reads a game saved by [`Game::to_json`].
    ///
    /// # Errors
    /// [`SaveError::Json`] for malformed JSON, or what [`Game::from_record`] finds.
    pub fn from_json(text: &str) -> Result<Game, SaveError> {
        let record: SaveRecord =
            serde_json::from_str(text).map_err(|e| SaveError::Json(e.to_string()))?;
        Game::from_record(&record)
    }
}
