//! Filling the catalogue: the demo catalogue on first start, with its gift cards and
//! discount codes, and the deterministic generated catalogue for benchmarks.

use std::time::Instant;
use store_adapters::clock::SystemClock;
use store_adapters::reference::EmbeddedCountries;
use store_adapters::{demo, generator, school_csv};
use store_domain::catalog::CatalogImport;
use store_domain::checkout::discounts::MalformedDiscountCode;
use store_domain::checkout::gift_cards::MalformedCode;
use store_domain::checkout::storage::{CreateDiscountError, Discounts, GiftCards, IssueError};
use store_domain::clock::Timestamp;
use store_domain::ports::{Catalog, CatalogWriter, Clock, Countries, StorageError};
use store_domain::school::{self, ImportFailure, Schools};

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("the demo catalogue built into this binary is invalid: {0}")]
    Demo(#[from] serde_json::Error),
    #[error(transparent)]
    Catalog(#[from] store_domain::ports::CatalogError),
    #[error(transparent)]
    Generate(#[from] generator::GenerateError),
    #[error("a demo gift card built into this binary is invalid: {0}")]
    DemoGiftCard(#[from] MalformedCode),
    #[error("a demo discount built into this binary is invalid: {0}")]
    DemoDiscount(#[from] MalformedDiscountCode),
    #[error(transparent)]
    Storage(#[from] StorageError),
    #[error("the demo schools built into this binary are invalid: {0}")]
    DemoSchools(#[from] ImportFailure),
}

/// Imports the demo catalogue if the store has no products yet; says whether it did.
pub async fn demo_if_empty(
    catalog: &dyn Catalog,
    writer: &dyn CatalogWriter,
) -> Result<bool, SeedError> {
    import_if_empty(catalog, writer, &demo::catalogue()?).await
}

/// After the demo catalogue: its schools and supply lists (`demo/schools.csv`), imported
/// as an owner's file is.
pub async fn demo_schools(catalog: &dyn Catalog, schools: &dyn Schools) -> Result<(), SeedError> {
    let rows = school_csv::demo_rows().map_err(ImportFailure::Row)?;
    let countries = EmbeddedCountries::load().countries();
    school::import(&rows, &countries, catalog, schools).await?;
    Ok(())
}

/// After the demo catalogue: its gift cards and discount codes, unless shoppers could
/// reach this store. Their codes are published (`docs/api.md`), so a public store
/// that issued them would give their value away.
pub async fn demo_checkout_unless_public(
    store: &store_adapters::storage::Storage,
    settings: &crate::settings::Settings,
) -> Result<(), SeedError> {
    if crate::exposure::is_public(settings) {
        tracing::warn!(
            "demo catalogue imported; its published gift cards and discount codes are not issued in a public configuration"
        );
        return Ok(());
    }
    demo_checkout(
        store.gift_cards.as_ref(),
        store.discounts.as_ref(),
        SystemClock.now(),
    )
    .await?;
    tracing::info!("demo catalogue, gift cards and discounts imported");
    Ok(())
}

/// Issues the demo gift cards and creates the demo discount codes (`docs/api.md` lists
/// them), at `now`; one already there is left as it is.
pub async fn demo_checkout(
    cards: &dyn GiftCards,
    discounts: &dyn Discounts,
    now: Timestamp,
) -> Result<(), SeedError> {
    for card in demo::gift_cards()? {
        match cards.issue_gift_card(&card, now).await {
            Ok(()) | Err(IssueError::Duplicate) => {}
            Err(IssueError::Storage(err)) => return Err(err.into()),
        }
    }
    for discount in demo::discounts()? {
        match discounts.create_discount(&discount, now).await {
            Ok(()) | Err(CreateDiscountError::Duplicate) => {}
            Err(CreateDiscountError::Storage(err)) => return Err(err.into()),
        }
    }
    Ok(())
}

async fn import_if_empty(
    catalog: &dyn Catalog,
    writer: &dyn CatalogWriter,
    demo: &CatalogImport,
) -> Result<bool, SeedError> {
    if catalog.product_count().await? > 0 || !catalog.categories().await?.is_empty() {
        return Ok(false);
    }
    writer.import(demo).await?;
    Ok(true)
}

/// Replaces any generated products with `count` new ones from `seed`, in batches.
pub async fn generated(
    catalog: &dyn Catalog,
    writer: &dyn CatalogWriter,
    count: u64,
    seed: u64,
) -> Result<(), SeedError> {
    // Parsed once: the generator hangs its products off the demo's categories and vendors.
    let demo = demo::catalogue()?;
    import_if_empty(catalog, writer, &demo).await?;
    let started = Instant::now();
    let removed = writer.remove_products_from(generator::FIRST_ID).await?;
    if removed > 0 {
        println!("removed {removed} previously generated products");
    }
    let mut generator = generator::Generator::new(&demo, count, seed)?;
    while let Some(chunk) = generator.next_chunk(5_000) {
        writer.import(&chunk).await?;
    }
    let total = catalog.product_count().await?;
    println!(
        "generated {count} products (seed {seed}) in {:.2} s; the catalogue now has {total} products",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
