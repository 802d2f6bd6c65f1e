//! A bounded store of failure reasons (nogood recording), shared by phase
//! 1's reasons kept per level (`levels.rs`) and phase 2's reasons kept
//! across jump orders (`orders.rs`): each keeps one [`Kept`] per context.
//!
//! A reason is kept only when it is known (the callers check); once the store is full the
//! oldest reason is replaced (a cache: a reason dropped is only found again
//! by searching). Each reason's key condition (`Why::key`) sits in an array
//! of its own, tested before the reason itself: most kept reasons fail on
//! it, so a lookup mostly reads one short array.

use super::super::multiverse::Multiverse;
use super::why::{Cond, Why};

/// The reasons kept for one context, oldest replaced first once full.
#[derive(Default)]
pub(super) struct Kept {
    /// Each reason's key condition (`None`: it has none), side by side.
    first: Vec<Option<Cond>>,
    whys: Vec<Why>,
    /// Where the next reason goes once the store is full.
    next: usize,
}

impl Kept {
    /// A kept reason that holds in `mv`.
    pub(super) fn holding(&self, mv: &Multiverse) -> Option<&Why> {
        self.first
            .iter()
            .zip(&self.whys)
            .find(|(c, w)| c.is_none_or(|c| c.holds_in(mv)) && w.holds_in(mv))
            .map(|(_, w)| w)
    }

    /// Keeps `why`, a known reason, at most `cap` reasons in all.
    pub(super) fn keep(&mut self, why: &Why, cap: usize) {
        debug_assert!(!why.is_unknown(), "only known reasons are kept");
        if self.whys.len() < cap {
            self.first.push(why.key());
            self.whys.push(why.clone());
        } else {
            self.first[self.next] = why.key();
            self.whys[self.next] = why.clone();
            self.next = (self.next + 1) % cap;
        }
    }
}
