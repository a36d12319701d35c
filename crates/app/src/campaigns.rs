//! `POST /utm`: the campaign (`utm_*`) parameters of a visit, counted for the owner's
//! `store report utm`. Spec 7 puts it outside `/api`, so it is a plain handler with
//! the same guards and error shape as the API.

use crate::api::error::{ApiError, to_json_error};
use crate::api::guarded;
use crate::state::AppState;
use poem::http::{HeaderValue, Method, StatusCode, header};
use poem::web::{Data, Json};
use poem::{Endpoint, EndpointExt, IntoResponse, Request, Response, handler};
use serde::Deserialize;
use store_domain::campaigns::CampaignVisit;

#[derive(Deserialize)]
pub struct UtmBody {
    utm_source: Option<String>,
    utm_medium: Option<String>,
    utm_campaign: Option<String>,
    utm_term: Option<String>,
    utm_content: Option<String>,
}

/// `/utm`: POST only, behind the API's guards.
pub fn route(state: AppState) -> impl Endpoint {
    guarded(utm.data(state).around(post_only))
}

/// Any other method is a 405 naming the one allowed (RFC 9110 asks for `Allow`).
async fn post_only<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    if req.method() != Method::POST {
        let refused =
            poem::Error::from_string("Only POST is allowed here.", StatusCode::METHOD_NOT_ALLOWED);
        let mut resp = to_json_error(refused).await;
        resp.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("POST"));
        return Ok(resp);
    }
    next.call(req).await.map(IntoResponse::into_response)
}

#[handler]
async fn utm(state: Data<&AppState>, Json(body): Json<UtmBody>) -> Response {
    let parsed = CampaignVisit::parse(
        body.utm_source.as_deref(),
        body.utm_medium.as_deref(),
        body.utm_campaign.as_deref(),
        body.utm_term.as_deref(),
        body.utm_content.as_deref(),
    );
    let result = match parsed {
        Err(refused) => Err(ApiError::from(refused)),
        // No parameter: nothing to count, and nothing wrong either.
        Ok(None) => Ok(()),
        Ok(Some(visit)) => state
            .messages
            .campaigns
            .record_visit(&visit, state.clock.now())
            .await
            .map_err(ApiError::from),
    };
    match result {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(err) => poem::Error::from(err).into_response(),
    }
}
