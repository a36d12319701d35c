//! Returns (issue 28; spec 2.1's return pages, their calls "not shown"): what an order
//! may send back, what a return would give back before it is confirmed, asking for
//! it, and the return itself. Each opens to whoever may open its order: its
//! customer's session, or the order's signed token (which a guest gets from the
//! status look-up by number and e-mail, or from a mail's link). To anyone else the
//! order does not exist (404).

pub mod wire;

use super::ApiTags;
use super::accounts::session_cookie::Session;
use super::checkout::wire::rfc3339;
use super::error::{ApiError, message};
use super::orders::opened;
use crate::state::AppState;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};
use store_domain::returns::model::ReturnNumber;
use store_domain::returns::policy::{self, Refusal, Wanted};
use store_domain::returns::refund::LABEL_FEE;
use store_domain::returns::service::{self, Asked, ReturnError};
use wire::{RefundDto, ReturnDto, ReturnOptionsDto, ReturnRequest};

pub struct ReturnsApi {
    pub state: AppState,
}

#[derive(ApiResponse)]
pub enum Requested {
    /// The return, made now or by an earlier request with the same key.
    #[oai(status = 201)]
    Created(Json<ReturnDto>),
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

/// What `body` asks for, as the domain takes it.
fn asked(body: &ReturnRequest) -> Asked {
    Asked {
        wanted: body
            .lines
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
            .collect(),
        refund_method: body.refund_method.into(),
        return_method: body.return_method.into(),
        gift_recipient: None,
    }
}

#[OpenApi(tag = "ApiTags::Returns")]
impl ReturnsApi {
    /// What the order may send back now: each line with the units left to return or
    /// why it cannot come back, the window, the label's cost, where to drop parcels
    /// off, and the order's returns so far.
    #[oai(path = "/orders/:number/returns", method = "get")]
    async fn options(
        &self,
        #[oai(name = "session")] session: Session,
        number: Path<String>,
        /// The signed token of the order's link.
        #[oai(validator(max_length = 64))]
        token: Query<Option<String>>,
    ) -> Result<Json<ReturnOptionsDto>, ApiError> {
        let order = opened(&self.state, &session, &number, token.0.as_deref()).await?;
        let returns = self.state.returns.order_returns(&order.number).await?;
        let window = policy::window_open(&order, self.state.clock.now());
        let allowances = policy::allowances(&order, &returns);
        Ok(Json(ReturnOptionsDto {
            order_number: order.number.display(),
            closed: window.err().map(|closed| closed.to_string()),
            window_closes_at: policy::delivered_at(&order)
                .map(|at| rfc3339(at.plus(policy::RETURN_WINDOW))),
            lines: ReturnOptionsDto::lines(&order, &allowances, window.is_ok()),
            label_fee: LABEL_FEE.cents(),
            drop_off_address: self.state.store.address.clone(),
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
            self.state.returns.as_ref(),
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
            self.state.returns.as_ref(),
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
            .returns
            .get(&number)
            .await?
            .ok_or_else(not_found)?;
        Ok(Json(ReturnDto::new(ret, &order)))
    }
}
