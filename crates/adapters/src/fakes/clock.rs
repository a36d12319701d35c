//! A clock that stands still until a test moves it.

use super::{read, write};
use std::sync::RwLock;
use std::time::Duration;
use store_domain::clock::Timestamp;
use store_domain::ports::Clock;

pub struct SettableClock(RwLock<Timestamp>);

impl SettableClock {
    pub fn at(at: Timestamp) -> Self {
        SettableClock(RwLock::new(at))
    }

    pub fn set(&self, at: Timestamp) {
        *write(&self.0) = at;
    }

    pub fn advance(&self, span: Duration) {
        let mut now = write(&self.0);
        *now = now.plus(span);
    }
}

impl Clock for SettableClock {
    fn now(&self) -> Timestamp {
        *read(&self.0)
    }
}
