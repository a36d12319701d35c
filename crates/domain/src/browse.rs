//! Browsing use cases: what the storefront's read screens need, composed from the
//! catalogue port. Handlers stay thin; the decisions (which trail, how many related
//! items, what the home page shows) live here.

use crate::catalog::{
    Bundle, CategoryNode, Crumb, ListKind, ListOwner, Product, ProductCard, category_trail,
    category_tree, list_path,
};
use crate::ports::{Catalog, CatalogError, SearchError, SearchIndex};
use crate::search::{Facets, ProductQuery, Scope};

/// A read that needs both the catalogue and the search index.
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error(transparent)]
    Search(#[from] SearchError),
}

pub const RELATED_ITEMS: u32 = 8;
pub const HOME_NEW_ARRIVALS: u32 = 12;
pub const HOME_BUNDLES: u32 = 8;

pub struct ProductDetail {
    pub product: Product,
    pub breadcrumbs: Vec<Crumb>,
    pub related: Vec<ProductCard>,
}

pub async fn product_detail(
    catalog: &dyn Catalog,
    id: i64,
) -> Result<Option<ProductDetail>, CatalogError> {
    let Some(product) = catalog.product(id).await? else {
        return Ok(None);
    };
    let breadcrumbs = category_trail(&catalog.categories().await?, product.category_id);
    let related = catalog
        .related(product.id, product.category_id, RELATED_ITEMS)
        .await?;
    Ok(Some(ProductDetail {
        product,
        breadcrumbs,
        related,
    }))
}

pub async fn bundle_detail(catalog: &dyn Catalog, id: i64) -> Result<Option<Bundle>, CatalogError> {
    catalog.bundle(id).await
}

/// One page of found products, as cards, with the total and the facets.
pub struct Found {
    pub items: Vec<ProductCard>,
    pub total: u64,
    pub facets: Facets,
}

/// Asks the index, then reads the page's cards from the catalogue.
pub async fn find(
    catalog: &dyn Catalog,
    index: &dyn SearchIndex,
    query: &ProductQuery,
) -> Result<Found, FindError> {
    let hits = index.find(query).await?;
    Ok(Found {
        items: catalog.cards(&hits.ids).await?,
        total: hits.total,
        facets: hits.facets,
    })
}

pub struct ListDetail {
    pub owner: ListOwner,
    pub breadcrumbs: Vec<Crumb>,
    pub found: Found,
}

/// A category list's trail runs from its department; a vendor's or creator's list
/// is a single crumb of its own. `query.scope` names the list.
pub async fn list_detail(
    catalog: &dyn Catalog,
    index: &dyn SearchIndex,
    scope: Scope,
    query: &ProductQuery,
) -> Result<Option<ListDetail>, FindError> {
    let Some(owner) = catalog.list_owner(scope.kind, scope.id).await? else {
        return Ok(None);
    };
    let breadcrumbs = match scope.kind {
        ListKind::Category => category_trail(&catalog.categories().await?, scope.id),
        kind => vec![Crumb {
            name: owner.name.clone(),
            heb_name: owner.heb_name.clone(),
            value: list_path(kind, &owner.slug, scope.id),
        }],
    };
    let query = ProductQuery {
        scope: Some(scope),
        ..query.clone()
    };
    Ok(Some(ListDetail {
        owner,
        breadcrumbs,
        found: find(catalog, index, &query).await?,
    }))
}

pub async fn department_tree(catalog: &dyn Catalog) -> Result<Vec<CategoryNode>, CatalogError> {
    Ok(category_tree(&catalog.categories().await?))
}

pub struct Home {
    pub departments: Vec<CategoryNode>,
    pub new_arrivals: Vec<ProductCard>,
    pub bundles: Vec<ProductCard>,
}

pub async fn home(catalog: &dyn Catalog) -> Result<Home, CatalogError> {
    Ok(Home {
        departments: department_tree(catalog).await?,
        new_arrivals: catalog.new_arrivals(HOME_NEW_ARRIVALS).await?,
        bundles: catalog.bundles(HOME_BUNDLES).await?,
    })
}
