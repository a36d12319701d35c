//! The subscriptions API: repeating a past order, reading it back with its
//! deliveries and history, and each change with its refusals. A guest is told to sign
//! in; another customer's subscription, and another customer's order, do not exist.

mod common;

use common::ordering::{Shop, address, card_order, card_token, place, shop};
use common::session::{Answer, call, call_in_hebrew, registered};
use poem::http::StatusCode;
use serde_json::{Value, json};

/// A customer's saved address and card: their ids.
async fn saved(shop: &Shop, session: &str) -> (i64, i64) {
    let added = call(
        &shop.client,
        "POST",
        "/api/customer/address",
        Some(session),
        Some(address()),
    )
    .await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.body);
    let token = card_token(&shop.client, "4242 4242 4242 4242").await;
    let card = call(
        &shop.client,
        "POST",
        "/api/customer/payment",
        Some(session),
        Some(json!({"token": token, "default": true})),
    )
    .await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.body);
    (
        added.body["address"]["id"].as_i64().unwrap(),
        card.body["payment"]["id"].as_i64().unwrap(),
    )
}

/// The customer's shipped order of two kettles: its number.
async fn an_order(shop: &Shop, session: &str) -> String {
    let body = card_order(
        &shop.client,
        json!([{"id": 12, "type": "product", "quantity": 2}]),
    )
    .await;
    let placed = place(shop, &body, Some(session)).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    placed.body["number"].as_str().unwrap().to_owned()
}

async fn repeat(shop: &Shop, session: Option<&str>, number: &str, body: Value) -> Answer {
    call(
        &shop.client,
        "POST",
        &format!("/api/customer/orders/{number}/repeat"),
        session,
        Some(body),
    )
    .await
}

async fn change(shop: &Shop, session: Option<&str>, id: i64, body: Value) -> Answer {
    call(
        &shop.client,
        "POST",
        &format!("/api/customer/subscriptions/{id}/changes"),
        session,
        Some(body),
    )
    .await
}

/// Dana's recurring order every two weeks: its id.
async fn a_subscription(shop: &Shop, dana: &str) -> i64 {
    let (address, card) = saved(shop, dana).await;
    let number = an_order(shop, dana).await;
    let made = repeat(
        shop,
        Some(dana),
        &number,
        json!({"interval": "2w", "address_id": address, "payment_id": card}),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let s = &made.body["subscription"];
    assert_eq!(s["status"], "active");
    assert_eq!(s["interval"], "2w");
    assert_eq!(s["lines"][0]["quantity"], 2);
    assert_eq!(s["lines"][0]["item_id"], 12);
    assert!(s["lines"][0]["sold"].as_bool().unwrap());
    // The first delivery is two weeks from the fake clock's 2026-01-01 (New York).
    assert_eq!(s["next_delivery"], "2026-01-14");
    assert_eq!(made.body["history"][0]["event"], "started");
    s["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_repeated_order_is_read_and_changed_only_by_its_customer() {
    let shop = shop().await;
    let dana = registered(&shop.client, &shop.fakes, "dana@example.com").await;
    let noa = registered(&shop.client, &shop.fakes, "noa@example.com").await;
    let id = a_subscription(&shop, &dana).await;
    let path = format!("/api/customer/subscriptions/{id}");

    let mine = call(&shop.client, "GET", &path, Some(&dana), None).await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.body);
    let listed = call(
        &shop.client,
        "GET",
        "/api/customer/subscriptions",
        Some(&dana),
        None,
    )
    .await;
    assert_eq!(listed.body["subscriptions"][0]["id"], id);

    // A guest is asked to sign in; Noa finds nothing.
    for (session, status) in [
        (None, StatusCode::FORBIDDEN),
        (Some(noa.as_str()), StatusCode::NOT_FOUND),
    ] {
        let read = call(&shop.client, "GET", &path, session, None).await;
        assert_eq!(read.status, status, "{}", read.body);
        let changed = change(&shop, session, id, json!({"action": "cancel"})).await;
        assert_eq!(changed.status, status, "{}", changed.body);
        assert!(changed.body["message"].as_str().is_some());
    }
    let in_hebrew = call_in_hebrew(&shop.client, "GET", &path, Some(&noa), None).await;
    assert_eq!(in_hebrew.body["message"], "לא מצאנו מנוי כזה בחשבון שלך");
    let theirs = call(
        &shop.client,
        "GET",
        "/api/customer/subscriptions",
        Some(&noa),
        None,
    )
    .await;
    assert_eq!(theirs.body["subscriptions"], json!([]));
    let still = call(&shop.client, "GET", &path, Some(&dana), None).await;
    assert_eq!(
        still.body["subscription"]["status"], "active",
        "nothing changed"
    );

    // Noa cannot repeat Dana's order, even with her own address and card.
    let number = mine.body["subscription"]["repeats_order"]
        .as_str()
        .unwrap()
        .to_owned();
    let (address, card) = saved(&shop, &noa).await;
    let refused = repeat(
        &shop,
        Some(&noa),
        &number,
        json!({"interval": "1m", "address_id": address, "payment_id": card}),
    )
    .await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND, "{}", refused.body);
}

#[tokio::test]
async fn each_change_is_kept_and_mailed_and_each_refusal_says_why() {
    let shop = shop().await;
    let dana = registered(&shop.client, &shop.fakes, "dana@example.com").await;
    let noa = registered(&shop.client, &shop.fakes, "noa@example.com").await;
    let id = a_subscription(&shop, &dana).await;
    let (noa_address, noa_card) = saved(&shop, &noa).await;

    let skipped = change(&shop, Some(&dana), id, json!({"action": "skip"})).await;
    assert_eq!(skipped.status, StatusCode::OK, "{}", skipped.body);
    assert_eq!(skipped.body["subscription"]["next_delivery"], "2026-01-28");
    assert_eq!(skipped.body["deliveries"][0]["outcome"], "skipped");
    assert_eq!(skipped.body["deliveries"][0]["due"], "2026-01-14");

    let refusals = [
        (
            json!({"action": "quantity", "line": 0, "quantity": 0}),
            StatusCode::BAD_REQUEST,
            "quantity",
        ),
        (
            json!({"action": "quantity", "line": 5, "quantity": 1}),
            StatusCode::BAD_REQUEST,
            "line",
        ),
        (
            json!({"action": "quantity", "line": 0}),
            StatusCode::BAD_REQUEST,
            "quantity",
        ),
        (
            json!({"action": "interval"}),
            StatusCode::BAD_REQUEST,
            "interval",
        ),
        (
            json!({"action": "pause", "until": "tomorrow"}),
            StatusCode::BAD_REQUEST,
            "until",
        ),
        (
            json!({"action": "pause", "until": "2025-12-01"}),
            StatusCode::BAD_REQUEST,
            "until",
        ),
        (
            json!({"action": "address", "address_id": noa_address}),
            StatusCode::BAD_REQUEST,
            "address_id",
        ),
        (
            json!({"action": "card", "payment_id": noa_card}),
            StatusCode::BAD_REQUEST,
            "payment_id",
        ),
        (
            json!({"action": "resume"}),
            StatusCode::CONFLICT,
            "not paused",
        ),
    ];
    for (body, status, says) in refusals {
        let refused = change(&shop, Some(&dana), id, body.clone()).await;
        assert_eq!(refused.status, status, "{body}: {}", refused.body);
        let message = refused.body["message"].as_str().unwrap();
        assert!(message.contains(says), "{body}: {message}");
    }

    let quantity = change(
        &shop,
        Some(&dana),
        id,
        json!({"action": "quantity", "line": 0, "quantity": 3}),
    )
    .await;
    assert_eq!(quantity.body["subscription"]["lines"][0]["quantity"], 3);
    let monthly = change(
        &shop,
        Some(&dana),
        id,
        json!({"action": "interval", "interval": "1m"}),
    )
    .await;
    assert_eq!(monthly.body["subscription"]["interval"], "1m");
    assert_eq!(
        monthly.body["subscription"]["next_delivery"], "2026-01-28",
        "the next keeps its date"
    );
    let paused = change(
        &shop,
        Some(&dana),
        id,
        json!({"action": "pause", "until": "2026-03-01"}),
    )
    .await;
    assert_eq!(paused.status, StatusCode::OK, "{}", paused.body);
    assert_eq!(paused.body["subscription"]["status"], "paused");
    assert_eq!(paused.body["subscription"]["next_delivery"], "2026-03-28");
    let skip_paused = change(&shop, Some(&dana), id, json!({"action": "skip"})).await;
    assert_eq!(skip_paused.status, StatusCode::CONFLICT);
    let resumed = change(&shop, Some(&dana), id, json!({"action": "resume"})).await;
    assert_eq!(resumed.body["subscription"]["status"], "active");
    let cancelled = change(&shop, Some(&dana), id, json!({"action": "cancel"})).await;
    assert_eq!(cancelled.body["subscription"]["status"], "cancelled");
    assert_eq!(cancelled.body["subscription"]["next_delivery"], Value::Null);
    let again = change(&shop, Some(&dana), id, json!({"action": "cancel"})).await;
    assert_eq!(again.status, StatusCode::CONFLICT);

    let events: Vec<&str> = cancelled.body["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        events,
        [
            "started",
            "skipped",
            "changed",
            "changed",
            "paused",
            "resumed",
            "cancelled"
        ]
    );
    // Every change is mailed (the jobs run; the mails go to Dana).
    store_app::jobs_runner::run_all_due(&shop.state)
        .await
        .unwrap();
    let mailed = shop
        .fakes
        .mailer
        .sent()
        .into_iter()
        .filter(|m| {
            m.to.as_str() == "dana@example.com" && m.body.contains("/account/subscriptions-update/")
        })
        .count();
    assert_eq!(mailed, events.len());
}
