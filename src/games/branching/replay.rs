//! Replaying a game's event log from its start, which regenerates the collapse from
//! the seed: how a loaded game proves it is faithful.

use super::{BranchTurn, Game, GameEvent, ReplayError};

impl Game {
    /// Plays the event log again from the starting position with the same
    /// configuration, regenerating the collapse removals from the seed. A faithful
    /// game replays to itself (`replayed.to_record() == self.to_record()`).
    ///
    /// # Errors
    /// A [`ReplayError`] at the first event that cannot be replayed or that comes
    /// out differently.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::from_position(self.start, self.config)
            .map_err(|error| ReplayError::Refused { event: 0, error })?;
        for (i, event) in self.events.iter().enumerate() {
            if game.events.len() > i {
                if &game.events[i] != event {
                    return Err(ReplayError::Diverged { event: i });
                }
                continue;
            }
            let refused = |error| ReplayError::Refused { event: i, error };
            match event {
                GameEvent::Turn {
                    branch,
                    uci,
                    travel,
                    ..
                } => {
                    let pos = *game.branch(*branch).map_err(refused)?.latest().position();
                    let mv = pos
                        .uci_move(uci)
                        .map_err(|_| ReplayError::BadMove { event: i })?;
                    let turn = BranchTurn {
                        branch: *branch,
                        mv,
                        travel: *travel,
                    };
                    game.play(&turn).map_err(refused)?;
                }
                GameEvent::Removal(_) => return Err(ReplayError::Diverged { event: i }),
                GameEvent::BranchResigned { branch, by } => {
                    game.resign_branch(*branch, *by).map_err(refused)?;
                }
                GameEvent::Resigned { by } => game.resign(*by).map_err(refused)?,
            }
            if game.events.get(i) != Some(event) {
                return Err(ReplayError::Diverged { event: i });
            }
        }
        if game.events.len() != self.events.len() {
            return Err(ReplayError::Diverged {
                event: self.events.len(),
            });
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{forked, play, B0, B1};
    use super::super::{CollapseRemoval, Config};
    use super::*;
    use crate::chess::{Color, Piece, PieceKind, Square};

    #[test]
    fn a_played_game_replays_to_itself() {
        let mut game = forked();
        game.resign_branch(B1, Color::Black).unwrap();
        let replayed = game.replay().unwrap();
        assert_eq!(replayed.events(), game.events());
        assert_eq!(replayed.to_record(), game.to_record());
        let mut collapsing = Game::new(Config::new(1, 3)).unwrap();
        play(&mut collapsing, B0, "Nf3");
        assert_eq!(
            collapsing.replay().unwrap().to_record(),
            collapsing.to_record()
        );
    }

    #[test]
    fn a_changed_log_is_refused_at_the_event_that_changed() {
        let mut game = forked();
        // 1.d4 instead of 1.e4: 3.Bc4 (event 4) is then blocked by the e2 pawn.
        if let GameEvent::Turn { uci, .. } = &mut game.events[0] {
            *uci = "d2d4".into();
        }
        assert!(matches!(
            game.replay(),
            Err(ReplayError::Refused { event: 4, .. })
        ));
        let mut game = forked();
        if let GameEvent::Turn { uci, .. } = &mut game.events[0] {
            *uci = "zz".into();
        }
        assert_eq!(game.replay().err(), Some(ReplayError::BadMove { event: 0 }));
        let mut game = forked();
        // A removal below the limit is never regenerated.
        let removal = GameEvent::Removal(CollapseRemoval {
            branch: B0,
            t: 0,
            square: Square::parse("a2").unwrap(),
            piece: Piece::new(Color::White, PieceKind::Pawn),
        });
        game.events.insert(1, removal);
        assert_eq!(
            game.replay().err(),
            Some(ReplayError::Diverged { event: 1 })
        );
    }
}
