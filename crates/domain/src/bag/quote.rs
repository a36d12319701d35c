//! The use cases behind the bag screens: apply a shopper's edit to the bag and the
//! later list, re-read every item from the catalogue, apply the rules and price the
//! result; and spec 7's availability check (`POST /api/max`).

use super::change::{Change, Lists};
use super::lines::{BagError, BagLine, LineKey, ListName, check_length};
use super::normalize::{Offers, fit, normalize, offer_for};
use super::offer::{ItemRef, Offer};
use super::pricing::{PricedLine, TaxRate, Totals, digital_only, free_shipping_remaining, totals};
use crate::money::Money;
use crate::ports::{Catalog, CatalogError};
use crate::shipping::ShippingConfig;
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum QuoteError {
    /// The request names lines or items that do not fit: the shopper's client is at fault.
    #[error(transparent)]
    Bag(#[from] BagError),
    #[error(transparent)]
    Catalog(#[from] CatalogError),
}

/// What the quote is priced with beyond the catalogue. Shipping, discount and the
/// tax rate stay zero until checkout knows the shopper's ZIP, choice and codes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Terms {
    pub tax_rate: TaxRate,
    pub shipping: Money,
    pub discount: Money,
    /// The merchandise total that ships free; `None` ships everything free.
    pub free_shipping_over: Option<Money>,
}

impl Terms {
    /// The terms of a bag with no ZIP or codes yet: only the store's free shipping.
    pub fn of_store(shipping: &ShippingConfig) -> Terms {
        Terms {
            free_shipping_over: shipping.free_shipping_over,
            ..Terms::default()
        }
    }
}

/// A kept line the catalogue no longer sells as it is (its item is gone, or is no
/// longer sold in the line's type or with its options): the quote takes it out of its
/// list and says why, where refusing would refuse every later quote of that bag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Withdrawn {
    pub list: ListName,
    pub line: BagLine,
    pub reason: String,
}

/// What one line of an add-all asked for and what the bag holds more of it now: less
/// when stock or the per-order limit capped it, none when it cannot be bought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Added {
    pub key: LineKey,
    pub asked: i64,
    pub added: i64,
}

/// Both lists after the rules, priced, with the bag's totals.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    /// Lines taken out because the catalogue no longer sells them as they were.
    pub withdrawn: Vec<Withdrawn>,
    pub products: Vec<PricedLine>,
    pub later: Vec<PricedLine>,
    pub unavailable_cart: Vec<PricedLine>,
    pub unavailable_later: Vec<PricedLine>,
    /// Of `products` only: saved and unavailable lines are not being bought.
    pub totals: Totals,
    pub digital_only: bool,
    pub free_shipping_remaining: Option<Money>,
    /// For `Change::AddMany`, each asked line in order; empty for other changes.
    pub added: Vec<Added>,
}

async fn offers_for<'a>(
    catalog: &dyn Catalog,
    lines: impl Iterator<Item = &'a BagLine>,
) -> Result<Offers, CatalogError> {
    let mut items: Vec<ItemRef> = lines
        .map(|l| ItemRef::of(l.key.line_type, l.key.id))
        .collect();
    items.sort_unstable();
    items.dedup();
    let found = catalog.offers(&items).await?;
    Ok(found.into_iter().map(|o| (o.item, o)).collect())
}

fn priced(
    lines: Vec<BagLine>,
    offers: &Offers,
    rate: TaxRate,
) -> Result<Vec<PricedLine>, BagError> {
    lines
        .into_iter()
        .map(|line| {
            let offer = offers[&ItemRef::of(line.key.line_type, line.key.id)].clone();
            PricedLine::new(line, offer, rate)
        })
        .collect()
}

/// Takes the lines of `list` that no longer fit their item out of it.
fn withdraw(list: ListName, lines: &mut Vec<BagLine>, offers: &Offers) -> Vec<Withdrawn> {
    let mut withdrawn = Vec::new();
    lines.retain(|line| match fit(line, offers) {
        Ok(_) => true,
        Err((_, reason)) => {
            withdrawn.push(Withdrawn {
                list,
                line: line.clone(),
                reason,
            });
            false
        }
    });
    withdrawn
}

/// Applies `change` (if any) to `lists` and answers both lists as the rules leave them,
/// priced from the catalogue. The line a change brings in must fit its item (else the
/// request is refused); kept lines that no longer fit are withdrawn.
pub async fn quote(
    catalog: &dyn Catalog,
    lists: Lists,
    change: Option<Change>,
    terms: &Terms,
) -> Result<Quote, QuoteError> {
    quote_at(catalog, lists, change, terms, &AgreedPrices::new()).await
}

/// Unit prices agreed beforehand (a subscription plan's), which replace the
/// catalogue's for their items. Only the server sets them, never a shopper's request.
pub type AgreedPrices = BTreeMap<ItemRef, Money>;

/// `quote`, with `agreed` unit prices in place of the catalogue's.
pub async fn quote_at(
    catalog: &dyn Catalog,
    mut lists: Lists,
    change: Option<Change>,
    terms: &Terms,
    agreed: &AgreedPrices,
) -> Result<Quote, QuoteError> {
    let new_line = change.as_ref().and_then(Change::new_line).cloned();
    // An add-all reports what each line brought: the bag's quantities before it, and
    // where its lines start in the bag once applied. Other changes need neither.
    let many = match &change {
        Some(Change::AddMany(lines)) => Some(AddAll {
            starts: lists.products.len(),
            asked: quantities(lines),
            before: quantities(&lists.products),
        }),
        _ => None,
    };
    if let Some(change) = change {
        lists.apply(change)?;
    }
    check_length(ListName::Products, lists.products.len())?;
    check_length(ListName::Later, lists.later.len())?;
    let mut offers = offers_for(catalog, lists.products.iter().chain(&lists.later)).await?;
    for (item, price) in agreed {
        if let Some(offer) = offers.get_mut(item) {
            offer.price = *price;
            offer.fake_price = None;
        }
    }
    if let Some(line) = new_line {
        fit(&line, &offers).map_err(|(refusal, reason)| {
            BagError::new(refusal, format!("change.line: {reason}"))
        })?;
    }
    if let Some(AddAll { starts, .. }) = &many {
        // An added line the catalogue cannot sell, or has none of now, is left out (and
        // reported as not added): it was never in the bag, so it is neither withdrawn
        // nor parked in the unavailable list.
        let new = lists.products.split_off(*starts);
        lists.products.extend(
            new.into_iter()
                .filter(|l| fit(l, &offers).is_ok_and(|offer| offer.max() > 0)),
        );
    }
    let mut withdrawn = withdraw(ListName::Products, &mut lists.products, &offers);
    withdrawn.extend(withdraw(ListName::Later, &mut lists.later, &offers));
    let bag = normalize(ListName::Products, lists.products, &offers)?;
    let later = normalize(ListName::Later, lists.later, &offers)?;
    let products = priced(bag.available, &offers, terms.tax_rate)?;
    let added = many.map_or_else(Vec::new, |all| {
        let after = quantities(products.iter().map(|p| &p.line));
        all.asked
            .into_iter()
            .map(|(key, asked)| {
                let more = quantity_of(&after, &key) - quantity_of(&all.before, &key);
                Added {
                    added: more.clamp(0, asked),
                    key,
                    asked,
                }
            })
            .collect()
    });
    Ok(Quote {
        added,
        withdrawn,
        totals: totals(&products, terms.shipping, terms.discount)?,
        digital_only: digital_only(&products),
        free_shipping_remaining: free_shipping_remaining(&products, terms.free_shipping_over),
        later: priced(later.available, &offers, terms.tax_rate)?,
        unavailable_cart: priced(bag.unavailable, &offers, terms.tax_rate)?,
        unavailable_later: priced(later.unavailable, &offers, terms.tax_rate)?,
        products,
    })
}

/// An add-all's lines, summed by identity in the order first asked, the bag's
/// quantities before it, and where its lines start in the bag once applied.
struct AddAll {
    starts: usize,
    asked: Vec<(LineKey, i64)>,
    before: Vec<(LineKey, i64)>,
}

/// Each line identity's quantity in `lines`, summed, in the order first seen (at most a
/// bag's 100 lines, so a list is enough).
fn quantities<'a>(lines: impl IntoIterator<Item = &'a BagLine>) -> Vec<(LineKey, i64)> {
    let mut sums: Vec<(LineKey, i64)> = Vec::new();
    for line in lines {
        match sums.iter_mut().find(|(k, _)| *k == line.key) {
            Some((_, q)) => *q += line.quantity,
            None => sums.push((line.key.clone(), line.quantity)),
        }
    }
    sums
}

fn quantity_of(sums: &[(LineKey, i64)], key: &LineKey) -> i64 {
    sums.iter().find(|(k, _)| k == key).map_or(0, |(_, q)| *q)
}

/// Spec 7's `POST /api/max`: each line as sent, with the offer it holds (and so its
/// `max`), nothing merged or moved. Lines that do not fit their item are refused.
pub async fn availability(
    catalog: &dyn Catalog,
    lines: Vec<BagLine>,
) -> Result<Vec<(BagLine, Offer)>, QuoteError> {
    check_length(ListName::Products, lines.len())?;
    let offers = offers_for(catalog, lines.iter()).await?;
    lines
        .into_iter()
        .enumerate()
        .map(|(index, line)| {
            let offer = offer_for(ListName::Products, index, &line, &offers)?.clone();
            Ok((line, offer))
        })
        .collect()
}
