//! Moves in words, for screen readers: what the 5D page announces in its polite live region after
//! every action, by either side ("White knight from f3 on timeline 0, turn 2, travels to f5 on
//! turn 1, new timeline +1."). Plain functions of the position, tested on the host.

use super::session::{display_label, Session};
use crate::fived::{Game, Move, Multiverse};

/// The last submitted action of `session` in words, or `None` before the first action.
#[must_use]
pub fn last_action_words(session: &Session) -> Option<String> {
    let action = session.last_action();
    if action.is_empty() {
        return None;
    }
    let mut game = session.game().clone();
    game.take_back_action();
    Some(action_words(&game.committed(), &action))
}

/// The moves of `action`, played from `before`, as one sentence per move.
#[must_use]
pub fn action_words(before: &Multiverse, action: &[Move]) -> String {
    let even = before.even();
    let mut game = Game::new(before.clone());
    let mut sentences = Vec::with_capacity(action.len());
    for m in action {
        let now = game.multiverse();
        let (low, high) = now.timeline_range();
        let piece = now
            .board(m.from.board.l, m.from.board.v)
            .and_then(|b| b.piece_at(m.from.square))
            .map(|p| p.piece);
        let taken = now
            .board(m.to.board.l, m.to.board.v)
            .and_then(|b| b.piece_at(m.to.square))
            .map(|p| p.piece);
        if game.play(*m).is_err() {
            // Not playable from here (a stale or foreign action): the notation still says it.
            sentences.push(m.long_text(even));
            continue;
        }
        let (new_low, new_high) = game.multiverse().timeline_range();
        let created = if new_high > high {
            Some(new_high)
        } else if new_low < low {
            Some(new_low)
        } else {
            None
        };
        let label = |l: i32| display_label(l, even);
        let mut s = match piece {
            Some(p) => format!("{} {}", p.color.name(), p.kind.name()),
            None => "A piece".to_string(),
        };
        let (from, to) = (m.from.board, m.to.board);
        if m.is_physical() {
            s += &format!(
                " from {} to {} on timeline {}, turn {}",
                m.from.square,
                m.to.square,
                label(from.l),
                from.turn()
            );
        } else {
            s += &format!(
                " from {} on timeline {}, turn {}, travels to {} on ",
                m.from.square,
                label(from.l),
                from.turn(),
                m.to.square
            );
            if to.l == from.l {
                s += &format!("turn {}", to.turn());
            } else {
                s += &format!("timeline {}, turn {}", label(to.l), to.turn());
            }
        }
        if let Some(t) = taken {
            s += &format!(
                ", takes {} {}",
                t.color.name().to_ascii_lowercase(),
                t.kind.name()
            );
        }
        if let Some(k) = m.promotion {
            s += &format!(", promotes to {}", k.name());
        }
        if let Some(l) = created {
            s += &format!(", new timeline {}", label(l));
        }
        sentences.push(s + ".");
    }
    sentences.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Color, Square};
    use crate::fived::boards;
    use crate::fived::coords::half_turn;
    use crate::fived::Coord;

    fn sq(s: &str) -> Square {
        Square::parse(s).expect("square")
    }

    /// A move `from` → `to`, each given as (timeline, turn, square), on the half-turns of White (or
    /// of Black when `black`).
    fn mv(l: i32, t: i32, from: &str, tl: i32, tt: i32, to: &str, black: bool) -> Move {
        let colour = if black { Color::Black } else { Color::White };
        let v = |t: i32| half_turn(t, colour);
        Move {
            from: Coord::new(l, v(t), sq(from)),
            to: Coord::new(tl, v(tt), sq(to)),
            promotion: None,
        }
    }

    fn standard() -> Session {
        let variant = boards::find("Standard").expect("Standard is in the catalogue");
        Session::new(variant).expect("Standard starts")
    }

    fn act(s: &mut Session, moves: &[Move]) {
        for m in moves {
            s.play(*m).expect("legal move");
        }
        s.submit().expect("action submits");
    }

    #[test]
    fn no_words_before_the_first_action() {
        assert_eq!(last_action_words(&standard()), None);
    }

    #[test]
    fn a_move_on_one_board_names_piece_squares_timeline_and_turn() {
        let mut s = standard();
        act(&mut s, &[mv(0, 1, "g1", 0, 1, "f3", false)]);
        assert_eq!(
            last_action_words(&s).as_deref(),
            Some("White knight from g1 to f3 on timeline 0, turn 1.")
        );
        act(&mut s, &[mv(0, 1, "e7", 0, 1, "e5", true)]);
        assert_eq!(
            last_action_words(&s).as_deref(),
            Some("Black pawn from e7 to e5 on timeline 0, turn 1.")
        );
    }

    #[test]
    fn a_jump_to_the_past_says_where_it_lands_and_the_new_timeline() {
        let mut s = standard();
        act(&mut s, &[mv(0, 1, "g1", 0, 1, "f3", false)]);
        act(&mut s, &[mv(0, 1, "g8", 0, 1, "f6", true)]);
        act(&mut s, &[mv(0, 2, "f3", 0, 1, "f5", false)]);
        assert_eq!(
            last_action_words(&s).as_deref(),
            Some("White knight from f3 on timeline 0, turn 2, travels to f5 on turn 1, new timeline +1.")
        );
        // Black answers on both timelines: two sentences, the capture named.
        act(
            &mut s,
            &[
                mv(0, 2, "f6", 0, 2, "e4", true),
                mv(1, 1, "e7", 1, 1, "e6", true),
            ],
        );
        let words = last_action_words(&s).expect("an action");
        assert!(
            words.contains("Black knight from f6 to e4 on timeline 0, turn 2."),
            "{words}"
        );
        assert!(
            words.contains("Black pawn from e7 to e6 on timeline +1, turn 1."),
            "{words}"
        );
    }
}
