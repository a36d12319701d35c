//! Returns, on either engine (compiled into `sqlite` and `postgres`, see `README.md`):
//! each write is one shared write (`crate::tx`) of conditional statements. Requesting a
//! return adds its units and money to the order's counters (`order_lines.returned`,
//! `.refunded`, `orders.card_refunded`, `.shipping_refunded`) only while they stay
//! within what was bought and paid, and CHECKs hold the same bounds; a rejection takes
//! them off again. The return's `(order_id, sequence)` key turns away a request worked
//! out from a stale reading of the order's returns (docs/decisions.md, "Returns").

use super::jobs::enqueue_in;
use super::orders::issue_cards;
use super::{Store, corrupt, limit, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use crate::tx::{DbError, Tx, args};
use async_trait::async_trait;
use store_domain::bag::ItemRef;
use store_domain::checkout::storage::NewGiftCard;
use store_domain::clock::Timestamp;
use store_domain::jobs::NewJob;
use store_domain::money::Money;
use store_domain::orders::number::OrderNumber;
use store_domain::ports::StorageError;
use store_domain::returns::model::{
    Refund, RefundMethod, Return, ReturnChange, ReturnLine, ReturnMethod, ReturnNumber,
    ReturnReason, ReturnStatus,
};
use store_domain::returns::storage::{NewReturn, RequestError, Returns};

/// Why a request stopped, inside its transaction.
enum Stop {
    Refused(RequestError),
    Failed(StorageError),
}

impl From<DbError> for Stop {
    fn from(e: DbError) -> Self {
        if e.is_unique("returns", &["idempotency_key"]) {
            Stop::Refused(RequestError::KeyTaken)
        } else if e.is_unique("returns", &["order_id", "sequence"]) {
            Stop::Refused(RequestError::Changed)
        } else {
            Stop::Failed(e.into())
        }
    }
}

impl From<StorageError> for Stop {
    fn from(e: StorageError) -> Self {
        Stop::Failed(e)
    }
}

row! {
    struct Id {
        id: i64,
    }
}

row! {
    struct PartRow {
        product_id: i64,
        quantity: i64,
    }
}

async fn request_in(tx: &mut impl Tx, new: &NewReturn, at: Timestamp) -> Result<(), Stop> {
    let r = &new.ret;
    let order_id = tx
        .fetch_optional::<Id>(
            "SELECT id FROM orders WHERE number = $1",
            args![r.number.order.as_str()],
        )
        .await?
        .ok_or(Stop::Refused(RequestError::Changed))?
        .id;
    let f = &r.refund;
    let return_id = tx
        .fetch_optional::<Id>(
            "INSERT INTO returns (order_id, sequence, idempotency_key, status, refund_method,
                 return_method, gift, credit_email, items, shipping, label_fee, total, to_card,
                 to_store_credit)
             VALUES ($1, $2, $3, 'requested', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
             RETURNING id",
            args![
                order_id,
                i64::from(r.number.sequence),
                &new.idempotency_key,
                r.refund_method.as_str(),
                r.return_method.as_str(),
                r.gift,
                &r.credit_email,
                f.items.cents(),
                f.shipping.cents(),
                f.label_fee.cents(),
                f.total.cents(),
                f.to_card.cents(),
                f.to_store_credit.cents(),
            ],
        )
        .await?
        .ok_or_else(|| StorageError::Storage("a return was written and not numbered".into()))?
        .id;
    for line in &r.lines {
        let position = i64::try_from(line.position).unwrap_or(i64::MAX);
        tx.execute(
            "INSERT INTO return_lines (return_id, position, quantity, reason, note, amount)
             VALUES ($1, $2, $3, $4, $5, $6)",
            args![
                return_id,
                position,
                line.quantity,
                line.reason.as_str(),
                &line.note,
                line.amount.cents()
            ],
        )
        .await?;
        let taken = tx
            .execute(
                "UPDATE order_lines SET returned = returned + $1, refunded = refunded + $2
                 WHERE order_id = $3 AND position = $4 AND returned + $1 <= quantity
                     AND refunded + $2 <= merchandise + gift_options + personalization_fee + tax - discount",
                args![line.quantity, line.amount.cents(), order_id, position],
            )
            .await?;
        if taken == 0 {
            return Err(Stop::Refused(RequestError::Changed));
        }
    }
    let counted = tx
        .execute(
            "UPDATE orders SET card_refunded = card_refunded + $1,
                 shipping_refunded = shipping_refunded + $2
             WHERE id = $3 AND card_refunded + $1 <= amount_due
                 AND shipping_refunded + $2 <= shipping",
            args![f.to_card.cents(), f.shipping.cents(), order_id],
        )
        .await?;
    if counted == 0 {
        return Err(Stop::Refused(RequestError::Changed));
    }
    note(tx, return_id, ReturnStatus::Requested, at).await?;
    enqueue_in(tx, &new.jobs, at).await?;
    Ok(())
}

async fn note(
    tx: &mut impl Tx,
    return_id: i64,
    status: ReturnStatus,
    at: Timestamp,
) -> Result<(), DbError> {
    tx.execute(
        "INSERT INTO return_history (return_id, status, at) VALUES ($1, $2, $3)
         ON CONFLICT (return_id, status) DO NOTHING",
        args![return_id, status.as_str(), utc_text(at).as_str()],
    )
    .await?;
    Ok(())
}

/// Moves return `number` from `from` to `to` (with `why` for a rejection); its id
/// when this call moved it.
async fn leave(
    tx: &mut impl Tx,
    number: &ReturnNumber,
    from: ReturnStatus,
    to: ReturnStatus,
    why: Option<&str>,
    at: Timestamp,
) -> Result<Option<i64>, DbError> {
    let moved: Option<Id> = tx
        .fetch_optional(
            "UPDATE returns SET status = $1, rejection = COALESCE($2, rejection)
             WHERE status = $3 AND sequence = $4
                 AND order_id = (SELECT id FROM orders WHERE number = $5)
             RETURNING id",
            args![
                to.as_str(),
                why,
                from.as_str(),
                i64::from(number.sequence),
                number.order.as_str()
            ],
        )
        .await?;
    if let Some(Id { id }) = moved {
        note(tx, id, to, at).await?;
    }
    Ok(moved.map(|m| m.id))
}

/// Puts `units` of `item` back on the shelf; a bundle's into its products.
async fn restock(tx: &mut impl Tx, item: ItemRef, units: i64) -> Result<(), DbError> {
    let parts: Vec<(&str, i64, i64)> = match item {
        ItemRef::Bundle(id) => tx
            .fetch_all::<PartRow>(
                "SELECT product_id, quantity FROM bundle_items WHERE bundle_id = $1
                 ORDER BY product_id",
                args![id],
            )
            .await?
            .into_iter()
            .map(|p| ("product", p.product_id, p.quantity))
            .collect(),
        ItemRef::Product(id) => vec![("product", id, 1)],
        ItemRef::Variation(id) => vec![("variation", id, 1)],
    };
    for (kind, id, per_item) in parts {
        let sql = if kind == "variation" {
            "UPDATE variations SET stock = stock + $1 WHERE id = $2"
        } else {
            "UPDATE products SET stock = stock + $1 WHERE id = $2"
        };
        tx.execute(sql, args![per_item * units, id]).await?;
    }
    Ok(())
}

row! {
    struct ReturnRow {
        id: i64,
        number: String,
        sequence: i64,
        status: String,
        refund_method: String,
        return_method: String,
        gift: bool,
        credit_email: String,
        items: i64,
        shipping: i64,
        label_fee: i64,
        total: i64,
        to_card: i64,
        to_store_credit: i64,
        rejection: Option<String>,
    }
}

/// `SELECT` of a return's row, then `$tail` (its `WHERE` and `ORDER BY`): one literal,
/// as sqlx takes only literals unchecked.
macro_rules! select_returns {
    ($tail:literal) => {
        concat!(
            "SELECT r.id, o.number, r.sequence, r.status, r.refund_method, r.return_method,
                 r.gift, r.credit_email, r.items, r.shipping, r.label_fee, r.total, r.to_card,
                 r.to_store_credit, r.rejection
             FROM returns r JOIN orders o ON o.id = r.order_id ",
            $tail
        )
    };
}

impl Store {
    /// The returns of `rows`, each with its lines and history.
    async fn whole(&self, rows: Vec<ReturnRow>) -> Result<Vec<Return>, StorageError> {
        let mut whole = Vec::with_capacity(rows.len());
        for row in rows {
            let lines: Vec<(i64, i64, String, Option<String>, i64)> = sqlx::query_as(
                "SELECT position, quantity, reason, note, amount FROM return_lines
                 WHERE return_id = $1 ORDER BY position",
            )
            .bind(row.id)
            .fetch_all(&self.pool)
            .await
            .map_err(storage)?;
            let history: Vec<(String, String)> = sqlx::query_as(
                "SELECT status, at FROM return_history WHERE return_id = $1 ORDER BY at, status",
            )
            .bind(row.id)
            .fetch_all(&self.pool)
            .await
            .map_err(storage)?;
            whole.push(Return {
                number: ReturnNumber {
                    order: OrderNumber::parse(&row.number)
                        .map_err(|_| corrupt("return's order number"))?,
                    sequence: u32::try_from(row.sequence)
                        .map_err(|_| corrupt("return sequence"))?,
                },
                lines: lines
                    .into_iter()
                    .map(|(position, quantity, reason, note, amount)| {
                        Ok(ReturnLine {
                            position: usize::try_from(position)
                                .map_err(|_| corrupt("return line"))?,
                            quantity,
                            reason: ReturnReason::parse(&reason)
                                .ok_or_else(|| corrupt("return reason"))?,
                            note,
                            amount: Money::from_cents(amount),
                        })
                    })
                    .collect::<Result<_, StorageError>>()?,
                refund_method: RefundMethod::parse(&row.refund_method)
                    .ok_or_else(|| corrupt("refund method"))?,
                return_method: ReturnMethod::parse(&row.return_method)
                    .ok_or_else(|| corrupt("return method"))?,
                refund: Refund {
                    items: Money::from_cents(row.items),
                    shipping: Money::from_cents(row.shipping),
                    label_fee: Money::from_cents(row.label_fee),
                    total: Money::from_cents(row.total),
                    to_card: Money::from_cents(row.to_card),
                    to_store_credit: Money::from_cents(row.to_store_credit),
                },
                gift: row.gift,
                credit_email: row.credit_email,
                status: ReturnStatus::parse(&row.status).ok_or_else(|| corrupt("return status"))?,
                rejection: row.rejection,
                history: history
                    .into_iter()
                    .map(|(status, at)| {
                        Ok(ReturnChange {
                            status: ReturnStatus::parse(&status)
                                .ok_or_else(|| corrupt("return status"))?,
                            at: parse_utc_text(&at).ok_or_else(|| corrupt("return time"))?,
                        })
                    })
                    .collect::<Result<_, StorageError>>()?,
            });
        }
        Ok(whole)
    }

    async fn one(&self, row: Option<ReturnRow>) -> Result<Option<Return>, StorageError> {
        Ok(self.whole(row.into_iter().collect()).await?.pop())
    }
}

#[async_trait]
impl Returns for Store {
    async fn request(&self, new: &NewReturn) -> Result<(), RequestError> {
        let (new, at) = (new.clone(), new.ret.history[0].at);
        write_tx!(self, |tx| async move { request_in(tx, &new, at).await }).map_err(|stop| {
            match stop {
                Stop::Refused(why) => why,
                Stop::Failed(e) => e.into(),
            }
        })
    }

    async fn keyed_return(&self, idempotency_key: &str) -> Result<Option<Return>, StorageError> {
        let row = sqlx::query_as(select_returns!("WHERE r.idempotency_key = $1"))
            .bind(idempotency_key)
            .fetch_optional(&self.pool)
            .await
            .map_err(storage)?;
        self.one(row).await
    }

    async fn get(&self, number: &ReturnNumber) -> Result<Option<Return>, StorageError> {
        let row = sqlx::query_as(select_returns!("WHERE o.number = $1 AND r.sequence = $2"))
            .bind(number.order.as_str())
            .bind(i64::from(number.sequence))
            .fetch_optional(&self.pool)
            .await
            .map_err(storage)?;
        self.one(row).await
    }

    async fn order_returns(&self, order: &OrderNumber) -> Result<Vec<Return>, StorageError> {
        let rows = sqlx::query_as(select_returns!("WHERE o.number = $1 ORDER BY r.sequence"))
            .bind(order.as_str())
            .fetch_all(&self.pool)
            .await
            .map_err(storage)?;
        self.whole(rows).await
    }

    async fn receive(
        &self,
        number: &ReturnNumber,
        stock: &[(ItemRef, i64)],
        credit: Option<&NewGiftCard>,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        let (number, stock, jobs) = (number.clone(), stock.to_vec(), jobs.to_vec());
        let credit: Vec<NewGiftCard> = credit.into_iter().cloned().collect();
        write_tx!(self, |tx| async move {
            let moved = leave(
                tx,
                &number,
                ReturnStatus::Requested,
                ReturnStatus::Received,
                None,
                at,
            )
            .await?;
            if moved.is_some() {
                for &(item, units) in &stock {
                    restock(tx, item, units).await?;
                }
                issue_cards(tx, &credit, at).await?;
                enqueue_in(tx, &jobs, at).await?;
            }
            Ok::<_, DbError>(moved.is_some())
        })
        .map_err(StorageError::from)
    }

    async fn mark_refunded(
        &self,
        number: &ReturnNumber,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        let (number, jobs) = (number.clone(), jobs.to_vec());
        write_tx!(self, |tx| async move {
            let moved = leave(
                tx,
                &number,
                ReturnStatus::Received,
                ReturnStatus::Refunded,
                None,
                at,
            )
            .await?;
            if moved.is_some() {
                enqueue_in(tx, &jobs, at).await?;
            }
            Ok::<_, DbError>(moved.is_some())
        })
        .map_err(StorageError::from)
    }

    async fn reject(
        &self,
        number: &ReturnNumber,
        why: &str,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        let (number, why, jobs) = (number.clone(), why.to_owned(), jobs.to_vec());
        write_tx!(self, |tx| async move {
            let Some(id) = leave(
                tx,
                &number,
                ReturnStatus::Requested,
                ReturnStatus::Rejected,
                Some(&why),
                at,
            )
            .await?
            else {
                return Ok::<_, DbError>(false);
            };
            // Its units and money may be asked for again.
            tx.execute(
                "UPDATE order_lines SET
                     returned = returned - (SELECT quantity FROM return_lines l
                         WHERE l.return_id = $1 AND l.position = order_lines.position),
                     refunded = refunded - (SELECT amount FROM return_lines l
                         WHERE l.return_id = $1 AND l.position = order_lines.position)
                 WHERE order_id = (SELECT order_id FROM returns WHERE id = $1)
                     AND position IN (SELECT position FROM return_lines WHERE return_id = $1)",
                args![id],
            )
            .await?;
            tx.execute(
                "UPDATE orders SET
                     card_refunded = card_refunded - (SELECT to_card FROM returns WHERE id = $1),
                     shipping_refunded = shipping_refunded - (SELECT shipping FROM returns WHERE id = $1)
                 WHERE id = (SELECT order_id FROM returns WHERE id = $1)",
                args![id],
            )
            .await?;
            enqueue_in(tx, &jobs, at).await?;
            Ok(true)
        })
        .map_err(StorageError::from)
    }

    async fn returns(
        &self,
        status: Option<ReturnStatus>,
        limit_to: u32,
    ) -> Result<Vec<Return>, StorageError> {
        let rows = sqlx::query_as(select_returns!(
            "WHERE $1 IS NULL OR r.status = $1 ORDER BY r.id DESC LIMIT $2"
        ))
        .bind(status.map(ReturnStatus::as_str))
        .bind(limit(limit_to))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        self.whole(rows).await
    }
}
