//! What orders need from storage. Each method is one short transaction whose writes
//! are conditional (`... WHERE stock >= $n`, `... WHERE status = 'placed'`), so a
//! retry, a race or a second instance can never take stock or a balance twice, nor
//! move an order past a state it already left. See docs/decisions.md, "Orders".

use super::model::{GiftCardUse, Order, OrderStatus};
use super::number::OrderNumber;
use crate::bag::ItemRef;
use crate::checkout::storage::NewGiftCard;
use crate::clock::Timestamp;
use crate::input::Email;
use crate::jobs::NewJob;
use crate::ports::StorageError;
use crate::shipping::ShippingChoice;
use async_trait::async_trait;

/// A discount code's use, counted by the order that reserves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscountUse {
    pub code: String,
    /// Spec 3's discount e-mail.
    pub email: Option<Email>,
    /// Refuse a second use by `email` (checked in the reserving transaction).
    pub once_per_shopper: bool,
}

/// Everything the reserving transaction writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOrder {
    /// Status `Placed`, its history one `Placed` change; the gift cards are spent
    /// from their balances.
    pub order: Order,
    /// The client's key for this submit: a second submit with it finds this order.
    pub idempotency_key: String,
    /// What the submit asked for (`PlaceRequest::fingerprint`): the same key with
    /// another request is refused.
    pub request_hash: String,
    /// Units to take, per item: a bundle's units are taken from its products.
    pub stock: Vec<(ItemRef, i64)>,
    pub discount_use: Option<DiscountUse>,
}

/// Why reserving failed; nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum ReserveError {
    /// Another submit with this idempotency key reserved first.
    #[error("this idempotency key is taken")]
    KeyTaken,
    /// The order number is taken (odds about 2^-59): make another.
    #[error("this order number is taken")]
    NumberTaken,
    /// Fewer units of this item are left than the order takes.
    #[error("sold out")]
    SoldOut(ItemRef),
    /// The card with these last four symbols holds less than the order spends.
    #[error("gift card balance changed")]
    GiftCardSpent(String),
    /// The discount code reached its usage limit, or this shopper used it already.
    #[error("discount used up")]
    DiscountUsedUp,
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// An order found by the idempotency key it was placed with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyedOrder {
    pub order: Order,
    pub request_hash: String,
}

/// What an owner's move came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Moved {
    Moved(Box<Order>),
    /// The order is not (or no longer) in the state moved from: nothing changed.
    Changed,
    /// An e-gift card to take back has been spent (its last four): nothing changed.
    CardSpent(String),
}

#[async_trait]
pub trait Orders: Send + Sync {
    async fn keyed_order(&self, idempotency_key: &str) -> Result<Option<KeyedOrder>, StorageError>;

    /// In one transaction: claims the key, writes the order `Placed`, takes its stock
    /// and gift card balances and counts its discount use, each only if enough is
    /// left; on any shortfall, nothing.
    async fn reserve(&self, order: &NewOrder) -> Result<(), ReserveError>;

    /// `Placed` to `Paid`, recording the captured charge (none when the gift cards
    /// paid it all), issuing the e-gift cards `cards` and queueing `jobs`, in one
    /// transaction. An order no longer `Placed` is left as it is. Answers whether this
    /// call moved it (the order is then `Order::paid`, so nothing is read back).
    async fn record_payment(
        &self,
        number: &OrderNumber,
        charge_id: Option<&str>,
        cards: &[NewGiftCard],
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError>;

    /// `Placed` to `Declined` (`why` the card refused), giving back the stock, the
    /// gift card balances and the discount use, in one transaction. An order no
    /// longer `Placed` is left as it is. Answers whether this call moved it (the order
    /// is then `Order::released`).
    async fn release(
        &self,
        number: &OrderNumber,
        why: &str,
        at: Timestamp,
    ) -> Result<bool, StorageError>;

    /// The owner's move from `from` to `to` (checked by `OrderStatus`), with `jobs`
    /// queued; `Cancelled` also gives back the stock and the gift card balances, and
    /// takes back `void`: the e-gift cards the order issued, each only if it still
    /// holds its whole value (`amount`), all or none, in the same transaction.
    async fn move_order(
        &self,
        number: &OrderNumber,
        from: OrderStatus,
        to: OrderStatus,
        jobs: &[NewJob],
        void: &[GiftCardUse],
        at: Timestamp,
    ) -> Result<Moved, StorageError>;

    async fn order(&self, number: &OrderNumber) -> Result<Option<Order>, StorageError>;

    /// Removes declined orders placed before `before`, with their lines: each is a
    /// card refused (or an order given up), kept a while for the owner and then only
    /// taking room that anyone who can reach checkout could fill. How many.
    async fn purge_declined(&self, before: Timestamp) -> Result<u64, StorageError>;

    /// Gives customer `customer_id` the guest orders placed with `email`, once the
    /// customer has shown the address is theirs (a registration confirmed by its
    /// mailed code): how many. An order that has a customer keeps it.
    async fn adopt_guest_orders(
        &self,
        email: &Email,
        customer_id: i64,
    ) -> Result<u64, StorageError>;

    /// How the customer's newest order a shopper may see came (a method or pickup);
    /// none before a first order or after an e-mailed one. Asked at every session
    /// check, so it reads one row, not the whole order.
    async fn last_shipping_choice(
        &self,
        customer_id: i64,
    ) -> Result<Option<ShippingChoice>, StorageError>;

    /// A customer's orders a shopper may see, newest first.
    async fn customer_orders(
        &self,
        customer_id: i64,
        limit: u32,
    ) -> Result<Vec<Order>, StorageError>;

    /// Orders placed at `since` or later, oldest first: what the owner's reconciliation
    /// compares with the processor's charges.
    async fn orders_since(&self, since: Timestamp) -> Result<Vec<Order>, StorageError>;

    /// Orders still `Placed`: their payment never finished.
    async fn unfinished(&self) -> Result<Vec<Order>, StorageError>;

    /// The newest orders, of one status or all, for the owner.
    async fn orders(
        &self,
        status: Option<OrderStatus>,
        limit: u32,
    ) -> Result<Vec<Order>, StorageError>;
}
