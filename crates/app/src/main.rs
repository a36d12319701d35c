//! `store`: the online store in one binary. `store` (or `store serve`) runs it;
//! `store migrate`, `store seed`, `store backup`, `store copy`, `store discounts`,
//! `store products` and `store openapi` help operate it.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use store_adapters::clock::SystemClock;
use store_app::discounts_cli::{self, DiscountsCommand};
use store_app::orders_cli::{self, OrdersCommand};
use store_app::products_cli::{self, ProductsCommand};
use store_app::returns_cli::{self, ReturnsCommand};
use store_app::settings::LogFormat;
use store_app::{api, payments_cli, reports, schools_cli, seed, serve, settings};
use store_domain::clock::Timestamp;
use store_domain::ports::Clock;

#[derive(Parser)]
#[command(
    name = "store",
    version,
    about = "An online store: JSON API and web shop in one binary"
)]
struct Cli {
    /// A TOML file overriding config/default.toml (environment variables STORE__… override both).
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum ImportCommand {
    /// Schools, grades and supply lists from a CSV file (columns in
    /// crates/adapters/src/demo/SCHOOLS.md).
    Schools {
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the web shop (the default).
    Serve,
    /// Create or update the database schema, then exit.
    Migrate,
    /// Fill the catalogue: the demo catalogue into an empty database, and with
    /// --products N a deterministic generated catalogue of N more products.
    Seed {
        #[arg(long, value_name = "N")]
        products: Option<u64>,
        /// Seed of the generator: the same seed gives the same products.
        #[arg(long, default_value_t = store_adapters::generator::DEFAULT_SEED)]
        seed: u64,
    },
    /// Load data from a file: `store import schools FILE.csv` writes the school supply
    /// lists it holds (each school replaced whole), or refuses a bad line and changes
    /// nothing.
    Import {
        #[command(subcommand)]
        what: ImportCommand,
    },
    /// Copy the database, consistent as of one instant, into FILE (a new file, mode
    /// 0600) while the store keeps serving. Restore: see the README.
    Backup {
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Copy this SQLite store into a new, empty PostgreSQL database (migrated first),
    /// in one transaction, then compare both: row counts and integer sums per table.
    /// The store may keep serving; what it writes after the copy begins is not copied.
    Copy {
        /// The PostgreSQL database: postgres://USER@HOST/DATABASE (a password left out
        /// of the URL is looked up in ~/.pgpass).
        #[arg(long, value_name = "URL")]
        to: String,
    },
    /// Print the OpenAPI document and exit (no database needed).
    Openapi,
    /// Print the newest help-chat and contact messages, newest first.
    Messages {
        #[arg(long, default_value_t = 20)]
        limit: u32,
    },
    /// Print the newest mails in the outbox (the embedded mailer's), newest first.
    Mail {
        #[arg(long, default_value_t = 10)]
        limit: u32,
    },
    /// List or create discount codes.
    Discounts {
        #[command(subcommand)]
        command: DiscountsCommand,
    },
    /// Products: change a price, a stock or a title, or hide a product (off sale and out
    /// of sight, with any bundle holding it) and show it again.
    Products {
        #[command(subcommand)]
        command: ProductsCommand,
    },
    /// Orders: list them, print a packing slip, move them along (the shopper is mailed
    /// each move).
    Orders {
        #[command(subcommand)]
        command: OrdersCommand,
    },
    /// Subscriptions and recurring orders, newest first, with their next delivery and
    /// the moment the scheduler next looks at each.
    Subscriptions {
        #[arg(long, default_value_t = 50)]
        limit: u32,
        /// Sets a plan's price per delivery instead of listing: `--plan-price PLAN CENTS`.
        #[arg(long, num_args = 2, value_names = ["PLAN", "CENTS"])]
        plan_price: Option<Vec<i64>>,
    },
    /// Returns: list them, receive a parcel (restock, refund, mail) or reject one.
    Returns {
        #[command(subcommand)]
        command: ReturnsCommand,
    },
    /// Order links: `store links rotate` signs new links with a new key; links signed
    /// before keep working for `orders.old_links_days`.
    Links {
        #[command(subcommand)]
        command: LinksCommand,
    },
    /// Card payments: `store payments reconcile --since TIME` lists what the processor
    /// and the orders disagree on.
    Payments {
        #[command(subcommand)]
        command: PaymentsCommand,
    },
    /// Durable jobs (order, e-gift card and subscription mails, refunds, the
    /// unfinished-order sweep, the subscription scheduler):
    /// what ran and what is due; with --run, run what is due, then list.
    Jobs {
        #[arg(long, default_value_t = 30)]
        limit: u32,
        /// Run every job due now (or at --at) once, as the server's runner would.
        #[arg(long)]
        run: bool,
        /// With --run: the moment to run at instead of now (2026-12-01T09:00:00Z or
        /// 2026-12-01), to send what a running store would send then.
        #[arg(long, value_name = "TIME", value_parser = discounts_cli::parse_time, requires = "run")]
        at: Option<Timestamp>,
    },
    /// Print a report for the store owner.
    Report {
        #[command(subcommand)]
        report: Report,
    },
}

#[derive(Subcommand)]
enum PaymentsCommand {
    /// The charges the processor holds money for with no paid order, and the paid
    /// orders with no captured charge, since TIME (2026-12-01T09:00:00Z or 2026-12-01).
    Reconcile {
        #[arg(long, value_name = "TIME", value_parser = discounts_cli::parse_time)]
        since: Timestamp,
    },
}

#[derive(Subcommand)]
enum LinksCommand {
    /// Sign order links with a new key from now on (say, after a mail or a backup
    /// leaked): links signed before keep working for `orders.old_links_days`, then
    /// open nothing. Running instances take the new key within a minute.
    Rotate,
}

#[derive(Subcommand)]
enum Report {
    /// Visits by campaign (utm_*) parameters, most visits first.
    Utm,
    /// The newest errors the browser app reported.
    Errors {
        #[arg(long, default_value_t = 20)]
        limit: u32,
    },
}

fn main() -> ExitCode {
    store_app::heap::limit_arenas();
    let cli = Cli::parse();
    // First: the settings say how to log.
    let settings = match settings::Settings::load(cli.config.as_deref()) {
        Ok(settings) => settings,
        Err(err) => {
            eprintln!("store: {err}");
            return ExitCode::FAILURE;
        }
    };
    start_logging(settings.server.log_format);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("store: cannot start the runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli, settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("store: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Log lines to stderr, filtered by `RUST_LOG` (default `info,sqlx=warn`), as text or
/// as one JSON object each (`server.log_format`), with the request's span (its id).
fn start_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let logger = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => logger.init(),
        LogFormat::Json => logger
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .init(),
    }
}

async fn run(cli: Cli, settings: settings::Settings) -> Result<(), Box<dyn std::error::Error>> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve::serve(settings).await,
        Command::Migrate => {
            let store = serve::open_database(&settings).await?;
            store.close().await;
            println!(
                "database {} is up to date",
                store_adapters::storage::shown(&settings.database.url)
            );
            Ok(())
        }
        Command::Seed { products, seed } => {
            let store = serve::open_database(&settings).await?;
            let result = match products {
                Some(count) => {
                    let (catalog, writer) = (store.catalog.as_ref(), store.catalog_writer.as_ref());
                    seed::generated(catalog, writer, count, seed).await
                }
                None => {
                    match seed::demo_if_empty(store.catalog.as_ref(), store.catalog_writer.as_ref())
                        .await
                    {
                        Ok(true) => {
                            match seed::demo_schools(store.catalog.as_ref(), store.schools.as_ref())
                                .await
                            {
                                Ok(()) => seed::demo_checkout_unless_public(&store, &settings)
                                    .await
                                    .map(|()| println!("demo catalogue imported")),
                                Err(err) => Err(err),
                            }
                        }
                        Ok(false) => {
                            println!("the catalogue is not empty; nothing done");
                            Ok(())
                        }
                        Err(err) => Err(err),
                    }
                }
            };
            store.close().await;
            Ok(result?)
        }
        Command::Import {
            what: ImportCommand::Schools { file },
        } => {
            let store = serve::open_database(&settings).await?;
            let countries = store_adapters::reference::EmbeddedCountries::load();
            let done = schools_cli::import(
                &file,
                &countries,
                store.catalog.as_ref(),
                store.schools.as_ref(),
            )
            .await;
            store.close().await;
            println!("{}", done?);
            Ok(())
        }
        Command::Backup { file } => {
            let store = serve::open_database(&settings).await?;
            let copied = store.backup_to(&file).await;
            store.close().await;
            copied?;
            println!(
                "database {} backed up to {}",
                store_adapters::storage::shown(&settings.database.url),
                file.display()
            );
            Ok(())
        }
        Command::Copy { to } => {
            let report = store_adapters::copy::copy(&settings.database.url, &to).await?;
            print!("{report}");
            Ok(())
        }
        Command::Messages { limit } => {
            let store = serve::open_database(&settings).await?;
            print!("{}", reports::messages(store.inbox.as_ref(), limit).await?);
            Ok(())
        }
        Command::Mail { limit } => {
            let store = serve::open_database(&settings).await?;
            print!("{}", reports::mail(store.outbox.as_ref(), limit).await?);
            Ok(())
        }
        Command::Orders { command } => {
            let store = serve::open_database(&settings).await?;
            let links = serve::order_links(store.secrets.as_ref(), &settings).await?;
            let done =
                orders_cli::run(store.orders.as_ref(), &links, &command, SystemClock.now()).await;
            store.close().await;
            print!("{}", done?);
            Ok(())
        }
        Command::Subscriptions { limit, plan_price } => {
            let store = serve::open_database(&settings).await?;
            let done = match plan_price.as_deref() {
                Some(&[plan, cents]) => {
                    store_app::subscriptions_cli::set_price(
                        store.subscriptions.as_ref(),
                        plan,
                        cents,
                    )
                    .await
                }
                _ => store_app::subscriptions_cli::list(store.subscriptions.as_ref(), limit).await,
            };
            store.close().await;
            print!("{}", done?);
            Ok(())
        }
        Command::Returns { command } => {
            let now = SystemClock.now();
            let state = serve::jobs_state(&settings, now).await?;
            print!("{}", returns_cli::run(&state, &command, now).await?);
            Ok(())
        }
        Command::Links {
            command: LinksCommand::Rotate,
        } => {
            let store = serve::open_database(&settings).await?;
            let done =
                serve::rotate_links(store.secrets.as_ref(), &settings, SystemClock.now()).await;
            store.close().await;
            print!("{}", done?);
            Ok(())
        }
        Command::Payments {
            command: PaymentsCommand::Reconcile { since },
        } => {
            let state = serve::jobs_state(&settings, SystemClock.now()).await?;
            let report = payments_cli::run(
                state.checkout.gateway.as_ref(),
                state.orders.records.as_ref(),
                since,
            );
            print!("{}", report.await?);
            Ok(())
        }
        Command::Jobs { limit, run, at } => {
            if run {
                let state = serve::jobs_state(&settings, at.unwrap_or(SystemClock.now())).await?;
                // The subscription scheduler runs at that moment too, charging what is
                // due by then; the jobs it queues (the orders' mails) run below.
                store_app::jobs_runner::run_subscriptions(&state).await?;
                let ran = store_app::jobs_runner::run_all_due(&state).await?;
                println!("ran {ran} due jobs");
            }
            let store = serve::open_database(&settings).await?;
            let listed = orders_cli::jobs(store.jobs.as_ref(), limit, SystemClock.now()).await;
            store.close().await;
            print!("{}", listed?);
            Ok(())
        }
        Command::Discounts { command } => {
            let store = serve::open_database(&settings).await?;
            let done =
                discounts_cli::run(store.discounts.as_ref(), &command, SystemClock.now()).await;
            store.close().await;
            print!("{}", done?);
            Ok(())
        }
        Command::Products { command } => {
            let store = serve::open_database(&settings).await?;
            let done = products_cli::run(store.catalog_writer.as_ref(), &command).await;
            store.close().await;
            print!("{}", done?);
            Ok(())
        }
        Command::Report { report } => {
            let store = serve::open_database(&settings).await?;
            let text = match report {
                Report::Utm => reports::campaign_visits(store.campaigns.as_ref()).await?,
                Report::Errors { limit } => {
                    reports::client_errors(store.error_reports.as_ref(), limit).await?
                }
            };
            print!("{text}");
            Ok(())
        }
        Command::Openapi => {
            println!(
                "{}",
                api::openapi_json(serve::offline_state(&settings).await?)
            );
            Ok(())
        }
    }
}
