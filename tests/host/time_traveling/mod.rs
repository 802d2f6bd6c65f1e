//! Time Traveling Chess (`games::time_traveling`).

mod properties;
mod record;
mod scenarios;
