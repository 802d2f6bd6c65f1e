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
}

impl Search<'_> {
    /// The context a phase-2 reason found here is kept under.
    fn order_key(&self) -> Key {
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
