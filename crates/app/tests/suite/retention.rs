//! Retention: what anonymous shoppers send is purged by age and by count, so a flood
//! of writes that gets past the rate limits still cannot grow the database without
//! bound. On a real SQLite file.

use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::json;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use store_adapters::fakes::InMemoryCatalog;
use store_adapters::sqlite::SqliteStore;
use store_app::retention::{self, Policies};
use store_app::state::AppState;
use store_app::web;
use store_domain::client_errors::ClientError;
use store_domain::ports::{Clock, ErrorReports, SearchLog};
use store_domain::retention::Retention;

use crate::common;

const DAY: Duration = Duration::from_secs(86_400);

fn policies(max_rows: u32) -> Policies {
    let keep = Retention {
        max_age: 30 * DAY,
        max_rows,
    };
    Policies {
        every: Duration::from_secs(60),
        inquiries: keep,
        campaign_visits: keep,
        client_errors: keep,
        newsletter_pending_max: max_rows,
        searches_max: max_rows,
        declined_orders: 30 * DAY,
        unused_card_tokens: DAY,
    }
}

/// The app over fakes, but every port anonymous writes reach on one SQLite file.
async fn on_sqlite(dir: &Path) -> (AppState, common::Fakes, SqliteStore) {
    let url = format!("sqlite://{}", dir.join("store.db").display());
    let store = SqliteStore::open(&url, 2).await.unwrap();
    store.migrate().await.unwrap();
    let (mut state, fakes) = common::state_with(Arc::new(InMemoryCatalog::new()));
    let shared = Arc::new(store.clone());
    state.messages.inbox = shared.clone();
    state.messages.campaigns = shared.clone();
    state.messages.error_reports = shared.clone();
    state.messages.mailing_list = shared.clone();
    state.catalogue.search_log = shared;
    (state, fakes, store)
}

#[tokio::test]
async fn what_shoppers_send_is_purged_by_count_and_then_by_age() {
    let dir = tempfile::tempdir().unwrap();
    let (state, fakes, store) = on_sqlite(dir.path()).await;
    let client = TestClient::new(web::routes(state.clone()));
    for n in 0..12 {
        client
            .post("/api/client-errors")
            .header("X-Requested-With", "XMLHttpRequest")
            .body_json(&json!({ "message": format!("error {n}"), "url": "/bag" }))
            .send()
            .await
            .assert_status(StatusCode::NO_CONTENT);
        client
            .post("/api/help/messages")
            .header("X-Requested-With", "XMLHttpRequest")
            .body_json(&json!({ "email": "a@b.co", "message": format!("hello {n}") }))
            .send()
            .await
            .assert_status(StatusCode::CREATED);
        client
            .post("/utm")
            .header("X-Requested-With", "XMLHttpRequest")
            .body_json(&json!({ "utm_source": format!("s{n}") }))
            .send()
            .await
            .assert_status(StatusCode::NO_CONTENT);
        client
            .post("/api/newsletter")
            .header("X-Requested-With", "XMLHttpRequest")
            .body_json(&json!({ "email": format!("reader{n}@example.com") }))
            .send()
            .await
            .assert_status(StatusCode::ACCEPTED);
        fakes.clock.advance(Duration::from_secs(1));
    }
    store
        .record_searches(&[("mug".into(), 5), ("lamp".into(), 1), ("bowl".into(), 2)])
        .await
        .unwrap();

    let purged = retention::purge_once(&state, &policies(4)).await;
    assert_eq!(
        (
            purged.client_errors,
            purged.inquiries,
            purged.campaign_visits,
            purged.newsletter_pending,
            purged.searches
        ),
        (8, 8, 8, 8, 0)
    );
    let errors = store.recent_errors(100).await.unwrap();
    assert_eq!(
        errors
            .iter()
            .map(|e| e.error.message.as_str())
            .collect::<Vec<_>>(),
        ["error 11", "error 10", "error 9", "error 8"]
    );
    // Arrival times are the clock's, not the database's.
    assert_eq!(errors[0].received_at, "2026-01-01 00:00:11");
    assert_eq!(
        retention::purge_once(&state, &policies(2)).await.searches,
        1,
        "the least searched is forgotten"
    );
    assert_eq!(
        store.popular_searches(1, 10).await.unwrap(),
        ["mug", "bowl"]
    );

    // A month later the rest is past its age, and pending addresses past their link.
    fakes.clock.advance(31 * DAY);
    let purged = retention::purge_once(&state, &policies(100)).await;
    assert_eq!(
        (
            purged.client_errors,
            purged.inquiries,
            purged.campaign_visits,
            purged.newsletter_pending
        ),
        (2, 2, 2, 2),
        "the row limit of 2 applied before left 2 of each"
    );
    assert!(store.recent_errors(100).await.unwrap().is_empty());
}

/// Round after round of the largest error reports, purged between rounds: once the
/// table is at its row limit, the file stops growing (SQLite reuses the freed pages).
#[tokio::test]
async fn a_purged_table_stops_growing_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let (state, fakes, store) = on_sqlite(dir.path()).await;
    let report = ClientError::parse(
        "boom",
        "/bag",
        None,
        Some(&"x".repeat(store_domain::client_errors::MAX_ERROR_DETAIL)),
    )
    .unwrap();
    let file = dir.path().join("store.db");
    let mut sizes = Vec::new();
    for _round in 0..4 {
        for _ in 0..300 {
            store
                .record_error(&report, fakes.clock.now())
                .await
                .unwrap();
        }
        retention::purge_once(&state, &policies(50)).await;
        // What the store's background task does twice a second.
        store.checkpoint().await.unwrap();
        // The file and its write-ahead log, which is reused from its start after
        // each checkpoint.
        let size = |path: &Path| std::fs::metadata(path).map_or(0, |m| m.len());
        sizes.push(size(&file) + size(&dir.path().join("store.db-wal")));
    }
    // The first round's file has not reached its working size yet (free pages, the
    // log); without purging, each later round would add 3 MB.
    let (second, last) = (sizes[1], sizes[3]);
    assert!(
        last <= second + second / 20,
        "the file kept growing round after round: {sizes:?}"
    );
    assert_eq!(store.recent_errors(1000).await.unwrap().len(), 50);
}
