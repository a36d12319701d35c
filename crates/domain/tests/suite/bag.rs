//! The bag's rules (spec 4.1, 9): examples worked by hand, then properties over random
//! bags: merging never exceeds `max` and does not depend on the order lines came in,
//! the grand total is the sum of its parts and never negative, and a line moved to
//! later and back leaves the bag as it was.

use proptest::prelude::*;
use std::collections::BTreeMap;
use store_domain::availability::BundlePart;
use store_domain::bag::{
    BagLine, Change, ItemRef, LineKey, LineType, ListName, Lists, MAX_QUANTITY, Offer, OfferStock,
    Offers, PricedLine, Refusal, TaxRate, digital_only, free_shipping_remaining, normalize, totals,
};
use store_domain::catalog::{PersonalizationField, ProductType};
use store_domain::checkout::discounts::{
    Discount, DiscountCode, DiscountUsage, DiscountValue, discount_shares,
};
use store_domain::clock::Timestamp;
use store_domain::money::Money;

fn offer(id: i64, price: i64, stock: i64) -> Offer {
    Offer {
        item: ItemRef::Product(id),
        product_id: id,
        product_type: ProductType::Product,
        has_variations: false,
        title: format!("Item {id}"),
        heb_title: None,
        vendor_name: Some("Olive & Oak".into()),
        path: format!("/products/item-{id}/{id}"),
        image: None,
        price: Money::from_cents(price),
        fake_price: None,
        sku: format!("SKU-{id}"),
        stock: OfferStock::Units(stock),
        max_quantity: None,
        tax_code: "P0000000".into(),
        item_type: "others".into(),
        exclude_free_shipping: false,
        returnable: true,
        gift_options_price: None,
        personalization: Vec::new(),
        options: Vec::new(),
    }
}

fn engraved(mut o: Offer) -> Offer {
    o.gift_options_price = Some(Money::from_cents(500));
    o.personalization = vec![
        PersonalizationField {
            key: "initials".into(),
            label: "Initials".into(),
            heb_label: None,
            price: Money::from_cents(600),
            max_length: 3,
        },
        PersonalizationField {
            key: "date".into(),
            label: "Date".into(),
            heb_label: None,
            price: Money::from_cents(250),
            max_length: 10,
        },
    ];
    o
}

fn offers(list: impl IntoIterator<Item = Offer>) -> Offers {
    list.into_iter().map(|o| (o.item, o)).collect()
}

fn key(id: i64, item_key: &str) -> LineKey {
    LineKey {
        id,
        line_type: LineType::Product,
        item_key: item_key.into(),
    }
}

fn line(id: i64, quantity: i64) -> BagLine {
    BagLine {
        key: key(id, ""),
        quantity,
        gift_options: false,
        personalization: BTreeMap::new(),
    }
}

fn personalized(id: i64, item_key: &str, quantity: i64, initials: &str) -> BagLine {
    BagLine {
        key: key(id, item_key),
        quantity,
        gift_options: false,
        personalization: BTreeMap::from([("initials".to_owned(), initials.to_owned())]),
    }
}

fn bag(lines: Vec<BagLine>, catalogue: &Offers) -> Vec<BagLine> {
    normalize(ListName::Products, lines, catalogue)
        .unwrap()
        .available
}

#[test]
fn same_lines_merge_and_are_capped_at_max() {
    let catalogue = offers([offer(1, 1000, 5), offer(2, 300, 50)]);
    let result = bag(vec![line(1, 3), line(2, 1), line(1, 4)], &catalogue);
    assert_eq!(result, vec![line(1, 5), line(2, 1)]);
}

#[test]
fn max_quantity_caps_below_stock() {
    let mut limited = offer(1, 1000, 40);
    limited.max_quantity = Some(3);
    let result = bag(vec![line(1, 7)], &offers([limited]));
    assert_eq!(result[0].quantity, 3);
}

#[test]
fn a_guest_zero_with_stock_becomes_one() {
    let result = bag(vec![line(1, 0)], &offers([offer(1, 100, 4)]));
    assert_eq!(result[0].quantity, 1);
}

#[test]
fn no_stock_goes_to_the_unavailable_list_keeping_its_quantity() {
    let catalogue = offers([offer(1, 100, 0), offer(2, 100, 3)]);
    let result = normalize(ListName::Later, vec![line(1, 2), line(2, 1)], &catalogue).unwrap();
    assert_eq!(result.available, vec![line(2, 1)]);
    assert_eq!(result.unavailable, vec![line(1, 2)]);
}

#[test]
fn a_bundle_is_limited_by_its_scarcest_item() {
    let mut set = offer(9, 4000, 0);
    set.item = ItemRef::Bundle(9);
    set.stock = OfferStock::Bundle(vec![
        BundlePart {
            quantity: 2,
            stock: 7,
        },
        BundlePart {
            quantity: 1,
            stock: 10,
        },
    ]);
    let mut wanted = line(9, 5);
    wanted.key.line_type = LineType::Bundle;
    let result = bag(vec![wanted], &offers([set]));
    assert_eq!(result[0].quantity, 3, "7 mugs make three pairs");
}

#[test]
fn clearing_personalization_merges_into_the_plain_line_capped_at_max() {
    let catalogue = offers([engraved(offer(1, 5400, 6))]);
    let result = bag(
        vec![
            line(1, 4),
            personalized(1, "k1", 2, "DL"),
            personalized(1, "k2", 3, "  "),
        ],
        &catalogue,
    );
    // The all-blank line lost its key and joined the plain one: 4 + 3 = 7, capped at 6.
    assert_eq!(result, vec![line(1, 6), personalized(1, "k1", 2, "DL")]);
}

#[test]
fn clearing_personalization_alone_keeps_one_plain_line() {
    let catalogue = offers([engraved(offer(1, 5400, 6))]);
    let result = bag(vec![personalized(1, "k1", 2, "")], &catalogue);
    assert_eq!(result, vec![line(1, 2)]);
}

#[test]
fn refusals_name_the_line() {
    let catalogue = offers([engraved(offer(1, 5400, 6)), offer(2, 100, 1)]);
    let refused = |lines: Vec<BagLine>| {
        normalize(ListName::Products, lines, &catalogue)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused(vec![line(1, 1), line(3, 1)]),
        "products[1]: there is no product with id 3"
    );
    assert!(refused(vec![personalized(2, "k", 1, "DL")]).contains("no personalization field"));
    assert!(refused(vec![personalized(1, "k", 1, "DLXY")]).contains("at most 3 characters"));
    assert!(refused(vec![personalized(1, "", 1, "DL")]).contains("needs its own item_key"));
    let mut wrapped = line(2, 1);
    wrapped.gift_options = true;
    assert!(refused(vec![wrapped]).contains("no gift options"));
    let mut card = line(1, 1);
    card.key.line_type = LineType::GiftCard;
    assert!(refused(vec![card]).contains("not a gift card"));
    let too_many = (0..101).map(|_| line(2, 1)).collect();
    assert_eq!(
        normalize(ListName::Products, too_many, &catalogue)
            .unwrap_err()
            .refusal,
        Refusal::Conflict
    );
    let unknown = normalize(ListName::Products, vec![line(3, 1)], &catalogue).unwrap_err();
    assert_eq!(unknown.refusal, Refusal::Unknown);
}

#[test]
fn a_product_with_variations_is_bought_as_a_variation() {
    let mut shirt = offer(1, 2000, 5);
    shirt.has_variations = true;
    let mut size = offer(11, 2200, 2);
    size.item = ItemRef::Variation(11);
    size.product_id = 1;
    let catalogue = offers([shirt, size]);
    assert!(normalize(ListName::Products, vec![line(1, 1)], &catalogue).is_err());
    let mut variation = line(11, 1);
    variation.key.line_type = LineType::Variation;
    assert_eq!(bag(vec![variation.clone()], &catalogue), vec![variation]);
}

/// A mixed bag worked out by hand: 8.875 % tax, one line of each kind.
#[test]
fn a_mixed_bag_adds_up_to_the_cent() {
    let rate = TaxRate::from_millionths(88_750);
    let mut book = offer(2, 1299, 10);
    book.tax_code = "22".into();
    let mut card = offer(3, 5000, 100);
    card.product_type = ProductType::GiftCard;
    let board = engraved(offer(1, 5400, 10));
    let mut wrapped = personalized(1, "k1", 2, "DL");
    wrapped.gift_options = true;
    let priced: Vec<PricedLine> = [
        (wrapped, board),
        (line(2, 3), book),
        (
            BagLine {
                key: LineKey {
                    line_type: LineType::GiftCard,
                    ..key(3, "")
                },
                ..line(3, 1)
            },
            card,
        ),
    ]
    .into_iter()
    .map(|(l, o)| PricedLine::new(l, o, rate).unwrap())
    .collect();

    // Board: 2 × 54.00 = 108.00, wrap 2 × 5.00 = 10.00, initials 2 × 6.00 = 12.00;
    // tax on 130.00 at 8.875 % = 11.5375 → 11.54. Book and card: no tax.
    assert_eq!(priced[0].figures.tax, Money::from_cents(1154));
    let sum = totals(&priced, Money::from_cents(799), Money::ZERO).unwrap();
    assert_eq!(sum.count, 6);
    assert_eq!(sum.subtotal, Money::from_cents(10_800 + 3 * 1299 + 5000));
    assert_eq!(sum.gift_options, Money::from_cents(1000));
    assert_eq!(sum.personalization_fees, Money::from_cents(1200));
    assert_eq!(sum.tax, Money::from_cents(1154));
    assert_eq!(
        sum.total,
        Money::from_cents(10_800 + 3897 + 5000 + 1000 + 1200 + 1154 + 799)
    );
    assert!(!digital_only(&priced));
    assert!(
        digital_only(&priced[2..]),
        "a gift card alone needs no delivery"
    );
}

#[test]
fn tax_rounds_half_up_per_line() {
    let rate = TaxRate::from_millionths(70_000); // 7 %
    let price = |cents| {
        PricedLine::new(line(1, 1), offer(1, cents, 5), rate)
            .unwrap()
            .figures
            .tax
    };
    assert_eq!(price(50), Money::from_cents(4), "3.5 cents rounds up");
    assert_eq!(price(49), Money::from_cents(3), "3.43 cents rounds down");
    assert_eq!(price(0), Money::ZERO);
}

#[test]
fn a_discount_never_takes_the_total_below_zero() {
    let priced = vec![PricedLine::new(line(1, 1), offer(1, 1000, 5), TaxRate::ZERO).unwrap()];
    let sum = totals(&priced, Money::ZERO, Money::from_cents(5000)).unwrap();
    assert_eq!(sum.total, Money::ZERO);
}

#[test]
fn free_shipping_counts_what_ships_and_is_not_excluded() {
    let mut heavy = offer(2, 3000, 5);
    heavy.exclude_free_shipping = true;
    let mut ebook = offer(3, 2000, 5);
    ebook.item_type = "digital".into();
    let priced: Vec<PricedLine> = [
        (line(1, 1), offer(1, 1500, 5)),
        (line(2, 1), heavy),
        (line(3, 1), ebook),
    ]
    .into_iter()
    .map(|(l, o)| PricedLine::new(l, o, TaxRate::ZERO).unwrap())
    .collect();
    assert_eq!(
        free_shipping_remaining(&priced, Some(Money::from_cents(5000))),
        Some(Money::from_cents(3500))
    );
    assert_eq!(free_shipping_remaining(&priced, None), None);
}

#[test]
fn edits_of_a_line_that_is_not_there_are_refused() {
    let mut lists = Lists::default();
    assert!(lists.apply(Change::MoveToLater(key(1, ""))).is_err());
    lists.apply(Change::Add(line(1, 2))).unwrap();
    lists.apply(Change::MoveToLater(key(1, ""))).unwrap();
    assert_eq!(lists.later, vec![line(1, 2)]);
    assert!(lists.products.is_empty());
    lists
        .apply(Change::Remove {
            list: ListName::Later,
            key: key(1, ""),
        })
        .unwrap();
    assert_eq!(lists, Lists::default());
}

// ------------------------------------------------------------------ properties

/// Five products with stock 0 to 12 (some with a per-order cap), all offering
/// personalization, and bags of up to 12 lines over them.
fn catalogue() -> impl Strategy<Value = Offers> {
    prop::collection::vec((0i64..12, prop::option::of(1i64..6)), 5).prop_map(|stocks| {
        offers(stocks.into_iter().enumerate().map(|(i, (stock, cap))| {
            let mut o = engraved(offer(i as i64 + 1, 100 * (i as i64 + 1), stock));
            o.max_quantity = cap;
            o
        }))
    })
}

/// Lines of five products, plain or personalized. A client's item key names one
/// personalization, so a key always comes with the same text, or a blank one.
fn any_line() -> impl Strategy<Value = BagLine> {
    (
        1i64..=5,
        0i64..30,
        prop::sample::select(vec!["", "a", "b"]),
        any::<bool>(),
    )
        .prop_map(|(id, quantity, item_key, blank)| match item_key {
            "" => line(id, quantity),
            _ if blank => personalized(id, item_key, quantity, " "),
            _ => personalized(id, item_key, quantity, &item_key.to_uppercase()),
        })
}

fn as_map(lines: &[BagLine]) -> BTreeMap<LineKey, BagLine> {
    lines.iter().map(|l| (l.key.clone(), l.clone())).collect()
}

proptest! {
    #[test]
    fn merging_never_exceeds_max_and_ignores_order(
        catalogue in catalogue(),
        lines in prop::collection::vec(any_line(), 0..12),
        seed in any::<u64>(),
    ) {
        let first = normalize(ListName::Products, lines.clone(), &catalogue).unwrap();
        for l in &first.available {
            let max = catalogue[&ItemRef::Product(l.key.id)].max();
            prop_assert!(l.quantity >= 1 && l.quantity <= max);
        }
        for l in &first.unavailable {
            prop_assert_eq!(catalogue[&ItemRef::Product(l.key.id)].max(), 0);
        }
        let mut shuffled = lines;
        let n = shuffled.len();
        if n > 1 {
            for i in 0..n {
                shuffled.swap(i, (seed as usize).wrapping_add(i * 7) % n);
            }
        }
        let second = normalize(ListName::Products, shuffled, &catalogue).unwrap();
        prop_assert_eq!(as_map(&first.available), as_map(&second.available));
        prop_assert_eq!(as_map(&first.unavailable), as_map(&second.unavailable));
    }

    #[test]
    fn the_grand_total_is_its_parts_and_never_negative(
        catalogue in catalogue(),
        lines in prop::collection::vec(any_line(), 0..12),
        gift in any::<bool>(),
        millionths in 0u32..200_000,
        shipping in 0i64..5_000,
        discount in 0i64..100_000,
    ) {
        let kept = normalize(ListName::Products, lines, &catalogue).unwrap().available;
        let priced: Vec<PricedLine> = kept
            .into_iter()
            .map(|mut l| {
                l.gift_options = gift;
                let o = catalogue[&ItemRef::Product(l.key.id)].clone();
                PricedLine::new(l, o, TaxRate::from_millionths(millionths)).unwrap()
            })
            .collect();
        let sum = totals(&priced, Money::from_cents(shipping), Money::from_cents(discount)).unwrap();
        let parts = sum.subtotal.cents() + sum.personalization_fees.cents() + sum.tax.cents()
            + sum.shipping.cents() + sum.gift_options.cents();
        prop_assert_eq!(sum.total.cents(), (parts - discount).max(0));
        prop_assert!(sum.total.cents() >= 0);
        let line_sum: i64 = priced.iter().map(|l| l.figures.merchandise.cents()).sum();
        prop_assert_eq!(sum.subtotal.cents(), line_sum);
        prop_assert!(sum.count <= MAX_QUANTITY * 12);
    }

    #[test]
    fn bag_to_later_to_bag_leaves_the_bag_as_it_was(
        catalogue in catalogue(),
        lines in prop::collection::vec(any_line(), 1..12),
        pick in any::<prop::sample::Index>(),
    ) {
        let products = bag(lines, &catalogue);
        prop_assume!(!products.is_empty());
        let moved = products[pick.index(products.len())].key.clone();
        let mut lists = Lists { products: products.clone(), later: Vec::new() };
        lists.apply(Change::MoveToLater(moved.clone())).unwrap();
        lists.later = bag(lists.later, &catalogue);
        lists.apply(Change::MoveToBag(moved)).unwrap();
        let back = bag(lists.products, &catalogue);
        prop_assert_eq!(as_map(&back), as_map(&products));
        prop_assert!(lists.later.is_empty());
    }

    /// Tax over many lines: each line's tax is its own cost after its discount share at
    /// the rate, rounded half up to the cent, and the bag's tax is the sum of what the
    /// lines show (never a rounding of the sum). The discount shares add up exactly.
    #[test]
    fn tax_is_rounded_per_line_after_the_discount_share(
        catalogue in catalogue(),
        lines in prop::collection::vec(any_line(), 1..12),
        millionths in 0u32..150_000,
        basis_points in 1u32..=10_000,
    ) {
        let rate = TaxRate::from_millionths(millionths);
        let kept = normalize(ListName::Products, lines, &catalogue).unwrap().available;
        let priced: Vec<PricedLine> = kept
            .into_iter()
            .map(|l| {
                let o = catalogue[&ItemRef::Product(l.key.id)].clone();
                PricedLine::new(l, o, rate).unwrap()
            })
            .collect();
        let discount = Discount {
            code: DiscountCode::parse("PROP").unwrap(),
            value: DiscountValue::Percent { basis_points },
            min_subtotal: Money::ZERO,
            starts_at: None,
            ends_at: None,
            usage_limit: None,
            once_per_shopper: false,
            excluded_products: vec![],
        };
        let merchandise: i64 = priced.iter().map(|l| l.figures.merchandise.cents()).sum();
        let now = Timestamp::from_unix_seconds(0);
        let Ok(shares) = discount_shares(&discount, DiscountUsage::default(), now, &priced) else {
            prop_assert_eq!(merchandise, 0, "only a bag with nothing to discount is refused");
            return Ok(());
        };
        let expected_total = (i128::from(merchandise) * i128::from(basis_points) + 5_000) / 10_000;
        prop_assert_eq!(i128::from(shares.iter().map(|m| m.cents()).sum::<i64>()), expected_total);
        let discounted: Vec<PricedLine> = priced
            .into_iter()
            .zip(&shares)
            .map(|(l, share)| l.discounted(*share, rate).unwrap())
            .collect();
        for l in &discounted {
            let f = &l.figures;
            prop_assert!(f.discount <= f.merchandise);
            let base = f.merchandise.cents() + f.gift_options.cents() + f.personalization_fee.cents()
                - f.discount.cents();
            let exact = i128::from(base) * i128::from(millionths);
            let rounded = (exact + 500_000) / 1_000_000;
            prop_assert_eq!(i128::from(f.tax.cents()), rounded);
        }
        let discount_sum: i64 = discounted.iter().map(|l| l.figures.discount.cents()).sum();
        let sum = totals(&discounted, Money::ZERO, Money::from_cents(discount_sum)).unwrap();
        let line_taxes: i64 = discounted.iter().map(|l| l.figures.tax.cents()).sum();
        prop_assert_eq!(sum.tax.cents(), line_taxes);
    }
}
