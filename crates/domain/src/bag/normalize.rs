//! Spec 4.1: lines with the same identity merge by adding quantities; a quantity is
//! capped at what the item allows; a line whose item has none left goes to the
//! unavailable list; a line whose personalization is all empty loses it and its local
//! id, and so merges into the same product's plain line.

use super::lines::{BagError, BagLine, LineKey, ListName, MAX_QUANTITY, Refusal, check_length};
use super::offer::{ItemRef, Offer};
use crate::catalog::ProductType;
use crate::orders::e_gift::EGift;
use std::collections::HashMap;

/// The catalogue's answer for every item a request's lines name.
pub type Offers = HashMap<ItemRef, Offer>;

/// One list after the rules: the lines that can be bought, in the order they were
/// first added, and those whose item has no stock left.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Normalized {
    pub available: Vec<BagLine>,
    pub unavailable: Vec<BagLine>,
}

/// Applies spec 4.1 to `lines` of `list`, as the guest rules have it: a quantity is
/// clamped to the item's `max`, and 0 with stock available becomes 1. A line naming an
/// item the catalogue does not have, in a type it is not sold as, or with options the
/// item does not offer is refused, naming the line.
pub fn normalize(
    list: ListName,
    lines: Vec<BagLine>,
    offers: &Offers,
) -> Result<Normalized, BagError> {
    check_length(list, lines.len())?;
    let mut merged: Vec<BagLine> = Vec::with_capacity(lines.len());
    let mut positions: HashMap<LineKey, usize> = HashMap::new();
    for (index, mut line) in lines.into_iter().enumerate() {
        offer_for(list, index, &line, offers)?;
        if !line.is_personalized() {
            line.personalization.clear();
            line.key.item_key.clear();
        }
        match positions.get(&line.key) {
            Some(&at) => absorb(&mut merged[at], &line),
            None => {
                positions.insert(line.key.clone(), merged.len());
                merged.push(line);
            }
        }
    }

    let mut result = Normalized::default();
    for mut line in merged {
        let max = offers[&ItemRef::of(line.key.line_type, line.key.id)].max();
        if max == 0 {
            // Kept as asked, so it comes back as it was when stock returns.
            line.quantity = line.quantity.max(1);
            result.unavailable.push(line);
        } else {
            line.quantity = line.quantity.clamp(1, max);
            result.available.push(line);
        }
    }
    Ok(result)
}

/// One identity is one line: `line` joins `kept`, the quantities adding up (to
/// `MAX_QUANTITY`) and gift wrapping asked for on either copy kept.
pub fn absorb(kept: &mut BagLine, line: &BagLine) {
    kept.quantity = (kept.quantity + line.quantity).min(MAX_QUANTITY);
    kept.gift_options |= line.gift_options;
}

/// The offer `line` (line `index` of `list`) holds, once the line is found to fit it
/// (`fit`); a refusal names the line.
pub fn offer_for<'a>(
    list: ListName,
    index: usize,
    line: &BagLine,
    offers: &'a Offers,
) -> Result<&'a Offer, BagError> {
    fit(line, offers).map_err(|(refusal, reason)| BagError::line(refusal, list, index, reason))
}

/// The offer `line` holds, if the line fits it: an item the catalogue has (else
/// `Unknown`), in a type it is sold as, with options it offers, and a personalized line
/// with its own item key (else `Conflict`: what the client holds no longer matches the
/// catalogue).
pub(super) fn fit<'a>(line: &BagLine, offers: &'a Offers) -> Result<&'a Offer, (Refusal, String)> {
    let conflict = |reason: String| (Refusal::Conflict, reason);
    let offer = offers
        .get(&ItemRef::of(line.key.line_type, line.key.id))
        .ok_or_else(|| {
            (
                Refusal::Unknown,
                format!(
                    "there is no {} with id {}",
                    line.key.line_type.as_str(),
                    line.key.id
                ),
            )
        })?;
    offer.accepts(line.key.line_type).map_err(conflict)?;
    check_options(line, offer).map_err(conflict)?;
    if line.is_personalized() && line.key.item_key.is_empty() {
        return Err(conflict(
            "a personalized line needs its own item_key".to_owned(),
        ));
    }
    Ok(offer)
}

/// Gift options only where the item offers them; personalization only in its fields,
/// each within the field's length.
fn check_options(line: &BagLine, offer: &Offer) -> Result<(), String> {
    if line.gift_options && offer.gift_options_price.is_none() {
        return Err(format!("{} has no gift options", offer.sku));
    }
    if offer.product_type == ProductType::GiftCard {
        // An e-gift card's personalization is who gets it, when, and a message.
        return EGift::from_fields(&line.personalization).map(|_| ());
    }
    for (key, value) in &line.personalization {
        let field = offer
            .personalization
            .iter()
            .find(|f| &f.key == key)
            .ok_or_else(|| format!("{} has no personalization field {key:?}", offer.sku))?;
        let length = value.chars().count();
        if length > field.max_length as usize {
            return Err(format!(
                "personalization {key:?} is at most {} characters, not {length}",
                field.max_length
            ));
        }
    }
    Ok(())
}
