//! Turns in words for screen readers, for the games played on 2D boards:
//! what a page announces in its polite live region after every turn, by
//! either side ("White knight from g1 to f3.", "Black pawn from d5 takes
//! white pawn on e4, check."). The 5D page's words are
//! [`crate::play::fived::speech`]. Plain functions, tested on the host.

use crate::chess::{Move2d, Position};

/// `mv`, played from `before`, in words: who moves which piece where, what
/// it takes, a promotion, and check or checkmate after it. No full stop, so
/// a caller can add where it happened.
#[must_use]
pub fn move_words(before: &Position, mv: Move2d) -> String {
    let side = before.turn().name();
    let mut s = match mv {
        Move2d::Normal {
            from,
            to,
            promotion,
        } => {
            let mut s = format!("{side} {} from {from}", piece_name(before, from));
            match before.piece_at(to) {
                Some(t) => {
                    s += &format!(
                        " takes {} {} on {to}",
                        t.color.name().to_ascii_lowercase(),
                        t.kind.name()
                    )
                }
                None => s += &format!(" to {to}"),
            }
            if let Some(k) = promotion {
                s += &format!(", promotes to {}", k.name());
            }
            s
        }
        Move2d::Castle { king, rook } => {
            let side_name = if rook.x > king.x {
                "kingside"
            } else {
                "queenside"
            };
            format!("{side} castles {side_name}")
        }
        Move2d::EnPassant { from, to } => {
            format!("{side} pawn from {from} takes pawn en passant on {to}")
        }
        Move2d::Drop { kind, to } => format!("{side} drops a {} on {to}", kind.name()),
    };
    if let Ok(after) = before.play(mv) {
        if after.is_check() {
            s += if after.legal_moves().is_empty() {
                ", checkmate"
            } else {
                ", check"
            };
        }
    }
    s
}

/// A branch-turn of Multiverse Time Travel Chess in words: the move on its
/// branch, then the journey (`created`: the branch a journey back in time
/// forked).
#[must_use]
pub fn branch_turn_words(
    before: &Position,
    turn: &crate::games::branching::BranchTurn,
    created: Option<u32>,
) -> String {
    use crate::games::branching::{Travel, TravelOrder};
    let mut s = format!(
        "On branch {}, {}",
        turn.branch.0,
        move_words(before, turn.mv)
    );
    if let Some(plan) = turn.travel {
        let when = match plan.order {
            TravelOrder::MoveFirst => "then",
            TravelOrder::TravelFirst => "after",
        };
        match plan.travel {
            Travel::Time {
                from,
                to_t,
                landing,
            } => {
                s += &format!(", {when} the piece from {from} travels back to time {to_t}, landing on {landing}");
                if let Some(c) = created {
                    s += &format!(", new branch {c}");
                }
            }
            Travel::TransUniverse {
                queen,
                from,
                to_branch,
                landing,
            } => {
                s += &format!(
                    ", {when} the queen on {queen} is sacrificed and the piece from {from} crosses to branch {} on {landing}",
                    to_branch.0
                );
            }
        }
    }
    s
}

fn piece_name(position: &Position, sq: crate::chess::Square) -> &'static str {
    position.piece_at(sq).map_or("piece", |p| p.kind.name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Square;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn normal(from: &str, to: &str) -> Move2d {
        Move2d::Normal {
            from: sq(from),
            to: sq(to),
            promotion: None,
        }
    }

    #[test]
    fn moves_captures_castling_and_checks_are_said_in_words() {
        let start = Position::startpos();
        assert_eq!(
            move_words(&start, normal("g1", "f3")),
            "White knight from g1 to f3"
        );
        let p = Position::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
            .unwrap();
        assert_eq!(
            move_words(&p, normal("e4", "d5")),
            "White pawn from e4 takes black pawn on d5"
        );
        let castle = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap();
        let long = castle
            .legal_moves()
            .into_iter()
            .find(|m| matches!(m, Move2d::Castle { rook, .. } if *rook == sq("a8")))
            .unwrap();
        assert_eq!(move_words(&castle, long), "Black castles queenside");
        // Fool's mate: the queen's move is checkmate.
        let fool =
            Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
                .unwrap();
        assert_eq!(
            move_words(&fool, normal("d8", "h4")),
            "Black queen from d8 to h4, checkmate"
        );
        let promote = Position::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        let mv = Move2d::Normal {
            from: sq("e7"),
            to: sq("e8"),
            promotion: Some(crate::chess::PieceKind::Queen),
        };
        assert_eq!(
            move_words(&promote, mv),
            "White pawn from e7 to e8, promotes to queen"
        );
    }

    #[test]
    fn every_game_says_its_last_turn() {
        use crate::chess::Color;
        use crate::games::branching::{Config, Game};
        use crate::games::chessgi::{ChessgiAction, ChessgiGame, ChessgiOptions};
        use crate::games::time_traveling::{Action, MoveRequest, TimeTravelingChess};
        use crate::play::branching::BranchingSession;
        use crate::play::chessgi::ChessgiSession;
        use crate::play::time_traveling::TimeTravelingSession;
        use crate::play::GameSession;

        let mut cg = ChessgiSession::new(ChessgiGame::new(ChessgiOptions::default()));
        assert_eq!(cg.last_turn_words(), None);
        assert_eq!(
            cg.play_action(ChessgiAction::Move(normal("e2", "e4"))),
            crate::play::Effect::Played
        );
        assert_eq!(
            cg.last_turn_words().as_deref(),
            Some("White pawn from e2 to e4.")
        );

        let mut tt =
            TimeTravelingSession::new(TimeTravelingChess::standard(), "Time Traveling Chess");
        assert_eq!(tt.last_turn_words(), None);
        let g1f3 = MoveRequest::parse_uci("g1f3").unwrap();
        assert_eq!(
            tt.act_as(Color::White, Action::Append(g1f3)),
            crate::play::Effect::Played
        );
        assert_eq!(
            tt.last_turn_words().as_deref(),
            Some("White knight from g1 to f3.")
        );
        let b8c6 = MoveRequest::parse_uci("b8c6").unwrap();
        tt.act_as(Color::Black, Action::Append(b8c6));
        assert_eq!(
            tt.last_turn_words().as_deref(),
            Some("Black knight from b8 to c6.")
        );

        let mut br = BranchingSession::new(Game::new(Config::new(21, 7)).unwrap());
        assert_eq!(br.last_turn_words(), None);
        let turn = br
            .legal_actions()
            .into_iter()
            .find(|t| t.mv == normal("e2", "e4"))
            .unwrap();
        br.play(turn).unwrap();
        assert_eq!(
            br.last_turn_words().as_deref(),
            Some("On branch 0, White pawn from e2 to e4.")
        );
    }
}
