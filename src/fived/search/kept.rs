//! A bounded store of failure reasons (nogood recording), shared by phase
//! 1's reasons kept per level (`levels.rs`) and phase 2's reasons kept
//! across jump orders (`orders.rs`): each keeps one [`Kept`] per context.
//!
//! A reason is kept only when it is known (the callers check); once the store is full the
//! oldest reason is replaced (a cache: a reason dropped is only found again
//! by searching).
//!
//! Each reason has a watched condition, in an array of its own that a
//! lookup reads first: at first its key condition (`Why::key`), then the
//! condition that made its last full test fail (the watched literal of SAT
//! solvers, kept lazily). The search moves by one board at a time, so a
//! condition that failed at the last lookup mostly fails again, and a
//! lookup mostly reads that one array. Before (issue 14), only the key was
//! read first, and on `fresh-slow.tsv standardhalfreflected-0-swarm` 15 the
//! key held for 77 % of the reasons tested (3.7 M full tests in 6 969
//! lookups of the softmate search: 40 % of its time). Which reason a lookup
//! returns does not change (the first in store order that holds): only the
//! order in which each reason's conditions are tested does.

use super::super::multiverse::Multiverse;
use super::why::{Cond, Why};

/// The reasons kept for one context, oldest replaced first once full.
#[derive(Default)]
pub(super) struct Kept {
    /// Each reason's watched condition (`None`: it has none), side by side.
    watch: Vec<Option<Cond>>,
    whys: Vec<Why>,
    /// Where the next reason goes once the store is full.
    next: usize,
}

impl Kept {
    /// The first kept reason (in store order) that holds in `mv`. A reason
    /// tested in full that fails has its failing condition watched.
    pub(super) fn holding(&mut self, mv: &Multiverse) -> Option<&Why> {
        for s in 0..self.whys.len() {
            if self.watch[s].is_some_and(|c| !c.holds_in(mv)) {
                continue;
            }
            match self.whys[s].failing(mv) {
                None => return Some(&self.whys[s]),
                Some(c) => self.watch[s] = Some(c),
            }
        }
        None
    }

    /// Keeps `why`, a known reason, at most `cap` reasons in all.
    pub(super) fn keep(&mut self, why: &Why, cap: usize) {
        self.keep_owned(why.clone(), cap);
    }

    /// [`Kept::keep`] of a reason given away (no copy).
    pub(super) fn keep_owned(&mut self, why: Why, cap: usize) {
        debug_assert!(!why.is_unknown(), "only known reasons are kept");
        if self.whys.len() < cap {
            self.watch.push(why.key());
            self.whys.push(why);
        } else {
            self.watch[self.next] = why.key();
            self.whys[self.next] = why;
            self.next = (self.next + 1) % cap;
        }
    }
}
