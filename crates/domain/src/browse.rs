//! Browsing use cases: what the storefront's read screens need, composed from the
//! catalogue port. Handlers stay thin; the decisions (which trail, how many related
//! items, what the home page shows) live here.

use crate::catalog::{
    Bundle, CategoryNode, Crumb, ListKind, ListQuery, Product, ProductPage, ProductSummary,
    category_trail, category_tree, list_path,
};
use crate::ports::{Catalog, CatalogError};

pub const RELATED_ITEMS: u32 = 8;
pub const HOME_NEW_ARRIVALS: u32 = 12;
pub const HOME_BUNDLES: u32 = 8;

pub struct ProductDetail {
    pub product: Product,
    pub breadcrumbs: Vec<Crumb>,
    pub related: Vec<ProductSummary>,
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

pub struct ListDetail {
    pub page: ProductPage,
    pub breadcrumbs: Vec<Crumb>,
}

/// A category list's trail runs from its department; a vendor's or creator's list
/// is a single crumb of its own.
pub async fn list_detail(
    catalog: &dyn Catalog,
    query: &ListQuery,
) -> Result<Option<ListDetail>, CatalogError> {
    let Some(page) = catalog.list(query).await? else {
        return Ok(None);
    };
    let breadcrumbs = match query.kind {
        ListKind::Category => category_trail(&catalog.categories().await?, query.id),
        kind => vec![Crumb {
            name: page.owner.name.clone(),
            heb_name: page.owner.heb_name.clone(),
            value: list_path(kind, &page.owner.slug, query.id),
        }],
    };
    Ok(Some(ListDetail { page, breadcrumbs }))
}

pub async fn department_tree(catalog: &dyn Catalog) -> Result<Vec<CategoryNode>, CatalogError> {
    Ok(category_tree(&catalog.categories().await?))
}

pub struct Home {
    pub departments: Vec<CategoryNode>,
    pub new_arrivals: Vec<ProductSummary>,
    pub bundles: Vec<ProductSummary>,
}

pub async fn home(catalog: &dyn Catalog) -> Result<Home, CatalogError> {
    Ok(Home {
        departments: department_tree(catalog).await?,
        new_arrivals: catalog.new_arrivals(HOME_NEW_ARRIVALS).await?,
        bundles: catalog.bundles(HOME_BUNDLES).await?,
    })
}
