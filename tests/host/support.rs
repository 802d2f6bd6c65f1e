//! Helpers the host tests share: squares by name, a seeded random source, the
//! canonical 5dpgn text of engine moves (`notation::export`), and an in-memory
//! storage backend that the test and the store (or two "tabs") both see.

use std::cell::RefCell;
use std::rc::Rc;

use chronochess::chess::Square;
use chronochess::fived::{Move, Multiverse};
use chronochess::notation::ast::MoveText;
use chronochess::storage::{Backend, BackendError, MemoryBackend};

/// A square by its name (`"e4"`).
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// A splitmix64 random source (Steele, Lea, Flood 2014), seeded, so every
/// test run plays the same games.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The canonical text of a move (the library's exporter; a generated move
/// always starts on a piece).
pub fn canonical_move(m: &Multiverse, mv: &Move) -> MoveText {
    chronochess::notation::export::move_text(m, mv).expect("a generated move starts on a piece")
}

/// One backend seen by the store and by the test (or by two "tabs").
#[derive(Clone, Default)]
pub struct Shared(pub Rc<RefCell<MemoryBackend>>);

impl Backend for Shared {
    fn get(&self, key: &str) -> Result<Option<String>, BackendError> {
        self.0.borrow().get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), BackendError> {
        self.0.borrow_mut().set(key, value)
    }
    fn remove(&mut self, key: &str) -> Result<(), BackendError> {
        self.0.borrow_mut().remove(key)
    }
    fn keys(&self) -> Result<Vec<String>, BackendError> {
        self.0.borrow().keys()
    }
}

impl Shared {
    /// The raw text stored under `key`.
    pub fn raw(&self, key: &str) -> Option<String> {
        self.0.borrow().get(key).unwrap()
    }
    /// Stores `value` under `key` behind the store's back.
    pub fn put(&self, key: &str, value: &str) {
        self.0.borrow_mut().set(key, value).unwrap();
    }
    /// Every key that starts with `prefix`, sorted.
    pub fn keys_under(&self, prefix: &str) -> Vec<String> {
        let mut keys: Vec<String> = self
            .0
            .borrow()
            .keys()
            .unwrap()
            .into_iter()
            .filter(|k| k.starts_with(prefix))
            .collect();
        keys.sort();
        keys
    }
}
