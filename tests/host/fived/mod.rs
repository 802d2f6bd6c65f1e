//! 5D chess (`fived`): play, properties, notation round trips.

mod play;
mod props;
mod resolve;
mod roundtrip;
