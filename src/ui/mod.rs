//! The browser user interface (Leptos, client-side rendered; wasm32 only).
//!
//! The UI decides no rule: it asks the engine for positions and draws them.
//!
//! - [`site`]: the site's two pages (5D at the index, the other games at `games/`) and links between them.
//! - [`app`]: the 5D page's shell (header, page, footer) and routing.
//! - [`other_games`]: the other-games page's shell, home and routing.
//! - [`start_screen`]: the first screen: what Chronochess is and the 5D Standard start position.
//! - [`saved_games`]: the saved-games list (resume, rename, delete with undo).
//! - [`game`]: the game screen (action bar, status, move list, game dialogs) and its state.
//! - [`multiverse`]: the multiverse view (timelines × turns, pan, zoom, moving, arrows).
//! - [`time_traveling`]: the Time Traveling Chess screen, new-game entry and saves.
//! - [`dialogs`]: the dialogs of every game (modal frame, confirm, promotion, game over,
//!   export and import) and the 5D page's new game and help.
//! - [`import`]: 5dpgn text → a game.
//! - [`fetch`]: the site's files fetched on demand (the puzzle files).
//! - [`learn`]: the puzzle and lesson screens (rules in `play::learn`).
//! - [`nav`], [`saves`]: app-wide state: the open game, the saved games.
//! - [`timeline_board`]: one board of the multiverse with its timeline and turn labels.
//! - [`chessgi`]: the Time Travel Chessgi screen, its new-game entry and import.
//! - [`offline`]: the service worker (offline play) and its "Update available" notice.
//! - [`board`]: the one board component of every screen, chessground-style (no chess logic).
//! - [`clock`]: the chess clock beside the board and its choice in New game dialogs.
//! - [`session_play`]: what every game screen's state shares (session, notice, board input).

pub mod app;
pub mod board;
pub mod branching;
pub mod chessgi;
pub mod clock;
pub mod command;
pub mod computer;
pub mod dialogs;
pub mod fetch;
pub mod game;
pub mod help;
pub mod import;
pub mod learn;
pub mod multiverse;
pub mod nav;
pub mod offline;
pub mod other_games;
pub mod resume;
pub mod saved_games;
pub mod saves;
pub mod session_play;
pub mod site;
pub mod start_screen;
pub mod time_traveling;
pub mod timeline_board;

pub use app::App;
pub use other_games::OtherGamesApp;
