//! Boards as shared history nodes, and the board-level geometry time travel needs:
//! which enemy piece a landed piece would threaten, and how the "arrived by time
//! travel" marks follow the pieces as they move.

use std::rc::Rc;

use crate::chess::{Color, Move2d, Position, Square};

/// One board of the multiverse: a chess position at time `t`, which pieces on it
/// arrived in this lineage by time travel, and the board before it.
///
/// Boards are immutable and shared: every branch whose lineage passes through a
/// board points at the same node (`Rc`), so forking a universe copies nothing but the
/// one new board.
#[derive(Debug)]
pub struct BoardNode {
    position: Position,
    arrived: u64,
    t: u32,
    parent: Option<Rc<BoardNode>>,
}

impl BoardNode {
    /// A board with no predecessor, at time `t`.
    pub(crate) fn root(position: Position, arrived: u64, t: u32) -> BoardNode {
        BoardNode {
            position,
            arrived: arrived & occupancy(&position),
            t,
            parent: None,
        }
    }

    /// The board after `parent` (time `parent.t + 1`).
    pub(crate) fn after(parent: &Rc<BoardNode>, position: Position, arrived: u64) -> BoardNode {
        BoardNode {
            position,
            arrived: arrived & occupancy(&position),
            t: parent.t + 1,
            parent: Some(Rc::clone(parent)),
        }
    }

    /// A board standing in for `self` at the same time with the same predecessor
    /// (a collapse removal edits a latest board in place of a move).
    pub(crate) fn replaced(&self, position: Position, arrived: u64) -> BoardNode {
        BoardNode {
            position,
            arrived: arrived & occupancy(&position),
            t: self.t,
            parent: self.parent.clone(),
        }
    }

    /// The chess position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The time of this board: 0 for the starting position, +1 per ply.
    #[must_use]
    pub fn t(&self) -> u32 {
        self.t
    }

    /// Bit `square.index()` is set for each piece that arrived in this lineage by
    /// time or trans-universe travel (such a piece may not travel again).
    #[must_use]
    pub fn arrived_mask(&self) -> u64 {
        self.arrived
    }

    /// True when the piece on `sq` arrived by travel.
    #[must_use]
    pub fn arrived(&self, sq: Square) -> bool {
        self.arrived & bit(sq) != 0
    }

    /// The board before this one in its lineage (`None` for the first board).
    #[must_use]
    pub fn parent(&self) -> Option<&Rc<BoardNode>> {
        self.parent.as_ref()
    }

    /// The board at time `t` in this board's lineage (itself included).
    #[must_use]
    pub fn ancestor_at(self: &Rc<Self>, t: u32) -> Option<&Rc<BoardNode>> {
        let mut cur = self;
        while cur.t > t {
            cur = cur.parent.as_ref()?;
        }
        (cur.t == t).then_some(cur)
    }

    /// How often this board's repetition key occurs in its lineage (itself included),
    /// looking back only as far as the halfmove clock allows.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let key = self.position.repetition_key();
        let mut count = 1;
        let mut cur = self.parent.as_deref();
        let mut plies = 1u32;
        while let Some(node) = cur {
            if plies > self.position.halfmove_clock() {
                break;
            }
            if node.position.turn() == self.position.turn()
                && same_pieces(&node.position, &self.position)
                && node.position.repetition_key() == key
            {
                count += 1;
            }
            plies += 1;
            cur = node.parent.as_deref();
        }
        count
    }
}

impl Drop for BoardNode {
    // Histories can be thousands of boards long: unlink them iteratively instead of
    // letting `Rc` drop the chain recursively (which could overflow the stack).
    fn drop(&mut self) {
        let mut next = self.parent.take();
        while let Some(node) = next {
            match Rc::try_unwrap(node) {
                Ok(mut owned) => next = owned.parent.take(),
                Err(_) => break,
            }
        }
    }
}

fn same_pieces(a: &Position, b: &Position) -> bool {
    a.pieces().eq(b.pieces())
}

/// The bit of a square in a 64-bit mask.
pub(crate) const fn bit(sq: Square) -> u64 {
    1u64 << sq.index()
}

/// A mask of the occupied squares.
pub(crate) fn occupancy(pos: &Position) -> u64 {
    pos.pieces().fold(0, |m, (sq, _)| m | bit(sq))
}

/// The squares a move's pieces end on: the target, plus the rook's square for castling.
pub(crate) fn moved_to(mv: Move2d) -> Vec<Square> {
    match mv {
        Move2d::Castle { king, rook } => {
            let side = mv.castle_side();
            let rook_to = side.map_or(rook, |s| Square {
                x: s.rook_to_file(),
                y: king.y,
            });
            vec![mv.to(), rook_to]
        }
        _ => vec![mv.to()],
    }
}

/// The arrived marks after `mv` is played on a board with marks `mask`: a mark moves
/// with its piece (and survives promotion), and a captured piece's mark is gone.
pub(crate) fn arrived_after_move(mask: u64, mv: Move2d) -> u64 {
    let moved = |mask: u64, from: Square, to: Square| {
        let carried = mask & bit(from) != 0;
        let cleared = mask & !bit(from) & !bit(to);
        if carried {
            cleared | bit(to)
        } else {
            cleared
        }
    };
    match mv {
        Move2d::Normal { from, to, .. } => moved(mask, from, to),
        Move2d::EnPassant { from, to } => {
            let victim = Square { x: to.x, y: from.y };
            moved(mask & !bit(victim), from, to)
        }
        Move2d::Castle { king, rook } => {
            let targets = moved_to(mv);
            let king_mark = mask & bit(king) != 0;
            let rook_mark = mask & bit(rook) != 0;
            let mut out = mask & !bit(king) & !bit(rook);
            if king_mark {
                out |= bit(targets[0]);
            }
            if rook_mark {
                out |= bit(targets[1]);
            }
            out
        }
        Move2d::Drop { to, .. } => mask & !bit(to),
    }
}

/// The first enemy piece that the piece standing on `at` in `pos` attacks
/// directly: pawns diagonally forward, en passant ignored (seed-variants.md
/// C.6.8), in the order of [`Position::attacks_from`]. `None` when it
/// threatens nothing or `at` is empty.
pub(crate) fn first_threatened(pos: &Position, at: Square) -> Option<Square> {
    let color = pos.piece_at(at)?.color;
    pos.attacks_from(at)
        .into_iter()
        .find(|&s| pos.piece_at(s).is_some_and(|p| p.color != color))
}

/// The owner's 2nd rank (0-based): where a travelling pawn must land.
pub(crate) const fn pawn_home_rank(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Piece, PieceKind};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn threats_follow_piece_geometry() {
        let pos = Position::from_fen("4k3/2p5/8/4p3/8/8/8/4K3 w - - 0 1").unwrap();
        // The threat of `piece` placed on `at`.
        let first_threatened = |pos: &Position, at: Square, piece: Piece| {
            first_threatened(&pos.with_piece(at, Some(piece)).unwrap(), at)
        };
        let knight = Piece::new(Color::White, PieceKind::Knight);
        assert_eq!(first_threatened(&pos, sq("f3"), knight), Some(sq("e5")));
        assert_eq!(first_threatened(&pos, sq("d5"), knight), Some(sq("c7")));
        assert_eq!(first_threatened(&pos, sq("c3"), knight), None);
        let rook = Piece::new(Color::White, PieceKind::Rook);
        // The e5 pawn screens the e8 king from a rook on e2.
        assert_eq!(first_threatened(&pos, sq("e2"), rook), Some(sq("e5")));
        assert_eq!(first_threatened(&pos, sq("a1"), rook), None);
        let pawn = Piece::new(Color::White, PieceKind::Pawn);
        assert_eq!(first_threatened(&pos, sq("d4"), pawn), Some(sq("e5")));
        assert_eq!(first_threatened(&pos, sq("e4"), pawn), None);
    }

    #[test]
    fn long_histories_drop_without_recursion() {
        let mut latest = Rc::new(BoardNode::root(Position::startpos(), 0, 0));
        let fork = Rc::clone(&latest);
        for _ in 0..200_000 {
            latest = Rc::new(BoardNode::after(&latest, Position::startpos(), 0));
        }
        assert_eq!(latest.t(), 200_000);
        assert_eq!(latest.ancestor_at(0).map(|n| n.t()), Some(0));
        drop(latest);
        // A board still shared elsewhere survives its descendants.
        assert_eq!(Rc::strong_count(&fork), 1);
        assert_eq!(fork.t(), 0);
    }

    #[test]
    fn arrived_marks_follow_moves() {
        let a = sq("a2");
        let mask = bit(a) | bit(sq("h7"));
        let mv = Move2d::Normal {
            from: a,
            to: sq("a4"),
            promotion: None,
        };
        assert_eq!(arrived_after_move(mask, mv), bit(sq("a4")) | bit(sq("h7")));
        let capture = Move2d::Normal {
            from: sq("b1"),
            to: sq("h7"),
            promotion: None,
        };
        assert_eq!(arrived_after_move(mask, capture), bit(a));
    }
}
