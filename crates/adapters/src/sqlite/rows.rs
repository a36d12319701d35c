//! Rows that several SQLite modules read, and the trait the writer thread reads rows with.

use crate::rows::row;

/// A row read by a direct write (`super::direct`): the same struct and column names
/// as sqlx reads.
pub(crate) trait DirectRow: Sized {
    fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self>;
}

row! {
    /// A filter of a product or an option of a variation: `owner` is the product's
    /// or the variation's id.
    #[derive(Clone)]
    pub(super) struct PairRow {
        owner: i64,
        name: String,
        value: String,
        heb_name: Option<String>,
        heb_value: Option<String>,
    }
}

impl From<PairRow> for store_domain::catalog::NameValue {
    fn from(r: PairRow) -> Self {
        Self {
            name: r.name,
            value: r.value,
            heb_name: r.heb_name,
            heb_value: r.heb_value,
        }
    }
}
