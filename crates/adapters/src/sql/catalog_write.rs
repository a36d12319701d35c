//! Writing the catalogue: atomic, batched imports, and the owner's change of a product.

use super::{Conn, Db};
use super::{Store, catalog_error, join_paragraphs};
use async_trait::async_trait;
use sqlx::QueryBuilder;
use sqlx::query_builder::Separated;
use store_domain::catalog::{CatalogImport, Picture, ProductChange};
use store_domain::ports::{CatalogError, CatalogWriter};
use store_domain::subscriptions::plans::PlanType;

/// SQLite accepts up to 32,766 bound values in one statement; stay well below.
const MAX_BINDS: usize = 30_000;

/// Inserts `rows` with as few multi-row statements as the bind limit allows: one
/// statement per row would make a 100,000-product import take minutes.
async fn insert_all<T>(
    conn: &mut Conn,
    head: &str,
    columns: usize,
    rows: &[T],
    mut push: impl FnMut(&mut Separated<'_, Db, &'static str>, &T),
) -> Result<(), CatalogError> {
    for chunk in rows.chunks((MAX_BINDS / columns).max(1)) {
        let mut builder = QueryBuilder::<Db>::new(head);
        builder.push_values(chunk, |mut separated, row| push(&mut separated, row));
        builder
            .build()
            .execute(&mut *conn)
            .await
            .map_err(catalog_error)?;
    }
    Ok(())
}

fn urls(pictures: &[Picture]) -> Vec<String> {
    pictures.iter().map(Picture::url).collect()
}

fn position(index: usize) -> i64 {
    i64::try_from(index).unwrap_or(i64::MAX)
}

#[async_trait]
impl CatalogWriter for Store {
    async fn import(&self, c: &CatalogImport) -> Result<(), CatalogError> {
        c.validate()?;
        let mut writer = self.writer().await.map_err(catalog_error)?;
        let mut tx = super::begin_write(&mut writer)
            .await
            .map_err(catalog_error)?;
        let conn = &mut *tx;

        insert_all(
            conn,
            "INSERT INTO vendors (id, slug, name, heb_name) ",
            4,
            &c.vendors,
            |b, v| {
                b.push_bind(v.id)
                    .push_bind(&v.slug)
                    .push_bind(&v.name)
                    .push_bind(&v.heb_name);
            },
        )
        .await?;
        insert_all(
            conn,
            "INSERT INTO creators (id, slug, name, heb_name, role) ",
            5,
            &c.creators,
            |b, v| {
                b.push_bind(v.id)
                    .push_bind(&v.slug)
                    .push_bind(&v.name)
                    .push_bind(&v.heb_name)
                    .push_bind(&v.role);
            },
        )
        .await?;
        // Categories go one statement each, in order, so a parent always exists before
        // its children are checked against it.
        let first_position: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM categories")
            .fetch_one(&mut *conn)
            .await
            .map_err(catalog_error)?;
        for (index, cat) in c.categories.iter().enumerate() {
            sqlx::query(
                "INSERT INTO categories (id, parent_id, position, slug, name, heb_name, icon, color)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(cat.id)
            .bind(cat.parent_id)
            .bind(first_position + position(index))
            .bind(&cat.slug)
            .bind(&cat.name)
            .bind(&cat.heb_name)
            .bind(cat.picture.as_ref().map(|p| &p.icon))
            .bind(cat.picture.as_ref().map(|p| &p.color))
            .execute(&mut *conn)
            .await
            .map_err(catalog_error)?;
        }

        insert_all(
            conn,
            "INSERT INTO products (id, slug, product_type, item_type, title, heb_title, short_desc, heb_short_desc,
               description, heb_description, price, fake_price, sku, stock, max_quantity, tax_code, vendor_id,
               category_id, exclude_free_shipping, release_date, image, gift_options_price, returnable) ",
            23,
            &c.products,
            |b, p| {
                b.push_bind(p.id)
                    .push_bind(&p.slug)
                    .push_bind(p.product_type.as_str())
                    .push_bind(&p.item_type)
                    .push_bind(&p.title)
                    .push_bind(&p.heb_title)
                    .push_bind(&p.short_desc)
                    .push_bind(&p.heb_short_desc)
                    .push_bind(&p.description)
                    .push_bind(&p.heb_description)
                    .push_bind(p.price.cents())
                    .push_bind(p.fake_price.map(|m| m.cents()))
                    .push_bind(&p.sku)
                    .push_bind(p.stock)
                    .push_bind(p.max_quantity)
                    .push_bind(&p.tax_code)
                    .push_bind(p.vendor_id)
                    .push_bind(p.category_id)
                    .push_bind(i16::from(p.exclude_free_shipping))
                    .push_bind(&p.release_date)
                    .push_bind(p.media.first().map(Picture::url))
                    .push_bind(p.gift_options_price.map(|m| m.cents()))
                    .push_bind(i16::from(p.returnable));
            },
        )
        .await?;

        let media: Vec<(i64, i64, String)> = c
            .products
            .iter()
            .flat_map(|p| {
                urls(&p.media)
                    .into_iter()
                    .enumerate()
                    .map(move |(i, url)| (p.id, position(i), url))
            })
            .collect();
        insert_all(
            conn,
            "INSERT INTO product_media (product_id, position, url) ",
            3,
            &media,
            |b, (id, pos, url)| {
                b.push_bind(*id).push_bind(*pos).push_bind(url);
            },
        )
        .await?;

        let creators: Vec<(i64, i64, i64)> = c
            .products
            .iter()
            .flat_map(|p| {
                p.creator_ids
                    .iter()
                    .enumerate()
                    .map(move |(i, creator)| (p.id, *creator, position(i)))
            })
            .collect();
        insert_all(
            conn,
            "INSERT INTO product_creators (product_id, creator_id, position) ",
            3,
            &creators,
            |b, (id, creator, pos)| {
                b.push_bind(*id).push_bind(*creator).push_bind(*pos);
            },
        )
        .await?;

        let filters: Vec<_> = c
            .products
            .iter()
            .flat_map(|p| {
                p.filters
                    .iter()
                    .enumerate()
                    .map(move |(i, f)| (p.id, position(i), f))
            })
            .collect();
        insert_all(
            conn,
            "INSERT INTO product_filters (product_id, position, name, value, heb_name, heb_value) ",
            6,
            &filters,
            |b, (id, pos, f)| {
                b.push_bind(*id)
                    .push_bind(*pos)
                    .push_bind(&f.name)
                    .push_bind(&f.value)
                    .push_bind(&f.heb_name)
                    .push_bind(&f.heb_value);
            },
        )
        .await?;

        let fields: Vec<_> = c
            .products
            .iter()
            .flat_map(|p| {
                p.personalization
                    .iter()
                    .enumerate()
                    .map(move |(i, f)| (p.id, position(i), f))
            })
            .collect();
        insert_all(
            conn,
            "INSERT INTO personalization_fields (product_id, position, field_key, label, heb_label, price, max_length) ",
            7,
            &fields,
            |b, (id, pos, f)| {
                b.push_bind(*id)
                    .push_bind(*pos)
                    .push_bind(&f.key)
                    .push_bind(&f.label)
                    .push_bind(&f.heb_label)
                    .push_bind(f.price.cents())
                    .push_bind(i64::from(f.max_length));
            },
        )
        .await?;

        let variations: Vec<_> = c
            .products
            .iter()
            .flat_map(|p| {
                p.variations
                    .iter()
                    .enumerate()
                    .map(move |(i, v)| (p.id, position(i), v))
            })
            .collect();
        insert_all(
            conn,
            "INSERT INTO variations (id, product_id, position, sku, price, fake_price, stock, max_quantity, item_type, picture) ",
            10,
            &variations,
            |b, (product_id, pos, v)| {
                b.push_bind(v.id)
                    .push_bind(*product_id)
                    .push_bind(*pos)
                    .push_bind(&v.sku)
                    .push_bind(v.price.cents())
                    .push_bind(v.fake_price.map(|m| m.cents()))
                    .push_bind(v.stock)
                    .push_bind(v.max_quantity)
                    .push_bind(&v.item_type)
                    .push_bind(v.picture.as_ref().map(Picture::url));
            },
        )
        .await?;

        let options: Vec<_> = variations
            .iter()
            .flat_map(|(_, _, v)| {
                v.options
                    .iter()
                    .enumerate()
                    .map(move |(i, o)| (v.id, position(i), o))
            })
            .collect();
        insert_all(
            conn,
            "INSERT INTO variation_options (variation_id, position, name, value, heb_name, heb_value) ",
            6,
            &options,
            |b, (id, pos, o)| {
                b.push_bind(*id)
                    .push_bind(*pos)
                    .push_bind(&o.name)
                    .push_bind(&o.value)
                    .push_bind(&o.heb_name)
                    .push_bind(&o.heb_value);
            },
        )
        .await?;

        insert_all(
            conn,
            "INSERT INTO bundles (id, slug, title, heb_title, short_desc, heb_short_desc, description, heb_description,
               price, fake_price, sku, image) ",
            12,
            &c.bundles,
            |b, x| {
                b.push_bind(x.id)
                    .push_bind(&x.slug)
                    .push_bind(&x.title)
                    .push_bind(&x.heb_title)
                    .push_bind(&x.short_desc)
                    .push_bind(&x.heb_short_desc)
                    .push_bind(&x.description)
                    .push_bind(&x.heb_description)
                    .push_bind(x.price.cents())
                    .push_bind(x.fake_price.map(|m| m.cents()))
                    .push_bind(&x.sku)
                    .push_bind(x.media.first().map(Picture::url));
            },
        )
        .await?;
        let bundle_media: Vec<(i64, i64, String)> = c
            .bundles
            .iter()
            .flat_map(|x| {
                urls(&x.media)
                    .into_iter()
                    .enumerate()
                    .map(move |(i, url)| (x.id, position(i), url))
            })
            .collect();
        insert_all(
            conn,
            "INSERT INTO bundle_media (bundle_id, position, url) ",
            3,
            &bundle_media,
            |b, (id, pos, url)| {
                b.push_bind(*id).push_bind(*pos).push_bind(url);
            },
        )
        .await?;
        let items: Vec<_> = c
            .bundles
            .iter()
            .flat_map(|x| {
                x.items
                    .iter()
                    .enumerate()
                    .map(move |(i, item)| (x.id, position(i), item))
            })
            .collect();
        insert_all(
            conn,
            "INSERT INTO bundle_items (bundle_id, position, product_id, quantity) ",
            4,
            &items,
            |b, (id, pos, item)| {
                b.push_bind(*id)
                    .push_bind(*pos)
                    .push_bind(item.product_id)
                    .push_bind(item.quantity);
            },
        )
        .await?;

        insert_all(
            conn,
            "INSERT INTO pages (id, slug, title, heb_title, body, heb_body) ",
            6,
            &c.pages,
            |b, p| {
                b.push_bind(p.id)
                    .push_bind(&p.slug)
                    .push_bind(&p.title)
                    .push_bind(&p.heb_title)
                    .push_bind(join_paragraphs(&p.body))
                    .push_bind(p.heb_body.as_deref().map(join_paragraphs));
            },
        )
        .await?;

        write_plans(conn, &c.subscriptions).await?;
        bump_version(&mut tx).await?;
        tx.commit().await.map_err(catalog_error)?;
        super::refresh_statistics(&mut writer).await
    }

    async fn change_product(&self, id: i64, change: &ProductChange) -> Result<bool, CatalogError> {
        change.validate()?;
        let mut writer = self.writer().await.map_err(catalog_error)?;
        let mut tx = super::begin_write(&mut writer)
            .await
            .map_err(catalog_error)?;
        let done = product_update(id, change)
            .build()
            .execute(&mut *tx)
            .await
            .map_err(catalog_error)?;
        // `id` is the key: one row changed, or none for an unknown product.
        let changed = done.rows_affected() > 0;
        if changed {
            bump_version(&mut tx).await?;
        }
        tx.commit().await.map_err(catalog_error)?;
        Ok(changed)
    }

    async fn remove_products_from(&self, first_id: i64) -> Result<u64, CatalogError> {
        let mut writer = self.writer().await.map_err(catalog_error)?;
        let mut tx = super::begin_write(&mut writer)
            .await
            .map_err(catalog_error)?;
        // Children go through ON DELETE CASCADE.
        let done = sqlx::query("DELETE FROM products WHERE id >= $1")
            .bind(first_id)
            .execute(&mut *tx)
            .await
            .map_err(catalog_error)?;
        bump_version(&mut tx).await?;
        tx.commit().await.map_err(catalog_error)?;
        Ok(done.rows_affected())
    }
}

/// What is sold by subscription: types, their groups, the groups' plans, each in the
/// order given. A plan's product must exist (a foreign key).
async fn write_plans(conn: &mut Conn, types: &[PlanType]) -> Result<(), CatalogError> {
    let groups: Vec<_> = types
        .iter()
        .flat_map(|t| {
            t.groups
                .iter()
                .enumerate()
                .map(move |(i, g)| (t.id, position(i), g))
        })
        .collect();
    let plans: Vec<_> = types
        .iter()
        .flat_map(|t| &t.groups)
        .flat_map(|g| {
            g.plans
                .iter()
                .enumerate()
                .map(move |(i, p)| (g.id, position(i), p))
        })
        .collect();
    let types: Vec<_> = types
        .iter()
        .enumerate()
        .map(|(i, t)| (position(i), t))
        .collect();
    insert_all(
        conn,
        "INSERT INTO subscription_types (id, slug, name, heb_name, position) ",
        5,
        &types,
        |b, (pos, t)| {
            b.push_bind(t.id)
                .push_bind(&t.slug)
                .push_bind(&t.name)
                .push_bind(&t.heb_name)
                .push_bind(*pos);
        },
    )
    .await?;
    insert_all(
        conn,
        "INSERT INTO subscription_groups (id, type_id, slug, name, heb_name, description, heb_description, position) ",
        8,
        &groups,
        |b, (type_id, pos, g)| {
            b.push_bind(g.id)
                .push_bind(*type_id)
                .push_bind(&g.slug)
                .push_bind(&g.name)
                .push_bind(&g.heb_name)
                .push_bind(&g.description)
                .push_bind(&g.heb_description)
                .push_bind(*pos);
        },
    )
    .await?;
    insert_all(
        conn,
        "INSERT INTO subscription_plans (id, group_id, product_id, interval, price, deliveries, position) ",
        7,
        &plans,
        |b, (group_id, pos, p)| {
            b.push_bind(p.id)
                .push_bind(*group_id)
                .push_bind(p.product_id)
                .push_bind(p.interval.as_str())
                .push_bind(p.price.cents())
                .push_bind(p.deliveries.map(i64::from))
                .push_bind(*pos);
        },
    )
    .await
}

/// `UPDATE products SET <the fields given> WHERE id = <id>`. Only the given columns are
/// written: an order taking stock meanwhile is not undone by a price change.
fn product_update(id: i64, change: &ProductChange) -> QueryBuilder<Db> {
    let mut update = QueryBuilder::new("UPDATE products SET ");
    let mut set = update.separated(", ");
    if let Some(price) = change.price {
        set.push("price = ").push_bind_unseparated(price.cents());
    }
    if let Some(stock) = change.stock {
        set.push("stock = ").push_bind_unseparated(stock);
    }
    if let Some(title) = &change.title {
        set.push("title = ").push_bind_unseparated(title.clone());
    }
    if let Some(heb_title) = &change.heb_title {
        set.push("heb_title = ")
            .push_bind_unseparated(heb_title.clone());
    }
    if let Some(hidden) = change.hidden {
        set.push("hidden = ")
            .push_bind_unseparated(i16::from(hidden));
    }
    update.push(" WHERE id = ").push_bind(id);
    update
}

/// Part of every change's transaction, so the version moves exactly when data does.
async fn bump_version(tx: &mut sqlx::Transaction<'_, Db>) -> Result<(), CatalogError> {
    sqlx::query("UPDATE catalogue_version SET version = version + 1 WHERE id = 1")
        .execute(&mut **tx)
        .await
        .map_err(catalog_error)?;
    Ok(())
}
