//! Orders, on either engine (compiled into `sqlite` and `postgres`, see `README.md`).
//! Each port method's writes are one shared write (`crate::tx`: its own savepoint in
//! SQLite's writer-thread batch, its own transaction on PostgreSQL) of conditional
//! statements (`... WHERE stock >= $1`, `... WHERE status = 'placed'`). The database
//! backs each rule: a trigger keeps taken stock from going below zero, CHECKs keep gift
//! card balances in range and make the gift cards and the card pay exactly the total,
//! and UNIQUE keys make the key, the number and the charge name one order each.

use super::jobs::enqueue_in;
use super::{Store, corrupt, limit, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use crate::tx::{DbError, Tx, args};
use async_trait::async_trait;
use chrono::NaiveDate;
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

/// Why a reservation stopped, inside its transaction.
enum Stop {
    Refused(ReserveError),
    Failed(StorageError),
}

impl From<DbError> for Stop {
    fn from(e: DbError) -> Self {
        Stop::Failed(e.into())
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
fn taken_key_or_number(e: DbError) -> Stop {
    if e.is_unique("orders", &["idempotency_key"]) {
        Stop::Refused(ReserveError::KeyTaken)
    } else if e.is_unique("orders", &["number"]) {
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

row! {
    struct Id {
        id: i64,
    }
}

row! {
    struct BundlePartRow {
        product_id: i64,
        quantity: i64,
    }
}

row! {
    struct TakenRow {
        item_kind: String,
        item_id: i64,
        units: i64,
    }
}

row! {
    struct CountRow {
        count: i64,
    }
}

/// Takes `units` of a product or variation if that many are left, and notes it.
async fn take_units(
    tx: &mut impl Tx,
    order_id: i64,
    kind: &str,
    id: i64,
    units: i64,
) -> Result<bool, DbError> {
    let sql = if kind == "variation" {
        "UPDATE variations SET stock = stock - $1 WHERE id = $2 AND stock >= $1"
    } else {
        "UPDATE products SET stock = stock - $1 WHERE id = $2 AND stock >= $1"
    };
    if tx.execute(sql, args![units, id]).await? == 0 {
        return Ok(false);
    }
    tx.execute(
        "INSERT INTO order_stock (order_id, item_kind, item_id, units) VALUES ($1, $2, $3, $4)
         ON CONFLICT (order_id, item_kind, item_id) DO UPDATE SET units = order_stock.units + excluded.units",
        args![order_id, kind, id, units],
    )
    .await?;
    Ok(true)
}

/// Takes the stock of `stock` (a bundle's from its products), in the order of the rows
/// it locks: two orders that want the same items wait for each other instead of each
/// holding one row the other needs (PostgreSQL would answer one of them "deadlock").
async fn take_stock(tx: &mut impl Tx, order_id: i64, stock: &[(ItemRef, i64)]) -> Result<(), Stop> {
    let mut takes = Vec::new();
    for &(item, units) in stock {
        let (kind, id) = item_kind(item);
        if let ItemRef::Bundle(bundle) = item {
            let parts: Vec<BundlePartRow> = tx
                .fetch_all(
                    "SELECT product_id, quantity FROM bundle_items WHERE bundle_id = $1
                     ORDER BY product_id",
                    args![bundle],
                )
                .await?;
            for part in parts {
                takes.push((kind, part.product_id, part.quantity * units, item));
            }
        } else {
            takes.push((kind, id, units, item));
        }
    }
    takes.sort_by_key(|&(kind, id, ..)| (kind, id));
    for (kind, id, units, item) in takes {
        if !take_units(tx, order_id, kind, id, units).await? {
            return Err(Stop::Refused(ReserveError::SoldOut(item)));
        }
    }
    Ok(())
}

/// Issues the e-gift cards a payment bought. Their codes are derived from the order
/// (see `orders::e_gift`), so one issued already is the same card: left as it is.
pub(super) async fn issue_cards(
    tx: &mut impl Tx,
    cards: &[NewGiftCard],
    at: Timestamp,
) -> Result<(), DbError> {
    for card in cards {
        tx.execute(
            "INSERT INTO gift_cards (code_hash, last_four, balance, initial_balance, expires_at,
                 created_at)
             VALUES ($1, $2, $3, $3, $4, $5) ON CONFLICT (code_hash) DO NOTHING",
            args![
                card.code_hash.as_str(),
                &card.last_four,
                card.balance.cents(),
                card.expires_at.map(utc_text).as_deref(),
                utc_text(at).as_str()
            ],
        )
        .await?;
    }
    Ok(())
}

/// Gives back what order `order_id` took: its stock, its gift card balances and its
/// discount code's use.
async fn give_back(tx: &mut impl Tx, order_id: i64, number: &str) -> Result<(), DbError> {
    let taken: Vec<TakenRow> = tx
        .fetch_all(
            "SELECT item_kind, item_id, units FROM order_stock WHERE order_id = $1
             ORDER BY item_kind, item_id",
            args![order_id],
        )
        .await?;
    for row in taken {
        let sql = if row.item_kind == "variation" {
            "UPDATE variations SET stock = stock + $1 WHERE id = $2"
        } else {
            "UPDATE products SET stock = stock + $1 WHERE id = $2"
        };
        tx.execute(sql, args![row.units, row.item_id]).await?;
    }
    tx.execute(
        "UPDATE gift_cards SET balance = balance +
             (SELECT amount FROM order_gift_cards g WHERE g.order_id = $1 AND g.code_hash = gift_cards.code_hash)
         WHERE code_hash IN (SELECT code_hash FROM order_gift_cards WHERE order_id = $1)",
        args![order_id],
    )
    .await?;
    tx.execute(
        "UPDATE discounts SET times_used = times_used - 1
         WHERE code IN (SELECT code FROM discount_uses WHERE order_ref = $1)",
        args![number],
    )
    .await?;
    tx.execute(
        "DELETE FROM discount_uses WHERE order_ref = $1",
        args![number],
    )
    .await?;
    Ok(())
}

async fn note_status(
    tx: &mut impl Tx,
    order_id: i64,
    status: OrderStatus,
    at: Timestamp,
) -> Result<(), DbError> {
    tx.execute(
        "INSERT INTO order_history (order_id, status, at) VALUES ($1, $2, $3)
         ON CONFLICT (order_id, status) DO NOTHING",
        args![order_id, status.as_str(), utc_text(at).as_str()],
    )
    .await?;
    Ok(())
}

/// Moves order `number` from `from` to `to` if it is still `from`: its id when it moved.
async fn move_status(
    tx: &mut impl Tx,
    number: &OrderNumber,
    from: OrderStatus,
    to: OrderStatus,
    at: Timestamp,
) -> Result<Option<i64>, DbError> {
    let moved: Option<Id> = tx
        .fetch_optional(
            "UPDATE orders SET status = $1, updated_at = $2 WHERE number = $3 AND status = $4 RETURNING id",
            args![to.as_str(), utc_text(at).as_str(), number.as_str(), from.as_str()],
        )
        .await?;
    if let Some(Id { id }) = moved {
        note_status(tx, id, to, at).await?;
    }
    Ok(moved.map(|m| m.id))
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
async fn leave_placed(
    tx: &mut impl Tx,
    number: &OrderNumber,
    to: Settled<'_>,
    at: Timestamp,
) -> Result<Option<i64>, DbError> {
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
    let left: Option<Id> = tx
        .fetch_optional(update, args![value, utc_text(at).as_str(), number.as_str()])
        .await?;
    if let Some(Id { id }) = left {
        note_status(tx, id, status, at).await?;
    }
    Ok(left.map(|l| l.id))
}

/// Writes order `new` as `Placed` and takes its stock, gift card balances and discount
/// use, each with a conditional update.
async fn reserve_in(tx: &mut impl Tx, new: &NewOrder) -> Result<(), Stop> {
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
    let order_id = tx
        .fetch_optional::<Id>(
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
            args![
                o.number.as_str(),
                &new.idempotency_key,
                &new.request_hash,
                o.customer_id,
                o.email.as_str(),
                o.delivery.kind(),
                method_id,
                method_name,
                promised_on.as_deref(),
                &contact.name,
                &contact.phone,
                address.map(|a| a.line1.as_str()),
                address.map(|a| a.line2.as_str()),
                address.map(|a| a.city.as_str()),
                address.map(|a| a.region.as_str()),
                address.map(|a| a.postal_code.as_str()),
                address.map(|a| a.country.as_str()),
                &o.zip,
                &o.country,
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
                at.as_str(),
                at.as_str(),
                o.language.as_str(),
                heb_method_name,
            ],
        )
        .await
        .map_err(taken_key_or_number)?
        .ok_or_else(|| StorageError::Storage("an order was written and not numbered".into()))?
        .id;
    for (position, line) in o.lines.iter().enumerate() {
        let (personalization, options, labels) = line_json(line)?;
        tx.execute(
            "INSERT INTO order_lines (order_id, position, line_type, item_id, product_id,
                 item_key, title, heb_title, sku, path, image, item_type, quantity, unit_price,
                 gift_options_chosen, personalization, merchandise, gift_options,
                 personalization_fee, discount, tax, gift_card, options, labels, returnable,
                 free_return)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                 $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)",
            args![
                order_id,
                i64::try_from(position).unwrap_or(i64::MAX),
                line.line_type.as_str(),
                line.item_id,
                line.product_id,
                &line.item_key,
                &line.title,
                line.heb_title.as_deref(),
                &line.sku,
                &line.path,
                line.image.as_deref(),
                &line.item_type,
                line.quantity,
                line.unit_price.cents(),
                line.gift_options,
                &personalization,
                line.figures.merchandise.cents(),
                line.figures.gift_options.cents(),
                line.figures.personalization_fee.cents(),
                line.figures.discount.cents(),
                line.figures.tax.cents(),
                line.gift_card,
                &options,
                &labels,
                line.returnable,
                line.free_return,
            ],
        )
        .await?;
    }
    take_stock(tx, order_id, &new.stock).await?;
    // Cards in the order of their rows too (see `take_stock`); each keeps its position.
    let mut cards: Vec<_> = o.gift_cards.iter().enumerate().collect();
    cards.sort_by(|a, b| a.1.code_hash.as_str().cmp(b.1.code_hash.as_str()));
    for (position, card) in cards {
        let spent = tx
            .execute(
                "UPDATE gift_cards SET balance = balance - $1
                 WHERE code_hash = $2 AND balance >= $1 AND (expires_at IS NULL OR expires_at > $3)",
                args![card.amount.cents(), card.code_hash.as_str(), at.as_str()],
            )
            .await?;
        if spent == 0 {
            return Err(Stop::Refused(ReserveError::GiftCardSpent(
                card.last_four.clone(),
            )));
        }
        tx.execute(
            "INSERT INTO order_gift_cards (order_id, position, code_hash, last_four, amount)
             VALUES ($1, $2, $3, $4, $5)",
            args![
                order_id,
                i64::try_from(position).unwrap_or(i64::MAX),
                card.code_hash.as_str(),
                &card.last_four,
                card.amount.cents()
            ],
        )
        .await?;
    }
    if let Some(use_) = &new.discount_use {
        // The counter's row is the lock (on PostgreSQL too): a second order with
        // this code waits here, then sees this one's use.
        let counted = tx
            .execute(
                "UPDATE discounts SET times_used = times_used + 1
                 WHERE code = $1 AND (usage_limit IS NULL OR times_used < usage_limit)",
                args![&use_.code],
            )
            .await?;
        let email = use_.email.as_ref().map(Email::as_str);
        let used_before = match (use_.once_per_shopper, email) {
            (true, Some(email)) => tx
                .fetch_optional::<CountRow>(
                    "SELECT COUNT(*) AS count FROM discount_uses WHERE code = $1 AND email = $2",
                    args![&use_.code, email],
                )
                .await?
                .is_some_and(|c| c.count > 0),
            _ => false,
        };
        if counted == 0 || used_before {
            return Err(Stop::Refused(ReserveError::DiscountUsedUp));
        }
        tx.execute(
            "INSERT INTO discount_uses (code, email, order_ref, used_at) VALUES ($1, $2, $3, $4)",
            args![&use_.code, email, o.number.as_str(), at.as_str()],
        )
        .await?;
    }
    note_status(tx, order_id, OrderStatus::Placed, o.placed_at).await?;
    Ok(())
}

impl Store {
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
impl Orders for Store {
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
        write_tx!(self, |tx| async move { reserve_in(tx, &order).await }).map_err(|stop| match stop
        {
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
        write_tx!(self, |tx| async move {
            let paid = leave_placed(tx, &number, Settled::Paid(charge_id.as_deref()), at).await?;
            if paid.is_some() {
                issue_cards(tx, &cards, at).await?;
                enqueue_in(tx, &jobs, at).await?;
            }
            Ok::<_, DbError>(paid.is_some())
        })
        .map_err(StorageError::from)
    }

    async fn release(
        &self,
        number: &OrderNumber,
        why: &str,
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        let (number, why) = (number.clone(), why.to_owned());
        write_tx!(self, |tx| async move {
            let released = leave_placed(tx, &number, Settled::Declined(&why), at).await?;
            if let Some(id) = released {
                give_back(tx, id, number.as_str()).await?;
            }
            Ok::<_, DbError>(released.is_some())
        })
        .map_err(StorageError::from)
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
        let moved = write_tx!(self, |tx| async move {
            let Some(id) = move_status(tx, &moving, from, to, at).await? else {
                return Ok(false);
            };
            if to == OrderStatus::Cancelled {
                give_back(tx, id, moving.as_str()).await?;
            }
            for card in &void {
                // Only a card still holding its whole value is taken back: the
                // condition, not a read before it, decides (a rival spend waits).
                let taken = tx
                    .execute(
                        "UPDATE gift_cards SET balance = 0 WHERE code_hash = $1 AND balance = $2",
                        args![card.code_hash.as_str(), card.amount.cents()],
                    )
                    .await?;
                if taken == 0 {
                    return Err(Stop::Refused(ReserveError::GiftCardSpent(
                        card.last_four.clone(),
                    )));
                }
            }
            enqueue_in(tx, &jobs, at).await?;
            Ok(true)
        });
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
        // Only orders with no customer: one that has a customer keeps it, on any engine,
        // whoever runs this at the same time.
        write_tx!(self, |tx| async move {
            tx.execute(
                "UPDATE orders SET customer_id = $1 WHERE customer_id IS NULL AND email = $2",
                args![customer_id, &email],
            )
            .await
        })
        .map_err(StorageError::from)
    }

    async fn purge_declined(&self, before: Timestamp) -> Result<u64, StorageError> {
        let before = utc_text(before);
        write_tx!(self, |tx| async move {
            for statement in [
                "DELETE FROM order_lines WHERE order_id IN
                     (SELECT id FROM orders WHERE status = 'declined' AND placed_at < $1)",
                "DELETE FROM order_stock WHERE order_id IN
                     (SELECT id FROM orders WHERE status = 'declined' AND placed_at < $1)",
                "DELETE FROM order_gift_cards WHERE order_id IN
                     (SELECT id FROM orders WHERE status = 'declined' AND placed_at < $1)",
                "DELETE FROM order_history WHERE order_id IN
                     (SELECT id FROM orders WHERE status = 'declined' AND placed_at < $1)",
            ] {
                tx.execute(statement, args![&before]).await?;
            }
            tx.execute(
                "DELETE FROM orders WHERE status = 'declined' AND placed_at < $1",
                args![&before],
            )
            .await
        })
        .map_err(StorageError::from)
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
