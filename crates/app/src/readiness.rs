//! Whether the database takes writes, as the readiness check reports it. The check
//! itself writes nothing: a probe (one scratch row) runs in the background every few
//! seconds, and the check reads its last answer. However often a load balancer, or a
//! stranger, asks, the writer sees one probe per period and no queue behind it.

use crate::state::AppState;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

const WRITABLE: u8 = 1;
const REFUSED: u8 = 2;

/// The last probe's answer.
#[derive(Debug, Default)]
pub struct WriteHealth(AtomicU8);

impl WriteHealth {
    /// `None` until the first probe has answered.
    pub fn writable(&self) -> Option<bool> {
        match self.0.load(Ordering::Relaxed) {
            WRITABLE => Some(true),
            REFUSED => Some(false),
            _ => None, // no probe has answered yet
        }
    }

    fn record(&self, writable: bool) {
        let value = if writable { WRITABLE } else { REFUSED };
        self.0.store(value, Ordering::Relaxed);
    }
}

/// Probes the database once and records the answer.
pub async fn probe(state: &AppState) -> bool {
    let writable = match state
        .health
        .write_probe
        .probe_write(state.clock.now())
        .await
    {
        Ok(()) => true,
        Err(err) => {
            tracing::warn!("readiness: the database refused a write: {err}");
            false
        }
    };
    state.health.write_health.record(writable);
    writable
}

/// Probes every `every` (the caller probes once before serving).
pub fn spawn(state: AppState, every: Duration) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            probe(&state).await;
        }
    })
}
