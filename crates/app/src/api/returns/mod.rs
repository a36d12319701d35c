//! Returns (issue 28; spec 2.1's return pages, their calls "not shown"): what an order
//! may send back, what a return would give back before it is confirmed, asking for
//! it, and the return itself. Each opens to whoever may open its order: its
//! customer's session, or the order's signed token (which a guest gets from the
//! status look-up by number and e-mail, or from a mail's link). To anyone else the
//! order does not exist (404). A gift's recipient opens its order with the number and
//! the gift receipt's code instead, sees no prices and nothing of the buyer, and gets
//! store credit.

pub mod wire;

use super::ApiTags;
use super::accounts::session_cookie::Session;
use super::checkout::wire::rfc3339;
use super::error::{ApiError, ErrorMessage, message};
use super::orders::opened;
use crate::state::AppState;
use poem::Request;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};
use store_domain::orders::model::Order;
use store_domain::orders::number::OrderNumber;
use store_domain::returns::model::{RefundMethod, ReturnMethod, ReturnNumber};
use store_domain::returns::policy::{self, Refusal, Wanted};
use store_domain::returns::refund::LABEL_FEE;
use store_domain::returns::service::{self, Asked, ReturnError};
use wire::{
    GiftReceipt, GiftReturnDto, GiftReturnOptionsDto, GiftReturnRequest, RefundDto, ReturnDto,
    ReturnLineInput, ReturnOptionsDto, ReturnRequest,
};

pub struct ReturnsApi {
    pub state: AppState,
}

#[derive(ApiResponse)]
pub enum Requested {
    /// The return, made now or by an earlier request with the same key.
    #[oai(status = 201)]
    Created(Json<ReturnDto>),
}

#[derive(ApiResponse)]
pub enum GiftRequested {
    /// The gift return, made now or by an earlier request with the same key.
    #[oai(status = 201)]
    Gift(Json<GiftReturnDto>),
}

/// Why nothing may come back, in the shopper's language (a field, which the language
/// middleware leaves as it is: it words `message` only).
fn said(req: &Request, closed: &policy::Closed) -> String {
    super::language::say(&closed.to_string(), super::language::of(req))
}

fn refusal(why: &Refusal) -> ApiError {
    match why {
        // The order is as it is: no request can change that.
        Refusal::Closed(_) => ApiError::Conflict(message(why.to_string())),
        _ => ApiError::BadRequest(message(match why.position() {
            Some(p) => format!("lines[{p}]: {why}"),
            None => format!("lines: {why}"),
        })),
    }
}

impl From<ReturnError> for ApiError {
    fn from(err: ReturnError) -> Self {
        match err {
            ReturnError::Refused(why) => refusal(&why),
            ReturnError::NoOrder(_) | ReturnError::NoReturn(_) => {
                ApiError::NotFound(message("We found no such return for you."))
            }
            ReturnError::Busy | ReturnError::NotNow { .. } => {
                ApiError::Conflict(message(err.to_string()))
            }
            ReturnError::Storage(e) => e.into(),
        }
    }
}

/// The order lines `lines` ask for, as the domain takes them.
fn wanted(lines: &[ReturnLineInput]) -> Vec<Wanted> {
    lines
        .iter()
        .map(|l| Wanted {
            position: l.position as usize,
            quantity: l.quantity,
            reason: l.reason.into(),
            note: l
                .note
                .as_ref()
                .map(|n| n.trim().to_owned())
                .filter(|n| !n.is_empty()),
        })
        .collect()
}

/// What `body` asks for, as the domain takes it.
fn asked(body: &ReturnRequest) -> Asked {
    Asked {
        wanted: wanted(&body.lines),
        refund_method: body.refund_method.into(),
        return_method: body.return_method.into(),
        gift_recipient: None,
    }
}

#[derive(ApiResponse, Debug)]
pub enum GiftReturnError {
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    /// No such order, a wrong gift receipt code, or an order without one: never told
    /// apart.
    #[oai(status = 404)]
    NotFound(Json<ErrorMessage>),
    /// The order is not delivered, or its 30 days are over.
    #[oai(status = 409)]
    Conflict(Json<ErrorMessage>),
    /// Too many tries from this client: try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorMessage>, #[oai(header = "Retry-After")] u64),
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
    #[oai(status = 503)]
    Busy(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
}

impl From<ApiError> for GiftReturnError {
    fn from(err: ApiError) -> Self {
        match err {
            ApiError::BadRequest(m) => GiftReturnError::BadRequest(m),
            ApiError::NotFound(m) => GiftReturnError::NotFound(m),
            ApiError::Conflict(m) => GiftReturnError::Conflict(m),
            ApiError::Internal(m) => GiftReturnError::Internal(m),
            ApiError::Busy(m, after) => GiftReturnError::Busy(m, after),
        }
    }
}

impl From<ReturnError> for GiftReturnError {
    fn from(err: ReturnError) -> Self {
        ApiError::from(err).into()
    }
}

fn no_gift() -> GiftReturnError {
    GiftReturnError::NotFound(message(
        "We found no gift with this order number and gift receipt code. Please check both.",
    ))
}

impl ReturnsApi {
    /// The order a gift receipt opens, counting the try against the client's limit.
    async fn gift_order(
        &self,
        req: &Request,
        number: &str,
        code: &str,
    ) -> Result<Order, GiftReturnError> {
        let client = self.state.limits.client_key(req);
        if let Err(limited) = self
            .state
            .orders
            .look_ups
            .check(&format!("{client:?}"))
            .await
        {
            return Err(GiftReturnError::TooMany(
                message("Too many tries. Please try again later."),
                limited.retry_after_seconds(),
            ));
        }
        let number = OrderNumber::parse(number).map_err(|_| no_gift())?;
        let order = self
            .state
            .orders
            .records
            .order(&number)
            .await
            .map_err(ApiError::from)?
            .filter(|o| o.status.is_visible() && o.has_gift_receipt())
            .ok_or_else(no_gift)?;
        if !self.state.orders.links.is_gift_receipt_code(&number, code) {
            return Err(no_gift());
        }
        Ok(order)
    }
}

#[OpenApi(tag = "ApiTags::Returns")]
impl ReturnsApi {
    /// What the order may send back now: each line with the units left to return or
    /// why it cannot come back (`closed`, in the language `Accept-Language` prefers),
    /// the window, the label's cost, and the order's returns so far.
    #[oai(path = "/orders/:number/returns", method = "get")]
    async fn options(
        &self,
        req: &Request,
        #[oai(name = "session")] session: Session,
        number: Path<String>,
        /// The signed token of the order's link.
        #[oai(validator(max_length = 64))]
        token: Query<Option<String>>,
    ) -> Result<Json<ReturnOptionsDto>, ApiError> {
        let order = opened(&self.state, &session, &number, token.0.as_deref()).await?;
        let returns = self
            .state
            .orders
            .returns
            .order_returns(&order.number)
            .await?;
        let window = policy::window_open(&order, self.state.clock.now());
        let allowances = policy::allowances(&order, &returns);
        Ok(Json(ReturnOptionsDto {
            order_number: order.number.display(),
            closed: window.err().map(|closed| said(req, &closed)),
            window_closes_at: policy::delivered_at(&order)
                .map(|at| rfc3339(at.plus(policy::RETURN_WINDOW))),
            lines: ReturnOptionsDto::lines(&order, &allowances, window.is_ok()),
            label_fee: LABEL_FEE.cents(),
            card_last4: order.card.as_ref().map(|c| c.last4.clone()),
            returns: returns
                .into_iter()
                .map(|r| ReturnDto::new(r, &order))
                .collect(),
        }))
    }

    /// What the return `body` describes would give back now, checked as asking for it
    /// will be: the summary shown before the shopper confirms.
    #[oai(path = "/orders/:number/returns/preview", method = "post")]
    async fn preview(
        &self,
        #[oai(name = "session")] session: Session,
        number: Path<String>,
        #[oai(validator(max_length = 64))] token: Query<Option<String>>,
        body: Json<ReturnRequest>,
    ) -> Result<Json<RefundDto>, ApiError> {
        let order = opened(&self.state, &session, &number, token.0.as_deref()).await?;
        let refund = service::preview(
            self.state.orders.returns.as_ref(),
            &order,
            &asked(&body),
            self.state.clock.now(),
        )
        .await?;
        Ok(Json(refund.into()))
    }

    /// Asks for the return `body` describes, with its `idempotency_key`: a retry with
    /// the key answers the same return. The shopper is mailed what to do next.
    #[oai(path = "/orders/:number/returns", method = "post")]
    async fn request(
        &self,
        #[oai(name = "session")] session: Session,
        number: Path<String>,
        #[oai(validator(max_length = 64))] token: Query<Option<String>>,
        body: Json<ReturnRequest>,
    ) -> Result<Requested, ApiError> {
        let key = body
            .idempotency_key
            .clone()
            .ok_or_else(|| ApiError::BadRequest(message("idempotency_key: is required")))?;
        let order = opened(&self.state, &session, &number, token.0.as_deref()).await?;
        let ret = service::request(
            self.state.orders.returns.as_ref(),
            &order,
            &asked(&body),
            &format!("{}:{key}", order.number.as_str()),
            self.state.clock.now(),
        )
        .await?;
        Ok(Requested::Created(Json(ReturnDto::new(ret, &order))))
    }

    /// One return, for its confirmation page: to whoever may open its order.
    #[oai(path = "/returns/:number", method = "get")]
    async fn get(
        &self,
        #[oai(name = "session")] session: Session,
        /// `7KQ4-M2XD-9PRT-2`.
        number: Path<String>,
        #[oai(validator(max_length = 64))] token: Query<Option<String>>,
    ) -> Result<Json<ReturnDto>, ApiError> {
        let not_found = || ApiError::NotFound(message("We found no such return for you."));
        let number = ReturnNumber::parse(&number).map_err(|_| not_found())?;
        let order = opened(
            &self.state,
            &session,
            number.order.as_str(),
            token.0.as_deref(),
        )
        .await
        .map_err(|e| match e {
            ApiError::NotFound(_) => not_found(),
            other => other,
        })?;
        let ret = self
            .state
            .orders
            .returns
            .get(&number)
            .await?
            .ok_or_else(not_found)?;
        Ok(Json(ReturnDto::new(ret, &order)))
    }

    /// A gift's recipient opens the order with its number and the gift receipt's code:
    /// its lines and what may come back, without prices or the buyer's details. Tries
    /// are limited per client.
    #[oai(path = "/gift-returns/lookup", method = "post")]
    async fn gift_options(
        &self,
        req: &Request,
        body: Json<GiftReceipt>,
    ) -> Result<Json<GiftReturnOptionsDto>, GiftReturnError> {
        let order = self.gift_order(req, &body.order_number, &body.code).await?;
        let returns = self
            .state
            .orders
            .returns
            .order_returns(&order.number)
            .await
            .map_err(ApiError::from)?;
        let window = policy::window_open(&order, self.state.clock.now());
        let allowances = policy::allowances(&order, &returns);
        Ok(Json(GiftReturnOptionsDto {
            order_number: order.number.display(),
            closed: window.err().map(|closed| said(req, &closed)),
            window_closes_at: policy::delivered_at(&order)
                .map(|at| rfc3339(at.plus(policy::RETURN_WINDOW))),
            lines: ReturnOptionsDto::lines(&order, &allowances, window.is_ok()),
        }))
    }

    /// A gift's recipient returns items for store credit, mailed as a gift card to the
    /// address they give once the parcel is received; the buyer is told only that a
    /// gift came back. A retry with the same `idempotency_key` answers the same return.
    #[oai(path = "/gift-returns", method = "post")]
    async fn gift_return(
        &self,
        req: &Request,
        body: Json<GiftReturnRequest>,
    ) -> Result<GiftRequested, GiftReturnError> {
        let order = self.gift_order(req, &body.order_number, &body.code).await?;
        let email = store_domain::input::Email::parse(&body.email)
            .map_err(|e| ApiError::BadRequest(message(format!("email: {}", e.reason))))?;
        let asked = Asked {
            wanted: wanted(&body.lines),
            refund_method: RefundMethod::StoreCredit,
            return_method: ReturnMethod::from(body.return_method),
            gift_recipient: Some(email.as_str().to_owned()),
        };
        let ret = service::request(
            self.state.orders.returns.as_ref(),
            &order,
            &asked,
            &format!("{}:gift:{}", order.number.as_str(), body.idempotency_key),
            self.state.clock.now(),
        )
        .await?;
        Ok(GiftRequested::Gift(Json(GiftReturnDto::new(ret, &order))))
    }

    /// A gift return, for its recipient's confirmation and label: opened with the gift
    /// receipt's code. Tries are limited per client.
    #[oai(path = "/gift-returns/:number", method = "get")]
    async fn gift_return_status(
        &self,
        req: &Request,
        /// `7KQ4-M2XD-9PRT-2`.
        number: Path<String>,
        #[oai(validator(max_length = 32))] code: Query<String>,
    ) -> Result<Json<GiftReturnDto>, GiftReturnError> {
        let number = ReturnNumber::parse(&number).map_err(|_| no_gift())?;
        let order = self.gift_order(req, number.order.as_str(), &code).await?;
        let ret = self
            .state
            .orders
            .returns
            .get(&number)
            .await
            .map_err(ApiError::from)?
            .filter(|r| r.gift)
            .ok_or_else(no_gift)?;
        Ok(Json(GiftReturnDto::new(ret, &order)))
    }
}
