//! The Chessgi save record: its round trip, its refusals, and the documented form.

use super::scenarios::b74_game;
use super::{gtt, play_sans, reserve};
use chronochess::chess::Color;
use chronochess::games::chessgi::{
    ChessgiError, ChessgiGame, ChessgiOptions, LoadError, Outcome, RECORD_FORMAT,
};

// ---- Save record --------------------------------------------------------------------------

#[test]
fn save_and_load_a_game_with_both_travels() {
    let mut game = b74_game(8);
    play_sans(&mut game, "d6 4. d4 Bg4 5. h3 Bh5");
    game.play(gtt(&game, 4, "f1c4")).unwrap();
    play_sans(&mut game, "Nf6 4. O-O");
    let json = game.to_json();
    assert!(json.contains(RECORD_FORMAT));
    assert!(json.contains("\"special\""));
    assert!(json.contains("\"general\""));
    let loaded = ChessgiGame::from_json(&json).unwrap();
    assert_eq!(loaded, game);
    game.agree_draw().unwrap();
    assert_eq!(ChessgiGame::from_json(&game.to_json()).unwrap(), game);
}

#[test]
fn bad_records_say_what_is_wrong() {
    let game = b74_game(8);
    let good = game.to_record();

    assert!(matches!(
        ChessgiGame::from_json("{ not json"),
        Err(LoadError::Json(_))
    ));
    let mut wrong = good.clone();
    wrong.format = "chess".into();
    assert_eq!(
        ChessgiGame::from_record(&wrong),
        Err(LoadError::WrongFormat("chess".into()))
    );
    let mut wrong = good.clone();
    wrong.version = 7;
    assert_eq!(
        ChessgiGame::from_record(&wrong),
        Err(LoadError::UnsupportedVersion(7))
    );
    let mut wrong = good.clone();
    wrong.start.fen = "8/8/8 w".into();
    assert!(matches!(
        ChessgiGame::from_record(&wrong),
        Err(LoadError::Setup(_))
    ));
    let mut wrong = good.clone();
    wrong.start.white_reserve = "K".into();
    assert!(matches!(
        ChessgiGame::from_record(&wrong),
        Err(LoadError::Setup(_))
    ));
    let json = game.to_json().replace("\"e2e4\"", "\"e2e9\"");
    assert_eq!(
        ChessgiGame::from_json(&json),
        Err(LoadError::BadNotation {
            index: 0,
            text: "e2e9".into()
        })
    );
    let json = game.to_json().replace("\"e2e4\"", "\"e2e5\"");
    let err = ChessgiGame::from_json(&json).unwrap_err();
    assert!(matches!(err, LoadError::Refused { index: 0, .. }), "{err}");
    assert!(err.to_string().starts_with("action 1:"), "{err}");
    let json = game.to_json().replace("\"due_move\": 8", "\"due_move\": 2");
    assert!(matches!(
        ChessgiGame::from_json(&json),
        Err(LoadError::Refused {
            index: 4,
            error: ChessgiError::ReturnNotInFuture { .. }
        })
    ));
}

#[test]
fn the_documented_record_form_loads() {
    let json = r#"{
      "format": "chronochess/time-travel-chessgi",
      "version": 1,
      "options": { "pocket_capacity": null, "max_delay": null, "king_max_delay": 5,
                   "cooldown": 2, "action_cap": 1000, "carry": "traveller_only" },
      "start": { "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 "white_reserve": "", "black_reserve": "" },
      "actions": [
        { "move": "e2e4" }, { "move": "e7e5" }, { "move": "g1f3" }, { "move": "b8c6" },
        { "special": { "from": "f1", "due_move": 5 } },
        { "move": "d7d6" }, { "move": "d2d4" }, { "move": "c8g4" },
        { "arrive": "b5" }, { "move": "g4f3" }, { "move": "d1f3" }, { "move": "g8f6" },
        { "general": { "node": 4, "then": "d2d4" } }
      ],
      "conclusion": { "resigned": { "loser": "Black" } }
    }"#;
    let game = ChessgiGame::from_json(json).unwrap();
    assert_eq!(game.actions().len(), 13);
    assert_eq!(reserve(&game, Color::White), "B", "carried");
    assert_eq!(reserve(&game, Color::Black), "", "restored from node 4");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Resignation {
            winner: Color::White
        })
    );
    // The shortest record: defaults for options, actions and conclusion.
    let json = r#"{"format": "chronochess/time-travel-chessgi", "version": 1,
                   "start": {"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "white_reserve": "Q"}}"#;
    let game = ChessgiGame::from_json(json).unwrap();
    assert_eq!(game.options(), &ChessgiOptions::default());
    assert_eq!(reserve(&game, Color::White), "Q");
    // Unknown fields are refused.
    let json = r#"{"format": "chronochess/time-travel-chessgi", "version": 1, "colour": 3,
                   "start": {"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}"#;
    assert!(matches!(
        ChessgiGame::from_json(json),
        Err(LoadError::Json(_))
    ));
}
