//! What other parts of the store already know, read at each scrape rather than
//! pushed: the read cache's counts and size, the search index's generation and age
//! beside the catalogue's version, the throttles' refusals, and the database's
//! connections and writer.

use crate::state::AppState;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::{ConstGauge, Gauge};
use prometheus_client::registry::{Registry, Unit};
use store_adapters::storage::DatabaseStats;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabels {
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ConnectionLabels {
    state: &'static str,
}

/// Registers in `registry` the facts of `state` (and of `database`) as they are now.
pub(super) async fn read(
    registry: &mut Registry,
    state: &AppState,
    database: Option<&DatabaseStats>,
) {
    read_cache(registry, state);
    search_index(registry, state);
    catalogue(registry, state).await;
    throttles(registry, state);
    if let Some(database) = database {
        self::database(registry, database);
    }
}

fn read_cache(registry: &mut Registry, state: &AppState) {
    let answers = &state.catalogue.answers;
    let (hits, misses) = answers.hits_and_misses();
    registry.register(
        "cache_hits",
        "Answers served from the read cache",
        ConstCounter::new(hits),
    );
    registry.register(
        "cache_misses",
        "Cacheable answers made afresh (and kept when a plain 200)",
        ConstCounter::new(misses),
    );
    registry.register_with_unit(
        "cache_size",
        "What the read cache keeps now (its bound: cache.max_megabytes)",
        Unit::Bytes,
        ConstGauge::new(answers.weighted_size()),
    );
}

/// Nothing until the first build (the readiness check answers 503 until then).
fn search_index(registry: &mut Registry, state: &AppState) {
    let built = &state.catalogue.search_built;
    let (Some(version), Some(at)) = (built.version(), built.at()) else {
        return;
    };
    registry.register(
        "search_index_generation",
        "The catalogue version the search index was built from",
        ConstGauge::new(version),
    );
    let age = state.clock.now().unix_seconds() - at.unix_seconds();
    registry.register_with_unit(
        "search_index_age",
        "Time since the search index was last built",
        Unit::Seconds,
        ConstGauge::new(age.max(0)),
    );
}

/// The catalogue's version (one row read): an index generation behind it for long
/// means the index is not being rebuilt.
async fn catalogue(registry: &mut Registry, state: &AppState) {
    match state.catalogue.catalog.catalogue_version().await {
        Ok(version) => registry.register(
            "catalogue_version",
            "The catalogue's version: it moves with every catalogue change",
            ConstGauge::new(version),
        ),
        Err(err) => {
            tracing::warn!(error = %err, "the metrics could not read the catalogue version")
        }
    }
}

/// Every throttle by kind, refusals or none: the write budgets (`writes_...`) and the
/// attempts and strikes counted per key.
fn throttles(registry: &mut Registry, state: &AppState) {
    let refused = Family::<KindLabels, Counter>::default();
    let add = |kind, count| {
        refused.get_or_create(&KindLabels { kind }).inc_by(count);
    };
    for (budget, count) in state.limits.refused() {
        add(budget.metric_kind(), count);
    }
    for attempts in [
        &state.accounts.attempts,
        &state.accounts.mails,
        &state.checkout.gift_card_attempts,
        &state.orders.look_ups,
    ] {
        add(attempts.kind(), attempts.refused());
    }
    for strikes in [&state.checkout.wrong_codes, &state.orders.declines] {
        add(strikes.kind(), strikes.refused());
    }
    registry.register(
        "throttled",
        "Requests a throttle refused (429, or for `mails` a mail not sent), by kind",
        refused,
    );
}

fn database(registry: &mut Registry, database: &DatabaseStats) {
    let pool = database.connections();
    let connections = Family::<ConnectionLabels, Gauge>::default();
    let in_use = pool.open.saturating_sub(pool.idle);
    for (state, count) in [("in_use", in_use), ("idle", pool.idle)] {
        connections
            .get_or_create(&ConnectionLabels { state })
            .set(i64::from(count));
    }
    registry.register(
        "db_connections",
        "The pool's open connections, lent or idle (SQLite: its readers; writes wait for its one writer)",
        connections,
    );
    registry.register(
        "db_connections_max",
        "The most the pool opens (database.max_connections)",
        ConstGauge::new(i64::from(pool.max)),
    );
    let (waits, waited) = database.writer_waits();
    registry.register(
        "db_writer_waits",
        "Writes that asked for a connection to write on",
        ConstCounter::new(waits),
    );
    registry.register_with_unit(
        "db_writer_wait",
        "How long they waited for it, together (SQLite: its one writer; PostgreSQL: the pool)",
        Unit::Seconds,
        ConstCounter::new(waited.as_secs_f64()),
    );
}
