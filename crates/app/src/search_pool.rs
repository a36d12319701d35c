//! Searches off the threads that answer requests. Matching, ranking and facet
//! counting are CPU work of milliseconds to tens of milliseconds; on the runtime's few
//! worker threads a handful of heavy searches would stall every other request, health
//! checks included. Here each runs in `block_in_place`: the request's thread leaves
//! the runtime's workers while it searches, and its queued work moves to a thread that
//! takes its place. At most `workers` run at a time; more wait without holding a thread.
//!
//! Why not `spawn_blocking`: handing each search to another thread and its answer back
//! costs two thread wake-ups, measured at a third of the suggestions' throughput and
//! 0.4 ms of their median on two cores (`benches/search.sh`). Suggestions stay on the
//! request's thread: a prefix lookup of at most 50 terms, 1 ms at worst at 100,000
//! products (the same bench), no more than writing a listing's JSON, and moving them
//! cost a fifth of their throughput even with `block_in_place`.

use async_trait::async_trait;
use std::future::Future;
use std::sync::Arc;
use store_domain::ports::{DocumentPages, SearchError, SearchIndex};
use store_domain::search::{ProductQuery, SearchDoc, SearchHits};
use tokio::runtime::{Handle, RuntimeFlavor};
use tokio::sync::Semaphore;

/// A search index whose `find` runs off the runtime's workers, bounded.
pub struct PooledSearch {
    engine: Arc<dyn SearchIndex>,
    permits: Semaphore,
}

impl PooledSearch {
    pub fn new(engine: Arc<dyn SearchIndex>, workers: usize) -> Self {
        PooledSearch {
            engine,
            permits: Semaphore::new(workers.max(1)),
        }
    }

    /// Runs `job` through once a permit is free. It cannot be abandoned half-way (a
    /// timeout drops the request only after it), so the permit counts all its work.
    async fn run<T, F>(&self, job: impl FnOnce(Arc<dyn SearchIndex>) -> F) -> Result<T, SearchError>
    where
        F: Future<Output = Result<T, SearchError>>,
    {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| SearchError::Storage("the search pool is closed".into()))?;
        let engine = self.engine.clone();
        let runtime = Handle::current();
        match runtime.runtime_flavor() {
            // The engine's methods are async by the port's signature only: they never
            // wait, so `block_on` runs them straight through on this thread.
            RuntimeFlavor::MultiThread => {
                tokio::task::block_in_place(|| runtime.block_on(job(engine)))
            }
            // One thread is the whole runtime (some tests): there is nowhere to move.
            _ => job(engine).await,
        }
    }
}

#[async_trait]
impl SearchIndex for PooledSearch {
    async fn rebuild(&self, docs: Vec<SearchDoc>) -> Result<(), SearchError> {
        // The refresher already runs rebuilds on the blocking pool, one at a time.
        self.engine.rebuild(docs).await
    }

    async fn rebuild_from(
        &self,
        version: i64,
        pages: &mut dyn DocumentPages,
    ) -> Result<(), SearchError> {
        self.engine.rebuild_from(version, pages).await
    }

    async fn find(&self, query: &ProductQuery) -> Result<SearchHits, SearchError> {
        self.run(|engine| async move { engine.find(query).await })
            .await
    }

    async fn suggest(&self, text: &str, limit: usize) -> Result<Vec<String>, SearchError> {
        self.engine.suggest(text, limit).await
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

    fn query() -> ProductQuery {
        ProductQuery {
            text: Some("mug".into()),
            scope: None,
            selection: Default::default(),
            sort: Default::default(),
            page: 1,
        }
    }

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
            self.threads
                .lock()
                .unwrap()
                .push(std::thread::current().id());
            let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
            self.most_at_once.fetch_max(now, Ordering::SeqCst);
            // CPU work, as the engine does it: the thread is held, nothing awaited.
            std::thread::sleep(Duration::from_millis(20));
            self.running.fetch_sub(1, Ordering::SeqCst);
            Ok(SearchHits::default())
        }

        async fn suggest(&self, _text: &str, _limit: usize) -> Result<Vec<String>, SearchError> {
            Err(SearchError::Storage("these tests only search".into()))
        }

        async fn set_popular_searches(&self, _searches: Vec<String>) -> Result<(), SearchError> {
            Ok(())
        }
    }

    /// The runtime has one worker thread. A search holds its thread until another
    /// task has run: it could never finish if it held the runtime's only worker.
    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn other_requests_are_served_while_a_search_runs() {
        let (ran, wait) = std::sync::mpsc::channel();
        let engine = Arc::new(Waiting(Mutex::new(wait)));
        let pool = Arc::new(PooledSearch::new(engine, 2));
        let search = tokio::spawn({
            let pool = pool.clone();
            async move { pool.find(&query()).await }
        });
        // Another request, queued behind the search on the one worker.
        tokio::spawn(async move { ran.send(()).unwrap() });
        assert_eq!(search.await.unwrap().unwrap(), SearchHits::default());
    }

    /// A search that waits, holding its thread, until something else has run.
    struct Waiting(Mutex<std::sync::mpsc::Receiver<()>>);

    #[async_trait]
    impl SearchIndex for Waiting {
        async fn rebuild(&self, _docs: Vec<SearchDoc>) -> Result<(), SearchError> {
            Ok(())
        }

        async fn find(&self, _query: &ProductQuery) -> Result<SearchHits, SearchError> {
            let other_ran = self.0.lock().unwrap().recv_timeout(Duration::from_secs(10));
            other_ran.map_err(|_| SearchError::Storage("nothing else ran meanwhile".into()))?;
            Ok(SearchHits::default())
        }

        async fn suggest(&self, _text: &str, _limit: usize) -> Result<Vec<String>, SearchError> {
            Err(SearchError::Storage("this test only searches".into()))
        }

        async fn set_popular_searches(&self, _searches: Vec<String>) -> Result<(), SearchError> {
            Ok(())
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_than_the_workers_run_at_once() {
        let engine = Arc::new(Recording::default());
        let pool = Arc::new(PooledSearch::new(engine.clone(), 2));
        let searches: Vec<_> = (0..8)
            .map(|_| {
                let pool = pool.clone();
                tokio::spawn(async move { pool.find(&query()).await })
            })
            .collect();
        for search in searches {
            search.await.unwrap().unwrap();
        }
        assert_eq!(engine.threads.lock().unwrap().len(), 8);
        assert!(engine.most_at_once.load(Ordering::SeqCst) <= 2);
    }
}
