//! 5D rules through the public API: counts from `shared/rules/5dpgn.md`
//! example 1, the 30 134 worked figure, mates, castling, en passant,
//! promotion, undo.

use chronochess::chess::{Color, PieceKind, Placement, Square};
use chronochess::fived::coords::{half_turn, timeline_from_label};
use chronochess::fived::{
    boards, Budget, Coord, Game, InitialBoard, Move, Multiverse, Outcome, SubmitError,
};

/// Finds the move written as `(LTt)[P][file][rank][>|>>(LTt)]sq` among the
/// candidate moves (a tiny test-only reader; the real one is `notation`).
fn find_move(game: &Game, text: &str) -> Move {
    let color = game.to_move();
    let even = game.multiverse().even();
    let parse_board = |s: &str| -> (i32, i32, usize) {
        let close = s.find(')').unwrap();
        let inner = &s[1..close];
        let t = inner.find('T').unwrap();
        let lab = &inner[..t];
        let (sign, num) = match lab.chars().next() {
            Some(c @ ('+' | '-')) => (Some(c), &lab[1..]),
            _ => (None, lab),
        };
        let l = timeline_from_label(sign, num.parse().unwrap(), even);
        let turn: i32 = inner[t + 1..].parse().unwrap();
        (l, half_turn(turn, color), close + 1)
    };
    let (l, v, mut i) = parse_board(text);
    let rest = &text[i..];
    let mut kind = PieceKind::Pawn;
    let b = rest.as_bytes();
    let mut j = 0;
    if b[0].is_ascii_uppercase() {
        kind = PieceKind::from_letter(b[0] as char).unwrap();
        j = 1;
    }
    let body: String = rest[j..].replace('x', "");
    let (src_part, target) = if let Some(p) = body.find('>') {
        let after = body[p..].trim_start_matches('>').to_string();
        let (tl, tv, k) = parse_board(&after);
        (
            body[..p].to_string(),
            Some((tl, tv, after[k..k + 2].to_string())),
        )
    } else {
        (String::new(), None)
    };
    let (from_hint, to_sq, to_board) = match target {
        Some((tl, tv, sq)) => (src_part, Square::parse(&sq).unwrap(), (tl, tv)),
        None => {
            let body = body.trim_end_matches(['+', '#', '~', '*']);
            let n = body.len();
            (
                body[..n - 2].to_string(),
                Square::parse(&body[n - 2..]).unwrap(),
                (l, v),
            )
        }
    };
    i = 0;
    let _ = i;
    let cands: Vec<Move> = game
        .candidate_moves()
        .into_iter()
        .filter(|m| {
            let piece = game
                .multiverse()
                .board(m.from.board.l, m.from.board.v)
                .and_then(|bd| bd.piece_at(m.from.square))
                .unwrap();
            m.from.board.l == l
                && m.from.board.v == v
                && piece.piece.kind == kind
                && m.to.square == to_sq
                && (m.to.board.l, m.to.board.v) == to_board
                && from_hint.chars().all(|c| {
                    if c.is_ascii_lowercase() {
                        m.from.square.file_char() == c
                    } else {
                        (b'1' + m.from.square.y) as char == c
                    }
                })
        })
        .collect();
    assert_eq!(cands.len(), 1, "move {text}: candidates {cands:?}");
    cands[0]
}

fn play_action(game: &mut Game, action: &str) {
    for mv in action.split_whitespace() {
        let m = find_move(game, mv);
        game.play(m).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game.submit().unwrap_or_else(|e| panic!("{action}: {e:?}"));
}

fn standard() -> Game {
    Game::new(Multiverse::from_variant(boards::standard()).unwrap())
}

fn count(game: &Game) -> u64 {
    game.count_legal_actions(None, Budget::UNLIMITED)
        .known()
        .unwrap()
}

#[test]
fn tutorial_game_counts() {
    let mut g = standard();
    let actions = [
        "(0T1)e3",
        "(0T1)e6",
        "(0T2)Nb1>>(0T1)b3",
        "(1T1)e6",
        "(1T2)e3",
        "(1T2)a6 (0T2)a6",
        "(1T3)Nb3>(0T3)b5",
    ];
    let expected = [20, 20, 32, 796, 28, 1296, 1631, 1655];
    assert_eq!(count(&g), expected[0]);
    for (k, a) in actions.iter().enumerate() {
        play_action(&mut g, a);
        assert_eq!(count(&g), expected[k + 1], "after {a}");
    }
}

#[test]
fn worked_example_has_30134_actions() {
    let mut g = standard();
    for a in [
        "(0T1)Nc3",
        "(0T1)a6",
        "(0T2)Rb1",
        "(0T2)a5",
        "(0T3)Rb1>>(0T2)b1",
        "(1T2)a5 (0T3)Nb8>>(0T2)b6",
    ] {
        play_action(&mut g, a);
    }
    let t = std::time::Instant::now();
    assert_eq!(count(&g), 30134);
    eprintln!("30134 counted in {:?}", t.elapsed());
    assert_eq!(
        g.count_legal_actions(Some(1000), Budget::UNLIMITED).known(),
        Some(1000)
    );
    assert_eq!(
        g.count_legal_actions(None, Budget::nodes(10)),
        chronochess::fived::Answer::Unknown
    );
}

#[test]
fn back_rank_mate_is_checkmate() {
    let g = custom(&[(0, 1, Color::Black, "R5k1/5ppp/8/8/8/8/8/6K1")], 8, 8);
    assert_eq!(count(&g), 0);
    assert_eq!(
        g.outcome(Budget::UNLIMITED).known(),
        Some(Outcome::Checkmate)
    );
}

fn custom(fens: &[(i32, i32, Color, &str)], w: u8, h: u8) -> Game {
    let boards: Vec<InitialBoard> = fens
        .iter()
        .map(|&(l, turn, to_move, fen)| InitialBoard {
            l,
            turn,
            to_move,
            placement: Placement::from_fen(fen, w, h).unwrap(),
        })
        .collect();
    Game::new(Multiverse::from_boards(w, h, false, &[], &boards).unwrap())
}

#[test]
fn cornered_king_is_stalemate() {
    // Black king a8, White queen b6, White king h1: Black to move, no move.
    let g = custom(&[(0, 1, Color::Black, "k7/8/1Q6/8/8/8/8/7K")], 8, 8);
    assert_eq!(
        g.outcome(Budget::UNLIMITED).known(),
        Some(Outcome::Stalemate)
    );
}

#[test]
fn castling_en_passant_promotion() {
    let mut g = custom(&[(0, 1, Color::White, "4k3/1P6/8/8/8/8/8/R3K*2R*")], 8, 8);
    // The h-rook is unmoved (*): king-side castling exists, queen-side not.
    let from = Coord::new(0, 2, Square::parse("e1").unwrap());
    let dests = g.legal_destinations(from).unwrap();
    assert!(dests
        .iter()
        .any(|m| m.to.square == Square::parse("g1").unwrap()));
    assert!(!dests
        .iter()
        .any(|m| m.to.square == Square::parse("c1").unwrap()));
    g.play(Move {
        from,
        to: Coord::new(0, 2, Square::parse("g1").unwrap()),
        promotion: None,
    })
    .unwrap();
    let after = g.multiverse().board(0, 3).unwrap();
    assert_eq!(
        after
            .piece_at(Square::parse("f1").unwrap())
            .unwrap()
            .piece
            .kind,
        PieceKind::Rook
    );
    g.undo();
    // Promotion to queen by default.
    let b7 = Coord::new(0, 2, Square::parse("b7").unwrap());
    g.play(Move {
        from: b7,
        to: Coord::new(0, 2, Square::parse("b8").unwrap()),
        promotion: None,
    })
    .unwrap();
    let after = g.multiverse().board(0, 3).unwrap();
    assert_eq!(
        after
            .piece_at(Square::parse("b8").unwrap())
            .unwrap()
            .piece
            .kind,
        PieceKind::Queen
    );
    g.submit().unwrap();

    // En passant: after e2e4 (physical double step), d4 takes on e3.
    let mut g = custom(&[(0, 1, Color::Black, "4k3/8/8/8/3p4/8/4P*3/4K3")], 8, 8);
    play_action(&mut g, "(0T1)Kd8");
    play_action(&mut g, "(0T2)e4");
    let d4 = Coord::new(0, 5, Square::parse("d4").unwrap());
    let dests = g.legal_destinations(d4).unwrap();
    assert!(
        dests
            .iter()
            .any(|m| m.to.square == Square::parse("e3").unwrap()),
        "{dests:?}"
    );
    g.play(Move {
        from: d4,
        to: Coord::new(0, 5, Square::parse("e3").unwrap()),
        promotion: None,
    })
    .unwrap();
    let after = g.multiverse().board(0, 6).unwrap();
    assert!(after.piece_at(Square::parse("e4").unwrap()).is_none());
}

#[test]
fn undo_restores_exact_state_and_submit_says_why() {
    let mut g = standard();
    let before = g.multiverse().clone();
    assert_eq!(g.can_submit(), Err(SubmitError::NothingPlayed));
    let m = find_move(&g, "(0T1)e4");
    g.play(m).unwrap();
    assert!(g.can_submit().is_ok());
    g.undo();
    assert_eq!(g.multiverse(), &before);
    play_action(&mut g, "(0T1)e4");
    play_action(&mut g, "(0T1)e5");
    let m = find_move(&g, "(0T2)Qh5");
    g.play(m).unwrap();
    g.submit().unwrap();
    assert!(g.take_back_action());
    assert_eq!(g.to_move(), Color::White);
}

#[test]
fn oracle_agrees_on_tutorial_position_3() {
    let mut g = standard();
    for a in ["(0T1)e3", "(0T1)e6", "(0T2)Nb1>>(0T1)b3"] {
        play_action(&mut g, a);
    }
    let pos = g.committed();
    let naive = chronochess::fived::search::naive_legal_actions(&pos);
    let fast = chronochess::fived::search::fast_legal_actions(&pos);
    for a in naive.difference(&fast).take(5) {
        eprintln!("missing from fast: {a:?}");
    }
    for a in fast.difference(&naive).take(5) {
        eprintln!("extra in fast: {a:?}");
    }
    assert_eq!(naive.len(), 796);
    assert_eq!(naive, fast);
}
