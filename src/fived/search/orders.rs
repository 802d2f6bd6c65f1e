//! Phase 2's failures kept across jump orders (issue 14): the reason a
//! phase-2 node found nothing is kept, and a phase-2 node where a kept
//! reason holds again, with the same implicit context, fails at once.
//!
//! Where the budget went before (`stress/README.md`): the free boards'
//! jumps are made in every order (the order numbers their new timelines),
//! and the reasons of failed sibling jumps (`siblings.rs`) were kept per
//! node only. A reason learnt after jumps A then B that names no board of
//! the new timelines holds after B then A as well, but was found again
//! below each order (`fresh.tsv standardtwotimelines-1-checks` 13: int
//! 81c39fe ran out of 3 000 000 nodes, now an action in 304 520). On
//! `fresh.tsv standard-2-swarm` 18 (still undecided within 300 000) phase
//! 2 made 248, 667, 1 362, 1 962, 1 752 and 720 jumps at depths 1 to 6,
//! and tested ~30 siblings at each node, each charged one node.
//!
//! Why it is exact. A phase-2 node's reason holds in a position where
//! nothing is found, given what it leaves implicit (`siblings.rs`): the
//! present, the number of timelines and the reserved boards. Those are
//! the key a reason is kept under, with the number of jumps made (the
//! depth, which phase 2's walk also reads); so a kept reason is used only
//! where all of them are the same, and then it holds with the same
//! meaning. The search's other state (the boards, the nogoods learnt) is
//! fixed for the search or only grows with true facts.

use super::fasthash::FastMap;

use super::super::multiverse::Multiverse;
use super::kept::Kept;
use super::why::Why;
use super::Search;

/// At most this many reasons are kept per key (`kept.rs`).
const PER_KEY: usize = 256;

/// The implicit context of a phase-2 reason: the number of jumps made,
/// the present, the timeline range and the reserved boards.
pub(super) type Key = (usize, i32, (i32, i32), Vec<usize>);

/// Phase 2's kept reasons, per context.
#[derive(Default)]
pub(super) struct Orders {
    kept: FastMap<Key, Kept>,
    /// The reasons the jumps made from a node where phase 3 ran all failed
    /// (`phases.rs`, `Search::loop_known`): no action with one more jump
    /// from there. Per context, like `kept`.
    loops: FastMap<Key, Kept>,
    /// Why one jump made from a node failed, stated before it, per
    /// context and per jump (see [`JumpReasons`]).
    jumps: FastMap<Key, JumpReasons>,
    /// How many jumps' reasons were kept (`Search::jump_learns`).
    jumps_kept: usize,
    /// How many times a jump's reason skipped a jump.
    jumps_used: usize,
}

/// Why the jumps of the phase-2 nodes of one context failed, each stated
/// before its jump, per jump.
///
/// Why it is exact. A jump's reason is the child's reason without the
/// conditions on the two boards the jump makes, the condition that pins the
/// present after the jump (`present_pinned_after`), and the boards of
/// inactive timelines pinned (`Search::jump_reason`). Where it holds at a
/// node of the same context and the same jump is made there with the same
/// reservation, the jump makes the same two boards (the same source and
/// target boards, which never change, and the same new timeline's number:
/// the timeline range is the context's), changes no other board, and leads
/// to the same present (the argument of `present_pinned_after`, which reads
/// only the present before, the timeline range, the condition it names and
/// the inactive timelines' ends) and the same reserved boards. So the child
/// is in the context its reason was found in, and the reason holds there:
/// the child finds nothing either. This is the part of a node's union
/// (`siblings.rs`) that is about one jump, without the base's "every board
/// that could jump but was played stays played" (which only says that no
/// jump is added). That base is what differs between phase 1's leaves, so a
/// jump's reason holds across leaves where the node's union does not
/// (issue 14, the capped count: `cuts.md`).
#[derive(Default)]
pub(super) struct JumpReasons {
    by_jump: FastMap<JumpKey, Kept>,
}

impl JumpReasons {
    /// A reason kept for `jump` that holds in `mv`: the jump, made there
    /// from a node of this context, fails.
    pub(super) fn known(&mut self, jump: JumpKey, mv: &Multiverse) -> Option<Why> {
        self.by_jump.get_mut(&jump)?.holding(mv).cloned()
    }

    /// Keeps `why`, a reason `jump` failed stated before it (unless
    /// unknown).
    pub(super) fn keep(&mut self, jump: JumpKey, why: Why) {
        if !why.is_unknown() {
            self.by_jump
                .entry(jump)
                .or_default()
                .keep_owned(why, PER_JUMP);
        }
    }
}

/// Jumps' reasons a search keeps before any is used (see
/// [`Search::jump_learns`]).
const LEARN_FREE: usize = 64;

/// One jump of a phase-2 node: its board, the index of the jump among
/// the board's jumps, and the free board it reserves (if any).
pub(super) type JumpKey = (usize, usize, Option<usize>);

/// At most this many reasons are kept per jump and context.
const PER_JUMP: usize = 16;

impl Search<'_> {
    /// The context a phase-2 reason found here is kept under.
    pub(super) fn order_key(&self) -> Key {
        let reserved = (0..self.reserved.len())
            .filter(|&j| self.reserved[j])
            .collect();
        (
            self.branch_count,
            self.mv.present(),
            self.mv.timeline_range(),
            reserved,
        )
    }

    /// A reason kept for this context that holds here (phase 2 finds
    /// nothing at this node).
    pub(super) fn order_known(&mut self) -> Option<Why> {
        let key = self.order_key();
        self.order_known_in(&key)
    }

    /// A reason kept for context `key` that holds in the position now.
    pub(super) fn order_known_in(&mut self, key: &Key) -> Option<Why> {
        if self.reuse_off {
            return None;
        }
        self.orders.kept.get_mut(key)?.holding(&self.mv).cloned()
    }

    /// The context of the child a jump just made from this node leads to
    /// (with the reserved boards `reserved` and the present `present`
    /// after it).
    pub(super) fn child_order_key(&self, reserved: Vec<usize>, present: i32) -> Key {
        (
            self.branch_count + 1,
            present,
            self.mv.timeline_range(),
            reserved,
        )
    }

    /// A reason kept for this context that holds here, for which every
    /// jump made from this node fails (the node's phase 3 may still visit
    /// actions): see [`Search::loop_failed`].
    pub(super) fn loop_known(&mut self) -> Option<Why> {
        if self.reuse_off {
            return None;
        }
        let key = self.order_key();
        self.orders.loops.get_mut(&key)?.holding(&self.mv).cloned()
    }

    /// Keeps `why`, the reason every jump made from this phase-2 node
    /// failed, at a node where phase 3 ran (unless unknown). The same
    /// argument as for a node's reason (`siblings.rs`, and the module docs
    /// above) without its claim on phase 3: where it holds in the same
    /// context, each jump possible there was possible here and fails there
    /// for the reason it failed here, so no action has a further jump.
    pub(super) fn loop_failed(&mut self, why: &Why) {
        if why.is_unknown() {
            return;
        }
        let key = self.order_key();
        self.orders.loops.entry(key).or_default().keep(why, PER_KEY);
    }

    /// The reasons kept for the jumps of the nodes of this node's context
    /// (`key`), taken out of the store while the node makes its jumps (its
    /// descendants have other contexts) and given back by
    /// [`Search::put_jump_reasons`]. `None` where they are not used: in
    /// the plain oracle and in the search keeping the present (softmate),
    /// where a sibling's reason is used only above the kept present
    /// (`sibling_explained`).
    pub(super) fn take_jump_reasons(&mut self, key: &Key) -> Option<JumpReasons> {
        if self.reuse_off || self.keep_present.is_some() {
            return None;
        }
        Some(self.orders.jumps.remove(key).unwrap_or_default())
    }

    /// Does the search keep another jump's reason now? Only while they are
    /// used: [`LEARN_FREE`] of them, then one more for each use. A cache's
    /// admission rule (which reasons are kept never makes a skip wrong):
    /// on `holdout10-bg.tsv focusedjustunicorns-0-random` 12 one kept
    /// reason in eight was ever used, and keeping them all (building each,
    /// and testing it at each node of its context) made the search half as
    /// dear again; where they are used (the capped count's rows of issue
    /// 14) one reason skips 7 (`holdout9.tsv misckingofkings-0-kings` 13)
    /// to 470 (`holdout6-slow.tsv standardprincess-2-branching` 13) jumps.
    pub(super) fn jump_learns(&self) -> bool {
        self.orders.jumps_kept < LEARN_FREE + self.orders.jumps_used
    }

    /// Notes that a jump's reason was kept (`kept`) or used.
    pub(super) fn jump_reason_counted(&mut self, kept: bool) {
        if kept {
            self.orders.jumps_kept += 1;
        } else {
            self.orders.jumps_used += 1;
        }
    }

    /// Gives back what [`Search::take_jump_reasons`] took.
    pub(super) fn put_jump_reasons(&mut self, key: Key, reasons: Option<JumpReasons>) {
        if let Some(r) = reasons {
            self.orders.jumps.insert(key, r);
        }
    }

    /// Keeps `why`, the reason this phase-2 node found nothing (unless
    /// unknown).
    pub(super) fn order_failed(&mut self, why: &Why) {
        if why.is_unknown() {
            return;
        }
        let key = self.order_key();
        self.orders.kept.entry(key).or_default().keep(why, PER_KEY);
    }
}
