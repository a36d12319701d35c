//! Attempts per key: per e-mail address at signing in, registering and asking for a
//! reset link (guessing one account's password stays slow however many clients
//! guess), and per client at checking gift card codes (guessing codes stays slow).

use super::Limited;
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;

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
}
