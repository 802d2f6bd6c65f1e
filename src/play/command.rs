//! The command field of every game screen, for players who cannot see the
//! boards (lichess' blind mode is the model): a short typed question, a
//! sentence in answer. Written once for the four games against
//! [`GameSession`]: what its scene shows, its last turn in words, whose turn
//! it is, and the clock.
//!
//! Commands (case matters only for piece letters):
//!
//! | command | answer |
//! |---|---|
//! | `c`, `clock` | both clocks and which one runs, or that the game is untimed |
//! | `l`, `last` | the last turn in words |
//! | `t`, `turn` | whose turn it is, or how the game ended |
//! | `b`, `boards` | the boards the side to move can play on (5D, Multiverse) |
//! | `p N`, `p n` | where the white (capital letter) or black knights are; any piece letter (`K Q R B N P`, 5D's `S U D W C Y`) |
//! | `s e`, `s 4` | the squares of file `e` or rank `4`, one by one |
//! | `h`, `help` | this list |
//!
//! Pieces and squares are read from the boards that can be played now (all
//! boards when none can, e.g. once the game is over).

use super::clock::{display, Clock};
use super::{BoardKey, GameSession, SceneBoard};
use crate::chess::{Color, PieceKind, Square};

/// The list of commands, in words.
pub const HELP: &str = "Type a question in the Ask field under the game and press Enter: c for the clocks, l for the last move, t for whose turn it is, \
b for the boards you can play on, p and a piece letter for where those pieces are (capital for \
White: p N, small for Black: p n), s and a file or rank to read it square by square (s e, s 4), \
h for this list.";

/// The answer to `command` about `session`, with its `clock` (`None`:
/// untimed) read at `now_ms`.
#[must_use]
pub fn answer<S: GameSession>(
    session: &S,
    clock: Option<&Clock>,
    now_ms: u64,
    command: &str,
) -> String {
    answer_read(&Facts(session), clock, now_ms, command)
}

/// What the commands read from a session. Not generic, so the command code
/// is compiled once for all the games of a page, not once per session type
/// (each game screen asks through its own session type).
trait Readable {
    fn last_turn_words(&self) -> Option<String>;
    fn ending(&self) -> Option<super::Ending>;
    fn to_move(&self) -> Color;
    fn scene(&self) -> super::Scene;
    fn board_name(&self, key: BoardKey) -> String;
}

/// A [`GameSession`] read as [`Readable`].
struct Facts<'a, S>(&'a S);

impl<S: GameSession> Readable for Facts<'_, S> {
    fn last_turn_words(&self) -> Option<String> {
        self.0.last_turn_words()
    }
    fn ending(&self) -> Option<super::Ending> {
        self.0.ending()
    }
    fn to_move(&self) -> Color {
        self.0.to_move()
    }
    fn scene(&self) -> super::Scene {
        self.0.scene()
    }
    fn board_name(&self, key: BoardKey) -> String {
        self.0.board_name(key)
    }
}

fn answer_read(
    session: &dyn Readable,
    clock: Option<&Clock>,
    now_ms: u64,
    command: &str,
) -> String {
    let command = command.trim();
    let (word, rest) = command
        .split_once(char::is_whitespace)
        .map_or((command, ""), |(w, r)| (w, r.trim()));
    match word.to_ascii_lowercase().as_str() {
        "" | "h" | "help" | "?" => HELP.to_string(),
        "c" | "clock" | "clocks" => clock_words(clock, now_ms),
        "l" | "last" => session
            .last_turn_words()
            .unwrap_or_else(|| "No move has been played yet.".to_string()),
        "t" | "turn" | "status" => match session.ending() {
            Some(e) => format!("The game is over: {} by {}.", e.headline(), e.reason),
            None => format!("{} to move.", side(session.to_move())),
        },
        "b" | "boards" => {
            let boards = readable_boards(session);
            let names: Vec<String> = boards.iter().map(|b| session.board_name(b.key)).collect();
            if names.iter().all(String::is_empty) {
                "There is one board.".to_string()
            } else {
                format!("Boards: {}.", names.join("; "))
            }
        }
        "p" | "piece" | "pieces" => pieces_words(session, rest),
        "s" | "scan" => scan_words(session, rest),
        _ => format!("Unknown command “{command}”. {HELP}"),
    }
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn clock_words(clock: Option<&Clock>, now_ms: u64) -> String {
    let Some(c) = clock else {
        return "This game has no clock.".to_string();
    };
    let mut s = format!(
        "White {}, Black {}",
        display(c.remaining(Color::White, now_ms)),
        display(c.remaining(Color::Black, now_ms))
    );
    if let Some(f) = c.flagged() {
        s += &format!("; {} ran out of time", side(f));
    } else if let Some(r) = c.running_side() {
        s += &format!(
            "; {}'s clock {}",
            side(r),
            if c.is_counting() { "runs" } else { "is paused" }
        );
    }
    s + "."
}

/// The boards the side to move can play on; all boards when none can.
fn readable_boards(session: &dyn Readable) -> Vec<SceneBoard> {
    let scene = session.scene();
    let active: Vec<SceneBoard> = scene.boards.iter().filter(|b| b.active).cloned().collect();
    if active.is_empty() {
        scene.boards
    } else {
        active
    }
}

/// "on timeline 0, turn 3, white: " before a board's answer when the game
/// names its boards.
fn board_prefix(session: &dyn Readable, key: BoardKey) -> String {
    let name = session.board_name(key);
    if name.is_empty() {
        String::new()
    } else {
        format!("On {name}: ")
    }
}

fn plural(kind: PieceKind) -> String {
    match kind {
        PieceKind::Princess => "princesses".to_string(),
        k => format!("{}s", k.name()),
    }
}

fn pieces_words(session: &dyn Readable, what: &str) -> String {
    let mut chars = what.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return "Say which pieces with one letter: p N for the white knights, p n for the black ones.".to_string();
    };
    let Some(kind) = PieceKind::from_letter(letter.to_ascii_uppercase()) else {
        return format!("“{letter}” is not a piece letter (K Q R B N P, and in 5D S U D W C Y).");
    };
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let boards = readable_boards(session);
    let mut parts = Vec::new();
    for b in &boards {
        let squares: Vec<String> = b
            .placement
            .pieces()
            .filter(|(_, p)| p.piece.color == color && p.piece.kind == kind)
            .map(|(sq, _)| sq.to_string())
            .collect();
        if !squares.is_empty() {
            parts.push(format!(
                "{}{}",
                board_prefix(session, b.key),
                squares.join(", ")
            ));
        }
    }
    let name = format!("{} {}", side(color), plural(kind));
    if parts.is_empty() {
        format!("No {} {}.", side(color).to_ascii_lowercase(), plural(kind))
    } else {
        format!("{name}: {}.", parts.join("; "))
    }
}

fn scan_words(session: &dyn Readable, what: &str) -> String {
    let mut chars = what.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return "Say a file or a rank: s e, or s 4.".to_string();
    };
    let boards = readable_boards(session);
    let mut parts = Vec::new();
    for b in &boards {
        let (w, h) = (b.placement.width(), b.placement.height());
        let squares: Vec<Square> = if c.is_ascii_digit() {
            let y = c as u8 - b'1';
            (0..w)
                .filter_map(|x| Square::new(x, y))
                .filter(|_| y < h)
                .collect()
        } else if c.is_ascii_lowercase() {
            let x = c as u8 - b'a';
            (0..h)
                .filter_map(|y| Square::new(x, y))
                .filter(|_| x < w)
                .collect()
        } else {
            Vec::new()
        };
        if squares.is_empty() {
            continue;
        }
        let said: Vec<String> = squares
            .iter()
            .map(|&sq| match b.placement.get(sq) {
                Some(p) => format!(
                    "{sq} {} {}",
                    side(p.piece.color).to_ascii_lowercase(),
                    p.piece.kind.name()
                ),
                None => format!("{sq} empty"),
            })
            .collect();
        parts.push(format!(
            "{}{}",
            board_prefix(session, b.key),
            said.join(", ")
        ));
    }
    if parts.is_empty() {
        format!("“{c}” is not a file or a rank of this board.")
    } else {
        parts.join(". ") + "."
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chessgi::{ChessgiAction, ChessgiGame, ChessgiOptions};
    use crate::play::chessgi::ChessgiSession;
    use crate::play::clock::{Bonus, Scaling, TimeControl};

    fn chessgi() -> ChessgiSession {
        ChessgiSession::new(ChessgiGame::new(ChessgiOptions::default()))
    }

    #[test]
    fn one_board_questions_are_answered() {
        let mut s = chessgi();
        assert_eq!(answer(&s, None, 0, "t"), "White to move.");
        assert_eq!(answer(&s, None, 0, "l"), "No move has been played yet.");
        assert_eq!(answer(&s, None, 0, "p N"), "White knights: b1, g1.");
        assert_eq!(answer(&s, None, 0, "p q"), "Black queens: d8.");
        assert_eq!(answer(&s, None, 0, "p S"), "No white princesses.");
        assert_eq!(answer(&s, None, 0, "b"), "There is one board.");
        assert!(answer(&s, None, 0, "s e").starts_with("e1 white king, e2 white pawn, e3 empty"));
        assert!(answer(&s, None, 0, "s 8").starts_with("a8 black rook, b8 black knight"));
        assert!(answer(&s, None, 0, "s z").contains("not a file or a rank"));
        assert!(answer(&s, None, 0, "p x").contains("not a piece letter"));
        assert!(answer(&s, None, 0, "jump").starts_with("Unknown command “jump”"));
        assert_eq!(answer(&s, None, 0, "h"), HELP);
        let mv = crate::chess::Move2d::Normal {
            from: Square::parse("e2").unwrap(),
            to: Square::parse("e4").unwrap(),
            promotion: None,
        };
        s.play_action(ChessgiAction::Move(mv));
        assert_eq!(answer(&s, None, 0, "L"), "White pawn from e2 to e4.");
        assert_eq!(answer(&s, None, 0, "turn"), "Black to move.");
        s.resign(Color::Black).unwrap();
        assert_eq!(
            answer(&s, None, 0, "t"),
            "The game is over: White wins by resignation."
        );
    }

    #[test]
    fn the_clock_is_read_out() {
        let s = chessgi();
        assert_eq!(answer(&s, None, 0, "c"), "This game has no clock.");
        let control = TimeControl::custom(300_000, 0, Bonus::Increment, Scaling::PerTurn).unwrap();
        let mut clock = Clock::new(control, 1);
        assert_eq!(
            answer(&s, Some(&clock), 0, "clock"),
            "White 5:00, Black 5:00; White's clock is paused."
        );
        clock.resume(0);
        assert_eq!(
            answer(&s, Some(&clock), 61_000, "c"),
            "White 3:59, Black 5:00; White's clock runs."
        );
    }

    #[test]
    fn a_5d_game_names_its_boards() {
        let session =
            crate::play::fived::session::Session::new(crate::fived::boards::standard()).unwrap();
        let s = crate::play::fived::game_session::FivedSession::new(session);
        assert_eq!(
            answer(&s, None, 0, "b"),
            "Boards: timeline 0, turn 1, white."
        );
        assert_eq!(
            answer(&s, None, 0, "p K"),
            "White kings: On timeline 0, turn 1, white: e1."
        );
    }
}
