//! Exact search over legal actions: existence, enumeration, counting, and the
//! outcome of a position (`shared/rules/5d-chess.md`, sections 6, 7 and 10).
//!
//! An action is a set of non-branching moves (physical moves and `>` hops)
//! plus a sequence of branching moves (`>>`). The search builds them in two
//! phases:
//!
//! 1. over the playable boards in a fixed order, each board either passes,
//!    is hopped onto, or makes one non-branching move;
//! 2. then any sequence of branching jumps from boards still playable.
//!
//! Every (set, sequence) pair is reached exactly once. Checks are monotone:
//! a capture of a royal piece that exists after some moves uses only boards
//! that later moves of the same action cannot change (new boards only ever
//! appear at the end of timelines whose end has the mover's colour, and the
//! boards an opponent piece can use have the opponent's colour). So a subtree
//! is cut as soon as one check appears, and the test after each move only
//! looks at captures involving the boards that move created.
//!
//! (In the code, phase 1 is split: `phase_a` decides the boards at the
//! present and those that can hop onto them, `phase_b` makes the branching
//! jumps, `phase_c` decides the remaining optional boards; all three in
//! `phases.rs`. The cuts are in `stuck.rs`, what a check teaches in
//! `nogood.rs` and `why.rs`, the brute-force oracle and diagnostics in
//! `diagnostics.rs`.)
//!
//! Pruning, all exact (each cut removes only partial actions that cannot
//! be completed, or skips a move known to give a check there):
//!
//! - Nogoods (`nogood.rs`): the slices of the "hypercuboid" search of
//!   ftxi/5dchess_engine (tessaract's algorithm for cwmtt). A check found
//!   after a move is stated as conditions on the boards the action made:
//!   the attacker on its square, the royal on its square, the points of a
//!   rider's path empty (`why.rs`). The move is then skipped without being
//!   made wherever those conditions hold again, whichever moves made those
//!   boards (any move of a board that keeps the attacker in place). Jumps
//!   that give a check in every action are found on first use.
//! - Reasons and backjumping in phase 1 (`why.rs`, `phases.rs`): a board
//!   whose choices all failed returns the conditions under which they fail.
//!   A choice after which the reason of an earlier failed choice still
//!   holds is skipped (one check rules out every move of a board that
//!   leaves the attacker, the royal and the path as they were), and a
//!   reason that names none of the boards a board's choices make sends the
//!   search straight back past that board (conflict-directed backjumping:
//!   before, every combination of the boards in between was tried). A
//!   reason that cannot be stated (a check through a new timeline, a
//!   subtree that reached phase 2) skips nothing.
//! - `stuck` (`stuck.rs`): after every phase-1 choice, each board at the
//!   present must still have a way out (a passed one: its own branching
//!   jump or a present pulled back; one still to decide: also its own
//!   moves and the hops onto it); when none is left, the reason is the
//!   board left unplayed plus the reasons each way out failed.
//!   A jump onto the end of a free board that branches only once that
//!   board is played first is no way out when every way of playing it
//!   leaves a check with the jump (`target.rs`).
//! - Lines (`lines.rs`): a check of passing everywhere through the next
//!   boards of boards that must all be played, which none of their choices
//!   left can lift, fails `stuck` at once; also the line a royal on such a
//!   board hides (its king moving away lays bare a royal behind it).
//! - `can_finish`: in phase 3, the boards left must still be able to pass the
//!   present to the opponent (a reactivated old timeline must be played).
//! - Outcome: one early-exit search for any legal action decides whether
//!   the game goes on; only in check, and only when the action found pulls
//!   the present back, a second search (cutting jumps that pull it back)
//!   looks for softmate, instead of enumerating every action. That second
//!   search skips, without making it, every jump whose new timeline is
//!   active and starts before the present (it would pull it back).
//! - Order only: when a passed board can be saved only by pulling the present
//!   back, a board with a jump into the past passes first; and a board with
//!   no move and no jump of its own passes before its arrivals when a board
//!   decided after it has a jump into the past (`stuck.rs`; only in the
//!   search after the probe of `run_search`).
//! - Order only, in phase 2 (`phases.rs` `pull_back_first`): while an early
//!   board waits at the present, the free boards' jumps that pull the
//!   present back come right after the early boards' jumps, before the
//!   free boards' other jumps.
//! - Order only, in check (`blockers.rs`): each board's non-branching moves
//!   that touch a line of the check of passing everywhere come first, for
//!   as long as the search finds an action within `HINT_PROBE_NODES`.
//! - Order only (`solo.rs`): a search that finds no action within
//!   `HINT_PROBE_NODES` first visits the actions made of one jump into the
//!   past alone (it pulls the present back, so no other board must be
//!   played), then starts again and skips them when it reaches them.
//! - Order only (`linked.rs`): a search that finds no action within
//!   `HINT_PROBE_NODES` starts again with the early boards that hop onto
//!   each other decided next to each other.
//! - `stuck` also runs in phase 2 whenever a board waits at a present of
//!   the mover's colour, including a free board or the end of a timeline a
//!   jump reactivated: a jump sequence that leaves such a board with no way
//!   out is not extended (before, every longer sequence was tried).
//!
//! The later cuts (issue 14), what each one fixed and where the cost still
//! lies are told at the end of these docs (`cuts.md`).
//!
//! # The count's corner cases (`tests/fived_initial.rs`)
//!
//! - Initial timelines (section 5): without an `InitialMultiverses` header
//!   only timeline 0 (`-0` and `+0` in even games) is initial, as in ftxi
//!   (`get_initial_lines_range`); every other timeline of a custom 5DFEN
//!   start counts as created by its side, so on an asymmetric start a side's
//!   next timeline may be inactive and then does not pull the present back.
//!   The header names the initial timelines instead; ftxi has no such
//!   header (its range is fixed). A start without timeline 0 keeps every
//!   timeline initial (no rule covers it).
//! - A board without a royal piece of the mover (none there, or its king
//!   travelled to another timeline) is never the target of a check; the
//!   king is checked on the board where it stands now, past boards included.
//! - A mandatory board with no move of its own is played by an arrival (a
//!   hop onto it), which phase 1 decides at the earlier of the two boards.
//! - Reactivation by the mover's own colour (`tests/host/fived/reactivation.rs`):
//!   an opponent's inactive timeline whose end, of the mover's colour, lies
//!   before the present pulls the present back once reactivated, exactly
//!   like one whose end has the opponent's colour: the mover then plays that
//!   board (often by the very branching jump that reactivates it) and the
//!   present comes back to the board after it. `stuck` and
//!   `can_pull_present` once counted only the opponent's colour and missed
//!   every such action (the stress crosscheck's three differing positions;
//!   on a small start, a false stalemate).
//!
//! Where we differ from ftxi: the Black pawn's two-timeline double step
//! (we allow it, section 8; ftxi lacks it, so three corpus counts differ),
//! and the `InitialMultiverses` header above.
#![doc = include_str!("cuts.md")]

use std::ops::ControlFlow;

mod blockers;
mod diagnostics;
mod exclude;
mod fasthash;
mod keep;
mod kept;
mod levels;
mod lines;
mod linked;
mod nogood;
mod orders;
mod pair;
mod phases;
mod rescue;
mod sets;
mod siblings;
mod solo;
mod stale;
mod stuck;
mod target;
mod why;

pub use blockers::HINT_PROBE_NODES;
pub use diagnostics::{
    actions_in_order, fast_legal_actions, first_action_walk, naive_legal_actions, pair_cuts,
    plain_legal_actions, search_shape,
};
pub use keep::keep_pair_cuts;

use why::{Cond, Why};

use super::check::Check;
use super::coords::{BoardId, Move};
use super::multiverse::Multiverse;
use crate::chess::Color;

/// A limit on search work: the number of moves tried at most. One node is
/// one move applied and tested for a check: a move of the search, a probe of
/// a possible way out (`stuck`), or the first test of a jump in the searched
/// position. A move skipped because a learnt nogood or a failure's reason
/// rules it out costs nothing (it is not tested for a check); the up-front
/// test of each non-branching move on its own is not counted. `outcome` shares one budget between its
/// two searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Moves the search may apply before giving up with [`Answer::Unknown`].
    pub nodes: u64,
}

impl Budget {
    /// No practical limit.
    pub const UNLIMITED: Budget = Budget { nodes: u64::MAX };

    /// A limit of `nodes` applied moves.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Budget {
        Budget { nodes }
    }
}

/// The answer of a bounded search: known exactly, or the budget ran out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer<T> {
    /// The exact answer.
    Known(T),
    /// The budget ran out before the answer was certain.
    Unknown,
}

impl<T> Answer<T> {
    /// The known value, if any.
    pub fn known(self) -> Option<T> {
        match self {
            Answer::Known(t) => Some(t),
            Answer::Unknown => None,
        }
    }
}

/// The state of the game for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// No legal action, in check: the side to move loses.
    Checkmate,
    /// No legal action, not in check: draw.
    Stalemate,
    /// Legal actions exist.
    Ongoing {
        /// ftxi's check: passing everywhere would let a royal piece be taken.
        in_check: bool,
        /// In check, and every legal action moves the present back: true
        /// only when proven within the budget (see [`outcome`]).
        softmate: bool,
    },
}

/// Why the search stopped early.
enum Stop {
    /// The visitor asked to stop.
    Visitor,
    /// The budget ran out.
    Budget,
}

/// What a search calls with each legal action it finds (the moves, and the
/// position after them); `Break` stops the search. One concrete type for
/// every caller, so the search is compiled once: a generic visitor made one
/// copy of the whole search per caller (the page had four, ~17 KB of wasm
/// each), for the price of one indirect call per action found, not per
/// move tried.
type Visitor<'v> = dyn FnMut(&[Move], &Multiverse) -> ControlFlow<()> + 'v;

struct Search<'v> {
    mv: Multiverse,
    mover: Color,
    boards: Vec<BoardId>,
    /// Where each board stands in `boards` (see [`Search::board_index`]).
    board_slots: BoardSlots,
    /// Per board `i`: its arrivals, the hops onto it from the early boards
    /// after it (`(o, k)`: move `k` of board `o`), in the order of `o`,
    /// then `k` (see `phases.rs`).
    arrivals: Vec<Vec<(usize, usize)>>,
    mandatory: Vec<bool>,
    /// Per board: physical moves and jumps onto playable end boards.
    nonbranching: Vec<Vec<Move>>,
    /// Per board: every jump (used as a branching jump when its target is
    /// not a playable end board at that point).
    jumps: Vec<Vec<Move>>,
    /// Per jump: not yet known, or whether it gives a check in every action
    /// (see [`Search::dead_jump`]). Filled on first use: most decisions never
    /// look at most jumps.
    jump_dead: Vec<Vec<Option<bool>>>,
    /// The position searched, kept unchanged for [`Search::dead_jump`].
    root: Multiverse,
    /// What the search learnt from failed jumps (see `nogood.rs`).
    learnt: nogood::Learnt,
    /// The check that made the last `try_move` or `probe` fail, if any.
    last_check: Option<Check>,
    /// True if some jump could create a timeline before the present.
    can_pull_present: bool,
    /// Per board: some other board has a hop onto it.
    hop_target: Vec<bool>,
    /// Per board: the boards with a hop onto it.
    hop_sources: Vec<Vec<usize>>,
    /// How often the phase-3 order and the reservation cuts of issue 14
    /// changed the walk (tests).
    p3_cuts: u64,
    /// How often the pair test of `pair.rs` cut (tests), and the pairs of
    /// boards found to exclude each other, with why (`pair.rs`).
    pair_cuts: u64,
    pair_learnt: Vec<(usize, usize, Why)>,
    /// Per pair of boards `(a, b)` whose test failed: the jumps `(e, x)`
    /// that made it fail (`x` not known to give a check after `e`), tried
    /// first next time.
    pair_witness: fasthash::FastMap<(usize, usize), (usize, usize)>,
    /// Per (board, jump, jump of the board it lands on): the jump gave a
    /// check once the board it lands on had left by that jump, with the
    /// check's conditions on other boards than the two jumps' own (none: a
    /// check on boards fixed by the two jumps alone). Wherever they hold
    /// again, so does the check (`stuck.rs` `fails_after_target_leaves`).
    after_target: fasthash::FastMap<(usize, usize, usize), Vec<Cond>>,
    /// Per (board, jump): the jump of the board it lands on after which
    /// `fails_after_target_leaves` last found no check, tried first next
    /// time (order only: one probe then usually settles a negative answer).
    after_target_open: fasthash::FastMap<(usize, usize), usize>,
    /// Per (board, jump, way its target can be played first): the check
    /// found once both were made, as conditions on other boards than the
    /// ones they make (`target.rs` `fails_until_target_moves`).
    target_checks: fasthash::FastMap<(usize, usize, target::Way), Vec<Cond>>,
    /// Per (board, jump): the way its target can be played first after
    /// which `fails_until_target_moves` last found no check, tried first
    /// next time (order only).
    target_open: fasthash::FastMap<(usize, usize), target::Way>,
    /// The pair test of a search keeping the present (`keep.rs`).
    keep_pairs: keep::KeepPairs,
    /// The pair test's sorted nogoods, while it runs (`exclude.rs`).
    excl: exclude::SortedCache,
    /// The set test's caches and cut count (`sets.rs`).
    sets: sets::Sets,
    /// Phase 1's failures, kept per level (`levels.rs`).
    levels: levels::Levels,
    /// The lines of the checks of passing everywhere (`lines.rs`).
    lines: lines::Lines,
    /// Phase 2's failures, kept across jump orders (`orders.rs`).
    orders: orders::Orders,
    /// The free boards in the order phase 3 decides them at the current
    /// phase-2 node (`phases.rs`), and per board its step in that order
    /// (`usize::MAX` for the early boards).
    p3: Vec<usize>,
    p3_pos: Vec<usize>,
    /// `boards[..first_free]` are decided before the branching jumps (the
    /// boards at the present, and any board with a hop onto one of those);
    /// the others ("free" optional boards) after them.
    first_free: usize,
    /// Per board: a branching jump was made onto this free board while it
    /// was still playable, so it must make a non-branching move (or be
    /// hopped onto) for that jump to be a branching one.
    reserved: Vec<bool>,
    /// How many moves at the end of `stack` are branching jumps.
    branch_count: usize,
    /// The reason of the last failure found (see `why.rs`): filled by
    /// `stuck`, the nogood tests and the learning from a check.
    why: Why,
    /// The conditions of `last_check` (see [`nogood::Learnt::conditions`]).
    last_conds: Option<(Vec<Cond>, bool)>,
    nodes: u64,
    /// Where the search stops with [`Stop::Budget`]: `full_budget`, or
    /// less while the order hint is on probation (see [`run_search`]).
    budget: u64,
    /// The caller's budget, restored as soon as an action is visited.
    full_budget: u64,
    /// The order hint of `blockers.rs` put some board's moves in another
    /// order (if not, the search is the same without it).
    hinted: bool,
    /// The hop-linked order of `linked.rs` differs from the order of
    /// fewest moves (a restart in it is worth its nodes: `run_search`).
    relinked: bool,
    /// This search's boards' moves before the order hint, for a restart
    /// (`run_search`), if one may follow.
    built: Option<BoardMoves>,
    /// A board with no move and no jump passes first when a later early
    /// board can jump into the past (`stuck.rs` `pull_first_for_bare`);
    /// set only for the search after the probe (`run_search`), so searches
    /// that end within the probe are unchanged.
    bare_first: bool,
    /// Every early board that may pass passes first (`solo.rs`): set only
    /// for the search restarted after the probe when some jump into the
    /// past is a legal action alone, so the actions that pass every early
    /// board and pull the present back come first.
    pass_first: bool,
    /// Only actions that leave the present where it is or move it forward
    /// (no active timeline ends before this half-turn afterwards): the
    /// search cuts every branching jump that pulls the present back.
    keep_present: Option<i32>,
    /// Some move was cut only because it pulled the present back (if not,
    /// a `keep_present` search saw every legal action).
    kept_present_cut: bool,
    /// Diagnostics only (`plain_legal_actions`): no reason found at one
    /// place is used at another (no skip by a kept, sibling or level
    /// reason, no backjump, no learnt pair or set reused, no nogood kept:
    /// a check found is not used to skip a move elsewhere), so a reason
    /// or a nogood that misses a condition cannot remove an action; every
    /// cut that decides from the position where it is made stays.
    reuse_off: bool,
    /// Diagnostics: the pair test looks every nogood up afresh (no
    /// [`pair::AfterJumps`] answer kept), to show the kept answers change
    /// nothing.
    fresh_lookups: bool,
    stack: Vec<Move>,
    visit: &'v mut Visitor<'v>,
}

/// Per board of `Multiverse::playable_boards` (in that order): its
/// non-branching moves that give no check on their own, hops first (each
/// group in generation order), and its jumps. What [`Search::with_order`]
/// builds before it orders; the search restarted after the order hint's
/// probe (`blockers.rs`) takes it from the first search instead of testing
/// every move for a check again (issue 14: a tenth of
/// `stress/holdout13-tz.tsv`'s time).
struct BoardMoves {
    nonbranching: Vec<Vec<Move>>,
    jumps: Vec<Vec<Move>>,
}

impl BoardMoves {
    /// The moves of `boards` (the mover's playable boards of `root`); `mv`
    /// is a copy of `root`, used to test them and left as it was.
    fn new(root: &Multiverse, boards: &[BoardId], mv: &mut Multiverse) -> BoardMoves {
        let mover = root.to_move;
        let mut nonbranching = Vec::with_capacity(boards.len());
        let mut jumps = Vec::with_capacity(boards.len());
        for b in boards {
            let mut nb = Vec::new();
            let mut jp = Vec::new();
            for m in root.board_moves(*b) {
                if m.is_physical() {
                    nb.push(m);
                } else {
                    if root.is_playable(m.to.board, mover) {
                        nb.push(m);
                    }
                    jp.push(m);
                }
            }
            // A non-branching move that creates a check on its own does so in
            // every action containing it (checks are monotone): drop it now.
            nb.retain(|m| match mv.apply(m) {
                Some(u) => {
                    let news = new_boards(mv, m, u);
                    let bad = mv.royal_capture_involving(&news, !mover).is_some();
                    mv.undo(u);
                    !bad
                }
                None => false,
            });
            // Hops first: they settle two boards at once (a stable partition,
            // so each group keeps the generation order).
            let (mut nb, physical): (Vec<Move>, Vec<Move>) =
                nb.into_iter().partition(|m| !m.is_physical());
            nb.extend(physical);
            nonbranching.push(nb);
            jumps.push(jp);
        }
        BoardMoves {
            nonbranching,
            jumps,
        }
    }
}

impl<'v> Search<'v> {
    fn new(
        root: &Multiverse,
        budget: Budget,
        keep_present: bool,
        visit: &'v mut Visitor<'v>,
    ) -> Search<'v> {
        Search::with_hint(root, budget, keep_present, true, visit)
    }

    /// [`Search::new`], with the order hint of `blockers.rs` or without it
    /// (`hint`: false only in diagnostics, to measure the cuts alone).
    fn with_hint(
        root: &Multiverse,
        budget: Budget,
        keep_present: bool,
        hint: bool,
        visit: &'v mut Visitor<'v>,
    ) -> Search<'v> {
        Search::with_order(root, budget, keep_present, hint, false, None, visit)
    }

    /// [`Search::with_hint`], with the early boards in the order of fewest
    /// moves or (`linked`) in the hop-linked order of `linked.rs`.
    fn with_order(
        root: &Multiverse,
        budget: Budget,
        keep_present: bool,
        hint: bool,
        linked: bool,
        built: Option<BoardMoves>,
        visit: &'v mut Visitor<'v>,
    ) -> Search<'v> {
        let mover = root.to_move;
        let present = root.present();
        let boards = root.playable_boards(mover);
        let mut mv = root.clone();
        let check_points = if hint {
            blockers::passing_check_points(&mut mv, mover)
        } else {
            Vec::new()
        };
        let BoardMoves {
            nonbranching: plain,
            jumps,
        } = built.unwrap_or_else(|| BoardMoves::new(root, &boards, &mut mv));
        let mut can_pull_present = root.next_timeline_active(mover)
            && jumps.iter().flatten().any(|m| m.to.board.v < present);
        let mut hinted = false;
        let nonbranching: Vec<Vec<Move>> = plain
            .iter()
            .map(|nb| {
                // In check: the moves that touch a line of the check first
                // (`blockers.rs`; an order hint, a stable partition: each
                // group keeps the order of `BoardMoves`).
                let (mut nb, rest): (Vec<Move>, Vec<Move>) =
                    nb.iter().partition(|m| blockers::touches(m, &check_points));
                hinted |= !nb.is_empty() && !rest.is_empty();
                nb.extend(rest);
                nb
            })
            .collect();
        // Passing a mandatory board needs the present pulled back, which only
        // a new timeline can do: one starting before the present, or one that
        // reactivates an old timeline whose end lies before the present. That
        // end may have either colour: one of the mover's colour is a board the
        // mover plays in the same action (by a move, or by the very jump that
        // creates the reactivating timeline), after which the timeline ends on
        // the opponent's colour, still before the present.
        let (lmin, lmax) = root.timeline_range();
        let stale_inactive =
            (lmin..=lmax).any(|l| !root.is_active(l) && root.end(l).is_some_and(|e| e < present));
        if stale_inactive && jumps.iter().any(|j: &Vec<Move>| !j.is_empty()) {
            can_pull_present = true;
        }
        // Keeping the present: a pulled-back present never comes back within
        // the action (the new or reactivated timeline ends on an opponent
        // board, and activity only grows as the mover creates timelines), so
        // that escape does not exist. If the present could not have been
        // pulled back anyway, the restricted search is the whole search.
        let kept_present_cut = keep_present && can_pull_present;
        if keep_present {
            can_pull_present = false;
        }
        let mandatory: Vec<bool> = boards
            .iter()
            .map(|b| b.v == present && root.is_active(b.l))
            .collect();
        // Group "early": boards at the present, plus (to a fixed point) every
        // board with a hop onto an early board. The others are free optional
        // boards, decided after the branching jumps.
        let mut early = mandatory.clone();
        loop {
            let mut grew = false;
            for i in 0..boards.len() {
                if early[i] {
                    continue;
                }
                let hops_early = nonbranching[i].iter().any(|m: &Move| {
                    !m.is_physical()
                        && boards
                            .iter()
                            .zip(&early)
                            .any(|(b, &e)| e && m.to.board == *b)
                });
                if hops_early {
                    early[i] = true;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        // Decide the most constrained boards first: mandatory ones, fewest
        // moves first. Failures then show up near the root of the search.
        let order = crate::chess::order::stable_order(boards.len(), &|a, b| {
            let key = |i: usize| (!early[i], !mandatory[i], nonbranching[i].len());
            key(a).cmp(&key(b))
        });
        // The hop-linked order (`linked.rs`): used by a restarted search,
        // and worth a restart only if it differs.
        let linked_order = if keep_present {
            order.clone()
        } else {
            linked::linked_order(&order, &boards, &early, &mandatory, &nonbranching)
        };
        let relinked = linked_order != order;
        let order = if linked { linked_order } else { order };
        let first_free = early.iter().filter(|&&e| e).count();
        let boards: Vec<BoardId> = order.iter().map(|&i| boards[i]).collect();
        let mandatory: Vec<bool> = order.iter().map(|&i| mandatory[i]).collect();
        let nonbranching: Vec<Vec<Move>> = order.iter().map(|&i| nonbranching[i].clone()).collect();
        let ordered_jumps: Vec<Vec<Move>> = order.iter().map(|&i| jumps[i].clone()).collect();
        // What a restart without the hint needs (`blockers.rs`): kept only
        // where one may follow.
        let built = ((hinted || relinked) && !keep_present).then_some(BoardMoves {
            nonbranching: plain,
            jumps,
        });
        let jumps = ordered_jumps;
        let hop_target = boards
            .iter()
            .map(|b| {
                nonbranching
                    .iter()
                    .flatten()
                    .any(|m: &Move| !m.is_physical() && m.to.board == *b)
            })
            .collect();
        let hop_sources = boards
            .iter()
            .map(|b| {
                (0..boards.len())
                    .filter(|&o| {
                        nonbranching[o]
                            .iter()
                            .any(|m: &Move| !m.is_physical() && m.to.board == *b)
                    })
                    .collect()
            })
            .collect();
        let board_slots = BoardSlots::new(&boards);
        let arrivals = (0..boards.len())
            .map(|i| {
                (i + 1..first_free.max(i + 1))
                    .flat_map(|o| (0..nonbranching[o].len()).map(move |k| (o, k)))
                    .filter(|&(o, k)| {
                        let m = nonbranching[o][k];
                        !m.is_physical() && m.to.board == boards[i]
                    })
                    .collect()
            })
            .collect();
        Search {
            board_slots,
            arrivals,
            hop_sources,
            p3_cuts: 0,
            pair_cuts: 0,
            pair_learnt: Vec::new(),
            pair_witness: fasthash::FastMap::default(),
            after_target: fasthash::FastMap::default(),
            after_target_open: fasthash::FastMap::default(),
            target_checks: fasthash::FastMap::default(),
            target_open: fasthash::FastMap::default(),
            keep_pairs: keep::KeepPairs::default(),
            excl: exclude::SortedCache::default(),
            sets: sets::Sets::default(),
            levels: levels::Levels::default(),
            lines: lines::Lines::default(),
            orders: orders::Orders::default(),
            p3: Vec::new(),
            p3_pos: Vec::new(),
            jump_dead: jumps.iter().map(|j| vec![None; j.len()]).collect(),
            learnt: nogood::Learnt::new(root, &nonbranching, &jumps),
            last_check: None,
            root: root.clone(),
            keep_present: keep_present.then_some(present),
            kept_present_cut,
            mv,
            hop_target,
            first_free,
            reserved: vec![false; order.len()],
            branch_count: 0,
            why: Why::empty(),
            last_conds: None,
            mover,
            boards,
            mandatory,
            nonbranching,
            jumps,
            can_pull_present,
            nodes: 0,
            budget: budget.nodes,
            full_budget: budget.nodes,
            hinted,
            relinked,
            built,
            bare_first: false,
            pass_first: false,
            reuse_off: false,
            fresh_lookups: false,
            stack: Vec::new(),
            visit,
        }
    }

    fn run(&mut self) -> ControlFlow<Stop> {
        // A check that exists before any move can never be removed.
        if self.mv.any_royal_capture(!self.mover) {
            return ControlFlow::Continue(());
        }
        self.phase_a(0).map_continue(|_| ())
    }

    fn try_move(
        &mut self,
        m: &Move,
        force_branch: bool,
    ) -> ControlFlow<Stop, Option<super::multiverse::Undo>> {
        self.last_check = None;
        self.nodes += 1;
        if self.nodes > self.budget {
            return ControlFlow::Break(Stop::Budget);
        }
        let Some(u) = self.mv.apply_as(m, force_branch) else {
            return ControlFlow::Continue(None);
        };
        if let (Some(p), super::multiverse::Undo::Branch { .. }) = (self.keep_present, u) {
            if self.mv.present() < p {
                self.kept_present_cut = true;
                self.mv.undo(u);
                return ControlFlow::Continue(None);
            }
        }
        let news = new_boards(&self.mv, m, u);
        self.last_check = self.mv.royal_capture_involving(&news, !self.mover);
        if self.last_check.is_some() {
            self.note_check(u);
            self.mv.undo(u);
            return ControlFlow::Continue(None);
        }
        ControlFlow::Continue(Some(u))
    }

    /// Applies `m`, reports whether a check appears, and undoes it. With
    /// `fixed_only`, `m` is made as a branching jump (even onto a playable end
    /// board, as it will be once that board has moved) and only a check that
    /// does not involve the timeline it creates counts: one that no later
    /// move removes.
    fn probe(&mut self, m: &Move, fixed_only: bool) -> ControlFlow<Stop, bool> {
        self.last_check = None;
        self.nodes += 1;
        if self.nodes > self.budget {
            return ControlFlow::Break(Stop::Budget);
        }
        let Some(u) = self.mv.apply_as(m, fixed_only) else {
            self.why.set_unknown();
            return ControlFlow::Continue(true);
        };
        let news = new_boards(&self.mv, m, u);
        let except = match u {
            super::multiverse::Undo::Branch { created, .. } if fixed_only => Some(created),
            _ => None,
        };
        self.last_check = self
            .mv
            .royal_capture_involving_except(&news, !self.mover, except);
        if self.last_check.is_some() {
            self.note_check(u);
        }
        self.mv.undo(u);
        ControlFlow::Continue(self.last_check.is_some())
    }
}

/// The position of each searched board in [`Search`]'s `boards`, found by
/// its timeline: the boards searched are timeline ends, one per timeline, so
/// a timeline holds at most one of them.
#[derive(Debug, Default)]
struct BoardSlots {
    /// The smallest timeline of a searched board.
    lmin: i32,
    /// Per timeline from `lmin` on: the index of its board, or `usize::MAX`.
    slot: Vec<usize>,
}

impl BoardSlots {
    fn new(boards: &[BoardId]) -> BoardSlots {
        let Some(lmin) = boards.iter().map(|b| b.l).min() else {
            return BoardSlots::default();
        };
        let lmax = boards.iter().map(|b| b.l).max().unwrap_or(lmin);
        let mut slot = vec![usize::MAX; (lmax - lmin + 1) as usize];
        for (i, b) in boards.iter().enumerate() {
            let s = &mut slot[(b.l - lmin) as usize];
            assert!(*s == usize::MAX, "two searched boards on timeline {}", b.l);
            *s = i;
        }
        BoardSlots { lmin, slot }
    }

    /// The index of board `b` in `boards` (the slice `new` was given), if
    /// it is one of them.
    #[inline]
    fn index(&self, boards: &[BoardId], b: BoardId) -> Option<usize> {
        let i = usize::try_from(b.l.wrapping_sub(self.lmin)).ok()?;
        let j = *self.slot.get(i)?;
        (j != usize::MAX && boards[j] == b).then_some(j)
    }
}

/// The boards a just-applied move created.
fn new_boards(mv: &Multiverse, m: &Move, u: super::multiverse::Undo) -> Vec<BoardId> {
    use super::multiverse::Undo;
    let next = |l: i32| BoardId {
        l,
        v: mv.end(l).unwrap_or(0),
    };
    match u {
        Undo::One(l) => vec![next(l)],
        Undo::Two(a, b) => vec![next(a), next(b)],
        Undo::Branch { source, created } => {
            let _ = m;
            vec![next(source), next(created)]
        }
    }
}

/// Visits every legal action of the side to move, in a fixed order: the
/// moves in play order (non-branching ones first), and the position after
/// them. The visitor returns `Break` to stop.
///
/// Returns `Known(true)` if the whole set was visited, `Known(false)` if the
/// visitor stopped it, `Unknown` if the budget ran out first.
pub fn for_each_legal_action<V: FnMut(&[Move], &Multiverse) -> ControlFlow<()>>(
    position: &Multiverse,
    budget: Budget,
    mut visit: V,
) -> Answer<bool> {
    for_each_action(position, budget, &mut visit)
}

/// [`for_each_legal_action`] through the one visitor type (the generic
/// function above is only this call).
fn for_each_action(position: &Multiverse, budget: Budget, visit: &mut Visitor<'_>) -> Answer<bool> {
    for_each_action_counted(position, budget, visit).0
}

/// [`for_each_legal_action`], and the budget it used (moves applied): what
/// the computer opponent charges an enumeration, whether it finished or not.
pub(crate) fn for_each_legal_action_counted<V: FnMut(&[Move], &Multiverse) -> ControlFlow<()>>(
    position: &Multiverse,
    budget: Budget,
    mut visit: V,
) -> (Answer<bool>, u64) {
    for_each_action_counted(position, budget, &mut visit)
}

fn for_each_action_counted(
    position: &Multiverse,
    budget: Budget,
    visit: &mut Visitor<'_>,
) -> (Answer<bool>, u64) {
    let (r, used, _) = blockers::run_search(position, budget, false, visit);
    (r, used)
}

/// Some legal action of the side to move, or `None` if there is none.
#[must_use]
pub fn any_legal_action(position: &Multiverse, budget: Budget) -> Answer<Option<Vec<Move>>> {
    let mut found = None;
    let r = for_each_legal_action(position, budget, |moves, _| {
        found = Some(moves.to_vec());
        ControlFlow::Break(())
    });
    match (r, found) {
        (_, Some(a)) => Answer::Known(Some(a)),
        (Answer::Known(_), None) => Answer::Known(None),
        (Answer::Unknown, None) => Answer::Unknown,
    }
}

/// The number of legal actions (section 10's rule), stopping at `cap` if
/// given (then the result is `min(count, cap)`).
#[must_use]
pub fn count_legal_actions(position: &Multiverse, cap: Option<u64>, budget: Budget) -> Answer<u64> {
    count_legal_actions_traced(position, cap, budget).0
}

/// [`count_legal_actions`], and the nodes its search used (whether it
/// finished or not): for the stress suite's per-row figures.
#[doc(hidden)]
#[must_use]
pub fn count_legal_actions_traced(
    position: &Multiverse,
    cap: Option<u64>,
    budget: Budget,
) -> (Answer<u64>, u64) {
    let mut n = 0u64;
    let cap = cap.unwrap_or(u64::MAX);
    if cap == 0 {
        return (Answer::Known(0), 0);
    }
    let (r, used) = for_each_legal_action_counted(position, budget, |_, _| {
        n += 1;
        if n >= cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match r {
        Answer::Unknown if n < cap => (Answer::Unknown, used),
        _ => (Answer::Known(n), used),
    }
}

/// Runs one search; returns how it ended and the budget it used.
fn search_with(
    position: &Multiverse,
    budget: Budget,
    keep_present: bool,
    visit: &mut Visitor<'_>,
) -> (Answer<bool>, u64, bool) {
    blockers::run_search(position, budget, keep_present, visit)
}

/// Checkmate, stalemate, or ongoing (with ftxi's check and softmate).
///
/// The verdict that ends a game (checkmate, stalemate, or not) comes from
/// one early-exit search over every legal action: the first action found
/// settles it. In check, when that action pulls the present back, a second
/// search looks only for an action that does not (cutting every branching
/// jump that would): none means softmate. The budget is shared by both.
///
/// `softmate` is reported only when proven: if the second search runs out
/// of budget, the answer is still the exact `Ongoing` (a legal action was
/// found) with `softmate: false`. This order matters on positions with many
/// checks over many timelines, where proving that no action keeps the
/// present can cost millions of moves while the first legal action is found
/// at once (the stress suite's slowest positions: `stress/README.md`).
///
/// The second search is an annotation (the game goes on either way), so it
/// gets at most [`SOFTMATE_NODES`] of the budget: the verdict is never held
/// back by a softmate proof that does not come quickly.
#[must_use]
pub fn outcome(position: &Multiverse, budget: Budget) -> Answer<Outcome> {
    outcome_traced(position, budget).0
}

/// The most moves [`outcome`]'s second search (softmate: an action that
/// keeps the present) may apply; beyond it softmate is reported as not
/// proven (`false`), as when the whole budget runs out. Softmate only
/// annotates a game that goes on (the status line, the `*` mark).
///
/// It was 25 000, then 4 000 (8 stress files, 374 softmate searches: every
/// proof within 732 nodes, `stress/README.md` "Cheaper nodes, and a
/// softmate bound that fits them"), now 1 000. On the twelve stress files
/// (6 773 rows, 587 softmate searches; `stress check --softmate-nodes N`
/// prints the tally, `stress/README.md` "The softmate bound at 1 000")
/// every proof of softmate takes at most 584 nodes, so 1 000 reports the
/// same softmate as 4 000 on every row (503 proofs); the proofs beyond it
/// (21 189, 32 315 and 168 279 nodes, three positions) were hidden at 4 000
/// too. A search stopped by the bound costs up to ~10 µs a node natively
/// (slow pair tests in `keep.rs`): the rows that ran into 4 000 took
/// 16–38 ms natively (66 ms in WASM), now at most ~8 ms.
pub const SOFTMATE_NODES: u64 = 1_000;

/// [`outcome`], and the nodes used by its first search (any legal action)
/// and its second (an action keeping the present; 0 if not run). For the
/// stress suite's diagnostics.
#[doc(hidden)]
#[must_use]
pub fn outcome_traced(position: &Multiverse, budget: Budget) -> (Answer<Outcome>, [u64; 2]) {
    outcome_traced_with(position, budget, SOFTMATE_NODES)
}

/// [`outcome_traced`] with the second search bounded by `softmate_nodes`
/// instead of [`SOFTMATE_NODES`] (`u64::MAX`: only by the budget), for the
/// checks that compare softmate with its definition.
#[doc(hidden)]
#[must_use]
pub fn outcome_traced_with(
    position: &Multiverse,
    budget: Budget,
    softmate_nodes: u64,
) -> (Answer<Outcome>, [u64; 2]) {
    let in_check = position.in_check();
    let present = position.present();
    let mut keeps_present = false;
    let (r, used, _) = search_with(position, budget, false, &mut |_, after| {
        keeps_present = after.present() >= present;
        ControlFlow::Break(())
    });
    match r {
        Answer::Unknown => return (Answer::Unknown, [used, 0]),
        Answer::Known(true) if in_check => return (Answer::Known(Outcome::Checkmate), [used, 0]),
        Answer::Known(true) => return (Answer::Known(Outcome::Stalemate), [used, 0]),
        Answer::Known(false) => {}
    }
    if !in_check || keeps_present {
        let o = Outcome::Ongoing {
            in_check,
            softmate: false,
        };
        return (Answer::Known(o), [used, 0]);
    }
    let rest = Budget::nodes(budget.nodes.saturating_sub(used).min(softmate_nodes));
    let (r2, used2, _) = search_with(position, rest, true, &mut |_, _| ControlFlow::Break(()));
    let softmate = r2 == Answer::Known(true);
    (
        Answer::Known(Outcome::Ongoing { in_check, softmate }),
        [used, used2],
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
