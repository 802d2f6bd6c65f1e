//! `stuck`'s test of the old inactive timelines (issue 14): which of them
//! could pull the present back once a new timeline reactivates them.
//!
//! An opponent's inactive timeline whose end lies before the present is
//! reactivated when the mover creates enough timelines, and the present
//! then falls back to its end. `stuck` used to give up on the whole
//! position as soon as one such timeline existed ("not worth deciding").
//! But when that end has the mover's colour, the present falls back onto
//! a board the mover must then play in the same action (its own move, its
//! own branching jump, or a hop onto it); if no completion can play it,
//! reactivating that timeline leaves the present on the mover's colour,
//! and the action can be finished only if something else takes the
//! present further back (another old timeline, or a new timeline that
//! starts earlier: both are examined by `stuck` on their own).
//!
//! Where the budget went before (`stress/README.md`, branch `hunt`):
//! `positions.tsv simplenorooks-4-random` 22 (34 timelines). Black's
//! timeline -17 is inactive and ends at T6 with White to move; White's
//! first new timeline reactivates it. That board has no move of its own,
//! its one jump gives a check, and only one board (on timeline -6) could
//! hop onto it. A mandatory board (timeline 11) has no move and every
//! jump of it gives a check, so it can be left only by pulling the
//! present back; `stuck` never ran in phase 1 because of timeline -17,
//! and phase 1 tried every combination of the other 22 early boards'
//! choices (1 764 phase-1 leaves, each reaching phase 2, ~340 sibling
//! jumps tested at each). Now `stuck` sees that, once the board on
//! timeline -6 is played, timeline -17 is no way out.
//!
//! Exact: a board counts as unplayable only when every way to play it is
//! known to give a check (nogoods, probes) or no longer exists, and the
//! reason says so (the conditions of those checks, and which boards that
//! could have hopped onto it were played).

use std::ops::ControlFlow;

use super::super::coords::{color_of, BoardId};
use super::{Search, Stop};

impl Search<'_> {
    /// Whether an old inactive timeline could pull the present back (below
    /// the present, above the floor of a search keeping it) once
    /// reactivated: `None` if one could (its end has the opponent's colour,
    /// or the mover's and that board may still be played: see the module
    /// docs). Otherwise the lowest end among those the mover's next
    /// timeline reactivates (`i32::MAX` if none): every action that makes a
    /// branching jump reactivates it and leaves the present there, on the
    /// mover's colour, unless a new timeline starts before it. Boards
    /// `..decided` have had their phase-1 choice. The reasons the boards
    /// of the mover's colour cannot be played are added to `why`.
    pub(super) fn stale_pull_back(&mut self, decided: usize) -> ControlFlow<Stop, Option<i32>> {
        let present = self.mv.present();
        let floor = self.keep_present.unwrap_or(i32::MIN);
        let (lmin, lmax) = self.mv.timeline_range();
        let mut cap = i32::MAX;
        for l in lmin..=lmax {
            if !self.mv.reactivable_by(l, self.mover) {
                continue;
            }
            let Some(e) = self.mv.end(l) else { continue };
            let back = if color_of(e) == self.mover { e + 1 } else { e };
            if back >= present || back <= floor {
                continue;
            }
            if color_of(e) != self.mover || self.stale_end_playable(BoardId { l, v: e }, decided)? {
                return ControlFlow::Continue(None);
            }
            // The next timeline reactivates it when the timeline beside it,
            // towards the centre, is active.
            let inner = match self.mover {
                crate::chess::Color::White => l + 1,
                crate::chess::Color::Black => l - 1,
            };
            if self.mv.is_active(inner) {
                cap = cap.min(e);
            }
        }
        ControlFlow::Continue(Some(cap))
    }

    /// Can board `b` (the end, of the mover's colour, of an old inactive
    /// timeline) still be played in some completion: by one of its own
    /// non-branching moves, one of its jumps, or a hop onto it from a board
    /// that may still move? Each way not known to fail is probed (one node
    /// each); what rules the others out goes to `why`.
    fn stale_end_playable(&mut self, b: BoardId, decided: usize) -> ControlFlow<Stop, bool> {
        let Some(u) = self.boards.iter().position(|&x| x == b) else {
            // Not a board the search plays: assume it may be played.
            return ControlFlow::Continue(true);
        };
        // The answer depends on `b` being unplayed (its next board absent).
        self.depends_on_board(b);
        if u >= decided {
            for k in 0..self.nonbranching[u].len() {
                let m = self.nonbranching[u][k];
                if !m.is_physical() && self.decided_before(decided, m.to.board) {
                    // Onto an early board decided already (`phases.rs`).
                    continue;
                }
                if !m.is_physical() && !self.mv.is_playable(m.to.board, self.mover) {
                    self.depends_on_board(m.to.board);
                    continue;
                }
                if !self.probe_nb(u, k)? {
                    return ControlFlow::Continue(true);
                }
            }
        }
        // Its jumps, at any number they can still get (one more per other
        // board that can still jump).
        let can_jump =
            |s: &Self, j: usize| s.mv.is_playable(s.boards[j], s.mover) && !s.jumps[j].is_empty();
        let later = (0..self.boards.len())
            .filter(|&j| j != u && can_jump(self, j))
            .count();
        let mut past_forbidden = None;
        for k in 0..self.jumps[u].len() {
            if self.jump_can_branch_why(u, k, decided)
                && !self.keep_forbids_jump(u, k, &mut past_forbidden)?
                && !self.jump_fails_numbers(u, k, later)?
                && !self.probe_jump(u, k)?
            {
                return ControlFlow::Continue(true);
            }
        }
        // Hops onto it, from boards whose choice is still to come (a board
        // decided in phase 1 has moved, or passed and may only jump).
        for s in 0..self.hop_sources[u].len() {
            let o = self.hop_sources[u][s];
            if o == u || o < decided {
                continue;
            }
            if !self.mv.is_playable(self.boards[o], self.mover) {
                self.depends_on_board(self.boards[o]);
                continue;
            }
            for k in 0..self.nonbranching[o].len() {
                let m = self.nonbranching[o][k];
                if m.to.board == b && !self.probe_nb(o, k)? {
                    return ControlFlow::Continue(true);
                }
            }
        }
        ControlFlow::Continue(false)
    }
}
