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
