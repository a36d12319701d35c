//! Returns through the API (issue 28), over the fake orders store and gateway: what a
//! delivered order may send back, the preview, the request (once per key), who may see
//! them, each refusal a 4xx with nothing written, and the owner's receipt refunding
//! the card once, even run twice or after a crash between the refund and its record.

use poem::http::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;
use store_app::orders_cli::{self, OrdersCommand};
use store_app::returns_cli::{self, ReturnsCommand};
use store_domain::orders::model::OrderStatus;
use store_domain::orders::number::OrderNumber;
use store_domain::orders::storage::Orders;
use store_domain::ports::PaymentGateway;
use store_domain::returns::model::{ReturnNumber, ReturnStatus};
use store_domain::returns::storage::Returns;

use crate::common;

use common::ordering::{Shop, card_order, place, shop};
use common::session::{Answer, call, call_in_hebrew, registered};

/// A guest's order of 3 kettles ($30.00 each) and a book, paid by card: its number
/// and token.
async fn guest_order(shop: &Shop) -> (OrderNumber, String) {
    let products = json!([
        {"id": 12, "type": "product", "quantity": 3},
        {"id": 61, "type": "product", "quantity": 1}
    ]);
    let body = card_order(&shop.client, products).await;
    let placed = place(shop, &body, None).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let number = OrderNumber::parse(placed.body["number"].as_str().unwrap()).unwrap();
    (
        number,
        placed.body["access_token"].as_str().unwrap().to_owned(),
    )
}

async fn deliver(shop: &Shop, number: &OrderNumber) {
    orders_cli::run(
        shop.shop.orders.as_ref(),
        &shop.state.orders.links,
        &OrdersCommand::Move {
            number: number.clone(),
            status: OrderStatus::Delivered,
        },
        shop.state.clock.now(),
    )
    .await
    .unwrap();
}

fn wanted(lines: &[(u32, i64, &str)], key: Option<&str>) -> Value {
    let mut body = json!({
        "lines": lines.iter().map(|(position, quantity, reason)| json!({
            "position": position, "quantity": quantity, "reason": reason
        })).collect::<Vec<_>>(),
        "refund_method": "original",
        "return_method": "drop_off",
    });
    if let Some(key) = key {
        body["idempotency_key"] = json!(key);
    }
    body
}

async fn ask(
    shop: &Shop,
    number: &OrderNumber,
    token: Option<&str>,
    session: Option<&str>,
    path: &str,
    body: Value,
) -> Answer {
    let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
    call(
        &shop.client,
        "POST",
        &format!("/api/orders/{number}/returns{path}{query}"),
        session,
        Some(body),
    )
    .await
}

async fn options(
    shop: &Shop,
    number: &OrderNumber,
    token: Option<&str>,
    session: Option<&str>,
) -> Answer {
    let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
    call(
        &shop.client,
        "GET",
        &format!("/api/orders/{number}/returns{query}"),
        session,
        None,
    )
    .await
}

async fn returns_of(shop: &Shop, number: &OrderNumber) -> usize {
    shop.shop.orders.order_returns(number).await.unwrap().len()
}

#[tokio::test]
async fn a_guest_returns_part_of_a_delivered_order_and_the_owner_refunds_the_card_once() {
    let shop = shop().await;
    let (number, raw_token) = guest_order(&shop).await;
    let token = Some(raw_token.as_str());

    // Not delivered yet: nothing may come back, and asking writes nothing.
    let early = options(&shop, &number, token, None).await;
    assert_eq!(early.status, StatusCode::OK, "{}", early.body);
    assert_eq!(
        early.body["closed"],
        "only a delivered order can be returned"
    );
    let in_hebrew = call_in_hebrew(
        &shop.client,
        "GET",
        &format!("/api/orders/{number}/returns?token={raw_token}"),
        None,
        None,
    )
    .await;
    assert_eq!(in_hebrew.body["closed"], "אפשר להחזיר רק הזמנה שנמסרה");
    let refused = ask(
        &shop,
        &number,
        token,
        None,
        "",
        wanted(&[(0, 1, "other")], Some("key-returns-early-1")),
    )
    .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert_eq!(returns_of(&shop, &number).await, 0);

    deliver(&shop, &number).await;
    let open = options(&shop, &number, token, None).await;
    assert_eq!(open.body["closed"], Value::Null, "{}", open.body);
    assert_eq!(open.body["lines"][0]["left"], 3);
    assert_eq!(open.body["lines"][1]["left"], 1);

    // Two of the three kettles and the book.
    let two_and_book = [(0, 2, "no_longer_needed"), (1, 1, "defective")];
    let preview = ask(
        &shop,
        &number,
        token,
        None,
        "/preview",
        wanted(&two_and_book, None),
    )
    .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    let order = shop.shop.orders.order(&number).await.unwrap().unwrap();
    let paid = |i: usize| store_domain::returns::refund::paid(&order.lines[i]).cents();
    let items = paid(0) * 2 / 3 + paid(1);
    assert_eq!(preview.body["items"], items);
    assert_eq!(preview.body["shipping"], 0, "one kettle stays");
    assert_eq!(preview.body["to_card"], items);
    let made = ask(
        &shop,
        &number,
        token,
        None,
        "",
        wanted(&two_and_book, Some("key-returns-guest-1")),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.body["number"], format!("{number}-1"));
    assert_eq!(
        made.body["refund"], preview.body,
        "the preview is what is asked for"
    );
    let again = ask(
        &shop,
        &number,
        token,
        None,
        "",
        wanted(&two_and_book, Some("key-returns-guest-1")),
    )
    .await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.body["number"], made.body["number"]);
    assert_eq!(
        returns_of(&shop, &number).await,
        1,
        "the same key makes one return"
    );

    // More than is left is refused, naming the line; nothing is written.
    let too_many = ask(
        &shop,
        &number,
        token,
        None,
        "",
        wanted(&[(0, 2, "other")], Some("key-returns-guest-2")),
    )
    .await;
    assert_eq!(too_many.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        too_many.body["message"],
        "lines[0]: only 1 of this item can still be returned"
    );
    assert_eq!(returns_of(&shop, &number).await, 1);

    // Received: refunded to the card once, whatever repeats.
    let return_number = ReturnNumber::parse(made.body["number"].as_str().unwrap()).unwrap();
    let received = returns_cli::run(
        &shop.state,
        &ReturnsCommand::Receive {
            number: return_number.clone(),
        },
        shop.state.clock.now(),
    )
    .await
    .unwrap();
    assert!(received.contains("received and refunded"), "{received}");
    let twice = returns_cli::run(
        &shop.state,
        &ReturnsCommand::Receive {
            number: return_number.clone(),
        },
        shop.state.clock.now(),
    )
    .await;
    assert!(twice.unwrap_err().to_string().contains("is refunded"));
    let charges = shop.shop.gateway.charges();
    assert_eq!(charges.len(), 1);
    assert_eq!(charges[0].refunded, items, "one refund of the card's part");

    let seen = call(
        &shop.client,
        "GET",
        &format!("/api/returns/{return_number}?token={raw_token}"),
        None,
        None,
    )
    .await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
    assert_eq!(seen.body["status"], "refunded");
    let subjects: Vec<String> = shop
        .fakes
        .mailer
        .sent()
        .into_iter()
        .map(|m| m.subject)
        .collect();
    for news in [
        format!("your return {return_number}"),
        format!("your return {return_number} is refunded"),
    ] {
        assert_eq!(
            subjects.iter().filter(|s| s.ends_with(&news)).count(),
            1,
            "{news}: {subjects:?}"
        );
    }
}

#[tokio::test]
async fn a_crash_between_the_refund_and_its_record_is_finished_with_one_refund() {
    let shop = shop().await;
    let (number, token) = guest_order(&shop).await;
    deliver(&shop, &number).await;
    let made = ask(
        &shop,
        &number,
        Some(&token),
        None,
        "",
        wanted(&[(0, 3, "wrong_item")], Some("key-returns-crash-1")),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let return_number = ReturnNumber::parse(made.body["number"].as_str().unwrap()).unwrap();
    let to_card = made.body["refund"]["to_card"].as_i64().unwrap();
    store_domain::returns::service::receive(
        shop.state.orders.returns.as_ref(),
        shop.state.orders.records.as_ref(),
        &shop.state.orders.links,
        &return_number,
        shop.state.clock.now(),
    )
    .await
    .unwrap();
    // The job's refund went through, then the process died before recording it.
    let charge = shop.shop.gateway.charges()[0].id.clone();
    shop.shop
        .gateway
        .refund(&charge, to_card, &format!("return:{return_number}"))
        .await
        .unwrap();
    assert_eq!(
        shop.state
            .orders
            .returns
            .get(&return_number)
            .await
            .unwrap()
            .unwrap()
            .status,
        ReturnStatus::Received
    );
    // The job runs again, as it does when its claim lapses.
    store_app::jobs_runner::run_all_due(&shop.state)
        .await
        .unwrap();
    store_app::jobs_runner::run_all_due(&shop.state)
        .await
        .unwrap();
    assert_eq!(
        shop.shop.gateway.charges()[0].refunded,
        to_card,
        "refunded once"
    );
    assert_eq!(
        shop.state
            .orders
            .returns
            .get(&return_number)
            .await
            .unwrap()
            .unwrap()
            .status,
        ReturnStatus::Refunded
    );
}

#[tokio::test]
async fn a_return_opens_only_to_its_customer_or_its_token() {
    let shop = shop().await;
    let dana = registered(&shop.client, &shop.fakes, "dana@example.com").await;
    let noa = registered(&shop.client, &shop.fakes, "noa@example.com").await;
    let body = card_order(
        &shop.client,
        json!([{"id": 12, "type": "product", "quantity": 1}]),
    )
    .await;
    let placed = place(&shop, &body, Some(&dana)).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let number = OrderNumber::parse(placed.body["number"].as_str().unwrap()).unwrap();
    deliver(&shop, &number).await;

    assert_eq!(
        options(&shop, &number, None, Some(&dana)).await.status,
        StatusCode::OK
    );
    for (token, session) in [
        (None, None),
        (None, Some(noa.as_str())),
        (Some("0badc0de"), None),
    ] {
        assert_eq!(
            options(&shop, &number, token, session).await.status,
            StatusCode::NOT_FOUND
        );
        let refused = ask(
            &shop,
            &number,
            token,
            session,
            "",
            wanted(&[(0, 1, "other")], Some("key-returns-other-1")),
        )
        .await;
        assert_eq!(refused.status, StatusCode::NOT_FOUND, "{}", refused.body);
        let previewed = ask(
            &shop,
            &number,
            token,
            session,
            "/preview",
            wanted(&[(0, 1, "other")], None),
        )
        .await;
        assert_eq!(previewed.status, StatusCode::NOT_FOUND);
    }
    // A guest with the wrong e-mail gets no token to open it with.
    let wrong_email = call(
        &shop.client,
        "POST",
        &format!("/api/orders/{number}/status"),
        None,
        Some(json!({"email": "noa@example.com"})),
    )
    .await;
    assert_eq!(wrong_email.status, StatusCode::NOT_FOUND);
    assert!(wrong_email.body.get("access_token").is_none());
    assert_eq!(returns_of(&shop, &number).await, 0);

    let made = ask(
        &shop,
        &number,
        None,
        Some(&dana),
        "",
        wanted(&[(0, 1, "other")], Some("key-returns-dana-1")),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let path = format!("/api/returns/{}", made.body["number"].as_str().unwrap());
    assert_eq!(
        call(&shop.client, "GET", &path, Some(&dana), None)
            .await
            .status,
        StatusCode::OK
    );
    for session in [None, Some(noa.as_str())] {
        assert_eq!(
            call(&shop.client, "GET", &path, session, None).await.status,
            StatusCode::NOT_FOUND
        );
    }
    assert_eq!(
        call(
            &shop.client,
            "GET",
            "/api/returns/not-a-number",
            Some(&dana),
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn each_refusal_is_a_4xx_that_writes_nothing() {
    let shop = shop().await;
    let products = json!([
        {"id": 12, "type": "product", "quantity": 1},
        {"id": 62, "type": "product", "quantity": 1}
    ]);
    let body = card_order(&shop.client, products).await;
    let placed = place(&shop, &body, None).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let number = OrderNumber::parse(placed.body["number"].as_str().unwrap()).unwrap();
    let token = placed.body["access_token"].as_str().unwrap().to_owned();
    deliver(&shop, &number).await;

    let cases = [
        (
            wanted(&[(1, 1, "other")], None),
            StatusCode::BAD_REQUEST,
            "lines[1]: Digital items cannot be returned.",
        ),
        (
            wanted(&[(2, 1, "other")], None),
            StatusCode::BAD_REQUEST,
            "lines[2]: the order has no line 2",
        ),
        (
            wanted(&[(0, 2, "other")], None),
            StatusCode::BAD_REQUEST,
            "lines[0]: only 1 of this item can still be returned",
        ),
        (
            wanted(&[(0, 1, "other"), (0, 1, "other")], None),
            StatusCode::BAD_REQUEST,
            "lines[0]: line 0 is asked for twice",
        ),
        (
            wanted(&[(0, 1, "bored")], None),
            StatusCode::BAD_REQUEST,
            "",
        ),
        (
            wanted(&[(0, 0, "other")], None),
            StatusCode::BAD_REQUEST,
            "",
        ),
        (
            json!({"lines": [], "refund_method": "original", "return_method": "label"}),
            StatusCode::BAD_REQUEST,
            "",
        ),
    ];
    for (n, (mut body, status, said)) in cases.into_iter().enumerate() {
        let preview = ask(&shop, &number, Some(&token), None, "/preview", body.clone()).await;
        assert_eq!(preview.status, status, "case {n}: {}", preview.body);
        if !said.is_empty() {
            assert_eq!(preview.body["message"], said, "case {n}");
        }
        body["idempotency_key"] = json!(format!("key-returns-refused-{n}"));
        let asked = ask(&shop, &number, Some(&token), None, "", body).await;
        assert_eq!(asked.status, status, "case {n}: {}", asked.body);
    }
    let no_key = ask(
        &shop,
        &number,
        Some(&token),
        None,
        "",
        wanted(&[(0, 1, "other")], None),
    )
    .await;
    assert_eq!(no_key.status, StatusCode::BAD_REQUEST);
    assert_eq!(no_key.body["message"], "idempotency_key: is required");

    let hebrew = call_in_hebrew(
        &shop.client,
        "POST",
        &format!("/api/orders/{number}/returns/preview?token={token}"),
        None,
        Some(wanted(&[(0, 2, "other")], None)),
    )
    .await;
    assert_eq!(
        hebrew.body["message"],
        "lines[0]: אפשר להחזיר רק עוד 1 מהפריט הזה"
    );

    // Thirty days after delivery the window is closed.
    shop.fakes.clock.advance(Duration::from_secs(30 * 86_400));
    let late = ask(
        &shop,
        &number,
        Some(&token),
        None,
        "",
        wanted(&[(0, 1, "other")], Some("key-returns-late-1")),
    )
    .await;
    assert_eq!(late.status, StatusCode::CONFLICT);
    assert_eq!(
        late.body["message"],
        "the 30 days to return this order are over"
    );
    assert_eq!(returns_of(&shop, &number).await, 0);
}

#[tokio::test]
async fn a_gift_s_recipient_returns_it_for_credit_and_the_buyer_learns_only_that() {
    let shop = shop().await;
    let wrapped = json!([{"id": 1002, "type": "variation", "quantity": 2, "gift_options": true}]);
    let body = card_order(&shop.client, wrapped).await;
    let placed = place(&shop, &body, None).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let number = OrderNumber::parse(placed.body["number"].as_str().unwrap()).unwrap();
    let code = placed.body["gift_receipt_code"]
        .as_str()
        .unwrap()
        .to_owned();
    // The packing slip in the parcel carries the gift receipt, without prices.
    let slip = orders_cli::run(
        shop.shop.orders.as_ref(),
        &shop.state.orders.links,
        &OrdersCommand::Slip {
            number: number.clone(),
        },
        shop.state.clock.now(),
    )
    .await
    .unwrap();
    assert!(
        slip.contains(&format!("Gift receipt code {code}")),
        "{slip}"
    );
    assert!(!slip.contains('$'), "{slip}");
    deliver(&shop, &number).await;

    let receipt = |code: &str| json!({"order_number": number.to_string(), "code": code});
    let wrong = call(
        &shop.client,
        "POST",
        "/api/gift-returns/lookup",
        None,
        Some(receipt("AAAA-BBBB")),
    )
    .await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND, "{}", wrong.body);
    let opened = call(
        &shop.client,
        "POST",
        "/api/gift-returns/lookup",
        None,
        Some(receipt(&code.to_lowercase())),
    )
    .await;
    assert_eq!(opened.status, StatusCode::OK, "{}", opened.body);
    assert_eq!(opened.body["lines"][0]["left"], 2);
    let text = opened.body.to_string();
    assert!(
        !text.contains("dana@example.com") && !text.contains("price"),
        "{text}"
    );

    let gift = json!({"order_number": number.to_string(), "code": code, "email": "noa@example.com",
        "lines": [{"position": 0, "quantity": 1, "reason": "no_longer_needed"}],
        "return_method": "drop_off", "idempotency_key": "key-gift-return-1"});
    let refused = call(
        &shop.client,
        "POST",
        "/api/gift-returns",
        None,
        Some(json!({
        "order_number": number.to_string(), "code": "AAAA-BBBB", "email": "noa@example.com",
        "lines": [{"position": 0, "quantity": 1, "reason": "other"}],
        "return_method": "drop_off", "idempotency_key": "key-gift-return-0"})),
    )
    .await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND);
    assert_eq!(returns_of(&shop, &number).await, 0);
    let made = call(&shop.client, "POST", "/api/gift-returns", None, Some(gift)).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.body["email"], "noa@example.com");
    assert!(
        made.body.get("refund").is_none(),
        "no prices: {}",
        made.body
    );
    let return_number = ReturnNumber::parse(made.body["number"].as_str().unwrap()).unwrap();
    let status_path = format!("/api/gift-returns/{return_number}?code={code}");
    assert_eq!(
        call(&shop.client, "GET", &status_path, None, None)
            .await
            .status,
        StatusCode::OK
    );
    let other = format!("/api/gift-returns/{return_number}?code=AAAABBBB");
    assert_eq!(
        call(&shop.client, "GET", &other, None, None).await.status,
        StatusCode::NOT_FOUND
    );

    returns_cli::run(
        &shop.state,
        &ReturnsCommand::Receive {
            number: return_number.clone(),
        },
        shop.state.clock.now(),
    )
    .await
    .unwrap();
    let stored = shop
        .state
        .orders
        .returns
        .get(&return_number)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.status, ReturnStatus::Refunded);
    assert_eq!(
        stored.refund.to_card.cents(),
        0,
        "a gift comes back as credit only"
    );
    assert_eq!(shop.shop.gateway.charges()[0].refunded, 0);
    let mails = shop.fakes.mailer.sent();
    let to_noa: Vec<_> = mails
        .iter()
        .filter(|m| m.to.as_str() == "noa@example.com")
        .collect();
    assert_eq!(to_noa.len(), 2, "requested and refunded");
    let credit_code = to_noa[1]
        .body
        .lines()
        .find_map(|l| l.strip_prefix("Your store credit's gift card code: "))
        .expect("the credit's code");
    let card = store_domain::checkout::gift_cards::GiftCardCode::parse(credit_code).unwrap();
    let issued = store_domain::checkout::storage::GiftCards::gift_card(
        shop.fakes.checkout.as_ref(),
        &card.hash(),
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(issued.balance, stored.refund.to_store_credit);
    assert!(
        !to_noa[0].body.contains('$'),
        "the recipient's first mail has no prices: {}",
        to_noa[0].body
    );
    let to_buyer = mails
        .iter()
        .find(|m| {
            m.to.as_str() == "dana@example.com" && m.subject.contains("a gift from your order")
        })
        .expect("the buyer is told");
    assert!(!to_buyer.body.contains("noa"), "{}", to_buyer.body);

    // An order without gift options has no gift receipt to open it with.
    let (plain, _) = guest_order(&shop).await;
    let its_code = shop.state.orders.links.gift_receipt_code(&plain);
    let closed = call(
        &shop.client,
        "POST",
        "/api/gift-returns/lookup",
        None,
        Some(json!({"order_number": plain.to_string(), "code": its_code})),
    )
    .await;
    assert_eq!(closed.status, StatusCode::NOT_FOUND);
}
