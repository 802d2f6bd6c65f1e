//! Browser tests of the Time Traveling Chess screen's hooks (`data-sq`,
//! `data-ply`, `data-slot`, `data-action`). The play state (modes, candidate
//! moves, previews, the save record) is tested on the host in
//! `play::time_traveling`.

use crate::support::{container, sq};
use chronochess::games::time_traveling::{Action, Slot, TimeTravelingChess};
use chronochess::play::Spot;
use chronochess::ui::nav::Nav;
use chronochess::ui::saves::Saves;
use chronochess::ui::time_traveling::play::TtPlay;
use chronochess::ui::time_traveling::{TimeTravelingScreen, TtNav};
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
async fn clicks_replace_a_move_after_a_confirmation_and_the_timeline_shows_the_blank() {
    let root = container();
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
            None,
            None,
        );
        play_cell.set(tt.open.get_untracked().map(|a| a.play));
        view! { <TimeTravelingScreen /> }
    });
    leptos::task::tick().await;
    let play = play_cell.get_untracked().expect("the game is open");
    assert_eq!(
        root.query_selector_all(".tt-board [data-sq]")
            .unwrap()
            .length(),
        64
    );
    assert!(root
        .query_selector(r#"[data-ply="3"] .tt-upg"#)
        .unwrap()
        .is_some());
    play.look_at(Some(3));
    play.press(Spot::main(sq("h1")));
    leptos::task::tick().await;
    assert!(root
        .query_selector(r#".tt-board [data-sq="h3"].dest"#)
        .unwrap()
        .is_some());
    play.press(Spot::main(sq("h3")));
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
    assert_eq!(play.with_game_untracked(|g| g.slot(4)), Some(Slot::Blank));
    assert!(root
        .query_selector(r#"[data-ply="4"][data-slot="blank"]"#)
        .unwrap()
        .is_some());
    assert!(root
        .query_selector(r#"[data-ply="7"][data-slot="pending"]"#)
        .unwrap()
        .is_some());
}
