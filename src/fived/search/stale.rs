//! `stuck`'s test of the old inactive timelines (issue 14): which of them
//! could pull the present back once a new timeline reactivates them.
//!
//! # The rule (`../shared/rules/5d-chess.md`)
//!
//! - §5: a timeline the opponent created is active once the mover has
//!   created enough timelines of its own ("Creating a timeline can
//!   **reactivate** an older inactive timeline of the opponent"; the
//!   mover's own timelines keep their activity during its action:
//!   `Multiverse::reactivable_by`), and the present is the smallest end
//!   over the *active* timelines.
//! - §6: an action can be submitted only if the present then has the
//!   opponent's colour; "if a jump reactivates an older timeline whose
//!   end has the mover's colour and lies before the present, the present
//!   moves back to it and the player must play there too in the same
//!   action".
//!
//! So an old inactive timeline `l` of the opponent, ending at `e` before
//! the present, is a way out for a board waiting at the present (a
//! pulled-back present) only if, once reactivated, its end can leave the
//! present on the opponent's colour: an end of the opponent's colour
//! does, and an end of the mover's colour does once it is played (its
//! next board, at `e + 1`, has the opponent's colour). If no completion
//! of the partial action can play that end (each of its own moves, each
//! of its jumps at every timeline number it could get, and each hop onto
//! it gives a check, or is no longer possible), reactivating `l` leaves
//! an active end of the mover's colour at `e`: the present is then at
//! most `e`, of the mover's colour, unless some other active timeline
//! ends lower with the opponent to move. Hence:
//!
//! 1. `l` is no way out (`stuck` gave up on the whole position as soon
//!    as one such timeline existed: "not worth deciding");
//! 2. if the mover's *next* timeline reactivates `l` (the timeline beside
//!    it, towards the centre, is active), every action with a branching
//!    jump reactivates it, and can be submitted only if one of its new
//!    timelines starts below `e` (its first board, at `v + 1` for a jump
//!    onto a board at `v`, has the opponent's colour: `v + 1 < e`). Other
//!    old timelines that could pull the present back below `e` switch the
//!    test off as before, so nothing else can (those ending at or after
//!    `e` cannot: below). A board waiting at the present then
//!    has none of its own jumps as a way out (all start at or after the
//!    present), and only jumps onto boards before `e - 1` can pull the
//!    present back.
//!
//! # Only ends below the cap
//!
//! In 2 only the timeline the *next* timeline reactivates gives the cap:
//! the mover's `k`-th new timeline reactivates the `k`-th old one from the
//! centre, so every action with a branching jump reactivates that one, the
//! others only with enough jumps. Say its end `c`, of the mover's colour,
//! can no longer be played. After any action with a branching jump the
//! present is then at most `c`, on the mover's colour, unless some active
//! timeline ends before `c` with the opponent to move. No timeline active
//! now ends before the present; so that end can only be the first board
//! of a new timeline, or the end of another old timeline once reactivated.
//! An old timeline that ends at or after `c` now ends at or after `c` in
//! every completion (ends only grow), and the end it would need has the
//! opponent's colour, so it would need to be strictly before `c`. It is
//! no way out whether or not its end can be played: it is not looked at.
//! Which timelines are skipped does not depend on the path that led to a
//! node (an end of the mover's colour before `c` is at most `c - 2`, so
//! once played it is still before `c`; one of the opponent's colour is
//! never played by the mover), so the reasons `stuck` states, which do
//! not name them, hold wherever they are tested again. Before, one such
//! timeline whose end *could* be played made `stuck` give up on the whole
//! position ("not worth deciding").
//!
//! `holdout6-fjb.tsv focusedjustbrawns-3-swarm` 23 (44 timelines, Black
//! to move at T7 in check on 11 boards): White made timelines 1 to 29,
//! Black -1 to -14, so 16 to 29 are inactive; they end at T4, T5 or T6,
//! all with Black to move. Black's next timeline reactivates 16 (ending at
//! T4: no move, every jump and every hop onto it a check); the others come
//! back only with more jumps, and several of their ends can be played.
//! Every jump of Black's lands on a board of T4 or later, so no new
//! timeline starts before White's T5: every action with a branching jump
//! leaves the present on timeline 16 at T4, Black to move. Without one,
//! the mandatory board of timeline -3 (no move, no jump, no hop onto it)
//! stays unplayed: checkmate. Main (163c340) gave up in `stuck` at every
//! node (timeline 17's end can be played) and phase 1 tried the early
//! boards' combinations: undecided within 5 000 000 nodes (and
//! 60 000 000). Now checkmate in 4 nodes.
//!
//! The cheap tests come first: an end of the opponent's colour before
//! `c` is a way out without a probe; the ends of the mover's colour before
//! `c` are probed next, the end at `c` last.
//!
//! Checks are monotone (module docs of `search`), so a move of the end
//! found to give a check now gives one in every completion; the reason
//! given when `stuck` cuts names the end left unplayed (so any move or hop
//! that plays it breaks the reason), the checks found and the hop sources
//! already played. An end whose board the search does not play is assumed
//! playable.
//!
//! # Where the budget went before
//!
//! `positions.tsv simplenorooks-4-random` 22 (34 timelines): Black's
//! timeline -17 is inactive and ends at T6 with White to move; White's
//! first new timeline reactivates it. That board has no move of its own,
//! its one jump gives a check, and only one board (on timeline -6) could
//! hop onto it. A mandatory board (timeline 11) has no move and every
//! jump of it gives a check, so it can be left only by pulling the
//! present back; `stuck` never ran in phase 1 because of timeline -17,
//! and phase 1 tried every combination of the other 22 early boards'
//! choices (1 764 phase-1 leaves within 300 000 nodes, each reaching
//! phase 2, ~340 sibling jumps tested at each): undecided within
//! 3 000 000 nodes. Now checkmate in 2 nodes.
//!
//! # The corpus game `tools__dead-timeline` (why this was once reverted)
//!
//! This cut was first made in c27f490 and reverted (fb6f105) because the
//! host test `every_corpus_mate_in_one_is_played` then failed on
//! `tools__dead-timeline` position 24: the computer answered with scan
//! `Partial` instead of `Mate`. The cut was not wrong there. That game
//! has White's timeline 2 inactive, its end (T2) with Black to move, so
//! after each of White's 4 573 actions (all give check) Black's search
//! meets exactly this structure: with the cut as without it, every one is
//! decided within 100 000 nodes and 46 are checkmates, where the
//! brute-force oracle finds no action in them within 50 000 staged
//! moves. But the test
//! asked level 2 for the mate, and level 2's own node limit (3 000) caps
//! the root's mate scan at 2 000 nodes (actions listed plus the cost of
//! each checking action's mate test). White's mating action is the
//! 1 964th listed; on main the mate tests before it cost 32 nodes (1 996:
//! four to spare), with the cut 180, as `stuck` now probes Black's old end
//! where it used to give up at once, so the scan stopped at the 1 820th
//! action. The test now asks `strongest` with a limit that lets the scan
//! list every action (`tests/host/fived/ai.rs`), and
//! `tests/host/fived/stale.rs` pins both positions.

use std::ops::ControlFlow;

use super::super::coords::{color_of, BoardId};
use super::{Search, Stop};

impl Search<'_> {
    /// Whether an old inactive timeline could pull the present back (below
    /// the present, above the floor of a search keeping it) once
    /// reactivated: `None` if one could (its end has the opponent's colour,
    /// or the mover's and that board may still be played: see the module
    /// docs). Otherwise the end of the timeline the mover's next timeline
    /// reactivates, if it can no longer be played (`i32::MAX` if there is
    /// none): every action that makes a branching jump reactivates it and
    /// leaves the present there, on the mover's colour, unless a new
    /// timeline starts before it. Old timelines ending at or after that
    /// end are then no way out and are not looked at (module docs, "Only
    /// ends below the cap"). Boards `..decided` have had their phase-1
    /// choice. The reasons the boards of the mover's colour cannot be
    /// played are added to `why`.
    pub(super) fn stale_pull_back(&mut self, decided: usize) -> ControlFlow<Stop, Option<i32>> {
        let present = self.mv.present();
        let floor = self.keep_present.unwrap_or(i32::MIN);
        let (lmin, lmax) = self.mv.timeline_range();
        // The next timeline reactivates `l` when the timeline beside it,
        // towards the centre, is active.
        let step = match self.mover {
            crate::chess::Color::White => 1,
            crate::chess::Color::Black => -1,
        };
        // The old timelines whose end lies before the present once played
        // (`back`), above the floor, with whether the next timeline
        // reactivates them.
        let stale: Vec<(i32, i32, bool)> = (lmin..=lmax)
            .filter(|&l| self.mv.reactivable_by(l, self.mover))
            .filter_map(|l| {
                let e = self.mv.end(l)?;
                let back = if color_of(e) == self.mover { e + 1 } else { e };
                (back < present && back > floor).then(|| (l, e, self.mv.is_active(l + step)))
            })
            .collect();
        // The end the next timeline reactivates, if it has the mover's
        // colour: once it is known that no completion can play it, it caps
        // the present of every action with a branching jump, and the old
        // timelines ending at or after it cannot bring the present below
        // it (module docs, "Only ends below the cap"). Those are not looked
        // at; the others are, the cheap tests first.
        let mut next_end = None;
        for &(l, e, next) in &stale {
            if next {
                if color_of(e) != self.mover {
                    return ControlFlow::Continue(None);
                }
                next_end = Some(BoardId { l, v: e });
            }
        }
        let below = next_end.map_or(i32::MAX, |b| b.v);
        if stale
            .iter()
            .any(|&(_, e, _)| e < below && color_of(e) != self.mover)
        {
            return ControlFlow::Continue(None);
        }
        for &(l, e, next) in &stale {
            if !next && e < below && self.stale_end_playable(BoardId { l, v: e }, decided)? {
                return ControlFlow::Continue(None);
            }
        }
        match next_end {
            Some(b) if self.stale_end_playable(b, decided)? => ControlFlow::Continue(None),
            _ => ControlFlow::Continue(Some(below)),
        }
    }

    /// Can board `b` (the end, of the mover's colour, of an old inactive
    /// timeline) still be played in some completion: by one of its own
    /// non-branching moves, one of its jumps, or a hop onto it from a board
    /// that may still move? Each way not known to fail is probed (one node
    /// each); what rules the others out goes to `why`.
    fn stale_end_playable(&mut self, b: BoardId, decided: usize) -> ControlFlow<Stop, bool> {
        let Some(u) = self.board_index(b) else {
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
        self.hop_rescues(u, decided)
    }
}
