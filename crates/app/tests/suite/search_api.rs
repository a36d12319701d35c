//! Search, suggestions and facets through HTTP, over the fixture catalogue and the
//! real in-memory search engine. No accounts exist yet: every call is anonymous.

use poem::Endpoint;
use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::{Value, json};
use std::sync::Arc;
use store_adapters::fakes::{InMemoryCatalog, fixture, product};
use store_app::web;
use store_domain::catalog::CatalogImport;
use store_domain::ports::{Catalog, CatalogWriter, SearchLog};

use crate::common;

/// The fixture plus a lantern (with Hebrew) and a chair whose description mentions lanterns.
async fn catalog() -> Arc<InMemoryCatalog> {
    let catalog = InMemoryCatalog::new();
    catalog.import(&fixture()).await.unwrap();
    let mut lantern = product(20, 3, 1, 2500, "2025-03-01", 4);
    lantern.title = "Brass Lantern".into();
    lantern.heb_title = Some("פָּנָס נְחֹשֶׁת".into());
    // Lower id than the lantern: ranking, not the id, must put the lantern first.
    let mut chair = product(19, 2, 2, 9000, "2024-03-01", 2);
    chair.title = "Garden Chair".into();
    chair.heb_title = None;
    chair.description = "Sits well beside a lantern.".into();
    catalog
        .import(&CatalogImport {
            products: vec![lantern, chair],
            ..CatalogImport::default()
        })
        .await
        .unwrap();
    Arc::new(catalog)
}

async fn client() -> (TestClient<impl Endpoint>, common::Fakes) {
    let (state, fakes) = common::indexed(catalog().await).await;
    (TestClient::new(web::routes(state)), fakes)
}

async fn get(client: &TestClient<impl Endpoint>, path: &str, status: StatusCode) -> Value {
    let resp = client.get(path).send().await;
    resp.assert_status(status);
    resp.json().await.value().deserialize()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect()
}

fn ids(v: &Value) -> Vec<i64> {
    v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_i64().unwrap())
        .collect()
}

async fn suggestions(client: &TestClient<impl Endpoint>, q: &str) -> Vec<String> {
    let path = format!("/api/search/suggestions?q={}", urlencode(q));
    strings(&get(client, &path, StatusCode::OK).await["suggestions"])
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn suggestions_for_english_and_hebrew_prefixes_and_a_typo() {
    let (client, _) = client().await;
    assert_eq!(suggestions(&client, "lan").await, ["Brass Lantern"]);
    assert_eq!(suggestions(&client, "פנ").await, ["פָּנָס נְחֹשֶׁת"]);
    assert_eq!(suggestions(&client, "lantren").await[0], "Brass Lantern");
    let names = suggestions(&client, "ki").await;
    assert!(
        names.contains(&"KITCHEN".to_owned()),
        "category names: {names:?}"
    );
}

#[tokio::test]
async fn blank_suggestions_are_empty_and_long_ones_refused() {
    let (client, _) = client().await;
    assert!(suggestions(&client, "").await.is_empty());
    assert!(suggestions(&client, "   ").await.is_empty());
    assert!(
        strings(&get(&client, "/api/search/suggestions", StatusCode::OK).await["suggestions"])
            .is_empty()
    );
    let long = format!("/api/search/suggestions?q={}", "a".repeat(201));
    let refused = get(&client, &long, StatusCode::BAD_REQUEST).await;
    assert!(refused["message"].as_str().unwrap().contains("200"));
    let at_limit = format!("/api/search/suggestions?q={}", "a".repeat(200));
    get(&client, &at_limit, StatusCode::OK).await;
}

#[tokio::test]
async fn results_rank_titles_first_and_carry_facets() {
    let (client, _) = client().await;
    let found = get(&client, "/api/search?q=%20lantern%20", StatusCode::OK).await;
    assert_eq!(found["query"], "lantern");
    assert_eq!(
        ids(&found),
        [20, 19],
        "the title match before the description match"
    );
    assert_eq!(found["total"], 2);
    let vendors = found["facets"]["vendors"].as_array().unwrap();
    assert_eq!(vendors.len(), 2);
    assert_eq!(found["facets"]["price"]["min"], 2500);
    assert_eq!(found["facets"]["price"]["max"], 9000);
}

#[tokio::test]
async fn each_sort_orders_the_results() {
    let (client, _) = client().await;
    let sorted = |sort: &'static str| {
        let client = &client;
        async move {
            let path = format!("/api/search?q=item&sort={sort}");
            let found = get(client, &path, StatusCode::OK).await;
            assert_eq!(found["sort"], sort);
            ids(&found)
        }
    };
    // Items 10..13: prices 1000, 500, 3000, 1500; released 2025-01, 2026-01, 2024-05, 2025-06.
    assert_eq!(sorted("price-asc").await, [11, 10, 13, 12]);
    assert_eq!(sorted("price-desc").await, [12, 13, 10, 11]);
    assert_eq!(sorted("release_date-desc").await, [11, 13, 10, 12]);
    let relevant = sorted("relavent").await;
    assert_eq!(relevant.len(), 4);
}

#[tokio::test]
async fn facets_narrow_search_and_lists_and_count_disjunctively() {
    let (client, _) = client().await;
    let found = get(&client, "/api/search?q=item&vendors=2", StatusCode::OK).await;
    assert_eq!(ids(&found), [11, 13]);
    let vendors = found["facets"]["vendors"].as_array().unwrap();
    let oak = vendors.iter().find(|v| v["value"] == "1").unwrap();
    assert_eq!(
        (oak["count"].as_i64(), oak["selected"].as_bool()),
        (Some(2), Some(false))
    );
    let fig = vendors.iter().find(|v| v["value"] == "2").unwrap();
    assert_eq!(
        (fig["label"].as_str(), fig["selected"].as_bool()),
        (Some("Fig"), Some(true))
    );

    let list = get(
        &client,
        "/api/lists/category/1?variations=Color_Red&variations=Color_Blue",
        StatusCode::OK,
    )
    .await;
    assert_eq!(ids(&list), [10]);
    let colours = &list["facets"]["variations"][0];
    assert_eq!(colours["name"], "Color");
    assert_eq!(colours["heb_name"], "צבע");
    assert_eq!(colours["values"].as_array().unwrap().len(), 2);

    let priced = get(
        &client,
        "/api/lists/category/1?price_min=900&price_max=2500&sort=price-asc",
        StatusCode::OK,
    )
    .await;
    assert_eq!(ids(&priced), [10, 20]);
    assert_eq!(priced["facets"]["price"]["selected_min"], 900);
    assert_eq!(
        priced["facets"]["price"]["min"], 500,
        "the range ignores its own bounds"
    );

    let filtered = get(
        &client,
        "/api/lists/category/1?filters=Material_Stoneware",
        StatusCode::OK,
    )
    .await;
    assert_eq!(ids(&filtered), [10]);
    let material = &filtered["facets"]["filters"][0];
    assert_eq!(
        (&material["heb_name"], &material["values"][0]["heb_label"]),
        (&json!("חומר"), &json!("חרס")),
        "the Hebrew words of a filter and its value"
    );
    let unknown = get(
        &client,
        "/api/lists/category/1?filters=Material_Glass",
        StatusCode::OK,
    )
    .await;
    assert_eq!(unknown["total"], 0);
}

#[tokio::test]
async fn bad_search_and_facet_parameters_are_400s() {
    let (client, _) = client().await;
    for path in [
        "/api/search",
        "/api/search?q=",
        "/api/search?q=%20%20",
        "/api/search?q=mug&sort=cheapest",
        "/api/search?q=mug&page=0",
        "/api/search?q=mug&price_min=-1",
        "/api/search?q=mug&price_min=abc",
        "/api/lists/category/1?price_max=-5",
    ] {
        let body = get(&client, path, StatusCode::BAD_REQUEST).await;
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{path}: {body}"
        );
    }
    // An inverted price range is valid by the document, and matches nothing.
    let inverted = get(
        &client,
        "/api/lists/category/1?price_min=500&price_max=100",
        StatusCode::OK,
    )
    .await;
    assert_eq!(inverted["total"], 0, "{inverted}");
    let long = format!("/api/search?q={}", "a".repeat(201));
    get(&client, &long, StatusCode::BAD_REQUEST).await;
    let many = format!("/api/lists/category/1?{}", "filters=a_b&".repeat(51));
    get(&client, &many, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn searches_that_find_something_are_counted_without_personal_data() {
    let (client, fakes) = client().await;
    get(&client, "/api/search?q=Brass%20%20Lantern", StatusCode::OK).await;
    get(
        &client,
        "/api/search?q=brass%20lantern&page=2",
        StatusCode::OK,
    )
    .await;
    get(&client, "/api/search?q=zebra", StatusCode::OK).await;
    // Finds products (lantern, in HOME), yet looks like an address: never counted.
    let address = get(&client, "/api/search?q=lantern%40home", StatusCode::OK).await;
    assert!(address["total"].as_u64().unwrap() > 0);
    // The count is written off the request's path; give it a moment.
    let mut counted = Vec::new();
    for _ in 0..50 {
        counted = fakes.searches.popular_searches(1, 10).await.unwrap();
        if !counted.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(counted, ["brass lantern"]);
}

#[tokio::test]
async fn the_index_follows_catalogue_changes_without_a_restart() {
    let catalog = catalog().await;
    let (state, _) = common::indexed(catalog.clone()).await;
    let version = catalog.catalogue_version().await.unwrap();
    let refresh = store_app::search_refresh::Refresh {
        every: std::time::Duration::from_millis(20),
        ..common::REFRESH
    };
    let refresher = store_app::search_refresh::spawn(state.clone(), refresh, version);
    let client = TestClient::new(web::routes(state));
    assert_eq!(
        get(&client, "/api/search?q=teapot", StatusCode::OK).await["total"],
        0
    );

    let mut teapot = product(30, 3, 1, 4200, "2026-02-01", 3);
    teapot.title = "Iron Teapot".into();
    catalog
        .import(&CatalogImport {
            products: vec![teapot],
            ..CatalogImport::default()
        })
        .await
        .unwrap();
    let mut found = Value::Null;
    for _ in 0..100 {
        found = get(&client, "/api/search?q=teapot", StatusCode::OK).await;
        if found["total"] == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    refresher.abort();
    assert_eq!(ids(&found), [30]);
}
