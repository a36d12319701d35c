//! Ports: what the core needs from the outside world, one trait per concern,
//! each with its own error type. Adapters implement them; the app picks which.

use crate::catalog::{
    Bundle, Catalogue, Category, ContentPage, ListQuery, Product, ProductPage, ProductSummary,
};
use crate::reference::{Country, Currency};
use async_trait::async_trait;

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// The storage behind the catalogue failed; the text is for the log, never a shopper.
    #[error("catalogue storage failed: {0}")]
    Storage(String),
    /// An import was refused because its records contradict each other or the store.
    #[error("catalogue import rejected: {0}")]
    Rejected(String),
}

/// Reading the catalogue: what the storefront browses.
#[async_trait]
pub trait Catalog: Send + Sync {
    /// Every category, parents before children, siblings in display order.
    async fn categories(&self) -> Result<Vec<Category>, CatalogError>;
    async fn product(&self, id: i64) -> Result<Option<Product>, CatalogError>;
    async fn bundle(&self, id: i64) -> Result<Option<Bundle>, CatalogError>;
    /// One page of a category's (with its descendants'), vendor's or creator's products;
    /// `None` when the category, vendor or creator does not exist.
    async fn list(&self, query: &ListQuery) -> Result<Option<ProductPage>, CatalogError>;
    /// Other products of the same leaf category, newest first.
    async fn related(
        &self,
        product_id: i64,
        category_id: i64,
        limit: u32,
    ) -> Result<Vec<ProductSummary>, CatalogError>;
    /// Products by release date, newest first.
    async fn new_arrivals(&self, limit: u32) -> Result<Vec<ProductSummary>, CatalogError>;
    async fn bundles(&self, limit: u32) -> Result<Vec<ProductSummary>, CatalogError>;
    async fn page(&self, id: i64) -> Result<Option<ContentPage>, CatalogError>;
    async fn product_count(&self) -> Result<u64, CatalogError>;
}

/// Changing the catalogue: imports and the benchmark generator's clean-up.
#[async_trait]
pub trait CatalogWriter: Send + Sync {
    /// Adds everything in `catalogue` atomically: all of it or, on error, none of it.
    async fn import(&self, catalogue: &Catalogue) -> Result<(), CatalogError>;
    /// Removes products (and their variations and links) whose id is at least `first_id`.
    async fn remove_products_from(&self, first_id: i64) -> Result<u64, CatalogError>;
}

#[derive(Debug, thiserror::Error)]
pub enum ReferenceError {
    #[error("reference data unavailable: {0}")]
    Unavailable(String),
}

/// Where display-currency rates come from (configuration today, a live source later).
#[async_trait]
pub trait CurrencyRates: Send + Sync {
    /// The currencies other than US Dollar, with their rates from US Dollar.
    async fn currencies(&self) -> Result<Vec<Currency>, ReferenceError>;
}

/// The countries a shopper can pick, by ISO 3166 alpha-2 code.
pub trait Countries: Send + Sync {
    fn countries(&self) -> Vec<Country>;
}
