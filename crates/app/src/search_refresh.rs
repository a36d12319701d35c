//! Keeping the search index in step with the catalogue. The index is built from the
//! database at start-up, then a background task looks at the catalogue's version
//! every few seconds and rebuilds when another process (`store seed`, an import) has
//! changed it; the popular searches behind suggestions are refreshed on the same beat.

use crate::state::AppState;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use store_domain::browse::FindError;
use store_domain::clock::Timestamp;
use tokio::task::JoinHandle;

/// How the refresher behaves; from the `[search]` settings.
#[derive(Debug, Clone, Copy)]
pub struct Refresh {
    pub every: Duration,
    /// A search is suggested to others once it has been run this many times.
    pub popular_min_count: u64,
    pub popular_limit: u32,
}

/// When the index was last built from the catalogue, and from which version of it;
/// `None` until the first build.
#[derive(Debug, Default)]
pub struct IndexBuilt(Mutex<Option<(Timestamp, i64)>>);

impl IndexBuilt {
    pub fn at(&self) -> Option<Timestamp> {
        self.last().map(|(at, _)| at)
    }

    /// The catalogue version the index holds: its generation.
    pub fn version(&self) -> Option<i64> {
        self.last().map(|(_, version)| version)
    }

    fn last(&self) -> Option<(Timestamp, i64)> {
        *self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn record(&self, at: Timestamp, version: i64) {
        *self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some((at, version));
    }
}

/// Builds the index from the catalogue now; returns the version it was built from.
pub async fn rebuild(state: &AppState, refresh: Refresh) -> Result<i64, FindError> {
    // Read the version first: a change landing during the build is picked up next time.
    let version = state.catalogue.catalog.catalogue_version().await?;
    let started = Instant::now();
    let docs = state.catalogue.catalog.search_documents().await?;
    let products = docs.len();
    let search = state.catalogue.search.clone();
    let handle = tokio::runtime::Handle::current();
    // Indexing is seconds of CPU at scale: keep it off the threads serving requests.
    tokio::task::spawn_blocking(move || {
        let built = handle.block_on(search.rebuild(docs));
        crate::heap::release_freed_memory();
        built
    })
    .await
    .map_err(|err| {
        FindError::Search(store_domain::ports::SearchError::Storage(err.to_string()))
    })??;
    state
        .catalogue
        .search_built
        .record(state.clock.now(), version);
    tracing::info!(
        products,
        millis = started.elapsed().as_millis() as u64,
        "search index built"
    );
    refresh_popular(state, refresh).await?;
    Ok(version)
}

async fn refresh_popular(state: &AppState, refresh: Refresh) -> Result<(), FindError> {
    let popular = state
        .catalogue
        .search_log
        .popular_searches(refresh.popular_min_count, refresh.popular_limit)
        .await?;
    state.catalogue.search.set_popular_searches(popular).await?;
    Ok(())
}

/// Watches for catalogue changes until the process ends. Failures are logged and
/// retried on the next beat; the index keeps answering from its last generation.
pub fn spawn(state: AppState, refresh: Refresh, mut built_from: i64) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut beat = tokio::time::interval(refresh.every);
        beat.tick().await;
        loop {
            beat.tick().await;
            let changed = match state.catalogue.catalog.catalogue_version().await {
                Ok(version) => version != built_from,
                Err(err) => {
                    tracing::warn!("catalogue version unreadable: {err}");
                    continue;
                }
            };
            let outcome = if changed {
                rebuild(&state, refresh).await.map(|v| built_from = v)
            } else {
                refresh_popular(&state, refresh).await
            };
            if let Err(err) = outcome {
                tracing::warn!("search refresh failed: {err}");
            }
        }
    })
}
