//! What a bag costs (spec 9), in integer cents, from the catalogue's prices only.
//!
//! - A line's merchandise is its unit price times its quantity; its gift options and
//!   personalization fee are per unit too (each item is wrapped or engraved).
//! - Tax is computed per line, on all the line costs, and rounded to the cent per line
//!   (half up), so the tax shown for a line is the tax charged for it; tax code 22 and
//!   gift cards are not taxed.
//! - The grand total is subtotal + personalization fees + tax + shipping + gift
//!   options − discount, never below zero (see `docs/decisions.md` for how this reads
//!   spec 9's "personalization fees in the no-discount case").

use super::lines::{BagError, BagLine, Refusal};
use super::offer::Offer;
use crate::money::Money;

/// A tax rate in millionths (8.875 % is 88,750): exact, with no float in the sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TaxRate(u32);

impl TaxRate {
    pub const ZERO: TaxRate = TaxRate(0);

    pub const fn from_millionths(millionths: u32) -> TaxRate {
        TaxRate(millionths)
    }

    /// The rate in millionths, as `from_millionths` takes it.
    pub const fn millionths(self) -> u32 {
        self.0
    }

    /// Tax on `amount`, rounded half up to the cent. `None` on overflow.
    fn on(self, amount: Money) -> Option<Money> {
        let exact = i128::from(amount.cents()) * i128::from(self.0);
        let cents = (exact + 500_000).div_euclid(1_000_000);
        i64::try_from(cents).ok().map(Money::from_cents)
    }
}

/// One line's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineFigures {
    /// Unit price times quantity.
    pub merchandise: Money,
    pub gift_options: Money,
    /// Spec 9: the filled-in fields' prices times quantity.
    pub personalization_fee: Money,
    /// The line's share of a discount code (checkout), taken off before its tax.
    pub discount: Money,
    pub tax: Money,
}

/// A line with the offer it was priced from.
#[derive(Debug, Clone, PartialEq)]
pub struct PricedLine {
    pub line: BagLine,
    pub offer: Offer,
    pub figures: LineFigures,
}

fn too_large() -> BagError {
    BagError::new(Refusal::Conflict, "the amounts are too large to add up")
}

impl PricedLine {
    pub fn new(line: BagLine, offer: Offer, rate: TaxRate) -> Result<PricedLine, BagError> {
        let quantity = line.quantity;
        let per_unit = |price: Money| price.checked_mul(quantity).ok_or_else(too_large);
        let merchandise = per_unit(offer.price)?;
        let gift_options = match offer.gift_options_price {
            Some(price) if line.gift_options => per_unit(price)?,
            _ => Money::ZERO,
        };
        let mut fee_per_unit = Money::ZERO;
        for field in &offer.personalization {
            if line
                .personalization
                .get(&field.key)
                .is_some_and(|value| !value.is_empty())
            {
                fee_per_unit = fee_per_unit
                    .checked_add(field.price)
                    .ok_or_else(too_large)?;
            }
        }
        let personalization_fee = per_unit(fee_per_unit)?;
        let mut priced = PricedLine {
            line,
            offer,
            figures: LineFigures {
                merchandise,
                gift_options,
                personalization_fee,
                discount: Money::ZERO,
                tax: Money::ZERO,
            },
        };
        priced.figures.tax = priced.tax_at(rate)?;
        Ok(priced)
    }

    /// The line with `share` of a discount taken off (at most its merchandise, as the
    /// discount rules share it), its tax computed again on what it now costs.
    pub fn discounted(mut self, share: Money, rate: TaxRate) -> Result<PricedLine, BagError> {
        self.figures.discount = share.clamp(Money::ZERO, self.figures.merchandise);
        self.figures.tax = self.tax_at(rate)?;
        Ok(self)
    }

    /// Tax on what the line costs after its discount share, rounded once, for the line.
    fn tax_at(&self, rate: TaxRate) -> Result<Money, BagError> {
        if !self.offer.is_taxed() {
            return Ok(Money::ZERO);
        }
        let f = &self.figures;
        let base = sum([f.merchandise, f.gift_options, f.personalization_fee])?;
        let base = Money::from_cents(base.cents() - f.discount.cents());
        rate.on(base).ok_or_else(too_large)
    }
}

fn sum(amounts: impl IntoIterator<Item = Money>) -> Result<Money, BagError> {
    amounts
        .into_iter()
        .try_fold(Money::ZERO, |total, m| total.checked_add(m))
        .ok_or_else(too_large)
}

/// The bag's figures (spec 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// The sum of the quantities (the bag icon's number).
    pub count: i64,
    pub subtotal: Money,
    pub gift_options: Money,
    pub personalization_fees: Money,
    pub tax: Money,
    pub shipping: Money,
    pub discount: Money,
    pub total: Money,
}

/// Totals of the lines that can be bought, with the shipping and discount decided
/// elsewhere (both zero until checkout brings them).
pub fn totals(lines: &[PricedLine], shipping: Money, discount: Money) -> Result<Totals, BagError> {
    let of = |pick: fn(&LineFigures) -> Money| sum(lines.iter().map(|l| pick(&l.figures)));
    let subtotal = of(|f| f.merchandise)?;
    let gift_options = of(|f| f.gift_options)?;
    let personalization_fees = of(|f| f.personalization_fee)?;
    let tax = of(|f| f.tax)?;
    let before_discount = sum([subtotal, personalization_fees, tax, shipping, gift_options])?;
    let total = Money::from_cents((before_discount.cents() - discount.cents()).max(0));
    Ok(Totals {
        count: lines.iter().map(|l| l.line.quantity).sum(),
        subtotal,
        gift_options,
        personalization_fees,
        tax,
        shipping,
        discount,
        total,
    })
}

/// Spec 9: a bag is digital-only when every line is digital, a gift card or a service.
/// An empty bag is not: there is nothing to deliver either way.
pub fn digital_only(lines: &[PricedLine]) -> bool {
    !lines.is_empty() && lines.iter().all(|l| l.offer.is_digital())
}

/// How much more merchandise would ship free (spec 2.9: the merchandise total before
/// savings and tax, of the items that ship and are not excluded from free shipping);
/// `None` when there is no threshold, as every order ships free.
pub fn free_shipping_remaining(lines: &[PricedLine], threshold: Option<Money>) -> Option<Money> {
    let threshold = threshold?;
    let counted = free_shipping_basis(lines).cents();
    Some(Money::from_cents((threshold.cents() - counted).max(0)))
}

/// What counts towards free shipping (spec 2.9): the merchandise, before savings and
/// tax, of the lines that ship and are not excluded from free shipping.
pub fn free_shipping_basis(lines: &[PricedLine]) -> Money {
    Money::from_cents(
        lines
            .iter()
            .filter(|l| !l.offer.is_digital() && !l.offer.exclude_free_shipping)
            .map(|l| l.figures.merchandise.cents())
            .sum(),
    )
}
