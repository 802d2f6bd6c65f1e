//! Moves of standard 8×8 chess and their generation: the 2D core shared by Time
//! Traveling Chess, Time Travel Chessgi and the multiverse Time Travel Chess
//! (`shared/rules/seed-variants.md`, sections A–C).
//!
//! Generation is plain and mailbox-based: pseudo-legal moves are produced per piece,
//! then kept only if the mover's king is not attacked afterwards. Captures of a king
//! are never generated (a king can stand in check with the other side to move after
//! a null move in Time Traveling Chess, section A.6.5).

use super::Position;
use crate::chess::{Color, Piece, PieceKind, Square};

/// The side of the board a castling goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CastleSide {
    /// Towards the h-file (`O-O`).
    KingSide,
    /// Towards the a-file (`O-O-O`).
    QueenSide,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const ALL: [CastleSide; 2] = [CastleSide::KingSide, CastleSide::QueenSide];

    /// The file the king lands on (`g` or `c`).
    #[must_use]
    pub const fn king_to_file(self) -> u8 {
        match self {
            CastleSide::KingSide => 6,
            CastleSide::QueenSide => 2,
        }
    }

    /// The file the rook lands on (`f` or `d`).
    #[must_use]
    pub const fn rook_to_file(self) -> u8 {
        match self {
            CastleSide::KingSide => 5,
            CastleSide::QueenSide => 3,
        }
    }

    /// The file the rook starts on in the standard setup (`h` or `a`).
    #[must_use]
    pub const fn rook_from_file(self) -> u8 {
        match self {
            CastleSide::KingSide => 7,
            CastleSide::QueenSide => 0,
        }
    }
}

/// A move of 2D chess, or a drop of a pocket piece (Chessgi).
///
/// Each move has exactly one representation: a pawn capturing en passant is always
/// [`Move2d::EnPassant`] and castling is always [`Move2d::Castle`], never a two-square
/// king [`Move2d::Normal`]. Use [`Position::uci_move`] to read coordinates such as
/// `e1g1` into the right variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move2d {
    /// A piece moves (and maybe captures); a pawn reaching the last rank names its promotion.
    Normal {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
        /// What a pawn becomes on the last rank (queen, rook, bishop or knight).
        promotion: Option<PieceKind>,
    },
    /// King and rook castle.
    Castle {
        /// The king's square before castling.
        king: Square,
        /// The castling rook's square before castling.
        rook: Square,
    },
    /// A pawn captures the pawn that has just double-stepped past it.
    EnPassant {
        /// The capturing pawn's square.
        from: Square,
        /// The square it moves to (the one the double-stepping pawn crossed).
        to: Square,
    },
    /// A pocket piece is put on an empty square (drop chess).
    Drop {
        /// The dropped piece's kind.
        kind: PieceKind,
        /// Where it is put.
        to: Square,
    },
}

impl Move2d {
    /// The square the moving piece leaves (`None` for a drop).
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move2d::Normal { from, .. } | Move2d::EnPassant { from, .. } => Some(from),
            Move2d::Castle { king, .. } => Some(king),
            Move2d::Drop { .. } => None,
        }
    }

    /// The square the moving (or dropped) piece lands on; the king's square for castling.
    #[must_use]
    pub const fn to(self) -> Square {
        match self {
            Move2d::Normal { to, .. } | Move2d::EnPassant { to, .. } | Move2d::Drop { to, .. } => {
                to
            }
            Move2d::Castle { king, rook } => Square {
                x: Move2d::castle_side_of(king, rook).king_to_file(),
                y: king.y,
            },
        }
    }

    /// The promotion piece, if any.
    #[must_use]
    pub const fn promotion(self) -> Option<PieceKind> {
        match self {
            Move2d::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// For castling, the side it goes to.
    #[must_use]
    pub const fn castle_side(self) -> Option<CastleSide> {
        match self {
            Move2d::Castle { king, rook } => Some(Move2d::castle_side_of(king, rook)),
            _ => None,
        }
    }

    const fn castle_side_of(king: Square, rook: Square) -> CastleSide {
        if rook.x > king.x {
            CastleSide::KingSide
        } else {
            CastleSide::QueenSide
        }
    }

    /// UCI coordinates: `e2e4`, `e7e8q`, `e1g1` for castling, `P@e4` for a drop.
    #[must_use]
    pub fn to_uci(self) -> String {
        match self {
            Move2d::Drop { kind, to } => format!("{}@{to}", kind.letter()),
            _ => {
                let from = self.from().map(|s| s.to_string()).unwrap_or_default();
                let promo = self
                    .promotion()
                    .map(|k| k.letter().to_ascii_lowercase().to_string())
                    .unwrap_or_default();
                format!("{from}{}{promo}", self.to())
            }
        }
    }
}

impl std::fmt::Display for Move2d {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_uci())
    }
}

/// The pieces a pawn may promote to in standard chess, strongest first.
pub const PROMOTION_KINDS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// The pieces standard chess uses: the only kinds a [`Position`] holds.
pub const STANDARD_KINDS: [PieceKind; 6] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
    PieceKind::King,
];

/// The knight's leaps on one board, as (dx, dy) (the 5D computer
/// opponent's one-board capture test uses them too).
pub(crate) const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The king's steps on one board, as (dx, dy).
pub(crate) const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// The rook's directions on one board, as (dx, dy).
pub(crate) const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
/// The bishop's directions on one board, as (dx, dy).
pub(crate) const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The square `(dx, dy)` away on an 8×8 board, if any.
pub(crate) fn offset(sq: Square, dx: i8, dy: i8) -> Option<Square> {
    let x = sq.x as i8 + dx;
    let y = sq.y as i8 + dy;
    if (0..8).contains(&x) && (0..8).contains(&y) {
        Some(Square {
            x: x as u8,
            y: y as u8,
        })
    } else {
        None
    }
}

/// The rank direction a colour's pawns move in.
pub(crate) const fn pawn_dir(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The last rank (0-based) for a colour's pawns.
pub(crate) const fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// The rank (0-based) from which a colour's pawns may double-step: their 2nd rank.
pub(crate) const fn double_step_rank(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 6,
    }
}

/// The back rank (0-based) of a colour: where its king and rooks castle.
pub(crate) const fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

impl Position {
    /// True when a piece of `by` attacks `sq` (whatever stands on `sq`).
    #[must_use]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let is = |s: Option<Square>, kinds: &[PieceKind]| {
            s.and_then(|s| self.piece_at(s))
                .is_some_and(|p| p.color == by && kinds.contains(&p.kind))
        };
        // A `by` pawn attacks sq from one rank behind it (seen from `by`).
        let back = -pawn_dir(by);
        if is(offset(sq, -1, back), &[PieceKind::Pawn])
            || is(offset(sq, 1, back), &[PieceKind::Pawn])
        {
            return true;
        }
        if KNIGHT_STEPS
            .iter()
            .any(|&(dx, dy)| is(offset(sq, dx, dy), &[PieceKind::Knight]))
        {
            return true;
        }
        if KING_STEPS
            .iter()
            .any(|&(dx, dy)| is(offset(sq, dx, dy), &[PieceKind::King]))
        {
            return true;
        }
        let ray_hits = |dirs: &[(i8, i8)], kinds: &[PieceKind]| {
            dirs.iter().any(|&(dx, dy)| {
                let mut cur = sq;
                while let Some(next) = offset(cur, dx, dy) {
                    if let Some(p) = self.piece_at(next) {
                        return p.color == by && kinds.contains(&p.kind);
                    }
                    cur = next;
                }
                false
            })
        };
        ray_hits(&ROOK_DIRS, &[PieceKind::Rook, PieceKind::Queen])
            || ray_hits(&BISHOP_DIRS, &[PieceKind::Bishop, PieceKind::Queen])
    }

    /// The squares the piece on `sq` attacks, whoever is to move: where it could capture
    /// an enemy piece if one stood there (a pawn's two diagonals; a line piece up to and
    /// including the first occupied square). Empty for an empty square.
    ///
    /// The multiverse Time Travel Chess uses it for its landing rule: a traveller may not
    /// land where it directly threatens an enemy piece (seed-variants.md C.4).
    #[must_use]
    pub fn attacks_from(&self, sq: Square) -> Vec<Square> {
        let Some(piece) = self.piece_at(sq) else {
            return Vec::new();
        };
        let steps = |steps: &[(i8, i8)]| -> Vec<Square> {
            steps
                .iter()
                .filter_map(|&(dx, dy)| offset(sq, dx, dy))
                .collect()
        };
        let rays = |dirs: &[(i8, i8)]| -> Vec<Square> {
            let mut out = Vec::new();
            for &(dx, dy) in dirs {
                let mut cur = sq;
                while let Some(next) = offset(cur, dx, dy) {
                    out.push(next);
                    if self.piece_at(next).is_some() {
                        break;
                    }
                    cur = next;
                }
            }
            out
        };
        match piece.kind {
            PieceKind::Pawn => steps(&[(-1, pawn_dir(piece.color)), (1, pawn_dir(piece.color))]),
            PieceKind::Knight => steps(&KNIGHT_STEPS),
            PieceKind::King => steps(&KING_STEPS),
            PieceKind::Bishop => rays(&BISHOP_DIRS),
            PieceKind::Rook => rays(&ROOK_DIRS),
            PieceKind::Queen => {
                let mut out = rays(&ROOK_DIRS);
                out.extend(rays(&BISHOP_DIRS));
                out
            }
            _ => Vec::new(),
        }
    }

    /// The legal moves of the piece on `from` (for showing destinations).
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> Vec<Move2d> {
        let mut moves = self.legal_moves();
        moves.retain(|m| m.from() == Some(from));
        moves
    }

    /// Every legal move of the side to move, drops excluded (see [`Position::legal_drops`]).
    ///
    /// Never includes a capture of a king.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move2d> {
        let mut out = Vec::with_capacity(48);
        self.pseudo_legal_moves(&mut out);
        out.retain(|&mv| self.keeps_king_safe(mv));
        out
    }

    /// True when the side to move has at least one legal board move (drops excluded).
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let mut out = Vec::with_capacity(48);
        self.pseudo_legal_moves(&mut out);
        out.into_iter().any(|mv| self.keeps_king_safe(mv))
    }

    /// The legal drops of the given pocket kinds for the side to move: every empty
    /// square, except the last rank for pawns (pawns may go on the first rank, as in
    /// Chessgi), and only where the mover's king is then not in check. A king drop is
    /// offered only when the side has no king on the board (a king returning from a
    /// time journey in Time Travel Chessgi).
    ///
    /// Whether the pocket really holds the pieces is the caller's business.
    #[must_use]
    pub fn legal_drops(&self, kinds: &[PieceKind]) -> Vec<Move2d> {
        let mut out = Vec::new();
        let mut seen = [false; PieceKind::COUNT];
        for &kind in kinds {
            if std::mem::replace(&mut seen[kind.index()], true) {
                continue;
            }
            for i in 0..64 {
                let mv = Move2d::Drop {
                    kind,
                    to: Square::from_index(i),
                };
                if self.drop_error(kind, mv.to()).is_none() && self.keeps_king_safe(mv) {
                    out.push(mv);
                }
            }
        }
        out
    }

    /// True when playing `mv` (assumed pseudo-legal) leaves the mover's king unattacked.
    pub(crate) fn keeps_king_safe(&self, mv: Move2d) -> bool {
        let us = self.turn();
        let after = self.play_unchecked(mv);
        match after.king_square(us) {
            Some(k) => !after.is_attacked(k, !us),
            None => true,
        }
    }

    /// Pushes every pseudo-legal board move of the side to move (no king captures).
    fn pseudo_legal_moves(&self, out: &mut Vec<Move2d>) {
        let us = self.turn();
        for i in 0..64 {
            let from = Square::from_index(i);
            let Some(piece) = self.piece_at(from) else {
                continue;
            };
            if piece.color != us {
                continue;
            }
            match piece.kind {
                PieceKind::Pawn => self.pawn_moves(from, out),
                PieceKind::Knight => self.step_moves(from, &KNIGHT_STEPS, out),
                PieceKind::King => {
                    self.step_moves(from, &KING_STEPS, out);
                    self.castling_moves(from, out);
                }
                PieceKind::Bishop => self.slide_moves(from, &BISHOP_DIRS, out),
                PieceKind::Rook => self.slide_moves(from, &ROOK_DIRS, out),
                PieceKind::Queen => {
                    self.slide_moves(from, &ROOK_DIRS, out);
                    self.slide_moves(from, &BISHOP_DIRS, out);
                }
                _ => {}
            }
        }
    }

    /// Can the side to move land on `to` (empty, or an enemy piece that is not a king)?
    fn can_land(&self, to: Square) -> bool {
        match self.piece_at(to) {
            None => true,
            Some(p) => p.color != self.turn() && p.kind != PieceKind::King,
        }
    }

    fn step_moves(&self, from: Square, steps: &[(i8, i8)], out: &mut Vec<Move2d>) {
        for &(dx, dy) in steps {
            if let Some(to) = offset(from, dx, dy) {
                if self.can_land(to) {
                    out.push(Move2d::Normal {
                        from,
                        to,
                        promotion: None,
                    });
                }
            }
        }
    }

    fn slide_moves(&self, from: Square, dirs: &[(i8, i8)], out: &mut Vec<Move2d>) {
        for &(dx, dy) in dirs {
            let mut cur = from;
            while let Some(to) = offset(cur, dx, dy) {
                let occupant = self.piece_at(to);
                if self.can_land(to) {
                    out.push(Move2d::Normal {
                        from,
                        to,
                        promotion: None,
                    });
                }
                if occupant.is_some() {
                    break;
                }
                cur = to;
            }
        }
    }

    fn push_pawn_move(from: Square, to: Square, color: Color, out: &mut Vec<Move2d>) {
        if to.y == last_rank(color) {
            for kind in PROMOTION_KINDS {
                out.push(Move2d::Normal {
                    from,
                    to,
                    promotion: Some(kind),
                });
            }
        } else {
            out.push(Move2d::Normal {
                from,
                to,
                promotion: None,
            });
        }
    }

    fn pawn_moves(&self, from: Square, out: &mut Vec<Move2d>) {
        let us = self.turn();
        let dir = pawn_dir(us);
        if let Some(one) = offset(from, 0, dir) {
            if self.piece_at(one).is_none() {
                Self::push_pawn_move(from, one, us, out);
                if from.y == double_step_rank(us) {
                    if let Some(two) = offset(from, 0, 2 * dir) {
                        if self.piece_at(two).is_none() {
                            out.push(Move2d::Normal {
                                from,
                                to: two,
                                promotion: None,
                            });
                        }
                    }
                }
            }
        }
        for dx in [-1, 1] {
            let Some(to) = offset(from, dx, dir) else {
                continue;
            };
            match self.piece_at(to) {
                Some(p) if p.color != us && p.kind != PieceKind::King => {
                    Self::push_pawn_move(from, to, us, out);
                }
                None if self.ep_square() == Some(to) => {
                    out.push(Move2d::EnPassant { from, to });
                }
                _ => {}
            }
        }
    }

    fn castling_moves(&self, king: Square, out: &mut Vec<Move2d>) {
        let us = self.turn();
        for side in CastleSide::ALL {
            let rook = Square {
                x: side.rook_from_file(),
                y: back_rank(us),
            };
            let mv = Move2d::Castle { king, rook };
            if self.castle_error(mv).is_none() {
                out.push(mv);
            }
        }
    }
}

/// Counts the leaf positions `depth` plies ahead (board moves only): the standard
/// move-generator check. `perft(p, 0) == 1`.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| perft(&pos.play_unchecked(mv), depth - 1))
        .sum()
}

/// True for the pieces standard chess has (not the fairy pieces of 5D chess).
pub(crate) fn is_standard_piece(p: Piece) -> bool {
    STANDARD_KINDS.contains(&p.kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn attacks_agree_with_is_attacked() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        for color in Color::ALL {
            let mut attacked = [false; 64];
            for (from, p) in pos.pieces() {
                if p.color == color {
                    for to in pos.attacks_from(from) {
                        attacked[to.index()] = true;
                    }
                }
            }
            for (i, &hit) in attacked.iter().enumerate() {
                let s = Square::from_index(i);
                assert_eq!(hit, pos.is_attacked(s, color), "{color} {s}");
            }
        }
        assert!(pos.attacks_from(sq("d4")).is_empty());
    }

    #[test]
    fn moves_from_one_square() {
        let pos = Position::startpos();
        let knight: Vec<String> = pos
            .legal_moves_from(sq("g1"))
            .into_iter()
            .map(Move2d::to_uci)
            .collect();
        assert_eq!(knight, ["g1h3", "g1f3"]);
        assert!(pos.legal_moves_from(sq("e1")).is_empty());
        assert_eq!(
            Move2d::Castle {
                king: sq("e8"),
                rook: sq("a8")
            }
            .to(),
            sq("c8")
        );
    }
}
