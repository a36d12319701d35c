//! Discount codes: a percentage or a fixed amount off the merchandise, with a minimum,
//! validity dates, a usage limit, once per shopper, and excluded products.
//!
//! - What a discount applies to: the merchandise (unit price times quantity) of the
//!   bag's lines except gift cards (a discount must not buy money) and excluded
//!   products; gift wrap, personalization, tax and shipping are not discounted.
//! - The minimum is of that same eligible merchandise.
//! - A percentage is rounded half up to the cent once, on the eligible total; a fixed
//!   amount is capped at the eligible total, so the order total never goes below zero.
//! - The amount is then shared among the eligible lines in proportion to their
//!   merchandise (largest remainder, ties to the earlier line), so each line's tax is
//!   computed on what it really costs and a return refunds what the line paid.
//! - "Once per shopper" keys on the discount e-mail of spec 3 (the customer's, else
//!   the checkout's); the order issue records each use.

use crate::bag::ItemRef;
use crate::bag::PricedLine;
use crate::catalog::ProductType;
use crate::clock::Timestamp;
use crate::money::Money;

/// Longest code an owner may create.
pub const MAX_CODE_LENGTH: usize = 32;

/// A discount code in canonical form: upper case letters, digits, `-` and `_`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DiscountCode(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a discount code is 3 to {MAX_CODE_LENGTH} letters, digits, dashes or underscores")]
pub struct MalformedDiscountCode;

impl DiscountCode {
    /// Reads a typed code: surrounding spaces and case are ignored.
    pub fn parse(typed: &str) -> Result<DiscountCode, MalformedDiscountCode> {
        let code = typed.trim().to_ascii_uppercase();
        let valid = (3..=MAX_CODE_LENGTH).contains(&code.len())
            && code
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if valid {
            Ok(DiscountCode(code))
        } else {
            Err(MalformedDiscountCode)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What a discount takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscountValue {
    /// Hundredths of a percent: 1,500 is 15 %. From 1 to 10,000.
    Percent {
        basis_points: u32,
    },
    Fixed(Money),
}

/// A discount as the store owner set it up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discount {
    pub code: DiscountCode,
    pub value: DiscountValue,
    /// Eligible merchandise needed before the code applies.
    pub min_subtotal: Money,
    pub starts_at: Option<Timestamp>,
    pub ends_at: Option<Timestamp>,
    /// Orders the code may be used in, in all; `None` for no limit.
    pub usage_limit: Option<u32>,
    /// Each shopper (by the discount e-mail) may use it once.
    pub once_per_shopper: bool,
    /// Products (and their variations) the code does not apply to.
    pub excluded_products: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiscountSetupError {
    #[error("a percentage is from 0.01 % to 100 %")]
    Percent,
    #[error("a fixed discount is at least one cent")]
    Fixed,
    #[error("the minimum subtotal cannot be negative")]
    Minimum,
    #[error("the discount ends before it starts")]
    Dates,
    #[error("a usage limit is at least 1")]
    Limit,
}

impl Discount {
    /// Refuses a setup that could never apply or would take off more than everything.
    pub fn validate(&self) -> Result<(), DiscountSetupError> {
        match self.value {
            DiscountValue::Percent { basis_points } if !(1..=10_000).contains(&basis_points) => {
                return Err(DiscountSetupError::Percent);
            }
            DiscountValue::Fixed(amount) if amount <= Money::ZERO => {
                return Err(DiscountSetupError::Fixed);
            }
            _ => {}
        }
        if self.min_subtotal < Money::ZERO {
            return Err(DiscountSetupError::Minimum);
        }
        if let (Some(start), Some(end)) = (self.starts_at, self.ends_at)
            && end <= start
        {
            return Err(DiscountSetupError::Dates);
        }
        if self.usage_limit == Some(0) {
            return Err(DiscountSetupError::Limit);
        }
        Ok(())
    }

    /// Whether the code applies to a priced line at all.
    fn covers(&self, line: &PricedLine) -> bool {
        let offer = &line.offer;
        let excluded = !matches!(offer.item, ItemRef::Bundle(_))
            && self.excluded_products.contains(&offer.product_id);
        offer.product_type != ProductType::GiftCard && !excluded
    }
}

/// What storage knows of a code's past uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DiscountUsage {
    /// Orders that used it.
    pub times_used: u32,
    /// Whether this shopper's discount e-mail used it already.
    pub used_by_shopper: bool,
}

/// Why a code does not apply now (a 400 with this message).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiscountRefusal {
    #[error("there is no discount with this code")]
    Unknown,
    #[error("this discount has not started yet")]
    NotStarted,
    #[error("this discount has ended")]
    Ended,
    #[error("this discount has been used as many times as it may be")]
    UsedUp,
    #[error("you have already used this discount")]
    AlreadyUsed,
    #[error("this discount needs {minimum} of eligible items in the bag")]
    BelowMinimum { minimum: Money },
    #[error("none of the items in the bag can be discounted with this code")]
    NothingEligible,
}

/// The discount each line gets, in the order of `lines` (zero for lines it does not cover).
pub fn discount_shares(
    discount: &Discount,
    usage: DiscountUsage,
    now: Timestamp,
    lines: &[PricedLine],
) -> Result<Vec<Money>, DiscountRefusal> {
    if discount.starts_at.is_some_and(|at| now < at) {
        return Err(DiscountRefusal::NotStarted);
    }
    if discount.ends_at.is_some_and(|at| now >= at) {
        return Err(DiscountRefusal::Ended);
    }
    if discount
        .usage_limit
        .is_some_and(|limit| usage.times_used >= limit)
    {
        return Err(DiscountRefusal::UsedUp);
    }
    if discount.once_per_shopper && usage.used_by_shopper {
        return Err(DiscountRefusal::AlreadyUsed);
    }
    let weights: Vec<i64> = lines
        .iter()
        .map(|l| {
            if discount.covers(l) {
                l.figures.merchandise.cents()
            } else {
                0
            }
        })
        .collect();
    let eligible: i64 = weights.iter().sum();
    if eligible <= 0 {
        return Err(DiscountRefusal::NothingEligible);
    }
    if eligible < discount.min_subtotal.cents() {
        return Err(DiscountRefusal::BelowMinimum {
            minimum: discount.min_subtotal,
        });
    }
    let amount = match discount.value {
        DiscountValue::Percent { basis_points } => {
            let exact = i128::from(eligible) * i128::from(basis_points);
            // Half up, to the cent; never more than the eligible total (at most 100 %).
            i64::try_from((exact + 5_000) / 10_000)
                .unwrap_or(eligible)
                .min(eligible)
        }
        DiscountValue::Fixed(fixed) => fixed.cents().min(eligible),
    };
    Ok(split(amount, &weights)
        .into_iter()
        .map(Money::from_cents)
        .collect())
}

/// Shares `amount` in proportion to `weights` (non-negative, summing above zero): each
/// gets the floor of its exact share, and the cents left go one each to the largest
/// remainders, earlier lines first on a tie. The shares add up to `amount` exactly.
fn split(amount: i64, weights: &[i64]) -> Vec<i64> {
    let total: i128 = weights.iter().map(|&w| i128::from(w)).sum();
    let exact: Vec<(i64, i128)> = weights
        .iter()
        .map(|&w| {
            let numerator = i128::from(amount) * i128::from(w);
            // The floor fits: a share is at most `amount`.
            (
                i64::try_from(numerator / total).unwrap_or(0),
                numerator % total,
            )
        })
        .collect();
    let mut shares: Vec<i64> = exact.iter().map(|&(floor, _)| floor).collect();
    let left = amount - shares.iter().sum::<i64>();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| exact[b].1.cmp(&exact[a].1).then(a.cmp(&b)));
    for &i in order.iter().take(usize::try_from(left).unwrap_or(0)) {
        shares[i] += 1;
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_add_up_and_follow_the_weights() {
        assert_eq!(split(1_000, &[1, 1, 1]), vec![334, 333, 333]);
        assert_eq!(split(100, &[0, 300, 100]), vec![0, 75, 25]);
        assert_eq!(split(1, &[5, 5]), vec![1, 0]);
        assert_eq!(split(0, &[5, 5]), vec![0, 0]);
        // 10 cents over weights 1:2 gives 3.33 and 6.67: the larger remainder gets the cent.
        assert_eq!(split(10, &[1, 2]), vec![3, 7]);
    }

    #[test]
    fn codes_are_read_in_upper_case() {
        assert_eq!(
            DiscountCode::parse(" welcome10 ").map(|c| c.0),
            Ok("WELCOME10".into())
        );
        assert_eq!(DiscountCode::parse("ab"), Err(MalformedDiscountCode));
        assert_eq!(DiscountCode::parse("TEN OFF"), Err(MalformedDiscountCode));
    }
}
