//! Returns (issue 28): what may come back, and property tests of what comes back for
//! random orders (discounts, gift cards, tax, fees, several lines) and random
//! sequences of partial returns, some of them rejected.

use proptest::collection::vec;
use proptest::prelude::*;
use std::time::Duration;
use store_domain::bag::{LineFigures, LineType, TaxRate};
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::language::Language;
use store_domain::money::Money;
use store_domain::orders::model::{
    Contact, Delivery, Order, OrderFigures, OrderLine, OrderStatus, StatusChange,
};
use store_domain::orders::number::OrderNumber;
use store_domain::returns::model::{
    RefundMethod, Return, ReturnChange, ReturnMethod, ReturnNumber, ReturnReason, ReturnStatus,
};
use store_domain::returns::policy::{self, Blocked, Closed, Refusal, Wanted};
use store_domain::returns::refund::{self, LABEL_FEE};

const DAY: Duration = Duration::from_secs(24 * 60 * 60);

fn at(days: u64) -> Timestamp {
    Timestamp::from_unix_seconds(1_767_225_600).plus(DAY * days as u32)
}

/// A line's figures as checkout would price them.
#[derive(Debug, Clone, Copy)]
struct LineSpec {
    quantity: i64,
    unit_price: i64,
    gift_options: i64,
    personalization_fee: i64,
    /// Per mille of the merchandise taken off by a discount.
    discount_per_mille: i64,
    /// Per mille of tax on what the line costs after its discount.
    tax_per_mille: i64,
    free_return: bool,
}

fn line(spec: LineSpec) -> OrderLine {
    let merchandise = spec.unit_price * spec.quantity;
    let discount = merchandise * spec.discount_per_mille / 1000;
    let taxed = merchandise - discount + spec.gift_options + spec.personalization_fee;
    OrderLine {
        line_type: LineType::Product,
        item_id: 1,
        product_id: 1,
        item_key: String::new(),
        title: "Kettle".into(),
        heb_title: None,
        sku: "K-1".into(),
        path: "/products/kettle/1".into(),
        image: None,
        item_type: "others".into(),
        quantity: spec.quantity,
        unit_price: Money::from_cents(spec.unit_price),
        gift_options: spec.gift_options > 0,
        options: Vec::new(),
        personalization: Default::default(),
        labels: Vec::new(),
        gift_card: false,
        returnable: true,
        free_return: spec.free_return,
        figures: LineFigures {
            merchandise: Money::from_cents(merchandise),
            gift_options: Money::from_cents(spec.gift_options),
            personalization_fee: Money::from_cents(spec.personalization_fee),
            discount: Money::from_cents(discount),
            tax: Money::from_cents(taxed * spec.tax_per_mille / 1000),
        },
    }
}

/// A delivered order of `lines`, with `shipping`, paid `gift_cards_per_mille` of its
/// total by gift cards and the rest by card; delivered on day 10.
fn order(lines: Vec<OrderLine>, shipping: i64, gift_cards_per_mille: i64) -> Order {
    let sum = |pick: fn(&LineFigures) -> Money| -> i64 {
        lines.iter().map(|l| pick(&l.figures).cents()).sum()
    };
    let total = lines.iter().map(|l| refund::paid(l).cents()).sum::<i64>() + shipping;
    let gift_card_total = total * gift_cards_per_mille / 1000;
    Order {
        number: OrderNumber::parse("7KQ4-M2XD-9PRT").unwrap(),
        customer_id: Some(1),
        email: Email::parse("dana@example.com").unwrap(),
        language: Language::English,
        status: OrderStatus::Delivered,
        delivery: Delivery::Pickup {
            contact: Contact::default(),
            ready_on: chrono::NaiveDate::from_ymd_opt(2026, 1, 2).unwrap(),
        },
        zip: "10001".into(),
        country: "US".into(),
        tax_rate: TaxRate::ZERO,
        figures: OrderFigures {
            subtotal: Money::from_cents(sum(|f| f.merchandise)),
            gift_options: Money::from_cents(sum(|f| f.gift_options)),
            personalization_fees: Money::from_cents(sum(|f| f.personalization_fee)),
            tax: Money::from_cents(sum(|f| f.tax)),
            shipping: Money::from_cents(shipping),
            discount: Money::from_cents(sum(|f| f.discount)),
            total: Money::from_cents(total),
            gift_card_total: Money::from_cents(gift_card_total),
            amount_due: Money::from_cents(total - gift_card_total),
        },
        lines,
        discount_code: None,
        gift_cards: Vec::new(),
        card: None,
        decline: None,
        history: vec![
            StatusChange {
                status: OrderStatus::Placed,
                at: at(0),
            },
            StatusChange {
                status: OrderStatus::Delivered,
                at: at(10),
            },
        ],
        placed_at: at(0),
    }
}

/// Asks for `wanted` back from `order` as the service would: checked, worked out and
/// recorded `Requested` among `returns`.
fn request(
    order: &Order,
    returns: &mut Vec<Return>,
    wanted: &[Wanted],
    refund_method: RefundMethod,
    return_method: ReturnMethod,
) -> Result<(), Refusal> {
    policy::check(order, returns, wanted, at(12))?;
    let allowances = policy::allowances(order, returns);
    let (refund, lines) = refund::work_out(
        order,
        returns,
        &allowances,
        wanted,
        refund_method,
        return_method,
        false,
    );
    returns.push(Return {
        number: ReturnNumber {
            order: order.number.clone(),
            sequence: returns.len() as u32 + 1,
        },
        lines,
        refund_method,
        return_method,
        refund,
        gift: false,
        credit_email: "dana@example.com".into(),
        status: ReturnStatus::Requested,
        rejection: None,
        history: vec![ReturnChange {
            status: ReturnStatus::Requested,
            at: at(12),
        }],
    });
    Ok(())
}

fn want(position: usize, quantity: i64) -> Wanted {
    Wanted {
        position,
        quantity,
        reason: ReturnReason::NoLongerNeeded,
        note: None,
    }
}

fn line_spec() -> impl Strategy<Value = LineSpec> {
    (
        1i64..=5,
        1i64..=20_000,
        prop_oneof![Just(0i64), 1i64..=700],
        prop_oneof![Just(0i64), 1i64..=1_500],
        prop_oneof![Just(0i64), 1i64..=1000],
        0i64..=180,
        any::<bool>(),
    )
        .prop_map(
            |(
                quantity,
                unit_price,
                gift_options,
                personalization_fee,
                discount_per_mille,
                tax_per_mille,
                free_return,
            )| LineSpec {
                quantity,
                unit_price,
                gift_options,
                personalization_fee,
                discount_per_mille,
                tax_per_mille,
                free_return,
            },
        )
}

fn an_order() -> impl Strategy<Value = Order> {
    (
        vec(line_spec(), 1..=4),
        prop_oneof![Just(0i64), 1i64..=2_500],
        prop_oneof![Just(0i64), Just(1000i64), 0i64..=1000],
    )
        .prop_map(|(specs, shipping, gift)| {
            order(specs.into_iter().map(line).collect(), shipping, gift)
        })
}

/// One step of a shopper's (and the owner's) returns: ask for up to these units of
/// each line (capped by what is left), or reject the `n`th return so far.
#[derive(Debug, Clone)]
enum Step {
    Ask {
        units: Vec<i64>,
        store_credit: bool,
        label: bool,
        fault: bool,
    },
    Reject(usize),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (vec(0i64..=5, 4), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
            |(units, store_credit, label, fault)| Step::Ask { units, store_credit, label, fault }
        ),
        1 => (0usize..8).prop_map(Step::Reject),
    ]
}

fn counting(returns: &[Return]) -> impl Iterator<Item = &Return> {
    returns
        .iter()
        .filter(|r| r.status != ReturnStatus::Rejected)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Whatever is returned, in whatever pieces, with some returns rejected: no line
    /// gives back more than it cost, the order no more than its total, the card no
    /// more than it paid, and every refund adds up.
    #[test]
    fn refunds_never_exceed_what_was_paid(order in an_order(), steps in vec(step(), 1..12)) {
        let mut returns = Vec::new();
        for step in steps {
            match step {
                Step::Ask { units, store_credit, label, fault } => {
                    let allowances = policy::allowances(&order, &returns);
                    let wanted: Vec<Wanted> = allowances
                        .iter()
                        .zip(&units)
                        .filter_map(|(a, &u)| {
                            let quantity = u.min(a.left);
                            (quantity > 0).then(|| Wanted {
                                reason: if fault { ReturnReason::Defective } else { ReturnReason::Other },
                                ..want(a.position, quantity)
                            })
                        })
                        .collect();
                    let refund_method = if store_credit { RefundMethod::StoreCredit } else { RefundMethod::Original };
                    let return_method = if label { ReturnMethod::Label } else { ReturnMethod::DropOff };
                    let asked = request(&order, &mut returns, &wanted, refund_method, return_method);
                    prop_assert_eq!(asked.is_ok(), !wanted.is_empty(), "{:?}", asked);
                }
                Step::Reject(n) => {
                    if let Some(r) = returns.get_mut(n) {
                        r.status = ReturnStatus::Rejected;
                    }
                }
            }
            for r in &returns {
                let f = r.refund;
                prop_assert!(f.to_card >= Money::ZERO && f.to_store_credit >= Money::ZERO, "{:?}", f);
                prop_assert_eq!(f.to_card.cents() + f.to_store_credit.cents(), f.total.cents());
                prop_assert_eq!(f.items.cents() + f.shipping.cents() - f.label_fee.cents(), f.total.cents());
                prop_assert_eq!(f.items.cents(), r.lines.iter().map(|l| l.amount.cents()).sum::<i64>());
                if r.refund_method == RefundMethod::StoreCredit {
                    prop_assert_eq!(f.to_card, Money::ZERO);
                }
            }
            for (position, line) in order.lines.iter().enumerate() {
                let back: Vec<_> = counting(&returns).flat_map(|r| &r.lines).filter(|l| l.position == position).collect();
                let units: i64 = back.iter().map(|l| l.quantity).sum();
                let amount: i64 = back.iter().map(|l| l.amount.cents()).sum();
                prop_assert!(units <= line.quantity, "line {position}: {units} of {} back", line.quantity);
                prop_assert!(amount <= refund::paid(line).cents(), "line {position}: {amount} given back of {}", refund::paid(line));
            }
            let total: i64 = counting(&returns).map(|r| r.refund.total.cents()).sum();
            let card: i64 = counting(&returns).map(|r| r.refund.to_card.cents()).sum();
            let shipping: i64 = counting(&returns).map(|r| r.refund.shipping.cents()).sum();
            prop_assert!(total <= order.figures.total.cents(), "{total} back of {}", order.figures.total);
            prop_assert!(card <= order.figures.amount_due.cents(), "{card} to the card, which paid {}", order.figures.amount_due);
            prop_assert!(shipping <= order.figures.shipping.cents());
        }
    }

    /// Everything returned, in random pieces, dropped off at the store, refunds the
    /// order's total exactly, the card exactly what it paid, the rest as credit.
    #[test]
    fn returning_everything_gives_back_the_total(order in an_order(), cuts in vec(vec(0i64..=5, 4), 0..6)) {
        let mut returns = Vec::new();
        // The cuts, then whatever is left (a line holds at most 5 units).
        for units in cuts.iter().chain(std::iter::once(&vec![5; 4])) {
            let allowances = policy::allowances(&order, &returns);
            let wanted: Vec<Wanted> = allowances
                .iter()
                .zip(units)
                .filter_map(|(a, &u)| {
                    let quantity = u.min(a.left);
                    (quantity > 0).then(|| want(a.position, quantity))
                })
                .collect();
            if !wanted.is_empty() {
                request(&order, &mut returns, &wanted, RefundMethod::Original, ReturnMethod::DropOff).unwrap();
            }
        }
        prop_assert!(policy::allowances(&order, &returns).iter().all(|a| a.left == 0));
        let total: i64 = returns.iter().map(|r| r.refund.total.cents()).sum();
        let card: i64 = returns.iter().map(|r| r.refund.to_card.cents()).sum();
        prop_assert_eq!(total, order.figures.total.cents());
        prop_assert_eq!(card, order.figures.amount_due.cents());
        prop_assert_eq!(returns.iter().filter(|r| r.refund.shipping > Money::ZERO).count(), usize::from(order.figures.shipping > Money::ZERO));
    }
}

fn spec(quantity: i64, unit_price: i64, free_return: bool) -> LineSpec {
    LineSpec {
        quantity,
        unit_price,
        gift_options: 0,
        personalization_fee: 0,
        discount_per_mille: 0,
        tax_per_mille: 0,
        free_return,
    }
}

fn simple(quantity: i64, unit_price: i64, free_return: bool) -> OrderLine {
    line(spec(quantity, unit_price, free_return))
}

#[test]
fn three_units_that_cost_a_dollar_together_come_back_as_33_33_and_34_cents() {
    // $3.00 of merchandise, $2.00 off.
    let order = order(
        vec![line(LineSpec {
            discount_per_mille: 667,
            ..spec(3, 100, true)
        })],
        0,
        0,
    );
    assert_eq!(refund::paid(&order.lines[0]), Money::from_cents(100));
    let mut returns = Vec::new();
    for _ in 0..3 {
        request(
            &order,
            &mut returns,
            &[want(0, 1)],
            RefundMethod::Original,
            ReturnMethod::DropOff,
        )
        .unwrap();
    }
    let amounts: Vec<i64> = returns.iter().map(|r| r.refund.total.cents()).collect();
    assert_eq!(amounts, [33, 33, 34]);
}

#[test]
fn the_card_is_refunded_first_then_store_credit() {
    // $60.00 paid: $20.00 by gift card, $40.00 by card.
    let order = order(vec![simple(3, 2_000, true)], 0, 333);
    assert_eq!(order.figures.gift_card_total, Money::from_cents(1_998));
    let mut returns = Vec::new();
    for _ in 0..3 {
        request(
            &order,
            &mut returns,
            &[want(0, 1)],
            RefundMethod::Original,
            ReturnMethod::DropOff,
        )
        .unwrap();
    }
    let split: Vec<(i64, i64)> = returns
        .iter()
        .map(|r| (r.refund.to_card.cents(), r.refund.to_store_credit.cents()))
        .collect();
    assert_eq!(split, [(2_000, 0), (2_000, 0), (2, 1_998)]);
}

#[test]
fn shipping_comes_back_with_the_last_unit_and_a_label_can_cost() {
    let order = order(
        vec![simple(1, 5_000, true), simple(1, 2_000, false)],
        899,
        0,
    );
    let mut returns = Vec::new();
    request(
        &order,
        &mut returns,
        &[want(1, 1)],
        RefundMethod::Original,
        ReturnMethod::Label,
    )
    .unwrap();
    let first = returns[0].refund;
    assert_eq!(
        (first.items, first.shipping, first.label_fee, first.total),
        (
            Money::from_cents(2_000),
            Money::ZERO,
            LABEL_FEE,
            Money::from_cents(2_000 - LABEL_FEE.cents())
        )
    );
    request(
        &order,
        &mut returns,
        &[want(0, 1)],
        RefundMethod::Original,
        ReturnMethod::Label,
    )
    .unwrap();
    let last = returns[1].refund;
    assert_eq!(
        (last.items, last.shipping, last.label_fee),
        (
            Money::from_cents(5_000),
            Money::from_cents(899),
            Money::ZERO
        ),
        "free returns cost nothing; the last unit brings the shipping"
    );
}

#[test]
fn a_gift_s_recipient_never_pays_for_a_label() {
    let order = order(vec![simple(1, 2_000, false)], 0, 0);
    let allowances = policy::allowances(&order, &[]);
    let (refund, _) = refund::work_out(
        &order,
        &[],
        &allowances,
        &[want(0, 1)],
        RefundMethod::StoreCredit,
        ReturnMethod::Label,
        true,
    );
    assert_eq!(refund.label_fee, Money::ZERO);
    assert_eq!(refund.to_store_credit, Money::from_cents(2_000));
}

#[test]
fn a_faulty_item_excluded_from_free_returns_posts_back_free() {
    let order = order(vec![simple(1, 2_000, false)], 0, 0);
    let mut returns = Vec::new();
    let faulty = Wanted {
        reason: ReturnReason::Defective,
        ..want(0, 1)
    };
    request(
        &order,
        &mut returns,
        &[faulty],
        RefundMethod::Original,
        ReturnMethod::Label,
    )
    .unwrap();
    assert_eq!(returns[0].refund.label_fee, Money::ZERO);
    assert_eq!(returns[0].refund.total, Money::from_cents(2_000));
}

#[test]
fn only_a_delivered_order_within_thirty_days_may_come_back() {
    let mut delivered = order(vec![simple(2, 1_000, true)], 0, 0);
    assert_eq!(policy::window_open(&delivered, at(39)), Ok(at(40)));
    assert_eq!(
        policy::check(&delivered, &[], &[want(0, 1)], at(40)),
        Err(Refusal::Closed(Closed::WindowClosed(at(40))))
    );
    delivered.status = OrderStatus::Shipped;
    delivered.history.pop();
    assert_eq!(
        policy::check(&delivered, &[], &[want(0, 1)], at(12)),
        Err(Refusal::Closed(Closed::NotDelivered))
    );
}

#[test]
fn no_more_than_is_left_and_never_what_cannot_come_back() {
    let mut order = order(
        vec![
            simple(3, 1_000, true),
            simple(1, 1_000, true),
            simple(1, 1_000, true),
            simple(1, 1_000, true),
        ],
        0,
        0,
    );
    order.lines[1].item_type = "digital".into();
    order.lines[2].returnable = false;
    order.lines[3]
        .personalization
        .insert("initials".into(), "NOA".into());
    let mut returns = Vec::new();
    request(
        &order,
        &mut returns,
        &[want(0, 2)],
        RefundMethod::Original,
        ReturnMethod::DropOff,
    )
    .unwrap();
    let check =
        |wanted: &[Wanted], returns: &[Return]| policy::check(&order, returns, wanted, at(12));
    assert_eq!(
        check(&[want(0, 2)], &returns),
        Err(Refusal::TooMany {
            position: 0,
            left: 1
        })
    );
    assert_eq!(
        check(&[want(1, 1)], &returns),
        Err(Refusal::NotReturnable {
            position: 1,
            why: Blocked::Digital
        })
    );
    assert_eq!(
        check(&[want(2, 1)], &returns),
        Err(Refusal::NotReturnable {
            position: 2,
            why: Blocked::FinalSale
        })
    );
    assert_eq!(check(&[want(3, 1)], &returns), Err(Refusal::FaultsOnly(3)));
    let faulty = Wanted {
        reason: ReturnReason::WrongItem,
        ..want(3, 1)
    };
    assert_eq!(check(&[faulty], &returns), Ok(()));
    assert_eq!(check(&[want(4, 1)], &returns), Err(Refusal::NoSuchLine(4)));
    assert_eq!(
        check(&[want(0, 1), want(0, 1)], &returns),
        Err(Refusal::Twice(0))
    );
    assert_eq!(check(&[want(0, 0)], &returns), Err(Refusal::NotPositive(0)));
    assert_eq!(check(&[], &returns), Err(Refusal::Empty));

    returns[0].status = ReturnStatus::Rejected;
    assert_eq!(
        check(&[want(0, 3)], &returns),
        Ok(()),
        "a rejected return gives its units back"
    );
}

mod mails {
    use super::*;
    use store_domain::returns::mail::{self, ReturnMailContext};

    fn ctx(return_url: Option<&str>) -> ReturnMailContext<'_> {
        ReturnMailContext {
            store_name: "Olive Lane",
            return_url,
            label_url: "https://shop.example/return-label/7KQ4-M2XD-9PRT-1?token=t",
            drop_off: "שדרת הזית, שדרות הזית 12, תל אביב-יפו",
            credit_code: None,
        }
    }

    fn asked(order: &Order, return_method: ReturnMethod, gift: bool) -> Return {
        let mut returns = Vec::new();
        request(
            order,
            &mut returns,
            &[want(0, 1)],
            RefundMethod::StoreCredit,
            return_method,
        )
        .unwrap();
        let mut ret = returns.remove(0);
        if gift {
            ret.gift = true;
            ret.credit_email = "noa@example.com".into();
        }
        ret
    }

    #[test]
    fn a_hebrew_order_s_return_is_mailed_in_hebrew_with_where_to_bring_it() {
        let mut order = order(vec![simple(2, 2_500, true)], 0, 0);
        order.language = Language::Hebrew;
        order.lines[0].heb_title = Some("קומקום".into());
        let ret = asked(&order, ReturnMethod::DropOff, false);
        let sent = mail::requested(&order, &ret, &ctx(Some("https://shop.example/r"))).unwrap();
        assert_eq!(sent.subject, "Olive Lane: ההחזרה שלך 7KQ4-M2XD-9PRT-1");
        for said in [
            "1 × קומקום",
            "שדרות הזית 12",
            "$25.00",
            "לצפייה בהחזרה: https://shop.example/r",
        ] {
            assert!(sent.body.contains(said), "{said}: {}", sent.body);
        }
        assert_eq!(sent.to.as_str(), "dana@example.com");
    }

    #[test]
    fn a_gift_s_recipient_is_mailed_without_prices_or_the_order() {
        let order = order(vec![simple(2, 2_500, true)], 0, 0);
        let ret = asked(&order, ReturnMethod::Label, true);
        let sent = mail::requested(&order, &ret, &ctx(None)).unwrap();
        assert_eq!(sent.to.as_str(), "noa@example.com");
        assert!(!sent.body.contains('$'), "{}", sent.body);
        assert!(!sent.body.contains("See your return"), "{}", sent.body);
        assert!(
            sent.body.contains("return-label/7KQ4-M2XD-9PRT-1"),
            "{}",
            sent.body
        );
        let buyer = mail::gift_returned(&order, &ctx(None));
        assert_eq!(buyer.to.as_str(), "dana@example.com");
        assert!(!buyer.body.contains("noa"), "{}", buyer.body);
    }
}
