//! Saved cards: the gateway's token and what may be shown. Scoped to the customer in
//! every statement; one default, as for addresses.

use super::{Store, corrupt, count_for, execute_for, storage};
use crate::clock::utc_text;
use crate::rows::row;
use async_trait::async_trait;
use store_domain::clock::Timestamp;
use store_domain::payments::{Brand, CardSaved, CardToken, SavedCard};
use store_domain::ports::{SavedCards, StorageError};

row! {
    struct CardRow {
        id: i64,
        customer_id: i64,
        token: String,
        brand: String,
        last4: String,
        exp_month: i64,
        exp_year: i64,
        is_default: bool,
    }
}

impl CardRow {
    fn card(self) -> Result<SavedCard, StorageError> {
        let number = |n: i64| u32::try_from(n).map_err(|_| corrupt("card expiry"));
        Ok(SavedCard {
            id: self.id,
            default: self.is_default,
            card: CardToken {
                token: self.token,
                brand: Brand::parse(&self.brand),
                last4: self.last4,
                exp_month: number(self.exp_month)?,
                exp_year: number(self.exp_year)?,
            },
        })
    }
}

/// The columns every read answers, for `concat!` (sqlx takes only static SQL).
macro_rules! columns {
    () => {
        "id, customer_id, token, brand, last4, exp_month, exp_year, is_default"
    };
}

fn saved(row: Option<CardRow>) -> Result<Option<SavedCard>, StorageError> {
    row.map(CardRow::card).transpose()
}

#[async_trait]
impl SavedCards for Store {
    async fn cards(&self, customer: i64) -> Result<Vec<SavedCard>, StorageError> {
        let rows: Vec<CardRow> = sqlx::query_as(concat!(
            "SELECT ",
            columns!(),
            " FROM customer_cards WHERE customer_id = $1 ORDER BY id"
        ))
        .bind(customer)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.into_iter().map(CardRow::card).collect()
    }

    async fn add_card(
        &self,
        customer: i64,
        card: &CardToken,
        default: bool,
        max: usize,
        at: Timestamp,
    ) -> Result<CardSaved, StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        super::lock_customer(&mut tx, customer).await?;
        if let Some(saved) = saved_before(&mut tx, customer, card).await? {
            return Ok(saved);
        }
        let held = count_for(
            &mut tx,
            "SELECT COUNT(*) FROM customer_cards WHERE customer_id = $1",
            customer,
        )
        .await?;
        if held >= max {
            return Ok(CardSaved::Full);
        }
        if default {
            execute_for(
                &mut tx,
                "UPDATE customer_cards SET is_default = FALSE WHERE customer_id = $1",
                customer,
            )
            .await?;
        }
        // Another customer's request may save the same token at the same moment (on
        // PostgreSQL, where two customers' writes run at once): the first keeps it.
        let row: Option<CardRow> = sqlx::query_as(concat!(
            "INSERT INTO customer_cards (customer_id, token, brand, last4, exp_month, exp_year,
                 is_default, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (token) DO NOTHING RETURNING ",
            columns!(),
            ""
        ))
        .bind(customer)
        .bind(&card.token)
        .bind(card.brand.as_str())
        .bind(&card.last4)
        .bind(i64::from(card.exp_month))
        .bind(i64::from(card.exp_year))
        .bind(default)
        .bind(utc_text(at))
        .fetch_optional(&mut *tx)
        .await
        .map_err(storage)?;
        let Some(row) = row else {
            // Nothing of this transaction is kept: the default stays where it was.
            return Ok(saved_before(&mut tx, customer, card)
                .await?
                .unwrap_or(CardSaved::Taken));
        };
        tx.commit().await.map_err(storage)?;
        Ok(CardSaved::Saved(row.card()?))
    }

    async fn set_default_card(
        &self,
        customer: i64,
        id: i64,
        default: bool,
    ) -> Result<Option<SavedCard>, StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        super::lock_customer(&mut tx, customer).await?;
        if default {
            execute_for(
                &mut tx,
                "UPDATE customer_cards SET is_default = FALSE WHERE customer_id = $1",
                customer,
            )
            .await?;
        }
        let row: Option<CardRow> = sqlx::query_as(concat!(
            "UPDATE customer_cards SET is_default = $1 WHERE id = $2 AND customer_id = $3
             RETURNING ",
            columns!(),
            ""
        ))
        .bind(default)
        .bind(id)
        .bind(customer)
        .fetch_optional(&mut *tx)
        .await
        .map_err(storage)?;
        if row.is_none() {
            return Ok(None);
        }
        tx.commit().await.map_err(storage)?;
        saved(row)
    }

    async fn remove_card(&self, customer: i64, id: i64) -> Result<Option<SavedCard>, StorageError> {
        let row: Option<CardRow> = sqlx::query_as(concat!(
            "DELETE FROM customer_cards WHERE id = $1 AND customer_id = $2 RETURNING ",
            columns!(),
            ""
        ))
        .bind(id)
        .bind(customer)
        .fetch_optional(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        saved(row)
    }

    async fn processor_customer(&self, customer: i64) -> Result<Option<String>, StorageError> {
        let found: Option<Option<String>> =
            sqlx::query_scalar("SELECT processor_customer FROM customers WHERE id = $1")
                .bind(customer)
                .fetch_optional(&self.pool)
                .await
                .map_err(storage)?;
        Ok(found.flatten())
    }

    async fn set_processor_customer(
        &self,
        customer: i64,
        reference: &str,
    ) -> Result<String, StorageError> {
        // Set only while unset: a first save racing another keeps the first's, and
        // both read the one that stands.
        let mut writer = self.writer().await.map_err(storage)?;
        sqlx::query(
            "UPDATE customers SET processor_customer = $2
             WHERE id = $1 AND processor_customer IS NULL",
        )
        .bind(customer)
        .bind(reference)
        .execute(&mut *writer)
        .await
        .map_err(storage)?;
        let stands: Option<String> =
            sqlx::query_scalar("SELECT processor_customer FROM customers WHERE id = $1")
                .bind(customer)
                .fetch_one(&mut *writer)
                .await
                .map_err(storage)?;
        stands.ok_or_else(|| StorageError::Storage(format!("there is no customer {customer}")))
    }
}

/// The card `card`'s token was saved as, if it was (a retried request): the same card
/// if it is `customer`'s, or taken if another customer's.
async fn saved_before(
    tx: &mut sqlx::Transaction<'_, super::Db>,
    customer: i64,
    card: &CardToken,
) -> Result<Option<CardSaved>, StorageError> {
    let existing: Option<CardRow> = sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM customer_cards WHERE token = $1"
    ))
    .bind(&card.token)
    .fetch_optional(&mut **tx)
    .await
    .map_err(storage)?;
    existing
        .map(|row| {
            Ok(if row.customer_id == customer {
                CardSaved::Saved(row.card()?)
            } else {
                CardSaved::Taken
            })
        })
        .transpose()
}
