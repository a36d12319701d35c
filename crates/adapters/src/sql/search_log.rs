//! Counting searches for suggestions: query text and a count, nothing else.

use super::Store;
use async_trait::async_trait;
use store_domain::ports::{SearchError, SearchLog};

fn log_error(err: sqlx::Error) -> SearchError {
    SearchError::Storage(format!("search log: {err}"))
}

#[async_trait]
impl SearchLog for Store {
    async fn record_searches(&self, counts: &[(String, u64)]) -> Result<(), SearchError> {
        // One transaction for the batch: one commit (one fsync) however many queries.
        let mut writer = self.writer().await.map_err(log_error)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(log_error)?;
        for (query, count) in counts {
            sqlx::query(
                "INSERT INTO search_queries (query, searches) VALUES ($1, $2)
                 ON CONFLICT (query) DO UPDATE SET searches = search_queries.searches + $2",
            )
            .bind(query)
            .bind(i64::try_from(*count).unwrap_or(i64::MAX))
            .execute(&mut *tx)
            .await
            .map_err(log_error)?;
        }
        tx.commit().await.map_err(log_error)
    }

    async fn popular_searches(
        &self,
        min_count: u64,
        limit: u32,
    ) -> Result<Vec<String>, SearchError> {
        sqlx::query_scalar(
            "SELECT query FROM search_queries WHERE searches >= $1
             ORDER BY searches DESC, query LIMIT $2",
        )
        .bind(i64::try_from(min_count).unwrap_or(i64::MAX))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await
        .map_err(log_error)
    }

    async fn keep_most_searched(&self, keep: u32) -> Result<u64, SearchError> {
        // The first query past the limit, in (most searched, query) order, and all after it go.
        let first_beyond: Option<(i64, String)> = sqlx::query_as(
            "SELECT searches, query FROM search_queries
             ORDER BY searches DESC, query LIMIT 1 OFFSET $1",
        )
        .bind(i64::from(keep))
        .fetch_optional(&mut *self.writer().await.map_err(log_error)?)
        .await
        .map_err(log_error)?;
        let Some((searches, query)) = first_beyond else {
            return Ok(0);
        };
        let forgotten = sqlx::query(
            "DELETE FROM search_queries
             WHERE searches < $1 OR (searches = $1 AND query >= $2)",
        )
        .bind(searches)
        .bind(query)
        .execute(&mut *self.writer().await.map_err(log_error)?)
        .await
        .map_err(log_error)?
        .rows_affected();
        Ok(forgotten)
    }
}
