//! What a bag needs of the items its lines name, read in a few batched queries
//! (variations, products, their personalization fields, variation choices, bundles and
//! their items) rather than a product page's worth of queries per line. A hidden
//! product (its variations too) and a bundle holding one have no offer: a bag withdraws
//! their lines and an order placed with them is refused, as for an item deleted.

use super::common::{BUNDLE_ON_SHOW, PairRow};
use super::{Store, catalog_error};
use crate::rows::row;
use sqlx::{AssertSqlSafe, FromRow};
use std::collections::{BTreeSet, HashMap};
use store_domain::availability::BundlePart;
use store_domain::bag::{BundleFacts, ItemRef, Offer, OfferStock};
use store_domain::catalog::{NameValue, PersonalizationField, ProductType, product_path};
use store_domain::money::Money;
use store_domain::ports::CatalogError;

row! {
    struct ProductOfferRow {
        id: i64,
        slug: String,
        product_type: String,
        item_type: String,
        title: String,
        heb_title: Option<String>,
        price: i64,
        fake_price: Option<i64>,
        sku: String,
        stock: i64,
        max_quantity: Option<i64>,
        tax_code: String,
        exclude_free_shipping: i16,
        returnable: i16,
        image: Option<String>,
        gift_options_price: Option<i64>,
        vendor_name: String,
        has_variations: i32,
    }
}

row! {
    struct VariationOfferRow {
        id: i64,
        product_id: i64,
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
    struct FieldRow {
        product_id: i64,
        field_key: String,
        label: String,
        heb_label: Option<String>,
        price: i64,
        max_length: i64,
    }
}

row! {
    struct BundleOfferRow {
        id: i64,
        slug: String,
        title: String,
        heb_title: Option<String>,
        price: i64,
        fake_price: Option<i64>,
        sku: String,
        image: Option<String>,
    }
}

row! {
    struct PartRow {
        bundle_id: i64,
        quantity: i64,
        stock: i64,
    }
}

/// `$1, $2, ...` for `n` values: the statement text depends on the count only.
fn placeholders(n: usize) -> String {
    (1..=n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Store {
    /// Rows of `sql`, whose one `{ids}` is replaced by a placeholder per id.
    async fn by_ids<T>(&self, sql: &str, ids: &BTreeSet<i64>) -> Result<Vec<T>, CatalogError>
    where
        T: for<'r> FromRow<'r, <super::Db as sqlx::Database>::Row> + Send + Unpin,
    {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = sql.replace("{ids}", &placeholders(ids.len()));
        let mut query = sqlx::query_as::<_, T>(AssertSqlSafe(sql));
        for id in ids {
            query = query.bind(*id);
        }
        query.fetch_all(&self.pool).await.map_err(catalog_error)
    }

    pub(super) async fn read_offers(&self, items: &[ItemRef]) -> Result<Vec<Offer>, CatalogError> {
        let wanted = |pick: fn(ItemRef) -> Option<i64>| -> BTreeSet<i64> {
            items.iter().filter_map(|i| pick(*i)).collect()
        };
        let variation_ids = wanted(|i| match i {
            ItemRef::Variation(id) => Some(id),
            _ => None,
        });
        let bundle_ids = wanted(|i| match i {
            ItemRef::Bundle(id) => Some(id),
            _ => None,
        });
        let variations: Vec<VariationOfferRow> = self
            .by_ids(
                "SELECT id, product_id, sku, price, fake_price, stock, max_quantity, item_type, picture
                 FROM variations WHERE id IN ({ids})",
                &variation_ids,
            )
            .await?;
        let mut product_ids = wanted(|i| match i {
            ItemRef::Product(id) => Some(id),
            _ => None,
        });
        product_ids.extend(variations.iter().map(|v| v.product_id));

        let products: Vec<ProductOfferRow> = self
            .by_ids(
                "SELECT p.id, p.slug, p.product_type, p.item_type, p.title, p.heb_title, p.price,
                        p.fake_price, p.sku, p.stock, p.max_quantity, p.tax_code,
                        p.exclude_free_shipping, p.returnable, p.image, p.gift_options_price,
                        v.name AS vendor_name,
                        CASE WHEN EXISTS (SELECT 1 FROM variations x WHERE x.product_id = p.id)
                             THEN 1 ELSE 0 END AS has_variations
                 FROM products p JOIN vendors v ON v.id = p.vendor_id
                 WHERE p.id IN ({ids}) AND p.hidden = 0",
                &product_ids,
            )
            .await?;
        let fields: Vec<FieldRow> = self
            .by_ids(
                "SELECT product_id, field_key, label, heb_label, price, max_length
                 FROM personalization_fields WHERE product_id IN ({ids}) ORDER BY product_id, position",
                &product_ids,
            )
            .await?;
        let choices: Vec<PairRow> = self
            .by_ids(
                "SELECT variation_id AS owner, name, value, heb_name, heb_value FROM variation_options
                 WHERE variation_id IN ({ids}) ORDER BY variation_id, position",
                &variation_ids,
            )
            .await?;
        let bundles: Vec<BundleOfferRow> = self
            .by_ids(
                &format!(
                    "SELECT b.id, b.slug, b.title, b.heb_title, b.price, b.fake_price, b.sku,
                            (SELECT m.url FROM bundle_media m WHERE m.bundle_id = b.id
                             ORDER BY m.position LIMIT 1) AS image
                     FROM bundles b WHERE b.id IN ({{ids}}) AND {BUNDLE_ON_SHOW}"
                ),
                &bundle_ids,
            )
            .await?;
        let parts: Vec<PartRow> = self
            .by_ids(
                "SELECT bi.bundle_id, bi.quantity, p.stock FROM bundle_items bi
                 JOIN products p ON p.id = bi.product_id WHERE bi.bundle_id IN ({ids})",
                &bundle_ids,
            )
            .await?;

        let mut fields_of: HashMap<i64, Vec<PersonalizationField>> = HashMap::new();
        for f in fields {
            fields_of
                .entry(f.product_id)
                .or_default()
                .push(PersonalizationField {
                    key: f.field_key,
                    label: f.label,
                    heb_label: f.heb_label,
                    price: Money::from_cents(f.price),
                    max_length: u32::try_from(f.max_length).unwrap_or(0),
                });
        }
        let mut choices_of: HashMap<i64, Vec<NameValue>> = HashMap::new();
        for c in choices {
            choices_of
                .entry(c.owner)
                .or_default()
                .push(NameValue::from(c));
        }
        let mut offers = Vec::with_capacity(items.len());
        let mut product_offers = HashMap::new();
        for p in products {
            let offer = product_offer(p, &mut fields_of)?;
            product_offers.insert(offer.product_id, offer);
        }
        for v in variations {
            let Some(product) = product_offers.get(&v.product_id) else {
                continue;
            };
            offers.push(Offer {
                item: ItemRef::Variation(v.id),
                image: v.picture.or_else(|| product.image.clone()),
                price: Money::from_cents(v.price),
                fake_price: v.fake_price.map(Money::from_cents),
                sku: v.sku,
                stock: OfferStock::Units(v.stock),
                max_quantity: v.max_quantity,
                item_type: v.item_type,
                options: choices_of.remove(&v.id).unwrap_or_default(),
                ..product.clone()
            });
        }
        offers.extend(
            product_offers
                .into_values()
                .filter(|o| items.contains(&o.item)),
        );
        let mut parts_of: HashMap<i64, Vec<BundlePart>> = HashMap::new();
        for part in parts {
            parts_of
                .entry(part.bundle_id)
                .or_default()
                .push(BundlePart {
                    quantity: part.quantity,
                    stock: part.stock,
                });
        }
        offers.extend(bundles.into_iter().map(|b| {
            Offer::bundle(BundleFacts {
                parts: parts_of.remove(&b.id).unwrap_or_default(),
                id: b.id,
                slug: b.slug,
                title: b.title,
                heb_title: b.heb_title,
                image: b.image,
                price: Money::from_cents(b.price),
                fake_price: b.fake_price.map(Money::from_cents),
                sku: b.sku,
            })
        }));
        Ok(offers)
    }
}

fn product_offer(
    p: ProductOfferRow,
    fields_of: &mut HashMap<i64, Vec<PersonalizationField>>,
) -> Result<Offer, CatalogError> {
    let product_type = ProductType::parse(&p.product_type).ok_or_else(|| {
        CatalogError::Storage(format!(
            "product {} has unknown type {:?}",
            p.id, p.product_type
        ))
    })?;
    Ok(Offer {
        item: ItemRef::Product(p.id),
        product_id: p.id,
        product_type,
        has_variations: p.has_variations != 0,
        path: product_path(&p.slug, p.id),
        title: p.title,
        heb_title: p.heb_title,
        vendor_name: Some(p.vendor_name),
        image: p.image,
        price: Money::from_cents(p.price),
        fake_price: p.fake_price.map(Money::from_cents),
        sku: p.sku,
        stock: OfferStock::Units(p.stock),
        max_quantity: p.max_quantity,
        tax_code: p.tax_code,
        item_type: p.item_type,
        exclude_free_shipping: p.exclude_free_shipping != 0,
        returnable: p.returnable != 0,
        gift_options_price: p.gift_options_price.map(Money::from_cents),
        personalization: fields_of.remove(&p.id).unwrap_or_default(),
        options: Vec::new(),
    })
}
