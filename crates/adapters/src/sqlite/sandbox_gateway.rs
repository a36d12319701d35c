//! The embedded sandbox card gateway: it tokenises any well-formed card, keeping only
//! the brand, the last four digits, the expiry and the outcome its test number asks
//! for (docs/api.md lists them). It is what a shopper meets when no real processor is
//! configured; it never sees a real charge.

use super::rows::row;
use super::{SqliteStore, corrupt};
use crate::clock::utc_text;
use async_trait::async_trait;
use rand::Rng;
use store_domain::clock::Timestamp;
use store_domain::payments::{Brand, CardDetails, CardToken, PaymentError};
use store_domain::ports::PaymentGateway;

/// The test numbers that ask for a failure when the card is charged; every other valid
/// number is approved. (The well-known numbers card processors document for testing.)
pub const TEST_OUTCOMES: [(&str, &str); 4] = [
    ("4000000000000002", "declined"),
    ("4000000000009995", "insufficient_funds"),
    ("4000000000000069", "expired_card"),
    ("4000000000000127", "incorrect_cvc"),
];

pub struct SandboxGateway {
    store: SqliteStore,
}

impl SandboxGateway {
    pub fn new(store: SqliteStore) -> Self {
        SandboxGateway { store }
    }
}

row! {
    struct TokenRow {
        token: String,
        brand: String,
        last4: String,
        exp_month: i64,
        exp_year: i64,
    }
}

fn failed(err: sqlx::Error) -> PaymentError {
    PaymentError::Gateway(err.to_string())
}

#[async_trait]
impl PaymentGateway for SandboxGateway {
    async fn create_token(
        &self,
        card: &CardDetails,
        at: Timestamp,
    ) -> Result<CardToken, PaymentError> {
        let outcome = TEST_OUTCOMES
            .iter()
            .find(|(number, _)| *number == card.number())
            .map_or("approved", |(_, outcome)| outcome);
        let token = CardToken {
            token: format!("tok_{}", hex_token()),
            brand: card.brand(),
            last4: card.last4().to_owned(),
            exp_month: card.exp_month,
            exp_year: card.exp_year,
        };
        sqlx::query(
            "INSERT INTO sandbox_cards (token, brand, last4, exp_month, exp_year, outcome, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&token.token)
        .bind(token.brand.as_str())
        .bind(&token.last4)
        .bind(i64::from(token.exp_month))
        .bind(i64::from(token.exp_year))
        .bind(outcome)
        .bind(utc_text(at))
        .execute(&self.store.writer)
        .await
        .map_err(failed)?;
        Ok(token)
    }

    async fn card(&self, token: &str) -> Result<Option<CardToken>, PaymentError> {
        let row: Option<TokenRow> = sqlx::query_as(
            "SELECT token, brand, last4, exp_month, exp_year FROM sandbox_cards WHERE token = $1",
        )
        .bind(token)
        .fetch_optional(&self.store.pool)
        .await
        .map_err(failed)?;
        row.map(|r| {
            let number = |n: i64| {
                u32::try_from(n).map_err(|_| PaymentError::Storage(corrupt("sandbox card")))
            };
            Ok(CardToken {
                token: r.token,
                brand: Brand::parse(&r.brand),
                last4: r.last4,
                exp_month: number(r.exp_month)?,
                exp_year: number(r.exp_year)?,
            })
        })
        .transpose()
    }
}

/// 128 random bits in hex: a token nobody can guess.
fn hex_token() -> String {
    let bytes: [u8; 16] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
