//! The clock and the four games: restoring a saved game's clock, and a flag
//! fall ending any game through [`GameSession::flag`].
//!
//! Only Chessgi and 5D keep a flag in the game's own record (a
//! [`Conclusion`](crate::games::chessgi::Conclusion) and the 5D result);
//! Time Traveling Chess and Multiverse Time Travel Chess rebuild their result
//! from the moves. Every saved record keeps the clock beside the game, and
//! the clock keeps who flagged, so [`restore`] ends those games on time
//! again when they are opened.

use serde_json::Value;

use super::Clock;
use crate::play::GameSession;

/// A saved game's clock (the record's `clock`), restored paused. When it
/// says a side flagged and the game has not ended, `session` ends on time
/// again. A clock that cannot be read is dropped: the game goes on untimed.
pub fn restore<S: GameSession>(session: &mut S, saved: Option<&Value>) -> Option<Clock> {
    let clock = Clock::from_saved(saved?).ok()?;
    if let Some(flagged) = clock.flagged() {
        if session.ending().is_none() {
            // The game cannot refuse: it has not ended.
            let _ = session.flag(flagged);
        }
    }
    Some(clock)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Color;
    use crate::games::branching::{Config, Game as BranchingGame};
    use crate::games::chessgi::{ChessgiGame, ChessgiOptions};
    use crate::games::time_traveling::TimeTravelingChess;
    use crate::play::branching::BranchingSession;
    use crate::play::chessgi::ChessgiSession;
    use crate::play::clock::TimeControl;
    use crate::play::time_traveling::TimeTravelingSession;
    use crate::play::{Ending, GameSession};

    /// A one-minute clock on which White's flag has fallen.
    fn white_flagged() -> Value {
        let control = TimeControl::custom(
            60_000,
            0,
            crate::play::clock::Bonus::Increment,
            crate::play::clock::Scaling::PerTurn,
        )
        .unwrap();
        let mut clock = Clock::new(control, 1);
        clock.resume(0);
        assert_eq!(clock.check_flag(60_001), Some(Color::White));
        clock.saved_at(60_001)
    }

    /// A flag ends the game for the other side, every further action is
    /// refused, the record says so, and a record saved before the flag was
    /// seen ends again when opened with its flagged clock. A takeback does
    /// not undo a flag fall (the game is over for good).
    fn flag_ends<S: GameSession>(fresh: S) {
        let mut s = fresh.clone();
        assert_eq!(s.ending(), None);
        // One turn each, so that there is something a takeback could undo
        // (a 5D turn is its staged moves and the submit).
        for _ in 0..8 {
            if s.turns_played() == 2 {
                break;
            }
            let first = s.legal_actions()[0].clone();
            s.play(first).unwrap();
        }
        assert_eq!(s.turns_played(), 2);
        let actions = s.legal_actions();
        assert!(!actions.is_empty());
        s.flag(Color::White).unwrap();
        let ending = s.ending().expect("the flag ends the game");
        assert_eq!(ending.winner, Some(Color::Black));
        assert_eq!(ending.reason, "time");
        assert!(s.legal_actions().is_empty(), "no action after the flag");
        assert!(
            s.play(actions[0].clone()).is_err(),
            "a move after the flag is refused"
        );
        assert!(s.flag(Color::Black).is_err(), "a second flag is refused");
        assert!(s.resign(Color::Black).is_err());
        assert!(!s.take_back(), "a takeback does not undo a flag fall");
        assert!(!s.undo());
        assert_eq!(s.ending().as_ref(), Some(&ending), "still over on time");
        assert_eq!(s.turns_played(), 2);
        let id = crate::storage::GameId::parse("g-flag").unwrap();
        let record = s.save_record(&id, "Timed", 5);
        assert_eq!(record.result, Ending::result(Some(&ending)));

        // Opened again: from the game's record and the record's clock.
        let saved = fresh.save_record(&id, "Timed", 5);
        let mut opened = S::from_record(&saved).unwrap();
        let clock = restore(&mut opened, Some(&white_flagged())).unwrap();
        assert_eq!(clock.flagged(), Some(Color::White));
        assert_eq!(opened.ending(), Some(ending));
        // An untimed or unreadable clock changes nothing.
        let mut untimed = S::from_record(&saved).unwrap();
        assert!(restore(&mut untimed, None).is_none());
        assert!(restore(&mut untimed, Some(&serde_json::json!({"x": 1}))).is_none());
        assert_eq!(untimed.ending(), None);
    }

    #[test]
    fn a_flag_ends_time_traveling_chess() {
        flag_ends(TimeTravelingSession::new(
            TimeTravelingChess::standard(),
            "Time Traveling Chess",
        ));
    }

    #[test]
    fn a_flag_ends_chessgi() {
        flag_ends(ChessgiSession::new(ChessgiGame::new(
            ChessgiOptions::default(),
        )));
    }

    #[test]
    fn a_flag_ends_multiverse_time_travel_chess() {
        flag_ends(BranchingSession::new(
            BranchingGame::new(Config::new(21, 7)).unwrap(),
        ));
    }

    #[test]
    fn a_flag_ends_5d_chess() {
        let session =
            crate::play::fived::session::Session::new(crate::fived::boards::standard()).unwrap();
        flag_ends(crate::play::fived::game_session::FivedSession::new(session));
    }

    #[test]
    fn a_flag_against_a_side_that_cannot_mate_draws() {
        // Chessgi: White has a rook, Black only its king (on the board, in
        // its pocket and in every recorded position).
        let game = ChessgiGame::from_setup(
            ChessgiOptions::default(),
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "",
            "",
        )
        .unwrap();
        let mut s = ChessgiSession::new(game);
        assert!(!s.can_mate(Color::Black));
        assert!(s.can_mate(Color::White));
        let mut black_flags = s.clone();
        s.flag(Color::White).unwrap();
        let ending = s.ending().unwrap();
        assert_eq!(ending.winner, None);
        assert_eq!(ending.reason, "time vs insufficient material");
        // Black's flag, with White able to mate, loses.
        black_flags.flag(Color::Black).unwrap();
        assert_eq!(black_flags.ending().unwrap().winner, Some(Color::White));
    }
}
