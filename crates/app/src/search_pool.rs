//! Searches and suggestions off the threads that answer requests. Matching, ranking
//! and facet counting are CPU work of milliseconds to tens of milliseconds; on the
//! runtime's few worker threads a handful of heavy searches would stall every other
//! request, health checks included. Here each runs on tokio's blocking pool, at most
//! `workers` at a time; more wait their turn without holding a thread.

use async_trait::async_trait;
use std::future::Future;
use std::sync::Arc;
use store_domain::ports::{SearchError, SearchIndex};
use store_domain::search::{ProductQuery, SearchDoc, SearchHits};
use tokio::sync::Semaphore;

/// A search index whose `find` and `suggest` run on the blocking pool, bounded.
pub struct PooledSearch {
    engine: Arc<dyn SearchIndex>,
    permits: Arc<Semaphore>,
}

impl PooledSearch {
    pub fn new(engine: Arc<dyn SearchIndex>, workers: usize) -> Self {
        PooledSearch {
            engine,
            permits: Arc::new(Semaphore::new(workers.max(1))),
        }
    }

    /// Runs `job` on a blocking thread once a permit is free. The permit goes with
    /// the job, so a request abandoned mid-search (a timeout) still counts until the
    /// work it started is done.
    async fn run<T, F>(
        &self,
        job: impl FnOnce(Arc<dyn SearchIndex>) -> F + Send + 'static,
    ) -> Result<T, SearchError>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, SearchError>>,
    {
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| SearchError::Storage("the search pool is closed".into()))?;
        let engine = self.engine.clone();
        let runtime = tokio::runtime::Handle::current();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            // The engine's methods are async by the port's signature only: they
            // never wait, so this runs them through on this thread.
            runtime.block_on(job(engine))
        })
        .await
        .map_err(|err| SearchError::Storage(format!("a search failed: {err}")))?
    }
}

#[async_trait]
impl SearchIndex for PooledSearch {
    async fn rebuild(&self, docs: Vec<SearchDoc>) -> Result<(), SearchError> {
        // The refresher already runs rebuilds on the blocking pool, one at a time.
        self.engine.rebuild(docs).await
    }

    async fn find(&self, query: &ProductQuery) -> Result<SearchHits, SearchError> {
        let query = query.clone();
        self.run(move |engine| async move { engine.find(&query).await })
            .await
    }

    async fn suggest(&self, text: &str, limit: usize) -> Result<Vec<String>, SearchError> {
        let text = text.to_owned();
        self.run(move |engine| async move { engine.suggest(&text, limit).await })
            .await
    }

    async fn set_popular_searches(&self, searches: Vec<String>) -> Result<(), SearchError> {
        self.engine.set_popular_searches(searches).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::thread::ThreadId;
    use std::time::Duration;

    /// Records the thread each search ran on and how many ran at once.
    #[derive(Default)]
    struct Recording {
        threads: Mutex<Vec<ThreadId>>,
        running: AtomicUsize,
        most_at_once: AtomicUsize,
    }

    #[async_trait]
    impl SearchIndex for Recording {
        async fn rebuild(&self, _docs: Vec<SearchDoc>) -> Result<(), SearchError> {
            Ok(())
        }

        async fn find(&self, _query: &ProductQuery) -> Result<SearchHits, SearchError> {
            Err(SearchError::Storage("these tests only suggest".into()))
        }

        async fn suggest(&self, text: &str, _limit: usize) -> Result<Vec<String>, SearchError> {
            self.threads
                .lock()
                .unwrap()
                .push(std::thread::current().id());
            let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
            self.most_at_once.fetch_max(now, Ordering::SeqCst);
            // CPU work, as the engine does it: the thread is held, nothing awaited.
            std::thread::sleep(Duration::from_millis(20));
            self.running.fetch_sub(1, Ordering::SeqCst);
            Ok(vec![text.to_owned()])
        }

        async fn set_popular_searches(&self, _searches: Vec<String>) -> Result<(), SearchError> {
            Ok(())
        }
    }

    /// A current-thread runtime has one thread answering requests: the test's own. A
    /// search that ran anywhere else ran off it.
    #[tokio::test(flavor = "current_thread")]
    async fn searches_run_off_the_request_thread() {
        let engine = Arc::new(Recording::default());
        let pool = PooledSearch::new(engine.clone(), 2);
        assert_eq!(pool.suggest("mug", 5).await.unwrap(), ["mug"]);
        let ran_on = engine.threads.lock().unwrap().clone();
        assert_eq!(ran_on.len(), 1);
        assert_ne!(ran_on[0], std::thread::current().id());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_than_the_workers_run_at_once() {
        let engine = Arc::new(Recording::default());
        let pool = Arc::new(PooledSearch::new(engine.clone(), 2));
        let searches: Vec<_> = (0..8)
            .map(|i| {
                let pool = pool.clone();
                tokio::spawn(async move { pool.suggest(&i.to_string(), 5).await })
            })
            .collect();
        for search in searches {
            search.await.unwrap().unwrap();
        }
        assert_eq!(engine.threads.lock().unwrap().len(), 8);
        assert!(engine.most_at_once.load(Ordering::SeqCst) <= 2);
    }
}
