//! The catalogue: products, variations, bundles, the category tree, vendors, creators
//! and the store's content pages, with the rules that shape them for shoppers.
//!
//! Two families of types live here: *records* (what a catalogue import is made of,
//! deserialised straight from the demo file or built by the generator) and *views*
//! (what the storefront reads back, with references resolved).

use crate::availability::{BundlePart, CardStock, bundle_units, units};
use crate::bag::LineType;
use crate::money::Money;
use crate::ports::CatalogError;
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

// ---------------------------------------------------------------- records (import)

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Vendor {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub heb_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Creator {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub heb_name: Option<String>,
    pub role: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Category {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub slug: String,
    pub name: String,
    pub heb_name: Option<String>,
    #[serde(flatten)]
    pub picture: Option<Picture>,
}

/// A drawn picture: one of the binary's icons in a colour (`rrggbb`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Picture {
    pub icon: String,
    pub color: String,
}

impl Picture {
    /// Where the binary serves this picture.
    pub fn url(&self) -> String {
        format!("/media/{}/{}.svg", self.icon, self.color)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum ProductType {
    #[serde(rename = "product")]
    Product,
    #[serde(rename = "giftCard")]
    GiftCard,
}

impl ProductType {
    pub fn as_str(self) -> &'static str {
        match self {
            ProductType::Product => "product",
            ProductType::GiftCard => "giftCard",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "product" => Some(ProductType::Product),
            "giftCard" => Some(ProductType::GiftCard),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct NameValue {
    pub name: String,
    pub value: String,
    /// The Hebrew interface's words for the group and the value, where the
    /// catalogue has them.
    #[serde(default)]
    pub heb_name: Option<String>,
    #[serde(default)]
    pub heb_value: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PersonalizationField {
    pub key: String,
    pub label: String,
    pub heb_label: Option<String>,
    pub price: Money,
    pub max_length: u32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct VariationRecord {
    pub id: i64,
    pub sku: String,
    pub price: Money,
    pub fake_price: Option<Money>,
    pub stock: i64,
    pub max_quantity: Option<i64>,
    pub item_type: String,
    pub options: Vec<NameValue>,
    pub picture: Option<Picture>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ProductRecord {
    pub id: i64,
    pub slug: String,
    #[serde(rename = "type")]
    pub product_type: ProductType,
    pub item_type: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub short_desc: String,
    pub heb_short_desc: Option<String>,
    pub description: String,
    pub heb_description: Option<String>,
    pub price: Money,
    pub fake_price: Option<Money>,
    pub sku: String,
    pub stock: i64,
    pub max_quantity: Option<i64>,
    pub tax_code: String,
    pub vendor_id: i64,
    #[serde(default)]
    pub creator_ids: Vec<i64>,
    pub category_id: i64,
    pub exclude_free_shipping: bool,
    /// False for a final-sale item, which cannot be returned (issue 28).
    #[serde(default = "returnable_by_default")]
    pub returnable: bool,
    pub release_date: String,
    pub media: Vec<Picture>,
    #[serde(default)]
    pub filters: Vec<NameValue>,
    pub gift_options_price: Option<Money>,
    #[serde(default)]
    pub personalization: Vec<PersonalizationField>,
    #[serde(default)]
    pub variations: Vec<VariationRecord>,
}

/// Items may come back unless the catalogue marks them final sale.
fn returnable_by_default() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct BundleItemRecord {
    pub product_id: i64,
    pub quantity: i64,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct BundleRecord {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub short_desc: String,
    pub heb_short_desc: Option<String>,
    pub description: String,
    pub heb_description: Option<String>,
    pub price: Money,
    pub fake_price: Option<Money>,
    pub sku: String,
    pub media: Vec<Picture>,
    pub items: Vec<BundleItemRecord>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ContentPage {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub body: Vec<String>,
    pub heb_body: Option<Vec<String>>,
}

/// Everything one import adds. Imports are additive; the demo catalogue is one import,
/// the generated benchmark catalogue a series of them.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogImport {
    #[serde(default)]
    pub vendors: Vec<Vendor>,
    #[serde(default)]
    pub creators: Vec<Creator>,
    #[serde(default)]
    pub categories: Vec<Category>,
    #[serde(default)]
    pub products: Vec<ProductRecord>,
    #[serde(default)]
    pub bundles: Vec<BundleRecord>,
    #[serde(default)]
    pub pages: Vec<ContentPage>,
    /// What is sold by subscription, on which plans (issue 29).
    #[serde(default)]
    pub subscriptions: Vec<crate::subscriptions::plans::PlanType>,
}

impl CatalogImport {
    /// The rules an import must keep whatever the store already holds: no negative
    /// price or stock, no empty or repeated bundle item, no id or SKU given twice. Every
    /// adapter checks these before it writes, so they all refuse the same imports;
    /// what depends on the stored catalogue (an id already taken, a vendor that does
    /// not exist) is the storage's to refuse.
    pub fn validate(&self) -> Result<(), CatalogError> {
        let reject = |what: String| Err(CatalogError::Rejected(what));
        for (what, ids) in [
            (
                "vendor",
                self.vendors.iter().map(|v| v.id).collect::<Vec<_>>(),
            ),
            ("creator", self.creators.iter().map(|c| c.id).collect()),
            ("category", self.categories.iter().map(|c| c.id).collect()),
            ("product", self.products.iter().map(|p| p.id).collect()),
            ("bundle", self.bundles.iter().map(|b| b.id).collect()),
            ("page", self.pages.iter().map(|p| p.id).collect()),
        ] {
            if let Some(id) = first_repeat(ids) {
                return reject(format!("{what} {id} is given twice"));
            }
        }
        let skus = self
            .products
            .iter()
            .flat_map(|p| std::iter::once(&p.sku).chain(p.variations.iter().map(|v| &v.sku)))
            .chain(self.bundles.iter().map(|b| &b.sku));
        if let Some(sku) = first_repeat(skus) {
            return reject(format!("sku {sku} is given twice"));
        }
        for p in &self.products {
            let prices = std::iter::once(p.price).chain(p.variations.iter().map(|v| v.price));
            if prices.into_iter().any(|price| price.cents() < 0) {
                return reject(format!("product {} has a negative price", p.id));
            }
            let stocks = std::iter::once(p.stock).chain(p.variations.iter().map(|v| v.stock));
            if stocks.into_iter().any(|stock| stock < 0) {
                return reject(format!("product {} has a negative stock", p.id));
            }
        }
        for b in &self.bundles {
            if b.price.cents() < 0 {
                return reject(format!("bundle {} has a negative price", b.id));
            }
            if b.items.iter().any(|i| i.quantity <= 0) {
                return reject(format!(
                    "bundle {} holds an item in a quantity below 1",
                    b.id
                ));
            }
            if let Some(id) = first_repeat(b.items.iter().map(|i| i.product_id)) {
                return reject(format!("bundle {} lists product {id} twice", b.id));
            }
        }
        crate::subscriptions::plans::validate(&self.subscriptions).map_err(CatalogError::Rejected)
    }
}

/// What the owner changes of one product; a field left `None` keeps its value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProductChange {
    pub price: Option<Money>,
    pub stock: Option<i64>,
    /// The English title.
    pub title: Option<String>,
    /// `Some(None)` clears the Hebrew title, so the Hebrew storefront shows the
    /// English one.
    pub heb_title: Option<Option<String>>,
    /// A hidden product is off sale and out of sight (as is a bundle holding it);
    /// `Some(false)` brings it back.
    pub hidden: Option<bool>,
}

impl ProductChange {
    /// The rules a change must keep whatever the product holds: no negative price or
    /// stock, no blank title, and something to change. Every adapter checks these
    /// before it writes, as it does `CatalogImport::validate`.
    pub fn validate(&self) -> Result<(), CatalogError> {
        let reject = |what: &str| Err(CatalogError::Rejected(what.to_owned()));
        let blank = |text: &str| text.trim().is_empty();
        if *self == ProductChange::default() {
            return reject("the change changes nothing");
        }
        if self.price.is_some_and(|price| price.cents() < 0) {
            return reject("the price cannot be negative");
        }
        if self.stock.is_some_and(|stock| stock < 0) {
            return reject("the stock cannot be negative");
        }
        if self.title.as_deref().is_some_and(blank) {
            return reject("the title cannot be empty");
        }
        if let Some(Some(heb_title)) = &self.heb_title
            && blank(heb_title)
        {
            return reject("the Hebrew title cannot be empty (clear it instead)");
        }
        Ok(())
    }
}

/// The first item that came before, if any.
fn first_repeat<T: Eq + Hash + Clone>(items: impl IntoIterator<Item = T>) -> Option<T> {
    let mut seen = HashSet::new();
    items.into_iter().find(|item| !seen.insert(item.clone()))
}

// ---------------------------------------------------------------- views (reads)

#[derive(Debug, Clone, PartialEq)]
pub struct CreatorRef {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub heb_name: Option<String>,
    pub role: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Variation {
    pub id: i64,
    pub sku: String,
    pub price: Money,
    pub fake_price: Option<Money>,
    pub stock: i64,
    pub max_quantity: Option<i64>,
    pub item_type: String,
    pub options: Vec<NameValue>,
    pub picture: Option<String>,
}

impl Variation {
    /// Units that can be sold (spec 3's `max`).
    pub fn max(&self) -> i64 {
        units(self.stock)
    }
}

/// A product as its detail page reads it, references resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub id: i64,
    pub slug: String,
    pub product_type: ProductType,
    pub item_type: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub short_desc: String,
    pub heb_short_desc: Option<String>,
    pub description: String,
    pub heb_description: Option<String>,
    pub price: Money,
    pub fake_price: Option<Money>,
    pub sku: String,
    pub stock: i64,
    pub max_quantity: Option<i64>,
    pub tax_code: String,
    pub vendor: Vendor,
    pub creators: Vec<CreatorRef>,
    pub category_id: i64,
    pub exclude_free_shipping: bool,
    /// False for a final-sale item (issue 28).
    pub returnable: bool,
    pub release_date: String,
    pub media: Vec<String>,
    pub filters: Vec<NameValue>,
    pub gift_options_price: Option<Money>,
    pub personalization: Vec<PersonalizationField>,
    pub variations: Vec<Variation>,
}

impl Product {
    /// Units that can be sold (spec 3's `max`).
    pub fn max(&self) -> i64 {
        units(self.stock)
    }

    /// The wire `type` (spec 3): a product with variations is a "variation" product.
    pub fn wire_type(&self) -> &'static str {
        match self.product_type {
            ProductType::GiftCard => "giftCard",
            ProductType::Product if !self.variations.is_empty() => "variation",
            ProductType::Product => "product",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardKind {
    Product,
    Bundle,
}

/// A card in a list: enough to show and link an item.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductCard {
    pub id: i64,
    pub kind: CardKind,
    pub slug: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub price: Money,
    pub fake_price: Option<Money>,
    pub image: Option<String>,
    pub vendor_name: Option<String>,
    /// Gift card or product; a bundle's is `Product`.
    pub product_type: ProductType,
    pub stock: CardStock,
}

impl ProductCard {
    pub fn in_stock(&self) -> bool {
        self.stock.in_stock()
    }

    /// How a bag line holds this item; `Variation` means a variation must be chosen
    /// on the item's page first.
    pub fn line_type(&self) -> LineType {
        match (self.kind, self.product_type, &self.stock) {
            (CardKind::Bundle, _, _) => LineType::Bundle,
            (_, ProductType::GiftCard, _) => LineType::GiftCard,
            (
                _,
                _,
                CardStock::Product {
                    best_variation: Some(_),
                    ..
                },
            ) => LineType::Variation,
            _ => LineType::Product,
        }
    }

    pub fn path(&self) -> String {
        match self.kind {
            CardKind::Product => product_path(&self.slug, self.id),
            CardKind::Bundle => bundle_path(&self.slug, self.id),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct BundleItem {
    pub product: ProductCard,
    pub quantity: i64,
    /// Stock of the item product, which bounds how many bundles can be sold.
    pub stock: i64,
}

impl BundleItem {
    pub fn part(&self) -> BundlePart {
        BundlePart {
            quantity: self.quantity,
            stock: self.stock,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub short_desc: String,
    pub heb_short_desc: Option<String>,
    pub description: String,
    pub heb_description: Option<String>,
    pub price: Money,
    pub fake_price: Option<Money>,
    pub sku: String,
    pub media: Vec<String>,
    pub items: Vec<BundleItem>,
}

impl Bundle {
    /// How many whole bundles the items' stock allows.
    pub fn max(&self) -> i64 {
        bundle_units(self.items.iter().map(BundleItem::part))
    }
}

/// The struck-through price is shown only when it is higher than the price (spec 3).
pub fn shown_fake_price(price: Money, fake_price: Option<Money>) -> Option<Money> {
    fake_price.filter(|fake| *fake > price)
}

/// A bundle's tax code and item type: bundles carry neither of their own, so they are
/// ordinary taxable goods that ship.
pub const BUNDLE_TAX_CODE: &str = "P0000000";
pub const BUNDLE_ITEM_TYPE: &str = "others";

pub fn product_path(slug: &str, id: i64) -> String {
    format!("/products/{slug}/{id}")
}

pub fn bundle_path(slug: &str, id: i64) -> String {
    format!("/bundles/{slug}/{id}")
}

// ---------------------------------------------------------------- lists

/// What a product list is a list of; the first segment of `/:index/:slug/:id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ListKind {
    Category,
    Vendor,
    Creator,
}

impl ListKind {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "category" => Some(ListKind::Category),
            "vendor" => Some(ListKind::Vendor),
            "creator" => Some(ListKind::Creator),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ListKind::Category => "category",
            ListKind::Vendor => "vendor",
            ListKind::Creator => "creator",
        }
    }
}

pub fn list_path(kind: ListKind, slug: &str, id: i64) -> String {
    format!("/{}/{slug}/{id}", kind.as_str())
}

/// Sort values exactly as the spec spells them on the wire (`relavent` included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    #[default]
    Relevant,
    PriceAsc,
    PriceDesc,
    Newest,
}

impl Sort {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "relavent" => Some(Sort::Relevant),
            "price-asc" => Some(Sort::PriceAsc),
            "price-desc" => Some(Sort::PriceDesc),
            "release_date-desc" => Some(Sort::Newest),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Sort::Relevant => "relavent",
            Sort::PriceAsc => "price-asc",
            Sort::PriceDesc => "price-desc",
            Sort::Newest => "release_date-desc",
        }
    }
}

pub const PER_PAGE: u32 = 24;
/// Deep pages of a huge list are never useful to a shopper and cost the database.
pub const MAX_PAGE: u32 = 1000;

/// Who a list belongs to, for its title.
#[derive(Debug, Clone, PartialEq)]
pub struct ListOwner {
    pub slug: String,
    pub name: String,
    pub heb_name: Option<String>,
}

pub fn page_count(total: u64) -> u64 {
    total.div_ceil(u64::from(PER_PAGE))
}

// ---------------------------------------------------------------- category tree

#[derive(Debug, Clone, PartialEq)]
pub struct CategoryNode {
    pub id: i64,
    pub name: String,
    pub heb_name: Option<String>,
    /// The list path of the category, the spec's `value`.
    pub value: String,
    pub image: Option<String>,
    pub children: Vec<CategoryNode>,
}

/// A link in a breadcrumb trail, root first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crumb {
    pub name: String,
    pub heb_name: Option<String>,
    pub value: String,
}

/// Builds the department tree from flat rows, keeping the rows' order among siblings.
/// Rows whose parent is missing are dropped rather than promoted, so a broken row
/// never shows up as a department of its own.
pub fn category_tree(rows: &[Category]) -> Vec<CategoryNode> {
    let mut children: HashMap<Option<i64>, Vec<&Category>> = HashMap::new();
    for row in rows {
        children.entry(row.parent_id).or_default().push(row);
    }
    fn build(
        parent: Option<i64>,
        children: &HashMap<Option<i64>, Vec<&Category>>,
        depth: usize,
    ) -> Vec<CategoryNode> {
        // The depth bound stops a parent cycle in bad data from recursing forever.
        if depth > 16 {
            return Vec::new();
        }
        children
            .get(&parent)
            .map(|rows| {
                rows.iter()
                    .map(|row| CategoryNode {
                        id: row.id,
                        name: row.name.clone(),
                        heb_name: row.heb_name.clone(),
                        value: list_path(ListKind::Category, &row.slug, row.id),
                        image: row.picture.as_ref().map(Picture::url),
                        children: build(Some(row.id), children, depth + 1),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    build(None, &children, 0)
}

/// The trail from the department down to `category_id`; empty when it is unknown.
pub fn category_trail(rows: &[Category], category_id: i64) -> Vec<Crumb> {
    Categories::new(rows)
        .trail(category_id)
        .into_iter()
        .map(|row| Crumb {
            name: row.name.clone(),
            heb_name: row.heb_name.clone(),
            value: list_path(ListKind::Category, &row.slug, row.id),
        })
        .collect()
}

/// The categories by id, for walking up from one to its department.
pub struct Categories<'a> {
    by_id: HashMap<i64, &'a Category>,
}

/// Deeper than any real department tree; bounds the walk on hand-edited data that
/// loops back on itself.
const MAX_DEPTH: usize = 16;

impl<'a> Categories<'a> {
    pub fn new(rows: &'a [Category]) -> Self {
        Categories {
            by_id: rows.iter().map(|c| (c.id, c)).collect(),
        }
    }

    /// The categories from the department down to `category_id`; empty when unknown.
    pub fn trail(&self, category_id: i64) -> Vec<&'a Category> {
        let mut trail = Vec::new();
        let mut next = Some(category_id);
        while let Some(row) = next.and_then(|id| self.by_id.get(&id)) {
            if trail.len() == MAX_DEPTH {
                break;
            }
            trail.push(*row);
            next = row.parent_id;
        }
        trail.reverse();
        trail
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cat(id: i64, parent: Option<i64>, slug: &str) -> Category {
        Category {
            id,
            parent_id: parent,
            slug: slug.into(),
            name: slug.to_uppercase(),
            heb_name: None,
            picture: None,
        }
    }

    #[test]
    fn tree_nests_children_in_order_with_value_paths() {
        let rows = vec![
            cat(1, None, "home"),
            cat(2, None, "books"),
            cat(3, Some(1), "kitchen"),
            cat(4, Some(3), "mugs"),
            cat(5, Some(1), "bath"),
        ];
        let tree = category_tree(&rows);
        assert_eq!(tree.iter().map(|n| n.id).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(
            tree[0].children.iter().map(|n| n.id).collect::<Vec<_>>(),
            vec![3, 5]
        );
        assert_eq!(tree[0].children[0].children[0].value, "/category/mugs/4");
        assert!(tree[1].children.is_empty());
    }

    #[test]
    fn tree_drops_orphans_and_survives_cycles() {
        let rows = vec![
            cat(1, None, "home"),
            cat(2, Some(99), "orphan"),
            cat(3, Some(4), "a"),
            cat(4, Some(3), "b"),
        ];
        let tree = category_tree(&rows);
        assert_eq!(tree.len(), 1);
        assert!(tree[0].children.is_empty());
    }

    #[test]
    fn trail_runs_root_first() {
        let rows = vec![
            cat(1, None, "home"),
            cat(3, Some(1), "kitchen"),
            cat(4, Some(3), "mugs"),
        ];
        let trail = category_trail(&rows, 4);
        assert_eq!(
            trail.iter().map(|c| c.value.as_str()).collect::<Vec<_>>(),
            vec![
                "/category/home/1",
                "/category/kitchen/3",
                "/category/mugs/4"
            ]
        );
        assert!(category_trail(&rows, 42).is_empty());
    }

    #[test]
    fn fake_price_only_when_higher() {
        let price = Money::from_cents(1000);
        assert_eq!(
            shown_fake_price(price, Some(Money::from_cents(1200))),
            Some(Money::from_cents(1200))
        );
        assert_eq!(shown_fake_price(price, Some(Money::from_cents(1000))), None);
        assert_eq!(shown_fake_price(price, Some(Money::from_cents(900))), None);
        assert_eq!(shown_fake_price(price, None), None);
    }

    #[test]
    fn sort_values_round_trip_spec_spelling() {
        for s in ["relavent", "price-asc", "price-desc", "release_date-desc"] {
            assert_eq!(Sort::parse(s).unwrap().as_str(), s);
        }
        assert_eq!(Sort::parse("relevant"), None);
    }

    #[test]
    fn imports_that_break_the_rules_are_refused() {
        let valid = || -> CatalogImport {
            serde_json::from_str(&IMPORT.replace("PRODUCT", PRODUCT)).expect("the sample parses")
        };
        assert!(valid().validate().is_ok());
        let refused = |change: fn(&mut CatalogImport)| {
            let mut import = valid();
            change(&mut import);
            match import.validate() {
                Err(CatalogError::Rejected(why)) => why,
                other => panic!("accepted: {other:?}"),
            }
        };
        assert!(
            refused(|i| i.products[0].price = Money::from_cents(-1)).contains("negative price")
        );
        assert!(refused(|i| i.products[0].stock = -1).contains("negative stock"));
        assert!(
            refused(|i| i.vendors.push(i.vendors[0].clone())).contains("vendor 1 is given twice")
        );
        assert!(
            refused(|i| {
                let mut again = i.products[0].clone();
                again.id = 2;
                i.products.push(again);
            })
            .contains("sku M is given twice")
        );
    }

    #[test]
    fn product_changes_that_break_the_rules_are_refused() {
        let refused = |change: ProductChange| match change.validate() {
            Err(CatalogError::Rejected(why)) => why,
            other => panic!("accepted {change:?}: {other:?}"),
        };
        assert!(refused(ProductChange::default()).contains("changes nothing"));
        assert!(
            refused(ProductChange {
                price: Some(Money::from_cents(-1)),
                ..ProductChange::default()
            })
            .contains("price cannot be negative")
        );
        assert!(
            refused(ProductChange {
                stock: Some(-1),
                ..ProductChange::default()
            })
            .contains("stock cannot be negative")
        );
        assert!(
            refused(ProductChange {
                title: Some(" ".into()),
                ..ProductChange::default()
            })
            .contains("title cannot be empty")
        );
        assert!(
            refused(ProductChange {
                heb_title: Some(Some(String::new())),
                ..ProductChange::default()
            })
            .contains("Hebrew title cannot be empty")
        );

        for fine in [
            ProductChange {
                price: Some(Money::ZERO),
                stock: Some(0),
                ..ProductChange::default()
            },
            ProductChange {
                title: Some("Mug".into()),
                heb_title: Some(Some("ספל".into())),
                ..ProductChange::default()
            },
            ProductChange {
                heb_title: Some(None),
                ..ProductChange::default()
            },
            ProductChange {
                hidden: Some(false),
                ..ProductChange::default()
            },
        ] {
            assert!(fine.validate().is_ok(), "{fine:?}");
        }
    }

    #[test]
    fn a_trail_that_loops_stops() {
        let row = |id, parent_id| Category {
            id,
            parent_id: Some(parent_id),
            slug: format!("c{id}"),
            name: format!("C{id}"),
            heb_name: None,
            picture: None,
        };
        let rows = [row(1, 2), row(2, 1)];
        assert_eq!(Categories::new(&rows).trail(1).len(), MAX_DEPTH);
        assert!(Categories::new(&rows).trail(3).is_empty());
    }

    #[test]
    fn page_counts() {
        assert_eq!(page_count(0), 0);
        assert_eq!(page_count(24), 1);
        assert_eq!(page_count(25), 2);
    }

    fn card(stock: i64) -> ProductCard {
        ProductCard {
            id: 1,
            kind: CardKind::Product,
            slug: "s".into(),
            title: "t".into(),
            heb_title: None,
            price: Money::ZERO,
            fake_price: None,
            image: None,
            vendor_name: None,
            product_type: ProductType::Product,
            stock: CardStock::Product {
                stock,
                best_variation: None,
            },
        }
    }

    #[test]
    fn bundle_max_is_bounded_by_scarcest_item() {
        let mut bundle = Bundle {
            id: 1,
            slug: "b".into(),
            title: "B".into(),
            heb_title: None,
            short_desc: String::new(),
            heb_short_desc: None,
            description: String::new(),
            heb_description: None,
            price: Money::ZERO,
            fake_price: None,
            sku: "B".into(),
            media: vec![],
            items: vec![
                BundleItem {
                    product: card(10),
                    quantity: 2,
                    stock: 10,
                },
                BundleItem {
                    product: card(3),
                    quantity: 1,
                    stock: 3,
                },
            ],
        };
        assert_eq!(bundle.max(), 3);
        bundle.items[1].stock = 0;
        assert_eq!(bundle.max(), 0);
        bundle.items.clear();
        assert_eq!(bundle.max(), 0);
    }

    /// One vendor, one category and one product, in the demo catalogue's format.
    const IMPORT: &str = r#"{"vendors":[{"id":1,"slug":"v","name":"V","heb_name":null}],
        "categories":[{"id":1,"parent_id":null,"slug":"c","name":"C","heb_name":null}],
        "products":[PRODUCT]}"#;
    const PRODUCT: &str = r#"{"id":1,"slug":"m","type":"product","item_type":"others","title":"M","heb_title":null,"short_desc":"","heb_short_desc":null,
            "description":"","heb_description":null,"price":100,"fake_price":null,"sku":"M","stock":1,"max_quantity":null,"tax_code":"P",
            "vendor_id":1,"category_id":1,"exclude_free_shipping":false,"release_date":"2026-01-01","media":[],"gift_options_price":null}"#;

    #[test]
    fn product_record_reads_the_demo_format() {
        let record: ProductRecord = serde_json::from_str(PRODUCT).unwrap();
        assert_eq!(record.price, Money::from_cents(100));
        assert_eq!(record.product_type, ProductType::Product);
    }
}
