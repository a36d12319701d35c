//! Reading the catalogue.

use super::common::{BUNDLE_ON_SHOW, PairRow};
use super::{Store, catalog_error, search_documents, split_paragraphs};
use crate::rows::row;
use async_trait::async_trait;
use sqlx::{AssertSqlSafe, FromRow, Row};
use std::collections::HashMap;
use store_domain::availability::{BundlePart, CardStock};
use store_domain::bag::{ItemRef, Offer};
use store_domain::catalog::{
    Bundle, BundleItem, CardKind, Category, ContentPage, CreatorRef, ListKind, ListOwner,
    NameValue, PersonalizationField, Picture, Product, ProductCard, ProductType, Variation, Vendor,
};
use store_domain::money::Money;
use store_domain::ports::{Catalog, CatalogError};
use store_domain::search::SearchDoc;

/// The columns of a product card: its own stock and its best-stocked variation's, from
/// which the domain decides whether it is in stock.
const CARD_COLUMNS: &str =
    "p.id, p.slug, p.product_type, p.title, p.heb_title, p.price, p.fake_price, p.image, v.name AS vendor_name,
    p.stock, (SELECT MAX(x.stock) FROM variations x WHERE x.product_id = p.id) AS best_variation";

row! {
    struct CardRow {
        id: i64,
        slug: String,
        product_type: String,
        title: String,
        heb_title: Option<String>,
        price: i64,
        fake_price: Option<i64>,
        image: Option<String>,
        vendor_name: Option<String>,
        stock: i64,
        best_variation: Option<i64>,
    }
}

impl CardRow {
    fn into_card(self) -> ProductCard {
        ProductCard {
            id: self.id,
            kind: CardKind::Product,
            slug: self.slug,
            title: self.title,
            heb_title: self.heb_title,
            price: Money::from_cents(self.price),
            fake_price: self.fake_price.map(Money::from_cents),
            image: self.image,
            vendor_name: self.vendor_name,
            // A type this build does not know is sold as a plain product.
            product_type: ProductType::parse(&self.product_type).unwrap_or(ProductType::Product),
            stock: CardStock::Product {
                stock: self.stock,
                best_variation: self.best_variation,
            },
        }
    }
}

row! {
    struct CategoryRow {
        id: i64,
        parent_id: Option<i64>,
        slug: String,
        name: String,
        heb_name: Option<String>,
        icon: Option<String>,
        color: Option<String>,
    }
}

row! {
    struct ProductRow {
        id: i64,
        slug: String,
        product_type: String,
        item_type: String,
        title: String,
        heb_title: Option<String>,
        short_desc: String,
        heb_short_desc: Option<String>,
        description: String,
        heb_description: Option<String>,
        price: i64,
        fake_price: Option<i64>,
        sku: String,
        stock: i64,
        max_quantity: Option<i64>,
        tax_code: String,
        category_id: i64,
        exclude_free_shipping: i16,
        returnable: i16,
        release_date: String,
        gift_options_price: Option<i64>,
        vendor_id: i64,
        vendor_slug: String,
        vendor_name: String,
        vendor_heb_name: Option<String>,
    }
}

row! {
    struct CreatorRow {
        id: i64,
        slug: String,
        name: String,
        heb_name: Option<String>,
        role: String,
    }
}

row! {
    struct VariationRow {
        id: i64,
        sku: String,
        price: i64,
        fake_price: Option<i64>,
        stock: i64,
        max_quantity: Option<i64>,
        item_type: String,
        picture: Option<String>,
    }
}

row! {
    struct PersonalizationRow {
        field_key: String,
        label: String,
        heb_label: Option<String>,
        price: i64,
        max_length: i64,
    }
}

row! {
    struct BundleRow {
        id: i64,
        slug: String,
        title: String,
        heb_title: Option<String>,
        short_desc: String,
        heb_short_desc: Option<String>,
        description: String,
        heb_description: Option<String>,
        price: i64,
        fake_price: Option<i64>,
        sku: String,
    }
}

row! {
    struct BundleCardRow {
        id: i64,
        slug: String,
        title: String,
        heb_title: Option<String>,
        price: i64,
        fake_price: Option<i64>,
        image: Option<String>,
    }
}

row! {
    struct BundlePartRow {
        bundle_id: i64,
        quantity: i64,
        stock: i64,
    }
}

/// A card and its quantity in one row: the card's columns and `quantity`.
struct BundleItemRow {
    card: CardRow,
    quantity: i64,
}

impl<'r> FromRow<'r, <super::Db as sqlx::Database>::Row> for BundleItemRow {
    fn from_row(row: &'r <super::Db as sqlx::Database>::Row) -> Result<Self, sqlx::Error> {
        Ok(BundleItemRow {
            card: CardRow::from_row(row)?,
            quantity: row.try_get("quantity")?,
        })
    }
}

row! {
    struct PageRow {
        id: i64,
        slug: String,
        title: String,
        heb_title: Option<String>,
        body: String,
        heb_body: Option<String>,
    }
}

row! {
    struct OwnerRow {
        slug: String,
        name: String,
        heb_name: Option<String>,
    }
}

const NEWEST: &str = "p.release_date DESC, p.id DESC";

fn owner_query(kind: ListKind) -> &'static str {
    match kind {
        ListKind::Category => "SELECT slug, name, heb_name FROM categories WHERE id = $1",
        ListKind::Vendor => "SELECT slug, name, heb_name FROM vendors WHERE id = $1",
        ListKind::Creator => "SELECT slug, name, heb_name FROM creators WHERE id = $1",
    }
}

impl Store {
    /// Product cards for the ids `ids_sql` selects, in `order`. The ids are found on
    /// `products` alone and the card columns (vendor name, stock across variations)
    /// are built for that page only: joined up front, they cost a lookup per matching
    /// row and let the planner start from the wrong table. Both arguments are this
    /// module's constant fragments, never input.
    async fn cards(
        &self,
        ids_sql: &str,
        order: &str,
        binds: &[i64],
    ) -> Result<Vec<ProductCard>, CatalogError> {
        let sql = format!(
            "SELECT {CARD_COLUMNS} FROM ({ids_sql}) page
             JOIN products p ON p.id = page.id JOIN vendors v ON v.id = p.vendor_id ORDER BY {order}"
        );
        let mut query = sqlx::query_as::<_, CardRow>(AssertSqlSafe(sql));
        for bind in binds {
            query = query.bind(*bind);
        }
        let rows = query.fetch_all(&self.pool).await.map_err(catalog_error)?;
        Ok(rows.into_iter().map(|r| r.into_card()).collect())
    }

    async fn strings(&self, sql: &'static str, id: i64) -> Result<Vec<String>, CatalogError> {
        sqlx::query_scalar::<_, String>(sql)
            .bind(id)
            .fetch_all(&self.pool)
            .await
            .map_err(catalog_error)
    }
}

#[async_trait]
impl Catalog for Store {
    async fn categories(&self) -> Result<Vec<Category>, CatalogError> {
        let rows = sqlx::query_as::<_, CategoryRow>(
            "SELECT id, parent_id, slug, name, heb_name, icon, color FROM categories ORDER BY position, id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(catalog_error)?;
        Ok(rows
            .into_iter()
            .map(|r| Category {
                id: r.id,
                parent_id: r.parent_id,
                slug: r.slug,
                name: r.name,
                heb_name: r.heb_name,
                picture: r
                    .icon
                    .zip(r.color)
                    .map(|(icon, color)| Picture { icon, color }),
            })
            .collect())
    }

    async fn product(&self, id: i64) -> Result<Option<Product>, CatalogError> {
        let row = sqlx::query_as::<_, ProductRow>(
            "SELECT p.id, p.slug, p.product_type, p.item_type, p.title, p.heb_title, p.short_desc, p.heb_short_desc,
                    p.description, p.heb_description, p.price, p.fake_price, p.sku, p.stock, p.max_quantity, p.tax_code,
                    p.category_id, p.exclude_free_shipping, p.returnable, p.release_date, p.gift_options_price,
                    v.id AS vendor_id, v.slug AS vendor_slug, v.name AS vendor_name, v.heb_name AS vendor_heb_name
             FROM products p JOIN vendors v ON v.id = p.vendor_id WHERE p.id = $1 AND p.hidden = 0",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(catalog_error)?;
        let Some(row) = row else { return Ok(None) };

        let media = self
            .strings(
                "SELECT url FROM product_media WHERE product_id = $1 ORDER BY position",
                id,
            )
            .await?;
        let creators = sqlx::query_as::<_, CreatorRow>(
            "SELECT c.id, c.slug, c.name, c.heb_name, c.role FROM product_creators pc
             JOIN creators c ON c.id = pc.creator_id WHERE pc.product_id = $1 ORDER BY pc.position",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(catalog_error)?;
        let filters = sqlx::query_as::<_, PairRow>(
            "SELECT product_id AS owner, name, value, heb_name, heb_value FROM product_filters
             WHERE product_id = $1 ORDER BY position",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(catalog_error)?;
        let personalization = sqlx::query_as::<_, PersonalizationRow>(
            "SELECT field_key, label, heb_label, price, max_length FROM personalization_fields
             WHERE product_id = $1 ORDER BY position",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(catalog_error)?;
        let variation_rows = sqlx::query_as::<_, VariationRow>(
            "SELECT id, sku, price, fake_price, stock, max_quantity, item_type, picture FROM variations
             WHERE product_id = $1 ORDER BY position",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(catalog_error)?;
        let options = sqlx::query_as::<_, PairRow>(
            "SELECT o.variation_id AS owner, o.name, o.value, o.heb_name, o.heb_value FROM variation_options o
             JOIN variations v ON v.id = o.variation_id WHERE v.product_id = $1 ORDER BY o.variation_id, o.position",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(catalog_error)?;

        let variations = variation_rows
            .into_iter()
            .map(|v| Variation {
                options: options
                    .iter()
                    .filter(|o| o.owner == v.id)
                    .cloned()
                    .map(NameValue::from)
                    .collect(),
                id: v.id,
                sku: v.sku,
                price: Money::from_cents(v.price),
                fake_price: v.fake_price.map(Money::from_cents),
                stock: v.stock,
                max_quantity: v.max_quantity,
                item_type: v.item_type,
                picture: v.picture,
            })
            .collect();

        let product_type = ProductType::parse(&row.product_type).ok_or_else(|| {
            CatalogError::Storage(format!(
                "product {id} has unknown type {:?}",
                row.product_type
            ))
        })?;
        Ok(Some(Product {
            id: row.id,
            slug: row.slug,
            product_type,
            item_type: row.item_type,
            title: row.title,
            heb_title: row.heb_title,
            short_desc: row.short_desc,
            heb_short_desc: row.heb_short_desc,
            description: row.description,
            heb_description: row.heb_description,
            price: Money::from_cents(row.price),
            fake_price: row.fake_price.map(Money::from_cents),
            sku: row.sku,
            stock: row.stock,
            max_quantity: row.max_quantity,
            tax_code: row.tax_code,
            vendor: Vendor {
                id: row.vendor_id,
                slug: row.vendor_slug,
                name: row.vendor_name,
                heb_name: row.vendor_heb_name,
            },
            creators: creators
                .into_iter()
                .map(|c| CreatorRef {
                    id: c.id,
                    slug: c.slug,
                    name: c.name,
                    heb_name: c.heb_name,
                    role: c.role,
                })
                .collect(),
            category_id: row.category_id,
            exclude_free_shipping: row.exclude_free_shipping != 0,
            returnable: row.returnable != 0,
            release_date: row.release_date,
            media,
            filters: filters.into_iter().map(NameValue::from).collect(),
            gift_options_price: row.gift_options_price.map(Money::from_cents),
            personalization: personalization
                .into_iter()
                .map(|p| PersonalizationField {
                    key: p.field_key,
                    label: p.label,
                    heb_label: p.heb_label,
                    price: Money::from_cents(p.price),
                    max_length: u32::try_from(p.max_length).unwrap_or(0),
                })
                .collect(),
            variations,
        }))
    }

    async fn bundle(&self, id: i64) -> Result<Option<Bundle>, CatalogError> {
        let row = sqlx::query_as::<_, BundleRow>(AssertSqlSafe(format!(
            "SELECT id, slug, title, heb_title, short_desc, heb_short_desc, description, heb_description,
                    price, fake_price, sku FROM bundles b WHERE b.id = $1 AND {BUNDLE_ON_SHOW}"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(catalog_error)?;
        let Some(row) = row else { return Ok(None) };
        let media = self
            .strings(
                "SELECT url FROM bundle_media WHERE bundle_id = $1 ORDER BY position",
                id,
            )
            .await?;
        let items = sqlx::query_as::<_, BundleItemRow>(AssertSqlSafe(format!(
            "SELECT {CARD_COLUMNS}, bi.quantity FROM bundle_items bi
             JOIN products p ON p.id = bi.product_id JOIN vendors v ON v.id = p.vendor_id
             WHERE bi.bundle_id = $1 ORDER BY bi.position"
        )))
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(catalog_error)?;
        Ok(Some(Bundle {
            id: row.id,
            slug: row.slug,
            title: row.title,
            heb_title: row.heb_title,
            short_desc: row.short_desc,
            heb_short_desc: row.heb_short_desc,
            description: row.description,
            heb_description: row.heb_description,
            price: Money::from_cents(row.price),
            fake_price: row.fake_price.map(Money::from_cents),
            sku: row.sku,
            media,
            items: items
                .into_iter()
                .map(|i| BundleItem {
                    stock: i.card.stock,
                    quantity: i.quantity,
                    product: i.card.into_card(),
                })
                .collect(),
        }))
    }

    async fn list_owner(&self, kind: ListKind, id: i64) -> Result<Option<ListOwner>, CatalogError> {
        let owner = sqlx::query_as::<_, OwnerRow>(owner_query(kind))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(catalog_error)?;
        Ok(owner.map(|o| ListOwner {
            slug: o.slug,
            name: o.name,
            heb_name: o.heb_name,
        }))
    }

    async fn cards(&self, ids: &[i64]) -> Result<Vec<ProductCard>, CatalogError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders = (1..=ids.len())
            .map(|n| format!("${n}"))
            .collect::<Vec<_>>()
            .join(", ");
        let found = self
            .cards(
                &format!("SELECT id FROM products WHERE id IN ({placeholders}) AND hidden = 0"),
                "p.id",
                ids,
            )
            .await?;
        let mut by_id: HashMap<i64, ProductCard> = found.into_iter().map(|s| (s.id, s)).collect();
        Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
    }

    async fn offers(&self, items: &[ItemRef]) -> Result<Vec<Offer>, CatalogError> {
        self.read_offers(items).await
    }

    async fn search_documents_page(
        &self,
        after_id: i64,
        limit: u32,
    ) -> Result<Vec<SearchDoc>, CatalogError> {
        search_documents::read(&self.pool, &self.categories().await?, after_id, limit).await
    }

    async fn catalogue_version(&self) -> Result<i64, CatalogError> {
        sqlx::query_scalar("SELECT version FROM catalogue_version WHERE id = 1")
            .fetch_one(&self.pool)
            .await
            .map_err(catalog_error)
    }

    async fn related(
        &self,
        product_id: i64,
        category_id: i64,
        limit: u32,
    ) -> Result<Vec<ProductCard>, CatalogError> {
        self.cards(
            &format!(
                "SELECT p.id FROM products p WHERE p.category_id = $1 AND p.id <> $2 AND p.hidden = 0
                 ORDER BY {NEWEST} LIMIT $3"
            ),
            NEWEST,
            &[category_id, product_id, i64::from(limit)],
        )
        .await
    }

    async fn new_arrivals(&self, limit: u32) -> Result<Vec<ProductCard>, CatalogError> {
        self.cards(
            &format!("SELECT p.id FROM products p WHERE p.hidden = 0 ORDER BY {NEWEST} LIMIT $1"),
            NEWEST,
            &[i64::from(limit)],
        )
        .await
    }

    async fn bundles(&self, limit: u32) -> Result<Vec<ProductCard>, CatalogError> {
        // The bundles listed, for the cards and for their items' stock alike.
        let listed = format!("FROM bundles b WHERE {BUNDLE_ON_SHOW} ORDER BY b.id LIMIT $1");
        let rows = sqlx::query_as::<_, BundleCardRow>(AssertSqlSafe(format!(
            "SELECT b.id, b.slug, b.title, b.heb_title, b.price, b.fake_price, b.image {listed}"
        )))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await
        .map_err(catalog_error)?;
        // The items' stock of every listed bundle at once; the domain decides from it.
        let parts = sqlx::query_as::<_, BundlePartRow>(AssertSqlSafe(format!(
            "SELECT bi.bundle_id, bi.quantity, p.stock FROM bundle_items bi
             JOIN products p ON p.id = bi.product_id WHERE bi.bundle_id IN (SELECT b.id {listed})"
        )))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await
        .map_err(catalog_error)?;
        let mut parts_of: HashMap<i64, Vec<BundlePart>> = HashMap::new();
        for p in parts {
            parts_of.entry(p.bundle_id).or_default().push(BundlePart {
                quantity: p.quantity,
                stock: p.stock,
            });
        }
        Ok(rows
            .into_iter()
            .map(|b| ProductCard {
                stock: CardStock::Bundle(parts_of.remove(&b.id).unwrap_or_default()),
                id: b.id,
                kind: CardKind::Bundle,
                slug: b.slug,
                title: b.title,
                heb_title: b.heb_title,
                price: Money::from_cents(b.price),
                fake_price: b.fake_price.map(Money::from_cents),
                image: b.image,
                vendor_name: None,
                product_type: ProductType::Product,
            })
            .collect())
    }

    async fn page(&self, id: i64) -> Result<Option<ContentPage>, CatalogError> {
        let row = sqlx::query_as::<_, PageRow>(
            "SELECT id, slug, title, heb_title, body, heb_body FROM pages WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(catalog_error)?;
        Ok(row.map(|r| ContentPage {
            id: r.id,
            slug: r.slug,
            title: r.title,
            heb_title: r.heb_title,
            body: split_paragraphs(&r.body),
            heb_body: r.heb_body.as_deref().map(split_paragraphs),
        }))
    }

    async fn product_count(&self) -> Result<u64, CatalogError> {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM products")
            .fetch_one(&self.pool)
            .await
            .map_err(catalog_error)?;
        Ok(u64::try_from(count).unwrap_or(0))
    }
}
