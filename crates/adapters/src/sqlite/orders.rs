//! Orders: each port method one short write transaction of conditional statements
//! (`... WHERE stock >= $1`, `... WHERE status = 'placed'`), the same SQL PostgreSQL
//! runs. The database backs each rule: a trigger (a CHECK on PostgreSQL) keeps taken
//! stock from going below zero, CHECKs keep gift card balances in range and make the
//! gift cards and the card pay exactly the total, and UNIQUE keys make the key, the
//! number and the charge name one order each.

use super::rows::row;
use super::{SqliteStore, corrupt, limit, storage};
use crate::clock::{parse_utc_text, utc_text};
use async_trait::async_trait;
use chrono::NaiveDate;
use sqlx::{Sqlite, Transaction};
use std::collections::BTreeMap;
use store_domain::accounts::AddressFields;
use store_domain::bag::{ItemRef, LineFigures, LineType, TaxRate};
use store_domain::checkout::storage::NewGiftCard;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::jobs::NewJob;
use store_domain::money::Money;
use store_domain::orders::model::{
    CardPayment, Contact, Delivery, GiftCardUse, Order, OrderFigures, OrderLine, OrderStatus,
    StatusChange,
};
use store_domain::orders::number::OrderNumber;
use store_domain::orders::storage::{KeyedOrder, NewOrder, Orders, ReserveError};
use store_domain::payments::Brand;
use store_domain::ports::StorageError;
use store_domain::token::TokenHash;

type Tx<'c> = Transaction<'c, Sqlite>;

fn moment(text: &str) -> Result<Timestamp, StorageError> {
    parse_utc_text(text).ok_or_else(|| corrupt("order time"))
}

fn day(text: Option<&str>) -> Result<NaiveDate, StorageError> {
    text.and_then(|t| NaiveDate::parse_from_str(t, "%Y-%m-%d").ok())
        .ok_or_else(|| corrupt("order date"))
}

fn cents(c: i64) -> Money {
    Money::from_cents(c)
}

/// Queues `jobs` in the caller's transaction; one queued before is left as it is.
pub(super) async fn enqueue_in(
    tx: &mut Tx<'_>,
    jobs: &[NewJob],
    at: Timestamp,
) -> Result<(), sqlx::Error> {
    for job in jobs {
        sqlx::query(
            "INSERT INTO jobs (kind, subject, due_at, attempts, created_at) VALUES ($1, $2, $3, 0, $4)
             ON CONFLICT (kind, subject, due_at) DO NOTHING",
        )
        .bind(job.kind.as_str())
        .bind(&job.subject)
        .bind(utc_text(job.due_at))
        .bind(utc_text(at))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Why a reservation stopped, inside its transaction.
enum Stop {
    Refused(ReserveError),
    Failed(sqlx::Error),
}

impl From<sqlx::Error> for Stop {
    fn from(e: sqlx::Error) -> Self {
        Stop::Failed(e)
    }
}

/// The order's UNIQUE keys refuse a second order with its idempotency key or number:
/// that refusal, not a read before the insert, tells a retry or a rival submit apart,
/// so the reservation is one statement shorter and still exact on any engine.
fn taken_key_or_number(e: sqlx::Error) -> Stop {
    let names = |column: &str| {
        e.as_database_error().is_some_and(|db| {
            db.kind() == sqlx::error::ErrorKind::UniqueViolation
                // SQLite names the column, PostgreSQL the constraint (orders_<column>_key).
                && (db.message().contains(&format!("orders.{column}"))
                    || db.constraint() == Some(&format!("orders_{column}_key")))
        })
    };
    if names("idempotency_key") {
        Stop::Refused(ReserveError::KeyTaken)
    } else if names("number") {
        Stop::Refused(ReserveError::NumberTaken)
    } else {
        Stop::Failed(e)
    }
}

fn item_kind(item: ItemRef) -> (&'static str, i64) {
    match item {
        ItemRef::Variation(id) => ("variation", id),
        ItemRef::Product(id) | ItemRef::Bundle(id) => ("product", id),
    }
}

/// Takes `units` of a product or variation if that many are left, and notes it.
async fn take_units(
    tx: &mut Tx<'_>,
    order_id: i64,
    kind: &str,
    id: i64,
    units: i64,
) -> Result<bool, sqlx::Error> {
    let sql = if kind == "variation" {
        "UPDATE variations SET stock = stock - $1 WHERE id = $2 AND stock >= $1"
    } else {
        "UPDATE products SET stock = stock - $1 WHERE id = $2 AND stock >= $1"
    };
    let taken = sqlx::query(sql)
        .bind(units)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    if taken.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO order_stock (order_id, item_kind, item_id, units) VALUES ($1, $2, $3, $4)
         ON CONFLICT (order_id, item_kind, item_id) DO UPDATE SET units = order_stock.units + excluded.units",
    )
    .bind(order_id)
    .bind(kind)
    .bind(id)
    .bind(units)
    .execute(&mut **tx)
    .await?;
    Ok(true)
}

async fn take_stock(tx: &mut Tx<'_>, order_id: i64, item: ItemRef, units: i64) -> Result<(), Stop> {
    let parts: Vec<(i64, i64)> = match item {
        ItemRef::Bundle(id) => {
            sqlx::query_as("SELECT product_id, quantity FROM bundle_items WHERE bundle_id = $1 ORDER BY product_id")
                .bind(id)
                .fetch_all(&mut **tx)
                .await?
        }
        _ => vec![(item_kind(item).1, 1)],
    };
    let kind = item_kind(item).0;
    for (id, per_item) in parts {
        if !take_units(tx, order_id, kind, id, per_item * units).await? {
            return Err(Stop::Refused(ReserveError::SoldOut(item)));
        }
    }
    Ok(())
}

/// Issues the e-gift cards a payment bought. Their codes are derived from the order
/// (see `orders::e_gift`), so one issued already is the same card: left as it is.
async fn issue_cards(
    tx: &mut Transaction<'_, Sqlite>,
    cards: &[NewGiftCard],
    at: Timestamp,
) -> Result<(), sqlx::Error> {
    for card in cards {
        sqlx::query(
            "INSERT INTO gift_cards (code_hash, last_four, balance, initial_balance, expires_at,
                 created_at)
             VALUES ($1, $2, $3, $3, $4, $5) ON CONFLICT (code_hash) DO NOTHING",
        )
        .bind(card.code_hash.as_str())
        .bind(&card.last_four)
        .bind(card.balance.cents())
        .bind(card.expires_at.map(utc_text))
        .bind(utc_text(at))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Gives back what order `order_id` took: its stock and gift card balances, and, if
/// `with_discount`, its discount code's use.
async fn give_back(tx: &mut Tx<'_>, order_id: i64, number: &str) -> Result<(), sqlx::Error> {
    let taken: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT item_kind, item_id, units FROM order_stock WHERE order_id = $1")
            .bind(order_id)
            .fetch_all(&mut **tx)
            .await?;
    for (kind, id, units) in taken {
        let sql = if kind == "variation" {
            "UPDATE variations SET stock = stock + $1 WHERE id = $2"
        } else {
            "UPDATE products SET stock = stock + $1 WHERE id = $2"
        };
        sqlx::query(sql)
            .bind(units)
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query(
        "UPDATE gift_cards SET balance = balance +
             (SELECT amount FROM order_gift_cards g WHERE g.order_id = $1 AND g.code_hash = gift_cards.code_hash)
         WHERE code_hash IN (SELECT code_hash FROM order_gift_cards WHERE order_id = $1)",
    )
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "UPDATE discounts SET times_used = times_used - 1
         WHERE code IN (SELECT code FROM discount_uses WHERE order_ref = $1)",
    )
    .bind(number)
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM discount_uses WHERE order_ref = $1")
        .bind(number)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn note_status(
    tx: &mut Tx<'_>,
    order_id: i64,
    status: OrderStatus,
    at: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_history (order_id, status, at) VALUES ($1, $2, $3)
         ON CONFLICT (order_id, status) DO NOTHING",
    )
    .bind(order_id)
    .bind(status.as_str())
    .bind(utc_text(at))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Moves order `number` from `from` to `to` if it is still `from`: its id when it moved.
async fn move_status(
    tx: &mut Tx<'_>,
    number: &OrderNumber,
    from: OrderStatus,
    to: OrderStatus,
    at: Timestamp,
) -> Result<Option<i64>, sqlx::Error> {
    let moved: Option<i64> = sqlx::query_scalar(
        "UPDATE orders SET status = $1, updated_at = $2 WHERE number = $3 AND status = $4 RETURNING id",
    )
    .bind(to.as_str())
    .bind(utc_text(at))
    .bind(number.as_str())
    .bind(from.as_str())
    .fetch_optional(&mut **tx)
    .await?;
    if let Some(id) = moved {
        note_status(tx, id, to, at).await?;
    }
    Ok(moved)
}

impl SqliteStore {
    async fn reserve_in(&self, tx: &mut Tx<'_>, new: &NewOrder) -> Result<(), Stop> {
        let o = &new.order;
        let (method_id, method_name, promised_on, contact, address) = match &o.delivery {
            Delivery::Ship {
                method_id,
                method_name,
                address,
                arrives_on,
            } => (
                Some(i64::from(*method_id)),
                Some(method_name.as_str()),
                Some(arrives_on.format("%Y-%m-%d").to_string()),
                Contact {
                    name: address.name.clone(),
                    phone: address.phone.clone(),
                },
                Some(address),
            ),
            Delivery::Pickup { contact, ready_on } => (
                None,
                None,
                Some(ready_on.format("%Y-%m-%d").to_string()),
                contact.clone(),
                None,
            ),
            Delivery::Digital { contact } => (None, None, None, contact.clone(), None),
        };
        let f = &o.figures;
        let at = utc_text(o.placed_at);
        let order_id: i64 = sqlx::query_scalar(
            "INSERT INTO orders (number, idempotency_key, request_hash, customer_id, email, status,
                 delivery, method_id, method_name, promised_on, contact_name, contact_phone,
                 address_line1, address_line2, address_city, address_region, address_postal_code,
                 address_country, zip, country, tax_rate_millionths, subtotal, gift_options,
                 personalization_fees, tax, shipping, discount, total, gift_card_total, amount_due,
                 discount_code, card_token, card_brand, card_last4, placed_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, 'placed', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
                 $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31,
                 $32, $33, $34, $35)
             RETURNING id",
        )
        .bind(o.number.as_str())
        .bind(&new.idempotency_key)
        .bind(&new.request_hash)
        .bind(o.customer_id)
        .bind(o.email.as_str())
        .bind(o.delivery.kind())
        .bind(method_id)
        .bind(method_name)
        .bind(promised_on)
        .bind(&contact.name)
        .bind(&contact.phone)
        .bind(address.map(|a| a.line1.as_str()))
        .bind(address.map(|a| a.line2.as_str()))
        .bind(address.map(|a| a.city.as_str()))
        .bind(address.map(|a| a.region.as_str()))
        .bind(address.map(|a| a.postal_code.as_str()))
        .bind(address.map(|a| a.country.as_str()))
        .bind(&o.zip)
        .bind(&o.country)
        .bind(i64::from(o.tax_rate.millionths()))
        .bind(f.subtotal.cents())
        .bind(f.gift_options.cents())
        .bind(f.personalization_fees.cents())
        .bind(f.tax.cents())
        .bind(f.shipping.cents())
        .bind(f.discount.cents())
        .bind(f.total.cents())
        .bind(f.gift_card_total.cents())
        .bind(f.amount_due.cents())
        .bind(o.discount_code.as_deref())
        .bind(o.card.as_ref().map(|c| c.token.as_str()))
        .bind(o.card.as_ref().map(|c| c.brand.as_str()))
        .bind(o.card.as_ref().map(|c| c.last4.as_str()))
        .bind(&at)
        .bind(&at)
        .fetch_one(&mut **tx)
        .await
        .map_err(taken_key_or_number)?;
        for (position, line) in o.lines.iter().enumerate() {
            let personalization = serde_json::to_string(&line.personalization)
                .map_err(|e| Stop::Failed(sqlx::Error::Encode(Box::new(e))))?;
            sqlx::query(
                "INSERT INTO order_lines (order_id, position, line_type, item_id, product_id,
                     item_key, title, heb_title, sku, path, image, item_type, quantity, unit_price,
                     gift_options_chosen, personalization, merchandise, gift_options,
                     personalization_fee, discount, tax, gift_card)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                     $17, $18, $19, $20, $21, $22)",
            )
            .bind(order_id)
            .bind(i64::try_from(position).unwrap_or(i64::MAX))
            .bind(line.line_type.as_str())
            .bind(line.item_id)
            .bind(line.product_id)
            .bind(&line.item_key)
            .bind(&line.title)
            .bind(line.heb_title.as_deref())
            .bind(&line.sku)
            .bind(&line.path)
            .bind(line.image.as_deref())
            .bind(&line.item_type)
            .bind(line.quantity)
            .bind(line.unit_price.cents())
            .bind(line.gift_options)
            .bind(personalization)
            .bind(line.figures.merchandise.cents())
            .bind(line.figures.gift_options.cents())
            .bind(line.figures.personalization_fee.cents())
            .bind(line.figures.discount.cents())
            .bind(line.figures.tax.cents())
            .bind(line.gift_card)
            .execute(&mut **tx)
            .await?;
        }
        for &(item, units) in &new.stock {
            take_stock(tx, order_id, item, units).await?;
        }
        for (position, card) in o.gift_cards.iter().enumerate() {
            let spent = sqlx::query(
                "UPDATE gift_cards SET balance = balance - $1
                 WHERE code_hash = $2 AND balance >= $1 AND (expires_at IS NULL OR expires_at > $3)",
            )
            .bind(card.amount.cents())
            .bind(card.code_hash.as_str())
            .bind(&at)
            .execute(&mut **tx)
            .await?;
            if spent.rows_affected() == 0 {
                return Err(Stop::Refused(ReserveError::GiftCardSpent(
                    card.last_four.clone(),
                )));
            }
            sqlx::query(
                "INSERT INTO order_gift_cards (order_id, position, code_hash, last_four, amount)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(order_id)
            .bind(i64::try_from(position).unwrap_or(i64::MAX))
            .bind(card.code_hash.as_str())
            .bind(&card.last_four)
            .bind(card.amount.cents())
            .execute(&mut **tx)
            .await?;
        }
        if let Some(use_) = &new.discount_use {
            // The counter's row is the lock (on PostgreSQL too): a second order with
            // this code waits here, then sees this one's use.
            let counted = sqlx::query(
                "UPDATE discounts SET times_used = times_used + 1
                 WHERE code = $1 AND (usage_limit IS NULL OR times_used < usage_limit)",
            )
            .bind(&use_.code)
            .execute(&mut **tx)
            .await?;
            let email = use_.email.as_ref().map(Email::as_str);
            let used_before = match (use_.once_per_shopper, email) {
                (true, Some(email)) => {
                    sqlx::query_scalar::<_, i64>(
                        "SELECT count(*) FROM discount_uses WHERE code = $1 AND email = $2",
                    )
                    .bind(&use_.code)
                    .bind(email)
                    .fetch_one(&mut **tx)
                    .await?
                        > 0
                }
                _ => false,
            };
            if counted.rows_affected() == 0 || used_before {
                return Err(Stop::Refused(ReserveError::DiscountUsedUp));
            }
            sqlx::query("INSERT INTO discount_uses (code, email, order_ref, used_at) VALUES ($1, $2, $3, $4)")
                .bind(&use_.code)
                .bind(email)
                .bind(o.number.as_str())
                .bind(&at)
                .execute(&mut **tx)
                .await?;
        }
        note_status(tx, order_id, OrderStatus::Placed, o.placed_at).await?;
        Ok(())
    }

    /// The numbers of orders matching `sql` (which selects `number`), read whole.
    async fn orders_where(&self, numbers: Vec<String>) -> Result<Vec<Order>, StorageError> {
        let mut orders = Vec::with_capacity(numbers.len());
        for number in numbers {
            let number = OrderNumber::parse(&number).map_err(|_| corrupt("order number"))?;
            if let Some(order) = self.order(&number).await? {
                orders.push(order);
            }
        }
        Ok(orders)
    }
}

row! {
    struct OrderRow {
        id: i64,
        number: String,
        customer_id: Option<i64>,
        email: String,
        status: String,
        delivery: String,
        method_id: Option<i64>,
        method_name: Option<String>,
        promised_on: Option<String>,
        contact_name: String,
        contact_phone: String,
        address_line1: Option<String>,
        address_line2: Option<String>,
        address_city: Option<String>,
        address_region: Option<String>,
        address_postal_code: Option<String>,
        address_country: Option<String>,
        zip: String,
        country: String,
        tax_rate_millionths: i64,
        subtotal: i64,
        gift_options: i64,
        personalization_fees: i64,
        tax: i64,
        shipping: i64,
        discount: i64,
        total: i64,
        gift_card_total: i64,
        amount_due: i64,
        discount_code: Option<String>,
        card_token: Option<String>,
        card_brand: Option<String>,
        card_last4: Option<String>,
        charge_id: Option<String>,
        decline: Option<String>,
        placed_at: String,
    }
}

row! {
    struct LineRow {
        line_type: String,
        item_id: i64,
        product_id: i64,
        item_key: String,
        title: String,
        heb_title: Option<String>,
        sku: String,
        path: String,
        image: Option<String>,
        item_type: String,
        quantity: i64,
        unit_price: i64,
        gift_options_chosen: bool,
        personalization: String,
        merchandise: i64,
        gift_options: i64,
        personalization_fee: i64,
        discount: i64,
        tax: i64,
        gift_card: bool,
    }
}

impl LineRow {
    fn line(self) -> Result<OrderLine, StorageError> {
        Ok(OrderLine {
            line_type: LineType::parse(&self.line_type)
                .ok_or_else(|| corrupt("order line type"))?,
            item_id: self.item_id,
            product_id: self.product_id,
            item_key: self.item_key,
            title: self.title,
            heb_title: self.heb_title,
            sku: self.sku,
            path: self.path,
            image: self.image,
            item_type: self.item_type,
            quantity: self.quantity,
            unit_price: cents(self.unit_price),
            gift_options: self.gift_options_chosen,
            personalization: serde_json::from_str::<BTreeMap<String, String>>(
                &self.personalization,
            )
            .map_err(|_| corrupt("order line personalization"))?,
            gift_card: self.gift_card,
            figures: LineFigures {
                merchandise: cents(self.merchandise),
                gift_options: cents(self.gift_options),
                personalization_fee: cents(self.personalization_fee),
                discount: cents(self.discount),
                tax: cents(self.tax),
            },
        })
    }
}

impl OrderRow {
    fn delivery(&self) -> Result<Delivery, StorageError> {
        let contact = Contact {
            name: self.contact_name.clone(),
            phone: self.contact_phone.clone(),
        };
        let text = |v: &Option<String>| v.clone().unwrap_or_default();
        Ok(match self.delivery.as_str() {
            "ship" => Delivery::Ship {
                method_id: self
                    .method_id
                    .and_then(|id| u32::try_from(id).ok())
                    .ok_or_else(|| corrupt("order shipping method"))?,
                method_name: text(&self.method_name),
                arrives_on: day(self.promised_on.as_deref())?,
                address: AddressFields {
                    name: contact.name,
                    line1: text(&self.address_line1),
                    line2: text(&self.address_line2),
                    city: text(&self.address_city),
                    region: text(&self.address_region),
                    postal_code: text(&self.address_postal_code),
                    country: text(&self.address_country),
                    phone: contact.phone,
                    default: false,
                },
            },
            "pickup" => Delivery::Pickup {
                contact,
                ready_on: day(self.promised_on.as_deref())?,
            },
            "digital" => Delivery::Digital { contact },
            _ => return Err(corrupt("order delivery")),
        })
    }
}

#[async_trait]
impl Orders for SqliteStore {
    async fn keyed_order(&self, idempotency_key: &str) -> Result<Option<KeyedOrder>, StorageError> {
        let found: Option<(String, String)> =
            sqlx::query_as("SELECT number, request_hash FROM orders WHERE idempotency_key = $1")
                .bind(idempotency_key)
                .fetch_optional(&self.pool)
                .await
                .map_err(storage)?;
        let Some((number, request_hash)) = found else {
            return Ok(None);
        };
        let number = OrderNumber::parse(&number).map_err(|_| corrupt("order number"))?;
        let order = self
            .order(&number)
            .await?
            .ok_or_else(|| corrupt("keyed order"))?;
        Ok(Some(KeyedOrder {
            order,
            request_hash,
        }))
    }

    async fn reserve(&self, order: &NewOrder) -> Result<(), ReserveError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        match self.reserve_in(&mut tx, order).await {
            Ok(()) => {
                tx.commit().await.map_err(storage)?;
                Ok(())
            }
            // Dropping the transaction rolls every write of it back.
            Err(Stop::Refused(why)) => Err(why),
            Err(Stop::Failed(e)) => Err(storage(e).into()),
        }
    }

    async fn record_payment(
        &self,
        number: &OrderNumber,
        charge_id: Option<&str>,
        cards: &[NewGiftCard],
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        let paid: Option<i64> = sqlx::query_scalar(
            "UPDATE orders SET status = 'paid', charge_id = $1, updated_at = $2
             WHERE number = $3 AND status = 'placed' RETURNING id",
        )
        .bind(charge_id)
        .bind(utc_text(at))
        .bind(number.as_str())
        .fetch_optional(&mut *tx)
        .await
        .map_err(storage)?;
        if let Some(id) = paid {
            note_status(&mut tx, id, OrderStatus::Paid, at)
                .await
                .map_err(storage)?;
            issue_cards(&mut tx, cards, at).await.map_err(storage)?;
            enqueue_in(&mut tx, jobs, at).await.map_err(storage)?;
        }
        tx.commit().await.map_err(storage)?;
        Ok(paid.is_some())
    }

    async fn release(
        &self,
        number: &OrderNumber,
        why: &str,
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        let released: Option<i64> = sqlx::query_scalar(
            "UPDATE orders SET status = 'declined', decline = $1, updated_at = $2
             WHERE number = $3 AND status = 'placed' RETURNING id",
        )
        .bind(why)
        .bind(utc_text(at))
        .bind(number.as_str())
        .fetch_optional(&mut *tx)
        .await
        .map_err(storage)?;
        if let Some(id) = released {
            give_back(&mut tx, id, number.as_str())
                .await
                .map_err(storage)?;
            note_status(&mut tx, id, OrderStatus::Declined, at)
                .await
                .map_err(storage)?;
        }
        tx.commit().await.map_err(storage)?;
        Ok(released.is_some())
    }

    async fn move_order(
        &self,
        number: &OrderNumber,
        from: OrderStatus,
        to: OrderStatus,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<Option<Order>, StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        let Some(id) = move_status(&mut tx, number, from, to, at)
            .await
            .map_err(storage)?
        else {
            return Ok(None);
        };
        if to == OrderStatus::Cancelled {
            give_back(&mut tx, id, number.as_str())
                .await
                .map_err(storage)?;
        }
        enqueue_in(&mut tx, jobs, at).await.map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        self.order(number).await
    }

    async fn order(&self, number: &OrderNumber) -> Result<Option<Order>, StorageError> {
        let row: Option<OrderRow> = sqlx::query_as(
            "SELECT id, number, customer_id, email, status, delivery, method_id, method_name,
                 promised_on, contact_name, contact_phone, address_line1, address_line2,
                 address_city, address_region, address_postal_code, address_country, zip,
                 country, tax_rate_millionths, subtotal, gift_options, personalization_fees, tax,
                 shipping, discount, total, gift_card_total, amount_due, discount_code,
                 card_token, card_brand, card_last4, charge_id, decline, placed_at
             FROM orders WHERE number = $1",
        )
        .bind(number.as_str())
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        let Some(row) = row else { return Ok(None) };
        let lines: Vec<LineRow> = sqlx::query_as(
            "SELECT line_type, item_id, product_id, item_key, title, heb_title, sku, path, image,
                 item_type, quantity, unit_price, gift_options_chosen, personalization,
                 merchandise, gift_options, personalization_fee, discount, tax, gift_card
             FROM order_lines WHERE order_id = $1 ORDER BY position",
        )
        .bind(row.id)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        let cards: Vec<(String, String, i64)> = sqlx::query_as(
            "SELECT code_hash, last_four, amount FROM order_gift_cards WHERE order_id = $1 ORDER BY position",
        )
        .bind(row.id)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        let history: Vec<(String, String)> =
            sqlx::query_as("SELECT status, at FROM order_history WHERE order_id = $1")
                .bind(row.id)
                .fetch_all(&self.pool)
                .await
                .map_err(storage)?;
        let mut history = history
            .into_iter()
            .map(|(status, at)| {
                Ok(StatusChange {
                    status: OrderStatus::parse(&status).ok_or_else(|| corrupt("order status"))?,
                    at: moment(&at)?,
                })
            })
            .collect::<Result<Vec<_>, StorageError>>()?;
        history.sort_by_key(|c| (c.at, c.status));
        let delivery = row.delivery()?;
        let card = match (row.card_token.clone(), row.card_last4.clone()) {
            (Some(token), Some(last4)) => Some(CardPayment {
                token,
                brand: Brand::parse(row.card_brand.as_deref().unwrap_or_default()),
                last4,
                charge_id: row.charge_id.clone(),
            }),
            _ => None,
        };
        Ok(Some(Order {
            number: OrderNumber::parse(&row.number).map_err(|_| corrupt("order number"))?,
            customer_id: row.customer_id,
            email: Email::parse(&row.email).map_err(|_| corrupt("order e-mail"))?,
            status: OrderStatus::parse(&row.status).ok_or_else(|| corrupt("order status"))?,
            lines: lines
                .into_iter()
                .map(LineRow::line)
                .collect::<Result<_, _>>()?,
            delivery,
            zip: row.zip,
            country: row.country,
            tax_rate: TaxRate::from_millionths(
                u32::try_from(row.tax_rate_millionths).map_err(|_| corrupt("order tax rate"))?,
            ),
            figures: OrderFigures {
                subtotal: cents(row.subtotal),
                gift_options: cents(row.gift_options),
                personalization_fees: cents(row.personalization_fees),
                tax: cents(row.tax),
                shipping: cents(row.shipping),
                discount: cents(row.discount),
                total: cents(row.total),
                gift_card_total: cents(row.gift_card_total),
                amount_due: cents(row.amount_due),
            },
            discount_code: row.discount_code,
            gift_cards: cards
                .into_iter()
                .map(|(hash, last_four, amount)| GiftCardUse {
                    code_hash: TokenHash::from_stored(hash),
                    last_four,
                    amount: cents(amount),
                })
                .collect(),
            card,
            decline: row.decline,
            history,
            placed_at: moment(&row.placed_at)?,
        }))
    }

    async fn customer_orders(
        &self,
        customer_id: i64,
        count: u32,
    ) -> Result<Vec<Order>, StorageError> {
        let numbers: Vec<String> = sqlx::query_scalar(
            "SELECT number FROM orders WHERE customer_id = $1 AND status <> 'declined'
             ORDER BY placed_at DESC, id DESC LIMIT $2",
        )
        .bind(customer_id)
        .bind(limit(count))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        self.orders_where(numbers).await
    }

    async fn unfinished(&self) -> Result<Vec<Order>, StorageError> {
        let numbers: Vec<String> =
            sqlx::query_scalar("SELECT number FROM orders WHERE status = 'placed' ORDER BY id")
                .fetch_all(&self.pool)
                .await
                .map_err(storage)?;
        self.orders_where(numbers).await
    }

    async fn orders(
        &self,
        status: Option<OrderStatus>,
        count: u32,
    ) -> Result<Vec<Order>, StorageError> {
        let numbers: Vec<String> = sqlx::query_scalar(
            "SELECT number FROM orders WHERE ($1 IS NULL OR status = $1)
             ORDER BY placed_at DESC, id DESC LIMIT $2",
        )
        .bind(status.map(OrderStatus::as_str))
        .bind(limit(count))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        self.orders_where(numbers).await
    }
}
