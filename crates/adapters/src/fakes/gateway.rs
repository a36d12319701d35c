//! A card gateway in memory: tokens numbered in order, for tests of the layers above.

use super::{read, write};
use async_trait::async_trait;
use std::sync::RwLock;
use store_domain::clock::Timestamp;
use store_domain::payments::{CardDetails, CardToken, PaymentError};
use store_domain::ports::PaymentGateway;

#[derive(Default)]
pub struct InMemoryGateway {
    tokens: RwLock<Vec<CardToken>>,
}

#[async_trait]
impl PaymentGateway for InMemoryGateway {
    async fn create_token(
        &self,
        card: &CardDetails,
        _at: Timestamp,
    ) -> Result<CardToken, PaymentError> {
        let mut tokens = write(&self.tokens);
        let token = CardToken {
            token: format!("tok_test_{}", tokens.len() + 1),
            brand: card.brand(),
            last4: card.last4().to_owned(),
            exp_month: card.exp_month,
            exp_year: card.exp_year,
        };
        tokens.push(token.clone());
        Ok(token)
    }

    async fn card(&self, token: &str) -> Result<Option<CardToken>, PaymentError> {
        Ok(read(&self.tokens)
            .iter()
            .find(|t| t.token == token)
            .cloned())
    }
}
