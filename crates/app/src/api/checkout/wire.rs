//! Checkout's wire types: spec 7's zip code, shipping index and gift card calls, and
//! the checkout quote, in spec 3's field names; every amount in integer cents.

use crate::api::bag::wire::{LineInput, QuoteAnswer};
use crate::api::text::Text;
use chrono::NaiveDate;
use poem_openapi::{Enum, Object};
use store_domain::clock::Timestamp;
use store_domain::location::Location;
use store_domain::money::Money;
use store_domain::shipping::{
    FreeOverOption, MethodOption, PickupMessage, PickupOption, ShippingMessage, ShippingOptions,
};

/// `POST /api/zip_code` (spec 7).
#[derive(Object)]
pub struct ZipRequest {
    /// A US ZIP (five digits, or ZIP+4) in the US; another country's postal code.
    /// Blank resets the location (spec 4.6): the answer is the store's default.
    #[oai(rename = "zipCode", validator(max_length = 10))]
    pub zip_code: Text,
    /// Two-letter code from `GET /api/countries`; blank is US (spec 4.6).
    #[oai(default, validator(max_length = 2))]
    pub country: Text,
}

/// Spec 3's location with its tax rate.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ZipAnswer {
    pub zip: String,
    pub country: String,
    /// Percent (8.875 is 8.875 %), for display; the server computes every tax figure.
    pub tax_rate: f64,
    pub city: Option<String>,
    pub state: Option<String>,
}

impl From<Location> for ZipAnswer {
    fn from(l: Location) -> Self {
        ZipAnswer {
            zip: l.zip,
            country: l.country,
            tax_rate: f64::from(l.tax_rate.millionths()) / 10_000.0,
            city: l.city,
            state: l.state,
        }
    }
}

/// `POST /api/shipping/index` (spec 7).
#[derive(Object)]
pub struct ShippingIndexRequest {
    /// The shopper's ZIP or postal code, as located by `POST /api/zip_code`.
    #[oai(validator(max_length = 10))]
    pub zip_code: Text,
    /// Two-letter code; blank is US.
    #[oai(default, validator(max_length = 2))]
    pub country: Text,
}

/// Which sentence of spec 9 goes with an option; the client words it in the shopper's
/// language: `today` "Get it Today", `tomorrow` "Get it Tomorrow", `days` "{days}-day
/// shipping", `on` "Get it" + the date, `within` "within {hours} hour(s)".
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "snake_case")]
pub enum MessageKind {
    Today,
    Tomorrow,
    Days,
    On,
    Within,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ShippingMessageDto {
    pub kind: MessageKind,
    /// With `days`.
    pub days: Option<u32>,
    /// With `on`: the store-local date, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// With `within`: the hours to say (already rounded up).
    pub hours: Option<u32>,
}

fn date(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

impl From<ShippingMessage> for ShippingMessageDto {
    fn from(m: ShippingMessage) -> Self {
        let (kind, days, on) = match m {
            ShippingMessage::Today => (MessageKind::Today, None, None),
            ShippingMessage::Tomorrow => (MessageKind::Tomorrow, None, None),
            ShippingMessage::DayShipping(n) => (MessageKind::Days, Some(n), None),
            ShippingMessage::On(d) => (MessageKind::On, None, Some(date(d))),
        };
        ShippingMessageDto {
            kind,
            days,
            date: on,
            hours: None,
        }
    }
}

impl From<PickupMessage> for ShippingMessageDto {
    fn from(m: PickupMessage) -> Self {
        match m {
            PickupMessage::On(d) => ShippingMessageDto {
                kind: MessageKind::On,
                days: None,
                date: Some(date(d)),
                hours: None,
            },
            PickupMessage::Within { hours } => ShippingMessageDto {
                kind: MessageKind::Within,
                days: None,
                date: None,
                hours: Some(hours),
            },
        }
    }
}

/// Spec 3's `fastest` and `cheapest`, and each of `methods`.
#[derive(Object)]
pub struct MethodOptionDto {
    pub id: u32,
    pub name: String,
    pub heb_name: String,
    /// Calendar days from the store's today to the arrival.
    pub days: u32,
    /// `YYYY-MM-DD`, store-local.
    pub estimated_arrival: String,
    /// The zone's price in cents, before free shipping.
    pub price: i64,
    pub message: ShippingMessageDto,
}

impl From<MethodOption> for MethodOptionDto {
    fn from(o: MethodOption) -> Self {
        MethodOptionDto {
            id: o.id,
            name: o.name,
            heb_name: o.heb_name,
            days: o.days,
            estimated_arrival: date(o.estimated_arrival),
            price: o.price.cents(),
            message: o.message.into(),
        }
    }
}

/// Spec 3's `free_over`.
#[derive(Object)]
pub struct FreeOverDto {
    pub id: u32,
    pub name: String,
    pub heb_name: String,
    pub days: u32,
    pub estimated_arrival: String,
    /// Cents the merchandise that counts must reach.
    pub free_shipping_above: i64,
    pub message: ShippingMessageDto,
}

impl From<FreeOverOption> for FreeOverDto {
    fn from(o: FreeOverOption) -> Self {
        FreeOverDto {
            id: o.id,
            name: o.name,
            heb_name: o.heb_name,
            days: o.days,
            estimated_arrival: date(o.estimated_arrival),
            free_shipping_above: o.free_shipping_above.cents(),
            message: o.message.into(),
        }
    }
}

/// Spec 3's `pickup`.
#[derive(Object)]
pub struct PickupDto {
    /// Calendar days from the store's today to the day the order is ready.
    pub days: u32,
    /// Whole hours from now until ready, rounded down.
    pub hours: u32,
    /// `YYYY-MM-DD`, store-local.
    pub date: String,
    pub message: ShippingMessageDto,
}

impl From<PickupOption> for PickupDto {
    fn from(p: PickupOption) -> Self {
        PickupDto {
            days: p.days,
            hours: p.hours,
            date: date(p.date),
            message: p.message.into(),
        }
    }
}

/// Spec 3's shipping options.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ShippingOptionsDto {
    /// The free-shipping threshold in cents; absent: methods that count ship free always.
    pub over_price: Option<i64>,
    pub pickup: Option<PickupDto>,
    pub fastest: Option<MethodOptionDto>,
    pub cheapest: Option<MethodOptionDto>,
    pub free_over: Option<FreeOverDto>,
    /// Comma-separated ids of the methods that count for free shipping.
    pub shipping_ids_not_excluded_from_free_shipping: String,
    /// Every method to the destination, by arrival then price.
    pub methods: Vec<MethodOptionDto>,
    /// When the ship day changes (RFC 3339): ask again after the earlier of the two.
    pub fulfillment_expires: String,
    /// When the pickup answer changes (RFC 3339).
    pub store_expires: String,
}

pub fn rfc3339(t: Timestamp) -> String {
    chrono::DateTime::from_timestamp(t.unix_seconds(), 0)
        .map(|d| d.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

impl From<ShippingOptions> for ShippingOptionsDto {
    fn from(o: ShippingOptions) -> Self {
        ShippingOptionsDto {
            over_price: o.over_price.map(Money::cents),
            pickup: o.pickup.map(PickupDto::from),
            fastest: o.fastest.map(MethodOptionDto::from),
            cheapest: o.cheapest.map(MethodOptionDto::from),
            free_over: o.free_over.map(FreeOverDto::from),
            shipping_ids_not_excluded_from_free_shipping: o
                .shipping_ids_not_excluded_from_free_shipping,
            methods: o.methods.into_iter().map(MethodOptionDto::from).collect(),
            fulfillment_expires: rfc3339(o.fulfillment_expires),
            store_expires: rfc3339(o.store_expires),
        }
    }
}

/// `POST /api/gift_card` (spec 7).
#[derive(Object)]
pub struct GiftCardRequest {
    /// As printed on the card; spaces, dashes and case are ignored.
    #[oai(validator(max_length = 40))]
    pub code: Text,
}

/// A gift card that can pay.
#[derive(Object)]
pub struct GiftCardAnswer {
    /// The code in its printed form (`ABCD-EFGH-JKMN-PQRS`).
    pub code: String,
    pub last_four: String,
    /// Cents left on the card.
    pub balance: i64,
}

/// How the order reaches the shopper.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "snake_case")]
pub enum DeliveryKind {
    /// A shipping method, by `id`.
    Ship,
    /// Picked up at the store.
    Pickup,
}

#[derive(Object)]
pub struct ShippingChoiceDto {
    #[oai(rename = "type")]
    pub kind: DeliveryKind,
    /// The method's id, with `ship`.
    #[oai(validator(minimum(value = "1"), maximum(value = "4294967295")))]
    pub id: Option<i64>,
}

/// `POST /api/checkout/quote`: the bag with everything checkout knows.
#[derive(Object)]
pub struct CheckoutQuoteRequest {
    /// The bag (spec 3's `products`, with `unavailableCart`).
    #[oai(validator(max_items = 100))]
    pub products: Vec<LineInput>,
    #[oai(validator(max_items = 100))]
    pub later: Vec<LineInput>,
    /// Where it goes: taxes by it (none: no tax yet).
    #[oai(validator(max_length = 10))]
    pub zip_code: Option<Text>,
    #[oai(default, validator(max_length = 2))]
    pub country: Text,
    /// None chosen yet: shipping is not priced.
    pub shipping: Option<ShippingChoiceDto>,
    /// In the order added; at most 5.
    #[oai(default, validator(max_items = 5))]
    pub gift_cards: Vec<Text>,
    #[oai(validator(max_length = 32))]
    pub discount_code: Option<Text>,
    /// Spec 3's discount e-mail for a guest (the checkout's e-mail); a signed-in
    /// customer's own address is used instead.
    #[oai(validator(max_length = 254))]
    pub email: Option<Text>,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ChosenShippingDto {
    #[oai(rename = "type")]
    pub kind: DeliveryKind,
    pub id: Option<u32>,
    /// Cents charged for it (0 when free).
    pub price: i64,
}

#[derive(Object)]
pub struct AppliedDiscountDto {
    pub code: String,
    /// Cents taken off, shared among the lines (`line_discount`).
    pub amount: i64,
}

/// Spec 3's gift card fields.
#[derive(Object)]
pub struct AppliedGiftCardDto {
    pub code: String,
    pub last_four: String,
    pub balance: i64,
    pub amount_applied: i64,
    pub value_remaining: i64,
}

/// Every figure between the bag and the order button, in cents.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct CheckoutQuoteAnswer {
    /// The bag as the quote priced it; `totals.total` is what the order costs.
    pub bag: QuoteAnswer,
    pub location: Option<ZipAnswer>,
    pub shipping: Option<ChosenShippingDto>,
    pub discount: Option<AppliedDiscountDto>,
    pub gift_cards: Vec<AppliedGiftCardDto>,
    pub gift_card_total: i64,
    /// Spec 3's remaining-balance flag: the gift cards do not cover the total.
    pub remaining_balance: bool,
    /// What is left to pay by card.
    pub amount_due: i64,
}
