//! Signed-in customers' bags: a version row per customer and its lines. A write is one
//! short transaction: move the version on only if it is still the one the edit read
//! (a conditional update, so it holds on PostgreSQL's row locks as on SQLite's single
//! writer), then replace the lines.

use super::{Store, corrupt, storage};
use crate::rows::row;
use async_trait::async_trait;
use std::collections::BTreeMap;
use store_domain::bag::{BagLine, LineKey, LineType, Lists};
use store_domain::ports::{CustomerBags, StorageError, StoredLists};

row! {
    struct LineRow {
        list: String,
        line_type: String,
        item_id: i64,
        item_key: String,
        quantity: i64,
        gift_options: bool,
        personalization: String,
    }
}

fn line_type(raw: &str) -> Result<LineType, StorageError> {
    [
        LineType::Product,
        LineType::Variation,
        LineType::GiftCard,
        LineType::Bundle,
    ]
    .into_iter()
    .find(|t| t.as_str() == raw)
    .ok_or_else(|| corrupt("bag line type"))
}

impl LineRow {
    fn line(self) -> Result<BagLine, StorageError> {
        let personalization: BTreeMap<String, String> =
            serde_json::from_str(&self.personalization).map_err(|_| corrupt("personalization"))?;
        Ok(BagLine {
            key: LineKey {
                id: self.item_id,
                line_type: line_type(&self.line_type)?,
                item_key: self.item_key,
            },
            quantity: self.quantity,
            gift_options: self.gift_options,
            personalization,
        })
    }
}

#[async_trait]
impl CustomerBags for Store {
    async fn bag(&self, customer: i64) -> Result<StoredLists, StorageError> {
        // Both reads in one transaction, so the lines are the version's.
        let mut tx = super::begin_read(&self.pool).await.map_err(storage)?;
        let version: Option<i64> =
            sqlx::query_scalar("SELECT version FROM customer_bags WHERE customer_id = $1")
                .bind(customer)
                .fetch_optional(&mut *tx)
                .await
                .map_err(storage)?;
        let rows: Vec<LineRow> = sqlx::query_as(
            "SELECT list, line_type, item_id, item_key, quantity, gift_options, personalization
             FROM customer_bag_lines WHERE customer_id = $1 ORDER BY list, position",
        )
        .bind(customer)
        .fetch_all(&mut *tx)
        .await
        .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        let mut lists = Lists::default();
        for row in rows {
            let target = if row.list == "later" {
                &mut lists.later
            } else {
                &mut lists.products
            };
            target.push(row.line()?);
        }
        Ok(StoredLists {
            lists,
            version: version.unwrap_or(0),
        })
    }

    async fn save_bag(
        &self,
        customer: i64,
        version: i64,
        lists: &Lists,
    ) -> Result<bool, StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        let claimed = if version == 0 {
            sqlx::query(
                "INSERT INTO customer_bags (customer_id, version) VALUES ($1, 1)
                 ON CONFLICT (customer_id) DO NOTHING",
            )
            .bind(customer)
        } else {
            sqlx::query(
                "UPDATE customer_bags SET version = version + 1
                 WHERE customer_id = $1 AND version = $2",
            )
            .bind(customer)
            .bind(version)
        }
        .execute(&mut *tx)
        .await
        .map_err(storage)?
        .rows_affected()
            == 1;
        if !claimed {
            return Ok(false);
        }
        sqlx::query("DELETE FROM customer_bag_lines WHERE customer_id = $1")
            .bind(customer)
            .execute(&mut *tx)
            .await
            .map_err(storage)?;
        for (list, lines) in [("products", &lists.products), ("later", &lists.later)] {
            for (position, line) in lines.iter().enumerate() {
                let personalization = serde_json::to_string(&line.personalization)
                    .map_err(|e| StorageError::Storage(e.to_string()))?;
                sqlx::query(
                    "INSERT INTO customer_bag_lines (customer_id, list, position, line_type,
                         item_id, item_key, quantity, gift_options, personalization)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(customer)
                .bind(list)
                .bind(position as i64)
                .bind(line.key.line_type.as_str())
                .bind(line.key.id)
                .bind(&line.key.item_key)
                .bind(line.quantity)
                .bind(line.gift_options)
                .bind(personalization)
                .execute(&mut *tx)
                .await
                .map_err(storage)?;
            }
        }
        tx.commit().await.map_err(storage)?;
        Ok(true)
    }
}
