//! The side to move's best capture, a one-capture look past the horizon
//! ([`threat`]): the skill that keeps a search from counting a capture its
//! opponent answers at once (see [`super::Skill::threats`]).
//!
//! An odd-depth search gives its own side the last action before the static
//! evaluation, so a queen that takes a defended pawn there is scored a pawn
//! up. A full quiescence search over 5D actions costs a listing per node;
//! this looks only at single captures on each board the side to move can
//! play, in two dimensions (captures through time or across timelines make
//! a new timeline rather than winning material on the board), and scores
//! each by a one-exchange guess: the piece taken, less the capturing piece
//! when the target is defended on its board.

use crate::chess::{Color, PieceKind};
use crate::fived::board::Board;
use crate::fived::Multiverse;

use super::eval::piece_value;

/// The rook's directions on one board.
const LINES: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The bishop's directions on one board.
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The knight's jumps.
const JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// What a piece is worth when it captures (a royal piece risks everything:
/// it counts as the most valuable piece, so it captures a defended piece
/// only at a loss).
fn attacker_value(kind: PieceKind) -> i32 {
    if kind.is_royal() {
        10_000
    } else {
        piece_value(kind)
    }
}

/// The least valuable piece of `by` on `b` that captures on (`x`, `y`)
/// in one move on the board (`w` × `h`), by its [`attacker_value`].
fn least_attacker(b: &Board, x: i32, y: i32, by: Color, w: i32, h: i32) -> Option<i32> {
    let on = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
    let bit = |x: i32, y: i32| 1u64 << (y * 8 + x);
    let mine = |x: i32, y: i32, kinds: &[PieceKind]| {
        on(x, y) && kinds.iter().any(|&k| b.pieces(by, k) & bit(x, y) != 0)
    };
    let mut best: Option<i32> = None;
    let mut take = |v: i32| best = Some(best.map_or(v, |b: i32| b.min(v)));
    // Pawns and brawns capture one step diagonally forward (White up).
    let back = if by == Color::White { -1 } else { 1 };
    for dx in [-1, 1] {
        for kind in [PieceKind::Pawn, PieceKind::Brawn] {
            if mine(x + dx, y + back, &[kind]) {
                take(attacker_value(kind));
            }
        }
    }
    for (dx, dy) in JUMPS {
        if mine(x + dx, y + dy, &[PieceKind::Knight]) {
            take(attacker_value(PieceKind::Knight));
        }
    }
    let kings = [PieceKind::CommonKing, PieceKind::King];
    for (dx, dy) in LINES.into_iter().chain(DIAGONALS) {
        for kind in kings {
            if mine(x + dx, y + dy, &[kind]) {
                take(attacker_value(kind));
            }
        }
    }
    let occupied = b.occupied();
    let straight = [
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::Princess,
        PieceKind::RoyalQueen,
    ];
    let slanted = [
        PieceKind::Bishop,
        PieceKind::Queen,
        PieceKind::Princess,
        PieceKind::RoyalQueen,
    ];
    for (dirs, kinds) in [(LINES, &straight), (DIAGONALS, &slanted)] {
        for (dx, dy) in dirs {
            let (mut cx, mut cy) = (x + dx, y + dy);
            while on(cx, cy) {
                if occupied & bit(cx, cy) != 0 {
                    for &kind in kinds {
                        if b.pieces(by, kind) & bit(cx, cy) != 0 {
                            take(attacker_value(kind));
                        }
                    }
                    break;
                }
                cx += dx;
                cy += dy;
            }
        }
    }
    best
}

/// The capturable kinds, most valuable first (royal pieces are not
/// counted: a check is scored, and mates are tested, by the search).
const BY_VALUE: [PieceKind; 10] = [
    PieceKind::Queen,
    PieceKind::Princess,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::CommonKing,
    PieceKind::Unicorn,
    PieceKind::Dragon,
    PieceKind::Brawn,
    PieceKind::Pawn,
];

/// The best gain of one board's capture for `side` (0 if none gains).
fn board_threat(b: &Board, side: Color, w: i32, h: i32) -> i32 {
    let mut best = 0;
    for kind in BY_VALUE {
        let value = piece_value(kind);
        if value <= best {
            break; // every later kind is worth less still
        }
        let mut theirs = b.pieces(!side, kind);
        while theirs != 0 {
            let i = theirs.trailing_zeros() as i32;
            theirs &= theirs - 1;
            let (x, y) = (i % 8, i / 8);
            let Some(attacker) = least_attacker(b, x, y, side, w, h) else {
                continue;
            };
            let gain = if least_attacker(b, x, y, !side, w, h).is_some() {
                value - attacker
            } else {
                value
            };
            best = best.max(gain);
        }
    }
    best
}

/// The side to move's best single capture on a board it can play, in
/// centipawns: the piece taken, less the capturing piece when the target is
/// defended on its board (0 when no capture gains). Royal pieces are not
/// counted (a check is scored, and mates are tested, by the search).
#[must_use]
pub fn threat(position: &Multiverse) -> i32 {
    let side = position.to_move;
    let (w, h) = (i32::from(position.width()), i32::from(position.height()));
    position
        .playable_boards(side)
        .into_iter()
        .filter_map(|id| position.board(id.l, id.v))
        .map(|b| board_threat(b, side, w, h))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Piece;

    fn board(pieces: &[(i32, i32, Color, PieceKind)]) -> Board {
        let mut b = Board::empty();
        for &(x, y, c, k) in pieces {
            b.put((y * 8 + x) as usize, Piece::new(c, k), false);
        }
        b
    }

    #[test]
    fn a_hanging_piece_is_worth_its_value_a_defended_one_the_exchange() {
        use Color::{Black, White};
        use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
        // White queen d1 attacks the knight d5; a black pawn on e6 defends it.
        let defended = board(&[
            (3, 0, White, Queen),
            (4, 0, White, King),
            (3, 4, Black, Knight),
            (4, 5, Black, Pawn),
            (4, 7, Black, King),
        ]);
        assert_eq!(board_threat(&defended, White, 8, 8), 0, "Qxd5 exd5 loses");
        // Without the pawn the knight hangs.
        let hanging = board(&[
            (3, 0, White, Queen),
            (4, 0, White, King),
            (3, 4, Black, Knight),
            (4, 7, Black, King),
        ]);
        assert_eq!(board_threat(&hanging, White, 8, 8), 320);
        // A pawn takes a defended rook: a rook for a pawn.
        let rook = board(&[
            (2, 2, White, Pawn),
            (4, 0, White, King),
            (3, 3, Black, Rook),
            (3, 6, Black, Rook),
            (4, 7, Black, King),
        ]);
        assert_eq!(board_threat(&rook, White, 8, 8), 400);
        // A blocked line attacks nothing; Black's pawn takes forward (down).
        let blocked = board(&[
            (0, 0, White, Rook),
            (0, 1, White, Bishop),
            (0, 5, Black, Knight),
            (1, 6, Black, Pawn),
            (4, 0, White, King),
            (4, 7, Black, King),
        ]);
        assert_eq!(board_threat(&blocked, White, 8, 8), 0);
        let down = board(&[(1, 6, Black, Pawn), (2, 5, White, Knight)]);
        assert_eq!(board_threat(&down, Black, 8, 8), 320, "bxc6");
        assert_eq!(board_threat(&down, White, 8, 8), 0);
        let jump = board(&[(1, 6, Black, Pawn), (0, 4, White, Knight)]);
        assert_eq!(board_threat(&jump, White, 8, 8), 100, "Nxb7: a free pawn");
        assert_eq!(board_threat(&jump, Black, 8, 8), 0);
    }

    #[test]
    fn every_piece_but_the_royal_ones_is_listed_most_valuable_first() {
        let listed: Vec<i32> = BY_VALUE.iter().map(|&k| piece_value(k)).collect();
        assert!(listed.windows(2).all(|w| w[0] >= w[1]), "{listed:?}");
        for kind in PieceKind::ALL {
            assert_eq!(BY_VALUE.contains(&kind), !kind.is_royal(), "{kind:?}");
        }
    }

    #[test]
    fn the_standard_start_has_no_threat() {
        let m = Multiverse::from_variant(crate::fived::boards::standard()).unwrap();
        assert_eq!(threat(&m), 0);
    }
}
