//! The syntax tree of a 5dpgn file: what the text says, before any move is
//! matched against the rules. The reader (`notation::reader`) builds it; the
//! resolver (engine side) turns each [`MoveText`] into an engine move; the
//! writer prints canonical text from resolved moves.

use crate::chess::{Color, PieceKind, Square};

/// A place in the input: 1-based line and column (in characters), and byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
    /// Byte offset of the first character.
    pub offset: usize,
    /// Length in bytes.
    pub len: usize,
}

impl std::fmt::Display for Span {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A timeline label as written: `0`, `1`, `+1`, `-1`, `-0`, `+0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimelineText {
    /// `Some('+')`, `Some('-')` or `None` when unsigned.
    pub sign: Option<char>,
    /// The magnitude (bounded by the reader, see [`MAX_NUMBER`]).
    pub number: u32,
}

impl std::fmt::Display for TimelineText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.sign {
            Some(s) => write!(f, "{s}{}", self.number),
            None => write!(f, "{}", self.number),
        }
    }
}

/// The largest timeline, turn or action number the reader accepts; larger
/// numbers are an error, not a wrap-around.
pub const MAX_NUMBER: u32 = 1_000_000;

/// A board reference `(LTt)`, possibly partial (ftxi's `(L-1)` or `(T5)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardText {
    /// The timeline, if written.
    pub timeline: Option<TimelineText>,
    /// The turn, if written.
    pub turn: Option<u32>,
}

/// The jump mark of a superphysical move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JumpText {
    /// No jump mark: a physical move, or the "minimal notation" export form
    /// `(0T3)e2(1T3)e4` whose target board is given without `>`.
    None,
    /// `>`: non-branching, as written (a hint; the state decides).
    Hop,
    /// `>>`: branching, as written (a hint; the state decides).
    Branch,
}

/// Castling as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastleText {
    /// `O-O` (towards the h-side rook).
    KingSide,
    /// `O-O-O` (towards the a-side rook).
    QueenSide,
}

/// Check/mate marks written after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Marks {
    /// `+`
    pub check: bool,
    /// `*`
    pub softmate: bool,
    /// `#`
    pub mate: bool,
    /// `~` (present moved)
    pub present_moved: bool,
}

/// One move as written, with every optional part it may leave out.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// Where the move's text is.
    pub span: Span,
    /// The move's text exactly as written (for error messages).
    pub text: String,
    /// Source board prefix, if written.
    pub source: Option<BoardText>,
    /// Piece letter; `None` for a pawn move written without a letter.
    pub piece: Option<PieceKind>,
    /// Source file or disambiguation file, if written.
    pub from_file: Option<u8>,
    /// Source rank or disambiguation rank, if written.
    pub from_rank: Option<u8>,
    /// Jump mark.
    pub jump: JumpText,
    /// True if an `x` was written.
    pub capture: bool,
    /// Target board, if written (jumps and the long same-board form).
    pub target: Option<BoardText>,
    /// Target square (for castling: `None`).
    pub to: Option<Square>,
    /// Castling, if written as `O-O` / `O-O-O`.
    pub castle: Option<CastleText>,
    /// `=Q` and the like.
    pub promotion: Option<PieceKind>,
    /// `+ * # ~`.
    pub marks: Marks,
    /// `(>Ln)` written after the move: the number of the timeline it created.
    pub new_timeline: Option<TimelineText>,
    /// `(~Tn)` written after the move: the turn the present moved to.
    pub present_turn: Option<u32>,
}

/// One player's action: the moves of one half-turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ActionText {
    /// Where the action starts (its turn number, `/`, or first move).
    pub span: Span,
    /// The side to play it, as the text's structure says.
    pub color: Color,
    /// The turn label written before it (`3.` or `3b.`), if any.
    pub turn_label: Option<u32>,
    /// Its moves, in written order.
    pub moves: Vec<MoveText>,
    /// Comments attached after its moves, in order, without braces.
    pub comments: Vec<String>,
}

/// A 5DFEN board line `[pieces:L:T:c]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FenBoardText {
    /// Where the line is.
    pub span: Span,
    /// The piece field as written.
    pub pieces: String,
    /// The timeline label.
    pub timeline: TimelineText,
    /// The turn.
    pub turn: u32,
    /// The colour to move.
    pub to_move: Color,
}

/// A whole file, as written.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameText {
    /// Tag pairs in order, names as written (compare case-insensitively);
    /// the reader moves `[Result]` into [`GameText::result`] and the writer
    /// writes `result` as the `[Result]` tag (a `Result` entry here is
    /// written only when `result` is `None`).
    pub tags: Vec<(String, String)>,
    /// 5DFEN board lines in order.
    pub fen_boards: Vec<FenBoardText>,
    /// Main-line actions in order; side variations are not included.
    pub actions: Vec<ActionText>,
    /// The game's result, `1-0`, `0-1`, `1/2-1/2` or `*`, if written (from
    /// the `[Result]` tag or the token after the moves).
    pub result: Option<String>,
}

impl GameText {
    /// The value of a tag, matching its name case-insensitively.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}
