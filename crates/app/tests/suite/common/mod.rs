//! The app over fakes, shared by the API test files.

pub mod ordering;
pub mod session;

use std::sync::Arc;
use std::time::Duration;
use store_adapters::fakes::{
    InMemoryAccounts, InMemoryCampaigns, InMemoryCheckout, InMemoryCustomerData,
    InMemoryErrorReports, InMemoryGateway, InMemoryInbox, InMemoryMailingList, InMemorySearch,
    InMemoryZipLookup, PlainPasswords, RecordingMailer, SettableClock, SwitchableWriteProbe,
};
use store_adapters::reference::{ConfiguredRates, EmbeddedCountries};
use store_adapters::search::TantivySearch;
use store_app::limits::{Attempts, Limits};
use store_app::search_counts::{self, Batching};
use store_app::search_refresh::{self, Refresh};
use store_app::settings::LimitSettings;
use store_app::state::{
    AccountConfig, AccountsArea, AppState, CatalogueArea, CheckoutArea, CheckoutConfig,
    CustomerArea, HealthArea, MessagesArea, OrdersArea, StoreInfo,
};
use store_domain::clock::Timestamp;
use store_domain::newsletter::Policy;
use store_domain::ports::Catalog;

pub struct Fakes {
    pub mailing_list: Arc<InMemoryMailingList>,
    pub inbox: Arc<InMemoryInbox>,
    pub campaigns: Arc<InMemoryCampaigns>,
    pub error_reports: Arc<InMemoryErrorReports>,
    /// The search log: what was counted.
    pub searches: Arc<InMemorySearch>,
    pub mailer: Arc<RecordingMailer>,
    pub clock: Arc<SettableClock>,
    pub write_probe: Arc<SwitchableWriteProbe>,
    pub accounts: Arc<InMemoryAccounts>,
    pub customer_data: Arc<InMemoryCustomerData>,
    /// Gift cards and discount codes.
    pub checkout: Arc<InMemoryCheckout>,
}

/// Links work for two days; one mail per address per ten minutes.
pub const NEWSLETTER: Policy = Policy {
    token_lifetime: Duration::from_secs(48 * 3600),
    cooldown: Duration::from_secs(600),
};

/// Sessions last a day, reset links 30 minutes, codes 15 minutes and 5 tries.
pub const ACCOUNTS: store_domain::accounts::Policy = store_domain::accounts::Policy {
    session_lifetime: Duration::from_secs(86_400),
    reset_lifetime: Duration::from_secs(1800),
    code_lifetime: Duration::from_secs(900),
    code_attempts: 5,
};

/// Sign-in attempts per address and minute in the API tests.
pub const ATTEMPTS_PER_MINUTE: u32 = 10;

/// The fake clock's starting time: 2026-01-01 00:00:00 UTC.
pub const START: Timestamp = Timestamp::from_unix_seconds(1_767_225_600);

pub fn info() -> StoreInfo {
    StoreInfo {
        name: "Olive Lane".into(),
        heb_name: "שדרת הזית".into(),
        help_email: "help@olivelane.example".into(),
        address: "Olive Lane, 12 HaZayit Boulevard, Tel Aviv-Yafo 6810412, Israel".into(),
        heb_address: "שדרת הזית, שדרות הזית 12, תל אביב-יפו 6810412, ישראל".into(),
        newsletter_confirm_url: "https://shop.example/newsletter/confirm".into(),
        public_url: "https://shop.example".into(),
        processor: store_app::state::Processor::Sandbox,
    }
}

/// Sign-up and reset mails one mailbox gets at once in the API tests.
pub const MAILS_PER_MAILBOX: u32 = 3;

/// Declined cards per client or session and hour in the API tests.
pub const DECLINES: u32 = 5;

/// Gift card checks per client and minute in the API tests.
pub const GIFT_CARD_ATTEMPTS_PER_MINUTE: u32 = 10;

/// A store in New York (cut-off 14:00) with three methods, a US and an international
/// zone, pickup Monday to Saturday 10:00-20:00 ready in two hours, free Standard
/// shipping over $50.00; ZIP 10001 is taxed at 8.875 % by override.
pub fn checkout_config() -> CheckoutConfig {
    use chrono::NaiveTime;
    use store_domain::money::Money;
    use store_domain::shipping::{Method, PickupStore, ShippingConfig, Zone, ZoneRate};
    let time = |h| NaiveTime::from_hms_opt(h, 0, 0).unwrap();
    let method = |id, name: &str, transit_days, free_eligible| Method {
        id,
        name: name.into(),
        heb_name: match name {
            "Standard" => "משלוח רגיל",
            "Expedited" => "משלוח מהיר",
            _ => "",
        }
        .into(),
        transit_days,
        free_eligible,
    };
    let rate = |method_id, cents, transit_days| ZoneRate {
        method_id,
        price: Money::from_cents(cents),
        transit_days,
    };
    let open = Some((time(10), time(20)));
    CheckoutConfig {
        shipping: ShippingConfig {
            time_zone: chrono_tz::America::New_York,
            free_shipping_over: Some(Money::from_cents(5000)),
            fulfillment_cutoff: time(14),
            methods: vec![
                method(1, "Standard", 5, true),
                method(2, "Expedited", 2, false),
                method(3, "Overnight", 1, false),
            ],
            zones: vec![
                Zone {
                    name: "United States".into(),
                    countries: vec!["US".into()],
                    rates: vec![rate(1, 599, None), rate(2, 1299, None), rate(3, 2499, None)],
                },
                Zone {
                    name: "International".into(),
                    countries: vec![],
                    rates: vec![rate(1, 1999, Some(10))],
                },
            ],
            pickup: Some(PickupStore {
                opening: [open, open, open, open, open, open, None],
                ready_hours: 2,
                closed_on_holidays: true,
                location: store_domain::location::LocationQuery {
                    country: "US".into(),
                    zip: "10001".into(),
                },
            }),
        },
        shipping_updated_at: "2026-01-01T00:00:00Z".into(),
        default_zip: "10001".into(),
    }
}

/// 10001 at 8.875 % (the override), the rest at their states' base rates.
pub fn tax_settings() -> store_domain::location::TaxSettings {
    store_domain::location::TaxSettings {
        zip_overrides: vec![("10001".into(), "8.875".into())],
        other_countries: Some("0".into()),
    }
}

const ROOMY: store_app::settings::Budget = store_app::settings::Budget {
    per_minute: 100_000,
    burst: 100_000,
};

/// Limits no API test of another area reaches (`limits.rs` tests them).
pub fn roomy_limits() -> LimitSettings {
    LimitSettings {
        client_per_minute: 100_000,
        client_burst: 100_000,
        global_per_second: 100_000,
        global_burst: 100_000,
        orders: ROOMY,
        sign_in: ROOMY,
        customer: ROOMY,
        client_ip_header: None,
        trusted_proxies: Vec::new(),
        forget_idle_seconds: 60,
    }
}

/// Counted searches reach the fake log within a few milliseconds.
pub const BATCHING: Batching = Batching {
    flush_every: Duration::from_millis(5),
    max_distinct: 100,
    queue: 1000,
};

/// Needs a tokio runtime: it starts the search-count writer.
pub fn state_with(catalog: Arc<dyn Catalog>) -> (AppState, Fakes) {
    let fakes = Fakes {
        mailing_list: Arc::default(),
        inbox: Arc::default(),
        campaigns: Arc::default(),
        error_reports: Arc::default(),
        mailer: Arc::default(),
        searches: Arc::default(),
        clock: Arc::new(SettableClock::at(START)),
        write_probe: Arc::default(),
        accounts: Arc::default(),
        customer_data: Arc::default(),
        checkout: Arc::default(),
    };
    let (search_counter, _writer) = search_counts::spawn(fakes.searches.clone(), BATCHING);
    // Orders take stock from the fake catalogue `shop` builds; other tests place none.
    let orders = Arc::new(store_adapters::fakes::InMemoryOrders::new(
        Arc::new(store_adapters::fakes::InMemoryCatalog::new()),
        fakes.checkout.clone(),
    ));
    // The throttles' counts, shared as the database shares them between instances.
    let throttles: Arc<dyn store_domain::ports::Throttles> =
        Arc::new(store_adapters::throttles::LocalThrottles::default());
    let clock: Arc<dyn store_domain::ports::Clock> = fakes.clock.clone();
    let attempts = |kind, per_minute| {
        Arc::new(Attempts::new(throttles.clone(), clock.clone(), kind, per_minute, kind).unwrap())
    };
    let strikes = |kind, limit, window| {
        Arc::new(
            store_app::limits::Strikes::new(
                throttles.clone(),
                clock.clone(),
                kind,
                limit,
                window,
                kind,
            )
            .unwrap(),
        )
    };
    // No database: the fakes keep no pool or writer.
    let metrics = Arc::new(store_app::metrics::Metrics::new(None));
    let state = AppState {
        store: Arc::new(info()),
        clock: fakes.clock.clone(),
        limits: Arc::new(Limits::new(&roomy_limits()).unwrap()),
        catalogue: CatalogueArea {
            catalog,
            // The real engine: it is in memory, and typo and Hebrew handling are its own.
            search: Arc::new(TantivySearch::new().unwrap()),
            search_log: fakes.searches.clone(),
            search_counter,
            search_built: Default::default(),
            rates: Arc::new(
                ConfiguredRates::new(&[("EUR".into(), 0.5), ("ILS".into(), 3.5)]).unwrap(),
            ),
            schools: Arc::new(store_adapters::fakes::InMemorySchools::default()),
            answers: Arc::new(store_app::read_cache::ReadCache::off()),
        },
        messages: MessagesArea {
            mailer: metrics.counted(fakes.mailer.clone()),
            mailing_list: fakes.mailing_list.clone(),
            newsletter: NEWSLETTER,
            inbox: fakes.inbox.clone(),
            campaigns: fakes.campaigns.clone(),
            error_reports: fakes.error_reports.clone(),
        },
        accounts: AccountsArea {
            records: fakes.accounts.clone(),
            passwords: Arc::new(PlainPasswords),
            config: AccountConfig::new(ACCOUNTS, &info(), false),
            attempts: attempts("sign_in", ATTEMPTS_PER_MINUTE),
            mails: Arc::new(
                Attempts::cooldown(
                    throttles.clone(),
                    clock.clone(),
                    "mails",
                    MAILS_PER_MAILBOX,
                    Duration::from_secs(600),
                    "mails",
                )
                .unwrap(),
            ),
        },
        customer: CustomerArea {
            bags: fakes.customer_data.clone(),
            picks: fakes.customer_data.clone(),
            addresses: fakes.customer_data.clone(),
            cards: fakes.customer_data.clone(),
        },
        checkout: CheckoutArea {
            config: Arc::new(checkout_config()),
            countries: Arc::new(EmbeddedCountries::load()),
            zips: Arc::new(InMemoryZipLookup::new(&tax_settings()).unwrap()),
            gateway: Arc::new(InMemoryGateway::default()),
            gift_cards: fakes.checkout.clone(),
            discounts: fakes.checkout.clone(),
            gift_card_attempts: attempts("gift_card", GIFT_CARD_ATTEMPTS_PER_MINUTE),
            wrong_codes: strikes(
                "wrong_codes",
                GIFT_CARD_ATTEMPTS_PER_MINUTE,
                Duration::from_secs(60),
            ),
        },
        orders: OrdersArea {
            records: orders.clone(),
            config: store_app::state::OrderConfig {
                abandon_after: Duration::from_secs(3600),
                sweep_every: Duration::from_secs(300),
                subscriptions_every: Duration::from_secs(300),
            },
            returns: orders.clone(),
            subscriptions: orders.clone(),
            jobs: orders,
            links: Arc::new(store_domain::orders::links::OrderLinks::with_keys(
                &[9; 32],
                vec![store_domain::orders::links::LinkKey {
                    secret: vec![9; 32],
                    since: Timestamp::from_unix_seconds(0),
                }],
                // `orders.old_links_days` by default.
                Duration::from_secs(30 * 86_400),
            )),
            look_ups: attempts("order_look_up", ATTEMPTS_PER_MINUTE),
            declines: strikes("declines", DECLINES, Duration::from_secs(3600)),
        },
        health: HealthArea {
            write_probe: fakes.write_probe.clone(),
            write_health: Default::default(),
        },
        metrics,
    };
    (state, fakes)
}

/// The refresher's settings for tests: popular after two searches.
pub const REFRESH: Refresh = Refresh {
    every: Duration::from_secs(1),
    popular_min_count: 2,
    popular_limit: 100,
};

/// A state whose search index holds the catalogue, as after start-up.
pub async fn indexed(catalog: Arc<dyn Catalog>) -> (AppState, Fakes) {
    let (state, fakes) = state_with(catalog);
    search_refresh::rebuild(&state, REFRESH).await.unwrap();
    (state, fakes)
}

/// The fixture catalogue (`store_adapters::fakes::fixture`) with gift card 60 at $25.00,
/// book 61 at $9.99 with tax code 22 and a taxed download 62 at $15.00 added: every kind
/// of line the bag prices.
pub async fn shop_catalogue() -> Arc<store_adapters::fakes::InMemoryCatalog> {
    use store_adapters::fakes::{InMemoryCatalog, fixture, product};
    use store_domain::catalog::{CatalogImport, ProductType};
    use store_domain::ports::CatalogWriter;
    let catalog = Arc::new(InMemoryCatalog::new());
    catalog.import(&fixture()).await.unwrap();
    let mut card = product(60, 3, 1, 2500, "2025-01-01", 100);
    card.product_type = ProductType::GiftCard;
    let mut book = product(61, 4, 2, 999, "2025-01-01", 10);
    book.tax_code = "22".into();
    let mut download = product(62, 4, 2, 1500, "2025-01-01", 1000);
    download.item_type = "digital".into();
    catalog
        .import(&CatalogImport {
            products: vec![card, book, download],
            ..CatalogImport::default()
        })
        .await
        .unwrap();
    catalog
}

/// What an order test reaches beside the state: the stock it takes, the charges made.
pub struct Shop {
    pub catalog: Arc<store_adapters::fakes::InMemoryCatalog>,
    pub orders: Arc<store_adapters::fakes::InMemoryOrders>,
    pub gateway: Arc<InMemoryGateway>,
}

/// A state over the shop catalogue whose orders take its stock and whose gateway the
/// test can watch.
pub async fn shop() -> (AppState, Fakes, Shop) {
    let catalog = shop_catalogue().await;
    let (mut state, fakes) = state_with(catalog.clone());
    let orders = Arc::new(store_adapters::fakes::InMemoryOrders::new(
        catalog.clone(),
        fakes.checkout.clone(),
    ));
    let gateway = Arc::new(InMemoryGateway::default());
    state.orders.records = orders.clone();
    state.orders.returns = orders.clone();
    state.orders.subscriptions = orders.clone();
    state.orders.jobs = orders.clone();
    state.checkout.gateway = gateway.clone();
    (
        state,
        fakes,
        Shop {
            catalog,
            orders,
            gateway,
        },
    )
}
