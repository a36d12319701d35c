//! An in-memory catalogue, and the fixture catalogue the tests share.

use super::{read, write};
use async_trait::async_trait;
use std::collections::{BTreeMap, HashSet};
use std::sync::RwLock;
use store_domain::availability::{BundlePart, CardStock};
use store_domain::bag::{BundleFacts, ItemRef, Offer, OfferStock};
use store_domain::catalog::product_path;
use store_domain::catalog::{
    Bundle, BundleItem, BundleRecord, CardKind, CatalogImport, Categories, Category, ContentPage,
    Creator, CreatorRef, ListKind, ListOwner, Picture, Product, ProductCard, ProductRecord,
    Variation, Vendor,
};
use store_domain::catalog::{
    BundleItemRecord, NameValue, PersonalizationField, ProductChange, ProductType, VariationRecord,
};
use store_domain::money::Money;
use store_domain::ports::{Catalog, CatalogError, CatalogWriter};
use store_domain::search::{DocParts, Named, SearchDoc};
use store_domain::subscriptions::plans::{self, PlanType};

#[derive(Default, Clone)]
struct State {
    vendors: BTreeMap<i64, Vendor>,
    creators: BTreeMap<i64, Creator>,
    categories: Vec<Category>,
    products: BTreeMap<i64, ProductRecord>,
    bundles: BTreeMap<i64, BundleRecord>,
    pages: BTreeMap<i64, ContentPage>,
    subscriptions: Vec<PlanType>,
    /// The ids of the products the owner hid (the SQL's `hidden` column).
    hidden: HashSet<i64>,
    version: i64,
}

#[derive(Default)]
pub struct InMemoryCatalog {
    state: RwLock<State>,
}

impl InMemoryCatalog {
    pub fn new() -> Self {
        Self::default()
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, State> {
        read(&self.state)
    }

    /// Takes `units` of each item, a bundle's from its products, only if every one
    /// has enough left (as the SQLite adapter's conditional updates do): what was
    /// taken, per product or variation, or the first item short of units.
    pub fn take_stock(&self, items: &[(ItemRef, i64)]) -> Result<Vec<(ItemRef, i64)>, ItemRef> {
        let mut state = write(&self.state);
        let before = state.products.clone();
        let mut taken = Vec::new();
        for &(item, units) in items {
            let parts = match item {
                ItemRef::Bundle(id) => state
                    .bundles
                    .get(&id)
                    .map(|b| {
                        b.items
                            .iter()
                            .map(|i| (ItemRef::Product(i.product_id), i.quantity * units))
                            .collect()
                    })
                    .unwrap_or_default(),
                other => vec![(other, units)],
            };
            for (part, wanted) in parts {
                if !state.take(part, wanted) {
                    state.products = before;
                    return Err(item);
                }
                taken.push((part, wanted));
            }
        }
        Ok(taken)
    }

    /// Gives back what `take_stock` took, or units coming back (a bundle's into its
    /// products).
    pub fn give_stock(&self, taken: &[(ItemRef, i64)]) {
        let mut state = write(&self.state);
        for &(item, units) in taken {
            let parts: Vec<(ItemRef, i64)> = match item {
                ItemRef::Bundle(id) => state.bundles.get(&id).map_or_else(Vec::new, |b| {
                    b.items
                        .iter()
                        .map(|i| (ItemRef::Product(i.product_id), i.quantity * units))
                        .collect()
                }),
                other => vec![(other, units)],
            };
            for (part, units) in parts {
                state.take(part, -units);
            }
        }
    }
}

impl State {
    /// The stock row of a product or variation.
    fn stock_of(&mut self, item: ItemRef) -> Option<&mut i64> {
        match item {
            ItemRef::Product(id) => self.products.get_mut(&id).map(|p| &mut p.stock),
            ItemRef::Variation(id) => self
                .products
                .values_mut()
                .flat_map(|p| p.variations.iter_mut())
                .find(|v| v.id == id)
                .map(|v| &mut v.stock),
            ItemRef::Bundle(_) => None,
        }
    }

    /// Takes `units` (gives back, when negative) if that many are left.
    fn take(&mut self, item: ItemRef, units: i64) -> bool {
        match self.stock_of(item) {
            Some(stock) if units <= 0 || *stock >= units => {
                *stock -= units;
                true
            }
            _ => false,
        }
    }
}

impl State {
    /// The products on show: every read leaves out the hidden ones, as the SQL does.
    fn shown(&self) -> impl Iterator<Item = &ProductRecord> {
        self.products
            .values()
            .filter(|p| !self.hidden.contains(&p.id))
    }

    fn shown_product(&self, id: i64) -> Option<&ProductRecord> {
        self.products
            .get(&id)
            .filter(|p| !self.hidden.contains(&p.id))
    }

    /// A bundle is on show while none of its items is hidden.
    fn bundle_on_show(&self, b: &BundleRecord) -> bool {
        b.items.iter().all(|i| !self.hidden.contains(&i.product_id))
    }

    /// The bundle `id`, if it is on show.
    fn shown_bundle(&self, id: i64) -> Option<&BundleRecord> {
        self.bundles.get(&id).filter(|b| self.bundle_on_show(b))
    }

    /// Writes what `change` gives of product `id`; `false` when there is none.
    fn change(&mut self, id: i64, change: &ProductChange) -> bool {
        let Some(p) = self.products.get_mut(&id) else {
            return false;
        };
        if let Some(price) = change.price {
            p.price = price;
        }
        if let Some(stock) = change.stock {
            p.stock = stock;
        }
        if let Some(title) = &change.title {
            p.title.clone_from(title);
        }
        if let Some(heb_title) = &change.heb_title {
            p.heb_title.clone_from(heb_title);
        }
        match change.hidden {
            Some(true) => {
                self.hidden.insert(id);
            }
            Some(false) => {
                self.hidden.remove(&id);
            }
            None => {}
        }
        true
    }

    fn card(&self, p: &ProductRecord) -> ProductCard {
        ProductCard {
            id: p.id,
            kind: CardKind::Product,
            slug: p.slug.clone(),
            title: p.title.clone(),
            heb_title: p.heb_title.clone(),
            price: p.price,
            fake_price: p.fake_price,
            image: p.media.first().map(Picture::url),
            vendor_name: self.vendors.get(&p.vendor_id).map(|v| v.name.clone()),
            product_type: p.product_type,
            stock: CardStock::Product {
                stock: p.stock,
                best_variation: p.variations.iter().map(|v| v.stock).max(),
            },
        }
    }

    /// A bundle's items as far as stock goes; an item that is gone has none.
    fn bundle_parts(&self, b: &BundleRecord) -> Vec<BundlePart> {
        b.items
            .iter()
            .map(|i| BundlePart {
                quantity: i.quantity,
                stock: self.products.get(&i.product_id).map_or(0, |p| p.stock),
            })
            .collect()
    }

    /// The offer of one item, as the SQL assembles it.
    fn offer(&self, item: ItemRef) -> Option<Offer> {
        let product_offer = |p: &ProductRecord| Offer {
            item,
            product_id: p.id,
            product_type: p.product_type,
            has_variations: !p.variations.is_empty(),
            title: p.title.clone(),
            heb_title: p.heb_title.clone(),
            vendor_name: self.vendors.get(&p.vendor_id).map(|v| v.name.clone()),
            path: product_path(&p.slug, p.id),
            image: p.media.first().map(Picture::url),
            price: p.price,
            fake_price: p.fake_price,
            sku: p.sku.clone(),
            stock: OfferStock::Units(p.stock),
            max_quantity: p.max_quantity,
            tax_code: p.tax_code.clone(),
            item_type: p.item_type.clone(),
            exclude_free_shipping: p.exclude_free_shipping,
            returnable: p.returnable,
            gift_options_price: p.gift_options_price,
            personalization: p.personalization.clone(),
            options: Vec::new(),
        };
        match item {
            ItemRef::Product(id) => self.shown_product(id).map(product_offer),
            ItemRef::Variation(id) => self.shown().find_map(|p| {
                let v = p.variations.iter().find(|v| v.id == id)?;
                Some(Offer {
                    image: v.picture.as_ref().or(p.media.first()).map(Picture::url),
                    price: v.price,
                    fake_price: v.fake_price,
                    sku: v.sku.clone(),
                    stock: OfferStock::Units(v.stock),
                    max_quantity: v.max_quantity,
                    item_type: v.item_type.clone(),
                    options: v.options.clone(),
                    ..product_offer(p)
                })
            }),
            ItemRef::Bundle(id) => self.shown_bundle(id).map(|b| {
                Offer::bundle(BundleFacts {
                    id: b.id,
                    slug: b.slug.clone(),
                    title: b.title.clone(),
                    heb_title: b.heb_title.clone(),
                    image: b.media.first().map(Picture::url),
                    price: b.price,
                    fake_price: b.fake_price,
                    sku: b.sku.clone(),
                    parts: self.bundle_parts(b),
                })
            }),
        }
    }

    /// Newest first; equal dates by descending id, as the SQL does.
    fn newest(&self, mut items: Vec<&ProductRecord>) -> Vec<ProductCard> {
        items.sort_by(|a, b| (&b.release_date, b.id).cmp(&(&a.release_date, a.id)));
        items.into_iter().map(|p| self.card(p)).collect()
    }

    fn search_doc(&self, p: &ProductRecord) -> SearchDoc {
        let named = |id: i64, name: &str, heb_name: &Option<String>| Named {
            id,
            name: name.to_owned(),
            heb_name: heb_name.clone(),
        };
        let vendor = &self.vendors[&p.vendor_id];
        SearchDoc::assemble(DocParts {
            id: p.id,
            title: p.title.clone(),
            heb_title: p.heb_title.clone(),
            short_desc: p.short_desc.clone(),
            heb_short_desc: p.heb_short_desc.clone(),
            description: p.description.clone(),
            heb_description: p.heb_description.clone(),
            sku: p.sku.clone(),
            variation_skus: p.variations.iter().map(|v| v.sku.clone()).collect(),
            vendor: named(vendor.id, &vendor.name, &vendor.heb_name),
            creators: p
                .creator_ids
                .iter()
                .filter_map(|id| self.creators.get(id))
                .map(|c| named(c.id, &c.name, &c.heb_name))
                .collect(),
            categories: Categories::new(&self.categories)
                .trail(p.category_id)
                .into_iter()
                .map(Named::from)
                .collect(),
            filters: p.filters.clone(),
            options: p
                .variations
                .iter()
                .flat_map(|v| v.options.clone())
                .collect(),
            price: p.price,
            release_date: p.release_date.clone(),
        })
    }

    /// Applies `c` to this state, refusing what a database's constraints would refuse
    /// (ids and SKUs taken, references to what is not there); the rules of an import
    /// itself are the domain's (`CatalogImport::validate`).
    fn apply(&mut self, c: &CatalogImport) -> Result<(), CatalogError> {
        c.validate()?;
        let reject = |what: String| Err(CatalogError::Rejected(what));
        for v in &c.vendors {
            if self.vendors.insert(v.id, v.clone()).is_some() {
                return reject(format!("vendor {} exists", v.id));
            }
        }
        for v in &c.creators {
            if self.creators.insert(v.id, v.clone()).is_some() {
                return reject(format!("creator {} exists", v.id));
            }
        }
        for cat in &c.categories {
            if self.categories.iter().any(|x| x.id == cat.id) {
                return reject(format!("category {} exists", cat.id));
            }
            if cat
                .parent_id
                .is_some_and(|p| !self.categories.iter().any(|x| x.id == p))
            {
                return reject(format!("category {} has an unknown parent", cat.id));
            }
            self.categories.push(cat.clone());
        }
        let mut skus: HashSet<String> = self
            .products
            .values()
            .flat_map(|p| {
                std::iter::once(p.sku.clone()).chain(p.variations.iter().map(|v| v.sku.clone()))
            })
            .collect();
        for p in &c.products {
            let known_refs = self.vendors.contains_key(&p.vendor_id)
                && self.categories.iter().any(|x| x.id == p.category_id)
                && p.creator_ids
                    .iter()
                    .all(|id| self.creators.contains_key(id));
            if !known_refs {
                return reject(format!(
                    "product {} refers to an unknown vendor, category or creator",
                    p.id
                ));
            }
            for sku in std::iter::once(&p.sku).chain(p.variations.iter().map(|v| &v.sku)) {
                if !skus.insert(sku.clone()) {
                    return reject(format!("sku {sku} exists"));
                }
            }
            if self.products.insert(p.id, p.clone()).is_some() {
                return reject(format!("product {} exists", p.id));
            }
        }
        for b in &c.bundles {
            if b.items
                .iter()
                .any(|i| !self.products.contains_key(&i.product_id))
            {
                return reject(format!("bundle {} has a bad item", b.id));
            }
            if self.bundles.insert(b.id, b.clone()).is_some() {
                return reject(format!("bundle {} exists", b.id));
            }
        }
        for page in &c.pages {
            if self.pages.insert(page.id, page.clone()).is_some() {
                return reject(format!("page {} exists", page.id));
            }
        }
        for t in &c.subscriptions {
            let mut given = t.groups.iter().flat_map(|g| &g.plans);
            if let Some(p) = given.find(|p| !self.products.contains_key(&p.product_id)) {
                return reject(format!("subscription plan {} has an unknown product", p.id));
            }
            let mut all = self.subscriptions.clone();
            all.push(t.clone());
            if plans::validate(&all).is_err() {
                return reject(format!(
                    "subscription type {} or one of its groups or plans exists",
                    t.id
                ));
            }
            self.subscriptions = all;
        }
        Ok(())
    }
}

impl InMemoryCatalog {
    /// What is sold by subscription (the `Subscriptions` port of the fakes reads it).
    pub fn plans(&self) -> Vec<PlanType> {
        self.read().subscriptions.clone()
    }

    /// Sets plan `id`'s price per delivery; `false` when there is no such plan.
    pub fn set_plan_price(&self, id: i64, price: Money) -> bool {
        let mut state = write(&self.state);
        let plan = state
            .subscriptions
            .iter_mut()
            .flat_map(|t| &mut t.groups)
            .flat_map(|g| &mut g.plans)
            .find(|p| p.id == id);
        match plan {
            Some(plan) => {
                plan.price = price;
                true
            }
            None => false,
        }
    }
}

#[async_trait]
impl Catalog for InMemoryCatalog {
    async fn categories(&self) -> Result<Vec<Category>, CatalogError> {
        Ok(self.read().categories.clone())
    }

    async fn product(&self, id: i64) -> Result<Option<Product>, CatalogError> {
        let state = self.read();
        let Some(p) = state.shown_product(id) else {
            return Ok(None);
        };
        let vendor = state
            .vendors
            .get(&p.vendor_id)
            .cloned()
            .ok_or_else(|| CatalogError::Storage("vendor gone".into()))?;
        Ok(Some(Product {
            id: p.id,
            slug: p.slug.clone(),
            product_type: p.product_type,
            item_type: p.item_type.clone(),
            title: p.title.clone(),
            heb_title: p.heb_title.clone(),
            short_desc: p.short_desc.clone(),
            heb_short_desc: p.heb_short_desc.clone(),
            description: p.description.clone(),
            heb_description: p.heb_description.clone(),
            price: p.price,
            fake_price: p.fake_price,
            sku: p.sku.clone(),
            stock: p.stock,
            max_quantity: p.max_quantity,
            tax_code: p.tax_code.clone(),
            vendor,
            creators: p
                .creator_ids
                .iter()
                .filter_map(|id| state.creators.get(id))
                .map(|c| CreatorRef {
                    id: c.id,
                    slug: c.slug.clone(),
                    name: c.name.clone(),
                    heb_name: c.heb_name.clone(),
                    role: c.role.clone(),
                })
                .collect(),
            category_id: p.category_id,
            exclude_free_shipping: p.exclude_free_shipping,
            returnable: p.returnable,
            release_date: p.release_date.clone(),
            media: p.media.iter().map(Picture::url).collect(),
            filters: p.filters.clone(),
            gift_options_price: p.gift_options_price,
            personalization: p.personalization.clone(),
            variations: p
                .variations
                .iter()
                .map(|v| Variation {
                    id: v.id,
                    sku: v.sku.clone(),
                    price: v.price,
                    fake_price: v.fake_price,
                    stock: v.stock,
                    max_quantity: v.max_quantity,
                    item_type: v.item_type.clone(),
                    options: v.options.clone(),
                    picture: v.picture.as_ref().map(Picture::url),
                })
                .collect(),
        }))
    }

    async fn bundle(&self, id: i64) -> Result<Option<Bundle>, CatalogError> {
        let state = self.read();
        let Some(b) = state.shown_bundle(id) else {
            return Ok(None);
        };
        Ok(Some(Bundle {
            id: b.id,
            slug: b.slug.clone(),
            title: b.title.clone(),
            heb_title: b.heb_title.clone(),
            short_desc: b.short_desc.clone(),
            heb_short_desc: b.heb_short_desc.clone(),
            description: b.description.clone(),
            heb_description: b.heb_description.clone(),
            price: b.price,
            fake_price: b.fake_price,
            sku: b.sku.clone(),
            media: b.media.iter().map(Picture::url).collect(),
            items: b
                .items
                .iter()
                .filter_map(|i| state.products.get(&i.product_id).map(|p| (i, p)))
                .map(|(i, p)| BundleItem {
                    product: state.card(p),
                    quantity: i.quantity,
                    stock: p.stock,
                })
                .collect(),
        }))
    }

    async fn list_owner(&self, kind: ListKind, id: i64) -> Result<Option<ListOwner>, CatalogError> {
        let state = self.read();
        let owner = |slug: &String, name: &String, heb_name: &Option<String>| ListOwner {
            slug: slug.clone(),
            name: name.clone(),
            heb_name: heb_name.clone(),
        };
        Ok(match kind {
            ListKind::Category => state
                .categories
                .iter()
                .find(|c| c.id == id)
                .map(|c| owner(&c.slug, &c.name, &c.heb_name)),
            ListKind::Vendor => state
                .vendors
                .get(&id)
                .map(|v| owner(&v.slug, &v.name, &v.heb_name)),
            ListKind::Creator => state
                .creators
                .get(&id)
                .map(|c| owner(&c.slug, &c.name, &c.heb_name)),
        })
    }

    async fn cards(&self, ids: &[i64]) -> Result<Vec<ProductCard>, CatalogError> {
        let state = self.read();
        Ok(ids
            .iter()
            .filter_map(|id| state.shown_product(*id))
            .map(|p| state.card(p))
            .collect())
    }

    async fn offers(&self, items: &[ItemRef]) -> Result<Vec<Offer>, CatalogError> {
        let state = self.read();
        Ok(items.iter().filter_map(|item| state.offer(*item)).collect())
    }

    async fn search_documents_page(
        &self,
        after_id: i64,
        limit: u32,
    ) -> Result<Vec<SearchDoc>, CatalogError> {
        let state = self.read();
        let mut page: Vec<_> = state.shown().filter(|p| p.id > after_id).collect();
        page.sort_by_key(|p| p.id);
        Ok(page
            .into_iter()
            .take(limit as usize)
            .map(|p| state.search_doc(p))
            .collect())
    }

    async fn catalogue_version(&self) -> Result<i64, CatalogError> {
        Ok(self.read().version)
    }

    async fn related(
        &self,
        product_id: i64,
        category_id: i64,
        limit: u32,
    ) -> Result<Vec<ProductCard>, CatalogError> {
        let state = self.read();
        let members = state
            .shown()
            .filter(|p| p.category_id == category_id && p.id != product_id)
            .collect();
        Ok(state
            .newest(members)
            .into_iter()
            .take(limit as usize)
            .collect())
    }

    async fn new_arrivals(&self, limit: u32) -> Result<Vec<ProductCard>, CatalogError> {
        let state = self.read();
        Ok(state
            .newest(state.shown().collect())
            .into_iter()
            .take(limit as usize)
            .collect())
    }

    async fn bundles(&self, limit: u32) -> Result<Vec<ProductCard>, CatalogError> {
        let state = self.read();
        Ok(state
            .bundles
            .values()
            .filter(|b| state.bundle_on_show(b))
            .take(limit as usize)
            .map(|b| ProductCard {
                id: b.id,
                kind: CardKind::Bundle,
                slug: b.slug.clone(),
                title: b.title.clone(),
                heb_title: b.heb_title.clone(),
                price: b.price,
                fake_price: b.fake_price,
                image: b.media.first().map(Picture::url),
                vendor_name: None,
                product_type: ProductType::Product,
                stock: CardStock::Bundle(state.bundle_parts(b)),
            })
            .collect())
    }

    async fn page(&self, id: i64) -> Result<Option<ContentPage>, CatalogError> {
        Ok(self.read().pages.get(&id).cloned())
    }

    async fn product_count(&self) -> Result<u64, CatalogError> {
        Ok(self.read().products.len() as u64)
    }
}

#[async_trait]
impl CatalogWriter for InMemoryCatalog {
    async fn import(&self, catalogue: &CatalogImport) -> Result<(), CatalogError> {
        let mut state = write(&self.state);
        // Work on a copy so a rejected import leaves nothing behind, like a rolled-back transaction.
        let mut next = state.clone();
        next.apply(catalogue)?;
        next.version += 1;
        *state = next;
        Ok(())
    }

    async fn change_product(&self, id: i64, change: &ProductChange) -> Result<bool, CatalogError> {
        change.validate()?;
        let mut state = write(&self.state);
        let changed = state.change(id, change);
        if changed {
            state.version += 1;
        }
        Ok(changed)
    }

    async fn remove_products_from(&self, first_id: i64) -> Result<u64, CatalogError> {
        let mut state = write(&self.state);
        if state
            .bundles
            .values()
            .flat_map(|b| &b.items)
            .any(|i| i.product_id >= first_id)
        {
            return Err(CatalogError::Rejected(
                "a bundle contains one of the products".into(),
            ));
        }
        let removed = state.products.split_off(&first_id);
        state.hidden.retain(|id| *id < first_id);
        state.version += 1;
        Ok(removed.len() as u64)
    }
}

// ---------------------------------------------------------------- test fixture

fn pic(icon: &str, color: &str) -> Picture {
    Picture {
        icon: icon.into(),
        color: color.into(),
    }
}

/// A plain in-stock product of the fixture's shape, for tests that need more of them.
pub fn product(
    id: i64,
    category_id: i64,
    vendor_id: i64,
    price: i64,
    release_date: &str,
    stock: i64,
) -> ProductRecord {
    ProductRecord {
        id,
        slug: format!("item-{id}"),
        product_type: ProductType::Product,
        item_type: "others".into(),
        title: format!("Item {id}"),
        heb_title: Some(format!("פריט {id}")),
        short_desc: "Short.".into(),
        heb_short_desc: Some("קצר.".into()),
        description: "Long.".into(),
        heb_description: None,
        price: Money::from_cents(price),
        fake_price: None,
        sku: format!("SKU-{id}"),
        stock,
        max_quantity: Some(10),
        tax_code: "P0000000".into(),
        vendor_id,
        creator_ids: vec![],
        category_id,
        exclude_free_shipping: false,
        returnable: true,
        release_date: release_date.into(),
        media: vec![pic("mug", "2a9d8f")],
        filters: vec![],
        gift_options_price: None,
        personalization: vec![],
        variations: vec![],
    }
}

/// A small catalogue for tests: Home > Kitchen > Mugs, and Books; products 10 (two
/// variations, personalization), 11 (out of stock, fake price), 12, 13 (a book with two
/// creators and vowel-pointed Hebrew), bundle 50 and page 43.
pub fn fixture() -> CatalogImport {
    let category = |id, parent_id, slug: &str| Category {
        id,
        parent_id,
        slug: slug.into(),
        name: slug.to_uppercase(),
        heb_name: Some(format!("{slug} בעברית")),
        picture: Some(pic("box", "264653")),
    };
    let mut mug = product(10, 3, 1, 1000, "2025-01-01", 5);
    mug.media.push(pic("mug", "e76f51"));
    mug.filters = vec![NameValue {
        name: "Material".into(),
        value: "Stoneware".into(),
        heb_name: Some("חומר".into()),
        heb_value: Some("חרס".into()),
    }];
    mug.gift_options_price = Some(Money::from_cents(500));
    mug.personalization = vec![PersonalizationField {
        key: "initials".into(),
        label: "Initials".into(),
        heb_label: Some("ראשי תיבות".into()),
        price: Money::from_cents(300),
        max_length: 3,
    }];
    mug.variations = ["Blue", "Red"]
        .iter()
        .enumerate()
        .map(|(i, color)| VariationRecord {
            id: 1001 + i as i64,
            sku: format!("SKU-10-{color}"),
            price: Money::from_cents(1000 + i as i64 * 200),
            fake_price: Some(Money::from_cents(1500)),
            stock: i as i64 * 4,
            max_quantity: Some(10),
            item_type: "others".into(),
            options: vec![NameValue {
                name: "Color".into(),
                value: (*color).into(),
                heb_name: Some("צבע".into()),
                heb_value: None,
            }],
            picture: Some(pic("mug", "264653")),
        })
        .collect();
    let mut cheap_mug = product(11, 3, 2, 500, "2026-01-01", 0);
    cheap_mug.fake_price = Some(Money::from_cents(800));
    let kettle = product(12, 2, 1, 3000, "2024-05-01", 7);
    let mut book = product(13, 4, 2, 1500, "2025-06-01", 3);
    book.creator_ids = vec![2, 1];
    book.heb_title = Some("שִׁיר לַיְלָה".into());
    CatalogImport {
        vendors: vec![
            Vendor {
                id: 1,
                slug: "oak".into(),
                name: "Oak".into(),
                heb_name: Some("אלון".into()),
            },
            Vendor {
                id: 2,
                slug: "fig".into(),
                name: "Fig".into(),
                heb_name: None,
            },
        ],
        creators: vec![
            Creator {
                id: 1,
                slug: "dana".into(),
                name: "Dana".into(),
                heb_name: Some("דנה".into()),
                role: "author".into(),
            },
            Creator {
                id: 2,
                slug: "omer".into(),
                name: "Omer".into(),
                heb_name: None,
                role: "illustrator".into(),
            },
        ],
        categories: vec![
            category(1, None, "home"),
            category(2, Some(1), "kitchen"),
            category(3, Some(2), "mugs"),
            category(4, None, "books"),
        ],
        products: vec![mug, cheap_mug, kettle, book],
        bundles: vec![BundleRecord {
            id: 50,
            slug: "kitchen-set".into(),
            title: "Kitchen Set".into(),
            heb_title: Some("ערכת מטבח".into()),
            short_desc: "Set.".into(),
            heb_short_desc: None,
            description: "A set.".into(),
            heb_description: None,
            price: Money::from_cents(4000),
            fake_price: Some(Money::from_cents(5000)),
            sku: "BN-50".into(),
            media: vec![pic("gift", "bc4749")],
            items: vec![
                BundleItemRecord {
                    product_id: 10,
                    quantity: 2,
                },
                BundleItemRecord {
                    product_id: 12,
                    quantity: 1,
                },
            ],
        }],
        pages: vec![ContentPage {
            id: 43,
            slug: "about".into(),
            title: "About".into(),
            heb_title: Some("אודות".into()),
            body: vec!["First paragraph.".into(), "Second one.".into()],
            heb_body: Some(vec!["פסקה.".into()]),
        }],
        subscriptions: plans_fixture(),
    }
}

/// What the fixture sells by subscription: type 1, "Kitchen", with group 2, "Kettle
/// club", of the kettle (product 12, 30.00 once) monthly at 27.00 until cancelled
/// (plan 3), or every two weeks at 28.50 for six deliveries (plan 4).
pub fn plans_fixture() -> Vec<PlanType> {
    use store_domain::subscriptions::model::Plan;
    use store_domain::subscriptions::plans::PlanGroup;
    use store_domain::subscriptions::schedule::Interval;
    vec![PlanType {
        id: 1,
        slug: "kitchen".into(),
        name: "Kitchen".into(),
        heb_name: "מטבח".into(),
        groups: vec![PlanGroup {
            id: 2,
            slug: "kettle-club".into(),
            name: "Kettle club".into(),
            heb_name: "מועדון הקומקום".into(),
            description: "A kettle at your door.".into(),
            heb_description: "קומקום עד הבית.".into(),
            plans: vec![
                Plan {
                    id: 3,
                    product_id: 12,
                    interval: Interval::Months(1),
                    price: Money::from_cents(2_700),
                    deliveries: None,
                },
                Plan {
                    id: 4,
                    product_id: 12,
                    interval: Interval::Weeks(2),
                    price: Money::from_cents(2_850),
                    deliveries: Some(6),
                },
            ],
        }],
    }]
}
