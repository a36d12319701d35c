//! The HTTP API through poem's test client, over the in-memory catalogue.

use async_trait::async_trait;
use poem::Endpoint;
use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::Value;
use std::sync::Arc;
use store_adapters::fakes::{InMemoryCatalog, fixture};
use store_app::web;

use crate::common;
use store_domain::bag::{ItemRef, Offer};
use store_domain::catalog::*;
use store_domain::ports::{Catalog, CatalogError, CatalogWriter};
use store_domain::search::SearchDoc;

async fn state_with(catalog: Arc<dyn Catalog>) -> store_app::state::AppState {
    common::indexed(catalog).await.0
}

async fn client() -> TestClient<impl Endpoint> {
    let catalog = InMemoryCatalog::new();
    catalog.import(&fixture()).await.unwrap();
    TestClient::new(web::routes(state_with(Arc::new(catalog)).await))
}

async fn get_json(path: &str, status: StatusCode) -> Value {
    let resp = client().await.get(path).send().await;
    resp.assert_status(status);
    resp.json().await.value().deserialize()
}

/// Every error answer is JSON with a non-empty message.
async fn assert_error(path: &str, status: StatusCode) -> String {
    let body = get_json(path, status).await;
    let message = body["message"]
        .as_str()
        .unwrap_or_else(|| panic!("{path}: no message in {body}"))
        .to_owned();
    assert!(!message.is_empty(), "{path}: empty message");
    message
}

#[tokio::test]
async fn categories_are_a_tree_with_value_paths() {
    let body = get_json("/api/categories", StatusCode::OK).await;
    let roots = body.as_array().unwrap();
    assert_eq!(roots.len(), 2);
    assert_eq!(roots[0]["name"], "HOME");
    assert_eq!(roots[0]["value"], "/category/home/1");
    assert_eq!(
        roots[0]["children"][0]["children"][0]["value"],
        "/category/mugs/3"
    );
    assert_eq!(roots[1]["children"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn countries_include_kosovo() {
    let body = get_json("/api/countries", StatusCode::OK).await;
    let list = body.as_array().unwrap();
    assert!(list.len() >= 240, "{} countries", list.len());
    assert!(
        list.iter()
            .any(|c| c["value"] == "XK" && c["label"] == "Kosovo")
    );
    assert!(
        list.iter()
            .any(|c| c["value"] == "US" && c["label"] == "United States")
    );
}

#[tokio::test]
async fn currencies_start_with_the_us_dollar() {
    let body = get_json("/api/currencies", StatusCode::OK).await;
    assert_eq!(body[0]["currency"], "USD");
    assert_eq!(body[0]["rate"], 1.0);
    assert_eq!(body[0]["symbol"], "");
    assert_eq!(body[1]["currency"], "EUR");
    assert_eq!(body[1]["symbol"], "€");
    assert_eq!(body[2]["rate"], 3.5);
}

#[tokio::test]
async fn a_product_reads_in_english_and_hebrew() {
    let p = get_json("/api/products/10", StatusCode::OK).await;
    assert_eq!(p["title"], "Item 10");
    assert_eq!(p["heb_title"], "פריט 10");
    assert_eq!(p["heb_short_desc"], "קצר.");
    assert_eq!(p["type"], "variation");
    assert_eq!(p["path"], "/products/item-10/10");
    assert_eq!(p["price"], 1000);
    assert_eq!(p["max"], 5);
    assert_eq!(p["vendor"]["path"], "/vendor/oak/1");
    assert_eq!(p["breadcrumbs"].as_array().unwrap().len(), 3);
    assert_eq!(p["media_urls"][1]["url"], "/media/mug/e76f51.svg");
    assert_eq!(p["variation_infos"][0]["fake_price"], 1500);
    assert_eq!(p["variation_infos"][1]["options"][0]["value"], "Red");
    assert_eq!(p["meta"]["gift_options"]["price"], 500);
    assert_eq!(p["meta"]["personalization"][0]["key"], "initials");
    assert_eq!(p["related"][0]["id"], 11);

    let book = get_json("/api/products/13", StatusCode::OK).await;
    assert_eq!(book["creators"][0]["path"], "/creator/omer/2");
    assert_eq!(book["type"], "product");
    assert!(book["fake_price"].is_null());
}

#[tokio::test]
async fn the_fake_price_shows_only_when_higher() {
    let cheap = get_json("/api/products/11", StatusCode::OK).await;
    assert_eq!(cheap["fake_price"], 800);
    assert_eq!(cheap["max"], 0);

    let catalog = InMemoryCatalog::new();
    let mut c = fixture();
    c.products[1].fake_price = Some(store_domain::money::Money::from_cents(400));
    catalog.import(&c).await.unwrap();
    let client = TestClient::new(web::routes(state_with(Arc::new(catalog)).await));
    let resp = client.get("/api/products/11").send().await;
    resp.assert_status_is_ok();
    let body: Value = resp.json().await.value().deserialize();
    assert!(
        body["fake_price"].is_null(),
        "a lower fake price is not shown: {body}"
    );
}

#[tokio::test]
async fn bundles_pages_and_home() {
    let bundle = get_json("/api/bundles/50", StatusCode::OK).await;
    assert_eq!(bundle["max"], 2);
    assert_eq!(
        bundle["items"][0]["product"]["path"],
        "/products/item-10/10"
    );
    let page = get_json("/api/pages/43", StatusCode::OK).await;
    assert_eq!(page["path"], "/about/43");
    assert_eq!(page["body"][1], "Second one.");
    let home = get_json("/api/home", StatusCode::OK).await;
    assert_eq!(home["departments"].as_array().unwrap().len(), 2);
    assert_eq!(home["new_arrivals"][0]["id"], 11);
    assert_eq!(home["bundles"][0]["kind"], "bundle");
    let health = get_json("/api/health", StatusCode::OK).await;
    assert_eq!(health["products"], 4);
}

#[tokio::test]
async fn lists_sort_and_page() {
    let list = get_json(
        "/api/lists/category/1?sort=price-desc&page=1",
        StatusCode::OK,
    )
    .await;
    let ids: Vec<i64> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![12, 10, 11]);
    assert_eq!(list["sort"], "price-desc");
    assert_eq!(
        (list["total"].as_i64(), list["page_count"].as_i64()),
        (Some(3), Some(1))
    );
    assert_eq!(list["breadcrumbs"][0]["value"], "/category/home/1");
    let vendor = get_json("/api/lists/vendor/2", StatusCode::OK).await;
    assert_eq!(vendor["title"], "Fig");
    assert_eq!(vendor["sort"], "relavent");
    assert_eq!(vendor["breadcrumbs"][0]["value"], "/vendor/fig/2");
}

#[tokio::test]
async fn unknown_things_are_json_404s() {
    for path in [
        "/api/products/999",
        "/api/bundles/999",
        "/api/pages/999",
        "/api/lists/creator/999",
        "/api/nope",
        "/api/products/1/extra",
    ] {
        assert_error(path, StatusCode::NOT_FOUND).await;
    }
}

#[tokio::test]
async fn bad_parameters_are_400s_with_a_message() {
    for path in [
        "/api/products/abc",
        "/api/products/0",
        "/api/products/-3",
        "/api/products/99999999999999999999",
        "/api/bundles/1.5",
        "/api/lists/shelf/1",
        "/api/lists/category/1?sort=cheapest",
        "/api/lists/category/1?page=0",
        "/api/lists/category/1?page=1001",
        "/api/lists/category/1?page=two",
    ] {
        assert_error(path, StatusCode::BAD_REQUEST).await;
    }
}

#[tokio::test]
async fn a_wrong_method_is_a_json_405() {
    let resp = client()
        .await
        .post("/api/categories")
        .header("X-Requested-With", "XMLHttpRequest")
        .body("{not json")
        .send()
        .await;
    resp.assert_status(StatusCode::METHOD_NOT_ALLOWED);
    let body: Value = resp.json().await.value().deserialize();
    assert!(body["message"].is_string());
}

/// A catalogue whose storage fails on every read: a 500 on demand (also `metrics.rs`).
pub(crate) struct BrokenCatalog;

#[async_trait]
impl Catalog for BrokenCatalog {
    async fn categories(&self) -> Result<Vec<Category>, CatalogError> {
        Err(CatalogError::Storage("disk on fire at /secret/path".into()))
    }
    async fn product(&self, _: i64) -> Result<Option<Product>, CatalogError> {
        Err(CatalogError::Storage("disk on fire at /secret/path".into()))
    }
    async fn bundle(&self, _: i64) -> Result<Option<Bundle>, CatalogError> {
        Ok(None)
    }
    async fn list_owner(&self, _: ListKind, _: i64) -> Result<Option<ListOwner>, CatalogError> {
        Ok(None)
    }
    async fn cards(&self, _: &[i64]) -> Result<Vec<ProductCard>, CatalogError> {
        Ok(vec![])
    }
    async fn offers(&self, _: &[ItemRef]) -> Result<Vec<Offer>, CatalogError> {
        Err(CatalogError::Storage("disk on fire at /secret/path".into()))
    }
    async fn search_documents_page(
        &self,
        _after_id: i64,
        _limit: u32,
    ) -> Result<Vec<SearchDoc>, CatalogError> {
        Ok(vec![])
    }
    async fn catalogue_version(&self) -> Result<i64, CatalogError> {
        Ok(0)
    }
    async fn related(&self, _: i64, _: i64, _: u32) -> Result<Vec<ProductCard>, CatalogError> {
        Ok(vec![])
    }
    async fn new_arrivals(&self, _: u32) -> Result<Vec<ProductCard>, CatalogError> {
        Ok(vec![])
    }
    async fn bundles(&self, _: u32) -> Result<Vec<ProductCard>, CatalogError> {
        Ok(vec![])
    }
    async fn page(&self, _: i64) -> Result<Option<ContentPage>, CatalogError> {
        Ok(None)
    }
    async fn product_count(&self) -> Result<u64, CatalogError> {
        Ok(0)
    }
}

#[tokio::test]
async fn storage_failures_are_500s_without_internals() {
    let client = TestClient::new(web::routes(state_with(Arc::new(BrokenCatalog)).await));
    for path in ["/api/categories", "/api/products/1"] {
        let resp = client.get(path).send().await;
        resp.assert_status(StatusCode::INTERNAL_SERVER_ERROR);
        let body: Value = resp.json().await.value().deserialize();
        let message = body["message"].as_str().unwrap();
        assert!(message.contains("reference"), "{message}");
        assert!(
            !message.contains("secret") && !message.contains("disk"),
            "internals leaked: {message}"
        );
    }
}

#[tokio::test]
async fn the_openapi_document_and_its_ui_are_served() {
    let doc = get_json("/api/openapi.json", StatusCode::OK).await;
    assert!(doc["paths"]["/products/{id}"].is_object());
    assert_eq!(doc["servers"][0]["url"], "/api");
    let resp = client().await.get("/api/docs").send().await;
    resp.assert_status_is_ok();
    resp.assert_content_type("text/html; charset=utf-8");
}

/// Deep links get the app's HTML, as `/` does, never a 404.
#[tokio::test]
async fn client_routes_fall_back_to_the_app() {
    let client = client().await;
    let root = client.get("/").send().await;
    let root_status = root.0.status();
    assert_ne!(root_status, StatusCode::NOT_FOUND);
    for path in [
        "/products/some-slug/12",
        "/account/orders",
        "/about/43",
        "/category/home/1?page=2",
    ] {
        let resp = client.get(path).send().await;
        assert_eq!(resp.0.status(), root_status, "{path}");
        if root_status == StatusCode::OK {
            let body = resp.0.into_body().into_string().await.unwrap();
            assert!(body.contains(r#"<div id="root""#), "{path}: {body}");
        }
    }
    client
        .get("/assets/no-such-file.js")
        .send()
        .await
        .assert_status(StatusCode::NOT_FOUND);
}

/// The first-screen tests need the UI's HTML and build manifest (`scripts/test` builds
/// the UI before the Rust tests); without them they fail rather than pass on nothing.
const UI_NOT_BUILT: &str = "the UI is not built: run `npm ci && npm run build` in ui/ first";

/// A product page's HTML already holds the product's API answer and its picture's
/// preload (`first_screen`).
#[tokio::test]
async fn a_product_page_carries_its_first_screen() {
    let client = client().await;
    let resp = client.get("/products/any-slug/10").send().await;
    assert_ne!(
        resp.0.status(),
        StatusCode::SERVICE_UNAVAILABLE,
        "{UI_NOT_BUILT}"
    );
    resp.assert_status_is_ok();
    resp.assert_header("cache-control", "no-cache");
    let body = resp.0.into_body().into_string().await.unwrap();
    let product = get_json("/api/products/10", StatusCode::OK).await;
    let marker = r#"id="first-screen">"#;
    let start = body.find(marker).expect("inlined data") + marker.len();
    let end = start + body[start..].find("</script>").unwrap();
    let inlined: Value = serde_json::from_str(&body[start..end]).unwrap();
    assert_eq!(inlined["/api/products/10"], product);
    assert!(inlined["/api/store"]["name"].is_string());
    let picture = product["image"].as_str().unwrap();
    assert!(body.contains(&format!(
        r#"as="image" fetchpriority="high" href="{picture}""#
    )));
    assert!(
        body.contains(
            r#"<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ProductPage-"#
        ),
        "the product screen's code"
    );
}

/// A product page comes painted: its title is the page's heading before any script
/// runs (`first_screen::paint`), unless the shopper's app asked for pages without it.
#[tokio::test]
async fn a_product_page_is_painted_unless_the_shopper_opted_out() {
    let client = client().await;
    let product = get_json("/api/products/10", StatusCode::OK).await;
    let heading = format!("<h1>{}</h1>", product["title"].as_str().unwrap());
    let painted = client.get("/products/any-slug/10").send().await;
    assert_ne!(
        painted.0.status(),
        StatusCode::SERVICE_UNAVAILABLE,
        "{UI_NOT_BUILT}"
    );
    let painted = painted.0.into_body().into_string().await.unwrap();
    assert!(
        painted.contains(r#"<div id="root" data-painted="">"#),
        "{painted}"
    );
    assert!(painted.contains(&heading), "{painted}");
    let plain = client
        .get("/products/any-slug/10")
        .header("cookie", "other=1; store_paint=off")
        .send()
        .await;
    let plain = plain.0.into_body().into_string().await.unwrap();
    assert!(!plain.contains("data-painted"), "{plain}");
    assert!(!plain.contains(&heading), "{plain}");
    assert!(
        plain.contains(r#"id="first-screen""#),
        "the data is inlined still"
    );
}

/// Each landing screen's HTML preloads that screen's code, and any other page the rest
/// of the route table: the server names the app's modules by path, and a renamed module
/// must fail here.
#[tokio::test]
async fn every_landing_screen_preloads_its_code() {
    let client = client().await;
    for (path, chunk) in [
        ("/", "HomePage-"),
        ("/category/any/1", "ProductListPage-"),
        ("/products/any/10", "ProductPage-"),
        ("/bundles/any/50", "BundlePage-"),
        ("/search?q=mug", "SearchResultsPage-"),
        // Pages the server does not paint: the rest of the app's route table, which the
        // app loads before it settles on their path (ui/src/app/routes.tsx).
        ("/bag", "moreRoutes-"),
        ("/about/43", "moreRoutes-"),
    ] {
        let resp = client.get(path).send().await;
        assert_ne!(
            resp.0.status(),
            StatusCode::SERVICE_UNAVAILABLE,
            "{UI_NOT_BUILT}"
        );
        let body = resp.0.into_body().into_string().await.unwrap();
        let link = format!(
            r#"<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/{chunk}"#
        );
        assert!(body.contains(&link), "{path}: {body}");
    }
}

#[tokio::test]
async fn media_draws_icons_in_the_asked_colour() {
    let client = client().await;
    let resp = client.get("/media/mug/E76F51.svg").send().await;
    resp.assert_status_is_ok();
    resp.assert_content_type("image/svg+xml");
    let svg = resp.0.into_body().into_string().await.unwrap();
    assert!(svg.contains("#e76f51") && !svg.contains("{{color}}"));
    for bad in [
        "/media/mug/e76f5.svg",
        "/media/mug/zzzzzz.svg",
        "/media/mug/e76f51.png",
        "/media/nothing/e76f51.svg",
        "/media/..%2Fmug/e76f51.svg",
    ] {
        client
            .get(bad)
            .send()
            .await
            .assert_status(StatusCode::NOT_FOUND);
    }
}

/// The demo catalogue goes through the real SQLite adapter and every picture it
/// names is drawn by the binary.
#[tokio::test]
async fn the_demo_catalogue_imports_and_its_pictures_exist() {
    let dir = tempfile::tempdir().unwrap();
    let store = store_adapters::sqlite::SqliteStore::open(
        &format!("sqlite://{}/s.db", dir.path().display()),
        2,
    )
    .await
    .unwrap();
    store.migrate().await.unwrap();
    assert!(
        store_app::seed::demo_if_empty(&store, &store)
            .await
            .unwrap()
    );
    assert!(
        !store_app::seed::demo_if_empty(&store, &store)
            .await
            .unwrap(),
        "a second start imports nothing"
    );
    let demo = store_adapters::demo::catalogue().unwrap();
    let client = TestClient::new(web::routes(state_with(Arc::new(store)).await));
    let mut urls: Vec<String> = demo
        .categories
        .iter()
        .filter_map(|c| c.picture.as_ref().map(Picture::url))
        .collect();
    for p in &demo.products {
        urls.extend(p.media.iter().map(Picture::url));
        urls.extend(
            p.variations
                .iter()
                .filter_map(|v| v.picture.as_ref().map(Picture::url)),
        );
    }
    urls.extend(
        demo.bundles
            .iter()
            .flat_map(|b| b.media.iter().map(Picture::url)),
    );
    urls.sort();
    urls.dedup();
    for url in urls {
        client.get(&url).send().await.assert_status_is_ok();
    }
    let health: Value = client
        .get("/api/health")
        .send()
        .await
        .json()
        .await
        .value()
        .deserialize();
    assert_eq!(
        health["products"].as_u64(),
        Some(demo.products.len() as u64)
    );
}
