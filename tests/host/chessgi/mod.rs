//! Time Travel Chessgi (`games::chessgi`).

use chronochess::chess::{Color, Move2d, PieceKind};
use chronochess::games::chessgi::{ChessgiAction, ChessgiGame, ChessgiOptions, NodeId};

use crate::support::sq;

mod books;
mod record;
mod scenarios;

/// The move `text` (SAN) in the current position.
fn san(game: &ChessgiGame, text: &str) -> ChessgiAction {
    ChessgiAction::Move(
        game.position()
            .parse_san(text)
            .unwrap_or_else(|e| panic!("{text}: {e}")),
    )
}

fn play_sans(game: &mut ChessgiGame, line: &str) {
    for text in line.split_whitespace() {
        if text.ends_with('.') {
            continue;
        }
        let action = san(game, text);
        game.play(action)
            .unwrap_or_else(|e| panic!("{text} refused: {e}"));
    }
}

fn drop(kind: PieceKind, to: &str) -> ChessgiAction {
    ChessgiAction::Move(Move2d::Drop { kind, to: sq(to) })
}

fn reserve(game: &ChessgiGame, color: Color) -> String {
    game.pocket(color).reserve_letters()
}

fn setup(fen: &str, white: &str, black: &str) -> ChessgiGame {
    ChessgiGame::from_setup(ChessgiOptions::default(), fen, white, black).unwrap()
}

fn stt(from: &str, due_move: u32) -> ChessgiAction {
    ChessgiAction::SpecialTravel {
        from: sq(from),
        due_move,
    }
}

fn gtt(game: &ChessgiGame, node: u32, uci: &str) -> ChessgiAction {
    let then = game
        .node(NodeId(node))
        .unwrap()
        .position()
        .uci_move(uci)
        .unwrap();
    ChessgiAction::GeneralTravel {
        node: NodeId(node),
        then,
    }
}
