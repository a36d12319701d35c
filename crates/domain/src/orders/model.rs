//! An order as the store keeps it: what was bought at what price, where it goes, how
//! it was paid, and each status it reached. Every figure is copied from the quote the
//! order was placed with, so a later catalogue change never rewrites what was paid.

use super::number::OrderNumber;
use crate::accounts::AddressFields;
use crate::bag::{LineFigures, LineType, TaxRate};
use crate::catalog::NameValue;
use crate::clock::Timestamp;
use crate::input::Email;
use crate::language::Language;
use crate::money::Money;
use crate::payments::Brand;
use crate::shipping::ShippingChoice;
use crate::token::TokenHash;
use chrono::NaiveDate;
use std::collections::BTreeMap;

/// Where an order is in its life. `Placed` is the moment stock and gift cards are
/// reserved, before the card is charged; `Declined` is a placement the card refused,
/// with everything given back, and is never shown to a shopper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OrderStatus {
    Placed,
    Paid,
    Packed,
    Shipped,
    Delivered,
    Cancelled,
    Declined,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 7] = [
        OrderStatus::Placed,
        OrderStatus::Paid,
        OrderStatus::Packed,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::Cancelled,
        OrderStatus::Declined,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Placed => "placed",
            OrderStatus::Paid => "paid",
            OrderStatus::Packed => "packed",
            OrderStatus::Shipped => "shipped",
            OrderStatus::Delivered => "delivered",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::Declined => "declined",
        }
    }

    pub fn parse(raw: &str) -> Option<OrderStatus> {
        OrderStatus::ALL.into_iter().find(|s| s.as_str() == raw)
    }

    /// Whether the store owner may move an order from `self` to `to`. Forward only,
    /// steps may be skipped (a digital order is delivered once paid; a pickup is never
    /// shipped); an order is cancelled only before it leaves. Placement's own moves
    /// (placed to paid or declined) are not the owner's to make.
    pub fn owner_may_move_to(self, to: OrderStatus) -> bool {
        use OrderStatus::*;
        matches!(
            (self, to),
            (Paid | Packed, Cancelled)
                | (Paid, Packed | Shipped | Delivered)
                | (Packed, Shipped | Delivered)
                | (Shipped, Delivered)
        )
    }

    /// Shown to shoppers: every status but a refused placement.
    pub fn is_visible(self) -> bool {
        self != OrderStatus::Declined
    }
}

/// Who to reach about a pickup or a digital order; the e-mail is the order's own.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Contact {
    pub name: String,
    pub phone: String,
}

/// How the order reaches the shopper, with the date promised when it was placed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[expect(
    clippy::large_enum_variant,
    reason = "one per order, never in a long list: boxing the address would buy nothing"
)]
pub enum Delivery {
    Ship {
        method_id: u32,
        method_name: String,
        /// The method's Hebrew name, for the order's pages and mails in Hebrew.
        heb_method_name: Option<String>,
        address: AddressFields,
        arrives_on: NaiveDate,
    },
    Pickup {
        contact: Contact,
        ready_on: NaiveDate,
    },
    /// Nothing to ship: e-mailed or downloaded.
    Digital { contact: Contact },
}

impl Delivery {
    /// The choice a shopper made to get it this way; none for an e-mailed order.
    pub fn choice(&self) -> Option<ShippingChoice> {
        match self {
            Delivery::Ship { method_id, .. } => Some(ShippingChoice::Method(*method_id)),
            Delivery::Pickup { .. } => Some(ShippingChoice::Pickup),
            Delivery::Digital { .. } => None,
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Delivery::Ship { .. } => "ship",
            Delivery::Pickup { .. } => "pickup",
            Delivery::Digital { .. } => "digital",
        }
    }
}

/// One line as bought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderLine {
    pub line_type: LineType,
    /// The product, variation or bundle bought.
    pub item_id: i64,
    /// The product a variation belongs to; the item's own id otherwise.
    pub product_id: i64,
    pub item_key: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub sku: String,
    pub path: String,
    pub image: Option<String>,
    /// `digital`, `service` or `others` (spec 3).
    pub item_type: String,
    pub quantity: i64,
    pub unit_price: Money,
    pub gift_options: bool,
    /// A variation's choices ("Scent: Lavender Field"), as the catalogue named them.
    pub options: Vec<NameValue>,
    pub personalization: BTreeMap<String, String>,
    /// The words for each personalization key the item offered ("initials" is
    /// "Initials"), kept so the order reads the same after the catalogue changes.
    pub labels: Vec<FieldLabel>,
    /// A gift card: paying for it issues one card per unit (see `e_gift`).
    pub gift_card: bool,
    /// Whether the catalogue let it be returned when it was bought (not final sale).
    pub returnable: bool,
    /// Whether it came back free (spec 2.9: items excluded from free shipping are
    /// excluded from free returns too).
    pub free_return: bool,
    pub figures: LineFigures,
}

/// A personalization field's name in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldLabel {
    pub key: String,
    pub label: String,
    pub heb_label: Option<String>,
}

/// The order's figures, as quoted when it was placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OrderFigures {
    pub subtotal: Money,
    pub gift_options: Money,
    pub personalization_fees: Money,
    pub tax: Money,
    pub shipping: Money,
    pub discount: Money,
    /// What the order costs: paid by the gift cards, then the card.
    pub total: Money,
    pub gift_card_total: Money,
    /// What the card pays.
    pub amount_due: Money,
}

/// A gift card's part in paying.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftCardUse {
    pub code_hash: TokenHash,
    pub last_four: String,
    pub amount: Money,
}

/// The card that pays `amount_due`: its token (never its number), what may be shown,
/// and the gateway's charge once authorised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPayment {
    pub token: String,
    pub brand: Brand,
    pub last4: String,
    pub charge_id: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusChange {
    pub status: OrderStatus,
    pub at: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub number: OrderNumber,
    pub customer_id: Option<i64>,
    pub email: Email,
    /// The language it was placed in: its mails are written in it.
    pub language: Language,
    pub status: OrderStatus,
    pub lines: Vec<OrderLine>,
    pub delivery: Delivery,
    /// Where it was taxed: the ZIP or postal code and country, and the rate.
    pub zip: String,
    pub country: String,
    pub tax_rate: TaxRate,
    pub figures: OrderFigures,
    pub discount_code: Option<String>,
    pub gift_cards: Vec<GiftCardUse>,
    pub card: Option<CardPayment>,
    /// Why the card refused, for a declined placement.
    pub decline: Option<String>,
    /// Oldest first; `Placed` is always the first.
    pub history: Vec<StatusChange>,
    pub placed_at: Timestamp,
}

impl Order {
    /// This `Placed` order as `Orders::record_payment` leaves it when it moves it:
    /// `Paid`, with the captured charge's id and the change in its history. The
    /// caller answers it without reading it back.
    pub fn paid(mut self, charge_id: Option<&str>, at: Timestamp) -> Order {
        if let Some(card) = self.card.as_mut() {
            card.charge_id = charge_id.map(str::to_owned);
        }
        self.moved(OrderStatus::Paid, at)
    }

    /// This `Placed` order as `Orders::release` leaves it when it moves it.
    pub fn released(mut self, why: &str, at: Timestamp) -> Order {
        self.decline = Some(why.to_owned());
        self.moved(OrderStatus::Declined, at)
    }

    fn moved(mut self, to: OrderStatus, at: Timestamp) -> Order {
        self.status = to;
        self.history.push(StatusChange { status: to, at });
        // Storage answers the history in this order.
        self.history.sort_by_key(|c| (c.at, c.status));
        self
    }

    /// Whether it has a gift receipt (issue 28): an order with gift options does, and
    /// its recipient may return the gift with the receipt's code.
    pub fn has_gift_receipt(&self) -> bool {
        self.lines.iter().any(|l| l.gift_options)
    }

    /// Whether everything bought is digital (no address, nothing to pack).
    pub fn is_digital(&self) -> bool {
        matches!(self.delivery, Delivery::Digital { .. })
    }
}
