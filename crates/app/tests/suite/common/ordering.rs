//! Placing orders through the API in tests: a shop over the fake orders store and
//! gateway with a $100.00 gift card issued, and a guest's card order as Review would
//! place it. Shared by the orders and returns API tests.

use super::session::{Answer, call, post};
use poem::http::StatusCode;
use poem::test::TestClient;
use poem::{Endpoint, EndpointExt};
use serde_json::{Value, json};
use store_app::web;
use store_domain::bag::ItemRef;
use store_domain::checkout::gift_cards::GiftCardCode;
use store_domain::checkout::storage::{GiftCards, NewGiftCard};
use store_domain::money::Money;

pub const CARD: &str = "HHHH-JJJJ-KKKK-2345";

pub struct Shop {
    pub client: TestClient<poem::endpoint::BoxEndpoint<'static>>,
    pub fakes: super::Fakes,
    pub shop: super::Shop,
    pub state: store_app::state::AppState,
}

pub async fn shop() -> Shop {
    let (state, fakes, shop) = super::shop().await;
    let code = GiftCardCode::parse(CARD).unwrap();
    let card = NewGiftCard {
        code_hash: code.hash(),
        last_four: code.last_four().into(),
        balance: Money::from_cents(10_000),
        expires_at: None,
    };
    fakes
        .checkout
        .issue_gift_card(&card, super::START)
        .await
        .unwrap();
    let client = TestClient::new(web::routes(state.clone()).map_to_response().boxed());
    Shop {
        client,
        fakes,
        shop,
        state,
    }
}

pub fn kettles(quantity: i64) -> Value {
    json!([{"id": 12, "type": "product", "quantity": quantity}])
}

pub fn books(quantity: i64) -> Value {
    json!([{"id": 61, "type": "product", "quantity": quantity}])
}

pub async fn card_token(client: &TestClient<impl Endpoint>, number: &str) -> String {
    let made = post(
        client,
        "/api/card/createToken",
        json!({"card": number, "exp": "12/30", "cvc": "123"}),
    )
    .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    made.body["token"].as_str().unwrap().to_owned()
}

pub fn address() -> Value {
    json!({"name": "Dana Levi", "line1": "1 Main St", "city": "New York",
           "postal_code": "10001", "country": "US", "phone": "212 555 0100"})
}

/// A guest's order of `products` shipped by method 2 to 10001, priced first as
/// Review prices it, so the expected figures are the quote's.
pub async fn order_body(
    client: &TestClient<impl Endpoint>,
    products: Value,
    extra: Value,
) -> Value {
    let mut quote = json!({"products": products, "later": [], "zip_code": "10001",
                           "country": "US", "shipping": {"type": "ship", "id": 2}});
    for key in ["gift_cards", "shipping", "discount_code"] {
        if let Some(v) = extra.get(key) {
            quote[key] = v.clone();
        }
    }
    let quoted = post(client, "/api/checkout/quote", quote.clone()).await;
    assert_eq!(quoted.status, StatusCode::OK, "{}", quoted.body);
    let mut body = quote;
    // The order is taxed where it goes: it carries no ZIP of its own.
    body.as_object_mut().unwrap().remove("zip_code");
    body.as_object_mut().unwrap().remove("country");
    body["idempotency_key"] = json!(format!("key-{}", rand_suffix()));
    body["shipping_info"] = json!({"address": address()});
    body["email"] = json!("dana@example.com");
    body["expected_total"] = quoted.body["bag"]["totals"]["total"].clone();
    body["expected_amount_due"] = quoted.body["amount_due"].clone();
    body.as_object_mut().unwrap().remove("later");
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

/// A guest's shipped order of `products`, paid by the approved test card.
pub async fn card_order(client: &TestClient<impl Endpoint>, products: Value) -> Value {
    let token = card_token(client, "4242 4242 4242 4242").await;
    order_body(client, products, json!({"payment": {"token": token}})).await
}

pub fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1_000_000_000_000);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

pub fn stock(shop: &Shop, item: ItemRef) -> i64 {
    // Take nothing and give nothing: read the count through a failing take of all.
    let mut units = 0;
    while shop.shop.catalog.take_stock(&[(item, 1)]).is_ok() {
        units += 1;
    }
    shop.shop.catalog.give_stock(&[(item, units)]);
    units
}

pub async fn balance(shop: &Shop) -> i64 {
    let code = GiftCardCode::parse(CARD).unwrap();
    shop.fakes
        .checkout
        .gift_card(&code.hash())
        .await
        .unwrap()
        .unwrap()
        .balance
        .cents()
}

pub async fn place(shop: &Shop, body: &Value, session: Option<&str>) -> Answer {
    call(
        &shop.client,
        "POST",
        "/api/orders",
        session,
        Some(body.clone()),
    )
    .await
}
