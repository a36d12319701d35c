//! Strikes: failures a key may have in a window before it is barred, checked before
//! the work they guard. A rate limiter spends a token on every request; this counts
//! only the requests that failed (a declined card, a code that does not exist), so
//! honest shoppers, whose cards and codes work, never meet it, while a script trying
//! stolen cards or guessing codes is stopped after a few misses, before it can learn
//! anything from the next try. Counted in the database (`Throttles`), as attempts are.

use super::Limited;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use store_domain::ports::{Clock, Throttles};

pub struct Strikes {
    throttles: Arc<dyn Throttles>,
    clock: Arc<dyn Clock>,
    kind: &'static str,
    limit: u32,
    window: Duration,
    /// Tries barred so far (the store's metrics).
    refused: AtomicU64,
}

impl Strikes {
    /// `limit` strikes per `window`; the next try waits until the window ends.
    pub fn new(
        throttles: Arc<dyn Throttles>,
        clock: Arc<dyn Clock>,
        kind: &'static str,
        limit: u32,
        window: Duration,
        setting: &str,
    ) -> Result<Self, String> {
        if limit == 0 || window.is_zero() {
            return Err(format!("{setting} must be at least 1"));
        }
        Ok(Strikes {
            throttles,
            clock,
            kind,
            limit,
            window,
            refused: AtomicU64::new(0),
        })
    }

    /// What the strikes count: `declines`, `wrong_codes`.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// How many tries were barred since the start.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    fn key(&self, key: &str) -> String {
        format!("{}|{key}", self.kind)
    }

    /// `Err` with the wait when `key` has used its strikes in the current window. A
    /// count that cannot be read lets the try through (see `Attempts::check`).
    pub async fn check(&self, key: &str) -> Result<(), Limited> {
        let now = self.clock.now();
        match self.throttles.current(&self.key(key), now).await {
            Ok(Some((count, ends))) if count >= u64::from(self.limit) => {
                self.refused.fetch_add(1, Ordering::Relaxed);
                Err(Limited::until(ends, now))
            }
            Ok(_) => Ok(()),
            Err(e) => {
                tracing::warn!(error = %e, kind = self.kind, "strikes could not be read");
                Ok(())
            }
        }
    }

    /// Counts a failure of `key`.
    pub async fn strike(&self, key: &str) {
        let now = self.clock.now();
        if let Err(e) = self
            .throttles
            .add(&self.key(key), 1, self.window, now)
            .await
        {
            tracing::warn!(error = %e, kind = self.kind, "a strike could not be counted");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use store_adapters::fakes::SettableClock;
    use store_adapters::throttles::LocalThrottles;
    use store_domain::clock::Timestamp;

    #[tokio::test]
    async fn a_key_is_barred_after_its_strikes_until_the_window_ends() {
        let clock = Arc::new(SettableClock::at(Timestamp::from_unix_seconds(
            1_767_225_600,
        )));
        let throttles = Arc::new(LocalThrottles::default());
        let window = Duration::from_secs(600);
        let strikes =
            Strikes::new(throttles.clone(), clock.clone(), "declines", 3, window, "x").unwrap();
        for _ in 0..3 {
            assert!(strikes.check("a").await.is_ok());
            strikes.strike("a").await;
        }
        let barred = strikes.check("a").await.unwrap_err();
        assert_eq!(barred.retry_after, window);
        assert!(strikes.check("b").await.is_ok(), "per key");
        clock.advance(Duration::from_secs(601));
        assert!(strikes.check("a").await.is_ok(), "a new window");
        strikes.strike("a").await;
        assert!(strikes.check("a").await.is_ok(), "counted afresh");
        assert!(Strikes::new(throttles, clock, "x", 0, window, "x").is_err());
    }
}
