//! Attempts per e-mail address at signing in, registering and asking for a reset
//! link: guessing one account's password stays slow however many clients guess.

use super::Limited;
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;

pub struct AccountAttempts {
    per_account: DefaultKeyedRateLimiter<String>,
}

impl AccountAttempts {
    /// `per_minute` attempts a minute, all of them at once if they come together.
    pub fn new(per_minute: u32) -> Result<Self, String> {
        let n = NonZeroU32::new(per_minute)
            .ok_or_else(|| "accounts.attempts_per_minute must be at least 1".to_owned())?;
        Ok(AccountAttempts {
            per_account: RateLimiter::keyed(Quota::per_minute(n).allow_burst(n)),
        })
    }

    /// Takes one attempt from the address's budget.
    pub fn check(&self, email: &str) -> Result<(), Limited> {
        self.per_account
            .check_key(&email.to_owned())
            .map_err(|wait| Limited {
                retry_after: wait.wait_time_from(self.per_account.clock().now()),
            })
    }

    /// Forgets addresses whose budget has refilled.
    pub fn forget_idle(&self) {
        self.per_account.retain_recent();
        self.per_account.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eleventh_attempt_in_a_minute_waits() {
        let attempts = AccountAttempts::new(10).unwrap();
        for _ in 0..10 {
            assert!(attempts.check("dana@example.com").is_ok());
        }
        let limited = attempts.check("dana@example.com").unwrap_err();
        assert!(limited.retry_after_seconds() >= 1);
        assert!(attempts.check("ada@example.com").is_ok(), "per address");
        assert!(AccountAttempts::new(0).is_err());
    }
}
