//! The order of a long search's early boards (issue 14): boards linked by
//! hops are decided next to each other.
//!
//! Phase 1 decides the early boards in one fixed order, mandatory ones
//! first, each group by fewest moves. A failure whose reason names boards
//! decided far apart in that order is found only once the last of them is
//! decided, below every combination of the boards in between that the
//! reasons of other failures name (the kept reasons of `levels.rs` fire
//! only once every board they name is decided). Boards that hop onto each
//! other are the ones such reasons tie together: a hop makes two of their
//! next boards at once, a passed board waits for the hops onto it, and in
//! a crowded multiverse the lines of a check between neighbouring timelines
//! cross the same boards the hops land on.
//!
//! `holdout2.tsv standardreversedroyalty-3-random` 30 (21 boards at the
//! present, 36 playable): a black piece on timeline 10 attacks White's
//! royal queen on timeline 7 through the next boards of timelines 8 and 9.
//! Those four boards hop onto each other, but by fewest moves they were
//! decided at levels 0, 4, 7 and 20 (timeline 9 has 72 moves), and the
//! reason "7's queen in place, 8's and 9's squares empty, 10 not played"
//! fired only at level 20: the checkmate took 192 307 nodes, 144 ms. In
//! the linked order those boards are levels 0, 2, 6 and 7, and the proof
//! takes 16 548 nodes, 1 000 of them the probe in the old order (with the
//! reasons of `levels.rs` kept at the earliest level).
//!
//! The order: within each group of early boards (mandatory, then the
//! others), the next board is the one with the most hops to or from the
//! boards of its group ordered so far, ties going to fewer moves (the old
//! key). The first is the board with fewest moves, as before.
//!
//! Only for long searches (`blockers::run_search`): on the twelve stress
//! files the linked order shortened every search of over 3 000 nodes (14
//! rows, 535 554 nodes in all, 116 840 in this order), but it changes
//! which action a short search finds first, and with it whether the
//! softmate search runs (1 246 rows took more nodes, mostly a few
//! hundred). So a search starts in the old order (with the hint of
//! `blockers.rs`), and one that has visited no action within
//! `HINT_PROBE_NODES` starts again in the linked order. Any order reaches
//! every action once, so the answers are the same.

use super::super::coords::{BoardId, Move};

/// `order` (board indices, grouped: early and mandatory, early and
/// optional, then the free boards; each group by fewest moves) with each
/// group of early boards in the linked order above. The free boards keep
/// their place (phase 3 orders them itself).
pub(super) fn linked_order(
    order: &[usize],
    boards: &[BoardId],
    early: &[bool],
    mandatory: &[bool],
    nonbranching: &[Vec<Move>],
) -> Vec<usize> {
    let n = boards.len();
    // hop[a * n + b]: board a has a hop onto board b, or b onto a.
    let mut hop = vec![false; n * n];
    for (a, moves) in nonbranching.iter().enumerate() {
        for m in moves.iter().filter(|m| !m.is_physical()) {
            if let Some(b) = boards.iter().position(|x| *x == m.to.board) {
                hop[a * n + b] = true;
                hop[b * n + a] = true;
            }
        }
    }
    let group = |i: usize| (!early[i], !mandatory[i]);
    let mut out: Vec<usize> = Vec::with_capacity(order.len());
    let mut k = 0;
    while k < order.len() {
        let g = group(order[k]);
        let mut rest: Vec<usize> = order[k..]
            .iter()
            .copied()
            .take_while(|&i| group(i) == g)
            .collect();
        k += rest.len();
        if g.0 {
            out.extend(rest);
            continue;
        }
        let start = out.len();
        while !rest.is_empty() {
            let links = |i: usize| out[start..].iter().filter(|&&o| hop[i * n + o]).count();
            // The most links; among equals the first (fewest moves).
            let mut best = 0;
            let mut most = links(rest[0]);
            for (r, &i) in rest.iter().enumerate().skip(1) {
                let l = links(i);
                if l > most {
                    best = r;
                    most = l;
                }
            }
            out.push(rest.remove(best));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::linked_order;
    use crate::chess::Square;
    use crate::fived::coords::{BoardId, Coord, Move};

    fn board(l: i32) -> BoardId {
        BoardId { l, v: 4 }
    }

    /// A hop from timeline `a`'s board onto `b`'s (or a physical move if
    /// they are the same).
    fn mv(a: i32, b: i32) -> Move {
        let at = |l: i32| Coord {
            board: board(l),
            square: Square { x: 0, y: 0 },
        };
        Move {
            from: at(a),
            to: at(b),
            promotion: None,
        }
    }

    /// Five mandatory boards by fewest moves (`0..5`) where board 4 (most
    /// moves) hops onto board 0 and board 2 onto board 4, then an optional
    /// early board and a free one: the mandatory group becomes 0, 4, 2
    /// (linked), then 1, 3 (none, by moves); the other groups keep theirs.
    #[test]
    fn hop_linked_boards_come_next_to_each_other() {
        let boards: Vec<BoardId> = (0..7).map(board).collect();
        let early = [true, true, true, true, true, true, false];
        let mandatory = [true, true, true, true, true, false, false];
        let mut nonbranching: Vec<Vec<Move>> = (0..7).map(|l| vec![mv(l, l)]).collect();
        nonbranching[4].push(mv(4, 0));
        nonbranching[2].push(mv(2, 4));
        // The optional early board hops onto board 1: no effect across groups.
        nonbranching[5].push(mv(5, 1));
        let order: Vec<usize> = (0..7).collect();
        let linked = linked_order(&order, &boards, &early, &mandatory, &nonbranching);
        assert_eq!(linked, vec![0, 4, 2, 1, 3, 5, 6]);
        // No hops: the order of fewest moves, unchanged.
        let plain: Vec<Vec<Move>> = (0..7).map(|l| vec![mv(l, l)]).collect();
        assert_eq!(
            linked_order(&order, &boards, &early, &mandatory, &plain),
            order
        );
    }
}
