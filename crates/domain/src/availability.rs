//! How many of an item can be sold: the one place where stock becomes a product's or
//! variation's `max`, a bundle's `max`, a card's "in stock" and the most one order may
//! hold. Adapters hand these functions the stock they read; they never decide.

/// Units of a product or variation that can be sold. Stock below zero (a hand-edited
/// row, an oversold count) sells nothing rather than counting against other stock.
pub fn units(stock: i64) -> i64 {
    stock.max(0)
}

/// One item of a bundle as far as stock goes: how many of its product a bundle holds,
/// and that product's stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BundlePart {
    pub quantity: i64,
    pub stock: i64,
}

/// Whole bundles the items' stock allows. A bundle with no items, or an item it holds
/// none of, cannot be sold: there is nothing to put in the box.
pub fn bundle_units(parts: impl IntoIterator<Item = BundlePart>) -> i64 {
    parts
        .into_iter()
        .map(|part| {
            if part.quantity > 0 {
                units(part.stock) / part.quantity
            } else {
                0
            }
        })
        .min()
        .unwrap_or(0)
}

/// The most one order may hold of an item: the units that can be sold, capped by the
/// item's own per-order limit when it has one.
pub fn order_limit(units: i64, max_quantity: Option<i64>) -> i64 {
    match max_quantity {
        Some(cap) => units.min(cap.max(0)),
        None => units,
    }
}

/// What a card knows of its item's stock; `in_stock` decides from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardStock {
    /// A product's own stock and, when it has variations, the largest of theirs.
    Product {
        stock: i64,
        best_variation: Option<i64>,
    },
    /// A bundle's items.
    Bundle(Vec<BundlePart>),
}

impl CardStock {
    /// A product is in stock while it, or any of its variations, has a unit to sell;
    /// a bundle while one whole bundle can be put together.
    pub fn in_stock(&self) -> bool {
        match self {
            CardStock::Product {
                stock,
                best_variation,
            } => units(*stock) > 0 || best_variation.is_some_and(|s| units(s) > 0),
            CardStock::Bundle(parts) => bundle_units(parts.iter().copied()) > 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(quantity: i64, stock: i64) -> BundlePart {
        BundlePart { quantity, stock }
    }

    #[test]
    fn units_are_never_negative() {
        assert_eq!(units(5), 5);
        assert_eq!(units(0), 0);
        assert_eq!(units(-3), 0);
    }

    #[test]
    fn bundles_sell_whole_sets_only() {
        assert_eq!(bundle_units([part(2, 10), part(1, 3)]), 3);
        assert_eq!(bundle_units([part(2, 5)]), 2, "5 mugs make two pairs");
        assert_eq!(bundle_units([part(2, 10), part(1, 0)]), 0);
        assert_eq!(bundle_units([part(1, -4)]), 0);
        assert_eq!(bundle_units([part(0, 10)]), 0);
        assert_eq!(bundle_units([]), 0, "an empty bundle cannot be sold");
    }

    #[test]
    fn an_order_is_capped_by_stock_and_max_quantity() {
        assert_eq!(order_limit(7, None), 7);
        assert_eq!(order_limit(7, Some(3)), 3);
        assert_eq!(order_limit(2, Some(3)), 2);
        assert_eq!(order_limit(7, Some(-1)), 0);
    }

    #[test]
    fn a_card_is_in_stock_by_the_same_rules_as_its_page() {
        let product = |stock, best_variation| CardStock::Product {
            stock,
            best_variation,
        };
        assert!(product(1, None).in_stock());
        assert!(!product(0, None).in_stock());
        assert!(product(0, Some(2)).in_stock(), "a variation has stock");
        assert!(!product(0, Some(0)).in_stock());
        assert!(!product(-2, Some(-1)).in_stock());
        assert!(CardStock::Bundle(vec![part(1, 1)]).in_stock());
        assert!(!CardStock::Bundle(vec![part(2, 1)]).in_stock());
        // The disagreement this module ended: an empty bundle was "in stock" on its
        // card while its page said max 0.
        assert!(!CardStock::Bundle(vec![]).in_stock());
    }
}
