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

mod common;

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
    state.inbox = store.clone();
    state.write_probe = store.clone();
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
