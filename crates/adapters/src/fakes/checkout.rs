//! Gift cards and discount codes in memory, under one lock, refusing what the
//! database's keys and checks refuse.

use super::{read, write};
use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::RwLock;
use store_domain::checkout::discounts::{Discount, DiscountCode, DiscountUsage};
use store_domain::checkout::gift_cards::GiftCard;
use store_domain::checkout::storage::{
    CreateDiscountError, DiscountListed, Discounts, GiftCards, IssueError, NewGiftCard,
};
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::money::Money;
use store_domain::ports::StorageError;
use store_domain::token::TokenHash;

/// One order's use of a code, as the order will record it.
struct Use {
    code: DiscountCode,
    email: Option<Email>,
    order_ref: String,
}

#[derive(Default)]
struct State {
    /// By code hash.
    cards: HashMap<String, GiftCard>,
    /// Oldest first, each with its creation time.
    discounts: Vec<(Discount, Timestamp)>,
    uses: Vec<Use>,
}

#[derive(Default)]
pub struct InMemoryCheckout {
    state: RwLock<State>,
}

impl InMemoryCheckout {
    /// Records that the order `order_ref` used `code`, as the order will: an order
    /// already recorded counts once. For tests that need past uses.
    pub fn record_discount_use(&self, code: &DiscountCode, email: Option<&Email>, order_ref: &str) {
        let mut state = write(&self.state);
        if !state.uses.iter().any(|u| u.order_ref == order_ref) {
            state.uses.push(Use {
                code: code.clone(),
                email: email.cloned(),
                order_ref: order_ref.to_owned(),
            });
        }
    }

    /// Counts the order's use of `code` if its limit and, when `once_per_shopper`,
    /// the shopper's earlier uses allow (as the SQLite adapter's conditional update).
    pub fn use_discount(
        &self,
        code: &str,
        email: Option<&Email>,
        once_per_shopper: bool,
        order_ref: &str,
    ) -> bool {
        let mut state = write(&self.state);
        let Some((discount, _)) = state
            .discounts
            .iter()
            .find(|(d, _)| d.code.as_str() == code)
        else {
            return false;
        };
        let code = discount.code.clone();
        let limit = discount.usage_limit;
        let uses: Vec<&Use> = state.uses.iter().filter(|u| u.code == code).collect();
        let full = limit.is_some_and(|l| uses.len() >= l as usize);
        let again = once_per_shopper
            && email.is_some_and(|e| uses.iter().any(|u| u.email.as_ref() == Some(e)));
        if full || again {
            return false;
        }
        state.uses.push(Use {
            code,
            email: email.cloned(),
            order_ref: order_ref.to_owned(),
        });
        true
    }

    /// Forgets the order's use of a code.
    pub fn drop_discount_use(&self, order_ref: &str) {
        write(&self.state).uses.retain(|u| u.order_ref != order_ref);
    }

    /// Takes each amount from its card if it holds that much and has not expired at
    /// `now`, all or none: the last four symbols of the first card short of it.
    pub fn spend(&self, uses: &[(TokenHash, Money, String)], now: Timestamp) -> Result<(), String> {
        let mut state = write(&self.state);
        let before = state.cards.clone();
        for (hash, amount, last_four) in uses {
            match state.cards.get_mut(hash.as_str()) {
                Some(card)
                    if card.balance >= *amount && card.expires_at.is_none_or(|at| at > now) =>
                {
                    card.balance = Money::from_cents(card.balance.cents() - amount.cents());
                }
                _ => {
                    state.cards = before;
                    return Err(last_four.clone());
                }
            }
        }
        Ok(())
    }

    /// Empties each card that still holds exactly its amount, all or none: the last
    /// four symbols of the first that does not.
    pub fn take_whole(&self, cards: &[(TokenHash, Money, String)]) -> Result<(), String> {
        let mut state = write(&self.state);
        let whole = |(hash, amount, _): &(TokenHash, Money, String)| {
            state
                .cards
                .get(hash.as_str())
                .is_some_and(|c| c.balance == *amount)
        };
        if let Some((_, _, last_four)) = cards.iter().find(|c| !whole(c)) {
            return Err(last_four.clone());
        }
        for (hash, _, _) in cards {
            if let Some(card) = state.cards.get_mut(hash.as_str()) {
                card.balance = Money::ZERO;
            }
        }
        Ok(())
    }

    /// Issues paid-for cards, as the order's payment does; a code already issued is
    /// left as it is.
    pub fn add_cards(&self, cards: &[NewGiftCard]) {
        let mut state = write(&self.state);
        for card in cards {
            state
                .cards
                .entry(card.code_hash.as_str().to_owned())
                .or_insert_with(|| GiftCard {
                    last_four: card.last_four.clone(),
                    balance: card.balance,
                    expires_at: card.expires_at,
                });
        }
    }

    /// Gives back what `spend` took.
    pub fn give_back(&self, uses: &[(TokenHash, Money)]) {
        let mut state = write(&self.state);
        for (hash, amount) in uses {
            if let Some(card) = state.cards.get_mut(hash.as_str()) {
                card.balance = Money::from_cents(card.balance.cents() + amount.cents());
            }
        }
    }
}

/// What a CHECK constraint answers.
fn refused(what: &str) -> StorageError {
    StorageError::Storage(format!("CHECK constraint failed: {what}"))
}

#[async_trait]
impl GiftCards for InMemoryCheckout {
    async fn gift_card(&self, code_hash: &TokenHash) -> Result<Option<GiftCard>, StorageError> {
        Ok(read(&self.state).cards.get(code_hash.as_str()).cloned())
    }

    async fn issue_gift_card(&self, card: &NewGiftCard, _at: Timestamp) -> Result<(), IssueError> {
        if card.balance <= Money::ZERO {
            return Err(refused("initial_balance > 0").into());
        }
        if card.last_four.chars().count() != 4 {
            return Err(refused("length(last_four) = 4").into());
        }
        let mut state = write(&self.state);
        if state.cards.contains_key(card.code_hash.as_str()) {
            return Err(IssueError::Duplicate);
        }
        state.cards.insert(
            card.code_hash.as_str().to_owned(),
            GiftCard {
                last_four: card.last_four.clone(),
                balance: card.balance,
                expires_at: card.expires_at,
            },
        );
        Ok(())
    }
}

#[async_trait]
impl Discounts for InMemoryCheckout {
    async fn discount(&self, code: &DiscountCode) -> Result<Option<Discount>, StorageError> {
        Ok(read(&self.state)
            .discounts
            .iter()
            .find(|(d, _)| &d.code == code)
            .map(|(d, _)| d.clone()))
    }

    async fn usage(
        &self,
        code: &DiscountCode,
        email: Option<&Email>,
    ) -> Result<DiscountUsage, StorageError> {
        let state = read(&self.state);
        let uses = state.uses.iter().filter(|u| &u.code == code);
        Ok(DiscountUsage {
            times_used: count(uses.clone().count()),
            used_by_shopper: email
                .is_some_and(|e| uses.clone().any(|u| u.email.as_ref() == Some(e))),
        })
    }

    async fn create_discount(
        &self,
        discount: &Discount,
        at: Timestamp,
    ) -> Result<(), CreateDiscountError> {
        discount.validate().map_err(|e| refused(&e.to_string()))?;
        if discount.excluded_products.iter().any(|&id| id <= 0) {
            return Err(refused("product_id > 0").into());
        }
        let mut state = write(&self.state);
        if state.discounts.iter().any(|(d, _)| d.code == discount.code) {
            return Err(CreateDiscountError::Duplicate);
        }
        let mut kept = discount.clone();
        kept.excluded_products.sort_unstable();
        kept.excluded_products.dedup();
        state.discounts.push((kept, at));
        Ok(())
    }

    async fn discounts(&self) -> Result<Vec<DiscountListed>, StorageError> {
        let state = read(&self.state);
        let mut listed: Vec<DiscountListed> = state
            .discounts
            .iter()
            .map(|(discount, created_at)| DiscountListed {
                times_used: count(
                    state
                        .uses
                        .iter()
                        .filter(|u| u.code == discount.code)
                        .count(),
                ),
                discount: discount.clone(),
                created_at: *created_at,
            })
            .collect();
        // Newest first; one time orders by code, as the database does.
        listed.sort_by(|a, b| {
            b.created_at
                .cmp(&a.created_at)
                .then_with(|| a.discount.code.as_str().cmp(b.discount.code.as_str()))
        });
        Ok(listed)
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
