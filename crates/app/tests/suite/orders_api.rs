//! Placing orders through `POST /api/orders` and looking them up, over the shop
//! catalogue, the fake orders store (which takes the fake catalogue's stock and the
//! fake checkout store's gift card balances) and the fake gateway. Each failure must
//! leave nothing behind: no order, no charge, no stock or balance taken.

use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::{Value, json};
use store_app::web;
use store_domain::bag::ItemRef;
use store_domain::checkout::gift_cards::GiftCardCode;
use store_domain::checkout::storage::{GiftCards, NewGiftCard};
use store_domain::money::Money;
use store_domain::orders::links::LinkKey;
use store_domain::orders::model::OrderStatus;
use store_domain::orders::number::OrderNumber;
use store_domain::orders::storage::Orders;
use store_domain::payments::ChargeState;
use store_domain::ports::Clock;

use crate::common;

use common::ordering::{
    CARD, Shop, address, balance, books, card_order, card_token, kettles, order_body, place,
    rand_suffix, shop, stock,
};
use common::session::{Answer, call, call_from, call_in_hebrew, post, registered};

#[tokio::test]
async fn a_guest_order_is_charged_once_takes_its_stock_and_mails_a_confirmation() {
    let shop = shop().await;
    let before = stock(&shop, ItemRef::Product(12));
    let body = card_order(&shop.client, kettles(2)).await;

    let placed = place(&shop, &body, None).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let order = &placed.body;
    assert_eq!(order["status"], "paid");
    assert_eq!(order["totals"]["total"], body["expected_total"]);
    assert_eq!(order["totals"]["amount_due"], body["expected_amount_due"]);
    assert_eq!(order["lines"][0]["quantity"], 2);
    assert_eq!(order["delivery"]["type"], "ship");
    assert_eq!(order["card"]["last4"], "4242");
    assert_eq!(stock(&shop, ItemRef::Product(12)), before - 2);

    // A double click and a retry after a lost answer: the same order, one charge.
    for _ in 0..2 {
        let again = place(&shop, &body, None).await;
        assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
        assert_eq!(again.body["number"], order["number"]);
    }
    let charges = shop.shop.gateway.charges();
    assert_eq!(charges.len(), 1);
    assert_eq!(charges[0].state, ChargeState::Captured);
    assert_eq!(
        Some(charges[0].amount),
        order["totals"]["amount_due"].as_i64()
    );
    assert_eq!(stock(&shop, ItemRef::Product(12)), before - 2);

    // The confirmation goes by the job runner, once, with the signed link.
    store_app::jobs_runner::run_due(&shop.state).await.unwrap();
    store_app::jobs_runner::run_due(&shop.state).await.unwrap();
    let mails: Vec<_> = shop
        .fakes
        .mailer
        .sent()
        .into_iter()
        .filter(|m| m.to.as_str() == "dana@example.com")
        .collect();
    assert_eq!(mails.len(), 1);
    let number = order["number"].as_str().unwrap();
    assert!(mails[0].subject.contains(number), "{}", mails[0].subject);
    let token = order["access_token"].as_str().unwrap();
    assert!(
        mails[0]
            .body
            .contains(&format!("/orders/guest/{number}/status?token={token}"))
    );
}

#[tokio::test]
async fn the_same_key_with_another_bag_is_refused() {
    let shop = shop().await;
    let body = card_order(&shop.client, kettles(1)).await;
    assert_eq!(place(&shop, &body, None).await.status, StatusCode::CREATED);
    let mut other = card_order(&shop.client, kettles(2)).await;
    other["idempotency_key"] = body["idempotency_key"].clone();
    let refused = place(&shop, &other, None).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert_eq!(shop.shop.gateway.charges().len(), 1);
}

#[tokio::test]
async fn a_declined_card_leaves_no_order_charge_stock_or_balance_taken() {
    let shop = shop().await;
    let before = stock(&shop, ItemRef::Product(12));
    let declined = card_token(&shop.client, "4000000000000002").await;
    // $100 of gift card on a bigger order, the rest on the declined card.
    let body = order_body(
        &shop.client,
        kettles(5),
        json!({"payment": {"token": declined}, "gift_cards": [CARD]}),
    )
    .await;
    assert!(body["expected_amount_due"].as_i64().unwrap() > 0);
    let refused = place(&shop, &body, None).await;
    assert_eq!(
        refused.status,
        StatusCode::PAYMENT_REQUIRED,
        "{}",
        refused.body
    );
    assert!(
        refused.body["message"]
            .as_str()
            .unwrap()
            .contains("declined")
    );
    assert_eq!(stock(&shop, ItemRef::Product(12)), before);
    assert_eq!(balance(&shop).await, 10_000);
    let listed = shop.shop.orders.orders(None, 10).await.unwrap();
    assert!(listed.iter().all(|o| o.status == OrderStatus::Declined));
    assert!(
        shop.shop
            .gateway
            .charges()
            .iter()
            .all(|c| c.state != ChargeState::Captured),
        "nothing captured"
    );

    // An expired card: refused with its own message, nothing taken either.
    let expired = card_token(&shop.client, "4000000000000069").await;
    let mut again = body.clone();
    again["payment"] = json!({"token": expired});
    again["idempotency_key"] = json!("key-expired-card-1");
    let refused = place(&shop, &again, None).await;
    assert_eq!(
        refused.status,
        StatusCode::PAYMENT_REQUIRED,
        "{}",
        refused.body
    );
    assert_eq!(
        refused.body["message"],
        "Your card has expired. Please use another card."
    );
    assert_eq!(stock(&shop, ItemRef::Product(12)), before);
    assert_eq!(balance(&shop).await, 10_000);

    // Another card, a new key: placed.
    let good = card_token(&shop.client, "4242 4242 4242 4242").await;
    let mut retry = body.clone();
    retry["payment"] = json!({"token": good});
    retry["idempotency_key"] = json!("key-after-a-decline-1");
    let placed = place(&shop, &retry, None).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    assert_eq!(balance(&shop).await, 0);
    assert_eq!(stock(&shop, ItemRef::Product(12)), before - 5);
}

#[tokio::test]
async fn a_stale_total_sold_out_stock_and_a_spent_gift_card_are_409s_with_nothing_taken() {
    let shop = shop().await;
    let token = card_token(&shop.client, "4242 4242 4242 4242").await;

    let mut stale = card_order(&shop.client, kettles(1)).await;
    stale["expected_total"] = json!(stale["expected_total"].as_i64().unwrap() - 1);
    let refused = place(&shop, &stale, None).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert!(refused.body["message"].as_str().unwrap().contains("total"));

    // Ten books exist: a bag of ten priced at Review, then someone buys one.
    let all = order_body(
        &shop.client,
        books(10),
        json!({"payment": {"token": token}}),
    )
    .await;
    let one = order_body(&shop.client, books(1), json!({"payment": {"token": token}})).await;
    assert_eq!(place(&shop, &one, None).await.status, StatusCode::CREATED);
    let sold_out = place(&shop, &all, None).await;
    assert_eq!(sold_out.status, StatusCode::CONFLICT, "{}", sold_out.body);
    assert_eq!(stock(&shop, ItemRef::Product(61)), 9);

    // The gift card pays a whole order priced at Review; another order spends it first.
    let by_card = order_body(&shop.client, kettles(1), json!({"gift_cards": [CARD]})).await;
    assert_eq!(by_card["expected_amount_due"], 0);
    let first = order_body(
        &shop.client,
        kettles(3),
        json!({"gift_cards": [CARD],
        "payment": {"token": token}}),
    )
    .await;
    assert_eq!(place(&shop, &first, None).await.status, StatusCode::CREATED);
    let spent = place(&shop, &by_card, None).await;
    assert_eq!(spent.status, StatusCode::CONFLICT, "{}", spent.body);
    assert_eq!(balance(&shop).await, 0);
}

#[tokio::test]
async fn an_order_is_shown_to_its_customer_its_token_or_its_email_and_to_nobody_else() {
    let shop = shop().await;
    let dana = registered(&shop.client, &shop.fakes, "dana@example.com").await;
    let omer = registered(&shop.client, &shop.fakes, "omer@example.com").await;
    // Dana picks up, paying in full by gift card.
    let mut body = order_body(
        &shop.client,
        kettles(1),
        json!({"shipping": {"type": "pickup"}, "gift_cards": [CARD],
               "pickup_info": {"name": "Dana Levi", "email": "dana@example.com", "phone": "212 555 0100"}}),
    )
    .await;
    body.as_object_mut().unwrap().remove("shipping_info");
    // Her stored bag holds the kettle she buys and a book she keeps.
    let stored = json!({"bag": [{"id": 12, "type": "product", "quantity": 1},
                                {"id": 61, "type": "product", "quantity": 1}]});
    let saved = call(
        &shop.client,
        "POST",
        "/api/customer/bag",
        Some(&dana),
        Some(stored),
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let placed = place(&shop, &body, Some(&dana)).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    assert_eq!(placed.body["delivery"]["type"], "pickup");
    let bag = call(&shop.client, "GET", "/api/customer/bag", Some(&dana), None).await;
    let left: Vec<_> = bag.body["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].clone())
        .collect();
    assert_eq!(left, [json!(61)], "what she bought left her stored bag");
    assert_eq!(placed.body["totals"]["amount_due"], 0);
    assert!(
        shop.shop.gateway.charges().is_empty(),
        "the gift card paid it all"
    );
    let number = placed.body["number"].as_str().unwrap();
    let path = format!("/api/orders/{number}");

    let mine = call(&shop.client, "GET", &path, Some(&dana), None).await;
    assert_eq!(mine.status, StatusCode::OK);
    let listed = call(
        &shop.client,
        "GET",
        "/api/customer/orders",
        Some(&dana),
        None,
    )
    .await;
    assert_eq!(listed.body["orders"][0]["number"], number);
    let theirs = call(
        &shop.client,
        "GET",
        "/api/customer/orders",
        Some(&omer),
        None,
    )
    .await;
    assert_eq!(theirs.body["orders"], json!([]));
    assert_eq!(
        call(&shop.client, "GET", "/api/customer/orders", None, None)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    for who in [Some(omer.as_str()), None] {
        let hidden = call(&shop.client, "GET", &path, who, None).await;
        assert_eq!(hidden.status, StatusCode::NOT_FOUND, "{}", hidden.body);
    }
    let signed = placed.body["access_token"].as_str().unwrap();
    let by_link = call(
        &shop.client,
        "GET",
        &format!("{path}?token={signed}"),
        None,
        None,
    )
    .await;
    assert_eq!(by_link.status, StatusCode::OK);
    let wrong = call(
        &shop.client,
        "GET",
        &format!("{path}?token={}", "0".repeat(32)),
        None,
        None,
    )
    .await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND);

    let status = format!("{path}/status");
    let guest = post(&shop.client, &status, json!({"email": "DANA@example.com"})).await;
    assert_eq!(guest.status, StatusCode::OK, "{}", guest.body);
    assert_eq!(guest.body["number"], number);
    let stranger = post(&shop.client, &status, json!({"email": "omer@example.com"})).await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
    let unknown = post(
        &shop.client,
        "/api/orders/2222-3333-4444/status",
        json!({"email": "dana@example.com"}),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

/// A guest's order placed in Hebrew keeps its language and the method's Hebrew name;
/// registering the order's address (the thank-you page's offer) brings the order into
/// the account, and Review then offers the method it came by first.
#[tokio::test]
async fn an_account_made_after_a_guest_order_holds_it_and_knows_how_it_came() {
    let shop = shop().await;
    let body = card_order(&shop.client, kettles(1)).await;
    let placed = call_in_hebrew(&shop.client, "POST", "/api/orders", None, Some(body)).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    assert_eq!(placed.body["delivery"]["method_name"], "Expedited");
    assert_eq!(placed.body["delivery"]["heb_method_name"], "משלוח מהיר");
    let number = placed.body["number"].as_str().unwrap();
    let mailed = shop
        .state
        .orders
        .records
        .order(&OrderNumber::parse(number).unwrap())
        .await;
    assert_eq!(
        mailed.unwrap().unwrap().language,
        store_domain::language::Language::Hebrew
    );

    let omer = registered(&shop.client, &shop.fakes, "omer@example.com").await;
    let dana = registered(&shop.client, &shop.fakes, "dana@example.com").await;
    let listed = |who: String| {
        let client = &shop.client;
        async move { call(client, "GET", "/api/customer/orders", Some(&who), None).await }
    };
    assert_eq!(
        listed(dana.clone()).await.body["orders"][0]["number"],
        number
    );
    assert_eq!(listed(omer.clone()).await.body["orders"], json!([]));
    let me = call(&shop.client, "GET", "/api/customer", Some(&dana), None).await;
    assert_eq!(me.body["last_delivery"], json!({"type": "ship", "id": 2}));
    let other = call(&shop.client, "GET", "/api/customer", Some(&omer), None).await;
    assert_eq!(other.body["last_delivery"], Value::Null);
}

/// The confirmation of an order placed in Hebrew is in Hebrew, shows each line's
/// choices with their names, and lists every figure the total is made of.
#[tokio::test]
async fn the_confirmation_speaks_the_order_s_language_and_adds_up() {
    let shop = shop().await;
    let mug = json!([{"id": 1002, "type": "variation", "item_key": "k1", "quantity": 1,
                      "gift_options": true, "personalization": {"initials": "NOA"}}]);
    let body = card_order(&shop.client, mug).await;
    let placed = call_in_hebrew(&shop.client, "POST", "/api/orders", None, Some(body)).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let line = &placed.body["lines"][0];
    assert_eq!(line["options"][0]["heb_name"], "צבע");
    assert_eq!(line["labels"][0]["heb_label"], "ראשי תיבות");
    store_app::jobs_runner::run_due(&shop.state).await.unwrap();
    let (subject, mail) = common::session::last_mail(&shop.fakes, "dana@example.com");
    assert!(subject.starts_with("ההזמנה שלך"), "{subject}");
    assert!(
        mail.contains("צבע: Red · עטוף למתנה · ראשי תיבות: NOA"),
        "{mail}"
    );
    assert!(mail.contains("משלוח מהיר אל Dana Levi"), "{mail}");
    let totals = &placed.body["totals"];
    let cents = |key: &str| totals[key].as_i64().unwrap();
    let money = |c: i64| format!("${}.{:02}", c / 100, c % 100);
    let listed = [
        "subtotal",
        "gift_options",
        "personalization_fees",
        "shipping",
        "tax",
    ];
    for key in listed {
        assert!(cents(key) > 0, "{key} is part of this order");
        assert!(
            mail.contains(&money(cents(key))),
            "{key} missing from {mail}"
        );
    }
    let sum: i64 = listed.iter().map(|k| cents(k)).sum::<i64>() - cents("discount");
    assert_eq!(sum, cents("total"), "the mailed figures make the total");
    assert!(
        mail.contains(&format!("סה״כ {}", money(cents("total")))),
        "{mail}"
    );
}

/// A shopper reading Hebrew is refused in Hebrew, the field still named (issue 27).
#[tokio::test]
async fn refusals_come_in_the_shopper_s_language() {
    let shop = shop().await;
    let unknown = json!({"code": "ABCD-EFGH-JKMN-PQRS"});
    let english = call(
        &shop.client,
        "POST",
        "/api/gift_card",
        None,
        Some(unknown.clone()),
    )
    .await;
    assert_eq!(english.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        english.body["message"],
        "code: there is no gift card with this code"
    );
    let hebrew = call_in_hebrew(&shop.client, "POST", "/api/gift_card", None, Some(unknown)).await;
    assert_eq!(hebrew.status, StatusCode::BAD_REQUEST);
    assert_eq!(hebrew.body["message"], "code: אין כרטיס מתנה עם הקוד הזה");
    let signed_out = call_in_hebrew(&shop.client, "GET", "/api/customer/orders", None, None).await;
    assert_eq!(signed_out.status, StatusCode::FORBIDDEN);
    assert_eq!(signed_out.body["message"], "נא להתחבר לחשבון.");
}

#[tokio::test]
async fn an_order_left_half_placed_is_finished_by_the_sweep_or_released_when_abandoned() {
    let shop = shop().await;
    let before = stock(&shop, ItemRef::Product(12));
    let body = card_order(&shop.client, kettles(1)).await;

    // The card service is down: the order waits, reserved, and the shopper is told to retry.
    shop.shop.gateway.set_down(true);
    let waiting = place(&shop, &body, None).await;
    assert_eq!(
        waiting.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        waiting.body
    );
    assert_eq!(stock(&shop, ItemRef::Product(12)), before - 1);
    let unfinished = shop.shop.orders.unfinished().await.unwrap();
    assert_eq!(unfinished.len(), 1);

    // Back up: the sweep finishes it, charged once; the retry answers the same order.
    shop.shop.gateway.set_down(false);
    let swept = store_app::jobs_runner::sweep(&shop.state).await.unwrap();
    assert_eq!((swept.paid, swept.released, swept.left), (1, 0, 0));
    let retried = place(&shop, &body, None).await;
    assert_eq!(retried.status, StatusCode::CREATED, "{}", retried.body);
    assert_eq!(retried.body["status"], "paid");
    assert_eq!(shop.shop.gateway.charges().len(), 1);

    // One left past the abandon time is released, its hold voided.
    let second = card_order(&shop.client, kettles(1)).await;
    shop.shop.gateway.set_down(true);
    assert_eq!(
        place(&shop, &second, None).await.status,
        StatusCode::SERVICE_UNAVAILABLE
    );
    shop.shop.gateway.set_down(false);
    shop.fakes
        .clock
        .advance(std::time::Duration::from_secs(2 * 3600));
    let swept = store_app::jobs_runner::sweep(&shop.state).await.unwrap();
    assert_eq!((swept.paid, swept.released), (0, 1));
    assert_eq!(stock(&shop, ItemRef::Product(12)), before - 1);
    // The lapsed order is not the card's fault: a 409 that says so, not a decline.
    let again = place(&shop, &second, None).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert!(again.body.to_string().contains("not finished in time"));
}

#[tokio::test]
async fn bad_order_requests_are_400s_that_name_the_field() {
    let shop = shop().await;
    let good = card_order(&shop.client, kettles(1)).await;
    let cases = [
        ("idempotency_key", json!("short")),
        ("payment", json!({"token": "tok_nobody"})),
        ("email", json!("not-an-email")),
        ("shipping_info", json!({})),
    ];
    for (field, value) in cases {
        let mut body = good.clone();
        body[field] = value;
        let refused = place(&shop, &body, None).await;
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{field}: {}",
            refused.body
        );
    }
    let mut unpaid = good.clone();
    unpaid.as_object_mut().unwrap().remove("payment");
    let refused = place(&shop, &unpaid, None).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused.body["message"]
            .as_str()
            .unwrap()
            .starts_with("payment")
    );
    assert!(shop.shop.orders.orders(None, 10).await.unwrap().is_empty());
}

/// The same path on the real adapters: SQLite's conditional updates, trigger and
/// CHECKs, and the sandbox gateway's idempotent charges.
#[tokio::test]
async fn on_sqlite_an_order_takes_stock_once_and_a_decline_gives_everything_back() {
    use std::sync::Arc;
    use store_adapters::fakes::fixture;
    use store_adapters::sandbox::SandboxGateway;
    use store_adapters::sqlite::SqliteStore;
    use store_domain::ports::{Catalog, CatalogWriter};
    let store = Arc::new(SqliteStore::open("sqlite::memory:", 1).await.unwrap());
    store.migrate().await.unwrap();
    store.import(&fixture()).await.unwrap();
    let (mut state, fakes) = common::state_with(store.clone());
    state.orders.records = store.clone();
    state.orders.jobs = store.clone();
    state.checkout.gift_cards = store.clone();
    state.checkout.discounts = store.clone();
    state.checkout.gateway = Arc::new(SandboxGateway::new((*store).clone()));
    let code = GiftCardCode::parse(CARD).unwrap();
    let card = NewGiftCard {
        code_hash: code.hash(),
        last_four: code.last_four().into(),
        balance: Money::from_cents(1_000),
        expires_at: None,
    };
    store.issue_gift_card(&card, common::START).await.unwrap();
    let client = TestClient::new(web::routes(state.clone()));
    let units = |offers: Vec<store_domain::bag::Offer>| match &offers[0].stock {
        store_domain::bag::OfferStock::Units(n) => *n,
        other => panic!("{other:?}"),
    };
    let before = units(store.offers(&[ItemRef::Product(12)]).await.unwrap());

    let good = card_token(&client, "4242 4242 4242 4242").await;
    let body = order_body(
        &client,
        kettles(2),
        json!({"payment": {"token": good}, "gift_cards": [CARD]}),
    )
    .await;
    for _ in 0..2 {
        let placed = call(&client, "POST", "/api/orders", None, Some(body.clone())).await;
        assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
        assert_eq!(placed.body["status"], "paid");
        assert_eq!(placed.body["totals"]["gift_card_total"], 1_000);
    }
    assert_eq!(
        units(store.offers(&[ItemRef::Product(12)]).await.unwrap()),
        before - 2
    );
    assert_eq!(
        store
            .gift_card(&code.hash())
            .await
            .unwrap()
            .unwrap()
            .balance
            .cents(),
        0
    );
    let orders = store.orders(None, 10).await.unwrap();
    assert_eq!(orders.len(), 1);
    assert!(orders[0].card.as_ref().unwrap().charge_id.is_some());

    let declined = card_token(&client, "4000000000000002").await;
    let body = order_body(&client, kettles(3), json!({"payment": {"token": declined}})).await;
    let refused = call(&client, "POST", "/api/orders", None, Some(body)).await;
    assert_eq!(
        refused.status,
        StatusCode::PAYMENT_REQUIRED,
        "{}",
        refused.body
    );
    assert_eq!(
        units(store.offers(&[ItemRef::Product(12)]).await.unwrap()),
        before - 2
    );
    assert_eq!(
        store
            .orders(Some(OrderStatus::Declined), 10)
            .await
            .unwrap()
            .len(),
        1
    );

    // The job runner mails the confirmation once, across runs.
    store_app::jobs_runner::run_due(&state).await.unwrap();
    store_app::jobs_runner::run_due(&state).await.unwrap();
    assert_eq!(fakes.mailer.sent().len(), 1);
    let listed = store_domain::jobs::Jobs::jobs(store.as_ref(), 10)
        .await
        .unwrap();
    assert_eq!(listed.len(), 1);
    assert!(listed[0].done_at.is_some());
}

#[tokio::test]
async fn an_e_gift_card_is_issued_when_paid_and_mailed_to_its_recipient_on_its_date() {
    let shop = shop().await;
    let gift = json!({"recipient_name": "Noa", "recipient_email": "noa@example.com",
                      "message": "Happy birthday!", "send_on": "2026-01-03"});
    let products = json!([{"id": 60, "type": "giftCard", "quantity": 2,
                           "item_key": "e-gift-1", "personalization": gift}]);
    let quote = json!({"products": products, "later": [], "zip_code": "10001", "country": "US"});
    let quoted = post(&shop.client, "/api/checkout/quote", quote.clone()).await;
    assert_eq!(quoted.status, StatusCode::OK, "{}", quoted.body);
    assert_eq!(
        quoted.body["bag"]["totals"]["tax"], 0,
        "gift cards are not taxed"
    );
    let token = card_token(&shop.client, "4242 4242 4242 4242").await;
    let mut body = quote;
    body.as_object_mut().unwrap().remove("later");
    body["idempotency_key"] = json!("e-gift-order-key-1");
    body["digital_info"] = json!({"email": "dana@example.com", "postal_code": "10001"});
    body["email"] = json!("dana@example.com");
    body["payment"] = json!({"token": token});
    body["expected_total"] = quoted.body["bag"]["totals"]["total"].clone();
    body["expected_amount_due"] = quoted.body["amount_due"].clone();

    let placed = place(&shop, &body, None).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    assert_eq!(placed.body["delivery"]["type"], "digital");
    assert_eq!(placed.body["lines"][0]["gift_card"], true);
    assert_eq!(placed.body["totals"]["total"], 5_000);

    // Before its date only the confirmation goes; on it, one mail per card, each
    // with its own code, and each code pays at checkout for its face value.
    store_app::jobs_runner::run_all_due(&shop.state)
        .await
        .unwrap();
    let to_noa = |shop: &Shop| -> Vec<_> {
        shop.fakes
            .mailer
            .sent()
            .into_iter()
            .filter(|m| m.to.as_str() == "noa@example.com")
            .collect()
    };
    assert!(to_noa(&shop).is_empty(), "not before 2026-01-03");
    shop.fakes
        .clock
        .set(common::START.plus(std::time::Duration::from_secs(2 * 86_400 + 60)));
    store_app::jobs_runner::run_all_due(&shop.state)
        .await
        .unwrap();
    store_app::jobs_runner::run_all_due(&shop.state)
        .await
        .unwrap();
    let mails = to_noa(&shop);
    assert_eq!(mails.len(), 2, "one mail per card, once each");
    let mut codes = Vec::new();
    for mail in &mails {
        assert!(mail.body.contains("Happy birthday!"), "{}", mail.body);
        let code = mail
            .body
            .lines()
            .find_map(|l| l.strip_prefix("Your gift card code: "))
            .expect("the mail carries the code")
            .to_owned();
        let checked = post(&shop.client, "/api/gift_card", json!({"code": code})).await;
        assert_eq!(checked.status, StatusCode::OK, "{}", checked.body);
        assert_eq!(checked.body["balance"], 2_500, "{}", checked.body);
        codes.push(code);
    }
    assert_ne!(codes[0], codes[1]);

    // Details a card cannot carry are refused before anything is placed.
    let mut bad = body.clone();
    bad["idempotency_key"] = json!("e-gift-order-key-2");
    bad["products"][0]["personalization"] = json!({"recipient_email": "not an e-mail"});
    // The bag's quote withdraws such a line, so the order finds the bag changed.
    let refused = place(&shop, &bad, None).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert!(
        refused.body.to_string().contains("recipient_email"),
        "{}",
        refused.body
    );
    bad["products"][0]["personalization"] = json!({"send_on": "2028-01-01"});
    let too_far = place(&shop, &bad, None).await;
    assert_eq!(too_far.status, StatusCode::BAD_REQUEST, "{}", too_far.body);
    assert!(
        too_far.body.to_string().contains("send_on"),
        "{}",
        too_far.body
    );
}

#[tokio::test]
async fn the_owner_moves_an_order_on_each_move_is_mailed_and_a_cancel_is_refunded() {
    use store_app::orders_cli::{self, OrdersCommand};
    use store_domain::orders::number::OrderNumber;
    let shop = shop().await;
    let before = stock(&shop, ItemRef::Product(12));
    let mut numbers = Vec::new();
    for _ in 0..2 {
        let body = card_order(&shop.client, kettles(1)).await;
        let placed = place(&shop, &body, None).await;
        assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
        numbers.push(OrderNumber::parse(placed.body["number"].as_str().unwrap()).unwrap());
    }
    let now = common::START;
    let owner = |number: &OrderNumber, status: OrderStatus| OrdersCommand::Move {
        number: number.clone(),
        status,
    };
    let orders = shop.shop.orders.as_ref();
    let shipped = orders_cli::run(
        orders,
        &shop.state.orders.links,
        &owner(&numbers[0], OrderStatus::Shipped),
        now,
    )
    .await
    .unwrap();
    assert!(shipped.contains("shipped"), "{shipped}");
    // Backwards, or a cancel once shipped, is refused and changes nothing.
    for status in [OrderStatus::Packed, OrderStatus::Cancelled] {
        let refused = orders_cli::run(
            orders,
            &shop.state.orders.links,
            &owner(&numbers[0], status),
            now,
        )
        .await;
        assert!(refused.is_err(), "{status:?}");
    }
    orders_cli::run(
        orders,
        &shop.state.orders.links,
        &owner(&numbers[1], OrderStatus::Cancelled),
        now,
    )
    .await
    .unwrap();
    assert_eq!(
        stock(&shop, ItemRef::Product(12)),
        before - 1,
        "the cancelled kettle is back"
    );

    store_app::jobs_runner::run_all_due(&shop.state)
        .await
        .unwrap();
    let subjects: Vec<String> = shop
        .fakes
        .mailer
        .sent()
        .into_iter()
        .map(|m| m.subject)
        .collect();
    let mailed = |number: &OrderNumber, words: &str| {
        subjects
            .iter()
            .filter(|s| s.contains(&number.to_string()) && s.contains(words))
            .count()
    };
    assert_eq!(mailed(&numbers[0], "is on its way"), 1, "{subjects:?}");
    assert_eq!(mailed(&numbers[1], "was cancelled"), 1, "{subjects:?}");
    let refunded: Vec<_> = shop
        .shop
        .gateway
        .charges()
        .into_iter()
        .filter(|c| c.refunded > 0)
        .collect();
    assert_eq!(refunded.len(), 1, "one refund, of the cancelled order");
    assert_eq!(refunded[0].refunded, refunded[0].amount, "in full");
    let listed = orders_cli::run(
        orders,
        &shop.state.orders.links,
        &OrdersCommand::List {
            status: Some(OrderStatus::Cancelled),
            limit: 10,
        },
        now,
    )
    .await
    .unwrap();
    assert!(listed.contains(&numbers[1].to_string()), "{listed}");
    assert!(!listed.contains(&numbers[0].to_string()), "{listed}");
}

/// Quotes `quote` and places it as `delivery` says (merged into the body), with the
/// figures that quote showed: what an attacker would send after a cheaper quote.
async fn place_as_quoted(shop: &Shop, quote: Value, delivery: Value) -> (Value, Answer) {
    let quoted = post(&shop.client, "/api/checkout/quote", quote.clone()).await;
    assert_eq!(quoted.status, StatusCode::OK, "{}", quoted.body);
    let token = card_token(&shop.client, "4242 4242 4242 4242").await;
    let mut body = json!({
        "idempotency_key": format!("key-{}", rand_suffix()),
        "products": quote["products"],
        "email": "dana@example.com",
        "payment": {"token": token},
        "expected_total": quoted.body["bag"]["totals"]["total"],
        "expected_amount_due": quoted.body["amount_due"],
    });
    for field in ["shipping", "gift_cards", "discount_code"] {
        if let Some(value) = quote.get(field) {
            body[field] = value.clone();
        }
    }
    for (k, v) in delivery.as_object().unwrap() {
        body[k] = v.clone();
    }
    let placed = place(shop, &body, None).await;
    (quoted.body, placed)
}

fn message(answer: &Answer) -> &str {
    answer.body["message"].as_str().unwrap_or_default()
}

/// Security review H1: leaving the ZIP out, or quoting another one, must not remove
/// the tax or buy domestic shipping abroad. The order is taxed and its shipping
/// zoned from where it goes; a quote at any other place is refused (its figures
/// differ), and nothing is placed or charged.
#[tokio::test]
async fn an_order_is_taxed_and_zoned_where_it_goes_not_at_a_zip_beside_it() {
    let shop = shop().await;
    let ship = |id: u32| json!({"type": "ship", "id": id});
    let to_new_york = json!({"shipping_info": {"address": address()}});

    // No ZIP at all: the quote has no tax, the order to New York does.
    let zipless = json!({"products": kettles(1), "later": [], "shipping": ship(2)});
    let (quoted, placed) = place_as_quoted(&shop, zipless, to_new_york.clone()).await;
    assert_eq!(quoted["bag"]["totals"]["tax"], 0);
    assert_eq!(placed.status, StatusCode::CONFLICT, "{}", placed.body);
    assert!(message(&placed).contains("total"), "{}", placed.body);

    // Another state's ZIP (Oregon, no sales tax) beside a New York address.
    let oregon = json!({"products": kettles(1), "later": [], "zip_code": "97201",
                        "country": "US", "shipping": ship(2)});
    let (_, placed) = place_as_quoted(&shop, oregon, to_new_york.clone()).await;
    assert_eq!(placed.status, StatusCode::CONFLICT, "{}", placed.body);

    // A ZIP sent beside the address in the order itself is not read.
    let honest = json!({"products": kettles(1), "later": [], "zip_code": "10001",
                        "country": "US", "shipping": ship(2)});
    let mut with_zip = to_new_york.clone();
    with_zip["zip_code"] = json!("97201");
    let (quoted, placed) = place_as_quoted(&shop, honest, with_zip).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    assert!(quoted["bag"]["totals"]["tax"].as_i64().unwrap() > 0);
    assert_eq!(placed.body["totals"]["tax"], quoted["bag"]["totals"]["tax"]);
    assert_eq!(shop.shop.gateway.charges().len(), 1);

    // A French address: Expedited is a US-only method here, and Standard is priced
    // at the international rate, not the US one the quote showed.
    let paris = json!({"shipping_info": {"address": {"name": "Ada B", "line1": "1 rue X",
        "city": "Paris", "postal_code": "75001", "country": "FR", "phone": "+33 1 23 45 67 89"}}});
    let us_method = json!({"products": kettles(1), "later": [], "shipping": ship(2)});
    let (_, placed) = place_as_quoted(&shop, us_method, paris.clone()).await;
    assert_eq!(placed.status, StatusCode::BAD_REQUEST, "{}", placed.body);
    assert!(message(&placed).starts_with("shipping"), "{}", placed.body);
    let us_priced = json!({"products": kettles(1), "later": [], "shipping": ship(1)});
    let (_, placed) = place_as_quoted(&shop, us_priced, paris.clone()).await;
    assert_eq!(placed.status, StatusCode::CONFLICT, "{}", placed.body);
    let french = json!({"products": kettles(1), "later": [], "zip_code": "75001",
                        "country": "FR", "shipping": ship(1)});
    let (quoted, placed) = place_as_quoted(&shop, french, paris).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    assert_eq!(placed.body["totals"]["shipping"], 1999);
    assert_eq!(quoted["shipping"]["price"], 1999);

    // A US ZIP that does not exist on the address: 400 naming the address's field.
    let mut nowhere = address();
    nowhere["postal_code"] = json!("00000");
    let anywhere = json!({"products": kettles(1), "later": [], "shipping": ship(2)});
    let (_, placed) = place_as_quoted(
        &shop,
        anywhere,
        json!({"shipping_info": {"address": nowhere}}),
    )
    .await;
    assert_eq!(placed.status, StatusCode::BAD_REQUEST, "{}", placed.body);
    assert!(
        message(&placed).starts_with("shipping_info.address.postal_code"),
        "{}",
        placed.body
    );
    assert_eq!(
        shop.shop.gateway.charges().len(),
        2,
        "only the two honest orders paid"
    );
}

/// Pickup is taxed at the store, whatever ZIP is sent, in the quote and the order.
#[tokio::test]
async fn a_pickup_order_is_taxed_at_the_store_whatever_zip_is_sent() {
    let shop = shop().await;
    let pickup = json!({"pickup_info": {"name": "Dana Levi", "email": "dana@example.com",
                                        "phone": "212 555 0100"}});
    let at_store = json!({"products": kettles(1), "later": [], "zip_code": "10001",
                          "country": "US", "shipping": {"type": "pickup"}});
    let store_quote = post(&shop.client, "/api/checkout/quote", at_store).await;
    let store_tax = store_quote.body["bag"]["totals"]["tax"].clone();
    assert!(store_tax.as_i64().unwrap() > 0, "{}", store_quote.body);
    for (zip, country) in [("75001", "FR"), ("97201", "US")] {
        let quote = json!({"products": kettles(1), "later": [], "zip_code": zip,
                           "country": country, "shipping": {"type": "pickup"}});
        let (quoted, placed) = place_as_quoted(&shop, quote, pickup.clone()).await;
        assert_eq!(quoted["bag"]["totals"]["tax"], store_tax, "{zip}");
        assert_eq!(quoted["location"]["zip"], "10001", "{zip}");
        assert_eq!(placed.status, StatusCode::CREATED, "{zip}: {}", placed.body);
        assert_eq!(placed.body["totals"]["tax"], store_tax, "{zip}");
    }
}

/// An e-mailed bag is taxed at the billing postal code, which it must give.
#[tokio::test]
async fn a_digital_order_needs_its_billing_code_and_is_taxed_there() {
    let shop = shop().await;
    let download = json!([{"id": 62, "type": "product", "quantity": 1}]);
    let billed = |code: Option<&str>| {
        let mut info = json!({"email": "dana@example.com"});
        if let Some(code) = code {
            info["postal_code"] = json!(code);
        }
        json!({"digital_info": info})
    };
    let oregon = json!({"products": download, "later": [], "zip_code": "97201", "country": "US"});
    // Left out: the document requires it, so the parser refuses the digital info.
    let (_, placed) = place_as_quoted(&shop, oregon.clone(), billed(None)).await;
    assert_eq!(placed.status, StatusCode::BAD_REQUEST, "{}", placed.body);
    assert!(
        message(&placed).contains("DigitalInfoInput"),
        "{}",
        placed.body
    );
    let (_, placed) = place_as_quoted(&shop, oregon.clone(), billed(Some("00000"))).await;
    assert_eq!(placed.status, StatusCode::BAD_REQUEST, "{}", placed.body);
    assert!(
        message(&placed).starts_with("digital_info.postal_code"),
        "{}",
        placed.body
    );
    // Quoted in Oregon, billed in New York: the figures differ, nothing is placed.
    let (_, placed) = place_as_quoted(&shop, oregon, billed(Some("10001"))).await;
    assert_eq!(placed.status, StatusCode::CONFLICT, "{}", placed.body);
    let new_york = json!({"products": download, "later": [], "zip_code": "10001", "country": "US"});
    let (quoted, placed) = place_as_quoted(&shop, new_york, billed(Some("10001"))).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    assert!(quoted["bag"]["totals"]["tax"].as_i64().unwrap() > 0);
    assert_eq!(placed.body["totals"]["tax"], quoted["bag"]["totals"]["tax"]);
    assert_eq!(shop.shop.gateway.charges().len(), 1);
}

/// Security review M11: the store is no card-testing oracle. After a few declines a
/// client tries no more cards for a while, even a good one; nothing is charged.
#[tokio::test]
async fn after_a_few_declines_a_client_tries_no_more_cards() {
    let shop = shop().await;
    for _ in 0..common::DECLINES {
        let declined = card_token(&shop.client, "4000000000000002").await;
        let body = order_body(
            &shop.client,
            kettles(1),
            json!({"payment": {"token": declined}}),
        )
        .await;
        let refused = place(&shop, &body, None).await;
        assert_eq!(
            refused.status,
            StatusCode::PAYMENT_REQUIRED,
            "{}",
            refused.body
        );
    }
    let body = card_order(&shop.client, kettles(1)).await;
    let held = place(&shop, &body, None).await;
    assert_eq!(held.status, StatusCode::TOO_MANY_REQUESTS, "{}", held.body);
    assert!(message(&held).contains("declined"), "{}", held.body);
    assert!(
        shop.shop
            .gateway
            .charges()
            .iter()
            .all(|c| c.state != ChargeState::Captured),
        "no card was taken"
    );
}

/// Security review M5: the free quote is no faster way to guess codes than the gift
/// card check. Past the wrong codes a client may send, no code is looked up (not even
/// a real one), while a quote without codes is answered.
#[tokio::test]
async fn a_client_guessing_codes_in_quotes_is_held_back() {
    let shop = shop().await;
    let quote = |codes: Value| {
        json!({"products": kettles(1), "later": [], "zip_code": "10001", "country": "US",
               "gift_cards": codes})
    };
    for n in 0..common::GIFT_CARD_ATTEMPTS_PER_MINUTE {
        let last = char::from(b"23456789ABCDEFGH"[n as usize]);
        let guess = format!("HHHH-JJJJ-KKKK-ZZZ{last}");
        let answer = post(&shop.client, "/api/checkout/quote", quote(json!([guess]))).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
        assert!(
            message(&answer).contains("no gift card with this code"),
            "{}",
            answer.body
        );
    }
    let real = post(&shop.client, "/api/checkout/quote", quote(json!([CARD]))).await;
    assert_eq!(real.status, StatusCode::TOO_MANY_REQUESTS, "{}", real.body);
    let discount = json!({"products": kettles(1), "later": [], "discount_code": "STAFF50"});
    let guessed = post(&shop.client, "/api/checkout/quote", discount).await;
    assert_eq!(
        guessed.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        guessed.body
    );
    let plain = post(&shop.client, "/api/checkout/quote", quote(json!([]))).await;
    assert_eq!(plain.status, StatusCode::OK, "{}", plain.body);
}

/// Security review M6: cancelling an order that sold e-gift cards takes the cards back
/// (their mails never go), and a cancel is refused once one of them has been spent.
#[tokio::test]
async fn a_cancel_takes_back_the_e_gift_cards_it_sold_or_is_refused_once_one_is_spent() {
    use store_app::orders_cli::{self, OrdersCommand};
    use store_domain::orders::number::OrderNumber;
    let shop = shop().await;
    let buy = |key: &'static str| {
        let gift = json!({"recipient_name": "Noa", "recipient_email": "noa@example.com",
                          "send_on": "2026-01-03"});
        let products = json!([{"id": 60, "type": "giftCard", "quantity": 1,
                               "item_key": "e-gift-1", "personalization": gift}]);
        let quote = json!({"products": products, "later": [], "zip_code": "10001"});
        let shop = &shop;
        async move {
            let (_, placed) = place_as_quoted(
                shop,
                quote,
                json!({"digital_info": {"email": "dana@example.com", "postal_code": "10001"},
                       "idempotency_key": key}),
            )
            .await;
            assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
            OrderNumber::parse(placed.body["number"].as_str().unwrap()).unwrap()
        }
    };
    let cancel = |number: &OrderNumber| OrdersCommand::Move {
        number: number.clone(),
        status: OrderStatus::Cancelled,
    };
    let now = common::START;
    let links = &shop.state.orders.links;
    let code_of = |number: &OrderNumber| links.gift_card_code(number, 0, 0);

    // Cancelled before its date: the card is emptied and never mailed.
    let first = buy("e-gift-cancel-key-1").await;
    orders_cli::run(
        shop.state.orders.records.as_ref(),
        links,
        &cancel(&first),
        now,
    )
    .await
    .unwrap();
    let checked = post(
        &shop.client,
        "/api/gift_card",
        json!({"code": code_of(&first).display()}),
    )
    .await;
    assert_eq!(checked.status, StatusCode::BAD_REQUEST, "{}", checked.body);
    shop.fakes
        .clock
        .set(common::START.plus(std::time::Duration::from_secs(3 * 86_400)));
    store_app::jobs_runner::run_all_due(&shop.state)
        .await
        .unwrap();
    let to_noa = shop
        .fakes
        .mailer
        .sent()
        .into_iter()
        .filter(|m| m.to.as_str() == "noa@example.com")
        .count();
    assert_eq!(to_noa, 0, "a cancelled order's card is not mailed");

    // Spent in part: the cancel is refused and changes nothing.
    let second = buy("e-gift-cancel-key-2").await;
    let spend = json!({"products": books(1), "later": [], "zip_code": "10001",
                       "shipping": {"type": "ship", "id": 2},
                       "gift_cards": [code_of(&second).display()]});
    let (_, spent) = place_as_quoted(
        &shop,
        spend,
        json!({"shipping_info": {"address": address()}}),
    )
    .await;
    assert_eq!(spent.status, StatusCode::CREATED, "{}", spent.body);
    let refused = orders_cli::run(
        shop.state.orders.records.as_ref(),
        links,
        &cancel(&second),
        now,
    )
    .await;
    let why = refused.unwrap_err().to_string();
    assert!(why.contains("has been spent"), "{why}");
    let kept = shop
        .state
        .orders
        .records
        .order(&second)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(kept.status, OrderStatus::Paid);
}

/// Security review M7: what anyone who reaches checkout can leave behind is pruned. A
/// declined order (with its lines) goes after its days; the sandbox's unused tokens
/// and declined charges after their hours; paid orders, their charges and tokens, and
/// fresh tokens stay.
#[tokio::test]
async fn declined_orders_and_unused_card_tokens_are_pruned_on_sqlite() {
    use std::sync::Arc;
    use store_adapters::fakes::fixture;
    use store_adapters::sandbox::SandboxGateway;
    use store_adapters::sqlite::SqliteStore;
    use store_domain::ports::CatalogWriter;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = Arc::new(SqliteStore::open(&url, 2).await.unwrap());
    store.migrate().await.unwrap();
    store.import(&fixture()).await.unwrap();
    let reader = sqlx::SqlitePool::connect(&url).await.unwrap();
    let (mut state, fakes) = common::state_with(store.clone());
    state.orders.records = store.clone();
    state.orders.jobs = store.clone();
    state.checkout.gateway = Arc::new(SandboxGateway::new((*store).clone()));
    let client = TestClient::new(web::routes(state.clone()));
    let order = |number: &'static str| async {
        let token = card_token(&client, number).await;
        let body = order_body(&client, kettles(1), json!({"payment": {"token": token}})).await;
        call(&client, "POST", "/api/orders", None, Some(body)).await
    };
    let paid = order("4242 4242 4242 4242").await;
    assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
    let declined = order("4000000000000002").await;
    assert_eq!(
        declined.status,
        StatusCode::PAYMENT_REQUIRED,
        "{}",
        declined.body
    );
    let unused = card_token(&client, "4242 4242 4242 4242").await;
    let policies = store_app::retention::Policies::from_settings(
        &store_app::settings::Settings::load(None).unwrap().retention,
    );
    let count = |sql: &'static str| {
        let reader = reader.clone();
        async move {
            let row: (i64,) = sqlx::query_as(sql).fetch_one(&reader).await.unwrap();
            row.0
        }
    };

    let purged = store_app::retention::purge_once(&state, &policies).await;
    assert_eq!(
        (purged.declined_orders, purged.gateway_rows),
        (0, 0),
        "all fresh"
    );

    fakes
        .clock
        .advance(std::time::Duration::from_secs(2 * 86_400));
    let purged = store_app::retention::purge_once(&state, &policies).await;
    assert_eq!(purged.declined_orders, 0, "kept for the owner a while");
    // The declined charge, then its token and the unused one.
    assert_eq!(purged.gateway_rows, 3);
    assert_eq!(count("SELECT count(*) FROM sandbox_charges").await, 1);
    assert_eq!(
        count("SELECT count(*) FROM sandbox_cards").await,
        1,
        "the paid order's"
    );
    let stale = order_body(&client, kettles(1), json!({"payment": {"token": unused}})).await;
    let refused = call(&client, "POST", "/api/orders", None, Some(stale)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);

    fakes
        .clock
        .advance(std::time::Duration::from_secs(30 * 86_400));
    let purged = store_app::retention::purge_once(&state, &policies).await;
    assert_eq!(purged.declined_orders, 1);
    assert_eq!(
        count("SELECT count(*) FROM orders").await,
        1,
        "the paid one stays"
    );
    assert_eq!(
        count("SELECT count(*) FROM order_lines").await,
        1,
        "the declined order's lines went with it"
    );
}

/// Security review M1: a card token is a bearer credential, so it lapses an hour after
/// it was made; a placed order's retry still answers the order.
#[tokio::test]
async fn a_card_token_lapses_after_an_hour_but_a_retry_still_answers_its_order() {
    let shop = shop().await;
    let placed_body = card_order(&shop.client, kettles(1)).await;
    let placed = place(&shop, &placed_body, None).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let left = card_order(&shop.client, kettles(1)).await;
    shop.fakes
        .clock
        .advance(std::time::Duration::from_secs(61 * 60));
    let lapsed = place(&shop, &left, None).await;
    assert_eq!(lapsed.status, StatusCode::BAD_REQUEST, "{}", lapsed.body);
    assert!(
        message(&lapsed).starts_with("payment.token"),
        "{}",
        lapsed.body
    );
    let retried = place(&shop, &placed_body, None).await;
    assert_eq!(retried.status, StatusCode::CREATED, "{}", retried.body);
    assert_eq!(retried.body["number"], placed.body["number"]);
    assert_eq!(shop.shop.gateway.charges().len(), 1);
}

/// Security review M1: a token copied out of the browser that typed the card (a shared
/// computer's storage, a log) pays nothing from another browser, nor from a request
/// without the payer cookie; the browser that made it pays with it.
#[tokio::test]
async fn a_card_token_pays_only_from_the_browser_that_made_it() {
    let shop = shop().await;
    let body = card_order(&shop.client, kettles(1)).await;
    let elsewhere = "e1".repeat(32);
    for payer in [elsewhere.as_str(), ""] {
        let stolen = call_from(
            &shop.client,
            payer,
            "POST",
            "/api/orders",
            None,
            Some(body.clone()),
        )
        .await;
        assert_eq!(stolen.status, StatusCode::BAD_REQUEST, "{}", stolen.body);
        assert!(
            message(&stolen).starts_with("payment.token"),
            "{}",
            stolen.body
        );
    }
    assert!(
        shop.shop.gateway.charges().is_empty(),
        "nothing was charged"
    );
    let placed = place(&shop, &body, None).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);

    // A browser without the cookie is given one with its first token, for the hour.
    let made = call_from(
        &shop.client,
        "",
        "POST",
        "/api/card/createToken",
        None,
        Some(json!({"card": "4242424242424242", "exp": "12/30", "cvc": "123"})),
    )
    .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let cookie = made.set_cookie.unwrap();
    assert!(
        cookie.ends_with("; Path=/api/; Max-Age=3600; HttpOnly; SameSite=Strict"),
        "{cookie}"
    );
    let payer = cookie
        .strip_prefix("payer=")
        .and_then(|rest| rest.split(';').next())
        .unwrap();
    assert_eq!(payer.len(), 64, "{cookie}");
    let second = order_body(
        &shop.client,
        kettles(1),
        json!({"payment": {"token": made.body["token"]}}),
    )
    .await;
    let paid = call_from(
        &shop.client,
        payer,
        "POST",
        "/api/orders",
        None,
        Some(second),
    )
    .await;
    assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
}

/// Security review M10: the order-link key is rotated; the link a guest was mailed
/// keeps opening the order for `orders.old_links_days`, then opens nothing, while the
/// new key's link goes on.
#[tokio::test]
async fn after_the_link_key_is_rotated_an_old_link_works_for_thirty_days() {
    let shop = shop().await;
    let body = card_order(&shop.client, kettles(1)).await;
    let placed = place(&shop, &body, None).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let number = placed.body["number"].as_str().unwrap().to_owned();
    let old = placed.body["access_token"].as_str().unwrap().to_owned();
    let opens = |token: String| {
        let client = &shop.client;
        let path = format!("/api/orders/{number}?token={token}");
        async move { call(client, "GET", &path, None, None).await.status }
    };
    let day = std::time::Duration::from_secs(86_400);
    let now = shop.fakes.clock.now();
    shop.state.orders.links.reload(vec![LinkKey {
        secret: vec![5; 32],
        since: now,
    }]);
    let new = shop
        .state
        .orders
        .links
        .token(&OrderNumber::parse(&number).unwrap());
    assert_ne!(new, old);
    shop.fakes.clock.set(now.plus(29 * day));
    assert_eq!(opens(old.clone()).await, StatusCode::OK);
    assert_eq!(opens(new.clone()).await, StatusCode::OK);
    shop.fakes.clock.set(now.plus(31 * day));
    assert_eq!(opens(old).await, StatusCode::NOT_FOUND, "lapsed");
    assert_eq!(opens(new).await, StatusCode::OK);
}

/// The sweep repeats every five minutes on one grid: a runner back after a month (a
/// store stopped, or the owner's `store jobs --run --at` a month on) runs it once and
/// queues the next time after now, not once per five minutes missed. Two sweeps queued
/// off the grid (as two instances' starts queued them before) become one.
#[tokio::test]
async fn a_sweep_missed_for_a_month_runs_once_on_return() {
    use store_domain::jobs::{JobKind, NewJob};
    let shop = shop().await;
    let now = shop.fakes.clock.now();
    let every = shop.state.orders.config.sweep_every;
    let sweep = |after: u64| NewJob {
        kind: JobKind::UnfinishedOrders,
        subject: "all".into(),
        due_at: now.plus(every).plus(std::time::Duration::from_secs(after)),
    };
    shop.state
        .orders
        .jobs
        .enqueue(&[sweep(0), sweep(7)], now)
        .await
        .unwrap();
    let month_on = now.plus(std::time::Duration::from_secs(30 * 86_400));
    shop.fakes.clock.set(month_on);
    let ran = store_app::jobs_runner::run_all_due(&shop.state)
        .await
        .unwrap();
    assert_eq!(ran, 2, "each queued sweep once, the missed times skipped");
    let listed = shop.state.orders.jobs.jobs(10).await.unwrap();
    let waiting: Vec<_> = listed
        .iter()
        .filter(|j| j.job.kind == JobKind::UnfinishedOrders && j.done_at.is_none())
        .collect();
    assert_eq!(waiting.len(), 1, "{listed:?}");
    let next = waiting[0].job.due_at;
    assert!(
        next > month_on && next <= month_on.plus(every),
        "the next sweep is the first time on the grid after now: {next:?}"
    );
}
