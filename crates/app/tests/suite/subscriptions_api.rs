//! The subscriptions API: repeating a past order, reading it back with its
//! deliveries and history, and each change with its refusals. A guest is told to sign
//! in; another customer's subscription, and another customer's order, do not exist.

use crate::common;

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

#[tokio::test]
async fn anyone_sees_the_plans_of_a_group_with_their_savings() {
    let shop = shop().await;
    let all = call(&shop.client, "GET", "/api/subscription-plans", None, None).await;
    assert_eq!(all.status, StatusCode::OK, "{}", all.body);
    let group = &all.body["groups"][0];
    assert_eq!(group["name"], "Kettle club");
    assert_eq!(
        (group["type_id"].as_i64(), group["id"].as_i64()),
        (Some(1), Some(2))
    );
    assert_eq!(group["product"]["id"], 12);
    // The kettle sells at $30.00 once: $27.00 monthly saves 10 %, $28.50 saves 5 %.
    let plans = &group["plans"];
    assert_eq!(plans[0]["price"], 2_700);
    assert_eq!(plans[0]["price_once"], 3_000);
    assert_eq!(plans[0]["saving_percent"], 10);
    assert_eq!(plans[0]["interval"], "1m");
    assert!(plans[0]["deliveries"].is_null());
    assert_eq!(plans[1]["saving_percent"], 5);
    assert_eq!(plans[1]["deliveries"], 6);

    let one = call(
        &shop.client,
        "GET",
        "/api/subscription-plans/1/2",
        None,
        None,
    )
    .await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.body, *group);
    // A group of another type, or no group at all, is not there; in Hebrew too.
    for path in [
        "/api/subscription-plans/2/2",
        "/api/subscription-plans/1/99",
    ] {
        let missing = call(&shop.client, "GET", path, None, None).await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND, "{path}");
    }
    let hebrew = call_in_hebrew(
        &shop.client,
        "GET",
        "/api/subscription-plans/1/99",
        None,
        None,
    )
    .await;
    assert_eq!(hebrew.body["message"], "אין מינוי כזה");
}

async fn post(shop: &Shop, session: Option<&str>, path: &str, body: Value) -> Answer {
    call(&shop.client, "POST", path, session, Some(body)).await
}

#[tokio::test]
async fn a_plan_is_quoted_and_bought_by_its_customer_and_charged_as_quoted() {
    let shop = shop().await;
    let dana = registered(&shop.client, &shop.fakes, "dana@example.com").await;
    let noa = registered(&shop.client, &shop.fakes, "noa@example.com").await;
    let (address, card) = saved(&shop, &dana).await;
    let (noa_address, noa_card) = saved(&shop, &noa).await;
    let quote = "/api/customer/subscriptions/quote";
    let asked = json!({"plan_id": 3, "quantity": 2, "address_id": address});

    // A guest is asked to sign in; another customer's address, an unknown plan and a
    // quantity out of bounds are refused by name.
    assert_eq!(
        post(&shop, None, quote, asked.clone()).await.status,
        StatusCode::FORBIDDEN
    );
    for (body, field) in [
        (
            json!({"plan_id": 3, "quantity": 2, "address_id": noa_address}),
            "address_id",
        ),
        (
            json!({"plan_id": 99, "quantity": 2, "address_id": address}),
            "plan_id",
        ),
        (
            json!({"plan_id": 3, "quantity": 0, "address_id": address}),
            "quantity",
        ),
        (
            json!({"plan_id": 3, "quantity": 21, "address_id": address}),
            "quantity",
        ),
    ] {
        let refused = post(&shop, Some(&dana), quote, body).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
        assert!(
            refused.body["message"].as_str().unwrap().contains(field),
            "{}",
            refused.body
        );
    }

    let quoted = post(&shop, Some(&dana), quote, asked).await;
    assert_eq!(quoted.status, StatusCode::OK, "{}", quoted.body);
    let q = &quoted.body;
    // Today in New York, where the fake clock's midnight UTC is 19:00 the day before.
    assert_eq!(q["first_charge_on"], "2025-12-31");
    assert_eq!(q["subtotal"], 5_400);
    assert_eq!(q["saved_per_delivery"], 600);
    let sum = ["subtotal", "shipping", "tax"].map(|k| q[k].as_i64().unwrap());
    assert!(sum[2] > 0, "New York taxes the kettle: {q}");
    assert_eq!(q["total"].as_i64().unwrap(), sum.iter().sum::<i64>());

    let bought = "/api/customer/subscriptions";
    let buy = json!({"plan_id": 3, "quantity": 2, "address_id": address, "payment_id": card});
    assert_eq!(
        post(&shop, None, bought, buy.clone()).await.status,
        StatusCode::FORBIDDEN
    );
    let mut with_noas_card = buy.clone();
    with_noas_card["payment_id"] = json!(noa_card);
    let refused = post(&shop, Some(&dana), bought, with_noas_card).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
    assert!(
        refused.body["message"]
            .as_str()
            .unwrap()
            .starts_with("payment_id")
    );

    let made = post(&shop, Some(&dana), bought, buy).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let s = &made.body["subscription"];
    assert_eq!(
        (s["plan_id"].as_i64(), s["interval"].as_str()),
        (Some(3), Some("1m"))
    );
    assert_eq!(s["next_delivery"], "2025-12-31");
    assert_eq!(s["lines"][0]["unit_price"], 2_700);
    assert_eq!(s["lines"][0]["quantity"], 2);
    let id = s["id"].as_i64().unwrap();
    let path = format!("/api/customer/subscriptions/{id}");
    let noas = call(&shop.client, "GET", &path, Some(&noa), None).await;
    assert_eq!(noas.status, StatusCode::NOT_FOUND);

    // The run the purchase queued charges the first delivery at the quoted total.
    store_app::jobs_runner::run_all_due(&shop.state)
        .await
        .unwrap();
    let read = call(&shop.client, "GET", &path, Some(&dana), None).await;
    let delivered = &read.body["deliveries"][0];
    assert_eq!(delivered["outcome"], "charged", "{}", read.body);
    let number = delivered["order_number"].as_str().unwrap();
    let order = call(
        &shop.client,
        "GET",
        &format!("/api/orders/{number}"),
        Some(&dana),
        None,
    )
    .await;
    assert_eq!(order.status, StatusCode::OK, "{}", order.body);
    assert_eq!(order.body["totals"]["total"], q["total"], "{}", order.body);
    let subjects: Vec<String> = shop
        .fakes
        .mailer
        .sent()
        .into_iter()
        .map(|m| m.subject)
        .collect();
    assert!(
        subjects
            .iter()
            .any(|s| s.contains("Your subscription has begun")),
        "{subjects:?}"
    );
}

#[tokio::test]
async fn a_plan_changes_only_to_another_plan_of_its_group() {
    let shop = shop().await;
    let dana = registered(&shop.client, &shop.fakes, "dana@example.com").await;
    let noa = registered(&shop.client, &shop.fakes, "noa@example.com").await;
    let (address, card) = saved(&shop, &dana).await;
    let buy = json!({"plan_id": 3, "quantity": 1, "address_id": address, "payment_id": card});
    let made = post(&shop, Some(&dana), "/api/customer/subscriptions", buy).await;
    let id = made.body["subscription"]["id"].as_i64().unwrap();

    let to_plan = |plan: i64| json!({"action": "plan", "plan_id": plan});
    assert_eq!(
        change(&shop, None, id, to_plan(4)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        change(&shop, Some(&noa), id, to_plan(4)).await.status,
        StatusCode::NOT_FOUND
    );
    let unknown = change(&shop, Some(&dana), id, to_plan(99)).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST, "{}", unknown.body);
    assert!(
        unknown.body["message"]
            .as_str()
            .unwrap()
            .starts_with("plan_id")
    );
    let missing = change(&shop, Some(&dana), id, json!({"action": "plan"})).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);

    let changed = change(&shop, Some(&dana), id, to_plan(4)).await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    let s = &changed.body["subscription"];
    assert_eq!(
        (s["plan_id"].as_i64(), s["interval"].as_str()),
        (Some(4), Some("2w"))
    );
    assert_eq!(s["deliveries_left"], 6);
    assert_eq!(s["lines"][0]["unit_price"], 2_850);
    let last = changed.body["history"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(
        (last["event"].as_str(), last["detail"].as_str()),
        (Some("changed"), Some("plan:4"))
    );

    // A recurring order has no plan to change.
    let recurring = a_subscription(&shop, &dana).await;
    let refused = change(&shop, Some(&dana), recurring, to_plan(3)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
}
