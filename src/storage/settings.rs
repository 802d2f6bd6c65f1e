//! The players' preferences: a small versioned record of its own, separate
//! from the games.

use serde::{Deserialize, Serialize};

use super::format::Document;

/// The settings format this Chronochess writes.
pub const SETTINGS_FORMAT: u32 = 1;

/// Light, dark, or whatever the system prefers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// Follow the browser's `prefers-color-scheme`.
    #[default]
    System,
    /// Light colours.
    Light,
    /// Dark colours.
    Dark,
}

/// The players' preferences. Fields missing from a stored record take their
/// default, so adding a field does not need a new format.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Colour theme.
    pub theme: Theme,
    /// Name of the piece set (the UI's assets define the names).
    pub piece_set: String,
    /// Show file and rank letters on the boards.
    pub show_coordinates: bool,
    /// Highlight where a picked-up piece can go.
    pub show_legal_moves: bool,
    /// Hot-seat: turn the boards so the side to move sits at the bottom.
    pub rotate_for_side_to_move: bool,
    /// Animate moves.
    pub animate: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            theme: Theme::System,
            piece_set: "standard".to_string(),
            show_coordinates: true,
            show_legal_moves: true,
            rotate_for_side_to_move: false,
            animate: true,
        }
    }
}

impl Document for Settings {
    const FORMAT: u32 = SETTINGS_FORMAT;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::DecodeError;

    #[test]
    fn round_trip_and_defaults_for_missing_fields() {
        let s = Settings {
            theme: Theme::Dark,
            piece_set: "merida".into(),
            ..Settings::default()
        };
        assert_eq!(Settings::from_json(&s.to_json()).unwrap(), s);
        let partial = Settings::from_json(r#"{"version":1,"theme":"light"}"#).unwrap();
        assert_eq!(partial.theme, Theme::Light);
        assert_eq!(partial.piece_set, "standard");
        assert_eq!(
            Settings::from_json(r#"{"version":2}"#),
            Err(DecodeError::Newer { format: 2 })
        );
    }
}
