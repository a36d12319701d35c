//! Favorites and follows: one row per customer, kind and id. Adding is an insert that
//! skips a row already there, so retries and two tabs at once cannot double a pick.

use super::{Store, corrupt, storage};
use crate::clock::utc_text;
use crate::rows::row;
use async_trait::async_trait;
use store_domain::accounts::{Pick, PickKind};
use store_domain::clock::Timestamp;
use store_domain::ports::{Picks, StorageError};

row! {
    struct PickRow {
        kind: String,
        target_id: i64,
    }
}

#[async_trait]
impl Picks for Store {
    async fn picks(&self, customer: i64) -> Result<Vec<Pick>, StorageError> {
        let rows: Vec<PickRow> = sqlx::query_as(
            "SELECT kind, target_id FROM customer_picks WHERE customer_id = $1
             ORDER BY picked_at DESC, kind, target_id",
        )
        .bind(customer)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.into_iter()
            .map(|r| {
                Ok(Pick {
                    kind: PickKind::parse(&r.kind).ok_or_else(|| corrupt("pick kind"))?,
                    id: r.target_id,
                })
            })
            .collect()
    }

    async fn add_picks(
        &self,
        customer: i64,
        picks: &[Pick],
        at: Timestamp,
    ) -> Result<(), StorageError> {
        let at = utc_text(at);
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        for pick in picks {
            sqlx::query(
                "INSERT INTO customer_picks (customer_id, kind, target_id, picked_at)
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            )
            .bind(customer)
            .bind(pick.kind.as_str())
            .bind(pick.id)
            .bind(&at)
            .execute(&mut *tx)
            .await
            .map_err(storage)?;
        }
        tx.commit().await.map_err(storage)
    }

    async fn remove_picks(&self, customer: i64, picks: &[Pick]) -> Result<(), StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        for pick in picks {
            sqlx::query(
                "DELETE FROM customer_picks WHERE customer_id = $1 AND kind = $2 AND target_id = $3",
            )
            .bind(customer)
            .bind(pick.kind.as_str())
            .bind(pick.id)
            .execute(&mut *tx)
            .await
            .map_err(storage)?;
        }
        tx.commit().await.map_err(storage)
    }
}
