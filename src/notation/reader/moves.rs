//! Moves: board prefixes, SAN, jumps, castling, marks and the `(>Ln)` / `(~Tn)` tokens.

use super::cursor::{is_delimiter, ParenKind, Parser};
use super::{ReadError, Warning, WarningKind};
use crate::chess::{PieceKind, Square, MAX_SIDE};
use crate::notation::ast::{BoardText, CastleText, JumpText, Marks, MoveText, Span, TimelineText};

impl Parser<'_> {
    // ---- moves -------------------------------------------------------------

    pub(super) fn board(&mut self) -> Result<BoardText, ReadError> {
        let open = self.mark();
        self.bump();
        self.skip_spaces();
        if self.peek() == Some(b'L') {
            self.bump();
            self.skip_spaces();
        }
        let timeline = if matches!(self.peek(), Some(b'+' | b'-' | b'0'..=b'9')) {
            Some(self.timeline()?)
        } else {
            None
        };
        self.skip_spaces();
        let turn = if self.peek() == Some(b'T') {
            self.bump();
            self.skip_spaces();
            if self.peek() == Some(b'-') {
                return Err(self.error_here(
                    "relative boards (a negative turn) are not supported; write the board as (LTt)",
                ));
            }
            Some(self.number()?)
        } else {
            None
        };
        self.skip_spaces();
        if self.peek() != Some(b')') {
            return Err(self.error_here("expected `)` to close the board `(LTt)`"));
        }
        self.bump();
        if timeline.is_none() && turn.is_none() {
            let span = self.span_from(open);
            return Err(self.error_at(span, "a board `(LTt)` needs a timeline or a turn"));
        }
        Ok(BoardText { timeline, turn })
    }

    /// Reads a piece letter (or alias) at the cursor, if there is one.
    pub(super) fn piece_letter(&mut self) -> Option<PieceKind> {
        let here = self.mark();
        let two = (self.peek(), self.peek_at(1));
        let alias = match two {
            (Some(b'B'), Some(b'R')) => Some((PieceKind::Brawn, "BR", 'W')),
            (Some(b'R'), Some(b'Q')) => Some((PieceKind::RoyalQueen, "RQ", 'Y')),
            (Some(b'P'), Some(b'R')) => Some((PieceKind::Princess, "PR", 'S')),
            (Some(b'C'), Some(b'K')) => Some((PieceKind::CommonKing, "CK", 'C')),
            _ => None,
        };
        if let Some((kind, text, letter)) = alias {
            self.bump();
            self.bump();
            let span = self.span_from(here);
            self.warn(
                span,
                WarningKind::PieceAlias,
                format!("old piece alias `{text}` read as {kind} (`{letter}`)"),
            );
            return Some(kind);
        }
        match self.peek() {
            Some(b) if b.is_ascii_uppercase() => {
                let kind = PieceKind::from_letter(char::from(b))?;
                self.bump();
                Some(kind)
            }
            _ => None,
        }
    }

    /// Reads `[a-h][1-8]` items and `x` marks until something else comes.
    pub(super) fn coordinates(&mut self, capture: &mut bool) -> Result<Coordinates, ReadError> {
        let mut items = Coordinates::default();
        loop {
            let item = match self.peek() {
                Some(b @ b'a'..=b'h') if b - b'a' < MAX_SIDE => Some((true, b - b'a')),
                Some(b @ b'1'..=b'8') if b - b'1' < MAX_SIDE => Some((false, b - b'1')),
                // Long algebraic `e2-e4`: the dash between the squares is skipped.
                Some(b'-') if items.len == 2 && matches!(self.peek_at(1), Some(b'a'..=b'h')) => {
                    None
                }
                Some(b'x') if !*capture => {
                    *capture = true;
                    None
                }
                Some(b'x') => return Err(self.error_here("`x` written twice in one move")),
                Some(b'9') => {
                    return Err(self.error_here("rank 9 does not exist (boards are at most 8x8)"))
                }
                Some(b'i'..=b'w') | Some(b'y'..=b'z') => {
                    return Err(self.error_here("files go from `a` to `h` (boards are at most 8x8)"))
                }
                _ => return Ok(items),
            };
            if let Some(item) = item {
                if items.len == items.items.len() {
                    return Err(self.error_here("too many squares in one move"));
                }
                items.items[items.len] = item;
                items.len += 1;
            }
            self.bump();
        }
    }

    pub(super) fn parse_move(&mut self) -> Result<MoveText, ReadError> {
        let start = self.mark();
        let mut mv = MoveText {
            span: Span::default(),
            text: String::new(),
            source: None,
            piece: None,
            from_file: None,
            from_rank: None,
            jump: JumpText::None,
            capture: false,
            target: None,
            to: None,
            castle: None,
            promotion: None,
            marks: Marks::default(),
            new_timeline: None,
            present_turn: None,
        };
        if self.peek() == Some(b'(') {
            if self.classify_paren() != ParenKind::Board {
                return Err(self.error_here("expected a board `(LTt)` or a move"));
            }
            mv.source = Some(self.board()?);
            self.skip_spaces();
        }
        if let Some(castle) = self.castling() {
            mv.castle = Some(castle);
        } else {
            mv.piece = self.piece_letter();
            let mut capture = false;
            let before = self.coordinates(&mut capture)?;
            // Jump mark, target board, then the target square.
            if self.peek() == Some(b'>') {
                self.bump();
                mv.jump = if self.peek() == Some(b'>') {
                    self.bump();
                    JumpText::Branch
                } else {
                    JumpText::Hop
                };
                if self.peek() == Some(b'x') {
                    self.bump();
                    capture = true;
                }
            }
            if self.peek() == Some(b'(') && self.classify_paren() == ParenKind::Board {
                mv.target = Some(self.board()?);
            } else if self.peek() == Some(b'$') {
                return Err(self.error_here(
                    "relative boards `$(…)` (Branched 5DPGN) are not supported; write the board as (LTt)",
                ));
            }
            let split = mv.jump != JumpText::None || mv.target.is_some();
            let after;
            let (from, to) = if split {
                after = self.coordinates(&mut capture)?;
                (before.as_slice(), after.as_slice())
            } else {
                let all = before.as_slice();
                match all.len() {
                    0 | 1 => (all, &[][..]),
                    n => all.split_at(n - 2),
                }
            };
            mv.capture = capture;
            match to {
                [(true, x), (false, y)] => mv.to = Square::new(*x, *y),
                [] => {
                    return Err(
                        self.error_at(self.span_from(start), "this move has no target square")
                    )
                }
                _ => {
                    return Err(self.error_at(
                        self.span_from(start),
                        "the target square must be a file and a rank, like `e4`",
                    ))
                }
            }
            match from {
                [] => {}
                [(true, x)] => mv.from_file = Some(*x),
                [(false, y)] => mv.from_rank = Some(*y),
                [(true, x), (false, y)] => {
                    mv.from_file = Some(*x);
                    mv.from_rank = Some(*y);
                }
                _ => {
                    return Err(self.error_at(
                        self.span_from(start),
                        "the source square must be a file, a rank, or both, like `g1`",
                    ))
                }
            }
            // Promotion: `=Q` or a bare letter.
            if self.peek() == Some(b'=') {
                self.bump();
                match self.piece_letter() {
                    Some(kind) => mv.promotion = Some(kind),
                    None => return Err(self.error_here("expected a piece letter after `=`")),
                }
            } else if matches!(self.peek(), Some(b) if b.is_ascii_uppercase()) {
                match self.piece_letter() {
                    Some(kind) => mv.promotion = Some(kind),
                    None => return Err(self.error_here("unexpected letter after the move")),
                }
            }
        }
        // Marks and evaluations, in any order.
        loop {
            match self.peek() {
                Some(b'+') => mv.marks.check = true,
                Some(b'*') => mv.marks.softmate = true,
                Some(b'#') => mv.marks.mate = true,
                Some(b'~') => mv.marks.present_moved = true,
                Some(b'!' | b'?') => {}
                _ => break,
            }
            self.bump();
        }
        if !is_delimiter(self.peek()) {
            let what = self.current_char().unwrap_or(' ');
            return Err(self.error_here(format!("unexpected `{what}` in a move")));
        }
        mv.span = self.span_from(start);
        mv.text = self.text[start.pos..self.pos].to_string();
        Ok(mv)
    }

    pub(super) fn castling(&mut self) -> Option<CastleText> {
        let c = self.peek()?;
        if !matches!(c, b'O' | b'0' | b'o') {
            return None;
        }
        let long = [c, b'-', c, b'-', c];
        let rest = &self.bytes[self.pos..];
        let len = if rest.starts_with(&long) {
            5
        } else if rest.starts_with(&long[..3]) {
            3
        } else {
            return None;
        };
        for _ in 0..len {
            self.bump();
        }
        Some(if len == 5 {
            CastleText::QueenSide
        } else {
            CastleText::KingSide
        })
    }

    /// Reads `(>Ln)` or `(~Tn)` at the cursor.
    pub(super) fn move_token(&mut self) -> Result<MoveToken, ReadError> {
        let open = self.mark();
        self.bump();
        self.skip_spaces();
        let kind = self.bump();
        let mut token = MoveToken {
            span: Span::default(),
            new_timeline: None,
            present_turn: None,
        };
        if kind == Some(b'>') {
            self.skip_spaces();
            if self.peek() != Some(b'L') {
                return Err(self.error_here("expected `L` in the new-timeline token `(>Ln)`"));
            }
            self.bump();
            self.skip_spaces();
            token.new_timeline = Some(self.timeline()?);
        } else {
            self.skip_spaces();
            if self.peek() != Some(b'T') {
                return Err(self.error_here("expected `T` in the present token `(~Tn)`"));
            }
            self.bump();
            self.skip_spaces();
            token.present_turn = Some(self.number()?);
        }
        self.skip_spaces();
        if self.peek() != Some(b')') {
            return Err(self.error_here("expected `)`"));
        }
        self.bump();
        token.span = self.span_from(open);
        Ok(token)
    }
}

/// Files (`true`) and ranks (`false`) of one side of a move, in written order:
/// at most four (`e2e4`), kept without allocating.
#[derive(Default)]
pub(super) struct Coordinates {
    items: [(bool, u8); 4],
    len: usize,
}

impl Coordinates {
    fn as_slice(&self) -> &[(bool, u8)] {
        &self.items[..self.len]
    }
}

/// A `(>Ln)` or `(~Tn)` token.
pub(super) struct MoveToken {
    span: Span,
    new_timeline: Option<TimelineText>,
    present_turn: Option<u32>,
}

/// Puts a `(>Ln)` / `(~Tn)` token on the move it follows; the warning to give, if any.
pub(super) fn apply_move_token(token: &MoveToken, mv: Option<&mut MoveText>) -> Option<Warning> {
    let Some(mv) = mv else {
        return Some(Warning {
            span: token.span,
            kind: WarningKind::StrayMoveToken,
            message: "this token follows no move and is ignored".to_string(),
        });
    };
    let repeated = (token.new_timeline.is_some() && mv.new_timeline.is_some())
        || (token.present_turn.is_some() && mv.present_turn.is_some());
    if token.new_timeline.is_some() {
        mv.new_timeline = token.new_timeline;
    }
    if token.present_turn.is_some() {
        mv.present_turn = token.present_turn;
    }
    repeated.then(|| Warning {
        span: token.span,
        kind: WarningKind::RepeatedMoveToken,
        message: "this token is written twice for one move; the last one is kept".to_string(),
    })
}
