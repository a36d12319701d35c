//! A price change on a subscription the customer agreed a price for (a plan). A fall
//! is passed on at once. A rise is charged only from the first delivery at least
//! `PRICE_NOTICE_DAYS` after the customer was mailed about it; until then the agreed
//! price stands. The scheduler asks at each charge; a price that moved again after
//! the notice is noticed afresh.

use super::model::{PriceNotice, SubscriptionLine};
use crate::money::Money;
use chrono::{Days, NaiveDate};

/// Days between the mail about a price rise and the first delivery charged at it.
pub const PRICE_NOTICE_DAYS: u64 = 14;

/// What a charge does about the prices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceStep {
    /// Nothing to change.
    Keep,
    /// The lines' agreed prices become these (a fall, or a rise whose notice is
    /// served); any notice is over.
    Agree(Vec<Option<Money>>),
    /// A rise the customer has not been told of: mail them now. The lines' falls (if
    /// any) are agreed at once; the rise waits for the notice.
    Notify {
        agreed: Vec<Option<Money>>,
        notice: PriceNotice,
    },
}

/// The first day a rise mailed on `mailed_on` may be charged.
pub fn charged_from(mailed_on: NaiveDate) -> NaiveDate {
    mailed_on
        .checked_add_days(Days::new(PRICE_NOTICE_DAYS))
        .unwrap_or(mailed_on)
}

/// What to do at a charge on `today`, for `lines` whose prices are now `current`
/// (one for each line; `None` where the line has no agreed price or the price is not
/// known), with the notice already served, if any.
pub fn price_step(
    lines: &[SubscriptionLine],
    current: &[Option<Money>],
    notice: Option<PriceNotice>,
    today: NaiveDate,
) -> PriceStep {
    let pairs: Vec<(Option<Money>, Option<Money>)> = lines
        .iter()
        .zip(current)
        // A line with no agreed price is priced the day it is charged: not this rule's.
        .map(|(line, now)| {
            (
                line.agreed_price,
                line.agreed_price.and(now.or(line.agreed_price)),
            )
        })
        .collect();
    let rises = pairs.iter().any(|(agreed, now)| now > agreed);
    // Falls at once; a rise keeps the agreed price until it is charged.
    let lowered: Vec<Option<Money>> = pairs
        .iter()
        .map(|(agreed, now)| if now < agreed { *now } else { *agreed })
        .collect();
    let changed = pairs.iter().any(|(agreed, now)| now != agreed);
    if !rises {
        return match (changed, notice) {
            (false, None) => PriceStep::Keep,
            _ => PriceStep::Agree(lowered),
        };
    }
    let risen: Vec<Option<Money>> = pairs.iter().map(|(_, now)| *now).collect();
    let per_delivery = Money::from_cents(
        lines
            .iter()
            .zip(&risen)
            .map(|(line, price)| price.map_or(0, |p| p.cents().saturating_mul(line.quantity)))
            .sum(),
    );
    match notice {
        Some(n) if n.price == per_delivery && today >= charged_from(n.mailed_on) => {
            PriceStep::Agree(risen)
        }
        Some(n) if n.price == per_delivery => {
            if lowered == lines.iter().map(|l| l.agreed_price).collect::<Vec<_>>() {
                PriceStep::Keep
            } else {
                PriceStep::Notify {
                    agreed: lowered,
                    notice: n,
                }
            }
        }
        _ => PriceStep::Notify {
            agreed: lowered,
            notice: PriceNotice {
                price: per_delivery,
                mailed_on: today,
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bag::LineType;

    fn cents(c: i64) -> Option<Money> {
        Some(Money::from_cents(c))
    }

    fn line(agreed: Option<Money>, quantity: i64) -> SubscriptionLine {
        SubscriptionLine {
            line_type: LineType::Product,
            item_id: 1,
            item_key: String::new(),
            quantity,
            agreed_price: agreed,
        }
    }

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, d).unwrap()
    }

    #[test]
    fn an_unchanged_price_changes_nothing_and_a_fall_is_passed_on_at_once() {
        let lines = [line(cents(1620), 2)];
        assert_eq!(
            price_step(&lines, &[cents(1620)], None, day(1)),
            PriceStep::Keep
        );
        assert_eq!(price_step(&lines, &[None], None, day(1)), PriceStep::Keep);
        assert_eq!(
            price_step(&lines, &[cents(1500)], None, day(1)),
            PriceStep::Agree(vec![cents(1500)])
        );
    }

    #[test]
    fn a_rise_is_mailed_first_and_charged_only_after_the_notice_days() {
        let lines = [line(cents(1620), 2)];
        let step = price_step(&lines, &[cents(1700)], None, day(1));
        let notice = PriceNotice {
            price: Money::from_cents(3400),
            mailed_on: day(1),
        };
        assert_eq!(
            step,
            PriceStep::Notify {
                agreed: vec![cents(1620)],
                notice
            }
        );
        // Thirteen days on, the agreed price still stands.
        assert_eq!(
            price_step(&lines, &[cents(1700)], Some(notice), day(14)),
            PriceStep::Keep
        );
        assert_eq!(charged_from(day(1)), day(15));
        assert_eq!(
            price_step(&lines, &[cents(1700)], Some(notice), day(15)),
            PriceStep::Agree(vec![cents(1700)])
        );
    }

    #[test]
    fn a_price_that_moves_again_after_the_notice_is_noticed_afresh_or_withdrawn() {
        let lines = [line(cents(1620), 1)];
        let old = PriceNotice {
            price: Money::from_cents(1700),
            mailed_on: day(1),
        };
        // Risen further: a new notice, dated today; the old one does not count.
        assert_eq!(
            price_step(&lines, &[cents(1800)], Some(old), day(20)),
            PriceStep::Notify {
                agreed: vec![cents(1620)],
                notice: PriceNotice {
                    price: Money::from_cents(1800),
                    mailed_on: day(20)
                }
            }
        );
        // Back to the agreed price: the notice is over.
        assert_eq!(
            price_step(&lines, &[cents(1620)], Some(old), day(20)),
            PriceStep::Agree(vec![cents(1620)])
        );
    }

    #[test]
    fn with_two_lines_a_fall_comes_at_once_and_the_rise_waits() {
        let lines = [line(cents(1000), 1), line(cents(500), 2)];
        let step = price_step(&lines, &[cents(900), cents(600)], None, day(1));
        assert_eq!(
            step,
            PriceStep::Notify {
                agreed: vec![cents(900), cents(500)],
                notice: PriceNotice {
                    price: Money::from_cents(900 + 1200),
                    mailed_on: day(1)
                }
            }
        );
        // A line priced the day it is charged (no agreed price) is not this rule's.
        let recurring = [line(None, 1)];
        assert_eq!(
            price_step(&recurring, &[cents(900)], None, day(1)),
            PriceStep::Keep
        );
    }
}
