//! What a signed-in customer keeps, over HTTP: every customer operation of the OpenAPI
//! document refuses a guest and another customer; the stored bag follows the bag rules
//! and survives two sign-ins merging at once; favorites, following, addresses and
//! cards each work, refuse bad input with a message, and stay their owner's.

use poem::Endpoint;
use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::sync::Arc;
use store_adapters::fakes::{InMemoryCatalog, fixture};
use store_app::{api, web};
use store_domain::ports::CatalogWriter;

use crate::common;

use common::session::{Answer, call, call_from, registered};

/// The fixture catalogue, in memory.
async fn catalog() -> Arc<InMemoryCatalog> {
    let catalog = Arc::new(InMemoryCatalog::new());
    catalog.import(&fixture()).await.unwrap();
    catalog
}

async fn app() -> (TestClient<impl Endpoint>, common::Fakes, String) {
    let catalog = catalog().await;
    let (mut state, fakes) = common::state_with(catalog.clone());
    // Orders (which subscriptions repeat) take the catalogue's stock.
    let orders = Arc::new(store_adapters::fakes::InMemoryOrders::new(
        catalog,
        fakes.checkout.clone(),
    ));
    state.orders.records = orders.clone();
    state.orders.subscriptions = orders.clone();
    state.orders.jobs = orders;
    let document = api::openapi_json(state.clone());
    (TestClient::new(web::routes(state)), fakes, document)
}

fn line(id: i64, quantity: i64) -> Value {
    json!({"id": id, "type": "product", "quantity": quantity})
}

fn address(name: &str) -> Value {
    json!({
        "name": name, "line1": "1 Main St", "city": "Springfield", "region": "IL",
        "postal_code": "62701", "country": "US", "phone": "555 010 2030", "default": true
    })
}

async fn get(client: &TestClient<impl Endpoint>, path: &str, session: &str) -> Answer {
    call(client, "GET", path, Some(session), None).await
}

async fn send(
    client: &TestClient<impl Endpoint>,
    method: &str,
    path: &str,
    session: Option<&str>,
    body: Value,
) -> Answer {
    call(client, method, path, session, Some(body)).await
}

/// A card token, as the checkout's card form gets one.
async fn card_token(client: &TestClient<impl Endpoint>) -> String {
    let made = send(
        client,
        "POST",
        "/api/card/createToken",
        None,
        json!({"card": "4242 4242 4242 4242", "exp": "12 / 30", "cvc": "123"}),
    )
    .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    made.body["token"].as_str().unwrap().to_owned()
}

/// Each customer operation of the document (`/customer...`), with a valid body, in the
/// document's path form; `{address}`, `{payment}`, `{subscription}` and `{order}` stand
/// for a record's id (`address_id` and `payment_id` are Dana's too).
fn operations(
    token: &str,
    address_id: i64,
    payment_id: i64,
) -> Vec<(&'static str, &'static str, Option<Value>)> {
    let keys = json!([{"id": 12, "type": "product"}]);
    let favorite = json!({"ids": [{"id": 12, "kind": "product"}]});
    let follow = json!({"following": {"type": "vendor", "id": 1}});
    vec![
        ("GET", "/customer", None),
        ("POST", "/customer", Some(json!({"name": "Noa Cohen"}))),
        ("GET", "/customer/bag", None),
        ("POST", "/customer/bag", Some(json!({"bag": [line(12, 1)]}))),
        ("GET", "/customer/later", None),
        (
            "POST",
            "/customer/later",
            Some(json!({"later": [line(12, 1)]})),
        ),
        ("POST", "/customer/bag/delete", Some(json!({"bag": keys}))),
        (
            "POST",
            "/customer/later/delete",
            Some(json!({"later": keys})),
        ),
        (
            "POST",
            "/customer/bag/change",
            Some(json!({"change": {"action": "add", "line": line(12, 1)}})),
        ),
        ("POST", "/customer/favorites", Some(favorite.clone())),
        ("PATCH", "/customer/favorites", Some(favorite)),
        ("GET", "/customer/following", None),
        ("POST", "/customer/following", Some(follow.clone())),
        ("PATCH", "/customer/following", Some(follow)),
        ("POST", "/customer/address", Some(address("Noa"))),
        ("POST", "/customer/address/{address}", Some(address("Noa"))),
        ("DELETE", "/customer/address/{address}", None),
        (
            "POST",
            "/customer/payment",
            Some(json!({"token": token, "default": true})),
        ),
        (
            "POST",
            "/customer/payment/{payment}",
            Some(json!({"default": true})),
        ),
        ("DELETE", "/customer/payment/{payment}", None),
        ("GET", "/customer/orders", None),
        (
            "POST",
            "/customer/orders/{order}/repeat",
            Some(json!({"interval": "1m", "address_id": address_id, "payment_id": payment_id})),
        ),
        ("GET", "/customer/subscriptions", None),
        (
            "POST",
            "/customer/subscriptions",
            Some(
                json!({"plan_id": 3, "quantity": 1, "address_id": address_id, "payment_id": payment_id}),
            ),
        ),
        (
            "POST",
            "/customer/subscriptions/quote",
            Some(json!({"plan_id": 3, "quantity": 1, "address_id": address_id})),
        ),
        ("GET", "/customer/subscriptions/{subscription}", None),
        (
            "POST",
            "/customer/subscriptions/{subscription}/changes",
            Some(json!({"action": "cancel"})),
        ),
    ]
}

/// The customer operations the document lists, as (method, path with `{...}` ids).
fn documented(document: &str) -> BTreeSet<(String, String)> {
    let doc: Value = serde_json::from_str(document).unwrap();
    let mut found = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !path.starts_with("/customer") {
            continue;
        }
        for method in item.as_object().unwrap().keys() {
            let generic = path
                .replace("/address/{id}", "/address/{address}")
                .replace("/payment/{id}", "/payment/{payment}")
                .replace("/subscriptions/{id}", "/subscriptions/{subscription}")
                .replace("/orders/{number}", "/orders/{order}");
            found.insert((method.to_uppercase(), generic));
        }
    }
    found
}

#[tokio::test]
async fn every_customer_operation_refuses_a_guest_and_another_customer() {
    let (client, fakes, document) = app().await;
    let dana = registered(&client, &fakes, "dana@example.com").await;
    let noa = registered(&client, &fakes, "noa@example.com").await;

    // Dana's records: a bag line, a favorite, a follow, an address and a card.
    let path = |p: &str| format!("/api{p}");
    let merged = send(
        &client,
        "POST",
        &path("/customer/bag"),
        Some(&dana),
        json!({"bag": [line(13, 2)]}),
    )
    .await;
    assert_eq!(merged.status, StatusCode::OK, "{}", merged.body);
    send(
        &client,
        "POST",
        &path("/customer/favorites"),
        Some(&dana),
        json!({"ids": [{"id": 13, "kind": "product"}]}),
    )
    .await;
    send(
        &client,
        "POST",
        &path("/customer/following"),
        Some(&dana),
        json!({"following": {"type": "creator", "id": 2}}),
    )
    .await;
    let added = send(
        &client,
        "POST",
        &path("/customer/address"),
        Some(&dana),
        address("Dana's home"),
    )
    .await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.body);
    let address_id = added.body["address"]["id"].as_i64().unwrap();
    let dana_token = card_token(&client).await;
    let saved = send(
        &client,
        "POST",
        &path("/customer/payment"),
        Some(&dana),
        json!({"token": dana_token}),
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let payment_id = saved.body["payment"]["id"].as_i64().unwrap();
    // Dana's order, repeated every two weeks.
    let body = common::ordering::card_order(&client, json!([line(12, 1)])).await;
    let placed = call(&client, "POST", &path("/orders"), Some(&dana), Some(body)).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let order = placed.body["number"].as_str().unwrap().to_owned();
    let repeated = send(
        &client,
        "POST",
        &path(&format!("/customer/orders/{order}/repeat")),
        Some(&dana),
        json!({"interval": "2w", "address_id": address_id, "payment_id": payment_id}),
    )
    .await;
    assert_eq!(repeated.status, StatusCode::CREATED, "{}", repeated.body);
    let subscription = repeated.body["subscription"]["id"].as_i64().unwrap();
    let dana_subscription = format!("/customer/subscriptions/{subscription}");
    let before = get(&client, "/api/customer", &dana).await.body;

    let table = operations(&dana_token, address_id, payment_id);
    let listed: BTreeSet<_> = table
        .iter()
        .map(|(m, p, _)| ((*m).to_owned(), (*p).to_owned()))
        .collect();
    assert_eq!(
        documented(&document),
        listed,
        "each customer operation of the document needs a row in this test"
    );

    for (method, template, body) in table {
        let url = path(
            &template
                .replace("{address}", &address_id.to_string())
                .replace("{payment}", &payment_id.to_string())
                .replace("{subscription}", &subscription.to_string())
                .replace("{order}", &order),
        );
        let anonymous = call(&client, method, &url, None, body.clone()).await;
        // The session check tells a guest they are one (204); every other operation refuses.
        let guest_answer = if (method, template) == ("GET", "/customer") {
            StatusCode::NO_CONTENT
        } else {
            StatusCode::FORBIDDEN
        };
        assert_eq!(anonymous.status, guest_answer, "{method} {url} as a guest");
        let forged = call(&client, method, &url, Some("not-a-session"), body.clone()).await;
        assert_eq!(
            forged.status,
            StatusCode::FORBIDDEN,
            "{method} {url} with a forged cookie"
        );

        let has_body = body.is_some();
        let other = call(&client, method, &url, Some(&noa), body).await;
        let text = other.body.to_string();
        if template.starts_with("/customer/subscriptions") && !template.contains('{') && has_body {
            // A plan to Dana's address or card, by id in the body: refused by the field's
            // name, as if it did not exist.
            assert_eq!(
                other.status,
                StatusCode::BAD_REQUEST,
                "{method} {url}: {text}"
            );
            assert!(text.contains("_id: there is no"), "{method} {url}: {text}");
        } else if template.contains('{') || template == "/customer/payment" {
            // Dana's record by id, or Dana's card token: not found, and nothing said.
            assert_eq!(
                other.status,
                StatusCode::NOT_FOUND,
                "{method} {url}: {text}"
            );
        } else {
            assert!(
                other.status.is_success(),
                "{method} {url}: {} {text}",
                other.status
            );
        }
        for dana_only in ["Dana's home", "dana@example.com", &dana_token] {
            assert!(
                !text.contains(dana_only),
                "{method} {url} showed {dana_only}: {text}"
            );
        }
        assert!(
            !text.contains("\"id\":13") && !text.contains("\"creators\":[2]"),
            "{method} {url} showed Dana's lines or follows: {text}"
        );
    }
    assert_eq!(
        get(&client, "/api/customer", &dana).await.body,
        before,
        "nothing of Dana's changed"
    );
    let bag = get(&client, "/api/customer/bag", &dana).await.body;
    assert_eq!(bag["products"][0]["id"], 13);
    let kept = get(&client, &path(&dana_subscription), &dana).await.body;
    assert_eq!(kept["subscription"]["status"], "active");
    assert_eq!(kept["history"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn the_stored_bag_merges_by_the_bag_rules_and_takes_one_change_at_a_time() {
    let (client, fakes, _) = app().await;
    let dana = registered(&client, &fakes, "dana@example.com").await;
    let bag = "/api/customer/bag";
    // A guest's lists at sign-in: the kettle (7 in stock) and the book (3 in stock).
    let first = send(
        &client,
        "POST",
        bag,
        Some(&dana),
        json!({
            "bag": [line(12, 2), line(13, 5)],
            "later": [line(12, 1)],
            "products": [{"price": 1}]
        }),
    )
    .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let quantities = |answer: &Value, list: &str| -> Vec<(i64, i64)> {
        answer[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| (l["id"].as_i64().unwrap(), l["quantity"].as_i64().unwrap()))
            .collect()
    };
    assert_eq!(
        quantities(&first.body, "products"),
        [(12, 2), (13, 3)],
        "capped at stock"
    );
    assert_eq!(quantities(&first.body, "later"), [(12, 1)]);
    assert_eq!(
        first.body["totals"]["subtotal"],
        2 * 3000 + 3 * 1500,
        "priced from the catalogue"
    );

    // A second device's guest bag merges in: the same line adds up, to the stock.
    let second = send(
        &client,
        "POST",
        bag,
        Some(&dana),
        json!({"bag": [line(12, 6)]}),
    )
    .await;
    assert_eq!(quantities(&second.body, "products"), [(12, 7), (13, 3)]);

    let change = |c: Value| {
        send(
            &client,
            "POST",
            "/api/customer/bag/change",
            Some(&dana),
            json!({"change": c}),
        )
    };
    let moved =
        change(json!({"action": "move_to_later", "key": {"id": 13, "type": "product"}})).await;
    assert_eq!(quantities(&moved.body, "products"), [(12, 7)]);
    assert_eq!(quantities(&moved.body, "later"), [(12, 1), (13, 3)]);
    let stale =
        change(json!({"action": "move_to_bag", "key": {"id": 10, "type": "product"}})).await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    let unknown = change(json!({"action": "add", "line": line(999, 1)})).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.body);
    let bad = send(
        &client,
        "POST",
        bag,
        Some(&dana),
        json!({"bag": [line(12, -1)]}),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(
        bad.body["message"].as_str().unwrap().contains("quantity"),
        "{}",
        bad.body
    );

    let deleted = send(
        &client,
        "POST",
        "/api/customer/later/delete",
        Some(&dana),
        json!({
            "later": [{"id": 13, "type": "product"}, {"id": 11, "type": "product"}]
        }),
    )
    .await;
    assert_eq!(
        deleted.status,
        StatusCode::OK,
        "a line already gone is no error"
    );
    assert_eq!(quantities(&deleted.body, "later"), [(12, 1)]);
    let stored = get(&client, bag, &dana).await;
    assert_eq!(quantities(&stored.body, "products"), [(12, 7)]);
    assert_eq!(quantities(&stored.body, "later"), [(12, 1)]);
    assert_eq!(
        get(&client, "/api/customer/later", &dana).await.body,
        stored.body
    );
}

#[tokio::test]
async fn favorites_and_follows_are_kept_once() {
    let (client, fakes, _) = app().await;
    let dana = registered(&client, &fakes, "dana@example.com").await;
    let favorites = "/api/customer/favorites";
    let ids = json!({"ids": [{"id": 12, "kind": "product"}, {"id": 50, "kind": "bundle"}]});
    send(&client, "POST", favorites, Some(&dana), ids.clone()).await;
    let again = send(&client, "POST", favorites, Some(&dana), ids).await;
    assert_eq!(
        again.body["favorites"].as_array().unwrap().len(),
        2,
        "{}",
        again.body
    );
    let removed = send(
        &client,
        "PATCH",
        favorites,
        Some(&dana),
        json!({"ids": [{"id": 12, "kind": "product"}]}),
    )
    .await;
    assert_eq!(
        removed.body,
        json!({"favorites": [{"id": 50, "kind": "bundle"}]})
    );
    let customer = get(&client, "/api/customer", &dana).await;
    assert_eq!(
        customer.body["favorites"],
        json!([{"id": 50, "kind": "bundle"}])
    );
    let bad = send(
        &client,
        "POST",
        favorites,
        Some(&dana),
        json!({"ids": [{"id": 0, "kind": "product"}]}),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);

    let following = "/api/customer/following";
    let follow = |kind: &str, id: i64| json!({"following": {"type": kind, "id": id}});
    let followed = send(&client, "POST", following, Some(&dana), follow("vendor", 1)).await;
    assert_eq!(followed.body, json!({"creators": [], "vendors": [1]}));
    send(
        &client,
        "POST",
        following,
        Some(&dana),
        follow("creator", 2),
    )
    .await;
    send(
        &client,
        "POST",
        following,
        Some(&dana),
        follow("creator", 2),
    )
    .await;
    let unknown = send(
        &client,
        "POST",
        following,
        Some(&dana),
        follow("vendor", 99),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.body);
    let unfollowed = send(
        &client,
        "PATCH",
        following,
        Some(&dana),
        follow("vendor", 1),
    )
    .await;
    assert_eq!(unfollowed.body, json!({"creators": [2], "vendors": []}));
    assert_eq!(get(&client, following, &dana).await.body, unfollowed.body);
}

#[tokio::test]
async fn addresses_are_checked_and_have_one_default() {
    let (client, fakes, _) = app().await;
    let dana = registered(&client, &fakes, "dana@example.com").await;
    let home = send(
        &client,
        "POST",
        "/api/customer/address",
        Some(&dana),
        address("Home"),
    )
    .await;
    assert_eq!(home.status, StatusCode::OK, "{}", home.body);
    let home_id = home.body["address"]["id"].as_i64().unwrap();
    let work = send(
        &client,
        "POST",
        "/api/customer/address",
        Some(&dana),
        address("Work"),
    )
    .await;
    let defaults: Vec<_> = work.body["addresses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["name"].as_str().unwrap().to_owned(),
                a["default"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        defaults,
        [("Home".to_owned(), false), ("Work".to_owned(), true)]
    );

    for (field, value, says) in [
        ("postal_code", json!("1234"), "postal_code: a US ZIP code"),
        ("country", json!("ZZ"), "country: must be a two-letter code"),
        ("phone", json!("12"), "phone: must be a phone number"),
        ("city", json!("  "), "city: is required"),
    ] {
        let mut body = address("Home");
        body[field] = value;
        let refused = send(
            &client,
            "POST",
            &format!("/api/customer/address/{home_id}"),
            Some(&dana),
            body,
        )
        .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{field}");
        assert!(
            refused.body["message"].as_str().unwrap().starts_with(says),
            "{}",
            refused.body
        );
    }
    let removed = call(
        &client,
        "DELETE",
        &format!("/api/customer/address/{home_id}"),
        Some(&dana),
        None,
    )
    .await;
    assert_eq!(removed.body["address"]["name"], "Home");
    let gone = call(
        &client,
        "DELETE",
        &format!("/api/customer/address/{home_id}"),
        Some(&dana),
        None,
    )
    .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    let customer = get(&client, "/api/customer", &dana).await;
    assert_eq!(customer.body["addresses"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_card_is_checked_then_kept_as_a_token_and_four_digits() {
    let (client, fakes, _) = app().await;
    let token = "/api/card/createToken";
    for (card, exp, cvc, says) in [
        (
            "4242 4242 4242 4241",
            "12/30",
            "123",
            "card: this card number is not right",
        ),
        (
            "4242",
            "12/30",
            "123",
            "card: a card number is 12 to 19 digits",
        ),
        (
            "4242 4242 4242 4242",
            "10/25",
            "123",
            "exp: this card has expired",
        ),
        (
            "4242 4242 4242 4242",
            "13/30",
            "123",
            "exp: the expiry month",
        ),
        (
            "3782 822463 10005",
            "12/30",
            "123",
            "cvc: the security code is 4 digits",
        ),
    ] {
        let refused = send(
            &client,
            "POST",
            token,
            None,
            json!({"card": card, "exp": exp, "cvc": cvc}),
        )
        .await;
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{card} {exp} {cvc}"
        );
        let message = refused.body["message"].as_str().unwrap();
        assert!(message.starts_with(says), "{message}");
        assert!(
            !message.contains("4242") && !message.contains("3782"),
            "{message}"
        );
    }
    let made = send(
        &client,
        "POST",
        token,
        None,
        json!({"card": "4242 4242 4242 4242", "exp": "12 / 2030", "cvc": "123"}),
    )
    .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    assert_eq!(made.body["last4"], "4242");
    assert_eq!(made.body["brand"], "visa");
    assert_eq!(
        (
            made.body["exp_month"].clone(),
            made.body["exp_year"].clone()
        ),
        (json!(12), json!(2030))
    );
    assert!(!made.body.to_string().contains("4242424242424242"));

    let dana = registered(&client, &fakes, "dana@example.com").await;
    let unknown = send(
        &client,
        "POST",
        "/api/customer/payment",
        Some(&dana),
        json!({"token": "tok_made_up"}),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.body);
    // The token was made in this browser: from another, or one without its payer
    // cookie, it is as unknown.
    for payer in ["a1".repeat(32), String::new()] {
        let elsewhere = call_from(
            &client,
            &payer,
            "POST",
            "/api/customer/payment",
            Some(&dana),
            Some(json!({"token": made.body["token"]})),
        )
        .await;
        assert_eq!(
            elsewhere.status,
            StatusCode::NOT_FOUND,
            "{}",
            elsewhere.body
        );
    }
    let saved = send(
        &client,
        "POST",
        "/api/customer/payment",
        Some(&dana),
        json!({"token": made.body["token"], "default": true}),
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let payment = &saved.body["payment"];
    assert_eq!(
        (payment["last4"].clone(), payment["default"].clone()),
        (json!("4242"), json!(true))
    );
    let id = payment["id"].as_i64().unwrap();
    let plain = send(
        &client,
        "POST",
        &format!("/api/customer/payment/{id}"),
        Some(&dana),
        json!({"default": false}),
    )
    .await;
    assert_eq!(plain.body["payments"][0]["default"], false);
    let removed = call(
        &client,
        "DELETE",
        &format!("/api/customer/payment/{id}"),
        Some(&dana),
        None,
    )
    .await;
    assert_eq!(removed.body["payment"]["id"], id);
    assert_eq!(
        get(&client, "/api/customer", &dana).await.body["payments"],
        json!([])
    );
}

/// Spec 4.3 at its hardest: one customer signs in from several browsers at the same
/// moment, each merging its own guest bag into the one stored on a real SQLite file.
/// Every line arrives, merged by the rules, whichever write goes first.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sign_ins_at_the_same_moment_merge_every_guest_bag() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = Arc::new(
        store_adapters::sqlite::SqliteStore::open(&url, 4)
            .await
            .unwrap(),
    );
    store.migrate().await.unwrap();
    let catalog = catalog().await;
    let (mut state, fakes) = common::state_with(catalog);
    state.accounts.records = store.clone();
    state.customer.bags = store.clone();
    let client = Arc::new(TestClient::new(web::routes(state)));
    registered(&client, &fakes, "dana@example.com").await;

    const BROWSERS: usize = 6;
    let mut browsers = tokio::task::JoinSet::new();
    for browser in 0..BROWSERS {
        let client = client.clone();
        browsers.spawn(async move {
            let login = send(
                &client,
                "POST",
                "/api/login",
                None,
                json!({
                    "email": "dana@example.com", "password": "correct horse"
                }),
            )
            .await;
            assert_eq!(login.status, StatusCode::OK, "{}", login.body);
            let session = common::session::token(&login.set_cookie.unwrap());
            // Every browser holds a kettle; the first two a book as well.
            let mut bag = vec![line(12, 1)];
            if browser < 2 {
                bag.push(line(13, 1));
            }
            let merged = send(
                &client,
                "POST",
                "/api/customer/bag",
                Some(&session),
                json!({"bag": bag}),
            )
            .await;
            assert_eq!(merged.status, StatusCode::OK, "{}", merged.body);
            session
        });
    }
    let sessions = browsers.join_all().await;

    let stored = get(&client, "/api/customer/bag", &sessions[0]).await.body;
    let lines: Vec<(i64, i64)> = stored["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["id"].as_i64().unwrap(), l["quantity"].as_i64().unwrap()))
        .collect();
    assert_eq!(lines.len(), 2, "{stored}");
    assert!(
        lines.contains(&(12, BROWSERS as i64)),
        "every kettle counted: {lines:?}"
    );
    assert!(lines.contains(&(13, 2)), "both books counted: {lines:?}");
}

#[tokio::test]
async fn a_guest_bag_merges_as_far_as_the_bag_has_room() {
    let catalog = catalog().await;
    let many = (100..200)
        .map(|id| store_adapters::fakes::product(id, 3, 1, 500, "2025-01-01", 5))
        .collect();
    catalog
        .import(&store_domain::catalog::CatalogImport {
            products: many,
            ..Default::default()
        })
        .await
        .unwrap();
    let (state, fakes) = common::state_with(catalog);
    let client = TestClient::new(web::routes(state));
    let dana = registered(&client, &fakes, "dana@example.com").await;
    let bag = "/api/customer/bag";
    send(
        &client,
        "POST",
        bag,
        Some(&dana),
        json!({"bag": [line(12, 1)]}),
    )
    .await;

    // A full guest bag of 100 other lines: 99 fit beside the kettle, one does not.
    let guest: Vec<Value> = (100..200).map(|id| line(id, 1)).collect();
    let merged = send(&client, "POST", bag, Some(&dana), json!({"bag": guest})).await;
    assert_eq!(merged.status, StatusCode::OK, "{}", merged.body);
    assert_eq!(merged.body["products"].as_array().unwrap().len(), 100);
    let withdrawn = merged.body["withdrawn"].as_array().unwrap();
    assert_eq!(withdrawn.len(), 1, "{withdrawn:?}");
    assert_eq!(withdrawn[0]["id"], 199);
    assert!(
        withdrawn[0]["reason"]
            .as_str()
            .unwrap()
            .contains("at most 100 lines")
    );

    // A line already there still merges into a full bag.
    let again = send(
        &client,
        "POST",
        bag,
        Some(&dana),
        json!({"bag": [line(12, 1)]}),
    )
    .await;
    let kettle = again.body["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["id"] == 12)
        .unwrap()
        .clone();
    assert_eq!(kettle["quantity"], 2);
    assert_eq!(again.body["products"].as_array().unwrap().len(), 100);
}
