//! Gift cards and discount codes. A card is found by its code's hash; a code taken
//! already is told by `INSERT ... ON CONFLICT DO NOTHING` writing no row, the same
//! statement on PostgreSQL. A discount's uses are rows the order writes, counted here.

use super::{Store, corrupt, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use async_trait::async_trait;
use std::collections::HashMap;
use store_domain::checkout::discounts::{Discount, DiscountCode, DiscountUsage, DiscountValue};
use store_domain::checkout::gift_cards::GiftCard;
use store_domain::checkout::storage::{
    CreateDiscountError, DiscountListed, Discounts, GiftCards, IssueError, NewGiftCard,
};
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::money::Money;
use store_domain::ports::StorageError;
use store_domain::token::TokenHash;

row! {
    struct GiftCardRow {
        last_four: String,
        balance: i64,
        expires_at: Option<String>,
    }
}

/// A stored moment, which `utc_text` wrote.
fn moment(text: &str) -> Result<Timestamp, StorageError> {
    parse_utc_text(text).ok_or_else(|| corrupt("time"))
}

fn optional_moment(text: Option<&str>) -> Result<Option<Timestamp>, StorageError> {
    text.map(moment).transpose()
}

impl GiftCardRow {
    fn card(self) -> Result<GiftCard, StorageError> {
        Ok(GiftCard {
            last_four: self.last_four,
            balance: Money::from_cents(self.balance),
            expires_at: optional_moment(self.expires_at.as_deref())?,
        })
    }
}

#[async_trait]
impl GiftCards for Store {
    async fn gift_card(&self, code_hash: &TokenHash) -> Result<Option<GiftCard>, StorageError> {
        let row: Option<GiftCardRow> = sqlx::query_as(
            "SELECT last_four, balance, expires_at FROM gift_cards WHERE code_hash = $1",
        )
        .bind(code_hash.as_str())
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        row.map(GiftCardRow::card).transpose()
    }

    async fn issue_gift_card(&self, card: &NewGiftCard, at: Timestamp) -> Result<(), IssueError> {
        let written = sqlx::query(
            "INSERT INTO gift_cards (code_hash, last_four, balance, initial_balance, expires_at,
                 created_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code_hash) DO NOTHING",
        )
        .bind(card.code_hash.as_str())
        .bind(&card.last_four)
        .bind(card.balance.cents())
        .bind(card.balance.cents())
        .bind(card.expires_at.map(utc_text))
        .bind(utc_text(at))
        .execute(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?
        .rows_affected();
        if written == 0 {
            return Err(IssueError::Duplicate);
        }
        Ok(())
    }
}

row! {
    struct DiscountRow {
        code: String,
        kind: String,
        amount: i64,
        min_subtotal: i64,
        starts_at: Option<String>,
        ends_at: Option<String>,
        usage_limit: Option<i64>,
        once_per_shopper: bool,
        created_at: String,
        times_used: i64,
    }
}

impl DiscountRow {
    /// The discount, with its excluded products (sorted, as read).
    fn listed(self, excluded_products: Vec<i64>) -> Result<DiscountListed, StorageError> {
        let value = match self.kind.as_str() {
            "percent" => DiscountValue::Percent {
                basis_points: u32::try_from(self.amount).map_err(|_| corrupt("discount"))?,
            },
            "fixed" => DiscountValue::Fixed(Money::from_cents(self.amount)),
            _ => return Err(corrupt("discount kind")),
        };
        let usage_limit = self
            .usage_limit
            .map(u32::try_from)
            .transpose()
            .map_err(|_| corrupt("discount usage limit"))?;
        Ok(DiscountListed {
            discount: Discount {
                code: DiscountCode::parse(&self.code).map_err(|_| corrupt("discount code"))?,
                value,
                min_subtotal: Money::from_cents(self.min_subtotal),
                starts_at: optional_moment(self.starts_at.as_deref())?,
                ends_at: optional_moment(self.ends_at.as_deref())?,
                usage_limit,
                once_per_shopper: self.once_per_shopper,
                excluded_products,
            },
            times_used: count(self.times_used),
            created_at: moment(&self.created_at)?,
        })
    }
}

row! {
    struct ExclusionRow {
        code: String,
        product_id: i64,
    }
}

row! {
    struct UsageRow {
        times_used: i64,
        by_shopper: i64,
    }
}

fn count(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

/// The columns of a discount with its use count, for `concat!` (sqlx takes only static SQL).
macro_rules! discount_columns {
    () => {
        "code, kind, amount, min_subtotal, starts_at, ends_at, usage_limit, once_per_shopper,
         created_at,
         (SELECT COUNT(*) FROM discount_uses u WHERE u.code = discounts.code) AS times_used"
    };
}

/// Excluded products by code, each list sorted.
fn by_code(rows: Vec<ExclusionRow>) -> HashMap<String, Vec<i64>> {
    let mut by_code: HashMap<String, Vec<i64>> = HashMap::new();
    for row in rows {
        by_code.entry(row.code).or_default().push(row.product_id);
    }
    by_code
}

#[async_trait]
impl Discounts for Store {
    async fn discount(&self, code: &DiscountCode) -> Result<Option<Discount>, StorageError> {
        let row: Option<DiscountRow> = sqlx::query_as(concat!(
            "SELECT ",
            discount_columns!(),
            " FROM discounts WHERE code = $1"
        ))
        .bind(code.as_str())
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        let Some(row) = row else {
            return Ok(None);
        };
        let excluded: Vec<i64> = sqlx::query_scalar(
            "SELECT product_id FROM discount_exclusions WHERE code = $1 ORDER BY product_id",
        )
        .bind(code.as_str())
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        Ok(Some(row.listed(excluded)?.discount))
    }

    async fn usage(
        &self,
        code: &DiscountCode,
        email: Option<&Email>,
    ) -> Result<DiscountUsage, StorageError> {
        // A NULL e-mail equals nothing, so without one no use is the shopper's.
        let row: UsageRow = sqlx::query_as(
            "SELECT COUNT(*) AS times_used,
                 COALESCE(SUM(CASE WHEN email = $1 THEN 1 ELSE 0 END), 0) AS by_shopper
             FROM discount_uses WHERE code = $2",
        )
        .bind(email.map(Email::as_str))
        .bind(code.as_str())
        .fetch_one(&self.pool)
        .await
        .map_err(storage)?;
        Ok(DiscountUsage {
            times_used: count(row.times_used),
            used_by_shopper: row.by_shopper > 0,
        })
    }

    async fn create_discount(
        &self,
        discount: &Discount,
        at: Timestamp,
    ) -> Result<(), CreateDiscountError> {
        let (kind, amount) = match discount.value {
            DiscountValue::Percent { basis_points } => ("percent", i64::from(basis_points)),
            DiscountValue::Fixed(money) => ("fixed", money.cents()),
        };
        let mut excluded = discount.excluded_products.clone();
        excluded.sort_unstable();
        excluded.dedup();
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        let written = sqlx::query(
            "INSERT INTO discounts (code, kind, amount, min_subtotal, starts_at, ends_at,
                 usage_limit, once_per_shopper, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (code) DO NOTHING",
        )
        .bind(discount.code.as_str())
        .bind(kind)
        .bind(amount)
        .bind(discount.min_subtotal.cents())
        .bind(discount.starts_at.map(utc_text))
        .bind(discount.ends_at.map(utc_text))
        .bind(discount.usage_limit.map(i64::from))
        .bind(discount.once_per_shopper)
        .bind(utc_text(at))
        .execute(&mut *tx)
        .await
        .map_err(storage)?
        .rows_affected();
        if written == 0 {
            return Err(CreateDiscountError::Duplicate);
        }
        for product in excluded {
            sqlx::query("INSERT INTO discount_exclusions (code, product_id) VALUES ($1, $2)")
                .bind(discount.code.as_str())
                .bind(product)
                .execute(&mut *tx)
                .await
                .map_err(storage)?;
        }
        tx.commit().await.map_err(storage)?;
        Ok(())
    }

    async fn discounts(&self) -> Result<Vec<DiscountListed>, StorageError> {
        let rows: Vec<DiscountRow> = sqlx::query_as(concat!(
            "SELECT ",
            discount_columns!(),
            " FROM discounts ORDER BY created_at DESC, code"
        ))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        // Read after the discounts: a code created in between is not in `rows`, and the
        // exclusions of one that is were committed with it.
        let exclusions: Vec<ExclusionRow> = sqlx::query_as(
            "SELECT code, product_id FROM discount_exclusions ORDER BY code, product_id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        let mut exclusions = by_code(exclusions);
        rows.into_iter()
            .map(|row| {
                let excluded = exclusions.remove(&row.code).unwrap_or_default();
                row.listed(excluded)
            })
            .collect()
    }
}
