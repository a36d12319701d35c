//! The checkout quote: the bag priced with everything the shopper has told checkout
//! (where it goes, how, which gift cards and discount code), every figure decided
//! here in integer cents, so the figure shown is the figure the order will charge.
//!
//! In order: the bag rules and prices (`bag::quote`) at the location's tax rate; the
//! discount shared among its lines, each line's tax then computed on what it costs;
//! the chosen delivery's price (free over the threshold on what counts towards it,
//! before savings); the totals; then the gift cards, in the order added, against the
//! total; what is left is the amount due by card.

use super::discounts::{DiscountCode, DiscountRefusal, discount_shares};
use super::gift_cards::{Applied, GiftCardCode, GiftCardRefusal, MAX_GIFT_CARDS, apply_gift_cards};
use super::storage::{Discounts, GiftCards};
use crate::bag::{
    AgreedPrices, BagError, Change, Lists, Quote, QuoteError, Terms, digital_only,
    free_shipping_basis, quote_at, totals,
};
use crate::clock::Timestamp;
use crate::input::Email;
use crate::location::{DEFAULT_COUNTRY, Location, LocationQuery, ZipError, ZipLookup};
use crate::money::Money;
use crate::ports::{Catalog, StorageError};
use crate::shipping::{ShippingChoice, ShippingConfig, ShippingError, shipping_price};

/// What the shopper has told checkout, checked for form (codes parsed, the location's
/// fields valid); whether each applies is decided here.
#[derive(Debug, Clone, Default)]
pub struct CheckoutRequest {
    pub lists: Lists,
    pub change: Option<Change>,
    pub location: Option<LocationQuery>,
    pub shipping: Option<ShippingChoice>,
    /// In the order the shopper added them.
    pub gift_cards: Vec<GiftCardCode>,
    pub discount: Option<DiscountCode>,
    /// Spec 3's discount e-mail, for a code usable once per shopper.
    pub discount_email: Option<Email>,
    /// A subscription plan's unit prices, set by the server (empty for a shopper's
    /// checkout).
    pub agreed_prices: AgreedPrices,
}

/// What the quote reads beyond the request.
pub struct CheckoutContext<'a> {
    pub catalog: &'a dyn Catalog,
    pub zips: &'a dyn ZipLookup,
    pub gift_cards: &'a dyn GiftCards,
    pub discounts: &'a dyn Discounts,
    pub shipping: &'a ShippingConfig,
    pub now: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChosenShipping {
    pub choice: ShippingChoice,
    pub price: Money,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedDiscount {
    pub code: DiscountCode,
    pub amount: Money,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedGiftCard {
    pub code: GiftCardCode,
    pub applied: Applied,
}

/// Every figure of the order before it is placed.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckoutQuote {
    /// The lines (each with its discount share and tax) and the totals: `total` is
    /// what the order costs, before gift cards.
    pub quote: Quote,
    pub location: Option<Location>,
    pub shipping: Option<ChosenShipping>,
    pub discount: Option<AppliedDiscount>,
    pub gift_cards: Vec<AppliedGiftCard>,
    pub gift_card_total: Money,
    /// What is left to pay by card after the gift cards.
    pub amount_due: Money,
}

#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error(transparent)]
    Quote(#[from] QuoteError),
    /// The request does not fit (a 400 with this message, naming the field).
    #[error("{0}")]
    Refused(String),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

impl From<BagError> for CheckoutError {
    fn from(e: BagError) -> Self {
        CheckoutError::Quote(e.into())
    }
}

fn refused(field: &str, why: impl std::fmt::Display) -> CheckoutError {
    CheckoutError::Refused(format!("{field}: {why}"))
}

/// Locates `query` (spec 4.6): its country and tax rate. `field` names what the
/// shopper typed it in, for the refusal of a code that does not exist.
pub async fn locate(
    zips: &dyn ZipLookup,
    query: &LocationQuery,
    field: &str,
) -> Result<Location, CheckoutError> {
    match zips.locate(&query.country, &query.zip).await {
        Ok(location) => Ok(location),
        Err(ZipError::Unknown) => Err(refused(field, "there is no such ZIP code")),
        Err(ZipError::Storage(e)) => Err(StorageError::Storage(e).into()),
    }
}

/// The store's own place, where a pickup order is taxed.
pub fn pickup_location(shipping: &ShippingConfig) -> Result<&LocationQuery, CheckoutError> {
    shipping
        .pickup
        .as_ref()
        .map(|store| &store.location)
        .ok_or_else(|| refused("shipping", ShippingError::NoPickup))
}

fn shipping_refusal(e: ShippingError) -> CheckoutError {
    match e {
        ShippingError::Misconfigured(_) | ShippingError::OutOfRange(_) => {
            CheckoutError::Storage(StorageError::Storage(e.to_string()))
        }
        other => refused("shipping", other),
    }
}

/// The quote Review shows. Pickup is taxed at the store whatever ZIP is sent; a
/// delivery is quoted at the ZIP the shopper gave (the order itself is taxed at its
/// address: `orders::place`); with none yet, no tax and the default country's shipping.
pub async fn checkout_quote(
    ctx: &CheckoutContext<'_>,
    request: CheckoutRequest,
) -> Result<CheckoutQuote, CheckoutError> {
    let query = match request.shipping {
        Some(ShippingChoice::Pickup) => Some(pickup_location(ctx.shipping)?),
        _ => request.location.as_ref(),
    };
    let location = match query {
        Some(query) => Some(locate(ctx.zips, query, "zipCode").await?),
        None => None,
    };
    price_at(ctx, request, location).await
}

/// Prices `request` at `location` (already located); `None` is no tax and the
/// default country's shipping.
pub async fn price_at(
    ctx: &CheckoutContext<'_>,
    request: CheckoutRequest,
    location: Option<Location>,
) -> Result<CheckoutQuote, CheckoutError> {
    if request.gift_cards.len() > MAX_GIFT_CARDS {
        return Err(refused(
            "gift_cards",
            format!("an order takes at most {MAX_GIFT_CARDS} gift cards"),
        ));
    }
    let tax_rate = location.as_ref().map(|l| l.tax_rate).unwrap_or_default();
    let terms = Terms {
        tax_rate,
        free_shipping_over: ctx.shipping.free_shipping_over,
        ..Terms::default()
    };
    let mut priced = quote_at(
        ctx.catalog,
        request.lists,
        request.change,
        &terms,
        &request.agreed_prices,
    )
    .await?;

    let discount = match &request.discount {
        None => None,
        Some(code) => {
            let Some(found) = ctx.discounts.discount(code).await? else {
                return Err(refused("discount_code", DiscountRefusal::Unknown));
            };
            let usage = ctx
                .discounts
                .usage(code, request.discount_email.as_ref())
                .await?;
            let shares = discount_shares(&found, usage, ctx.now, &priced.products)
                .map_err(|r| refused("discount_code", r))?;
            let mut amount = Money::ZERO;
            let lines = std::mem::take(&mut priced.products);
            for (line, share) in lines.into_iter().zip(shares) {
                let line = line.discounted(share, tax_rate)?;
                amount = Money::from_cents(amount.cents() + line.figures.discount.cents());
                priced.products.push(line);
            }
            Some(AppliedDiscount {
                code: code.clone(),
                amount,
            })
        }
    };

    let shipping = match request.shipping {
        None => None,
        Some(choice) => {
            let country = location
                .as_ref()
                .map_or(DEFAULT_COUNTRY, |l| l.country.as_str());
            let price = shipping_price(
                ctx.shipping,
                country,
                &choice,
                free_shipping_basis(&priced.products),
                digital_only(&priced.products),
            )
            .map_err(shipping_refusal)?;
            Some(ChosenShipping { choice, price })
        }
    };
    let discount_amount = discount.as_ref().map_or(Money::ZERO, |d| d.amount);
    let shipping_amount = shipping.as_ref().map_or(Money::ZERO, |s| s.price);
    priced.totals = totals(&priced.products, shipping_amount, discount_amount)?;

    let mut balances = Vec::with_capacity(request.gift_cards.len());
    for (index, code) in request.gift_cards.iter().enumerate() {
        let field = format!("gift_cards[{index}]");
        let card = ctx
            .gift_cards
            .gift_card(&code.hash())
            .await?
            .ok_or_else(|| refused(&field, GiftCardRefusal::Unknown))?;
        card.check(ctx.now).map_err(|r| refused(&field, r))?;
        balances.push(card.balance);
    }
    let paid = apply_gift_cards(priced.totals.total, &balances);
    Ok(CheckoutQuote {
        gift_cards: request
            .gift_cards
            .into_iter()
            .zip(paid.cards)
            .map(|(code, applied)| AppliedGiftCard { code, applied })
            .collect(),
        gift_card_total: paid.total_applied,
        amount_due: paid.remaining,
        quote: priced,
        location,
        shipping,
        discount,
    })
}
