//! The search benchmark's measuring tool; `benches/search.sh` drives it. Prints
//! figures, asserts nothing.
//!
//! `search_bench offline DB_URL`: builds the index from the database (from empty),
//! reports build time and size, then times the same queries in process through the
//! engine and through a plain SQL `LIKE` scan, and prints the ratio.
//!
//! `search_bench load DB_URL BASE_URL RATE SECONDS`: sends suggestion and faceted
//! search requests to a running server over HTTP/1.1 keep-alive, first at a fixed
//! rate (open loop: requests go out on schedule whether or not earlier ones have
//! been answered, and a request waiting for a free connection has that wait counted,
//! so a stalled server cannot hide its queue), then as fast as 8 connections go, for
//! the maximum throughput. Latency starts when the client's timer releases a request
//! (tokio's timer has millisecond granularity; the release, not the nominal due time,
//! is what the server could have seen).

use sqlx::sqlite::SqlitePoolOptions;
use std::time::Instant;
use store_adapters::search::TantivySearch;
use store_adapters::sqlite::SqliteStore;
use store_domain::catalog::Sort;
use store_domain::ports::{Catalog, SearchIndex};
use store_domain::search::{ProductQuery, SearchDoc, Selection, normalise, words};

#[allow(dead_code, reason = "each benchmark uses part of the shared client")]
mod support {
    pub mod keep_alive;
    pub mod load;
}

use support::keep_alive::Error;
use support::load::{Request, fixed_rate, max_throughput, report};

/// What one benchmark query asks, in process and over HTTP.
struct Probe {
    text: String,
    vendor: Option<i64>,
    sort: Sort,
}

impl Probe {
    fn search_path(&self) -> String {
        let mut path = format!("/api/search?q={}", encode(&self.text));
        if let Some(v) = self.vendor {
            path.push_str(&format!("&vendors={v}"));
        }
        if self.sort != Sort::Relevant {
            path.push_str(&format!("&sort={}", self.sort.as_str()));
        }
        path
    }

    fn query(&self) -> ProductQuery {
        ProductQuery {
            text: Some(self.text.clone()),
            scope: None,
            selection: Selection {
                vendors: self.vendor.map(|v| vec![v.to_string()]).unwrap_or_default(),
                ..Selection::default()
            },
            sort: self.sort,
            page: 1,
        }
    }
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Deterministic queries from the catalogue: every 500th product gives a typed prefix
/// (2 to 5 letters, English or Hebrew) and a search for one of its title words, with
/// its vendor as a facet on every other one and the sorts in turn.
fn probes(docs: &[SearchDoc]) -> (Vec<String>, Vec<Probe>) {
    let sorts = [
        Sort::Relevant,
        Sort::PriceAsc,
        Sort::PriceDesc,
        Sort::Newest,
    ];
    let mut prefixes = Vec::new();
    let mut searches = Vec::new();
    for (n, doc) in docs.iter().step_by(500).enumerate() {
        let title = if n % 3 == 2 {
            doc.heb_title.as_deref().unwrap_or(&doc.title)
        } else {
            &doc.title
        };
        let folded = normalise(title);
        let all: Vec<&str> = words(&folded).collect();
        let Some(word) = all.get(n % all.len().max(1)) else {
            continue;
        };
        let letters: String = word.chars().take(2 + n % 4).collect();
        prefixes.push(letters);
        searches.push(Probe {
            text: (*word).to_owned(),
            vendor: (n % 2 == 1).then_some(doc.vendor.id),
            sort: sorts[n % sorts.len()],
        });
    }
    (prefixes, searches)
}

async fn offline(db: &str) -> Result<(), Error> {
    let store = SqliteStore::open(db, 4).await?;
    let started = Instant::now();
    let docs = store.search_documents().await?;
    let read = started.elapsed();
    let index = TantivySearch::new()?;
    let built = Instant::now();
    index.rebuild(docs.clone()).await?;
    let build = built.elapsed();
    println!("products indexed:          {}", docs.len());
    println!("read from the database:    {:.2} s", read.as_secs_f64());
    println!("index build (empty → full): {:.2} s", build.as_secs_f64());
    println!(
        "index size (in memory):    {:.1} MB",
        index.index_bytes()? as f64 / 1_048_576.0
    );

    let (prefixes, searches) = probes(&docs);
    let mut engine_suggest = Vec::new();
    for p in &prefixes {
        let t = Instant::now();
        index.suggest(p, 50).await?;
        engine_suggest.push(t.elapsed());
    }
    let mut engine_search = Vec::new();
    let mut slowest = Vec::new();
    for s in &searches {
        let t = Instant::now();
        let hits = index.find(&s.query()).await?;
        engine_search.push(t.elapsed());
        slowest.push((t.elapsed(), s.search_path(), hits.total));
    }
    slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
    for (time, path, total) in slowest.iter().take(3) {
        println!(
            "slow: {:.1} ms  {total} hits  {path}",
            time.as_secs_f64() * 1000.0
        );
    }

    // The baseline: the same questions as plain SQL over the same file.
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect(db)
        .await?;
    let mut like_suggest = Vec::new();
    for p in &prefixes {
        let t = Instant::now();
        sqlx::query_scalar::<_, String>(
            "SELECT title FROM products WHERE title LIKE $1 OR title LIKE $2
             OR heb_title LIKE $1 OR heb_title LIKE $2 LIMIT 50",
        )
        .bind(format!("{p}%"))
        .bind(format!("% {p}%"))
        .fetch_all(&pool)
        .await?;
        like_suggest.push(t.elapsed());
    }
    let mut like_search = Vec::new();
    for s in &searches {
        let t = Instant::now();
        let pattern = format!("%{}%", s.text);
        let filter =
            "(title LIKE $1 OR heb_title LIKE $1 OR short_desc LIKE $1 OR description LIKE $1
                       OR heb_description LIKE $1) AND ($2 IS NULL OR vendor_id = $2)";
        let order = match s.sort {
            Sort::Relevant => "id",
            Sort::PriceAsc => "price, id",
            Sort::PriceDesc => "price DESC, id DESC",
            Sort::Newest => "release_date DESC, id DESC",
        };
        let sql = format!("SELECT id FROM products WHERE {filter} ORDER BY {order} LIMIT 24");
        sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql))
            .bind(&pattern)
            .bind(s.vendor)
            .fetch_all(&pool)
            .await?;
        // The facet a shopper sees beside the page: counts by vendor.
        let facet =
            format!("SELECT vendor_id, COUNT(*) FROM products WHERE {filter} GROUP BY vendor_id");
        sqlx::query(sqlx::AssertSqlSafe(facet))
            .bind(&pattern)
            .bind(s.vendor)
            .fetch_all(&pool)
            .await?;
        like_search.push(t.elapsed());
    }
    println!();
    let es = report("engine suggestions (in process)", engine_suggest);
    let ls = report("SQL LIKE suggestions (in process)", like_suggest);
    let ef = report("engine faceted search (in process)", engine_search);
    let lf = report("SQL LIKE search + vendor counts (in process)", like_search);
    println!(
        "LIKE / engine, p50: suggestions {:.0}x, faceted search {:.0}x",
        ls / es,
        lf / ef
    );
    Ok(())
}

async fn load(db: &str, base: &str, rate: u32, seconds: u32) -> Result<(), Error> {
    let store = SqliteStore::open(db, 2).await?;
    // The probes come from the first 100,000 products: the same queries at every
    // catalogue size, and the client never holds a million documents.
    let (prefixes, searches) = probes(&store.search_documents_page(i64::MIN, 100_000).await?);
    store.close().await;
    let host = base.trim_start_matches("http://").trim_end_matches('/');
    let suggest: Vec<Request> = prefixes
        .iter()
        .map(|p| Request::get(format!("/api/search/suggestions?q={}", encode(p))))
        .collect();
    let search: Vec<Request> = searches
        .iter()
        .map(|p| Request::get(p.search_path()))
        .collect();
    // Warm the server's caches the way any running store is warm.
    max_throughput(host, &suggest, 1).await?;
    max_throughput(host, &search, 1).await?;
    println!("over HTTP at {rate} requests/s for {seconds} s:");
    report(
        "  suggestions",
        fixed_rate(host, &suggest, rate, seconds).await?,
    );
    report(
        "  faceted search",
        fixed_rate(host, &search, rate, seconds).await?,
    );
    println!("maximum throughput (8 connections, 5 s):");
    println!(
        "  suggestions       {:>8.0} requests/s",
        max_throughput(host, &suggest, 5).await?
    );
    println!(
        "  faceted search    {:>8.0} requests/s",
        max_throughput(host, &search, 5).await?
    );
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["offline", db] => offline(db).await,
        ["load", db, base, rate, seconds] => load(db, base, rate.parse()?, seconds.parse()?).await,
        _ => Err("usage: search_bench offline DB_URL | load DB_URL BASE_URL RATE SECONDS".into()),
    }
}
