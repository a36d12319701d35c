//! Ports: what the core needs from the outside world, one trait per concern,
//! each with its own error type. Adapters implement them; the app picks which.

use crate::accounts::{Address, AddressFields, Customer, Password, Pick};
use crate::bag::{ItemRef, Lists, Offer};
use crate::campaigns::{CampaignCount, CampaignVisit};
use crate::catalog::{
    Bundle, CatalogImport, Category, ContentPage, ListKind, ListOwner, Product, ProductCard,
    ProductChange,
};
use crate::client_errors::{ClientError, StoredClientError};
use crate::clock::Timestamp;
use crate::input::Email;
use crate::messages::{Inquiry, StoredInquiry};
use crate::payments::{
    CardDetails, CardOwner, CardSaved, CardToken, Charge, Holder, KeptCard, ListedCharge,
    PaymentError, SavedCard,
};
use crate::reference::{Country, Currency};
use crate::retention::Purge;
use crate::search::{ProductQuery, SearchDoc, SearchHits};
use crate::token::TokenHash;
use async_trait::async_trait;

// Locating a shopper by ZIP lives beside its rule of which tax rate applies.
pub use crate::location::{ZipError, ZipLookup};

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// The storage behind the catalogue failed; the text is for the log, never a shopper.
    #[error("catalogue storage failed: {0}")]
    Storage(String),
    /// An import or a change was refused because its records contradict each other,
    /// the catalogue's rules or the store.
    #[error("catalogue change rejected: {0}")]
    Rejected(String),
    /// Another writer held the database past the wait; retrying shortly can succeed.
    #[error("the database is busy")]
    Busy,
}

/// Reading the catalogue: what the storefront browses. A hidden product (and a bundle
/// holding one) is out of sight and off sale: every read below leaves it out, but
/// `product_count`, which counts what the catalogue holds.
#[async_trait]
pub trait Catalog: Send + Sync {
    /// Every category, parents before children, siblings in display order.
    async fn categories(&self) -> Result<Vec<Category>, CatalogError>;
    /// `None` when there is no such product or it is hidden.
    async fn product(&self, id: i64) -> Result<Option<Product>, CatalogError>;
    /// `None` when there is no such bundle or one of its items is hidden.
    async fn bundle(&self, id: i64) -> Result<Option<Bundle>, CatalogError>;
    /// The category, vendor or creator a list belongs to; `None` when it does not exist.
    async fn list_owner(&self, kind: ListKind, id: i64) -> Result<Option<ListOwner>, CatalogError>;
    /// Product cards for `ids`, in that order; unknown and hidden ids are left out.
    async fn cards(&self, ids: &[i64]) -> Result<Vec<ProductCard>, CatalogError>;
    /// What a bag needs to know of each item in `items` (price, stock, tax code,
    /// options, what its line shows), in any order; unknown and hidden items are left
    /// out, so a bag withdraws them and an order refuses them.
    async fn offers(&self, items: &[ItemRef]) -> Result<Vec<Offer>, CatalogError>;
    /// The products on show with ids above `after_id`, in id order, at most `limit`,
    /// as the search index holds them: the catalogue a page at a time, each page
    /// starting after the last id of the one before (an id, not an offset, so a page
    /// costs the same wherever it starts).
    async fn search_documents_page(
        &self,
        after_id: i64,
        limit: u32,
    ) -> Result<Vec<SearchDoc>, CatalogError>;
    /// Every product on show, as the search index holds it, in id order.
    async fn search_documents(&self) -> Result<Vec<SearchDoc>, CatalogError> {
        let mut docs: Vec<SearchDoc> = Vec::new();
        loop {
            let after = docs.last().map_or(i64::MIN, |d| d.id);
            let page = self.search_documents_page(after, 10_000).await?;
            if page.is_empty() {
                return Ok(docs);
            }
            docs.extend(page);
        }
    }
    /// A number that changes whenever the catalogue does, so a running server can
    /// notice another process's import and refresh its search index.
    async fn catalogue_version(&self) -> Result<i64, CatalogError>;
    /// Other products of the same leaf category, newest first.
    async fn related(
        &self,
        product_id: i64,
        category_id: i64,
        limit: u32,
    ) -> Result<Vec<ProductCard>, CatalogError>;
    /// Products by release date, newest first.
    async fn new_arrivals(&self, limit: u32) -> Result<Vec<ProductCard>, CatalogError>;
    async fn bundles(&self, limit: u32) -> Result<Vec<ProductCard>, CatalogError>;
    async fn page(&self, id: i64) -> Result<Option<ContentPage>, CatalogError>;
    async fn product_count(&self) -> Result<u64, CatalogError>;
}

/// Changing the catalogue: imports, the owner's changes of a product and the benchmark
/// generator's clean-up. Each change moves the catalogue version.
#[async_trait]
pub trait CatalogWriter: Send + Sync {
    /// Adds everything in `catalogue` atomically: all of it or, on error, none of it.
    async fn import(&self, catalogue: &CatalogImport) -> Result<(), CatalogError>;
    /// Applies `change` (refused unless `ProductChange::validate` passes) to product
    /// `id`: `true` when it was changed, `false` when there is no such product.
    async fn change_product(&self, id: i64, change: &ProductChange) -> Result<bool, CatalogError>;
    /// Removes products (and their variations and links) whose id is at least `first_id`.
    async fn remove_products_from(&self, first_id: i64) -> Result<u64, CatalogError>;
}

#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// The index failed; the text is for the log, never a shopper.
    #[error("search index failed: {0}")]
    Storage(String),
}

/// The catalogue's search documents, one page after another in ascending id order,
/// until `None`: what a rebuild reads.
#[async_trait]
pub trait DocumentPages: Send {
    async fn next_page(&mut self) -> Result<Option<Vec<SearchDoc>>, SearchError>;
}

/// Finding products by text and facets; the catalogue stays the source of truth and
/// the index is rebuilt from it.
#[async_trait]
pub trait SearchIndex: Send + Sync {
    /// Replaces everything indexed with `docs`. Queries keep being answered from the
    /// previous generation until the new one is complete.
    async fn rebuild(&self, docs: Vec<SearchDoc>) -> Result<(), SearchError>;
    /// Replaces everything indexed with the documents `pages` yields, as read from
    /// catalogue `version`. An index that keeps its generations (on disk) names the new
    /// one for `version` and takes the pages as they come, so a rebuild never holds the
    /// whole catalogue; one that does not gathers them and calls `rebuild`.
    async fn rebuild_from(
        &self,
        version: i64,
        pages: &mut dyn DocumentPages,
    ) -> Result<(), SearchError> {
        let _ = version;
        let mut docs = Vec::new();
        while let Some(page) = pages.next_page().await? {
            docs.extend(page);
        }
        self.rebuild(docs).await
    }
    /// One page of the products matching `query`, with the total and the facets.
    async fn find(&self, query: &ProductQuery) -> Result<SearchHits, SearchError>;
    /// Up to `limit` completions of `text`: popular searches first, then names of
    /// vendors, creators and categories, then product titles.
    async fn suggest(&self, text: &str, limit: usize) -> Result<Vec<String>, SearchError>;
    /// The searches shoppers ran most that found something, most popular first.
    async fn set_popular_searches(&self, searches: Vec<String>) -> Result<(), SearchError>;
}

/// Counting what shoppers search for: the query text only, never who or when.
#[async_trait]
pub trait SearchLog: Send + Sync {
    /// Adds each count to its normalised query's total, all or nothing.
    async fn record_searches(&self, counts: &[(String, u64)]) -> Result<(), SearchError>;
    /// Queries searched at least `min_count` times, most searched first.
    async fn popular_searches(
        &self,
        min_count: u64,
        limit: u32,
    ) -> Result<Vec<String>, SearchError>;
    /// Forgets every query but the `keep` searched most (equal counts in query
    /// order); how many it forgot.
    async fn keep_most_searched(&self, keep: u32) -> Result<u64, SearchError>;
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

#[derive(Debug, Clone, thiserror::Error)]
pub enum StorageError {
    #[error("storage failed: {0}")]
    Storage(String),
    /// Another writer held the database past the wait; retrying shortly can succeed.
    #[error("the database is busy")]
    Busy,
}

/// Counts of attempts per key in fixed windows, kept where every instance of the store
/// sees them: the throttles on guessing (passwords per address, gift card codes,
/// declined cards, guest order look-ups), which must count across all instances or a
/// guesser spreading over N of them gets N times the tries.
#[async_trait]
pub trait Throttles: Send + Sync {
    /// Adds `add` to `key`'s count in its current window; a key with no window, or
    /// one that ended by `now`, starts a new one ending at `now + window`. Answers the
    /// count after the addition and when its window ends.
    async fn add(
        &self,
        key: &str,
        add: u32,
        window: std::time::Duration,
        now: Timestamp,
    ) -> Result<(u64, Timestamp), StorageError>;

    /// `key`'s count in its window current at `now`, and when that ends; `None` when
    /// it has none.
    async fn current(
        &self,
        key: &str,
        now: Timestamp,
    ) -> Result<Option<(u64, Timestamp)>, StorageError>;

    /// Forgets the windows that ended by `now`; how many.
    async fn forget_ended(&self, now: Timestamp) -> Result<u64, StorageError>;
}

/// Whether storage takes writes now: the question a readiness check asks.
#[async_trait]
pub trait WriteProbe: Send + Sync {
    /// Rewrites one tiny scratch record, so a full disk or a read-only database shows
    /// here before a shopper's write fails.
    async fn probe_write(&self, at: Timestamp) -> Result<(), StorageError>;
}

/// The newsletter's subscribers, with double opt-in. Only a token's hash is stored.
#[async_trait]
pub trait MailingList: Send + Sync {
    /// Gives `email` a new pending token, valid until `expires_at` and replacing any
    /// earlier one, and notes `now` as the time of its last mail; unless the address
    /// is confirmed, or was last mailed after `quiet_since` (its cooldown). `true`
    /// when the token was issued: the caller mails it.
    async fn issue_token(
        &self,
        email: &Email,
        token: &TokenHash,
        now: Timestamp,
        expires_at: Timestamp,
        quiet_since: Timestamp,
    ) -> Result<bool, StorageError>;
    /// Confirms the address whose token hashes to `token`, if that token has not
    /// expired at `now`, and spends it; `None` when no live token matches.
    async fn confirm(
        &self,
        token: &TokenHash,
        now: Timestamp,
    ) -> Result<Option<Email>, StorageError>;
    /// Removes the addresses that are not confirmed and hold no token live at `now`,
    /// then every unconfirmed address but the `keep_newest` mailed last; how many.
    async fn purge_pending(&self, now: Timestamp, keep_newest: u32) -> Result<u64, StorageError>;
}

/// Messages from shoppers for the staff.
#[async_trait]
pub trait Inbox: Send + Sync {
    /// Keeps `inquiry`, received `at`; its id.
    async fn submit(&self, inquiry: &Inquiry, at: Timestamp) -> Result<i64, StorageError>;
    /// The newest `limit` messages, newest first.
    async fn recent_inquiries(&self, limit: u32) -> Result<Vec<StoredInquiry>, StorageError>;
    /// Removes the messages `purge` does not keep; how many.
    async fn purge_inquiries(&self, purge: Purge) -> Result<u64, StorageError>;
}

/// Campaign (`utm_*`) visit counts.
#[async_trait]
pub trait CampaignReports: Send + Sync {
    async fn record_visit(&self, visit: &CampaignVisit, at: Timestamp) -> Result<(), StorageError>;
    /// Visits grouped by identical parameters, most visits first.
    async fn visit_counts(&self) -> Result<Vec<CampaignCount>, StorageError>;
    /// Removes the visits `purge` does not keep; how many.
    async fn purge_visits(&self, purge: Purge) -> Result<u64, StorageError>;
}

/// Errors reported by the browser app.
#[async_trait]
pub trait ErrorReports: Send + Sync {
    async fn record_error(&self, error: &ClientError, at: Timestamp) -> Result<(), StorageError>;
    /// The newest `limit` reports, newest first.
    async fn recent_errors(&self, limit: u32) -> Result<Vec<StoredClientError>, StorageError>;
    /// Removes the reports `purge` does not keep; how many.
    async fn purge_errors(&self, purge: Purge) -> Result<u64, StorageError>;
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

/// Secrets the store makes for itself (the key that signs order links), kept where
/// every instance finds the same one.
#[async_trait]
pub trait StoreSecrets: Send + Sync {
    /// The secret named `name`; `candidate` becomes it if there is none yet.
    async fn secret(&self, name: &str, candidate: &str) -> Result<String, StorageError>;
    /// The keys that sign order links after the first (the secret `order_links`),
    /// oldest first, each with when it was added.
    async fn link_keys(&self) -> Result<Vec<(String, Timestamp)>, StorageError>;
    /// Adds `secret` as the newest link key, made at `at`; answers its number (the
    /// first key is 1).
    async fn add_link_key(&self, secret: &str, at: Timestamp) -> Result<i64, StorageError>;
}

/// Sending e-mail.
#[async_trait]
pub trait Mailer: Send + Sync {
    async fn send(&self, mail: &Mail) -> Result<(), MailError>;
}

/// A mail as the embedded outbox keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMail {
    pub id: i64,
    /// ISO-8601 UTC.
    pub queued_at: String,
    pub mail: Mail,
}

/// The embedded mailer's outbox: where mails wait when no mail service is configured,
/// read by `store mail`.
#[async_trait]
pub trait MailOutbox: Send + Sync {
    /// Keeps `mail`, queued at `at`; in the same write, deletes the mails queued
    /// before `prune_before`, when given.
    async fn keep_mail(
        &self,
        mail: &Mail,
        at: Timestamp,
        prune_before: Option<Timestamp>,
    ) -> Result<(), StorageError>;

    /// The newest `limit` mails, newest first.
    async fn recent_mail(&self, limit: u32) -> Result<Vec<StoredMail>, StorageError>;
}

/// What time it is. A port so that tests set the time, and so that every write
/// records the time the core decided, not a database default.
pub trait Clock: Send + Sync {
    fn now(&self) -> Timestamp;
}

/// Why a password could not be hashed (the hasher's own failure, never the input's).
#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct PasswordError(pub String);

/// Password hashing: slow on purpose, so the adapter runs it off the request threads.
#[async_trait]
pub trait Passwords: Send + Sync {
    /// A self-describing hash (algorithm, parameters and salt included).
    async fn hash(&self, password: &Password) -> Result<String, PasswordError>;
    /// Whether `password` matches `hash`. With no hash (no such account) it checks a
    /// fixed one instead, so an unknown address costs the time a wrong password does.
    async fn verify(&self, password: &Password, hash: Option<&str>) -> bool;
}

/// A registration waiting for its mailed code.
#[derive(Debug, Clone)]
pub struct PendingRegistration {
    pub email: Email,
    pub name: String,
    pub password_hash: String,
    pub code: TokenHash,
    pub expires_at: Timestamp,
}

/// Customers, their sessions, pending registrations and reset links. Only hashes of
/// passwords, session tokens, codes and links are stored.
#[async_trait]
pub trait Accounts: Send + Sync {
    async fn customer_by_email(&self, email: &Email) -> Result<Option<Customer>, StorageError>;
    /// The customer with `email` and their password hash.
    async fn credentials(&self, email: &Email) -> Result<Option<(Customer, String)>, StorageError>;
    /// Holds `pending`, replacing an earlier registration of the same address and its
    /// count of wrong codes.
    async fn hold_registration(&self, pending: &PendingRegistration) -> Result<(), StorageError>;
    /// Creates the customer of the pending registration of `email` if `code` is its
    /// code, it has not expired and fewer than `max_attempts` wrong codes were tried;
    /// each wrong code counts. `None` when no customer was created (a wrong, spent or
    /// expired code, or an address registered meanwhile).
    async fn confirm_registration(
        &self,
        email: &Email,
        code: &TokenHash,
        now: Timestamp,
        max_attempts: u32,
    ) -> Result<Option<Customer>, StorageError>;
    async fn start_session(
        &self,
        customer: i64,
        token: &TokenHash,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<(), StorageError>;
    /// The customer of an unexpired session.
    async fn session_customer(
        &self,
        token: &TokenHash,
        now: Timestamp,
    ) -> Result<Option<Customer>, StorageError>;
    async fn end_session(&self, token: &TokenHash) -> Result<(), StorageError>;
    async fn update_name(
        &self,
        customer: i64,
        name: &str,
    ) -> Result<Option<Customer>, StorageError>;
    /// Gives the customer a reset link valid until `expires_at`, replacing earlier ones.
    async fn issue_reset(
        &self,
        customer: i64,
        token: &TokenHash,
        expires_at: Timestamp,
    ) -> Result<(), StorageError>;
    /// Whether `token` is an unexpired reset link, without spending it: checked before a
    /// new password is hashed, so a made-up link costs no hash.
    async fn reset_link_works(
        &self,
        token: &TokenHash,
        now: Timestamp,
    ) -> Result<bool, StorageError>;
    /// Spends an unexpired reset link: sets the password hash and ends every session
    /// of the customer, in one transaction. `None` for an unknown, spent or expired link.
    async fn reset_password(
        &self,
        token: &TokenHash,
        password_hash: &str,
        now: Timestamp,
    ) -> Result<Option<Customer>, StorageError>;
    /// Removes sessions, pending registrations and reset links expired at `now`; how
    /// many. (Each is refused once expired anyway; this keeps the tables small.)
    async fn purge_expired(&self, now: Timestamp) -> Result<u64, StorageError>;
}

/// A customer's stored bag and later list, and the version that changes with each write.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredLists {
    pub lists: Lists,
    /// 0 while nothing has been stored.
    pub version: i64,
}

/// Signed-in customers' bags and later lists (spec 6), one aggregate per customer.
#[async_trait]
pub trait CustomerBags: Send + Sync {
    async fn bag(&self, customer: i64) -> Result<StoredLists, StorageError>;
    /// Stores `lists` if the stored version is still `version` (0: none stored yet),
    /// replacing both lists and moving the version on. `false` when another write came
    /// first: the caller reads again and redoes its edit.
    async fn save_bag(
        &self,
        customer: i64,
        version: i64,
        lists: &Lists,
    ) -> Result<bool, StorageError>;
}

/// Favorites and followed creators and vendors: references kept per customer.
#[async_trait]
pub trait Picks: Send + Sync {
    /// Every pick of the customer, newest first.
    async fn picks(&self, customer: i64) -> Result<Vec<Pick>, StorageError>;
    /// Adds the picks not held yet; those held keep their time.
    async fn add_picks(
        &self,
        customer: i64,
        picks: &[Pick],
        at: Timestamp,
    ) -> Result<(), StorageError>;
    async fn remove_picks(&self, customer: i64, picks: &[Pick]) -> Result<(), StorageError>;
}

/// Saved addresses. Every call is scoped to one customer: another customer's id is
/// not found. Marking one the default clears the others in the same transaction.
#[async_trait]
pub trait Addresses: Send + Sync {
    /// In the order they were added.
    async fn addresses(&self, customer: i64) -> Result<Vec<Address>, StorageError>;
    /// `None` when the customer already keeps `max` addresses.
    async fn add_address(
        &self,
        customer: i64,
        fields: &AddressFields,
        max: usize,
    ) -> Result<Option<Address>, StorageError>;
    async fn update_address(
        &self,
        customer: i64,
        id: i64,
        fields: &AddressFields,
    ) -> Result<Option<Address>, StorageError>;
    async fn remove_address(&self, customer: i64, id: i64)
    -> Result<Option<Address>, StorageError>;
}

/// Saved cards: a gateway's token and what may be shown of the card, never more.
#[async_trait]
pub trait SavedCards: Send + Sync {
    /// In the order they were added.
    async fn cards(&self, customer: i64) -> Result<Vec<SavedCard>, StorageError>;
    /// Saves `card` unless the customer keeps `max` cards already or the token is
    /// another customer's. Saving a token saved before answers the card saved then.
    async fn add_card(
        &self,
        customer: i64,
        card: &CardToken,
        default: bool,
        max: usize,
        at: Timestamp,
    ) -> Result<CardSaved, StorageError>;
    async fn set_default_card(
        &self,
        customer: i64,
        id: i64,
        default: bool,
    ) -> Result<Option<SavedCard>, StorageError>;
    async fn remove_card(&self, customer: i64, id: i64) -> Result<Option<SavedCard>, StorageError>;
    /// The card processor's own name for the customer (Stripe's `cus_…`), once a card
    /// of theirs was kept there.
    async fn processor_customer(&self, customer: i64) -> Result<Option<String>, StorageError>;
    /// Records `reference` unless one is recorded already; answers the one recorded.
    async fn set_processor_customer(
        &self,
        customer: i64,
        reference: &str,
    ) -> Result<String, StorageError>;
}

/// The card processor: it alone sees a card's number and CVC.
#[async_trait]
pub trait PaymentGateway: Send + Sync {
    /// Tokenises `card` for `holder`, the browser that typed it (`payments::Holder`).
    async fn create_token(
        &self,
        card: &CardDetails,
        holder: &Holder,
        at: Timestamp,
    ) -> Result<CardToken, PaymentError>;
    /// What the gateway holds for a token it issued, while the token is younger than
    /// `payments::CARD_TOKEN_LIFETIME` at `at` and asked for by the holder it was made
    /// for (a saved card pays by its id, not this). A processor whose tokens are made in
    /// the browser, out of the store's sight, cannot tell holders apart and ignores it.
    async fn card(
        &self,
        token: &str,
        holder: &Holder,
        at: Timestamp,
    ) -> Result<Option<CardToken>, PaymentError>;
    /// Keeps a new card's token (its `holder`'s, within its hour) for the store's
    /// customer `owner`, to pay with later: the card, with the token that pays with it
    /// from now on, and the processor's name for the customer if it made one. `None`
    /// for a token it does not show to this holder. By default the token itself pays
    /// on (the sandbox, the fake); a processor attaches it to its customer.
    async fn keep(
        &self,
        token: &str,
        holder: &Holder,
        _owner: &CardOwner,
        at: Timestamp,
    ) -> Result<Option<KeptCard>, PaymentError> {
        let card = self.card(token, holder, at).await?;
        Ok(card.map(|card| KeptCard {
            card,
            processor_customer: None,
        }))
    }
    /// The processor lets go of a kept card (its customer removed it from the account,
    /// which alone lets the store charge it); forgetting a forgotten card is done. By
    /// default there is nothing to let go (the sandbox's rows go with the retention
    /// task once nothing uses them).
    async fn forget(&self, _token: &str) -> Result<(), PaymentError> {
        Ok(())
    }
    /// Holds `amount` cents on the card. Every call carries an idempotency key: the
    /// same key again answers the first call's charge (or decline) without a second
    /// hold; the same key with another token or amount is refused.
    async fn authorize(
        &self,
        token: &str,
        amount: i64,
        key: &str,
        at: Timestamp,
    ) -> Result<Charge, PaymentError>;
    /// Every charge made at `since` or later, with its key: what the owner's
    /// reconciliation compares with the orders.
    async fn charges_since(&self, since: Timestamp) -> Result<Vec<ListedCharge>, PaymentError>;
    /// The charge made with idempotency key `key`, if any: what a sweep asks of an
    /// order whose placement stopped before it learned the answer.
    async fn charge_by_key(&self, key: &str) -> Result<Option<Charge>, PaymentError>;
    /// Takes the held amount. Capturing a captured charge answers it as it is.
    async fn capture(&self, charge: &str) -> Result<Charge, PaymentError>;
    /// Releases the hold of an authorised charge. Voiding a voided charge answers it.
    async fn void(&self, charge: &str) -> Result<Charge, PaymentError>;
    /// Gives back `amount` cents of a captured charge, never more than was captured in
    /// all; the same key again answers the charge without a second refund.
    async fn refund(&self, charge: &str, amount: i64, key: &str) -> Result<Charge, PaymentError>;
    /// Forgets, of what the store itself keeps for the gateway, the declined charges
    /// and the tokens no charge or saved card uses, made before `before`; how many. A
    /// processor that keeps them itself keeps nothing here (0).
    async fn purge_unused(&self, before: Timestamp) -> Result<u64, PaymentError>;
}
