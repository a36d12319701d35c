//! A deterministic synthetic catalogue for benchmarks: the same seed and count give
//! the same products, byte for byte, on every machine (ChaCha8 is value-stable).
//! Generated products hang off the demo catalogue's leaf categories, vendors and
//! creators, and take ids from `FIRST_ID` up so they can be removed again.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;
use store_domain::catalog::{
    CatalogImport, NameValue, PersonalizationField, Picture, ProductRecord, ProductType,
    VariationRecord,
};
use store_domain::money::Money;

pub const FIRST_ID: i64 = 1_000_000;
pub const DEFAULT_SEED: u64 = 20_261_122;

#[derive(Deserialize)]
struct Words {
    /// English, Hebrew masculine, Hebrew feminine.
    adjectives: Vec<(String, String, String)>,
    /// English, Hebrew, Hebrew gender ("m" or "f").
    nouns: Vec<(String, String, String)>,
    materials: Vec<(String, String)>,
}

const ICONS: &[&str] = &[
    "mug", "teapot", "candle", "pillow", "lamp", "plant", "towel", "frame", "vase", "book",
    "notebook", "pencil", "crayons", "ruler", "scissors", "backpack", "gift", "box", "palette",
    "puzzle",
];
const COLORS: &[&str] = &[
    "e76f51", "2a9d8f", "264653", "f4a261", "8d5a97", "3d5a80", "bc4749", "6a994e", "c08552",
    "457b9d",
];
const COLOR_NAMES: &[(&str, &str)] = &[
    ("Red", "אדום"),
    ("Blue", "כחול"),
    ("Green", "ירוק"),
    ("Black", "שחור"),
];

#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error("the demo catalogue has no leaf categories, vendors to attach generated products to")]
    NoDemo,
}

/// Yields the generated catalogue in imports of at most `chunk` products.
pub struct Generator {
    rng: ChaCha8Rng,
    words: Words,
    leaves: Vec<i64>,
    vendors: Vec<i64>,
    creators: Vec<i64>,
    next: i64,
    end: i64,
}

impl Generator {
    pub fn new(demo: &CatalogImport, count: u64, seed: u64) -> Result<Self, GenerateError> {
        let leaves: Vec<i64> = demo
            .categories
            .iter()
            .filter(|c| {
                !demo
                    .categories
                    .iter()
                    .any(|child| child.parent_id == Some(c.id))
            })
            .map(|c| c.id)
            .collect();
        let vendors: Vec<i64> = demo.vendors.iter().map(|v| v.id).collect();
        if leaves.is_empty() || vendors.is_empty() {
            return Err(GenerateError::NoDemo);
        }
        let words = serde_json::from_str(include_str!("demo/words.json"))
            .expect("demo/words.json is checked by a test");
        Ok(Generator {
            rng: ChaCha8Rng::seed_from_u64(seed),
            words,
            leaves,
            vendors,
            creators: demo.creators.iter().map(|c| c.id).collect(),
            next: FIRST_ID,
            end: FIRST_ID.saturating_add(i64::try_from(count).unwrap_or(i64::MAX)),
        })
    }

    pub fn next_chunk(&mut self, chunk: usize) -> Option<CatalogImport> {
        if self.next >= self.end {
            return None;
        }
        let mut products = Vec::with_capacity(chunk);
        while self.next < self.end && products.len() < chunk {
            let id = self.next;
            self.next += 1;
            products.push(self.product(id));
        }
        Some(CatalogImport {
            products,
            ..CatalogImport::default()
        })
    }

    fn pick<'a, T>(rng: &mut ChaCha8Rng, items: &'a [T]) -> &'a T {
        &items[rng.random_range(0..items.len())]
    }

    fn product(&mut self, id: i64) -> ProductRecord {
        let rng = &mut self.rng;
        let (adj_en, adj_he_m, adj_he_f) = Self::pick(rng, &self.words.adjectives).clone();
        let (noun_en, noun_he, gender) = Self::pick(rng, &self.words.nouns).clone();
        let (mat_en, mat_he) = Self::pick(rng, &self.words.materials).clone();
        let feminine = gender == "f";
        let adj_he = if feminine { adj_he_f } else { adj_he_m };
        let made_of = if feminine { "עשויה" } else { "עשוי" };
        let title = format!("{adj_en} {mat_en} {noun_en}");
        // Hebrew puts the noun first: "ספל אלון נעים".
        let heb_title = format!("{noun_he} {mat_he} {adj_he}");
        let price = Money::from_cents(rng.random_range(3..400) * 50 - 1);
        let fake_price = rng
            .random_bool(0.2)
            .then(|| Money::from_cents(price.cents() / 4 * 5));
        let stock = if rng.random_bool(0.08) {
            0
        } else {
            rng.random_range(1..60)
        };
        let icon = *Self::pick(rng, ICONS);
        let media = (0..rng.random_range(1..=2))
            .map(|_| Picture {
                icon: icon.to_owned(),
                color: (*Self::pick(rng, COLORS)).to_owned(),
            })
            .collect();
        let creator_ids = if !self.creators.is_empty() && rng.random_bool(0.3) {
            vec![*Self::pick(rng, &self.creators)]
        } else {
            Vec::new()
        };
        let variations = if rng.random_bool(0.25) {
            COLOR_NAMES
                .iter()
                .take(3)
                .enumerate()
                .map(|(i, (color, color_he))| VariationRecord {
                    id: id * 100 + i as i64 + 1,
                    sku: format!("GEN-{id}-{}", i + 1),
                    price: Money::from_cents(price.cents() + i as i64 * 100),
                    fake_price: None,
                    stock: rng.random_range(0..30),
                    max_quantity: Some(10),
                    item_type: "others".into(),
                    options: vec![NameValue {
                        name: "Color".into(),
                        value: (*color).into(),
                        heb_name: Some("צבע".into()),
                        heb_value: Some((*color_he).into()),
                    }],
                    picture: Some(Picture {
                        icon: icon.to_owned(),
                        color: COLORS[i].to_owned(),
                    }),
                })
                .collect()
        } else {
            Vec::new()
        };
        let mix = Mix::of(id);
        let year = rng.random_range(2024..=2026);
        let month = rng.random_range(1..=if year == 2026 { 10 } else { 12 });
        let day = rng.random_range(1..=28);
        ProductRecord {
            id,
            slug: title.to_lowercase().replace(' ', "-"),
            product_type: ProductType::Product,
            item_type: mix.item_type.into(),
            short_desc: format!(
                "A {} {} made of {}.",
                adj_en.to_lowercase(),
                noun_en.to_lowercase(),
                mat_en.to_lowercase()
            ),
            heb_short_desc: Some(format!("{noun_he} {adj_he} {made_of} {mat_he}.")),
            description: format!(
                "Our {} {} is made of {} and built for everyday use. It is item {id} of the generated catalogue.",
                adj_en.to_lowercase(),
                noun_en.to_lowercase(),
                mat_en.to_lowercase()
            ),
            heb_description: Some(format!(
                "{noun_he} {adj_he} {made_of} {mat_he}, לשימוש יומיומי. פריט {id} בקטלוג המחולל."
            )),
            title,
            heb_title: Some(heb_title),
            price,
            fake_price,
            sku: format!("GEN-{id}"),
            stock,
            max_quantity: Some(10),
            tax_code: mix.tax_code.into(),
            vendor_id: *Self::pick(rng, &self.vendors),
            creator_ids,
            category_id: *Self::pick(rng, &self.leaves),
            exclude_free_shipping: rng.random_bool(0.05),
            returnable: !rng.random_bool(0.02),
            release_date: format!("{year}-{month:02}-{day:02}"),
            media,
            filters: vec![NameValue {
                name: "Material".into(),
                value: mat_en,
                heb_name: Some("חומר".into()),
                heb_value: Some(mat_he),
            }],
            gift_options_price: mix.gift_options_price,
            personalization: mix.personalization,
            variations,
        }
    }
}

/// What a bag meets in the demo catalogue, spread over the generated one by id (not
/// drawn from the random stream, so every other generated value stays as it was):
/// gift wrap, engraving, tax code 22, digital items and services.
struct Mix {
    item_type: &'static str,
    tax_code: &'static str,
    gift_options_price: Option<Money>,
    personalization: Vec<PersonalizationField>,
}

impl Mix {
    fn of(id: i64) -> Mix {
        Mix {
            item_type: match id % 40 {
                3 => "digital",
                4 => "service",
                _ => "others",
            },
            tax_code: if id % 15 == 2 { "22" } else { "P0000000" },
            gift_options_price: (id % 10 == 0).then(|| Money::from_cents(400)),
            personalization: if id % 12 == 1 {
                vec![PersonalizationField {
                    key: "initials".into(),
                    label: "Initials".into(),
                    heb_label: Some("ראשי תיבות".into()),
                    price: Money::from_cents(500),
                    max_length: 3,
                }]
            } else {
                Vec::new()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo;

    fn first_chunk(seed: u64) -> Vec<ProductRecord> {
        let mut generator = Generator::new(&demo::catalogue().unwrap(), 50, seed).unwrap();
        generator.next_chunk(1_000).unwrap().products
    }

    #[test]
    fn same_seed_same_products() {
        assert_eq!(first_chunk(7), first_chunk(7));
        assert_ne!(first_chunk(7), first_chunk(8));
    }

    #[test]
    fn yields_exactly_count_in_chunks_from_first_id() {
        let mut generator = Generator::new(&demo::catalogue().unwrap(), 12, 1).unwrap();
        let mut ids = Vec::new();
        while let Some(chunk) = generator.next_chunk(5) {
            assert!(chunk.products.len() <= 5);
            ids.extend(chunk.products.iter().map(|p| p.id));
        }
        assert_eq!(ids, (FIRST_ID..FIRST_ID + 12).collect::<Vec<_>>());
    }

    #[test]
    fn products_hang_off_demo_leaves_and_vendors_with_hebrew() {
        let demo = demo::catalogue().unwrap();
        for p in first_chunk(3) {
            assert!(
                !demo
                    .categories
                    .iter()
                    .any(|c| c.parent_id == Some(p.category_id)),
                "{} is not a leaf",
                p.category_id
            );
            assert!(demo.vendors.iter().any(|v| v.id == p.vendor_id));
            assert!(
                p.heb_title
                    .as_deref()
                    .is_some_and(|t| t.chars().any(|c| ('\u{5d0}'..='\u{5ea}').contains(&c)))
            );
            assert!(p.price.cents() > 0);
            assert!(p.variations.iter().all(|v| v.id / 100 == p.id));
        }
    }

    #[test]
    fn needs_a_demo_to_attach_to() {
        assert!(matches!(
            Generator::new(&CatalogImport::default(), 1, 1),
            Err(GenerateError::NoDemo)
        ));
    }
}
