//! Browser tests of the Time Traveling Chess screen: the play state (modes,
//! candidate moves from the rules module, previews of a change), the save
//! record round trip through the app's storage, and the screen's hooks
//! (`data-sq`, `data-ply`, `data-slot`, `data-action`).
use crate::support::{sized_container, sq};
use chronochess::chess::Color;
use chronochess::games::time_traveling::{Action, Slot, TimeTravelingChess};
use chronochess::storage::GameId;
use chronochess::ui::nav::Nav;
use chronochess::ui::saves::Saves;
use chronochess::ui::time_traveling::play::{candidate_moves, mode_at, preview, Mode, TtPlay};
use chronochess::ui::time_traveling::{game_of_record, save_record, TimeTravelingScreen, TtNav};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::HtmlElement;

fn played(actions: &[&str]) -> TimeTravelingChess {
    let mut game = TimeTravelingChess::standard();
    for a in actions {
        let player = game.to_act();
        game.act(player, a.parse::<Action>().unwrap()).unwrap();
    }
    game
}

const A71: [&str; 6] = [
    "append h2h4",
    "append d7d5",
    "append g2g4",
    "append c8g4",
    "append g1f3",
    "append e7e6",
];

#[wasm_bindgen_test]
fn modes_follow_the_ply_looked_at() {
    let game = played(&A71);
    assert_eq!(mode_at(&game, None), Mode::Append);
    assert!(matches!(
        mode_at(&game, Some(3)),
        Mode::Replace { ply: 3, .. }
    ));
    // Black's ply while White acts: only looking.
    assert_eq!(mode_at(&game, Some(4)), Mode::Look);
    let upgrades = candidate_moves(&game, mode_at(&game, Some(3)));
    assert!(upgrades.iter().any(|m| m.uci() == "h1h3"));
    assert!(upgrades
        .iter()
        .all(|m| m.piece != chronochess::chess::PieceKind::Pawn));
}

#[wasm_bindgen_test]
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
    // A refused change says why.
    let bad: Action = "replace 3 g2g3".parse().unwrap();
    assert!(preview(&game, bad)
        .unwrap_err()
        .to_string()
        .contains("pawn"));
}

#[wasm_bindgen_test]
fn the_save_record_round_trips() {
    let game = played(&A71);
    let id = GameId::from_parts(1_700_000_000_000, 1);
    let record = save_record(&id, "test", "Standard", &game);
    assert_eq!(record.to_move, Color::White);
    let back = game_of_record(&record).unwrap();
    assert_eq!(back.slots(), game.slots());
}

#[wasm_bindgen_test]
async fn clicks_replace_a_move_after_a_confirmation_and_the_timeline_shows_the_blank() {
    let root = sized_container(1200, 800);
    let play_cell = RwSignal::new(None::<TtPlay>);
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        let saves = Saves::open();
        provide_context(saves);
        provide_context(Nav::new());
        let tt = TtNav::provide(saves);
        tt.start(
            saves,
            "browser test".into(),
            "Standard".into(),
            played(&A71),
        );
        play_cell.set(tt.open.get_untracked().map(|a| a.play));
        view! { <TimeTravelingScreen /> }
    });
    leptos::task::tick().await;
    let play = play_cell.get_untracked().expect("the game is open");
    assert_eq!(
        root.query_selector_all(".tt-overlay [data-sq]")
            .unwrap()
            .length(),
        64
    );
    assert!(root
        .query_selector(r#"[data-ply="3"] .tt-upg"#)
        .unwrap()
        .is_some());
    play.look_at(Some(3));
    play.click_square(sq("h1"));
    leptos::task::tick().await;
    assert!(root
        .query_selector(r#".tt-overlay [data-sq="h3"].dest"#)
        .unwrap()
        .is_some());
    play.click_square(sq("h3"));
    leptos::task::tick().await;
    assert!(root
        .query_selector("[data-testid=tt-preview]")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector(r#"[data-ply="4"].doomed"#)
        .unwrap()
        .is_some());
    let confirm: HtmlElement = root
        .query_selector("[data-action=confirm]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    confirm.click();
    leptos::task::tick().await;
    assert_eq!(play.game.with_untracked(|g| g.slot(4)), Some(Slot::Blank));
    assert!(root
        .query_selector(r#"[data-ply="4"][data-slot="blank"]"#)
        .unwrap()
        .is_some());
    assert!(root
        .query_selector(r#"[data-ply="7"][data-slot="pending"]"#)
        .unwrap()
        .is_some());
}
