//! Placing an order through the domain service itself (`place_order`, `finish`,
//! `sweep_unfinished`) over the in-memory fakes, with no HTTP in between (issue 14).
//! A placed order is charged once and takes its stock, gift card balance and discount
//! use once; each way placing can fail leaves nothing behind: no order (or only a
//! `Declined` one with everything given back), no charge held or taken at the
//! gateway, and the stock, the gift card's balance and the discount's uses as they
//! were. Every figure compared is read from the fakes before and after.

use async_trait::async_trait;
use chrono::NaiveTime;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use store_adapters::fakes::{
    InMemoryCatalog, InMemoryCheckout, InMemoryCustomerData, InMemoryGateway, InMemoryOrders,
    InMemoryZipLookup, SettableClock, fixture,
};
use store_domain::bag::{BagLine, ItemRef, LineKey, LineType, Lists, OfferStock};
use store_domain::checkout::discounts::{Discount, DiscountCode, DiscountValue};
use store_domain::checkout::gift_cards::{CODE_ALPHABET, GiftCardCode};
use store_domain::checkout::quote::{CheckoutContext, CheckoutRequest, checkout_quote};
use store_domain::checkout::storage::{Discounts, GiftCards, NewGiftCard};
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::jobs::{JobKind, Jobs, NewJob};
use store_domain::language::Language;
use store_domain::location::LocationQuery;
use store_domain::money::Money;
use store_domain::orders::links::OrderLinks;
use store_domain::orders::model::{Delivery, GiftCardUse, Order, OrderStatus};
use store_domain::orders::number::OrderNumber;
use store_domain::orders::place::{
    CardChoice, DeliveryRequest, IdempotencyKey, Payments, PlaceContext, PlaceError, PlaceRequest,
    SweepReport, place_order, sweep_unfinished,
};
use store_domain::orders::storage::{KeyedOrder, Moved, NewOrder, Orders, ReserveError};
use store_domain::payments::{CardDetails, CardSaved, Charge, ChargeState, Decline, Holder};
use store_domain::ports::{
    Addresses, Catalog, CatalogWriter, Clock, CustomerBags, PaymentGateway, SavedCards,
    StorageError,
};
use store_domain::shipping::{Method, ShippingChoice, ShippingConfig, Zone, ZoneRate};

/// The fixture's kettle: 7 in stock at $30.00.
const KETTLE: i64 = 12;
/// The one shipping method: $5.99, never free.
const STANDARD: u32 = 1;
/// A $10.00 gift card: less than any order here, so the card pays the rest.
const GIFT_CARD: &str = "HHHH-JJJJ-KKKK-2345";
const GIFT_CARD_CENTS: i64 = 1_000;
/// 10 % off, no limit.
const DISCOUNT: &str = "TENOFF";
/// The sandbox's test numbers (`sandbox::TEST_OUTCOMES`), which the fake gateway follows.
const APPROVED: &str = "4242424242424242";
const DECLINED: &str = "4000000000000002";
const EXPIRED: &str = "4000000000000069";
/// An unfinished order older than this is given up by the sweep.
const ABANDON_AFTER: Duration = Duration::from_secs(3600);

/// 2026-01-01 00:00:00 UTC.
const START: Timestamp = Timestamp::from_unix_seconds(1_767_225_600);

/// Another shopper's move, made between this order's quote and its reservation.
type Rival = Box<dyn FnOnce() + Send>;

/// The fake orders store, running a rival's move (if one is set) just before the next
/// reservation: the race that the reservation's conditional updates stand against,
/// which the quote before it cannot see.
struct RacedOrders {
    inner: InMemoryOrders,
    rival: Mutex<Option<Rival>>,
}

#[async_trait]
impl Orders for RacedOrders {
    async fn keyed_order(&self, key: &str) -> Result<Option<KeyedOrder>, StorageError> {
        self.inner.keyed_order(key).await
    }

    async fn reserve(&self, order: &NewOrder) -> Result<(), ReserveError> {
        let rival = self.rival.lock().unwrap().take();
        if let Some(rival) = rival {
            rival();
        }
        self.inner.reserve(order).await
    }

    async fn record_payment(
        &self,
        number: &OrderNumber,
        charge_id: Option<&str>,
        cards: &[NewGiftCard],
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        self.inner
            .record_payment(number, charge_id, cards, jobs, at)
            .await
    }

    async fn release(
        &self,
        number: &OrderNumber,
        why: &str,
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        self.inner.release(number, why, at).await
    }

    async fn move_order(
        &self,
        number: &OrderNumber,
        from: OrderStatus,
        to: OrderStatus,
        jobs: &[NewJob],
        void: &[GiftCardUse],
        at: Timestamp,
    ) -> Result<Moved, StorageError> {
        self.inner
            .move_order(number, from, to, jobs, void, at)
            .await
    }

    async fn order(&self, number: &OrderNumber) -> Result<Option<Order>, StorageError> {
        self.inner.order(number).await
    }

    async fn purge_declined(&self, before: Timestamp) -> Result<u64, StorageError> {
        self.inner.purge_declined(before).await
    }

    async fn last_shipping_choice(
        &self,
        customer_id: i64,
    ) -> Result<Option<ShippingChoice>, StorageError> {
        self.inner.last_shipping_choice(customer_id).await
    }

    async fn adopt_guest_orders(
        &self,
        email: &Email,
        customer_id: i64,
    ) -> Result<u64, StorageError> {
        self.inner.adopt_guest_orders(email, customer_id).await
    }

    async fn customer_orders(&self, customer: i64, limit: u32) -> Result<Vec<Order>, StorageError> {
        self.inner.customer_orders(customer, limit).await
    }

    async fn unfinished(&self) -> Result<Vec<Order>, StorageError> {
        self.inner.unfinished().await
    }

    async fn orders_since(&self, since: Timestamp) -> Result<Vec<Order>, StorageError> {
        self.inner.orders_since(since).await
    }

    async fn orders(
        &self,
        status: Option<OrderStatus>,
        limit: u32,
    ) -> Result<Vec<Order>, StorageError> {
        self.inner.orders(status, limit).await
    }
}

/// The fakes a placement reads and writes, and the store's settings.
struct Shop {
    catalog: Arc<InMemoryCatalog>,
    checkout: Arc<InMemoryCheckout>,
    orders: RacedOrders,
    gateway: InMemoryGateway,
    zips: InMemoryZipLookup,
    clock: SettableClock,
    shipping: ShippingConfig,
    links: OrderLinks,
    /// Customers' saved addresses and cards, and their stored bags.
    customers: InMemoryCustomerData,
}

/// What an order takes, charges and queues, as the fakes hold it.
#[derive(Debug, Clone, PartialEq)]
struct Figures {
    kettles: i64,
    gift_card_balance: i64,
    discount_uses: u32,
    /// Newest first.
    orders: Vec<Order>,
    charges: Vec<Charge>,
    jobs: Vec<(JobKind, String)>,
}

fn gift_card() -> GiftCardCode {
    GiftCardCode::parse(GIFT_CARD).unwrap()
}

fn discount_code() -> DiscountCode {
    DiscountCode::parse(DISCOUNT).unwrap()
}

/// Order numbers in sequence (the service asks for a fresh one per placement).
fn next_number() -> OrderNumber {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut n = NEXT.fetch_add(1, Ordering::Relaxed);
    let symbols = (0..12).map(|_| {
        let symbol = CODE_ALPHABET[(n % 31) as usize];
        n /= 31;
        char::from(symbol)
    });
    OrderNumber::parse(&symbols.collect::<String>()).unwrap()
}

/// The fixture catalogue, the gift card, the discount code and one way to ship.
async fn shop() -> Shop {
    let catalog = Arc::new(InMemoryCatalog::new());
    catalog.import(&fixture()).await.unwrap();
    let checkout = Arc::new(InMemoryCheckout::default());
    let card = NewGiftCard {
        code_hash: gift_card().hash(),
        last_four: gift_card().last_four().to_owned(),
        balance: Money::from_cents(GIFT_CARD_CENTS),
        expires_at: None,
    };
    checkout.issue_gift_card(&card, START).await.unwrap();
    let discount = Discount {
        code: discount_code(),
        value: DiscountValue::Percent {
            basis_points: 1_000,
        },
        min_subtotal: Money::ZERO,
        starts_at: None,
        ends_at: None,
        usage_limit: None,
        once_per_shopper: false,
        excluded_products: Vec::new(),
    };
    checkout.create_discount(&discount, START).await.unwrap();
    let shipping = ShippingConfig {
        time_zone: "America/New_York".parse().unwrap(),
        free_shipping_over: None,
        fulfillment_cutoff: NaiveTime::from_hms_opt(14, 0, 0).unwrap(),
        methods: vec![Method {
            id: STANDARD,
            name: "Standard".into(),
            heb_name: "משלוח רגיל".into(),
            transit_days: 5,
            free_eligible: false,
        }],
        zones: vec![Zone {
            name: "Everywhere".into(),
            countries: Vec::new(),
            rates: vec![ZoneRate {
                method_id: STANDARD,
                price: Money::from_cents(599),
                transit_days: None,
            }],
        }],
        pickup: None,
    };
    shipping.validate().unwrap();
    let orders = InMemoryOrders::new(catalog.clone(), checkout.clone());
    Shop {
        catalog,
        checkout,
        orders: RacedOrders {
            inner: orders,
            rival: Mutex::default(),
        },
        gateway: InMemoryGateway::default(),
        zips: InMemoryZipLookup::default(),
        clock: SettableClock::at(START),
        shipping,
        links: OrderLinks::new(&[7; 32]),
        customers: InMemoryCustomerData::default(),
    }
}

impl Shop {
    /// What `place_order` reads and writes, at the clock's time.
    fn context(&self) -> PlaceContext<'_> {
        PlaceContext {
            checkout: CheckoutContext {
                catalog: self.catalog.as_ref(),
                zips: &self.zips,
                gift_cards: self.checkout.as_ref(),
                discounts: self.checkout.as_ref(),
                shipping: &self.shipping,
                now: self.clock.now(),
            },
            orders: &self.orders,
            gateway: &self.gateway,
            addresses: &self.customers,
            cards: &self.customers,
            bags: &self.customers,
            links: &self.links,
            new_number: &next_number,
        }
    }

    async fn place(&self, request: &PlaceRequest) -> Result<Order, PlaceError> {
        let placed = place_order(&self.context(), request.clone()).await?;
        assert_eq!(placed.bag_left, None);
        Ok(placed.order)
    }

    async fn sweep(&self) -> SweepReport {
        let payments = Payments {
            orders: &self.orders,
            gateway: &self.gateway,
            links: &self.links,
            now: self.clock.now(),
        };
        sweep_unfinished(&payments, ABANDON_AFTER).await.unwrap()
    }

    /// Runs `rival` just before the next reservation, after the order's quote.
    fn before_next_reservation(&self, rival: impl FnOnce() + Send + 'static) {
        *self.orders.rival.lock().unwrap() = Some(Box::new(rival));
    }

    async fn figures(&self) -> Figures {
        let offers = self.catalog.offers(&[ItemRef::Product(KETTLE)]).await;
        let OfferStock::Units(kettles) = offers.unwrap()[0].stock else {
            unreachable!("the kettle is a product")
        };
        let card = self.checkout.gift_card(&gift_card().hash()).await.unwrap();
        let usage = self.checkout.usage(&discount_code(), None).await.unwrap();
        let jobs = Jobs::jobs(&self.orders.inner, 100).await.unwrap();
        Figures {
            kettles,
            gift_card_balance: card.unwrap().balance.cents(),
            discount_uses: usage.times_used,
            orders: self.orders.orders(None, 100).await.unwrap(),
            charges: self.gateway.charges(),
            jobs: jobs
                .into_iter()
                .map(|j| (j.job.kind, j.job.subject))
                .collect(),
        }
    }
}

/// A guest's order of `kettles` shipped Standard to 10001, with the gift card and the
/// discount code, the rest paid by the test card `card_number`, and the total and
/// amount due that Review showed: the quote's at this moment.
async fn request(shop: &Shop, key: &str, kettles: i64, card_number: &str) -> PlaceRequest {
    let details = CardDetails::parse(card_number, "12/30", "123", (2026, 1)).unwrap();
    let browser = Holder::of(Some("the shopper's browser"));
    let card = shop
        .gateway
        .create_token(&details, &browser, START)
        .await
        .unwrap();
    let line = BagLine {
        key: LineKey {
            id: KETTLE,
            line_type: LineType::Product,
            item_key: String::new(),
        },
        quantity: kettles,
        gift_options: false,
        personalization: BTreeMap::new(),
    };
    let checkout = CheckoutRequest {
        lists: Lists {
            products: vec![line],
            later: Vec::new(),
        },
        location: Some(LocationQuery {
            country: "US".into(),
            zip: "10001".into(),
        }),
        shipping: Some(ShippingChoice::Method(STANDARD)),
        gift_cards: vec![gift_card()],
        discount: Some(discount_code()),
        ..CheckoutRequest::default()
    };
    let review = checkout_quote(&shop.context().checkout, checkout.clone())
        .await
        .unwrap();
    let address = store_domain::accounts::AddressFields {
        name: "Dana Levi".into(),
        line1: "1 Main St".into(),
        line2: String::new(),
        city: "New York".into(),
        region: "NY".into(),
        postal_code: "10001".into(),
        country: "US".into(),
        phone: "212 555 0100".into(),
        default: false,
    };
    PlaceRequest {
        key: IdempotencyKey::parse(key).unwrap(),
        checkout,
        customer_id: None,
        email: Email::parse("dana@example.com").unwrap(),
        language: Language::Hebrew,
        delivery: DeliveryRequest::Ship(address),
        card: Some(CardChoice::Token {
            token: card.token,
            holder: browser,
        }),
        expected_total: review.quote.totals.total,
        expected_amount_due: review.amount_due,
        from_bag: false,
    }
}

fn changed(outcome: Result<Order, PlaceError>) -> String {
    match outcome {
        Err(PlaceError::Changed(why)) => why,
        other => panic!("expected Changed, got {other:?}"),
    }
}

/// A refused card: the only order is the one just tried, `Declined` with `decline`
/// and everything it took given back; the gateway holds no charge authorised or
/// captured; nothing is queued.
fn assert_released(before: &Figures, after: &Figures, decline: Decline) {
    assert_eq!(after.kettles, before.kettles, "stock given back");
    assert_eq!(after.gift_card_balance, before.gift_card_balance, "balance");
    assert_eq!(after.discount_uses, before.discount_uses, "discount use");
    assert_eq!(after.jobs, before.jobs, "nothing queued");
    assert_eq!(after.orders.len(), before.orders.len() + 1);
    let order = &after.orders[0];
    assert_eq!(order.status, OrderStatus::Declined);
    assert_eq!(order.decline.as_deref(), Some(decline.as_str()));
    assert!(
        after
            .charges
            .iter()
            .all(|c| matches!(c.state, ChargeState::Declined(_) | ChargeState::Voided)),
        "no charge held or taken: {:?}",
        after.charges
    );
}

#[tokio::test]
async fn a_card_order_is_paid_charged_once_and_a_replay_answers_the_same_order() {
    let shop = shop().await;
    let before = shop.figures().await;
    let request = request(&shop, "key-happy-path-0001", 2, APPROVED).await;

    let placed = place_order(&shop.context(), request.clone()).await.unwrap();
    assert!(!placed.replayed, "the first submit placed it");
    let order = placed.order;
    assert_eq!(order.status, OrderStatus::Paid);
    assert_eq!(order.figures.total, request.expected_total);
    assert_eq!(order.figures.amount_due, request.expected_amount_due);
    // Its mails and pages can speak the shopper's language.
    assert_eq!(order.language, Language::Hebrew);
    assert!(
        matches!(&order.delivery, Delivery::Ship { heb_method_name: Some(name), .. } if name == "משלוח רגיל")
    );
    let gift_card_paid = order.figures.gift_card_total.cents();
    assert!(gift_card_paid > 0 && order.figures.amount_due.cents() > 0);
    let after = shop.figures().await;
    assert_eq!(after.kettles, before.kettles - 2);
    assert_eq!(
        after.gift_card_balance,
        before.gift_card_balance - gift_card_paid
    );
    assert_eq!(after.discount_uses, before.discount_uses + 1);
    assert_eq!(
        after.orders,
        std::slice::from_ref(&order),
        "recorded as answered"
    );
    assert_eq!(after.charges.len(), 1, "{:?}", after.charges);
    let charge = &after.charges[0];
    assert_eq!(charge.state, ChargeState::Captured);
    assert_eq!(charge.amount, order.figures.amount_due.cents());
    let charged = order.card.as_ref().and_then(|c| c.charge_id.as_deref());
    assert_eq!(charged, Some(charge.id.as_str()));
    let confirmation = (JobKind::OrderConfirmation, order.number.as_str().to_owned());
    assert_eq!(after.jobs, [confirmation]);

    // A double click, a retry after a lost answer: the same order, nothing more, and
    // known as the first submit's.
    for _ in 0..2 {
        let again = place_order(&shop.context(), request.clone()).await.unwrap();
        assert!(again.replayed);
        assert_eq!(again.order, order);
    }
    assert_eq!(shop.figures().await, after);
}

/// Places an order paid by the test card `card_number`, which the gateway refuses
/// with `decline`, and checks it leaves nothing behind, then or when replayed.
async fn a_refused_card_leaves_nothing_behind(card_number: &str, decline: Decline) {
    let shop = shop().await;
    let before = shop.figures().await;
    let request = request(&shop, "key-refused-card-01", 2, card_number).await;

    match shop.place(&request).await {
        Err(PlaceError::Declined(why)) => assert_eq!(why, decline),
        other => panic!("expected {decline:?}, got {other:?}"),
    }
    let after = shop.figures().await;
    assert_released(&before, &after, decline);

    // The same submit again is answered the same, and takes nothing again.
    match shop.place(&request).await {
        Err(PlaceError::Declined(why)) => assert_eq!(why, decline),
        other => panic!("expected {decline:?} again, got {other:?}"),
    }
    assert_eq!(shop.figures().await, after);
}

#[tokio::test]
async fn a_declined_card_is_refused_and_leaves_nothing_behind() {
    a_refused_card_leaves_nothing_behind(DECLINED, Decline::Declined).await;
}

#[tokio::test]
async fn an_expired_card_is_refused_and_leaves_nothing_behind() {
    a_refused_card_leaves_nothing_behind(EXPIRED, Decline::ExpiredCard).await;
}

#[tokio::test]
async fn a_total_changed_since_review_is_refused_before_anything_is_written() {
    let shop = shop().await;
    let mut stale = request(&shop, "key-stale-total-001", 2, APPROVED).await;
    stale.expected_total = Money::from_cents(stale.expected_total.cents() - 1);
    let before = shop.figures().await;

    let why = changed(shop.place(&stale).await);
    assert!(why.contains("total is now"), "{why}");
    assert_eq!(shop.figures().await, before, "no order, charge or hold");
}

/// The reserve path: the new quote still sees the kettles, and another order takes
/// them before this one's reservation, which finds too few and takes nothing.
#[tokio::test]
async fn stock_sold_between_the_quote_and_the_reservation_is_refused_with_nothing_taken() {
    let shop = shop().await;
    let request = request(&shop, "key-sold-out-race-1", 2, APPROVED).await;
    let before = shop.figures().await;
    let rival_takes = before.kettles - 1;
    let catalog = shop.catalog.clone();
    shop.before_next_reservation(move || {
        catalog
            .take_stock(&[(ItemRef::Product(KETTLE), rival_takes)])
            .unwrap();
    });

    let why = changed(shop.place(&request).await);
    assert!(
        why.contains("sold out while you were checking out"),
        "{why}"
    );
    let only_the_rival = Figures {
        kettles: before.kettles - rival_takes,
        ..before
    };
    assert_eq!(shop.figures().await, only_the_rival);
}

/// The quote path: the kettles go after Review but before the submit, so the new
/// quote holds fewer than the bag asks for and nothing is reserved.
#[tokio::test]
async fn stock_sold_out_before_the_submit_is_refused_by_the_new_quote() {
    let shop = shop().await;
    let request = request(&shop, "key-sold-out-quote1", 2, APPROVED).await;
    let review = shop.figures().await;
    let rival_takes = review.kettles - 1;
    let taken = [(ItemRef::Product(KETTLE), rival_takes)];
    shop.catalog.take_stock(&taken).unwrap();
    let before = shop.figures().await;

    let why = changed(shop.place(&request).await);
    assert!(
        why.contains("no longer available in that quantity"),
        "{why}"
    );
    assert_eq!(shop.figures().await, before);
    assert_eq!(before.kettles, review.kettles - rival_takes);
}

/// The reserve path: the new quote still sees the balance, and another order spends
/// it before this one's reservation, which finds the card short and takes nothing.
#[tokio::test]
async fn a_gift_card_spent_between_the_quote_and_the_reservation_is_refused_with_nothing_taken() {
    let shop = shop().await;
    let request = request(&shop, "key-spent-card-race", 2, APPROVED).await;
    let before = shop.figures().await;
    let rival_spends = 1;
    let checkout = shop.checkout.clone();
    shop.before_next_reservation(move || {
        let spend = (
            gift_card().hash(),
            Money::from_cents(rival_spends),
            "2345".into(),
        );
        checkout.spend(&[spend], START).unwrap();
    });

    let why = changed(shop.place(&request).await);
    let last_four = gift_card().last_four().to_owned();
    assert!(
        why.contains(&format!("gift card ending {last_four}")),
        "{why}"
    );
    let only_the_rival = Figures {
        gift_card_balance: before.gift_card_balance - rival_spends,
        ..before
    };
    assert_eq!(shop.figures().await, only_the_rival, "the kettles are back");
}

/// A cent spent from the gift card after Review leaves the total as it was but moves a
/// cent onto the card: refused, and the shopper is told which figure moved.
#[tokio::test]
async fn a_changed_amount_due_is_refused_and_named() {
    let shop = shop().await;
    let request = request(&shop, "key-amount-due-moved", 2, APPROVED).await;
    let spend = (gift_card().hash(), Money::from_cents(1), "2345".into());
    shop.checkout.spend(&[spend], START).unwrap();
    let before = shop.figures().await;

    let why = changed(shop.place(&request).await);
    assert!(why.contains("amount left to pay by card is now"), "{why}");
    assert_eq!(shop.figures().await, before, "nothing written");
}

/// The discount e-mail is part of what a key promised: another one is another request.
#[tokio::test]
async fn the_same_key_with_another_discount_email_is_refused() {
    let shop = shop().await;
    let first = request(&shop, "key-discount-email-1", 1, APPROVED).await;
    shop.place(&first).await.unwrap();
    let before = shop.figures().await;

    let mut other = first.clone();
    other.checkout.discount_email = Some(Email::parse("someone.else@example.com").unwrap());
    match shop.place(&other).await {
        Err(PlaceError::KeyReused) => {}
        other => panic!("expected KeyReused, got {other:?}"),
    }
    assert_eq!(shop.figures().await, before);
}

/// The quote path: the card is spent after Review but before the submit, so the new
/// quote refuses it and nothing is reserved.
#[tokio::test]
async fn a_gift_card_spent_before_the_submit_is_refused_by_the_new_quote() {
    let shop = shop().await;
    let request = request(&shop, "key-spent-card-quot", 2, APPROVED).await;
    let review = shop.figures().await;
    let spend = (
        gift_card().hash(),
        Money::from_cents(review.gift_card_balance),
        "2345".into(),
    );
    shop.checkout.spend(&[spend], START).unwrap();
    let before = shop.figures().await;

    let why = changed(shop.place(&request).await);
    assert!(why.starts_with("gift_cards[0]"), "{why}");
    assert_eq!(shop.figures().await, before);
    assert_eq!(before.gift_card_balance, 0);
}

#[tokio::test]
async fn the_same_key_with_another_bag_is_refused_and_the_first_order_stands() {
    let shop = shop().await;
    let first = request(&shop, "key-used-twice-0001", 1, APPROVED).await;
    let order = shop.place(&first).await.unwrap();
    assert_eq!(order.status, OrderStatus::Paid);
    let before = shop.figures().await;

    let mut other = first.clone();
    other.checkout.lists.products[0].quantity = 2;
    match shop.place(&other).await {
        Err(PlaceError::KeyReused) => {}
        other => panic!("expected KeyReused, got {other:?}"),
    }
    assert_eq!(shop.figures().await, before, "one order, one charge");
    assert_eq!(shop.place(&first).await.unwrap(), order, "it still stands");
}

/// Places an order while the gateway is down: the order waits `Placed`, holding its
/// stock, balance and discount use, with no charge; then the gateway is back up.
async fn placed_while_the_gateway_is_down(shop: &Shop, key: &str) -> (PlaceRequest, Figures) {
    let request = request(shop, key, 2, APPROVED).await;
    let before = shop.figures().await;
    shop.gateway.set_down(true);
    match shop.place(&request).await {
        Err(PlaceError::PaymentUnavailable(_)) => {}
        other => panic!("expected PaymentUnavailable, got {other:?}"),
    }
    shop.gateway.set_down(false);
    let waiting = shop.figures().await;
    assert_eq!(waiting.orders.len(), 1);
    let order = &waiting.orders[0];
    assert_eq!(order.status, OrderStatus::Placed);
    assert_eq!(waiting.kettles, before.kettles - 2, "held");
    let held = order.figures.gift_card_total.cents();
    assert_eq!(waiting.gift_card_balance, before.gift_card_balance - held);
    assert_eq!(waiting.discount_uses, before.discount_uses + 1);
    assert!(waiting.charges.is_empty() && waiting.jobs.is_empty());
    (request, waiting)
}

/// After an outage the order is `Paid` with one captured charge for what it owes,
/// taking nothing beyond what it held, with its confirmation queued.
fn assert_finished_once(waiting: &Figures, after: &Figures) {
    let order = &after.orders[0];
    assert_eq!(order.status, OrderStatus::Paid);
    assert_eq!(after.orders.len(), 1);
    assert_eq!(after.charges.len(), 1, "{:?}", after.charges);
    assert_eq!(after.charges[0].state, ChargeState::Captured);
    assert_eq!(after.charges[0].amount, order.figures.amount_due.cents());
    let taken = (after.kettles, after.gift_card_balance, after.discount_uses);
    let held = (
        waiting.kettles,
        waiting.gift_card_balance,
        waiting.discount_uses,
    );
    assert_eq!(taken, held, "taken once");
    let confirmation = (JobKind::OrderConfirmation, order.number.as_str().to_owned());
    assert_eq!(after.jobs, [confirmation]);
}

#[tokio::test]
async fn a_gateway_outage_leaves_the_order_placed_and_a_retry_finishes_it_charged_once() {
    let shop = shop().await;
    let (request, waiting) = placed_while_the_gateway_is_down(&shop, "key-gateway-down-01").await;

    let order = shop.place(&request).await.unwrap();
    assert_eq!(order.number, waiting.orders[0].number, "the same order");
    let after = shop.figures().await;
    assert_finished_once(&waiting, &after);
    assert_eq!(shop.place(&request).await.unwrap(), order);
    assert_eq!(shop.figures().await, after);
}

#[tokio::test]
async fn the_sweep_finishes_an_order_left_placed_by_an_outage_charged_once() {
    let shop = shop().await;
    let (request, waiting) = placed_while_the_gateway_is_down(&shop, "key-swept-order-001").await;
    shop.clock.advance(Duration::from_secs(600));

    let report = shop.sweep().await;
    assert_eq!((report.paid, report.released, report.left), (1, 0, 0));
    let after = shop.figures().await;
    assert_finished_once(&waiting, &after);
    let replayed = shop.place(&request).await.unwrap();
    assert_eq!(
        after.orders,
        [replayed],
        "the retry answers the swept order"
    );
    assert_eq!(shop.sweep().await, SweepReport::default(), "nothing left");
    assert_eq!(shop.figures().await, after);
}

#[tokio::test]
async fn the_sweep_releases_an_order_left_placed_past_the_abandon_time() {
    let shop = shop().await;
    let before = shop.figures().await;
    let (request, _) = placed_while_the_gateway_is_down(&shop, "key-abandoned-order").await;
    shop.clock.advance(ABANDON_AFTER + Duration::from_secs(60));

    let report = shop.sweep().await;
    assert_eq!((report.paid, report.released, report.left), (0, 1, 0));
    let after = shop.figures().await;
    assert_eq!(after.orders[0].decline.as_deref(), Some("abandoned"));
    assert_eq!(after.orders[0].status, OrderStatus::Declined);
    assert!(after.charges.is_empty(), "never charged");
    let given_back = (after.kettles, after.gift_card_balance, after.discount_uses);
    let at_first = (
        before.kettles,
        before.gift_card_balance,
        before.discount_uses,
    );
    assert_eq!(given_back, at_first);
    assert_eq!(after.jobs, before.jobs);
    // The shopper's retry is told the order lapsed (a 409, not a card's decline): it
    // cannot be revived, and nothing was charged.
    match shop.place(&request).await {
        Err(PlaceError::Changed(why)) => assert!(why.contains("not finished in time"), "{why}"),
        other => panic!("expected a lapsed order, got {other:?}"),
    }
    assert_eq!(shop.figures().await, after);
}

/// The request's new card, saved to `customer`'s account: its id there.
async fn save_card(shop: &Shop, customer: i64, request: &PlaceRequest) -> i64 {
    let Some(CardChoice::Token { token, holder }) = &request.card else {
        panic!("the request pays with a new card")
    };
    let card = shop
        .gateway
        .card(token, holder, shop.clock.now())
        .await
        .unwrap()
        .unwrap();
    match shop
        .customers
        .add_card(customer, &card, true, 5, shop.clock.now())
        .await
        .unwrap()
    {
        CardSaved::Saved(saved) => saved.id,
        other => panic!("not saved: {other:?}"),
    }
}

#[tokio::test]
async fn a_customers_order_reads_their_saved_address_and_card_and_leaves_their_bag() {
    let shop = shop().await;
    let customer = 7;
    let mut request = request(&shop, "key-saved-things-0001", 1, APPROVED).await;
    let DeliveryRequest::Ship(fields) = request.delivery.clone() else {
        panic!("the request ships")
    };
    let address = shop
        .customers
        .add_address(customer, &fields, 5)
        .await
        .unwrap()
        .unwrap();
    let card = save_card(&shop, customer, &request).await;
    let mut stored = request.checkout.lists.clone();
    stored.later = stored.products.clone();
    assert!(shop.customers.save_bag(customer, 0, &stored).await.unwrap());
    request.customer_id = Some(customer);
    request.delivery = DeliveryRequest::ShipToSaved(address.id);
    request.card = Some(CardChoice::Saved(card));
    request.from_bag = true;

    let order = shop.place(&request).await.unwrap();
    assert_eq!(order.status, OrderStatus::Paid);
    assert_eq!(order.customer_id, Some(customer));
    assert!(matches!(&order.delivery, Delivery::Ship { address: a, .. } if *a == fields));
    assert_eq!(shop.gateway.charges().len(), 1);
    let bag = shop.customers.bag(customer).await.unwrap();
    assert!(bag.lists.products.is_empty(), "bought lines leave the bag");
    assert_eq!(bag.lists.later, stored.later, "the later list stays");
}

#[tokio::test]
async fn another_customers_saved_address_or_card_places_nothing() {
    let shop = shop().await;
    let (owner, other) = (7, 8);
    let request = request(&shop, "key-not-yours-00001", 1, APPROVED).await;
    let DeliveryRequest::Ship(fields) = request.delivery.clone() else {
        panic!("the request ships")
    };
    let address = shop
        .customers
        .add_address(owner, &fields, 5)
        .await
        .unwrap()
        .unwrap();
    let card = save_card(&shop, owner, &request).await;
    let before = shop.figures().await;

    let mut theirs = request.clone();
    theirs.customer_id = Some(other);
    theirs.delivery = DeliveryRequest::ShipToSaved(address.id);
    match shop.place(&theirs).await {
        Err(PlaceError::Refused(why)) => {
            assert!(why.starts_with("shipping_info.address_id"), "{why}")
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    let mut theirs = request.clone();
    theirs.key = IdempotencyKey::parse("key-not-yours-00002").unwrap();
    theirs.customer_id = Some(other);
    theirs.card = Some(CardChoice::Saved(card));
    match shop.place(&theirs).await {
        Err(PlaceError::Refused(why)) => assert!(why.starts_with("payment.payment_id"), "{why}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    // A guest cannot name a saved card at all.
    let mut guest = request.clone();
    guest.key = IdempotencyKey::parse("key-not-yours-00003").unwrap();
    guest.card = Some(CardChoice::Saved(card));
    assert!(matches!(
        shop.place(&guest).await,
        Err(PlaceError::Refused(_))
    ));
    let after = shop.figures().await;
    assert_eq!(after.orders, before.orders, "nothing placed");
    assert_eq!(after.kettles, before.kettles);
    assert!(after.charges.is_empty());
}
