//! Every clock rule against a fake time source: `now` is just a number the
//! test moves forward.

use super::material::{chessgi_can_mate, fived_can_mate};
use super::*;
use crate::chess::Placement;
use crate::fived::{boards, InitialBoard, Multiverse};
use crate::games::chessgi::{ChessgiGame, ChessgiOptions};
use crate::play::Ending;

const W: Color = Color::White;
const B: Color = Color::Black;

/// A fake time source: milliseconds since an arbitrary origin.
struct Fake(u64);

impl Fake {
    fn at(&mut self, later_ms: u64) -> u64 {
        self.0 += later_ms;
        self.0
    }
}

fn running(control: TimeControl, t: &mut Fake) -> Clock {
    let mut clock = Clock::new(control, 1);
    clock.resume(t.0);
    clock
}

#[test]
fn white_runs_first_and_the_clock_counts_down() {
    let mut t = Fake(1_000_000);
    let mut clock = Clock::new(TimeControl::fischer(5, 0), 1);
    assert!(!clock.is_counting(), "a new clock waits for resume");
    assert_eq!(clock.remaining(W, t.at(10_000)), 300_000);
    clock.resume(t.0);
    assert_eq!(clock.running_side(), Some(W));
    assert_eq!(clock.remaining(W, t.at(1_500)), 298_500);
    assert_eq!(clock.remaining(B, t.0), 300_000);
}

#[test]
fn an_increment_is_added_when_the_turn_ends() {
    let mut t = Fake(0);
    let mut clock = running(TimeControl::fischer(5, 5), &mut t);
    assert_eq!(clock.end_turn(t.at(3_000), B, 1), None);
    assert_eq!(clock.remaining(W, t.0), 302_000);
    assert_eq!(clock.running_side(), Some(B));
    assert_eq!(clock.remaining(B, t.at(10_000)), 290_000);
    clock.end_turn(t.0, W, 1);
    assert_eq!(clock.remaining(B, t.0), 295_000);
    // The white clock did not move while Black thought.
    assert_eq!(clock.remaining(W, t.0), 302_000);
}

#[test]
fn a_delay_is_used_before_the_main_time_and_unused_delay_is_lost() {
    let mut t = Fake(0);
    let control = TimeControl::custom(60_000, 5_000, Bonus::Delay, Scaling::PerTurn).unwrap();
    let mut clock = running(control, &mut t);
    assert_eq!(clock.remaining(W, t.at(4_000)), 60_000);
    assert_eq!(clock.delay_left(t.0), 1_000);
    assert_eq!(clock.remaining(W, t.at(3_000)), 58_000);
    assert_eq!(clock.delay_left(t.0), 0);
    clock.end_turn(t.0, B, 1);
    assert_eq!(clock.remaining(W, t.0), 58_000, "a delay adds nothing");
    // Black moves within the delay: the clock does not move at all.
    clock.end_turn(t.at(2_000), W, 1);
    assert_eq!(clock.remaining(B, t.0), 60_000);
    // The new turn has a fresh delay, not Black's left-over.
    assert_eq!(clock.delay_left(t.0), 5_000);
}

#[test]
fn a_delay_per_present_timeline_scales_with_the_turns_timelines() {
    let mut t = Fake(0);
    let control = TimeControl::delay_per_present_timeline(10, 5);
    let mut clock = running(control, &mut t);
    clock.end_turn(t.at(1_000), B, 3);
    assert_eq!(clock.delay_left(t.0), 15_000);
    assert_eq!(clock.remaining(B, t.at(14_000)), 600_000);
    assert_eq!(clock.remaining(B, t.at(2_000)), 599_000);
    // The scale is fixed when the turn starts.
    clock.end_turn(t.0, W, 2);
    assert_eq!(clock.delay_left(t.0), 10_000);
}

#[test]
fn an_increment_per_present_timeline_scales_too() {
    let mut t = Fake(0);
    let control =
        TimeControl::custom(60_000, 2_000, Bonus::Increment, Scaling::PerPresentTimeline).unwrap();
    let mut clock = Clock::new(control, 4);
    clock.resume(t.0);
    clock.end_turn(t.at(1_000), B, 1);
    assert_eq!(clock.remaining(W, t.0), 67_000);
    clock.end_turn(t.at(1_000), W, 1);
    assert_eq!(clock.remaining(B, t.0), 61_000);
    // A per-turn control ignores the scale.
    assert_eq!(TimeControl::fischer(1, 2).bonus_for(7), 2_000);
    // A scale of zero (no present timeline) still gives one bonus.
    assert_eq!(control.bonus_for(0), 2_000);
}

#[test]
fn the_running_side_flags_at_zero_and_the_clock_stops() {
    let mut t = Fake(0);
    let control = TimeControl::custom(2_000, 0, Bonus::Increment, Scaling::PerTurn).unwrap();
    let mut clock = running(control, &mut t);
    assert_eq!(clock.check_flag(t.at(1_999)), None);
    assert_eq!(clock.check_flag(t.at(1)), Some(W));
    assert_eq!(clock.flagged(), Some(W));
    assert_eq!(clock.running_side(), None);
    assert_eq!(clock.remaining(W, t.at(5_000)), 0);
    assert_eq!(clock.remaining(B, t.0), 2_000);
    // Nothing moves a stopped clock.
    assert_eq!(clock.end_turn(t.0, B, 1), None);
    clock.resume(t.0);
    assert!(!clock.is_counting());
    assert_eq!(clock.remaining(B, t.at(1_000)), 2_000);
}

#[test]
fn a_turn_ended_after_the_time_ran_out_is_a_flag_without_increment() {
    let mut t = Fake(0);
    let mut clock = running(TimeControl::fischer(1, 30), &mut t);
    assert_eq!(clock.end_turn(t.at(60_000), B, 1), Some(W));
    assert_eq!(clock.remaining(W, t.0), 0);
    assert_eq!(clock.flagged(), Some(W));
}

#[test]
fn a_paused_clock_charges_nothing_and_keeps_its_delay() {
    let mut t = Fake(0);
    let control = TimeControl::custom(60_000, 5_000, Bonus::Delay, Scaling::PerTurn).unwrap();
    let mut clock = running(control, &mut t);
    clock.pause(t.at(3_000));
    assert!(!clock.is_counting());
    assert_eq!(clock.remaining(W, t.at(100_000)), 60_000);
    assert_eq!(clock.delay_left(t.0), 2_000);
    assert_eq!(clock.check_flag(t.at(100_000)), None);
    clock.resume(t.0);
    assert_eq!(clock.remaining(W, t.at(2_000)), 60_000);
    assert_eq!(clock.remaining(W, t.at(1_000)), 59_000);
    // Pausing twice, or resuming a counting clock, changes nothing.
    clock.resume(t.at(500));
    clock.pause(t.0);
    clock.pause(t.at(9_000));
    assert_eq!(clock.remaining(W, t.0), 58_500);
}

#[test]
fn a_take_back_hands_over_without_increment_or_refund() {
    let mut t = Fake(0);
    let mut clock = running(TimeControl::fischer(5, 5), &mut t);
    clock.end_turn(t.at(10_000), B, 1);
    clock.hand_over(t.at(4_000), W, 1);
    assert_eq!(clock.running_side(), Some(W));
    assert_eq!(clock.remaining(W, t.0), 295_000);
    assert_eq!(clock.remaining(B, t.0), 296_000);
}

#[test]
fn a_stopped_game_keeps_its_times() {
    let mut t = Fake(0);
    let mut clock = running(TimeControl::fischer(5, 5), &mut t);
    clock.stop(t.at(7_000));
    assert_eq!(clock.running_side(), None);
    assert_eq!(clock.flagged(), None);
    assert_eq!(clock.remaining(W, t.at(60_000)), 293_000);
}

#[test]
fn a_restored_clock_has_the_saved_time_and_is_paused() {
    let mut t = Fake(50_000);
    let control = TimeControl::delay_per_present_timeline(10, 5);
    let mut clock = running(control, &mut t);
    clock.end_turn(t.at(20_000), B, 2);
    // Black has used its 10 s delay and 6 s of time when the page goes.
    let saved = clock.saved_at(t.at(16_000));
    // Saving does not disturb the running clock.
    assert_eq!(clock.remaining(B, t.0), 594_000);
    let text = serde_json::to_string(&saved).unwrap();
    // Hours later, on another page: the clock comes back paused, nothing
    // charged for the time it was closed, nothing given back.
    let mut back = Clock::from_saved(&serde_json::from_str(&text).unwrap()).unwrap();
    let later = t.at(3 * 3_600_000);
    assert!(!back.is_counting());
    assert_eq!(back.remaining(B, later), 594_000);
    assert_eq!(back.remaining(W, later), 585_000);
    assert_eq!(back.running_side(), Some(B));
    assert_eq!(back.delay_left(later), 0);
    back.resume(later);
    assert_eq!(back.remaining(B, t.at(1_000)), 593_000);
    // A clock saved paused comes back the same.
    let mut paused = back.clone();
    paused.pause(t.0);
    assert_eq!(
        Clock::from_saved(&paused.saved_at(t.at(5_000))).unwrap(),
        paused
    );
}

#[test]
fn a_saved_delay_left_is_kept() {
    let mut t = Fake(0);
    let control = TimeControl::custom(60_000, 5_000, Bonus::Delay, Scaling::PerTurn).unwrap();
    let clock = running(control, &mut t);
    let back = Clock::from_saved(&clock.saved_at(t.at(2_000))).unwrap();
    assert_eq!(back.delay_left(t.at(9_999)), 3_000);
    assert_eq!(back.remaining(W, t.0), 60_000);
}

#[test]
fn a_flagged_clock_is_saved_flagged() {
    let mut t = Fake(0);
    let control = TimeControl::custom(1_000, 0, Bonus::Increment, Scaling::PerTurn).unwrap();
    let mut clock = running(control, &mut t);
    clock.end_turn(t.at(500), B, 1);
    assert_eq!(clock.check_flag(t.at(1_000)), Some(B));
    let back = Clock::from_saved(&clock.saved_at(t.0)).unwrap();
    assert_eq!(back.flagged(), Some(B));
    assert_eq!(back.running_side(), None);
    assert!(Clock::from_saved(&serde_json::json!({"nonsense": 1})).is_err());
}

#[test]
fn the_display_shows_tenths_under_ten_seconds() {
    assert_eq!(display(300_000), "5:00");
    assert_eq!(display(61_999), "1:01");
    assert_eq!(display(10_000), "0:10");
    assert_eq!(display(9_999), "9.9");
    assert_eq!(display(3_050), "3.0");
    assert_eq!(display(99), "0.0");
    assert_eq!(display(0), "0.0");
    assert_eq!(display(3_600_000 + 61_000), "1:01:01");
}

#[test]
fn low_time_is_a_tenth_of_the_base_within_ten_to_thirty_seconds() {
    let blitz = TimeControl::fischer(5, 5);
    assert!(!is_low(30_000, &blitz));
    assert!(is_low(29_999, &blitz));
    let short = TimeControl::custom(20_000, 0, Bonus::Increment, Scaling::PerTurn).unwrap();
    assert!(is_low(9_999, &short));
    assert!(!is_low(10_000, &short));
}

#[test]
fn custom_controls_are_checked_and_labelled() {
    assert_eq!(
        TimeControl::custom(999, 0, Bonus::Delay, Scaling::PerTurn),
        Err(ControlError::NoTime)
    );
    assert_eq!(
        TimeControl::custom(MAX_BASE_MS + 1, 0, Bonus::Delay, Scaling::PerTurn),
        Err(ControlError::BaseTooLong)
    );
    assert_eq!(
        TimeControl::custom(60_000, MAX_BONUS_MS + 1, Bonus::Delay, Scaling::PerTurn),
        Err(ControlError::BonusTooLong)
    );
    assert_eq!(TimeControl::fischer(5, 5).label(), "5+5");
    assert_eq!(
        TimeControl::delay_per_present_timeline(10, 5).label(),
        "10 min + 5 s delay per present timeline"
    );
    let odd = TimeControl::custom(90_000, 1_500, Bonus::Delay, Scaling::PerTurn).unwrap();
    assert_eq!(odd.label(), "1:30 + 1.5 s delay");
    assert_eq!(
        TimeControl::custom(90_000, 0, Bonus::Increment, Scaling::PerTurn)
            .unwrap()
            .label(),
        "1:30+0"
    );
    assert!(PRESETS
        .iter()
        .any(|p| p.five_d_only && p.control == TimeControl::delay_per_present_timeline(10, 5)));
}

#[test]
fn a_flag_loses_unless_the_other_side_cannot_mate() {
    assert_eq!(flag_ending(W, true), Ending::win(B, "time"));
    assert_eq!(
        flag_ending(B, false),
        Ending::draw("time vs insufficient material")
    );
}

fn kings_only() -> Multiverse {
    let placement = Placement::from_fen("4k3/8/8/8/8/8/8/R3K3", 8, 8).unwrap();
    let board = InitialBoard {
        l: 0,
        turn: 1,
        to_move: W,
        placement,
    };
    Multiverse::from_boards(8, 8, false, &[], &[board]).unwrap()
}

#[test]
fn in_5d_only_kings_on_every_board_cannot_mate() {
    let standard = Multiverse::from_variant(boards::standard()).unwrap();
    assert!(fived_can_mate(&standard, W) && fived_can_mate(&standard, B));
    let m = kings_only();
    assert!(fived_can_mate(&m, W), "White has a rook");
    assert!(!fived_can_mate(&m, B), "Black has a lone king");
}

#[test]
fn present_timelines_count_the_boards_to_move_on() {
    let standard = Multiverse::from_variant(boards::standard()).unwrap();
    assert_eq!(present_timelines(&standard), 1);
    let three = boards::CATALOGUE
        .iter()
        .find_map(|v| {
            let m = Multiverse::from_variant(v).ok()?;
            (m.mandatory_boards().len() > 1).then_some(m)
        })
        .expect("the catalogue has a board with several timelines");
    assert_eq!(
        present_timelines(&three) as usize,
        three.mandatory_boards().len()
    );
}

#[test]
fn in_chessgi_pockets_and_the_time_tree_count() {
    let game = ChessgiGame::new(ChessgiOptions::default());
    assert!(chessgi_can_mate(&game, W) && chessgi_can_mate(&game, B));
    let bare = ChessgiGame::from_setup(
        ChessgiOptions::default(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "",
        "N",
    )
    .unwrap();
    assert!(!chessgi_can_mate(&bare, W), "a bare king, empty pocket");
    assert!(chessgi_can_mate(&bare, B), "a knight in the reserve");
}

#[test]
fn a_flag_is_told_in_words() {
    assert_eq!(material::flag_words(W, true), "White ran out of time.");
    assert_eq!(
        material::flag_words(B, false),
        "Black ran out of time, but White has no piece left that could checkmate."
    );
}

#[test]
fn the_serde_form_changes_with_events_not_with_resume() {
    let mut t = Fake(0);
    let mut clock = Clock::new(TimeControl::fischer(5, 5), 1);
    let before = serde_json::to_value(&clock).unwrap();
    clock.resume(t.at(1_000));
    assert_eq!(serde_json::to_value(&clock).unwrap(), before);
    clock.pause(t.at(2_000));
    assert_ne!(serde_json::to_value(&clock).unwrap(), before);
}
