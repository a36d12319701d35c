//! Strikes: failures a key may have in a window before it is barred, checked before
//! the work they guard. A rate limiter spends a token on every request; this counts
//! only the requests that failed (a declined card, a code that does not exist), so
//! honest shoppers, whose cards and codes work, never meet it, while a script trying
//! stolen cards or guessing codes is stopped after a few misses, before it can learn
//! anything from the next try.

use super::Limited;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Strikes {
    limit: u32,
    window: Duration,
    /// Per key: the strikes in the current window and when that window began.
    keys: Mutex<HashMap<String, (u32, Instant)>>,
}

impl Strikes {
    /// `limit` strikes per `window`; the next try waits until the window ends.
    pub fn new(limit: u32, window: Duration, setting: &str) -> Result<Self, String> {
        if limit == 0 || window.is_zero() {
            return Err(format!("{setting} must be at least 1"));
        }
        Ok(Strikes {
            limit,
            window,
            keys: Mutex::new(HashMap::new()),
        })
    }

    fn keys(&self) -> std::sync::MutexGuard<'_, HashMap<String, (u32, Instant)>> {
        self.keys
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `Err` with the wait when `key` has used its strikes in the current window.
    pub fn check(&self, key: &str) -> Result<(), Limited> {
        self.check_at(key, Instant::now())
    }

    fn check_at(&self, key: &str, now: Instant) -> Result<(), Limited> {
        match self.keys().get(key) {
            Some(&(count, since)) if count >= self.limit && now < since + self.window => {
                Err(Limited {
                    retry_after: since + self.window - now,
                })
            }
            _ => Ok(()),
        }
    }

    /// Counts a failure of `key`.
    pub fn strike(&self, key: &str) {
        self.strike_at(key, Instant::now());
    }

    fn strike_at(&self, key: &str, now: Instant) {
        let mut keys = self.keys();
        let entry = keys.entry(key.to_owned()).or_insert((0, now));
        if now >= entry.1 + self.window {
            *entry = (0, now);
        }
        entry.0 += 1;
    }

    /// Forgets keys whose window has ended.
    pub fn forget_idle(&self) {
        let now = Instant::now();
        self.keys()
            .retain(|_, (_, since)| now < *since + self.window);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_barred_after_its_strikes_until_the_window_ends() {
        let strikes = Strikes::new(3, Duration::from_secs(600), "declines").unwrap();
        let start = Instant::now();
        for _ in 0..3 {
            assert!(strikes.check_at("a", start).is_ok());
            strikes.strike_at("a", start);
        }
        let barred = strikes.check_at("a", start).unwrap_err();
        assert_eq!(barred.retry_after, Duration::from_secs(600));
        assert!(strikes.check_at("b", start).is_ok(), "per key");
        let later = start + Duration::from_secs(601);
        assert!(strikes.check_at("a", later).is_ok(), "a new window");
        strikes.strike_at("a", later);
        assert!(strikes.check_at("a", later).is_ok(), "counted afresh");
        assert!(Strikes::new(0, Duration::from_secs(1), "x").is_err());
    }
}
