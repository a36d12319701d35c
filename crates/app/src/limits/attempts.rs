//! Attempts per key: per e-mail address at signing in, registering and asking for a
//! reset link (guessing one account's password stays slow however many clients
//! guess), and per client at checking gift card codes and looking up guest orders
//! (guessing codes stays slow). Counted in the database (`Throttles`), so behind a load
//! balancer every instance counts the same tries.

use super::Limited;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use store_domain::ports::{Clock, Throttles};

pub struct Attempts {
    throttles: Arc<dyn Throttles>,
    clock: Arc<dyn Clock>,
    /// What the keys count (`sign_in`, `gift_card`, ...), so two kinds never share one.
    kind: &'static str,
    limit: u32,
    window: Duration,
    /// Attempts refused so far (the store's metrics).
    refused: AtomicU64,
}

impl Attempts {
    /// `per_minute` attempts in each minute, all of them at once if they come together.
    /// `setting` names the configuration key in the refusal of 0.
    pub fn new(
        throttles: Arc<dyn Throttles>,
        clock: Arc<dyn Clock>,
        kind: &'static str,
        per_minute: u32,
        setting: &str,
    ) -> Result<Self, String> {
        Self::cooldown(
            throttles,
            clock,
            kind,
            per_minute,
            Duration::from_secs(60),
            setting,
        )
    }

    /// `burst` attempts in each `period`: a cooldown.
    pub fn cooldown(
        throttles: Arc<dyn Throttles>,
        clock: Arc<dyn Clock>,
        kind: &'static str,
        burst: u32,
        period: Duration,
        setting: &str,
    ) -> Result<Self, String> {
        if burst == 0 {
            return Err(format!("{setting} must be at least 1"));
        }
        if period.is_zero() {
            return Err(format!("{setting}: the period must be longer than zero"));
        }
        Ok(Attempts {
            throttles,
            clock,
            kind,
            limit: burst,
            window: period,
            refused: AtomicU64::new(0),
        })
    }

    /// What the keys count: `sign_in`, `gift_card`, ...
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// How many attempts were refused since the start.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    /// Takes one attempt from the key's budget. When the count cannot be kept (the
    /// database is failing), the attempt is let through: what it guards fails then too,
    /// and a store that refused every sign-in for a storage fault would fail everyone.
    pub async fn check(&self, key: &str) -> Result<(), Limited> {
        let now = self.clock.now();
        match self
            .throttles
            .add(&format!("{}|{key}", self.kind), 1, self.window, now)
            .await
        {
            Ok((count, ends)) if count > u64::from(self.limit) => {
                self.refused.fetch_add(1, Ordering::Relaxed);
                Err(Limited::until(ends, now))
            }
            Ok(_) => Ok(()),
            Err(e) => {
                tracing::warn!(error = %e, kind = self.kind, "an attempt could not be counted");
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use store_adapters::fakes::SettableClock;
    use store_adapters::throttles::LocalThrottles;
    use store_domain::clock::Timestamp;

    fn clock() -> Arc<SettableClock> {
        Arc::new(SettableClock::at(Timestamp::from_unix_seconds(
            1_767_225_600,
        )))
    }

    #[tokio::test]
    async fn the_eleventh_attempt_in_a_minute_waits() {
        let throttles = Arc::new(LocalThrottles::default());
        let clock = clock();
        let attempts =
            Attempts::new(throttles.clone(), clock.clone(), "sign_in", 10, "attempts").unwrap();
        for _ in 0..10 {
            assert!(attempts.check("dana@example.com").await.is_ok());
        }
        let limited = attempts.check("dana@example.com").await.unwrap_err();
        assert_eq!(limited.retry_after_seconds(), 60);
        assert!(
            attempts.check("ada@example.com").await.is_ok(),
            "per address"
        );
        let other = Attempts::new(throttles, clock.clone(), "gift_card", 10, "x").unwrap();
        assert!(other.check("dana@example.com").await.is_ok(), "per kind");
        clock.advance(Duration::from_secs(60));
        assert!(
            attempts.check("dana@example.com").await.is_ok(),
            "a new minute"
        );
        assert!(Attempts::new(Arc::new(LocalThrottles::default()), clock, "k", 0, "x").is_err());
    }

    #[tokio::test]
    async fn a_cooldown_takes_its_burst_then_waits_the_period() {
        let mails = Attempts::cooldown(
            Arc::new(LocalThrottles::default()),
            clock(),
            "mails",
            2,
            Duration::from_secs(600),
            "mails",
        )
        .unwrap();
        assert!(mails.check("dana@example.com").await.is_ok());
        assert!(mails.check("dana@example.com").await.is_ok());
        let limited = mails.check("dana@example.com").await.unwrap_err();
        assert_eq!(limited.retry_after_seconds(), 600, "{limited:?}");
    }
}
