//! Orders (issue 14; spec 7 leaves them "not shown"): placing one from Review, the
//! thank-you and invoice pages' look-up, the guest's status look-up by e-mail, and a
//! customer's orders. An order is shown to its customer's session, or to whoever
//! holds its signed token; to anyone else it does not exist (404).

pub mod wire;

use super::ApiTags;
use super::accounts::session_cookie::{Payer, Session};
use super::accounts::session_customer;
use super::checkout::wire::{CheckoutQuoteRequest, DeliveryKind};
use super::checkout::{CodeGuessError, checkout_request, codes_allowed, is_code_refusal};
use super::customer::addresses::address_fields;
use super::customer::{CustomerApiError, signed_in};
use super::error::{ApiError, ErrorMessage, message};
use super::text::Text;
use crate::ordering::place_context;
use crate::state::AppState;
use poem::Request;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};
use store_domain::accounts::Customer;
use store_domain::input::Email;
use store_domain::location::LocationQuery;
use store_domain::money::Money;
use store_domain::orders::model::{Contact, Order};
use store_domain::orders::number::OrderNumber;
use store_domain::orders::place::{
    CardChoice, DeliveryRequest, IdempotencyKey, PlaceError, PlaceRequest, place_order,
};
use store_domain::payments::Holder;
use store_domain::token::TokenHash;
use wire::{GuestStatusRequest, OrderDto, OrderList, PlaceOrderRequest};

/// A customer's orders shown at once.
const CUSTOMER_ORDERS: u32 = 100;

pub struct OrdersApi {
    pub state: AppState,
}

#[derive(ApiResponse)]
pub enum Placed {
    /// The order, placed and paid now or by an earlier submit with the same key.
    #[oai(status = 201)]
    Created(Json<OrderDto>),
}

#[derive(ApiResponse, Debug)]
pub enum PlaceOrderError {
    /// The request is malformed or incomplete; the message names the field.
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    /// The card was declined: nothing was placed or charged. Another card may be tried
    /// (with a new idempotency key).
    #[oai(status = 402)]
    Declined(Json<ErrorMessage>),
    /// Too many declined cards from this client or session, or too many codes that do
    /// not exist: try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorMessage>, #[oai(header = "Retry-After")] u64),
    /// Something changed since Review (a price, stock, a gift card's balance, a
    /// discount's uses), or the key was used for another order: nothing was placed.
    #[oai(status = 409)]
    Conflict(Json<ErrorMessage>),
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
    /// The database or the payment service is busy: send the same request again
    /// (same key) after `Retry-After` seconds; it finishes the same order.
    #[oai(status = 503)]
    Busy(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
}

fn bad_request(text: impl Into<String>) -> PlaceOrderError {
    PlaceOrderError::BadRequest(message(text))
}

impl From<ApiError> for PlaceOrderError {
    fn from(err: ApiError) -> Self {
        match err {
            ApiError::BadRequest(m) => PlaceOrderError::BadRequest(m),
            ApiError::Conflict(m) | ApiError::NotFound(m) => PlaceOrderError::Conflict(m),
            ApiError::Internal(m) => PlaceOrderError::Internal(m),
            ApiError::Busy(m, after) => PlaceOrderError::Busy(m, after),
        }
    }
}

impl From<CodeGuessError> for PlaceOrderError {
    fn from(err: CodeGuessError) -> Self {
        match err {
            CodeGuessError::BadRequest(m) => PlaceOrderError::BadRequest(m),
            CodeGuessError::NotFound(m) | CodeGuessError::Conflict(m) => {
                PlaceOrderError::Conflict(m)
            }
            CodeGuessError::TooMany(m, after) => PlaceOrderError::TooMany(m, after),
            CodeGuessError::Internal(m) => PlaceOrderError::Internal(m),
            CodeGuessError::Busy(m, after) => PlaceOrderError::Busy(m, after),
        }
    }
}

impl From<PlaceError> for PlaceOrderError {
    fn from(err: PlaceError) -> Self {
        match err {
            PlaceError::Checkout(e) => ApiError::from(e).into(),
            PlaceError::Refused(why) => bad_request(why),
            PlaceError::Changed(_) | PlaceError::KeyReused => {
                PlaceOrderError::Conflict(message(err.to_string()))
            }
            PlaceError::Declined(_) => PlaceOrderError::Declined(message(err.to_string())),
            PlaceError::PaymentUnavailable(ref detail) => {
                tracing::warn!(%detail, "the payment service failed; the order waits for a retry");
                PlaceOrderError::Busy(message(err.to_string()), 2)
            }
            PlaceError::Storage(e) => ApiError::from(e).into(),
        }
    }
}

#[derive(ApiResponse, Debug)]
pub enum LookupError {
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    /// No such order, or not this shopper's: the two are never told apart.
    #[oai(status = 404)]
    NotFound(Json<ErrorMessage>),
    #[oai(status = 429)]
    TooMany(Json<ErrorMessage>, #[oai(header = "Retry-After")] u64),
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
    #[oai(status = 503)]
    Busy(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
}

impl From<ApiError> for LookupError {
    fn from(err: ApiError) -> Self {
        match err {
            ApiError::BadRequest(m) => LookupError::BadRequest(m),
            ApiError::NotFound(m) | ApiError::Conflict(m) => LookupError::NotFound(m),
            ApiError::Internal(m) => LookupError::Internal(m),
            ApiError::Busy(m, after) => LookupError::Busy(m, after),
        }
    }
}

fn no_such_order() -> ApiError {
    ApiError::NotFound(message(
        "We found no order with this number for you. Please check the number and the e-mail address.",
    ))
}

/// The order `typed` names, if a shopper may see it at all.
async fn visible(state: &AppState, typed: &str) -> Result<(OrderNumber, Order), ApiError> {
    let number = OrderNumber::parse(typed).map_err(|_| no_such_order())?;
    let order = state
        .orders
        .records
        .order(&number)
        .await
        .map_err(ApiError::from)?
        .filter(|o| o.status.is_visible())
        .ok_or_else(no_such_order)?;
    Ok((number, order))
}

/// The order `typed` names, if this shopper may open it: to its customer's session,
/// or with its signed `token`. To anyone else it does not exist.
pub(super) async fn opened(
    state: &AppState,
    session: &Session,
    typed: &str,
    token: Option<&str>,
) -> Result<Order, ApiError> {
    let (number, order) = visible(state, typed).await?;
    let by_token = token.is_some_and(|t| state.orders.links.verify(&number, t, state.clock.now()));
    let by_session = match order.customer_id {
        Some(owner) => session_customer(state, session.token())
            .await?
            .is_some_and(|c| c.id == owner),
        None => false,
    };
    if by_token || by_session {
        Ok(order)
    } else {
        Err(no_such_order())
    }
}

impl OrdersApi {
    fn answer(&self, number: &OrderNumber, order: Order) -> Json<OrderDto> {
        let links = &self.state.orders.links;
        let gift_receipt = order
            .has_gift_receipt()
            .then(|| links.gift_receipt_code(number));
        Json(OrderDto::new(
            order,
            Some(links.token(number)),
            gift_receipt,
        ))
    }

    /// How the order reaches the shopper, and the e-mail its confirmation goes to, as
    /// the request's fields say them.
    fn delivery(
        &self,
        customer: Option<&Customer>,
        body: &PlaceOrderRequest,
    ) -> Result<(DeliveryRequest, Email), PlaceOrderError> {
        let typed_email = |fallback: Option<&str>| -> Result<Email, PlaceOrderError> {
            if let Some(customer) = customer {
                return Ok(customer.email.clone());
            }
            let given = body
                .email
                .as_deref()
                .filter(|e| !e.trim().is_empty())
                .or(fallback)
                .ok_or_else(|| bad_request("email: is required"))?;
            Ok(Email::parse(given).map_err(ApiError::from)?)
        };
        match (
            &body.shipping,
            &body.shipping_info,
            &body.pickup_info,
            &body.digital_info,
        ) {
            (None, _, _, Some(digital)) => {
                let email = typed_email(Some(&digital.email))?;
                let countries = self.state.checkout.countries.countries();
                let billing =
                    LocationQuery::parse(&digital.country, &digital.postal_code, &countries)
                        .map_err(|e| {
                            let field = if e.field == "zipCode" {
                                "postal_code"
                            } else {
                                e.field
                            };
                            bad_request(format!("digital_info.{field}: {}", e.reason))
                        })?;
                let contact = Contact::default();
                Ok((DeliveryRequest::Digital { contact, billing }, email))
            }
            (Some(choice), _, Some(pickup), _) if choice.kind == DeliveryKind::Pickup => {
                let contact = Contact {
                    name: pickup.name.trim().to_owned(),
                    phone: pickup.phone.trim().to_owned(),
                };
                if contact.name.is_empty() || contact.phone.is_empty() {
                    return Err(bad_request("pickup_info: a name and a phone are required"));
                }
                let email = typed_email(Some(&pickup.email))?;
                Ok((DeliveryRequest::Pickup(contact), email))
            }
            (Some(choice), Some(info), _, _) if choice.kind == DeliveryKind::Ship => {
                let delivery = match (info.address_id, &info.address, customer) {
                    (Some(id), _, Some(_)) => DeliveryRequest::ShipToSaved(id),
                    (None, Some(address), _) => {
                        DeliveryRequest::Ship(address_fields(&self.state, address)?)
                    }
                    _ => {
                        return Err(bad_request(
                            "shipping_info: send an address (or, signed in, an address_id)",
                        ));
                    }
                };
                let email = typed_email(None)?;
                Ok((delivery, email))
            }
            _ => Err(bad_request(
                "shipping: send a shipping method with shipping_info, pickup with pickup_info, or digital_info for a digital bag",
            )),
        }
    }

    /// The card the request names.
    fn card(
        customer: Option<&Customer>,
        payer: &Payer,
        body: &PlaceOrderRequest,
    ) -> Result<Option<CardChoice>, PlaceOrderError> {
        let Some(payment) = &body.payment else {
            return Ok(None);
        };
        match (&payment.token, payment.payment_id, customer) {
            (Some(token), _, _) => Ok(Some(CardChoice::Token {
                token: token.to_string(),
                holder: Holder::of(payer.token()),
            })),
            (None, Some(id), Some(_)) => Ok(Some(CardChoice::Saved(id))),
            _ => Err(bad_request(
                "payment: send a card token (or, signed in, a payment_id)",
            )),
        }
    }
}

#[OpenApi(tag = "ApiTags::Orders")]
impl OrdersApi {
    /// Places the order Review shows, charged once however often it is sent with the
    /// same `idempotency_key`. Every figure is priced again here: if the total or the
    /// amount due differs from `expected_total`/`expected_amount_due`, or stock or a
    /// gift card ran out meanwhile, nothing is placed (409).
    #[oai(path = "/orders", method = "post")]
    async fn place(
        &self,
        req: &Request,
        #[oai(name = "session")] session: Session,
        #[oai(name = "payer")] payer: Payer,
        body: Json<PlaceOrderRequest>,
    ) -> Result<Placed, PlaceOrderError> {
        // Card testing: a client, or a session, with too many declines tries no card.
        let client = format!("client {:?}", self.state.limits.client_key(req));
        let testers: Vec<String> = std::iter::once(client)
            .chain(
                session
                    .token()
                    .map(|t| format!("session {}", TokenHash::of(t).as_str())),
            )
            .collect();
        for tester in &testers {
            if let Err(limited) = self.state.orders.declines.check(tester).await {
                let seconds = limited.retry_after_seconds();
                return Err(PlaceOrderError::TooMany(
                    message(format!(
                        "Too many declined cards. Please try again in {seconds} s, or contact us."
                    )),
                    seconds,
                ));
            }
        }
        let body = body.0;
        let customer = session_customer(&self.state, session.token()).await?;
        let key = IdempotencyKey::parse(&body.idempotency_key).map_err(ApiError::from)?;
        let (delivery, email) = self.delivery(customer.as_ref(), &body)?;
        let card = Self::card(customer.as_ref(), &payer, &body)?;
        let quote = CheckoutQuoteRequest {
            products: body.products,
            later: Vec::new(),
            // Where the order is taxed comes from its delivery, never a ZIP beside it.
            zip_code: None,
            country: Text::default(),
            shipping: body.shipping,
            gift_cards: body.gift_cards,
            discount_code: body.discount_code,
            email: Some(email.as_str().into()),
        };
        let checkout = checkout_request(&self.state, customer.as_ref(), quote)?;
        let guesser = codes_allowed(&self.state, req, &checkout)
            .await
            .map_err(PlaceOrderError::from)?;
        let request = PlaceRequest {
            key,
            checkout,
            customer_id: customer.as_ref().map(|c| c.id),
            email,
            language: crate::api::language::of(req),
            delivery,
            card,
            expected_total: Money::from_cents(body.expected_total),
            expected_amount_due: Money::from_cents(body.expected_amount_due),
            // Checkout's bag is the customer's stored one (a guest's lives in the browser).
            from_bag: customer.is_some(),
        };
        let total = request.expected_total;
        let placed = match place_order(&place_context(&self.state), request).await {
            Err(PlaceError::Declined(why)) => {
                // Priced as Review showed it (else it would have been refused before
                // the card): what the card refused to pay.
                self.state.metrics.order_declined(total);
                for tester in &testers {
                    self.state.orders.declines.strike(tester).await;
                }
                return Err(PlaceError::Declined(why).into());
            }
            Err(PlaceError::Changed(why)) if is_code_refusal(&why) => {
                self.state.checkout.wrong_codes.strike(&guesser).await;
                return Err(PlaceError::Changed(why).into());
            }
            other => other?,
        };
        let order = placed.order;
        if !placed.replayed {
            self.state.metrics.order_placed(order.figures.total);
        }
        if let Some(why) = placed.bag_left {
            tracing::warn!(order = %order.number, error = %why, "could not take an order's lines out of the stored bag");
        }
        let number = order.number.clone();
        Ok(Placed::Created(self.answer(&number, order)))
    }

    /// One order, for the thank-you page, the invoice and the status page: to its
    /// customer's session, or with its signed `token` (from the order's answer or its
    /// confirmation mail).
    #[oai(path = "/orders/:number", method = "get")]
    async fn order(
        &self,
        #[oai(name = "session")] session: Session,
        number: Path<String>,
        /// The signed token of the order's link.
        #[oai(validator(max_length = 64))]
        token: Query<Option<String>>,
    ) -> Result<Json<OrderDto>, LookupError> {
        let order = opened(&self.state, &session, &number, token.0.as_deref()).await?;
        let number = order.number.clone();
        Ok(self.answer(&number, order))
    }

    /// A guest's look-up: the order number and the e-mail it was placed with open it
    /// (and answer its signed token). Attempts are limited per client.
    #[oai(path = "/orders/:number/status", method = "post")]
    async fn guest_status(
        &self,
        req: &Request,
        number: Path<String>,
        body: Json<GuestStatusRequest>,
    ) -> Result<Json<OrderDto>, LookupError> {
        let client = self.state.limits.client_key(req);
        if let Err(limited) = self
            .state
            .orders
            .look_ups
            .check(&format!("{client:?}"))
            .await
        {
            return Err(LookupError::TooMany(
                message("Too many order look-ups. Please try again later."),
                limited.retry_after_seconds(),
            ));
        }
        let email = Email::parse(&body.email).map_err(ApiError::from)?;
        let (number, order) = visible(&self.state, &number).await?;
        if order.email != email {
            return Err(no_such_order().into());
        }
        Ok(self.answer(&number, order))
    }

    /// The signed-in customer's orders, newest first (spec 2.1 `/account/orders`).
    #[oai(path = "/customer/orders", method = "get", tag = "ApiTags::Customer")]
    async fn customer_orders(
        &self,
        #[oai(name = "session")] session: Session,
    ) -> Result<Json<OrderList>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let orders = self
            .state
            .orders
            .records
            .customer_orders(customer.id, CUSTOMER_ORDERS)
            .await
            .map_err(ApiError::from)?;
        Ok(Json(OrderList {
            orders: orders
                .into_iter()
                .map(|o| {
                    let number = o.number.clone();
                    self.answer(&number, o).0
                })
                .collect(),
        }))
    }
}
