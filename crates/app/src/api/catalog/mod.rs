//! Catalogue reads: departments, home, products, bundles, lists, content pages.

pub mod wire;

use super::ApiTags;
use super::error::ApiError;
use super::search::selection;
use crate::state::AppState;
use poem_openapi::OpenApi;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use store_domain::browse;
use store_domain::catalog::MAX_PAGE;
use store_domain::search::{ProductQuery, Scope};
use wire::{Bundle, Category, ContentPage, Home, ListIndex, Product, ProductList, SortValue};

pub struct CatalogApi {
    pub state: AppState,
}

#[OpenApi(tag = "ApiTags::Catalog")]
impl CatalogApi {
    /// The department tree: name, children and the list path (`value`) of each category.
    #[oai(path = "/categories", method = "get")]
    async fn categories(&self) -> Result<Json<Vec<Category>>, ApiError> {
        let tree = browse::department_tree(self.state.catalogue.catalog.as_ref()).await?;
        Ok(Json(tree.into_iter().map(Category::from).collect()))
    }

    /// What the home page shows: departments, new arrivals and bundles.
    #[oai(path = "/home", method = "get")]
    async fn home(&self) -> Result<Json<Home>, ApiError> {
        Ok(Json(
            browse::home(self.state.catalogue.catalog.as_ref())
                .await?
                .into(),
        ))
    }

    /// A product's detail page, in English and Hebrew.
    #[oai(path = "/products/:id", method = "get")]
    async fn product(
        &self,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<Json<Product>, ApiError> {
        let detail = browse::product_detail(self.state.catalogue.catalog.as_ref(), id.0).await?;
        detail
            .map(|d| Json(d.into()))
            .ok_or_else(|| ApiError::not_found("Product"))
    }

    /// A bundle's detail page with its items.
    #[oai(path = "/bundles/:id", method = "get")]
    async fn bundle(
        &self,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<Json<Bundle>, ApiError> {
        let bundle = browse::bundle_detail(self.state.catalogue.catalog.as_ref(), id.0).await?;
        bundle
            .map(|b| Json(b.into()))
            .ok_or_else(|| ApiError::not_found("Bundle"))
    }

    /// One page of a category's (with its subcategories'), vendor's or creator's
    /// products, with facets. Repeat a facet parameter to select several values.
    #[oai(path = "/lists/:index/:id", method = "get")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        index: Path<ListIndex>,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
        /// 1-based page number.
        #[oai(validator(minimum(value = "1"), maximum(value = "1000")))]
        page: Query<Option<u32>>,
        sort: Query<Option<SortValue>>,
        /// Category ids (the products' own categories).
        categories: Query<Option<Vec<String>>>,
        /// Vendor ids ("Brand").
        vendors: Query<Option<Vec<String>>>,
        /// Creator ids.
        creators: Query<Option<Vec<String>>>,
        /// "Name_Value" keys, e.g. `Material_Wood`.
        filters: Query<Option<Vec<String>>>,
        /// "Name_Value" keys of variation options, e.g. `Size_Large`.
        variations: Query<Option<Vec<String>>>,
        /// Cents.
        #[oai(validator(minimum(value = "0")))]
        price_min: Query<Option<i64>>,
        /// Cents.
        #[oai(validator(minimum(value = "0")))]
        price_max: Query<Option<i64>>,
    ) -> Result<Json<ProductList>, ApiError> {
        let selection = selection(
            categories, vendors, creators, filters, variations, price_min, price_max,
        )?;
        let page = page.0.unwrap_or(1).min(MAX_PAGE);
        let sort = sort.0.unwrap_or_default();
        let scope = Scope {
            kind: index.0.into(),
            id: id.0,
        };
        let query = ProductQuery {
            text: None,
            scope: Some(scope),
            selection,
            sort: sort.into(),
            page,
        };
        let detail = browse::list_detail(
            self.state.catalogue.catalog.as_ref(),
            self.state.catalogue.search.as_ref(),
            scope,
            &query,
        )
        .await?;
        let detail = detail.ok_or_else(|| ApiError::not_found("List"))?;
        Ok(Json(ProductList::new(
            index.0,
            id.0,
            page,
            sort,
            detail,
            &query.selection,
        )))
    }

    /// A content page such as the about page or a policy.
    #[oai(path = "/pages/:id", method = "get")]
    async fn page(
        &self,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<Json<ContentPage>, ApiError> {
        let page = self.state.catalogue.catalog.page(id.0).await?;
        page.map(|p| Json(p.into()))
            .ok_or_else(|| ApiError::not_found("Page"))
    }
}
