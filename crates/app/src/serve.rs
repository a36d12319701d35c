//! Wiring and serving: picks the adapters, prepares the database, runs the server
//! until SIGINT or SIGTERM.

use crate::exposure;
use crate::http::server::{self, Timeouts};
use crate::limits::{self, Attempts, Limits, Strikes};
use crate::metrics::{self, Metrics};
use crate::read_cache::{self, ReadCache};
use crate::retention::{self, Policies};
use crate::search_counts::{self, Batching, CountWriter};
use crate::search_pool::PooledSearch;
use crate::search_refresh::{self, Refresh};
use crate::settings::{GatewayKind, MailTransport, Settings};
use crate::state::{
    AccountConfig, AccountsArea, AppState, CatalogueArea, CheckoutArea, CheckoutConfig,
    CustomerArea, HealthArea, MessagesArea, OrderConfig, OrdersArea, StoreInfo,
};
use crate::{jobs_runner, readiness, seed, web};
use poem::EndpointExt;
use rand::Rng;
use std::sync::Arc;
use std::time::Duration;
use store_adapters::clock::utc_text;
use store_adapters::clock::{FixedClock, SystemClock};
use store_adapters::outbox::OutboxMailer;
use store_adapters::passwords::Argon2Passwords;
use store_adapters::reference::{ConfiguredRates, EmbeddedCountries};
use store_adapters::search::{Opened, TantivySearch};
use store_adapters::smtp::SmtpMailer;
use store_adapters::sqlite::Durability;
use store_adapters::storage::{self, Storage};
use store_adapters::stripe::StripeGateway;
use store_adapters::zip::EmbeddedZipLookup;
use store_domain::clock::Timestamp;
use store_domain::orders::links::{LinkKey, OrderLinks};
use store_domain::ports::StoreSecrets;
use store_domain::ports::{Clock, PaymentGateway, StorageError};

/// Every storage port of the configured database (its engine chosen by the URL's
/// scheme), with its schema brought up to date.
pub async fn open_database(settings: &Settings) -> Result<Storage, Box<dyn std::error::Error>> {
    let database = &settings.database;
    let options = storage::Options {
        max_connections: database.max_connections,
        durability: if database.sync_commits {
            Durability::Synced
        } else {
            Durability::Deferred
        },
    };
    Ok(storage::open(&database.url, options).await?)
}

fn rates(
    settings: &Settings,
) -> Result<ConfiguredRates, store_adapters::reference::RateConfigError> {
    let pairs: Vec<(String, f64)> = settings
        .currency
        .rates
        .iter()
        .map(|r| (r.code.clone(), r.rate))
        .collect();
    ConfiguredRates::new(&pairs)
}

fn refresh(settings: &Settings) -> Refresh {
    Refresh {
        every: Duration::from_secs(settings.search.refresh_seconds.max(1)),
        popular_min_count: settings.search.popular_min_count,
        popular_limit: settings.search.popular_limit,
    }
}

fn batching(settings: &Settings) -> Batching {
    Batching {
        flush_every: Duration::from_secs(settings.search.count_flush_seconds.max(1)),
        max_distinct: settings.search.count_flush_queries.max(1),
        queue: settings.search.count_queue.max(1),
    }
}

/// How often the background probe proves the database takes a write.
const READINESS_PROBE_EVERY: Duration = Duration::from_secs(5);

/// Checkout's configuration, checked: a mistake stops the store at start-up.
fn checkout_config(settings: &Settings) -> Result<CheckoutConfig, String> {
    let updated = &settings.shipping.updated_at;
    chrono::DateTime::parse_from_rfc3339(updated).map_err(|_| {
        format!("shipping.updated_at: {updated:?} is not a time like \"2026-11-25T09:00:00Z\"")
    })?;
    Ok(CheckoutConfig {
        shipping: settings.shipping.config()?,
        shipping_updated_at: updated.clone(),
        default_zip: settings.checkout.default_zip.clone(),
    })
}

/// A new 256-bit key, hex.
fn new_key() -> String {
    hex::encode(rand::rng().random::<[u8; 32]>())
}

/// The first key that signs order links, made once and kept in the database (so every
/// instance and every restart signs alike; it alone derives e-gift codes).
async fn first_link_key(store: &dyn StoreSecrets) -> Result<String, StorageError> {
    store.secret("order_links", &new_key()).await
}

/// The keys `store links rotate` added after the first, oldest first: a read only.
async fn rotated_link_keys(store: &dyn StoreSecrets) -> Result<Vec<LinkKey>, StorageError> {
    let rotated = store.link_keys().await?.into_iter();
    Ok(rotated
        .map(|(secret, since)| LinkKey {
            secret: secret.into_bytes(),
            since,
        })
        .collect())
}

/// The order links of the configured database.
pub async fn order_links(
    store: &dyn StoreSecrets,
    settings: &Settings,
) -> Result<OrderLinks, Box<dyn std::error::Error>> {
    let first = first_link_key(store).await?;
    let mut keys = vec![LinkKey {
        secret: first.as_bytes().to_vec(),
        since: Timestamp::from_unix_seconds(0),
    }];
    keys.extend(rotated_link_keys(store).await?);
    let grace = Duration::from_secs(settings.orders.old_links_days * 86_400);
    Ok(OrderLinks::with_keys(first.as_bytes(), keys, grace))
}

/// `store links rotate`: a new key signs links from now on; what to tell the owner.
pub async fn rotate_links(
    store: &dyn StoreSecrets,
    settings: &Settings,
    at: Timestamp,
) -> Result<String, Box<dyn std::error::Error>> {
    // Key 1 exists before key 2 does, on a database no server has started on yet.
    first_link_key(store).await?;
    let version = store.add_link_key(&new_key(), at).await?;
    let until = at.plus(Duration::from_secs(settings.orders.old_links_days * 86_400));
    Ok(format!(
        "Order links are signed with key {version} from now on (running instances take it within a minute).\n\
         Links signed before keep opening their orders until {} (orders.old_links_days = {}).\n",
        utc_text(until),
        settings.orders.old_links_days
    ))
}

/// Keeps a running instance's link keys as the database holds them, so a rotation
/// made by `store links rotate` (or another instance) is taken within a minute.
fn reload_links_in_background(store: Arc<dyn StoreSecrets>, links: Arc<OrderLinks>) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(60));
        loop {
            every.tick().await;
            match rotated_link_keys(store.as_ref()).await {
                Ok(rotated) => links.reload(rotated),
                Err(e) => tracing::warn!(error = %e, "could not read the order link keys"),
            }
        }
    });
}

fn order_config(settings: &Settings) -> OrderConfig {
    OrderConfig {
        abandon_after: Duration::from_secs(settings.orders.abandon_unfinished_after_minutes * 60),
        sweep_every: Duration::from_secs(settings.orders.sweep_every_minutes.max(1) * 60),
        subscriptions_every: Duration::from_secs(
            settings.orders.subscriptions_every_minutes.max(1) * 60,
        ),
    }
}

/// The configured card processor.
fn gateway(
    settings: &Settings,
    storage: &Storage,
) -> Result<Arc<dyn PaymentGateway>, Box<dyn std::error::Error>> {
    let payments = &settings.payments;
    Ok(match payments.gateway {
        GatewayKind::Sandbox => storage.sandbox.clone(),
        GatewayKind::Stripe => Arc::new(StripeGateway::new(
            payments.stripe_secret_key.clone(),
            payments.stripe_api_base.clone(),
        )?),
    })
}

fn state(
    store: &Storage,
    settings: &Settings,
    links: OrderLinks,
    search: TantivySearch,
) -> Result<(AppState, CountWriter), Box<dyn std::error::Error>> {
    let (search_counter, count_writer) =
        search_counts::spawn(store.search_log.clone(), batching(settings));
    let info = StoreInfo::from_settings(&settings.store, &settings.payments);
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let metrics = Arc::new(Metrics::new(Some(store.stats())));
    let throttle = |kind, per_minute, setting| {
        Attempts::new(
            store.throttles.clone(),
            clock.clone(),
            kind,
            per_minute,
            setting,
        )
        .map(Arc::new)
    };
    let strikes = |kind, limit, window, setting| {
        Strikes::new(
            store.throttles.clone(),
            clock.clone(),
            kind,
            limit,
            window,
            setting,
        )
        .map(Arc::new)
    };
    let state = AppState {
        clock: clock.clone(),
        limits: Arc::new(Limits::new(&settings.limits)?),
        catalogue: CatalogueArea {
            catalog: store.catalog.clone(),
            search: Arc::new(PooledSearch::new(Arc::new(search), settings.search.workers)),
            search_log: store.search_log.clone(),
            search_counter,
            search_built: Default::default(),
            rates: Arc::new(rates(settings)?),
            schools: store.schools.clone(),
            answers: Arc::new(ReadCache::new(settings.cache.settings())),
        },
        messages: MessagesArea {
            mailer: metrics.counted(match settings.mail.transport {
                MailTransport::Outbox => Arc::new(OutboxMailer::new(
                    store.outbox.clone(),
                    clock.clone(),
                    Duration::from_secs(settings.mail.outbox_keep_minutes * 60),
                )),
                MailTransport::Smtp => Arc::new(SmtpMailer::new(&settings.mail.smtp())?),
            }),
            mailing_list: store.mailing_list.clone(),
            newsletter: settings.newsletter.policy(),
            inbox: store.inbox.clone(),
            campaigns: store.campaigns.clone(),
            error_reports: store.error_reports.clone(),
        },
        accounts: AccountsArea {
            records: store.accounts.clone(),
            passwords: Arc::new(Argon2Passwords::new()?),
            config: AccountConfig::new(
                settings.accounts.policy(),
                &info,
                exposure::secure_cookie(settings),
            ),
            attempts: throttle(
                "sign_in",
                settings.accounts.attempts_per_minute,
                "accounts.attempts_per_minute",
            )?,
            mails: Arc::new(Attempts::cooldown(
                store.throttles.clone(),
                clock.clone(),
                "mails",
                settings.accounts.mails_per_mailbox,
                Duration::from_secs(settings.accounts.mail_cooldown_minutes * 60),
                "accounts.mails_per_mailbox",
            )?),
        },
        customer: CustomerArea {
            bags: store.customer_bags.clone(),
            picks: store.picks.clone(),
            addresses: store.addresses.clone(),
            cards: store.cards.clone(),
        },
        checkout: CheckoutArea {
            config: Arc::new(checkout_config(settings)?),
            countries: Arc::new(EmbeddedCountries::load()),
            zips: Arc::new(EmbeddedZipLookup::new(&settings.tax.settings())?),
            gateway: gateway(settings, store)?,
            gift_cards: store.gift_cards.clone(),
            discounts: store.discounts.clone(),
            gift_card_attempts: throttle(
                "gift_card",
                settings.checkout.gift_card_attempts_per_minute,
                "checkout.gift_card_attempts_per_minute",
            )?,
            wrong_codes: strikes(
                "wrong_codes",
                settings.checkout.gift_card_attempts_per_minute,
                Duration::from_secs(60),
                "checkout.gift_card_attempts_per_minute",
            )?,
        },
        orders: OrdersArea {
            records: store.orders.clone(),
            config: order_config(settings),
            returns: store.returns.clone(),
            subscriptions: store.subscriptions.clone(),
            jobs: store.jobs.clone(),
            links: Arc::new(links),
            look_ups: throttle(
                "order_look_up",
                settings.orders.status_attempts_per_minute,
                "orders.status_attempts_per_minute",
            )?,
            declines: strikes(
                "declines",
                settings.orders.declines_per_hour,
                Duration::from_secs(3600),
                "orders.declines_per_hour",
            )?,
        },
        health: HealthArea {
            write_probe: store.write_probe.clone(),
            write_health: Default::default(),
        },
        metrics,
        // Last: the account settings above borrow it.
        store: Arc::new(info),
    };
    Ok((state, count_writer))
}

/// The serving state over the configured database with its clock stopped at `at`:
/// `store jobs --run` runs what the server's job runner would run then.
pub async fn jobs_state(
    settings: &Settings,
    at: Timestamp,
) -> Result<AppState, Box<dyn std::error::Error>> {
    let store = open_database(settings).await?;
    let links = order_links(store.secrets.as_ref(), settings).await?;
    let (mut state, _count_writer) = state(&store, settings, links, TantivySearch::new()?)?;
    state.clock = Arc::new(FixedClock(at));
    Ok(state)
}

/// A state over an empty in-memory database: enough to describe the API without
/// touching the configured one.
pub async fn offline_state(settings: &Settings) -> Result<AppState, Box<dyn std::error::Error>> {
    // Describing the API counts no searches: the writer may end with the state.
    // It serves no request: its order links need no kept key.
    let links = OrderLinks::new(&[0; 32]);
    let (state, _count_writer) = state(
        &Storage::in_memory().await?,
        settings,
        links,
        TantivySearch::new()?,
    )?;
    Ok(state)
}

/// The search index kept where the settings say, with the generation it opened there,
/// if any; an in-memory database's index is kept in memory.
fn open_search(
    settings: &Settings,
) -> Result<(TantivySearch, Option<Opened>), Box<dyn std::error::Error>> {
    let Some(dir) = settings
        .search
        .index_dir(&settings.database.url, settings.server.port)
    else {
        return Ok((TantivySearch::new()?, None));
    };
    let (search, opened) = TantivySearch::open(&dir)?;
    match opened {
        Some(o) => tracing::info!(
            folder = %dir.display(),
            version = o.version,
            products = o.products,
            "search index opened"
        ),
        None => tracing::info!(
            folder = %dir.display(),
            "no search index yet: it is built before the server listens"
        ),
    }
    Ok((search, opened))
}

pub async fn serve(settings: Settings) -> Result<(), Box<dyn std::error::Error>> {
    exposure::check(&settings)?;
    let store = open_database(&settings).await?;
    let synchronous = store.commit_sync().await?;
    if settings.database.sync_commits {
        tracing::info!(
            synchronous,
            "each commit is synced to the disk before it is answered"
        );
    } else {
        tracing::warn!(
            synchronous,
            "database.sync_commits is false: a power cut can lose orders already acknowledged"
        );
    }
    if settings.store.seed_demo
        && seed::demo_if_empty(store.catalog.as_ref(), store.catalog_writer.as_ref()).await?
    {
        seed::demo_schools(store.catalog.as_ref(), store.schools.as_ref()).await?;
        seed::demo_checkout_unless_public(&store, &settings).await?;
    }
    let links = order_links(store.secrets.as_ref(), &settings).await?;
    let (search, opened) = open_search(&settings)?;
    let (state, count_writer) = state(&store, &settings, links, search)?;
    if let Some(opened) = opened {
        let at = Timestamp::from_unix_seconds(opened.built);
        state.catalogue.search_built.record(at, opened.version);
    }
    reload_links_in_background(store.secrets.clone(), state.orders.links.clone());
    if let Some(pickup) = &state.checkout.config.shipping.pickup {
        let at = &pickup.location;
        state
            .checkout
            .zips
            .locate(&at.country, &at.zip)
            .await
            .map_err(|e| {
                format!(
                    "shipping.pickup: the store's postal code {} ({}): {e}",
                    at.zip, at.country
                )
            })?;
    }
    // Before any shopper is served: no order is left half-placed by a crash.
    let swept = jobs_runner::sweep(&state).await?;
    tracing::info!(
        paid = swept.paid,
        released = swept.released,
        left = swept.left,
        "unfinished orders resolved at start-up"
    );
    let running_jobs = jobs_runner::spawn(
        state.clone(),
        Duration::from_secs(settings.orders.jobs_poll_seconds.max(1)),
    );
    let forgetting = limits::spawn_forgetting(
        state.limits.clone(),
        store.throttles.clone(),
        state.clock.clone(),
        Duration::from_secs(settings.limits.forget_idle_seconds.max(1)),
    );
    let policies = Policies::from_settings(&settings.retention);
    tracing::info!(
        megabytes = policies.budget_bytes(&settings.limits) / 1_000_000,
        "what anonymous shoppers send is kept within this size"
    );
    let purging = retention::spawn(state.clone(), policies);
    readiness::probe(&state).await;
    let probing = readiness::spawn(state.clone(), READINESS_PROBE_EVERY);
    // A generation found on disk serves at once, while the refresher brings it to the
    // catalogue's version in the background. With none (a new store, a deleted or
    // damaged folder) the first is built before the server listens: shoppers never meet
    // a store whose listings and searches find nothing.
    let refresh = refresh(&settings);
    let built_from = match opened {
        Some(opened) => opened.version,
        None => search_refresh::rebuild(&state, refresh).await?,
    };
    let refresher = search_refresh::spawn(state.clone(), refresh, built_from);
    read_cache::read_catalogue_version(&state).await;
    let cache_watch = read_cache::watch(state.clone());
    let address = format!("{}:{}", settings.server.host, settings.server.port);
    let edge = web::Edge {
        hsts: settings.server.tls_public,
        request_timeout: Some(Duration::from_secs(settings.server.request_timeout_seconds)),
    };
    let timeouts = Timeouts {
        header_read: Duration::from_secs(settings.server.header_read_timeout_seconds),
        idle: Duration::from_secs(settings.server.idle_timeout_seconds),
    };
    let metrics_listener = match settings.metrics.listen.as_str() {
        "" => None,
        address => Some(metrics::listen(address, state.clone(), timeouts).await?),
    };
    let app = web::routes_with(state, edge);
    let listener = tokio::net::TcpListener::bind(&address).await?;
    tracing::info!("{} is open at http://{address}", settings.store.name);
    let grace = Duration::from_secs(settings.server.shutdown_grace_seconds);
    if settings.server.log_requests {
        let app = app.around(crate::http::request_log::log_request);
        server::serve(listener, app, timeouts, shutdown_signal(), grace).await?;
    } else {
        server::serve(listener, app, timeouts, shutdown_signal(), grace).await?;
    }
    if let Some(metrics_listener) = metrics_listener {
        metrics_listener.abort();
    }
    refresher.abort();
    cache_watch.abort();
    running_jobs.abort();
    forgetting.abort();
    purging.abort();
    probing.abort();
    count_writer.stop().await;
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(signal) => signal,
                Err(_) => return interrupt.await.unwrap_or(()),
            };
        tokio::select! {
            _ = interrupt => {},
            _ = terminate.recv() => {},
        }
    }
    #[cfg(not(unix))]
    interrupt.await.unwrap_or(());
}
