//! Counting searches for suggestions off the request's path: a search hands its query
//! to a bounded queue and goes on; one background task adds the queries up in memory
//! and writes the totals in one batch every few seconds, or sooner when many distinct
//! queries wait. A full queue drops the count: a search is never slowed to count it.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use store_domain::ports::SearchLog;
use tokio::sync::{Notify, mpsc};
use tokio::task::JoinHandle;

/// When the counts are written.
#[derive(Debug, Clone, Copy)]
pub struct Batching {
    pub flush_every: Duration,
    /// Distinct queries that trigger a write before the timer does.
    pub max_distinct: usize,
    /// Searches waiting to be added up.
    pub queue: usize,
}

/// What a search uses to be counted; cheap to clone.
#[derive(Clone)]
pub struct SearchCounter {
    queue: mpsc::Sender<String>,
    dropped: Arc<AtomicU64>,
}

impl SearchCounter {
    /// Counts `query` unless the queue is full (then the count is lost, and logged).
    pub fn count(&self, query: String) {
        if self.queue.try_send(query).is_err() {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// The background task; stop it to write what it holds. Dropped unstopped, the task
/// runs on until every counter is gone.
pub struct CountWriter {
    stop: Arc<Notify>,
    task: JoinHandle<()>,
}

impl CountWriter {
    /// Writes the counts still in memory and in the queue, then ends the task.
    pub async fn stop(self) {
        self.stop.notify_one();
        // An error here is the task's own panic; nothing is left to write then.
        let _ = self.task.await;
    }
}

pub fn spawn(log: Arc<dyn SearchLog>, batching: Batching) -> (SearchCounter, CountWriter) {
    let (queue, queued) = mpsc::channel(batching.queue.max(1));
    let stop = Arc::new(Notify::new());
    let dropped = Arc::new(AtomicU64::new(0));
    let writer = Writer {
        log,
        counts: HashMap::new(),
        dropped: dropped.clone(),
    };
    let task = tokio::spawn(writer.run(batching, queued, stop.clone()));
    (SearchCounter { queue, dropped }, CountWriter { stop, task })
}

struct Writer {
    log: Arc<dyn SearchLog>,
    counts: HashMap<String, u64>,
    dropped: Arc<AtomicU64>,
}

impl Writer {
    async fn run(
        mut self,
        batching: Batching,
        mut queued: mpsc::Receiver<String>,
        stop: Arc<Notify>,
    ) {
        let mut tick = tokio::time::interval(batching.flush_every.max(Duration::from_millis(1)));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            // In this order: the timer is ready once a period so it cannot starve the
            // queue, and a stop is seen once the queue is empty (then drained anyway).
            tokio::select! {
                biased;
                _ = tick.tick() => self.flush().await,
                query = queued.recv() => match query {
                    Some(query) => {
                        *self.counts.entry(query).or_default() += 1;
                        if self.counts.len() >= batching.max_distinct {
                            self.flush().await;
                        }
                    }
                    None => break,
                },
                () = stop.notified() => {
                    while let Ok(query) = queued.try_recv() {
                        *self.counts.entry(query).or_default() += 1;
                    }
                    break;
                }
            }
        }
        self.flush().await;
    }

    async fn flush(&mut self) {
        let dropped = self.dropped.swap(0, Ordering::Relaxed);
        if dropped > 0 {
            tracing::warn!("{dropped} searches not counted: the counting queue was full");
        }
        if self.counts.is_empty() {
            return;
        }
        let batch: Vec<(String, u64)> = self.counts.drain().collect();
        if let Err(err) = self.log.record_searches(&batch).await {
            // Counts feed suggestions only: losing a batch costs suggestions, not service.
            tracing::warn!("{} searched queries not counted: {err}", batch.len());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use async_trait::async_trait;
    use std::sync::Mutex;
    use store_domain::ports::SearchError;

    /// Remembers every batch written.
    #[derive(Default)]
    struct Batches(Mutex<Vec<Vec<(String, u64)>>>);

    #[async_trait]
    impl SearchLog for Batches {
        async fn record_searches(&self, counts: &[(String, u64)]) -> Result<(), SearchError> {
            let mut batch = counts.to_vec();
            batch.sort();
            self.0.lock().unwrap().push(batch);
            Ok(())
        }

        async fn popular_searches(&self, _: u64, _: u32) -> Result<Vec<String>, SearchError> {
            Ok(Vec::new())
        }

        async fn keep_most_searched(&self, _: u32) -> Result<u64, SearchError> {
            Ok(0)
        }
    }

    fn batching(max_distinct: usize, queue: usize) -> Batching {
        Batching {
            // Longer than any test: only the other triggers write.
            flush_every: Duration::from_secs(3600),
            max_distinct,
            queue,
        }
    }

    fn pairs(list: &[(&str, u64)]) -> Vec<(String, u64)> {
        list.iter().map(|(q, n)| (q.to_string(), *n)).collect()
    }

    #[tokio::test]
    async fn searches_are_added_up_and_written_once_on_stop() {
        let log = Arc::new(Batches::default());
        let (counter, writer) = spawn(log.clone(), batching(100, 100));
        for q in ["mug", "lamp", "mug"] {
            counter.count(q.into());
        }
        writer.stop().await;
        let batches = log.0.lock().unwrap().clone();
        // The interval's first tick comes at once, with nothing counted: nothing written.
        assert_eq!(batches, [pairs(&[("lamp", 1), ("mug", 2)])]);
    }

    #[tokio::test]
    async fn enough_distinct_queries_write_before_the_timer() {
        let log = Arc::new(Batches::default());
        let (counter, writer) = spawn(log.clone(), batching(2, 100));
        for q in ["a", "a", "b", "c"] {
            counter.count(q.into());
        }
        writer.stop().await;
        let batches = log.0.lock().unwrap().clone();
        assert_eq!(batches, [pairs(&[("a", 2), ("b", 1)]), pairs(&[("c", 1)])]);
    }

    #[tokio::test]
    async fn a_full_queue_drops_counts_without_waiting() {
        let log = Arc::new(Batches::default());
        let (counter, writer) = spawn(log.clone(), batching(100, 2));
        // The single-threaded test runtime runs the writer only when this test awaits,
        // so the queue holds two and the rest are dropped at once.
        for _ in 0..5 {
            counter.count("mug".into());
        }
        writer.stop().await;
        assert_eq!(log.0.lock().unwrap().clone(), [pairs(&[("mug", 2)])]);
    }
}
