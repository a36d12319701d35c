//! The read cache: the answers shoppers ask for most (home, product and bundle pages,
//! listings with their facets, the department tree, content pages, the store's info,
//! and the pages that inline them) kept as ready-to-send bytes, with their compressed
//! copies made on first use and a digest for conditional requests.
//!
//! Never wrong for long, by two rules:
//! - Every key holds the catalogue version this instance last read. A watcher reads the
//!   version row every `max_age` (the same row, in the same database, that every
//!   instance and owner command bumps with each catalogue change: issue 31's signal), so
//!   after a change no instance serves an answer made before it for longer than that.
//! - Answers that show stock (products, bundles, lists, home) live `max_age` at most:
//!   orders move stock without touching the catalogue version (a version bump per order
//!   would put every order in every instance on one hot row), so that is the bound on
//!   stock shown. The bag, checkout and orders never read from here.
//!
//! Only plain (not yet compressed) 200 answers of a GET without a cookie being set are
//! kept; everything else passes through untouched.

use crate::compress;
use crate::state::AppState;
use bytes::Bytes;
use moka::sync::Cache;
use poem::http::{HeaderValue, Method, StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response};
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

/// The `[cache]` settings.
#[derive(Debug, Clone, Copy)]
pub struct CacheSettings {
    /// The most the kept answers may take, bodies and compressed copies; 0 turns the
    /// cache off.
    pub max_bytes: u64,
    /// How long an answer showing stock is kept, and how often the catalogue version
    /// is read: the longest a shopper can see a change late.
    pub max_age: Duration,
}

/// How long an answer may be kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lifetime {
    /// It shows stock: `max_age` at most.
    ShowsStock,
    /// It changes only with the catalogue (or never, for the store's info).
    UntilCatalogueChanges,
}

/// The API paths kept, and for how long; `path` is relative to `/api`.
fn lifetime(path: &str) -> Option<Lifetime> {
    let first = path.trim_start_matches('/').split('/').next().unwrap_or("");
    match first {
        "home" | "products" | "bundles" | "lists" => Some(Lifetime::ShowsStock),
        "categories" | "pages" | "store" => Some(Lifetime::UntilCatalogueChanges),
        _ => None,
    }
}

/// One kept answer.
struct Answer {
    body: Bytes,
    content_type: HeaderValue,
    etag: HeaderValue,
    lifetime: Lifetime,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Answer {
    fn new(body: Bytes, content_type: HeaderValue, lifetime: Lifetime) -> Self {
        // A weak tag: the same answer gzipped or not is the same representation to a
        // shopper. From the bytes alone, so that every instance gives the same tag.
        let digest = Sha256::digest(&body);
        let etag = HeaderValue::from_str(&format!("W/\"{}\"", hex::encode(&digest[..16])))
            .expect("hex digits make a valid header value");
        Self {
            body,
            content_type,
            etag,
            lifetime,
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
        }
    }

    /// What it takes in memory once both compressed copies are made (they are at most
    /// about the body's size together).
    fn weight(&self) -> u32 {
        u32::try_from(self.body.len().saturating_mul(2) + 256).unwrap_or(u32::MAX)
    }

    /// The answer for what the client asked: 304 when it has this answer already, else
    /// the body in the best encoding it accepts.
    fn respond(&self, asked: &Asked) -> Response {
        if asked
            .if_none_match
            .as_deref()
            .is_some_and(|tags| matches_tag(tags, &self.etag))
        {
            return Response::builder()
                .status(StatusCode::NOT_MODIFIED)
                .header(header::ETAG, self.etag.clone())
                .header(header::CACHE_CONTROL, "no-cache")
                .header(header::VARY, "accept-encoding")
                .finish();
        }
        let mime = self.content_type.to_str().unwrap_or("application/json");
        let compressed = |encoding| {
            let copy = match encoding {
                compress::Encoding::Brotli => &self.brotli,
                compress::Encoding::Gzip => &self.gzip,
            };
            copy.get_or_init(|| compress::encode_once(&self.body, encoding).into())
                .clone()
        };
        let mut resp = crate::web::text(
            self.body.clone(),
            mime,
            "no-cache",
            &asked.accept_encoding,
            compressed,
        );
        resp.headers_mut().insert(header::ETAG, self.etag.clone());
        resp
    }
}

/// What a request asks of a kept answer beyond its path.
struct Asked {
    if_none_match: Option<String>,
    accept_encoding: String,
}

impl Asked {
    fn of(req: &Request) -> Self {
        let text = |name| {
            req.headers()
                .get(name)
                .and_then(|v: &HeaderValue| v.to_str().ok())
                .map(str::to_owned)
        };
        Self {
            if_none_match: text(header::IF_NONE_MATCH),
            accept_encoding: text(header::ACCEPT_ENCODING).unwrap_or_default(),
        }
    }
}

/// Whether an `If-None-Match` list names `etag` (weak comparison: `W/` is ignored).
fn matches_tag(tags: &str, etag: &HeaderValue) -> bool {
    let ours = etag.to_str().unwrap_or("").trim_start_matches("W/");
    tags.split(',')
        .map(str::trim)
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == ours)
}

/// Counts for the owner's metrics.
#[derive(Debug, Default)]
struct Counts {
    hits: AtomicU64,
    misses: AtomicU64,
}

pub struct ReadCache {
    /// `None` when the settings turn the cache off.
    answers: Option<Cache<String, Arc<Answer>>>,
    /// The catalogue version this instance last read; the first part of every key.
    version: AtomicI64,
    max_age: Duration,
    counts: Counts,
}

/// Expiry by the answer's own lifetime.
struct ByLifetime(Duration);

impl moka::Expiry<String, Arc<Answer>> for ByLifetime {
    fn expire_after_create(
        &self,
        _key: &String,
        answer: &Arc<Answer>,
        _created_at: Instant,
    ) -> Option<Duration> {
        (answer.lifetime == Lifetime::ShowsStock).then_some(self.0)
    }
}

impl ReadCache {
    pub fn new(settings: CacheSettings) -> Self {
        let answers = (settings.max_bytes > 0).then(|| {
            Cache::builder()
                .max_capacity(settings.max_bytes)
                .weigher(|_key: &String, answer: &Arc<Answer>| answer.weight())
                .expire_after(ByLifetime(settings.max_age))
                .build()
        });
        Self {
            answers,
            version: AtomicI64::new(i64::MIN),
            max_age: settings.max_age,
            counts: Counts::default(),
        }
    }

    /// No cache at all: every answer is made afresh.
    pub fn off() -> Self {
        Self::new(CacheSettings {
            max_bytes: 0,
            max_age: Duration::ZERO,
        })
    }

    /// The catalogue is at `version`: answers made from an earlier one are never
    /// served again (their keys name the old version) and their memory is freed.
    pub fn catalogue_at(&self, version: i64) {
        let before = self.version.swap(version, Ordering::AcqRel);
        if before != version
            && let Some(answers) = &self.answers
        {
            answers.invalidate_all();
        }
    }

    fn key(&self, scope: &str, path_and_query: &str) -> String {
        format!(
            "{} {scope} {path_and_query}",
            self.version.load(Ordering::Acquire)
        )
    }

    /// How many answers were served from the cache and how many were made.
    pub fn hits_and_misses(&self) -> (u64, u64) {
        (
            self.counts.hits.load(Ordering::Relaxed),
            self.counts.misses.load(Ordering::Relaxed),
        )
    }

    /// The weight of what is kept now, in bytes.
    pub fn weighted_size(&self) -> u64 {
        self.answers.as_ref().map_or(0, |a| {
            a.run_pending_tasks();
            a.weighted_size()
        })
    }

    /// The answer for `target` (a path and query) in `scope` (the API, or the pages):
    /// kept, or made by `make` and kept when it is a plain 200.
    async fn answer(
        &self,
        scope: &str,
        lifetime: Lifetime,
        target: &str,
        asked: &Asked,
        make: impl Future<Output = poem::Result<Response>>,
    ) -> poem::Result<Response> {
        let Some(answers) = &self.answers else {
            return make.await;
        };
        // The key is taken before the answer is made: one made while the catalogue
        // changes goes under the old version, where nobody looks any more.
        let key = self.key(scope, target);
        if let Some(kept) = answers.get(&key) {
            self.counts.hits.fetch_add(1, Ordering::Relaxed);
            return Ok(kept.respond(asked));
        }
        self.counts.misses.fetch_add(1, Ordering::Relaxed);
        let resp = make.await?;
        // Only a plain answer is kept: the cache encodes it for each client itself.
        let headers = resp.headers();
        if resp.status() != StatusCode::OK
            || headers.contains_key(header::SET_COOKIE)
            || headers.contains_key(header::CONTENT_ENCODING)
        {
            return Ok(resp);
        }
        let content_type = resp
            .headers()
            .get(header::CONTENT_TYPE)
            .cloned()
            .unwrap_or_else(|| HeaderValue::from_static("application/octet-stream"));
        let body = resp.into_body().into_bytes().await?;
        let answer = Arc::new(Answer::new(body, content_type, lifetime));
        answers.insert(key, answer.clone());
        Ok(answer.respond(asked))
    }
}

/// Around the API (paths relative to `/api`): the kept paths from the cache.
pub async fn around_api<E: Endpoint>(
    next: E,
    req: Request,
    cache: Arc<ReadCache>,
) -> poem::Result<Response> {
    match lifetime(req.uri().path()) {
        Some(lifetime) if req.method() == Method::GET => {
            let target = target(&req);
            let asked = Asked::of(&req);
            let make = async move { next.call(req).await.map(IntoResponse::into_response) };
            cache.answer("api", lifetime, &target, &asked, make).await
        }
        _ => next.call(req).await.map(IntoResponse::into_response),
    }
}

/// A page load whose first screen inlines API answers: kept as those answers are
/// (it shows stock when they do, so it lives as long as they may), the painted and
/// the unpainted page apart.
pub async fn page(
    cache: &ReadCache,
    req: &Request,
    painted: bool,
    make: impl Future<Output = Response>,
) -> Response {
    let make = async { Ok(make.await) };
    let asked = Asked::of(req);
    let scope = if painted { "page" } else { "plain-page" };
    cache
        .answer(scope, Lifetime::ShowsStock, &target(req), &asked, make)
        .await
        .unwrap_or_else(|err| err.into_response())
}

fn target(req: &Request) -> String {
    req.uri()
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_owned()
}

/// Reads the catalogue version every `max_age` until the process ends.
pub fn watch(state: AppState) -> JoinHandle<()> {
    let every = state
        .catalogue
        .answers
        .max_age
        .max(Duration::from_millis(100));
    tokio::spawn(async move {
        let mut beat = tokio::time::interval(every);
        beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            beat.tick().await;
            read_catalogue_version(&state).await;
        }
    })
}

/// One beat of the watcher: the cache learns the catalogue's version. A failed read is
/// logged, and the cache keeps its version until a read succeeds.
pub async fn read_catalogue_version(state: &AppState) {
    match state.catalogue.catalog.catalogue_version().await {
        Ok(version) => state.catalogue.answers.catalogue_at(version),
        Err(err) => tracing::warn!("catalogue version unreadable: {err}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_shoppers_reads_and_nothing_personal() {
        assert_eq!(lifetime("/products/7"), Some(Lifetime::ShowsStock));
        assert_eq!(lifetime("/lists/category/3"), Some(Lifetime::ShowsStock));
        assert_eq!(lifetime("/home"), Some(Lifetime::ShowsStock));
        assert_eq!(
            lifetime("/categories"),
            Some(Lifetime::UntilCatalogueChanges)
        );
        for personal in ["/customer/bag", "/search", "/checkout/quote", "/orders/1"] {
            assert_eq!(lifetime(personal), None, "{personal}");
        }
    }

    #[test]
    fn conditional_requests_match_weakly_and_by_list() {
        let etag = HeaderValue::from_static("W/\"abc\"");
        assert!(matches_tag("W/\"abc\"", &etag));
        assert!(matches_tag("\"abc\"", &etag));
        assert!(matches_tag("\"x\", W/\"abc\"", &etag));
        assert!(matches_tag("*", &etag));
        assert!(!matches_tag("\"abd\"", &etag));
    }
}
