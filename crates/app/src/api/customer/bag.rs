//! The signed-in customer's bag and later list (spec 7's customer bag calls). Each
//! answers both lists as stored after the bag rules, priced as a guest's quote is.

use super::{CustomerApiError, signed_in};
use crate::api::ApiTags;
use crate::api::accounts::session_cookie::Session;
use crate::api::bag::wire::{ChangeInput, LineInput, LineKeyDto, QuoteAnswer, parse_list};
use crate::api::bag::{answer, resolve_change, terms};
use crate::api::error::ApiError;
use crate::state::AppState;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use store_domain::accounts::{self, BagEdit};
use store_domain::bag::{ListName, Lists};

pub struct CustomerBagApi {
    pub state: AppState,
}

/// Lines to merge in: the bag's, the later list's, or both at once (one transaction).
#[derive(Object)]
pub struct MergeLines {
    #[oai(default, validator(max_items = 100))]
    pub bag: Vec<LineInput>,
    #[oai(default, validator(max_items = 100))]
    pub later: Vec<LineInput>,
}

#[derive(Object)]
pub struct LaterLines {
    #[oai(validator(max_items = 100))]
    pub later: Vec<LineInput>,
}

#[derive(Object)]
pub struct BagKeys {
    #[oai(validator(max_items = 100))]
    pub bag: Vec<LineKeyDto>,
}

#[derive(Object)]
pub struct LaterKeys {
    #[oai(validator(max_items = 100))]
    pub later: Vec<LineKeyDto>,
}

#[derive(Object)]
pub struct CustomerChange {
    pub change: ChangeInput,
}

impl CustomerBagApi {
    async fn edit(
        &self,
        session: &Session,
        edit: BagEdit,
    ) -> Result<Json<QuoteAnswer>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let s = &self.state;
        let quote = accounts::edit_bag(
            s.customer.bags.as_ref(),
            s.catalogue.catalog.as_ref(),
            customer.id,
            edit,
            &terms(s),
        )
        .await?;
        Ok(Json(answer(s, quote)))
    }

    async fn merge(
        &self,
        session: &Session,
        bag: Vec<LineInput>,
        later: Vec<LineInput>,
    ) -> Result<Json<QuoteAnswer>, CustomerApiError> {
        let lists = Lists {
            products: parse_list(ListName::Products, bag).map_err(ApiError::from)?,
            later: parse_list(ListName::Later, later).map_err(ApiError::from)?,
        };
        self.edit(session, BagEdit::Merge(lists)).await
    }

    async fn remove(
        &self,
        session: &Session,
        list: ListName,
        keys: Vec<LineKeyDto>,
    ) -> Result<Json<QuoteAnswer>, CustomerApiError> {
        let keys = keys.into_iter().map(Into::into).collect();
        self.edit(session, BagEdit::Remove { list, keys }).await
    }
}

#[OpenApi(tag = "ApiTags::Customer")]
impl CustomerBagApi {
    /// The stored bag and later list, priced (spec 7 `GET /api/customer/bag`). Lines
    /// the catalogue no longer sells as they are come back in `withdrawn`.
    #[oai(path = "/customer/bag", method = "get")]
    async fn bag(
        &self,
        #[oai(name = "session")] session: Session,
    ) -> Result<Json<QuoteAnswer>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let s = &self.state;
        let quote = accounts::stored_bag(
            s.customer.bags.as_ref(),
            s.catalogue.catalog.as_ref(),
            customer.id,
            &terms(s),
        )
        .await?;
        Ok(Json(answer(s, quote)))
    }

    /// The same answer as `GET /api/customer/bag`: both lists are one record, so a
    /// client reading the later list sees the bag it goes with.
    #[oai(path = "/customer/later", method = "get")]
    async fn later(
        &self,
        #[oai(name = "session")] session: Session,
    ) -> Result<Json<QuoteAnswer>, CustomerApiError> {
        self.bag(session).await
    }

    /// Merges lines into the stored lists by the bag rules (spec 4.1, 4.3: the same
    /// line adds up, quantities are capped): what signing in does with a guest's bag
    /// and later list, both in one request so they are merged in one transaction.
    /// Lines the catalogue no longer sells are withdrawn, not refused.
    #[oai(path = "/customer/bag", method = "post")]
    async fn merge_bag(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<MergeLines>,
    ) -> Result<Json<QuoteAnswer>, CustomerApiError> {
        let MergeLines { bag, later } = body.0;
        self.merge(&session, bag, later).await
    }

    /// Merges lines into the stored later list, as `POST /api/customer/bag` does.
    #[oai(path = "/customer/later", method = "post")]
    async fn merge_later(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<LaterLines>,
    ) -> Result<Json<QuoteAnswer>, CustomerApiError> {
        self.merge(&session, Vec::new(), body.0.later).await
    }

    /// Takes bag lines out by identity; a line already gone is no error.
    #[oai(path = "/customer/bag/delete", method = "post")]
    async fn delete_bag(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<BagKeys>,
    ) -> Result<Json<QuoteAnswer>, CustomerApiError> {
        self.remove(&session, ListName::Products, body.0.bag).await
    }

    /// Takes later lines out by identity; a line already gone is no error.
    #[oai(path = "/customer/later/delete", method = "post")]
    async fn delete_later(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<LaterKeys>,
    ) -> Result<Json<QuoteAnswer>, CustomerApiError> {
        self.remove(&session, ListName::Later, body.0.later).await
    }

    /// One edit of the stored lists, as `POST /api/bag/quote` takes it from a guest:
    /// the server applies it to what it stores, so two devices never overwrite each
    /// other. A change naming a line that is not there is a 409; its new line's item
    /// unknown is a 404.
    #[oai(path = "/customer/bag/change", method = "post")]
    async fn change(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<CustomerChange>,
    ) -> Result<Json<QuoteAnswer>, CustomerApiError> {
        let change = resolve_change(&self.state, body.0.change).await?;
        self.edit(&session, BagEdit::Change(change)).await
    }
}
