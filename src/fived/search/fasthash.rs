//! A cheap hasher for the search's own maps (phase 2's kept reasons per
//! context, the pair and set tests' witnesses). Their keys are small
//! integers and short lists of board indices that the search makes itself,
//! so the keyed SipHash of `std`'s `RandomState` (a defence against keys
//! chosen to collide) buys nothing there and cost a few per cent of the
//! sibling tests of phase 2 (`siblings.rs`), more in WASM. The maps are
//! only looked up, never walked, so the hasher changes no search result.
//!
//! The mixing step is the multiply-rotate of rustc's `FxHasher` (a fact
//! about a well-known hash; written here from that description).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` with [`FastHasher`].
pub(super) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// The multiply-rotate hasher (see the module docs).
#[derive(Default, Clone, Copy)]
pub(super) struct FastHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn write_i32(&mut self, i: i32) {
        self.add(u64::from(i as u32));
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    /// The shape of `orders.rs`'s key.
    type Key = (usize, i32, (i32, i32), Vec<usize>);

    fn hash<T: Hash>(t: &T) -> u64 {
        BuildHasherDefault::<FastHasher>::default().hash_one(t)
    }

    #[test]
    fn equal_keys_hash_alike_and_near_keys_apart() {
        let key = |r: Vec<usize>| -> Key { (3, 7, (-2, 4), r) };
        assert_eq!(hash(&key(vec![1, 5])), hash(&key(vec![1, 5])));
        let mut seen = std::collections::HashSet::new();
        for a in 0..40usize {
            for b in 0..40usize {
                assert!(seen.insert(hash(&key(vec![a, b]))), "{a} {b} collide");
            }
        }
        // The map finds what was put in it.
        let mut m: FastMap<Key, usize> = FastMap::default();
        for a in 0..100usize {
            m.insert(key(vec![a]), a);
        }
        for a in 0..100usize {
            assert_eq!(m.get(&key(vec![a])), Some(&a));
        }
        assert_eq!(m.get(&key(vec![100])), None);
    }
}
