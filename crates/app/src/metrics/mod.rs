//! The store's metrics, in the Prometheus text format, on a listener of their own
//! (`metrics.listen`): never on the shoppers' port. What happens (requests, orders,
//! jobs, mails) is counted as it happens, in `Metrics`; what other parts already know
//! (the read cache, the search index, the database, the throttles) is read from them
//! at each scrape (`facts`). docs/operations.md says what each means.

mod facts;
mod mailer;
pub mod routes;

use crate::http::server::{self, Timeouts};
use crate::state::AppState;
use poem::http::{Method, StatusCode, header};
use poem::web::Data;
use poem::{Endpoint, EndpointExt, IntoResponse, Response, Route, get, handler};
use prometheus_client::encoding::{EncodeLabelSet, prometheus_text};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::{Registry, Unit};
use std::sync::Arc;
use std::time::Duration;
use store_adapters::storage::DatabaseStats;
use store_domain::jobs::JobKind;
use store_domain::money::Money;
use store_domain::ports::Mailer;

/// Every name starts `store_`.
const PREFIX: &str = "store";

/// Seconds: the product page's answer is meant to take well under 5 ms, a request is
/// cut at `server.request_timeout_seconds` (30 s by default).
const LATENCY_BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// One kind of request: its route template (never the raw path: every product id
/// would be a series of its own), its method and its answer's status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: &'static str,
    method: &'static str,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct JobLabels {
    kind: &'static str,
}

type Latencies = Family<RequestLabels, Histogram, fn() -> Histogram>;

/// What the store counts as it happens, shared by every request and task (an `Arc` in
/// `AppState`).
pub struct Metrics {
    /// The counts below, registered once.
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latencies: Latencies,
    orders_placed: Counter,
    orders_placed_cents: Counter,
    orders_declined: Counter,
    orders_declined_cents: Counter,
    jobs_due: Family<JobLabels, Counter>,
    jobs_failed: Family<JobLabels, Counter>,
    mails_queued: Counter,
    mails_failed: Counter,
    /// The database's connections and writer, when the store has one (tests over
    /// fakes have none).
    database: Option<DatabaseStats>,
}

impl Metrics {
    pub fn new(database: Option<DatabaseStats>) -> Metrics {
        let mut registry = Registry::with_prefix(PREFIX);
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "Requests answered, by route template, method and status",
            requests.clone(),
        );
        let latencies: Latencies = Family::new_with_constructor(|| Histogram::new(LATENCY_BUCKETS));
        registry.register_with_unit(
            "http_request_duration",
            "Time from a request's arrival to its answer's head, by route template, method and status",
            Unit::Seconds,
            latencies.clone(),
        );
        let mut counter = |name: &str, help: &str| {
            let counter = Counter::default();
            registry.register(name, help, counter.clone());
            counter
        };
        let orders_placed = counter(
            "orders_placed",
            "Orders placed at checkout (a resubmission of one is not counted again)",
        );
        let orders_placed_cents = counter(
            "orders_placed_cents",
            "Their totals, in cents, gift cards included",
        );
        let orders_declined = counter("orders_declined", "Orders whose card was declined");
        let orders_declined_cents = counter(
            "orders_declined_cents",
            "The totals those orders would have had, in cents",
        );
        let mails_queued = counter(
            "mails_queued",
            "Mails handed to the mailer: kept in the outbox, or taken by the SMTP server",
        );
        let mails_failed = counter(
            "mails_failed",
            "Mails the mailer could not take (a job's mail is tried again later)",
        );
        let jobs_due = Family::<JobLabels, Counter>::default();
        registry.register(
            "jobs_due",
            "Durable jobs the runner took because they were due, and ran, by kind",
            jobs_due.clone(),
        );
        let jobs_failed = Family::<JobLabels, Counter>::default();
        registry.register(
            "jobs_failed",
            "Runs of those jobs that failed (each is tried again later, up to 8 runs), by kind",
            jobs_failed.clone(),
        );
        // Every kind from the start: a series that appears only on its first failure
        // cannot be seen to rise.
        for kind in JobKind::ALL {
            let kind = JobLabels {
                kind: kind.as_str(),
            };
            jobs_due.get_or_create_owned(&kind);
            jobs_failed.get_or_create_owned(&kind);
        }
        Metrics {
            registry,
            requests,
            latencies,
            orders_placed,
            orders_placed_cents,
            orders_declined,
            orders_declined_cents,
            jobs_due,
            jobs_failed,
            mails_queued,
            mails_failed,
            database,
        }
    }

    /// A request to `route` (`routes::label`) was answered with `status` after `took`.
    pub fn request(
        &self,
        route: &'static str,
        method: &Method,
        status: StatusCode,
        took: Duration,
    ) {
        let labels = RequestLabels {
            route,
            method: routes::method(method),
            status: status.as_u16(),
        };
        self.requests.get_or_create(&labels).inc();
        self.latencies
            .get_or_create(&labels)
            .observe(took.as_secs_f64());
    }

    /// An order of `total` was placed.
    pub fn order_placed(&self, total: Money) {
        self.orders_placed.inc();
        self.orders_placed_cents.inc_by(cents(total));
    }

    /// An order of `total` was refused by the card.
    pub fn order_declined(&self, total: Money) {
        self.orders_declined.inc();
        self.orders_declined_cents.inc_by(cents(total));
    }

    /// A due job of `kind` ran, and failed or not.
    pub fn job_ran(&self, kind: JobKind, failed: bool) {
        let kind = JobLabels {
            kind: kind.as_str(),
        };
        self.jobs_due.get_or_create(&kind).inc();
        if failed {
            self.jobs_failed.get_or_create(&kind).inc();
        }
    }

    /// `mailer`, its mails counted.
    pub fn counted(&self, mailer: Arc<dyn Mailer>) -> Arc<dyn Mailer> {
        Arc::new(mailer::CountedMailer {
            inner: mailer,
            queued: self.mails_queued.clone(),
            failed: self.mails_failed.clone(),
        })
    }

    /// Every metric as Prometheus reads it: the counts, and the facts of `state` as
    /// they are now.
    pub async fn render(&self, state: &AppState) -> Result<String, std::fmt::Error> {
        let mut facts = Registry::with_prefix(PREFIX);
        facts::read(&mut facts, state, self.database.as_ref()).await;
        let mut text = String::new();
        prometheus_text::encode(&mut text, &self.registry)?;
        prometheus_text::encode(&mut text, &facts)?;
        Ok(text)
    }
}

fn cents(money: Money) -> u64 {
    u64::try_from(money.cents()).unwrap_or(0)
}

/// The metrics listener's one route.
pub fn routes(state: AppState) -> impl Endpoint {
    Route::new().at("/metrics", get(scrape).data(state))
}

#[handler]
async fn scrape(Data(state): Data<&AppState>) -> Response {
    match state.metrics.render(state).await {
        Ok(text) => Response::builder()
            .header(header::CONTENT_TYPE, prometheus_text::CONTENT_TYPE)
            .body(text),
        Err(err) => {
            tracing::error!(error = %err, "the metrics could not be written");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// Opens the metrics listener on `address` and serves it until aborted: an address
/// that cannot be listened on stops the start.
pub async fn listen(
    address: &str,
    state: AppState,
    timeouts: Timeouts,
) -> Result<tokio::task::JoinHandle<std::io::Result<()>>, String> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|err| format!("metrics.listen {address:?}: {err}"))?;
    tracing::info!("metrics are served at http://{address}/metrics");
    let app = routes(state);
    Ok(tokio::spawn(server::serve(
        listener,
        app,
        timeouts,
        std::future::pending(),
        Duration::ZERO,
    )))
}
