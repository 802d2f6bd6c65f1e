//! The save record of Time Traveling Chess: round trip and clear errors.

use chronochess::chess::Color;
use chronochess::games::time_traveling::{
    Action, RecordError, TimeTravelingChess, TimeTravelingRecord, RECORD_FORMAT,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn scenario_one() -> TimeTravelingChess {
    let mut g = TimeTravelingChess::from_fen(START).unwrap();
    for text in [
        "append h2h4",
        "append d7d5",
        "append g2g4",
        "append c8g4",
        "append g1f3",
        "append e7e6",
        "replace 3 h1h3",
    ] {
        let player = g.to_act();
        g.act(player, text.parse::<Action>().unwrap()).unwrap();
    }
    g
}

/// The record of scenario A.7.1 after the replacement, as JSON.
fn json() -> String {
    scenario_one().to_json()
}

/// `json()` with one textual replacement.
fn edited(from: &str, to: &str) -> String {
    let text = json();
    assert!(text.contains(from), "{from} not in\n{text}");
    text.replacen(from, to, 1)
}

fn load(text: &str) -> Result<TimeTravelingChess, RecordError> {
    TimeTravelingChess::from_json(text)
}

#[test]
fn the_record_reads_like_the_documentation() {
    let record = scenario_one().to_record();
    assert_eq!(record.format, RECORD_FORMAT);
    assert_eq!(record.version, 1);
    let slots: Vec<String> = record.slots.iter().map(ToString::to_string).collect();
    assert_eq!(
        slots,
        ["Ph2-h4", "Pd7-d5", "Rh1-h3", "blank", "Ng1-f3", "Pe7-e6", "pending"]
    );
    assert_eq!(record.to_act, Color::Black);
    let text = json();
    assert!(text.contains("\"Rh1-h3\""), "{text}");
    assert!(text.contains("\"knight_below_bishop\"") || text.contains("\"unset\""));
}

#[test]
fn the_documented_example_loads() {
    let example = r#"{
      "format": "chronochess/time-traveling",
      "version": 1,
      "start_fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "slots": ["Ph2-h4", "Pd7-d5", "Rh1-h3", "blank", "Ng1-f3", "Pe7-e6", "pending"],
      "nb_order": { "white": "unset", "black": "unset" },
      "accepted": { "white": null, "black": null },
      "to_act": "Black",
      "draw_offer": null,
      "action_count": 7,
      "result": null
    }"#;
    let g = load(example).unwrap();
    assert_eq!(g.to_act(), Color::Black);
    assert_eq!(g.slots(), scenario_one().slots());
}

#[test]
fn round_trip() {
    let g = scenario_one();
    let back = load(&g.to_json()).unwrap();
    assert_eq!(back.to_json(), g.to_json());
    assert_eq!(back.to_record(), g.to_record());
    let record = TimeTravelingRecord::from_json(&g.to_json()).unwrap();
    assert_eq!(record, g.to_record());
}

#[test]
fn bad_records_say_what_is_wrong() {
    let cases: Vec<(String, &str)> = vec![
        ("{".to_owned(), "line 1, column 1"),
        (
            edited(RECORD_FORMAT, "chronochess/5d"),
            "not a \"chronochess/time-traveling\" record",
        ),
        (
            edited("\"version\": 1", "\"version\": 7"),
            "record version 7 is not supported",
        ),
        (
            edited("\"version\": 1", "\"version\": 1, \"colour\": 2"),
            "unknown field `colour`",
        ),
        (
            edited("\"Rh1-h3\"", "\"Rh1+h3\""),
            "'-' (quiet) or 'x' (capture)",
        ),
        (edited("\"blank\"", "\"Blank\""), "blank, pass, pending"),
        (
            edited("\"Pd7-d5\"", "\"pending\""),
            "slot 2 is pending, but only the last slot may be",
        ),
        (
            edited("\"to_act\": \"Black\"", "\"to_act\": \"White\""),
            "to_act is White, but the next empty ply is Black's",
        ),
        (
            edited("\"Ng1-f3\"", "\"Ng1-e2\""),
            "slot 5 records Ng1-e2, which cannot be played there",
        ),
        (edited("\"Pd7-d5\"", "\"Pd7xd5\""), "slot 2 records Pd7xd5"),
        (edited("KQkq", "KQkq -"), "cannot start from FEN"),
        (
            edited("\"white\": null", "\"white\": \"xyz\""),
            "accepted: \"xyz\" is not 16 hex digits",
        ),
        (
            edited("\"unset\"", "\"knights_first\""),
            "unknown variant `knights_first`",
        ),
    ];
    for (text, expected) in cases {
        let err = load(&text).expect_err(expected);
        assert!(
            err.to_string().contains(expected),
            "expected {expected:?}, got: {err}"
        );
    }
}

#[test]
fn a_finished_game_must_say_so() {
    let mut g = TimeTravelingChess::from_fen("7k/6pp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    for text in ["append a1a8", "accept", "accept"] {
        let player = g.to_act();
        g.act(player, text.parse::<Action>().unwrap()).unwrap();
    }
    assert!(g.result().is_some());
    let json = g.to_json();
    assert_eq!(load(&json).unwrap().result(), g.result());
    let tampered = json.replacen(&serde_json_result(&g), "\"result\": null", 1);
    let err = load(&tampered).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("result is null, but the game has ended"),
        "{err}"
    );
}

/// The `"result": {...}` part of a record as pretty JSON writes it.
fn serde_json_result(g: &TimeTravelingChess) -> String {
    let json = g.to_json();
    let start = json.find("\"result\"").unwrap();
    let end = start + json[start..].find('}').unwrap() + 1;
    json[start..end].to_owned()
}
