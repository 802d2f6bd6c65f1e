//! Spot tests of the 5dpgn syntax: turn structure, tolerances of
//! `shared/rules/5dpgn.md` section 7, the move forms of section 4.3, and errors.

use chronochess::chess::{Color, PieceKind, Square};
use chronochess::notation::ast::{CastleText, JumpText, MoveText, TimelineText};
use chronochess::notation::{read, Read, WarningKind};

fn ok(text: &str) -> Read {
    read(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn colors(r: &Read) -> Vec<Color> {
    r.game.actions.iter().map(|a| a.color).collect()
}

fn kinds(r: &Read) -> Vec<WarningKind> {
    r.warnings.iter().map(|w| w.kind).collect()
}

fn only_move(text: &str) -> MoveText {
    let r = ok(&format!("1. {text}"));
    assert_eq!(r.game.actions.len(), 1, "{text}");
    assert_eq!(r.game.actions[0].moves.len(), 1, "{text}");
    r.game.actions[0].moves[0].clone()
}

use Color::{Black as B, White as W};

#[test]
fn turn_structure() {
    let r = ok("1. (0T1)d4 / (0T1)d6 2. (0T2)e4 / (0T2)e5");
    assert_eq!(colors(&r), [W, B, W, B]);
    assert_eq!(r.game.actions[2].turn_label, Some(2));
    assert_eq!(r.game.actions[1].turn_label, None);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let r = ok("1w. e4 1b. e5 2w. Nf3");
    assert_eq!(colors(&r), [W, B, W]);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    // Minimal export form.
    let r = ok("w. (0T1)e2(0T1)e4 b. (0T1)e7(0T1)e5");
    assert_eq!(colors(&r), [W, B]);
    // A puzzle with Black to move.
    let r = ok("[Board \"custom\"]\n1b. (0T1)Kd3\n2w. (0T2)Rc1 / (0T2)Bb3\n3. (0T3)e4");
    assert_eq!(colors(&r), [B, W, B, W]);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let r = ok("1. e4 1... e5");
    assert_eq!(colors(&r), [W, B]);
    // Several moves of one action, several turns on a line, CRLF and tabs.
    let r = ok("[Mode \"5D\"]\r\n\r\n1.\t(0T1)e3 (1T1)e3\t/\t(0T1)e6\r\n2. (0T2)a3 / (0T2)a6 3. (0T3)b3\r\n");
    assert_eq!(r.game.actions.len(), 5);
    assert_eq!(r.game.actions[0].moves.len(), 2);
    assert_eq!(r.game.tag("mode"), Some("5D"));
    // A bare `1.` or a trailing `/` is not an action.
    let r = ok("[Board \"Standard\"]\n1.");
    assert!(r.game.actions.is_empty());
    let r = ok("1. e4 / 1-0");
    assert_eq!(r.game.actions.len(), 1);
    assert_eq!(r.game.result.as_deref(), Some("1-0"));
    // `/` at the start of a line after a comment.
    let r = ok("1. (L0T1)Wc1c3  {-0.00004}\n / (L0T1)Wa5a3  {-1.3}\n2. (L0T2)We1e3");
    assert_eq!(colors(&r), [W, B, W]);
    assert_eq!(r.game.actions[1].comments, ["-1.3"]);
}

#[test]
fn turn_numbers_are_labels() {
    // Turn 2 written twice: the sides alternate, one warning.
    let r = ok("1. e4 / e5 2. d4 / d5 2. c4 / c5 3. Nc3");
    assert_eq!(colors(&r), [W, B, W, B, W, B, W]);
    assert_eq!(kinds(&r), [WarningKind::TurnNumber]);
    assert!(
        r.warnings[0].message.contains("repeated"),
        "{}",
        r.warnings[0]
    );
    assert_eq!(r.warnings[0].span.column, 23);
    // A missing Black action is seen from the structure.
    let r = ok("1. e4 2. d4");
    assert_eq!(colors(&r), [W, W]);
    assert_eq!(kinds(&r), [WarningKind::SameSideTwice]);
    // Moves before any turn number are White's.
    let r = ok("e4 / e5");
    assert_eq!(colors(&r), [W, B]);
    assert_eq!(kinds(&r), [WarningKind::MovesWithoutTurnLabel]);
}

#[test]
fn comments_variations_results() {
    let r = ok("{start} 1. e4 {a {nested} comment / (1T4)Qa2#} / {before} e5 {after} 2. d4");
    assert_eq!(r.game.actions.len(), 3);
    assert_eq!(
        r.game.actions[0].comments,
        ["a {nested} comment / (1T4)Qa2#", "before"]
    );
    assert_eq!(r.game.actions[1].comments, ["after"]);
    let r = ok("1. e4 / e5 (2. Nf3 / Nc6 (2... d6)) ( / d5) 2. Bc4 ; a line comment\n/ Nf6");
    assert_eq!(r.game.actions.len(), 4);
    assert_eq!(
        kinds(&r),
        [WarningKind::VariationSkipped, WarningKind::VariationSkipped]
    );
    for result in ["1-0", "0-1", "1/2-1/2", "*"] {
        let r = ok(&format!("1. e4 / e5* {result}"));
        assert_eq!(r.game.result.as_deref(), Some(result));
        assert!(r.game.actions[1].moves[0].marks.softmate);
    }
    let r = ok("1. e4 ½-½");
    assert_eq!(r.game.result.as_deref(), Some("1/2-1/2"));
    let r = ok("[Result \"0-1\"]\n1. e4 1-0 {fine} 2. d4");
    assert_eq!(
        kinds(&r),
        [
            WarningKind::TextAfterResult,
            WarningKind::ResultDiffersFromTag
        ]
    );
    assert_eq!(r.game.actions.len(), 1);
    assert_eq!(r.game.result.as_deref(), Some("0-1"));
}

/// The result comes from the `[Result]` tag, or the token after the moves in
/// files that have no tag; the tag wins a disagreement, with a warning that
/// names both lines.
#[test]
fn result_tag_and_token() {
    for result in ["1-0", "0-1", "1/2-1/2", "*"] {
        let r = ok(&format!("[Result \"{result}\"]\n\n1. e4 / e5"));
        assert_eq!(r.game.result.as_deref(), Some(result));
        assert!(r.game.tags.is_empty(), "{:?}", r.game.tags);
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    }
    // Tag names in any case; `½-½` and blanks around the value.
    let r = ok("[result \" ½-½ \"]\n[Board \"Standard\"]\n1. e4");
    assert_eq!(r.game.result.as_deref(), Some("1/2-1/2"));
    assert_eq!(r.game.tags, [("Board".to_string(), "Standard".to_string())]);
    // Tag and token agree; `*` agrees with anything.
    for (tag, token, result) in [
        ("1-0", "1-0", "1-0"),
        ("*", "0-1", "0-1"),
        ("0-1", "*", "0-1"),
    ] {
        let r = ok(&format!("[Result \"{tag}\"]\n1. e4 / e5 {token}"));
        assert_eq!(r.game.result.as_deref(), Some(result), "{tag} {token}");
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    }
    // They disagree: the tag is used, the warning is at the token.
    let r = ok("[Board \"Standard\"]\n[Result \"1-0\"]\n\n1. e4 / e5\n2. Qh5 0-1\n");
    assert_eq!(r.game.result.as_deref(), Some("1-0"));
    assert_eq!(kinds(&r), [WarningKind::ResultDiffersFromTag]);
    let w = &r.warnings[0];
    assert_eq!((w.span.line, w.span.column), (5, 8));
    assert_eq!(
        w.to_string(),
        "line 5, column 8: the result `0-1` after the moves differs from the [Result \"1-0\"] tag on line 2; the tag's result is used"
    );
    // Not a result: a warning; the token, if any, is used and the tag dropped;
    // without one the tag is kept as plain metadata.
    let r = ok("[Result \"white won\"]\n1. e4 1-0");
    assert_eq!(r.game.result.as_deref(), Some("1-0"));
    assert_eq!(kinds(&r), [WarningKind::ResultTagNotRecognised]);
    assert_eq!(r.warnings[0].span.line, 1);
    assert!(r.game.tags.is_empty());
    let r = ok("[Result \"white won\"]");
    assert_eq!(r.game.result, None);
    assert_eq!(kinds(&r), [WarningKind::ResultTagNotRecognised]);
    assert_eq!(r.game.tag("Result"), Some("white won"));
    let text = chronochess::notation::write(&r.game);
    assert_eq!(text, "[Result \"white won\"]\n\n");
    assert_eq!(ok(&text).game, r.game);
    // Two tags: the first is used, both leave the tag list.
    let r = ok("[Result \"0-1\"]\n[Result \"1-0\"]\n1. e4");
    assert_eq!(r.game.result.as_deref(), Some("0-1"));
    assert_eq!(kinds(&r), [WarningKind::DuplicateTag]);
    assert!(r.game.tags.is_empty());
    // A file of one tag is not empty.
    let r = ok("[Result \"1-0\"]");
    assert_eq!(r.game.result.as_deref(), Some("1-0"));
    // Whatever mix of tags and tokens, the written text reads back to the
    // same tree and writing it again gives the same text.
    for text in [
        "[Result \"x\"]\n[Result \"1-0\"]",
        "[Result \"x\"]\n[Result \"1-0\"]\n1. e4 0-1",
        "[Result \"1-0\"]\n[Result \"x\"]\n1. e4 *",
        "[Result \"*\"]\n1. e4 / e5 1/2-1/2",
        "[Result \"\"]\n[Board \"Standard\"]",
        "1. e4 / e5 *",
    ] {
        let first = ok(text).game;
        let written = chronochess::notation::write(&first);
        let second = ok(&written).game;
        assert_eq!(second.tags, first.tags, "{text:?}\n{written}");
        assert_eq!(second.result, first.result, "{text:?}\n{written}");
        assert_eq!(chronochess::notation::write(&second), written, "{text:?}");
    }
}

#[test]
fn headers_and_boards() {
    let r = ok("[board \"STANDARD - HALF REFLECTED\"]\n[White \"a \\\"quoted\\\" \\\\ name\"]\n[5dchess_tools \"^0.2.0\"]\n[Event unquoted value]");
    assert_eq!(r.game.tag("Board"), Some("STANDARD - HALF REFLECTED"));
    assert_eq!(r.game.tag("white"), Some("a \"quoted\" \\ name"));
    assert_eq!(r.game.tag("5dchess_tools"), Some("^0.2.0"));
    assert_eq!(r.game.tag("event"), Some("unquoted value"));
    assert_eq!(kinds(&r), [WarningKind::UnquotedTagValue]);
    let r = ok("[Size \"5x5\"]\n[r1k2/4R/1K1R1/3B1/5:-1:1:w]\n[R4/RK3/5/5/3k1:1:1:b]\n[4n/5/5/5/K4:+0:0:w]");
    let b = &r.game.fen_boards;
    assert_eq!(b.len(), 3);
    assert_eq!(
        b[0].timeline,
        TimelineText {
            sign: Some('-'),
            number: 1
        }
    );
    assert_eq!(
        b[1].timeline,
        TimelineText {
            sign: None,
            number: 1
        }
    );
    assert_eq!((b[1].turn, b[1].to_move), (1, B));
    assert_eq!((b[2].timeline.sign, b[2].turn), (Some('+'), 0));
    // `*` after a knight: accepted, ignored, warned.
    let r = ok("[Size \"8x8\"]\n[r*n*bqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]");
    assert_eq!(kinds(&r), [WarningKind::UnmovedMarkIgnored]);
    // A byte-order mark, Unicode values and columns counted in characters.
    let r = ok("\u{FEFF}[White \"Zoë Ünal\"]\n1. e4 {café} / e5");
    assert_eq!(r.game.tag("White"), Some("Zoë Ünal"));
    assert_eq!(r.game.actions[0].comments, ["café"]);
    assert_eq!(
        (r.game.actions[1].span.line, r.game.actions[1].span.column),
        (2, 14)
    );
    let r = ok("[4/4/4/4:0:1:w]");
    assert_eq!(kinds(&r), [WarningKind::MissingSize]);
}

#[test]
fn section_7_tolerances() {
    let m = only_move("(L1T5)Qf4>>x(L0T5)e4*");
    assert!(m.capture && m.marks.softmate);
    assert_eq!(m.source.unwrap().timeline.unwrap().number, 1);
    let m = only_move("(-0T4)exd2 {En passant}");
    assert!(m.capture);
    assert_eq!(m.source.unwrap().timeline.unwrap().sign, Some('-'));
    let m = only_move("(1T2)Ke4>>(0T3)e4");
    assert_eq!(m.jump, JumpText::Branch);
    let m = only_move("(0T1)Pe2(0T1)e3");
    assert_eq!(
        (m.jump, m.target, m.piece),
        (JumpText::None, m.source, Some(PieceKind::Pawn))
    );
    let m = only_move("(L-1T5)Qf3>>(L-1T4)f4");
    assert_eq!(m.target.unwrap().turn, Some(4));
    let r = ok("1. (1T1)BRa1>(-1T1)a1 (0T1)BRa2");
    assert_eq!(r.game.actions[0].moves[0].piece, Some(PieceKind::Brawn));
    assert_eq!(
        kinds(&r),
        [WarningKind::PieceAlias, WarningKind::PieceAlias]
    );
    let m = only_move("(0T5)O-O {to the right}");
    assert_eq!(m.castle, Some(CastleText::KingSide));
    assert_eq!(only_move("0-0-0").castle, Some(CastleText::QueenSide));
}

#[test]
fn section_4_3_jumps() {
    let m = only_move("(-1T4)Nc3>>x(0T2)c3+~");
    assert_eq!(
        (m.piece, m.from_file, m.from_rank),
        (Some(PieceKind::Knight), Some(2), Some(2))
    );
    assert!(m.capture && m.marks.check && m.marks.present_moved);
    let m = only_move("(0T6)Pd5>(1T6)d5");
    assert_eq!(m.jump, JumpText::Hop);
    let m = only_move("(-1T4)Nc3>>x(0T2)c3+ (>L2) (~T1)");
    assert_eq!(
        m.new_timeline,
        Some(TimelineText {
            sign: None,
            number: 2
        })
    );
    assert_eq!(m.present_turn, Some(1));
    let m = only_move("(1T2)Ke2>>(1T1)e1 (~T3) (>L-2)");
    assert_eq!(
        (m.present_turn, m.new_timeline.unwrap().sign),
        (Some(3), Some('-'))
    );
    let m = only_move("(-1T19)e8(0T18)f8");
    assert_eq!((m.jump, m.to), (JumpText::None, Square::parse("f8")));
    let m = only_move("(0T6)Ke1(0T6)g1");
    assert_eq!(
        (m.piece, m.to),
        (Some(PieceKind::King), Square::parse("g1"))
    );
    // Shortened moves (Branched 5DPGN).
    let m = only_move("Q>>xf2+");
    assert_eq!((m.source, m.target, m.capture), (None, None, true));
    let m = only_move("(-1T2)N>>(-1T1)f4+");
    assert_eq!((m.from_file, m.from_rank), (None, None));
    let m = only_move("(L-1)Nh3");
    assert_eq!(m.source.unwrap().turn, None);
    let m = only_move("K>>d8");
    assert_eq!(m.jump, JumpText::Branch);
    let m = only_move("(L-1)f>>f6");
    assert_eq!((m.piece, m.from_file), (None, Some(5)));
    // Promotions with and without `=`; evaluations.
    let m = only_move("(+0T2)d4=Q");
    assert_eq!(m.promotion, Some(PieceKind::Queen));
    let m = only_move("(1T3)axb1Q+!?");
    assert_eq!(m.promotion, Some(PieceKind::Queen));
    assert!(m.marks.check);
    assert_eq!(m.text, "(1T3)axb1Q+!?");
    // Long algebraic with a dash, and `e.p.` after an en-passant capture.
    let m = only_move("(0T1)Ng1-f3");
    assert_eq!((m.from_file, m.to), (Some(6), Square::parse("f3")));
    let r = ok("1. (0T4)exd6 e.p. / (0T4)e5");
    assert_eq!(r.game.actions.len(), 2);
}

#[test]
fn errors_say_where_and_what() {
    let cases = [
        (
            "1. (0T1)e4 / (0T1)e5\n2. (0T2)Nz3",
            "line 2, column 10",
            "files go from",
        ),
        ("1. e4 {never closed", "line 1, column 7", "never closed"),
        ("1. e4 (2. d4", "line 1, column 7", "never closed"),
        (
            "1. e4\n[Board \"Standard\"]",
            "line 2, column 1",
            "after the moves",
        ),
        ("[Board \"Standard]\n", "line 1, column 8", "not closed"),
        (
            "[Size \"5x5\"]\n[8/8/8/8/8/8/8/8:0:1:w]",
            "line 2, column 1",
            "does not fit",
        ),
        ("[k/4/4/K:0:1:x]", "line 1, column 1", "colour"),
        ("[k/4/4/K:0:1]", "line 1, column 1", "4 fields"),
        (
            "[Size \"9x9\"]\n[k:0:1:w]",
            "line 1, column 1",
            "WIDTHxHEIGHT",
        ),
        (
            "1. (0T1)e4 / (0T1)e5 )",
            "line 1, column 22",
            "closes nothing",
        ),
        ("1. (0T1e4", "line 1, column 8", "`)`"),
        ("1. (0T-1)e4", "line 1, column 7", "relative"),
        ("1. e4 & e5", "line 1, column 7", "unexpected `&`"),
        (
            "1. Nf3% / e5",
            "line 1, column 7",
            "unexpected `%` in a move",
        ),
        ("12 e4", "line 1, column 4", "expected `.`"),
        ("1. e4=", "line 1, column 7", "piece letter"),
        ("1. (>Lx)", "line 1, column 7", "timeline"),
        ("1. nf3", "line 1, column 4", "piece letters are upper case"),
        ("1. $(L+1T-1)Nf3", "line 1, column 4", "relative boards"),
        (
            "1. (0T2)Nb1>>$(L=T-1)b3",
            "line 1, column 14",
            "relative boards",
        ),
    ];
    for (text, place, what) in cases {
        let e = read(text).expect_err(text);
        let shown = e.to_string();
        assert!(shown.starts_with(place), "{text:?}: {shown}");
        assert!(shown.contains(what), "{text:?}: {shown}");
        assert!(
            shown.contains("near `") || shown.contains("end of the file"),
            "{shown}"
        );
    }
}
