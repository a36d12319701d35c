//! Checkout's calls: `/api/zip_code`, `/api/shipping/index`, `/api/gift_card` and
//! `/api/checkout/quote`, over the fixture catalogue (with a gift card and a tax-code-22
//! book), the fake ZIP lookup (10001 taxed at 8.875 % by override) and the test store's
//! shipping (`common::checkout_config`). Every figure is worked out by hand in the test.

use poem::Endpoint;
use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::{Value, json};
use std::sync::Arc;
use store_adapters::fakes::{InMemoryCatalog, fixture};
use store_app::web;
use store_domain::checkout::discounts::{Discount, DiscountCode, DiscountValue};
use store_domain::checkout::gift_cards::GiftCardCode;
use store_domain::checkout::storage::{Discounts, GiftCards, NewGiftCard};
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::money::Money;
use store_domain::ports::CatalogWriter;

use crate::common;

/// $25.00, $50.00, and one expired at the start of 2026. (A used-up card needs the
/// order issue's spending; `GiftCard::check` is tested in the domain.)
const CARD_A: &str = "AAAA-BBBB-CCCC-2345";
const CARD_B: &str = "BBBB-CCCC-DDDD-3456";
const EXPIRED: &str = "DDDD-EEEE-FFFF-5678";

async fn app() -> TestClient<impl Endpoint> {
    let catalog = common::shop_catalogue().await;
    let (state, fakes) = common::state_with(catalog);
    let at = common::START;
    for (code, cents, expires) in [
        (CARD_A, 2500, None),
        (CARD_B, 5000, None),
        (EXPIRED, 5000, Some(common::START)),
    ] {
        let code = GiftCardCode::parse(code).unwrap();
        let card = NewGiftCard {
            code_hash: code.hash(),
            last_four: code.last_four().into(),
            balance: Money::from_cents(cents),
            expires_at: expires,
        };
        fakes.checkout.issue_gift_card(&card, at).await.unwrap();
    }
    let discount = |code: &str, value, min: i64, excluded: Vec<i64>| Discount {
        code: DiscountCode::parse(code).unwrap(),
        value,
        min_subtotal: Money::from_cents(min),
        starts_at: None,
        ends_at: None,
        usage_limit: None,
        once_per_shopper: false,
        excluded_products: excluded,
    };
    let ten = DiscountValue::Percent { basis_points: 1000 };
    for d in [
        discount("TEN", ten, 0, vec![61]),
        discount(
            "BIG",
            DiscountValue::Fixed(Money::from_cents(500)),
            100_000,
            vec![],
        ),
        Discount {
            starts_at: Some(Timestamp::from_unix_seconds(
                common::START.unix_seconds() + 86_400,
            )),
            ..discount("SOON", ten, 0, vec![])
        },
        Discount {
            once_per_shopper: true,
            ..discount("ONCE", ten, 0, vec![])
        },
    ] {
        fakes.checkout.create_discount(&d, at).await.unwrap();
    }
    let dana = Email::parse("Dana@Example.com").unwrap();
    let once = DiscountCode::parse("ONCE").unwrap();
    fakes
        .checkout
        .record_discount_use(&once, Some(&dana), "order-1");
    TestClient::new(web::routes(state))
}

/// A browser's POST (the AJAX header, JSON): the status and the answer.
async fn post(client: &TestClient<impl Endpoint>, path: &str, body: Value) -> (StatusCode, Value) {
    let answer = common::session::post(client, path, body).await;
    (answer.status, answer.body)
}

fn line(id: i64, kind: &str, quantity: i64) -> Value {
    json!({"id": id, "type": kind, "quantity": quantity})
}

/// The mug engraved and wrapped (2 × $12.00, wrap $5.00, initials $3.00 each), the
/// kettle ($30.00), a $25.00 gift card and three tax-free books ($9.99).
fn mixed_bag() -> Value {
    json!([
        {"id": 1002, "type": "variation", "item_key": "k1", "quantity": 2,
            "gift_options": true, "personalization": {"initials": "DL"}},
        line(12, "product", 1),
        line(60, "giftCard", 1),
        line(61, "product", 3),
    ])
}

fn checkout(extra: Value) -> Value {
    let mut body = json!({"products": mixed_bag(), "later": []});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

#[tokio::test]
async fn the_quote_with_tax_shipping_a_discount_and_two_gift_cards_is_exact() {
    let client = app().await;
    let (status, answer) = post(
        &client,
        "/api/checkout/quote",
        checkout(json!({
            "zip_code": "10001", "country": "US",
            "shipping": {"type": "ship", "id": 2},
            "discount_code": "ten",
            "gift_cards": [CARD_A, "bbbb cccc dddd 3456"],
        })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // Discount: 10 % of the mug and kettle (the gift card never, the book excluded):
    // 10 % of 24.00 + 30.00 = 5.40, shared 2.40 and 3.00 by their merchandise.
    let lines = answer["bag"]["products"].as_array().unwrap();
    let discounts: Vec<_> = lines
        .iter()
        .map(|l| l["line_discount"].as_i64().unwrap())
        .collect();
    assert_eq!(discounts, vec![240, 300, 0, 0]);
    // Tax at 8.875 % per line, on what the line costs after its share, rounded per line:
    // mug (24.00 + 10.00 wrap + 6.00 initials − 2.40) = 37.60 → 3.337 → 3.34;
    // kettle 30.00 − 3.00 = 27.00 → 2.39625 → 2.40; gift card and tax code 22: none.
    let taxes: Vec<_> = lines
        .iter()
        .map(|l| l["line_tax"].as_i64().unwrap())
        .collect();
    assert_eq!(taxes, vec![334, 240, 0, 0]);
    // Expedited costs 12.99 (only Standard ships free over $50.00).
    // 24.00 + 30.00 + 25.00 + 29.97 = 108.97; + 6.00 + 5.74 + 12.99 + 10.00 − 5.40 = 138.30.
    assert_eq!(
        answer["bag"]["totals"],
        json!({"count": 7, "subtotal": 10_897, "tax": 574, "shipping": 1299, "gift_options": 1000,
            "personalization_fees": 600, "discount": 540, "total": 13_830})
    );
    assert_eq!(
        answer["shipping"],
        json!({"type": "ship", "id": 2, "price": 1299})
    );
    assert_eq!(answer["discount"], json!({"code": "TEN", "amount": 540}));
    assert_eq!(answer["location"]["tax_rate"], 8.875);
    // The cards in the order added: 25.00, then 50.00 of the 50.00; 63.30 left by card.
    assert_eq!(
        answer["gift_cards"],
        json!([
            {"code": CARD_A, "last_four": "2345", "balance": 2500, "amount_applied": 2500, "value_remaining": 0},
            {"code": CARD_B, "last_four": "3456", "balance": 5000, "amount_applied": 5000, "value_remaining": 0},
        ])
    );
    assert_eq!(answer["gift_card_total"], 7500);
    assert_eq!(answer["amount_due"], 6330);
    assert_eq!(answer["remaining_balance"], true);
}

#[tokio::test]
async fn standard_ships_free_over_the_threshold_and_pickup_is_free() {
    let client = app().await;
    let small = json!({"products": [line(12, "product", 1)], "later": [], "zip_code": "19901"});
    let mut body = small.clone();
    body["shipping"] = json!({"type": "ship", "id": 1});
    let (_, answer) = post(&client, "/api/checkout/quote", body).await;
    // 30.00 of merchandise is under 50.00: Standard costs 5.99. Delaware has no sales tax.
    assert_eq!(answer["shipping"]["price"], 599);
    assert_eq!(answer["bag"]["totals"]["total"], 3599);
    assert_eq!(answer["amount_due"], 3599);

    let mut body = small.clone();
    body["products"] = json!([line(12, "product", 2)]);
    body["shipping"] = json!({"type": "ship", "id": 1});
    let (_, answer) = post(&client, "/api/checkout/quote", body).await;
    assert_eq!(
        answer["shipping"]["price"], 0,
        "60.00 reaches the threshold"
    );

    let mut body = small;
    body["shipping"] = json!({"type": "pickup"});
    let (_, answer) = post(&client, "/api/checkout/quote", body).await;
    assert_eq!(answer["shipping"], json!({"type": "pickup", "price": 0}));
}

#[tokio::test]
async fn a_gift_card_covers_no_more_than_is_owed() {
    let client = app().await;
    let body =
        json!({"products": [line(61, "product", 1)], "later": [], "gift_cards": [CARD_B, CARD_A]});
    let (status, answer) = post(&client, "/api/checkout/quote", body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // A 9.99 book (no tax code, no ZIP, no shipping chosen): the first card pays it all.
    assert_eq!(answer["gift_cards"][0]["amount_applied"], 999);
    assert_eq!(answer["gift_cards"][0]["value_remaining"], 4001);
    assert_eq!(answer["gift_cards"][1]["amount_applied"], 0);
    assert_eq!(answer["amount_due"], 0);
    assert_eq!(answer["remaining_balance"], false);
}

#[tokio::test]
async fn each_bad_input_is_a_400_that_names_it() {
    let client = app().await;
    let cases = [
        (
            json!({"zip_code": "00000"}),
            "zipCode: there is no such ZIP code",
        ),
        (
            json!({"zip_code": "1000"}),
            "zipCode: a US ZIP code is five digits",
        ),
        (
            json!({"gift_cards": ["not a code"]}),
            "gift_cards[0]: a gift card code is 16",
        ),
        (
            json!({"gift_cards": [CARD_A, "ZZZZ-ZZZZ-ZZZZ-ZZZZ"]}),
            "gift_cards[1]: there is no gift card",
        ),
        (
            json!({"discount_code": "ONCE", "email": "dana@example.com"}),
            "discount_code: you have already used",
        ),
        (
            json!({"gift_cards": [EXPIRED]}),
            "gift_cards[0]: this gift card has expired",
        ),
        (
            json!({"discount_code": "NOPE"}),
            "discount_code: there is no discount",
        ),
        (
            json!({"discount_code": "BIG"}),
            "discount_code: this discount needs $1,000.00",
        ),
        (
            json!({"discount_code": "SOON"}),
            "discount_code: this discount has not started",
        ),
        (
            json!({"discount_code": "x"}),
            "discount_code: a discount code is 3 to 32",
        ),
        (
            json!({"shipping": {"type": "ship", "id": 9}}),
            "shipping: shipping method 9 is not offered",
        ),
        (
            json!({"shipping": {"type": "ship"}}),
            "shipping.id: name the shipping method",
        ),
        (json!({"email": "not-an-address"}), "email:"),
    ];
    for (extra, expected) in cases {
        let (status, answer) = post(&client, "/api/checkout/quote", checkout(extra.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{extra}: {answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(message.starts_with(expected), "{extra}: {message}");
    }
}

#[tokio::test]
async fn zip_codes_answer_their_place_and_tax_rate() {
    let client = app().await;
    let (status, answer) = post(&client, "/api/zip_code", json!({"zipCode": "10001-1234"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        answer,
        json!({"zip": "10001", "country": "US", "tax_rate": 8.875, "city": "New York", "state": "NY"})
    );
    let (_, answer) = post(
        &client,
        "/api/zip_code",
        json!({"zipCode": "SW1A 1AA", "country": "GB"}),
    )
    .await;
    assert_eq!(
        answer,
        json!({"zip": "SW1A 1AA", "country": "GB", "tax_rate": 0.0})
    );
    // Blank resets to the store's default location (spec 4.6).
    let (_, answer) = post(&client, "/api/zip_code", json!({"zipCode": " "})).await;
    assert_eq!(answer["zip"], "10001");
    let (status, answer) = post(&client, "/api/zip_code", json!({"zipCode": "00000"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["message"], "zipCode: there is no such ZIP code");
    let (status, answer) = post(
        &client,
        "/api/zip_code",
        json!({"zipCode": "10001", "country": "ZZ"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");

    let resp = client.get("/api/zip_code").send().await;
    resp.assert_status_is_ok();
    // Every answer says when the shipping configuration last changed (spec 7).
    resp.assert_header("shipping_updated_at", "2026-01-01T00:00:00Z");
    let answer: Value =
        serde_json::from_str(&resp.0.into_body().into_string().await.unwrap()).unwrap();
    assert_eq!(
        answer["zip"], "10001",
        "a guest gets the store's default location"
    );
}

#[tokio::test]
async fn shipping_options_follow_the_calendar() {
    let client = app().await;
    // The clock: 2026-01-01 00:00 UTC, Wednesday 31 December 2025, 19:00 in New York,
    // past the 14:00 cut-off. New Year's Day is a holiday, so orders leave Friday 2
    // January: Overnight (1 business day) arrives Monday 5, Expedited (2) Tuesday 6,
    // Standard (5) Friday 9. Pickup: 21:00 is past closing, the store is closed on the
    // holiday, so the order is ready Friday 2 January at noon.
    let (status, answer) = post(&client, "/api/shipping/index", json!({"zip_code": "10001"})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["over_price"], 5000);
    assert_eq!(answer["fastest"]["id"], 3);
    assert_eq!(answer["fastest"]["estimated_arrival"], "2026-01-05");
    assert_eq!(answer["fastest"]["days"], 5);
    assert_eq!(
        answer["fastest"]["message"],
        json!({"kind": "on", "date": "2026-01-05"})
    );
    assert_eq!(answer["cheapest"]["id"], 1);
    assert_eq!(answer["cheapest"]["estimated_arrival"], "2026-01-09");
    assert_eq!(answer["free_over"]["id"], 1);
    assert_eq!(answer["free_over"]["free_shipping_above"], 5000);
    assert_eq!(answer["shipping_ids_not_excluded_from_free_shipping"], "1");
    let arrivals: Vec<_> = answer["methods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["id"].as_i64().unwrap(),
                m["estimated_arrival"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        arrivals,
        vec![
            (3, "2026-01-05".into()),
            (2, "2026-01-06".into()),
            (1, "2026-01-09".into())
        ]
    );
    assert_eq!(
        answer["pickup"],
        json!({"days": 2, "hours": 41, "date": "2026-01-02",
        "message": {"kind": "on", "date": "2026-01-02"}})
    );
    // Local midnight (05:00 UTC) changes every `days`, before the next cut-off.
    assert_eq!(answer["fulfillment_expires"], "2026-01-01T05:00:00Z");

    let (status, _) = post(&client, "/api/shipping/index", json!({"zip_code": "1"})).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "spec 8: the client empties its options"
    );
}

#[tokio::test]
async fn gift_card_checks_answer_the_balance_or_why_not_and_are_throttled() {
    let client = app().await;
    let (status, answer) = post(
        &client,
        "/api/gift_card",
        json!({"code": "aaaa bbbb cccc 2345"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        answer,
        json!({"code": CARD_A, "last_four": "2345", "balance": 2500})
    );
    for (code, message) in [
        (
            "ZZZZ-ZZZZ-ZZZZ-ZZZZ",
            "code: there is no gift card with this code",
        ),
        (EXPIRED, "code: this gift card has expired"),
    ] {
        let (status, answer) = post(&client, "/api/gift_card", json!({"code": code})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(answer["message"], message);
    }
    // 3 checks so far; the budget is 10 a minute per client: the 11th waits.
    for _ in 3..common::GIFT_CARD_ATTEMPTS_PER_MINUTE {
        let (status, _) = post(
            &client,
            "/api/gift_card",
            json!({"code": "ZZZZ-ZZZZ-ZZZZ-ZZZ2"}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    let resp = client
        .post("/api/gift_card")
        .header("X-Requested-With", "XMLHttpRequest")
        .content_type("application/json")
        .body(json!({"code": CARD_A}).to_string())
        .send()
        .await;
    resp.assert_status(StatusCode::TOO_MANY_REQUESTS);
    assert!(resp.0.headers().get("Retry-After").is_some());
}

#[tokio::test]
async fn a_customer_is_located_at_their_default_address_and_no_one_else_is() {
    let catalog = Arc::new(InMemoryCatalog::new());
    catalog.import(&fixture()).await.unwrap();
    let (state, fakes) = common::state_with(catalog);
    let client = TestClient::new(web::routes(state));
    let dana = common::session::registered(&client, &fakes, "dana@example.com").await;
    let noa = common::session::registered(&client, &fakes, "noa@example.com").await;
    for (zip, default) in [("60601", false), ("90210", true)] {
        let address = json!({"name": "Dana Levi", "line1": "1 Main St", "city": "Somewhere",
            "postal_code": zip, "country": "US", "phone": "555 010 2030", "default": default});
        let added = common::session::call(
            &client,
            "POST",
            "/api/customer/address",
            Some(&dana),
            Some(address),
        )
        .await;
        assert_eq!(added.status, StatusCode::OK, "{}", added.body);
    }
    let located = common::session::call(&client, "GET", "/api/zip_code", Some(&dana), None).await;
    assert_eq!(located.status, StatusCode::OK);
    assert_eq!(
        located.body["zip"], "90210",
        "the default address, not the first"
    );
    assert_eq!(located.body["tax_rate"], 7.25);
    // Another customer, and a guest, get the store's default location.
    let other = common::session::call(&client, "GET", "/api/zip_code", Some(&noa), None).await;
    assert_eq!(other.body["zip"], "10001");
    let forged = common::session::call(&client, "GET", "/api/zip_code", Some("forged"), None).await;
    assert_eq!(forged.body["zip"], "10001");
}
