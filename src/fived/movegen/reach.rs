//! The per-board move generator: the boards around one source board, looked
//! up once for all of its pieces, and the same-board attack test castling uses.

use super::*;

/// How many boards along a board line are looked up ahead: a piece that
/// also moves on the board leaves an 8×8 grid after 7 steps.
const LINE: usize = 7;

/// The boards around one source board, looked up once for all of its pieces.
pub(super) struct Reach<'a> {
    mv: &'a Multiverse,
    l: i32,
    v: i32,
    pub(super) board: &'a Board,
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
    pub(super) fn new(mv: &'a Multiverse, l: i32, v: i32) -> Option<Reach<'a>> {
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
    pub(super) fn push_piece_moves(&self, from: usize, out: &mut Vec<Move>) {
        let b = self.board;
        let Some(color) = b.color_at(from) else {
            return;
        };
        let Some(kind) = b.kind_at(from) else { return };
        self.push_moves_of(from, Piece::new(color, kind), out);
    }

    /// As [`Reach::push_piece_moves`], for the known `piece` on `from`.
    pub(super) fn push_moves_of(&self, from: usize, piece: Piece, out: &mut Vec<Move>) {
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
