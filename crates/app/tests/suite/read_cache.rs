//! The read cache (`store_app::read_cache`): kept answers are the same bytes with a tag
//! and compressed copies, and a kept answer is never older than the bounds it states.

use poem::Endpoint;
use poem::http::{StatusCode, header};
use poem::test::{TestClient, TestResponse};
use std::io::Read;
use std::sync::Arc;
use std::time::Duration;
use store_app::read_cache::{self, CacheSettings, ReadCache};
use store_app::state::AppState;
use store_app::{search_refresh, web};
use store_domain::bag::ItemRef;
use store_domain::catalog::ProductChange;
use store_domain::money::Money;
use store_domain::ports::CatalogWriter;

use crate::common;

/// The shop's state with the read cache on; `max_age` bounds what shows stock.
async fn cached_shop(max_age: Duration) -> (AppState, common::Shop) {
    let (mut state, _fakes, shop) = common::shop().await;
    state.catalogue.answers = Arc::new(ReadCache::new(CacheSettings {
        max_bytes: 8 << 20,
        max_age,
    }));
    search_refresh::rebuild(&state, common::REFRESH)
        .await
        .unwrap();
    read_cache::read_catalogue_version(&state).await;
    (state, shop)
}

async fn body(resp: TestResponse) -> Vec<u8> {
    resp.0.into_body().into_vec().await.unwrap()
}

/// An answer's body as sent, decoded from its `Content-Encoding`.
async fn decoded(resp: TestResponse) -> Vec<u8> {
    let encoding = header_of(&resp, header::CONTENT_ENCODING);
    let bytes = body(resp).await;
    let mut plain = Vec::new();
    match encoding.as_deref() {
        Some("br") => {
            brotli::Decompressor::new(&bytes[..], 4096)
                .read_to_end(&mut plain)
                .unwrap();
        }
        Some("gzip") => {
            flate2::read::GzDecoder::new(&bytes[..])
                .read_to_end(&mut plain)
                .unwrap();
        }
        None => plain = bytes,
        Some(other) => panic!("an encoding nobody asked for: {other}"),
    }
    plain
}

fn header_of(resp: &TestResponse, name: header::HeaderName) -> Option<String> {
    resp.0
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
}

async fn product_answer(
    client: &TestClient<impl Endpoint>,
    id: i64,
) -> (StatusCode, serde_json::Value) {
    let resp = client.get(format!("/api/products/{id}")).send().await;
    let status = resp.0.status();
    let body = serde_json::from_slice(&body(resp).await).unwrap_or_default();
    (status, body)
}

async fn stock_of(client: &TestClient<impl Endpoint>, id: i64) -> i64 {
    let (status, product) = product_answer(client, id).await;
    assert_eq!(status, StatusCode::OK);
    product["max"].as_i64().unwrap()
}

#[tokio::test]
async fn a_kept_answer_goes_out_again_tagged_and_compressed() {
    let (state, _shop) = cached_shop(Duration::from_secs(60)).await;
    let client = TestClient::new(web::routes(state.clone()));
    let first = client.get("/api/home").send().await;
    first.assert_status_is_ok();
    let etag = header_of(&first, header::ETAG).expect("a tag");
    assert!(etag.starts_with("W/\""), "{etag}");
    let plain = body(first).await;
    assert!(plain.len() > 1024, "home is worth compressing");

    let not_modified = client
        .get("/api/home")
        .header(header::IF_NONE_MATCH, &etag)
        .send()
        .await;
    not_modified.assert_status(StatusCode::NOT_MODIFIED);
    assert_eq!(header_of(&not_modified, header::ETAG), Some(etag.clone()));
    assert!(body(not_modified).await.is_empty());

    let br = client
        .get("/api/home")
        .header(header::ACCEPT_ENCODING, "gzip, br")
        .send()
        .await;
    assert_eq!(
        header_of(&br, header::CONTENT_ENCODING).as_deref(),
        Some("br")
    );
    assert_eq!(header_of(&br, header::ETAG), Some(etag.clone()));
    assert_eq!(decoded(br).await, plain);

    // Made once; every answer after the first came from the cache.
    assert_eq!(state.catalogue.answers.hits_and_misses(), (2, 1));
    assert!(state.catalogue.answers.weighted_size() >= plain.len() as u64);
}

#[tokio::test]
async fn what_is_personal_or_refused_is_never_kept() {
    let (state, _shop) = cached_shop(Duration::from_secs(60)).await;
    let client = TestClient::new(web::routes(state.clone()));
    for _ in 0..2 {
        client
            .get("/api/products/999")
            .send()
            .await
            .assert_status(StatusCode::NOT_FOUND);
        client.get("/api/customer/bag").send().await;
        client.get("/api/search?q=mug").send().await;
    }
    // The two 404s were made afresh; the bag and search are not the cache's to keep.
    assert_eq!(state.catalogue.answers.hits_and_misses(), (0, 2));
    assert_eq!(state.catalogue.answers.weighted_size(), 0);
}

#[tokio::test]
async fn stock_shown_is_never_older_than_max_age() {
    let max_age = Duration::from_millis(300);
    let (state, shop) = cached_shop(max_age).await;
    let client = TestClient::new(web::routes(state.clone()));
    assert_eq!(stock_of(&client, 61).await, 10);
    // An order takes the last ten: stock moves, the catalogue's version does not.
    shop.catalog
        .take_stock(&[(ItemRef::Product(61), 10)])
        .unwrap();
    tokio::time::sleep(max_age + Duration::from_millis(50)).await;
    assert_eq!(stock_of(&client, 61).await, 0);
}

#[tokio::test]
async fn the_answers_of_an_old_catalogue_version_are_never_served() {
    let (state, _shop) = cached_shop(Duration::from_secs(60)).await;
    let answers = &state.catalogue.answers;
    let client = TestClient::new(web::routes(state.clone()));
    client
        .get("/api/categories")
        .send()
        .await
        .assert_status_is_ok();
    client
        .get("/api/categories")
        .send()
        .await
        .assert_status_is_ok();
    assert_eq!(answers.hits_and_misses(), (1, 1));
    answers.catalogue_at(i64::MAX);
    assert_eq!(
        answers.weighted_size(),
        0,
        "the old answers' memory is freed"
    );
    client
        .get("/api/categories")
        .send()
        .await
        .assert_status_is_ok();
    assert_eq!(answers.hits_and_misses(), (1, 2), "made again");
}

#[tokio::test]
async fn a_catalogue_change_is_served_after_the_next_version_read() {
    // Kept for a minute: only the catalogue's version can make these answers go.
    let (state, shop) = cached_shop(Duration::from_secs(60)).await;
    let client = TestClient::new(web::routes(state.clone()));
    let (_, before) = product_answer(&client, 61).await;
    let change = ProductChange {
        price: Some(Money::from_cents(1234)),
        heb_title: Some(Some("ספר במחיר חדש".into())),
        ..ProductChange::default()
    };
    assert!(shop.catalog.change_product(61, &change).await.unwrap());
    // Until this instance reads the version, the kept answer stands...
    assert_eq!(product_answer(&client, 61).await.1, before);
    read_cache::read_catalogue_version(&state).await;
    // ...and from then on the change shows.
    let (_, after) = product_answer(&client, 61).await;
    assert_eq!(after["price"], 1234);
    assert_eq!(after["heb_title"], "ספר במחיר חדש");

    let hide = ProductChange {
        hidden: Some(true),
        ..ProductChange::default()
    };
    assert!(shop.catalog.change_product(61, &hide).await.unwrap());
    read_cache::read_catalogue_version(&state).await;
    assert_eq!(product_answer(&client, 61).await.0, StatusCode::NOT_FOUND);
}

/// A kept page goes out compressed once, whatever encoding its first visitor took.
#[tokio::test]
async fn a_kept_page_is_compressed_once_for_each_client() {
    let (state, _shop) = cached_shop(Duration::from_secs(60)).await;
    let client = TestClient::new(web::routes(state.clone()));
    let first = client
        .get("/products/any/61")
        .header(header::ACCEPT_ENCODING, "br")
        .send()
        .await;
    assert_ne!(
        first.0.status(),
        StatusCode::SERVICE_UNAVAILABLE,
        "the UI is not built: run `npm ci && npm run build` in ui/ first"
    );
    for accept in ["br", "gzip", ""] {
        let resp = client
            .get("/products/any/61")
            .header(header::ACCEPT_ENCODING, accept)
            .send()
            .await;
        resp.assert_status_is_ok();
        let html = decoded(resp).await;
        let html = String::from_utf8(html).expect("HTML once decoded");
        assert!(html.starts_with("<!doctype html>"), "{accept}: {html:.80}");
        assert!(html.contains(r#""/api/products/61""#), "{accept}");
    }
    // The page and the two answers it inlines were made once; the page was kept.
    assert_eq!(state.catalogue.answers.hits_and_misses(), (3, 3));
}
