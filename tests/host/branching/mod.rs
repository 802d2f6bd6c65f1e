//! Multiverse Time Travel Chess (`games::branching`).

mod memory;
mod options;
mod props;
mod scenarios;
