//! `chronochess bestmove FILE [--level L] [--ms N | --nodes N] [--seed S]`: the
//! action the computer picks for the side to move of a 5dpgn game's last
//! position (within `N` ms of the clock, or `N` nodes and no clock: the same
//! answer on every run), as one line of moves in the form `convert` writes (so that appending
//! `N. <line>` or ` / <line>` to the game gives a longer valid game).

use std::time::{Duration, Instant};

use chronochess::fived::ai::{choose_action, Level, Limits};
use chronochess::fived::{Game, Move};
use chronochess::notation;
use chronochess::notation::export::move_text;

/// The moves of an action played from `game`'s current position, written
/// as `convert` writes them, space-separated. `game` is left unchanged.
///
/// # Errors
/// A message if a move cannot be written or played.
pub fn action_line(game: &Game, moves: &[Move]) -> Result<String, String> {
    let mut g = game.clone();
    let mut out = Vec::new();
    for m in moves {
        out.push(move_text(g.multiverse(), m)?.text);
        g.play(*m).map_err(|e| e.to_string())?;
    }
    Ok(out.join(" "))
}

/// The value of flag `name`, if given.
pub fn flag<'a>(args: &'a [String], name: &str) -> Result<Option<&'a str>, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .map(|s| Some(s.as_str()))
            .ok_or_else(|| format!("{name} needs a value")),
    }
}

/// A deadline `ms` milliseconds from now, as a stop closure.
pub fn deadline(ms: u64) -> impl Fn() -> bool {
    let end = Instant::now() + Duration::from_millis(ms);
    move || Instant::now() >= end
}

const USAGE: &str =
    "usage: chronochess bestmove FILE.5dpgn [--level L] [--ms N | --nodes N] [--seed S]";

/// Runs the command.
///
/// # Errors
/// A message for unreadable files, bad flags, or a finished game.
pub fn main(args: &[String]) -> Result<std::process::ExitCode, String> {
    let file = args.first().filter(|a| !a.starts_with("--")).ok_or(USAGE)?;
    let level: Level = flag(args, "--level")?.unwrap_or("strongest").parse()?;
    let ms: u64 = flag(args, "--ms")?
        .unwrap_or("1000")
        .parse()
        .map_err(|_| "--ms needs a number")?;
    let nodes: Option<u64> = flag(args, "--nodes")?
        .map(|n| n.parse().map_err(|_| "--nodes needs a number"))
        .transpose()?;
    let seed: u64 = flag(args, "--seed")?
        .unwrap_or("1")
        .parse()
        .map_err(|_| "--seed needs a number")?;
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    let read = notation::read(&text).map_err(|e| format!("{file}: {e}"))?;
    let replayed =
        notation::resolve::replay(&read.game, |_, _| {}).map_err(|e| format!("{file}: {e}"))?;
    if let Some(e) = replayed.error {
        return Err(format!("{file}: {e}"));
    }
    let game = replayed.game;
    let stop = deadline(ms);
    let limits = match nodes {
        Some(n) => Limits::nodes(n),
        None => Limits::clock(&stop),
    };
    let choice = choose_action(game.multiverse(), level, seed, &limits)
        .ok_or_else(|| format!("{file}: the side to move has no legal action"))?;
    eprintln!(
        "level {level}: depth {}, score {}, {} actions visited, mate scan {:?}",
        choice.depth,
        choice
            .score
            .map_or_else(|| "-".to_string(), |s| s.to_string()),
        choice.nodes,
        choice.scan
    );
    println!("{}", action_line(&game, &choice.moves)?);
    Ok(std::process::ExitCode::SUCCESS)
}
