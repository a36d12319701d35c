//! The hand-made bilingual demo catalogue shipped inside the binary
//! (`demo/catalogue.json`, format in `demo/FORMAT.md`), and the demo gift cards and
//! discount codes issued with it (listed in `docs/api.md`).

use store_domain::catalog::CatalogImport;
use store_domain::checkout::discounts::{
    Discount, DiscountCode, DiscountValue, MalformedDiscountCode,
};
use store_domain::checkout::gift_cards::{GiftCardCode, MalformedCode};
use store_domain::checkout::storage::NewGiftCard;
use store_domain::clock::Timestamp;
use store_domain::money::Money;

const CATALOGUE_JSON: &str = include_str!("demo/catalogue.json");

/// The demo catalogue, parsed. The file is checked by tests, so an error here means
/// the binary was built from a broken file.
pub fn catalogue() -> Result<CatalogImport, serde_json::Error> {
    serde_json::from_str(CATALOGUE_JSON)
}

/// A demo gift card. Its code is published, so anyone trying the store can pay with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoGiftCard {
    pub code: &'static str,
    pub balance: Money,
    pub expires_at: Option<Timestamp>,
}

/// The demo gift cards: $25.00, $100.00, and $10.00 that expired on 2025-01-01.
pub const GIFT_CARDS: [DemoGiftCard; 3] = [
    DemoGiftCard {
        code: "HAPY-BDAY-2525-GRTS",
        balance: Money::from_cents(2_500),
        expires_at: None,
    },
    DemoGiftCard {
        code: "THNX-SUCH-ABUN-CH99",
        balance: Money::from_cents(10_000),
        expires_at: None,
    },
    DemoGiftCard {
        code: "XPRD-CARD-SRRY-2345",
        balance: Money::from_cents(1_000),
        // 2025-01-01 00:00:00 UTC.
        expires_at: Some(Timestamp::from_unix_seconds(1_735_689_600)),
    },
];

/// The demo gift cards as storage keeps them (the code's hash and last four).
pub fn gift_cards() -> Result<Vec<NewGiftCard>, MalformedCode> {
    GIFT_CARDS
        .iter()
        .map(|card| {
            let code = GiftCardCode::parse(card.code)?;
            Ok(NewGiftCard {
                code_hash: code.hash(),
                last_four: code.last_four().to_owned(),
                balance: card.balance,
                expires_at: card.expires_at,
            })
        })
        .collect()
}

/// The demo discount codes: `WELCOME10`, 10 % off with no minimum, and `SAVE5`, $5.00
/// off from $40.00 of eligible items. Neither ends, has a limit or is once per shopper.
pub fn discounts() -> Result<Vec<Discount>, MalformedDiscountCode> {
    let open = |code: &str, value, min_subtotal| -> Result<Discount, MalformedDiscountCode> {
        Ok(Discount {
            code: DiscountCode::parse(code)?,
            value,
            min_subtotal,
            starts_at: None,
            ends_at: None,
            usage_limit: None,
            once_per_shopper: false,
            excluded_products: vec![],
        })
    };
    Ok(vec![
        open(
            "WELCOME10",
            DiscountValue::Percent {
                basis_points: 1_000,
            },
            Money::ZERO,
        )?,
        open(
            "SAVE5",
            DiscountValue::Fixed(Money::from_cents(500)),
            Money::from_cents(4_000),
        )?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_gift_cards_and_discounts_are_valid() {
        let cards = gift_cards().expect("every demo code is well formed");
        let balances: Vec<i64> = cards.iter().map(|c| c.balance.cents()).collect();
        assert_eq!(balances, vec![2_500, 10_000, 1_000]);
        let expired = Timestamp::from_unix_seconds(1_735_689_600);
        assert_eq!(
            cards.iter().map(|c| c.expires_at).collect::<Vec<_>>(),
            vec![None, None, Some(expired)]
        );
        for card in GIFT_CARDS {
            let code = GiftCardCode::parse(card.code).unwrap();
            assert_eq!(code.display(), card.code, "published as it is displayed");
        }
        let discounts = discounts().expect("every demo discount code is well formed");
        assert_eq!(discounts.len(), 2);
        for discount in &discounts {
            assert_eq!(discount.validate(), Ok(()), "{discount:?}");
        }
    }

    fn has_hebrew(text: &str) -> bool {
        text.chars().any(|c| ('\u{5d0}'..='\u{5ea}').contains(&c))
    }

    #[test]
    fn covers_every_department_of_the_store() {
        let c = catalogue().expect("demo catalogue parses");
        let departments: Vec<&str> = c
            .categories
            .iter()
            .filter(|cat| cat.parent_id.is_none())
            .map(|cat| cat.name.as_str())
            .collect();
        for wanted in [
            "Home Goods",
            "Gifts",
            "Books",
            "School Supplies",
            "E-Gift Cards",
            "Subscriptions",
        ] {
            assert!(
                departments.contains(&wanted),
                "{wanted} missing from {departments:?}"
            );
        }
    }

    #[test]
    fn is_bilingual_and_varied() {
        let c = catalogue().unwrap();
        for p in &c.products {
            for text in [&p.heb_title, &p.heb_short_desc, &p.heb_description] {
                assert!(
                    text.as_deref().is_some_and(has_hebrew),
                    "product {} lacks Hebrew",
                    p.id
                );
            }
        }
        assert!(
            c.products.iter().any(|p| !p.variations.is_empty()),
            "variations"
        );
        assert!(
            c.products
                .iter()
                .any(|p| p.fake_price.is_some_and(|f| f > p.price)),
            "struck-through prices"
        );
        assert!(
            c.products
                .iter()
                .any(|p| p.stock == 0 && p.variations.is_empty()),
            "out of stock items"
        );
        assert!(
            c.products.iter().any(|p| !p.creator_ids.is_empty()),
            "creators"
        );
        assert!(!c.bundles.is_empty());
        let mut page_ids: Vec<i64> = c.pages.iter().map(|p| p.id).collect();
        page_ids.sort();
        assert_eq!(
            page_ids,
            vec![39, 40, 41, 42, 43],
            "the footer's content pages"
        );
    }

    /// Issue 30: every variation and filter group has its Hebrew name, and every value
    /// written in words has its Hebrew; values that read the same in both (ages, paper
    /// sizes, amounts: "3+", "A4", "$25") need none.
    #[test]
    fn option_groups_and_worded_values_have_hebrew() {
        let c = catalogue().unwrap();
        let options = c.products.iter().flat_map(|p| {
            p.filters
                .iter()
                .chain(p.variations.iter().flat_map(|v| &v.options))
        });
        let mut seen = 0;
        for o in options {
            seen += 1;
            assert!(
                o.heb_name.as_deref().is_some_and(has_hebrew),
                "{} lacks its Hebrew name",
                o.name
            );
            let worded = o.value.chars().any(|c| c.is_ascii_lowercase());
            assert!(
                !worded || o.heb_value.as_deref().is_some_and(has_hebrew),
                "{}: {} lacks its Hebrew",
                o.name,
                o.value
            );
        }
        assert!(seen > 100, "{seen}");
    }

    #[test]
    fn categories_are_two_or_three_levels_deep() {
        let c = catalogue().unwrap();
        let depth = |mut id: i64| {
            let mut depth = 1;
            while let Some(parent) = c
                .categories
                .iter()
                .find(|x| x.id == id)
                .and_then(|x| x.parent_id)
            {
                depth += 1;
                id = parent;
            }
            depth
        };
        let deepest = c.categories.iter().map(|x| depth(x.id)).max().unwrap();
        assert!((2..=3).contains(&deepest), "deepest level {deepest}");
    }

    #[test]
    fn sells_coffee_tea_a_magazine_and_school_refills_by_subscription_at_a_saving() {
        let c = catalogue().unwrap();
        let groups: Vec<_> = c.subscriptions.iter().flat_map(|t| &t.groups).collect();
        assert!(groups.len() >= 4, "{} groups", groups.len());
        for group in &groups {
            assert!(has_hebrew(&group.heb_name) && has_hebrew(&group.heb_description));
            for plan in &group.plans {
                let product = c.products.iter().find(|p| p.id == plan.product_id);
                let product = product.unwrap_or_else(|| panic!("plan {} has no product", plan.id));
                assert!(
                    product.variations.is_empty(),
                    "plan {} delivers one item",
                    plan.id
                );
                assert!(plan.price < product.price, "plan {} saves nothing", plan.id);
            }
        }
        let delivered: Vec<&str> = groups
            .iter()
            .flat_map(|g| &g.plans)
            .filter_map(|plan| c.products.iter().find(|p| p.id == plan.product_id))
            .map(|p| p.title.as_str())
            .collect();
        for wanted in ["Coffee", "Tea", "Magazine", "Refill"] {
            assert!(
                delivered.iter().any(|t| t.contains(wanted)),
                "{wanted}: {delivered:?}"
            );
        }
        assert!(c.validate().is_ok());
    }
}
