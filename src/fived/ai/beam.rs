//! How many children a node of the search looks at ([`Beam`]).
//!
//! Below the root a node searches only its best few children by the static
//! score of the position after them (a beam): in 5D a node can have
//! millions of actions. Level 5 and `strongest` keep more of them three and
//! more actions from the horizon than the lower levels (measured on Very
//! Small, see the README's "Measured strength"). Ordering the beam by the
//! killer and history heuristics instead was tried and measured worse
//! (level 5 vs 4: +5 with the narrow beam, +45 with this wider one, against
//! +49 and +85 without them), so the static score alone chooses.

/// How many children a node searches, best first, by the depth it searches
/// them to ([`super::Skill::beam`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Beam {
    /// The root's children at depth 2.
    pub root_shallow: usize,
    /// The root's children deeper.
    pub root_deep: usize,
    /// An inner node's children two actions from the horizon.
    pub two: usize,
    /// Three actions from the horizon.
    pub three: usize,
    /// Four or more actions from the horizon.
    pub deeper: usize,
}

impl Beam {
    /// The beam of levels 1 to 4.
    pub const NARROW: Beam = Beam {
        root_shallow: 64,
        root_deep: 24,
        two: 14,
        three: 9,
        deeper: 6,
    };

    /// The beam of level 5 and `strongest`: an inner node three actions
    /// from the horizon searches its best 14 (as two from it), deeper its
    /// best 10 (measured on Very Small: 9 and 6 gave level 5 +49 over level
    /// 4, these +85; wider still, 40 at the root, 30 and 20, +70).
    pub const WIDER: Beam = Beam {
        root_shallow: 64,
        root_deep: 24,
        two: 14,
        three: 14,
        deeper: 10,
    };
}

#[cfg(test)]
mod tests {
    use super::Beam;
    use crate::fived::ai::Level;

    #[test]
    fn levels_one_to_four_keep_the_narrow_beam_and_the_top_a_wider_one() {
        for n in 1..=4 {
            assert_eq!(Level::Depth(n).skill().beam, Beam::NARROW, "level {n}");
        }
        let b = Level::Strongest.skill().beam;
        assert_eq!(b, Beam::WIDER, "strongest");
        assert!(b.three > Beam::NARROW.three && b.deeper > Beam::NARROW.deeper);
        assert_eq!(b.two, Beam::NARROW.two);
    }
}
