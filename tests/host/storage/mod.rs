//! Saved games and settings (`storage`) on an in-memory backend.

mod props;
mod store;
