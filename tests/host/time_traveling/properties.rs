//! Properties of Time Traveling Chess over random games made of legal actions:
//! the player to act always owns the next empty ply, nobody is ever stuck,
//! replay is deterministic, and save → load gives an identical game.
use chronochess::chess::Color;
use chronochess::games::time_traveling::{
    Action, ChessPosition, Slot, TimeTravelingChess, TimeTravelingRecord,
};
use proptest::prelude::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Short games end faster: a few pieces each, so mates, stalemates, blanks and
/// accepts all turn up.
const STARTS: [&str; 4] = [
    START,
    "4k3/pp3ppp/8/8/8/8/PP3PPP/R3K2R w KQ - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    "k7/6p1/8/8/6P1/8/1Q6/7K w - - 0 1",
];

/// One choice: which action to take, and whether to prefer changing the past.
type Choice = (u16, bool);

/// Plays choices from `fen`, checking the invariants after every action.
fn play(fen: &str, choices: &[Choice]) -> (TimeTravelingChess, Vec<Action>) {
    let mut game = TimeTravelingChess::from_fen(fen).unwrap();
    let mut taken = Vec::new();
    check_invariants(&game);
    for &(pick, past) in choices {
        if game.result().is_some() {
            break;
        }
        let actions = game.legal_turn_actions();
        assert!(
            !actions.is_empty(),
            "{} is stuck:\n{}",
            game.to_act(),
            game.to_json()
        );
        let non_appends: Vec<Action> = actions
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Append(_)))
            .collect();
        let pool = if past && !non_appends.is_empty() {
            &non_appends
        } else {
            &actions
        };
        let action = pool[usize::from(pick) % pool.len()];
        let player = game.to_act();
        if let Err(e) = game.act(player, action) {
            panic!("listed action {action} refused: {e}\n{}", game.to_json());
        }
        taken.push(action);
        check_invariants(&game);
    }
    (game, taken)
}

fn check_invariants(game: &TimeTravelingChess) {
    // The player to act owns the next empty ply.
    assert_eq!(game.owner(game.next_ply()), game.to_act());
    // Pending can only be the last slot, and is never the player to act's.
    for (i, slot) in game.slots().iter().enumerate() {
        if *slot == Slot::Pending {
            assert_eq!(i + 1, game.slots().len(), "pending not last");
            assert_ne!(game.owner(i + 1), game.to_act());
        }
    }
    // Every live move is legal where it stands.
    for ply in 1..game.live_limit() {
        if let Some(Slot::Move(mv)) = game.slot(ply) {
            assert!(game.legal_moves_at(ply).contains(&mv), "ply {ply}: {mv}");
        }
        let before = game.position_before(ply).unwrap();
        assert_eq!(before.side_to_move(), game.owner(ply));
    }
    // The incremental replay after each action equals a replay from scratch.
    let rebuilt = TimeTravelingChess::from_record(&game.to_record()).unwrap();
    assert_eq!(rebuilt.slots(), game.slots());
    assert_eq!(rebuilt.terminus(), game.terminus());
    assert_eq!(rebuilt.terminus_signature(), game.terminus_signature());
    for ply in 1..=game.live_limit() {
        assert_eq!(
            rebuilt.position_before(ply).map(ChessPosition::to_fen),
            game.position_before(ply).map(ChessPosition::to_fen)
        );
    }
}

/// Everything observable about a game, as text.
fn snapshot(game: &TimeTravelingChess) -> String {
    let positions: Vec<String> = (1..=game.live_limit())
        .map(|ply| game.position_before(ply).unwrap().to_fen())
        .collect();
    let actions: Vec<String> = game
        .legal_turn_actions()
        .iter()
        .map(ToString::to_string)
        .collect();
    format!(
        "{}\n{:?}\n{}\n{}\n{:?}",
        game.to_json(),
        game.terminus(),
        positions.join("\n"),
        actions.join(","),
        game.result()
    )
}

fn choices() -> impl Strategy<Value = (usize, Vec<Choice>)> {
    (
        0..STARTS.len(),
        prop::collection::vec((any::<u16>(), prop::bool::weighted(0.4)), 0..40),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn invariants_hold_and_nobody_is_stuck((start, picks) in choices()) {
        play(STARTS[start], &picks);
    }

    #[test]
    fn replay_is_deterministic((start, picks) in choices()) {
        let (a, taken) = play(STARTS[start], &picks);
        let mut b = TimeTravelingChess::from_fen(STARTS[start]).unwrap();
        for action in taken {
            let player = b.to_act();
            b.act(player, action).unwrap();
        }
        prop_assert_eq!(snapshot(&a), snapshot(&b));
        // Rebuilding from the slots alone replays to the same positions.
        let rebuilt = TimeTravelingChess::from_record(&a.to_record()).unwrap();
        prop_assert_eq!(snapshot(&a), snapshot(&rebuilt));
    }

    #[test]
    fn save_then_load_gives_an_identical_game((start, picks) in choices(), more in prop::collection::vec(any::<u16>(), 0..6)) {
        let (mut a, _) = play(STARTS[start], &picks);
        let json = a.to_json();
        let record = TimeTravelingRecord::from_json(&json).unwrap();
        prop_assert_eq!(&record, &a.to_record());
        let mut b = TimeTravelingChess::from_json(&json).unwrap();
        prop_assert_eq!(snapshot(&a), snapshot(&b));
        // Both go on the same way.
        for pick in more {
            let actions = a.legal_turn_actions();
            if actions.is_empty() {
                break;
            }
            let action = actions[usize::from(pick) % actions.len()];
            let player = a.to_act();
            prop_assert_eq!(a.act(player, action), b.act(player, action));
            prop_assert_eq!(snapshot(&a), snapshot(&b));
        }
    }
}

/// The record of a new game whose slots are replaced by those of `slots` that
/// read as slots (with the player to act set to the owner of the next ply).
fn tampered_record(slots: &[String]) -> TimeTravelingRecord {
    let mut record = TimeTravelingChess::from_fen(START).unwrap().to_record();
    record.slots = slots.iter().filter_map(|s| Slot::parse(s).ok()).collect();
    record.state_counts.clear();
    record.to_act = if record.slots.len().is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    record
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn loading_any_text_never_panics(text in "\\PC{0,200}") {
        let _ = TimeTravelingChess::from_json(&text);
    }

    #[test]
    fn loading_arbitrary_slots_never_panics(
        slots in prop::collection::vec("[PNBRQK][a-h][1-8][-x][a-h][1-8](=[QRBN])?|blank|pass|pending", 0..12)
    ) {
        let record = tampered_record(&slots);
        if let Ok(game) = TimeTravelingChess::from_record(&record) {
            // Whatever loads is a consistent game.
            prop_assert_eq!(game.owner(game.next_ply()), game.to_act());
            let again = TimeTravelingChess::from_json(&game.to_json()).unwrap();
            prop_assert_eq!(again.to_json(), game.to_json());
        }
    }
}
