//! The Time Travel Chessgi game screen: the board (the shared [`Board`] drawing
//! the session's scene), both pockets beside it (reserve to drop
//! by click or drag, pieces in transit with their arrival countdown), the cooldown,
//! "send to the future" for the selected piece, the tree of recorded positions as
//! the general-travel picker, and take back, resign, draw, export.
//!
//! Hot-seat: the side to move plays; the UI asks the rules module for every legal
//! target and shows its refusal reasons as they are.

use leptos::ev;
use leptos::prelude::*;

use super::panels::{piece_class, CooldownView, PocketView, TimeTree, TravelPanel};
use super::play::ChessgiPlay;
use super::ChessgiNav;
use crate::chess::{Color, PieceKind};
use crate::games::chessgi::{ChessgiAction, ChessgiGame, Outcome};
use crate::play::chessgi::{outcome_reason, ChessgiSession, Pick};
use crate::play::{GameSession, Input, Spot};
use crate::ui::board::{color_class, orientation_of, square_at_point, Board};
use crate::ui::dialogs::{ConfirmDialog, ExportDialog, GameOverDialog, PromotionChooser};
use crate::ui::game::ColorWords;
use crate::ui::help::{typing_in_field, CHESSGI_KEYS};
use crate::ui::nav::Nav;
use crate::ui::session_play::{
    GameHead, SessionClock, SessionCommands, StorageWarning, TurnAnnouncer,
};

/// The board: the shared [`Board`] drawing the session's scene (last move,
/// check, the piece in hand, its targets); presses and drops go to the session.
#[component]
fn ChessgiBoard() -> impl IntoView {
    let play = expect_context::<ChessgiPlay>();
    let (on_press, on_drop) = play.board_callbacks();
    let orientation = orientation_of(play.flipped);
    let keyboard = play.keyboard(orientation);
    view! { <Board board=play.main_board() orientation on_press on_drop keyboard /> }
}

/// The piece following the pointer while dragging.
#[component]
fn DragGhost() -> impl IntoView {
    let play = expect_context::<ChessgiPlay>();
    move || {
        let (x, y, moved) = play.drag.get()?;
        if !moved {
            return None;
        }
        let (position, _) = play.get(ChessgiSession::shown);
        let color = position.turn();
        let kind = match play.get(ChessgiSession::pick)? {
            Pick::Square(sq) => position.piece_at(sq)?.kind,
            Pick::Reserve(k) => k,
            Pick::Arrival => play.with_game(|g| g.due())?.kind,
        };
        Some(view! {
            <div class="cg-ghost" style=format!("left: {}px; top: {}px;", crate::ui::board::whole(x), crate::ui::board::whole(y))>
                <div class=piece_class(color, kind)></div>
            </div>
        })
    }
}

fn status_line(g: &ChessgiGame) -> (String, &'static str) {
    if let Some(o) = g.outcome() {
        let mut text = o.to_string();
        if let Some(first) = text.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        return (text, "over");
    }
    let side = g.side_to_move();
    let mut text = format!("{} to move · move {}", side.name(), g.move_number());
    let mut tone = "normal";
    if g.position().is_check() {
        text.push_str(" · check");
        tone = "check";
    }
    if let Some(t) = g.due() {
        if t.kind == PieceKind::King {
            text.push_str(" · your king is due back: place it");
        } else {
            text.push_str(&format!(
                " · your {} is due: place it or lose it",
                t.kind.name()
            ));
        }
    }
    (text, tone)
}

/// The whole Chessgi game screen.
#[component]
pub fn ChessgiScreen() -> impl IntoView {
    let chessgi = expect_context::<ChessgiNav>();
    let nav = expect_context::<Nav>();
    let play = ChessgiPlay::new(chessgi.session, chessgi.clock, chessgi.computer);
    provide_context(play);
    let export_open = RwSignal::new(false);
    let confirm = RwSignal::new(None::<&'static str>);

    // Autosave after every action (the record is the rules module's).
    let save_now = play.autosave(move || chessgi.active.get());

    // Dragging a pocket piece: follow the pointer, play on release over a target
    // (the board drags its own pieces).
    let moves = window_event_listener(ev::pointermove, move |e: ev::PointerEvent| {
        if let Some((x0, y0, moved)) = play.drag.get_untracked() {
            let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
            let moved = moved || (x - x0).hypot(y - y0) > 4.0;
            if moved {
                play.drag.set(Some((x, y, true)));
            }
        }
    });
    let ups = window_event_listener(ev::pointerup, move |e: ev::PointerEvent| {
        if let Some((_, _, moved)) = play.drag.get_untracked() {
            play.drag.set(None);
            if moved {
                if let Some(sq) = square_at_point(f64::from(e.client_x()), f64::from(e.client_y()))
                {
                    play.input(Input::Drop(Spot::main(sq)));
                }
            }
        }
    });
    let keys = window_event_listener(ev::keydown, move |e: ev::KeyboardEvent| {
        if typing_in_field(&e) || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        match e.key().as_str() {
            "Escape" => play.cancel(),
            "f" => play.flipped.update(|f| *f = !*f),
            "z" | "Backspace"
                if export_open.get_untracked() || confirm.with_untracked(Option::is_some) => {}
            "z" | "Backspace" => {
                e.prevent_default();
                play.take_back();
            }
            _ => {}
        }
    });
    on_cleanup(move || {
        moves.remove();
        ups.remove();
        keys.remove();
    });

    let status = move || play.with_game(status_line);
    let side = move || play.with_game(|g| color_class(g.side_to_move()));
    let name = move || chessgi.active.get().map(|(_, n)| n).unwrap_or_default();
    let over = move || play.with_game(|g| g.outcome().is_some());
    let can_take_back = move || play.get(ChessgiSession::can_take_back);
    let result_reason = move || play.with_game(|g| g.outcome().map(outcome_reason));
    let notice = move || {
        play.notice.get().map(
            |n| view! { <p class="notice error" role="alert" data-testid="chessgi-notice">{n}</p> },
        )
    };
    let travelling = move || play.get(ChessgiSession::travel).is_some();

    view! {
        <section class="cg-screen" data-game-kind="chessgi" on:contextmenu=move |e: ev::MouseEvent| e.prevent_default()>
            <div class="cg-table">
                <h2 class="visually-hidden">"Board and pockets"</h2>
                <div class=move || if travelling() { "cg-board travelling" } else { "cg-board" }>
                    <div class="cg-board-frame">
                        <ChessgiBoard />
                    </div>
                    {move || travelling().then(|| view! {
                        <div class="cg-travel-tag">{format!("Position {} (travel preview)", play.get(ChessgiSession::travel).map(|n| n.to_string()).unwrap_or_default())}</div>
                    })}
                </div>
                // The pocket of the side at the bottom is drawn at the bottom.
                <div class=move || if play.flipped.get() { "cg-pockets flipped" } else { "cg-pockets" }>
                    <PocketView color=Color::Black />
                    <div class="cg-pocket-gap"></div>
                    <PocketView color=Color::White />
                </div>
            </div>
            <aside class="side-panel cg-side">
                <h2 class="visually-hidden">"Game"</h2>
                <GameHead name=Signal::derive(name) variant=Signal::derive(move || match play.computer.get() {
                    Some(c) => format!("Time Travel Chessgi · vs {}", c.name()),
                    None => "Time Travel Chessgi · hot-seat".to_string(),
                }) keys=&CHESSGI_KEYS />
                <div class=move || format!("panel status status-{}", status().1) role="status" aria-live="polite">
                    <span class=move || format!("to-move-dot {}", side()) aria-hidden="true"></span>
                    <span class="status-text" data-status=move || status().1 data-result=move || result_reason().unwrap_or("")>{move || status().0}</span>
                </div>
                <SessionClock play=play.play bottom=orientation_of(play.flipped) on_save=save_now />
                <TurnAnnouncer play=play.play />
                <crate::ui::computer::ComputerPlayer play=play.play />
                {notice}
                <StorageWarning />
                <TravelPanel />
                <CooldownView />
                <TimeTree />
                <div class="panel game-tools">
                    <button type="button" class="btn small" data-action="takeback" disabled=move || !can_take_back()
                        on:click=move |_| {
                            play.take_back();
                        }>"Take back"</button>
                    <button type="button" class="btn small" data-action="resign" disabled=over on:click=move |_| confirm.set(Some("resign"))>"Resign"</button>
                    <button type="button" class="btn small" data-action="draw" disabled=over on:click=move |_| confirm.set(Some("draw"))>"Draw"</button>
                    <button type="button" class="btn small" data-action="flip" title="Flip the board (F)" aria-pressed=move || play.flipped.get().to_string() on:click=move |_| play.flipped.update(|f| *f = !*f)>"Flip"</button>
                    <button type="button" class="btn small" data-action="export" on:click=move |_| export_open.set(true)>"Export"</button>
                    <button type="button" class="btn small" data-action="new-game" on:click=move |_| nav.new_game_open.set(true)>"New game"</button>
                </div>
                <SessionCommands play=play.play />
            </aside>
            <DragGhost />
            {move || play.promotion().map(|actions| {
                let color = play.get(ChessgiSession::shown).0.turn();
                let kinds = actions.iter().filter_map(|&a| promotion_kind(a)).collect();
                let on_choose = Callback::new(move |kind| {
                    play.input(Input::Promote(kind));
                });
                view! { <PromotionChooser color kinds on_choose on_close=Callback::new(move |()| play.close_promotion()) /> }
            })}
            <GameOverDialog
                ending=Signal::derive(move || play.session.with(GameSession::ending))
                detail=Signal::derive(move || play.with_game(|g| g.outcome().map(game_over_detail).unwrap_or_default()))
                on_new_game=Callback::new(move |()| nav.new_game_open.set(true)) />
            {move || confirm.get().map(|what| {
                let (title, text) = if what == "resign" {
                    ("Resign?", format!("{} resigns the game.", play.with_game(|g| g.side_to_move().name())))
                } else {
                    ("Agree a draw?", "Both players agree to end the game drawn.".to_string())
                };
                view! {
                    <ConfirmDialog title=title text=text confirm="Confirm" action="confirm"
                        on_confirm=Callback::new(move |()| if what == "resign" { play.resign() } else { play.agree_draw() })
                        on_close=Callback::new(move |()| confirm.set(None)) />
                }
            })}
            <Show when=move || export_open.get()>
                <ExportDialog title="Export Chessgi record" testid="chessgi-export"
                    lede="The whole game as JSON. Import it from New game → Time Travel Chessgi → Import record."
                    text=Signal::derive(move || play.session.with(GameSession::export_text))
                    on_close=Callback::new(move |()| export_open.set(false)) />
            </Show>
        </section>
    }
}

/// The promotion piece of a promoting action.
fn promotion_kind(a: ChessgiAction) -> Option<PieceKind> {
    match a {
        ChessgiAction::Move(mv) | ChessgiAction::GeneralTravel { then: mv, .. } => mv.promotion(),
        _ => None,
    }
}

/// One sentence on how the game ended.
fn game_over_detail(o: Outcome) -> String {
    match o {
        Outcome::Checkmate { winner } => format!(
            "By checkmate: {} is in check with no move, drop or arrival.",
            (!winner).name_capitalised()
        ),
        Outcome::KingLostInTime { winner } => format!(
            "{}'s king, due back from the future, has no safe square to land on.",
            (!winner).name_capitalised()
        ),
        Outcome::Stalemate => {
            "By stalemate: the side to move has no action and is not in check.".to_string()
        }
        Outcome::ActionCap => "The game reached its action limit.".to_string(),
        Outcome::Resignation { winner } => format!("{} resigned.", (!winner).name_capitalised()),
        Outcome::DrawAgreed => "The players agreed a draw.".to_string(),
        Outcome::Time { winner } => crate::play::clock::material::flag_words(!winner, true),
        Outcome::TimeVsInsufficientMaterial { flagged } => {
            crate::play::clock::material::flag_words(flagged, false)
        }
    }
}
