//! Time travel in Chessgi (`shared/rules/seed-variants.md` B.3, B.6): the return
//! window of special travel, the destinations of general travel, and the gates
//! both share.

use super::{ChessgiError, ChessgiGame, NodeId, Pocket, PocketCarry};
use crate::chess::{Move2d, PieceKind, Position, Square};

/// The move numbers a piece may be sent to by special travel (B.3.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnWindow {
    /// The first possible return move (the next one).
    pub earliest: u32,
    /// The last possible one, `None` when unlimited.
    pub latest: Option<u32>,
    /// Return moves already taken by the player's other travellers (B.6.8).
    pub taken: Vec<u32>,
}

impl ReturnWindow {
    /// True when the piece may be sent to `due_move`.
    #[must_use]
    pub fn allows(&self, due_move: u32) -> bool {
        due_move >= self.earliest
            && self.latest.is_none_or(|l| due_move <= l)
            && !self.taken.contains(&due_move)
    }

    /// The allowed return moves up to `horizon` (inclusive).
    pub fn moves_up_to(&self, horizon: u32) -> impl Iterator<Item = u32> + '_ {
        let last = self.latest.map_or(horizon, |l| l.min(horizon));
        (self.earliest..=last).filter(|&m| self.allows(m))
    }

    pub(super) fn is_open(&self) -> bool {
        match self.latest {
            None => true,
            Some(l) => (self.earliest..=l).any(|m| !self.taken.contains(&m)),
        }
    }
}

impl ChessgiGame {
    /// The return moves open to the piece on `from` for special travel now.
    ///
    /// # Errors
    /// Why that piece may not travel now at all (game over, king due, in check,
    /// cooldown, full pocket, not your piece, pinned).
    pub fn special_travel_window(&self, from: Square) -> Result<ReturnWindow, ChessgiError> {
        let us = self.side_to_move();
        let pos = self.position();
        let pocket = self.pocket(us);
        self.refuse_if_over()?;
        if self.due().is_some_and(|t| t.kind == PieceKind::King) {
            return Err(ChessgiError::KingMustReturn);
        }
        self.travel_gate()?;
        if let Some(capacity) = self.options.pocket_capacity {
            if pocket.len() >= capacity as usize {
                return Err(ChessgiError::PocketFull { capacity });
            }
        }
        let piece = pos.piece_at(from).ok_or(ChessgiError::NoPieceThere(from))?;
        if piece.color != us {
            return Err(ChessgiError::NotYourPiece(from));
        }
        let removed = pos
            .with_piece(from, None)
            .map_err(|_| ChessgiError::NoPieceThere(from))?;
        if removed.is_king_attacked(us) {
            return Err(ChessgiError::ExposesKing);
        }
        let n = self.return_clock(us);
        // B.3.4: d ≤ max_delay for every piece, and d ≤ 5 (the option) for a king.
        let limit = if piece.kind == PieceKind::King {
            let king = self.options.king_max_delay;
            Some(self.options.max_delay.map_or(king, |d| d.min(king)))
        } else {
            self.options.max_delay
        };
        Ok(ReturnWindow {
            earliest: n.saturating_add(1),
            latest: limit.map(|d| n.saturating_add(d)),
            taken: pocket.transit().iter().map(|t| t.due_move).collect(),
        })
    }

    /// The pieces that may be sent by special travel now, with their windows.
    #[must_use]
    pub fn special_travel_pieces(&self) -> Vec<(Square, ReturnWindow)> {
        let us = self.side_to_move();
        self.position()
            .pieces()
            .filter(|(_, p)| p.color == us)
            .filter_map(|(sq, _)| {
                self.special_travel_window(sq)
                    .ok()
                    .filter(ReturnWindow::is_open)
                    .map(|w| (sq, w))
            })
            .collect()
    }

    /// The positions general travel may go to now (B.6.3): every recorded node other
    /// than the current one where the side to move is to move and has its king.
    ///
    /// # Errors
    /// Why general travel is impossible now (game over, king away, in check,
    /// cooldown, empty pocket).
    pub fn travel_destinations(&self) -> Result<Vec<NodeId>, ChessgiError> {
        self.general_travel_gate()?;
        Ok((0..self.nodes.len() as u32)
            .map(NodeId)
            .filter(|&id| self.travel_preview(id).is_ok())
            .collect())
    }

    /// The position and pockets general travel to `node` leads to, before the move
    /// made there: the destination's board and state, the traveller's current pocket,
    /// and the opponent's pocket as the options say (B.3.5, B.6.1).
    ///
    /// # Errors
    /// Why `node` is not a destination (the travel gate itself is not checked).
    pub fn travel_preview(&self, node: NodeId) -> Result<(Position, [Pocket; 2]), ChessgiError> {
        let us = self.side_to_move();
        let target = self.node(node).ok_or(ChessgiError::UnknownNode(node))?;
        if node == self.current {
            return Err(ChessgiError::AlreadyThere);
        }
        if target.position.turn() != us {
            return Err(ChessgiError::NotYourTurnThere(node));
        }
        if target.position.king_square(us).is_none() {
            return Err(ChessgiError::NoKingThere(node));
        }
        let now = self.current_node();
        let mut pockets = target.pockets.clone();
        pockets[us.index()] = now.pockets[us.index()].clone();
        if self.options.carry == PocketCarry::BothPlayers {
            let them = !us;
            pockets[them.index()] = now.pockets[them.index()].clone();
            let on_board = target.position.king_square(them).is_some();
            if on_board == pockets[them.index()].king_in_transit() {
                return Err(ChessgiError::OpponentKingMismatch(node));
            }
        }
        Ok((target.position, pockets))
    }

    /// The moves and reserve drops legal after general travel to `node`.
    ///
    /// # Errors
    /// Why general travel to `node` is impossible now.
    pub fn moves_after_travel(&self, node: NodeId) -> Result<Vec<Move2d>, ChessgiError> {
        self.general_travel_gate()?;
        let (pos, pockets) = self.travel_preview(node)?;
        let mut out = pos.legal_moves();
        out.extend(pos.legal_drops(pockets[pos.turn().index()].reserve()));
        Ok(out)
    }

    /// The checks both travels share: not in check (rule 4), cooldown (rule 6).
    pub(super) fn travel_gate(&self) -> Result<(), ChessgiError> {
        if self.position().is_check() {
            return Err(ChessgiError::InCheck);
        }
        if let Some(made) = self.since_travel(self.side_to_move()) {
            if made < self.options.cooldown {
                return Err(ChessgiError::Cooldown {
                    needed: self.options.cooldown,
                    made,
                });
            }
        }
        Ok(())
    }

    pub(super) fn general_travel_gate(&self) -> Result<(), ChessgiError> {
        self.refuse_if_over()?;
        let pocket = self.pocket(self.side_to_move());
        if pocket.king_in_transit() {
            return Err(ChessgiError::KingAway);
        }
        self.travel_gate()?;
        if pocket.is_empty() {
            return Err(ChessgiError::EmptyPocket);
        }
        Ok(())
    }

    /// True when some special or general travel is legal now (stalemate test).
    pub(super) fn can_travel(&self) -> bool {
        if !self.special_travel_pieces().is_empty() {
            return true;
        }
        self.travel_destinations().is_ok_and(|ids| {
            ids.into_iter()
                .any(|id| self.moves_after_travel(id).is_ok_and(|m| !m.is_empty()))
        })
    }
}
