//! The returns API's request and answer bodies.

use crate::api::catalog::wire::{VariationOption, options};
use crate::api::checkout::wire::rfc3339;
use crate::api::text::Text;
use poem_openapi::{Enum, Object};
use store_domain::orders::model::Order;
use store_domain::returns::model::{
    Refund, RefundMethod, Return, ReturnMethod, ReturnReason, ReturnStatus,
};
use store_domain::returns::policy::{Allowance, Blocked};

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "ReturnReason", rename_all = "snake_case")]
pub enum ReasonDto {
    /// Damaged or defective: the store's fault.
    Defective,
    /// Not what was ordered: the store's fault.
    WrongItem,
    NotAsDescribed,
    NoLongerNeeded,
    BetterPrice,
    ArrivedLate,
    Other,
}

impl From<ReasonDto> for ReturnReason {
    fn from(r: ReasonDto) -> Self {
        match r {
            ReasonDto::Defective => ReturnReason::Defective,
            ReasonDto::WrongItem => ReturnReason::WrongItem,
            ReasonDto::NotAsDescribed => ReturnReason::NotAsDescribed,
            ReasonDto::NoLongerNeeded => ReturnReason::NoLongerNeeded,
            ReasonDto::BetterPrice => ReturnReason::BetterPrice,
            ReasonDto::ArrivedLate => ReturnReason::ArrivedLate,
            ReasonDto::Other => ReturnReason::Other,
        }
    }
}

impl From<ReturnReason> for ReasonDto {
    fn from(r: ReturnReason) -> Self {
        match r {
            ReturnReason::Defective => ReasonDto::Defective,
            ReturnReason::WrongItem => ReasonDto::WrongItem,
            ReturnReason::NotAsDescribed => ReasonDto::NotAsDescribed,
            ReturnReason::NoLongerNeeded => ReasonDto::NoLongerNeeded,
            ReturnReason::BetterPrice => ReasonDto::BetterPrice,
            ReturnReason::ArrivedLate => ReasonDto::ArrivedLate,
            ReturnReason::Other => ReasonDto::Other,
        }
    }
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "RefundMethod", rename_all = "snake_case")]
pub enum RefundMethodDto {
    /// The card first, up to what it paid; the gift cards' part as store credit.
    Original,
    /// All of it as a new gift card.
    StoreCredit,
}

impl From<RefundMethodDto> for RefundMethod {
    fn from(m: RefundMethodDto) -> Self {
        match m {
            RefundMethodDto::Original => RefundMethod::Original,
            RefundMethodDto::StoreCredit => RefundMethod::StoreCredit,
        }
    }
}

impl From<RefundMethod> for RefundMethodDto {
    fn from(m: RefundMethod) -> Self {
        match m {
            RefundMethod::Original => RefundMethodDto::Original,
            RefundMethod::StoreCredit => RefundMethodDto::StoreCredit,
        }
    }
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "ReturnMethod", rename_all = "snake_case")]
pub enum ReturnMethodDto {
    /// Brought to the store: no label.
    DropOff,
    /// Posted with the store's prepaid label.
    Label,
}

impl From<ReturnMethodDto> for ReturnMethod {
    fn from(m: ReturnMethodDto) -> Self {
        match m {
            ReturnMethodDto::DropOff => ReturnMethod::DropOff,
            ReturnMethodDto::Label => ReturnMethod::Label,
        }
    }
}

impl From<ReturnMethod> for ReturnMethodDto {
    fn from(m: ReturnMethod) -> Self {
        match m {
            ReturnMethod::DropOff => ReturnMethodDto::DropOff,
            ReturnMethod::Label => ReturnMethodDto::Label,
        }
    }
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "ReturnStatus", rename_all = "snake_case")]
pub enum ReturnStatusDto {
    Requested,
    Received,
    Refunded,
    Rejected,
}

impl From<ReturnStatus> for ReturnStatusDto {
    fn from(s: ReturnStatus) -> Self {
        match s {
            ReturnStatus::Requested => ReturnStatusDto::Requested,
            ReturnStatus::Received => ReturnStatusDto::Received,
            ReturnStatus::Refunded => ReturnStatusDto::Refunded,
            ReturnStatus::Rejected => ReturnStatusDto::Rejected,
        }
    }
}

/// One order line to send back.
#[derive(Object, Debug)]
pub struct ReturnLineInput {
    /// The line's place in the order's `lines`, from 0.
    #[oai(validator(minimum(value = "0"), maximum(value = "99")))]
    pub position: u32,
    #[oai(validator(minimum(value = "1"), maximum(value = "1000")))]
    pub quantity: i64,
    pub reason: ReasonDto,
    /// The shopper's own words.
    #[oai(validator(max_length = 500))]
    pub note: Option<Text>,
}

/// What a shopper asks to send back, and how.
#[derive(Object, Debug)]
pub struct ReturnRequest {
    #[oai(validator(min_items = 1, max_items = 100))]
    pub lines: Vec<ReturnLineInput>,
    pub refund_method: RefundMethodDto,
    pub return_method: ReturnMethodDto,
    /// The client's key for this return (made once per summary): a retry with it
    /// answers the return the first made. Ignored by the preview.
    #[oai(validator(min_length = 16, max_length = 100, pattern = "^[A-Za-z0-9_-]+$"))]
    pub idempotency_key: Option<String>,
}

/// What a return gives back, in cents.
#[derive(Object)]
pub struct RefundDto {
    /// The items' part: what was paid for them, tax, gift wrap and fees included.
    pub items: i64,
    /// The order's shipping, given back with the last of the order.
    pub shipping: i64,
    /// Taken off for a prepaid label when an item excluded from free returns comes
    /// back for a reason of the shopper's.
    pub label_fee: i64,
    pub total: i64,
    pub to_card: i64,
    /// Issued as a new gift card.
    pub to_store_credit: i64,
}

impl From<Refund> for RefundDto {
    fn from(f: Refund) -> Self {
        RefundDto {
            items: f.items.cents(),
            shipping: f.shipping.cents(),
            label_fee: f.label_fee.cents(),
            total: f.total.cents(),
            to_card: f.to_card.cents(),
            to_store_credit: f.to_store_credit.cents(),
        }
    }
}

/// Why a line can never come back.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "NotReturnable", rename_all = "snake_case")]
pub enum BlockedDto {
    Digital,
    GiftCard,
    Service,
    FinalSale,
}

impl From<Blocked> for BlockedDto {
    fn from(b: Blocked) -> Self {
        match b {
            Blocked::Digital => BlockedDto::Digital,
            Blocked::GiftCard => BlockedDto::GiftCard,
            Blocked::Service => BlockedDto::Service,
            Blocked::FinalSale => BlockedDto::FinalSale,
        }
    }
}

/// One order line as the return pages show it.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ReturnableLineDto {
    pub position: u32,
    pub title: String,
    pub heb_title: Option<String>,
    pub image: Option<String>,
    pub options: Vec<VariationOption>,
    /// Units bought.
    pub quantity: i64,
    /// Units back or on an open return.
    pub taken: i64,
    /// Units that may still come back now (0 when the window is closed).
    pub left: i64,
    /// Why it can never come back, if so.
    pub not_returnable: Option<BlockedDto>,
    /// Personalized: it comes back only damaged, defective or wrong.
    pub faults_only: bool,
    /// Excluded from free returns: a prepaid label for a reason of the shopper's costs
    /// `label_fee`.
    pub label_fee: bool,
}

/// Everything the return pages need about an order.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ReturnOptionsDto {
    pub order_number: String,
    /// Why nothing can be returned now (the order is not delivered, or its 30 days are
    /// over); absent while returns are open.
    pub closed: Option<String>,
    /// RFC 3339: when the free-return window closes.
    pub window_closes_at: Option<String>,
    pub lines: Vec<ReturnableLineDto>,
    /// What a prepaid label costs when one is charged.
    pub label_fee: i64,
    /// The card the order was paid with (its refunds go back to it), if any.
    pub card_last4: Option<String>,
    /// The order's returns so far, oldest first.
    pub returns: Vec<ReturnDto>,
}

impl ReturnOptionsDto {
    pub fn lines(order: &Order, allowances: &[Allowance], open: bool) -> Vec<ReturnableLineDto> {
        order
            .lines
            .iter()
            .zip(allowances)
            .map(|(line, a)| ReturnableLineDto {
                position: u32::try_from(a.position).unwrap_or(u32::MAX),
                title: line.title.clone(),
                heb_title: line.heb_title.clone(),
                image: line.image.clone(),
                options: options(line.options.clone()),
                quantity: a.bought,
                taken: a.taken,
                left: if open { a.left } else { 0 },
                not_returnable: a.blocked.map(BlockedDto::from),
                faults_only: a.faults_only,
                label_fee: a.label_fee,
            })
            .collect()
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ReturnLineDto {
    pub position: u32,
    pub title: String,
    pub heb_title: Option<String>,
    pub image: Option<String>,
    pub quantity: i64,
    pub reason: ReasonDto,
    pub note: Option<String>,
    /// What these units give back.
    pub amount: i64,
}

#[derive(Object)]
pub struct ReturnChangeDto {
    pub status: ReturnStatusDto,
    /// RFC 3339.
    pub at: String,
}

/// A return as its shopper sees it.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ReturnDto {
    /// `7KQ4-M2XD-9PRT-2`: the order's number and the return's place among its returns.
    pub number: String,
    pub order_number: String,
    pub status: ReturnStatusDto,
    pub lines: Vec<ReturnLineDto>,
    pub refund_method: RefundMethodDto,
    pub return_method: ReturnMethodDto,
    pub refund: RefundDto,
    /// Asked for by a gift's recipient.
    pub gift: bool,
    /// Why the store turned it down.
    pub rejection: Option<String>,
    /// Oldest first.
    pub history: Vec<ReturnChangeDto>,
}

impl ReturnDto {
    pub fn new(ret: Return, order: &Order) -> ReturnDto {
        ReturnDto {
            number: ret.number.display(),
            order_number: ret.number.order.display(),
            status: ret.status.into(),
            lines: ret
                .lines
                .into_iter()
                .map(|l| {
                    let bought = order.lines.get(l.position);
                    ReturnLineDto {
                        position: u32::try_from(l.position).unwrap_or(u32::MAX),
                        title: bought.map(|b| b.title.clone()).unwrap_or_default(),
                        heb_title: bought.and_then(|b| b.heb_title.clone()),
                        image: bought.and_then(|b| b.image.clone()),
                        quantity: l.quantity,
                        reason: l.reason.into(),
                        note: l.note,
                        amount: l.amount.cents(),
                    }
                })
                .collect(),
            refund_method: ret.refund_method.into(),
            return_method: ret.return_method.into(),
            refund: ret.refund.into(),
            gift: ret.gift,
            rejection: ret.rejection,
            history: ret
                .history
                .into_iter()
                .map(|c| ReturnChangeDto {
                    status: c.status.into(),
                    at: rfc3339(c.at),
                })
                .collect(),
        }
    }
}

/// A gift's recipient opening its order: the number and the gift receipt's code.
#[derive(Object, Debug)]
pub struct GiftReceipt {
    #[oai(validator(max_length = 32))]
    pub order_number: Text,
    #[oai(validator(max_length = 32))]
    pub code: Text,
}

/// What a gift's recipient may send back: the order's lines without prices, and
/// nothing of its buyer.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct GiftReturnOptionsDto {
    pub order_number: String,
    /// Why nothing can be returned now; absent while returns are open.
    pub closed: Option<String>,
    /// RFC 3339: when the free-return window closes.
    pub window_closes_at: Option<String>,
    pub lines: Vec<ReturnableLineDto>,
}

/// A gift's recipient asking to send items back for store credit, mailed to `email`.
#[derive(Object, Debug)]
pub struct GiftReturnRequest {
    #[oai(validator(max_length = 32))]
    pub order_number: Text,
    #[oai(validator(max_length = 32))]
    pub code: Text,
    /// Where the store credit (a gift card) and the return's mails go.
    #[oai(validator(max_length = 254))]
    pub email: Text,
    #[oai(validator(min_items = 1, max_items = 100))]
    pub lines: Vec<ReturnLineInput>,
    pub return_method: ReturnMethodDto,
    /// As for `ReturnRequest`: a retry with the key answers the same return.
    #[oai(validator(min_length = 16, max_length = 100, pattern = "^[A-Za-z0-9_-]+$"))]
    pub idempotency_key: String,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct GiftReturnLineDto {
    pub position: u32,
    pub title: String,
    pub heb_title: Option<String>,
    pub image: Option<String>,
    pub quantity: i64,
    pub reason: ReasonDto,
    pub note: Option<String>,
}

/// A gift return as its recipient sees it: no prices, nothing of the buyer.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct GiftReturnDto {
    pub number: String,
    pub order_number: String,
    pub status: ReturnStatusDto,
    pub lines: Vec<GiftReturnLineDto>,
    pub return_method: ReturnMethodDto,
    /// Where the store credit is mailed once the parcel is received.
    pub email: String,
    pub rejection: Option<String>,
    /// Oldest first.
    pub history: Vec<ReturnChangeDto>,
}

impl GiftReturnDto {
    pub fn new(ret: Return, order: &Order) -> GiftReturnDto {
        let seen = ReturnDto::new(ret.clone(), order);
        GiftReturnDto {
            number: seen.number,
            order_number: seen.order_number,
            status: seen.status,
            lines: seen
                .lines
                .into_iter()
                .map(|l| GiftReturnLineDto {
                    position: l.position,
                    title: l.title,
                    heb_title: l.heb_title,
                    image: l.image,
                    quantity: l.quantity,
                    reason: l.reason,
                    note: l.note,
                })
                .collect(),
            return_method: seen.return_method,
            email: ret.credit_email,
            rejection: seen.rejection,
            history: seen.history,
        }
    }
}
