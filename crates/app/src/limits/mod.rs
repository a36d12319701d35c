//! Rate limits on what anonymous clients write (messages, sign-ups, error reports,
//! campaign visits) and on which searches are counted: per client and for the whole
//! store, so that one looping client cannot fill the disk and many cannot either.
//! Catalogue reads are never limited.

mod attempts;
mod client_key;

pub use attempts::Attempts;
pub use client_key::{ClientKey, ClientKeys, Network};

use crate::settings::LimitSettings;
use governor::clock::Clock;
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

/// Over a limit: when the client may try again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limited {
    pub retry_after: Duration,
}

impl Limited {
    /// Whole seconds, rounded up (and at least one): `Retry-After` takes no fractions,
    /// and a client retrying a little early would only be refused again.
    pub fn retry_after_seconds(&self) -> u64 {
        let secs = self.retry_after.as_secs();
        let whole = if self.retry_after.subsec_nanos() > 0 {
            secs + 1
        } else {
            secs
        };
        whole.max(1)
    }
}

/// The per-client and store-wide budgets of anonymous writes.
pub struct Limits {
    keys: ClientKeys,
    per_client: DefaultKeyedRateLimiter<ClientKey>,
    global: DefaultDirectRateLimiter,
}

fn at_least_one(value: u32, key: &str) -> Result<NonZeroU32, String> {
    NonZeroU32::new(value).ok_or_else(|| format!("limits.{key} must be at least 1"))
}

impl Limits {
    pub fn new(settings: &LimitSettings) -> Result<Self, String> {
        let per_client = Quota::per_minute(at_least_one(
            settings.client_per_minute,
            "client_per_minute",
        )?)
        .allow_burst(at_least_one(settings.client_burst, "client_burst")?);
        let global = Quota::per_second(at_least_one(
            settings.global_per_second,
            "global_per_second",
        )?)
        .allow_burst(at_least_one(settings.global_burst, "global_burst")?);
        Ok(Limits {
            keys: ClientKeys::new(
                settings.client_ip_header.as_deref(),
                &settings.trusted_proxies,
            )
            .map_err(|err| format!("limits: {err}"))?,
            per_client: RateLimiter::keyed(per_client),
            global: RateLimiter::direct(global),
        })
    }

    pub fn client_key(&self, req: &Request) -> ClientKey {
        self.keys.key(req)
    }

    /// Takes one write from the client's budget, then from the store's. A client over
    /// its own limit does not spend the store's budget, so it cannot lock others out
    /// alone.
    pub fn check(&self, client: &ClientKey) -> Result<(), Limited> {
        self.per_client
            .check_key(client)
            .map_err(|wait| wait.wait_time_from(self.per_client.clock().now()))
            .and_then(|()| {
                self.global
                    .check()
                    .map_err(|wait| wait.wait_time_from(self.global.clock().now()))
            })
            .map_err(|retry_after| Limited { retry_after })
    }

    /// Forgets clients whose budget has refilled: they are as good as new, and this is
    /// what keeps the per-client table from growing with every address ever seen.
    pub fn forget_idle_clients(&self) {
        self.per_client.retain_recent();
        self.per_client.shrink_to_fit();
    }

    /// Clients the per-client table holds now.
    pub fn tracked_clients(&self) -> usize {
        self.per_client.len()
    }
}

/// Every `every`, forgets the clients and the addresses whose budget has refilled.
pub fn spawn_forgetting(
    limits: Arc<Limits>,
    attempts: Arc<Attempts>,
    every: Duration,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            limits.forget_idle_clients();
            attempts.forget_idle();
        }
    })
}

/// POSTs that only compute an answer from what they are sent and store nothing (the
/// bag's and checkout's prices, availability, a place's tax and shipping options):
/// like catalogue reads, they are not writes, and a shopper editing a bag or filling in
/// checkout sends many. Paths as the API document names them (under `/api`).
pub const PRICING_POSTS: &[&str] = &[
    "/max",
    "/bag/quote",
    "/checkout/quote",
    "/zip_code",
    "/shipping/index",
];

/// Whether a request to `path` (under `/api`) with `method` counts against the write budget.
pub fn is_limited_write(method: &Method, api_path: Option<&str>) -> bool {
    let reading = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    let pricing = *method == Method::POST && api_path.is_some_and(|p| PRICING_POSTS.contains(&p));
    !reading && !pricing
}

/// Reading methods and pricing calls pass untouched; every other request is a write,
/// signed in or not, so all of them are limited, and a new write endpoint is limited
/// without anyone having to remember it.
pub async fn limit_writes<E: Endpoint>(
    limits: Arc<Limits>,
    next: Arc<E>,
    req: Request,
) -> poem::Result<Response> {
    if is_limited_write(req.method(), req.uri().path().strip_prefix("/api"))
        && let Err(limited) = limits.check(&limits.client_key(&req))
    {
        return Ok(too_many_requests(limited));
    }
    next.call(req).await.map(IntoResponse::into_response)
}

/// 429 with `Retry-After` and the API's error shape.
pub fn too_many_requests(limited: Limited) -> Response {
    let seconds = limited.retry_after_seconds();
    let body = serde_json::json!({
        "message": format!("Too many requests: please try again in {seconds} s."),
    });
    Response::builder()
        .status(StatusCode::TOO_MANY_REQUESTS)
        .header(header::RETRY_AFTER, seconds)
        .content_type("application/json; charset=utf-8")
        .body(body.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_rounds_up_to_whole_seconds() {
        let after = |ms| Limited {
            retry_after: Duration::from_millis(ms),
        };
        assert_eq!(after(0).retry_after_seconds(), 1);
        assert_eq!(after(1).retry_after_seconds(), 1);
        assert_eq!(after(1000).retry_after_seconds(), 1);
        assert_eq!(after(1001).retry_after_seconds(), 2);
        assert_eq!(after(59_500).retry_after_seconds(), 60);
    }

    fn settings() -> LimitSettings {
        LimitSettings {
            client_per_minute: 1,
            client_burst: 2,
            global_per_second: 1,
            global_burst: 3,
            client_ip_header: None,
            trusted_proxies: Vec::new(),
            forget_idle_seconds: 60,
        }
    }

    #[test]
    fn a_client_over_its_budget_does_not_spend_the_stores() {
        let limits = Limits::new(&settings()).unwrap();
        let a = ClientKey::from_ip("192.0.2.1".parse().unwrap());
        let b = ClientKey::from_ip("192.0.2.2".parse().unwrap());
        assert!(limits.check(&a).is_ok());
        assert!(limits.check(&a).is_ok());
        for _ in 0..5 {
            let limited = limits.check(&a).unwrap_err();
            assert!(limited.retry_after > Duration::from_secs(50), "{limited:?}");
        }
        assert!(limits.check(&b).is_ok(), "the store's third write is b's");
        assert!(
            limits.check(&b).is_err(),
            "the store's budget of three is spent"
        );
    }

    #[test]
    fn zero_limits_are_refused() {
        let zero = LimitSettings {
            client_burst: 0,
            ..settings()
        };
        let err = Limits::new(&zero).err().unwrap();
        assert!(err.contains("client_burst"), "{err}");
    }
}
