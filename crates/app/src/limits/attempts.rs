//! Attempts per key: per e-mail address at signing in, registering and asking for a
//! reset link (guessing one account's password stays slow however many clients
//! guess), and per client at checking gift card codes (guessing codes stays slow).

use super::Limited;
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::time::Duration;

pub struct Attempts {
    per_key: DefaultKeyedRateLimiter<String>,
}

impl Attempts {
    /// `per_minute` attempts a minute, all of them at once if they come together.
    /// `setting` names the configuration key in the refusal of 0.
    pub fn new(per_minute: u32, setting: &str) -> Result<Self, String> {
        let n =
            NonZeroU32::new(per_minute).ok_or_else(|| format!("{setting} must be at least 1"))?;
        Ok(Attempts {
            per_key: RateLimiter::keyed(Quota::per_minute(n).allow_burst(n)),
        })
    }

    /// `burst` at once, then one every `period`: a cooldown.
    pub fn cooldown(burst: u32, period: Duration, setting: &str) -> Result<Self, String> {
        let burst =
            NonZeroU32::new(burst).ok_or_else(|| format!("{setting} must be at least 1"))?;
        let quota = Quota::with_period(period)
            .ok_or_else(|| format!("{setting}: the period must be longer than zero"))?;
        Ok(Attempts {
            per_key: RateLimiter::keyed(quota.allow_burst(burst)),
        })
    }

    /// Takes one attempt from the key's budget.
    pub fn check(&self, key: &str) -> Result<(), Limited> {
        self.per_key
            .check_key(&key.to_owned())
            .map_err(|wait| Limited {
                retry_after: wait.wait_time_from(self.per_key.clock().now()),
            })
    }

    /// Forgets keys whose budget has refilled.
    pub fn forget_idle(&self) {
        self.per_key.retain_recent();
        self.per_key.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eleventh_attempt_in_a_minute_waits() {
        let attempts = Attempts::new(10, "accounts.attempts_per_minute").unwrap();
        for _ in 0..10 {
            assert!(attempts.check("dana@example.com").is_ok());
        }
        let limited = attempts.check("dana@example.com").unwrap_err();
        assert!(limited.retry_after_seconds() >= 1);
        assert!(attempts.check("ada@example.com").is_ok(), "per address");
        assert!(Attempts::new(0, "accounts.attempts_per_minute").is_err());
    }

    #[test]
    fn a_cooldown_takes_its_burst_then_waits_the_period() {
        let mails = Attempts::cooldown(2, Duration::from_secs(600), "mails").unwrap();
        assert!(mails.check("dana@example.com").is_ok());
        assert!(mails.check("dana@example.com").is_ok());
        let limited = mails.check("dana@example.com").unwrap_err();
        assert!(limited.retry_after_seconds() > 500, "{limited:?}");
        assert!(Attempts::cooldown(1, Duration::ZERO, "mails").is_err());
    }
}
