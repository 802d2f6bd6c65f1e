//! Stable sorting through one shared sort routine.
//!
//! Each `sort`, `sort_by` or `sort_by_key` call on a new element or key type
//! monomorphises the whole standard stable sort (driftsort, merges, small
//! sorts) again: several kilobytes of WebAssembly each. Code that is not on a
//! hot path sorts through [`stable_order`] instead: one small merge sort of
//! positions with a comparison function object, so the page carries a single
//! sort.
//! The results are exactly those of the standard stable sort: equal elements
//! keep their original relative order.

use std::cmp::Ordering;

/// The positions `0..n` ordered by `cmp`, equal positions in increasing
/// order (the order a stable sort leaves them in).
///
/// A bottom-up merge sort: stable by construction, O(n log n) comparisons,
/// and far less code than the standard library's sorts (this is what every
/// sort on the web page goes through).
pub(crate) fn stable_order(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut merged = vec![0usize; n];
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut left, mut right) = (start, mid);
            for slot in &mut merged[start..end] {
                // The left run's head goes first unless the right one's is
                // strictly smaller: equal items keep their order.
                let take_left = right >= end
                    || (left < mid && cmp(order[right], order[left]) != Ordering::Less);
                if take_left {
                    *slot = order[left];
                    left += 1;
                } else {
                    *slot = order[right];
                    right += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    order
}

/// Sorts `items` by `cmp`, keeping equal items in their original order: the
/// same result as `items.sort_by(cmp)`.
pub(crate) fn sort_stable_by<T>(items: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let order = stable_order(items.len(), &|a, b| cmp(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = std::mem::take(items).into_iter().map(Some).collect();
    // `order` is a permutation of the positions: every slot is taken once.
    items.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_keep_their_order() {
        let mut v = vec![(2, 'a'), (1, 'b'), (2, 'c'), (0, 'd'), (1, 'e'), (2, 'f')];
        let mut expected = v.clone();
        expected.sort_by_key(|p| p.0);
        sort_stable_by(&mut v, |a, b| a.0.cmp(&b.0));
        assert_eq!(v, expected);
    }

    #[test]
    fn matches_the_standard_stable_sort_on_many_inputs() {
        // A small linear congruential sequence gives varied inputs with many ties.
        let mut seed = 12_345u32;
        for len in 0..60 {
            let mut v: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((seed >> 16) % 5, i)
                })
                .collect();
            let mut expected = v.clone();
            expected.sort_by_key(|p| std::cmp::Reverse(p.0));
            sort_stable_by(&mut v, |a, b| b.0.cmp(&a.0));
            assert_eq!(v, expected);
        }
    }

    #[test]
    fn long_inputs_sort_like_the_standard_sort() {
        let mut seed = 99u32;
        for len in [100, 257, 1_000, 4_096] {
            let mut v: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((seed >> 16) % 97, i)
                })
                .collect();
            let mut expected = v.clone();
            expected.sort_by_key(|p| p.0);
            sort_stable_by(&mut v, |a, b| a.0.cmp(&b.0));
            assert_eq!(v, expected);
        }
        let mut strings: Vec<String> = (0..500).rev().map(|i| format!("k{}", i % 37)).collect();
        let mut expected = strings.clone();
        expected.sort();
        sort_stable_by(&mut strings, Ord::cmp);
        assert_eq!(strings, expected);
    }

    #[test]
    fn stable_order_of_nothing_is_empty() {
        assert!(stable_order(0, &|_, _| Ordering::Equal).is_empty());
        assert_eq!(stable_order(3, &|_, _| Ordering::Equal), vec![0, 1, 2]);
    }
}
