//! Threats to royal pieces: can the side that moves on some board capture a
//! royal piece of the other side? (`shared/rules/5d-chess.md`, sections 6–7.)
//!
//! Captures are found backwards from the royal pieces, a whole piece set at a
//! time. For one board step (ΔT, ΔL), the boards along the line are looked up
//! once; on the k-th of them, the only squares of the source board a rider
//! could capture a royal piece from are those exactly k square steps away from
//! it (a precomputed ring per k, one for rank/file steps and one for diagonal
//! steps, or the royal's own square for riders that keep their square). ANDed
//! with the bitboards of the riders that move that way, they give a few
//! candidates, whose paths alone are then looked at. Kings and knights use
//! their rings the same way; pawn and brawn captures shift the pawn set.

use super::board::{grid_mask, shift, Board};
use super::coords::{color_of, BoardId, Coord};
use super::multiverse::Multiverse;
use crate::chess::{Color, PieceKind, Square};

/// One capture of a royal piece: the attacker's square and the royal's square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Check {
    /// Where the attacking piece stands (on a board its side can play).
    pub attacker: Coord,
    /// Where the royal piece stands.
    pub royal: Coord,
}

/// One side's pieces on one board, grouped by how they capture.
#[derive(Debug, Clone, Copy)]
struct Attackers {
    /// Riders whose steps move along exactly `n` axes, at index `n - 1`
    /// (rook-like 1, bishop-like 2, unicorn-like 3, dragon-like 4).
    riders: [u64; 4],
    /// Kings and common kings: one step along any number of axes.
    kings: u64,
    knights: u64,
    /// Pawns and brawns (they share the pawn's captures).
    pawnlike: u64,
    /// Brawns alone (their extra captures).
    brawns: u64,
}

impl Attackers {
    fn of(b: &Board, c: Color) -> Attackers {
        let own = b.color[c.index()];
        let k = |kind: PieceKind| b.kind[kind.index()];
        let queens = k(PieceKind::Queen) | k(PieceKind::RoyalQueen);
        Attackers {
            riders: [
                (k(PieceKind::Rook) | queens | k(PieceKind::Princess)) & own,
                (k(PieceKind::Bishop) | queens | k(PieceKind::Princess)) & own,
                (k(PieceKind::Unicorn) | queens) & own,
                (k(PieceKind::Dragon) | queens) & own,
            ],
            kings: (k(PieceKind::King) | k(PieceKind::CommonKing)) & own,
            knights: k(PieceKind::Knight) & own,
            pawnlike: (k(PieceKind::Pawn) | k(PieceKind::Brawn)) & own,
            brawns: k(PieceKind::Brawn) & own,
        }
    }
}

/// Squares at a given distance from a square, by kind of step, on an 8×8
/// grid of bit indices (smaller boards use the same indices, and both ends
/// of a capture are real squares, so nothing falls off their grid).
struct Rays {
    /// `ortho[k][r]`: squares `k` steps from `r` along a rank or file
    /// (`ortho[0][r]` is `r` itself).
    ortho: [[u64; 64]; 8],
    /// `diag[k][r]`: squares `k` steps from `r` along a diagonal.
    diag: [[u64; 64]; 8],
    /// The eight knight leaps on one board.
    knight: [u64; 64],
    /// Every square along a rank or file from `r` (rook rays, no blockers).
    ortho_all: [u64; 64],
    /// Every square along a diagonal from `r`.
    diag_all: [u64; 64],
}

const fn bit_at(x: i32, y: i32) -> u64 {
    if x >= 0 && y >= 0 && x < 8 && y < 8 {
        1u64 << (y * 8 + x)
    } else {
        0
    }
}

const fn build_rays() -> Rays {
    let mut rays = Rays {
        ortho: [[0; 64]; 8],
        diag: [[0; 64]; 8],
        knight: [0; 64],
        ortho_all: [0; 64],
        diag_all: [0; 64],
    };
    let mut r = 0;
    while r < 64 {
        let (x, y) = ((r % 8) as i32, (r / 8) as i32);
        let mut k = 0;
        while k < 8 {
            rays.ortho[k as usize][r] = if k == 0 {
                bit_at(x, y)
            } else {
                bit_at(x + k, y) | bit_at(x - k, y) | bit_at(x, y + k) | bit_at(x, y - k)
            };
            rays.diag[k as usize][r] = if k == 0 {
                0
            } else {
                bit_at(x + k, y + k)
                    | bit_at(x - k, y + k)
                    | bit_at(x + k, y - k)
                    | bit_at(x - k, y - k)
            };
            if k > 0 {
                rays.ortho_all[r] |= rays.ortho[k as usize][r];
                rays.diag_all[r] |= rays.diag[k as usize][r];
            }
            k += 1;
        }
        rays.knight[r] = bit_at(x + 1, y + 2)
            | bit_at(x + 2, y + 1)
            | bit_at(x - 1, y + 2)
            | bit_at(x - 2, y + 1)
            | bit_at(x + 1, y - 2)
            | bit_at(x + 2, y - 1)
            | bit_at(x - 1, y - 2)
            | bit_at(x - 2, y - 1);
        r += 1;
    }
    rays
}

static RAYS: Rays = build_rays();

/// True if the squares strictly between `s` and `r` (on one rank, file or
/// diagonal) are empty on a board with `occupied` squares.
#[inline]
fn line_open(occupied: u64, s: usize, r: usize) -> bool {
    let (sx, sy) = ((s % 8) as i32, (s / 8) as i32);
    let (rx, ry) = ((r % 8) as i32, (r / 8) as i32);
    let step = 8 * (ry - sy).signum() + (rx - sx).signum();
    let mut sq = s as i32 + step;
    while sq != r as i32 {
        if occupied >> sq & 1 == 1 {
            return false;
        }
        sq += step;
    }
    true
}

/// The eight square steps (Δx, Δy) of a rider's ray: the four along a rank
/// or file, then the four diagonal ones.
const SQUARE_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// A step (Δx, Δy, ΔT, ΔL).
type Step4 = (i32, i32, i32, i32);

/// The captures (Δx, Δy, ΔT, ΔL) of a pawn of `color`, and after them those
/// only a brawn has (section 8 of the rules).
fn pawn_captures(color: Color) -> (&'static [Step4], &'static [Step4]) {
    const WHITE: [Step4; 4] = [(1, 1, 0, 0), (-1, 1, 0, 0), (0, 0, 1, -1), (0, 0, -1, -1)];
    const BLACK: [Step4; 4] = [(1, -1, 0, 0), (-1, -1, 0, 0), (0, 0, 1, 1), (0, 0, -1, 1)];
    const WHITE_BRAWN: [Step4; 5] = [
        (1, 0, 0, -1),
        (-1, 0, 0, -1),
        (0, 1, 0, -1),
        (0, 1, 1, 0),
        (0, 1, -1, 0),
    ];
    const BLACK_BRAWN: [Step4; 5] = [
        (1, 0, 0, 1),
        (-1, 0, 0, 1),
        (0, -1, 0, 1),
        (0, -1, 1, 0),
        (0, -1, -1, 0),
    ];
    match color {
        Color::White => (&WHITE, &WHITE_BRAWN),
        Color::Black => (&BLACK, &BLACK_BRAWN),
    }
}

/// The capture search from one board.
struct Scan<'a> {
    mv: &'a Multiverse,
    l: i32,
    v: i32,
    attackers: Attackers,
    victim: Color,
    grid: u64,
}

impl<'a> Scan<'a> {
    /// The scan from board (`l`, `v`) for the side that moves there, if
    /// the board exists.
    #[inline]
    fn new(mv: &'a Multiverse, l: i32, v: i32) -> Option<Scan<'a>> {
        let b = mv.board(l, v)?;
        let attacker = color_of(v);
        Some(Scan {
            mv,
            l,
            v,
            attackers: Attackers::of(b, attacker),
            victim: !attacker,
            grid: grid_mask(mv.width, mv.height),
        })
    }

    /// See [`Multiverse::royal_captures_from`].
    fn captures<F: FnMut(Check) -> bool>(&self, line: Option<(i32, i32)>, f: &mut F) -> bool {
        let (scan, a) = (self, &self.attackers);
        let riders = a.riders.iter().fold(a.kings, |acc, r| acc | r);
        match line {
            None => {
                if riders != 0 {
                    if scan.flat(f) {
                        return true;
                    }
                    for dt in -1..=1 {
                        for dl in -1..=1 {
                            if (dt, dl) != (0, 0) && scan.slide(dt, dl, true, f) {
                                return true;
                            }
                        }
                    }
                }
                if a.knights != 0 {
                    for dt in -2..=2 {
                        for dl in -2..=2 {
                            if scan.leaps(dt, dl, f) {
                                return true;
                            }
                        }
                    }
                }
                a.pawnlike != 0 && scan.pawns(None, f)
            }
            Some((bl, bt)) => {
                let k = bl.abs().max(bt.abs());
                if k == 0 {
                    // The board itself: only moves that stay on it.
                    return (riders != 0 && scan.flat(f))
                        || (a.knights != 0 && scan.leaps(0, 0, f))
                        || (a.pawnlike != 0 && scan.pawns(Some((0, 0)), f));
                }
                let straight = (bl == 0 || bl.abs() == k) && (bt == 0 || bt.abs() == k);
                if straight && riders != 0 && scan.slide(bt.signum(), bl.signum(), k == 1, f) {
                    return true;
                }
                if a.knights != 0 && k <= 2 && scan.leaps(bt, bl, f) {
                    return true;
                }
                a.pawnlike != 0 && k == 1 && scan.pawns(Some((bl, bt)), f)
            }
        }
    }

    /// Reports every royal under `hits` on board (`l2`, `v2`), reached from a
    /// square `step` bits before it on board (`l`, `v`).
    #[inline]
    fn report<F: FnMut(Check) -> bool>(
        &self,
        mut hits: u64,
        step: i32,
        l2: i32,
        v2: i32,
        f: &mut F,
    ) -> bool {
        while hits != 0 {
            let j = hits.trailing_zeros() as i32;
            hits &= hits - 1;
            let check = Check {
                attacker: Coord::new(self.l, self.v, Square::from_index((j - step) as usize)),
                royal: Coord::new(l2, v2, Square::from_index(j as usize)),
            };
            if f(check) {
                return true;
            }
        }
        false
    }

    /// Captures on this very board: rook and bishop rays from each royal
    /// piece, confirmed by the squares between.
    fn flat<F: FnMut(Check) -> bool>(&self, f: &mut F) -> bool {
        let a = &self.attackers;
        let (ortho, diag, kings) = (a.riders[0], a.riders[1], a.kings);
        if ortho | diag | kings == 0 {
            return false;
        }
        let Some(b) = self.mv.board(self.l, self.v) else {
            return false;
        };
        let occupied = b.occupied();
        let mut royals = b.royals(self.victim);
        while royals != 0 {
            let r = royals.trailing_zeros() as usize;
            royals &= royals - 1;
            let mut cand = (RAYS.ortho_all[r] & ortho)
                | (RAYS.diag_all[r] & diag)
                | ((RAYS.ortho[1][r] | RAYS.diag[1][r]) & kings);
            while cand != 0 {
                let s = cand.trailing_zeros() as usize;
                cand &= cand - 1;
                if line_open(occupied, s, r) && self.one(s, r, self.l, self.v, f) {
                    return true;
                }
            }
        }
        false
    }

    /// Riders (and, with `kings`, kings) moving by board step (`dt`, `dl`)
    /// each square step. Walks the boards of the line once, carrying for
    /// each of the eight square steps ([`SQUARE_STEPS`]) the squares the
    /// riders moving that way have reached with every square passed empty
    /// (a ray stops at the first occupied square; riders that keep their
    /// square are followed by the squares empty on every board passed).
    /// A royal piece on the `k`-th board is captured from the square `k`
    /// steps back along each ray that arrives on it. The captures come out in
    /// the order of the former candidate scan (board by board; on a board,
    /// royal by royal; for a royal: the rider that keeps its square, the
    /// kings on the first board, then the attackers by square), and the walk
    /// ends as soon as no ray is left: the boards past that point could
    /// hold no capture.
    fn slide<F: FnMut(Check) -> bool>(&self, dt: i32, dl: i32, kings: bool, f: &mut F) -> bool {
        let a = &self.attackers;
        let board_axes = usize::from(dt != 0) + usize::from(dl != 0);
        // Riders whose step has no square part, one square part, two.
        let pure = if board_axes > 0 {
            a.riders[board_axes - 1]
        } else {
            0
        };
        let ortho = a.riders[board_axes];
        let diag = a.riders[board_axes + 1];
        let kings = if kings { a.kings } else { 0 };
        if pure | ortho | diag | kings == 0 {
            return false;
        }
        let (l, v) = (self.l, self.v);
        let grid = self.grid;
        // `rays[d]`: where the riders moving by square step `d` stand after
        // the boards passed so far, each square on the way empty.
        let (o, g) = (ortho & grid, diag & grid);
        let mut rays = [o, o, o, o, g, g, g, g];
        // For riders that keep their square: the squares empty on every
        // board passed.
        let mut pure_open = u64::MAX;
        let mut k = 1i32;
        loop {
            let (l2, v2) = (l + k * dl, v + 2 * k * dt);
            let Some(b) = self.mv.board(l2, v2) else {
                return false;
            };
            // At most 7 square steps fit in an 8×8 grid.
            let spatial = k <= 7;
            let mut arrived = [0u64; 8];
            let mut any_arrived = 0u64;
            if spatial {
                for (d, &(dx, dy)) in SQUARE_STEPS.iter().enumerate() {
                    arrived[d] = shift(rays[d], dx, dy, grid);
                    any_arrived |= arrived[d];
                }
            }
            let mut royals = b.royals(self.victim);
            while royals != 0 {
                let r = royals.trailing_zeros() as usize;
                royals &= royals - 1;
                let at = 1u64 << r;
                if pure & pure_open & at != 0 && self.report(at, 0, l2, v2, f) {
                    return true;
                }
                if !spatial {
                    continue;
                }
                if k == 1 {
                    let around = RAYS.ortho[1][r] | RAYS.diag[1][r];
                    let here = if board_axes > 0 { at } else { 0 };
                    let mut ks = (around | here) & kings;
                    while ks != 0 {
                        let s = ks.trailing_zeros() as usize;
                        ks &= ks - 1;
                        if self.one(s, r, l2, v2, f) {
                            return true;
                        }
                    }
                }
                if any_arrived & at == 0 {
                    continue;
                }
                // The attackers whose ray arrives here, by square.
                let mut cand = 0u64;
                for (d, &(dx, dy)) in SQUARE_STEPS.iter().enumerate() {
                    if arrived[d] & at != 0 {
                        cand |= 1u64 << (r as i32 - k * (8 * dy + dx));
                    }
                }
                while cand != 0 {
                    let s = cand.trailing_zeros() as usize;
                    cand &= cand - 1;
                    if self.one(s, r, l2, v2, f) {
                        return true;
                    }
                }
            }
            let empty = !b.occupied();
            pure_open &= empty;
            let mut alive = 0u64;
            for (ray, &reached) in rays.iter_mut().zip(&arrived) {
                *ray = reached & empty;
                alive |= *ray;
            }
            if pure & pure_open == 0 && (alive == 0 || !spatial) {
                return false;
            }
            if pure == 0 && k >= 7 {
                return false;
            }
            k += 1;
        }
    }

    /// Reports the capture from square `s` of this board of the royal on
    /// square `r` of board (`l2`, `v2`).
    #[inline]
    fn one<F: FnMut(Check) -> bool>(
        &self,
        s: usize,
        r: usize,
        l2: i32,
        v2: i32,
        f: &mut F,
    ) -> bool {
        f(Check {
            attacker: Coord::new(self.l, self.v, Square::from_index(s)),
            royal: Coord::new(l2, v2, Square::from_index(r)),
        })
    }

    /// Knight leaps with board step (`dt`, `dl`), found backwards from each
    /// royal piece of the board they land on.
    fn leaps<F: FnMut(Check) -> bool>(&self, dt: i32, dl: i32, f: &mut F) -> bool {
        let (l2, v2) = (self.l + dl, self.v + 2 * dt);
        let table = match (dt.abs(), dl.abs()) {
            (0, 0) => &RAYS.knight,
            (1, 0) | (0, 1) => &RAYS.ortho[2],
            (2, 0) | (0, 2) => &RAYS.ortho[1],
            (1, 2) | (2, 1) => &RAYS.ortho[0],
            _ => return false,
        };
        let Some(b) = self.mv.board(l2, v2) else {
            return false;
        };
        let mut royals = b.royals(self.victim);
        while royals != 0 {
            let r = royals.trailing_zeros() as usize;
            royals &= royals - 1;
            let mut cand = table[r] & self.attackers.knights;
            while cand != 0 {
                let s = cand.trailing_zeros() as usize;
                cand &= cand - 1;
                if self.one(s, r, l2, v2, f) {
                    return true;
                }
            }
        }
        false
    }

    /// Pawn and brawn captures; with `only`, those with that board step
    /// (ΔL, ΔT) alone.
    fn pawns<F: FnMut(Check) -> bool>(&self, only: Option<(i32, i32)>, f: &mut F) -> bool {
        let (pawn, brawn) = pawn_captures(!self.victim);
        let sets = [
            (pawn, self.attackers.pawnlike),
            (brawn, self.attackers.brawns),
        ];
        for (caps, set) in sets {
            if set == 0 {
                continue;
            }
            for &(dx, dy, dt, dl) in caps {
                if only.is_some_and(|o| o != (dl, dt)) {
                    continue;
                }
                let (l2, v2) = (self.l + dl, self.v + 2 * dt);
                let Some(b) = self.mv.board(l2, v2) else {
                    continue;
                };
                let hits = shift(set, dx, dy, self.grid) & b.royals(self.victim);
                if hits != 0 && self.report(hits, 8 * dy + dx, l2, v2, f) {
                    return true;
                }
            }
        }
        false
    }
}

impl Multiverse {
    /// Royal captures available from board (`l`, `v`) to the side that moves
    /// there. `line = Some((ΔL, ΔT))` restricts the tried vectors to those
    /// whose board line reaches that board offset (ΔT in full turns): riders
    /// along that board direction, kings, knights and pawns only onto that
    /// very board. `f` returns true to stop; the function then returns true.
    pub(crate) fn royal_captures_from<F: FnMut(Check) -> bool>(
        &self,
        l: i32,
        v: i32,
        line: Option<(i32, i32)>,
        f: &mut F,
    ) -> bool {
        Scan::new(self, l, v).is_some_and(|scan| scan.captures(line, f))
    }

    /// Every royal capture `attacker` has from the boards it can play (every
    /// timeline end with `attacker` to move), ordered by attacker, then royal.
    #[must_use]
    pub fn royal_captures(&self, attacker: Color) -> Vec<Check> {
        let mut out = Vec::new();
        self.for_each_playable(attacker, |l, v| {
            self.royal_captures_from(l, v, None, &mut |c| {
                out.push(c);
                false
            });
            false
        });
        // Not a hot path: the shared sort (equal checks are identical).
        crate::chess::order::sort_stable_by(&mut out, Ord::cmp);
        out
    }

    /// Calls `f(l, v)` for every timeline end with `color` to move, in
    /// timeline order, until it returns true (then returns true).
    fn for_each_playable<F: FnMut(i32, i32) -> bool>(&self, color: Color, mut f: F) -> bool {
        for (k, tl) in self.timelines.iter().enumerate() {
            let v = tl.end();
            if color_of(v) == color && f(self.lmin + k as i32, v) {
                return true;
            }
        }
        false
    }

    /// True if `attacker` can capture a royal piece from a board it can play.
    #[must_use]
    pub fn any_royal_capture(&self, attacker: Color) -> bool {
        self.for_each_playable(attacker, |l, v| {
            self.royal_captures_from(l, v, None, &mut |_| true)
        })
    }

    /// Whether the side to move may end its action here: with the moves it
    /// has applied since the action began (`to_move` changes only when an
    /// action is submitted), the present has passed to the opponent (every
    /// board it had to play has been played) and the opponent can capture
    /// none of its royal pieces. Those moves then form a legal action, if
    /// there is at least one: the caller knows that, this does not check it
    /// (in the start position of an action the present is the mover's, so
    /// the answer there is false anyway).
    ///
    /// The brute-force enumerator, the single-jump pass of the search
    /// (`search/solo.rs`) and the computer opponent's composed actions ask
    /// exactly this. The search's phase 3 does not: it has kept every royal
    /// capture out move by move, and it also asks that the boards it
    /// reserved were played.
    #[must_use]
    pub fn can_end_action(&self) -> bool {
        color_of(self.present()) != self.to_move && !self.any_royal_capture(!self.to_move)
    }

    /// A royal capture of `attacker` that involves one of the boards in
    /// `news` (as source, path or target). Captures not involving them are
    /// not searched: the caller knows there were none before they existed.
    pub(crate) fn royal_capture_involving(
        &self,
        news: &[BoardId],
        attacker: Color,
    ) -> Option<Check> {
        self.royal_capture_involving_except(news, attacker, None)
    }

    /// As [`Multiverse::royal_capture_involving`], ignoring captures made from
    /// timeline `except` or of a royal piece standing on it.
    pub(crate) fn royal_capture_involving_except(
        &self,
        news: &[BoardId],
        attacker: Color,
        except: Option<i32>,
    ) -> Option<Check> {
        self.royal_capture_involving_where(news, attacker, except, &mut |_| true)
    }

    /// As [`Multiverse::royal_capture_involving_except`], finding only a
    /// capture `accept` takes (the others are passed over, and the search
    /// goes on). `accept` must give the same answer for the same capture.
    pub(crate) fn royal_capture_involving_where(
        &self,
        news: &[BoardId],
        attacker: Color,
        except: Option<i32>,
        accept: &mut dyn FnMut(&Check) -> bool,
    ) -> Option<Check> {
        let mut found = None;
        let mut grab = |c: Check| {
            if Some(c.royal.board.l) == except || !accept(&c) {
                return false;
            }
            found = Some(c);
            true
        };
        // From the new boards.
        for n in news {
            if Some(n.l) == except {
                continue;
            }
            if self.royal_captures_from(n.l, n.v, None, &mut grab) {
                return found;
            }
        }
        // Onto or through them, from every other board `attacker` can play.
        self.for_each_playable(attacker, |l, v| {
            // A new board was scanned in every direction above, and what it
            // reaches along one line is part of that (`accept` is a plain
            // test of the capture).
            if Some(l) == except || news.iter().any(|n| n.l == l && n.v == v) {
                return false;
            }
            // The board's attackers, looked up once for all the new boards.
            let mut scan = None;
            news.iter().any(|n| {
                let dl = n.l - l;
                let dt = (n.v - v) / 2;
                let straight = dl == 0 || dt == 0 || dl.abs() == dt.abs();
                if !straight && (dl.abs() > 2 || dt.abs() > 2) {
                    return false;
                }
                scan.get_or_insert_with(|| Scan::new(self, l, v))
                    .as_ref()
                    .is_some_and(|s| s.captures(Some((dl, dt)), &mut grab))
            })
        });
        found
    }

    /// ftxi's "in check": if the side to move passed on every board it can
    /// play, could the opponent capture a royal piece?
    #[must_use]
    pub fn in_check(&self) -> bool {
        let mut passed = self.clone();
        for b in self.playable_boards(self.to_move) {
            if let Some(board) = self.board(b.l, b.v) {
                let k = (b.l - passed.lmin) as usize;
                passed.timelines[k].boards.push(board.clone());
            }
        }
        passed.any_royal_capture(!self.to_move)
    }
}

/// The former check detection, kept as the reference the fast one is pinned
/// against: every attacker piece walks outward with `for_each_target`.
#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests;
