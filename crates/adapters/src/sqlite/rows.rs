//! The trait the writer thread reads rows with.

/// A row read by a direct write (`super::direct`): the same struct and column names
/// as sqlx reads.
pub(crate) trait DirectRow: Sized {
    fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self>;
}
