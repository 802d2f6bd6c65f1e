//! What the players choose before a game: the branch limit, the collapse's seed, and
//! the readings of the ambiguous rules (`shared/rules/seed-variants.md` C.6).

use serde::{Deserialize, Serialize};

/// The branch limit the seed suggests as the minimum "to have fun".
pub const DEFAULT_LIMIT: u32 = 21;

/// What the players choose before the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// The branch limit L: odd, at least 1. It counts every branch ever created, the
    /// original and finished ones included (C.6.10).
    pub limit: u32,
    /// The seed of the collapse's random source.
    pub seed: u64,
    /// Readings of the ambiguous rules; the defaults are the spec's recommendations.
    #[serde(default)]
    pub rules: RuleOptions,
}

impl Config {
    /// A limit and a seed, with the recommended rules.
    #[must_use]
    pub fn new(limit: u32, seed: u64) -> Config {
        Config {
            limit,
            seed,
            rules: RuleOptions::default(),
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config::new(DEFAULT_LIMIT, 0x5EED_2013)
    }
}

/// The alternative readings C.6 offers as configuration; `Default` gives the
/// recommended one of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct RuleOptions {
    /// Which boards a time traveller may arrive on (C.6.3).
    #[serde(default)]
    pub arrival: Arrival,
    /// Where a travelling pawn may land (C.6.6).
    #[serde(default)]
    pub pawn_landing: PawnLanding,
    /// Who crosses in trans-universe travel (C.6.9).
    #[serde(default)]
    pub trans_traveller: TransTraveller,
    /// What a trans-universe landing does to the target branch's turn (C.6.9).
    #[serde(default)]
    pub trans_landing: TransLanding,
}

/// Which boards a time traveller may arrive on (C.6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Arrival {
    /// \[rec\] A board where the traveller's side is to move; the landing is that
    /// side's move there, and the new branch has the opponent to move.
    #[default]
    OnOwnTurn,
    /// C.6.3 (a): a board just after the traveller's side moved (the opponent to move);
    /// the piece is added to a copy of it and that move stands, so the new branch's
    /// first board replaces the destination at the same time.
    AfterOwnMove,
}

/// Where a travelling pawn may land (C.6.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum PawnLanding {
    /// \[rec\] Only its owner's 2nd rank.
    #[default]
    SecondRank,
    /// Any rank from its 2nd up to the rank it left.
    UpToDepartureRank,
}

/// Who crosses in trans-universe travel (C.6.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum TransTraveller {
    /// \[rec\] The queen is removed and another eligible piece crosses.
    #[default]
    AnotherPiece,
    /// The queen herself crosses (the `queen` and `from` squares are the same).
    TheQueen,
}

/// What a trans-universe landing does to the target branch's turn (C.6.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum TransLanding {
    /// \[rec\] The landing is the player's branch-turn there: a new board with the
    /// opponent to move, and the target is done for this phase.
    #[default]
    TakesTurn,
    /// The piece is added to the target's latest board, and the player still makes
    /// the normal move there this phase.
    ExtraPiece,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_the_recommended_reading_with_an_odd_limit() {
        let config = Config::default();
        assert_eq!(config.limit, DEFAULT_LIMIT);
        assert_eq!(config.limit % 2, 1);
        assert_eq!(config.rules, RuleOptions::default());
        assert_eq!(config.rules.arrival, Arrival::OnOwnTurn);
        assert_eq!(config.rules.pawn_landing, PawnLanding::SecondRank);
        assert_eq!(config.rules.trans_traveller, TransTraveller::AnotherPiece);
        assert_eq!(config.rules.trans_landing, TransLanding::TakesTurn);
        assert_eq!(Config::new(5, 9).rules, RuleOptions::default());
    }

    #[test]
    fn a_config_saved_without_rules_reads_the_recommended_ones() {
        let config: Config = serde_json::from_str(r#"{"limit":3,"seed":7}"#).unwrap();
        assert_eq!(config, Config::new(3, 7));
        let partial: Config =
            serde_json::from_str(r#"{"limit":3,"seed":7,"rules":{"arrival":"AfterOwnMove"}}"#)
                .unwrap();
        assert_eq!(partial.rules.arrival, Arrival::AfterOwnMove);
        assert_eq!(partial.rules.pawn_landing, PawnLanding::SecondRank);
        let round: Config =
            serde_json::from_str(&serde_json::to_string(&partial).unwrap()).unwrap();
        assert_eq!(round, partial);
    }
}
