//! Rate limits on writes, a budget for each kind (`Budget`), so that a flood of one
//! kind never refuses another. What fills anonymous tables (messages, sign-ups, error
//! reports, campaign visits, card tokens) and which searches are counted is limited
//! per client and for the whole store, so that one looping client cannot fill the
//! disk and many cannot either. Orders and sign-ins are limited per client and a
//! customer's own writes per session, never store-wide: no client's traffic can
//! refuse another's order. Catalogue reads are never limited.

mod attempts;
mod client_key;
mod strikes;

pub use attempts::Attempts;
pub use client_key::{ClientKey, ClientKeys, Network};
pub use strikes::Strikes;

use crate::api::accounts::session_cookie::session_token;
use crate::settings::{Budget as BudgetSettings, LimitSettings};
use governor::clock::Clock;
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use store_domain::clock::Timestamp;
use store_domain::ports::Throttles;
use store_domain::token::TokenHash;

/// Over a limit: when the client may try again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limited {
    pub retry_after: Duration,
}

impl Limited {
    /// Refused until `ends`, asked at `now`.
    pub fn until(ends: Timestamp, now: Timestamp) -> Limited {
        let seconds = ends
            .unix_seconds()
            .saturating_sub(now.unix_seconds())
            .max(1);
        Limited {
            retry_after: Duration::from_secs(seconds.unsigned_abs()),
        }
    }

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

/// The kinds of write, each with its own budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Fills a table anonymous clients write to: per client (IPv6 by /48) and
    /// store-wide. Any write no other budget names.
    Stored,
    /// Placing orders, guest look-ups and gift card checks: per client.
    Orders,
    /// Signing in, signing up, password links: per client.
    SignIn,
    /// A signed-in customer's own writes: per session.
    Customer,
}

impl Budget {
    pub const ALL: [Budget; 4] = [
        Budget::Stored,
        Budget::Orders,
        Budget::SignIn,
        Budget::Customer,
    ];

    /// The kind its refusals are counted under in the store's metrics.
    pub fn metric_kind(self) -> &'static str {
        match self {
            Budget::Stored => "writes_stored",
            Budget::Orders => "writes_orders",
            Budget::SignIn => "writes_sign_in",
            Budget::Customer => "writes_customer",
        }
    }
}

/// Which budget a request to `api_path` (under `/api`) with `method` draws on; `None`
/// for reads and the pricing calls. Paths not listed are `Stored`, the strictest: a
/// new write endpoint is limited without anyone having to remember it.
pub fn budget(method: &Method, api_path: Option<&str>) -> Option<Budget> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return None;
    }
    let path = api_path.unwrap_or_default();
    if *method == Method::POST && PRICING_POSTS.contains(&path) {
        return None;
    }
    let under = |prefix: &str| path == prefix || path.starts_with(&format!("{prefix}/"));
    Some(if under("/orders") || path == "/gift_card" {
        Budget::Orders
    } else if under("/login") || under("/register") || under("/password") || path == "/logout" {
        Budget::SignIn
    } else if under("/customer") {
        Budget::Customer
    } else {
        Budget::Stored
    })
}

/// The write budgets.
pub struct Limits {
    keys: ClientKeys,
    per_client: DefaultKeyedRateLimiter<ClientKey>,
    global: DefaultDirectRateLimiter,
    orders: DefaultKeyedRateLimiter<ClientKey>,
    sign_in: DefaultKeyedRateLimiter<ClientKey>,
    /// Keyed by the session cookie's hash (a request without one: its client's).
    customer: DefaultKeyedRateLimiter<String>,
    /// Writes refused so far, by budget in `Budget::ALL`'s order (the store's metrics).
    refused: [AtomicU64; Budget::ALL.len()],
}

fn at_least_one(value: u32, key: &str) -> Result<NonZeroU32, String> {
    NonZeroU32::new(value).ok_or_else(|| format!("limits.{key} must be at least 1"))
}

fn per_minute(budget: BudgetSettings, key: &str) -> Result<Quota, String> {
    let rate = at_least_one(budget.per_minute, &format!("{key}.per_minute"))?;
    let burst = at_least_one(budget.burst, &format!("{key}.burst"))?;
    Ok(Quota::per_minute(rate).allow_burst(burst))
}

fn refused<C: Clock>(wait: governor::NotUntil<C::Instant>, clock: &C) -> Limited {
    Limited {
        retry_after: wait.wait_time_from(clock.now()),
    }
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
            orders: RateLimiter::keyed(per_minute(settings.orders, "orders")?),
            sign_in: RateLimiter::keyed(per_minute(settings.sign_in, "sign_in")?),
            customer: RateLimiter::keyed(per_minute(settings.customer, "customer")?),
            refused: Default::default(),
        })
    }

    pub fn client_key(&self, req: &Request) -> ClientKey {
        self.keys.key(req)
    }

    /// Takes one write from the client's budget of stored writes (IPv6 by its /48: a
    /// host holds thousands of /64s), then from the store's. A client over its own
    /// limit does not spend the store's budget, so it cannot lock others out alone.
    pub fn check(&self, client: &ClientKey) -> Result<(), Limited> {
        let group = client.group();
        self.per_client
            .check_key(&group)
            .map_err(|wait| refused(wait, self.per_client.clock()))?;
        self.global
            .check()
            .map_err(|wait| refused(wait, self.global.clock()))
    }

    /// Takes one write of `budget` for the request: its client's, or for a customer's
    /// own writes its session's.
    pub fn check_request(&self, budget: Budget, req: &Request) -> Result<(), Limited> {
        let checked = self.check_budget(budget, req);
        if checked.is_err() {
            self.refused[budget as usize].fetch_add(1, Ordering::Relaxed);
        }
        checked
    }

    fn check_budget(&self, budget: Budget, req: &Request) -> Result<(), Limited> {
        let keyed = |limiter: &DefaultKeyedRateLimiter<ClientKey>| {
            limiter
                .check_key(&self.client_key(req))
                .map_err(|wait| refused(wait, limiter.clock()))
        };
        match budget {
            Budget::Stored => self.check(&self.client_key(req)),
            Budget::Orders => keyed(&self.orders),
            Budget::SignIn => keyed(&self.sign_in),
            Budget::Customer => {
                let key = match session_token(req.headers()) {
                    Some(token) => TokenHash::of(&token).as_str().to_owned(),
                    None => format!("{:?}", self.client_key(req)),
                };
                self.customer
                    .check_key(&key)
                    .map_err(|wait| refused(wait, self.customer.clock()))
            }
        }
    }

    /// Forgets clients whose budgets have refilled: they are as good as new, and this
    /// is what keeps the tables from growing with every address ever seen.
    pub fn forget_idle_clients(&self) {
        for limiter in [&self.per_client, &self.orders, &self.sign_in] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        self.customer.retain_recent();
        self.customer.shrink_to_fit();
    }

    /// Clients the stored writes' table holds now.
    pub fn tracked_clients(&self) -> usize {
        self.per_client.len()
    }

    /// The writes each budget refused since the start.
    pub fn refused(&self) -> impl Iterator<Item = (Budget, u64)> + '_ {
        Budget::ALL.into_iter().map(|budget| {
            (
                budget,
                self.refused[budget as usize].load(Ordering::Relaxed),
            )
        })
    }
}

/// Every `every`, forgets the clients whose budget has refilled and the throttles'
/// windows that have ended.
pub fn spawn_forgetting(
    limits: Arc<Limits>,
    throttles: Arc<dyn Throttles>,
    clock: Arc<dyn store_domain::ports::Clock>,
    every: Duration,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            limits.forget_idle_clients();
            if let Err(e) = throttles.forget_ended(clock.now()).await {
                tracing::warn!(error = %e, "ended throttle windows could not be forgotten");
            }
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

/// Reading methods and pricing calls pass untouched; every other request draws on its
/// kind's budget.
pub async fn limit_writes<E: Endpoint>(
    limits: Arc<Limits>,
    next: Arc<E>,
    req: Request,
) -> poem::Result<Response> {
    if let Some(budget) = budget(req.method(), req.uri().path().strip_prefix("/api"))
        && let Err(limited) = limits.check_request(budget, &req)
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
            orders: BudgetSettings {
                per_minute: 1,
                burst: 2,
            },
            sign_in: BudgetSettings {
                per_minute: 1,
                burst: 2,
            },
            customer: BudgetSettings {
                per_minute: 1,
                burst: 2,
            },
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
    fn each_kind_of_write_draws_on_its_own_budget() {
        let post = |path| budget(&Method::POST, Some(path));
        assert_eq!(post("/newsletter"), Some(Budget::Stored));
        assert_eq!(post("/card/createToken"), Some(Budget::Stored));
        assert_eq!(post("/some/new/endpoint"), Some(Budget::Stored));
        assert_eq!(post("/orders"), Some(Budget::Orders));
        assert_eq!(post("/orders/ABCD-1234/status"), Some(Budget::Orders));
        assert_eq!(post("/gift_card"), Some(Budget::Orders));
        assert_eq!(post("/login"), Some(Budget::SignIn));
        assert_eq!(post("/register/confirm"), Some(Budget::SignIn));
        assert_eq!(post("/password/reset"), Some(Budget::SignIn));
        assert_eq!(post("/customer/bag/change"), Some(Budget::Customer));
        assert_eq!(post("/customer"), Some(Budget::Customer));
        assert_eq!(
            post("/customers"),
            Some(Budget::Stored),
            "a prefix is a path segment"
        );
        assert_eq!(post("/checkout/quote"), None);
        assert_eq!(
            budget(&Method::DELETE, Some("/customer/addresses/3")),
            Some(Budget::Customer)
        );
        assert_eq!(budget(&Method::GET, Some("/orders/X")), None);
    }

    #[test]
    fn refusals_are_counted_by_budget() {
        let limits = Limits::new(&settings()).unwrap();
        let post = |path: &str| {
            Request::builder()
                .method(Method::POST)
                .uri(path.parse().unwrap())
                .finish()
        };
        for _ in 0..3 {
            let _ = limits.check_request(Budget::Orders, &post("/api/orders"));
        }
        let refused: Vec<_> = limits.refused().collect();
        assert_eq!(
            refused,
            [
                (Budget::Stored, 0),
                (Budget::Orders, 1),
                (Budget::SignIn, 0),
                (Budget::Customer, 0)
            ],
            "a burst of two, the third refused"
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
