//! Placing an order: the one way every caller (checkout's order button, the
//! subscription scheduler) places one. The quote again, a reservation, the card, the
//! record. Each step is safe to run twice, so a double click, a retry after a lost
//! answer, the start-up sweep and a second instance all reach the same order, charged
//! once.
//!
//! 1. The submit's idempotency key is looked up: an order placed with it is answered
//!    as it stands (finishing it first if its payment stopped half-way).
//! 2. The saved address and card it names are read from the account, and the bag is
//!    priced again (`checkout_quote`); a total, amount due or quantity that differs
//!    from what Review showed is refused, and nothing is written.
//! 3. One transaction (`Orders::reserve`) claims the key, writes the order `Placed` and
//!    takes its stock and gift card balances with conditional updates.
//! 4. With no transaction open, the gateway authorises the card (its idempotency key is
//!    the order number) and captures it; a decline releases everything (`release`).
//! 5. One transaction records the payment (`Paid`) and queues the confirmation mail.
//! 6. An order placed from a customer's stored bag takes its lines out of it.

use super::e_gift::{self, EGift};
use super::links::OrderLinks;
use super::model::OrderLine;
use super::model::{CardPayment, Contact, Delivery, FieldLabel, GiftCardUse, Order, OrderFigures};
use super::model::{OrderStatus, StatusChange};
use super::number::OrderNumber;
use super::storage::{DiscountUse, NewOrder, Orders, ReserveError};
use crate::accounts::{AddressFields, BagEdit, edit_bag};
use crate::bag::{ItemRef, LineKey, ListName, PricedLine, Terms};
use crate::catalog::ProductType;
use crate::checkout::quote::{CheckoutContext, CheckoutError, CheckoutQuote, CheckoutRequest};
use crate::checkout::quote::{locate, pickup_location, price_at};
use crate::clock::Timestamp;
use crate::input::{Email, InputError, refuse};
use crate::jobs::{JobKind, NewJob};
use crate::language::Language;
use crate::location::{Location, LocationQuery};
use crate::money::Money;
use crate::payments::{CardToken, ChargeState, Decline, Holder, PaymentError};
use crate::ports::{Addresses, CustomerBags, PaymentGateway, SavedCards, StorageError};
use crate::shipping::{self, ShippingChoice};
use crate::token::TokenHash;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

/// A client's key for one submit of the order button: 16 to 100 letters, digits,
/// dashes and underscores (a UUID fits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    pub fn parse(raw: &str) -> Result<IdempotencyKey, InputError> {
        let fits = (16..=100).contains(&raw.len())
            && raw
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if fits {
            Ok(IdempotencyKey(raw.to_owned()))
        } else {
            Err(refuse(
                "idempotency_key",
                "must be 16 to 100 letters, digits, dashes or underscores (a new UUID per order)",
            ))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How the order reaches the shopper, as the caller names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeliveryRequest {
    /// To an address given with the order, checked for form.
    Ship(AddressFields),
    /// To an address kept in the customer's account, by its id.
    ShipToSaved(i64),
    Pickup(Contact),
    /// E-mailed: taxed at the card's billing postal code, as the shopper gives it.
    Digital {
        contact: Contact,
        billing: LocationQuery,
    },
}

/// The delivery with a saved address read from the account.
enum Destination {
    Ship(AddressFields),
    Pickup(Contact),
    Digital {
        contact: Contact,
        billing: LocationQuery,
    },
}

/// The card the shopper chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardChoice {
    /// A new card's token from the gateway. It is looked up when the order is priced,
    /// after the key's replay: a retried submit of a placed order is answered even once
    /// the token has lapsed.
    Token { token: String, holder: Holder },
    /// A card saved to the customer's account, by its id.
    Saved(i64),
}

/// What the order button sends, checked for form.
#[derive(Debug, Clone)]
pub struct PlaceRequest {
    pub key: IdempotencyKey,
    /// The bag and everything checkout knows, as the quote takes it.
    pub checkout: CheckoutRequest,
    pub customer_id: Option<i64>,
    /// Where the confirmation goes.
    pub email: Email,
    /// The shopper's language: the order's mails are written in it.
    pub language: Language,
    pub delivery: DeliveryRequest,
    /// The card that pays what the gift cards leave.
    pub card: Option<CardChoice>,
    /// The total and the amount due Review showed: a re-priced order that differs is
    /// refused rather than charged.
    pub expected_total: Money,
    pub expected_amount_due: Money,
    /// The lines come from the customer's stored bag: once placed, they leave it.
    pub from_bag: bool,
}

/// A placed order.
#[derive(Debug)]
pub struct Placed {
    pub order: Order,
    /// Why its lines are still in the stored bag, when taking them out failed: the
    /// order stands, and the shopper can remove them by hand.
    pub bag_left: Option<String>,
    /// An earlier submit with the same key placed it: this answers that order again
    /// (so the store's figures count each order once).
    pub replayed: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    #[error(transparent)]
    Checkout(#[from] CheckoutError),
    /// The request does not fit (a 400 naming the field).
    #[error("{0}")]
    Refused(String),
    /// Something changed since Review (a price, stock, a gift card's balance, a
    /// discount's uses): nothing was placed (a 409).
    #[error("{0}")]
    Changed(String),
    /// The idempotency key was used for another request (a 409).
    #[error("this order key was used for another order; please place the order again")]
    KeyReused,
    /// The card was declined; nothing was placed (a 402).
    #[error("{}", .0.message())]
    Declined(Decline),
    /// The payment service failed (the text is for the log); the order waits, and
    /// the same submit (or the sweep) finishes it (a 503).
    #[error("the payment service is not answering; please try again")]
    PaymentUnavailable(String),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

impl From<InputError> for PlaceError {
    fn from(e: InputError) -> Self {
        PlaceError::Refused(e.to_string())
    }
}

/// What placing reads and writes beyond the request.
pub struct PlaceContext<'a> {
    pub checkout: CheckoutContext<'a>,
    pub orders: &'a dyn Orders,
    pub gateway: &'a dyn PaymentGateway,
    /// The customer's saved addresses and cards, and their stored bag.
    pub addresses: &'a dyn Addresses,
    pub cards: &'a dyn SavedCards,
    pub bags: &'a dyn CustomerBags,
    /// The store's secret: signs order links and makes e-gift card codes.
    pub links: &'a OrderLinks,
    /// A fresh random order number.
    pub new_number: &'a (dyn Fn() -> OrderNumber + Send + Sync),
}

impl PlaceContext<'_> {
    fn payments(&self) -> Payments<'_> {
        Payments {
            orders: self.orders,
            gateway: self.gateway,
            links: self.links,
            now: self.checkout.now,
        }
    }
}

/// What finishing a placed order needs.
pub struct Payments<'a> {
    pub orders: &'a dyn Orders,
    pub gateway: &'a dyn PaymentGateway,
    pub links: &'a OrderLinks,
    pub now: Timestamp,
}

/// Everything the submit asked for, as one hash: the same key with a different hash
/// is another request.
pub fn fingerprint(request: &PlaceRequest) -> String {
    let mut text = String::new();
    let c = &request.checkout;
    for line in &c.lists.products {
        let _ = write!(
            text,
            "line:{}:{}:{}:{}:{};",
            line.key.line_type.as_str(),
            line.key.id,
            line.key.item_key,
            line.quantity,
            line.gift_options
        );
        for (key, value) in &line.personalization {
            let _ = write!(text, "p:{key}={value};");
        }
    }
    if let Some(location) = &c.location {
        let _ = write!(text, "at:{}:{};", location.country, location.zip);
    }
    let _ = write!(text, "via:{:?};", c.shipping);
    for card in &c.gift_cards {
        let _ = write!(text, "gc:{};", card.hash().as_str());
    }
    if let Some(code) = &c.discount {
        let _ = write!(text, "dc:{};", code.as_str());
    }
    if let Some(email) = &c.discount_email {
        let _ = write!(text, "de:{};", email.as_str());
    }
    if let Some(change) = &c.change {
        let _ = write!(text, "chg:{change:?};");
    }
    for (item, price) in &c.agreed_prices {
        let _ = write!(text, "ap:{item:?}:{};", price.cents());
    }
    let _ = write!(
        text,
        "who:{:?}:{};to:{:?};card:{:?};expect:{}:{};bag:{}",
        request.customer_id,
        request.email.as_str(),
        request.delivery,
        request.card.as_ref().map(|card| match card {
            CardChoice::Token { token, .. } => token.clone(),
            CardChoice::Saved(id) => format!("saved {id}"),
        }),
        request.expected_total.cents(),
        request.expected_amount_due.cents(),
        request.from_bag,
    );
    TokenHash::of(&text).as_str().to_owned()
}

/// Places the order, or answers the one this key placed; either way, an order from
/// the customer's stored bag then leaves it.
pub async fn place_order(
    ctx: &PlaceContext<'_>,
    request: PlaceRequest,
) -> Result<Placed, PlaceError> {
    let (order, replayed) = place(ctx, &request).await?;
    let bag_left = match (request.from_bag, request.customer_id) {
        (true, Some(customer)) => take_out_of_bag(ctx, customer, &order).await.err(),
        _ => None,
    };
    Ok(Placed {
        order,
        bag_left,
        replayed,
    })
}

/// Takes what a customer bought out of their stored bag, so every device sees it gone.
async fn take_out_of_bag(
    ctx: &PlaceContext<'_>,
    customer: i64,
    order: &Order,
) -> Result<(), String> {
    let keys = order
        .lines
        .iter()
        .map(|l| LineKey {
            id: l.item_id,
            line_type: l.line_type,
            item_key: l.item_key.clone(),
        })
        .collect();
    let edit = BagEdit::Remove {
        list: ListName::Products,
        keys,
    };
    let terms = Terms::of_store(ctx.checkout.shipping);
    edit_bag(ctx.bags, ctx.checkout.catalog, customer, edit, &terms)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The order, and whether an earlier submit with the key placed it.
async fn place(
    ctx: &PlaceContext<'_>,
    request: &PlaceRequest,
) -> Result<(Order, bool), PlaceError> {
    let hash = fingerprint(request);
    if let Some(order) = replay(ctx, &request.key, &hash).await? {
        return Ok((order, true));
    }
    let mut new = prepare(ctx, request, hash.clone()).await?;
    loop {
        match ctx.orders.reserve(&new).await {
            Ok(()) => break,
            Err(ReserveError::KeyTaken) => {
                // A second submit with this key reserved first: answer its order.
                let order = replay(ctx, &request.key, &hash).await?.ok_or_else(|| {
                    PlaceError::from(StorageError::Storage("a taken key has no order".into()))
                })?;
                return Ok((order, true));
            }
            Err(ReserveError::NumberTaken) => new.order.number = (ctx.new_number)(),
            Err(ReserveError::SoldOut(item)) => {
                let title = new
                    .order
                    .lines
                    .iter()
                    .find(|l| ItemRef::of(l.line_type, l.item_id) == item)
                    .map_or("An item", |l| l.title.as_str());
                return Err(PlaceError::Changed(format!(
                    "{title} sold out while you were checking out; please review your bag"
                )));
            }
            Err(ReserveError::GiftCardSpent(last_four)) => {
                return Err(PlaceError::Changed(format!(
                    "the gift card ending {last_four} no longer holds what Review showed; please review your order"
                )));
            }
            Err(ReserveError::DiscountUsedUp) => {
                return Err(PlaceError::Changed(
                    "this discount code can no longer be used; please review your order".into(),
                ));
            }
            Err(ReserveError::Storage(e)) => return Err(e.into()),
        }
    }
    Ok((finish(&ctx.payments(), new.order).await?, false))
}

/// The order placed with `key`, finished; `None` when the key is new.
async fn replay(
    ctx: &PlaceContext<'_>,
    key: &IdempotencyKey,
    hash: &str,
) -> Result<Option<Order>, PlaceError> {
    let Some(keyed) = ctx.orders.keyed_order(key.as_str()).await? else {
        return Ok(None);
    };
    if keyed.request_hash != hash {
        return Err(PlaceError::KeyReused);
    }
    finish(&ctx.payments(), keyed.order).await.map(Some)
}

fn changed(why: impl Into<String>) -> PlaceError {
    PlaceError::Changed(why.into())
}

/// What the order would cost if it were placed now, as `place_order` will price it:
/// a caller with no Review to show (the subscription scheduler) places with these
/// figures, and sees the lines that can no longer be had.
pub async fn price_order(
    ctx: &PlaceContext<'_>,
    request: &PlaceRequest,
) -> Result<CheckoutQuote, PlaceError> {
    let destination = destination(ctx, request).await?;
    let location = order_location(ctx, &destination).await?;
    Ok(price_at(&ctx.checkout, request.checkout.clone(), Some(location)).await?)
}

/// Units asked for per line identity.
fn quantities<'a>(
    lines: impl Iterator<Item = (&'a crate::bag::LineKey, i64)>,
) -> BTreeMap<String, i64> {
    let mut counted = BTreeMap::new();
    for (key, quantity) in lines {
        let name = format!("{}:{}:{}", key.line_type.as_str(), key.id, key.item_key);
        *counted.entry(name).or_insert(0) += quantity;
    }
    counted
}

/// Prices the request again and builds what the reservation writes.
async fn prepare(
    ctx: &PlaceContext<'_>,
    request: &PlaceRequest,
    request_hash: String,
) -> Result<NewOrder, PlaceError> {
    if request.checkout.lists.products.is_empty() {
        return Err(PlaceError::Refused("products: the bag is empty".into()));
    }
    let destination = destination(ctx, request).await?;
    let location = order_location(ctx, &destination).await?;
    let priced = price_at(
        &ctx.checkout,
        request.checkout.clone(),
        Some(location.clone()),
    );
    let quoted = match priced.await {
        Ok(quoted) => quoted,
        // A card or code Review accepted that no longer pays: it changed meanwhile.
        Err(CheckoutError::Refused(why))
            if why.starts_with("gift_cards[") || why.starts_with("discount_code") =>
        {
            return Err(PlaceError::Changed(format!(
                "{why}; please review your order"
            )));
        }
        Err(e) => return Err(e.into()),
    };
    if let Some(gone) = quoted
        .quote
        .withdrawn
        .iter()
        .find(|w| w.list == ListName::Products)
    {
        return Err(changed(format!(
            "item {}: {}; please review your bag",
            gone.line.key.id, gone.reason
        )));
    }
    let asked = quantities(
        request
            .checkout
            .lists
            .products
            .iter()
            .map(|l| (&l.key, l.quantity)),
    );
    let priced = quantities(
        quoted
            .quote
            .products
            .iter()
            .map(|l| (&l.line.key, l.line.quantity)),
    );
    if asked != priced {
        return Err(changed(
            "some items in your bag sold out or are no longer available in that quantity; please review your bag",
        ));
    }
    let totals = &quoted.quote.totals;
    if totals.total != request.expected_total {
        return Err(changed(format!(
            "your order's total is now {} (it was {} at Review); please review your order",
            totals.total, request.expected_total
        )));
    }
    if quoted.amount_due != request.expected_amount_due {
        return Err(changed(format!(
            "the amount left to pay by card is now {} (it was {} at Review): a gift card's balance changed; please review your order",
            quoted.amount_due, request.expected_amount_due
        )));
    }
    let now = ctx.checkout.now;
    let delivery = delivery(
        ctx,
        request,
        &destination,
        &quoted.quote.products,
        &location.country,
    )?;
    let mut stock: BTreeMap<ItemRef, i64> = BTreeMap::new();
    for line in &quoted.quote.products {
        *stock
            .entry(ItemRef::of(line.line.key.line_type, line.line.key.id))
            .or_insert(0) += line.line.quantity;
    }
    let discount_use = match (&quoted.discount, &request.checkout.discount) {
        (Some(applied), Some(_)) => Some(DiscountUse {
            code: applied.code.as_str().to_owned(),
            email: request.checkout.discount_email.clone(),
            once_per_shopper: ctx
                .checkout
                .discounts
                .discount(&applied.code)
                .await?
                .is_some_and(|d| d.once_per_shopper),
        }),
        _ => None,
    };
    let lines: Vec<OrderLine> = quoted.quote.products.iter().map(order_line).collect();
    for (index, line) in lines.iter().enumerate().filter(|(_, l)| l.gift_card) {
        EGift::from_fields(&line.personalization)
            .and_then(|gift| gift.check_date(now))
            .map_err(|why| PlaceError::Refused(format!("products[{index}]: {why}")))?;
    }
    // Last: the gateway is asked only about an order otherwise fit to place.
    let card = match (quoted.amount_due.cents(), &request.card) {
        (0, _) => None,
        (_, Some(choice)) => {
            let card = chosen_card(ctx, request.customer_id, choice).await?;
            Some(CardPayment {
                token: card.token,
                brand: card.brand,
                last4: card.last4,
                charge_id: None,
            })
        }
        (_, None) => {
            return Err(PlaceError::Refused(
                "payment: choose a card, or gift cards that cover the total".into(),
            ));
        }
    };
    let order = Order {
        number: (ctx.new_number)(),
        customer_id: request.customer_id,
        email: request.email.clone(),
        language: request.language,
        status: OrderStatus::Placed,
        lines,
        delivery,
        zip: location.zip,
        country: location.country,
        tax_rate: location.tax_rate,
        figures: OrderFigures {
            subtotal: totals.subtotal,
            gift_options: totals.gift_options,
            personalization_fees: totals.personalization_fees,
            tax: totals.tax,
            shipping: totals.shipping,
            discount: totals.discount,
            total: totals.total,
            gift_card_total: quoted.gift_card_total,
            amount_due: quoted.amount_due,
        },
        discount_code: quoted.discount.as_ref().map(|d| d.code.as_str().to_owned()),
        gift_cards: quoted
            .gift_cards
            .iter()
            .filter(|g| g.applied.amount_applied > Money::ZERO)
            .map(|g| GiftCardUse {
                code_hash: g.code.hash(),
                last_four: g.code.last_four().to_owned(),
                amount: g.applied.amount_applied,
            })
            .collect(),
        card,
        decline: None,
        history: vec![StatusChange {
            status: OrderStatus::Placed,
            at: now,
        }],
        placed_at: now,
    };
    Ok(NewOrder {
        order,
        idempotency_key: request.key.as_str().to_owned(),
        request_hash,
        stock: stock.into_iter().collect(),
        discount_use,
    })
}

/// The delivery the request names, with a saved address read from the account.
async fn destination(
    ctx: &PlaceContext<'_>,
    request: &PlaceRequest,
) -> Result<Destination, PlaceError> {
    Ok(match &request.delivery {
        DeliveryRequest::Ship(address) => Destination::Ship(address.clone()),
        DeliveryRequest::ShipToSaved(id) => {
            let refused = || {
                PlaceError::Refused(format!(
                    "shipping_info.address_id: there is no address {id} in your account"
                ))
            };
            let customer = request.customer_id.ok_or_else(refused)?;
            let saved = ctx.addresses.addresses(customer).await?;
            let address = saved
                .into_iter()
                .find(|a| a.id == *id)
                .ok_or_else(refused)?;
            Destination::Ship(address.fields)
        }
        DeliveryRequest::Pickup(contact) => Destination::Pickup(contact.clone()),
        DeliveryRequest::Digital { contact, billing } => Destination::Digital {
            contact: contact.clone(),
            billing: billing.clone(),
        },
    })
}

/// Where an order is taxed and, when it ships, which zone prices its shipping: the
/// shipping address, the store for pickup, the billing postal code for an e-mailed
/// bag. Never a ZIP the client sends beside them: a quote's ZIP is only an estimate,
/// and one left out or changed must not move the tax or the zone (security review H1).
async fn order_location(
    ctx: &PlaceContext<'_>,
    delivery: &Destination,
) -> Result<Location, PlaceError> {
    let zips = ctx.checkout.zips;
    let located = match delivery {
        Destination::Ship(address) => {
            let query = LocationQuery {
                country: address.country.clone(),
                zip: address.postal_code.trim().to_uppercase(),
            };
            locate(zips, &query, "shipping_info.address.postal_code").await
        }
        Destination::Pickup(_) => {
            let store = pickup_location(ctx.checkout.shipping)?;
            locate(zips, store, "shipping").await
        }
        Destination::Digital { billing, .. } => {
            locate(zips, billing, "digital_info.postal_code").await
        }
    };
    Ok(located?)
}

/// The card a choice names: a saved one as the customer's account keeps it, a new one
/// as the gateway shows its token while it has not lapsed
/// (`payments::CARD_TOKEN_LIFETIME`).
async fn chosen_card(
    ctx: &PlaceContext<'_>,
    customer: Option<i64>,
    choice: &CardChoice,
) -> Result<CardToken, PlaceError> {
    match choice {
        CardChoice::Saved(id) => {
            let refused = || {
                PlaceError::Refused(format!(
                    "payment.payment_id: there is no card {id} in your account"
                ))
            };
            let customer = customer.ok_or_else(refused)?;
            let cards = ctx.cards.cards(customer).await?;
            let saved = cards.into_iter().find(|c| c.id == *id).ok_or_else(refused)?;
            Ok(saved.card)
        }
        CardChoice::Token { token, holder } => ctx
            .gateway
            .card(token, holder, ctx.checkout.now)
            .await
            .map_err(|e| PlaceError::PaymentUnavailable(e.to_string()))?
            .ok_or_else(|| {
                PlaceError::Refused(
                    "payment.token: there is no card with this token in this browser, or it was entered over an hour ago; please enter the card again".into(),
                )
            }),
    }
}

fn order_line(priced: &PricedLine) -> OrderLine {
    let (line, offer) = (&priced.line, &priced.offer);
    OrderLine {
        line_type: line.key.line_type,
        item_id: line.key.id,
        product_id: offer.product_id,
        item_key: line.key.item_key.clone(),
        title: offer.title.clone(),
        heb_title: offer.heb_title.clone(),
        sku: offer.sku.clone(),
        path: offer.path.clone(),
        image: offer.image.clone(),
        item_type: offer.item_type.clone(),
        quantity: line.quantity,
        unit_price: offer.price,
        gift_options: line.gift_options,
        options: offer.options.clone(),
        personalization: line.personalization.clone(),
        labels: offer
            .personalization
            .iter()
            .map(|field| FieldLabel {
                key: field.key.clone(),
                label: field.label.clone(),
                heb_label: field.heb_label.clone(),
            })
            .collect(),
        gift_card: offer.product_type == ProductType::GiftCard,
        returnable: offer.returnable,
        free_return: !offer.exclude_free_shipping,
        figures: priced.figures,
    }
}

/// The delivery the request names, checked against the bag and the shipping choice,
/// with the date promised now.
fn delivery(
    ctx: &PlaceContext<'_>,
    request: &PlaceRequest,
    destination: &Destination,
    lines: &[PricedLine],
    country: &str,
) -> Result<Delivery, PlaceError> {
    let refused = |why: &str| PlaceError::Refused(why.to_owned());
    let digital = crate::bag::digital_only(lines);
    let options = || {
        shipping::options(ctx.checkout.shipping, country, ctx.checkout.now)
            .map_err(|e| PlaceError::Refused(format!("shipping: {e}")))
    };
    match (destination, request.checkout.shipping) {
        (Destination::Digital { contact, .. }, None) if digital => Ok(Delivery::Digital {
            contact: contact.clone(),
        }),
        (Destination::Digital { .. }, _) => Err(refused(
            "shipping: only a bag of digital items, gift cards and services is delivered by e-mail",
        )),
        (_, _) if digital => Err(refused(
            "shipping: a digital bag is delivered by e-mail; send digital_info",
        )),
        (Destination::Pickup(contact), Some(ShippingChoice::Pickup)) => {
            let pickup = options()?
                .pickup
                .ok_or_else(|| refused("shipping: this store has no pickup point"))?;
            Ok(Delivery::Pickup {
                contact: contact.clone(),
                ready_on: pickup.date,
            })
        }
        (Destination::Ship(address), Some(ShippingChoice::Method(id))) => {
            let method = options()?
                .methods
                .into_iter()
                .find(|m| m.id == id)
                .ok_or_else(|| refused("shipping.id: this method does not ship there"))?;
            Ok(Delivery::Ship {
                method_id: id,
                method_name: method.name,
                heb_method_name: Some(method.heb_name).filter(|n| !n.trim().is_empty()),
                address: address.clone(),
                arrives_on: method.estimated_arrival,
            })
        }
        _ => Err(refused(
            "shipping: send a shipping method with an address, or pickup with pickup_info",
        )),
    }
}

/// Why the sweep released an order it gave up on: not the card's doing.
const ABANDONED: &str = "abandoned";

/// Why a `Declined` order was not placed, for a submit that finds it.
fn declined(order: &Order) -> PlaceError {
    if order.decline.as_deref() == Some(ABANDONED) {
        return PlaceError::Changed(
            "this order was not finished in time and nothing was charged; please place it again"
                .into(),
        );
    }
    PlaceError::Declined(
        order
            .decline
            .as_deref()
            .and_then(Decline::parse)
            .unwrap_or(Decline::Declined),
    )
}

/// Takes a `Placed` order through payment: the card authorised and captured (both
/// idempotent by the order number), then `Paid`; or, on a decline, everything given
/// back. An order past `Placed` is answered as it stands (a declined one as its
/// decline). The gateway is called with no transaction open.
pub async fn finish(p: &Payments<'_>, order: Order) -> Result<Order, PlaceError> {
    match order.status {
        OrderStatus::Placed => {}
        OrderStatus::Declined => return Err(declined(&order)),
        _ => return Ok(order),
    }
    let number = order.number.clone();
    let due = order.figures.amount_due.cents();
    let charge_id = match (&order.card, due) {
        (_, 0) => None,
        (None, _) => {
            let broken = format!("order {number} owes {due} cents with no card");
            return Err(StorageError::Storage(broken).into());
        }
        (Some(card), _) => match charge(p, &card.token, due, &number).await? {
            Ok(charge_id) => Some(charge_id),
            Err(why) => {
                if p.orders.release(&number, why.as_str(), p.now).await? {
                    return Err(PlaceError::Declined(why));
                }
                // Moved by another run of this order in between: it stands.
                let order = current(p, &number).await?;
                return match order.status {
                    OrderStatus::Placed | OrderStatus::Declined => Err(PlaceError::Declined(why)),
                    _ => Ok(order),
                };
            }
        },
    };
    let (cards, mut jobs) = e_gift::issue(&order, p.links, p.now);
    jobs.push(NewJob {
        kind: JobKind::OrderConfirmation,
        subject: number.as_str().to_owned(),
        due_at: p.now,
    });
    let moved = p
        .orders
        .record_payment(&number, charge_id.as_deref(), &cards, &jobs, p.now)
        .await?;
    if moved {
        return Ok(order.paid(charge_id.as_deref(), p.now));
    }
    let order = current(p, &number).await?;
    match order.status {
        OrderStatus::Declined => Err(declined(&order)),
        _ => Ok(order),
    }
}

/// Order `number` as storage holds it now (after another run moved it).
async fn current(p: &Payments<'_>, number: &OrderNumber) -> Result<Order, StorageError> {
    p.orders
        .order(number)
        .await?
        .ok_or_else(|| StorageError::Storage(format!("order {number} is gone")))
}

/// Authorises and captures `amount` on the card for order `number`: the captured
/// charge's id, or why the card was refused. A gateway failure is an error: the order
/// stays `Placed` for a retry or the sweep.
async fn charge(
    p: &Payments<'_>,
    token: &str,
    amount: i64,
    number: &OrderNumber,
) -> Result<Result<String, Decline>, PlaceError> {
    let unavailable = |e: PaymentError| PlaceError::PaymentUnavailable(e.to_string());
    match p
        .gateway
        .authorize(token, amount, number.as_str(), p.now)
        .await
    {
        Ok(charge) if charge.state == ChargeState::Voided => Ok(Err(Decline::Declined)),
        Ok(charge) => {
            p.gateway.capture(&charge.id).await.map_err(unavailable)?;
            Ok(Ok(charge.id))
        }
        Err(PaymentError::Declined(why)) => Ok(Err(why)),
        // A token the gateway forgot cannot pay: as a decline, the shopper picks another card.
        Err(PaymentError::UnknownToken) => Ok(Err(Decline::Declined)),
        Err(e) => Err(unavailable(e)),
    }
}

/// What the sweep did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SweepReport {
    /// Finished and paid.
    pub paid: u32,
    /// Declined, or abandoned, with everything given back.
    pub released: u32,
    /// Left `Placed` (the gateway failed): the next sweep tries again.
    pub left: u32,
}

/// Resolves every order whose placement stopped half-way (a crash, a lost gateway
/// answer). One younger than `abandon_after` is finished as its submit would have
/// finished it: the shopper pressed the button and its stock and gift cards are
/// held. An older one is given up: a charge the gateway holds for it is voided (or,
/// if captured, kept and the order paid), and the rest released.
pub async fn sweep_unfinished(
    p: &Payments<'_>,
    abandon_after: Duration,
) -> Result<SweepReport, StorageError> {
    let mut report = SweepReport::default();
    for order in p.orders.unfinished().await? {
        let outcome = if order.placed_at.plus(abandon_after) > p.now {
            finish(p, order).await
        } else {
            abandon(p, order).await
        };
        match outcome {
            Ok(order) if order.status == OrderStatus::Declined => report.released += 1,
            Ok(_) => report.paid += 1,
            Err(PlaceError::Declined(_)) => report.released += 1,
            Err(PlaceError::Storage(e)) => return Err(e),
            Err(_) => report.left += 1,
        }
    }
    Ok(report)
}

async fn abandon(p: &Payments<'_>, order: Order) -> Result<Order, PlaceError> {
    let number = order.number.clone();
    let unavailable = |e: PaymentError| PlaceError::PaymentUnavailable(e.to_string());
    if order.card.is_some() && order.figures.amount_due > Money::ZERO {
        let held = p
            .gateway
            .charge_by_key(number.as_str())
            .await
            .map_err(unavailable)?;
        if let Some(charge) = held {
            let state = match charge.state {
                ChargeState::Authorized => p.gateway.void(&charge.id).await.map(|c| c.state),
                state => Ok(state),
            };
            if state.map_err(unavailable)? == ChargeState::Captured {
                return finish(p, order).await;
            }
        }
    }
    if p.orders.release(&number, ABANDONED, p.now).await? {
        return Ok(order.released(ABANDONED, p.now));
    }
    Ok(current(p, &number).await?)
}
