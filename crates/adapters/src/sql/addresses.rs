//! Saved addresses. Every statement names the customer, so another customer's id
//! matches nothing. A new default clears the old one first, in the same transaction;
//! the partial unique index refuses two defaults whatever happens.

use super::{Store, count_for, execute_for, storage};
use crate::rows::row;
use async_trait::async_trait;
use store_domain::accounts::{Address, AddressFields};
use store_domain::ports::{Addresses, StorageError};

row! {
    struct AddressRow {
        id: i64,
        name: String,
        line1: String,
        line2: String,
        city: String,
        region: String,
        postal_code: String,
        country: String,
        phone: String,
        is_default: bool,
    }
}

impl From<AddressRow> for Address {
    fn from(r: AddressRow) -> Self {
        Address {
            id: r.id,
            fields: AddressFields {
                name: r.name,
                line1: r.line1,
                line2: r.line2,
                city: r.city,
                region: r.region,
                postal_code: r.postal_code,
                country: r.country,
                phone: r.phone,
                default: r.is_default,
            },
        }
    }
}

/// The columns every read answers, for `concat!` (sqlx takes only static SQL).
macro_rules! columns {
    () => {
        "id, name, line1, line2, city, region, postal_code, country, phone, is_default"
    };
}

type AddressQuery<'q> =
    sqlx::query::QueryAs<'q, super::Db, AddressRow, <super::Db as sqlx::Database>::Arguments>;

/// `statement` with an address's fields bound as `$1` to `$9`, in the order both
/// statements name them.
fn with_fields<'q>(statement: &'static str, f: &'q AddressFields) -> AddressQuery<'q> {
    sqlx::query_as(statement)
        .bind(&f.name)
        .bind(&f.line1)
        .bind(&f.line2)
        .bind(&f.city)
        .bind(&f.region)
        .bind(&f.postal_code)
        .bind(&f.country)
        .bind(&f.phone)
        .bind(f.default)
}

#[async_trait]
impl Addresses for Store {
    async fn addresses(&self, customer: i64) -> Result<Vec<Address>, StorageError> {
        let rows: Vec<AddressRow> = sqlx::query_as(concat!(
            "SELECT ",
            columns!(),
            " FROM customer_addresses WHERE customer_id = $1 ORDER BY id"
        ))
        .bind(customer)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        Ok(rows.into_iter().map(Address::from).collect())
    }

    async fn add_address(
        &self,
        customer: i64,
        f: &AddressFields,
        max: usize,
    ) -> Result<Option<Address>, StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        super::lock_customer(&mut tx, customer).await?;
        let held = count_for(
            &mut tx,
            "SELECT COUNT(*) FROM customer_addresses WHERE customer_id = $1",
            customer,
        )
        .await?;
        if held >= max {
            return Ok(None);
        }
        if f.default {
            execute_for(
                &mut tx,
                "UPDATE customer_addresses SET is_default = FALSE WHERE customer_id = $1",
                customer,
            )
            .await?;
        }
        let row: AddressRow = with_fields(
            concat!(
                "INSERT INTO customer_addresses (name, line1, line2, city, region, postal_code,
                 country, phone, is_default, customer_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ",
                columns!(),
                ""
            ),
            f,
        )
        .bind(customer)
        .fetch_one(&mut *tx)
        .await
        .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        Ok(Some(row.into()))
    }

    async fn update_address(
        &self,
        customer: i64,
        id: i64,
        f: &AddressFields,
    ) -> Result<Option<Address>, StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        super::lock_customer(&mut tx, customer).await?;
        if f.default {
            execute_for(
                &mut tx,
                "UPDATE customer_addresses SET is_default = FALSE WHERE customer_id = $1",
                customer,
            )
            .await?;
        }
        let row: Option<AddressRow> = with_fields(
            concat!(
                "UPDATE customer_addresses SET name = $1, line1 = $2, line2 = $3, city = $4,
                 region = $5, postal_code = $6, country = $7, phone = $8, is_default = $9
             WHERE id = $10 AND customer_id = $11 RETURNING ",
                columns!(),
                ""
            ),
            f,
        )
        .bind(id)
        .bind(customer)
        .fetch_optional(&mut *tx)
        .await
        .map_err(storage)?;
        // Not this customer's: the default they had must stay theirs.
        if row.is_none() {
            return Ok(None);
        }
        tx.commit().await.map_err(storage)?;
        Ok(row.map(Address::from))
    }

    async fn remove_address(
        &self,
        customer: i64,
        id: i64,
    ) -> Result<Option<Address>, StorageError> {
        let row: Option<AddressRow> = sqlx::query_as(concat!(
            "DELETE FROM customer_addresses WHERE id = $1 AND customer_id = $2 RETURNING ",
            columns!(),
            ""
        ))
        .bind(id)
        .bind(customer)
        .fetch_optional(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        Ok(row.map(Address::from))
    }
}
