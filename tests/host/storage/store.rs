//! The saved-games store on an in-memory backend: the promises the app makes
//! to its players (a game survives reloads; unreadable or newer data is kept
//! aside and reported, never deleted; a full storage loses nothing).

use chronochess::chess::Color;
use chronochess::storage::{
    game_key, Backend, GameId, GameKind, GameResult, GameStore, IssueKind, ListEntry, SaveRecord,
    Settings, StoreError, Theme, INDEX_KEY, QUARANTINE_PREFIX, SETTINGS_KEY,
};
use serde_json::json;

use crate::support::Shared;

fn game(id: &str, kind: GameKind, name: &str, updated_ms: u64) -> SaveRecord {
    let mut r = SaveRecord::new(
        GameId::parse(id).unwrap(),
        kind,
        name,
        "Standard",
        1_000,
        json!({"pgn": "1. (0T1)Pe2e3 / (0T1)Pf7f6", "staged": ["(0T2)Qd1h5"]}),
    );
    r.updated_ms = updated_ms;
    r
}

fn open(b: &Shared) -> GameStore<Shared> {
    GameStore::open(b.clone()).expect("memory backend is always available")
}

fn listed_names(store: &GameStore<Shared>) -> Vec<String> {
    store
        .list()
        .into_iter()
        .filter_map(|e| match e {
            ListEntry::Game(g) => Some(g.name),
            ListEntry::Damaged(_) => None,
        })
        .collect()
}

fn damaged(store: &GameStore<Shared>) -> Vec<chronochess::storage::StoreIssue> {
    store
        .list()
        .into_iter()
        .filter_map(|e| match e {
            ListEntry::Damaged(i) => Some(i),
            ListEntry::Game(_) => None,
        })
        .collect()
}

#[test]
fn save_load_round_trip_for_every_kind_survives_reload() {
    let b = Shared::default();
    let mut store = open(&b);
    let mut saved = Vec::new();
    for (n, kind) in GameKind::ALL.into_iter().enumerate() {
        let mut r = game(&format!("g{n}-0"), kind, kind.title(), 2_000 + n as u64);
        r.to_move = Color::Black;
        r.result = GameResult::Draw {
            reason: "agreement".into(),
        };
        store.save(&r).unwrap();
        assert_eq!(store.load(&r.id).unwrap(), r);
        saved.push(r);
    }
    let mut store = open(&b); // a page reload
    assert!(store.issues().is_empty(), "{:?}", store.issues());
    for r in &saved {
        assert_eq!(store.load(&r.id).unwrap(), *r);
    }
    assert_eq!(store.list().len(), 4);
}

#[test]
fn list_is_most_recent_first_and_updates_reorder_it() {
    let b = Shared::default();
    let mut store = open(&b);
    store.save(&game("a", GameKind::FiveD, "old", 10)).unwrap();
    store.save(&game("b", GameKind::FiveD, "new", 30)).unwrap();
    store.save(&game("c", GameKind::FiveD, "mid", 20)).unwrap();
    store
        .save(&game("d", GameKind::FiveD, "also mid", 20))
        .unwrap();
    assert_eq!(listed_names(&store), ["new", "also mid", "mid", "old"]);
    let mut old = store.load(&GameId::parse("a").unwrap()).unwrap();
    old.updated_ms = 40;
    store.save(&old).unwrap();
    assert_eq!(listed_names(&store), ["old", "new", "also mid", "mid"]);
    assert_eq!(listed_names(&open(&b)), ["old", "new", "also mid", "mid"]);
}

#[test]
fn rename_keeps_update_time_and_persists() {
    let b = Shared::default();
    let mut store = open(&b);
    let r = game("g1-0", GameKind::TimeTraveling, "Before", 77);
    store.save(&r).unwrap();
    store.rename(&r.id, "After").unwrap();
    let mut store = open(&b);
    let loaded = store.load(&r.id).unwrap();
    assert_eq!(loaded.name, "After");
    assert_eq!(loaded.updated_ms, 77);
    assert_eq!(loaded.payload, r.payload);
    assert!(b.raw(INDEX_KEY).unwrap().contains("\"After\""));
    assert!(matches!(
        store.rename(&r.id, "   "),
        Err(StoreError::BadName(_))
    ));
    assert!(matches!(
        store.rename(&GameId::parse("nope").unwrap(), "x"),
        Err(StoreError::NotFound { .. })
    ));
}

#[test]
fn delete_then_undo_and_restore_survive_reload() {
    let b = Shared::default();
    let mut store = open(&b);
    for (id, name) in [("a", "A"), ("b", "B"), ("c", "C")] {
        store.save(&game(id, GameKind::FiveD, name, 1)).unwrap();
    }
    let a = GameId::parse("a").unwrap();
    let c = GameId::parse("c").unwrap();
    store.delete(&a).unwrap();
    store.delete(&c).unwrap();
    assert_eq!(listed_names(&store), ["B"]);
    // The bin survives a reload, most recent first.
    let mut store = open(&b);
    let bin: Vec<_> = store.bin().into_iter().map(|g| g.summary.name).collect();
    assert_eq!(bin, ["C", "A"]);
    assert!(matches!(
        store.save(&game("a", GameKind::FiveD, "A", 2)),
        Err(StoreError::InBin { .. })
    ));
    assert_eq!(store.undo_delete().unwrap(), Some(c.clone()));
    assert_eq!(listed_names(&store), ["B", "C"]);
    store.restore(&a).unwrap();
    assert!(matches!(
        store.restore(&a),
        Err(StoreError::NotInBin { .. })
    ));
    assert_eq!(store.undo_delete().unwrap(), None);
    let mut store = open(&b);
    assert_eq!(listed_names(&store), ["A", "B", "C"]);
    assert_eq!(store.load(&a).unwrap().name, "A");
}

#[test]
fn bin_purges_after_capacity_later_deletes_or_on_request() {
    let b = Shared::default();
    let mut store = open(&b);
    store.set_bin_capacity(2);
    for n in 0..5 {
        store
            .save(&game(
                &format!("g{n}"),
                GameKind::Branching,
                &format!("G{n}"),
                n,
            ))
            .unwrap();
    }
    let id = |n: u32| GameId::parse(&format!("g{n}")).unwrap();
    store.delete(&id(0)).unwrap();
    store.delete(&id(1)).unwrap();
    assert!(b.raw(&game_key(&id(0))).is_some(), "kept for undo");
    store.delete(&id(2)).unwrap(); // two later deletes: g0 goes
    assert!(b.raw(&game_key(&id(0))).is_none());
    assert!(store.summary(&id(0)).is_none());
    assert_eq!(store.bin().len(), 2);
    assert!(matches!(
        store.purge(&id(3)),
        Err(StoreError::NotInBin { .. })
    ));
    store.purge(&id(1)).unwrap();
    assert!(b.raw(&game_key(&id(1))).is_none());
    assert_eq!(store.empty_bin().unwrap(), 1);
    assert!(store.bin().is_empty());
    assert_eq!(b.keys_under("chronochess/v1/game/").len(), 2);
    let store = open(&b);
    assert!(store.issues().is_empty(), "{:?}", store.issues());
    assert_eq!(listed_names(&store), ["G4", "G3"]);
}

#[test]
fn corrupt_record_is_kept_aside_listed_and_never_deleted() {
    let b = Shared::default();
    let mut store = open(&b);
    store
        .save(&game("g1-0", GameKind::FiveD, "Friday match", 5))
        .unwrap();
    store
        .save(&game("g2-0", GameKind::Chessgi, "Other", 6))
        .unwrap();
    let key = game_key(&GameId::parse("g1-0").unwrap());
    let garbage = "{\"version\":1, oops";
    b.put(&key, garbage);

    let store = open(&b);
    let rows = damaged(&store);
    assert_eq!(rows.len(), 1);
    let issue = &rows[0];
    assert_eq!(issue.kind, IssueKind::DamagedGame);
    assert_eq!(issue.key, key);
    let aside = format!("{QUARANTINE_PREFIX}v1/game/g1-0");
    assert_eq!(issue.kept_as.as_deref(), Some(aside.as_str()));
    assert!(
        issue.what.starts_with(
            "the saved game 'Friday match' could not be read: JSON error at line 1 column 15"
        ),
        "{}",
        issue.what
    );
    assert!(
        issue.what.ends_with(&format!("kept aside as {aside}")),
        "{}",
        issue.what
    );
    // Not lost: the exact text is kept; the other game is untouched.
    assert_eq!(b.raw(&aside).as_deref(), Some(garbage));
    assert_eq!(b.raw(&key), None);
    assert_eq!(listed_names(&store), ["Other"]);
    assert_eq!(store.read_kept_aside(&aside).unwrap(), garbage);

    // Later sessions keep reporting it (and still never delete it).
    let mut store = open(&b);
    let rows = damaged(&store);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].kind, IssueKind::KeptAside);
    assert!(
        rows[0]
            .what
            .contains("could not be read: JSON error at line 1 column 15"),
        "{}",
        rows[0].what
    );
    // A second damaged copy of the same key does not overwrite the first.
    b.put(&key, "also broken");
    let store2 = open(&b);
    assert_eq!(b.raw(&aside).as_deref(), Some(garbage));
    assert_eq!(b.raw(&format!("{aside}~2")).as_deref(), Some("also broken"));
    assert_eq!(damaged(&store2).len(), 2);
    // Only an explicit request removes a kept entry.
    store.discard_kept_aside(&aside).unwrap();
    assert_eq!(b.raw(&aside), None);
    assert!(matches!(
        store.discard_kept_aside(SETTINGS_KEY),
        Err(StoreError::NotKeptAside { .. })
    ));
}

#[test]
fn wrong_shape_and_wrong_id_are_kept_aside_with_the_reason() {
    let b = Shared::default();
    b.put(
        "chronochess/v1/game/g5-0",
        r#"{"version":1,"id":"g5-0","kind":"five_d"}"#,
    );
    let mut other = game("g7-0", GameKind::FiveD, "Moved", 1).to_json();
    other = other.replace("g7-0", "g8-0");
    b.put("chronochess/v1/game/g7-0", &other);
    b.put("chronochess/v1/game/bad id!", "{}");
    let store = open(&b);
    let whats: Vec<String> = damaged(&store).into_iter().map(|i| i.what).collect();
    assert_eq!(whats.len(), 3, "{whats:?}");
    assert!(whats
        .iter()
        .any(|w| w.contains("its key is not a valid game id")));
    assert!(whats.iter().any(|w| w.contains("missing field `name`")));
    assert!(whats
        .iter()
        .any(|w| w.contains("it says it is game g8-0 but is stored as g7-0")));
    assert_eq!(b.keys_under(QUARANTINE_PREFIX).len(), 3);
    assert!(b.keys_under("chronochess/v1/game/").is_empty());
}

#[test]
fn record_from_a_newer_version_is_kept_unchanged_and_never_overwritten() {
    let b = Shared::default();
    let key = "chronochess/v1/game/g9-0";
    let newer = r#"{"version":2,"id":"g9-0","hyperspace":true}"#;
    b.put(key, newer);
    let mut store = open(&b);
    let rows = damaged(&store);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].kind, IssueKind::NewerGame);
    assert_eq!(
        rows[0].what,
        "the saved game g9-0 was saved by a newer Chronochess (format 2); kept unchanged"
    );
    assert_eq!(rows[0].kept_as.as_deref(), Some(key));
    let id = GameId::parse("g9-0").unwrap();
    assert!(matches!(
        store.save(&game("g9-0", GameKind::FiveD, "x", 1)),
        Err(StoreError::HeldAside { .. })
    ));
    assert!(matches!(store.load(&id), Err(StoreError::HeldAside { .. })));
    assert_eq!(store.fresh_id(9).as_str(), "g9-1");
    // An import with that id gets a new one instead.
    let text = game("g9-0", GameKind::FiveD, "Imported", 1).to_json();
    assert_eq!(store.import(&text, 9).unwrap().as_str(), "g9-1");
    let _ = open(&b);
    assert_eq!(b.raw(key).as_deref(), Some(newer));
    assert!(b.keys_under(QUARANTINE_PREFIX).is_empty());
}

#[test]
fn full_storage_refuses_the_write_and_keeps_the_previous_copy() {
    let b = Shared::default();
    let mut store = open(&b);
    let mut r = game("g1-0", GameKind::FiveD, "Long game", 1);
    store.save(&r).unwrap();
    store
        .save(&game("g2-0", GameKind::FiveD, "Binned", 1))
        .unwrap();
    store.delete(&GameId::parse("g2-0").unwrap()).unwrap();
    let used = b.0.borrow().used_bytes();
    b.0.borrow_mut().set_quota(Some(used + 10));

    r.payload = json!({"pgn": "x".repeat(500)});
    r.updated_ms = 2;
    let e = store.save(&r).unwrap_err();
    match &e {
        StoreError::Full { key, in_bin, .. } => {
            assert_eq!(key, "chronochess/v1/game/g1-0");
            assert_eq!(*in_bin, 1);
        }
        other => panic!("expected Full, got {other:?}"),
    }
    let shown = e.to_string();
    assert!(
        shown.contains("everything saved before is intact"),
        "{shown}"
    );
    assert!(
        shown.contains("emptying the bin (1 deleted games)"),
        "{shown}"
    );
    let previous = game("g1-0", GameKind::FiveD, "Long game", 1);
    assert_eq!(store.load(&r.id).unwrap(), previous);
    assert_eq!(store.summary(&r.id).unwrap().updated_ms, 1);
    // A new game is refused too, and leaves nothing behind.
    let mut big = game("g3-0", GameKind::FiveD, "New", 3);
    big.payload = json!({"pgn": "y".repeat(500)});
    assert!(matches!(store.save(&big), Err(StoreError::Full { .. })));
    assert!(store.summary(&big.id).is_none());
    // Making room lets the save through.
    store.empty_bin().unwrap();
    let used = b.0.borrow().used_bytes();
    b.0.borrow_mut().set_quota(Some(used + 600));
    store.save(&r).unwrap();
    let mut store = open(&b);
    assert_eq!(store.load(&r.id).unwrap(), r);
    assert!(store.issues().is_empty());
}

#[test]
fn settings_round_trip_and_damaged_settings_are_kept_aside() {
    let b = Shared::default();
    let mut store = open(&b);
    assert_eq!(store.settings(), &Settings::default());
    let s = Settings {
        theme: Theme::Dark,
        piece_set: "merida".into(),
        ..Settings::default()
    };
    store.save_settings(&s).unwrap();
    assert_eq!(open(&b).settings(), &s);

    b.put(SETTINGS_KEY, "not json");
    let store = open(&b);
    assert_eq!(store.settings(), &Settings::default());
    let issue = &store.issues()[0];
    assert_eq!(issue.kind, IssueKind::DamagedSettings);
    assert!(issue
        .what
        .contains("the settings could not be read: JSON error at line 1 column 2"));
    assert!(
        issue.what.ends_with("Default settings apply"),
        "{}",
        issue.what
    );
    assert_eq!(
        b.raw("chronochess/quarantine/v1/settings").as_deref(),
        Some("not json")
    );
    assert!(damaged(&store).is_empty(), "settings are not a game row");
}

#[test]
fn damaged_index_is_kept_aside_and_rebuilt_from_the_records() {
    let b = Shared::default();
    let mut store = open(&b);
    store
        .save(&game("g1-0", GameKind::FiveD, "One", 1))
        .unwrap();
    store
        .save(&game("g2-0", GameKind::FiveD, "Two", 2))
        .unwrap();
    store.delete(&GameId::parse("g2-0").unwrap()).unwrap();
    b.put(INDEX_KEY, "[]");
    let store = open(&b);
    assert_eq!(store.issues()[0].kind, IssueKind::DamagedIndex);
    assert!(store.issues()[0]
        .what
        .contains("could not be read: expected a JSON object, found an array"));
    assert_eq!(
        listed_names(&store),
        ["Two", "One"],
        "binned game is back, not lost"
    );
    assert_eq!(
        b.raw("chronochess/quarantine/v1/index").as_deref(),
        Some("[]")
    );
    assert!(b.raw(INDEX_KEY).unwrap().starts_with("{\"version\":1"));
}

#[test]
fn index_entry_without_record_is_reported_and_stray_records_adopted() {
    let b = Shared::default();
    let mut store = open(&b);
    store
        .save(&game("g1-0", GameKind::FiveD, "Gone", 1))
        .unwrap();
    b.0.borrow_mut().remove("chronochess/v1/game/g1-0").unwrap();
    // A record written by another tab, unknown to this index.
    b.put(
        "chronochess/v1/game/g2-0",
        &game("g2-0", GameKind::FiveD, "From another tab", 2).to_json(),
    );
    let store = open(&b);
    let rows = damaged(&store);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].kind, IssueKind::MissingGame);
    assert!(rows[0]
        .what
        .contains("'Gone' was listed but its record is gone"));
    assert_eq!(listed_names(&store), ["From another tab"]);
    // The index was repaired: the next session has nothing to report.
    assert!(open(&b).issues().is_empty());
}

#[test]
fn record_damaged_after_open_is_kept_aside_on_load() {
    let b = Shared::default();
    let mut store = open(&b);
    let r = game("g1-0", GameKind::FiveD, "Fragile", 1);
    store.save(&r).unwrap();
    b.put(&game_key(&r.id), "");
    match store.load(&r.id) {
        Err(StoreError::Damaged(issue)) => {
            assert!(issue
                .what
                .contains("'Fragile' could not be read: the text is empty"));
        }
        other => panic!("expected Damaged, got {other:?}"),
    }
    assert!(listed_names(&store).is_empty());
    assert_eq!(damaged(&store).len(), 1);
    assert_eq!(
        b.raw("chronochess/quarantine/v1/game/g1-0").as_deref(),
        Some("")
    );
}

#[test]
fn no_room_to_move_a_damaged_record_keeps_it_in_place() {
    let b = Shared::default();
    b.put("chronochess/v1/game/g1-0", "broken");
    b.0.borrow_mut().set_quota(Some(0));
    let mut store = open(&b);
    let rows = damaged(&store);
    assert_eq!(rows.len(), 1);
    assert!(
        rows[0].what.contains("kept aside where it is"),
        "{}",
        rows[0].what
    );
    assert_eq!(b.raw("chronochess/v1/game/g1-0").as_deref(), Some("broken"));
    assert!(matches!(
        store.save(&game("g1-0", GameKind::FiveD, "x", 1)),
        Err(StoreError::HeldAside { .. })
    ));
}

#[test]
fn kept_aside_record_that_reads_now_can_be_recovered() {
    let b = Shared::default();
    let r = game("g1-0", GameKind::Branching, "Back", 4);
    b.put("chronochess/quarantine/v1/game/g1-0", &r.to_json());
    let mut store = open(&b);
    assert!(damaged(&store)[0].what.contains("reads correctly now"));
    let id = store
        .recover_kept_aside("chronochess/quarantine/v1/game/g1-0", 50)
        .unwrap();
    assert_eq!(id, r.id);
    assert_eq!(store.load(&id).unwrap(), r);
    assert!(damaged(&store).is_empty());
    assert!(b.keys_under(QUARANTINE_PREFIX).is_empty());
}

#[test]
fn foreign_keys_are_left_alone() {
    let b = Shared::default();
    b.put("other-app/state", "x");
    b.put("chronochess/v2/whatever", "y");
    b.put("chronochess/v1/mystery", "z");
    let store = open(&b);
    assert_eq!(store.issues().len(), 1);
    assert_eq!(store.issues()[0].kind, IssueKind::Unrecognised);
    assert_eq!(b.raw("other-app/state").as_deref(), Some("x"));
    assert_eq!(b.raw("chronochess/v2/whatever").as_deref(), Some("y"));
    assert_eq!(b.raw("chronochess/v1/mystery").as_deref(), Some("z"));
}

#[test]
fn a_game_another_tab_restored_is_not_purged() {
    let b = Shared::default();
    let mut tab_a = open(&b);
    let x = game("g1-0", GameKind::FiveD, "Keep me", 1);
    tab_a.save(&x).unwrap();
    tab_a.delete(&x.id).unwrap();
    let mut tab_b = open(&b);
    tab_b.restore(&x.id).unwrap();
    assert!(matches!(
        tab_a.purge(&x.id),
        Err(StoreError::NotInBin { .. })
    ));
    assert_eq!(tab_a.empty_bin().unwrap(), 0);
    assert_eq!(listed_names(&tab_a), ["Keep me"]);
    assert_eq!(open(&b).load(&x.id).unwrap(), x);
}

#[test]
fn a_record_from_before_the_clock_loads_untimed_and_a_clock_survives_reload() {
    let b = Shared::default();
    let mut store = open(&b);
    let mut timed = game("g5-0", GameKind::TimeTraveling, "Timed", 2_000);
    timed.clock = Some(json!({"control": {"base_ms": 300000, "bonus_ms": 5000}}));
    store.save(&timed).unwrap();
    assert_eq!(open(&b).load(&timed.id).unwrap().clock, timed.clock);
    // The same game as a version before the clock wrote it, verbatim.
    let old = r#"{"version":1,"id":"g5-0","kind":"time_traveling","name":"Timed","variant":"Standard","created_ms":1000,"updated_ms":2000,"to_move":"White","result":{"state":"ongoing"},"payload":{"pgn":""}}"#;
    let mut backend = b.clone();
    backend.set(&game_key(&timed.id), old).unwrap();
    let loaded = open(&b).load(&timed.id).unwrap();
    assert_eq!(loaded.clock, None);
    assert_eq!(loaded.name, "Timed");
}
