//! Movement of every piece kind in four dimensions (x, y, T, L), castling,
//! en passant and promotion. Rules: `shared/rules/5d-chess.md`, sections 8–9.

use std::sync::OnceLock;

use super::board::Board;
use super::coords::{BoardId, Coord, Move};
use super::multiverse::Multiverse;
use crate::chess::{Color, Piece, PieceKind, Square};

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

/// How many boards along a board line are looked up ahead: a piece that
/// also moves on the board leaves an 8×8 grid after 7 steps.
const LINE: usize = 7;

/// The boards around one source board, looked up once for all of its pieces.
struct Reach<'a> {
    mv: &'a Multiverse,
    l: i32,
    v: i32,
    board: &'a Board,
    /// `lines[line_slot(dT, dL)][k - 1]`: the board `k` unit board steps away.
    lines: [[Option<&'a Board>; LINE]; 9],
    /// `leaps[bucket(dT, dL)]`: the board at that offset (|dT|, |dL| ≤ 2).
    leaps: [Option<&'a Board>; 25],
    /// Per kind slot: the entries of its direction table whose first board
    /// exists (the others cannot move anywhere from here).
    alive: [u128; 7],
}

#[inline]
fn line_slot(dt: i32, dl: i32) -> usize {
    ((dt + 1) * 3 + (dl + 1)) as usize
}

/// A step (Δx, Δy, ΔT, ΔL) written for White (forward y, L towards Black's
/// side flips for Black).
type PawnStep = (i32, i32, i32, i32);

/// Pawn captures, then those only a brawn has (section 8 of the rules).
const PAWN_CAPTURES: [PawnStep; 4] = [(1, 1, 0, 0), (-1, 1, 0, 0), (0, 0, 1, 1), (0, 0, -1, 1)];
const BRAWN_CAPTURES: [PawnStep; 5] = [
    (1, 0, 0, 1),
    (-1, 0, 0, 1),
    (0, 1, 0, 1),
    (0, 1, 1, 0),
    (0, 1, -1, 0),
];

impl<'a> Reach<'a> {
    fn new(mv: &'a Multiverse, l: i32, v: i32) -> Option<Reach<'a>> {
        let board = mv.board(l, v)?;
        let mut lines = [[None; LINE]; 9];
        lines[line_slot(0, 0)] = [Some(board); LINE];
        let mut leaps = [None; 25];
        for dt in -1..=1 {
            for dl in -1..=1 {
                if (dt, dl) == (0, 0) {
                    continue;
                }
                let line = &mut lines[line_slot(dt, dl)];
                for (k, slot) in (1..).zip(line.iter_mut()) {
                    *slot = mv.board(l + k * dl, v + 2 * k * dt);
                    if slot.is_none() {
                        break;
                    }
                }
            }
        }
        for dt in -2..=2i32 {
            for dl in -2..=2i32 {
                leaps[bucket(dt, dl)] = if dt.abs() <= 1 && dl.abs() <= 1 {
                    lines[line_slot(dt, dl)][0]
                } else if (dt == 0 || dt.abs() == 2)
                    && (dl == 0 || dl.abs() == 2)
                    && lines[line_slot(dt.signum(), dl.signum())][0].is_some()
                {
                    lines[line_slot(dt.signum(), dl.signum())][1]
                } else {
                    mv.board(l + dl, v + 2 * dt)
                };
            }
        }
        let masks = &tables().masks;
        let mut alive = [0u128; 7];
        let mut exists = leaps
            .iter()
            .enumerate()
            .fold(0u32, |acc, (b, t)| acc | u32::from(t.is_some()) << b);
        while exists != 0 {
            let b = exists.trailing_zeros() as usize;
            exists &= exists - 1;
            for (a, m) in alive.iter_mut().zip(masks) {
                *a |= m[b];
            }
        }
        Some(Reach {
            mv,
            l,
            v,
            board,
            lines,
            leaps,
            alive,
        })
    }

    /// Appends every move of the piece on bit `from` of the source board
    /// (nothing if the square is empty), in the order of the direction
    /// tables, then castling.
    fn push_piece_moves(&self, from: usize, out: &mut Vec<Move>) {
        let b = self.board;
        let Some(color) = b.color_at(from) else {
            return;
        };
        let Some(kind) = b.kind_at(from) else { return };
        self.push_moves_of(from, Piece::new(color, kind), out);
    }

    /// As [`Reach::push_piece_moves`], for the known `piece` on `from`.
    fn push_moves_of(&self, from: usize, piece: Piece, out: &mut Vec<Move>) {
        let b = self.board;
        let (color, kind) = (piece.color, piece.kind);
        let unmoved = b.unmoved >> from & 1 == 1;
        let mv = self.mv;
        let t = tables();
        let (dirs, slot, rider): (&[Dir], usize, bool) = match kind {
            PieceKind::Rook => (&t.rook, SLOT_ROOK, true),
            PieceKind::Bishop => (&t.bishop, SLOT_BISHOP, true),
            PieceKind::Unicorn => (&t.unicorn, SLOT_UNICORN, true),
            PieceKind::Dragon => (&t.dragon, SLOT_DRAGON, true),
            PieceKind::Queen | PieceKind::RoyalQueen => (&t.queen, SLOT_QUEEN, true),
            PieceKind::Princess => (&t.princess, SLOT_PRINCESS, true),
            PieceKind::King | PieceKind::CommonKing => (&t.queen, SLOT_QUEEN, false),
            PieceKind::Knight => (&t.knight, SLOT_KNIGHT, false),
            PieceKind::Pawn | PieceKind::Brawn => {
                self.push_pawn_moves(from, Piece::new(color, kind), unmoved, out);
                return;
            }
        };
        let mut alive = self.alive[slot];
        let own = color.index();
        let opp = 1 - own;
        let (w, h) = (i32::from(mv.width), i32::from(mv.height));
        let x0 = (from % 8) as i32;
        let y0 = (from / 8) as i32;
        let src = Coord::new(self.l, self.v, Square::from_index(from));
        let mut push = |l2: i32, v2: i32, i: i32| {
            out.push(Move {
                from: src,
                to: Coord::new(l2, v2, Square::from_index(i as usize)),
                promotion: None,
            });
        };
        if kind == PieceKind::Knight {
            while alive != 0 {
                let d = dirs[alive.trailing_zeros() as usize];
                alive &= alive - 1;
                let (x, y) = (x0 + i32::from(d[0]), y0 + i32::from(d[1]));
                if x < 0 || y < 0 || x >= w || y >= h {
                    continue;
                }
                let (dt, dl) = (i32::from(d[2]), i32::from(d[3]));
                let Some(tb) = self.leaps[bucket(dt, dl)] else {
                    continue;
                };
                let i = y * 8 + x;
                if tb.color[own] >> i & 1 == 0 {
                    push(self.l + dl, self.v + 2 * dt, i);
                }
            }
            return;
        }
        while alive != 0 {
            let d = dirs[alive.trailing_zeros() as usize];
            alive &= alive - 1;
            let (dx, dy, dt, dl) = (
                i32::from(d[0]),
                i32::from(d[1]),
                i32::from(d[2]),
                i32::from(d[3]),
            );
            let step = 8 * dy + dx;
            let (mut x, mut y, mut i) = (x0, y0, y0 * 8 + x0);
            if dt == 0 && dl == 0 {
                // On the board itself: one pair of colour masks.
                let (mine, theirs) = (b.color[own], b.color[opp]);
                loop {
                    x += dx;
                    y += dy;
                    i += step;
                    if x < 0 || y < 0 || x >= w || y >= h || mine >> i & 1 == 1 {
                        break;
                    }
                    push(self.l, self.v, i);
                    if theirs >> i & 1 == 1 || !rider {
                        break;
                    }
                }
                continue;
            }
            let line = &self.lines[line_slot(dt, dl)];
            // Along a line of boards (the same square on each when dx = dy = 0,
            // where step is 0 and the square never leaves the grid).
            let mut k = 1;
            loop {
                x += dx;
                y += dy;
                i += step;
                if x < 0 || y < 0 || x >= w || y >= h {
                    break;
                }
                let tb = match line.get(k as usize - 1) {
                    Some(tb) => *tb,
                    None => mv.board(self.l + k * dl, self.v + 2 * k * dt),
                };
                let Some(tb) = tb else { break };
                if tb.color[own] >> i & 1 == 1 {
                    break;
                }
                push(self.l + k * dl, self.v + 2 * k * dt, i);
                if tb.color[opp] >> i & 1 == 1 || !rider {
                    break;
                }
                k += 1;
            }
        }
        if kind == PieceKind::King && unmoved {
            for to in mv.castling_targets(b, from, color).into_iter().flatten() {
                out.push(Move {
                    from: src,
                    to: Coord::new(self.l, self.v, Square::from_index(to)),
                    promotion: None,
                });
            }
        }
    }

    /// Pawn and brawn moves: captures, quiet steps (one or two, on the
    /// board and across timelines), en passant; each promotion choice on
    /// the last rank.
    fn push_pawn_moves(&self, from: usize, piece: Piece, unmoved: bool, out: &mut Vec<Move>) {
        let mv = self.mv;
        let (l, v) = (self.l, self.v);
        let own = piece.color.index();
        let opp = 1 - own;
        let white = piece.color == Color::White;
        let fwd = if white { 1 } else { -1 };
        let lf = -fwd;
        let (w, h) = (i32::from(mv.width), i32::from(mv.height));
        let on = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
        let x0 = (from % 8) as i32;
        let y0 = (from / 8) as i32;
        let last_rank = if white { h - 1 } else { 0 };
        let src = Coord::new(l, v, Square::from_index(from));
        let mut push = |dl: i32, dt: i32, x: i32, y: i32| {
            let to = Coord::new(l + dl, v + 2 * dt, Square::from_index((y * 8 + x) as usize));
            if y == last_rank {
                for &p in &mv.promotions {
                    out.push(Move {
                        from: src,
                        to,
                        promotion: Some(p),
                    });
                }
            } else {
                out.push(Move {
                    from: src,
                    to,
                    promotion: None,
                });
            }
        };
        let extra: &[PawnStep] = if piece.kind == PieceKind::Brawn {
            &BRAWN_CAPTURES
        } else {
            &[]
        };
        for &(dx, fy, dt, fl) in PAWN_CAPTURES.iter().chain(extra) {
            let (dy, dl) = (fy * fwd, fl * lf);
            let (x, y) = (x0 + dx, y0 + dy);
            if !on(x, y) {
                continue;
            }
            if let Some(b) = self.leaps[bucket(dt, dl)] {
                if b.color[opp] >> (y * 8 + x) & 1 == 1 {
                    push(dl, dt, x, y);
                }
            }
        }
        let empty = |b: &Board, x: i32, y: i32| b.occupied() >> (y * 8 + x) & 1 == 0;
        // Quiet steps on the board and across timelines.
        for (dy, dl) in [(fwd, 0), (0, lf)] {
            let (x1, y1) = (x0, y0 + dy);
            if !on(x1, y1) {
                continue;
            }
            let Some(b1) = self.leaps[bucket(0, dl)] else {
                continue;
            };
            if !empty(b1, x1, y1) {
                continue;
            }
            push(dl, 0, x1, y1);
            let allowed = dl == 0 || white || mv.black_timeline_double_step;
            if unmoved && allowed {
                let (x2, y2) = (x0, y0 + 2 * dy);
                if on(x2, y2) {
                    if let Some(b2) = self.leaps[bucket(0, 2 * dl)] {
                        if empty(b2, x2, y2) {
                            push(2 * dl, 0, x2, y2);
                        }
                    }
                }
            }
        }
        // En passant (one board; the victim's start square is checked on the
        // board one turn earlier with the same colour to move, as ftxi does).
        if let Some(old) = self.leaps[bucket(-1, 0)] {
            let b = self.board;
            let pawnish = b.kind[PieceKind::Pawn.index()] | b.kind[PieceKind::Brawn.index()];
            let old_pawnish =
                old.kind[PieceKind::Pawn.index()] | old.kind[PieceKind::Brawn.index()];
            for dx in [-1, 1] {
                let (x, y) = (x0 + dx, y0 + fwd);
                let start_y = y0 + 2 * fwd;
                if !on(x, start_y) {
                    continue;
                }
                let beside = y0 * 8 + x;
                let st = start_y * 8 + x;
                if (b.color[opp] & pawnish) >> beside & 1 == 1
                    && empty(b, x, start_y)
                    && empty(b, x, y)
                    && (old.color[opp] & old_pawnish & old.unmoved) >> st & 1 == 1
                {
                    push(0, 0, x, y);
                }
            }
        }
    }
}

/// Is bit `sq` of board `b` attacked by a piece of `by` on the same board?
pub(crate) fn attacked_on_board(b: &Board, width: u8, height: u8, sq: usize, by: Color) -> bool {
    let (w, h) = (i32::from(width), i32::from(height));
    let x0 = (sq % 8) as i32;
    let y0 = (sq / 8) as i32;
    let at = |x: i32, y: i32| -> Option<usize> {
        (x >= 0 && y >= 0 && x < w && y < h).then(|| (y * 8 + x) as usize)
    };
    let theirs = b.side(by);
    let has = |i: usize, kinds: &[PieceKind]| {
        theirs >> i & 1 == 1 && kinds.iter().any(|k| b.kind[k.index()] >> i & 1 == 1)
    };
    for (dx, dy) in [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ] {
        if let Some(i) = at(x0 + dx, y0 + dy) {
            if has(i, &[PieceKind::Knight]) {
                return true;
            }
        }
    }
    let fwd = if by == Color::White { 1 } else { -1 };
    for dx in [-1, 1] {
        if let Some(i) = at(x0 + dx, y0 - fwd) {
            if has(i, &[PieceKind::Pawn, PieceKind::Brawn]) {
                return true;
            }
        }
    }
    for dx in -1..=1 {
        for dy in -1..=1 {
            if dx == 0 && dy == 0 {
                continue;
            }
            let diag = dx != 0 && dy != 0;
            let riders: &[PieceKind] = if diag {
                &[
                    PieceKind::Bishop,
                    PieceKind::Queen,
                    PieceKind::RoyalQueen,
                    PieceKind::Princess,
                ]
            } else {
                &[
                    PieceKind::Rook,
                    PieceKind::Queen,
                    PieceKind::RoyalQueen,
                    PieceKind::Princess,
                ]
            };
            let mut k = 1;
            while let Some(i) = at(x0 + k * dx, y0 + k * dy) {
                if b.occupied() >> i & 1 == 1 {
                    if has(i, riders)
                        || (k == 1 && has(i, &[PieceKind::King, PieceKind::CommonKing]))
                    {
                        return true;
                    }
                    break;
                }
                k += 1;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::coords::color_of;
    use super::*;

    /// The moves of one piece by the plain walk (`for_each_target`), the
    /// former generator.
    fn reference_piece_moves(mv: &Multiverse, from: Coord) -> Vec<Move> {
        let mut out = Vec::new();
        let BoardId { l, v } = from.board;
        let Some(b) = mv.board(l, v) else { return out };
        let Some(placed) = b.piece_at(from.square) else {
            return out;
        };
        let piece = placed.piece;
        let last_rank = match piece.color {
            Color::White => mv.height - 1,
            Color::Black => 0,
        };
        let from_i = from.square.index();
        mv.for_each_target(
            l,
            v,
            from_i,
            piece,
            placed.unmoved,
            false,
            None,
            &mut |l2, v2, i| {
                let to = Coord::new(l2, v2, Square::from_index(i));
                if piece.kind.is_pawnlike() && to.square.y == last_rank {
                    for &p in &mv.promotions {
                        out.push(Move {
                            from,
                            to,
                            promotion: Some(p),
                        });
                    }
                } else {
                    out.push(Move {
                        from,
                        to,
                        promotion: None,
                    });
                }
                false
            },
        );
        if piece.kind == PieceKind::King && placed.unmoved {
            for i in mv
                .castling_targets(b, from_i, piece.color)
                .into_iter()
                .flatten()
            {
                out.push(Move {
                    from,
                    to: Coord::new(l, v, Square::from_index(i)),
                    promotion: None,
                });
            }
        }
        out
    }

    /// The generator gives exactly the reference walk's moves, in the same
    /// order, for every piece of every board along random playouts of every
    /// catalogue variant (fairy pieces included).
    #[test]
    fn generator_matches_the_reference_walk() {
        use crate::fived::boards::CATALOGUE;
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut below = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut compared = 0;
        for variant in CATALOGUE {
            for _game in 0..2 {
                let Ok(mut mv) = Multiverse::from_variant(variant) else {
                    continue;
                };
                for _ply in 0..40 {
                    let mut all = Vec::new();
                    for color in Color::ALL {
                        for b in mv.playable_boards(color) {
                            let board = mv.board(b.l, b.v).unwrap().clone();
                            let mut occupied = board.occupied();
                            while occupied != 0 {
                                let i = occupied.trailing_zeros() as usize;
                                occupied &= occupied - 1;
                                let from = Coord::new(b.l, b.v, Square::from_index(i));
                                assert_eq!(
                                    mv.piece_moves(from),
                                    reference_piece_moves(&mv, from),
                                    "{} {from:?}",
                                    variant.name
                                );
                                compared += 1;
                            }
                            if color == mv.to_move {
                                let moves = mv.board_moves(b);
                                let mut expected = Vec::new();
                                let mut mine = board.side(color);
                                while mine != 0 {
                                    let i = mine.trailing_zeros() as usize;
                                    mine &= mine - 1;
                                    let from = Coord::new(b.l, b.v, Square::from_index(i));
                                    expected.extend(reference_piece_moves(&mv, from));
                                }
                                assert_eq!(moves, expected);
                                all.extend(moves);
                            }
                        }
                    }
                    if all.is_empty() {
                        break;
                    }
                    let m = all[below(all.len())];
                    if mv.apply(&m).is_none() {
                        break;
                    }
                    if color_of(mv.present()) != mv.to_move {
                        mv.to_move = !mv.to_move;
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    #[test]
    fn direction_counts_match_the_rules_table() {
        let t = tables();
        assert_eq!(t.rook.len(), 8);
        assert_eq!(t.bishop.len(), 24);
        assert_eq!(t.unicorn.len(), 32);
        assert_eq!(t.dragon.len(), 16);
        assert_eq!(t.queen.len(), 80);
        assert_eq!(t.princess.len(), 32);
        assert_eq!(t.knight.len(), 48);
        assert_eq!(t.by_axes.iter().map(Vec::len).sum::<usize>(), 80);
    }
}
