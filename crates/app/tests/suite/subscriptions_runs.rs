//! What the subscription scheduler does with each thing a delivery meets, over the
//! fake adapters with the clock moved: a card that keeps declining is tried again
//! after 1, 3 and 5 days and then pauses the subscription, with a mail linking to the
//! page where the card is changed; items out of stock pass the period with a mail and
//! the next period is charged; a reminder goes out 3 days before a charge, once; a
//! removed card pauses it with a mail instead of failing silently.

use crate::common;

use common::ordering::{self, Shop};
use std::time::Duration;
use store_app::jobs_runner::{run_all_due, run_subscriptions};
use store_domain::bag::{ItemRef, LineType};
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::jobs::JobKind;
use store_domain::language::Language;
use store_domain::orders::number::OrderNumber;
use store_domain::payments::{CardDetails, CardSaved, Holder};
use store_domain::ports::{Addresses, SavedCards};
use store_domain::subscriptions::model::{Origin, Subscription, SubscriptionLine};
use store_domain::subscriptions::schedule::{Interval, Outcome, Schedule, Status, Timeline};
use store_domain::subscriptions::scheduler::{charge_moment, local_date};
use store_domain::subscriptions::storage::Writes;

const CUSTOMER: i64 = 41;
const KETTLE: i64 = 12;
const DAY: Duration = Duration::from_secs(86_400);

/// A monthly subscription to one kettle paid by a card of `number`, its first delivery
/// due today: its id.
async fn subscribe(shop: &Shop, number: &str) -> i64 {
    let state = &shop.state;
    let now = state.clock.now();
    let address = shop
        .fakes
        .customer_data
        .add_address(CUSTOMER, &common_address(), 5)
        .await
        .unwrap()
        .unwrap();
    let details = CardDetails::parse(number, "12/35", "123", (2026, 1)).unwrap();
    let token = state
        .checkout
        .gateway
        .create_token(&details, &Holder::of(Some("browser")), now)
        .await
        .unwrap();
    let CardSaved::Saved(card) = shop
        .fakes
        .customer_data
        .add_card(CUSTOMER, &token, true, 5, now)
        .await
        .unwrap()
    else {
        panic!("not saved")
    };
    let zone = state.checkout.config.shipping.time_zone;
    let today = local_date(zone, now);
    let subscription = Subscription {
        id: 0,
        customer_id: CUSTOMER,
        origin: Origin::Recurring {
            order: OrderNumber::parse("RRRR-AAAA-2226").unwrap(),
        },
        lines: vec![SubscriptionLine {
            line_type: LineType::Product,
            item_id: KETTLE,
            item_key: String::new(),
            quantity: 1,
            agreed_price: None,
        }],
        address_id: address.id,
        card_id: card.id,
        shipping_method: 1,
        email: Email::parse("dana@example.com").unwrap(),
        language: Language::Hebrew,
        timeline: Timeline::new(Schedule::new(today, Interval::Months(1)), None),
        notice: None,
        attempts: None,
        reminded: None,
        charging: None,
        next_look: charge_moment(zone, today),
        created_at: now,
        version: 0,
    };
    state
        .orders
        .subscriptions
        .create(&subscription, Writes::default())
        .await
        .unwrap()
        .id
}

fn common_address() -> store_domain::accounts::AddressFields {
    store_domain::accounts::AddressFields {
        name: "Dana Levi".into(),
        line1: "1 Main St".into(),
        line2: String::new(),
        city: "New York".into(),
        region: "NY".into(),
        postal_code: "10001".into(),
        country: "US".into(),
        phone: "212 555 0100".into(),
        default: true,
    }
}

/// The shop with its clock at 07:00 New York time on 2026-01-05.
async fn shop() -> Shop {
    let shop = ordering::shop().await;
    shop.fakes
        .clock
        .set(Timestamp::from_unix_seconds(1_767_614_400)); // 2026-01-05T12:00:00Z
    shop
}

/// The clock moves on `days`; the scheduler runs, then the mails it queued go out.
async fn after_days(shop: &Shop, days: u32) {
    shop.fakes.clock.advance(DAY * days);
    run_subscriptions(&shop.state).await.unwrap();
    run_all_due(&shop.state).await.unwrap();
}

async fn subscription(shop: &Shop, id: i64) -> Subscription {
    shop.state
        .orders
        .subscriptions
        .subscription(id)
        .await
        .unwrap()
        .unwrap()
}

fn mail_subjects(shop: &Shop) -> Vec<String> {
    shop.fakes
        .mailer
        .sent()
        .into_iter()
        .map(|m| m.subject)
        .collect()
}

async fn queued(shop: &Shop) -> Vec<String> {
    let jobs = store_domain::jobs::Jobs::jobs(shop.shop.orders.as_ref(), 100)
        .await
        .unwrap();
    jobs.into_iter()
        .filter(|j| j.job.kind == JobKind::SubscriptionMail)
        .map(|j| j.job.subject)
        .collect()
}

#[tokio::test]
async fn a_card_that_keeps_declining_is_retried_then_pauses_with_a_link_to_change_it() {
    let shop = shop().await;
    let id = subscribe(&shop, "4000000000000002").await;
    after_days(&shop, 0).await;
    let s = subscription(&shop, id).await;
    assert_eq!(s.timeline.next, 0, "the period waits for its retries");
    assert_eq!(s.attempts.map(|a| a.declines), Some(1));
    // Tried again on day 1, day 3 and day 5 after the first decline, and not between.
    let mut declines = Vec::new();
    for _ in 0..6 {
        after_days(&shop, 1).await;
        declines.push(subscription(&shop, id).await.attempts.map(|a| a.declines));
    }
    assert_eq!(
        declines,
        [Some(2), Some(2), Some(3), Some(3), None, None],
        "retries on days 1, 3 and 5"
    );
    let s = subscription(&shop, id).await;
    assert_eq!(s.timeline.status, Status::Paused);
    let runs = shop.state.orders.subscriptions.runs(id).await.unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].outcome, Outcome::Declined);
    assert!(
        shop.shop
            .gateway
            .charges()
            .iter()
            .all(|c| c.state != store_domain::payments::ChargeState::Captured)
    );
    let subjects = queued(&shop).await;
    assert_eq!(
        subjects,
        [
            format!("{id}:card_paused:0"),
            format!("{id}:declined:0:3"),
            format!("{id}:declined:0:2"),
            format!("{id}:declined:0:1"),
        ]
    );
    let paused = shop
        .fakes
        .mailer
        .sent()
        .into_iter()
        .find(|m| m.subject.contains("הושהה"))
        .expect("the pause is mailed, in Hebrew");
    assert!(
        paused
            .body
            .contains(&format!("/account/subscriptions-update/{id}")),
        "{}",
        paused.body
    );
    // Paused: the next month's period passes, charged nothing.
    after_days(&shop, 31).await;
    let runs = shop.state.orders.subscriptions.runs(id).await.unwrap();
    assert_eq!(runs.last().map(|r| r.outcome), Some(Outcome::Paused));
}

#[tokio::test]
async fn items_out_of_stock_pass_the_period_and_the_next_is_charged() {
    let shop = shop().await;
    let id = subscribe(&shop, "4242424242424242").await;
    let kettles = ordering::stock(&shop, ItemRef::Product(KETTLE));
    let taken = shop
        .shop
        .catalog
        .take_stock(&[(ItemRef::Product(KETTLE), kettles)])
        .unwrap();
    after_days(&shop, 0).await;
    let runs = shop.state.orders.subscriptions.runs(id).await.unwrap();
    assert_eq!(
        runs.iter().map(|r| r.outcome).collect::<Vec<_>>(),
        [Outcome::OutOfStock]
    );
    assert!(mail_subjects(&shop).iter().any(|s| s.contains("אזל")));
    shop.shop.catalog.give_stock(&taken);
    after_days(&shop, 31).await;
    let runs = shop.state.orders.subscriptions.runs(id).await.unwrap();
    assert_eq!(
        runs.iter().map(|r| r.outcome).collect::<Vec<_>>(),
        [Outcome::OutOfStock, Outcome::Charged]
    );
    assert_eq!(
        ordering::stock(&shop, ItemRef::Product(KETTLE)),
        kettles - 1
    );
    // A run again the same day charges nothing more.
    after_days(&shop, 0).await;
    assert_eq!(
        shop.state
            .orders
            .subscriptions
            .runs(id)
            .await
            .unwrap()
            .len(),
        2
    );
}

#[tokio::test]
async fn a_reminder_goes_out_three_days_before_each_charge_once() {
    let shop = shop().await;
    let id = subscribe(&shop, "4242424242424242").await;
    after_days(&shop, 0).await;
    assert_eq!(
        subscription(&shop, id).await.timeline.next,
        1,
        "charged today"
    );
    let reminders = || async {
        queued(&shop)
            .await
            .into_iter()
            .filter(|s| s.contains("reminder"))
            .collect::<Vec<_>>()
    };
    // The next charge is on 2026-02-05: reminded on 2026-02-02, not before, once.
    after_days(&shop, 26).await;
    after_days(&shop, 1).await;
    assert!(reminders().await.is_empty(), "on 2026-02-01");
    after_days(&shop, 1).await;
    after_days(&shop, 0).await;
    after_days(&shop, 1).await;
    assert_eq!(reminders().await, [format!("{id}:reminder:1")]);
    assert!(
        mail_subjects(&shop)
            .iter()
            .any(|s| s.contains("המשלוח הבא"))
    );
}

#[tokio::test]
async fn a_removed_card_pauses_the_subscription_with_a_mail() {
    let shop = shop().await;
    let id = subscribe(&shop, "4242424242424242").await;
    let card = subscription(&shop, id).await.card_id;
    shop.fakes
        .customer_data
        .remove_card(CUSTOMER, card)
        .await
        .unwrap();
    after_days(&shop, 0).await;
    let s = subscription(&shop, id).await;
    assert_eq!(s.timeline.status, Status::Paused);
    assert_eq!(s.charging, None, "nothing left half-charged");
    assert_eq!(queued(&shop).await, [format!("{id}:attention")]);
    assert!(shop.shop.gateway.charges().is_empty());
}

#[tokio::test]
async fn a_line_no_longer_sold_leaves_with_a_notice_and_the_rest_is_charged() {
    use store_domain::ports::CatalogWriter;
    let shop = shop().await;
    let id = subscribe(&shop, "4242424242424242").await;
    let mut with_book = subscription(&shop, id).await;
    with_book.lines.push(SubscriptionLine {
        line_type: LineType::Product,
        item_id: 61,
        item_key: String::new(),
        quantity: 1,
        agreed_price: None,
    });
    assert!(
        shop.state
            .orders
            .subscriptions
            .save(&with_book, Writes::default())
            .await
            .unwrap()
    );
    // The book (61) and the download after it leave the catalogue.
    shop.shop.catalog.remove_products_from(61).await.unwrap();
    after_days(&shop, 0).await;
    let s = subscription(&shop, id).await;
    assert_eq!(s.lines.len(), 1, "the book left");
    assert_eq!(s.lines[0].item_id, KETTLE);
    let runs = shop.state.orders.subscriptions.runs(id).await.unwrap();
    assert_eq!(
        runs.iter().map(|r| r.outcome).collect::<Vec<_>>(),
        [Outcome::Charged]
    );
    let order = shop
        .state
        .orders
        .records
        .order(runs[0].order.as_ref().unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(order.lines.len(), 1, "only the kettle was charged");
    let history = shop.state.orders.subscriptions.history(id).await.unwrap();
    assert!(history.iter().any(|h| h.event
        == store_domain::subscriptions::model::Event::LineDropped
        && h.detail == "product:61"));
    assert!(queued(&shop).await.contains(&format!("{id}:dropped:0")));
}

#[tokio::test]
async fn a_plans_agreed_price_is_what_each_delivery_costs() {
    let shop = shop().await;
    let id = subscribe(&shop, "4242424242424242").await;
    let mut on_a_plan = subscription(&shop, id).await;
    on_a_plan.lines[0].agreed_price = Some(store_domain::money::Money::from_cents(2_500));
    assert!(
        shop.state
            .orders
            .subscriptions
            .save(&on_a_plan, Writes::default())
            .await
            .unwrap()
    );
    after_days(&shop, 0).await;
    let runs = shop.state.orders.subscriptions.runs(id).await.unwrap();
    let order = shop
        .state
        .orders
        .records
        .order(runs[0].order.as_ref().unwrap())
        .await
        .unwrap()
        .unwrap();
    // The kettle sells at $30.00 once; the plan's $25.00 is charged.
    assert_eq!(order.lines[0].unit_price.cents(), 2_500);
    assert_eq!(order.figures.subtotal.cents(), 2_500);
}

#[tokio::test]
async fn the_owner_lists_subscriptions_with_their_next_delivery_and_run() {
    let shop = shop().await;
    let empty = store_app::subscriptions_cli::list(shop.state.orders.subscriptions.as_ref(), 10)
        .await
        .unwrap();
    assert_eq!(empty, "no subscriptions\n");
    let id = subscribe(&shop, "4242424242424242").await;
    after_days(&shop, 0).await;
    let listed = store_app::subscriptions_cli::list(shop.state.orders.subscriptions.as_ref(), 10)
        .await
        .unwrap();
    let line = listed.lines().next().unwrap();
    for part in [
        format!("{id}"),
        "active".into(),
        "every 1m".into(),
        "next delivery 2026-02-05".into(),
        "next run 2026-02-02 11:00:00 UTC".into(),
        "dana@example.com".into(),
        "repeats RRRR-AAAA-2226".into(),
    ] {
        assert!(line.contains(&part), "{part} in {line}");
    }
}

/// The charged orders' subtotals, in cents, period by period.
async fn charged_subtotals(shop: &Shop, id: i64) -> Vec<i64> {
    let mut subtotals = Vec::new();
    for run in shop.state.orders.subscriptions.runs(id).await.unwrap() {
        let Some(number) = run.order else { continue };
        let order = shop
            .state
            .orders
            .records
            .order(&number)
            .await
            .unwrap()
            .unwrap();
        subtotals.push(order.figures.subtotal.cents());
    }
    subtotals
}

#[tokio::test]
async fn a_plans_price_rise_is_charged_only_after_its_notice_and_a_fall_at_once() {
    use store_domain::money::Money;
    use store_domain::subscriptions::model::Event;
    let shop = shop().await;
    let id = subscribe(&shop, "4242424242424242").await;
    // On the fixture's plan 3: the kettle monthly at $27.00.
    let mut on_a_plan = subscription(&shop, id).await;
    on_a_plan.origin = Origin::Plan { plan_id: 3 };
    on_a_plan.lines[0].agreed_price = Some(Money::from_cents(2_700));
    let writes = Writes::default();
    assert!(
        shop.state
            .orders
            .subscriptions
            .save(&on_a_plan, writes)
            .await
            .unwrap()
    );
    after_days(&shop, 0).await;
    assert_eq!(charged_subtotals(&shop, id).await, [2_700]);

    // The owner raises the plan to $29.00: the next delivery (February 5) is still
    // charged $27.00, and the customer is told it rises from February 19.
    let subscriptions = &shop.state.orders.subscriptions;
    assert!(
        subscriptions
            .set_plan_price(3, Money::from_cents(2_900))
            .await
            .unwrap()
    );
    after_days(&shop, 31).await;
    assert_eq!(charged_subtotals(&shop, id).await, [2_700, 2_700]);
    let history = subscriptions.history(id).await.unwrap();
    let notices: Vec<_> = history
        .iter()
        .filter(|h| h.event == Event::PriceNotice)
        .collect();
    assert_eq!(notices.len(), 1, "{history:?}");
    assert_eq!(notices[0].detail, "2900:2026-02-19");
    let mail = shop
        .fakes
        .mailer
        .sent()
        .into_iter()
        .find(|m| m.subject.contains("שינוי מחיר"));
    let mail = mail.unwrap_or_else(|| panic!("no notice among {:?}", mail_subjects(&shop)));
    assert!(mail.body.contains("$29.00"), "{}", mail.body);

    // March 5 is past the notice: the new price is charged, and no second notice goes.
    after_days(&shop, 28).await;
    assert_eq!(charged_subtotals(&shop, id).await, [2_700, 2_700, 2_900]);
    let s = subscription(&shop, id).await;
    assert_eq!(s.notice, None);
    assert_eq!(s.lines[0].agreed_price, Some(Money::from_cents(2_900)));

    // A fall is passed on with the very next delivery, without a notice.
    assert!(
        subscriptions
            .set_plan_price(3, Money::from_cents(2_600))
            .await
            .unwrap()
    );
    after_days(&shop, 31).await;
    assert_eq!(
        charged_subtotals(&shop, id).await,
        [2_700, 2_700, 2_900, 2_600]
    );
    let history = subscriptions.history(id).await.unwrap();
    let notices = history
        .iter()
        .filter(|h| h.event == Event::PriceNotice)
        .count();
    assert_eq!(notices, 1);
}

#[tokio::test]
async fn the_owner_sets_a_plans_price_and_is_told_what_follows() {
    use store_app::subscriptions_cli::set_price;
    let shop = shop().await;
    let subscriptions = shop.state.orders.subscriptions.as_ref();
    let said = set_price(subscriptions, 3, 2_900).await.unwrap();
    assert!(
        said.contains("plan 3 now costs $29.00") && said.contains("14 days"),
        "{said}"
    );
    let plans = subscriptions.plans().await.unwrap();
    assert_eq!(plans[0].groups[0].plans[0].price.cents(), 2_900);
    assert_eq!(
        set_price(subscriptions, 99, 2_900).await.unwrap(),
        "there is no plan 99\n"
    );
    let refused = set_price(subscriptions, 3, 0).await.unwrap();
    assert!(refused.contains("above 0"), "{refused}");
    let plans = subscriptions.plans().await.unwrap();
    assert_eq!(
        plans[0].groups[0].plans[0].price.cents(),
        2_900,
        "unchanged by a refusal"
    );
}
