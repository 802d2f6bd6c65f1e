//! The Time Traveling session: modes, previews, presses, the scene and the
//! save record (with a record as the app wrote it before the play layer).

use super::*;
use crate::chess::PieceKind;
use crate::games::time_traveling::MoveRequest;
use crate::play::{GameSession, Input, Mark, Spot};
use crate::storage::{GameId, SaveRecord};

fn played(actions: &[&str]) -> TimeTravelingChess {
    let mut game = TimeTravelingChess::standard();
    for a in actions {
        let player = game.to_act();
        game.act(player, a.parse::<Action>().unwrap()).unwrap();
    }
    game
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn press(s: &mut TimeTravelingSession, name: &str) -> Effect {
    s.input(Input::Press(Spot::main(sq(name))))
}

const A71: [&str; 6] = [
    "append h2h4",
    "append d7d5",
    "append g2g4",
    "append c8g4",
    "append g1f3",
    "append e7e6",
];

#[test]
fn modes_follow_the_ply_looked_at() {
    let game = played(&A71);
    assert_eq!(mode_at(&game, None), Mode::Append);
    assert!(matches!(
        mode_at(&game, Some(3)),
        Mode::Replace { ply: 3, .. }
    ));
    // Black's ply while White acts: only looking.
    assert_eq!(mode_at(&game, Some(4)), Mode::Look);
    // The next ply is the present.
    assert_eq!(mode_at(&game, Some(7)), Mode::Append);
    let upgrades = candidate_moves(&game, mode_at(&game, Some(3)));
    assert!(upgrades.iter().any(|m| m.uci() == "h1h3"));
    assert!(upgrades
        .iter()
        .all(|m| m.piece != crate::chess::PieceKind::Pawn));
}

#[test]
fn a_preview_names_the_moves_a_change_invalidates_and_changes_nothing() {
    let game = played(&A71);
    let action: Action = "replace 3 h1h3".parse().unwrap();
    let p = preview(&game, action).unwrap();
    assert_eq!(p.blanked, vec![4]);
    assert!(
        p.consequences.iter().any(|c| c.contains("Ply 4")),
        "{:?}",
        p.consequences
    );
    assert_eq!(
        game.slot(4).map(|s| s.to_string()).as_deref(),
        Some("Bc8xg4")
    );
    let bad: Action = "replace 3 g2g3".parse().unwrap();
    assert!(preview(&game, bad)
        .unwrap_err()
        .to_string()
        .contains("pawn"));
}

#[test]
fn presses_replace_a_past_move_after_a_confirmation() {
    let mut s = TimeTravelingSession::new(played(&A71), STANDARD_VARIANT);
    s.look_at(Some(3));
    assert_eq!(press(&mut s, "h1"), Effect::Picked);
    let scene = s.scene();
    assert!(scene.boards[0].has(sq("h1"), Mark::Selected));
    assert!(scene.boards[0].has(sq("h3"), Mark::Dest));
    let Effect::Confirm(c) = press(&mut s, "h3") else {
        panic!("a change of the past waits for confirmation")
    };
    assert!(c.title.starts_with("Replace ply 3"), "{}", c.title);
    assert!(s.scene().boards[0].has(sq("h3"), Mark::Proposed));
    // While it waits, presses do nothing and nothing is movable.
    assert_eq!(press(&mut s, "a2"), Effect::Ignored);
    assert_eq!(s.input(Input::Confirm), Effect::Played);
    assert_eq!(s.game().slot(4), Some(Slot::Blank));
    assert_eq!(s.flash(), &[4]);
    assert_eq!(s.view(), None);
}

#[test]
fn an_append_plays_at_once_and_marks_the_last_move() {
    let mut s = TimeTravelingSession::new(TimeTravelingChess::standard(), STANDARD_VARIANT);
    assert!(s.scene().boards[0].has(sq("e2"), Mark::Movable));
    assert_eq!(press(&mut s, "e2"), Effect::Picked);
    assert_eq!(press(&mut s, "e4"), Effect::Played);
    let scene = s.scene();
    assert!(scene.boards[0].has(sq("e2"), Mark::Last));
    assert!(scene.boards[0].has(sq("e4"), Mark::Last));
    assert_eq!(s.to_move(), Color::Black);
    assert_eq!(s.turns_played(), 1);
    // A press on an empty square drops nothing new; a second press on the
    // selected piece lets it go.
    assert_eq!(press(&mut s, "e7"), Effect::Picked);
    assert_eq!(press(&mut s, "e7"), Effect::Cleared);
    // A drop back on the square it came from does nothing.
    press(&mut s, "e7");
    assert_eq!(s.input(Input::Drop(Spot::main(sq("e7")))), Effect::Ignored);
    assert_eq!(s.input(Input::Drop(Spot::main(sq("e5")))), Effect::Played);
}

#[test]
fn a_promotion_asks_for_the_piece() {
    let game = TimeTravelingChess::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let mut s = TimeTravelingSession::new(game, "custom");
    press(&mut s, "a7");
    let Effect::ChoosePromotion(kinds) = press(&mut s, "a8") else {
        panic!("a choice of pieces")
    };
    assert!(kinds.contains(&crate::chess::PieceKind::Knight));
    assert_eq!(
        s.input(Input::Promote(crate::chess::PieceKind::Knight)),
        Effect::Played
    );
    assert_eq!(
        s.game().end_position().piece_at(sq("a8")).map(|p| p.kind),
        Some(crate::chess::PieceKind::Knight)
    );
}

#[test]
fn legal_actions_play_through_the_trait_and_resigning_ends_the_game() {
    let mut s = TimeTravelingSession::new(TimeTravelingChess::standard(), STANDARD_VARIANT);
    let first = s.legal_actions().into_iter().next().unwrap();
    assert_eq!(s.play(first), Ok(Step::TurnEnded));
    assert!(s.play(Action::Accept).is_err());
    assert!(!s.take_back());
    s.resign(Color::Black).unwrap();
    assert_eq!(s.ending(), Some(Ending::win(Color::White, "resignation")));
    assert!(s.legal_actions().is_empty());
}

#[test]
fn the_save_record_round_trips() {
    let s = TimeTravelingSession::new(played(&A71), "Standard");
    let id = GameId::from_parts(1_700_000_000_000, 1);
    let record = s.save_record(&id, "test", 1_700_000_000_000);
    assert_eq!(record.kind, GameKind::TimeTraveling);
    assert_eq!(record.to_move, Color::White);
    assert_eq!(record.variant, "Standard");
    let back = TimeTravelingSession::from_record(&record).unwrap();
    assert_eq!(back.game().slots(), s.game().slots());
    let text = SaveRecord::from_json(&record.to_json()).unwrap();
    assert_eq!(text, record);
    let again = TimeTravelingSession::import_text(&s.export_text()).unwrap();
    assert_eq!(again.game().slots(), s.game().slots());
}

#[test]
fn a_record_of_another_game_or_a_damaged_one_is_refused_with_the_reason() {
    let s = TimeTravelingSession::new(played(&A71), "Standard");
    let mut record = s.save_record(&GameId::from_parts(1, 0), "x", 1);
    record.kind = GameKind::Chessgi;
    assert_eq!(
        TimeTravelingSession::from_record(&record)
            .unwrap_err()
            .to_string(),
        "it is a Time Travel Chessgi game"
    );
    record.kind = GameKind::TimeTraveling;
    record.payload = serde_json::json!({"format": 3});
    assert!(matches!(
        TimeTravelingSession::from_record(&record),
        Err(RecordError::Unreadable(_))
    ));
    assert!(TimeTravelingSession::import_text("{").is_err());
}

/// Games reached by seeded random playouts over the listed actions (one in
/// three kept), so that replacements, blanks and fills come up.
fn playout_games() -> Vec<TimeTravelingChess> {
    use crate::games::branching::SplitMix64;
    let mut out = Vec::new();
    for seed in 0..3u64 {
        let mut s = TimeTravelingSession::new(TimeTravelingChess::standard(), STANDARD_VARIANT);
        let mut rng = SplitMix64::new(0x7137 + seed);
        for n in 0..30 {
            let actions = s.legal_actions();
            if actions.is_empty() {
                break;
            }
            // Prefer the past now and then, as a player would.
            let past: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Append(_)))
                .collect();
            let pool = if !past.is_empty() && rng.below(3) == 0 {
                &past
            } else {
                &actions
            };
            let a = pool[rng.below(pool.len())];
            assert_eq!(s.play(a), Ok(Step::TurnEnded));
            if n % 3 == 2 {
                out.push(s.game().clone());
            }
        }
    }
    out
}

/// Every listed action is accepted, once; every action a press can make
/// (in every mode the screen can be in) is listed; and asking the rules
/// about every move from an occupied square, at every ply, as an append, a
/// replacement and a fill, finds no accepted action the list lacks.
#[test]
fn the_listed_actions_are_every_action_the_game_accepts() {
    use std::collections::HashSet;
    let mut pasts = 0;
    for (i, game) in playout_games().into_iter().enumerate() {
        let s = TimeTravelingSession::new(game.clone(), STANDARD_VARIANT);
        let listed = s.legal_actions();
        let set: HashSet<Action> = listed.iter().copied().collect();
        assert_eq!(set.len(), listed.len(), "an action listed twice");
        let player = game.to_act();
        let accepted = |a: Action| game.clone().act(player, a).is_ok();
        for &a in &listed {
            assert!(accepted(a), "{a:?}");
            pasts += usize::from(!matches!(a, Action::Append(_)));
        }
        for view in std::iter::once(None).chain((1..=game.next_ply()).map(Some)) {
            let mode = mode_at(&game, view);
            for mv in candidate_moves(&game, mode) {
                let a = action_for(mode, mv).unwrap();
                assert!(set.contains(&a), "offered but not listed: {a:?}");
            }
        }
        assert_eq!(accepted(Action::Accept), set.contains(&Action::Accept));
        if i % 3 != 0 {
            continue; // the brute force on a third of the games: it is slow
        }
        for ply in 1..=game.next_ply() {
            let Some(&before) = game.position_before(ply) else {
                continue;
            };
            for (from, _) in before.pieces() {
                for to in (0..64).map(Square::from_index) {
                    for promotion in [None, Some(PieceKind::Queen)] {
                        let mv = MoveRequest {
                            from,
                            to,
                            promotion,
                        };
                        for a in [
                            Action::Append(mv),
                            Action::Replace { ply, mv },
                            Action::Fill { ply, mv },
                        ] {
                            if accepted(a) {
                                assert!(set.contains(&a), "accepted but not listed: {a:?}");
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(pasts > 50, "replacements and fills listed: {pasts}");
}
