//! Keeping the search index in step with the catalogue. The server starts on the
//! generation it finds on disk, whatever its version (with none, it builds one before
//! it listens); a background task then looks at the catalogue's version at once and
//! every few seconds after, and rebuilds when the index was built from another one,
//! which is also how another process's change (`store seed`, an import) is picked up. The popular
//! searches behind suggestions are refreshed on the same beat.

use crate::state::AppState;
use async_trait::async_trait;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use store_domain::browse::FindError;
use store_domain::clock::Timestamp;
use store_domain::ports::{Catalog, DocumentPages, SearchError};
use store_domain::search::SearchDoc;
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

    /// The index now holds catalogue `version`, built `at`.
    pub fn record(&self, at: Timestamp, version: i64) {
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
    let mut pages = CataloguePages {
        catalog: state.catalogue.catalog.clone(),
        after: i64::MIN,
        done: false,
        products: 0,
    };
    let search = state.catalogue.search.clone();
    let handle = tokio::runtime::Handle::current();
    // Indexing is seconds of CPU at scale: keep it off the threads serving requests.
    let products = tokio::task::spawn_blocking(move || {
        let built = handle.block_on(search.rebuild_from(version, &mut pages));
        crate::heap::release_freed_memory();
        built.map(|()| pages.products)
    })
    .await
    .map_err(|err| FindError::Search(SearchError::Storage(err.to_string())))??;
    state
        .catalogue
        .search_built
        .record(state.clock.now(), version);
    tracing::info!(
        products,
        version,
        millis = started.elapsed().as_millis() as u64,
        "search index built"
    );
    refresh_popular(state, refresh).await?;
    Ok(version)
}

/// Products read from the catalogue per page of a rebuild: a page's documents and
/// the index's buffers stay a few megabytes, whatever the catalogue's size.
const PAGE: u32 = 5_000;

/// The catalogue's search documents, as a rebuild reads them: a page at a time.
struct CataloguePages {
    catalog: Arc<dyn Catalog>,
    /// The last id read (below every id before the first page).
    after: i64,
    done: bool,
    products: usize,
}

#[async_trait]
impl DocumentPages for CataloguePages {
    async fn next_page(&mut self) -> Result<Option<Vec<SearchDoc>>, SearchError> {
        if self.done {
            return Ok(None);
        }
        let page = self
            .catalog
            .search_documents_page(self.after, PAGE)
            .await
            .map_err(|err| SearchError::Storage(err.to_string()))?;
        let Some(last) = page.last() else {
            self.done = true;
            return Ok(None);
        };
        self.after = last.id;
        self.products += page.len();
        Ok(Some(page))
    }
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

/// Watches for catalogue changes until the process ends, starting now: `built_from`
/// is the version the index holds. Failures are logged and
/// retried on the next beat; the index keeps answering from its last generation.
pub fn spawn(state: AppState, refresh: Refresh, mut built_from: i64) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut beat = tokio::time::interval(refresh.every);
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
