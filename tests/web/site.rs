//! Browser tests of the site's two pages: which page opens which kind of saved
//! game, and that every link between them is relative (the site works at `/`
//! and under GitHub Pages' `/chronochess/`).
use chronochess::storage::{GameId, GameKind};
use chronochess::ui::site::{Page, OTHER_GAMES_DIR};
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn every_kind_has_a_page_and_links_are_relative() {
    let id = GameId::parse("g1").unwrap();
    assert_eq!(Page::FiveD.game_url(GameKind::FiveD, &id), "./#game=g1");
    assert_eq!(
        Page::FiveD.game_url(GameKind::Chessgi, &id),
        "./games/#game=g1"
    );
    assert_eq!(
        Page::OtherGames.game_url(GameKind::FiveD, &id),
        "../#game=g1"
    );
    assert_eq!(
        Page::OtherGames.game_url(GameKind::Branching, &id),
        "./#game=g1"
    );
    assert_eq!(Page::of(GameKind::TimeTraveling), Page::OtherGames);
    assert_eq!(Page::of(GameKind::FiveD), Page::FiveD);
    assert!(Page::FiveD
        .url_to(Page::OtherGames)
        .ends_with(OTHER_GAMES_DIR));
}

#[wasm_bindgen_test]
fn without_an_app_the_page_is_the_5d_one() {
    assert_eq!(Page::current(), Page::FiveD);
}

#[wasm_bindgen_test]
fn the_other_games_are_named_by_distinct_slugs_and_live_on_the_other_page() {
    for g in chronochess::ui::site::OTHER_GAMES {
        assert_eq!(Page::of(g.kind), Page::OtherGames, "{}", g.name);
        assert_eq!(chronochess::ui::site::other_game(g.slug), Some(&g));
    }
    assert_eq!(chronochess::ui::site::other_game("standard"), None);
}
