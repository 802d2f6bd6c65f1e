//! Random sequences of store operations (with storage filling up and page
//! reloads) against a model: the index stays consistent with the records and
//! no game that was not deleted is ever lost or changed.
use std::collections::BTreeMap;

use chronochess::storage::{
    game_key, Backend, GameId, GameKind, GameStore, IssueKind, ListEntry, SaveRecord, StoreError,
    GAME_KEY_PREFIX, INDEX_KEY, QUARANTINE_PREFIX,
};
use proptest::prelude::*;
use serde_json::{json, Value};

use crate::support::Shared;

const NAMES: [&str; 4] = ["Friday", "Rematch", "Friday", "Long one"];
const BIN_CAPACITY: usize = 3;

#[derive(Debug, Clone)]
enum Op {
    New {
        name: usize,
        kind: usize,
        size: usize,
    },
    Update {
        pick: usize,
        size: usize,
    },
    Rename {
        pick: usize,
        name: usize,
    },
    Delete {
        pick: usize,
    },
    Undo,
    Restore {
        pick: usize,
    },
    Purge {
        pick: usize,
    },
    EmptyBin,
    /// `None` lifts the quota; `Some(slack)` allows `slack` more bytes.
    Quota(Option<usize>),
    Reopen,
    /// A record is damaged outside the app (then the page reloads).
    Corrupt {
        pick: usize,
    },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0..NAMES.len(), 0..4usize, 0..300usize)
            .prop_map(|(name, kind, size)| Op::New { name, kind, size }),
        4 => (any::<usize>(), 0..300usize).prop_map(|(pick, size)| Op::Update { pick, size }),
        2 => (any::<usize>(), 0..NAMES.len()).prop_map(|(pick, name)| Op::Rename { pick, name }),
        3 => any::<usize>().prop_map(|pick| Op::Delete { pick }),
        1 => Just(Op::Undo),
        1 => any::<usize>().prop_map(|pick| Op::Restore { pick }),
        1 => any::<usize>().prop_map(|pick| Op::Purge { pick }),
        1 => Just(Op::EmptyBin),
        2 => prop::option::of(0..400usize).prop_map(Op::Quota),
        2 => Just(Op::Reopen),
        1 => any::<usize>().prop_map(|pick| Op::Corrupt { pick }),
    ]
}

/// What must be true of storage: every game saved and not deleted, with its
/// last successfully saved content; the bin with its order.
#[derive(Default)]
struct Model {
    games: BTreeMap<GameId, (SaveRecord, Option<u64>)>,
    next_deletion: u64,
    /// Texts of damaged records: each must stay somewhere under quarantine.
    kept_aside: Vec<String>,
}

impl Model {
    fn pick(&self, n: usize) -> Option<GameId> {
        if self.games.is_empty() {
            return None;
        }
        self.games.keys().nth(n % self.games.len()).cloned()
    }

    fn bin(&self) -> Vec<(u64, GameId)> {
        let mut bin: Vec<(u64, GameId)> = self
            .games
            .iter()
            .filter_map(|(id, (_, d))| d.map(|d| (d, id.clone())))
            .collect();
        bin.sort_by(|a, b| b.cmp(a));
        bin
    }

    fn live_in_list_order(&self) -> Vec<GameId> {
        let mut live: Vec<&SaveRecord> = self
            .games
            .values()
            .filter(|(_, d)| d.is_none())
            .map(|(r, _)| r)
            .collect();
        live.sort_by(|a, b| {
            b.updated_ms
                .cmp(&a.updated_ms)
                .then_with(|| a.name.cmp(&b.name))
                .then_with(|| a.id.cmp(&b.id))
        });
        live.into_iter().map(|r| r.id.clone()).collect()
    }
}

fn payload(size: usize) -> Value {
    json!({"pgn": "e".repeat(size)})
}

fn check(store: &GameStore<Shared>, b: &Shared, model: &Model) -> Result<(), TestCaseError> {
    // The list shows exactly the live games, in order, and nothing damaged.
    let mut listed = Vec::new();
    let mut damaged = 0;
    for entry in store.list() {
        match entry {
            ListEntry::Game(g) => listed.push(g.id),
            ListEntry::Damaged(i) => {
                prop_assert!(
                    matches!(i.kind, IssueKind::DamagedGame | IssueKind::KeptAside),
                    "{:?}",
                    i
                );
                damaged += 1;
            }
        }
    }
    prop_assert_eq!(listed, model.live_in_list_order());
    prop_assert_eq!(damaged, model.kept_aside.len());
    let bin: Vec<GameId> = store.bin().into_iter().map(|g| g.summary.id).collect();
    let model_bin: Vec<GameId> = model.bin().into_iter().map(|(_, id)| id).collect();
    prop_assert_eq!(bin, model_bin);

    // Every game (live or in the bin) is stored with its last saved content.
    let backend = b.0.borrow();
    for (id, (record, _)) in &model.games {
        let text = backend.get(&game_key(id)).unwrap();
        prop_assert!(text.is_some(), "game {} lost", id);
        let stored = SaveRecord::from_json(&text.unwrap()).unwrap();
        prop_assert_eq!(&stored, record);
        prop_assert_eq!(store.summary(id), Some(&record.summary()));
    }
    // No other record exists.
    let record_keys: Vec<String> = backend
        .keys()
        .unwrap()
        .into_iter()
        .filter(|k| k.starts_with(GAME_KEY_PREFIX))
        .collect();
    prop_assert_eq!(record_keys.len(), model.games.len());

    // The stored index never names a record that is gone, and its bin is the
    // model's bin (deletes and restores only count once the index is written).
    if let Some(text) = backend.get(INDEX_KEY).unwrap() {
        let index: Value = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(&index["version"], &json!(1));
        for entry in index["games"].as_array().unwrap() {
            let id = GameId::parse(entry["id"].as_str().unwrap()).unwrap();
            prop_assert!(
                backend.get(&game_key(&id)).unwrap().is_some(),
                "index names missing record {}",
                id
            );
            let deleted = entry.get("deleted").and_then(Value::as_u64);
            let expected = model.games.get(&id).and_then(|(_, d)| *d);
            prop_assert_eq!(deleted, expected, "bin state of {}", id);
        }
        for (d, id) in model.bin() {
            let found = index["games"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["id"] == json!(id.as_str()) && e["deleted"] == json!(d));
            prop_assert!(found, "binned game {} missing from the index", id);
        }
    } else {
        prop_assert!(model.bin().is_empty());
    }
    prop_assert_eq!(store.issues().len(), model.kept_aside.len());

    // Damaged records are all still there, untouched, under quarantine.
    let mut aside: Vec<String> = backend
        .entries()
        .filter(|(k, _)| k.starts_with(QUARANTINE_PREFIX))
        .map(|(_, v)| v.to_string())
        .collect();
    let mut expected = model.kept_aside.clone();
    aside.sort();
    expected.sort();
    prop_assert_eq!(aside, expected);
    Ok(())
}

fn run(ops: &[Op]) -> Result<(), TestCaseError> {
    let b = Shared::default();
    let mut store = GameStore::open(b.clone()).unwrap();
    store.set_bin_capacity(BIN_CAPACITY);
    let mut model = Model::default();
    let mut clock = 1_000u64;
    for op in ops {
        clock += 1;
        match op {
            Op::New { name, kind, size } => {
                let id = store.fresh_id(clock);
                let r = SaveRecord::new(
                    id.clone(),
                    GameKind::ALL[*kind],
                    NAMES[*name],
                    "Standard",
                    clock,
                    payload(*size),
                );
                match store.save(&r) {
                    Ok(()) => {
                        model.games.insert(id, (r, None));
                    }
                    Err(StoreError::Full { .. }) => {}
                    Err(e) => return Err(TestCaseError::fail(format!("new: {e}"))),
                }
            }
            Op::Update { pick, size } => {
                let Some(id) = model.pick(*pick) else {
                    continue;
                };
                let (old, deleted) = model.games[&id].clone();
                let mut r = old.clone();
                r.updated_ms = clock;
                r.payload = payload(*size);
                match (store.save(&r), deleted) {
                    (Ok(()), None) => {
                        model.games.insert(id, (r, None));
                    }
                    (Err(StoreError::Full { .. }), None)
                    | (Err(StoreError::InBin { .. }), Some(_)) => {}
                    (other, _) => return Err(TestCaseError::fail(format!("update: {other:?}"))),
                }
            }
            Op::Rename { pick, name } => {
                let Some(id) = model.pick(*pick) else {
                    continue;
                };
                match (store.rename(&id, NAMES[*name]), model.games[&id].1) {
                    (Ok(()), None) => {
                        model.games.get_mut(&id).unwrap().0.name = NAMES[*name].to_string();
                    }
                    (Err(StoreError::Full { .. }), None)
                    | (Err(StoreError::InBin { .. }), Some(_)) => {}
                    (other, _) => return Err(TestCaseError::fail(format!("rename: {other:?}"))),
                }
            }
            Op::Delete { pick } => {
                let Some(id) = model.pick(*pick) else {
                    continue;
                };
                match (store.delete(&id), model.games[&id].1) {
                    (Ok(()), None) => {
                        model.games.get_mut(&id).unwrap().1 = Some(model.next_deletion);
                        model.next_deletion += 1;
                        for (_, old) in model.bin().into_iter().skip(BIN_CAPACITY) {
                            model.games.remove(&old);
                        }
                    }
                    (Err(StoreError::Full { .. }), None)
                    | (Err(StoreError::InBin { .. }), Some(_)) => {}
                    (other, _) => return Err(TestCaseError::fail(format!("delete: {other:?}"))),
                }
            }
            Op::Undo => {
                let expected = model.bin().first().map(|(_, id)| id.clone());
                match store.undo_delete() {
                    Ok(restored) => {
                        prop_assert_eq!(&restored, &expected);
                        if let Some(id) = restored {
                            model.games.get_mut(&id).unwrap().1 = None;
                        }
                    }
                    Err(StoreError::Full { .. }) => {}
                    Err(e) => return Err(TestCaseError::fail(format!("undo: {e}"))),
                }
            }
            Op::Restore { pick } => {
                let Some(id) = model.pick(*pick) else {
                    continue;
                };
                match (store.restore(&id), model.games[&id].1) {
                    (Ok(()), Some(_)) => model.games.get_mut(&id).unwrap().1 = None,
                    (Err(StoreError::Full { .. }), Some(_))
                    | (Err(StoreError::NotInBin { .. }), None) => {}
                    (other, _) => return Err(TestCaseError::fail(format!("restore: {other:?}"))),
                }
            }
            Op::Purge { pick } => {
                let Some(id) = model.pick(*pick) else {
                    continue;
                };
                match (store.purge(&id), model.games[&id].1) {
                    (Ok(()), Some(_)) => {
                        model.games.remove(&id);
                    }
                    (Err(StoreError::NotInBin { .. }), None) => {}
                    (other, _) => return Err(TestCaseError::fail(format!("purge: {other:?}"))),
                }
            }
            Op::EmptyBin => {
                let n = store
                    .empty_bin()
                    .map_err(|e| TestCaseError::fail(format!("empty bin: {e}")))?;
                prop_assert_eq!(n, model.bin().len());
                model.games.retain(|_, (_, d)| d.is_none());
            }
            Op::Quota(slack) => {
                let used = b.0.borrow().used_bytes();
                b.0.borrow_mut().set_quota(slack.map(|s| used + s));
            }
            Op::Reopen => {
                store = GameStore::open(b.clone()).unwrap();
                store.set_bin_capacity(BIN_CAPACITY);
            }
            Op::Corrupt { pick } => {
                let Some(id) = model.pick(*pick) else {
                    continue;
                };
                let (record, _) = model.games.remove(&id).unwrap();
                let text = record.to_json();
                let damaged = text[..text.len() / 2].to_string();
                // With room to move it aside (no room is tested elsewhere).
                let quota = b.0.borrow().quota();
                b.0.borrow_mut().set_quota(None);
                b.0.borrow_mut().set(&game_key(&id), &damaged).unwrap();
                store = GameStore::open(b.clone()).unwrap();
                store.set_bin_capacity(BIN_CAPACITY);
                b.0.borrow_mut().set_quota(quota);
                model.kept_aside.push(damaged);
            }
        }
        check(&store, &b, &model)?;
    }
    // A final reload with room to spare sees exactly the model.
    b.0.borrow_mut().set_quota(None);
    let store = GameStore::open(b.clone()).unwrap();
    check(&store, &b, &model)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_operations_never_lose_a_game(ops in prop::collection::vec(op(), 1..100)) {
        run(&ops)?;
    }
}
