//! The play layer: games as the screens hold them, compiled and tested on the
//! host (no web dependency). The UI draws what it finds here and forwards
//! clicks; the rules stay the engine's.

pub mod fived;
