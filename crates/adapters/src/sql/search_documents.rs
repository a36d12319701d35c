//! Reading products as the search index needs them, a page at a time: the products
//! with ids above the last one read (keyset pagination on the primary key, the same
//! SQL on SQLite and PostgreSQL), then one query per other table for the page's range
//! of ids, joined in memory: a few range scans per page instead of a lookup per
//! product, and a rebuild never holds the whole catalogue. Hidden products are not
//! indexed, so search and the category, vendor and creator lists drop them at the next
//! rebuild; the rows of other tables that name them are simply never asked for.

use super::catalog_error;
use super::common::PairRow;
use crate::rows::row;
use sqlx::FromRow;
use std::collections::HashMap;
use store_domain::catalog::{Categories, Category, NameValue};
use store_domain::money::Money;
use store_domain::ports::CatalogError;
use store_domain::search::{DocParts, Named, SearchDoc};

row! {
    struct ProductRow {
        id: i64,
        title: String,
        heb_title: Option<String>,
        short_desc: String,
        heb_short_desc: Option<String>,
        description: String,
        heb_description: Option<String>,
        sku: String,
        vendor_id: i64,
        category_id: i64,
        price: i64,
        release_date: String,
    }
}

row! {
    struct NamedRow {
        id: i64,
        name: String,
        heb_name: Option<String>,
    }
}

row! {
    struct LinkRow {
        owner: i64,
        other: i64,
    }
}

row! {
    struct SkuRow {
        owner: i64,
        sku: String,
    }
}

fn named(row: NamedRow) -> (i64, Named) {
    (
        row.id,
        Named {
            id: row.id,
            name: row.name,
            heb_name: row.heb_name,
        },
    )
}

async fn all<T>(pool: &sqlx::Pool<super::Db>, sql: &'static str) -> Result<Vec<T>, CatalogError>
where
    T: for<'r> FromRow<'r, <super::Db as sqlx::Database>::Row> + Send + Unpin,
{
    sqlx::query_as::<_, T>(sql)
        .fetch_all(pool)
        .await
        .map_err(catalog_error)
}

/// The rows of `sql` for the products with ids in `($1, $2]`.
async fn between<T>(
    pool: &sqlx::Pool<super::Db>,
    sql: &'static str,
    (after, last): (i64, i64),
) -> Result<Vec<T>, CatalogError>
where
    T: for<'r> FromRow<'r, <super::Db as sqlx::Database>::Row> + Send + Unpin,
{
    sqlx::query_as::<_, T>(sql)
        .bind(after)
        .bind(last)
        .fetch_all(pool)
        .await
        .map_err(catalog_error)
}

fn grouped<T>(rows: Vec<T>, owner: impl Fn(&T) -> i64) -> HashMap<i64, Vec<T>> {
    let mut map: HashMap<i64, Vec<T>> = HashMap::new();
    for row in rows {
        map.entry(owner(&row)).or_default().push(row);
    }
    map
}

/// The products on show with ids above `after`, in id order, at most `limit`.
pub(super) async fn read(
    pool: &sqlx::Pool<super::Db>,
    categories: &[Category],
    after: i64,
    limit: u32,
) -> Result<Vec<SearchDoc>, CatalogError> {
    let products: Vec<ProductRow> = sqlx::query_as(
        "SELECT id, title, heb_title, short_desc, heb_short_desc, description, heb_description, sku,
                vendor_id, category_id, price, release_date FROM products
         WHERE hidden = 0 AND id > $1 ORDER BY id LIMIT $2",
    )
    .bind(after)
    .bind(i64::from(limit))
    .fetch_all(pool)
    .await
    .map_err(catalog_error)?;
    let Some(last) = products.last().map(|p| p.id) else {
        return Ok(Vec::new());
    };
    let page = (after, last);
    let vendors: HashMap<i64, Named> = all(pool, "SELECT id, name, heb_name FROM vendors")
        .await?
        .into_iter()
        .map(named)
        .collect();
    let creators: HashMap<i64, Named> = all(pool, "SELECT id, name, heb_name FROM creators")
        .await?
        .into_iter()
        .map(named)
        .collect();
    let mut links = grouped(
        between::<LinkRow>(
            pool,
            "SELECT product_id AS owner, creator_id AS other FROM product_creators
             WHERE product_id > $1 AND product_id <= $2 ORDER BY product_id, position",
            page,
        )
        .await?,
        |r| r.owner,
    );
    let mut filters = grouped(
        between::<PairRow>(
            pool,
            "SELECT product_id AS owner, name, value, heb_name, heb_value FROM product_filters
             WHERE product_id > $1 AND product_id <= $2 ORDER BY product_id, position",
            page,
        )
        .await?,
        |r| r.owner,
    );
    let mut options = grouped(
        between::<PairRow>(
            pool,
            "SELECT v.product_id AS owner, o.name, o.value, o.heb_name, o.heb_value FROM variation_options o
             JOIN variations v ON v.id = o.variation_id
             WHERE v.product_id > $1 AND v.product_id <= $2 ORDER BY v.product_id, v.position, o.position",
            page,
        )
        .await?,
        |r| r.owner,
    );
    let mut skus = grouped(
        between::<SkuRow>(
            pool,
            "SELECT product_id AS owner, sku FROM variations
             WHERE product_id > $1 AND product_id <= $2 ORDER BY product_id, position",
            page,
        )
        .await?,
        |r| r.owner,
    );
    let tree = Categories::new(categories);
    let trails: HashMap<i64, Vec<Named>> = categories
        .iter()
        .map(|c| {
            (
                c.id,
                tree.trail(c.id).into_iter().map(Named::from).collect(),
            )
        })
        .collect();
    let pairs = |rows: Option<Vec<PairRow>>| -> Vec<NameValue> {
        rows.unwrap_or_default()
            .into_iter()
            .map(NameValue::from)
            .collect()
    };

    Ok(products
        .into_iter()
        .map(|p| {
            SearchDoc::assemble(DocParts {
                variation_skus: skus
                    .remove(&p.id)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|s| s.sku)
                    .collect(),
                vendor: vendors.get(&p.vendor_id).cloned().unwrap_or(Named {
                    id: p.vendor_id,
                    name: String::new(),
                    heb_name: None,
                }),
                creators: links
                    .remove(&p.id)
                    .unwrap_or_default()
                    .into_iter()
                    .filter_map(|l| creators.get(&l.other).cloned())
                    .collect(),
                categories: trails.get(&p.category_id).cloned().unwrap_or_default(),
                filters: pairs(filters.remove(&p.id)),
                options: pairs(options.remove(&p.id)),
                price: Money::from_cents(p.price),
                id: p.id,
                title: p.title,
                heb_title: p.heb_title,
                short_desc: p.short_desc,
                heb_short_desc: p.heb_short_desc,
                description: p.description,
                heb_description: p.heb_description,
                sku: p.sku,
                release_date: p.release_date,
            })
        })
        .collect())
}
