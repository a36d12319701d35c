//! The embedded sandbox card gateway: it tokenises any well-formed card, keeping only
//! the brand, the last four digits, the expiry and the outcome its test number asks
//! for (docs/api.md lists them), and authorises, captures, voids and refunds against
//! those tokens as a processor would, idempotently. It is what a shopper meets when no
//! real processor is configured; no money moves.

use super::direct::{DirectTx, Failed};
use super::rows::DirectRow;
use super::{SqliteStore, corrupt, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use async_trait::async_trait;
use rand::Rng;
use rusqlite::{OptionalExtension, params};
use store_domain::clock::Timestamp;
use store_domain::payments::{
    Brand, CARD_TOKEN_LIFETIME, CardDetails, CardToken, Charge, ChargeState, Decline, Holder,
    ListedCharge, PaymentError,
};
use store_domain::ports::{PaymentGateway, StorageError};

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

/// The sandbox's storage failing, as a gateway that does not answer.
fn failed(err: impl Into<StorageError>) -> PaymentError {
    PaymentError::Gateway(err.into().to_string())
}

#[async_trait]
impl PaymentGateway for SandboxGateway {
    async fn create_token(
        &self,
        card: &CardDetails,
        holder: &Holder,
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
        let (row, created) = (token.clone(), utc_text(at));
        let holder = holder.as_str().map(str::to_owned);
        self.store
            .direct
            .write(move |tx| {
                tx.prepare_cached(
                    "INSERT INTO sandbox_cards (token, brand, last4, exp_month, exp_year, outcome, created_at, holder)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )?
                .execute(params![
                    row.token,
                    row.brand.as_str(),
                    row.last4,
                    i64::from(row.exp_month),
                    i64::from(row.exp_year),
                    outcome,
                    created,
                    holder
                ])
                .map_err(Failed::from)
            })
            .await
            .map_err(failed)?;
        Ok(token)
    }

    async fn card(
        &self,
        token: &str,
        holder: &Holder,
        at: Timestamp,
    ) -> Result<Option<CardToken>, PaymentError> {
        // No holder matches a NULL one (`=` is never true with NULL).
        let row: Option<TokenRow> = sqlx::query_as(
            "SELECT token, brand, last4, exp_month, exp_year FROM sandbox_cards
             WHERE token = $1 AND created_at > $2 AND holder = $3",
        )
        .bind(token)
        .bind(utc_text(at.minus(CARD_TOKEN_LIFETIME)))
        .bind(holder.as_str())
        .fetch_optional(&self.store.pool)
        .await
        .map_err(storage)
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
        let (key, token_owned, created) = (key.to_owned(), token.to_owned(), utc_text(at));
        let row = self
            .store
            .direct
            .write(move |tx| {
                tx.prepare_cached(concat!(
                    "INSERT INTO sandbox_charges
                         (id, idempotency_key, token, amount, refunded, state, decline, created_at)
                     SELECT $1, $2, token, $3, 0,
                         CASE outcome WHEN 'approved' THEN 'authorized' ELSE 'declined' END,
                         CASE outcome WHEN 'approved' THEN NULL ELSE outcome END, $4
                     FROM sandbox_cards WHERE token = $5
                     ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key
                     RETURNING ",
                    charge_columns!()
                ))?
                .query_row(
                    params![format!("ch_{}", hex_token()), key, amount, created, token_owned],
                    ChargeRow::read,
                )
                .optional()
                .map_err(Failed::from)
            })
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
        // On the writer: it sees every charge written, as the writes that follow will.
        let key = key.to_owned();
        let row = self
            .store
            .direct
            .write(move |tx| {
                tx.prepare_cached(concat!(
                    "SELECT ",
                    charge_columns!(),
                    " FROM sandbox_charges WHERE idempotency_key = $1"
                ))?
                .query_row(params![key], ChargeRow::read)
                .optional()
                .map_err(Failed::from)
            })
            .await
            .map_err(failed)?;
        row.map(ChargeRow::charge).transpose()
    }

    async fn charges_since(&self, since: Timestamp) -> Result<Vec<ListedCharge>, PaymentError> {
        let rows: Vec<ListedRow> = sqlx::query_as(concat!(
            "SELECT ",
            charge_columns!(),
            ", idempotency_key, created_at FROM sandbox_charges
             WHERE created_at >= $1 ORDER BY created_at, id"
        ))
        .bind(utc_text(since))
        .fetch_all(&self.store.pool)
        .await
        .map_err(storage)
        .map_err(failed)?;
        rows.into_iter().map(ListedRow::listed).collect()
    }

    async fn capture(&self, charge: &str) -> Result<Charge, PaymentError> {
        self.settle(charge, ChargeState::Captured, "captured").await
    }

    async fn void(&self, charge: &str) -> Result<Charge, PaymentError> {
        self.settle(charge, ChargeState::Voided, "voided").await
    }

    async fn purge_unused(&self, before: Timestamp) -> Result<u64, PaymentError> {
        let before = utc_text(before);
        let removed = self
            .store
            .direct
            .write(move |tx| {
                // A declined charge has no refund; a token a charge or a saved card
                // names stays while they do.
                let charges = tx
                    .prepare_cached(
                        "DELETE FROM sandbox_charges WHERE state = 'declined' AND created_at < $1",
                    )?
                    .execute(params![before])?;
                let cards = tx
                    .prepare_cached(
                        "DELETE FROM sandbox_cards WHERE created_at < $1
                         AND NOT EXISTS (SELECT 1 FROM sandbox_charges c WHERE c.token = sandbox_cards.token)
                         AND NOT EXISTS (SELECT 1 FROM customer_cards s WHERE s.token = sandbox_cards.token)",
                    )?
                    .execute(params![before])?;
                Ok::<_, Failed>(charges + cards)
            })
            .await
            .map_err(|e| PaymentError::Storage(e.into()))?;
        Ok(u64::try_from(removed).unwrap_or(u64::MAX))
    }

    async fn refund(&self, charge: &str, amount: i64, key: &str) -> Result<Charge, PaymentError> {
        let (charge, key) = (charge.to_owned(), key.to_owned());
        self.store
            .direct
            .write(move |tx| {
                let earlier: Option<(String, i64)> = tx
                    .prepare_cached(
                        "SELECT charge_id, amount FROM sandbox_refunds WHERE idempotency_key = $1",
                    )?
                    .query_row(params![key], |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()?;
                if let Some((charge_id, refunded)) = earlier {
                    if charge_id != charge || refunded != amount {
                        return Ok(Err(PaymentError::Refused(
                            "this idempotency key was used for another refund".to_owned(),
                        )));
                    }
                    return charge_on(tx, &charge);
                }
                // Only a captured charge, and never beyond what it took (the table's
                // check holds that too).
                let moved = tx
                    .prepare_cached(
                        "UPDATE sandbox_charges SET refunded = refunded + $1
                         WHERE id = $2 AND state = 'captured' AND refunded + $1 <= amount AND $1 > 0",
                    )?
                    .execute(params![amount, charge])?;
                if moved == 0 {
                    return Ok(Err(PaymentError::Refused(format!(
                        "charge {charge} cannot give back {amount} cents: it is not captured, or less than that is left"
                    ))));
                }
                tx.prepare_cached(
                    "INSERT INTO sandbox_refunds (idempotency_key, charge_id, amount) VALUES ($1, $2, $3)",
                )?
                .execute(params![key, charge, amount])?;
                charge_on(tx, &charge)
            })
            .await
            .map_err(failed)?
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

row! {
    struct ListedRow {
        id: String,
        token: String,
        amount: i64,
        refunded: i64,
        state: String,
        decline: Option<String>,
        idempotency_key: String,
        created_at: String,
    }
}

impl ListedRow {
    fn listed(self) -> Result<ListedCharge, PaymentError> {
        let created = parse_utc_text(&self.created_at)
            .ok_or_else(|| PaymentError::Storage(corrupt("sandbox charge time")))?;
        let charge = ChargeRow {
            id: self.id,
            token: self.token,
            amount: self.amount,
            refunded: self.refunded,
            state: self.state,
            decline: self.decline,
        }
        .charge()?;
        Ok(ListedCharge {
            key: self.idempotency_key,
            charge,
            created,
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

/// Charge `id` as the writer sees it, inside a direct write.
fn charge_on(tx: &DirectTx, id: &str) -> Result<Result<Charge, PaymentError>, Failed> {
    let row = tx
        .prepare_cached(concat!(
            "SELECT ",
            charge_columns!(),
            " FROM sandbox_charges WHERE id = $1"
        ))?
        .query_row(params![id], ChargeRow::read)
        .optional()?;
    Ok(row
        .ok_or_else(|| PaymentError::Refused(format!("there is no charge {id}")))
        .and_then(ChargeRow::charge))
}

impl SandboxGateway {
    /// Moves an authorised charge to `to`; a charge already there answers as it is.
    async fn settle(
        &self,
        id: &str,
        to: ChargeState,
        name: &'static str,
    ) -> Result<Charge, PaymentError> {
        let id = id.to_owned();
        self.store
            .direct
            .write(move |tx| {
                let moved = tx
                    .prepare_cached(concat!(
                        "UPDATE sandbox_charges SET state = $1 WHERE id = $2 AND state = 'authorized' RETURNING ",
                        charge_columns!()
                    ))?
                    .query_row(params![name, id], ChargeRow::read)
                    .optional()?;
                if let Some(row) = moved {
                    return Ok::<_, Failed>(row.charge());
                }
                Ok(charge_on(tx, &id)?.and_then(|charge| {
                    if charge.state == to {
                        Ok(charge)
                    } else {
                        Err(PaymentError::Refused(format!(
                            "charge {id} is {:?} and cannot become {name}",
                            charge.state
                        )))
                    }
                }))
            })
            .await
            .map_err(failed)?
    }
}

/// 128 random bits in hex: a token nobody can guess.
fn hex_token() -> String {
    let bytes: [u8; 16] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
