//! A signed-in customer's subscriptions and recurring orders (issue 29; spec 2.1
//! `/account/subscriptions`, `/account/subscriptions-update/:subscription_id`,
//! `/recurring-confirmation/:recurring_id`; the calls are "not shown"): the list, one
//! with its deliveries and history, each change, and "repeat this order". Another
//! customer's subscription does not exist (404).

use super::plans::{PlanQuoteRequest, PlanRequest, Subscribed, plan_choice};
use super::{CustomerApiError, signed_in};
use crate::api::ApiTags;
use crate::api::accounts::session_cookie::Session;
use crate::api::checkout::wire::rfc3339;
use crate::api::error::{ApiError, message};
use crate::state::AppState;
use poem::Request;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};
use store_domain::bag::ItemRef;
use store_domain::orders::number::OrderNumber;
use store_domain::subscriptions::manage::{Change, Manage, ManageError};
use store_domain::subscriptions::model::{Origin, Subscription};
use store_domain::subscriptions::schedule::Interval;

/// A customer's subscriptions shown at once.
const LISTED: usize = 100;

pub struct SubscriptionsApi {
    pub state: AppState,
}

/// How far apart deliveries are.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntervalDto {
    #[oai(rename = "1w")]
    OneWeek,
    #[oai(rename = "2w")]
    TwoWeeks,
    #[oai(rename = "4w")]
    FourWeeks,
    #[oai(rename = "1m")]
    OneMonth,
    #[oai(rename = "2m")]
    TwoMonths,
    #[oai(rename = "3m")]
    ThreeMonths,
}

impl From<Interval> for IntervalDto {
    fn from(i: Interval) -> Self {
        match i {
            Interval::Weeks(1) => IntervalDto::OneWeek,
            Interval::Weeks(2) => IntervalDto::TwoWeeks,
            Interval::Weeks(4) => IntervalDto::FourWeeks,
            Interval::Months(1) => IntervalDto::OneMonth,
            Interval::Months(2) => IntervalDto::TwoMonths,
            // Only the choices are ever built (`Interval::parse`).
            Interval::Weeks(_) | Interval::Months(_) => IntervalDto::ThreeMonths,
        }
    }
}

impl From<IntervalDto> for Interval {
    fn from(i: IntervalDto) -> Self {
        match i {
            IntervalDto::OneWeek => Interval::Weeks(1),
            IntervalDto::TwoWeeks => Interval::Weeks(2),
            IntervalDto::FourWeeks => Interval::Weeks(4),
            IntervalDto::OneMonth => Interval::Months(1),
            IntervalDto::TwoMonths => Interval::Months(2),
            IntervalDto::ThreeMonths => Interval::Months(3),
        }
    }
}

/// One thing each delivery brings, as the catalogue shows it now.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct SubscriptionLineDto {
    /// product, variation or bundle.
    pub line_type: String,
    pub item_id: i64,
    pub item_key: String,
    pub quantity: i64,
    pub title: String,
    pub heb_title: Option<String>,
    pub path: String,
    pub image: Option<String>,
    /// Cents per unit: the plan's agreed price, or the catalogue's today.
    pub unit_price: i64,
    /// Still sold: a line that is not leaves at the next delivery, with a notice.
    pub sold: bool,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct SubscriptionDto {
    pub id: i64,
    /// active, paused, cancelled or finished.
    pub status: String,
    /// 1w, 2w, 4w, 1m, 2m or 3m.
    pub interval: String,
    /// The next delivery's date (YYYY-MM-DD) as things stand; none once ended or
    /// while paused with no end date.
    pub next_delivery: Option<String>,
    /// While paused: the date deliveries start again, if one was chosen.
    pub resume_on: Option<String>,
    /// For a plan of a fixed number of deliveries, those still to come.
    pub deliveries_left: Option<u32>,
    pub address_id: i64,
    pub payment_id: i64,
    pub shipping_method: u32,
    /// The order it repeats (a recurring order), if it is one.
    pub repeats_order: Option<String>,
    /// The plan it was bought on, if it was.
    pub plan_id: Option<i64>,
    /// Declines of the card at the delivery being charged; it is tried again.
    pub card_declines: u32,
    /// A delivery is being charged this moment: changes wait a minute.
    pub charging: bool,
    pub lines: Vec<SubscriptionLineDto>,
    /// RFC 3339.
    pub created_at: String,
}

/// A delivery that was decided.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct DeliveryDto {
    pub period: u32,
    /// YYYY-MM-DD.
    pub due: String,
    /// charged, skipped, paused, out_of_stock or declined.
    pub outcome: String,
    /// The order that delivered it, when charged.
    pub order_number: Option<String>,
}

/// One line of the history.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct HistoryDto {
    /// RFC 3339.
    pub at: String,
    /// started, charged, skipped, paused, resumed, changed, cancelled, finished,
    /// out_of_stock, declined, line_dropped or price_notice.
    pub event: String,
    /// What else it says, for the page to word: a date (YYYY-MM-DD), an order number,
    /// `interval:1m`, `quantity:{line}:{n}`, `address`, `card`, `plan:{id}`, a dropped line's item
    /// (`product:61`), `attention` (paused: its address, card or shipping method is
    /// gone), `declines` (paused after the card's last try) or `empty` (cancelled:
    /// nothing it brings is sold any more); or nothing.
    pub detail: String,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct SubscriptionDetail {
    pub subscription: SubscriptionDto,
    /// Oldest first.
    pub deliveries: Vec<DeliveryDto>,
    /// Oldest first.
    pub history: Vec<HistoryDto>,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct SubscriptionList {
    /// Newest first.
    pub subscriptions: Vec<SubscriptionDto>,
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "snake_case")]
pub enum ChangeAction {
    Skip,
    Pause,
    Resume,
    Cancel,
    Interval,
    Quantity,
    Address,
    Card,
    Plan,
}

/// One change. `pause` takes `until` (YYYY-MM-DD, after the next delivery and
/// within a year; none: until resumed), `interval` takes `interval`, `quantity` takes
/// `line` and `quantity` (1 to 20), `address` takes `address_id`, `card` takes
/// `payment_id`, `plan` takes `plan_id` (another plan of the subscription's group).
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ChangeRequest {
    pub action: ChangeAction,
    #[oai(validator(max_length = 10))]
    pub until: Option<String>,
    pub interval: Option<IntervalDto>,
    #[oai(validator(minimum(value = "0"), maximum(value = "100")))]
    pub line: Option<u32>,
    pub quantity: Option<i64>,
    pub address_id: Option<i64>,
    pub payment_id: Option<i64>,
    pub plan_id: Option<i64>,
}

/// "Repeat this order every …": to a saved address, paid by a saved card, from one
/// interval after today.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct RepeatRequest {
    pub interval: IntervalDto,
    pub address_id: i64,
    pub payment_id: i64,
}

#[derive(ApiResponse)]
pub enum Repeated {
    /// The recurring order, its first delivery one interval from today.
    #[oai(status = 201)]
    Created(Json<SubscriptionDetail>),
}

fn bad_request(text: impl Into<String>) -> CustomerApiError {
    CustomerApiError::BadRequest(message(text))
}

impl From<ManageError> for CustomerApiError {
    fn from(err: ManageError) -> Self {
        match err {
            ManageError::NotFound => CustomerApiError::NotFound(message(err.to_string())),
            ManageError::Refused(why) => bad_request(why),
            ManageError::Conflict(why) => CustomerApiError::Conflict(message(why)),
            ManageError::Storage(e) => ApiError::from(e).into(),
        }
    }
}

/// The change the request names, checked for form.
fn change(body: &ChangeRequest) -> Result<Change, CustomerApiError> {
    let needs = |field: &str| bad_request(format!("{field}: is required"));
    Ok(match body.action {
        ChangeAction::Skip => Change::Skip,
        ChangeAction::Resume => Change::Resume,
        ChangeAction::Cancel => Change::Cancel,
        ChangeAction::Pause => Change::Pause(match body.until.as_deref() {
            None | Some("") => None,
            Some(day) => Some(
                chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d")
                    .map_err(|_| bad_request("until: must be a date, as YYYY-MM-DD"))?,
            ),
        }),
        ChangeAction::Interval => {
            Change::Interval(body.interval.ok_or_else(|| needs("interval"))?.into())
        }
        ChangeAction::Quantity => Change::Quantity {
            line: body.line.ok_or_else(|| needs("line"))? as usize,
            quantity: body.quantity.ok_or_else(|| needs("quantity"))?,
        },
        ChangeAction::Address => {
            Change::Address(body.address_id.ok_or_else(|| needs("address_id"))?)
        }
        ChangeAction::Card => Change::Card(body.payment_id.ok_or_else(|| needs("payment_id"))?),
        ChangeAction::Plan => Change::Plan(body.plan_id.ok_or_else(|| needs("plan_id"))?),
    })
}

impl SubscriptionsApi {
    pub(super) fn manage(&self) -> Manage<'_> {
        let s = &self.state;
        Manage {
            subscriptions: s.orders.subscriptions.as_ref(),
            addresses: s.customer.addresses.as_ref(),
            cards: s.customer.cards.as_ref(),
            now: s.clock.now(),
            zone: s.checkout.config.shipping.time_zone,
        }
    }

    /// The subscriptions as shown, with their lines as the catalogue sells them now.
    async fn shown(&self, all: Vec<Subscription>) -> Result<Vec<SubscriptionDto>, ApiError> {
        let items: Vec<ItemRef> = all
            .iter()
            .flat_map(|s| &s.lines)
            .map(|l| ItemRef::of(l.line_type, l.item_id))
            .collect();
        let offers = self.state.catalogue.catalog.offers(&items).await?;
        Ok(all
            .into_iter()
            .map(|s| {
                let lines = s
                    .lines
                    .iter()
                    .map(|l| {
                        let item = ItemRef::of(l.line_type, l.item_id);
                        let offer = offers.iter().find(|o| o.item == item);
                        SubscriptionLineDto {
                            line_type: l.line_type.as_str().to_owned(),
                            item_id: l.item_id,
                            item_key: l.item_key.clone(),
                            quantity: l.quantity,
                            title: offer.map(|o| o.title.clone()).unwrap_or_default(),
                            heb_title: offer.and_then(|o| o.heb_title.clone()),
                            path: offer.map(|o| o.path.clone()).unwrap_or_default(),
                            image: offer.and_then(|o| o.image.clone()),
                            unit_price: l
                                .agreed_price
                                .or(offer.map(|o| o.price))
                                .map_or(0, |m| m.cents()),
                            sold: offer.is_some(),
                        }
                    })
                    .collect();
                let t = &s.timeline;
                SubscriptionDto {
                    id: s.id,
                    status: t.status.as_str().to_owned(),
                    interval: t.schedule.interval.as_str().to_owned(),
                    next_delivery: t.next_delivery().map(|d| d.to_string()),
                    resume_on: t.resume_on.map(|d| d.to_string()),
                    deliveries_left: t.deliveries_left,
                    address_id: s.address_id,
                    payment_id: s.card_id,
                    shipping_method: s.shipping_method,
                    repeats_order: match &s.origin {
                        Origin::Recurring { order } => Some(order.display()),
                        Origin::Plan { .. } => None,
                    },
                    plan_id: match s.origin {
                        Origin::Plan { plan_id } => Some(plan_id),
                        Origin::Recurring { .. } => None,
                    },
                    card_declines: s.attempts.map_or(0, |a| a.declines),
                    charging: s.charging.is_some(),
                    lines,
                    created_at: rfc3339(s.created_at),
                }
            })
            .collect())
    }

    pub(super) async fn detail(&self, s: Subscription) -> Result<SubscriptionDetail, ApiError> {
        let store = &self.state.orders.subscriptions;
        let deliveries = store
            .runs(s.id)
            .await?
            .into_iter()
            .map(|r| DeliveryDto {
                period: r.period,
                due: r.due.to_string(),
                outcome: r.outcome.as_str().to_owned(),
                order_number: r.order.map(|o| o.display()),
            })
            .collect();
        let history = store
            .history(s.id)
            .await?
            .into_iter()
            .map(|h| HistoryDto {
                at: rfc3339(h.at),
                event: h.event.as_str().to_owned(),
                detail: h.detail,
            })
            .collect();
        let subscription = self
            .shown(vec![s])
            .await?
            .pop()
            .ok_or_else(|| ApiError::Internal(message("a subscription went missing")))?;
        Ok(SubscriptionDetail {
            subscription,
            deliveries,
            history,
        })
    }
}

#[OpenApi(tag = "ApiTags::Customer")]
impl SubscriptionsApi {
    /// The customer's subscriptions and recurring orders, newest first.
    #[oai(path = "/customer/subscriptions", method = "get")]
    async fn list(
        &self,
        #[oai(name = "session")] session: Session,
    ) -> Result<Json<SubscriptionList>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let mut all = self
            .state
            .orders
            .subscriptions
            .customer_subscriptions(customer.id)
            .await
            .map_err(ApiError::from)?;
        all.truncate(LISTED);
        Ok(Json(SubscriptionList {
            subscriptions: self.shown(all).await?,
        }))
    }

    /// Buys a plan: the first delivery is charged today, the rest one interval apart,
    /// each mailed before; a mail confirms it.
    #[oai(path = "/customer/subscriptions", method = "post")]
    async fn subscribe(
        &self,
        req: &Request,
        #[oai(name = "session")] session: Session,
        body: Json<PlanRequest>,
    ) -> Result<Subscribed, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let plans = self
            .state
            .orders
            .subscriptions
            .plans()
            .await
            .map_err(ApiError::from)?;
        let asked = PlanQuoteRequest {
            plan_id: body.plan_id,
            quantity: body.quantity,
            address_id: body.address_id,
        };
        let choice = plan_choice(&self.state, &asked, body.payment_id, req);
        let created = self.manage().subscribe(&customer, &plans, &choice).await?;
        Ok(Subscribed::Created(Json(self.detail(created).await?)))
    }

    /// One subscription with its deliveries and history.
    #[oai(path = "/customer/subscriptions/:id", method = "get")]
    async fn one(
        &self,
        #[oai(name = "session")] session: Session,
        id: Path<i64>,
    ) -> Result<Json<SubscriptionDetail>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let s = self.manage().theirs(customer.id, id.0).await?;
        Ok(Json(self.detail(s).await?))
    }

    /// Skips the next delivery, pauses, resumes, cancels, or changes the interval, a
    /// line's quantity, the address or the card. Refused (409) while a delivery is
    /// being charged, and for what the subscription's state does not allow.
    #[oai(path = "/customer/subscriptions/:id/changes", method = "post")]
    async fn change(
        &self,
        #[oai(name = "session")] session: Session,
        id: Path<i64>,
        body: Json<ChangeRequest>,
    ) -> Result<Json<SubscriptionDetail>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let change = change(&body)?;
        let s = self.manage().change(customer.id, id.0, &change).await?;
        Ok(Json(self.detail(s).await?))
    }

    /// Repeats one of the customer's shipped orders on a schedule.
    #[oai(path = "/customer/orders/:number/repeat", method = "post")]
    async fn repeat(
        &self,
        #[oai(name = "session")] session: Session,
        number: Path<String>,
        body: Json<RepeatRequest>,
    ) -> Result<Repeated, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let not_found = || CustomerApiError::from(ManageError::NotFound);
        let number = OrderNumber::parse(&number).map_err(|_| not_found())?;
        let order = self
            .state
            .orders
            .records
            .order(&number)
            .await
            .map_err(ApiError::from)?
            .ok_or_else(not_found)?;
        let s = self
            .manage()
            .repeat(
                &customer,
                &order,
                body.interval.into(),
                body.address_id,
                body.payment_id,
            )
            .await?;
        Ok(Repeated::Created(Json(self.detail(s).await?)))
    }
}
