//! The real `store` binary, run as an operator runs it: its subcommands, and `store
//! serve` on a free port of 127.0.0.1, asked over HTTP as the storefront asks it.
//! Shared by the tests that run the binary.

use serde_json::{Value, json};
use sqlx::{AnyConnection, Connection};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// `store ARGS` on the database at `url`.
pub fn store(url: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_store"))
        .args(args)
        .env("STORE__DATABASE__URL", url)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Dana Levi registers through `asked` and confirms with the code mailed to the outbox
/// of the store at `url` through `confirmed` (the same server, or another instance):
/// her session cookie.
pub async fn registered(asked: &Server, confirmed: &Server, url: &str) -> String {
    let (status, body, _) = asked
        .post(
            "/api/register",
            "",
            json!({"name": "Dana Levi", "email": "dana@example.com",
                   "password": "correct horse battery"}),
        )
        .await;
    assert_eq!(status, 202, "{body}");
    let code = mailed_code(url).await;
    let (status, body, cookies) = confirmed
        .post(
            "/api/register/confirm",
            "",
            json!({"email": "dana@example.com", "code": code}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    cookies
}

/// The sandbox's card that is always approved, and one it always declines.
pub const APPROVED_CARD: &str = "4242 4242 4242 4242";
pub const DECLINED_CARD: &str = "4000 0000 0000 0002";

/// The browser every order comes from: the payer cookie a card's token is bound to.
const PAYER: &str = "payer=c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0";

/// Places an order of `products` shipped to New York, with `extra` (gift cards, a
/// discount code) and the rest paid by `card` (a sandbox number), as Review places it
/// after its quote, from the browser with `session`: the status and the answer.
pub async fn order(
    server: &Server,
    session: &str,
    products: Value,
    extra: Value,
    card: &str,
) -> (u16, Value) {
    let cookie = format!("{PAYER}; {session}");
    let (status, token, _) = server
        .post(
            "/api/card/createToken",
            &cookie,
            json!({"card": card, "exp": "12/30", "cvc": "123"}),
        )
        .await;
    assert_eq!(status, 200, "{token}");
    let mut quote = json!({"products": products, "later": [], "zip_code": "10001",
                           "country": "US", "shipping": {"type": "ship", "id": 2}});
    for (key, value) in extra.as_object().unwrap() {
        quote[key] = value.clone();
    }
    let (status, quoted, _) = server
        .post("/api/checkout/quote", &cookie, quote.clone())
        .await;
    assert_eq!(status, 200, "{quoted}");
    let mut body = quote;
    for key in ["zip_code", "country", "later"] {
        body.as_object_mut().unwrap().remove(key);
    }
    static ORDERS: AtomicU32 = AtomicU32::new(0);
    body["idempotency_key"] = json!(format!(
        "binary-test-order-{}",
        ORDERS.fetch_add(1, Ordering::Relaxed)
    ));
    body["shipping_info"] = json!({"address": {"name": "Dana Levi", "line1": "1 Main St",
        "city": "New York", "postal_code": "10001", "country": "US", "phone": "212 555 0100"}});
    body["email"] = json!("dana@example.com");
    body["expected_total"] = quoted["bag"]["totals"]["total"].clone();
    body["expected_amount_due"] = quoted["amount_due"].clone();
    if quoted["amount_due"] != 0 {
        body["payment"] = json!({"token": token["token"]});
    }
    let (status, placed, _) = server.post("/api/orders", &cookie, body).await;
    (status, placed)
}

/// The six-digit code in the newest mail of the outbox of the store at `url`, on
/// either engine.
async fn mailed_code(url: &str) -> String {
    sqlx::any::install_default_drivers();
    let mut db = AnyConnection::connect(url).await.unwrap();
    let body: String = sqlx::query_scalar("SELECT body FROM outbox ORDER BY id DESC LIMIT 1")
        .fetch_one(&mut db)
        .await
        .unwrap();
    db.close().await.unwrap();
    body.split(|c: char| !c.is_ascii_digit())
        .find(|run| run.len() == 6)
        .unwrap_or_else(|| panic!("no code in {body:?}"))
        .to_owned()
}

/// `store serve` on a database, stopped as an operator stops it (SIGTERM), or killed
/// if the test fails first.
pub struct Server {
    child: Child,
    pub base: String,
    client: reqwest::Client,
    /// Its working folder: what it keeps by a relative path (a PostgreSQL store's
    /// search index, `data/search-PORT`) goes there, and is removed with it.
    _work: tempfile::TempDir,
}

impl Server {
    /// Starts the server on `url` at a free port with the settings `env` adds, and
    /// waits until it is ready (it builds its search index first), within 30 s.
    pub async fn start(url: &str, env: &[(&str, &str)]) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let work = tempfile::tempdir().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_store"))
            .current_dir(work.path())
            .env("STORE__DATABASE__URL", url)
            .env("STORE__SERVER__PORT", port.to_string())
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let server = Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .unwrap(),
            _work: work,
        };
        let mut last = None;
        for _ in 0..300 {
            match server.get("/api/health/ready", "").await {
                Ok((200, _)) => return server,
                answer => last = Some(answer),
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the server on {url} was not ready within 30 s: {last:?}");
    }

    /// The status and JSON answer of `GET path`, with `cookie`.
    pub async fn get(&self, path: &str, cookie: &str) -> Result<(u16, Value), reqwest::Error> {
        let answer = self
            .client
            .get(format!("{}{path}", self.base))
            .header("Cookie", cookie)
            .send()
            .await?;
        Ok((
            answer.status().as_u16(),
            answer.json().await.unwrap_or_default(),
        ))
    }

    /// `POST path` with `body` as the browser sends it, from the browser with
    /// `cookie`: the status, the JSON answer and the cookies it sets.
    pub async fn post(&self, path: &str, cookie: &str, body: Value) -> (u16, Value, String) {
        let answer = self
            .client
            .post(format!("{}{path}", self.base))
            .header("X-Requested-With", "XMLHttpRequest")
            .header("Cookie", cookie)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = answer.status().as_u16();
        let cookies = answer
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok()?.split(';').next())
            .collect::<Vec<_>>()
            .join("; ");
        (status, answer.json().await.unwrap_or_default(), cookies)
    }

    /// Stops the server with SIGTERM and waits for it to close the database.
    pub fn stop(mut self) {
        let stopped = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(stopped.success());
        assert!(self.child.wait().unwrap().success());
    }
}

impl Server {
    /// Kills the server with SIGKILL, as a crash or an OOM killer ends it: nothing it
    /// was writing is finished or cleaned up.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        let status = self.child.wait().unwrap();
        assert!(!status.success(), "killed, not stopped: {status}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
