//! Search: results with facets, and suggestions as the shopper types.

pub mod wire;

use super::ApiTags;
use super::catalog::wire::SortValue;
use super::error::ApiError;
use crate::state::AppState;
use poem::Request;
use poem_openapi::OpenApi;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use store_domain::browse;
use store_domain::catalog::MAX_PAGE;
use store_domain::input::InputError;
use store_domain::money::Money;
use store_domain::search::{self, MAX_SUGGESTIONS, ProductQuery, Selection};
use wire::{SearchResults, Suggestions};

pub struct SearchApi {
    pub state: AppState,
}

/// The facet parameters every list and search takes, as one selection, checked.
#[allow(clippy::too_many_arguments)]
pub fn selection(
    categories: Query<Option<Vec<String>>>,
    vendors: Query<Option<Vec<String>>>,
    creators: Query<Option<Vec<String>>>,
    filters: Query<Option<Vec<String>>>,
    variations: Query<Option<Vec<String>>>,
    price_min: Query<Option<i64>>,
    price_max: Query<Option<i64>>,
) -> Result<Selection, InputError> {
    let selection = Selection {
        categories: categories.0.unwrap_or_default(),
        vendors: vendors.0.unwrap_or_default(),
        creators: creators.0.unwrap_or_default(),
        filters: filters.0.unwrap_or_default(),
        variations: variations.0.unwrap_or_default(),
        price_min: price_min.0.map(Money::from_cents),
        price_max: price_max.0.map(Money::from_cents),
    };
    selection.validate()?;
    Ok(selection)
}

#[OpenApi(tag = "ApiTags::Catalog")]
impl SearchApi {
    /// Products matching a search text, with facets; parameters as for lists plus `q`.
    #[oai(path = "/search", method = "get")]
    #[allow(clippy::too_many_arguments)]
    async fn search(
        &self,
        req: &Request,
        /// The search text; 1 to 200 characters once trimmed, and at most 12 words
        /// (runs of letters and digits); more is a 400.
        q: Query<String>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000")))] page: Query<Option<u32>>,
        sort: Query<Option<SortValue>>,
        categories: Query<Option<Vec<String>>>,
        vendors: Query<Option<Vec<String>>>,
        creators: Query<Option<Vec<String>>>,
        /// "Name_Value" keys.
        filters: Query<Option<Vec<String>>>,
        /// "Name_Value" keys of variation options.
        variations: Query<Option<Vec<String>>>,
        /// Cents.
        #[oai(validator(minimum(value = "0")))]
        price_min: Query<Option<i64>>,
        /// Cents.
        #[oai(validator(minimum(value = "0")))]
        price_max: Query<Option<i64>>,
    ) -> Result<Json<SearchResults>, ApiError> {
        let text = search::search_text(&q.0)?.ok_or(InputError {
            field: "q",
            reason: "is required: type something to search for".into(),
        })?;
        let selection = selection(
            categories, vendors, creators, filters, variations, price_min, price_max,
        )?;
        let page = page.0.unwrap_or(1).min(MAX_PAGE);
        let sort = sort.0.unwrap_or_default();
        let query = ProductQuery {
            text: Some(text.clone()),
            scope: None,
            selection,
            sort: sort.into(),
            page,
        };
        let found = browse::find(
            self.state.catalogue.catalog.as_ref(),
            self.state.catalogue.search.as_ref(),
            &query,
        )
        .await?;
        if let Some(counted) = search::search_to_count(&query, found.total) {
            // Counting writes to the database, so it spends the client's budget of
            // anonymous writes; a client over it is answered but not counted. The count
            // is written later, in a batch, off the request's path.
            let limits = &self.state.limits;
            if limits.check(&limits.client_key(req)).is_ok() {
                self.state.catalogue.search_counter.count(counted);
            }
        }
        Ok(Json(SearchResults::new(
            text,
            page,
            sort,
            found,
            &query.selection,
        )))
    }

    /// Up to 50 completions of `q`: popular searches, names, product titles.
    /// Blank text gives an empty list.
    #[oai(path = "/search/suggestions", method = "get")]
    async fn suggestions(
        &self,
        /// The text typed so far; at most 200 characters and 12 words, as for search.
        #[oai(validator(max_length = 200))]
        q: Query<Option<String>>,
    ) -> Result<Json<Suggestions>, ApiError> {
        let Some(text) = search::search_text(q.0.as_deref().unwrap_or(""))? else {
            return Ok(Json(Suggestions {
                suggestions: Vec::new(),
            }));
        };
        let suggestions = self
            .state
            .catalogue
            .search
            .suggest(&text, MAX_SUGGESTIONS)
            .await?;
        Ok(Json(Suggestions { suggestions }))
    }
}
