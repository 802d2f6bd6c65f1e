//! 5D chess (`fived`): play, properties, notation round trips, the legal-action
//! count on custom starts, the stress suite, and the computer opponent.

mod ai;
mod ai_props;
mod count;
mod fjk;
mod ftxi_games;
mod hint;
mod holdout10;
mod hop;
mod initial;
mod kok4;
mod kok5;
mod levels;
mod lines;
mod orders;
mod play;
mod props;
mod pull;
mod puzzles;
mod q12;
mod reactivation;
mod rescue;
mod reserve;
mod resolve;
mod roundtrip;
mod sets;
mod siblings;
mod softmate;
mod stale;
mod stress;
mod target;
mod tz39;
mod uni;
