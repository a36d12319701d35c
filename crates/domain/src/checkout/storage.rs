//! What checkout needs from storage: gift cards found by their code's hash, and
//! discount codes with their past uses. The order issue adds the writes that spend
//! a card's balance and record a discount's use.

use super::discounts::{Discount, DiscountCode, DiscountUsage};
use super::gift_cards::GiftCard;
use crate::clock::Timestamp;
use crate::input::Email;
use crate::money::Money;
use crate::ports::StorageError;
use crate::token::TokenHash;
use async_trait::async_trait;

/// A card to issue: only its code's hash and last four symbols are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGiftCard {
    pub code_hash: TokenHash,
    pub last_four: String,
    pub balance: Money,
    pub expires_at: Option<Timestamp>,
}

#[derive(Debug, thiserror::Error)]
pub enum IssueError {
    /// A card with this code exists already (a code collision: issue another).
    #[error("a gift card with this code exists already")]
    Duplicate,
    #[error(transparent)]
    Storage(#[from] StorageError),
}

#[async_trait]
pub trait GiftCards: Send + Sync {
    /// The card whose code hashes to `code_hash`, if any.
    async fn gift_card(&self, code_hash: &TokenHash) -> Result<Option<GiftCard>, StorageError>;
    /// Stores a new card with its whole balance.
    async fn issue_gift_card(&self, card: &NewGiftCard, at: Timestamp) -> Result<(), IssueError>;
}

/// A discount with how often it has been used, for the owner's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscountListed {
    pub discount: Discount,
    pub times_used: u32,
    pub created_at: Timestamp,
}

#[derive(Debug, thiserror::Error)]
pub enum CreateDiscountError {
    #[error("a discount with this code exists already")]
    Duplicate,
    #[error(transparent)]
    Storage(#[from] StorageError),
}

#[async_trait]
pub trait Discounts: Send + Sync {
    async fn discount(&self, code: &DiscountCode) -> Result<Option<Discount>, StorageError>;
    /// How often `code` was used, and whether by `email` (spec 3's discount e-mail).
    async fn usage(
        &self,
        code: &DiscountCode,
        email: Option<&Email>,
    ) -> Result<DiscountUsage, StorageError>;
    async fn create_discount(
        &self,
        discount: &Discount,
        at: Timestamp,
    ) -> Result<(), CreateDiscountError>;
    /// Every discount, newest first.
    async fn discounts(&self) -> Result<Vec<DiscountListed>, StorageError>;
}
