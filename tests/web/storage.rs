//! The real `localStorage` backend in a browser (wasm-bindgen-test): games
//! survive a reopen, and a full storage refuses the write but keeps the
//! previous copy.
//!
//! Run: `cargo test --target wasm32-unknown-unknown --test web storage::`
use chronochess::storage::{
    game_key, Backend, GameId, GameKind, GameStore, LocalStorageBackend, SaveRecord, StoreError,
    KEY_ROOT,
};
use serde_json::json;
use wasm_bindgen_test::wasm_bindgen_test;

const FILLER: &str = "storage-test-filler/";

fn clear(b: &mut LocalStorageBackend) {
    for key in b.keys().unwrap() {
        if key.starts_with(KEY_ROOT) || key.starts_with(FILLER) {
            b.remove(&key).unwrap();
        }
    }
}

fn game(payload_len: usize) -> SaveRecord {
    SaveRecord::new(
        GameId::parse("g1-0").unwrap(),
        GameKind::FiveD,
        "Browser game",
        "Standard",
        1,
        json!({"pgn": "e".repeat(payload_len)}),
    )
}

#[wasm_bindgen_test]
fn local_storage_keeps_games_and_refuses_writes_when_full() {
    let mut b = LocalStorageBackend::open().unwrap();
    clear(&mut b);

    let mut store = GameStore::open(b.clone()).unwrap();
    let small = game(10);
    store.save(&small).unwrap();
    let mut store = GameStore::open(b.clone()).unwrap();
    assert_eq!(store.load(&small.id).unwrap(), small);
    assert_eq!(
        b.get(&game_key(&small.id)).unwrap().unwrap(),
        small.to_json(),
        "stored as plain JSON, not re-encoded"
    );

    // Fill the storage with ever smaller chunks until nothing fits.
    let mut chunk = 1 << 20;
    let mut n = 0;
    while chunk >= 16 {
        if b.set(&format!("{FILLER}{n}"), &"x".repeat(chunk)).is_ok() {
            n += 1;
        } else {
            chunk /= 2;
        }
    }
    let big = game(4096);
    let result = store.save(&big);
    let previous = store.load(&small.id);
    clear(&mut b);
    assert!(matches!(result, Err(StoreError::Full { .. })), "{result:?}");
    assert_eq!(previous.unwrap(), small);
}
