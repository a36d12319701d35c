//! The card processor Stripe behind the `PaymentGateway` port. Card numbers never reach
//! the store: the browser gives them to Stripe.js, which answers a PaymentMethod id
//! (`pm_…`), and that id is the store's card token. A hold is a PaymentIntent with
//! manual capture, its idempotency key in its metadata (`order`); capture and void are
//! the intent's, and a refund is a Refund of it.
//!
//! The port's promises do not rest on Stripe's `Idempotency-Key` header alone (it is
//! sent, and on Stripe it covers a retry that comes before the intent can be found):
//! localstripe, which the tests run against, ignores the header, and Stripe forgets a
//! key after a day. So before it creates an intent or a refund, the adapter looks for
//! the one made with the same key and answers that.

use async_trait::async_trait;
use reqwest::{Client, Method, RequestBuilder, StatusCode};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::time::Duration;
use store_domain::clock::Timestamp;
use store_domain::payments::{
    Brand, CardDetails, CardOwner, CardToken, Charge, ChargeState, Decline, Holder, KeptCard,
    ListedCharge, PaymentError, token_is_fresh,
};
use store_domain::ports::PaymentGateway;

/// The API version the answers are read in (an intent's `latest_charge` and what it
/// holds), whatever version the account defaults to.
const API_VERSION: &str = "2024-06-20";
const TIMEOUT: Duration = Duration::from_secs(20);
/// The metadata entry of an intent holding the key it was authorised with (set as
/// `metadata[order]`).
const ORDER: &str = "order";
/// The metadata entry of a refund holding the key it was made with (`metadata[refund]`).
const REFUND: &str = "refund";
/// The most a list page holds.
const PAGE: &str = "100";

pub struct StripeGateway {
    client: Client,
    secret_key: String,
    api_base: String,
}

impl StripeGateway {
    /// `api_base` is `https://api.stripe.com`, or a stand-in's address in tests.
    pub fn new(secret_key: String, api_base: String) -> Result<Self, String> {
        let client = Client::builder()
            .timeout(TIMEOUT)
            .build()
            .map_err(|e| format!("the HTTP client for Stripe: {e}"))?;
        Ok(StripeGateway {
            client,
            secret_key,
            api_base: api_base.trim_end_matches('/').to_owned(),
        })
    }

    fn request(&self, method: Method, path: &str) -> RequestBuilder {
        self.client
            .request(method, format!("{}{path}", self.api_base))
            .bearer_auth(&self.secret_key)
            .header("Stripe-Version", API_VERSION)
    }

    async fn send<T: DeserializeOwned>(&self, request: RequestBuilder) -> Result<T, Failure> {
        let unreachable = |e: reqwest::Error| Failure::Unreachable(format!("Stripe: {e}"));
        let response = request.send().await.map_err(unreachable)?;
        let status = response.status();
        if status.is_success() {
            return response.json().await.map_err(unreachable);
        }
        let error = response
            .json::<Envelope>()
            .await
            .map(|e| e.error)
            .unwrap_or_default();
        Err(Failure::Api(status, error))
    }

    /// The intent `id`, or `Refused` when Stripe has none.
    async fn intent(&self, id: &str) -> Result<Intent, PaymentError> {
        let none = || PaymentError::Refused(format!("there is no payment {id}"));
        let path = format!(
            "/v1/payment_intents/{}",
            stripe_id(id, "pi_").ok_or_else(none)?
        );
        let request = self
            .request(Method::GET, &path)
            .query(&[("expand[]", "latest_charge")]);
        self.send(request).await.map_err(|f| match f {
            f if f.missing() => none(),
            f => f.into(),
        })
    }

    /// The intent authorised with `key`. Stripe finds it by its metadata with search,
    /// which lags writes by a minute or so (an hour in an outage): within that time a
    /// retried authorisation is answered by the `Idempotency-Key` header instead, and
    /// the sweep asks about orders older than that. Listing every intent would need no
    /// such care but costs a request per hundred intents the account ever made, on
    /// every authorisation. localstripe has no search (it takes `search` for an intent
    /// id and answers 404): there, and only there, the list is read.
    async fn intent_for(&self, key: &str) -> Result<Option<Intent>, PaymentError> {
        let request = self
            .request(Method::GET, "/v1/payment_intents/search")
            .query(&[
                ("query", search_query(key).as_str()),
                ("limit", PAGE),
                ("expand[]", "data.latest_charge"),
            ]);
        let found = match self.send::<Page<Intent>>(request).await {
            Ok(page) => page.data.into_iter().find(|i| i.key() == Some(key)),
            Err(Failure::Api(StatusCode::NOT_FOUND, _)) => {
                self.find_listed(
                    "/v1/payment_intents",
                    &[("expand[]", "data.latest_charge")],
                    |i: &Intent| i.key() == Some(key),
                )
                .await?
            }
            Err(f) => return Err(f.into()),
        };
        Ok(found)
    }

    /// The objects of the list at `path`, page by page, each to `take` until it
    /// answers false or the list ends.
    async fn walk_listed<T: DeserializeOwned + Listed>(
        &self,
        path: &str,
        query: &[(&str, &str)],
        mut take: impl FnMut(T) -> bool,
    ) -> Result<(), Failure> {
        let mut after: Option<String> = None;
        loop {
            let mut request = self
                .request(Method::GET, path)
                .query(query)
                .query(&[("limit", PAGE)]);
            if let Some(last) = &after {
                request = request.query(&[("starting_after", last)]);
            }
            let page: Page<T> = self.send(request).await?;
            after = page.data.last().map(|o| o.id().to_owned());
            let more = page.has_more && after.is_some();
            for object in page.data {
                if !take(object) {
                    return Ok(());
                }
            }
            if !more {
                return Ok(());
            }
        }
    }

    /// The first object of the list at `path` that `wanted` picks.
    async fn find_listed<T: DeserializeOwned + Listed>(
        &self,
        path: &str,
        query: &[(&str, &str)],
        wanted: impl Fn(&T) -> bool,
    ) -> Result<Option<T>, Failure> {
        let mut found = None;
        self.walk_listed(path, query, |object: T| {
            if wanted(&object) {
                found = Some(object);
            }
            found.is_none()
        })
        .await?;
        Ok(found)
    }

    /// Moves an authorised intent on by `action` (`capture`, `cancel`) to `to`; one
    /// there already is answered as it is.
    async fn settle(
        &self,
        id: &str,
        to: ChargeState,
        action: &str,
    ) -> Result<Charge, PaymentError> {
        let intent = self.intent(id).await?;
        let path = format!("/v1/payment_intents/{}/{action}", intent.id);
        let charge = intent.charge()?;
        if charge.state == to {
            return Ok(charge);
        }
        if charge.state != ChargeState::Authorized {
            return Err(PaymentError::Refused(format!(
                "payment {id} is {:?}: it cannot be {to:?}",
                charge.state
            )));
        }
        let request = self
            .request(Method::POST, &path)
            .form(&[("expand[]", "latest_charge")]);
        self.send::<Intent>(request).await?.charge()
    }
}

/// A Stripe id with `prefix`: letters, digits and underscores only, so that one put in
/// a URL path cannot change the path (`/`, `..`, `?`).
fn stripe_id<'a>(id: &'a str, prefix: &str) -> Option<&'a str> {
    let ok = id.len() > prefix.len()
        && id.len() <= 255
        && id.starts_with(prefix)
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    ok.then_some(id)
}

/// A kept card's token: its customer and payment method, both needed to charge it.
fn kept_token(customer: &str, method: &str) -> String {
    format!("{customer}:{method}")
}

/// What a token charges: a new card's PaymentMethod (`pm_…`), or a kept card's
/// customer and PaymentMethod (`cus_…:pm_…`).
fn charged(token: &str) -> Option<(Option<&str>, &str)> {
    match token.split_once(':') {
        Some((customer, method)) => Some((
            Some(stripe_id(customer, "cus_")?),
            stripe_id(method, "pm_")?,
        )),
        None => Some((None, stripe_id(token, "pm_")?)),
    }
}

/// Stripe's search language quotes a value in `'`, escaped with `\`.
fn search_query(key: &str) -> String {
    let quoted = key.replace('\\', "\\\\").replace('\'', "\\'");
    format!("metadata['{ORDER}']:'{quoted}'")
}

fn refused(why: &str) -> PaymentError {
    PaymentError::Refused(why.to_owned())
}

/// A charge as authorise answers it: a declined one as its decline.
fn answer(charge: Charge) -> Result<Charge, PaymentError> {
    match charge.state {
        ChargeState::Declined(why) => Err(PaymentError::Declined(why)),
        _ => Ok(charge),
    }
}

/// Why a request to Stripe did not answer what was asked.
enum Failure {
    /// Stripe answered with an error.
    Api(StatusCode, ApiError),
    /// No answer in time, or one that could not be read.
    Unreachable(String),
}

impl Failure {
    /// The object named in the request does not exist (localstripe answers a bare 404).
    fn missing(&self) -> bool {
        matches!(self, Failure::Api(status, e)
            if *status == StatusCode::NOT_FOUND || e.code.as_deref() == Some("resource_missing"))
    }
}

impl From<Failure> for PaymentError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Unreachable(why) => PaymentError::Gateway(why),
            // Stripe's card errors; localstripe calls them `invalid_request_error`, but
            // with this status too.
            Failure::Api(StatusCode::PAYMENT_REQUIRED, e) => PaymentError::Declined(e.decline()),
            // What Stripe will not do (an idempotency key used for other parameters, a
            // state that does not allow it): trying again will not help.
            Failure::Api(StatusCode::BAD_REQUEST | StatusCode::NOT_FOUND, e) => {
                PaymentError::Refused(e.message.unwrap_or_else(|| "Stripe refused".into()))
            }
            // Not Stripe's text, which may quote part of the key.
            Failure::Api(status @ (StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN), _) => {
                PaymentError::Gateway(format!("Stripe did not take the secret key ({status})"))
            }
            Failure::Api(status, e) => PaymentError::Gateway(format!(
                "Stripe answered {status}: {}",
                e.message.unwrap_or_default()
            )),
        }
    }
}

#[derive(Deserialize)]
struct Envelope {
    error: ApiError,
}

/// Stripe's error object; a payment's `last_payment_error` is one too.
#[derive(Default, Deserialize)]
struct ApiError {
    code: Option<String>,
    decline_code: Option<String>,
    message: Option<String>,
}

impl ApiError {
    /// Stripe names most reasons in `decline_code` (`card_declined` with
    /// `insufficient_funds`), some in `code` alone (`expired_card`, `incorrect_cvc`).
    fn decline(&self) -> Decline {
        match self.decline_code.as_deref().or(self.code.as_deref()) {
            Some("insufficient_funds") => Decline::InsufficientFunds,
            Some("expired_card") => Decline::ExpiredCard,
            Some("incorrect_cvc") => Decline::IncorrectCvc,
            _ => Decline::Declined,
        }
    }
}

#[derive(Deserialize)]
struct Page<T> {
    data: Vec<T>,
    has_more: bool,
}

/// An object of a list, which pages by the last id seen.
trait Listed {
    fn id(&self) -> &str;
}

#[derive(Deserialize)]
struct PaymentMethod {
    id: String,
    /// Unix seconds.
    created: i64,
    /// None for a method that is not a card.
    card: Option<Card>,
    #[serde(default)]
    metadata: Metadata,
}

/// What the browser put beside the card when it had Stripe.js make the method.
#[derive(Deserialize, Default)]
struct Metadata {
    /// `payments::Holder`: the browser it was made in.
    holder: Option<String>,
}

/// An object Stripe made, by its id.
#[derive(Deserialize)]
struct Made {
    id: String,
}

#[derive(Deserialize)]
struct Card {
    brand: String,
    last4: String,
    exp_month: u32,
    exp_year: u32,
}

#[derive(Deserialize)]
struct Intent {
    id: String,
    /// Unix seconds.
    created: i64,
    amount: i64,
    status: String,
    payment_method: Option<String>,
    /// The customer a kept card is attached to.
    customer: Option<String>,
    #[serde(default)]
    metadata: HashMap<String, String>,
    last_payment_error: Option<ApiError>,
    /// Expanded: every request asks for it.
    latest_charge: Option<LatestCharge>,
}

#[derive(Deserialize)]
struct LatestCharge {
    amount_refunded: i64,
}

impl Listed for Intent {
    fn id(&self) -> &str {
        &self.id
    }
}

impl Intent {
    fn key(&self) -> Option<&str> {
        self.metadata.get(ORDER).map(String::as_str)
    }

    fn charge(self) -> Result<Charge, PaymentError> {
        let state = match self.status.as_str() {
            "requires_capture" => ChargeState::Authorized,
            "succeeded" => ChargeState::Captured,
            // Cancelled by a void, or by Stripe after an uncaptured week.
            "canceled" => ChargeState::Voided,
            // Confirmed at creation, so back to wanting a card means declined; wanting an
            // action is a card asking for 3-D Secure, which a server-side hold cannot give.
            "requires_payment_method" | "requires_action" | "requires_confirmation" => {
                ChargeState::Declined(
                    self.last_payment_error
                        .as_ref()
                        .map_or(Decline::Declined, ApiError::decline),
                )
            }
            other => {
                return Err(PaymentError::Gateway(format!(
                    "payment {} is {other}",
                    self.id
                )));
            }
        };
        let method = self.payment_method.unwrap_or_default();
        Ok(Charge {
            token: match self.customer {
                Some(customer) => kept_token(&customer, &method),
                None => method,
            },
            amount: self.amount,
            refunded: self.latest_charge.map_or(0, |c| c.amount_refunded),
            state,
            id: self.id,
        })
    }
}

#[derive(Deserialize)]
struct Refund {
    id: String,
    amount: i64,
    #[serde(default)]
    metadata: HashMap<String, String>,
}

impl Listed for Refund {
    fn id(&self) -> &str {
        &self.id
    }
}

#[async_trait]
impl PaymentGateway for StripeGateway {
    async fn create_token(
        &self,
        _card: &CardDetails,
        _holder: &Holder,
        _at: Timestamp,
    ) -> Result<CardToken, PaymentError> {
        Err(refused(
            "card numbers go from the browser to Stripe; this store does not take them",
        ))
    }

    async fn card(
        &self,
        token: &str,
        holder: &Holder,
        at: Timestamp,
    ) -> Result<Option<CardToken>, PaymentError> {
        let Some(id) = stripe_id(token, "pm_") else {
            return Ok(None);
        };
        let request = self.request(Method::GET, &format!("/v1/payment_methods/{id}"));
        let method: PaymentMethod = match self.send(request).await {
            Ok(method) => method,
            Err(f) if f.missing() => return Ok(None),
            Err(f) => return Err(f.into()),
        };
        let made = Timestamp::from_unix_seconds(method.created);
        // The browser stamps the method with its holder (`POST /api/card/holder`); a
        // method id copied elsewhere comes without the cookie that hashes to it.
        let mine =
            holder.as_str().is_some() && method.metadata.holder.as_deref() == holder.as_str();
        if !token_is_fresh(made, at) || !mine {
            return Ok(None);
        }
        Ok(method.card.map(|card| CardToken {
            token: method.id,
            brand: Brand::parse(&card.brand),
            last4: card.last4,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
        }))
    }

    /// Attaches the browser's PaymentMethod to the customer's Stripe customer (made
    /// with the first card kept, named by our id in its metadata). The kept card's
    /// token names both: Stripe charges an attached method only with its customer.
    async fn keep(
        &self,
        token: &str,
        holder: &Holder,
        owner: &CardOwner,
        at: Timestamp,
    ) -> Result<Option<KeptCard>, PaymentError> {
        let Some(card) = self.card(token, holder, at).await? else {
            return Ok(None);
        };
        let customer = match &owner.processor_customer {
            Some(customer) => customer.clone(),
            None => {
                let ours = owner.customer.to_string();
                let request = self.request(Method::POST, "/v1/customers").form(&[
                    ("email", owner.email.as_str()),
                    ("metadata[store_customer]", ours.as_str()),
                ]);
                self.send::<Made>(request).await?.id
            }
        };
        let request = self
            .request(
                Method::POST,
                &format!("/v1/payment_methods/{}/attach", card.token),
            )
            .form(&[("customer", customer.as_str())]);
        match self.send::<PaymentMethod>(request).await {
            Ok(_) => {}
            Err(f) if f.missing() => return Ok(None),
            Err(f) => return Err(f.into()),
        }
        Ok(Some(KeptCard {
            card: CardToken {
                token: kept_token(&customer, &card.token),
                ..card
            },
            processor_customer: Some(customer),
        }))
    }

    /// Detaches a kept card's PaymentMethod: it can be charged no more. One already
    /// detached, or gone, is forgotten already.
    async fn forget(&self, token: &str) -> Result<(), PaymentError> {
        let Some((Some(_), method)) = charged(token) else {
            return Ok(());
        };
        let request = self.request(
            Method::POST,
            &format!("/v1/payment_methods/{method}/detach"),
        );
        match self.send::<PaymentMethod>(request).await {
            Ok(_) => Ok(()),
            Err(f) if f.missing() || matches!(f, Failure::Api(StatusCode::BAD_REQUEST, _)) => {
                Ok(())
            }
            Err(f) => Err(f.into()),
        }
    }

    async fn authorize(
        &self,
        token: &str,
        amount: i64,
        key: &str,
        _at: Timestamp,
    ) -> Result<Charge, PaymentError> {
        let (customer, method) = charged(token).ok_or(PaymentError::UnknownToken)?;
        if let Some(earlier) = self.intent_for(key).await? {
            let earlier = earlier.charge()?;
            if earlier.token != token || earlier.amount != amount {
                return Err(refused("this idempotency key was used for another charge"));
            }
            return answer(earlier);
        }
        let amount = amount.to_string();
        let mut form = vec![
            ("amount", amount.as_str()),
            ("currency", "usd"),
            ("payment_method", method),
            // Cards only: no redirecting methods, so no return URL is needed.
            ("payment_method_types[]", "card"),
            ("confirm", "true"),
            ("capture_method", "manual"),
            ("metadata[order]", key),
            ("expand[]", "latest_charge"),
        ];
        // A kept card is charged as its customer's (Stripe refuses it otherwise).
        form.extend(customer.map(|c| ("customer", c)));
        let request = self
            .request(Method::POST, "/v1/payment_intents")
            .header("Idempotency-Key", key)
            .form(&form);
        match self.send::<Intent>(request).await {
            Ok(intent) => answer(intent.charge()?),
            Err(f) if f.missing() => Err(PaymentError::UnknownToken),
            Err(f) => Err(f.into()),
        }
    }

    async fn charge_by_key(&self, key: &str) -> Result<Option<Charge>, PaymentError> {
        self.intent_for(key).await?.map(Intent::charge).transpose()
    }

    /// The PaymentIntents made since `since`, with the order each is for (none for one
    /// made outside the store: it is listed with an empty key).
    async fn charges_since(&self, since: Timestamp) -> Result<Vec<ListedCharge>, PaymentError> {
        let path = "/v1/payment_intents";
        let expand = ("expand[]", "data.latest_charge");
        let from = since.unix_seconds().to_string();
        let mut intents: Vec<Intent> = Vec::new();
        let filtered = [("created[gte]", from.as_str()), expand];
        match self
            .walk_listed(path, &filtered, |i| {
                intents.push(i);
                true
            })
            .await
        {
            Ok(()) => {}
            // localstripe takes no `created` filter: every intent, filtered below.
            Err(Failure::Api(StatusCode::BAD_REQUEST, _)) => {
                intents.clear();
                self.walk_listed(path, &[expand], |i| {
                    intents.push(i);
                    true
                })
                .await?;
            }
            Err(f) => return Err(f.into()),
        }
        intents
            .into_iter()
            .filter(|i| i.created >= since.unix_seconds())
            .map(|i| {
                let key = i.key().unwrap_or_default().to_owned();
                let created = Timestamp::from_unix_seconds(i.created);
                Ok(ListedCharge {
                    key,
                    charge: i.charge()?,
                    created,
                })
            })
            .collect()
    }

    async fn capture(&self, charge: &str) -> Result<Charge, PaymentError> {
        self.settle(charge, ChargeState::Captured, "capture").await
    }

    async fn void(&self, charge: &str) -> Result<Charge, PaymentError> {
        self.settle(charge, ChargeState::Voided, "cancel").await
    }

    /// Stripe keeps its charges and payment methods itself: the store keeps nothing.
    async fn purge_unused(&self, _before: Timestamp) -> Result<u64, PaymentError> {
        Ok(0)
    }

    async fn refund(&self, charge: &str, amount: i64, key: &str) -> Result<Charge, PaymentError> {
        let intent = self.intent(charge).await?;
        let id = intent.id.clone();
        let current = intent.charge()?;
        if current.state != ChargeState::Captured {
            return Err(PaymentError::Refused(format!(
                "payment {id} is {:?}: nothing was taken to give back",
                current.state
            )));
        }
        let earlier = self
            .find_listed(
                "/v1/refunds",
                &[("payment_intent", id.as_str())],
                |r: &Refund| r.metadata.get(REFUND).is_some_and(|k| k == key),
            )
            .await?;
        if let Some(earlier) = earlier {
            return if earlier.amount == amount {
                Ok(current)
            } else {
                Err(refused("this idempotency key was used for another refund"))
            };
        }
        if amount < 1 || current.refunded + amount > current.amount {
            return Err(PaymentError::Refused(format!(
                "payment {id} cannot give back {amount} cents: {} of {} are given back",
                current.refunded, current.amount
            )));
        }
        let request = self
            .request(Method::POST, "/v1/refunds")
            // Stripe's keys are the account's, for every kind of request: this one
            // cannot meet an authorisation's, nor another payment's refund.
            .header("Idempotency-Key", format!("refund:{id}:{key}"))
            .form(&[
                ("payment_intent", id.as_str()),
                ("amount", amount.to_string().as_str()),
                ("metadata[refund]", key),
            ]);
        self.send::<Refund>(request).await?;
        self.intent(&id).await?.charge()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_that_could_change_the_path_are_not_sent() {
        assert_eq!(stripe_id("pm_1Nx2Yz_3", "pm_"), Some("pm_1Nx2Yz_3"));
        for bad in [
            "pm_", "pi_123", "pm_../x", "pm_a/b", "pm_a?b", "pm_a b", "pm_é",
        ] {
            assert_eq!(stripe_id(bad, "pm_"), None, "{bad}");
        }
        assert_eq!(stripe_id(&format!("pm_{}", "a".repeat(300)), "pm_"), None);
    }

    #[test]
    fn a_key_is_quoted_in_the_search() {
        assert_eq!(search_query("A-1"), "metadata['order']:'A-1'");
        assert_eq!(search_query(r"a'b\c"), r"metadata['order']:'a\'b\\c'");
    }

    /// The error objects Stripe answers for its test cards (localstripe declines with
    /// `card_declined` alone, so the other reasons are checked here).
    #[test]
    fn stripe_declines_map_to_their_reasons() {
        let decline = |json: &str| {
            serde_json::from_str::<Envelope>(json)
                .unwrap()
                .error
                .decline()
        };
        let error = |code: &str, decline_code: &str| {
            format!(
                r#"{{"error": {{"type": "card_error", "code": "{code}", "decline_code": "{decline_code}", "message": "m"}}}}"#
            )
        };
        assert_eq!(
            decline(&error("card_declined", "generic_decline")),
            Decline::Declined
        );
        assert_eq!(
            decline(&error("card_declined", "insufficient_funds")),
            Decline::InsufficientFunds
        );
        assert_eq!(
            decline(&error("expired_card", "expired_card")),
            Decline::ExpiredCard
        );
        assert_eq!(
            decline(&error("incorrect_cvc", "incorrect_cvc")),
            Decline::IncorrectCvc
        );
        assert_eq!(
            decline(&error("card_declined", "stolen_card")),
            Decline::Declined
        );
        assert_eq!(
            decline(r#"{"error": {"code": "expired_card", "message": "m"}}"#),
            Decline::ExpiredCard
        );
    }

    #[test]
    fn the_secret_key_is_never_in_an_error() {
        let failure = Failure::Api(
            StatusCode::UNAUTHORIZED,
            ApiError {
                message: Some("Invalid API Key provided: sk_test_****1234".into()),
                ..ApiError::default()
            },
        );
        let shown = PaymentError::from(failure).to_string();
        assert!(!shown.contains("sk_"), "{shown}");
    }
}
