//! The concrete adapters the handlers reach, chosen once at start-up.

use crate::limits::{Attempts, Limits, Strikes};
use crate::metrics::Metrics;
use crate::read_cache::ReadCache;
use crate::search_counts::SearchCounter;
use crate::search_refresh::IndexBuilt;
use std::sync::Arc;
use std::time::Duration;
use store_domain::checkout::storage::{Discounts, GiftCards};
use store_domain::jobs::Jobs;
use store_domain::location::ZipLookup;
use store_domain::orders::links::OrderLinks;
use store_domain::orders::storage::Orders;
use store_domain::ports::{
    Accounts, Addresses, CampaignReports, Catalog, Clock, Countries, CurrencyRates, CustomerBags,
    ErrorReports, Inbox, Mailer, MailingList, Passwords, PaymentGateway, Picks, SavedCards,
    SearchIndex, SearchLog, WriteProbe,
};
use store_domain::returns::storage::Returns;
use store_domain::school::Schools;
use store_domain::shipping::ShippingConfig;
use store_domain::subscriptions::storage::Subscriptions;
use store_domain::{accounts, newsletter};

/// Everything a handler reaches, by area. Each area's ports are shared (`Arc`), so a
/// clone is cheap.
#[derive(Clone)]
pub struct AppState {
    /// What the storefront shows about the store itself.
    pub store: Arc<StoreInfo>,
    pub clock: Arc<dyn Clock>,
    /// Budgets of anonymous writes, per client and for the store.
    pub limits: Arc<Limits>,
    pub catalogue: CatalogueArea,
    pub messages: MessagesArea,
    pub accounts: AccountsArea,
    pub customer: CustomerArea,
    pub checkout: CheckoutArea,
    pub orders: OrdersArea,
    pub health: HealthArea,
    /// What the store counts for its metrics listener.
    pub metrics: Arc<Metrics>,
}

/// Products and how shoppers find them: the catalogue, its search, the currencies
/// prices are shown in, and school supply lists.
#[derive(Clone)]
pub struct CatalogueArea {
    pub catalog: Arc<dyn Catalog>,
    pub search: Arc<dyn SearchIndex>,
    pub search_log: Arc<dyn SearchLog>,
    /// Where a search goes to be counted (written in batches by a background task).
    pub search_counter: SearchCounter,
    /// When the search index was last built, for the readiness check.
    pub search_built: Arc<IndexBuilt>,
    pub rates: Arc<dyn CurrencyRates>,
    /// School supply lists (issue 30).
    pub schools: Arc<dyn Schools>,
    /// The answers shoppers ask for most, kept ready to send.
    pub answers: Arc<ReadCache>,
}

/// Mail, the newsletter, and what shoppers tell the store.
#[derive(Clone)]
pub struct MessagesArea {
    pub mailer: Arc<dyn Mailer>,
    pub mailing_list: Arc<dyn MailingList>,
    /// Confirmation-link lifetime and per-address cooldown.
    pub newsletter: newsletter::Policy,
    pub inbox: Arc<dyn Inbox>,
    pub campaigns: Arc<dyn CampaignReports>,
    pub error_reports: Arc<dyn ErrorReports>,
}

/// Customers' accounts and signing in.
#[derive(Clone)]
pub struct AccountsArea {
    pub records: Arc<dyn Accounts>,
    pub passwords: Arc<dyn Passwords>,
    pub config: AccountConfig,
    /// Sign-in, registration and reset attempts per e-mail address.
    pub attempts: Arc<Attempts>,
    /// Sign-up and reset mails per mailbox.
    pub mails: Arc<Attempts>,
}

/// What a signed-in customer keeps: the bag, picks, addresses and cards.
#[derive(Clone)]
pub struct CustomerArea {
    pub bags: Arc<dyn CustomerBags>,
    pub picks: Arc<dyn Picks>,
    pub addresses: Arc<dyn Addresses>,
    pub cards: Arc<dyn SavedCards>,
}

/// Checkout: where shoppers are (countries, ZIP and tax), the card processor, gift
/// cards and discount codes, and how orders reach shoppers.
#[derive(Clone)]
pub struct CheckoutArea {
    pub config: Arc<CheckoutConfig>,
    pub countries: Arc<dyn Countries>,
    pub zips: Arc<dyn ZipLookup>,
    pub gateway: Arc<dyn PaymentGateway>,
    pub gift_cards: Arc<dyn GiftCards>,
    pub discounts: Arc<dyn Discounts>,
    /// Gift card checks per client.
    pub gift_card_attempts: Arc<Attempts>,
    /// Gift card and discount codes that do not exist, per client, in quotes and orders.
    pub wrong_codes: Arc<Strikes>,
}

/// Orders and what follows them: returns, subscriptions, the durable jobs, and the key
/// that signs their links.
#[derive(Clone)]
pub struct OrdersArea {
    pub records: Arc<dyn Orders>,
    pub config: OrderConfig,
    /// Returns of those orders (issue 28).
    pub returns: Arc<dyn Returns>,
    /// Subscriptions and recurring orders (issue 29).
    pub subscriptions: Arc<dyn Subscriptions>,
    pub jobs: Arc<dyn Jobs>,
    pub links: Arc<OrderLinks>,
    /// Guest order look-ups by e-mail per client.
    pub look_ups: Arc<Attempts>,
    /// Declined cards per client and per session: the store is no card-testing oracle.
    pub declines: Arc<Strikes>,
}

/// What the readiness check reports beside the search index.
#[derive(Clone)]
pub struct HealthArea {
    pub write_probe: Arc<dyn WriteProbe>,
    /// The background write probe's last answer.
    pub write_health: Arc<crate::readiness::WriteHealth>,
}

/// How orders behave, from configuration.
#[derive(Debug, Clone, Copy)]
pub struct OrderConfig {
    /// An unfinished order older than this is given up by the sweep, not finished.
    pub abandon_after: Duration,
    /// How often the sweep runs beside start-up.
    pub sweep_every: Duration,
    /// How often the subscription scheduler looks for deliveries due.
    pub subscriptions_every: Duration,
}

/// How checkout behaves, from configuration.
#[derive(Debug, Clone)]
pub struct CheckoutConfig {
    pub shipping: ShippingConfig,
    /// When the shipping configuration last changed (RFC 3339), the `shipping_updated_at` header.
    pub shipping_updated_at: String,
    /// Where a shopper with no ZIP of their own is taken to be (a US ZIP).
    pub default_zip: String,
}

impl CheckoutConfig {
    /// Cents; `None` when methods that count for free shipping always ship free.
    pub fn free_shipping_over(&self) -> Option<i64> {
        self.shipping.free_shipping_over.map(|m| m.cents())
    }
}

/// How accounts behave, from configuration.
#[derive(Debug, Clone)]
pub struct AccountConfig {
    pub policy: accounts::Policy,
    pub links: accounts::Links,
    /// The session cookie is `Secure`: shoppers reach the store over HTTPS.
    pub secure_cookie: bool,
}

/// What the storefront shows about the store itself, from configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreInfo {
    pub name: String,
    pub heb_name: String,
    pub help_email: String,
    /// Where returns are dropped off and posted to, on one line, in English and in
    /// Hebrew.
    pub address: String,
    pub heb_address: String,
    /// The page the newsletter confirmation mail links to.
    pub newsletter_confirm_url: String,
    /// The store's address as shoppers reach it, without a trailing slash.
    pub public_url: String,
    /// The card processor, as the browser needs to know it.
    pub processor: Processor,
}

/// The card processor as the storefront sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Processor {
    /// The embedded test processor: the storefront says nothing is charged, and card
    /// numbers are tokenised by `POST /api/card/createToken`.
    Sandbox,
    /// Card numbers go from the browser to the processor through its library.
    Stripe {
        publishable_key: String,
        js_url: String,
        /// The processor's API, which its library calls from the browser.
        api_base: String,
    },
}

impl Processor {
    pub fn from_settings(payments: &crate::settings::PaymentSettings) -> Self {
        match payments.gateway {
            crate::settings::GatewayKind::Sandbox => Processor::Sandbox,
            crate::settings::GatewayKind::Stripe => Processor::Stripe {
                publishable_key: payments.stripe_publishable_key.clone(),
                js_url: payments.stripe_js_url.clone(),
                api_base: payments.stripe_api_base.clone(),
            },
        }
    }

    /// The origins (`scheme://host[:port]`) the browser must reach to take a card:
    /// the library's and the API's; none for the sandbox.
    pub fn origins(&self) -> Vec<String> {
        let Processor::Stripe {
            js_url, api_base, ..
        } = self
        else {
            return Vec::new();
        };
        let mut origins: Vec<String> = [js_url, api_base]
            .into_iter()
            .filter_map(|url| {
                let uri = url.parse::<poem::http::Uri>().ok()?;
                Some(format!("{}://{}", uri.scheme_str()?, uri.authority()?))
            })
            .collect();
        origins.dedup();
        origins
    }
}

impl StoreInfo {
    pub fn from_settings(
        store: &crate::settings::StoreSettings,
        payments: &crate::settings::PaymentSettings,
    ) -> Self {
        StoreInfo {
            processor: Processor::from_settings(payments),
            name: store.name.clone(),
            heb_name: store.heb_name.clone(),
            help_email: store.help_email.clone(),
            address: store.address.clone(),
            heb_address: store.heb_address.clone(),
            newsletter_confirm_url: format!(
                "{}/newsletter/confirm",
                store.public_url.trim_end_matches('/')
            ),
            public_url: store.public_url.trim_end_matches('/').to_owned(),
        }
    }
}

impl AccountConfig {
    pub fn new(policy: accounts::Policy, store: &StoreInfo, secure_cookie: bool) -> Self {
        AccountConfig {
            policy,
            links: accounts::Links {
                reset_password: format!("{}/password/reset", store.public_url),
                sign_in: format!("{}/login", store.public_url),
                store_name: store.name.clone(),
            },
            secure_cookie,
        }
    }
}
