//! The embedded sandbox card gateway: it tokenises any well-formed card, keeping only
//! the brand, the last four digits, the expiry and the outcome its test number asks
//! for (docs/api.md lists them), and authorises, captures, voids and refunds against
//! those tokens as a processor would, idempotently. It is what a shopper meets when no
//! real processor is configured; no money moves.

use super::rows::row;
use super::{SqliteStore, corrupt};
use crate::clock::utc_text;
use async_trait::async_trait;
use rand::Rng;
use sqlx::SqliteConnection;
use store_domain::clock::Timestamp;
use store_domain::payments::{
    Brand, CardDetails, CardToken, Charge, ChargeState, Decline, PaymentError,
};
use store_domain::ports::PaymentGateway;

/// The test numbers that ask for a failure when the card is charged; every other valid
/// number is approved. (The well-known numbers card processors document for testing.)
pub const TEST_OUTCOMES: [(&str, &str); 4] = [
    ("4000000000000002", "declined"),
    ("4000000000009995", "insufficient_funds"),
    ("4000000000000069", "expired_card"),
    ("4000000000000127", "incorrect_cvc"),
];

/// The columns a `ChargeRow` reads.
macro_rules! charge_columns {
    () => {
        "id, token, amount, refunded, state, decline"
    };
}

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
        .execute(&mut *self.store.writer().await.map_err(failed)?)
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

    async fn authorize(
        &self,
        token: &str,
        amount: i64,
        key: &str,
        at: Timestamp,
    ) -> Result<Charge, PaymentError> {
        if amount < 1 {
            return Err(PaymentError::Refused(format!("a charge of {amount} cents")));
        }
        // One statement: the card's outcome decides the new charge's state, and a key
        // seen before answers its first charge (the conflict's no-op update makes
        // RETURNING give the row that was there). No card, no row.
        let row: Option<ChargeRow> = sqlx::query_as(concat!(
            "INSERT INTO sandbox_charges
                 (id, idempotency_key, token, amount, refunded, state, decline, created_at)
             SELECT $1, $2, token, $3, 0,
                 CASE outcome WHEN 'approved' THEN 'authorized' ELSE 'declined' END,
                 CASE outcome WHEN 'approved' THEN NULL ELSE outcome END, $4
             FROM sandbox_cards WHERE token = $5
             ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key
             RETURNING ",
            charge_columns!()
        ))
        .bind(format!("ch_{}", hex_token()))
        .bind(key)
        .bind(amount)
        .bind(utc_text(at))
        .bind(token)
        .fetch_optional(&mut *self.store.writer().await.map_err(failed)?)
        .await
        .map_err(failed)?;
        let row = row.ok_or(PaymentError::UnknownToken)?;
        let charge = row.charge()?;
        if charge.token != token || charge.amount != amount {
            return Err(PaymentError::Refused(
                "this idempotency key was used for another charge".to_owned(),
            ));
        }
        answer(charge)
    }

    async fn charge_by_key(&self, key: &str) -> Result<Option<Charge>, PaymentError> {
        let row: Option<ChargeRow> = sqlx::query_as(concat!(
            "SELECT ",
            charge_columns!(),
            " FROM sandbox_charges",
            " WHERE idempotency_key = $1"
        ))
        .bind(key)
        .fetch_optional(&mut *self.store.writer().await.map_err(failed)?)
        .await
        .map_err(failed)?;
        row.map(ChargeRow::charge).transpose()
    }

    async fn capture(&self, charge: &str) -> Result<Charge, PaymentError> {
        self.settle(charge, ChargeState::Captured, "captured").await
    }

    async fn void(&self, charge: &str) -> Result<Charge, PaymentError> {
        self.settle(charge, ChargeState::Voided, "voided").await
    }

    async fn refund(&self, charge: &str, amount: i64, key: &str) -> Result<Charge, PaymentError> {
        let refused = |why: String| Err(PaymentError::Refused(why));
        let mut writer = self.store.writer().await.map_err(failed)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(failed)?;
        let earlier: Option<(String, i64)> = sqlx::query_as(
            "SELECT charge_id, amount FROM sandbox_refunds WHERE idempotency_key = $1",
        )
        .bind(key)
        .fetch_optional(&mut *tx)
        .await
        .map_err(failed)?;
        if let Some((charge_id, refunded)) = earlier {
            // Dropped, it rolls back before the read below on the same connection.
            drop(tx);
            if charge_id != charge || refunded != amount {
                return refused("this idempotency key was used for another refund".to_owned());
            }
            return charge_on(&mut writer, charge).await;
        }
        // Only a captured charge, and never beyond what it took (the table's check
        // holds that too).
        let moved = sqlx::query(
            "UPDATE sandbox_charges SET refunded = refunded + $1
             WHERE id = $2 AND state = 'captured' AND refunded + $1 <= amount AND $1 > 0",
        )
        .bind(amount)
        .bind(charge)
        .execute(&mut *tx)
        .await
        .map_err(failed)?
        .rows_affected();
        if moved == 0 {
            return refused(format!(
                "charge {charge} cannot give back {amount} cents: it is not captured, or less than that is left"
            ));
        }
        sqlx::query(
            "INSERT INTO sandbox_refunds (idempotency_key, charge_id, amount) VALUES ($1, $2, $3)",
        )
        .bind(key)
        .bind(charge)
        .bind(amount)
        .execute(&mut *tx)
        .await
        .map_err(failed)?;
        tx.commit().await.map_err(failed)?;
        charge_on(&mut writer, charge).await
    }
}

row! {
    struct ChargeRow {
        id: String,
        token: String,
        amount: i64,
        refunded: i64,
        state: String,
        decline: Option<String>,
    }
}

impl ChargeRow {
    fn charge(self) -> Result<Charge, PaymentError> {
        let bad = || PaymentError::Storage(corrupt("sandbox charge"));
        let state = match self.state.as_str() {
            "authorized" => ChargeState::Authorized,
            "captured" => ChargeState::Captured,
            "voided" => ChargeState::Voided,
            "declined" => ChargeState::Declined(
                self.decline
                    .as_deref()
                    .and_then(Decline::parse)
                    .ok_or_else(bad)?,
            ),
            _ => return Err(bad()),
        };
        Ok(Charge {
            id: self.id,
            token: self.token,
            amount: self.amount,
            refunded: self.refunded,
            state,
        })
    }
}

/// A declined charge answers as the decline; any other as itself.
fn answer(charge: Charge) -> Result<Charge, PaymentError> {
    match charge.state {
        ChargeState::Declined(why) => Err(PaymentError::Declined(why)),
        _ => Ok(charge),
    }
}

/// Charge `id` as `conn` sees it: the writer's connection, so a charge it just wrote
/// is read back without taking the writer a second time.
async fn charge_on(conn: &mut SqliteConnection, id: &str) -> Result<Charge, PaymentError> {
    let row: Option<ChargeRow> = sqlx::query_as(concat!(
        "SELECT ",
        charge_columns!(),
        " FROM sandbox_charges",
        " WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(conn)
    .await
    .map_err(failed)?;
    row.ok_or_else(|| PaymentError::Refused(format!("there is no charge {id}")))?
        .charge()
}

impl SandboxGateway {
    async fn charge(&self, id: &str) -> Result<Charge, PaymentError> {
        charge_on(&mut *self.store.writer().await.map_err(failed)?, id).await
    }

    /// Moves an authorised charge to `to`; a charge already there answers as it is.
    async fn settle(&self, id: &str, to: ChargeState, name: &str) -> Result<Charge, PaymentError> {
        let moved: Option<ChargeRow> = sqlx::query_as(concat!(
            "UPDATE sandbox_charges SET state = $1 WHERE id = $2 AND state = 'authorized' RETURNING ",
            charge_columns!()
        ))
        .bind(name)
        .bind(id)
        .fetch_optional(&mut *self.store.writer().await.map_err(failed)?)
        .await
        .map_err(failed)?;
        if let Some(row) = moved {
            return row.charge();
        }
        let charge = self.charge(id).await?;
        if charge.state == to {
            Ok(charge)
        } else {
            Err(PaymentError::Refused(format!(
                "charge {id} is {:?} and cannot become {name}",
                charge.state
            )))
        }
    }
}

/// 128 random bits in hex: a token nobody can guess.
fn hex_token() -> String {
    let bytes: [u8; 16] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
