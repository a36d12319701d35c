//! Watching the store (issue 32): the real binary with its metrics listener on, scraped
//! after shoppers' requests, orders and a throttled write; the shoppers' port refusing
//! the metrics path; the request id a 500 quotes, and the JSON log lines that carry it.

use crate::api::BrokenCatalog;
use crate::binary::{self, APPROVED_CARD, DECLINED_CARD, Server, store, text};
use crate::common;
use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::{Value, json};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use store_app::web;

/// A free port on 127.0.0.1.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The value of the sample `series` (its name and labels exactly as written) in
/// `scraped`.
fn sample(scraped: &str, series: &str) -> Option<f64> {
    scraped
        .lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map(|value| value.parse().unwrap())
}

fn expect(scraped: &str, series: &str) -> f64 {
    sample(scraped, series).unwrap_or_else(|| panic!("no {series} in:\n{scraped}"))
}

struct Scraper {
    url: String,
    client: reqwest::Client,
}

impl Scraper {
    async fn scrape(&self) -> String {
        let answer = self.client.get(&self.url).send().await.unwrap();
        assert_eq!(answer.status(), 200);
        let content_type = answer.headers()["content-type"].to_str().unwrap();
        assert!(
            content_type.starts_with("text/plain; version=0.0.4"),
            "{content_type}"
        );
        answer.text().await.unwrap()
    }

    /// Scrapes until `series` reaches `at_least` (the job runner's work comes within
    /// its poll), or fails after 10 s.
    async fn scrape_until(&self, series: &str, at_least: f64) -> String {
        for _ in 0..100 {
            let scraped = self.scrape().await;
            if sample(&scraped, series).is_some_and(|v| v >= at_least) {
                return scraped;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!(
            "{series} did not reach {at_least}:\n{}",
            self.scrape().await
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_listener_shows_every_family_and_the_shoppers_port_does_not() {
    let folder = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", folder.path().join("store.db").display());
    let seeded = store(&url, &["seed"]);
    assert!(seeded.status.success(), "{}", text(&seeded.stderr));
    let metrics = format!("127.0.0.1:{}", free_port());
    // Two anonymous writes at once, then one a minute: the two card tokens pass, the
    // contact message after them is refused.
    let server = Server::start(
        &url,
        &[
            ("STORE__METRICS__LISTEN", metrics.as_str()),
            ("STORE__LIMITS__CLIENT_BURST", "2"),
            ("STORE__LIMITS__CLIENT_PER_MINUTE", "1"),
        ],
    )
    .await;
    let scraper = Scraper {
        url: format!("http://{metrics}/metrics"),
        client: reqwest::Client::new(),
    };
    let public = reqwest::Client::new();
    let get = |path: &str| public.get(format!("{}{path}", server.base)).send();

    // Shoppers: a product twice (the second from the read cache), its page, a product
    // that does not exist, an order, a declined card and a write over the budget.
    for _ in 0..2 {
        assert_eq!(get("/api/products/1002").await.unwrap().status(), 200);
    }
    assert_eq!(get("/products/mug/1002").await.unwrap().status(), 200);
    assert_eq!(get("/api/products/987654").await.unwrap().status(), 404);
    let products = json!([{"id": 1002, "type": "product", "quantity": 1}]);
    let (status, placed) =
        binary::order(&server, "", products.clone(), json!({}), APPROVED_CARD).await;
    assert_eq!(status, 201, "{placed}");
    let (status, declined) = binary::order(&server, "", products, json!({}), DECLINED_CARD).await;
    assert_eq!(status, 402, "{declined}");
    let (status, refused, _) = server
        .post(
            "/api/contact",
            "",
            json!({"name": "Dana", "email": "dana@example.com", "subject": "Hi",
                   "message": "Hello"}),
        )
        .await;
    assert_eq!(status, 429, "{refused}");

    // The shoppers' port does not serve the metrics, not even as the app's page.
    let answer = get("/metrics").await.unwrap();
    assert_eq!(answer.status(), 404);
    let body = answer.text().await.unwrap();
    assert!(!body.contains("store_http_requests_total"), "{body}");
    assert!(!body.contains("<html"), "{body}");

    // The order's confirmation mail is a job: it runs (and the mail is queued) within
    // the runner's poll.
    let scraped = scraper
        .scrape_until(r#"store_jobs_due_total{kind="order_confirmation"}"#, 1.0)
        .await;

    // Requests by route template and status, never by raw path.
    let product = r#"route="/api/products/{id}",method="GET""#;
    assert_eq!(
        expect(
            &scraped,
            &format!(r#"store_http_requests_total{{{product},status="200"}}"#)
        ),
        2.0
    );
    assert_eq!(
        expect(
            &scraped,
            &format!(r#"store_http_requests_total{{{product},status="404"}}"#)
        ),
        1.0
    );
    for series in [
        r#"store_http_requests_total{route="page",method="GET",status="200"}"#,
        r#"store_http_requests_total{route="other",method="GET",status="404"}"#,
        r#"store_http_requests_total{route="/api/orders",method="POST",status="201"}"#,
        r#"store_http_requests_total{route="/api/orders",method="POST",status="402"}"#,
        r#"store_http_requests_total{route="/api/contact",method="POST",status="429"}"#,
    ] {
        assert_eq!(expect(&scraped, series), 1.0, "{series}");
    }
    let orders_timed = r#"store_http_request_duration_seconds_count{route="/api/orders",method="POST",status="201"}"#;
    assert_eq!(expect(&scraped, orders_timed), 1.0);
    assert!(
        scraped.contains(r#"store_http_request_duration_seconds_bucket{route="/api/products/{id}",method="GET",status="200",le="0.005"}"#),
        "{scraped}"
    );
    for raw in [
        "/api/products/1002",
        "/api/products/987654",
        "/products/mug",
    ] {
        assert!(!scraped.contains(raw), "a raw path is a label: {raw}");
    }

    // Orders placed and declined, with their amounts.
    let total = placed["totals"]["total"].as_f64().unwrap();
    assert!(total > 0.0, "{placed}");
    assert_eq!(expect(&scraped, "store_orders_placed_total"), 1.0);
    assert_eq!(expect(&scraped, "store_orders_placed_cents_total"), total);
    assert_eq!(expect(&scraped, "store_orders_declined_total"), 1.0);
    assert_eq!(expect(&scraped, "store_orders_declined_cents_total"), total);

    // Jobs, mails, throttles.
    let failed = r#"store_jobs_failed_total{kind="order_confirmation"}"#;
    assert_eq!(expect(&scraped, failed), 0.0);
    assert!(expect(&scraped, "store_mails_queued_total") >= 1.0);
    assert_eq!(expect(&scraped, "store_mails_failed_total"), 0.0);
    let throttled = r#"store_throttled_total{kind="writes_stored"}"#;
    assert_eq!(expect(&scraped, throttled), 1.0);
    assert_eq!(
        expect(&scraped, r#"store_throttled_total{kind="declines"}"#),
        0.0
    );

    // The database, the read cache and the search index, read as scraped.
    assert!(expect(&scraped, r#"store_db_connections{state="idle"}"#) >= 0.0);
    assert!(expect(&scraped, r#"store_db_connections{state="in_use"}"#) >= 0.0);
    assert_eq!(expect(&scraped, "store_db_connections_max"), 8.0);
    assert!(expect(&scraped, "store_db_writer_waits_total") >= 1.0);
    assert!(expect(&scraped, "store_db_writer_wait_seconds_total") >= 0.0);
    assert!(expect(&scraped, "store_cache_hits_total") >= 1.0);
    assert!(expect(&scraped, "store_cache_misses_total") >= 1.0);
    assert!(expect(&scraped, "store_cache_size_bytes") > 0.0);
    let generation = expect(&scraped, "store_search_index_generation");
    assert!(generation >= 1.0);
    assert_eq!(expect(&scraped, "store_catalogue_version"), generation);
    assert!(expect(&scraped, "store_search_index_age_seconds") >= 0.0);
    server.stop();
}

#[tokio::test]
async fn every_answer_carries_its_request_id_and_a_500_quotes_it() {
    let (state, _) = common::indexed(Arc::new(BrokenCatalog)).await;
    let client = TestClient::new(web::routes(state));
    let message = |body: Value| body["message"].as_str().unwrap().to_owned();

    // A proxy's id is kept.
    let resp = client
        .get("/api/categories")
        .header("X-Request-Id", "nginx-5f0c2a9e")
        .send()
        .await;
    resp.assert_status(StatusCode::INTERNAL_SERVER_ERROR);
    resp.assert_header("x-request-id", "nginx-5f0c2a9e");
    let body = resp.json().await.value().deserialize();
    assert!(
        message(body).contains("(reference nginx-5f0c2a9e)"),
        "the shopper's reference finds the log line"
    );

    // Without one, or with one unfit to log, the store makes one.
    for sent in [None, Some("<script>alert(1)</script>")] {
        let mut request = client.get("/api/categories");
        if let Some(sent) = sent {
            request = request.header("X-Request-Id", sent);
        }
        let resp = request.send().await;
        resp.assert_status(StatusCode::INTERNAL_SERVER_ERROR);
        let id = resp.0.headers()["x-request-id"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(id.len() == 16 && Some(id.as_str()) != sent, "{id}");
        let body = resp.json().await.value().deserialize();
        assert!(message(body).contains(&format!("(reference {id})")));
    }

    // Pages, files and refusals have one too.
    for path in ["/", "/products/mug/12", "/metrics"] {
        let resp = client.get(path).send().await;
        assert!(resp.0.headers().contains_key("x-request-id"), "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_log_lines_carry_the_request_id() {
    let folder = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", folder.path().join("store.db").display());
    let base = format!("http://127.0.0.1:{}", free_port());
    let server = Command::new(env!("CARGO_BIN_EXE_store"))
        .env("STORE__DATABASE__URL", &url)
        .env("STORE__SERVER__PORT", base.rsplit(':').next().unwrap())
        .env("STORE__SERVER__LOG_FORMAT", "json")
        .env("STORE__SERVER__LOG_REQUESTS", "true")
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let client = reqwest::Client::new();
    let mut ready = false;
    for _ in 0..300 {
        let answer = client.get(format!("{base}/api/health/ready")).send().await;
        if answer.is_ok_and(|a| a.status() == 200) {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let answer = client
        .get(format!("{base}/api/products/1002"))
        .header("X-Request-Id", "find-me-0001")
        .send()
        .await;
    let stopped = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    let output = server.wait_with_output().unwrap();
    let log = text(&output.stderr);
    assert!(ready && stopped.success(), "{log}");
    assert_eq!(answer.unwrap().status(), 200);

    let lines: Vec<Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let request = lines
        .iter()
        .find(|line| line["request_id"] == "find-me-0001")
        .unwrap_or_else(|| panic!("no line with the request id in:\n{log}"));
    assert_eq!(request["message"], "request");
    assert_eq!(request["path"], "/api/products/1002");
    assert_eq!(request["status"], 200);
}
