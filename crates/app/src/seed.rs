//! Filling the catalogue: the demo catalogue on first start, and the deterministic
//! generated catalogue for benchmarks.

use std::time::Instant;
use store_adapters::{demo, generator};
use store_domain::catalog::CatalogImport;
use store_domain::ports::{Catalog, CatalogWriter};

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("the demo catalogue built into this binary is invalid: {0}")]
    Demo(#[from] serde_json::Error),
    #[error(transparent)]
    Catalog(#[from] store_domain::ports::CatalogError),
    #[error(transparent)]
    Generate(#[from] generator::GenerateError),
}

/// Imports the demo catalogue if the store has no products yet; says whether it did.
pub async fn demo_if_empty(
    catalog: &dyn Catalog,
    writer: &dyn CatalogWriter,
) -> Result<bool, SeedError> {
    import_if_empty(catalog, writer, &demo::catalogue()?).await
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
