//! The travel-first branch-turn (`shared/rules/seed-variants.md` C.3, C.6.5)
//! chosen by presses: the traveller on the branch's latest board, then its
//! landing (an earlier board of the branch, or another branch's latest board
//! for a queen-paid crossing), then the chess move on the board without the
//! traveller, which plays the whole turn.
//!
//! The board without the traveller is drawn as the preview board. Every
//! question goes to the game: which pieces may leave
//! ([`Game::departure_position`]), where they may land
//! ([`Game::time_travel_landings`], [`Game::trans_universe_landings`] with
//! [`TravelOrder::TravelFirst`]) and which moves go with the journey
//! ([`Game::check`]).

use crate::chess::{Move2d, PieceKind, Position, Square};
use crate::games::branching::{BranchId, BranchTurn, Travel, TravelOrder};

use super::{
    board_key, owner_row, preview_key, row_of, t_of, BoardKey, BranchingSession, Effect, Mark,
    Marks, PREVIEW,
};

/// The landing squares of one traveller, by the board they are on.
type Targets = Vec<(BoardKey, Vec<Square>)>;

impl BranchingSession {
    /// Whether the turn being chosen is travel-first (the traveller leaves
    /// before the move).
    #[must_use]
    pub fn travel_first(&self) -> bool {
        self.first
    }

    /// The journey chosen in the travel-first order (its landing included),
    /// before the move.
    #[must_use]
    pub fn journey(&self) -> Option<Travel> {
        self.journey
    }

    /// Switches the travel-first order (the choices on the focus branch are
    /// dropped).
    pub fn set_travel_first(&mut self, on: bool) {
        self.clear();
        self.first = on;
    }

    /// The queen that pays for a travel-first crossing of the piece on
    /// `from` from branch `b`: the first own queen on the latest board
    /// (a1, b1, … h8) other than the traveller.
    #[must_use]
    pub fn departure_queen(&self, b: BranchId, from: Square) -> Option<Square> {
        let (_, pos) = self.latest_of(b)?;
        let me = pos.turn();
        super::all_squares().find(|&sq| {
            sq != from
                && pos
                    .piece_at(sq)
                    .is_some_and(|p| p.color == me && p.kind == PieceKind::Queen)
        })
    }

    /// Whether a travel-first crossing may be chosen now: another branch is
    /// still to play and an own queen is left to pay (besides the chosen
    /// traveller).
    #[must_use]
    pub fn can_cross_first(&self) -> bool {
        let Some(b) = self.focus else { return false };
        if !self.game.phase().pending.iter().any(|&t| t != b) {
            return false;
        }
        match self.traveller {
            Some(from) => self.departure_queen(b, from).is_some(),
            None => self.latest_of(b).is_some_and(|(_, pos)| {
                super::all_squares().any(|sq| {
                    pos.piece_at(sq)
                        .is_some_and(|p| p.color == pos.turn() && p.kind == PieceKind::Queen)
                })
            }),
        }
    }

    /// The queen paid by the current travel-first choice, in trans mode.
    fn first_queen(&self, b: BranchId, from: Square) -> Option<Square> {
        self.trans.then(|| self.departure_queen(b, from)).flatten()
    }

    /// The board the move of a travel-first turn is made on: branch `b`'s
    /// latest board without the traveller on `from` (and without the queen
    /// paid for a crossing).
    fn departed(&self, b: BranchId, from: Square) -> Option<Position> {
        let queen = self.first_queen(b, from);
        if self.trans && queen.is_none() {
            return None;
        }
        self.game.departure_position(b, from, queen).ok()
    }

    /// Where the piece on `from` may land when it leaves branch `b` first
    /// (boards with no landing square left out), or why it may not leave.
    ///
    /// The landing squares do not depend on the move that follows, so they
    /// are asked with the first move the game accepts after the departure.
    fn first_targets(&self, b: BranchId, from: Square) -> Result<Targets, String> {
        let game = &self.game;
        let queen = self.first_queen(b, from);
        if self.trans && queen.is_none() {
            return Err("a crossing needs another queen of yours on this board".into());
        }
        let departed = game
            .departure_position(b, from, queen)
            .map_err(|e| e.to_string())?;
        let mut why = String::from("no move is left to play without it");
        for mv in departed.legal_moves() {
            let targets = match queen {
                Some(q) => game
                    .trans_universe_landings(b, mv, TravelOrder::TravelFirst, from, q)
                    .map(|list| {
                        list.into_iter()
                            .filter_map(|(to, squares)| {
                                let t = game.branch(to).ok()?.latest().t();
                                Some((board_key(to.0, t), squares))
                            })
                            .collect::<Targets>()
                    }),
                None => game
                    .time_travel_landings(b, mv, TravelOrder::TravelFirst, from)
                    .map(|list| {
                        list.into_iter()
                            .filter_map(|(t, squares)| {
                                Some((board_key(owner_row(game, b, t)?, t), squares))
                            })
                            .collect::<Targets>()
                    }),
            };
            match targets {
                Ok(list) => {
                    return Ok(list.into_iter().filter(|(_, s)| !s.is_empty()).collect());
                }
                Err(e) => why = e.to_string(),
            }
        }
        Err(why)
    }

    /// The journey of the chosen traveller that lands on `sq` of board `key`.
    fn first_travel(&self, b: BranchId, from: Square, key: BoardKey, sq: Square) -> Option<Travel> {
        let targets = self.first_targets(b, from).ok()?;
        if !targets
            .iter()
            .any(|(k, squares)| *k == key && squares.contains(&sq))
        {
            return None;
        }
        Some(match self.first_queen(b, from) {
            Some(queen) => Travel::TransUniverse {
                queen,
                from,
                to_branch: row_of(key)?,
                landing: sq,
            },
            None => Travel::Time {
                from,
                to_t: t_of(key)?,
                landing: sq,
            },
        })
    }

    /// The moves of the piece on `sq` (of the board without the traveller)
    /// that the game accepts with the chosen journey.
    fn first_moves(&self, b: BranchId, travel: Travel, sq: Square) -> Vec<Move2d> {
        let Some(departed) = self.departed(b, travel.from()) else {
            return Vec::new();
        };
        departed
            .legal_moves_from(sq)
            .into_iter()
            .filter(|&mv| {
                let turn = BranchTurn::with_travel(b, mv, TravelOrder::TravelFirst, travel);
                self.game.check(&turn).is_ok()
            })
            .collect()
    }

    /// The board drawn as the preview: the staged move played, or, in the
    /// travel-first order once the landing is chosen, the latest board
    /// without the traveller.
    #[must_use]
    pub fn preview_position(&self) -> Option<Position> {
        let b = self.focus?;
        if self.first {
            return self.departed(b, self.journey?.from());
        }
        let (_, pos) = self.latest_of(b)?;
        pos.play(self.staged?).ok()
    }

    /// The travel-first marks: the pieces that may leave, then the chosen
    /// traveller's landings, then (on the board without it) the moves.
    pub(super) fn first_marks(&self, out: &mut Marks, b: BranchId, here: BoardKey) {
        let Some(from) = self.traveller else {
            let Some((_, pos)) = self.latest_of(b) else {
                return;
            };
            let me = pos.turn();
            let list = out.entry(here).or_default();
            for sq in super::all_squares() {
                let own = pos.piece_at(sq).is_some_and(|p| p.color == me);
                if own && self.first_targets(b, sq).is_ok_and(|t| !t.is_empty()) {
                    list.push((sq, Mark::Traveller));
                }
            }
            return;
        };
        out.entry(here).or_default().push((from, Mark::Selected));
        if let Some(q) = self.first_queen(b, from) {
            out.entry(here).or_default().push((q, Mark::Queen));
        }
        let Some(travel) = self.journey else {
            for (key, squares) in self.first_targets(b, from).unwrap_or_default() {
                let l = out.entry(key).or_default();
                l.extend(squares.into_iter().map(|s| (s, Mark::Landing)));
            }
            return;
        };
        let landing_key = match travel {
            Travel::Time { to_t, landing, .. } => {
                owner_row(&self.game, b, to_t).map(|row| (board_key(row, to_t), landing))
            }
            Travel::TransUniverse {
                to_branch, landing, ..
            } => self
                .latest_of(to_branch)
                .map(|(t, _)| (board_key(to_branch.0, t), landing)),
        };
        if let Some((key, landing)) = landing_key {
            out.entry(key).or_default().push((landing, Mark::Staged));
        }
        let Some(sel) = self.selected else { return };
        let Some(departed) = self.departed(b, from) else {
            return;
        };
        let list = out.entry(preview_key(b.0)).or_default();
        list.push((sel, Mark::Selected));
        for mv in self.first_moves(b, travel, sel) {
            let to = mv.to();
            let mark = if departed.piece_at(to).is_some() {
                Mark::Capture
            } else {
                Mark::Dest
            };
            if !list.contains(&(to, mark)) {
                list.push((to, mark));
            }
        }
    }

    /// A press in the travel-first order: choose the traveller on a latest
    /// board, then its landing, then the move's piece and destination on the
    /// board without the traveller (which plays the turn).
    pub(super) fn press_first(&mut self, key: BoardKey, sq: Square) -> Effect {
        // The move, on the board without the traveller.
        if let (Some(b), Some(travel)) = (self.focus, self.journey) {
            if key.time == PREVIEW {
                return self.press_first_move(b, travel, sq);
            }
        }
        // A landing of the chosen traveller fixes the journey.
        if let (Some(b), Some(from)) = (self.focus, self.traveller) {
            if let Some(travel) = self.first_travel(b, from, key, sq) {
                self.journey = Some(travel);
                self.selected = None;
                return Effect::Staged;
            }
        }
        // Otherwise a piece of a latest board still to play: the traveller.
        let latest = row_of(key)
            .filter(|&b| self.pending(b))
            .and_then(|b| Some((b, self.latest_of(b)?)));
        let Some((b, (latest_t, pos))) = latest else {
            return self.refuse_first();
        };
        if t_of(key) != Some(latest_t) {
            return self.refuse_first();
        }
        if self.focus != Some(b) {
            self.set_focus(b);
        }
        let own = pos.piece_at(sq).is_some_and(|p| p.color == self.player());
        if !own {
            self.clear();
            return Effect::Cleared;
        }
        match self.first_targets(b, sq) {
            Ok(targets) if !targets.is_empty() => {
                self.traveller = Some(sq);
                self.journey = None;
                self.selected = None;
                Effect::Picked
            }
            Ok(_) => Effect::Refused(
                "That piece has nowhere to land: choose another marked piece.".into(),
            ),
            Err(why) => Effect::Refused(format!("That piece cannot travel first: {why}.")),
        }
    }

    /// A press that is no choice of the travel-first order.
    fn refuse_first(&self) -> Effect {
        if self.traveller.is_some() {
            Effect::Refused(
                "Not a landing square there: pick a marked one, or press Escape.".into(),
            )
        } else {
            Effect::Ignored
        }
    }

    /// A press on the board without the traveller: select a piece, or play
    /// the selected piece's move to `sq` with the journey (a promotion as a
    /// queen).
    fn press_first_move(&mut self, b: BranchId, travel: Travel, sq: Square) -> Effect {
        let Some(departed) = self.departed(b, travel.from()) else {
            return Effect::Ignored;
        };
        if let Some(from) = self.selected {
            let moves: Vec<Move2d> = self
                .first_moves(b, travel, from)
                .into_iter()
                .filter(|m| m.to() == sq)
                .collect();
            if let Some(&mv) = moves
                .iter()
                .find(|m| m.promotion() == Some(PieceKind::Queen))
                .or_else(|| moves.first())
            {
                let turn = BranchTurn::with_travel(b, mv, TravelOrder::TravelFirst, travel);
                return self.play_turn(turn);
            }
            let tried = departed
                .legal_moves_from(from)
                .into_iter()
                .find(|m| m.to() == sq);
            if let Some(mv) = tried {
                let turn = BranchTurn::with_travel(b, mv, TravelOrder::TravelFirst, travel);
                if let Err(e) = self.game.check(&turn) {
                    return Effect::Refused(format!("Refused: {e}."));
                }
            }
        }
        match departed.piece_at(sq) {
            Some(p) if p.color == self.player() => {
                self.selected = Some(sq);
                Effect::Picked
            }
            _ if self.selected.is_some() => Effect::Refused(
                "Not a legal move on the board without the traveller: pick a marked square.".into(),
            ),
            _ => Effect::Ignored,
        }
    }
}
