//! What returns need from storage. Each method is one short transaction of conditional
//! writes, backed by constraints (migration 0017): a line's units back never exceed
//! those bought, the money back for it never what it cost, the card's part never what
//! the card paid; a return moves from a state only if it is still in it.

use super::model::{Return, ReturnNumber, ReturnStatus};
use crate::bag::ItemRef;
use crate::checkout::storage::NewGiftCard;
use crate::clock::Timestamp;
use crate::jobs::NewJob;
use crate::orders::number::OrderNumber;
use crate::ports::StorageError;
use async_trait::async_trait;

/// Everything the requesting transaction writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReturn {
    /// Status `Requested`, its history one `Requested` change; its sequence is the
    /// order's returns as read, plus one.
    pub ret: Return,
    /// The client's key for this request: a retry with it finds this return.
    pub idempotency_key: String,
    /// The mail saying what to do next.
    pub jobs: Vec<NewJob>,
}

/// Why a request was not written; nothing was.
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    /// Another request with this key was written first.
    #[error("this idempotency key is taken")]
    KeyTaken,
    /// The order's returns changed since they were read (another return took this
    /// sequence, or a line's units or money no longer allow it): read and work it out
    /// again.
    #[error("the order's returns changed meanwhile")]
    Changed,
    #[error(transparent)]
    Storage(#[from] StorageError),
}

#[async_trait]
pub trait Returns: Send + Sync {
    /// In one transaction: writes the return with its lines, history and jobs, and
    /// adds its units and amounts to its order's lines, its card part and shipping to
    /// the order, each only while within what was bought and paid; else nothing.
    async fn request(&self, new: &NewReturn) -> Result<(), RequestError>;

    async fn keyed_return(&self, idempotency_key: &str) -> Result<Option<Return>, StorageError>;

    async fn get(&self, number: &ReturnNumber) -> Result<Option<Return>, StorageError>;

    /// The order's returns, oldest first.
    async fn order_returns(&self, order: &OrderNumber) -> Result<Vec<Return>, StorageError>;

    /// `Requested` to `Received`: puts `stock` back (a bundle's units into its
    /// products), issues `credit` (the store credit, if any) and queues `jobs` (the
    /// card's refund, the mail), in one transaction. Answers whether this call moved it.
    async fn receive(
        &self,
        number: &ReturnNumber,
        stock: &[(ItemRef, i64)],
        credit: Option<&NewGiftCard>,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError>;

    /// `Received` to `Refunded`, with `jobs` (the mail). Answers whether this call
    /// moved it.
    async fn mark_refunded(
        &self,
        number: &ReturnNumber,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError>;

    /// `Requested` to `Rejected` (`why`), giving its units and amounts back to what
    /// may still be returned, with `jobs`. Answers whether this call moved it.
    async fn reject(
        &self,
        number: &ReturnNumber,
        why: &str,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError>;

    /// The newest returns, of one status or all, for the owner.
    async fn returns(
        &self,
        status: Option<ReturnStatus>,
        limit: u32,
    ) -> Result<Vec<Return>, StorageError>;
}
