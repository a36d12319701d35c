//! Driving a running server with load for the benchmarks (`search_bench`,
//! `bag_bench`): an open-loop fixed rate, where a request waiting for a free
//! connection has its wait counted, and the throughput of 8 connections sending
//! back to back. Latency starts when the client's timer releases a request.

use super::keep_alive::{Connection, Error};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// One request to send: method, path and an optional JSON body.
#[derive(Clone)]
pub struct Request {
    pub method: &'static str,
    pub path: String,
    pub body: Option<String>,
}

impl Request {
    pub fn get(path: String) -> Request {
        Request {
            method: "GET",
            path,
            body: None,
        }
    }

    pub fn post(path: &str, body: String) -> Request {
        Request {
            method: "POST",
            path: path.to_owned(),
            body: Some(body),
        }
    }

    async fn send(&self, conn: &mut Connection) -> Result<(), Error> {
        let status = conn
            .send(self.method, &self.path, self.body.as_deref())
            .await?;
        if status != 200 {
            return Err(format!("{} {}: HTTP {status}", self.method, self.path).into());
        }
        Ok(())
    }
}

fn percentiles(mut times: Vec<Duration>) -> (f64, f64, f64) {
    times.sort();
    let at = |p: f64| {
        let i = ((times.len() as f64 * p).ceil() as usize).clamp(1, times.len()) - 1;
        times[i].as_secs_f64() * 1000.0
    };
    (at(0.50), at(0.99), at(1.0))
}

/// Prints p50, p99 and the maximum of `times`; the p50.
pub fn report(name: &str, times: Vec<Duration>) -> f64 {
    let n = times.len();
    let (p50, p99, max) = percentiles(times);
    println!("{name:<44} n={n:<5} p50 {p50:>8.3} ms   p99 {p99:>8.3} ms   max {max:>8.3} ms");
    p50
}

async fn pool_of(host: &str, size: usize) -> Result<Arc<Vec<Mutex<Connection>>>, Error> {
    let mut connections = Vec::with_capacity(size);
    for _ in 0..size {
        connections.push(Mutex::new(Connection::open(host).await?));
    }
    Ok(Arc::new(connections))
}

/// Requests at `rate` per second for `seconds`, each timed from its release.
pub async fn fixed_rate(
    host: &str,
    requests: &[Request],
    rate: u32,
    seconds: u32,
) -> Result<Vec<Duration>, Error> {
    let connections = pool_of(host, 64).await?;
    let total = (rate * seconds) as usize;
    let start = Instant::now() + Duration::from_millis(50);
    let mut tasks = Vec::with_capacity(total);
    for i in 0..total {
        let due = start + Duration::from_secs_f64(i as f64 / f64::from(rate));
        let request = requests[i % requests.len()].clone();
        let connections = connections.clone();
        tokio::time::sleep_until(due.into()).await;
        let released = Instant::now();
        tasks.push(tokio::spawn(async move {
            // Any idle connection; a busy pool waits, and the wait is counted.
            let mut slot = i % connections.len();
            let mut conn = loop {
                if let Ok(conn) = connections[slot].try_lock() {
                    break conn;
                }
                slot = (slot + 1) % connections.len();
                tokio::task::yield_now().await;
            };
            request.send(&mut conn).await?;
            Ok::<Duration, Error>(released.elapsed())
        }));
    }
    let mut times = Vec::with_capacity(total);
    for task in tasks {
        times.push(task.await??);
    }
    Ok(times)
}

/// Completed requests per second with 8 connections sending back to back.
pub async fn max_throughput(host: &str, requests: &[Request], seconds: u64) -> Result<f64, Error> {
    let requests = Arc::new(requests.to_vec());
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut workers = Vec::new();
    for w in 0..8 {
        let requests = requests.clone();
        let mut conn = Connection::open(host).await?;
        workers.push(tokio::spawn(async move {
            let mut done = 0u64;
            let mut i = w;
            while Instant::now() < until {
                requests[i % requests.len()].send(&mut conn).await?;
                done += 1;
                i += 8;
            }
            Ok::<u64, Error>(done)
        }));
    }
    let started = Instant::now();
    let mut done = 0;
    for w in workers {
        done += w.await??;
    }
    Ok(done as f64 / started.elapsed().as_secs_f64())
}
