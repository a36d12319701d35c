//! The flood test's tool; `benches/flood.sh` drives it against the release binary.
//!
//! `flood_bench DB_URL BASE_URL WRITES SECONDS [BUDGET_BYTES]`: from one client, sends
//! WRITES anonymous writes (contact and help messages, client error reports, campaign
//! visits, newsletter sign-ups, in turn, each with new text) spread evenly over SECONDS
//! on 8 keep-alive connections, while one more connection reads the catalogue at 20
//! requests/s (open loop, timed from each request's due time). Prints the writes'
//! answers by status, the reads' p50/p99/max and failures, and how much the database
//! and each shopper table grew.
//!
//! With BUDGET_BYTES it also checks what does not depend on timing, and exits non-zero
//! when one fails: most writes answered 429, none answered 5xx, every read answered
//! 200, and the database grew by no more than BUDGET_BYTES.

use sqlx::SqlitePool;
use sqlx::sqlite::SqlitePoolOptions;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

#[path = "support/keep_alive.rs"]
mod keep_alive;

use keep_alive::{Connection, Error};

/// The tables anonymous writes fill.
const SHOPPER_TABLES: [&str; 5] = [
    "inquiries",
    "client_errors",
    "campaign_visits",
    "newsletter_subscribers",
    "search_queries",
];

/// The `n`th write: each kind in turn, each with text of its own, as a looping client
/// trying to fill the disk would send.
fn write(n: usize) -> (&'static str, String) {
    let filler = "x".repeat(400);
    match n % 5 {
        0 => (
            "/api/contact",
            format!(
                r#"{{"name":"Flood {n}","email":"flood{n}@example.com","subject":"Flood","message":"{n} {filler}"}}"#
            ),
        ),
        1 => (
            "/api/help/messages",
            format!(r#"{{"email":"flood{n}@example.com","message":"{n} {filler}"}}"#),
        ),
        2 => (
            "/api/client-errors",
            format!(
                r#"{{"message":"flood {n}","url":"http://127.0.0.1/flood/{n}","detail":"{filler}"}}"#
            ),
        ),
        3 => (
            "/utm",
            format!(r#"{{"utm_source":"flood{n}","utm_campaign":"c{n}"}}"#),
        ),
        _ => (
            "/api/newsletter",
            format!(r#"{{"email":"flood{n}@example.com"}}"#),
        ),
    }
}

/// Database bytes in use (pages less free pages) and rows per shopper table, as a
/// reader sees them (the WAL's committed pages included).
async fn footprint(pool: &SqlitePool) -> Result<(i64, BTreeMap<&'static str, i64>), Error> {
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
        .fetch_one(pool)
        .await?;
    let free: i64 = sqlx::query_scalar("PRAGMA freelist_count")
        .fetch_one(pool)
        .await?;
    let size: i64 = sqlx::query_scalar("PRAGMA page_size")
        .fetch_one(pool)
        .await?;
    let mut rows = BTreeMap::new();
    for table in SHOPPER_TABLES {
        let sql = format!("SELECT COUNT(*) FROM {table}");
        rows.insert(
            table,
            sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                .fetch_one(pool)
                .await?,
        );
    }
    Ok(((pages - free) * size, rows))
}

/// Catalogue reads for the reader: the home page's call, the departments, product
/// pages and category lists of the catalogue in the database.
async fn read_paths(pool: &SqlitePool) -> Result<Vec<String>, Error> {
    let products: Vec<i64> = sqlx::query_scalar("SELECT id FROM products ORDER BY id LIMIT 20")
        .fetch_all(pool)
        .await?;
    let categories: Vec<i64> = sqlx::query_scalar("SELECT id FROM categories ORDER BY id LIMIT 10")
        .fetch_all(pool)
        .await?;
    let mut paths = vec!["/api/home".to_owned(), "/api/categories".to_owned()];
    paths.extend(products.iter().map(|id| format!("/api/products/{id}")));
    paths.extend(
        categories
            .iter()
            .map(|id| format!("/api/lists/category/{id}")),
    );
    Ok(paths)
}

/// WRITES writes spread over `span` on 8 connections; the count of each status.
async fn flood(host: &str, writes: usize, span: Duration) -> Result<BTreeMap<u16, u64>, Error> {
    const CONNECTIONS: usize = 8;
    let start = Instant::now();
    let mut workers = Vec::new();
    for w in 0..CONNECTIONS {
        let mut conn = Connection::open(host).await?;
        workers.push(tokio::spawn(async move {
            let mut answers = BTreeMap::new();
            for n in (w..writes).step_by(CONNECTIONS) {
                let due = start + span.mul_f64(n as f64 / writes as f64);
                tokio::time::sleep_until(due.into()).await;
                let (path, body) = write(n);
                *answers
                    .entry(conn.send("POST", path, Some(&body)).await?)
                    .or_insert(0) += 1;
            }
            Ok::<_, Error>(answers)
        }));
    }
    let mut answers = BTreeMap::new();
    for worker in workers {
        for (status, count) in worker.await?? {
            *answers.entry(status).or_insert(0) += count;
        }
    }
    Ok(answers)
}

/// Reads at `rate` per second until `until`; each read's status and time from its due
/// time (a read stuck behind a slow one has its wait counted).
async fn read(
    host: &str,
    paths: &[String],
    rate: u32,
    until: Instant,
) -> Result<Vec<(u16, Duration)>, Error> {
    let mut conn = Connection::open(host).await?;
    let start = Instant::now();
    let mut results = Vec::new();
    for i in 0.. {
        let due = start + Duration::from_secs_f64(f64::from(i) / f64::from(rate));
        if due >= until {
            break;
        }
        tokio::time::sleep_until(due.into()).await;
        let status = conn
            .send("GET", &paths[i as usize % paths.len()], None)
            .await?;
        results.push((status, due.elapsed()));
    }
    Ok(results)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1000.0
}

async fn run(
    db: &str,
    base: &str,
    writes: usize,
    seconds: f64,
    budget: Option<i64>,
) -> Result<bool, Error> {
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect(db)
        .await?;
    let host = base
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    let paths = read_paths(&pool).await?;
    let (bytes_before, rows_before) = footprint(&pool).await?;
    let span = Duration::from_secs_f64(seconds);

    let reader = {
        let (host, paths) = (host.clone(), paths.clone());
        let until = Instant::now() + span;
        tokio::spawn(async move { read(&host, &paths, 20, until).await })
    };
    let answers = flood(&host, writes, span).await?;
    let reads = reader.await??;
    // Search counts and the last writes settle: the server writes counts every second
    // in the flood scripts.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (bytes_after, rows_after) = footprint(&pool).await?;

    let sent: u64 = answers.values().sum();
    let limited = answers.get(&429).copied().unwrap_or(0);
    let failed_writes: u64 = answers.range(500..).map(|(_, n)| n).sum();
    println!("flood: {sent} anonymous writes from one client in {seconds} s");
    for (status, count) in &answers {
        println!("  HTTP {status}: {count}");
    }
    let mut times: Vec<Duration> = reads.iter().map(|(_, t)| *t).collect();
    times.sort();
    let failed_reads = reads.iter().filter(|(s, _)| *s != 200).count();
    println!(
        "catalogue reads during the flood: n={} not 200: {failed_reads}   p50 {:.2} ms   p99 {:.2} ms   max {:.2} ms",
        reads.len(),
        percentile(&times, 0.50),
        percentile(&times, 0.99),
        percentile(&times, 1.0),
    );
    let growth = bytes_after - bytes_before;
    println!("database in use: {bytes_before} → {bytes_after} bytes (grew {growth} bytes)");
    for (table, after) in &rows_after {
        println!("  {table}: +{} rows", after - rows_before[table]);
    }

    let Some(budget) = budget else {
        return Ok(true);
    };
    let checks = [
        (
            limited * 10 >= sent * 9,
            "at least 90% of the writes answered 429",
        ),
        (failed_writes == 0, "no write answered 5xx"),
        (
            !reads.is_empty() && failed_reads == 0,
            "every catalogue read answered 200",
        ),
        (growth <= budget, "the database grew within its budget"),
    ];
    println!("budget: {budget} bytes");
    let mut passed = true;
    for (ok, what) in checks {
        println!("  {} {what}", if ok { "ok    " } else { "FAILED" });
        passed &= ok;
    }
    Ok(passed)
}

#[tokio::main]
async fn main() -> Result<std::process::ExitCode, Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: flood_bench DB_URL BASE_URL WRITES SECONDS [BUDGET_BYTES]";
    let (db, base, writes, seconds, budget) = match args.as_slice() {
        [db, base, writes, seconds] => (db, base, writes, seconds, None),
        [db, base, writes, seconds, budget] => (db, base, writes, seconds, Some(budget.parse()?)),
        _ => return Err(usage.into()),
    };
    let passed = run(db, base, writes.parse()?, seconds.parse()?, budget).await?;
    Ok(if passed {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    })
}
