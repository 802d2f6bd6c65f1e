//! `chronochess match-uci --engine "CMD" [--games N] [--movetime MS]
//! [--level L] [--ms N | --nodes N] [--grace MS] [--save DIR]`: our computer against an
//! outside 5D engine that speaks 5DUCI (ftxi's draft protocol,
//! `docs/5duci.md` of ftxi/5dchess_engine), refereed by our own rules.
//!
//! The game is Standard - Turn Zero, the protocol's `startpos`, played
//! without the Black pawn's two-timeline double step ([`protocol_rules`]:
//! ftxi's rules lack it, so an engine of that protocol could not follow a
//! game where we play it). Each turn
//! of the outside engine we send `position startpos moves …` (every move
//! since the start in its long algebraic form, `(0T1)e2(0T1)e4`, each action
//! closed by `submit`) and `go movetime MS`; its `bestmove` line is one whole
//! action, which must match moves our engine accepts and then submit: an
//! illegal or unreadable action loses the game for the engine (reported as
//! such), and so does `nobestmove` while a legal action exists. An engine
//! that does not answer within `--movetime` plus `--grace` milliseconds
//! (default 60 000) ends the game without a result, counted apart, and is
//! restarted; the answers that took longer than ftxi's own autoplay allows
//! (the movetime plus 2 000 ms, where it ends the game as a protocol
//! failure) are counted and printed. Our side
//! thinks with `--level` (default `strongest`) for `--ms` milliseconds
//! (default: the same as `--movetime`) or `--nodes` actions. Colours
//! alternate, ours White in odd games. A game ends in checkmate, stalemate
//! or a draw at the 200-action cap; prints one line per game, the Elo
//! difference with its 95 % interval and last `W-D-L: a-b-c` from our side.
//!
//! We only run the outside engine as a program (its code is not ours and is
//! not in this repository).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use chronochess::chess::{Color, PieceKind};
use chronochess::fived::ai::selfplay::{elo, play_game, GameEnd, ACTION_CAP};
use chronochess::fived::ai::{choose_action, Choice, Level, Limits};
use chronochess::fived::coords::{color_of, turn_of};
use chronochess::fived::search::any_legal_action;
use chronochess::fived::{boards, Answer, Budget, Game, Move, Multiverse};

use crate::bestmove::{action_line, deadline, flag};

const USAGE: &str = "usage: chronochess match-uci --engine \"CMD\" [--games N] [--movetime MS] \
[--level L] [--ms N | --nodes N] [--grace MS] [--save DIR]";

/// The board of the protocol's `startpos`.
const BOARD: &str = "Standard - Turn Zero";

/// A 5DUCI engine as a child process.
struct Engine {
    child: Child,
    to: ChildStdin,
    /// The engine's output lines, read by a thread of their own so that a
    /// wait can time out.
    from: Receiver<String>,
    /// The engine's last lines (for a forfeit's report).
    last: Vec<String>,
}

impl Engine {
    fn start(command: &str) -> Result<Engine, String> {
        let argv: Vec<&str> = command.split_whitespace().collect();
        let (program, rest) = argv.split_first().ok_or("--engine is empty")?;
        let mut child = Command::new(program)
            .args(rest)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {command}: {e}"))?;
        let to = child.stdin.take().ok_or("no stdin")?;
        let out = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let (send, from) = channel();
        std::thread::spawn(move || {
            for line in out.lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            child,
            to,
            from,
            last: Vec::new(),
        };
        e.send("5duci")?;
        e.wait_for("5duciok", STARTUP)?;
        e.send("isready")?;
        e.wait_for("readyok", STARTUP)?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.to, "{line}")
            .and_then(|()| self.to.flush())
            .map_err(|e| format!("engine: {e}"))
    }

    /// The first line that is `word` or starts with `word `, within `limit`.
    fn wait_for(&mut self, word: &str, limit: Duration) -> Result<String, String> {
        self.wait_for_any(&[word], limit)
    }

    fn wait_for_any(&mut self, words: &[&str], limit: Duration) -> Result<String, String> {
        let end = Instant::now() + limit;
        loop {
            let line = match self
                .from
                .recv_timeout(end.saturating_duration_since(Instant::now()))
            {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no {words:?} within {} ms", limit.as_millis()))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!(
                        "the engine closed its output waiting for {words:?}"
                    ))
                }
            };
            let l = line.trim();
            if self.last.len() == 4 {
                self.last.remove(0);
            }
            self.last.push(l.to_string());
            if words
                .iter()
                .any(|w| l == *w || l.starts_with(&format!("{w} ")))
            {
                return Ok(l.to_string());
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        if self.wait_for("bye", Duration::from_secs(1)).is_err() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// How long the engine took to answer `go`, over a match.
#[derive(Default)]
struct AnswerTimes {
    total_ms: f64,
    count: u64,
    longest_ms: f64,
    /// Answers later than the movetime plus ftxi autoplay's grace.
    late: u64,
}

impl AnswerTimes {
    fn add(&mut self, ms: f64, movetime: u64) {
        self.total_ms += ms;
        self.count += 1;
        self.longest_ms = self.longest_ms.max(ms);
        if ms > (movetime + AUTOPLAY_GRACE) as f64 {
            self.late += 1;
        }
    }
}

/// ftxi's autoplay grace beyond the movetime (its `--timeout` default), ms.
const AUTOPLAY_GRACE: u64 = 2_000;

/// How long the engine may take to start or to answer `isready`.
const STARTUP: Duration = Duration::from_secs(30);

/// A move in 5DUCI's long algebraic form: `(l0Tt0)fr(l1Tt1)fr[P]`, the
/// timelines as our internal numbers (the protocol's numbering).
fn lan(m: &Move) -> String {
    let sq = |s: chronochess::chess::Square| format!("{}{}", char::from(b'a' + s.x), s.y + 1);
    let mut s = format!(
        "({}T{}){}({}T{}){}",
        m.from.board.l,
        turn_of(m.from.board.v),
        sq(m.from.square),
        m.to.board.l,
        turn_of(m.to.board.v),
        sq(m.to.square)
    );
    if let Some(kind) = m.promotion {
        s.push(kind.letter());
    }
    s
}

/// The move of `game` that a long algebraic token names (a missing
/// promotion is a queen, as the protocol says; a move on one board may omit
/// the second board, `(0T1)g2g3`).
fn read_lan(game: &Game, token: &str) -> Result<Move, String> {
    let full;
    let token = match token.find(')') {
        Some(close) if token.matches('(').count() == 1 && token.len() >= close + 5 => {
            let (board, rest) = token.split_at(close + 1);
            let (from, to) = rest.split_at(2);
            full = format!("{board}{from}{board}{to}");
            full.as_str()
        }
        _ => token,
    };
    let mover = game.to_move();
    let candidates = game.candidate_moves();
    let wanted: Vec<&Move> = candidates
        .iter()
        .filter(|m| {
            let text = lan(m);
            text == token
                || (m.promotion == Some(PieceKind::Queen) && text.strip_suffix('Q') == Some(token))
        })
        .collect();
    match wanted.as_slice() {
        [m] => {
            debug_assert_eq!(color_of(m.from.board.v), mover);
            Ok(**m)
        }
        [] => Err(format!("no legal move `{token}`")),
        _ => Err(format!("`{token}` names several moves")),
    }
}

/// Plays one engine action (`bestmove` tokens) on a copy of `game`,
/// returning its moves if every one is legal and the action submits.
fn engine_action(game: &Game, tokens: &[&str]) -> Result<Vec<Move>, String> {
    let mut g = game.clone();
    let mut moves = Vec::new();
    for t in tokens.iter().filter(|t| **t != "submit") {
        let m = read_lan(&g, t)?;
        g.play(m).map_err(|e| format!("`{t}`: {e}"))?;
        moves.push(m);
    }
    g.submit().map_err(|e| format!("cannot submit: {e}"))?;
    Ok(moves)
}

/// Runs the command.
///
/// # Errors
/// A message for bad flags or an engine that cannot be started.
pub fn main(args: &[String]) -> Result<std::process::ExitCode, String> {
    let command = flag(args, "--engine")?.ok_or(USAGE)?;
    let number = |name: &str, default: u64| -> Result<u64, String> {
        flag(args, name)?.map_or(Ok(default), |v| {
            v.parse().map_err(|_| format!("{name} needs a number"))
        })
    };
    let games = number("--games", 2)?;
    let movetime = number("--movetime", 1000)?;
    let ms = number("--ms", movetime)?;
    let nodes = number("--nodes", u64::MAX)?;
    let grace = number("--grace", 60_000)?;
    let level: Level = flag(args, "--level")?.unwrap_or("strongest").parse()?;
    let save = flag(args, "--save")?;
    if let Some(dir) = save {
        std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    }
    let start = referee_start()?;
    let mut engine = Engine::start(command)?;
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    let (mut our_secs, mut our_actions) = (0.0f64, 0u64);
    let mut protocol = 0u32;
    let mut answers = AnswerTimes::default();
    let answer_limit = Duration::from_millis(movetime + grace);
    for g in 0..games {
        let ours = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        engine.send("5ducinewgame")?;
        engine.send("isready")?;
        engine.wait_for("readyok", STARTUP)?;
        // The game so far, for `position … moves` and to read the engine's moves.
        let mut game = Game::new(start.clone());
        let mut history: Vec<String> = Vec::new();
        let mut forfeit: Option<String> = None;
        let mut forfeit_words = String::new();
        // No answer in time, or the engine stopped: no result (as in ftxi's autoplay).
        let mut silent: Option<String> = None;
        let mut last_request = String::new();
        let played = play_game(start.clone(), ACTION_CAP, |position, side, i| {
            if forfeit.is_some() || silent.is_some() {
                return None;
            }
            let moves = if side == ours {
                let started = Instant::now();
                let stop = deadline(ms);
                let limits = Limits {
                    nodes,
                    ..Limits::clock(&stop)
                };
                let choice = choose_action(position, level, 1 + g * 1000 + i as u64, &limits)?;
                our_secs += started.elapsed().as_secs_f64();
                our_actions += 1;
                choice.moves
            } else {
                // A side with no legal action is mated or stalemated whatever the
                // engine says (ftxi's `nobestmove` is not always flushed at once).
                if any_legal_action(position, Budget::nodes(50_000_000)) == Answer::Known(None) {
                    return None;
                }
                let mut request = "position startpos".to_string();
                if !history.is_empty() {
                    request += " moves ";
                    request += &history.join(" ");
                }
                last_request.clone_from(&request);
                let asked = Instant::now();
                let answer = engine
                    .send(&request)
                    .and_then(|()| engine.send(&format!("go movetime {movetime}")))
                    .and_then(|()| engine.wait_for_any(&["bestmove", "nobestmove"], answer_limit));
                answers.add(asked.elapsed().as_secs_f64() * 1000.0, movetime);
                let tokens = match answer {
                    Ok(line) if line.starts_with("bestmove") => line,
                    Ok(_) => {
                        // `nobestmove`: right only if the engine is mated or stalemated,
                        // which `play_game` checks with our exact search.
                        forfeit_words = engine.last.join(" | ");
                        return None;
                    }
                    Err(e) => {
                        silent = Some(format!(
                            "action {}: {e}; its last lines: {}",
                            i + 1,
                            engine.last.join(" | ")
                        ));
                        return None;
                    }
                };
                let tokens: Vec<&str> = tokens.split_whitespace().skip(1).collect();
                match engine_action(&game, &tokens) {
                    Ok(m) => m,
                    Err(e) => {
                        forfeit = Some(format!("action {}: {}: {e}", i + 1, tokens.join(" ")));
                        return None;
                    }
                }
            };
            for m in &moves {
                history.push(lan(m));
                let _ = game.play(*m);
            }
            history.push("submit".to_string());
            let _ = game.submit();
            Some(Choice {
                moves,
                score: None,
                depth: 0,
                nodes: 0,
                scan: chronochess::fived::ai::Scan::None,
            })
        });
        if let Some(e) = silent {
            protocol += 1;
            println!(
                "game {}: no result, the engine did not answer ({e}); restarted",
                g + 1
            );
            engine = Engine::start(command)?;
            if let Some(dir) = save {
                let text = game_text(&game, command, level, ours)?;
                let path = format!("{dir}/match-{:03}-unfinished.5dpgn", g + 1);
                std::fs::write(&path, text).map_err(|e| format!("{path}: {e}"))?;
                let path = format!("{dir}/match-{:03}-unanswered.txt", g + 1);
                std::fs::write(&path, &last_request).map_err(|e| format!("{path}: {e}"))?;
            }
            continue;
        }
        let (result, why) = match (&forfeit, played) {
            (Some(e), _) => (Some(ours), format!("the engine forfeits: {e}")),
            (None, Err(e)) if game.to_move() != ours => (
                Some(ours),
                format!("the engine found no action ({forfeit_words}): {e}"),
            ),
            (None, Err(e)) => return Err(format!("game {}: our side: {e}", g + 1)),
            (None, Ok(p)) => {
                let winner = match p.end {
                    GameEnd::Checkmate { winner } => Some(winner),
                    _ => None,
                };
                (winner, p.end.to_string())
            }
        };
        match result {
            Some(c) if c == ours => w += 1,
            Some(_) => l += 1,
            None => d += 1,
        }
        println!(
            "game {}: chronochess {level} as {}: {why} after {} actions",
            g + 1,
            ours.name(),
            game.actions().count()
        );
        if let Some(dir) = save {
            let text = game_text(&game, command, level, ours)?;
            let path = format!("{dir}/match-{:03}.5dpgn", g + 1);
            std::fs::write(&path, text).map_err(|e| format!("{path}: {e}"))?;
        }
    }
    let (e, lo, hi) = elo(w, d, l);
    println!("Elo difference (chronochess {level} minus the engine): {e:+.0} [{lo:+.0}, {hi:+.0}]");
    if our_actions > 0 {
        println!(
            "our time per action: {:.0} ms",
            our_secs * 1000.0 / our_actions as f64
        );
    }
    if answers.count > 0 {
        println!(
            "the engine's time per action: {:.0} ms on average, {:.0} ms at most; {} of {} answers \
             took longer than the movetime plus ftxi autoplay's 2 s grace",
            answers.total_ms / answers.count as f64,
            answers.longest_ms,
            answers.late,
            answers.count
        );
    }
    if protocol > 0 {
        println!("games without a result (the engine did not answer): {protocol}");
    }
    println!("W-D-L: {w}-{d}-{l}");
    Ok(std::process::ExitCode::SUCCESS)
}

/// The game as 5dpgn (one line per turn, in `convert`'s move form).
fn game_text(game: &Game, engine: &str, level: Level, ours: Color) -> Result<String, String> {
    let mut g = game.clone();
    while g.take_back_action() {}
    let (us, them) = (format!("chronochess {level}"), engine.to_string());
    let (white, black) = if ours == Color::White {
        (us, them)
    } else {
        (them, us)
    };
    let mut out =
        format!("[Board \"{BOARD}\"]\n[Mode \"5D\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\n");
    // Turns are numbered on from the first one (as `convert` writes them), not
    // by the present, which a travel to the past moves back.
    let first = turn_of(g.multiverse().present());
    for (i, action) in game.actions().enumerate() {
        let line = action_line(&g, &action)?;
        if g.to_move() == Color::White {
            out += &format!("{}. {line}", first + i as i32 / 2);
        } else {
            out += &format!(" / {line}\n");
        }
        for m in &action {
            g.play(*m).map_err(|e| e.to_string())?;
        }
        g.submit().map_err(|e| e.to_string())?;
    }
    out.push('\n');
    Ok(out)
}

/// The match's start: [`BOARD`] under the protocol's rules ([`protocol_rules`]).
/// Our side's choices and the referee's reading of the engine's moves both
/// use this position's rules (every later position is made from it).
fn referee_start() -> Result<Multiverse, String> {
    let variant = boards::lookup(BOARD).map_err(|e| e.to_string())?;
    let start = Multiverse::from_variant(variant).map_err(|e| e.to_string())?;
    Ok(protocol_rules(start))
}

/// `position` under 5DUCI's rules: without the Black pawn's two-timeline
/// double step (`shared/rules/5d-chess.md` section 8; ftxi lacks it).
fn protocol_rules(position: Multiverse) -> Multiverse {
    position.with_black_timeline_double_step(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under the protocol's rules a Black pawn has no two-timeline double
    /// step: on three timelines with an unmoved Black pawn on e7 of timeline
    /// -1 (Black's pawns go up the timelines), our rules offer its step to
    /// e7 of +1 and the referee's do not, and every other move is the same.
    #[test]
    fn the_referee_forbids_the_black_two_timeline_double_step() {
        let text = "[Size \"8x8\"]\n[Board \"custom\"]\n\
            [4k3/4p*3/8/8/8/8/8/4K3:-1:1:b]\n[4k3/8/8/8/8/8/8/4K3:0:1:b]\n\
            [4k3/8/8/8/8/8/8/4K3:1:1:b]\n";
        let read = chronochess::notation::read(text).unwrap();
        let replay = chronochess::notation::resolve::replay(&read.game, |_, _| {}).unwrap();
        let ours = replay.game.multiverse().clone();
        let candidates = |m: &Multiverse| -> Vec<Move> {
            let mut moves = Game::new(m.clone()).candidate_moves();
            moves.sort();
            moves
        };
        let all = candidates(&ours);
        let theirs = candidates(&protocol_rules(ours));
        let extra: Vec<&Move> = all.iter().filter(|m| !theirs.contains(m)).collect();
        assert_eq!(extra.len(), 1, "{extra:?}");
        assert_eq!(
            (extra[0].from.board.l - extra[0].to.board.l).abs(),
            2,
            "{extra:?}"
        );
        assert!(theirs.iter().all(|m| all.contains(m)));
        assert!(referee_start().is_ok());
    }

    /// Every candidate move is written in one way and read back as itself, over the first
    /// actions of a game (moves to past boards included).
    #[test]
    fn long_algebraic_moves_round_trip() {
        let start = Multiverse::from_variant(boards::lookup(BOARD).unwrap()).unwrap();
        let mut game = Game::new(start);
        assert_eq!(
            lan(&read_lan(&game, "(0T1)e2(0T1)e4").unwrap()),
            "(0T1)e2(0T1)e4"
        );
        assert_eq!(
            read_lan(&game, "(0T1)g1f3"),
            read_lan(&game, "(0T1)g1(0T1)f3")
        );
        assert!(read_lan(&game, "(0T1)e2(0T1)e5").is_err());
        assert!(read_lan(&game, "(0T1)e2").is_err());
        for _ in 0..8 {
            for m in game.candidate_moves() {
                assert_eq!(read_lan(&game, &lan(&m)), Ok(m), "{}", lan(&m));
            }
            let action = any_legal_action(game.multiverse(), Budget::nodes(1_000_000))
                .known()
                .flatten()
                .unwrap();
            let tokens: Vec<String> = action.iter().map(lan).collect();
            let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
            assert_eq!(engine_action(&game, &tokens), Ok(action.clone()));
            for m in action {
                game.play(m).unwrap();
            }
            game.submit().unwrap();
        }
    }
}
