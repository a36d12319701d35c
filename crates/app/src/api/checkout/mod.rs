//! Checkout: where the shopper is and its tax rate (`/zip_code`, spec 4.6), how an
//! order can reach them and when (`/shipping/index`, 4.7), gift card checks
//! (`/gift_card`, 4.5), and the checkout quote that prices the bag with all of it.
//! Every figure is the server's; nothing a client sends about prices is read.

pub mod wire;

use super::ApiTags;
use super::accounts::session_cookie::Session;
use super::accounts::session_customer;
use super::bag;
use super::bag::wire::QuoteRequest;
use super::error::{ApiError, ErrorMessage};
use crate::state::AppState;
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};
use store_domain::accounts::{Customer, checkout_default};
use store_domain::checkout::discounts::DiscountCode;
use store_domain::checkout::gift_cards::{GiftCardCode, GiftCardRefusal};
use store_domain::checkout::quote::{
    CheckoutContext, CheckoutError, CheckoutRequest, checkout_quote,
};
use store_domain::input::Email;
use store_domain::location::{Location, LocationQuery, ZipError};
use store_domain::shipping::{self, ShippingChoice, ShippingError};
use wire::{
    AppliedDiscountDto, AppliedGiftCardDto, CheckoutQuoteAnswer, CheckoutQuoteRequest,
    ChosenShippingDto, DeliveryKind, GiftCardAnswer, GiftCardRequest, ShippingIndexRequest,
    ShippingOptionsDto, ZipAnswer, ZipRequest,
};

pub struct CheckoutApi {
    pub state: AppState,
}

/// How a gift card check fails.
#[derive(ApiResponse, Debug)]
pub enum GiftCardApiError {
    /// The code is malformed, unknown, used up or expired; the message says which (spec 8: shown as it is).
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    /// Too many checks from this client: try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorMessage>, #[oai(header = "Retry-After")] u64),
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
    #[oai(status = 503)]
    Busy(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
}

impl From<ApiError> for GiftCardApiError {
    fn from(err: ApiError) -> Self {
        match err {
            ApiError::BadRequest(m) => GiftCardApiError::BadRequest(m),
            ApiError::Busy(m, after) => GiftCardApiError::Busy(m, after),
            ApiError::Internal(m) | ApiError::NotFound(m) | ApiError::Conflict(m) => {
                GiftCardApiError::Internal(m)
            }
        }
    }
}

fn bad_request(message: impl Into<String>) -> ApiError {
    ApiError::BadRequest(Json(ErrorMessage {
        message: message.into(),
    }))
}

impl From<CheckoutError> for ApiError {
    fn from(err: CheckoutError) -> Self {
        match err {
            CheckoutError::Quote(e) => e.into(),
            CheckoutError::Refused(message) => bad_request(message),
            CheckoutError::Storage(e) => e.into(),
        }
    }
}

/// What the quote reads, from the state.
pub(crate) fn context(state: &AppState) -> CheckoutContext<'_> {
    CheckoutContext {
        catalog: state.catalogue.catalog.as_ref(),
        zips: state.checkout.zips.as_ref(),
        gift_cards: state.checkout.gift_cards.as_ref(),
        discounts: state.checkout.discounts.as_ref(),
        shipping: &state.checkout.config.shipping,
        now: state.clock.now(),
    }
}

fn location_query(state: &AppState, country: &str, zip: &str) -> Result<LocationQuery, ApiError> {
    let countries = state.checkout.countries.countries();
    Ok(LocationQuery::parse(country, zip, &countries)?)
}

/// The quote's request, checked for form: the same for the quote and the order.
pub(crate) fn checkout_request(
    state: &AppState,
    customer: Option<&Customer>,
    body: CheckoutQuoteRequest,
) -> Result<CheckoutRequest, ApiError> {
    let (lists, _) = QuoteRequest {
        products: body.products,
        later: body.later,
        change: None,
    }
    .parse()?;
    let location = match &body.zip_code {
        Some(zip) if !zip.trim().is_empty() => Some(location_query(state, &body.country, zip)?),
        _ => None,
    };
    let shipping = match body.shipping {
        None => None,
        Some(choice) => Some(match (choice.kind, choice.id) {
            (DeliveryKind::Pickup, _) => ShippingChoice::Pickup,
            (DeliveryKind::Ship, Some(id)) => ShippingChoice::Method(
                u32::try_from(id).map_err(|_| bad_request("shipping.id: no such method"))?,
            ),
            (DeliveryKind::Ship, None) => {
                return Err(bad_request("shipping.id: name the shipping method"));
            }
        }),
    };
    let mut gift_cards = Vec::with_capacity(body.gift_cards.len());
    for (i, typed) in body.gift_cards.iter().enumerate() {
        let code =
            GiftCardCode::parse(typed).map_err(|e| bad_request(format!("gift_cards[{i}]: {e}")))?;
        gift_cards.push(code);
    }
    let discount = match &body.discount_code {
        Some(code) if !code.trim().is_empty() => Some(
            DiscountCode::parse(code).map_err(|e| bad_request(format!("discount_code: {e}")))?,
        ),
        _ => None,
    };
    // Spec 3: the discount e-mail is the customer's when signed in.
    let discount_email = match (customer, &body.email) {
        (Some(customer), _) => Some(customer.email.clone()),
        (None, Some(email)) if !email.trim().is_empty() => Some(Email::parse(email)?),
        _ => None,
    };
    Ok(CheckoutRequest {
        lists,
        change: None,
        location,
        shipping,
        gift_cards: store_domain::checkout::gift_cards::distinct_codes(gift_cards),
        discount,
        discount_email,
        agreed_prices: Default::default(),
    })
}

/// A checkout quote or order that carries codes: refused with 429 once its client has
/// sent too many codes that do not exist.
#[derive(ApiResponse, Debug)]
pub enum CodeGuessError {
    /// The request is malformed, or a code or choice does not apply; the message names it.
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    #[oai(status = 404)]
    NotFound(Json<ErrorMessage>),
    #[oai(status = 409)]
    Conflict(Json<ErrorMessage>),
    /// Too many gift card or discount codes that do not exist from this client: no
    /// code is looked up until `Retry-After` seconds have passed.
    #[oai(status = 429)]
    TooMany(Json<ErrorMessage>, #[oai(header = "Retry-After")] u64),
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
    #[oai(status = 503)]
    Busy(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
}

impl From<ApiError> for CodeGuessError {
    fn from(err: ApiError) -> Self {
        match err {
            ApiError::BadRequest(m) => CodeGuessError::BadRequest(m),
            ApiError::NotFound(m) => CodeGuessError::NotFound(m),
            ApiError::Conflict(m) => CodeGuessError::Conflict(m),
            ApiError::Internal(m) => CodeGuessError::Internal(m),
            ApiError::Busy(m, after) => CodeGuessError::Busy(m, after),
        }
    }
}

impl From<CheckoutError> for CodeGuessError {
    fn from(err: CheckoutError) -> Self {
        ApiError::from(err).into()
    }
}

/// Whether a refusal is of a gift card or discount code the client sent.
pub(crate) fn is_code_refusal(message: &str) -> bool {
    message.starts_with("gift_cards[") || message.starts_with("discount_code")
}

/// Holds back a request that carries gift card or discount codes from a client that
/// has sent too many codes that do not exist; `Ok` with the key to count the next
/// wrong one by. A request without codes is never held back: only guessing is.
pub(crate) async fn codes_allowed(
    state: &AppState,
    req: &Request,
    request: &CheckoutRequest,
) -> Result<String, CodeGuessError> {
    let key = format!("{:?}", state.limits.client_key(req));
    let with_codes = !request.gift_cards.is_empty() || request.discount.is_some();
    if with_codes && let Err(limited) = state.checkout.wrong_codes.check(&key).await {
        let seconds = limited.retry_after_seconds();
        return Err(CodeGuessError::TooMany(
            Json(ErrorMessage {
                message: format!(
                    "Too many codes that do not exist. Please try again in {seconds} s."
                ),
            }),
            seconds,
        ));
    }
    Ok(key)
}

impl CheckoutApi {
    /// Locates `country` and `zip`, already checked for form.
    async fn locate(&self, query: &LocationQuery) -> Result<Location, ApiError> {
        match self
            .state
            .checkout
            .zips
            .locate(&query.country, &query.zip)
            .await
        {
            Ok(location) => Ok(location),
            Err(ZipError::Unknown) => Err(bad_request("zipCode: there is no such ZIP code")),
            Err(ZipError::Storage(e)) => Err(ApiError::internal(&e)),
        }
    }

    fn query(&self, country: &str, zip: &str) -> Result<LocationQuery, ApiError> {
        location_query(&self.state, country, zip)
    }

    /// The store's default location.
    async fn default_location(&self) -> Result<Location, ApiError> {
        let zip = self.state.checkout.config.default_zip.clone();
        self.locate(&self.query("", &zip)?).await
    }
}

#[OpenApi(tag = "ApiTags::Checkout")]
impl CheckoutApi {
    /// Spec 4.6: a signed-in customer's default address (or first), else the store's
    /// default location, with its sales-tax rate.
    #[oai(path = "/zip_code", method = "get")]
    async fn zip(
        &self,
        #[oai(name = "session")] session: Session,
    ) -> Result<Json<ZipAnswer>, ApiError> {
        if let Some(customer) = session_customer(&self.state, session.token()).await? {
            let addresses = self.state.customer.addresses.addresses(customer.id).await?;
            if let Some(address) = checkout_default(&addresses) {
                let query = self.query(&address.fields.country, &address.fields.postal_code);
                if let Ok(query) = query
                    && let Ok(location) = self.locate(&query).await
                {
                    return Ok(Json(location.into()));
                }
            }
        }
        Ok(Json(self.default_location().await?.into()))
    }

    /// Spec 7: locates a ZIP (US, the default country) or another country's postal
    /// code, with its sales-tax rate. An unknown US ZIP is a 400; a blank one resets
    /// to the store's default location (spec 4.6).
    #[oai(path = "/zip_code", method = "post")]
    async fn locate_zip(&self, body: Json<ZipRequest>) -> Result<Json<ZipAnswer>, ApiError> {
        if body.zip_code.trim().is_empty() {
            return Ok(Json(self.default_location().await?.into()));
        }
        let query = self.query(&body.country, &body.zip_code)?;
        Ok(Json(self.locate(&query).await?.into()))
    }

    /// Spec 7: how an order can reach `zip_code` and when: pickup, the fastest, the
    /// cheapest, the one that ships free over the threshold, and every method. A 404
    /// when nothing ships to the country, a 400 for a malformed code (spec 8: the
    /// client then empties its options).
    #[oai(path = "/shipping/index", method = "post")]
    async fn shipping_index(
        &self,
        body: Json<ShippingIndexRequest>,
    ) -> Result<Json<ShippingOptionsDto>, ApiError> {
        let query = self.query(&body.country, &body.zip_code)?;
        let now = self.state.clock.now();
        match shipping::options(&self.state.checkout.config.shipping, &query.country, now) {
            Ok(options) => Ok(Json(options.into())),
            Err(ShippingError::NoZone { country }) => Err(ApiError::NotFound(Json(ErrorMessage {
                message: format!("we do not ship to {country}"),
            }))),
            Err(other) => Err(ApiError::internal(&other)),
        }
    }

    /// Spec 7: checks a gift card code: its balance, or a 400 saying whether it is
    /// unknown, used up or expired. Checks are limited per client.
    #[oai(path = "/gift_card", method = "post")]
    async fn gift_card(
        &self,
        req: &Request,
        body: Json<GiftCardRequest>,
    ) -> Result<Json<GiftCardAnswer>, GiftCardApiError> {
        let client = self.state.limits.client_key(req);
        if let Err(limited) = self
            .state
            .checkout
            .gift_card_attempts
            .check(&format!("{client:?}"))
            .await
        {
            return Err(GiftCardApiError::TooMany(
                Json(ErrorMessage {
                    message: "Too many gift card checks. Please try again later.".to_owned(),
                }),
                limited.retry_after_seconds(),
            ));
        }
        let code =
            GiftCardCode::parse(&body.code).map_err(|e| bad_request(format!("code: {e}")))?;
        let card = self
            .state
            .checkout
            .gift_cards
            .gift_card(&code.hash())
            .await
            .map_err(ApiError::from)?
            .ok_or_else(|| bad_request(format!("code: {}", GiftCardRefusal::Unknown)))?;
        card.check(self.state.clock.now())
            .map_err(|r| bad_request(format!("code: {r}")))?;
        Ok(Json(GiftCardAnswer {
            code: code.display(),
            last_four: card.last_four,
            balance: card.balance.cents(),
        }))
    }

    /// Prices the bag with everything checkout knows: tax at the ZIP's rate (per line,
    /// rounded per line), the discount code shared among the lines it covers, the
    /// chosen delivery (free over the threshold), and the gift cards in the order
    /// added; `amount_due` is what is left for the card. A code or choice that does not
    /// apply is a 400 naming it (`gift_cards[1]: this gift card has been used up`).
    #[oai(path = "/checkout/quote", method = "post")]
    async fn quote(
        &self,
        req: &Request,
        #[oai(name = "session")] session: Session,
        body: Json<CheckoutQuoteRequest>,
    ) -> Result<Json<CheckoutQuoteAnswer>, CodeGuessError> {
        let customer = session_customer(&self.state, session.token()).await?;
        let request = checkout_request(&self.state, customer.as_ref(), body.0)?;
        let ctx = context(&self.state);
        let guesser = codes_allowed(&self.state, req, &request).await?;
        let quoted = match checkout_quote(&ctx, request).await {
            Err(CheckoutError::Refused(why)) if is_code_refusal(&why) => {
                self.state.checkout.wrong_codes.strike(&guesser).await;
                return Err(bad_request(why).into());
            }
            other => other?,
        };
        Ok(Json(CheckoutQuoteAnswer {
            location: quoted.location.map(ZipAnswer::from),
            shipping: quoted.shipping.map(|s| ChosenShippingDto {
                kind: match s.choice {
                    ShippingChoice::Pickup => DeliveryKind::Pickup,
                    ShippingChoice::Method(_) => DeliveryKind::Ship,
                },
                id: match s.choice {
                    ShippingChoice::Pickup => None,
                    ShippingChoice::Method(id) => Some(id),
                },
                price: s.price.cents(),
            }),
            discount: quoted.discount.map(|d| AppliedDiscountDto {
                code: d.code.as_str().to_owned(),
                amount: d.amount.cents(),
            }),
            gift_cards: quoted
                .gift_cards
                .into_iter()
                .map(|g| AppliedGiftCardDto {
                    code: g.code.display(),
                    last_four: g.code.last_four().to_owned(),
                    balance: g.applied.balance.cents(),
                    amount_applied: g.applied.amount_applied.cents(),
                    value_remaining: g.applied.value_remaining.cents(),
                })
                .collect(),
            gift_card_total: quoted.gift_card_total.cents(),
            remaining_balance: quoted.amount_due.cents() > 0,
            amount_due: quoted.amount_due.cents(),
            bag: bag::answer(&self.state, quoted.quote),
        }))
    }
}
