//! The bag benchmark's measuring tool; `benches/bag.sh` drives it. Prints figures,
//! asserts nothing.
//!
//! `bag_bench DB_URL BASE_URL RATE SECONDS`: builds 50 different 20-line bags from the
//! generated catalogue in DB_URL (16 products and 4 variations each, two of every
//! line), then sends `POST /api/bag/quote` for them to a running server over HTTP/1.1
//! keep-alive: at a fixed rate (open loop) for p50 and p99, then as fast as 8
//! connections go, for the maximum throughput.

use sqlx::sqlite::SqlitePoolOptions;

#[allow(dead_code, reason = "each benchmark uses part of the shared client")]
mod support {
    pub mod keep_alive;
    pub mod load;
}

use support::keep_alive::Error;
use support::load::{Request, fixed_rate, max_throughput, report};

const BAGS: usize = 50;

async fn bags(db: &str) -> Result<Vec<Request>, Error> {
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect(db)
        .await?;
    let products: Vec<i64> = sqlx::query_scalar(
        "SELECT p.id FROM products p WHERE p.stock > 0 AND p.product_type = 'product'
         AND NOT EXISTS (SELECT 1 FROM variations v WHERE v.product_id = p.id)
         ORDER BY p.id DESC LIMIT 800",
    )
    .fetch_all(&pool)
    .await?;
    let variations: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM variations WHERE stock > 0 ORDER BY id DESC LIMIT 200")
            .fetch_all(&pool)
            .await?;
    pool.close().await;
    if products.len() < 16 * BAGS || variations.len() < 4 * BAGS {
        return Err("the catalogue has too few products: seed more".into());
    }
    Ok((0..BAGS)
        .map(|b| {
            let line =
                |id: i64, kind: &str| format!(r#"{{"id":{id},"type":"{kind}","quantity":2}}"#);
            let lines: Vec<String> = products[b * 16..(b + 1) * 16]
                .iter()
                .map(|id| line(*id, "product"))
                .chain(
                    variations[b * 4..(b + 1) * 4]
                        .iter()
                        .map(|id| line(*id, "variation")),
                )
                .collect();
            Request::post(
                "/api/bag/quote",
                format!(r#"{{"products":[{}],"later":[]}}"#, lines.join(",")),
            )
        })
        .collect())
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [db, base, rate, seconds] = args.as_slice() else {
        return Err("usage: bag_bench DB_URL BASE_URL RATE SECONDS".into());
    };
    let (rate, seconds): (u32, u32) = (rate.parse()?, seconds.parse()?);
    let host = base.trim_start_matches("http://").trim_end_matches('/');
    let quotes = bags(db).await?;
    // Warm the server's caches the way any running store is warm.
    max_throughput(host, &quotes, 1).await?;
    println!("quote of a 20-line bag over HTTP at {rate} requests/s for {seconds} s:");
    report(
        "  POST /api/bag/quote",
        fixed_rate(host, &quotes, rate, seconds).await?,
    );
    println!(
        "maximum throughput (8 connections, 5 s): {:.0} quotes/s",
        max_throughput(host, &quotes, 5).await?
    );
    Ok(())
}
