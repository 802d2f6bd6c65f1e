//! Positions of real games against ftxi/5dchess_engine's bots
//! (`chronochess match-uci`) where that engine went wrong, kept as
//! regression data: our answer, and why it is right.

use chronochess::fived::search::{any_legal_action, outcome};
use chronochess::fived::{Answer, Budget, Outcome};
use chronochess::notation::{self, resolve};

fn game(text: &str) -> chronochess::fived::Game {
    let read = notation::read(text).expect("the game reads");
    let replay = resolve::replay(&read.game, |_, _| {}).expect("the game replays");
    assert!(replay.error.is_none(), "{:?}", replay.error);
    replay.game
}

/// `tests/data/ftxi-false-mate.5dpgn`, Black (ftxi's `mcts`) to move after 95
/// actions: the bot answered `nobestmove`, and ftxi's `5dtools checkmate`
/// calls the position checkmate ("balanced" count: 0 actions), while its own
/// naive search lists legal actions such as `(-1T30)Rg8xf8
/// (3T5)Bf8>>(2T5)g8`. Our search finds a legal action at once; the one
/// above plays and submits.
#[test]
fn a_position_ftxi_calls_checkmate_has_legal_actions() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/ftxi-false-mate.5dpgn"
    );
    let text = std::fs::read_to_string(path).expect("the data file exists");
    let g = game(&text);
    assert_eq!(g.actions().count(), 95);
    let m = g.multiverse();
    assert!(matches!(
        outcome(m, Budget::nodes(1_000_000)),
        Answer::Known(Outcome::Ongoing { .. })
    ));
    assert!(matches!(
        any_legal_action(m, Budget::nodes(1_000_000)),
        Answer::Known(Some(_))
    ));
    // The action ftxi's naive search lists, played through the notation.
    let longer = format!("{} / (-1T30)Rg8xf8 (3T5)Bf8>>(2T5)g8\n", text.trim_end());
    assert_eq!(game(&longer).actions().count(), 96);
}
