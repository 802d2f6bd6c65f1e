//! Threats to royal pieces: can the side that moves on some board capture a
//! royal piece of the other side? (`shared/rules/5d-chess.md`, sections 6–7.)

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

impl Multiverse {
    /// Royal captures available from board (`l`, `v`) to the side that moves
    /// there. `line` restricts the tried vectors to those reaching a board
    /// offset (see `for_each_target`). `f` returns true to stop.
    pub(crate) fn royal_captures_from<F: FnMut(Check) -> bool>(
        &self,
        l: i32,
        v: i32,
        line: Option<(i32, i32)>,
        f: &mut F,
    ) -> bool {
        let Some(b) = self.board(l, v) else {
            return false;
        };
        let attacker = color_of(v);
        let victim = !attacker;
        for kind in PieceKind::ALL {
            let mut bb = b.pieces(attacker, kind);
            while bb != 0 {
                let i = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let piece = crate::chess::Piece::new(attacker, kind);
                let stop =
                    self.for_each_target(l, v, i, piece, false, true, line, &mut |l2, v2, j| {
                        match self.board(l2, v2) {
                            Some(t) if t.royals(victim) >> j & 1 == 1 => f(Check {
                                attacker: Coord::new(l, v, Square::from_index(i)),
                                royal: Coord::new(l2, v2, Square::from_index(j)),
                            }),
                            _ => false,
                        }
                    });
                if stop {
                    return true;
                }
            }
        }
        false
    }

    /// Every royal capture `attacker` has from the boards it can play (every
    /// timeline end with `attacker` to move).
    #[must_use]
    pub fn royal_captures(&self, attacker: Color) -> Vec<Check> {
        let mut out = Vec::new();
        for b in self.playable_boards(attacker) {
            self.royal_captures_from(b.l, b.v, None, &mut |c| {
                out.push(c);
                false
            });
        }
        out
    }

    /// True if `attacker` can capture a royal piece from a board it can play.
    #[must_use]
    pub fn any_royal_capture(&self, attacker: Color) -> bool {
        self.playable_boards(attacker)
            .into_iter()
            .any(|b| self.royal_captures_from(b.l, b.v, None, &mut |_| true))
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
        let mut found = None;
        let mut grab = |c: Check| {
            if Some(c.royal.board.l) == except {
                return false;
            }
            found = Some(c);
            true
        };
        for n in news {
            if Some(n.l) == except {
                continue;
            }
            if self.royal_captures_from(n.l, n.v, None, &mut grab) {
                return found;
            }
        }
        for (k, tl) in self.timelines.iter().enumerate() {
            let v = tl.end();
            if color_of(v) != attacker {
                continue;
            }
            let l = self.lmin + k as i32;
            if Some(l) == except {
                continue;
            }
            for n in news {
                if n.l == l && n.v == v {
                    continue;
                }
                let dl = n.l - l;
                let dt = (n.v - v) / 2;
                let straight = dl == 0 || dt == 0 || dl.abs() == dt.abs();
                if !straight && (dl.abs() > 2 || dt.abs() > 2) {
                    continue;
                }
                if self.royal_captures_from(l, v, Some((dl, dt)), &mut grab) {
                    return found;
                }
            }
        }
        None
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
