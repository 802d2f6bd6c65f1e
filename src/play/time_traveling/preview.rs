//! What a change of the past would do, in words: the action is tried on a
//! copy of the game and the two are compared.

use crate::chess::Color;
use crate::games::time_traveling::{Action, ActionError, Slot, TerminusKind, TimeTravelingChess};

/// A change of the past, tried on a copy of the game, waiting for the player
/// to confirm it.
#[derive(Debug, Clone)]
pub struct Preview {
    /// The action to take on confirmation.
    pub action: Action,
    /// Who takes it.
    pub player: Color,
    /// A one-line title: "Replace ply 3 (Ph2-h4) with Rh1-h3".
    pub title: String,
    /// Every consequence, in words, one per line.
    pub consequences: Vec<String>,
    /// The plies that would become blanks.
    pub blanked: Vec<usize>,
}

fn slot_words(game: &TimeTravelingChess, ply: usize) -> String {
    match game.slot(ply) {
        Some(Slot::Move(m)) => game.san(ply).unwrap_or_else(|| m.to_string()),
        Some(other) => other.to_string(),
        None => "—".to_string(),
    }
}

fn terminus_words(game: &TimeTravelingChess) -> Option<String> {
    game.terminus().map(|t| {
        let who = game.owner(t.ply);
        match t.kind {
            TerminusKind::Checkmate => format!("checkmate at ply {} ({who} mated)", t.ply),
            kind => format!("{} at ply {}", kind.describe(), t.ply),
        }
    })
}

/// Tries `action` on a copy of the game and says what it would change: the
/// moves invalidated, the pending turn, the terminus, the knight/bishop
/// order, acceptances.
///
/// # Errors
/// The rules module's refusal.
pub fn preview(game: &TimeTravelingChess, action: Action) -> Result<Preview, ActionError> {
    let player = game.to_act();
    let (ply, mv) = match action {
        Action::Replace { ply, mv } | Action::Fill { ply, mv } => (ply, mv),
        Action::Append(mv) => (game.next_ply(), mv),
        _ => return Err(ActionError::NothingToAccept),
    };
    let mut after = game.clone();
    let outcome = after.act(player, action)?;
    let new_text = after
        .slot(ply)
        .map_or_else(|| mv.to_string(), |s| s.to_string());
    let title = match action {
        Action::Replace { .. } => format!(
            "Replace ply {ply} ({}) with {new_text}",
            slot_words(game, ply)
        ),
        Action::Fill { .. } => format!("Fill the blank at ply {ply} with {new_text}"),
        _ => format!("Play {new_text} at ply {ply}"),
    };
    let mut consequences = Vec::new();
    for &b in &outcome.blanked {
        let was = game.slot(b).map_or_else(String::new, |s| format!(" {s}"));
        consequences.push(format!(
            "Ply {b}: {}'s{was} can no longer be played and becomes a blank ({} may fill it later).",
            game.owner(b),
            game.owner(b)
        ));
    }
    let len = game.slots().len();
    let opponent_pending =
        len > 0 && game.slot(len) == Some(Slot::Pending) && game.owner(len) != player;
    if opponent_pending {
        consequences.push(format!(
            "{}'s pending turn (ply {len}) is withdrawn: play goes on from there.",
            player.opponent()
        ));
    } else if !matches!(action, Action::Append(_)) {
        consequences.push(format!(
            "Your present move (ply {}) becomes pending: if {} then plays a new move, you lose it for good (a pass).",
            game.next_ply(),
            player.opponent()
        ));
    }
    match (terminus_words(game), terminus_words(&after)) {
        (Some(before), None) => consequences.push(format!("The {before} dissolves.")),
        (None, Some(now)) => consequences.push(format!("The history now ends: {now}.")),
        (Some(before), Some(now)) if before != now => {
            consequences.push(format!("The end moves: {before} → {now}."));
        }
        _ => {}
    }
    if game.nb_order(player) != after.nb_order(player) {
        consequences.push(format!(
            "Your knight/bishop order is fixed for the rest of the game: {}.",
            after.nb_order(player).describe()
        ));
    }
    for c in Color::ALL {
        if game.has_accepted(c) && !after.has_accepted(c) {
            consequences.push(format!("{c}'s acceptance of the end lapses."));
        }
    }
    if let Some(result) = outcome.result {
        consequences.push(format!("The game ends: {result}."));
    }
    if outcome.blanked.is_empty() {
        consequences.insert(0, "No later move is invalidated.".to_string());
    }
    Ok(Preview {
        action,
        player,
        title,
        consequences,
        blanked: outcome.blanked,
    })
}
