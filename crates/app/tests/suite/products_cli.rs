//! `store products change` as the owner runs it (the real binary against a database
//! file), and what a hidden product is to the storefront's API: gone from its page,
//! its bundle, the lists and the bag, refused with a reason and never a 500.

use poem::Endpoint;
use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::{Value, json};
use std::path::Path;
use std::process::Output;
use store_adapters::fakes::fixture;
use store_adapters::sqlite::SqliteStore;
use store_app::search_refresh;
use store_app::web;
use store_domain::bag::ItemRef;
use store_domain::catalog::ProductChange;
use store_domain::ports::{Catalog, CatalogWriter};

use crate::binary::{store, text};
use crate::common;

async fn open(database: &Path) -> SqliteStore {
    let db = SqliteStore::open(&format!("sqlite://{}", database.display()), 1)
        .await
        .unwrap();
    db.migrate().await.unwrap();
    db
}

fn products(database: &Path, args: &[&str]) -> Output {
    let url = format!("sqlite://{}", database.display());
    let mut all = vec!["products", "change"];
    all.extend_from_slice(args);
    store(&url, &all)
}

#[tokio::test]
async fn the_owner_changes_hides_and_shows_a_product() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("store.db");
    let db = open(&database).await;
    db.import(&fixture()).await.unwrap();
    let imported = db.catalogue_version().await.unwrap();
    db.close().await;

    let changed = products(
        &database,
        &[
            "12",
            "--price",
            "1250",
            "--stock",
            "0",
            "--hebrew-title",
            "קומקום",
        ],
    );
    assert!(changed.status.success(), "{}", text(&changed.stderr));
    assert_eq!(
        text(&changed.stdout),
        "changed product 12: price $12.50, stock 0, Hebrew title \"קומקום\"\n"
    );
    let hidden = products(&database, &["12", "--hide"]);
    assert!(hidden.status.success(), "{}", text(&hidden.stderr));
    assert_eq!(
        text(&hidden.stdout),
        "changed product 12: hidden (off sale and out of sight)\n"
    );

    let db = open(&database).await;
    assert!(db.product(12).await.unwrap().is_none(), "hidden");
    assert!(db.bundle(50).await.unwrap().is_none(), "its bundle too");
    let offers = db
        .offers(&[ItemRef::Product(12), ItemRef::Bundle(50)])
        .await
        .unwrap();
    assert!(offers.is_empty(), "off sale: {offers:?}");
    assert!(db.catalogue_version().await.unwrap() > imported);
    db.close().await;

    let shown = products(&database, &["12", "--show"]);
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    assert_eq!(
        text(&shown.stdout),
        "changed product 12: shown (on sale again)\n"
    );
    let db = open(&database).await;
    let kettle = db.product(12).await.unwrap().expect("shown again");
    assert_eq!((kettle.price.cents(), kettle.stock), (1250, 0));
    assert_eq!(kettle.heb_title.as_deref(), Some("קומקום"));
    db.close().await;

    for (args, says) in [
        (&["999", "--stock", "3"][..], "there is no product 999"),
        (&["12", "--price", "-5"], "the price cannot be negative"),
        (&["12", "--stock", "-1"], "the stock cannot be negative"),
        (&["12", "--title", ""], "the title cannot be empty"),
        (&["12"], "the change changes nothing"),
        (&["12", "--hide", "--show"], "cannot be used with"),
    ] {
        let refused = products(&database, args);
        assert!(!refused.status.success(), "{args:?} succeeded");
        let stderr = text(&refused.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    let db = open(&database).await;
    let kettle = db.product(12).await.unwrap().unwrap();
    assert_eq!(
        (kettle.price.cents(), kettle.title.as_str()),
        (1250, "Item 12"),
        "refused changes leave it as it was"
    );
    db.close().await;
}

async fn call(
    client: &TestClient<impl Endpoint>,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let request = match &body {
        Some(body) => client
            .post(path)
            .header("X-Requested-With", "XMLHttpRequest")
            .content_type("application/json")
            .body(body.to_string()),
        None => client.get(path),
    };
    let resp = request.send().await;
    let status = resp.0.status();
    let text = resp.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or_default())
}

/// The fixture's kettle (12) is in bundle 50 and in the "home" department's list.
#[tokio::test]
async fn a_hidden_product_is_out_of_the_storefront_and_the_bag() {
    let catalog = common::shop_catalogue().await;
    let (state, _) = common::indexed(catalog.clone()).await;
    let client = TestClient::new(web::routes(state.clone()));
    let listed = async || -> Vec<i64> {
        let (status, list) = call(&client, "/api/lists/category/1", None).await;
        assert_eq!(status, StatusCode::OK, "{list}");
        list["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["id"].as_i64().unwrap())
            .collect()
    };
    assert!(listed().await.contains(&12));

    let hide = ProductChange {
        hidden: Some(true),
        ..ProductChange::default()
    };
    assert!(catalog.change_product(12, &hide).await.unwrap());
    search_refresh::rebuild(&state, common::REFRESH)
        .await
        .unwrap();

    for path in ["/api/products/12", "/api/bundles/50"] {
        let (status, body) = call(&client, path, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
    }
    assert!(!listed().await.contains(&12), "the list drops it");

    let kept = json!({"products": [{"id": 12, "type": "product", "quantity": 1},
        {"id": 50, "type": "bundle", "quantity": 1}, {"id": 61, "type": "product", "quantity": 1}],
        "later": []});
    let (status, quote) = call(&client, "/api/bag/quote", Some(kept)).await;
    assert_eq!(status, StatusCode::OK, "{quote}");
    let withdrawn: Vec<(i64, &str)> = quote["withdrawn"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["id"].as_i64().unwrap(), w["reason"].as_str().unwrap()))
        .collect();
    assert_eq!(
        withdrawn,
        [
            (12, "there is no product with id 12"),
            (50, "there is no bundle with id 50")
        ]
    );
    assert_eq!(quote["products"][0]["id"], 61, "the rest is priced");

    let add = json!({"products": [], "later": [],
        "change": {"action": "add", "line": {"id": 12, "type": "product", "quantity": 1}}});
    let (status, refused) = call(&client, "/api/bag/quote", Some(add)).await;
    assert!(status.is_client_error(), "{status}: {refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("there is no product with id 12"),
        "{refused}"
    );
}
