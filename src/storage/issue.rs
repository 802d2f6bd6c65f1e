//! Problems found in storage, told to the players. Nothing here is ever
//! deleted by the app: unreadable data is kept aside and reported.

use std::fmt;

/// What sort of problem a [`StoreIssue`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IssueKind {
    /// A saved game could not be read; it was kept aside (or in place when
    /// there was no room to copy it).
    DamagedGame,
    /// A saved game written by a newer Chronochess; kept where it is, unchanged.
    NewerGame,
    /// An entry kept aside by an earlier session (still there, still unread).
    KeptAside,
    /// The list of games named a game whose record is gone.
    MissingGame,
    /// The list of games could not be read; it was kept aside and rebuilt.
    DamagedIndex,
    /// The settings could not be read; they were kept aside, defaults apply.
    DamagedSettings,
    /// The learning progress could not be read; it was kept aside, the
    /// progress starts afresh.
    DamagedLearning,
    /// A key under the app's prefix that this version does not know; left alone.
    Unrecognised,
}

impl IssueKind {
    /// True for issues about one saved game: the game list shows them as
    /// "damaged entry" rows.
    #[must_use]
    pub const fn is_about_a_game(self) -> bool {
        matches!(
            self,
            IssueKind::DamagedGame
                | IssueKind::NewerGame
                | IssueKind::KeptAside
                | IssueKind::MissingGame
        )
    }
}

/// One problem found in storage: what, where, and where the data is now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreIssue {
    /// The sort of problem.
    pub kind: IssueKind,
    /// The storage key where it was found.
    pub key: String,
    /// The message for the players, a full sentence.
    pub what: String,
    /// Where the data is now, when it was kept (the quarantine key, or
    /// `key` itself when it was left in place).
    pub kept_as: Option<String>,
}

impl fmt::Display for StoreIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}
