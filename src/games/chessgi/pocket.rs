//! A player's pocket: the captured pieces they may drop (the reserve) and the pieces
//! they have sent into the future by special time travel (the transit).

use crate::chess::PieceKind;

/// The pieces a reserve may hold: a captured piece keeps its kind, so a promoted
/// piece stays promoted (B.1), and a king is never captured.
pub const RESERVE_KINDS: [PieceKind; 5] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

/// A piece sent ahead by special time travel, due back on its owner's move
/// `due_move` (a full-move number, as in FEN; B.6.6). Under the alternative
/// [`ReturnSchedule::OwnTurns`](super::ReturnSchedule::OwnTurns) the number counts the
/// owner's own turns in meta-time instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Transit {
    /// The owner's move number on which the piece must be placed.
    pub due_move: u32,
    /// What the piece is.
    pub kind: PieceKind,
}

impl Transit {
    /// The owner's turns left before it is due, counted from their move
    /// `move_number` (0: due now; negative: overdue, after a forward travel). See
    /// [`ChessgiGame::return_clock`](super::ChessgiGame::return_clock) for `move_number`.
    #[must_use]
    pub fn turns_until(self, move_number: u32) -> i64 {
        i64::from(self.due_move) - i64::from(move_number)
    }
}

/// One player's pocket (B.2). Both parts count towards the pocket's size (B.6.12).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Pocket {
    reserve: Vec<PieceKind>,
    transit: Vec<Transit>,
}

impl Pocket {
    /// A pocket holding `reserve` and nothing in transit.
    ///
    /// # Errors
    /// The first kind that cannot be in a reserve (a king or a fairy piece).
    pub fn with_reserve(reserve: impl IntoIterator<Item = PieceKind>) -> Result<Pocket, PieceKind> {
        let mut pocket = Pocket::default();
        for kind in reserve {
            if !RESERVE_KINDS.contains(&kind) {
                return Err(kind);
            }
            pocket.add_reserve(kind);
        }
        Ok(pocket)
    }

    /// The droppable pieces, sorted pawn first.
    #[must_use]
    pub fn reserve(&self) -> &[PieceKind] {
        &self.reserve
    }

    /// The pieces in transit, earliest return first.
    #[must_use]
    pub fn transit(&self) -> &[Transit] {
        &self.transit
    }

    /// How many pieces of `kind` the reserve holds.
    #[must_use]
    pub fn count(&self, kind: PieceKind) -> usize {
        self.reserve.iter().filter(|&&k| k == kind).count()
    }

    /// Reserve plus transit: the size rule 5 and the capacity option look at.
    #[must_use]
    pub fn len(&self) -> usize {
        self.reserve.len() + self.transit.len()
    }

    /// True when neither reserve nor transit holds anything (no general travel, rule 2).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when this player's king is travelling.
    #[must_use]
    pub fn king_in_transit(&self) -> bool {
        self.transit.iter().any(|t| t.kind == PieceKind::King)
    }

    /// The entry due on the owner's move `move_number` (B.3): the king if its return
    /// move has come (a king must return, B.1), otherwise the earliest entry whose
    /// return move is `move_number` or before. At most one entry is due per turn.
    #[must_use]
    pub fn due(&self, move_number: u32) -> Option<Transit> {
        let mut ready = self.transit.iter().filter(|t| t.due_move <= move_number);
        ready
            .clone()
            .find(|t| t.kind == PieceKind::King)
            .or_else(|| ready.next())
            .copied()
    }

    /// True when an entry already returns on `due_move` (B.6.8).
    #[must_use]
    pub fn has_return_on(&self, due_move: u32) -> bool {
        self.transit.iter().any(|t| t.due_move == due_move)
    }

    pub(crate) fn add_reserve(&mut self, kind: PieceKind) {
        let at = self.reserve.partition_point(|&k| k <= kind);
        self.reserve.insert(at, kind);
    }

    /// Takes one `kind` out of the reserve; false if there is none.
    pub(crate) fn take_reserve(&mut self, kind: PieceKind) -> bool {
        match self.reserve.iter().position(|&k| k == kind) {
            Some(i) => {
                self.reserve.remove(i);
                true
            }
            None => false,
        }
    }

    pub(crate) fn add_transit(&mut self, entry: Transit) {
        let at = self.transit.partition_point(|&t| t <= entry);
        self.transit.insert(at, entry);
    }

    pub(crate) fn remove_transit(&mut self, entry: Transit) {
        if let Some(i) = self.transit.iter().position(|&t| t == entry) {
            self.transit.remove(i);
        }
    }

    /// The reserve as letters, pawn first (`"PPQ"`); the save record's form.
    #[must_use]
    pub fn reserve_letters(&self) -> String {
        self.reserve.iter().map(|k| k.letter()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(due_move: u32, kind: PieceKind) -> Transit {
        Transit { due_move, kind }
    }

    #[test]
    fn reserve_is_a_sorted_multiset_without_kings() {
        let mut pocket =
            Pocket::with_reserve([PieceKind::Queen, PieceKind::Pawn, PieceKind::Pawn]).unwrap();
        assert_eq!(pocket.reserve_letters(), "PPQ");
        assert!(pocket.take_reserve(PieceKind::Pawn));
        assert!(!pocket.take_reserve(PieceKind::Rook));
        assert_eq!(pocket.count(PieceKind::Pawn), 1);
        assert_eq!(
            Pocket::with_reserve([PieceKind::King]),
            Err(PieceKind::King)
        );
        assert_eq!(
            Pocket::with_reserve([PieceKind::Unicorn]),
            Err(PieceKind::Unicorn)
        );
    }

    #[test]
    fn earliest_entry_is_due_one_at_a_time_and_a_king_first() {
        let mut pocket = Pocket::default();
        pocket.add_transit(entry(9, PieceKind::Rook));
        pocket.add_transit(entry(5, PieceKind::Bishop));
        assert_eq!(pocket.len(), 2);
        assert_eq!(pocket.due(4), None);
        assert_eq!(pocket.due(5), Some(entry(5, PieceKind::Bishop)));
        // After a forward travel both are overdue: the earliest comes first.
        assert_eq!(pocket.due(12), Some(entry(5, PieceKind::Bishop)));
        pocket.add_transit(entry(11, PieceKind::King));
        assert!(pocket.king_in_transit());
        assert_eq!(pocket.due(12), Some(entry(11, PieceKind::King)));
        assert!(pocket.has_return_on(9));
        pocket.remove_transit(entry(9, PieceKind::Rook));
        assert!(!pocket.has_return_on(9));
        assert_eq!(entry(11, PieceKind::King).turns_until(12), -1);
    }
}
