//! Movement of every piece kind in four dimensions (x, y, T, L), castling,
//! en passant and promotion. Rules: `shared/rules/5d-chess.md`, sections 8–9.

use std::sync::OnceLock;

use super::board::Board;
use super::coords::{BoardId, Coord, Move};
use super::multiverse::Multiverse;
use crate::chess::{Color, Piece, PieceKind, Square};

mod reach;

pub(crate) use reach::attacked_on_board;
use reach::Reach;

/// A unit vector (dx, dy, dT, dL); dT counts full turns.
pub(crate) type Dir = [i8; 4];

struct DirTables {
    /// Index n-1: vectors with exactly n non-zero axes, each ±1.
    #[cfg_attr(not(test), allow(dead_code))]
    by_axes: [Vec<Dir>; 4],
    rook: Vec<Dir>,
    bishop: Vec<Dir>,
    unicorn: Vec<Dir>,
    dragon: Vec<Dir>,
    queen: Vec<Dir>,
    princess: Vec<Dir>,
    knight: Vec<Dir>,
    /// The same tables split by (dT, dL): index `kind_slot * 25 + bucket(dt, dl)`.
    #[cfg_attr(not(test), allow(dead_code))]
    split: Vec<Vec<Dir>>,
    /// `masks[kind_slot][bucket(dt, dl)]`: which entries of that kind's table
    /// (bit = index) have board step (dT, dL).
    masks: [[u128; 25]; 7],
}

/// Slots of the split tables.
const SLOT_ROOK: usize = 0;
const SLOT_BISHOP: usize = 1;
const SLOT_UNICORN: usize = 2;
const SLOT_DRAGON: usize = 3;
const SLOT_QUEEN: usize = 4;
const SLOT_PRINCESS: usize = 5;
const SLOT_KNIGHT: usize = 6;

#[inline]
fn bucket(dt: i32, dl: i32) -> usize {
    ((dt + 2) * 5 + (dl + 2)) as usize
}

fn tables() -> &'static DirTables {
    static T: OnceLock<DirTables> = OnceLock::new();
    T.get_or_init(|| {
        let mut by_axes: [Vec<Dir>; 4] = Default::default();
        for a in -1i8..=1 {
            for b in -1i8..=1 {
                for c in -1i8..=1 {
                    for d in -1i8..=1 {
                        let n = [a, b, c, d].iter().filter(|&&z| z != 0).count();
                        if n > 0 {
                            by_axes[n - 1].push([a, b, c, d]);
                        }
                    }
                }
            }
        }
        let mut knight = Vec::new();
        for a in -2i8..=2 {
            for b in -2i8..=2 {
                for c in -2i8..=2 {
                    for d in -2i8..=2 {
                        // A knight leap: one axis by 1, another by 2, the rest 0.
                        let m: Vec<i8> = [a, b, c, d]
                            .iter()
                            .map(|z| z.abs())
                            .filter(|&z| z != 0)
                            .collect();
                        if m == [1, 2] || m == [2, 1] {
                            knight.push([a, b, c, d]);
                        }
                    }
                }
            }
        }
        let cat = |ns: &[usize]| -> Vec<Dir> {
            ns.iter().flat_map(|&n| by_axes[n - 1].clone()).collect()
        };
        let all = [
            cat(&[1]),
            cat(&[2]),
            cat(&[3]),
            cat(&[4]),
            cat(&[1, 2, 3, 4]),
            cat(&[1, 2]),
            knight.clone(),
        ];
        let mut split = vec![Vec::new(); all.len() * 25];
        let mut masks = [[0u128; 25]; 7];
        for (slot, table) in all.iter().enumerate() {
            for (n, d) in table.iter().enumerate() {
                let b = bucket(i32::from(d[2]), i32::from(d[3]));
                split[slot * 25 + b].push(*d);
                masks[slot][b] |= 1u128 << n;
            }
        }
        DirTables {
            rook: cat(&[1]),
            bishop: cat(&[2]),
            unicorn: cat(&[3]),
            dragon: cat(&[4]),
            queen: cat(&[1, 2, 3, 4]),
            princess: cat(&[1, 2]),
            knight,
            by_axes,
            split,
            masks,
        }
    })
}

impl Multiverse {
    #[inline]
    fn on_grid(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < i32::from(self.width) && y < i32::from(self.height)
    }

    /// Visits every target of the piece on bit `from` of board (`l`, `v`)
    /// (the plain walk, kept as the reference for the generator below and
    /// for the check detection's reference).
    /// `f(l2, v2, bit)` returns true to stop; the function then returns true.
    /// With `captures_only`, only targets holding an enemy piece are visited.
    /// With `line = Some((ΔL, ΔT))`, only vectors whose board line reaches that
    /// board offset are tried (ΔT in full turns).
    #[cfg(test)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn for_each_target<F: FnMut(i32, i32, usize) -> bool>(
        &self,
        l: i32,
        v: i32,
        from: usize,
        piece: Piece,
        unmoved: bool,
        captures_only: bool,
        line: Option<(i32, i32)>,
        f: &mut F,
    ) -> bool {
        let t = tables();
        let own = piece.color.index();
        let opp = 1 - own;
        let x0 = (from % 8) as i32;
        let y0 = (from / 8) as i32;
        let (dirs, slot): (&[Dir], usize) = match piece.kind {
            PieceKind::Rook => (&t.rook, SLOT_ROOK),
            PieceKind::Bishop => (&t.bishop, SLOT_BISHOP),
            PieceKind::Unicorn => (&t.unicorn, SLOT_UNICORN),
            PieceKind::Dragon => (&t.dragon, SLOT_DRAGON),
            PieceKind::Queen | PieceKind::RoyalQueen => (&t.queen, SLOT_QUEEN),
            PieceKind::Princess => (&t.princess, SLOT_PRINCESS),
            PieceKind::King | PieceKind::CommonKing => (&t.queen, SLOT_QUEEN),
            PieceKind::Knight => (&t.knight, SLOT_KNIGHT),
            PieceKind::Pawn | PieceKind::Brawn => {
                return self.pawn_targets(l, v, x0, y0, piece, unmoved, captures_only, line, f);
            }
        };
        let rider = !matches!(
            piece.kind,
            PieceKind::King | PieceKind::CommonKing | PieceKind::Knight
        );
        // With a line, only the vectors with one (dT, dL) can reach it.
        let dirs: &[Dir] = match line {
            None => dirs,
            Some((bl, bt)) => {
                let key = if rider {
                    let k = bl.abs().max(bt.abs());
                    if k == 0 {
                        Some((0, 0))
                    } else if (bl == 0 || bl.abs() == k) && (bt == 0 || bt.abs() == k) {
                        Some((bt.signum(), bl.signum()))
                    } else {
                        None
                    }
                } else if bl.abs() <= 2 && bt.abs() <= 2 {
                    Some((bt, bl))
                } else {
                    None
                };
                match key {
                    Some((dt, dl)) => &t.split[slot * 25 + bucket(dt, dl)],
                    None => &[],
                }
            }
        };
        for d in dirs {
            let (dx, dy, dt, dl) = (
                i32::from(d[0]),
                i32::from(d[1]),
                i32::from(d[2]),
                i32::from(d[3]),
            );
            let mut k = 1;
            loop {
                let (x, y) = (x0 + k * dx, y0 + k * dy);
                if !self.on_grid(x, y) {
                    break;
                }
                let (l2, v2) = (l + k * dl, v + 2 * k * dt);
                let Some(b) = self.board(l2, v2) else { break };
                let i = (y * 8 + x) as usize;
                let m = 1u64 << i;
                if b.color[own] & m != 0 {
                    break;
                }
                if b.color[opp] & m != 0 {
                    if f(l2, v2, i) {
                        return true;
                    }
                    break;
                }
                if !captures_only && f(l2, v2, i) {
                    return true;
                }
                if !rider {
                    break;
                }
                k += 1;
            }
        }
        false
    }

    #[cfg(test)]
    #[allow(clippy::too_many_arguments)]
    fn pawn_targets<F: FnMut(i32, i32, usize) -> bool>(
        &self,
        l: i32,
        v: i32,
        x0: i32,
        y0: i32,
        piece: Piece,
        unmoved: bool,
        captures_only: bool,
        line: Option<(i32, i32)>,
        f: &mut F,
    ) -> bool {
        let own = piece.color.index();
        let opp = 1 - own;
        let fwd = if piece.color == Color::White { 1 } else { -1 };
        let lf = -fwd;
        let ok = |dl: i32, dt: i32| line.is_none_or(|ln| ln == (dl, dt));
        let sq = |x: i32, y: i32| (y * 8 + x) as usize;
        // Captures: (dx, dy, dT, dL).
        let mut caps: [(i32, i32, i32, i32); 9] = [(0, 0, 0, 0); 9];
        let mut n = 0;
        for c in [
            (1, fwd, 0, 0),
            (-1, fwd, 0, 0),
            (0, 0, 1, lf),
            (0, 0, -1, lf),
        ] {
            caps[n] = c;
            n += 1;
        }
        if piece.kind == PieceKind::Brawn {
            for c in [
                (1, 0, 0, lf),
                (-1, 0, 0, lf),
                (0, fwd, 0, lf),
                (0, fwd, 1, 0),
                (0, fwd, -1, 0),
            ] {
                caps[n] = c;
                n += 1;
            }
        }
        for &(dx, dy, dt, dl) in &caps[..n] {
            if !ok(dl, dt) {
                continue;
            }
            let (x, y) = (x0 + dx, y0 + dy);
            if !self.on_grid(x, y) {
                continue;
            }
            if let Some(b) = self.board(l + dl, v + 2 * dt) {
                if b.color[opp] >> sq(x, y) & 1 == 1 && f(l + dl, v + 2 * dt, sq(x, y)) {
                    return true;
                }
            }
        }
        if captures_only {
            return false;
        }
        let empty = |b: &Board, x: i32, y: i32| b.occupied() >> sq(x, y) & 1 == 0;
        // Quiet steps on the board and across timelines.
        for (dy, dl) in [(fwd, 0), (0, lf)] {
            if !ok(dl, 0) && !ok(2 * dl, 0) {
                continue;
            }
            let (x1, y1) = (x0, y0 + dy);
            if !self.on_grid(x1, y1) {
                continue;
            }
            let Some(b1) = self.board(l + dl, v) else {
                continue;
            };
            if !empty(b1, x1, y1) {
                continue;
            }
            if ok(dl, 0) && f(l + dl, v, sq(x1, y1)) {
                return true;
            }
            let allowed = dl == 0 || piece.color == Color::White || self.black_timeline_double_step;
            if unmoved && allowed && ok(2 * dl, 0) {
                let (x2, y2) = (x0, y0 + 2 * dy);
                if self.on_grid(x2, y2) {
                    if let Some(b2) = self.board(l + 2 * dl, v) {
                        if empty(b2, x2, y2) && f(l + 2 * dl, v, sq(x2, y2)) {
                            return true;
                        }
                    }
                }
            }
        }
        // En passant (one board; the victim's start square is checked on the
        // board one turn earlier with the same colour to move, as ftxi does).
        if ok(0, 0) {
            if let (Some(b), Some(old)) = (self.board(l, v), self.board(l, v - 2)) {
                for dx in [-1, 1] {
                    let (x, y) = (x0 + dx, y0 + fwd);
                    let start_y = y0 + 2 * fwd;
                    if !self.on_grid(x, start_y) {
                        continue;
                    }
                    let beside = sq(x, y0);
                    let pawnish =
                        b.kind[PieceKind::Pawn.index()] | b.kind[PieceKind::Brawn.index()];
                    let old_pawnish =
                        old.kind[PieceKind::Pawn.index()] | old.kind[PieceKind::Brawn.index()];
                    let st = sq(x, start_y);
                    if (b.color[opp] & pawnish) >> beside & 1 == 1
                        && empty(b, x, start_y)
                        && empty(b, x, y)
                        && (old.color[opp] & old_pawnish & old.unmoved) >> st & 1 == 1
                        && f(l, v, sq(x, y))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Castling destinations of an unmoved king on board `b` (section 9:
    /// physical only; the first piece towards either side must be an unmoved
    /// rook at least two files away; the king's square, the crossed square and
    /// the landing square must not be attacked on this board).
    fn castling_targets(&self, b: &Board, from: usize, color: Color) -> [Option<usize>; 2] {
        let mut out = [None; 2];
        let x0 = (from % 8) as i32;
        let y0 = (from / 8) as i32;
        if attacked_on_board(b, self.width, self.height, from, !color) {
            return out;
        }
        for (side, dir) in [-1, 1].into_iter().enumerate() {
            let mut x = x0 + dir;
            while self.on_grid(x, y0) {
                let i = (y0 * 8 + x) as usize;
                if b.occupied() >> i & 1 == 1 {
                    let is_rook = (b.pieces(color, PieceKind::Rook) & b.unmoved) >> i & 1 == 1;
                    if is_rook && (x - x0).abs() >= 2 {
                        let crossed = (y0 * 8 + x0 + dir) as usize;
                        let landing = (y0 * 8 + x0 + 2 * dir) as usize;
                        if !attacked_on_board(b, self.width, self.height, crossed, !color)
                            && !attacked_on_board(b, self.width, self.height, landing, !color)
                        {
                            out[side] = Some(landing);
                        }
                    }
                    break;
                }
                x += dir;
            }
        }
        out
    }

    /// Every move of the piece on `from` (which must stand on a playable board
    /// of its colour for the moves to be playable), including each promotion
    /// choice.
    #[must_use]
    pub fn piece_moves(&self, from: Coord) -> Vec<Move> {
        let mut out = Vec::with_capacity(32);
        self.push_piece_moves(from, &mut out);
        out
    }

    /// Appends the moves of [`Multiverse::piece_moves`] to `out`.
    pub(crate) fn push_piece_moves(&self, from: Coord, out: &mut Vec<Move>) {
        let BoardId { l, v } = from.board;
        let Some(reach) = Reach::new(self, l, v) else {
            return;
        };
        reach.push_piece_moves(from.square.index(), out);
    }

    /// Every move of every piece of the side to move on playable board `b`.
    #[must_use]
    pub fn board_moves(&self, b: BoardId) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        self.push_board_moves(b, &mut out);
        out
    }

    /// Appends the moves of [`Multiverse::board_moves`] to `out`.
    pub(crate) fn push_board_moves(&self, b: BoardId, out: &mut Vec<Move>) {
        let Some(reach) = Reach::new(self, b.l, b.v) else {
            return;
        };
        let color = b.color();
        let board = reach.board;
        // The kind on each square, once, instead of a search per piece.
        let mut kinds = [PieceKind::Pawn; 64];
        for kind in PieceKind::ALL {
            let mut bb = board.pieces(color, kind);
            while bb != 0 {
                kinds[bb.trailing_zeros() as usize] = kind;
                bb &= bb - 1;
            }
        }
        let mut mine = board.side(color);
        while mine != 0 {
            let i = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            reach.push_moves_of(i, Piece::new(color, kinds[i]), out);
        }
    }
}

#[cfg(test)]
mod tests;
