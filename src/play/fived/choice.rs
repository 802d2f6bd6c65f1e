//! The player's choice in progress on a 5D position: the selected piece and
//! the moves waiting for a promotion piece, and what a press, a drop, a
//! promotion choice or a cancel does to it ([`Choice::input`]).
//!
//! It is kept apart from the [`Session`] it reads so that the 5D screen can
//! hold the two in separate signals (a selection redraws the marks, never the
//! game) and still decide nothing: [`FivedSession`](super::game_session::FivedSession)
//! and the screen both answer inputs here, and stage the move it names.

use super::session::Session;
use crate::chess::PieceKind;
use crate::fived::coords::{Coord, Move};
use crate::play::{promoting_to, Effect, Input};

/// The selected piece and the promotion waiting, on one position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choice {
    /// The selected piece.
    selected: Option<Coord>,
    /// Moves to the same square that differ by their promotion piece,
    /// waiting for [`Input::Promote`].
    promotion: Option<Vec<Move>>,
}

/// What an input comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Chosen {
    /// Nothing to stage: what the input did to the choice (`Picked`,
    /// `ChoosePromotion`, `Cleared`, `Ignored`).
    Effect(Effect),
    /// Stage this move (the choice is already cleared); staging it gives
    /// `Effect::Staged` or the refusal.
    Stage(Move),
}

impl Choice {
    /// The selected piece, if any.
    #[must_use]
    pub fn selected(&self) -> Option<Coord> {
        self.selected
    }

    /// The pieces on offer while a promotion waits, in order.
    #[must_use]
    pub fn promotion(&self) -> Option<Vec<PieceKind>> {
        self.promotion
            .as_ref()
            .map(|moves| moves.iter().filter_map(|m| m.promotion).collect())
    }

    /// Drops the selection and any promotion waiting; whether there was one.
    pub fn clear(&mut self) -> bool {
        let had = self.selected.is_some() || self.promotion.is_some();
        self.selected = None;
        self.promotion = None;
        had
    }

    /// Whether a press on `at` does more than drop the selection: it is the
    /// selected piece, one of its destinations, or a piece the side to move
    /// may move. (The multiverse view lets any other press become a pan,
    /// and drops the selection only if the pointer did not move.)
    #[must_use]
    pub fn takes(&self, session: &Session, at: Coord) -> bool {
        self.selected == Some(at)
            || self.moves_to(session, at).next().is_some()
            || session.is_movable(at)
    }

    /// The selected piece's moves to `to`.
    fn moves_to<'a>(&self, session: &'a Session, to: Coord) -> impl Iterator<Item = Move> + 'a {
        self.selected
            .map(|from| session.destinations(from))
            .unwrap_or_default()
            .into_iter()
            .filter(move |m| m.to == to)
    }

    /// The selected piece goes to `to`: a move to stage, or a promotion to
    /// choose; `None` when `to` is not one of its destinations.
    fn go_to(&mut self, session: &Session, to: Coord) -> Option<Chosen> {
        let moves: Vec<Move> = self.moves_to(session, to).collect();
        match moves.len() {
            0 => None,
            1 => {
                self.clear();
                Some(Chosen::Stage(moves[0]))
            }
            _ => {
                let kinds = moves.iter().filter_map(|m| m.promotion).collect();
                self.promotion = Some(moves);
                Some(Chosen::Effect(Effect::ChoosePromotion(kinds)))
            }
        }
    }

    /// A press on `at`: the selected piece goes there if it may; a press on
    /// the selected piece drops it; a piece the side to move may move is
    /// selected; anything else drops the selection.
    fn press(&mut self, session: &Session, at: Coord) -> Chosen {
        if let Some(answer) = self.go_to(session, at) {
            return answer;
        }
        let effect = if self.selected == Some(at) {
            self.clear();
            Effect::Cleared
        } else if session.is_movable(at) {
            self.selected = Some(at);
            self.promotion = None;
            Effect::Picked
        } else if self.clear() {
            Effect::Cleared
        } else {
            Effect::Ignored
        };
        Chosen::Effect(effect)
    }

    /// What `input` does on `session`'s position (a `Spot`'s board is the
    /// 5D board `(L, v)`). `Hand` and `Confirm` mean nothing in 5D (a submit
    /// is an action, not an input).
    pub fn input(&mut self, session: &Session, input: Input) -> Chosen {
        match input {
            Input::Press(spot) => self.press(session, Coord::from(spot)),
            Input::Drop(spot) => {
                let to = Coord::from(spot);
                if self.selected == Some(to) {
                    return Chosen::Effect(Effect::Ignored);
                }
                self.go_to(session, to)
                    .unwrap_or(Chosen::Effect(Effect::Ignored))
            }
            Input::Promote(kind) => {
                match promoting_to(self.promotion.as_deref(), kind, |m| m.promotion) {
                    Some(m) => {
                        self.clear();
                        Chosen::Stage(m)
                    }
                    None => Chosen::Effect(Effect::Ignored),
                }
            }
            Input::Confirm | Input::Hand(_) => Chosen::Effect(Effect::Ignored),
            Input::Cancel => Chosen::Effect(if self.clear() {
                Effect::Cleared
            } else {
                Effect::Ignored
            }),
        }
    }
}
