//! `chronochess convert FILE`: the canonical 5dpgn of a game.
//!
//! The file is read and replayed exactly as `analyze` does; every resolved
//! engine move is written back fully specified by `notation::export` and the
//! whole game printed by `notation::writer::write`.

use chronochess::fived::coords::{color_of, turn_of};
use chronochess::notation;
use chronochess::notation::export::canonical_game;

/// The final position of a game: (actions played, number of timelines, the
/// present as turn and colour, e.g. `7b`), for interop checks.
///
/// # Errors
/// The reader's or resolver's message if the text cannot be read or replayed.
pub fn final_facts(text: &str) -> Result<(usize, usize, String), String> {
    let read = notation::read(text).map_err(|e| e.to_string())?;
    let replayed = notation::resolve::replay(&read.game, |_, _| {}).map_err(|e| e.to_string())?;
    if let Some(e) = replayed.error {
        return Err(e.to_string());
    }
    let m = replayed.game.multiverse();
    let (lmin, lmax) = m.timeline_range();
    let p = m.present();
    Ok((
        replayed.played,
        usize::try_from(lmax - lmin + 1).unwrap_or(0),
        format!("{}{}", turn_of(p), color_of(p).letter()),
    ))
}

/// `chronochess convert FILE [--facts]`: prints the canonical 5dpgn of FILE
/// (with `--facts`: `actions timelines present` of its final position).
///
/// # Errors
/// A message naming the file if it cannot be read, parsed or replayed.
pub fn main(args: &[String]) -> Result<std::process::ExitCode, String> {
    let file = args.first().ok_or("usage: chronochess convert FILE")?;
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    if args.iter().any(|a| a == "--facts") {
        let (actions, timelines, present) =
            final_facts(&text).map_err(|e| format!("{file}: {e}"))?;
        println!("{actions}\t{timelines}\t{present}");
        return Ok(std::process::ExitCode::SUCCESS);
    }
    let game = canonical_game(&text).map_err(|e| format!("{file}: {e}"))?;
    print!("{}", notation::writer::write(&game));
    Ok(std::process::ExitCode::SUCCESS)
}
