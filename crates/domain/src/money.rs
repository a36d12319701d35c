//! Money is an integer number of US cents. Floating point never holds an amount;
//! currency conversion is a display concern that rounds once, at the end.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn from_cents(cents: i64) -> Self {
        Money(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// `None` on overflow, so a corrupt quantity can never wrap a total around.
    pub fn checked_mul(self, quantity: i64) -> Option<Money> {
        self.0.checked_mul(quantity).map(Money)
    }

    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    /// Price in another currency, in that currency's hundredths, rounded half away from zero.
    pub fn convert(self, rate: f64) -> i64 {
        (self.0 as f64 * rate).round() as i64
    }
}

impl fmt::Display for Money {
    /// `$1,234.56`: dollars, two decimals, thousands separators (spec 9).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let dollars = (abs / 100).to_string();
        let mut grouped = String::with_capacity(dollars.len() + dollars.len() / 3);
        for (i, digit) in dollars.chars().enumerate() {
            if i > 0 && (dollars.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        write!(f, "{sign}${grouped}.{:02}", abs % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_dollars_with_separators() {
        assert_eq!(Money::from_cents(0).to_string(), "$0.00");
        assert_eq!(Money::from_cents(5).to_string(), "$0.05");
        assert_eq!(Money::from_cents(123_456).to_string(), "$1,234.56");
        assert_eq!(Money::from_cents(100_000_000).to_string(), "$1,000,000.00");
        assert_eq!(Money::from_cents(-1999).to_string(), "-$19.99");
    }

    #[test]
    fn arithmetic_refuses_overflow() {
        assert_eq!(
            Money::from_cents(250).checked_mul(3),
            Some(Money::from_cents(750))
        );
        assert_eq!(Money::from_cents(i64::MAX).checked_mul(2), None);
        assert_eq!(
            Money::from_cents(i64::MAX).checked_add(Money::from_cents(1)),
            None
        );
    }

    #[test]
    fn conversion_rounds_once() {
        assert_eq!(Money::from_cents(1999).convert(0.92), 1839);
        assert_eq!(Money::from_cents(1000).convert(3.655), 3655);
    }
}
