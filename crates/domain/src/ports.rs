//! Ports: what the core needs from the outside world, one trait per concern,
//! each with its own error type. Adapters implement them; the app picks which.

use crate::catalog::{
    Bundle, Catalogue, Category, ContentPage, ListQuery, Product, ProductPage, ProductSummary,
};
use crate::inbound::{
    CampaignCount, CampaignVisit, ClientError, Email, Inquiry, SignUp, StoredClientError,
    StoredInquiry,
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

#[derive(Debug, thiserror::Error)]
pub enum InboundError {
    #[error("storage failed: {0}")]
    Storage(String),
}

/// The newsletter's subscribers, with double opt-in.
#[async_trait]
pub trait MailingList: Send + Sync {
    /// Adds `email` as pending with `token`, unless the address is already on the list.
    async fn sign_up(&self, email: &Email, token: &str) -> Result<SignUp, InboundError>;
    /// Confirms the address holding `token`; `None` when no address holds it.
    async fn confirm(&self, token: &str) -> Result<Option<Email>, InboundError>;
}

/// Messages from shoppers for the staff.
#[async_trait]
pub trait Inbox: Send + Sync {
    async fn submit(&self, inquiry: &Inquiry) -> Result<i64, InboundError>;
    /// The newest `limit` messages, newest first.
    async fn recent_inquiries(&self, limit: u32) -> Result<Vec<StoredInquiry>, InboundError>;
}

/// Campaign (`utm_*`) visit counts.
#[async_trait]
pub trait CampaignReports: Send + Sync {
    async fn record_visit(&self, visit: &CampaignVisit) -> Result<(), InboundError>;
    /// Visits grouped by identical parameters, most visits first.
    async fn visit_counts(&self) -> Result<Vec<CampaignCount>, InboundError>;
}

/// Errors reported by the browser app.
#[async_trait]
pub trait ErrorReports: Send + Sync {
    async fn record_error(&self, error: &ClientError) -> Result<(), InboundError>;
    /// The newest `limit` reports, newest first.
    async fn recent_errors(&self, limit: u32) -> Result<Vec<StoredClientError>, InboundError>;
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("the mail could not be sent: {0}")]
    Failed(String),
}

/// One plain-text e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub to: Email,
    pub subject: String,
    pub body: String,
}

/// Sending e-mail.
#[async_trait]
pub trait Mailer: Send + Sync {
    async fn send(&self, mail: &Mail) -> Result<(), MailError>;
}
