//! The static evaluation of a 5D position, in centipawns, from one side's
//! point of view (see the module documentation of [`super`] for what it
//! counts and why).

use crate::chess::{Color, PieceKind};
use crate::fived::board::Board;
use crate::fived::coords::color_of;
use crate::fived::Multiverse;

/// The score of a checkmate delivered now; a mate `p` plies away scores
/// `MATE - p`.
pub const MATE: i32 = 1_000_000;

/// Scores at least this large (in absolute value) announce a forced mate.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// The value of one piece kind in centipawns. Classical values for the
/// classical pieces; the 5D pieces by their movement (a princess is a rook
/// plus a bishop; unicorns and dragons ride along three and four axes, which
/// on a board of few timelines rarely beats a bishop). Royal pieces count
/// nothing: losing one is checkmate, which the search sees.
#[must_use]
pub const fn piece_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Brawn => 130,
        PieceKind::Knight => 320,
        PieceKind::Bishop => 330,
        PieceKind::Unicorn => 280,
        PieceKind::Dragon => 250,
        PieceKind::Rook => 500,
        PieceKind::Princess => 800,
        PieceKind::Queen => 950,
        PieceKind::CommonKing => 300,
        PieceKind::King | PieceKind::RoyalQueen => 0,
    }
}

/// Bonus per rank a pawn or brawn has advanced from its start rank.
const PAWN_STEP: i32 = 6;
/// Extra bonus for a pawn one step from promotion.
const PAWN_NEAR_PROMOTION: i32 = 40;
/// Bonus for a knight, bishop or common king on one of the central squares.
const CENTRE: i32 = 12;
/// Bonus per timeline a side created that is active (it counts in the
/// present, so it is a board the opponent must answer on).
const ACTIVE_TIMELINE: i32 = 20;
/// The side to move is in check: it must spend its action answering.
const IN_CHECK: i32 = 60;
/// Weight of a board on an inactive timeline, in quarters (adri326's
/// 5dchess-tools counts such pieces at a quarter of their value).
const INACTIVE_QUARTERS: i32 = 1;
/// Bonus for being the side whose boards are ahead of the present on more
/// timelines (per such timeline): the opponent's boards there are the ones
/// that hold the present back, so travel into them moves the present for us.
const AHEAD: i32 = 8;

/// The material and placement balance (White minus Black) of one board.
fn board_balance(b: &Board, width: u8, height: u8) -> i32 {
    let mut score = 0;
    let centre = centre_mask(width, height);
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let mut s = 0;
        for kind in PieceKind::ALL {
            let bb = b.pieces(color, kind);
            if bb == 0 {
                continue;
            }
            s += piece_value(kind) * bb.count_ones() as i32;
            match kind {
                PieceKind::Pawn | PieceKind::Brawn => {
                    let mut rest = bb;
                    while rest != 0 {
                        let i = rest.trailing_zeros();
                        rest &= rest - 1;
                        let y = (i / 8) as i32;
                        let h = i32::from(height);
                        let (advanced, to_go) = match color {
                            Color::White => (y - 1, h - 1 - y),
                            Color::Black => (h - 2 - y, y),
                        };
                        s += PAWN_STEP * advanced.max(0);
                        if to_go == 1 {
                            s += PAWN_NEAR_PROMOTION;
                        }
                    }
                }
                PieceKind::Knight | PieceKind::Bishop | PieceKind::CommonKing => {
                    s += CENTRE * (bb & centre).count_ones() as i32;
                }
                _ => {}
            }
        }
        score += sign * s;
    }
    score
}

/// The squares of the central half of the board (both middle files and
/// ranks on an 8 × 8 board: d4, e4, d5, e5 and their neighbours c3–f6).
fn centre_mask(width: u8, height: u8) -> u64 {
    let mut m = 0u64;
    let (w, h) = (u32::from(width), u32::from(height));
    for y in 0..h {
        for x in 0..w {
            if 4 * x + 4 >= w + 2 && 4 * x < 3 * w - 2 && 4 * y + 4 >= h + 2 && 4 * y < 3 * h - 2 {
                m |= 1 << (y * 8 + x);
            }
        }
    }
    m
}

/// The evaluation of `position` for `side`, in centipawns; `in_check` says
/// whether the side to move after it (`to_move`) is in check (the caller
/// knows it, or knows it cheaply).
#[must_use]
pub fn evaluate(position: &Multiverse, side: Color, to_move: Color, in_check: bool) -> i32 {
    let (lmin, lmax) = position.timeline_range();
    let present = position.present();
    let (w, h) = (position.width(), position.height());
    let mut white = 0i32;
    let mut ahead = 0i32;
    for l in lmin..=lmax {
        let Some(tl) = position.timeline(l) else {
            continue;
        };
        let Some(end) = tl.boards().last() else {
            continue;
        };
        let active = position.is_active(l);
        let bal = board_balance(end, w, h);
        white += if active {
            4 * bal
        } else {
            INACTIVE_QUARTERS * bal
        };
        if active && tl.end() > present {
            // The board waiting there is for the colour of its half-turn;
            // the other colour moved there last and is ahead.
            ahead += if color_of(tl.end()) == Color::White {
                -1
            } else {
                1
            };
        }
    }
    let mut score = white / 4 + AHEAD * ahead;
    // Timelines made by each side (section 5 of the rules), and how many of
    // them are active.
    let (init_min, init_max) = (position.init_min, position.init_max);
    let white_made = lmax - init_max;
    let black_made = init_min - lmin;
    let white_active = white_made.min(black_made + 1);
    let black_active = black_made.min(white_made + 1);
    score += ACTIVE_TIMELINE * (white_active - black_active);
    if in_check {
        score += if to_move == Color::White {
            -IN_CHECK
        } else {
            IN_CHECK
        };
    }
    if side == Color::White {
        score
    } else {
        -score
    }
}

/// What the timelines of `position` outside `before` (the timeline range
/// of the position before an action: the timelines the action made) hold
/// for `side`, counted as [`evaluate`] counts them (an active board at full
/// weight, an inactive one at a quarter), each at least 0. A jump back
/// copies the board it lands on into its new timeline, so [`evaluate`],
/// which sums the end boards, counts the lead on that board a second time:
/// this is that gain (and the arriving piece), which `strongest` takes off
/// a branching root action when it is ahead in a large multiverse
/// ([`super::Skill::simplify`]).
#[must_use]
pub fn new_timelines_lead(position: &Multiverse, side: Color, before: (i32, i32)) -> i32 {
    let (lmin, lmax) = position.timeline_range();
    let (w, h) = (position.width(), position.height());
    let sign = if side == Color::White { 1 } else { -1 };
    let mut lead = 0;
    for l in (lmin..before.0).chain(before.1.saturating_add(1)..=lmax) {
        let Some(end) = position.timeline(l).and_then(|tl| tl.boards().last()) else {
            continue;
        };
        let bal = sign * board_balance(end, w, h);
        let weighted = if position.is_active(l) {
            bal
        } else {
            INACTIVE_QUARTERS * bal / 4
        };
        lead += weighted.max(0);
    }
    lead
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fived::boards;

    #[test]
    fn the_standard_start_is_balanced() {
        let m = Multiverse::from_variant(boards::standard()).unwrap();
        assert_eq!(evaluate(&m, Color::White, Color::White, false), 0);
        assert_eq!(evaluate(&m, Color::Black, Color::White, false), 0);
    }

    #[test]
    fn centre_mask_is_the_middle_of_an_8x8_board() {
        let m = centre_mask(8, 8);
        assert_eq!(m.count_ones(), 16);
        assert_ne!(m & (1 << (3 * 8 + 3)), 0); // d4
        assert_eq!(m & 1, 0); // a1
    }

    #[test]
    fn being_in_check_costs_the_side_to_move() {
        let m = Multiverse::from_variant(boards::standard()).unwrap();
        assert!(evaluate(&m, Color::White, Color::White, true) < 0);
        assert!(evaluate(&m, Color::Black, Color::White, true) > 0);
    }
}
