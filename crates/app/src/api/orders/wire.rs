//! The order's wire types. The order request carries the checkout quote's fields plus
//! who and how to pay; every figure in an answer is the server's, in integer cents.

use crate::api::bag::wire::{LineInput, LineTypeDto};
use crate::api::catalog::wire::{VariationOption, options};
use crate::api::checkout::wire::{ShippingChoiceDto, rfc3339};
use crate::api::customer::addresses::AddressInput;
use crate::api::text::Text;
use poem_openapi::{Enum, Object};
use std::collections::BTreeMap;
use store_domain::orders::model::{Delivery, Order, OrderStatus};

/// Where the order goes: a saved address (signed in) or one typed at checkout.
#[derive(Object)]
pub struct ShippingInfoInput {
    /// A saved address of the signed-in customer.
    #[oai(validator(minimum(value = "1")))]
    pub address_id: Option<i64>,
    pub address: Option<AddressInput>,
}

/// Spec 3's `pickupInfo`.
#[derive(Object)]
pub struct PickupInfoInput {
    #[oai(validator(max_length = 100))]
    pub name: Text,
    #[oai(validator(max_length = 254))]
    pub email: Text,
    #[oai(validator(max_length = 64))]
    pub phone: Text,
}

/// Spec 3's `digitalInfo`, with where the card is billed: an e-mailed bag is taxed at
/// the billing postal code.
#[derive(Object)]
pub struct DigitalInfoInput {
    #[oai(validator(max_length = 254))]
    pub email: Text,
    /// The card's billing ZIP (US) or postal code.
    #[oai(validator(min_length = 1, max_length = 10))]
    pub postal_code: Text,
    /// Two-letter code from `GET /api/countries`; blank is US.
    #[oai(default, validator(max_length = 2))]
    pub country: Text,
}

/// The card that pays what the gift cards leave: a token from
/// `POST /api/card/createToken`, or a saved card of the signed-in customer.
#[derive(Object)]
pub struct OrderPaymentInput {
    #[oai(validator(max_length = 100))]
    pub token: Option<Text>,
    #[oai(validator(minimum(value = "1")))]
    pub payment_id: Option<i64>,
}

/// `POST /api/orders`: Review's order button.
#[derive(Object)]
pub struct PlaceOrderRequest {
    /// A new random key per order attempt (a UUID), sent again unchanged on a retry:
    /// the same key answers the same order, charged once.
    #[oai(validator(min_length = 16, max_length = 100, pattern = "^[A-Za-z0-9_-]+$"))]
    pub idempotency_key: String,
    /// The bag, as the quote took it.
    #[oai(validator(min_items = 1, max_items = 100))]
    pub products: Vec<LineInput>,
    /// A shipping method or pickup; none for a digital-only bag.
    pub shipping: Option<ShippingChoiceDto>,
    /// With a shipping method.
    pub shipping_info: Option<ShippingInfoInput>,
    /// With pickup.
    pub pickup_info: Option<PickupInfoInput>,
    /// For a digital-only bag.
    pub digital_info: Option<DigitalInfoInput>,
    /// A guest's e-mail for the confirmation (a customer's is the account's); with
    /// pickup or digital delivery, their info's e-mail is used when this is blank.
    #[oai(validator(max_length = 254))]
    pub email: Option<Text>,
    /// Needed unless the gift cards cover the total.
    pub payment: Option<OrderPaymentInput>,
    #[oai(default, validator(max_items = 5))]
    pub gift_cards: Vec<Text>,
    #[oai(validator(max_length = 32))]
    pub discount_code: Option<Text>,
    /// The total Review showed (`totals.total` of the checkout quote), in cents.
    #[oai(validator(minimum(value = "0")))]
    pub expected_total: i64,
    /// The amount due by card Review showed, in cents.
    #[oai(validator(minimum(value = "0")))]
    pub expected_amount_due: i64,
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "OrderStatus", rename_all = "snake_case")]
pub enum OrderStatusDto {
    Placed,
    Paid,
    Packed,
    Shipped,
    Delivered,
    Cancelled,
}

impl OrderStatusDto {
    fn of(status: OrderStatus) -> OrderStatusDto {
        match status {
            // A declined placement is never answered as an order.
            OrderStatus::Placed | OrderStatus::Declined => OrderStatusDto::Placed,
            OrderStatus::Paid => OrderStatusDto::Paid,
            OrderStatus::Packed => OrderStatusDto::Packed,
            OrderStatus::Shipped => OrderStatusDto::Shipped,
            OrderStatus::Delivered => OrderStatusDto::Delivered,
            OrderStatus::Cancelled => OrderStatusDto::Cancelled,
        }
    }
}

#[derive(Object)]
pub struct StatusChangeDto {
    pub status: OrderStatusDto,
    /// RFC 3339.
    pub at: String,
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "OrderDelivery", rename_all = "snake_case")]
pub enum DeliveryDto {
    Ship,
    Pickup,
    Digital,
}

#[derive(Object)]
pub struct OrderAddressDto {
    pub name: String,
    pub line1: String,
    pub line2: String,
    pub city: String,
    pub region: String,
    pub postal_code: String,
    pub country: String,
    pub phone: String,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct OrderDeliveryDto {
    #[oai(rename = "type")]
    pub kind: DeliveryDto,
    /// The shipping method, when shipped.
    pub method_name: Option<String>,
    /// Its Hebrew name, for orders placed since the store kept one.
    pub heb_method_name: Option<String>,
    /// The store-local date promised: arrival when shipped, ready when picked up.
    pub promised_on: Option<String>,
    pub address: Option<OrderAddressDto>,
    /// Who picks up, or who to reach about a digital order.
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct OrderLineDto {
    #[oai(rename = "type")]
    pub line_type: LineTypeDto,
    pub id: i64,
    pub product_id: i64,
    pub title: String,
    pub heb_title: Option<String>,
    pub sku: String,
    pub path: String,
    pub image: Option<String>,
    pub item_type: String,
    pub quantity: i64,
    pub unit_price: i64,
    pub gift_options: bool,
    /// A variation's choices ("Scent: Lavender Field").
    pub options: Vec<VariationOption>,
    /// Field key to what the shopper entered; an e-gift line's keys are
    /// `recipient_name`, `recipient_email`, `message` and `send_on` (a date).
    pub personalization: BTreeMap<String, String>,
    /// The words for the item's personalization keys, as the catalogue had them.
    pub labels: Vec<FieldLabelDto>,
    /// An e-gift card: paying issued one card per unit, mailed on its `send_on`.
    pub gift_card: bool,
    /// Unit price times quantity.
    pub merchandise: i64,
    pub gift_options_price: i64,
    pub personalization_fee: i64,
    /// The line's share of the discount code.
    pub discount: i64,
    pub tax: i64,
}

/// A personalization field's name in both languages.
#[derive(Object)]
#[oai(rename = "FieldLabel", skip_serializing_if_is_none)]
pub struct FieldLabelDto {
    pub key: String,
    pub label: String,
    pub heb_label: Option<String>,
}

#[derive(Object)]
pub struct OrderTotalsDto {
    pub subtotal: i64,
    pub gift_options: i64,
    pub personalization_fees: i64,
    pub tax: i64,
    pub shipping: i64,
    pub discount: i64,
    pub total: i64,
    pub gift_card_total: i64,
    /// What the card paid.
    pub amount_due: i64,
}

#[derive(Object)]
pub struct OrderGiftCardDto {
    pub last_four: String,
    pub amount: i64,
}

#[derive(Object)]
pub struct OrderCardDto {
    pub brand: String,
    pub last4: String,
}

/// An order as its shopper sees it.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct OrderDto {
    /// `7KQ4-M2XD-9PRT`: what the shopper quotes, and the id in the order's links.
    pub number: String,
    pub status: OrderStatusDto,
    /// RFC 3339.
    pub placed_at: String,
    pub email: String,
    pub delivery: OrderDeliveryDto,
    pub lines: Vec<OrderLineDto>,
    pub totals: OrderTotalsDto,
    pub zip: String,
    pub country: String,
    pub discount_code: Option<String>,
    pub gift_cards: Vec<OrderGiftCardDto>,
    pub card: Option<OrderCardDto>,
    /// Oldest first.
    pub history: Vec<StatusChangeDto>,
    /// The signed token that opens this order without an account
    /// (`GET /api/orders/{number}?token=`): given to whoever placed it or proved its e-mail.
    pub access_token: Option<String>,
    /// An order with gift options: the code on its gift receipt, with which the gift's
    /// recipient may return it for store credit (`POST /api/gift-returns`).
    pub gift_receipt_code: Option<String>,
}

impl OrderDto {
    pub fn new(
        order: Order,
        access_token: Option<String>,
        gift_receipt_code: Option<String>,
    ) -> OrderDto {
        let date = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
        let delivery = match order.delivery {
            Delivery::Ship {
                method_name,
                heb_method_name,
                address: a,
                arrives_on,
                ..
            } => OrderDeliveryDto {
                kind: DeliveryDto::Ship,
                method_name: Some(method_name),
                heb_method_name,
                promised_on: Some(date(arrives_on)),
                contact_name: Some(a.name.clone()),
                contact_phone: Some(a.phone.clone()),
                address: Some(OrderAddressDto {
                    name: a.name,
                    line1: a.line1,
                    line2: a.line2,
                    city: a.city,
                    region: a.region,
                    postal_code: a.postal_code,
                    country: a.country,
                    phone: a.phone,
                }),
            },
            Delivery::Pickup { contact, ready_on } => OrderDeliveryDto {
                kind: DeliveryDto::Pickup,
                method_name: None,
                heb_method_name: None,
                promised_on: Some(date(ready_on)),
                address: None,
                contact_name: Some(contact.name),
                contact_phone: Some(contact.phone),
            },
            Delivery::Digital { contact } => OrderDeliveryDto {
                kind: DeliveryDto::Digital,
                method_name: None,
                heb_method_name: None,
                promised_on: None,
                address: None,
                contact_name: Some(contact.name).filter(|n| !n.is_empty()),
                contact_phone: Some(contact.phone).filter(|p| !p.is_empty()),
            },
        };
        let f = order.figures;
        OrderDto {
            number: order.number.display(),
            status: OrderStatusDto::of(order.status),
            placed_at: rfc3339(order.placed_at),
            email: order.email.as_str().to_owned(),
            delivery,
            lines: order
                .lines
                .into_iter()
                .map(|l| OrderLineDto {
                    line_type: l.line_type.into(),
                    id: l.item_id,
                    product_id: l.product_id,
                    title: l.title,
                    heb_title: l.heb_title,
                    sku: l.sku,
                    path: l.path,
                    image: l.image,
                    item_type: l.item_type,
                    quantity: l.quantity,
                    unit_price: l.unit_price.cents(),
                    gift_options: l.gift_options,
                    options: options(l.options),
                    personalization: l.personalization,
                    labels: l
                        .labels
                        .into_iter()
                        .map(|f| FieldLabelDto {
                            key: f.key,
                            label: f.label,
                            heb_label: f.heb_label,
                        })
                        .collect(),
                    gift_card: l.gift_card,
                    merchandise: l.figures.merchandise.cents(),
                    gift_options_price: l.figures.gift_options.cents(),
                    personalization_fee: l.figures.personalization_fee.cents(),
                    discount: l.figures.discount.cents(),
                    tax: l.figures.tax.cents(),
                })
                .collect(),
            totals: OrderTotalsDto {
                subtotal: f.subtotal.cents(),
                gift_options: f.gift_options.cents(),
                personalization_fees: f.personalization_fees.cents(),
                tax: f.tax.cents(),
                shipping: f.shipping.cents(),
                discount: f.discount.cents(),
                total: f.total.cents(),
                gift_card_total: f.gift_card_total.cents(),
                amount_due: f.amount_due.cents(),
            },
            zip: order.zip,
            country: order.country,
            discount_code: order.discount_code,
            gift_cards: order
                .gift_cards
                .into_iter()
                .map(|g| OrderGiftCardDto {
                    last_four: g.last_four,
                    amount: g.amount.cents(),
                })
                .collect(),
            card: order.card.map(|c| OrderCardDto {
                brand: c.brand.as_str().to_owned(),
                last4: c.last4,
            }),
            history: order
                .history
                .into_iter()
                .filter(|c| c.status.is_visible())
                .map(|c| StatusChangeDto {
                    status: OrderStatusDto::of(c.status),
                    at: rfc3339(c.at),
                })
                .collect(),
            access_token,
            gift_receipt_code,
        }
    }
}

/// `POST /api/orders/{number}/status`: a guest proves the order is theirs.
#[derive(Object)]
pub struct GuestStatusRequest {
    /// The e-mail the order was placed with.
    #[oai(validator(max_length = 254))]
    pub email: Text,
}

/// A customer's orders, newest first.
#[derive(Object)]
pub struct OrderList {
    pub orders: Vec<OrderDto>,
}
