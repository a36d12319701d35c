//! The shoppers benchmark's tool; `benches/shoppers.sh` drives it against the release
//! binary behind a simulated proxy (`X-Forwarded-For` believed from 127.0.0.1), with the
//! default limits.
//!
//! - `shoppers_bench prepare DB_URL STATE SHOPPERS`: before the server starts, gives
//!   plain products of the seeded catalogue a large stock and creates SHOPPERS confirmed
//!   accounts through the domain's own registration (Argon2 hashes, the outbox mailer);
//!   writes what it set to STATE (JSON).
//! - `shoppers_bench run BASE_URL SECONDS STATE RESULT [flood]`: the shoppers, each at
//!   an address of its own, browse, sign in and order for SECONDS; with `flood`, one more
//!   client sends anonymous writes and wrong passwords as fast as it can meanwhile.
//!   Prints the answers by kind and status and the p50/p99 of `POST /api/orders`;
//!   writes the figures the verdict needs to RESULT.
//! - `shoppers_bench verdict QUIET FLOODED`: PASS/FAIL per target from two RESULTs;
//!   exits non-zero on a FAIL.

use rand::Rng;
use serde_json::{Value, json};
use sqlx::sqlite::SqlitePoolOptions;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use store_adapters::clock::SystemClock;
use store_adapters::outbox::OutboxMailer;
use store_adapters::passwords::Argon2Passwords;
use store_adapters::sqlite::SqliteStore;
use store_domain::accounts::{self, Links, NewCustomer, Policy};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// Units of every bench product: enough for any run.
const PLENTY: i64 = 10_000_000;
/// A shopper's pace: one visit (browse, quote, card token, order) every 1.5 to 2 s, and
/// a sign-in on every fifth visit. Per shopper over 30 s that is at most 20 visits
/// (the first within 2 s, then one every 1.5 s at the most): 20 orders (budget: 40 at
/// once, then 120/min), 20 card tokens (stored writes: 30 at once, then 60/min) and 4
/// sign-ins (10 attempts a minute per address and client; 30 at once, then 60/min per
/// client). A sign-in on every visit would not do: 20 in 30 s is past the 15 that the
/// attempts per address allow. The steady rates stay below too (40 orders and 40
/// tokens a minute, a sign-in every 7.5 s or more: 8 a minute), so a shopper alone
/// never meets a budget however long the run. The store-wide budget of stored writes
/// (200 at once, then 50/s) sees the shoppers' tokens, at most 32 x 0.67 = 21/s, and the
/// flooder's 30 at once then 1/s: a client over its own budget does not spend the
/// store's.
const VISIT_SECONDS: (f64, f64) = (1.5, 2.0);
const SIGN_IN_EVERY: u64 = 5;
/// The flooder's connections, each sending back to back.
const FLOOD_CONNECTIONS: usize = 4;
const CARD: &str = "4242 4242 4242 4242";

fn email(shopper: usize) -> String {
    format!("shopper{shopper}@example.com")
}

fn password(shopper: usize) -> String {
    format!("bench password {shopper}")
}

/// Addresses from the documentation ranges (RFC 5737), only ever written in the
/// header: every request goes to 127.0.0.1.
fn shopper_address(shopper: usize) -> String {
    format!("198.51.100.{}", shopper + 1)
}

const FLOODER_ADDRESS: &str = "203.0.113.66";

fn address() -> Value {
    json!({"name": "Bench Shopper", "line1": "1 Main St", "city": "New York",
           "postal_code": "10001", "country": "US", "phone": "212 555 0100"})
}

/// What `prepare` set, for the shoppers.
#[derive(serde::Serialize, serde::Deserialize)]
struct State {
    shoppers: usize,
    products: Vec<i64>,
    categories: Vec<i64>,
}

async fn prepare(db: &str, state_path: &str, shoppers: usize) -> Result<(), Error> {
    if !(1..=254).contains(&shoppers) {
        return Err("from 1 to 254 shoppers: one address each in 198.51.100.0/24".into());
    }
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect(db)
        .await?;
    let products: Vec<i64> = sqlx::query_scalar(
        "SELECT p.id FROM products p
         WHERE p.product_type = 'product' AND p.price > 0
           AND (p.max_quantity IS NULL OR p.max_quantity >= 1)
           AND NOT EXISTS (SELECT 1 FROM variations v WHERE v.product_id = p.id)
           AND NOT EXISTS (SELECT 1 FROM personalization_fields f WHERE f.product_id = p.id)
         ORDER BY p.id LIMIT 40",
    )
    .fetch_all(&pool)
    .await?;
    if products.is_empty() {
        return Err("no plain product in the catalogue".into());
    }
    for id in &products {
        sqlx::query("UPDATE products SET stock = $1 WHERE id = $2")
            .bind(PLENTY)
            .bind(id)
            .execute(&pool)
            .await?;
    }
    let categories: Vec<i64> = sqlx::query_scalar("SELECT id FROM categories ORDER BY id LIMIT 10")
        .fetch_all(&pool)
        .await?;
    pool.close().await;

    // The accounts, made as the server makes them: registered, then confirmed with the
    // code the mail would have carried.
    let store = SqliteStore::open(db, 1).await?;
    let clock: Arc<dyn store_domain::ports::Clock> = Arc::new(SystemClock);
    let mailer = OutboxMailer::new(
        Arc::new(store.clone()),
        clock.clone(),
        Duration::from_secs(3600),
    );
    let passwords = Argon2Passwords::new()?;
    let policy = Policy {
        session_lifetime: Duration::from_secs(3600),
        reset_lifetime: Duration::from_secs(3600),
        code_lifetime: Duration::from_secs(3600),
        code_attempts: 5,
    };
    let links = Links {
        reset_password: "http://127.0.0.1/reset".to_owned(),
        sign_in: "http://127.0.0.1/sign-in".to_owned(),
        store_name: "Bench".to_owned(),
    };
    const CODE: &str = "123456";
    for shopper in 0..shoppers {
        let new = NewCustomer::parse(
            &email(shopper),
            &format!("Shopper {shopper}"),
            &password(shopper),
        )?;
        accounts::register(
            &store,
            &passwords,
            &mailer,
            clock.as_ref(),
            policy,
            &links,
            new,
            CODE,
            store_domain::language::Language::English,
        )
        .await?;
        let session = hex::encode(rand::rng().random::<[u8; 32]>());
        accounts::confirm_registration(
            &store,
            clock.as_ref(),
            policy,
            &email(shopper),
            CODE,
            &session,
        )
        .await?;
    }
    let state = State {
        shoppers,
        products,
        categories,
    };
    std::fs::write(state_path, serde_json::to_string(&state)?)?;
    println!(
        "prepared: {shoppers} accounts, {} plain products with {PLENTY} units each",
        state.products.len()
    );
    Ok(())
}

/// One keep-alive connection of one client behind the proxy: every request carries the
/// client's address in `X-Forwarded-For`, and its session cookie once it has one.
/// (`support/keep_alive.rs` sends no header of the caller's but one cookie.)
struct Client {
    host: String,
    forwarded_for: String,
    cookie: Option<String>,
    /// The payer cookie its first card token set: its later tokens pay only with it.
    payer: Option<String>,
    conn: Option<BufReader<TcpStream>>,
}

impl Client {
    fn new(host: &str, forwarded_for: &str) -> Client {
        Client {
            host: host.to_owned(),
            forwarded_for: forwarded_for.to_owned(),
            cookie: None,
            payer: None,
            conn: None,
        }
    }

    /// Sends one request and reads the answer: its status and body. A kept-alive
    /// connection the server closed while idle is opened again and the request sent
    /// once more (every request here is safe to repeat: an order carries its key).
    async fn call(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> Result<(u16, Vec<u8>), Error> {
        let reused = self.conn.is_some();
        match self.once(method, path, body).await {
            Err(_) if reused => self.once(method, path, body).await,
            answer => answer,
        }
    }

    async fn once(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> Result<(u16, Vec<u8>), Error> {
        if self.conn.is_none() {
            let stream = TcpStream::connect(&self.host).await?;
            stream.set_nodelay(true)?;
            self.conn = Some(BufReader::new(stream));
        }
        let answer = self.exchange(method, path, body).await;
        if answer.is_err() {
            self.conn = None;
        }
        answer
    }

    async fn exchange(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> Result<(u16, Vec<u8>), Error> {
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nX-Forwarded-For: {}\r\n",
            self.host, self.forwarded_for
        );
        let cookies: Vec<&str> = [&self.cookie, &self.payer]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        if !cookies.is_empty() {
            request.push_str(&format!("Cookie: {}\r\n", cookies.join("; ")));
        }
        if let Some(body) = body {
            request.push_str(&format!(
                "X-Requested-With: XMLHttpRequest\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        request.push_str("\r\n");
        request.push_str(body.unwrap_or(""));
        let conn = self.conn.as_mut().ok_or("no connection")?;
        conn.get_mut().write_all(request.as_bytes()).await?;
        let mut line = String::new();
        if conn.read_line(&mut line).await? == 0 {
            return Err("the server closed the connection".into());
        }
        let status: u16 = line.split_whitespace().nth(1).ok_or("no status")?.parse()?;
        let mut length = 0usize;
        loop {
            line.clear();
            if conn.read_line(&mut line).await? == 0 {
                return Err("the server closed the connection".into());
            }
            if line == "\r\n" {
                break;
            }
            let Some((name, value)) = line.split_once(':') else {
                continue;
            };
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse()?;
            } else if name.eq_ignore_ascii_case("set-cookie")
                && let Some(pair) = value.trim().split(';').next()
            {
                if pair.starts_with("session=") {
                    self.cookie = Some(pair.to_owned());
                } else if pair.starts_with("payer=") {
                    self.payer = Some(pair.to_owned());
                }
            }
        }
        let mut bytes = vec![0; length];
        conn.read_exact(&mut bytes).await?;
        Ok((status, bytes))
    }
}

/// Answers by (kind of request, status); status 0 is no answer (a network error).
#[derive(Default)]
struct Tally {
    answers: BTreeMap<(&'static str, u16), u64>,
    /// Times of `POST /api/orders`.
    order_times: Vec<Duration>,
}

impl Tally {
    /// Counts the answer; gives it back when there was one.
    fn count(
        &mut self,
        kind: &'static str,
        answer: Result<(u16, Vec<u8>), Error>,
    ) -> Option<(u16, Vec<u8>)> {
        let status = answer.as_ref().map_or(0, |(status, _)| *status);
        *self.answers.entry((kind, status)).or_insert(0) += 1;
        answer.ok()
    }

    /// Counts the answer; its JSON body when its status is `expected`.
    fn expect(
        &mut self,
        kind: &'static str,
        answer: Result<(u16, Vec<u8>), Error>,
        expected: u16,
    ) -> Option<Value> {
        match self.count(kind, answer) {
            Some((status, body)) if status == expected => {
                Some(serde_json::from_slice(&body).unwrap_or(Value::Null))
            }
            _ => None,
        }
    }

    fn add(&mut self, other: Tally) {
        for (key, count) in other.answers {
            *self.answers.entry(key).or_insert(0) += count;
        }
        self.order_times.extend(other.order_times);
    }

    fn print(&self) {
        for ((kind, status), count) in &self.answers {
            let status = if *status == 0 {
                "no answer".to_owned()
            } else {
                format!("HTTP {status}")
            };
            println!("  {kind:<12} {status:<10} {count:>7}");
        }
    }
}

/// One visit: a look at the catalogue and the product, a sign-in every few visits (a
/// new session), the quote, a card token and the order.
async fn visit(client: &mut Client, state: &State, shopper: usize, n: u64, tally: &mut Tally) {
    let product = state.products[(shopper + n as usize) % state.products.len()];
    let mut pages = vec!["/api/home".to_owned(), format!("/api/products/{product}")];
    if !state.categories.is_empty() {
        let category = state.categories[(shopper + n as usize) % state.categories.len()];
        pages.insert(1, format!("/api/lists/category/{category}"));
    }
    for page in pages {
        let answer = client.call("GET", &page, None).await;
        tally.count("browse", answer);
    }

    if n.is_multiple_of(SIGN_IN_EVERY) || client.cookie.is_none() {
        client.cookie = None;
        let body = json!({"email": email(shopper), "password": password(shopper)}).to_string();
        let answer = client.call("POST", "/api/login", Some(&body)).await;
        if tally.expect("sign-in", answer, 200).is_none() {
            return;
        }
    }

    let products = json!([{"id": product, "type": "product", "quantity": 1}]);
    let shipping = json!({"type": "ship", "id": 2});
    let quote = json!({"products": products, "later": [], "zip_code": "10001",
                       "country": "US", "shipping": shipping})
    .to_string();
    let answer = client
        .call("POST", "/api/checkout/quote", Some(&quote))
        .await;
    let Some(quoted) = tally.expect("quote", answer, 200) else {
        return;
    };

    let card = json!({"card": CARD, "exp": "12/30", "cvc": "123"}).to_string();
    let answer = client
        .call("POST", "/api/card/createToken", Some(&card))
        .await;
    let Some(token) = tally.expect("card token", answer, 200) else {
        return;
    };

    let order = json!({
        "idempotency_key": format!("shopper-{shopper}-{}-{n}", rand::rng().random::<u64>()),
        "products": products,
        "shipping": shipping,
        "shipping_info": {"address": address()},
        "payment": {"token": token["token"]},
        "expected_total": quoted["bag"]["totals"]["total"],
        "expected_amount_due": quoted["amount_due"],
    })
    .to_string();
    let started = Instant::now();
    let answer = client.call("POST", "/api/orders", Some(&order)).await;
    tally.order_times.push(started.elapsed());
    tally.count("order", answer);
}

/// One shopper's visits until `until`, each starting on its own schedule (a slow answer
/// does not push the next visits back), the first at a random moment of the first
/// visit's time, so the shoppers do not move in step.
async fn shopper(host: String, state: Arc<State>, shopper: usize, until: Instant) -> Tally {
    let mut client = Client::new(&host, &shopper_address(shopper));
    let mut tally = Tally::default();
    let pace =
        || Duration::from_secs_f64(rand::rng().random_range(VISIT_SECONDS.0..VISIT_SECONDS.1));
    let mut next =
        Instant::now() + Duration::from_secs_f64(rand::rng().random_range(0.0..VISIT_SECONDS.1));
    for n in 0.. {
        if next >= until {
            break;
        }
        tokio::time::sleep_until(next.into()).await;
        next += pace();
        visit(&mut client, &state, shopper, n, &mut tally).await;
    }
    tally
}

/// The `n`th write of the flooder: the anonymous writes in turn, each with text of its
/// own, and wrong passwords for the shoppers' own addresses.
fn flood_request(n: usize, shoppers: usize) -> (&'static str, &'static str, String) {
    match n % 5 {
        0 => (
            "newsletter",
            "/api/newsletter",
            json!({"email": format!("flood{n}@example.com")}).to_string(),
        ),
        1 => (
            "contact",
            "/api/contact",
            json!({"name": format!("Flood {n}"), "email": format!("flood{n}@example.com"),
                   "subject": "Flood", "message": format!("flood message {n}")})
            .to_string(),
        ),
        2 => (
            "error report",
            "/api/client-errors",
            json!({"message": format!("flood {n}"), "url": format!("http://127.0.0.1/flood/{n}")})
                .to_string(),
        ),
        3 => (
            "utm",
            "/utm",
            json!({"utm_source": format!("flood{n}"), "utm_campaign": "flood"}).to_string(),
        ),
        _ => (
            "sign-in",
            "/api/login",
            json!({"email": email(n / 5 % shoppers), "password": format!("wrong password {n}")})
                .to_string(),
        ),
    }
}

/// The flooder: FLOOD_CONNECTIONS connections sending back to back until `until`.
async fn flood(host: String, shoppers: usize, until: Instant) -> Tally {
    let mut workers = Vec::new();
    for w in 0..FLOOD_CONNECTIONS {
        let mut client = Client::new(&host, FLOODER_ADDRESS);
        workers.push(tokio::spawn(async move {
            let mut tally = Tally::default();
            let mut n = w;
            while Instant::now() < until {
                let (kind, path, body) = flood_request(n, shoppers);
                let answer = client.call("POST", path, Some(&body)).await;
                tally.count(kind, answer);
                n += FLOOD_CONNECTIONS;
            }
            tally
        }));
    }
    let mut all = Tally::default();
    for worker in workers {
        if let Ok(tally) = worker.await {
            all.add(tally);
        }
    }
    all
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1000.0
}

async fn run(
    base: &str,
    seconds: f64,
    state_path: &str,
    result_path: &str,
    with_flood: bool,
) -> Result<(), Error> {
    let host = base
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    let state: Arc<State> = Arc::new(serde_json::from_str(&std::fs::read_to_string(state_path)?)?);
    let started = Instant::now();
    let until = started + Duration::from_secs_f64(seconds);
    // The flooder runs on a thread and a runtime of its own: on this runtime its
    // back-to-back requests would delay the shoppers' tasks, and the client's delay
    // would be counted as the server's.
    let flooder = with_flood.then(|| {
        let (host, shoppers) = (host.clone(), state.shoppers);
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map(|runtime| runtime.block_on(flood(host, shoppers, until)))
        })
    });
    let workers: Vec<_> = (0..state.shoppers)
        .map(|i| tokio::spawn(shopper(host.clone(), state.clone(), i, until)))
        .collect();
    let mut shoppers = Tally::default();
    for worker in workers {
        shoppers.add(worker.await?);
    }
    let elapsed = started.elapsed().as_secs_f64();

    println!(
        "{} shoppers for {seconds} s{}; their answers:",
        state.shoppers,
        if with_flood {
            ", with the flooder"
        } else {
            ", no flood"
        }
    );
    shoppers.print();
    let orders = shoppers.answers.get(&("order", 201)).copied().unwrap_or(0);
    shoppers.order_times.sort();
    let (p50, p99) = (
        percentile(&shoppers.order_times, 0.50),
        percentile(&shoppers.order_times, 0.99),
    );
    println!(
        "orders placed: {orders}   POST /api/orders n={} p50 {p50:.2} ms   p99 {p99:.2} ms   max {:.2} ms",
        shoppers.order_times.len(),
        percentile(&shoppers.order_times, 1.0)
    );
    if let Some(flooder) = flooder {
        let flooded = flooder.join().map_err(|_| "the flooder panicked")??;
        let sent: u64 = flooded.answers.values().sum();
        println!(
            "the flooder ({FLOODER_ADDRESS}, {FLOOD_CONNECTIONS} connections): {sent} requests, {:.0}/s; its answers:",
            sent as f64 / elapsed
        );
        flooded.print();
    }
    let count = |wanted: &dyn Fn(u16) -> bool| -> u64 {
        shoppers
            .answers
            .iter()
            .filter(|((_, status), _)| wanted(*status))
            .map(|(_, count)| count)
            .sum()
    };
    let result = json!({
        "limited": count(&|s| s == 429),
        "failed": count(&|s| s == 0 || s >= 500),
        "orders": orders,
        "p99_ms": p99,
    });
    std::fs::write(result_path, result.to_string())?;
    Ok(())
}

fn verdict(quiet_path: &str, flooded_path: &str) -> Result<bool, Error> {
    let read = |path: &str| -> Result<Value, Error> {
        Ok(serde_json::from_str(&std::fs::read_to_string(path)?)?)
    };
    let (quiet, flooded) = (read(quiet_path)?, read(flooded_path)?);
    let limited = quiet["limited"].as_u64().unwrap_or(0) + flooded["limited"].as_u64().unwrap_or(0);
    let failed = quiet["failed"].as_u64().unwrap_or(0) + flooded["failed"].as_u64().unwrap_or(0);
    let p99_quiet = quiet["p99_ms"].as_f64().unwrap_or(0.0);
    let p99_flooded = flooded["p99_ms"].as_f64().unwrap_or(f64::INFINITY);
    let placed =
        quiet["orders"].as_u64().unwrap_or(0) > 0 && flooded["orders"].as_u64().unwrap_or(0) > 0;
    let checks = [
        (
            limited == 0,
            format!("shoppers answered 429: {limited} (both runs)"),
        ),
        (
            failed == 0,
            format!("shoppers answered 5xx or not at all: {failed} (both runs)"),
        ),
        (
            placed && p99_flooded <= 2.0 * p99_quiet,
            format!(
                "orders p99 with the flood {p99_flooded:.2} ms <= 2 x {p99_quiet:.2} ms without ({:.2}x)",
                p99_flooded / p99_quiet
            ),
        ),
    ];
    let mut passed = true;
    for (ok, what) in checks {
        println!("  {} {what}", if ok { "PASS" } else { "FAIL" });
        passed &= ok;
    }
    Ok(passed)
}

#[tokio::main]
async fn main() -> Result<std::process::ExitCode, Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let usage = "usage: shoppers_bench prepare DB_URL STATE SHOPPERS \
                 | run BASE_URL SECONDS STATE RESULT [flood] | verdict QUIET FLOODED";
    let passed = match args.as_slice() {
        ["prepare", db, state, shoppers] => {
            prepare(db, state, shoppers.parse()?).await?;
            true
        }
        ["run", base, seconds, state, result] => {
            run(base, seconds.parse()?, state, result, false).await?;
            true
        }
        ["run", base, seconds, state, result, "flood"] => {
            run(base, seconds.parse()?, state, result, true).await?;
            true
        }
        ["verdict", quiet, flooded] => verdict(quiet, flooded)?,
        _ => return Err(usage.into()),
    };
    Ok(if passed {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    })
}
