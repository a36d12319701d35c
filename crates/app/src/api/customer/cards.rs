//! Cards: the token call any shopper makes before paying (spec 5, 7
//! `POST /api/card/createToken`), and a signed-in customer's saved cards
//! (`/api/customer/payment`). No request or answer here is logged.

use super::{CustomerApiError, signed_in};
use crate::api::ApiTags;
use crate::api::accounts::new_secret;
use crate::api::accounts::session_cookie::{self, Payer, Session};
use crate::api::error::{ApiError, message};
use crate::api::text::Text;
use crate::state::{AppState, Processor};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use store_domain::payments::{self, CardDetails, CardToken, Holder, SavedCard};

pub struct CardsApi {
    pub state: AppState,
}

/// A card as typed. Spaces are removed from the number, spaces and the slash from
/// the expiry, before the checks.
#[derive(Object)]
pub struct CardInput {
    /// 12 to 19 digits with a right check digit.
    pub card: Text,
    /// `MM/YY`, `MMYY` or `MM/YYYY`, this month or later.
    pub exp: Text,
    /// 3 digits, 4 for American Express.
    pub cvc: Text,
}

/// A card's token and what may be shown of it.
#[derive(Object)]
pub struct CardTokenDto {
    pub token: String,
    /// visa, mastercard, amex, discover or other.
    pub brand: String,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: u32,
}

impl From<CardToken> for CardTokenDto {
    fn from(t: CardToken) -> Self {
        CardTokenDto {
            token: t.token,
            brand: t.brand.as_str().to_owned(),
            last4: t.last4,
            exp_month: t.exp_month,
            exp_year: t.exp_year,
        }
    }
}

#[derive(ApiResponse)]
pub enum Tokenised {
    /// The card's token, which pays only from this browser: the payer cookie is set
    /// (HttpOnly, SameSite=Strict, for the token's hour).
    #[oai(status = 200)]
    Card(Json<CardTokenDto>, #[oai(header = "Set-Cookie")] String),
}

/// What a browser puts beside a card it has the processor tokenise, so that the token
/// pays only from it.
#[derive(Object)]
pub struct HolderDto {
    pub holder: String,
}

#[derive(ApiResponse)]
pub enum HolderAnswer {
    /// The payer cookie is set (HttpOnly, SameSite=Strict, for a token's hour).
    #[oai(status = 200)]
    Holder(Json<HolderDto>, #[oai(header = "Set-Cookie")] String),
}

/// Spec 3's payment: a saved card.
#[derive(Object)]
pub struct PaymentDto {
    pub id: i64,
    pub default: bool,
    pub token: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: u32,
}

impl From<SavedCard> for PaymentDto {
    fn from(s: SavedCard) -> Self {
        let card = CardTokenDto::from(s.card);
        PaymentDto {
            id: s.id,
            default: s.default,
            token: card.token,
            brand: card.brand,
            last4: card.last4,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
        }
    }
}

/// A card to save, by the token `createToken` answered.
#[derive(Object)]
pub struct PaymentInput {
    #[oai(validator(min_length = 1, max_length = 100))]
    pub token: Text,
    #[oai(default)]
    pub default: bool,
}

#[derive(Object)]
pub struct PaymentUpdate {
    pub default: bool,
}

#[derive(Object)]
pub struct PaymentAdded {
    pub payments: Vec<PaymentDto>,
    pub payment: PaymentDto,
}

#[derive(Object)]
pub struct PaymentList {
    pub payments: Vec<PaymentDto>,
}

#[derive(Object)]
pub struct PaymentRemoved {
    pub payment: PaymentDto,
}

impl CardsApi {
    /// The browser's payer cookie, kept if it has one (another hour from now), else a
    /// new one; with the `Set-Cookie` value that keeps it.
    fn payer(&self, payer: &Payer) -> (Holder, String) {
        let value = payer
            .token()
            .filter(|v| (32..=128).contains(&v.len()) && v.bytes().all(|b| b.is_ascii_hexdigit()))
            .map_or_else(new_secret, str::to_owned);
        let cookie = session_cookie::payer(&value, self.state.accounts.config.secure_cookie);
        (Holder::of(Some(&value)), cookie)
    }

    async fn all(&self, customer: i64) -> Result<Vec<PaymentDto>, CustomerApiError> {
        let cards = self
            .state
            .customer
            .cards
            .cards(customer)
            .await
            .map_err(ApiError::from)?;
        Ok(cards.into_iter().map(PaymentDto::from).collect())
    }
}

#[OpenApi(tag = "ApiTags::Payments")]
impl CardsApi {
    /// Checks a card (its check digit, expiry and the CVC's shape) and has the payment
    /// gateway tokenise it. Guests call it too, before paying. The client keeps the
    /// token and the last four digits; the number and CVC go no further.
    #[oai(path = "/card/createToken", method = "post")]
    async fn create_token(
        &self,
        #[oai(name = "payer")] payer: Payer,
        body: Json<CardInput>,
    ) -> Result<Tokenised, ApiError> {
        // With a real processor the card goes from the browser to it: a number sent
        // here is not even read (docs/decisions.md, PCI).
        if self.state.store.processor != Processor::Sandbox {
            return Err(ApiError::BadRequest(message(
                "card: this store takes cards in its processor's form, not here",
            )));
        }
        let now = self.state.clock.now();
        let today = now.year_month();
        let card = CardDetails::parse(&body.card, &body.exp, &body.cvc, today)?;
        let (holder, cookie) = self.payer(&payer);
        let token =
            payments::create_token(self.state.checkout.gateway.as_ref(), &card, &holder, now)
                .await
                .map_err(|err| ApiError::internal(&err))?;
        Ok(Tokenised::Card(Json(token.into()), cookie))
    }

    /// For a store whose processor tokenises cards in the browser: what the browser
    /// puts in the payment method's metadata (`holder`), so that the method pays, or
    /// is saved, only from this browser. The same value while the cookie lasts.
    #[oai(path = "/card/holder", method = "post")]
    async fn holder(&self, #[oai(name = "payer")] payer: Payer) -> HolderAnswer {
        let (holder, cookie) = self.payer(&payer);
        let holder = holder.as_str().unwrap_or_default().to_owned();
        HolderAnswer::Holder(Json(HolderDto { holder }), cookie)
    }

    /// Saves a tokenised card to the account (at most 10; 409 beyond). Its brand, last
    /// four digits and expiry come from the gateway. 404 for a token it did not issue.
    #[oai(path = "/customer/payment", method = "post", tag = "ApiTags::Customer")]
    async fn add(
        &self,
        #[oai(name = "session")] session: Session,
        #[oai(name = "payer")] payer: Payer,
        body: Json<PaymentInput>,
    ) -> Result<Json<PaymentAdded>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let s = &self.state;
        let saved = payments::save_card(
            s.checkout.gateway.as_ref(),
            s.customer.cards.as_ref(),
            &customer,
            &body.token,
            &Holder::of(payer.token()),
            body.default,
            s.clock.now(),
        )
        .await?;
        Ok(Json(PaymentAdded {
            payments: self.all(customer.id).await?,
            payment: saved.into(),
        }))
    }

    /// Makes a saved card the default, or not.
    #[oai(
        path = "/customer/payment/:id",
        method = "post",
        tag = "ApiTags::Customer"
    )]
    async fn update(
        &self,
        #[oai(name = "session")] session: Session,
        id: Path<i64>,
        body: Json<PaymentUpdate>,
    ) -> Result<Json<PaymentList>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        payments::set_default_card(
            self.state.customer.cards.as_ref(),
            customer.id,
            id.0,
            body.default,
        )
        .await?;
        Ok(Json(PaymentList {
            payments: self.all(customer.id).await?,
        }))
    }

    /// Removes a saved card and answers it.
    #[oai(
        path = "/customer/payment/:id",
        method = "delete",
        tag = "ApiTags::Customer"
    )]
    async fn remove(
        &self,
        #[oai(name = "session")] session: Session,
        id: Path<i64>,
    ) -> Result<Json<PaymentRemoved>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let s = &self.state;
        let saved = payments::remove_card(
            s.checkout.gateway.as_ref(),
            s.customer.cards.as_ref(),
            customer.id,
            id.0,
        )
        .await?;
        Ok(Json(PaymentRemoved {
            payment: saved.into(),
        }))
    }
}
