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
//!
//! Cost: each board's attacks are bitboards built once per attacking kind
//! (not a walk from every target), and the search looks each board up in a
//! [`ThreatMemo`] first: an action changes one or a few boards, and its
//! siblings leave the same others playable.

use crate::chess::{Color, PieceKind, BISHOP_DIRS, KING_STEPS, KNIGHT_STEPS, ROOK_DIRS};
use crate::fived::board::{grid_mask, shift, Board};
use crate::fived::coords::color_of;
use crate::fived::Multiverse;

use super::eval::piece_value;

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

/// The kinds that capture on their own board, by [`attacker_value`], least
/// first (unicorns and dragons move along three or four axes, never within
/// one board).
const ATTACKERS: [PieceKind; 10] = [
    PieceKind::Pawn,
    PieceKind::Brawn,
    PieceKind::CommonKing,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Princess,
    PieceKind::Queen,
    PieceKind::King,
    PieceKind::RoyalQueen,
];

/// The squares of the board (`grid`, see [`grid_mask`]) one of `by`'s
/// pieces of `kind` captures on in one move on the board: pawns and brawns
/// one step diagonally forward (White up), riders up to and including the
/// first occupied square.
fn attacks(b: &Board, by: Color, kind: PieceKind, grid: u64) -> u64 {
    let from = b.pieces(by, kind);
    if from == 0 {
        return 0;
    }
    let steps = |set: &[(i8, i8)]| {
        set.iter().fold(0, |to, &(dx, dy)| {
            to | shift(from, i32::from(dx), i32::from(dy), grid)
        })
    };
    let empty = !b.occupied();
    let rides = |set: &[(i8, i8)]| {
        let mut to = 0;
        for &(dx, dy) in set {
            let (dx, dy) = (i32::from(dx), i32::from(dy));
            let mut front = shift(from, dx, dy, grid);
            while front != 0 {
                to |= front;
                front = shift(front & empty, dx, dy, grid);
            }
        }
        to
    };
    let forward = if by == Color::White { 1 } else { -1 };
    match kind {
        PieceKind::Pawn | PieceKind::Brawn => {
            shift(from, 1, forward, grid) | shift(from, -1, forward, grid)
        }
        PieceKind::Knight => steps(&KNIGHT_STEPS),
        PieceKind::King | PieceKind::CommonKing => steps(&KING_STEPS),
        PieceKind::Rook => rides(&ROOK_DIRS),
        PieceKind::Bishop => rides(&BISHOP_DIRS),
        PieceKind::Queen | PieceKind::Princess | PieceKind::RoyalQueen => {
            rides(&ROOK_DIRS) | rides(&BISHOP_DIRS)
        }
        PieceKind::Unicorn | PieceKind::Dragon => 0,
    }
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

/// The best gain of one board's capture for `side` (0 if none gains) on the
/// board `grid` (see [`grid_mask`]): each attack set is computed once for
/// the whole board.
fn board_threat(b: &Board, side: Color, grid: u64) -> i32 {
    let targets = b.side(!side) & !b.royals(!side);
    if targets == 0 {
        return 0;
    }
    // `side`'s attacks kind by kind, least valuable attacker first.
    let mut by_attacker = [0u64; ATTACKERS.len()];
    let mut attacked = 0;
    for (to, &kind) in by_attacker.iter_mut().zip(&ATTACKERS) {
        *to = attacks(b, side, kind, grid);
        attacked |= *to;
    }
    if targets & attacked == 0 {
        return 0;
    }
    let defended = ATTACKERS
        .iter()
        .fold(0, |d, &kind| d | attacks(b, !side, kind, grid));
    let mut best = 0;
    for kind in BY_VALUE {
        let value = piece_value(kind);
        if value <= best {
            break; // every later kind is worth less still
        }
        let mut hit = b.pieces(!side, kind) & attacked;
        while hit != 0 {
            let square = hit & hit.wrapping_neg();
            hit &= hit - 1;
            let least = by_attacker
                .iter()
                .position(|&to| to & square != 0)
                .map_or(0, |i| attacker_value(ATTACKERS[i]));
            let gain = if defended & square != 0 {
                value - least
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
    let grid = grid_mask(position.width(), position.height());
    playable_ends(position)
        .map(|b| board_threat(b, side, grid))
        .max()
        .unwrap_or(0)
}

/// The end boards of the timelines where the side to move plays
/// ([`Multiverse::playable_boards`] without the list).
fn playable_ends(position: &Multiverse) -> impl Iterator<Item = &Board> {
    let side = position.to_move;
    position
        .timelines
        .iter()
        .filter(move |tl| color_of(tl.end()) == side)
        .filter_map(|tl| tl.boards.last())
}

/// Slots of a [`ThreatMemo`] (a power of two).
const MEMO_SLOTS: usize = 1 << 10;

/// One remembered board: its pieces, whose capture it was, the grid, the
/// gain ([`board_threat`]). An unused slot has grid 0.
#[derive(Clone, Default)]
struct Remembered {
    color: [u64; 2],
    kind: [u64; PieceKind::COUNT],
    side: Option<Color>,
    grid: u64,
    gain: i32,
}

/// [`threat`] with the best capture of each board remembered, by the
/// board's pieces (a direct-mapped table: a slot holds the last board that
/// hashed to it, compared in full before its gain is used, so the answer is
/// always [`threat`]'s). An action changes one or a few boards; the
/// boards it leaves alone, and those a transposition repeats, are looked
/// up rather than computed again.
#[derive(Default)]
pub(crate) struct ThreatMemo {
    slots: Vec<Remembered>,
}

impl ThreatMemo {
    /// A memo of `slots` boards (a power of two; [`ThreatMemo::default`]
    /// allocates [`MEMO_SLOTS`] at its first use).
    #[cfg(test)]
    fn with_slots(slots: usize) -> ThreatMemo {
        assert!(slots.is_power_of_two());
        ThreatMemo {
            slots: vec![Remembered::default(); slots],
        }
    }

    /// [`threat`] of `position`, remembering each board's gain.
    pub(crate) fn threat(&mut self, position: &Multiverse) -> i32 {
        if self.slots.is_empty() {
            self.slots = vec![Remembered::default(); MEMO_SLOTS];
        }
        let side = position.to_move;
        let grid = grid_mask(position.width(), position.height());
        playable_ends(position)
            .map(|b| self.board_threat(b, side, grid))
            .max()
            .unwrap_or(0)
    }

    /// [`board_threat`], looked up first.
    fn board_threat(&mut self, b: &Board, side: Color, grid: u64) -> i32 {
        let mut h = grid ^ side.index() as u64;
        for &word in b.color.iter().chain(&b.kind) {
            h = (h ^ word)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(29);
        }
        let mask = self.slots.len() - 1;
        let slot = &mut self.slots[(h >> 32) as usize & mask];
        if slot.grid == grid
            && slot.side == Some(side)
            && slot.color == b.color
            && slot.kind == b.kind
        {
            return slot.gain;
        }
        let gain = board_threat(b, side, grid);
        *slot = Remembered {
            color: b.color,
            kind: b.kind,
            side: Some(side),
            grid,
            gain,
        };
        gain
    }
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
        assert_eq!(
            board_threat(&defended, White, u64::MAX),
            0,
            "Qxd5 exd5 loses"
        );
        // Without the pawn the knight hangs.
        let hanging = board(&[
            (3, 0, White, Queen),
            (4, 0, White, King),
            (3, 4, Black, Knight),
            (4, 7, Black, King),
        ]);
        assert_eq!(board_threat(&hanging, White, u64::MAX), 320);
        // A pawn takes a defended rook: a rook for a pawn.
        let rook = board(&[
            (2, 2, White, Pawn),
            (4, 0, White, King),
            (3, 3, Black, Rook),
            (3, 6, Black, Rook),
            (4, 7, Black, King),
        ]);
        assert_eq!(board_threat(&rook, White, u64::MAX), 400);
        // A blocked line attacks nothing; Black's pawn takes forward (down).
        let blocked = board(&[
            (0, 0, White, Rook),
            (0, 1, White, Bishop),
            (0, 5, Black, Knight),
            (1, 6, Black, Pawn),
            (4, 0, White, King),
            (4, 7, Black, King),
        ]);
        assert_eq!(board_threat(&blocked, White, u64::MAX), 0);
        let down = board(&[(1, 6, Black, Pawn), (2, 5, White, Knight)]);
        assert_eq!(board_threat(&down, Black, u64::MAX), 320, "bxc6");
        assert_eq!(board_threat(&down, White, u64::MAX), 0);
        let jump = board(&[(1, 6, Black, Pawn), (0, 4, White, Knight)]);
        assert_eq!(
            board_threat(&jump, White, u64::MAX),
            100,
            "Nxb7: a free pawn"
        );
        assert_eq!(board_threat(&jump, Black, u64::MAX), 0);
    }

    /// The least valuable piece of `by` that captures on (`x`, `y`), looked
    /// for from the target square outwards (the first version's way, kept
    /// as the reference [`board_threat`] is checked against).
    fn reference_least_attacker(
        b: &Board,
        x: i32,
        y: i32,
        by: Color,
        w: i32,
        h: i32,
    ) -> Option<i32> {
        let on = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
        let has = |x: i32, y: i32, kind: PieceKind| {
            on(x, y) && b.pieces(by, kind) & 1u64 << (y * 8 + x) != 0
        };
        let mut found = Vec::new();
        let back = if by == Color::White { -1 } else { 1 };
        for dx in [-1, 1] {
            found.extend(
                [PieceKind::Pawn, PieceKind::Brawn]
                    .into_iter()
                    .filter(|&k| has(x + dx, y + back, k)),
            );
        }
        for &(dx, dy) in &KNIGHT_STEPS {
            found.extend(
                [PieceKind::Knight]
                    .into_iter()
                    .filter(|&k| has(x + i32::from(dx), y + i32::from(dy), k)),
            );
        }
        for &(dx, dy) in &KING_STEPS {
            found.extend(
                [PieceKind::King, PieceKind::CommonKing]
                    .into_iter()
                    .filter(|&k| has(x + i32::from(dx), y + i32::from(dy), k)),
            );
        }
        let riders = [PieceKind::Queen, PieceKind::Princess, PieceKind::RoyalQueen];
        for (dirs, own) in [
            (ROOK_DIRS, PieceKind::Rook),
            (BISHOP_DIRS, PieceKind::Bishop),
        ] {
            for (dx, dy) in dirs {
                let (dx, dy) = (i32::from(dx), i32::from(dy));
                let (mut cx, mut cy) = (x + dx, y + dy);
                while on(cx, cy) {
                    if b.occupied() & 1u64 << (cy * 8 + cx) != 0 {
                        found.extend(riders.into_iter().chain([own]).filter(|&k| has(cx, cy, k)));
                        break;
                    }
                    cx += dx;
                    cy += dy;
                }
            }
        }
        found.into_iter().map(attacker_value).min()
    }

    /// [`board_threat`] the first version's way: every capturable piece,
    /// its least attacker and whether it is defended, looked up one by one.
    fn reference_threat(b: &Board, side: Color, w: i32, h: i32) -> i32 {
        let mut best = 0;
        for i in 0..64 {
            let (x, y) = (i % 8, i / 8);
            let Some(kind) = b.kind_at(i as usize) else {
                continue;
            };
            if b.color_at(i as usize) != Some(!side) || kind.is_royal() {
                continue;
            }
            let Some(attacker) = reference_least_attacker(b, x, y, side, w, h) else {
                continue;
            };
            let value = piece_value(kind);
            let defended = reference_least_attacker(b, x, y, !side, w, h).is_some();
            best = best.max(if defended { value - attacker } else { value });
        }
        best
    }

    #[test]
    fn the_attack_sets_and_the_memo_give_what_the_square_by_square_lookup_gives() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut one, mut four) = (ThreatMemo::with_slots(1), ThreatMemo::with_slots(4));
        let (mut gains, mut differ) = (0, 0);
        for _ in 0..20_000 {
            let (w, h) = (4 + next(5) as i32, 4 + next(5) as i32);
            let mut b = Board::empty();
            for _ in 0..next(24) {
                let (x, y) = (next(w as u64) as i32, next(h as u64) as i32);
                let color = Color::ALL[next(2) as usize];
                let kind = PieceKind::ALL[next(12) as usize];
                b.put((y * 8 + x) as usize, Piece::new(color, kind), false);
            }
            let grid = grid_mask(w as u8, h as u8);
            // Its twin: a knight or bishop of it changed into the other
            // (the same squares of each side, another threat).
            let mut twin = b.clone();
            let swap = b.kind[PieceKind::Knight.index()] | b.kind[PieceKind::Bishop.index()];
            twin.kind[PieceKind::Knight.index()] ^= swap;
            twin.kind[PieceKind::Bishop.index()] ^= swap;
            for side in Color::ALL {
                let want = reference_threat(&b, side, w, h);
                assert_eq!(board_threat(&b, side, grid), want, "{w}x{h} {side:?} {b:?}");
                gains += usize::from(want > 0);
                let twin_want = reference_threat(&twin, side, w, h);
                differ += usize::from(twin_want != want);
                for memo in [&mut one, &mut four] {
                    assert_eq!(memo.board_threat(&b, side, grid), want, "memo");
                    assert_eq!(
                        memo.board_threat(&twin, side, grid),
                        twin_want,
                        "memo, twin"
                    );
                    assert_eq!(memo.board_threat(&b, side, grid), want, "memo, again");
                }
            }
        }
        assert!(gains > 10_000, "the boards test captures: {gains}");
        assert!(
            differ > 1_000,
            "the twins test the memo's comparison: {differ}"
        );
    }

    #[test]
    fn the_targets_are_listed_most_valuable_first_the_attackers_least() {
        let listed: Vec<i32> = BY_VALUE.iter().map(|&k| piece_value(k)).collect();
        assert!(listed.windows(2).all(|w| w[0] >= w[1]), "{listed:?}");
        for kind in PieceKind::ALL {
            assert_eq!(BY_VALUE.contains(&kind), !kind.is_royal(), "{kind:?}");
        }
        let attackers: Vec<i32> = ATTACKERS.iter().map(|&k| attacker_value(k)).collect();
        assert!(attackers.windows(2).all(|w| w[0] <= w[1]), "{attackers:?}");
        for kind in PieceKind::ALL {
            let on_board = !matches!(kind, PieceKind::Unicorn | PieceKind::Dragon);
            assert_eq!(ATTACKERS.contains(&kind), on_board, "{kind:?}");
        }
    }

    #[test]
    fn the_memo_gives_what_threat_gives() {
        use crate::fived::ai::search::play;
        use crate::fived::search::for_each_legal_action;
        use crate::fived::Budget;
        use std::ops::ControlFlow;
        let mut memo = ThreatMemo::default();
        let (mut positions, mut timelines) = (0, 0);
        for (name, seed) in [
            ("Standard", 1u64),
            ("Very Small - Open", 2),
            ("Standard", 3),
        ] {
            let variant = crate::fived::boards::find(name).unwrap();
            let mut pos = Multiverse::from_variant(variant).unwrap();
            for i in 0..40u64 {
                timelines = timelines.max(pos.timelines.len());
                for side in Color::ALL {
                    let mut seen = pos.clone();
                    seen.to_move = side;
                    assert_eq!(memo.threat(&seen), threat(&seen), "{name} {seed} {i}");
                    positions += 1;
                }
                // One of the first 40 legal actions, travel preferred (for
                // positions of many timelines).
                let mut actions: Vec<Vec<_>> = Vec::new();
                for_each_legal_action(&pos, Budget::nodes(100_000), |moves, _| {
                    actions.push(moves.to_vec());
                    if actions.len() < 40 {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                });
                let travels: Vec<_> = actions
                    .iter()
                    .filter(|a| a.iter().any(|m| m.from.board != m.to.board))
                    .collect();
                let pick = (seed * 7_919 + i * 104_729) as usize;
                let action = if travels.is_empty() || i % 3 == 0 {
                    actions.get(pick % actions.len().max(1))
                } else {
                    Some(travels[pick % travels.len()])
                };
                let Some(action) = action else { break };
                play(&mut pos, action).unwrap();
            }
        }
        assert!(positions > 150 && timelines > 3, "{positions} {timelines}");
        assert!(
            memo.slots.iter().filter(|s| s.grid != 0).count() > 100,
            "many boards were remembered"
        );
    }

    #[test]
    fn the_standard_start_has_no_threat() {
        let m = Multiverse::from_variant(crate::fived::boards::standard()).unwrap();
        assert_eq!(threat(&m), 0);
    }
}
