//! What the catalogue says about the item a line holds: its price, stock, tax code and
//! options, and what the bag screens show of it. Adapters hand these facts over; the
//! `max` a line may hold is decided here, by the availability rules.

use super::lines::LineType;
use crate::availability::{BundlePart, bundle_units, order_limit, units};
use crate::catalog::{
    BUNDLE_ITEM_TYPE, BUNDLE_TAX_CODE, NameValue, PersonalizationField, ProductType, bundle_path,
};
use crate::money::Money;

/// The catalogue row a line points at. Products and gift cards are both products.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemRef {
    Product(i64),
    Variation(i64),
    Bundle(i64),
}

impl ItemRef {
    pub fn of(line_type: LineType, id: i64) -> ItemRef {
        match line_type {
            LineType::Product | LineType::GiftCard => ItemRef::Product(id),
            LineType::Variation => ItemRef::Variation(id),
            LineType::Bundle => ItemRef::Bundle(id),
        }
    }
}

/// Stock as the catalogue holds it: a product's or variation's own units, or a
/// bundle's items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OfferStock {
    Units(i64),
    Bundle(Vec<BundlePart>),
}

/// One item as it can be bought now. A variation carries its product's title, vendor,
/// tax code and options (gift wrap, personalization); a bundle has none of those.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    pub item: ItemRef,
    /// The product a variation belongs to; the item's own id otherwise.
    pub product_id: i64,
    pub product_type: ProductType,
    /// A product with variations is bought as one of them, never as itself.
    pub has_variations: bool,
    pub title: String,
    pub heb_title: Option<String>,
    pub vendor_name: Option<String>,
    pub path: String,
    pub image: Option<String>,
    pub price: Money,
    pub fake_price: Option<Money>,
    pub sku: String,
    pub stock: OfferStock,
    pub max_quantity: Option<i64>,
    pub tax_code: String,
    /// `digital`, `service` or `others` (spec 3).
    pub item_type: String,
    pub exclude_free_shipping: bool,
    /// May come back (issue 28); false for a final-sale item.
    pub returnable: bool,
    pub gift_options_price: Option<Money>,
    pub personalization: Vec<PersonalizationField>,
    /// A variation's choices ("Size: Large").
    pub options: Vec<NameValue>,
}

/// What the catalogue holds of a bundle; `Offer::bundle` adds what every bundle shares.
#[derive(Debug, Clone, PartialEq)]
pub struct BundleFacts {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub heb_title: Option<String>,
    pub image: Option<String>,
    pub price: Money,
    pub fake_price: Option<Money>,
    pub sku: String,
    pub parts: Vec<BundlePart>,
}

impl Offer {
    /// A bundle as it can be bought: its stock is its items', it has no vendor, no
    /// per-order limit, gift wrap or personalization, and its own tax code.
    pub fn bundle(b: BundleFacts) -> Offer {
        Offer {
            item: ItemRef::Bundle(b.id),
            product_id: b.id,
            product_type: ProductType::Product,
            has_variations: false,
            path: bundle_path(&b.slug, b.id),
            title: b.title,
            heb_title: b.heb_title,
            vendor_name: None,
            image: b.image,
            price: b.price,
            fake_price: b.fake_price,
            sku: b.sku,
            stock: OfferStock::Bundle(b.parts),
            max_quantity: None,
            tax_code: BUNDLE_TAX_CODE.to_owned(),
            item_type: BUNDLE_ITEM_TYPE.to_owned(),
            exclude_free_shipping: false,
            returnable: true,
            gift_options_price: None,
            personalization: Vec::new(),
            options: Vec::new(),
        }
    }

    /// The most one line of this item may hold: the units in stock, capped by the
    /// item's per-order limit.
    pub fn max(&self) -> i64 {
        let available = match &self.stock {
            OfferStock::Units(stock) => units(*stock),
            OfferStock::Bundle(parts) => bundle_units(parts.iter().copied()),
        };
        order_limit(available, self.max_quantity)
    }

    /// Whether a line of `line_type` may hold this item: a gift card is bought as a
    /// gift card, a product with variations only through one of them.
    pub fn accepts(&self, line_type: LineType) -> Result<(), String> {
        match (line_type, self.product_type) {
            (LineType::GiftCard, ProductType::GiftCard)
            | (LineType::Variation | LineType::Bundle, _) => Ok(()),
            (LineType::Product, ProductType::Product) if self.has_variations => Err(format!(
                "product {} is sold by its variations: send the chosen variation's id with type \"variation\"",
                self.product_id
            )),
            (LineType::Product, ProductType::Product) => Ok(()),
            (LineType::Product, ProductType::GiftCard) => Err(format!(
                "product {} is a gift card: send it with type \"giftCard\"",
                self.product_id
            )),
            (LineType::GiftCard, ProductType::Product) => {
                Err(format!("product {} is not a gift card", self.product_id))
            }
        }
    }

    /// Gift cards, digital items and services need no delivery (spec 9's digital-only).
    pub fn is_digital(&self) -> bool {
        self.product_type == ProductType::GiftCard
            || matches!(self.item_type.as_str(), "digital" | "service")
    }

    /// Spec 9: tax is zero for tax code 22 and for gift cards.
    pub fn is_taxed(&self) -> bool {
        self.product_type != ProductType::GiftCard && self.tax_code != "22"
    }
}
