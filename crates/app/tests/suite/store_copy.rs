//! `store copy --to postgres://…` with the real binary: a SQLite store with the demo
//! catalogue, a registered customer and orders placed over HTTP is copied into a fresh
//! PostgreSQL database; this test compares the two databases itself, then serves the
//! store from the copy. A second copy into it, and a target that is not PostgreSQL,
//! are refused.

use binary::{APPROVED_CARD, Server, registered, store, text};
use serde_json::{Value, json};
use sqlx::{Connection, PgConnection, SqliteConnection};
use std::time::Instant;

use crate::binary;

use crate::postgres_db;

/// Places an order of `products` with `extra` (gift cards, a discount code) and the
/// rest paid by the approved test card: the order.
async fn order(server: &Server, session: &str, products: Value, extra: Value) -> Value {
    let (status, placed) = binary::order(server, session, products, extra, APPROVED_CARD).await;
    assert_eq!(status, 201, "{placed}");
    placed
}

/// What the same statement answers on SQLite and on PostgreSQL.
struct Both {
    sqlite: SqliteConnection,
    pg: PgConnection,
}

impl Both {
    /// The one integer `sql` answers on each.
    async fn number(&mut self, sql: &'static str) -> (i64, i64) {
        let sqlite = sqlx::query_scalar(sql).fetch_one(&mut self.sqlite).await;
        let pg = sqlx::query_scalar(sql).fetch_one(&mut self.pg).await;
        (
            sqlite.unwrap_or_else(|e| panic!("SQLite, {sql}: {e}")),
            pg.unwrap_or_else(|e| panic!("PostgreSQL, {sql}: {e}")),
        )
    }

    /// The orders as (id, number, status, total, customer) on each, by id.
    async fn orders(&mut self) -> (Vec<OrderRow>, Vec<OrderRow>) {
        const SQL: &str = "SELECT id, number, status, total, customer_id FROM orders ORDER BY id";
        let sqlite = sqlx::query_as(SQL).fetch_all(&mut self.sqlite).await;
        let pg = sqlx::query_as(SQL).fetch_all(&mut self.pg).await;
        (sqlite.unwrap(), pg.unwrap())
    }
}

type OrderRow = (i64, String, String, i64, Option<i64>);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_store_moves_to_postgres_whole() {
    let folder = tempfile::tempdir().unwrap();
    let sqlite_url = format!("sqlite://{}", folder.path().join("store.db").display());
    let seeded = store(&sqlite_url, &["seed"]);
    assert!(seeded.status.success(), "{}", text(&seeded.stderr));

    // Shoppers on the SQLite store: a customer registers, orders are placed by a guest
    // and by the customer, with gift cards and a discount code, and the customer fills
    // a bag.
    let server = Server::start(&sqlite_url, &[]).await;
    let session = registered(&server, &server, &sqlite_url).await;
    let guest = order(
        &server,
        "",
        json!([{"id": 1002, "type": "product", "quantity": 2}]),
        json!({}),
    )
    .await;
    let customer_order = order(
        &server,
        &session,
        json!([{"id": 1008, "type": "product", "quantity": 3},
               {"id": 1006, "type": "product", "quantity": 2}]),
        json!({"gift_cards": ["THNX-SUCH-ABUN-CH99"], "discount_code": "WELCOME10"}),
    )
    .await;
    order(
        &server,
        "",
        json!([{"id": 1036, "type": "product", "quantity": 1}]),
        json!({"gift_cards": ["HAPY-BDAY-2525-GRTS"]}),
    )
    .await;
    assert_eq!(customer_order["status"], "paid", "{customer_order}");
    // What the customer keeps for later (placing an order empties the bag).
    let (status, bag, _) = server
        .post(
            "/api/customer/bag",
            &session,
            json!({"bag": [{"id": 1004, "type": "product", "quantity": 1}]}),
        )
        .await;
    assert_eq!(status, 200, "{bag}");
    server.stop();

    let database = postgres_db::empty_database("").await;
    let pg_url = database.url();
    let started = Instant::now();
    let copied = store(&sqlite_url, &["copy", "--to", &pg_url]);
    let took = started.elapsed();
    let said = text(&copied.stdout);
    assert!(copied.status.success(), "{}", text(&copied.stderr));
    eprintln!("store copy took {} ms:\n{said}", took.as_millis());
    assert!(
        said.contains("verified: ") && said.contains("counts and sums equal"),
        "{said}"
    );
    assert!(said.contains("not copied: _sqlx_migrations"), "{said}");

    // The test's own comparison, table by table and sum by sum.
    let mut both = Both {
        sqlite: SqliteConnection::connect(&sqlite_url).await.unwrap(),
        pg: PgConnection::connect(&pg_url).await.unwrap(),
    };
    for (sql, at_least) in [
        ("SELECT COUNT(*) FROM products", 50),
        ("SELECT COUNT(*) FROM variations", 1),
        ("SELECT COUNT(*) FROM categories", 1),
        ("SELECT COUNT(*) FROM orders", 3),
        ("SELECT COUNT(*) FROM order_lines", 4),
        ("SELECT COUNT(*) FROM order_stock", 4),
        ("SELECT COUNT(*) FROM order_gift_cards", 2),
        ("SELECT COUNT(*) FROM order_history", 3),
        ("SELECT COUNT(*) FROM customers", 1),
        ("SELECT COUNT(*) FROM sessions", 1),
        ("SELECT COUNT(*) FROM customer_bag_lines", 1),
        ("SELECT COUNT(*) FROM gift_cards", 3),
        ("SELECT COUNT(*) FROM discount_uses", 1),
        ("SELECT COUNT(*) FROM sandbox_charges", 2),
        ("SELECT COUNT(*) FROM jobs", 3),
        ("SELECT COUNT(*) FROM outbox", 1),
        ("SELECT COUNT(*) FROM store_secrets", 1),
        ("SELECT COUNT(*) FROM subscription_plans", 1),
        ("SELECT COUNT(*) FROM schools", 1),
        ("SELECT CAST(SUM(total) AS BIGINT) FROM orders", 1),
        (
            "SELECT CAST(SUM(gift_card_total) AS BIGINT) FROM orders",
            10_001,
        ),
        ("SELECT CAST(SUM(quantity) AS BIGINT) FROM order_lines", 7),
        ("SELECT CAST(SUM(stock) AS BIGINT) FROM products", 1),
        ("SELECT CAST(SUM(stock) AS BIGINT) FROM variations", 1),
        ("SELECT CAST(SUM(balance) AS BIGINT) FROM gift_cards", 1),
        ("SELECT version FROM catalogue_version", 1),
    ] {
        let (sqlite, pg) = both.number(sql).await;
        assert_eq!(sqlite, pg, "{sql}");
        assert!(sqlite >= at_least, "{sql}: {sqlite}");
    }
    let (sqlite, pg) = both.orders().await;
    assert_eq!(sqlite, pg);
    both.sqlite.close().await.unwrap();
    both.pg.close().await.unwrap();

    // The copy serves: the catalogue, the orders, the customer's session, the signed
    // order links, and new rows next to the copied ones.
    let listed = store(&pg_url, &["orders", "list"]);
    let number = guest["number"].as_str().unwrap();
    assert!(
        text(&listed.stdout).contains(number),
        "{}",
        text(&listed.stdout)
    );
    let server = Server::start(&pg_url, &[]).await;
    let (status, product) = server.get("/api/products/1001", "").await.unwrap();
    assert_eq!((status, &product["id"]), (200, &json!(1001)), "{product}");
    let (status, me) = server.get("/api/customer", &session).await.unwrap();
    assert_eq!((status, &me["name"]), (200, &json!("Dana Levi")), "{me}");
    let token = guest["access_token"].as_str().unwrap();
    let (status, shown) = server
        .get(&format!("/api/orders/{number}?token={token}"), "")
        .await
        .unwrap();
    assert_eq!(
        (status, &shown["number"]),
        (200, &guest["number"]),
        "{shown}"
    );
    let newer = order(
        &server,
        &session,
        json!([{"id": 1029, "type": "product", "quantity": 1}]),
        json!({}),
    )
    .await;
    assert_eq!(newer["status"], "paid", "{newer}");
    server.stop();

    // The target is no longer empty: a second copy changes nothing.
    let again = store(&sqlite_url, &["copy", "--to", &pg_url]);
    assert!(!again.status.success());
    let refusal = text(&again.stderr);
    assert!(
        refusal.contains("the target database is not empty: "),
        "{refusal}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_sqlite_to_postgres_is_copied() {
    let folder = tempfile::tempdir().unwrap();
    let sqlite_url = format!("sqlite://{}", folder.path().join("store.db").display());
    for to in [
        "sqlite://elsewhere.db".to_owned(),
        "mysql://root:hunter2@db/store".to_owned(),
    ] {
        let refused = store(&sqlite_url, &["copy", "--to", &to]);
        assert!(!refused.status.success(), "{to}");
        let said = text(&refused.stderr);
        assert!(said.contains("takes a postgres:// URL"), "{said}");
        assert!(!said.contains("hunter2"), "{said}");
    }
    let database = postgres_db::empty_database("").await;
    let refused = store(&database.url(), &["copy", "--to", &database.url()]);
    assert!(!refused.status.success());
    let said = text(&refused.stderr);
    assert!(said.contains("moves a SQLite store"), "{said}");
}
