//! Orders as the storage contract and the reconciliation tests write them, past the
//! order path: kettles paid by the contract gift card and a card token.

use store_domain::bag::{ItemRef, LineFigures, LineType, TaxRate};
use store_domain::catalog::NameValue;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::language::Language;
use store_domain::money::Money;
use store_domain::orders::model::{
    CardPayment, Contact, Delivery, FieldLabel, GiftCardUse, Order, OrderFigures, OrderLine,
    OrderStatus, StatusChange,
};
use store_domain::orders::number::OrderNumber;
use store_domain::orders::storage::NewOrder;
use store_domain::payments::Brand;
use store_domain::token::TokenHash;

/// The fixture's kettle: 7 in stock at $30.00.
pub const KETTLE: i64 = 12;

pub fn at(minutes: i64) -> Timestamp {
    Timestamp::from_unix_seconds(1_767_225_600 + minutes * 60)
}

pub fn card_hash() -> TokenHash {
    TokenHash::from_stored("contract-card".into())
}

/// An order for `units` kettles paying `from_card` cents by the contract card and the
/// rest by a card token.
pub fn new_order(number: &str, key: &str, units: i64, from_card: i64) -> NewOrder {
    let total = units * 3_000;
    let number = OrderNumber::parse(number).unwrap();
    let order = Order {
        number,
        customer_id: None,
        email: Email::parse("dana@example.com").unwrap(),
        language: Language::English,
        status: OrderStatus::Placed,
        lines: vec![OrderLine {
            line_type: LineType::Product,
            item_id: KETTLE,
            product_id: KETTLE,
            item_key: String::new(),
            title: "Kettle".into(),
            heb_title: None,
            sku: "K-12".into(),
            path: "/products/kettle/12".into(),
            image: None,
            item_type: "others".into(),
            quantity: units,
            unit_price: Money::from_cents(3_000),
            gift_options: false,
            options: vec![NameValue {
                name: "Colour".into(),
                value: "Sage".into(),
                heb_name: Some("צבע".into()),
                heb_value: None,
            }],
            personalization: [("initials".to_owned(), "NOA".to_owned())].into(),
            labels: vec![FieldLabel {
                key: "initials".into(),
                label: "Initials".into(),
                heb_label: Some("ראשי תיבות".into()),
            }],
            gift_card: false,
            returnable: true,
            free_return: true,
            figures: LineFigures {
                merchandise: Money::from_cents(total),
                ..LineFigures::default()
            },
        }],
        delivery: Delivery::Digital {
            contact: Contact::default(),
        },
        zip: "10001".into(),
        country: "US".into(),
        tax_rate: TaxRate::ZERO,
        figures: OrderFigures {
            subtotal: Money::from_cents(total),
            total: Money::from_cents(total),
            gift_card_total: Money::from_cents(from_card),
            amount_due: Money::from_cents(total - from_card),
            ..OrderFigures::default()
        },
        discount_code: None,
        gift_cards: if from_card > 0 {
            vec![GiftCardUse {
                code_hash: card_hash(),
                last_four: "2345".into(),
                amount: Money::from_cents(from_card),
            }]
        } else {
            Vec::new()
        },
        card: (from_card < total).then(|| CardPayment {
            token: format!("tok_{key}"),
            brand: Brand::Visa,
            last4: "4242".into(),
            charge_id: None,
        }),
        decline: None,
        history: vec![StatusChange {
            status: OrderStatus::Placed,
            at: at(0),
        }],
        placed_at: at(0),
    };
    NewOrder {
        order,
        idempotency_key: key.into(),
        request_hash: format!("hash-{key}"),
        stock: vec![(ItemRef::Product(KETTLE), units)],
        discount_use: None,
    }
}
