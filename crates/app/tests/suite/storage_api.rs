//! Storage seen through the API: the readiness check, and a busy database answered
//! 503 with Retry-After instead of a 500.

use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::Value;
use sqlx::Connection;
use std::sync::Arc;
use std::time::Duration;
use store_adapters::fakes::InMemoryCatalog;
use store_adapters::sqlite::SqliteStore;
use store_app::web;

use crate::common;

#[tokio::test]
async fn readiness_tells_the_last_write_probe_and_the_index_age() {
    let (state, fakes) = common::state_with(Arc::new(InMemoryCatalog::new()));
    let client = TestClient::new(web::routes(state.clone()));

    let resp = client.get("/api/health/ready").send().await;
    resp.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = resp.json().await.value().deserialize();
    assert_eq!(body["database_writable"], false, "no probe yet: {body}");

    assert!(store_app::readiness::probe(&state).await);
    let resp = client.get("/api/health/ready").send().await;
    resp.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = resp.json().await.value().deserialize();
    assert_eq!(body["status"], "not ready", "no index built yet: {body}");
    assert_eq!(body["database_writable"], true);

    store_app::search_refresh::rebuild(&state, common::REFRESH)
        .await
        .unwrap();
    fakes.clock.advance(Duration::from_secs(90));
    let resp = client.get("/api/health/ready").send().await;
    resp.assert_status_is_ok();
    let body: Value = resp.json().await.value().deserialize();
    assert_eq!(body["status"], "ready");
    assert_eq!(body["search_index_age_seconds"], 90);

    // The check itself writes nothing: a full disk shows at the next probe.
    fakes.write_probe.set_full(true);
    client
        .get("/api/health/ready")
        .send()
        .await
        .assert_status_is_ok();
    assert!(!store_app::readiness::probe(&state).await);
    let resp = client.get("/api/health/ready").send().await;
    resp.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = resp.json().await.value().deserialize();
    assert_eq!(body["database_writable"], false);
    client.get("/api/health").send().await.assert_status_is_ok();
}

/// Another process (an import, `store seed`) holds the write lock past the busy
/// timeout: a shopper's message is a 503 with Retry-After, catalogue reads go on.
#[tokio::test]
async fn a_busy_database_is_a_503_with_retry_after_and_reads_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = Arc::new(SqliteStore::open(&url, 2).await.unwrap());
    store.migrate().await.unwrap();
    let (mut state, _) = common::state_with(store.clone());
    state.messages.inbox = store.clone();
    state.health.write_probe = store.clone();
    let client = TestClient::new(web::routes(state));
    let contact = || {
        client
            .post("/api/contact")
            .header("X-Requested-With", "XMLHttpRequest")
            .content_type("application/json")
            .body(r#"{"name":"Dana","email":"d@x.org","subject":"Hi","message":"Hello"}"#)
            .send()
    };

    let mut other = sqlx::sqlite::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut other)
        .await
        .unwrap();

    client.get("/api/health").send().await.assert_status_is_ok();
    let resp = contact().await;
    resp.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    resp.assert_header("Retry-After", "1");
    let body: Value = resp.json().await.value().deserialize();
    assert!(
        body["message"].as_str().unwrap().contains("try again"),
        "{body}"
    );
    let resp = client.get("/api/health/ready").send().await;
    resp.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = resp.json().await.value().deserialize();
    assert_eq!(body["database_writable"], false, "{body}");

    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    let resp = contact().await;
    resp.assert_status(StatusCode::CREATED);
}

/// `store links rotate` on a real database file: the next start signs with the new
/// key, verifies the old key's links for `orders.old_links_days` only, and derives the
/// same e-gift codes.
#[tokio::test]
async fn a_rotated_link_key_is_kept_and_the_old_one_lapses() {
    use store_domain::orders::number::OrderNumber;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = SqliteStore::open(&url, 2).await.unwrap();
    store.migrate().await.unwrap();
    let settings = store_app::settings::Settings::load(None).unwrap();
    let number = OrderNumber::parse("7KQ4-M2XD-9PRT").unwrap();
    let before = store_app::serve::order_links(&store, &settings)
        .await
        .unwrap();
    let (old, code) = (before.token(&number), before.gift_card_code(&number, 0, 0));

    let at = common::START;
    let said = store_app::serve::rotate_links(&store, &settings, at)
        .await
        .unwrap();
    assert!(said.contains("key 2"), "{said}");
    let said = store_app::serve::rotate_links(&store, &settings, at.plus(Duration::from_secs(60)))
        .await
        .unwrap();
    assert!(said.contains("key 3"), "{said}");

    let after = store_app::serve::order_links(&store, &settings)
        .await
        .unwrap();
    let new = after.token(&number);
    assert_ne!(new, old);
    let day = Duration::from_secs(86_400);
    assert!(after.verify(&number, &old, at.plus(29 * day)));
    assert!(!after.verify(&number, &old, at.plus(31 * day)));
    assert!(after.verify(&number, &new, at.plus(400 * day)));
    assert_eq!(after.gift_card_code(&number, 0, 0), code);
}
