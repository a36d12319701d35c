//! Wire types: the JSON the API speaks, in the spec's field names, with conversions
//! from the domain. Money is integer cents on the wire. An absent optional field is
//! left out rather than sent as `null`, which is what the OpenAPI document promises.

use poem_openapi::{Enum, Object};
use store_domain::browse;
use store_domain::catalog::{self as domain, ListKind, Sort, SummaryKind, shown_fake_price};
use store_domain::money::Money;
use store_domain::reference;
use store_domain::search::{self, Selection};

fn cents(m: Money) -> i64 {
    m.cents()
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ErrorMessage {
    pub message: String,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Health {
    pub status: String,
    pub products: u64,
}

/// A department or category; `value` is its list path.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Category {
    pub id: i64,
    pub name: String,
    pub heb_name: Option<String>,
    pub value: String,
    pub image: Option<String>,
    pub children: Vec<Category>,
}

impl From<domain::CategoryNode> for Category {
    fn from(n: domain::CategoryNode) -> Self {
        Category {
            id: n.id,
            name: n.name,
            heb_name: n.heb_name,
            value: n.value,
            image: n.image,
            children: n.children.into_iter().map(Category::from).collect(),
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Country {
    pub label: String,
    pub value: String,
    pub heb_label: String,
}

impl From<reference::Country> for Country {
    fn from(c: reference::Country) -> Self {
        Country {
            label: c.label,
            value: c.value,
            heb_label: c.heb_label,
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Currency {
    pub currency: String,
    pub name: String,
    pub rate: f64,
    pub symbol: String,
}

impl From<reference::Currency> for Currency {
    fn from(c: reference::Currency) -> Self {
        Currency {
            currency: c.currency,
            name: c.name,
            rate: c.rate,
            symbol: c.symbol,
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Crumb {
    pub name: String,
    pub heb_name: Option<String>,
    pub value: String,
}

impl From<domain::Crumb> for Crumb {
    fn from(c: domain::Crumb) -> Self {
        Crumb {
            name: c.name,
            heb_name: c.heb_name,
            value: c.value,
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct VendorRef {
    pub id: i64,
    pub name: String,
    pub heb_name: Option<String>,
    pub path: String,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct CreatorRef {
    pub id: i64,
    pub name: String,
    pub heb_name: Option<String>,
    pub role: String,
    pub path: String,
}

/// A picture; `thumbnail` is the same drawing (SVG scales), kept for the spec's shape.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Media {
    pub url: String,
    pub thumbnail: String,
}

fn media(url: String) -> Media {
    Media {
        thumbnail: url.clone(),
        url,
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct VariationOption {
    pub name: String,
    pub value: String,
}

fn options(list: Vec<domain::NameValue>) -> Vec<VariationOption> {
    list.into_iter()
        .map(|o| VariationOption {
            name: o.name,
            value: o.value,
        })
        .collect()
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Variation {
    pub id: i64,
    pub sku: String,
    pub price: i64,
    pub fake_price: Option<i64>,
    /// Stock available; 0 is out of stock.
    pub max: i64,
    pub max_quantity: Option<i64>,
    pub item_type: String,
    pub options: Vec<VariationOption>,
    pub picture: Option<Media>,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct GiftOptions {
    pub price: i64,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PersonalizationField {
    pub key: String,
    pub label: String,
    pub heb_label: Option<String>,
    pub price: i64,
    pub max_length: u32,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ProductMeta {
    pub gift_options: Option<GiftOptions>,
    pub personalization: Vec<PersonalizationField>,
}

#[derive(Enum, Clone, Copy)]
#[oai(rename = "SummaryKind", rename_all = "lowercase")]
pub enum SummaryKindDto {
    Product,
    Bundle,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ProductSummary {
    pub id: i64,
    pub kind: SummaryKindDto,
    pub path: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub price: i64,
    pub fake_price: Option<i64>,
    pub image: Option<String>,
    pub vendor_name: Option<String>,
    pub in_stock: bool,
}

impl From<domain::ProductSummary> for ProductSummary {
    fn from(s: domain::ProductSummary) -> Self {
        ProductSummary {
            path: s.path(),
            kind: match s.kind {
                SummaryKind::Product => SummaryKindDto::Product,
                SummaryKind::Bundle => SummaryKindDto::Bundle,
            },
            id: s.id,
            title: s.title,
            heb_title: s.heb_title,
            fake_price: shown_fake_price(s.price, s.fake_price).map(cents),
            price: cents(s.price),
            image: s.image,
            vendor_name: s.vendor_name,
            in_stock: s.in_stock,
        }
    }
}

fn summaries(list: Vec<domain::ProductSummary>) -> Vec<ProductSummary> {
    list.into_iter().map(ProductSummary::from).collect()
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Product {
    pub id: i64,
    pub slug: String,
    pub path: String,
    /// `product`, `variation` (has variations) or `giftCard`.
    #[oai(rename = "type")]
    pub product_type: String,
    pub item_type: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub short_desc: String,
    pub heb_short_desc: Option<String>,
    pub description: String,
    pub heb_description: Option<String>,
    pub price: i64,
    /// The struck-through price; present only when higher than `price`.
    pub fake_price: Option<i64>,
    pub sku: String,
    /// Stock available; 0 is out of stock.
    pub max: i64,
    pub max_quantity: Option<i64>,
    pub tax_code: String,
    pub exclude_free_shipping: bool,
    pub release_date: String,
    pub vendor: VendorRef,
    pub creators: Vec<CreatorRef>,
    pub breadcrumbs: Vec<Crumb>,
    pub image: Option<String>,
    pub media_urls: Vec<Media>,
    /// The first is the one selected by default.
    pub variation_infos: Vec<Variation>,
    pub filters: Vec<VariationOption>,
    pub meta: ProductMeta,
    pub related: Vec<ProductSummary>,
}

impl From<browse::ProductDetail> for Product {
    fn from(d: browse::ProductDetail) -> Self {
        let p = d.product;
        Product {
            product_type: p.wire_type().to_owned(),
            path: domain::product_path(&p.slug, p.id),
            id: p.id,
            slug: p.slug,
            item_type: p.item_type,
            title: p.title,
            heb_title: p.heb_title,
            short_desc: p.short_desc,
            heb_short_desc: p.heb_short_desc,
            description: p.description,
            heb_description: p.heb_description,
            fake_price: shown_fake_price(p.price, p.fake_price).map(cents),
            price: cents(p.price),
            sku: p.sku,
            max: p.stock.max(0),
            max_quantity: p.max_quantity,
            tax_code: p.tax_code,
            exclude_free_shipping: p.exclude_free_shipping,
            release_date: p.release_date,
            vendor: VendorRef {
                path: domain::list_path(ListKind::Vendor, &p.vendor.slug, p.vendor.id),
                id: p.vendor.id,
                name: p.vendor.name,
                heb_name: p.vendor.heb_name,
            },
            creators: p
                .creators
                .into_iter()
                .map(|c| CreatorRef {
                    path: domain::list_path(ListKind::Creator, &c.slug, c.id),
                    id: c.id,
                    name: c.name,
                    heb_name: c.heb_name,
                    role: c.role,
                })
                .collect(),
            breadcrumbs: d.breadcrumbs.into_iter().map(Crumb::from).collect(),
            image: p.media.first().cloned(),
            media_urls: p.media.into_iter().map(media).collect(),
            variation_infos: p
                .variations
                .into_iter()
                .map(|v| Variation {
                    id: v.id,
                    sku: v.sku,
                    fake_price: shown_fake_price(v.price, v.fake_price).map(cents),
                    price: cents(v.price),
                    max: v.stock.max(0),
                    max_quantity: v.max_quantity,
                    item_type: v.item_type,
                    options: options(v.options),
                    picture: v.picture.map(media),
                })
                .collect(),
            filters: options(p.filters),
            meta: ProductMeta {
                gift_options: p.gift_options_price.map(|price| GiftOptions {
                    price: cents(price),
                }),
                personalization: p
                    .personalization
                    .into_iter()
                    .map(|f| PersonalizationField {
                        key: f.key,
                        label: f.label,
                        heb_label: f.heb_label,
                        price: cents(f.price),
                        max_length: f.max_length,
                    })
                    .collect(),
            },
            related: summaries(d.related),
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct BundleItem {
    pub product: ProductSummary,
    pub quantity: i64,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Bundle {
    pub id: i64,
    pub slug: String,
    pub path: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub short_desc: String,
    pub heb_short_desc: Option<String>,
    pub description: String,
    pub heb_description: Option<String>,
    pub price: i64,
    pub fake_price: Option<i64>,
    pub sku: String,
    /// Whole bundles the items' stock allows.
    pub max: i64,
    pub image: Option<String>,
    pub media_urls: Vec<Media>,
    pub items: Vec<BundleItem>,
}

impl From<domain::Bundle> for Bundle {
    fn from(b: domain::Bundle) -> Self {
        Bundle {
            max: b.max(),
            path: domain::bundle_path(&b.slug, b.id),
            image: b.media.first().cloned(),
            id: b.id,
            slug: b.slug,
            title: b.title,
            heb_title: b.heb_title,
            short_desc: b.short_desc,
            heb_short_desc: b.heb_short_desc,
            description: b.description,
            heb_description: b.heb_description,
            fake_price: shown_fake_price(b.price, b.fake_price).map(cents),
            price: cents(b.price),
            sku: b.sku,
            media_urls: b.media.into_iter().map(media).collect(),
            items: b
                .items
                .into_iter()
                .map(|i| BundleItem {
                    product: i.product.into(),
                    quantity: i.quantity,
                })
                .collect(),
        }
    }
}

/// What a product list is a list of.
#[derive(Enum, Clone, Copy, PartialEq, Eq, Debug)]
#[oai(rename_all = "lowercase")]
pub enum ListIndex {
    Category,
    Vendor,
    Creator,
}

impl From<ListIndex> for ListKind {
    fn from(i: ListIndex) -> Self {
        match i {
            ListIndex::Category => ListKind::Category,
            ListIndex::Vendor => ListKind::Vendor,
            ListIndex::Creator => ListKind::Creator,
        }
    }
}

/// Sort values as the spec spells them (`relavent` included).
#[derive(Enum, Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum SortValue {
    #[default]
    #[oai(rename = "relavent")]
    Relavent,
    #[oai(rename = "price-asc")]
    PriceAsc,
    #[oai(rename = "price-desc")]
    PriceDesc,
    #[oai(rename = "release_date-desc")]
    ReleaseDateDesc,
}

impl From<SortValue> for Sort {
    fn from(s: SortValue) -> Self {
        match s {
            SortValue::Relavent => Sort::Relevant,
            SortValue::PriceAsc => Sort::PriceAsc,
            SortValue::PriceDesc => Sort::PriceDesc,
            SortValue::ReleaseDateDesc => Sort::Newest,
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ProductList {
    pub index: ListIndex,
    pub id: i64,
    pub title: String,
    pub heb_title: Option<String>,
    pub breadcrumbs: Vec<Crumb>,
    pub items: Vec<ProductSummary>,
    pub total: u64,
    pub page: u32,
    pub per_page: u32,
    pub page_count: u64,
    pub sort: SortValue,
    pub facets: Facets,
}

impl ProductList {
    pub fn new(
        index: ListIndex,
        id: i64,
        page: u32,
        sort: SortValue,
        d: browse::ListDetail,
        selection: &Selection,
    ) -> Self {
        ProductList {
            index,
            id,
            title: d.owner.name,
            heb_title: d.owner.heb_name,
            breadcrumbs: d.breadcrumbs.into_iter().map(Crumb::from).collect(),
            items: summaries(d.found.items),
            page_count: domain::page_count(d.found.total),
            total: d.found.total,
            page,
            per_page: domain::PER_PAGE,
            sort,
            facets: Facets::new(d.found.facets, selection),
        }
    }
}

/// One facet value: send `value` back in its parameter to select it.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct FacetValue {
    pub value: String,
    pub label: String,
    pub heb_label: Option<String>,
    pub count: u64,
    pub selected: bool,
}

impl From<search::FacetCount> for FacetValue {
    fn from(c: search::FacetCount) -> Self {
        FacetValue {
            value: c.value,
            label: c.label,
            heb_label: c.heb_label,
            count: c.count,
            selected: c.selected,
        }
    }
}

/// Values of one filter or variation option, e.g. "Material".
#[derive(Object)]
pub struct FacetGroup {
    pub name: String,
    pub values: Vec<FacetValue>,
}

fn values(list: Vec<search::FacetCount>) -> Vec<FacetValue> {
    list.into_iter().map(FacetValue::from).collect()
}

fn groups(list: Vec<search::FacetGroup>) -> Vec<FacetGroup> {
    list.into_iter()
        .map(|g| FacetGroup {
            name: g.name,
            values: values(g.values),
        })
        .collect()
}

/// Cents: the lowest and highest price among the products matching all but the
/// price range, and the range asked for.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PriceRange {
    pub min: i64,
    pub max: i64,
    pub selected_min: Option<i64>,
    pub selected_max: Option<i64>,
}

/// Spec 3's search facets; vendors are shown as "Brand".
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Facets {
    pub categories: Vec<FacetValue>,
    pub vendors: Vec<FacetValue>,
    pub creators: Vec<FacetValue>,
    pub filters: Vec<FacetGroup>,
    pub variations: Vec<FacetGroup>,
    pub price: Option<PriceRange>,
}

impl Facets {
    pub fn new(f: search::Facets, selection: &Selection) -> Self {
        Facets {
            categories: values(f.categories),
            vendors: values(f.vendors),
            creators: values(f.creators),
            filters: groups(f.filters),
            variations: groups(f.variations),
            price: f.price.map(|p| PriceRange {
                min: cents(p.min),
                max: cents(p.max),
                selected_min: selection.price_min.map(cents),
                selected_max: selection.price_max.map(cents),
            }),
        }
    }
}

#[derive(Object)]
pub struct SearchResults {
    /// The search text as it was searched: trimmed.
    pub query: String,
    pub items: Vec<ProductSummary>,
    pub total: u64,
    pub page: u32,
    pub per_page: u32,
    pub page_count: u64,
    pub sort: SortValue,
    pub facets: Facets,
}

impl SearchResults {
    pub fn new(
        query: String,
        page: u32,
        sort: SortValue,
        found: browse::Found,
        selection: &Selection,
    ) -> Self {
        SearchResults {
            query,
            items: summaries(found.items),
            page_count: domain::page_count(found.total),
            total: found.total,
            page,
            per_page: domain::PER_PAGE,
            sort,
            facets: Facets::new(found.facets, selection),
        }
    }
}

/// Completions of a search text, best first; at most 50.
#[derive(Object)]
pub struct Suggestions {
    pub suggestions: Vec<String>,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ContentPage {
    pub id: i64,
    pub slug: String,
    pub path: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub body: Vec<String>,
    pub heb_body: Option<Vec<String>>,
}

impl From<domain::ContentPage> for ContentPage {
    fn from(p: domain::ContentPage) -> Self {
        ContentPage {
            path: format!("/{}/{}", p.slug, p.id),
            id: p.id,
            slug: p.slug,
            title: p.title,
            heb_title: p.heb_title,
            body: p.body,
            heb_body: p.heb_body,
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Home {
    pub departments: Vec<Category>,
    pub new_arrivals: Vec<ProductSummary>,
    pub bundles: Vec<ProductSummary>,
}

impl From<browse::Home> for Home {
    fn from(h: browse::Home) -> Self {
        Home {
            departments: h.departments.into_iter().map(Category::from).collect(),
            new_arrivals: summaries(h.new_arrivals),
            bundles: summaries(h.bundles),
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct StoreInfo {
    pub name: String,
    pub heb_name: String,
    pub help_email: String,
    /// Cents; absent when every order ships free.
    pub free_shipping_over: Option<i64>,
}

#[derive(Object)]
pub struct NewsletterSignUp {
    pub email: String,
}

#[derive(Object)]
pub struct NewsletterConfirm {
    pub token: String,
}

#[derive(Enum, Clone, Copy, PartialEq, Eq, Debug)]
#[oai(rename_all = "lowercase")]
pub enum SubscriptionState {
    Pending,
    Confirmed,
}

#[derive(Object)]
pub struct Subscription {
    pub status: SubscriptionState,
    /// A sentence to show the shopper.
    pub message: String,
}

#[derive(Object)]
pub struct HelpMessage {
    pub email: String,
    pub name: Option<String>,
    pub message: String,
}

#[derive(Object)]
pub struct ContactMessage {
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    pub order_number: Option<String>,
}

#[derive(Object)]
pub struct Received {
    pub id: i64,
    /// A sentence to show the shopper.
    pub message: String,
}

#[derive(Object)]
pub struct ClientErrorReport {
    pub message: String,
    pub url: String,
    pub status: Option<i64>,
    pub detail: Option<String>,
}
