//! The orders benchmark's tool; `benches/orders.sh` and `benches/orders-crash.sh` drive
//! it against the release binary and its SQLite file, `benches/instances.sh` against two
//! instances on one PostgreSQL database behind nginx. DB_URL is either engine's.
//!
//! - `orders_bench prepare DB_URL STATE`: before the server starts, picks plain
//!   products of the seeded catalogue (no variations, no personalization), gives most a
//!   large stock and three "hot" ones a few units, issues three gift cards with known
//!   codes (stored as the store stores them: the code's SHA-256 and last four), and
//!   writes what it set to the STATE file (JSON).
//! - `orders_bench load BASE_URL BUYERS SECONDS STATE ACKS`: BUYERS guests on keep-alive
//!   connections each quote then place orders for SECONDS: most buy a plain product or
//!   two by card, 10% want a hot product as well, 10% pay with the shared gift cards,
//!   10% submit the same order twice at once (same idempotency key, two connections),
//!   2% pay with a card the sandbox declines. Prints the answers by status, orders per
//!   second and the p50/p99 of `POST /api/orders`; writes every acknowledged order to
//!   ACKS (JSON lines).
//! - `orders_bench crash BIN PORTS BUYERS KILLS STATE ACKS LOG [FRONT_PORT]`: starts
//!   `BIN serve` itself on each of PORTS (comma-separated; with the environment it is
//!   given) and runs the same buyers, at FRONT_PORT (nginx before the instances) or the
//!   one port, while it kills the servers with SIGKILL KILLS times at random moments,
//!   one at a time in turn, and starts each again on the same database and port.
//!   Buyers send the same request (same key) again after a network error, a 502 or a
//!   503 until an answer comes. Then a clean start of each, whose start-up sweep runs,
//!   and a stop. Prints the kills, the orders acknowledged and those the sweeps
//!   finished.
//! - `orders_bench check DB_URL STATE ACKS [crash]`: with the server stopped, checks
//!   the database against what the buyers were told; prints PASS/FAIL per check and
//!   exits non-zero on a FAIL.

use rand::Rng;
use serde_json::{Value, json};
use sqlx::AnyPool;
use sqlx::Row;
use sqlx::any::AnyPoolOptions;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use store_adapters::clock::{SystemClock, utc_text};
use store_domain::checkout::gift_cards::GiftCardCode;

#[path = "support/keep_alive.rs"]
mod keep_alive;

use keep_alive::{Connection, Error};

/// The bench's gift cards: 16 symbols of the codes' alphabet each.
const GIFT_CARDS: [&str; 3] = [
    "BNCH-GFTC-ARDS-222A",
    "BNCH-GFTC-ARDS-222B",
    "BNCH-GFTC-ARDS-222C",
];
/// Each bench gift card's balance, in cents.
const GIFT_CARD_BALANCE: i64 = 250_000;
/// Units of each hot product: buyers compete for them.
const HOT_STOCK: i64 = 10;
/// Units of every other bench product: enough for any run.
const PLENTY: i64 = 10_000_000;
const APPROVED: &str = "4242 4242 4242 4242";
/// The sandbox's test number for a declined card.
const DECLINED: &str = "4000000000000002";
/// The payer cookie every buyer sends: a card's token pays only from the browser that
/// made it, and here the tokens are made ahead by one client for all.
const PAYER: &str = "payer=bebebebebebebebebebebebebebebebebebebebebebebebebebebebebebebebe";

fn address() -> Value {
    json!({"name": "Bench Buyer", "line1": "1 Main St", "city": "New York",
           "postal_code": "10001", "country": "US", "phone": "212 555 0100"})
}

/// What `prepare` set, for the buyers and the checks.
#[derive(serde::Serialize, serde::Deserialize)]
struct State {
    plain: Vec<i64>,
    hot: Vec<i64>,
    /// Stock per bench product before the run.
    stock: BTreeMap<i64, i64>,
}

fn read_state(path: &str) -> Result<State, Error> {
    Ok(serde_json::from_str(&std::fs::read_to_string(path)?)?)
}

/// The store's database, SQLite or PostgreSQL, through sqlx's `Any` driver: the
/// statements below are the same on both (a `SUM` is cast, as PostgreSQL's is numeric).
/// It is opened only while the server is stopped, so no busy timeout is needed.
async fn open(db: &str) -> Result<AnyPool, Error> {
    sqlx::any::install_default_drivers();
    Ok(AnyPoolOptions::new().max_connections(1).connect(db).await?)
}

async fn prepare(db: &str, state_path: &str) -> Result<(), Error> {
    let pool = open(db).await?;
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT p.id FROM products p
         WHERE p.product_type = 'product' AND p.price > 0
           AND (p.max_quantity IS NULL OR p.max_quantity >= 3)
           AND NOT EXISTS (SELECT 1 FROM variations v WHERE v.product_id = p.id)
           AND NOT EXISTS (SELECT 1 FROM personalization_fields f WHERE f.product_id = p.id)
         ORDER BY p.id LIMIT 40",
    )
    .fetch_all(&pool)
    .await?;
    if ids.len() < 8 {
        return Err(format!("only {} plain products in the catalogue", ids.len()).into());
    }
    let (hot, plain) = ids.split_at(3);
    let mut stock = BTreeMap::new();
    for &id in plain {
        stock.insert(id, PLENTY);
    }
    for &id in hot {
        stock.insert(id, HOT_STOCK);
    }
    for (id, units) in &stock {
        sqlx::query("UPDATE products SET stock = $1 WHERE id = $2")
            .bind(units)
            .bind(id)
            .execute(&pool)
            .await?;
    }
    let now = utc_text(store_domain::ports::Clock::now(&SystemClock));
    for code in GIFT_CARDS {
        let code = GiftCardCode::parse(code).map_err(|e| format!("{code}: {e:?}"))?;
        sqlx::query(
            "INSERT INTO gift_cards (code_hash, last_four, balance, initial_balance, expires_at, created_at)
             VALUES ($1, $2, $3, $3, NULL, $4)",
        )
        .bind(code.hash().as_str())
        .bind(code.last_four())
        .bind(GIFT_CARD_BALANCE)
        .bind(&now)
        .execute(&pool)
        .await?;
    }
    pool.close().await;
    let state = State {
        plain: plain.to_vec(),
        hot: hot.to_vec(),
        stock,
    };
    std::fs::write(state_path, serde_json::to_string_pretty(&state)?)?;
    println!(
        "prepared: {} plain products, {} hot products with {HOT_STOCK} units each, {} gift cards of {} cents",
        state.plain.len(),
        state.hot.len(),
        GIFT_CARDS.len(),
        GIFT_CARD_BALANCE
    );
    Ok(())
}

/// One buyer's connection, opened again after the server went away.
struct Client {
    host: String,
    conn: Option<Connection>,
}

impl Client {
    fn new(host: &str) -> Client {
        Client {
            host: host.to_owned(),
            conn: None,
        }
    }

    /// Sends one request and reads the answer. A kept-alive connection the server
    /// closed while it was idle is opened again and the request sent once more (every
    /// request here is safe to repeat: quotes store nothing, orders carry their key).
    async fn call(&mut self, method: &str, path: &str, body: &str) -> Result<(u16, Value), Error> {
        let reused = self.conn.is_some();
        match self.once(method, path, body).await {
            Err(_) if reused => self.once(method, path, body).await,
            answer => answer,
        }
    }

    async fn once(&mut self, method: &str, path: &str, body: &str) -> Result<(u16, Value), Error> {
        if self.conn.is_none() {
            self.conn = Some(Connection::open(&self.host).await?.with_cookie(PAYER));
        }
        let conn = self.conn.as_mut().ok_or("no connection")?;
        match conn.exchange(method, path, Some(body)).await {
            Ok((status, bytes)) => Ok((
                status,
                serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            )),
            Err(e) => {
                self.conn = None;
                Err(e)
            }
        }
    }

    /// `call`, sent again unchanged after a network error (and, when `retry_busy`, a
    /// 503, or nginx's 502 for an instance that died with the request) until an answer
    /// comes or `patience` runs out, as the UI keeps the key for the shopper's retry.
    async fn persist(
        &mut self,
        path: &str,
        body: &str,
        retry_busy: bool,
        patience: Duration,
    ) -> Result<(u16, Value, u32), Error> {
        let until = Instant::now() + patience;
        let mut retries = 0;
        loop {
            match self.call("POST", path, body).await {
                Ok((502 | 503, _)) if retry_busy && Instant::now() < until => {}
                Ok((status, value)) => return Ok((status, value, retries)),
                Err(e) if !retry_busy || Instant::now() >= until => return Err(e),
                Err(_) => {}
            }
            retries += 1;
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    Plain,
    Hot,
    GiftCard,
    Duplicate,
    Declined,
}

impl Kind {
    fn of(n: u64) -> Kind {
        match n % 50 {
            0..5 => Kind::Hot,
            5..10 => Kind::GiftCard,
            10..15 => Kind::Duplicate,
            15 => Kind::Declined,
            _ => Kind::Plain,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Plain => "plain",
            Kind::Hot => "hot",
            Kind::GiftCard => "gift_card",
            Kind::Duplicate => "duplicate",
            Kind::Declined => "declined",
        }
    }
}

/// One acknowledged order (201), as the buyer saw it.
#[derive(serde::Serialize, serde::Deserialize, Clone)]
struct Ack {
    key: String,
    number: String,
    kind: String,
    quoted_total: i64,
    quoted_amount_due: i64,
    answered_total: i64,
}

#[derive(Default)]
struct Tally {
    /// First answers of `POST /api/orders`, by status.
    answers: BTreeMap<u16, u64>,
    /// Answers of the quote that were not 200, by status, with the first message.
    quote_refusals: BTreeMap<u16, (u64, String)>,
    /// Times of `POST /api/orders` answered at the first attempt.
    times: Vec<Duration>,
    acks: Vec<Ack>,
    duplicate_pairs: u64,
    /// Pairs answered with two different order numbers or statuses.
    duplicate_mismatches: Vec<String>,
    /// Requests sent again after a network error, a 502 or a 503.
    retries: u64,
    /// Orders given up on (no answer within the patience).
    unanswered: u64,
    /// Network errors when not retrying.
    network_errors: u64,
}

struct Shared {
    host: String,
    state: State,
    approved: Vec<String>,
    declined: String,
    run: String,
    stop: AtomicBool,
    /// Crash mode: send again after network errors, 502s and 503s.
    persist: bool,
}

const PATIENCE: Duration = Duration::from_secs(120);

fn bag(shared: &Shared, kind: Kind, n: u64, rng: &mut impl Rng) -> Value {
    let plain = &shared.state.plain;
    let first = plain[rng.random_range(0..plain.len())];
    let mut lines =
        vec![json!({"id": first, "type": "product", "quantity": rng.random_range(1..=2)})];
    if kind == Kind::Hot {
        let hot = shared.state.hot[(n as usize / 50) % shared.state.hot.len()];
        lines.push(json!({"id": hot, "type": "product", "quantity": 1}));
    } else if n.is_multiple_of(3) {
        let second = plain[(plain.iter().position(|&p| p == first).unwrap_or(0) + 1) % plain.len()];
        lines.push(json!({"id": second, "type": "product", "quantity": 1}));
    }
    json!(lines)
}

type Answer = (Result<(u16, Value, u32), Error>, Duration);

/// `POST /api/orders` once, or (`persist`) until answered; the answer, its retries and
/// how long it took.
async fn place(client: &mut Client, text: &str, persist: bool) -> Answer {
    let started = Instant::now();
    let answer = if persist {
        client.persist("/api/orders", text, true, PATIENCE).await
    } else {
        client
            .call("POST", "/api/orders", text)
            .await
            .map(|(s, v)| (s, v, 0))
    };
    (answer, started.elapsed())
}

/// One buyer's order: a quote, then the order as Review would send it.
async fn buy(
    shared: &Shared,
    main: &mut Client,
    second: &mut Client,
    buyer: usize,
    n: u64,
    tally: &mut Tally,
) -> Result<(), Error> {
    let kind = Kind::of(n);
    let products = bag(shared, kind, n, &mut rand::rng());
    let mut quote = json!({"products": products, "later": [],
        "zip_code": "10001", "country": "US", "shipping": {"type": "ship", "id": 2}});
    if kind == Kind::GiftCard {
        quote["gift_cards"] = json!([GIFT_CARDS[(n as usize / 50) % GIFT_CARDS.len()]]);
    }
    let quote_text = quote.to_string();
    let quoted = if shared.persist {
        main.persist("/api/checkout/quote", &quote_text, true, PATIENCE)
            .await
            .map(|(s, v, r)| {
                tally.retries += u64::from(r);
                (s, v)
            })
    } else {
        main.call("POST", "/api/checkout/quote", &quote_text).await
    };
    let (status, quoted) = match quoted {
        Ok(answer) => answer,
        Err(_) => {
            tally.network_errors += 1;
            return Ok(());
        }
    };
    if status != 200 {
        let message = quoted["message"].as_str().unwrap_or_default();
        tally
            .quote_refusals
            .entry(status)
            .or_insert((0, message.to_owned()))
            .0 += 1;
        return Ok(());
    }
    let total = quoted["bag"]["totals"]["total"]
        .as_i64()
        .ok_or("quote without a total")?;
    let due = quoted["amount_due"]
        .as_i64()
        .ok_or("quote without amount_due")?;
    let mut body = quote;
    body.as_object_mut().ok_or("quote")?.remove("later");
    let key = format!("bench-{}-{buyer}-{n}", shared.run);
    body["idempotency_key"] = json!(key);
    body["shipping_info"] = json!({"address": address()});
    body["email"] = json!(format!("buyer{buyer}@example.com"));
    let token = if kind == Kind::Declined {
        shared.declined.clone()
    } else {
        shared.approved[buyer % shared.approved.len()].clone()
    };
    body["payment"] = json!({"token": token});
    body["expected_total"] = json!(total);
    body["expected_amount_due"] = json!(due);
    let text = body.to_string();

    let mut answers = Vec::new();
    if kind == Kind::Duplicate {
        let (a, b) = tokio::join!(
            place(main, &text, shared.persist),
            place(second, &text, shared.persist)
        );
        answers.push(a);
        answers.push(b);
    } else {
        answers.push(place(main, &text, shared.persist).await);
    }
    let mut seen = Vec::new();
    for (answer, took) in answers {
        match answer {
            Ok((status, value, retries)) => {
                tally.retries += u64::from(retries);
                *tally.answers.entry(status).or_insert(0) += 1;
                if retries == 0 {
                    tally.times.push(took);
                }
                let number = value["number"].as_str().unwrap_or_default().to_owned();
                if status == 201 {
                    tally.acks.push(Ack {
                        key: key.clone(),
                        number: number.clone(),
                        kind: kind.name().to_owned(),
                        quoted_total: total,
                        quoted_amount_due: due,
                        answered_total: value["totals"]["total"].as_i64().unwrap_or(-1),
                    });
                }
                seen.push((status, number));
            }
            Err(_) if shared.persist => tally.unanswered += 1,
            Err(_) => tally.network_errors += 1,
        }
    }
    if kind == Kind::Duplicate {
        tally.duplicate_pairs += 1;
        if seen.len() != 2 || seen[0] != seen[1] {
            tally.duplicate_mismatches.push(format!("{key}: {seen:?}"));
        }
    }
    Ok(())
}

async fn buyer(shared: Arc<Shared>, index: usize, until: Option<Instant>) -> Result<Tally, Error> {
    let mut tally = Tally::default();
    let mut main = Client::new(&shared.host);
    let mut second = Client::new(&shared.host);
    let mut n = index as u64;
    loop {
        if until.is_some_and(|u| Instant::now() >= u) || shared.stop.load(Ordering::Relaxed) {
            break;
        }
        buy(&shared, &mut main, &mut second, index, n, &mut tally).await?;
        // Numbers spread over the kinds whatever the buyer count.
        n += 1 + 64 * 50;
    }
    Ok(tally)
}

async fn card_tokens(host: &str, number: &str, count: usize) -> Result<Vec<String>, Error> {
    let mut client = Client::new(host);
    let mut tokens = Vec::new();
    for _ in 0..count {
        let body = json!({"card": number, "exp": "12/30", "cvc": "123"}).to_string();
        let (status, value) = client.call("POST", "/api/card/createToken", &body).await?;
        if status != 200 {
            return Err(format!("createToken answered {status}: {value}").into());
        }
        tokens.push(value["token"].as_str().ok_or("no token")?.to_owned());
    }
    Ok(tokens)
}

fn host_of(base: &str) -> String {
    base.trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned()
}

async fn shared(
    host: &str,
    buyers: usize,
    state: State,
    persist: bool,
) -> Result<Arc<Shared>, Error> {
    let run: String = (0..8)
        .map(|_| char::from(b'a' + rand::rng().random_range(0..26u8)))
        .collect();
    Ok(Arc::new(Shared {
        host: host.to_owned(),
        state,
        approved: card_tokens(host, APPROVED, buyers).await?,
        declined: card_tokens(host, DECLINED, 1).await?.remove(0),
        run,
        stop: AtomicBool::new(false),
        persist,
    }))
}

fn spawn_buyers(
    shared: &Arc<Shared>,
    buyers: usize,
    until: Option<Instant>,
) -> Vec<tokio::task::JoinHandle<Result<Tally, Error>>> {
    (0..buyers)
        .map(|i| tokio::spawn(buyer(shared.clone(), i, until)))
        .collect()
}

async fn gather(
    workers: Vec<tokio::task::JoinHandle<Result<Tally, Error>>>,
) -> Result<Tally, Error> {
    let mut all = Tally::default();
    for w in workers {
        let t = w.await??;
        for (s, c) in t.answers {
            *all.answers.entry(s).or_insert(0) += c;
        }
        for (s, (c, m)) in t.quote_refusals {
            all.quote_refusals.entry(s).or_insert((0, m)).0 += c;
        }
        all.times.extend(t.times);
        all.acks.extend(t.acks);
        all.duplicate_pairs += t.duplicate_pairs;
        all.duplicate_mismatches.extend(t.duplicate_mismatches);
        all.retries += t.retries;
        all.unanswered += t.unanswered;
        all.network_errors += t.network_errors;
    }
    Ok(all)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1000.0
}

/// Prints the answers and writes the acknowledged orders; the count of distinct ones.
fn report(tally: &mut Tally, elapsed: Duration, acks_path: &str) -> Result<usize, Error> {
    let orders: BTreeSet<&str> = tally.acks.iter().map(|a| a.number.as_str()).collect();
    let distinct = orders.len();
    let sent: u64 = tally.answers.values().sum();
    println!("POST /api/orders answers: {sent}");
    for (status, count) in &tally.answers {
        let what = match status {
            201 => "acknowledged",
            402 => "card declined",
            409 => "changed since the quote (stock, gift card) or key reused",
            503 => "busy",
            _ => "",
        };
        println!("  HTTP {status}: {count:>7}  {what}");
    }
    for (status, (count, message)) in &tally.quote_refusals {
        println!("quotes answered {status} (no order sent): {count}, e.g. {message:?}");
    }
    if tally.network_errors > 0 {
        println!("network errors: {}", tally.network_errors);
    }
    let seconds = elapsed.as_secs_f64();
    println!(
        "orders acknowledged: {distinct} distinct in {seconds:.1} s = {:.0} orders/s",
        distinct as f64 / seconds
    );
    tally.times.sort();
    println!(
        "POST /api/orders latency: n={} p50 {:.2} ms   p99 {:.2} ms   max {:.2} ms",
        tally.times.len(),
        percentile(&tally.times, 0.50),
        percentile(&tally.times, 0.99),
        percentile(&tally.times, 1.0),
    );
    println!(
        "duplicate submits: {} pairs, {} answered differently",
        tally.duplicate_pairs,
        tally.duplicate_mismatches.len()
    );
    for m in tally.duplicate_mismatches.iter().take(5) {
        println!("  {m}");
    }
    let mut file = std::io::BufWriter::new(std::fs::File::create(acks_path)?);
    for ack in &tally.acks {
        writeln!(file, "{}", serde_json::to_string(ack)?)?;
    }
    writeln!(
        file,
        "{}",
        json!({"duplicate_pairs": tally.duplicate_pairs,
               "duplicate_mismatches": tally.duplicate_mismatches.len(),
               "unanswered": tally.unanswered})
    )?;
    Ok(distinct)
}

async fn load(
    base: &str,
    buyers: usize,
    seconds: f64,
    state_path: &str,
    acks_path: &str,
) -> Result<(), Error> {
    let host = host_of(base);
    let shared = shared(&host, buyers, read_state(state_path)?, false).await?;
    println!("{buyers} buyers for {seconds} s (card tokens made up front)");
    let started = Instant::now();
    let until = started + Duration::from_secs_f64(seconds);
    let mut tally = gather(spawn_buyers(&shared, buyers, Some(until))).await?;
    report(&mut tally, started.elapsed(), acks_path)?;
    Ok(())
}

/// A server under test, started and killed by the crash run; every one writes to the
/// same log (appended), where the start-up sweeps are counted.
struct Server {
    bin: String,
    port: u16,
    log: String,
    child: Option<std::process::Child>,
    starts: u32,
}

impl Server {
    async fn start(&mut self) -> Result<Duration, Error> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)?;
        let started = Instant::now();
        self.child = Some(
            std::process::Command::new(&self.bin)
                .arg("serve")
                .env("STORE__SERVER__PORT", self.port.to_string())
                .stderr(log)
                .stdout(std::process::Stdio::null())
                .spawn()?,
        );
        self.starts += 1;
        loop {
            if started.elapsed() > Duration::from_secs(60) {
                return Err("the server did not answer within 60 s".into());
            }
            if let Ok(mut c) = Connection::open(&format!("127.0.0.1:{}", self.port)).await
                && c.send("GET", "/api/health", None).await.ok() == Some(200)
            {
                return Ok(started.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    async fn kill(&mut self) -> Result<(), Error> {
        if let Some(mut child) = self.child.take() {
            child.kill()?;
            child.wait()?;
        }
        Ok(())
    }

    /// SIGTERM, and waits for the clean stop.
    async fn stop(&mut self) -> Result<(), Error> {
        if let Some(mut child) = self.child.take() {
            std::process::Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status()?;
            child.wait()?;
        }
        Ok(())
    }
}

/// The start-up sweeps' figures in the server log: orders paid and released.
fn swept(log: &str) -> (u64, u64, u32) {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let (mut paid, mut released, mut sweeps) = (0, 0, 0);
    let field = |line: &str, name: &str| -> u64 {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(name))
            .map(|v| {
                v.chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
            })
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    for line in text
        .lines()
        .filter(|l| l.contains("unfinished orders resolved"))
    {
        // Drop colour codes, if any.
        let plain: String = strip_ansi(line);
        paid += field(&plain, "paid=");
        released += field(&plain, "released=");
        sweeps += 1;
    }
    (paid, released, sweeps)
}

fn strip_ansi(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Where the crash run's servers listen: each instance's port, and the front (nginx)
/// the buyers go to, if there is one.
struct Ports {
    instances: Vec<u16>,
    front: Option<u16>,
}

async fn crash(
    bin: &str,
    ports: Ports,
    buyers: usize,
    kills: u32,
    state_path: &str,
    acks_path: &str,
    log: &str,
) -> Result<(), Error> {
    let mut servers: Vec<Server> = ports
        .instances
        .iter()
        .map(|port| Server {
            bin: bin.to_owned(),
            port: *port,
            log: log.to_owned(),
            child: None,
            starts: 0,
        })
        .collect();
    for server in &mut servers {
        server.start().await?;
    }
    // The buyers go to the front (nginx) when there is one, else to the one server.
    let host = format!("127.0.0.1:{}", ports.front.unwrap_or(ports.instances[0]));
    let shared = shared(&host, buyers, read_state(state_path)?, true).await?;
    println!(
        "{buyers} buyers; {} killed {kills} times (SIGKILL), one at a time, and started again",
        match servers.len() {
            1 => "the server is".to_owned(),
            n => format!("the {n} instances are, in turn,"),
        }
    );
    let started = Instant::now();
    let workers = spawn_buyers(&shared, buyers, None);
    let mut restarts = Vec::new();
    for kill in 0..kills {
        let running = rand::rng().random_range(200..1500);
        tokio::time::sleep(Duration::from_millis(running)).await;
        let server = &mut servers[kill as usize % ports.instances.len()];
        server.kill().await?;
        tokio::time::sleep(Duration::from_millis(rand::rng().random_range(0..200))).await;
        restarts.push(server.start().await?);
    }
    // Buyers go on a little after the last restart, then finish what they started.
    tokio::time::sleep(Duration::from_secs(2)).await;
    shared.stop.store(true, Ordering::Relaxed);
    let mut tally = gather(workers).await?;
    let elapsed = started.elapsed();
    for server in &mut servers {
        server.stop().await?;
    }
    let (paid_before, _, _) = swept(log);
    // The final clean start: its sweep runs before it serves.
    for server in &mut servers {
        server.start().await?;
        server.stop().await?;
    }
    let (paid, released, sweeps) = swept(log);
    restarts.sort();
    println!(
        "kills: {kills}   starts: {} (start-up to health p50 {:.0} ms, max {:.0} ms)",
        servers.iter().map(|s| s.starts).sum::<u32>(),
        percentile(&restarts, 0.5),
        percentile(&restarts, 1.0)
    );
    println!(
        "requests sent again after a network error, a 502 or a 503: {}",
        tally.retries
    );
    println!(
        "orders finished by the start-up sweeps: {paid} paid, {released} released, over {sweeps} starts (the final clean starts: {} paid)",
        paid - paid_before
    );
    if tally.unanswered > 0 {
        println!(
            "orders never answered within {} s: {}",
            PATIENCE.as_secs(),
            tally.unanswered
        );
    }
    report(&mut tally, elapsed, acks_path)?;
    Ok(())
}

struct Checks {
    failed: bool,
}

impl Checks {
    fn check(&mut self, ok: bool, what: &str, detail: String) {
        if ok {
            println!("  PASS {what}");
        } else {
            println!("  FAIL {what}: {detail}");
            self.failed = true;
        }
    }
}

fn raw_number(display: &str) -> String {
    display.replace('-', "")
}

async fn check(db: &str, state_path: &str, acks_path: &str, crashed: bool) -> Result<bool, Error> {
    let pool = open(db).await?;
    let state = read_state(state_path)?;
    let mut acks = Vec::new();
    let mut summary = Value::Null;
    for line in std::fs::read_to_string(acks_path)?.lines() {
        let value: Value = serde_json::from_str(line)?;
        if value.get("key").is_some() {
            acks.push(serde_json::from_value::<Ack>(value)?);
        } else {
            summary = value;
        }
    }
    let mut c = Checks { failed: false };
    println!("checks on the database:");

    let below: i64 = sqlx::query_scalar(
        "SELECT (SELECT count(*) FROM products WHERE stock < 0) + (SELECT count(*) FROM variations WHERE stock < 0)",
    )
    .fetch_one(&pool)
    .await?;
    c.check(below == 0, "no stock below zero", format!("{below} rows"));
    let below: i64 = sqlx::query_scalar("SELECT count(*) FROM gift_cards WHERE balance < 0")
        .fetch_one(&pool)
        .await?;
    c.check(
        below == 0,
        "no gift card balance below zero",
        format!("{below} cards"),
    );

    let mut wrong = Vec::new();
    let mut sold_total = 0;
    for (&id, &initial) in &state.stock {
        let now: i64 = sqlx::query_scalar("SELECT stock FROM products WHERE id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await?;
        let sold: i64 = sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(l.quantity), 0) AS BIGINT) FROM order_lines l JOIN orders o ON o.id = l.order_id
             WHERE o.status = 'paid' AND l.line_type = 'product' AND l.item_id = $1",
        )
        .bind(id)
        .fetch_one(&pool)
        .await?;
        sold_total += sold;
        if initial - now != sold {
            wrong.push(format!("product {id}: {initial} - {now} != {sold} sold"));
        }
    }
    c.check(
        wrong.is_empty(),
        &format!("units sold in paid orders = initial stock - stock, for {} products ({sold_total} units)", state.stock.len()),
        wrong.join("; "),
    );
    let hot_left: i64 = {
        let mut left = 0;
        for id in &state.hot {
            left += sqlx::query_scalar::<_, i64>("SELECT stock FROM products WHERE id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await?;
        }
        left
    };
    println!(
        "    (hot products: {} of {} units left)",
        hot_left,
        HOT_STOCK * state.hot.len() as i64
    );

    // Every acknowledged order: once, paid, at the quoted total; one number per key.
    let mut by_key: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for a in &acks {
        by_key.entry(&a.key).or_default().insert(&a.number);
    }
    let split: Vec<_> = by_key.iter().filter(|(_, n)| n.len() > 1).collect();
    c.check(
        split.is_empty(),
        "each idempotency key acknowledged with one order number",
        format!("{} keys with several: {:?}", split.len(), split.first()),
    );
    // Every answer is checked, a double submit's two and a retry's included.
    let mut numbers: BTreeMap<&str, Vec<&Ack>> = BTreeMap::new();
    for a in &acks {
        numbers.entry(&a.number).or_default().push(a);
    }
    let mut bad = Vec::new();
    for (number, answers) in &numbers {
        let rows = sqlx::query("SELECT status, total, amount_due FROM orders WHERE number = $1")
            .bind(raw_number(number))
            .fetch_all(&pool)
            .await?;
        for ack in answers {
            let fine = rows.len() == 1
                && rows[0].get::<String, _>("status") == "paid"
                && rows[0].get::<i64, _>("total") == ack.quoted_total
                && rows[0].get::<i64, _>("amount_due") == ack.quoted_amount_due
                && ack.answered_total == ack.quoted_total;
            if !fine {
                let seen: Vec<(String, i64)> = rows
                    .iter()
                    .map(|r| (r.get("status"), r.get("total")))
                    .collect();
                bad.push(format!("{number} (quoted {}): {seen:?}", ack.quoted_total));
            }
        }
    }
    c.check(
        bad.is_empty(),
        &format!(
            "each of the {} acknowledged orders present once, paid, at its quoted total ({} answers)",
            numbers.len(),
            acks.len()
        ),
        format!("{} wrong, e.g. {:?}", bad.len(), bad.first()),
    );
    let pairs = summary["duplicate_pairs"].as_u64().unwrap_or(0);
    let mismatched = summary["duplicate_mismatches"].as_u64().unwrap_or(0);
    c.check(
        mismatched == 0,
        &format!("every duplicate submit ({pairs} pairs) answered with the same order"),
        format!("{mismatched} pairs differ"),
    );
    let unanswered = summary["unanswered"].as_u64().unwrap_or(0);
    c.check(
        unanswered == 0,
        "every order submit answered in the end",
        format!("{unanswered} never answered"),
    );

    let placed: i64 = sqlx::query_scalar("SELECT count(*) FROM orders WHERE status = 'placed'")
        .fetch_one(&pool)
        .await?;
    c.check(
        placed == 0,
        "no order left 'placed' (half-done)",
        format!("{placed} orders"),
    );

    // Charges: one captured per paid order with a card, for its amount due; nothing else.
    let paid_without: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM orders o WHERE o.status = 'paid' AND o.amount_due > 0 AND
           (SELECT count(*) FROM sandbox_charges c
            WHERE c.idempotency_key = o.number AND c.id = o.charge_id
              AND c.state = 'captured' AND c.amount = o.amount_due) != 1",
    )
    .fetch_one(&pool)
    .await?;
    let paid_by_card: i64 =
        sqlx::query_scalar("SELECT count(*) FROM orders WHERE status = 'paid' AND amount_due > 0")
            .fetch_one(&pool)
            .await?;
    c.check(
        paid_without == 0,
        &format!("each of {paid_by_card} paid orders with a card has one captured charge of its amount due"),
        format!("{paid_without} orders"),
    );
    let stray: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM sandbox_charges c WHERE c.state = 'captured' AND NOT EXISTS
           (SELECT 1 FROM orders o WHERE o.number = c.idempotency_key AND o.status = 'paid' AND o.charge_id = c.id)",
    )
    .fetch_one(&pool)
    .await?;
    let captured: i64 =
        sqlx::query_scalar("SELECT count(*) FROM sandbox_charges WHERE state = 'captured'")
            .fetch_one(&pool)
            .await?;
    c.check(
        stray == 0 && captured == paid_by_card,
        &format!("every captured charge ({captured}) belongs to a paid order; none captured twice"),
        format!("{stray} captured charges without their paid order"),
    );
    let held: i64 =
        sqlx::query_scalar("SELECT count(*) FROM sandbox_charges WHERE state = 'authorized'")
            .fetch_one(&pool)
            .await?;
    c.check(
        held == 0,
        "no charge left authorized but not captured",
        format!("{held} charges"),
    );
    if crashed {
        let voided: i64 =
            sqlx::query_scalar("SELECT count(*) FROM sandbox_charges WHERE state = 'voided'")
                .fetch_one(&pool)
                .await?;
        println!("    ({voided} charges voided)");
    }

    let mut wrong = Vec::new();
    for code in GIFT_CARDS {
        let code = GiftCardCode::parse(code).map_err(|e| format!("{e:?}"))?;
        let (balance, initial): (i64, i64) =
            sqlx::query_as("SELECT balance, initial_balance FROM gift_cards WHERE code_hash = $1")
                .bind(code.hash().as_str())
                .fetch_one(&pool)
                .await?;
        let spent: i64 = sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(g.amount), 0) AS BIGINT) FROM order_gift_cards g JOIN orders o ON o.id = g.order_id
             WHERE o.status = 'paid' AND g.code_hash = $1",
        )
        .bind(code.hash().as_str())
        .fetch_one(&pool)
        .await?;
        if initial - balance != spent {
            wrong.push(format!(
                "{}: {initial} - {balance} != {spent}",
                code.last_four()
            ));
        }
    }
    c.check(
        wrong.is_empty(),
        "gift card balance spent = the paid orders' gift card amounts, for each bench card",
        wrong.join("; "),
    );
    let counts: Vec<(String, i64)> =
        sqlx::query_as("SELECT status, count(*) FROM orders GROUP BY status ORDER BY status")
            .fetch_all(&pool)
            .await?;
    println!("    (orders in the database by status: {counts:?})");
    pool.close().await;
    Ok(!c.failed)
}

#[tokio::main]
async fn main() -> Result<std::process::ExitCode, Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let usage = "usage: orders_bench prepare DB_URL STATE | load BASE_URL BUYERS SECONDS STATE ACKS \
                 | crash BIN PORTS BUYERS KILLS STATE ACKS LOG [FRONT_PORT] | check DB_URL STATE ACKS [crash]";
    let passed = match args.as_slice() {
        ["prepare", db, state] => {
            prepare(db, state).await?;
            true
        }
        ["load", base, buyers, seconds, state, acks] => {
            load(base, buyers.parse()?, seconds.parse()?, state, acks).await?;
            true
        }
        [
            "crash",
            bin,
            ports,
            buyers,
            kills,
            state,
            acks,
            log,
            front @ ..,
        ] if front.len() < 2 => {
            let ports = Ports {
                instances: ports.split(',').map(str::parse).collect::<Result<_, _>>()?,
                front: front.first().map(|port| port.parse()).transpose()?,
            };
            crash(
                bin,
                ports,
                buyers.parse()?,
                kills.parse()?,
                state,
                acks,
                log,
            )
            .await?;
            true
        }
        ["check", db, state, acks] => check(db, state, acks, false).await?,
        ["check", db, state, acks, "crash"] => check(db, state, acks, true).await?,
        _ => return Err(usage.into()),
    };
    Ok(if passed {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    })
}
