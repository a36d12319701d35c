//! Orders: each port method's writes one direct write (`super::direct`: its own
//! savepoint in the writer thread's batch, one transaction on PostgreSQL) of
//! conditional statements (`... WHERE stock >= $1`, `... WHERE status = 'placed'`),
//! the same SQL PostgreSQL runs. The database backs each rule: a trigger (a CHECK on PostgreSQL) keeps taken
//! stock from going below zero, CHECKs keep gift card balances in range and make the
//! gift cards and the card pay exactly the total, and UNIQUE keys make the key, the
//! number and the charge name one order each.

use super::direct::{DirectTx, Failed, direct_storage, is_unique_violation};
use super::{SqliteStore, corrupt, limit, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use async_trait::async_trait;
use chrono::NaiveDate;
use rusqlite::{OptionalExtension, params};
use std::collections::BTreeMap;
use store_domain::accounts::AddressFields;
use store_domain::bag::{ItemRef, LineFigures, LineType, TaxRate};
use store_domain::catalog::NameValue;
use store_domain::checkout::storage::NewGiftCard;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::jobs::NewJob;
use store_domain::language::Language;
use store_domain::money::Money;
use store_domain::orders::model::{
    CardPayment, Contact, Delivery, FieldLabel, GiftCardUse, Order, OrderFigures, OrderLine,
    OrderStatus, StatusChange,
};
use store_domain::orders::number::OrderNumber;
use store_domain::orders::storage::{KeyedOrder, Moved, NewOrder, Orders, ReserveError};
use store_domain::payments::Brand;
use store_domain::ports::StorageError;
use store_domain::shipping::ShippingChoice;
use store_domain::token::TokenHash;

/// A variation choice as an order line's `options` JSON keeps it.
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredOption {
    name: String,
    value: String,
    heb_name: Option<String>,
    heb_value: Option<String>,
}

/// A personalization field's names as an order line's `labels` JSON keeps them.
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredLabel {
    key: String,
    label: String,
    heb_label: Option<String>,
}

fn line_json(line: &OrderLine) -> Result<(String, String, String), StorageError> {
    let options: Vec<StoredOption> = line
        .options
        .iter()
        .map(|o| StoredOption {
            name: o.name.clone(),
            value: o.value.clone(),
            heb_name: o.heb_name.clone(),
            heb_value: o.heb_value.clone(),
        })
        .collect();
    let labels: Vec<StoredLabel> = line
        .labels
        .iter()
        .map(|l| StoredLabel {
            key: l.key.clone(),
            label: l.label.clone(),
            heb_label: l.heb_label.clone(),
        })
        .collect();
    Ok((
        to_json(&line.personalization)?,
        to_json(&options)?,
        to_json(&labels)?,
    ))
}

fn to_json(value: &impl serde::Serialize) -> Result<String, StorageError> {
    serde_json::to_string(value).map_err(|e| StorageError::Storage(e.to_string()))
}

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
pub(super) fn enqueue_in(
    tx: &DirectTx,
    jobs: &[NewJob],
    at: Timestamp,
) -> Result<(), rusqlite::Error> {
    let mut insert = tx.prepare_cached(
        "INSERT INTO jobs (kind, subject, due_at, attempts, created_at) VALUES ($1, $2, $3, 0, $4)
         ON CONFLICT (kind, subject, due_at) DO NOTHING",
    )?;
    for job in jobs {
        insert.execute(params![
            job.kind.as_str(),
            job.subject,
            utc_text(job.due_at),
            utc_text(at)
        ])?;
    }
    Ok(())
}

/// Why a reservation stopped, inside its transaction.
enum Stop {
    Refused(ReserveError),
    Failed(StorageError),
}

impl From<rusqlite::Error> for Stop {
    fn from(e: rusqlite::Error) -> Self {
        Stop::Failed(direct_storage(&e))
    }
}

impl From<StorageError> for Stop {
    fn from(e: StorageError) -> Self {
        Stop::Failed(e)
    }
}

/// The order's UNIQUE keys refuse a second order with its idempotency key or number:
/// that refusal, not a read before the insert, tells a retry or a rival submit apart,
/// so the reservation is one statement shorter and still exact on any engine.
fn taken_key_or_number(e: rusqlite::Error) -> Stop {
    if is_unique_violation(&e, "orders.idempotency_key") {
        Stop::Refused(ReserveError::KeyTaken)
    } else if is_unique_violation(&e, "orders.number") {
        Stop::Refused(ReserveError::NumberTaken)
    } else {
        e.into()
    }
}

fn item_kind(item: ItemRef) -> (&'static str, i64) {
    match item {
        ItemRef::Variation(id) => ("variation", id),
        ItemRef::Product(id) | ItemRef::Bundle(id) => ("product", id),
    }
}

/// Takes `units` of a product or variation if that many are left, and notes it.
fn take_units(
    tx: &DirectTx,
    order_id: i64,
    kind: &str,
    id: i64,
    units: i64,
) -> Result<bool, rusqlite::Error> {
    let sql = if kind == "variation" {
        "UPDATE variations SET stock = stock - $1 WHERE id = $2 AND stock >= $1"
    } else {
        "UPDATE products SET stock = stock - $1 WHERE id = $2 AND stock >= $1"
    };
    if tx.prepare_cached(sql)?.execute(params![units, id])? == 0 {
        return Ok(false);
    }
    tx.prepare_cached(
        "INSERT INTO order_stock (order_id, item_kind, item_id, units) VALUES ($1, $2, $3, $4)
         ON CONFLICT (order_id, item_kind, item_id) DO UPDATE SET units = order_stock.units + excluded.units",
    )?
    .execute(params![order_id, kind, id, units])?;
    Ok(true)
}

fn take_stock(tx: &DirectTx, order_id: i64, item: ItemRef, units: i64) -> Result<(), Stop> {
    let parts: Vec<(i64, i64)> = match item {
        ItemRef::Bundle(id) => tx
            .prepare_cached(
                "SELECT product_id, quantity FROM bundle_items WHERE bundle_id = $1 ORDER BY product_id",
            )?
            .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?,
        _ => vec![(item_kind(item).1, 1)],
    };
    let kind = item_kind(item).0;
    for (id, per_item) in parts {
        if !take_units(tx, order_id, kind, id, per_item * units)? {
            return Err(Stop::Refused(ReserveError::SoldOut(item)));
        }
    }
    Ok(())
}

/// Issues the e-gift cards a payment bought. Their codes are derived from the order
/// (see `orders::e_gift`), so one issued already is the same card: left as it is.
pub(super) fn issue_cards(
    tx: &DirectTx,
    cards: &[NewGiftCard],
    at: Timestamp,
) -> Result<(), rusqlite::Error> {
    let mut insert = tx.prepare_cached(
        "INSERT INTO gift_cards (code_hash, last_four, balance, initial_balance, expires_at,
             created_at)
         VALUES ($1, $2, $3, $3, $4, $5) ON CONFLICT (code_hash) DO NOTHING",
    )?;
    for card in cards {
        insert.execute(params![
            card.code_hash.as_str(),
            card.last_four,
            card.balance.cents(),
            card.expires_at.map(utc_text),
            utc_text(at)
        ])?;
    }
    Ok(())
}

/// Gives back what order `order_id` took: its stock, its gift card balances and its
/// discount code's use.
fn give_back(tx: &DirectTx, order_id: i64, number: &str) -> Result<(), rusqlite::Error> {
    let taken: Vec<(String, i64, i64)> = tx
        .prepare_cached("SELECT item_kind, item_id, units FROM order_stock WHERE order_id = $1")?
        .query_map(params![order_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    for (kind, id, units) in taken {
        let sql = if kind == "variation" {
            "UPDATE variations SET stock = stock + $1 WHERE id = $2"
        } else {
            "UPDATE products SET stock = stock + $1 WHERE id = $2"
        };
        tx.prepare_cached(sql)?.execute(params![units, id])?;
    }
    tx.prepare_cached(
        "UPDATE gift_cards SET balance = balance +
             (SELECT amount FROM order_gift_cards g WHERE g.order_id = $1 AND g.code_hash = gift_cards.code_hash)
         WHERE code_hash IN (SELECT code_hash FROM order_gift_cards WHERE order_id = $1)",
    )?
    .execute(params![order_id])?;
    tx.prepare_cached(
        "UPDATE discounts SET times_used = times_used - 1
         WHERE code IN (SELECT code FROM discount_uses WHERE order_ref = $1)",
    )?
    .execute(params![number])?;
    tx.prepare_cached("DELETE FROM discount_uses WHERE order_ref = $1")?
        .execute(params![number])?;
    Ok(())
}

fn note_status(
    tx: &DirectTx,
    order_id: i64,
    status: OrderStatus,
    at: Timestamp,
) -> Result<(), rusqlite::Error> {
    tx.prepare_cached(
        "INSERT INTO order_history (order_id, status, at) VALUES ($1, $2, $3)
         ON CONFLICT (order_id, status) DO NOTHING",
    )?
    .execute(params![order_id, status.as_str(), utc_text(at)])?;
    Ok(())
}

/// Moves order `number` from `from` to `to` if it is still `from`: its id when it moved.
fn move_status(
    tx: &DirectTx,
    number: &OrderNumber,
    from: OrderStatus,
    to: OrderStatus,
    at: Timestamp,
) -> Result<Option<i64>, rusqlite::Error> {
    let moved: Option<i64> = tx
        .prepare_cached(
            "UPDATE orders SET status = $1, updated_at = $2 WHERE number = $3 AND status = $4 RETURNING id",
        )?
        .query_row(
            params![to.as_str(), utc_text(at), number.as_str(), from.as_str()],
            |r| r.get(0),
        )
        .optional()?;
    if let Some(id) = moved {
        note_status(tx, id, to, at)?;
    }
    Ok(moved)
}

/// Where a placed order goes once its payment is settled.
enum Settled<'a> {
    /// Paid, by the charge named (none when gift cards paid it all).
    Paid(Option<&'a str>),
    /// Declined, for this reason, with nothing charged.
    Declined(&'a str),
}

/// Moves order `number` out of `Placed` as `to` says, noting it in its history: its
/// id, or `None` when it had left `Placed` already.
fn leave_placed(
    tx: &DirectTx,
    number: &OrderNumber,
    to: Settled<'_>,
    at: Timestamp,
) -> Result<Option<i64>, rusqlite::Error> {
    let (status, update, value) = match to {
        Settled::Paid(charge_id) => (
            OrderStatus::Paid,
            "UPDATE orders SET status = 'paid', charge_id = $1, updated_at = $2
             WHERE number = $3 AND status = 'placed' RETURNING id",
            charge_id,
        ),
        Settled::Declined(why) => (
            OrderStatus::Declined,
            "UPDATE orders SET status = 'declined', decline = $1, updated_at = $2
             WHERE number = $3 AND status = 'placed' RETURNING id",
            Some(why),
        ),
    };
    let left: Option<i64> = tx
        .prepare_cached(update)?
        .query_row(params![value, utc_text(at), number.as_str()], |r| r.get(0))
        .optional()?;
    if let Some(id) = left {
        note_status(tx, id, status, at)?;
    }
    Ok(left)
}

/// Writes order `new` as `Placed` and takes its stock, gift card balances and discount
/// use, each with a conditional update.
fn reserve_in(tx: &DirectTx, new: &NewOrder) -> Result<(), Stop> {
    let o = &new.order;
    let (method_id, method_name, heb_method_name, promised_on, contact, address) = match &o.delivery
    {
        Delivery::Ship {
            method_id,
            method_name,
            heb_method_name,
            address,
            arrives_on,
        } => (
            Some(i64::from(*method_id)),
            Some(method_name.as_str()),
            heb_method_name.as_deref(),
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
            None,
            Some(ready_on.format("%Y-%m-%d").to_string()),
            contact.clone(),
            None,
        ),
        Delivery::Digital { contact } => (None, None, None, None, contact.clone(), None),
    };
    let f = &o.figures;
    let at = utc_text(o.placed_at);
    let order_id: i64 = tx
        .prepare_cached(
            "INSERT INTO orders (number, idempotency_key, request_hash, customer_id, email, status,
                 delivery, method_id, method_name, promised_on, contact_name, contact_phone,
                 address_line1, address_line2, address_city, address_region, address_postal_code,
                 address_country, zip, country, tax_rate_millionths, subtotal, gift_options,
                 personalization_fees, tax, shipping, discount, total, gift_card_total, amount_due,
                 discount_code, card_token, card_brand, card_last4, placed_at, updated_at,
                 language, heb_method_name)
             VALUES ($1, $2, $3, $4, $5, 'placed', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
                 $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31,
                 $32, $33, $34, $35, $36, $37)
             RETURNING id",
        )?
        .query_row(
            params![
                o.number.as_str(),
                new.idempotency_key,
                new.request_hash,
                o.customer_id,
                o.email.as_str(),
                o.delivery.kind(),
                method_id,
                method_name,
                promised_on,
                contact.name,
                contact.phone,
                address.map(|a| a.line1.as_str()),
                address.map(|a| a.line2.as_str()),
                address.map(|a| a.city.as_str()),
                address.map(|a| a.region.as_str()),
                address.map(|a| a.postal_code.as_str()),
                address.map(|a| a.country.as_str()),
                o.zip,
                o.country,
                i64::from(o.tax_rate.millionths()),
                f.subtotal.cents(),
                f.gift_options.cents(),
                f.personalization_fees.cents(),
                f.tax.cents(),
                f.shipping.cents(),
                f.discount.cents(),
                f.total.cents(),
                f.gift_card_total.cents(),
                f.amount_due.cents(),
                o.discount_code.as_deref(),
                o.card.as_ref().map(|c| c.token.as_str()),
                o.card.as_ref().map(|c| c.brand.as_str()),
                o.card.as_ref().map(|c| c.last4.as_str()),
                at,
                at,
                o.language.as_str(),
                heb_method_name,
            ],
            |r| r.get(0),
        )
        .map_err(taken_key_or_number)?;
    let mut insert_line = tx.prepare_cached(
        "INSERT INTO order_lines (order_id, position, line_type, item_id, product_id,
             item_key, title, heb_title, sku, path, image, item_type, quantity, unit_price,
             gift_options_chosen, personalization, merchandise, gift_options,
             personalization_fee, discount, tax, gift_card, options, labels, returnable,
             free_return)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
             $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)",
    )?;
    for (position, line) in o.lines.iter().enumerate() {
        let (personalization, options, labels) = line_json(line)?;
        insert_line.execute(params![
            order_id,
            i64::try_from(position).unwrap_or(i64::MAX),
            line.line_type.as_str(),
            line.item_id,
            line.product_id,
            line.item_key,
            line.title,
            line.heb_title.as_deref(),
            line.sku,
            line.path,
            line.image.as_deref(),
            line.item_type,
            line.quantity,
            line.unit_price.cents(),
            line.gift_options,
            personalization,
            line.figures.merchandise.cents(),
            line.figures.gift_options.cents(),
            line.figures.personalization_fee.cents(),
            line.figures.discount.cents(),
            line.figures.tax.cents(),
            line.gift_card,
            options,
            labels,
            line.returnable,
            line.free_return,
        ])?;
    }
    for &(item, units) in &new.stock {
        take_stock(tx, order_id, item, units)?;
    }
    for (position, card) in o.gift_cards.iter().enumerate() {
        let spent = tx
            .prepare_cached(
                "UPDATE gift_cards SET balance = balance - $1
                 WHERE code_hash = $2 AND balance >= $1 AND (expires_at IS NULL OR expires_at > $3)",
            )?
            .execute(params![card.amount.cents(), card.code_hash.as_str(), at])?;
        if spent == 0 {
            return Err(Stop::Refused(ReserveError::GiftCardSpent(
                card.last_four.clone(),
            )));
        }
        tx.prepare_cached(
            "INSERT INTO order_gift_cards (order_id, position, code_hash, last_four, amount)
             VALUES ($1, $2, $3, $4, $5)",
        )?
        .execute(params![
            order_id,
            i64::try_from(position).unwrap_or(i64::MAX),
            card.code_hash.as_str(),
            card.last_four,
            card.amount.cents()
        ])?;
    }
    if let Some(use_) = &new.discount_use {
        // The counter's row is the lock (on PostgreSQL too): a second order with
        // this code waits here, then sees this one's use.
        let counted = tx
            .prepare_cached(
                "UPDATE discounts SET times_used = times_used + 1
                 WHERE code = $1 AND (usage_limit IS NULL OR times_used < usage_limit)",
            )?
            .execute(params![use_.code])?;
        let email = use_.email.as_ref().map(Email::as_str);
        let used_before = match (use_.once_per_shopper, email) {
            (true, Some(email)) => {
                tx.prepare_cached(
                    "SELECT count(*) FROM discount_uses WHERE code = $1 AND email = $2",
                )?
                .query_row(params![use_.code, email], |r| r.get::<_, i64>(0))?
                    > 0
            }
            _ => false,
        };
        if counted == 0 || used_before {
            return Err(Stop::Refused(ReserveError::DiscountUsedUp));
        }
        tx.prepare_cached(
            "INSERT INTO discount_uses (code, email, order_ref, used_at) VALUES ($1, $2, $3, $4)",
        )?
        .execute(params![use_.code, email, o.number.as_str(), at])?;
    }
    note_status(tx, order_id, OrderStatus::Placed, o.placed_at)?;
    Ok(())
}

impl SqliteStore {
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
        heb_method_name: Option<String>,
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
        language: String,
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
        options: String,
        labels: String,
        returnable: bool,
        free_return: bool,
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
            options: serde_json::from_str::<Vec<StoredOption>>(&self.options)
                .map_err(|_| corrupt("order line options"))?
                .into_iter()
                .map(|o| NameValue {
                    name: o.name,
                    value: o.value,
                    heb_name: o.heb_name,
                    heb_value: o.heb_value,
                })
                .collect(),
            personalization: serde_json::from_str::<BTreeMap<String, String>>(
                &self.personalization,
            )
            .map_err(|_| corrupt("order line personalization"))?,
            labels: serde_json::from_str::<Vec<StoredLabel>>(&self.labels)
                .map_err(|_| corrupt("order line labels"))?
                .into_iter()
                .map(|l| FieldLabel {
                    key: l.key,
                    label: l.label,
                    heb_label: l.heb_label,
                })
                .collect(),
            gift_card: self.gift_card,
            returnable: self.returnable,
            free_return: self.free_return,
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
                heb_method_name: self.heb_method_name.clone(),
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
        // An error rolls every write of the transaction back.
        let order = order.clone();
        self.direct
            .write(move |tx| reserve_in(tx, &order))
            .await
            .map_err(|stop| match stop {
                Stop::Refused(why) => why,
                Stop::Failed(e) => e.into(),
            })
    }

    async fn record_payment(
        &self,
        number: &OrderNumber,
        charge_id: Option<&str>,
        cards: &[NewGiftCard],
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        let (number, charge_id) = (number.clone(), charge_id.map(str::to_owned));
        let (cards, jobs) = (cards.to_vec(), jobs.to_vec());
        Ok(self
            .direct
            .write(move |tx| {
                let paid = leave_placed(tx, &number, Settled::Paid(charge_id.as_deref()), at)?;
                if paid.is_some() {
                    issue_cards(tx, &cards, at)?;
                    enqueue_in(tx, &jobs, at)?;
                }
                Ok::<_, Failed>(paid.is_some())
            })
            .await?)
    }

    async fn release(
        &self,
        number: &OrderNumber,
        why: &str,
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        let (number, why) = (number.clone(), why.to_owned());
        Ok(self
            .direct
            .write(move |tx| {
                let released = leave_placed(tx, &number, Settled::Declined(&why), at)?;
                if let Some(id) = released {
                    give_back(tx, id, number.as_str())?;
                }
                Ok::<_, Failed>(released.is_some())
            })
            .await?)
    }

    async fn move_order(
        &self,
        number: &OrderNumber,
        from: OrderStatus,
        to: OrderStatus,
        jobs: &[NewJob],
        void: &[GiftCardUse],
        at: Timestamp,
    ) -> Result<Moved, StorageError> {
        let (moving, jobs, void) = (number.clone(), jobs.to_vec(), void.to_vec());
        let moved = self
            .direct
            .write(move |tx| {
                let Some(id) = move_status(tx, &moving, from, to, at)? else {
                    return Ok(false);
                };
                if to == OrderStatus::Cancelled {
                    give_back(tx, id, moving.as_str())?;
                }
                for card in &void {
                    // Only a card still holding its whole value is taken back: the
                    // condition, not a read before it, decides (a rival spend waits).
                    let taken = tx
                        .prepare_cached(
                            "UPDATE gift_cards SET balance = 0
                             WHERE code_hash = $1 AND balance = $2",
                        )?
                        .execute(params![card.code_hash.as_str(), card.amount.cents()])?;
                    if taken == 0 {
                        return Err(Stop::Refused(ReserveError::GiftCardSpent(
                            card.last_four.clone(),
                        )));
                    }
                }
                enqueue_in(tx, &jobs, at)?;
                Ok(true)
            })
            .await;
        match moved {
            Ok(true) => Ok(self
                .order(number)
                .await?
                .map_or(Moved::Changed, |o| Moved::Moved(Box::new(o)))),
            Ok(false) => Ok(Moved::Changed),
            Err(Stop::Refused(ReserveError::GiftCardSpent(last_four))) => {
                Ok(Moved::CardSpent(last_four))
            }
            Err(Stop::Refused(other)) => Err(StorageError::Storage(format!("{other:?}"))),
            Err(Stop::Failed(e)) => Err(e),
        }
    }

    async fn last_shipping_choice(
        &self,
        customer_id: i64,
    ) -> Result<Option<ShippingChoice>, StorageError> {
        let newest: Option<(String, Option<i64>)> = sqlx::query_as(
            "SELECT delivery, method_id FROM orders WHERE customer_id = $1 AND status <> 'declined'
             ORDER BY placed_at DESC, id DESC LIMIT 1",
        )
        .bind(customer_id)
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        Ok(match newest {
            Some((kind, Some(id))) if kind == "ship" => Some(ShippingChoice::Method(
                u32::try_from(id).map_err(|_| corrupt("order shipping method"))?,
            )),
            Some((kind, _)) if kind == "pickup" => Some(ShippingChoice::Pickup),
            _ => None,
        })
    }

    async fn adopt_guest_orders(
        &self,
        email: &Email,
        customer_id: i64,
    ) -> Result<u64, StorageError> {
        let email = email.as_str().to_owned();
        Ok(self
            .direct
            .write(move |tx| {
                // Only orders with no customer: one that has a customer keeps it, on
                // any engine, whoever runs this at the same time.
                let adopted = tx
                    .prepare_cached(
                        "UPDATE orders SET customer_id = $1 WHERE customer_id IS NULL AND email = $2",
                    )?
                    .execute(params![customer_id, email])?;
                Ok::<_, Failed>(u64::try_from(adopted).unwrap_or(u64::MAX))
            })
            .await?)
    }

    async fn purge_declined(&self, before: Timestamp) -> Result<u64, StorageError> {
        let before = utc_text(before);
        Ok(self
            .direct
            .write(move |tx| {
                let old = "SELECT id FROM orders WHERE status = 'declined' AND placed_at < $1";
                for table in [
                    "order_lines",
                    "order_stock",
                    "order_gift_cards",
                    "order_history",
                ] {
                    tx.prepare_cached(&format!("DELETE FROM {table} WHERE order_id IN ({old})"))?
                        .execute(params![before])?;
                }
                let removed = tx
                    .prepare_cached(
                        "DELETE FROM orders WHERE status = 'declined' AND placed_at < $1",
                    )?
                    .execute(params![before])?;
                Ok::<_, Failed>(u64::try_from(removed).unwrap_or(u64::MAX))
            })
            .await?)
    }

    async fn order(&self, number: &OrderNumber) -> Result<Option<Order>, StorageError> {
        let row: Option<OrderRow> = sqlx::query_as(
            "SELECT id, number, customer_id, email, status, delivery, method_id, method_name,
                 heb_method_name, promised_on, contact_name, contact_phone, address_line1, address_line2,
                 address_city, address_region, address_postal_code, address_country, zip,
                 country, tax_rate_millionths, subtotal, gift_options, personalization_fees, tax,
                 shipping, discount, total, gift_card_total, amount_due, discount_code,
                 card_token, card_brand, card_last4, charge_id, decline, placed_at, language
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
                 merchandise, gift_options, personalization_fee, discount, tax, gift_card,
                 options, labels, returnable, free_return
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
            language: Language::parse(&row.language).ok_or_else(|| corrupt("order language"))?,
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

    async fn orders_since(&self, since: Timestamp) -> Result<Vec<Order>, StorageError> {
        let numbers: Vec<String> = sqlx::query_scalar(
            "SELECT number FROM orders WHERE placed_at >= $1 ORDER BY placed_at, id",
        )
        .bind(utc_text(since))
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
