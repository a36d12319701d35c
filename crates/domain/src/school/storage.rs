//! Where the schools and their lists are kept. Lists are published by schools and
//! changed only by the owner's import, so reads are plain and the one write replaces
//! whole schools in one transaction.

use super::model::{School, Summary};
use crate::ports::StorageError;
use async_trait::async_trait;

#[async_trait]
pub trait Schools: Send + Sync {
    /// Every school of `country` (a two-letter code) with its grades' names.
    async fn schools_in(&self, country: &str) -> Result<Vec<Summary>, StorageError>;

    /// The school that has grade `grade_id`, whole: its grades, lists and items.
    async fn school_of_grade(&self, grade_id: i64) -> Result<Option<School>, StorageError>;

    /// Writes each of `schools` whole, replacing a stored school of the same id with its
    /// grades and lists, all in one transaction: on any failure nothing changes. A grade
    /// or list id another school holds is refused by a constraint.
    async fn import(&self, schools: &[School]) -> Result<(), StorageError>;
}
