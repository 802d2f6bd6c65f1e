//! What a player has learnt: puzzle results and lesson steps done. A small
//! versioned record of its own ([`LEARNING_KEY`]), apart from the games and
//! the settings; the rules of counting (what solves a puzzle, what a streak
//! is) are the play layer's (`play::learn::progress`), this is only the
//! stored shape.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::format::Document;

/// The learning record's format this Chronochess writes.
pub const LEARNING_FORMAT: u32 = 1;

/// How a player's last attempt at a puzzle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleMark {
    /// Solved without a wrong action and without asking for the solution.
    Solved,
    /// A wrong action was submitted, or the solution was shown.
    Failed,
}

/// The stored learning progress. Fields missing from a stored record take
/// their default, so adding one does not need a new format.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Learning {
    /// Each puzzle tried (by its file name without `.5dpgn`) and how the last
    /// attempt ended.
    pub puzzles: BTreeMap<String, PuzzleMark>,
    /// Puzzles solved in a row, up to now.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// Each lesson started (by its id) and how many of its steps are done.
    pub lessons: BTreeMap<String, u32>,
}

impl Document for Learning {
    const FORMAT: u32 = LEARNING_FORMAT;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_missing_fields_default() {
        let mut l = Learning::default();
        l.puzzles.insert("m1-001".into(), PuzzleMark::Solved);
        l.puzzles.insert("m2-003".into(), PuzzleMark::Failed);
        l.streak = 1;
        l.best_streak = 4;
        l.lessons.insert("basics".into(), 3);
        let text = l.to_json();
        assert!(text.starts_with("{\"version\":1"), "{text}");
        assert_eq!(Learning::from_json(&text).unwrap(), l);
        let sparse = Learning::from_json("{\"version\":1,\"streak\":2}").unwrap();
        assert_eq!((sparse.streak, sparse.puzzles.len()), (2, 0));
    }

    #[test]
    fn damage_and_newer_formats_are_told_apart() {
        assert!(Learning::from_json("{\"version\":9}")
            .unwrap_err()
            .is_newer());
        let e = Learning::from_json("{\"version\":1,\"streak\":\"x\"}").unwrap_err();
        assert!(!e.is_newer());
        assert!(e.to_string().contains("line 1"), "{e}");
        assert!(Learning::from_json("[1]").is_err());
    }
}
