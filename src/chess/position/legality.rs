//! Playing a move on a [`Position`]: the full legality check with a typed reason
//! for every refusal ([`IllegalMove`]), null moves, and the unchecked play that
//! move generation relies on.

use super::movegen::{
    back_rank, double_step_rank, is_standard_piece, last_rank, offset, pawn_dir, CastleSide,
    Move2d, PROMOTION_KINDS,
};
use super::Position;
use crate::chess::{Color, Piece, PieceKind, Square};

/// Why a move cannot be played in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// No piece on the square the move starts from.
    EmptySquare(Square),
    /// The piece there belongs to the side not to move.
    NotYourPiece(Square),
    /// The piece does not move that way (wrong geometry).
    NotAPieceMove,
    /// A line piece's path, or a pawn's push, is blocked.
    PathBlocked,
    /// The target holds one of the mover's own pieces.
    OwnPieceOnTarget,
    /// The move would capture a king (never legal).
    CapturesKing,
    /// A pawn moves diagonally onto an empty square (en passant is [`Move2d::EnPassant`]).
    NothingToCapture,
    /// A pawn reaching the last rank must name its promotion.
    MissingPromotion,
    /// Only a pawn reaching the last rank promotes.
    UnexpectedPromotion,
    /// Promotion to this kind is not allowed (only queen, rook, bishop, knight).
    BadPromotion(PieceKind),
    /// The king or that rook has moved (or is not there).
    NoCastlingRight,
    /// A square between king and rook, or a landing square, is occupied.
    CastlingBlocked,
    /// The king is in check, so cannot castle.
    CastlingOutOfCheck,
    /// The king would cross or land on an attacked square.
    CastlingThroughCheck,
    /// No en passant capture is possible there.
    NoEnPassant,
    /// The move leaves (or puts) the mover's king in check.
    LeavesKingInCheck,
    /// A drop onto an occupied square.
    DropOnOccupied,
    /// A pawn dropped on its own last rank.
    PawnDropOnLastRank,
    /// A king dropped while the side already has one on the board.
    SecondKing,
    /// A piece kind standard chess does not have.
    UnsupportedPiece(PieceKind),
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IllegalMove::EmptySquare(s) => write!(f, "there is no piece on {s}"),
            IllegalMove::NotYourPiece(s) => write!(f, "the piece on {s} is not yours"),
            IllegalMove::NotAPieceMove => f.write_str("that piece does not move that way"),
            IllegalMove::PathBlocked => f.write_str("the way is blocked"),
            IllegalMove::OwnPieceOnTarget => f.write_str("your own piece is on the target"),
            IllegalMove::CapturesKing => f.write_str("a king cannot be captured"),
            IllegalMove::NothingToCapture => f.write_str("a pawn moves diagonally only to capture"),
            IllegalMove::MissingPromotion => f.write_str("the pawn must promote"),
            IllegalMove::UnexpectedPromotion => {
                f.write_str("only a pawn on the last rank promotes")
            }
            IllegalMove::BadPromotion(k) => write!(f, "a pawn cannot promote to a {k}"),
            IllegalMove::NoCastlingRight => f.write_str("that castling right is gone"),
            IllegalMove::CastlingBlocked => f.write_str("pieces stand between king and rook"),
            IllegalMove::CastlingOutOfCheck => f.write_str("cannot castle out of check"),
            IllegalMove::CastlingThroughCheck => {
                f.write_str("the king would cross or land on an attacked square")
            }
            IllegalMove::NoEnPassant => f.write_str("no en passant capture is possible there"),
            IllegalMove::LeavesKingInCheck => f.write_str("that leaves your king in check"),
            IllegalMove::DropOnOccupied => f.write_str("pieces are dropped on empty squares only"),
            IllegalMove::PawnDropOnLastRank => {
                f.write_str("a pawn cannot be dropped on its last rank")
            }
            IllegalMove::SecondKing => f.write_str("you already have a king on the board"),
            IllegalMove::UnsupportedPiece(k) => write!(f, "standard chess has no {k}"),
        }
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Plays a move after checking it fully.
    ///
    /// # Errors
    /// An [`IllegalMove`] saying why the move cannot be played.
    pub fn play(&self, mv: Move2d) -> Result<Position, IllegalMove> {
        self.move_error(mv).map_or(Ok(()), Err)?;
        if self.keeps_king_safe(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove::LeavesKingInCheck)
        }
    }

    /// True when `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move2d) -> bool {
        self.play(mv).is_ok()
    }

    /// Passes the turn: the other side moves, en passant is cleared, castling rights
    /// stay, the halfmove clock counts the ply (Time Traveling Chess, section A.4).
    #[must_use]
    pub fn play_null(&self) -> Position {
        let mut next = *self;
        next.ep_square = None;
        next.finish_ply(false);
        next
    }

    fn finish_ply(&mut self, resets_clock: bool) {
        self.halfmove_clock = if resets_clock {
            0
        } else {
            self.halfmove_clock.saturating_add(1)
        };
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !self.turn;
    }

    /// Clears the castling right tied to a corner square when something leaves or lands there.
    pub(super) fn touch_corner(&mut self, sq: Square) {
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if sq.y == back_rank(color) && sq.x == side.rook_from_file() {
                    self.castling.remove(color, side);
                }
            }
        }
    }

    /// Plays a move without checking it. Meant for moves from
    /// [`Position::legal_moves`]; any other move gives a well-formed but meaningless
    /// position (it never panics).
    #[must_use]
    pub fn play_unchecked(&self, mv: Move2d) -> Position {
        let us = self.turn;
        let mut next = *self;
        next.ep_square = None;
        let resets_clock = match mv {
            Move2d::Normal {
                from,
                to,
                promotion,
            } => {
                let Some(piece) = self.piece_at(from) else {
                    next.finish_ply(false);
                    return next;
                };
                let capture = self.piece_at(to).is_some();
                let landed = match (piece.kind, promotion) {
                    (PieceKind::Pawn, Some(kind)) => Piece::new(piece.color, kind),
                    _ => piece,
                };
                next.board[from.index()] = None;
                next.board[to.index()] = Some(landed);
                if piece.kind == PieceKind::Pawn && from.x == to.x && from.y.abs_diff(to.y) == 2 {
                    next.ep_square = Some(Square {
                        x: from.x,
                        y: (from.y + to.y) / 2,
                    });
                }
                if piece.kind == PieceKind::King {
                    next.castling.remove_color(piece.color);
                }
                next.touch_corner(from);
                next.touch_corner(to);
                capture || piece.kind == PieceKind::Pawn
            }
            Move2d::Castle { king, rook } => {
                let side = mv.castle_side().unwrap_or(CastleSide::KingSide);
                let king_piece = self
                    .piece_at(king)
                    .unwrap_or(Piece::new(us, PieceKind::King));
                let rook_piece = self
                    .piece_at(rook)
                    .unwrap_or(Piece::new(us, PieceKind::Rook));
                next.board[king.index()] = None;
                next.board[rook.index()] = None;
                next.board[Square {
                    x: side.king_to_file(),
                    y: king.y,
                }
                .index()] = Some(king_piece);
                next.board[Square {
                    x: side.rook_to_file(),
                    y: king.y,
                }
                .index()] = Some(rook_piece);
                next.castling.remove_color(us);
                false
            }
            Move2d::EnPassant { from, to } => {
                next.board[to.index()] = self.piece_at(from);
                next.board[from.index()] = None;
                next.board[Square { x: to.x, y: from.y }.index()] = None;
                true
            }
            Move2d::Drop { kind, to } => {
                next.board[to.index()] = Some(Piece::new(us, kind));
                kind == PieceKind::Pawn
            }
        };
        next.finish_ply(resets_clock);
        next
    }

    /// Why `mv` is not pseudo-legal (king safety aside), or `None` if it is.
    fn move_error(&self, mv: Move2d) -> Option<IllegalMove> {
        match mv {
            Move2d::Normal {
                from,
                to,
                promotion,
            } => self.normal_error(from, to, promotion),
            Move2d::Castle { .. } => self.castle_error(mv),
            Move2d::EnPassant { from, to } => self.en_passant_error(from, to),
            Move2d::Drop { kind, to } => self.drop_error(kind, to),
        }
    }

    fn own_piece(&self, from: Square) -> Result<Piece, IllegalMove> {
        match self.piece_at(from) {
            None => Err(IllegalMove::EmptySquare(from)),
            Some(p) if p.color != self.turn => Err(IllegalMove::NotYourPiece(from)),
            Some(p) => Ok(p),
        }
    }

    fn normal_error(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Option<IllegalMove> {
        let piece = match self.own_piece(from) {
            Ok(p) => p,
            Err(e) => return Some(e),
        };
        if !is_standard_piece(piece) {
            return Some(IllegalMove::UnsupportedPiece(piece.kind));
        }
        if from == to {
            return Some(IllegalMove::NotAPieceMove);
        }
        let target = self.piece_at(to);
        if let Some(t) = target {
            if t.color == piece.color {
                return Some(IllegalMove::OwnPieceOnTarget);
            }
        }
        let dx = i16::from(to.x) - i16::from(from.x);
        let dy = i16::from(to.y) - i16::from(from.y);
        let (adx, ady) = (dx.abs(), dy.abs());
        let shape_ok = match piece.kind {
            PieceKind::Pawn => return self.pawn_error(from, to, dx, dy, target, promotion),
            PieceKind::Knight => matches!((adx, ady), (1, 2) | (2, 1)),
            PieceKind::King => adx <= 1 && ady <= 1,
            PieceKind::Rook => adx == 0 || ady == 0,
            PieceKind::Bishop => adx == ady,
            _ => adx == 0 || ady == 0 || adx == ady,
        };
        if !shape_ok {
            return Some(IllegalMove::NotAPieceMove);
        }
        if matches!(
            piece.kind,
            PieceKind::Rook | PieceKind::Bishop | PieceKind::Queen
        ) && !self.line_is_clear(from, to)
        {
            return Some(IllegalMove::PathBlocked);
        }
        if promotion.is_some() {
            return Some(IllegalMove::UnexpectedPromotion);
        }
        if target.is_some_and(|t| t.kind == PieceKind::King) {
            return Some(IllegalMove::CapturesKing);
        }
        None
    }

    /// True when every square strictly between two squares on a line is empty.
    fn line_is_clear(&self, from: Square, to: Square) -> bool {
        let dx = (i16::from(to.x) - i16::from(from.x)).signum() as i8;
        let dy = (i16::from(to.y) - i16::from(from.y)).signum() as i8;
        let mut cur = from;
        while let Some(next) = offset(cur, dx, dy) {
            if next == to {
                return true;
            }
            if self.piece_at(next).is_some() {
                return false;
            }
            cur = next;
        }
        false
    }

    fn pawn_error(
        &self,
        from: Square,
        to: Square,
        dx: i16,
        dy: i16,
        target: Option<Piece>,
        promotion: Option<PieceKind>,
    ) -> Option<IllegalMove> {
        let us = self.turn;
        let dir = i16::from(pawn_dir(us));
        let shape_error = if dx == 0 && dy == dir {
            target.map(|_| IllegalMove::PathBlocked)
        } else if dx == 0 && dy == 2 * dir && from.y == double_step_rank(us) {
            let middle = Square {
                x: from.x,
                y: ((i16::from(from.y) + dir) as u8),
            };
            (self.piece_at(middle).is_some() || target.is_some())
                .then_some(IllegalMove::PathBlocked)
        } else if dx.abs() == 1 && dy == dir {
            match target {
                None => Some(IllegalMove::NothingToCapture),
                Some(t) if t.kind == PieceKind::King => Some(IllegalMove::CapturesKing),
                Some(_) => None,
            }
        } else {
            Some(IllegalMove::NotAPieceMove)
        };
        if shape_error.is_some() {
            return shape_error;
        }
        match (to.y == last_rank(us), promotion) {
            (true, None) => Some(IllegalMove::MissingPromotion),
            (true, Some(k)) if !PROMOTION_KINDS.contains(&k) => Some(IllegalMove::BadPromotion(k)),
            (false, Some(_)) => Some(IllegalMove::UnexpectedPromotion),
            _ => None,
        }
    }

    /// Why a castling is not allowed (king safety after it aside), or `None`.
    pub(crate) fn castle_error(&self, mv: Move2d) -> Option<IllegalMove> {
        let Move2d::Castle { king, rook } = mv else {
            return Some(IllegalMove::NotAPieceMove);
        };
        let us = self.turn;
        let side = mv.castle_side()?;
        let rank = back_rank(us);
        let home_king = Square { x: 4, y: rank };
        let home_rook = Square {
            x: side.rook_from_file(),
            y: rank,
        };
        if !self.castling.has(us, side)
            || king != home_king
            || rook != home_rook
            || self.piece_at(king) != Some(Piece::new(us, PieceKind::King))
            || self.piece_at(rook) != Some(Piece::new(us, PieceKind::Rook))
        {
            return Some(IllegalMove::NoCastlingRight);
        }
        let king_to = side.king_to_file();
        let rook_to = side.rook_to_file();
        let lo = king.x.min(rook.x).min(king_to).min(rook_to);
        let hi = king.x.max(rook.x).max(king_to).max(rook_to);
        let blocked = (lo..=hi)
            .any(|x| x != king.x && x != rook.x && self.piece_at(Square { x, y: rank }).is_some());
        if blocked {
            return Some(IllegalMove::CastlingBlocked);
        }
        if self.is_attacked(king, !us) {
            return Some(IllegalMove::CastlingOutOfCheck);
        }
        let (a, b) = if king_to > king.x {
            (king.x + 1, king_to)
        } else {
            (king_to, king.x - 1)
        };
        if (a..=b).any(|x| self.is_attacked(Square { x, y: rank }, !us)) {
            return Some(IllegalMove::CastlingThroughCheck);
        }
        None
    }

    fn en_passant_error(&self, from: Square, to: Square) -> Option<IllegalMove> {
        let piece = match self.own_piece(from) {
            Ok(p) => p,
            Err(e) => return Some(e),
        };
        if piece.kind != PieceKind::Pawn
            || to.x.abs_diff(from.x) != 1
            || i16::from(to.y) - i16::from(from.y) != i16::from(pawn_dir(self.turn))
        {
            return Some(IllegalMove::NotAPieceMove);
        }
        let victim = self.piece_at(Square { x: to.x, y: from.y });
        if self.ep_square != Some(to)
            || self.piece_at(to).is_some()
            || victim != Some(Piece::new(!self.turn, PieceKind::Pawn))
        {
            return Some(IllegalMove::NoEnPassant);
        }
        None
    }

    /// Why a drop of `kind` on `to` is not allowed (king safety aside), or `None`.
    pub(crate) fn drop_error(&self, kind: PieceKind, to: Square) -> Option<IllegalMove> {
        let us = self.turn;
        if !is_standard_piece(Piece::new(us, kind)) {
            return Some(IllegalMove::UnsupportedPiece(kind));
        }
        if self.piece_at(to).is_some() {
            return Some(IllegalMove::DropOnOccupied);
        }
        if kind == PieceKind::Pawn && to.y == last_rank(us) {
            return Some(IllegalMove::PawnDropOnLastRank);
        }
        if kind == PieceKind::King && self.king_square(us).is_some() {
            return Some(IllegalMove::SecondKing);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Color, PieceKind, Square};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn illegal_moves_say_why() {
        let p = Position::startpos();
        let n = |from: &str, to: &str| Move2d::Normal {
            from: sq(from),
            to: sq(to),
            promotion: None,
        };
        assert_eq!(
            p.play(n("e3", "e4")),
            Err(IllegalMove::EmptySquare(sq("e3")))
        );
        assert_eq!(
            p.play(n("e7", "e5")),
            Err(IllegalMove::NotYourPiece(sq("e7")))
        );
        assert_eq!(p.play(n("a1", "a3")), Err(IllegalMove::PathBlocked));
        assert_eq!(p.play(n("b1", "d2")), Err(IllegalMove::OwnPieceOnTarget));
        assert_eq!(p.play(n("b1", "b3")), Err(IllegalMove::NotAPieceMove));
        assert_eq!(p.play(n("e2", "d3")), Err(IllegalMove::NothingToCapture));
        assert_eq!(
            p.play(Move2d::Castle {
                king: sq("e1"),
                rook: sq("h1")
            }),
            Err(IllegalMove::CastlingBlocked)
        );
        assert_eq!(
            p.play(Move2d::Drop {
                kind: PieceKind::Knight,
                to: sq("e2")
            }),
            Err(IllegalMove::DropOnOccupied)
        );
        assert_eq!(
            p.play(Move2d::EnPassant {
                from: sq("e2"),
                to: sq("d3")
            }),
            Err(IllegalMove::NoEnPassant)
        );
    }

    #[test]
    fn pinned_pieces_and_promotions() {
        let p = Position::from_fen("4k3/P7/8/8/8/8/4r3/4K2R w K - 0 1").unwrap();
        assert_eq!(
            p.play(Move2d::Normal {
                from: sq("a7"),
                to: sq("a8"),
                promotion: None
            }),
            Err(IllegalMove::MissingPromotion)
        );
        assert_eq!(
            p.play(Move2d::Normal {
                from: sq("a7"),
                to: sq("a8"),
                promotion: Some(PieceKind::King)
            }),
            Err(IllegalMove::BadPromotion(PieceKind::King))
        );
        // In check from e2: castling is refused, and so is a move that ignores the check.
        assert!(p.is_check());
        assert_eq!(
            p.play(Move2d::Castle {
                king: sq("e1"),
                rook: sq("h1")
            }),
            Err(IllegalMove::CastlingOutOfCheck)
        );
        assert_eq!(
            p.play(Move2d::Normal {
                from: sq("a7"),
                to: sq("a8"),
                promotion: Some(PieceKind::Queen)
            }),
            Err(IllegalMove::LeavesKingInCheck)
        );
    }

    #[test]
    fn null_moves_and_king_captures() {
        // After a null move Black's king is in check with White to move: the king
        // capture is not generated and not playable.
        let p = Position::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
            .unwrap()
            .play_null();
        assert_eq!(p.turn(), Color::White);
        assert!(p.is_king_attacked(Color::Black));
        let capture = Move2d::Normal {
            from: sq("e1"),
            to: sq("e8"),
            promotion: None,
        };
        assert!(!p.legal_moves().contains(&capture));
        assert_eq!(p.play(capture), Err(IllegalMove::CapturesKing));
        assert_eq!(p.halfmove_clock(), 1);
        assert_eq!(p.fullmove_number(), 2);
    }

    #[test]
    fn drops_follow_chessgi_rules() {
        let p = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let drops = p.legal_drops(&[PieceKind::Pawn, PieceKind::Queen]);
        let has = |kind, s: &str| drops.contains(&Move2d::Drop { kind, to: sq(s) });
        assert!(has(PieceKind::Pawn, "a1"));
        assert!(has(PieceKind::Pawn, "a2"));
        assert!(has(PieceKind::Queen, "d8"));
        assert!(!has(PieceKind::Pawn, "a8"));
        assert_eq!(
            p.play(Move2d::Drop {
                kind: PieceKind::Pawn,
                to: sq("a8")
            }),
            Err(IllegalMove::PawnDropOnLastRank)
        );
        assert_eq!(
            p.play(Move2d::Drop {
                kind: PieceKind::King,
                to: sq("a3")
            }),
            Err(IllegalMove::SecondKing)
        );
        let black = p.play_null();
        let drops = black.legal_drops(&[PieceKind::Pawn]);
        assert!(drops.contains(&Move2d::Drop {
            kind: PieceKind::Pawn,
            to: sq("h8")
        }));
        assert!(!drops.contains(&Move2d::Drop {
            kind: PieceKind::Pawn,
            to: sq("h1")
        }));
        // A pawn on the first rank steps once; from the second rank it may double-step.
        let p = Position::from_fen("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").unwrap();
        let step = |from: &str, to: &str| Move2d::Normal {
            from: sq(from),
            to: sq(to),
            promotion: None,
        };
        assert_eq!(p.play(step("a1", "a3")), Err(IllegalMove::NotAPieceMove));
        let p = p.play(step("a1", "a2")).unwrap().play_null();
        assert!(p.play(step("a2", "a4")).is_ok());
    }

    #[test]
    fn kingless_side_may_drop_its_king_back() {
        let p = Position::from_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap();
        assert!(!p.is_check());
        let drops = p.legal_drops(&[PieceKind::King]);
        // Not next to the black king, nor on its square.
        assert_eq!(drops.len(), 64 - 1 - 5);
    }

    #[test]
    fn castling_rights_follow_king_and_rook_moves() {
        let p = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let after = p.play(p.uci_move("a1a8").unwrap()).unwrap();
        assert_eq!(after.castling().to_fen(), "Kk");
        let castled = p.play(p.uci_move("e1g1").unwrap()).unwrap();
        assert_eq!(castled.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    }
}
