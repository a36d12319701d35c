//! The bag: spec 7's availability check and the quote that applies a shopper's edit,
//! the bag rules and the catalogue's prices. A guest's bag lives in the browser; these
//! calls keep no state, so the server decides every figure without storing anything.

pub mod wire;

use super::ApiTags;
use super::error::{ApiError, message};
use crate::state::AppState;
use poem_openapi::OpenApi;
use poem_openapi::payload::Json;
use store_domain::bag::{self, Change, Terms};
use wire::{ChangeInput, Line, MaxAnswer, MaxRequest, ParsedChange, QuoteAnswer, QuoteRequest};

pub struct BagApi {
    pub state: AppState,
}

#[OpenApi(tag = "ApiTags::Bag")]
impl BagApi {
    /// Spec 7: each line with its current `max` (stock capped by the per-order limit) and
    /// the catalogue's other facts about it; nothing merged or moved. A line naming an
    /// unknown item is a 404, and options its item does not have a 409, naming the line.
    #[oai(path = "/max", method = "post")]
    async fn max(&self, body: Json<MaxRequest>) -> Result<Json<MaxAnswer>, ApiError> {
        let lines = body.0.lines()?;
        let found = bag::availability(self.state.catalogue.catalog.as_ref(), lines).await?;
        Ok(Json(MaxAnswer {
            products: Line::available(found),
        }))
    }

    /// Applies `change` (if given) to the bag and later list, then the bag rules (spec
    /// 4.1: same lines merge, quantities are capped at `max`, lines with none left move
    /// to the unavailable lists, blank personalization is dropped) and prices the bag
    /// from the catalogue (spec 9). Prices, stock and totals a client sends are never
    /// read. Tax, shipping and discount are zero until checkout knows the ZIP and codes.
    /// Kept lines the catalogue no longer sells as they are come back in `withdrawn`;
    /// the change's own line is refused instead.
    #[oai(path = "/bag/quote", method = "post")]
    async fn quote(&self, body: Json<QuoteRequest>) -> Result<Json<QuoteAnswer>, ApiError> {
        let (lists, change) = body.0.parse()?;
        let change = match change {
            Some(change) => Some(resolve_change(&self.state, change).await?),
            None => None,
        };
        let quote = bag::quote(
            self.state.catalogue.catalog.as_ref(),
            lists,
            change,
            &terms(&self.state),
        )
        .await?;
        Ok(Json(answer(&self.state, quote)))
    }
}

/// The change a request asks for. A school list's picks become the lines the list's
/// rules give them (`SupplyList::lines`), added at once: an unknown grade or a list
/// not of that grade is a 404, a pick the list does not allow a 400.
pub async fn resolve_change(state: &AppState, change: ChangeInput) -> Result<Change, ApiError> {
    match change.parse()? {
        ParsedChange::Ready(change) => Ok(change),
        ParsedChange::List {
            grade_id,
            list_id,
            picks,
        } => {
            let school = state.catalogue.schools.school_of_grade(grade_id).await?;
            let list = school
                .as_ref()
                .and_then(|s| s.grade(grade_id))
                .and_then(|g| g.list(list_id))
                .ok_or_else(|| ApiError::NotFound(message("there is no such school list")))?;
            let lines = list
                .lines(&picks)
                .map_err(|e| ApiError::BadRequest(message(e.0)))?;
            Ok(Change::AddMany(lines))
        }
    }
}

/// What a bag is priced with until checkout knows more: the free-shipping threshold.
pub fn terms(state: &AppState) -> Terms {
    Terms::of_store(&state.checkout.config.shipping)
}

pub fn answer(state: &AppState, quote: bag::Quote) -> QuoteAnswer {
    QuoteAnswer::new(quote, state.checkout.config.free_shipping_over())
}
