//! The catalogue's wire types: the JSON the API speaks, in the spec's field names, with
//! conversions from the domain. Money is integer cents on the wire; an absent optional
//! field is left out rather than sent as `null`, which is what the OpenAPI document
//! promises.

use crate::api::bag::wire::LineTypeDto;
use crate::api::search::wire::Facets;
use poem_openapi::{Enum, Object};
use store_domain::browse;
use store_domain::catalog::{self as domain, CardKind, ListKind, Sort, shown_fake_price};
use store_domain::money::Money;
use store_domain::search::Selection;

pub(crate) fn cents(m: Money) -> i64 {
    m.cents()
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
    /// The Hebrew interface's words, where the catalogue has them.
    pub heb_name: Option<String>,
    pub heb_value: Option<String>,
}

pub(crate) fn options(list: Vec<domain::NameValue>) -> Vec<VariationOption> {
    list.into_iter()
        .map(|o| VariationOption {
            name: o.name,
            value: o.value,
            heb_name: o.heb_name,
            heb_value: o.heb_value,
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

impl ProductMeta {
    pub(crate) fn new(
        gift_options_price: Option<Money>,
        fields: Vec<domain::PersonalizationField>,
    ) -> Self {
        ProductMeta {
            gift_options: gift_options_price.map(|price| GiftOptions {
                price: cents(price),
            }),
            personalization: fields
                .into_iter()
                .map(|f| PersonalizationField {
                    key: f.key,
                    label: f.label,
                    heb_label: f.heb_label,
                    price: cents(f.price),
                    max_length: f.max_length,
                })
                .collect(),
        }
    }
}

#[derive(Enum, Clone, Copy)]
#[oai(rename = "CardKind", rename_all = "lowercase")]
pub enum CardKindDto {
    Product,
    Bundle,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ProductCard {
    pub id: i64,
    pub kind: CardKindDto,
    pub path: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub price: i64,
    pub fake_price: Option<i64>,
    pub image: Option<String>,
    pub vendor_name: Option<String>,
    pub in_stock: bool,
    /// How a bag line holds it; `variation`: choose one on its page first.
    #[oai(rename = "type")]
    pub line_type: LineTypeDto,
}

impl From<domain::ProductCard> for ProductCard {
    fn from(s: domain::ProductCard) -> Self {
        ProductCard {
            path: s.path(),
            in_stock: s.in_stock(),
            line_type: s.line_type().into(),
            kind: match s.kind {
                CardKind::Product => CardKindDto::Product,
                CardKind::Bundle => CardKindDto::Bundle,
            },
            id: s.id,
            title: s.title,
            heb_title: s.heb_title,
            fake_price: shown_fake_price(s.price, s.fake_price).map(cents),
            price: cents(s.price),
            image: s.image,
            vendor_name: s.vendor_name,
        }
    }
}

pub(crate) fn cards(list: Vec<domain::ProductCard>) -> Vec<ProductCard> {
    list.into_iter().map(ProductCard::from).collect()
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
    /// False for a final-sale item, which cannot be returned.
    pub returnable: bool,
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
    pub related: Vec<ProductCard>,
}

impl From<browse::ProductDetail> for Product {
    fn from(d: browse::ProductDetail) -> Self {
        let p = d.product;
        Product {
            product_type: p.wire_type().to_owned(),
            max: p.max(),
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
            max_quantity: p.max_quantity,
            tax_code: p.tax_code,
            exclude_free_shipping: p.exclude_free_shipping,
            returnable: p.returnable,
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
                    max: v.max(),
                    id: v.id,
                    sku: v.sku,
                    fake_price: shown_fake_price(v.price, v.fake_price).map(cents),
                    price: cents(v.price),
                    max_quantity: v.max_quantity,
                    item_type: v.item_type,
                    options: options(v.options),
                    picture: v.picture.map(media),
                })
                .collect(),
            filters: options(p.filters),
            meta: ProductMeta::new(p.gift_options_price, p.personalization),
            related: cards(d.related),
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct BundleItem {
    pub product: ProductCard,
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
    pub items: Vec<ProductCard>,
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
            items: cards(d.found.items),
            page_count: domain::page_count(d.found.total),
            total: d.found.total,
            page,
            per_page: domain::PER_PAGE,
            sort,
            facets: Facets::new(d.found.facets, selection),
        }
    }
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
    pub new_arrivals: Vec<ProductCard>,
    pub bundles: Vec<ProductCard>,
}

impl From<browse::Home> for Home {
    fn from(h: browse::Home) -> Self {
        Home {
            departments: h.departments.into_iter().map(Category::from).collect(),
            new_arrivals: cards(h.new_arrivals),
            bundles: cards(h.bundles),
        }
    }
}
