//! Subscription products (issue 29; spec 2.1 `/subscription/:type_id/:group_id` and
//! `/subscription-confirmation/:subscription_id`; the calls are "not shown"): what is
//! sold by subscription, open to anyone; and, signed in, the first delivery's price
//! to a saved address (buying one is `POST /customer/subscriptions`, with the
//! subscriptions' other calls).

use super::subscriptions::{IntervalDto, SubscriptionDetail, SubscriptionsApi};
use super::{CustomerApiError, signed_in};
use crate::api::ApiTags;
use crate::api::accounts::session_cookie::Session;
use crate::api::error::{ApiError, message};
use crate::ordering::place_context;
use crate::state::AppState;
use poem::Request;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use store_domain::accounts::Customer;
use store_domain::bag::{ItemRef, LineType, OfferStock};
use store_domain::orders::place::PlaceError;
use store_domain::subscriptions::manage::PlanChoice;
use store_domain::subscriptions::plans::{PlanGroup, PlanType, find_group, saving_percent};
use store_domain::subscriptions::scheduler::price_delivery;

pub struct PlansApi {
    pub state: AppState,
}

/// One plan a group is sold on.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PlanDto {
    pub id: i64,
    pub interval: IntervalDto,
    /// Cents per delivery, before tax and shipping.
    pub price: i64,
    /// The product's price bought once, in cents, which `saving_percent` is against.
    pub price_once: i64,
    /// Whole percent saved per delivery against buying once, rounded down.
    pub saving_percent: u32,
    /// A fixed number of deliveries; none: until cancelled.
    pub deliveries: Option<u32>,
}

/// What each delivery of a group brings.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PlanProductDto {
    pub id: i64,
    pub title: String,
    pub heb_title: Option<String>,
    pub path: String,
    pub image: Option<String>,
    /// Whether it can be delivered now; when not, a delivery due passes with a mail.
    pub in_stock: bool,
}

/// A group of choices: one product, on several plans.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PlanGroupDto {
    pub id: i64,
    pub type_id: i64,
    pub type_name: String,
    pub heb_type_name: String,
    pub slug: String,
    pub name: String,
    pub heb_name: String,
    pub description: String,
    pub heb_description: String,
    /// The product of the group's first plan (the demo's groups deliver one product).
    pub product: Option<PlanProductDto>,
    pub plans: Vec<PlanDto>,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PlanGroupList {
    /// In the catalogue's order, type by type.
    pub groups: Vec<PlanGroupDto>,
}

/// A plan priced: how many of its product each delivery brings, to which saved
/// address.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PlanQuoteRequest {
    pub plan_id: i64,
    /// 1 to 20.
    #[oai(validator(minimum(value = "1"), maximum(value = "20")))]
    pub quantity: i64,
    pub address_id: i64,
}

/// A plan bought: how many of its product each delivery brings, to which saved
/// address, paid by which saved card.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PlanRequest {
    pub plan_id: i64,
    /// 1 to 20.
    #[oai(validator(minimum(value = "1"), maximum(value = "20")))]
    pub quantity: i64,
    pub address_id: i64,
    pub payment_id: i64,
}

/// The first delivery: when it is charged and what it costs.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PlanQuote {
    /// YYYY-MM-DD, in the store's time zone: today (charged at once, or at the
    /// charge hour when bought before it). The next ones follow one interval apart.
    pub first_charge_on: String,
    /// Cents: the plan's price times the quantity.
    pub subtotal: i64,
    pub shipping: i64,
    pub tax: i64,
    /// What the card is charged for the first delivery.
    pub total: i64,
    /// Cents saved on each delivery against buying the same quantity once.
    pub saved_per_delivery: i64,
}

/// The plan chosen as the domain takes it: shipped by the store's standard (first)
/// method, mailed in the request's language.
pub(super) fn plan_choice(
    state: &AppState,
    body: &PlanQuoteRequest,
    card_id: i64,
    req: &Request,
) -> PlanChoice {
    PlanChoice {
        plan_id: body.plan_id,
        quantity: body.quantity,
        address_id: body.address_id,
        card_id,
        shipping_method: state
            .checkout
            .config
            .shipping
            .methods
            .first()
            .map_or(0, |m| m.id),
        language: crate::api::language::of(req),
    }
}

#[derive(ApiResponse)]
pub enum Subscribed {
    /// The subscription; its first delivery is charged today.
    #[oai(status = 201)]
    Created(Json<SubscriptionDetail>),
}

impl PlansApi {
    fn subscriptions(&self) -> SubscriptionsApi {
        SubscriptionsApi {
            state: self.state.clone(),
        }
    }

    async fn plans(&self) -> Result<Vec<PlanType>, ApiError> {
        Ok(self.state.orders.subscriptions.plans().await?)
    }

    async fn shown(
        &self,
        groups: Vec<(&PlanType, &PlanGroup)>,
    ) -> Result<Vec<PlanGroupDto>, ApiError> {
        let items: Vec<ItemRef> = groups
            .iter()
            .flat_map(|(_, g)| &g.plans)
            .map(|p| ItemRef::of(LineType::Product, p.product_id))
            .collect();
        let offers = self.state.catalogue.catalog.offers(&items).await?;
        let offer = |id: i64| {
            offers
                .iter()
                .find(|o| o.item == ItemRef::of(LineType::Product, id))
        };
        Ok(groups
            .into_iter()
            .map(|(t, g)| PlanGroupDto {
                id: g.id,
                type_id: t.id,
                type_name: t.name.clone(),
                heb_type_name: t.heb_name.clone(),
                slug: g.slug.clone(),
                name: g.name.clone(),
                heb_name: g.heb_name.clone(),
                description: g.description.clone(),
                heb_description: g.heb_description.clone(),
                product: g.plans.first().and_then(|p| offer(p.product_id)).map(|o| {
                    PlanProductDto {
                        id: o.product_id,
                        title: o.title.clone(),
                        heb_title: o.heb_title.clone(),
                        path: o.path.clone(),
                        image: o.image.clone(),
                        in_stock: matches!(o.stock, OfferStock::Units(n) if n > 0),
                    }
                }),
                plans: g
                    .plans
                    .iter()
                    .map(|p| {
                        let once = offer(p.product_id).map_or(p.price, |o| o.price);
                        PlanDto {
                            id: p.id,
                            interval: p.interval.into(),
                            price: p.price.cents(),
                            price_once: once.cents(),
                            saving_percent: saving_percent(p.price, once),
                            deliveries: p.deliveries,
                        }
                    })
                    .collect(),
            })
            .collect())
    }

    async fn customer(&self, session: &Session) -> Result<Customer, CustomerApiError> {
        signed_in(&self.state, session.token()).await
    }
}

#[OpenApi(tag = "ApiTags::Customer")]
impl PlansApi {
    /// Everything sold by subscription, group by group, with each plan's saving.
    #[oai(path = "/subscription-plans", method = "get", tag = "ApiTags::Catalog")]
    async fn groups(&self) -> Result<Json<PlanGroupList>, ApiError> {
        let plans = self.plans().await?;
        let groups = plans
            .iter()
            .flat_map(|t| t.groups.iter().map(move |g| (t, g)))
            .collect();
        Ok(Json(PlanGroupList {
            groups: self.shown(groups).await?,
        }))
    }

    /// One group of a subscription type: the choices `/subscription/:type_id/:group_id`
    /// shows.
    #[oai(
        path = "/subscription-plans/:type_id/:group_id",
        method = "get",
        tag = "ApiTags::Catalog"
    )]
    async fn group(
        &self,
        type_id: Path<i64>,
        group_id: Path<i64>,
    ) -> Result<Json<PlanGroupDto>, ApiError> {
        let plans = self.plans().await?;
        let Some(found) = find_group(&plans, type_id.0, group_id.0) else {
            return Err(ApiError::NotFound(message("there is no such subscription")));
        };
        let mut shown = self.shown(vec![found]).await?;
        match shown.pop() {
            Some(group) => Ok(Json(group)),
            None => Err(ApiError::Internal(message(
                "a subscription group went missing",
            ))),
        }
    }

    /// The first delivery of a plan to one of the customer's saved addresses: its
    /// date and its price with tax and shipping, as it would be charged.
    #[oai(path = "/customer/subscriptions/quote", method = "post")]
    async fn quote(
        &self,
        req: &Request,
        #[oai(name = "session")] session: Session,
        body: Json<PlanQuoteRequest>,
    ) -> Result<Json<PlanQuote>, CustomerApiError> {
        let customer = self.customer(&session).await?;
        let plans = self.plans().await?;
        let api = self.subscriptions();
        let manage = api.manage();
        // No card is charged by a quote.
        let choice = plan_choice(&self.state, &body, 0, req);
        let subscription = manage.plan_subscription(&customer, &plans, &choice)?;
        manage.own_address(customer.id, body.address_id).await?;
        let quoted = price_delivery(&place_context(&self.state), &subscription)
            .await
            .map_err(|e| match e {
                PlaceError::Storage(e) => CustomerApiError::from(ApiError::from(e)),
                other => CustomerApiError::BadRequest(message(other.to_string())),
            })?;
        if !quoted.quote.unavailable_cart.is_empty() {
            return Err(CustomerApiError::Conflict(message(
                "this product cannot be delivered now; please try again later",
            )));
        }
        let totals = &quoted.quote.totals;
        let line = &subscription.lines[0];
        let once = self
            .state
            .catalogue
            .catalog
            .offers(&[ItemRef::of(line.line_type, line.item_id)])
            .await
            .map_err(ApiError::from)?
            .first()
            .map_or(0, |o| o.price.cents());
        let agreed = line.agreed_price.map_or(0, |m| m.cents());
        Ok(Json(PlanQuote {
            first_charge_on: subscription.timeline.schedule.due_on(0).to_string(),
            subtotal: totals.subtotal.cents(),
            shipping: totals.shipping.cents(),
            tax: totals.tax.cents(),
            total: totals.total.cents(),
            saved_per_delivery: ((once - agreed) * line.quantity).max(0),
        }))
    }
}
