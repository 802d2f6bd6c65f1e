//! The turn structure: labels, `/`, actions, comments, results, and the main loop.

use super::cursor::{is_delimiter, ParenKind, Parser, Pending};
use super::moves::apply_move_token;
use super::{excerpt, Read, ReadError, Warning, WarningKind};
use crate::chess::Color;
use crate::notation::ast::{ActionText, MoveText, Span};

/// The results a file may state, as written and in canonical form.
const RESULTS: [(&str, &str); 5] = [
    ("1-0", "1-0"),
    ("0-1", "0-1"),
    ("1/2-1/2", "1/2-1/2"),
    ("½-½", "1/2-1/2"),
    ("*", "*"),
];

/// The canonical form of a `[Result]` tag value, if it is a result.
fn result_value(value: &str) -> Option<&'static str> {
    let value = value.trim();
    RESULTS
        .into_iter()
        .find(|(written, _)| *written == value)
        .map(|(_, canonical)| canonical)
}

impl Parser<'_> {
    // ---- actions -----------------------------------------------------------

    pub(super) fn finish_action(&mut self) {
        let Some(p) = self.pending.take() else {
            return;
        };
        if p.moves.is_empty() {
            // A bare `1.` or a trailing `/` is not an action; keep its comments.
            if let Some(last) = self.game.actions.last_mut() {
                last.comments.extend(p.comments);
            }
            return;
        }
        let expected = match self.last_turn {
            None => None,
            Some((Color::White, n)) => Some(if p.color == Color::Black { n } else { n + 1 }),
            Some((Color::Black, n)) => Some(n + 1),
        };
        if let Some(last) = self.game.actions.last() {
            if last.color == p.color {
                let side = if p.color == Color::White {
                    "White"
                } else {
                    "Black"
                };
                self.warn(
                    p.span,
                    WarningKind::SameSideTwice,
                    format!("two {side} actions in a row: the other side's action is missing"),
                );
            }
        }
        if let (Some(label), Some(expected)) = (p.label, expected) {
            if label != expected {
                let how = if label + 1 == expected {
                    "repeated"
                } else {
                    "unexpected"
                };
                self.warn(
                    p.span,
                    WarningKind::TurnNumber,
                    format!(
                        "turn number {label} is {how} (expected {expected}); turn numbers are ignored, the sides alternate"
                    ),
                );
            }
        }
        let turn = p.label.or(expected).unwrap_or(1);
        self.last_turn = Some((p.color, turn));
        self.game.actions.push(ActionText {
            span: p.span,
            color: p.color,
            turn_label: p.label,
            moves: p.moves,
            comments: p.comments,
        });
    }

    pub(super) fn start_action(&mut self, span: Span, color: Color, label: Option<u32>) {
        if let Some(p) = &mut self.pending {
            if p.moves.is_empty() && p.comments.is_empty() {
                // An empty label (`1.`, `/`) followed by another: nothing to keep.
                p.span = span;
                p.color = color;
                p.label = label;
                return;
            }
        }
        self.finish_action();
        self.pending = Some(Pending {
            span,
            color,
            label,
            moves: Vec::new(),
            comments: Vec::new(),
        });
    }

    pub(super) fn add_comment(&mut self, comment: String) {
        match &mut self.pending {
            Some(p) if !p.moves.is_empty() => p.comments.push(comment),
            _ => {
                if let Some(last) = self.game.actions.last_mut() {
                    last.comments.push(comment);
                }
            }
        }
    }

    pub(super) fn last_move(&mut self) -> Option<&mut MoveText> {
        match &mut self.pending {
            Some(p) if !p.moves.is_empty() => p.moves.last_mut(),
            _ => self
                .game
                .actions
                .last_mut()
                .and_then(|a| a.moves.last_mut()),
        }
    }

    /// The result at the cursor, if any: its canonical text and its length in bytes.
    pub(super) fn result_token(&self) -> Option<(&'static str, usize)> {
        let rest = &self.text[self.pos..];
        let (written, canonical) = RESULTS.into_iter().find(|(w, _)| rest.starts_with(w))?;
        is_delimiter(self.bytes.get(self.pos + written.len()).copied())
            .then_some((canonical, written.len()))
    }

    /// Reads `N.`, `Nw.`, `Nb.`, `N...` at the cursor.
    pub(super) fn turn_label(&mut self) -> Result<(), ReadError> {
        let start = self.mark();
        let number = self.number()?;
        self.skip_spaces();
        let color = match self.peek() {
            Some(b'w' | b'W') => {
                self.bump();
                Color::White
            }
            Some(b'b' | b'B') => {
                self.bump();
                Color::Black
            }
            _ => Color::White,
        };
        self.skip_spaces();
        if self.peek() != Some(b'.') {
            return Err(self.error_here("expected `.` after the turn number"));
        }
        let mut dots = 0;
        while self.peek() == Some(b'.') {
            self.bump();
            dots += 1;
        }
        let color = if dots >= 3 { Color::Black } else { color };
        let span = self.span_from(start);
        self.start_action(span, color, Some(number));
        Ok(())
    }

    pub(super) fn run(&mut self) -> Result<(), ReadError> {
        loop {
            self.skip_blank();
            let Some(b) = self.peek() else {
                return Ok(());
            };
            if self.game.result.is_none() {
                let may_be_result = matches!(b, b'0' | b'1' | b'*' | 0xC2);
                if let Some((result, len)) = may_be_result.then(|| self.result_token()).flatten() {
                    let start = self.mark();
                    for _ in 0..len {
                        self.bump();
                    }
                    self.game.result = Some(result.to_string());
                    self.result_span = Some(self.span_from(start));
                    continue;
                }
            } else if b != b'{' && b != b';' {
                let span = self.span_here();
                self.warn(
                    span,
                    WarningKind::TextAfterResult,
                    "text after the result is ignored",
                );
                self.pos = self.bytes.len();
                return Ok(());
            }
            match b {
                b'[' => self.header()?,
                b'{' => {
                    let c = self.comment()?;
                    self.add_comment(c);
                }
                b';' => {
                    while !matches!(self.peek(), None | Some(b'\n')) {
                        self.bump();
                    }
                }
                b'(' => match self.classify_paren() {
                    ParenKind::Board => self.move_in_action()?,
                    ParenKind::NewTimeline | ParenKind::Present => {
                        let token = self.move_token()?;
                        let warning = apply_move_token(&token, self.last_move());
                        if let Some(w) = warning {
                            self.warn(w.span, w.kind, w.message);
                        }
                    }
                    ParenKind::Variation => self.skip_variation()?,
                },
                b')' => return Err(self.error_here("this `)` closes nothing")),
                b'/' => {
                    let start = self.mark();
                    self.bump();
                    let span = self.span_from(start);
                    self.start_action(span, Color::Black, None);
                }
                b'0'..=b'9' => {
                    let castling_with_zeros =
                        b == b'0' && self.peek_at(1) == Some(b'-') && self.peek_at(2) == Some(b'0');
                    // A move disambiguated by its rank only: `3e4`, `3xe4`, `3>>(0T1)e4`.
                    let rank_first = (b'1'..=b'8').contains(&b)
                        && match self.peek_at(1) {
                            Some(b'x' | b'>' | b'(') => true,
                            Some(b'a'..=b'h') => matches!(self.peek_at(2), Some(b'1'..=b'8')),
                            _ => false,
                        };
                    if castling_with_zeros || rank_first {
                        self.move_in_action()?;
                    } else {
                        self.turn_label()?;
                    }
                }
                b'w' | b'b' if self.peek_at(1) == Some(b'.') => {
                    let start = self.mark();
                    self.bump();
                    self.bump();
                    let span = self.span_from(start);
                    let color = if b == b'w' {
                        Color::White
                    } else {
                        Color::Black
                    };
                    self.start_action(span, color, None);
                }
                // `e.p.` after an en-passant capture: nothing to read.
                b'e' if self.starts_with("e.p.") => {
                    for _ in 0..4 {
                        self.bump();
                    }
                }
                b'a'..=b'h' | b'x' | b'>' | b'A'..=b'Z' => self.move_in_action()?,
                b'$' => {
                    return Err(self.error_here(
                        "relative boards `$(…)` (Branched 5DPGN) are not supported; write the board as (LTt)",
                    ))
                }
                b'i'..=b'z' => {
                    let what = char::from(b);
                    return Err(self.error_here(format!(
                        "`{what}` does not start a move: piece letters are upper case, files go from `a` to `h`"
                    )));
                }
                _ => {
                    let what = self.current_char().unwrap_or(' ');
                    return Err(self.error_here(format!("unexpected `{what}`")));
                }
            }
        }
    }

    pub(super) fn move_in_action(&mut self) -> Result<(), ReadError> {
        let mv = self.parse_move()?;
        if self.pending.is_none() {
            let span = mv.span;
            if self.game.actions.is_empty() {
                self.warn(
                    span,
                    WarningKind::MovesWithoutTurnLabel,
                    "moves before any turn number: read as White's first action",
                );
                self.start_action(span, Color::White, None);
            } else {
                // Unreachable in practice: an action stays open until the next label.
                let color = self
                    .game
                    .actions
                    .last()
                    .map_or(Color::White, |a| a.color.opponent());
                self.start_action(span, color, None);
            }
        }
        if let Some(p) = &mut self.pending {
            p.moves.push(mv);
        }
        Ok(())
    }

    /// Moves the `[Result]` tags out of the tag list into [`GameText::result`].
    ///
    /// The game's result can be written twice: as a `[Result "1-0"]` tag
    /// (`5dpgn.md` section 1, PGN's tag) and as a token after the last action
    /// (section 3). Neither reference says which wins when they disagree, so a
    /// disagreement is a warning, not an error, and the tag wins:
    ///
    /// - the first `[Result]` tag is the one read (a second one was already
    ///   reported as [`WarningKind::DuplicateTag`]); when it gives the result,
    ///   every `[Result]` tag leaves [`GameText::tags`], so the result lives in
    ///   one place and the writer prints it once, as a tag;
    /// - a tag value that is not a result (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`)
    ///   gives a [`WarningKind::ResultTagNotRecognised`] warning; the token
    ///   after the moves, if any, is the result and the tags are dropped;
    ///   without a token the tags stay in the list as plain metadata (and are
    ///   written back as they are);
    /// - a tag and a token that both state an outcome and differ give a
    ///   [`WarningKind::ResultDiffersFromTag`] warning at the token, naming the
    ///   tag's line; the tag's result is used;
    /// - `*` ("unknown or ongoing") agrees with anything: a `*` tag yields to a
    ///   decisive token and a `*` token to a decisive tag, without a warning.
    pub(super) fn take_result_tags(&mut self) {
        let is_result = |(name, _): &(String, String)| name.eq_ignore_ascii_case("Result");
        let Some(first) = self.game.tags.iter().position(is_result) else {
            return;
        };
        let value = self.game.tags[first].1.clone();
        let tag_span = self.tag_spans.get(first).copied().unwrap_or_default();
        let tag = result_value(&value);
        if tag.is_none() {
            let used = if self.game.result.is_some() {
                "the result after the moves is used"
            } else {
                "the tag is kept as it is"
            };
            self.warn(
                tag_span,
                WarningKind::ResultTagNotRecognised,
                format!("[Result \"{value}\"] is not a result (1-0, 0-1, 1/2-1/2 or *); {used}"),
            );
            if self.game.result.is_none() {
                return;
            }
        }
        let mut i = 0;
        while i < self.game.tags.len() {
            if is_result(&self.game.tags[i]) {
                self.game.tags.remove(i);
                if i < self.tag_spans.len() {
                    self.tag_spans.remove(i);
                }
            } else {
                i += 1;
            }
        }
        let Some(tag) = tag else {
            return;
        };
        let token = self.game.result.clone();
        let result = match token.as_deref() {
            None | Some("*") => tag,
            Some(token) if tag == "*" || token == tag => token,
            Some(token) => {
                let span = self.result_span.unwrap_or_default();
                let message = format!(
                    "the result `{token}` after the moves differs from the [Result \"{tag}\"] tag on line {}; the tag's result is used",
                    tag_span.line
                );
                self.warn(span, WarningKind::ResultDiffersFromTag, message);
                tag
            }
        };
        self.game.result = Some(result.to_string());
    }

    pub(super) fn finish(mut self) -> Result<Read, ReadError> {
        self.finish_action();
        if self.game.tags.is_empty()
            && self.game.fen_boards.is_empty()
            && self.game.actions.is_empty()
        {
            return Err(ReadError {
                span: Span {
                    line: 1,
                    column: 1,
                    offset: 0,
                    len: 0,
                },
                message: "empty file: no headers or moves".to_string(),
                near: excerpt(self.text, 0),
            });
        }
        self.check_fen_boards()?;
        self.take_result_tags();
        if self.warnings_not_kept > 0 {
            let span = self.warnings.last().map_or_else(Span::default, |w| w.span);
            self.warnings.push(Warning {
                span,
                kind: WarningKind::MoreWarnings,
                message: format!("{} more warnings not shown", self.warnings_not_kept),
            });
        }
        Ok(Read {
            game: self.game,
            warnings: self.warnings,
        })
    }
}
