//! One board of the multiverse as bitboards (bit `y * 8 + x`).

use crate::chess::{Color, Piece, PieceKind, PlacedPiece, Placement, Square};

/// The pieces of one board: a bitboard per colour, per kind, and the
/// "unmoved" flags. Boards of the multiverse never change once created.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pub(crate) color: [u64; 2],
    pub(crate) kind: [u64; PieceKind::COUNT],
    pub(crate) unmoved: u64,
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub fn empty() -> Board {
        Board::default()
    }

    /// The board of a placement.
    #[must_use]
    pub fn from_placement(p: &Placement) -> Board {
        let mut b = Board::empty();
        for (sq, placed) in p.pieces() {
            b.put(sq.index(), placed.piece, placed.unmoved);
        }
        b
    }

    /// The placement of this board on a `width × height` grid.
    #[must_use]
    pub fn to_placement(&self, width: u8, height: u8) -> Placement {
        let mut p = Placement::empty(width, height).unwrap_or_else(|| {
            Placement::empty(8, 8).unwrap_or_else(|| unreachable!("8x8 is a valid size"))
        });
        for y in 0..height.min(8) {
            for x in 0..width.min(8) {
                let sq = Square { x, y };
                p.set(sq, self.piece_at(sq));
            }
        }
        p
    }

    /// The piece on a square, with its unmoved flag.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<PlacedPiece> {
        let i = sq.index();
        if i >= 64 {
            return None;
        }
        let color = self.color_at(i)?;
        let kind = self.kind_at(i)?;
        Some(PlacedPiece {
            piece: Piece::new(color, kind),
            unmoved: self.unmoved >> i & 1 == 1,
        })
    }

    /// The colour of the piece on bit `i`, if any.
    #[inline]
    #[must_use]
    pub(crate) fn color_at(&self, i: usize) -> Option<Color> {
        let m = 1u64 << i;
        if self.color[0] & m != 0 {
            Some(Color::White)
        } else if self.color[1] & m != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The kind of the piece on bit `i`, if any.
    #[inline]
    #[must_use]
    pub(crate) fn kind_at(&self, i: usize) -> Option<PieceKind> {
        let m = 1u64 << i;
        PieceKind::ALL
            .into_iter()
            .find(|k| self.kind[k.index()] & m != 0)
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> u64 {
        self.color[0] | self.color[1]
    }

    /// The squares of one side's pieces.
    #[inline]
    #[must_use]
    pub fn side(&self, c: Color) -> u64 {
        self.color[c.index()]
    }

    /// The squares of one side's royal pieces (kings and royal queens).
    #[inline]
    #[must_use]
    pub fn royals(&self, c: Color) -> u64 {
        (self.kind[PieceKind::King.index()] | self.kind[PieceKind::RoyalQueen.index()])
            & self.color[c.index()]
    }

    /// The squares of one kind of piece of one side.
    #[inline]
    #[must_use]
    pub fn pieces(&self, c: Color, k: PieceKind) -> u64 {
        self.kind[k.index()] & self.color[c.index()]
    }

    /// Puts a piece on bit `i` (replacing what was there).
    pub(crate) fn put(&mut self, i: usize, piece: Piece, unmoved: bool) {
        self.clear(i);
        let m = 1u64 << i;
        self.color[piece.color.index()] |= m;
        self.kind[piece.kind.index()] |= m;
        if unmoved {
            self.unmoved |= m;
        }
    }

    /// Empties bit `i`.
    pub(crate) fn clear(&mut self, i: usize) {
        let m = !(1u64 << i);
        if self.occupied() & !m == 0 {
            self.unmoved &= m;
            return;
        }
        self.color[0] &= m;
        self.color[1] &= m;
        for k in &mut self.kind {
            *k &= m;
        }
        self.unmoved &= m;
    }
}

/// The bits of a `width × height` grid (bit `y * 8 + x`).
#[inline]
#[must_use]
pub(crate) fn grid_mask(width: u8, height: u8) -> u64 {
    let row = if width >= 8 {
        0xff
    } else {
        (1u64 << width) - 1
    };
    let rows = if height >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * u32::from(height))) - 1
    };
    row.wrapping_mul(0x0101_0101_0101_0101) & rows
}

/// Files a-h as columns of a bitboard.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Every square of `bb` moved by (`dx`, `dy`) with `|dx|, |dy| <= 2`; squares
/// that would leave the grid (`grid`, see [`grid_mask`]) are dropped.
#[inline]
#[must_use]
pub(crate) fn shift(bb: u64, dx: i32, dy: i32, grid: u64) -> u64 {
    // Keep only the files that stay on an 8-wide row after the move.
    let keep = match dx {
        0 => u64::MAX,
        1 => !(FILE_A << 7),
        2 => !(FILE_A << 7 | FILE_A << 6),
        -1 => !FILE_A,
        -2 => !(FILE_A | FILE_A << 1),
        _ => 0,
    };
    let b = bb & keep;
    let s = 8 * dy + dx;
    let moved = if s >= 0 { b << s } else { b >> -s };
    moved & grid
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_round_trip() {
        let fen = "r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";
        let p = Placement::from_fen(fen, 8, 8).unwrap();
        let b = Board::from_placement(&p);
        assert_eq!(b.to_placement(8, 8), p);
        assert_eq!(b.royals(Color::White).count_ones(), 1);
        assert_eq!(b.occupied().count_ones(), 32);
        let mut c = b.clone();
        c.clear(4);
        assert_eq!(c.royals(Color::White), 0);
        assert!(c.piece_at(Square { x: 4, y: 0 }).is_none());
    }

    #[test]
    fn shift_drops_squares_that_leave_the_grid() {
        let grid = grid_mask(5, 6);
        assert_eq!(grid.count_ones(), 30);
        assert_eq!(grid_mask(8, 8), u64::MAX);
        for i in 0..64usize {
            for dx in -2..=2i32 {
                for dy in -2..=2i32 {
                    let (x, y) = ((i % 8) as i32, (i / 8) as i32);
                    let on = |x: i32, y: i32| x >= 0 && y >= 0 && x < 5 && y < 6;
                    let want = if on(x, y) && on(x + dx, y + dy) {
                        1u64 << ((y + dy) * 8 + x + dx)
                    } else {
                        0
                    };
                    assert_eq!(shift(1u64 << i & grid, dx, dy, grid), want, "{i} {dx} {dy}");
                }
            }
        }
    }
}
