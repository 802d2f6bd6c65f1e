//! Actions composed one board at a time, without listing every action:
//! each board's move picked by a rule ([`compose`]), then the whole tested
//! exactly as a submitted action is. The search adds the greedy ones to a
//! listing cut short; the mate tests and the safety check use them to
//! prove an escape or a mate in a few nodes.

use super::eval::piece_value;
use crate::fived::{Move, Multiverse};

/// A legal action made of one move per board that must move, each picked
/// by `pick(position, board's index, board's moves)` at the moment it is
/// played (so every move is one its piece has then); tested exactly
/// afterwards (the present must pass to the opponent and no royal piece may
/// be capturable, the rules' and [`crate::fived::Game::can_submit`]'s
/// test). `None` if the picks do not make a legal action.
pub(crate) fn compose<P: FnMut(&Multiverse, usize, &[Move]) -> Option<usize>>(
    pos: &mut Multiverse,
    pick: P,
) -> Option<Vec<Move>> {
    compose_after(pos, &[], pick)
}

/// [`compose`] after `first`: each move of `first` that is still a move of
/// its board is played (in its order, on any board, skipped otherwise),
/// then `pick` chooses on every board that must still move (indexed among
/// those boards). `None` unless the whole is a legal action with at least
/// one move; `pos` is left unchanged.
pub(crate) fn compose_after<P: FnMut(&Multiverse, usize, &[Move]) -> Option<usize>>(
    pos: &mut Multiverse,
    first: &[Move],
    mut pick: P,
) -> Option<Vec<Move>> {
    let mover = pos.to_move;
    let mut undos = Vec::new();
    let mut moves = Vec::new();
    for m in first {
        if pos.is_playable(m.from.board, mover) && pos.board_moves(m.from.board).contains(m) {
            if let Some(u) = pos.apply(m) {
                undos.push(u);
                moves.push(*m);
            }
        }
    }
    let mut ok = true;
    for (i, b) in pos.mandatory_boards().into_iter().enumerate() {
        if !pos.is_playable(b, mover) {
            continue; // hopped onto by an earlier move: it has moved
        }
        let options = pos.board_moves(b);
        let Some(k) = pick(pos, i, &options).filter(|&k| k < options.len()) else {
            ok = false;
            break;
        };
        let m = options[k];
        match pos.apply(&m) {
            Some(u) => {
                undos.push(u);
                moves.push(m);
            }
            None => {
                ok = false;
                break;
            }
        }
    }
    // No move at all (no board must move) is no action.
    let legal = ok && !moves.is_empty() && pos.can_end_action();
    for u in undos.into_iter().rev() {
        pos.undo(u);
    }
    legal.then_some(moves)
}

/// A quick guess of a single move's worth: what it captures, what it
/// promotes to, and how central it lands.
pub(crate) fn move_guess(pos: &Multiverse, m: &Move) -> i32 {
    let mut g = 0;
    if let Some(p) = pos
        .board(m.to.board.l, m.to.board.v)
        .and_then(|b| b.piece_at(m.to.square))
    {
        g += 10 * piece_value(p.piece.kind) + if p.piece.kind.is_royal() { 100_000 } else { 0 };
    }
    if let Some(k) = m.promotion {
        g += 10 * piece_value(k);
    }
    let cx = 2 * i32::from(m.to.square.x) - i32::from(pos.width()) + 1;
    let cy = 2 * i32::from(m.to.square.y) - i32::from(pos.height()) + 1;
    g - cx.abs() - cy.abs()
}

/// Actions composed from each board's best moves by [`move_guess`]: the
/// best on every board, then for each board its 2nd and 3rd best with the
/// best elsewhere. Only the legal ones. With `quiet_too`, the same again
/// with every move that makes a new timeline ([`Multiverse::is_branching`])
/// ranked after those that do not: a capture on a past board looks as good
/// to [`move_guess`] as one on an end board, so in a large multiverse the
/// greedy actions otherwise branch on most boards at once.
pub(crate) fn greedy_actions(pos: &mut Multiverse, quiet_too: bool) -> Vec<Vec<Move>> {
    let n = pos.mandatory_boards().len();
    let mut out: Vec<Vec<Move>> = Vec::new();
    let passes: &[bool] = if quiet_too { &[false, true] } else { &[false] };
    for (&quiet, (board, rank)) in passes.iter().flat_map(|p| {
        std::iter::once((usize::MAX, 0))
            .chain((0..n).flat_map(|b| [(b, 1), (b, 2)]))
            .map(move |x| (p, x))
    }) {
        let a = compose(pos, |p, i, options| {
            let mut order: Vec<(bool, i32, usize)> = options
                .iter()
                .enumerate()
                .map(|(k, m)| (quiet && p.is_branching(m), move_guess(p, m), k))
                .collect();
            order.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
            let r = if i == board { rank } else { 0 };
            order.get(r).or(order.first()).map(|x| x.2)
        });
        if let Some(a) = a {
            if !out.contains(&a) {
                out.push(a);
            }
        }
    }
    out
}
