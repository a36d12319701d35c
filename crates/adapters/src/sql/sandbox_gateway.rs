//! The sandbox card gateway's tables (`crate::sandbox`), on either engine (compiled
//! into `sqlite` and `postgres`, see `README.md`).

use super::{Store, corrupt, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use crate::sandbox::{SandboxGateway, TEST_OUTCOMES, hex_token};
use crate::tx::{DbError, Tx, args};
use async_trait::async_trait;
use store_domain::clock::Timestamp;
use store_domain::payments::{
    Brand, CARD_TOKEN_LIFETIME, CardDetails, CardToken, Charge, ChargeState, Decline, Holder,
    ListedCharge, PaymentError,
};
use store_domain::ports::{PaymentGateway, StorageError};

/// The columns a `ChargeRow` reads.
macro_rules! charge_columns {
    () => {
        "id, token, amount, refunded, state, decline"
    };
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
impl PaymentGateway for SandboxGateway<Store> {
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
        let store = &self.store;
        write_tx!(store, |tx| async move {
            tx.execute(
                "INSERT INTO sandbox_cards (token, brand, last4, exp_month, exp_year, outcome, created_at, holder)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                args![
                    &row.token,
                    row.brand.as_str(),
                    &row.last4,
                    i64::from(row.exp_month),
                    i64::from(row.exp_year),
                    outcome,
                    &created,
                    holder.as_deref()
                ],
            )
            .await
        })
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
        let store = &self.store;
        let row: Option<ChargeRow> = write_tx!(store, |tx| async move {
            tx.fetch_optional(
                concat!(
                    "INSERT INTO sandbox_charges
                         (id, idempotency_key, token, amount, refunded, state, decline, created_at)
                     SELECT $1, $2, token, $3, 0,
                         CASE outcome WHEN 'approved' THEN 'authorized' ELSE 'declined' END,
                         CASE outcome WHEN 'approved' THEN NULL ELSE outcome END, $4
                     FROM sandbox_cards WHERE token = $5
                     ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key
                     RETURNING ",
                    charge_columns!()
                ),
                args![
                    format!("ch_{}", hex_token()).as_str(),
                    &key,
                    amount,
                    &created,
                    &token_owned
                ],
            )
            .await
        })
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
        let store = &self.store;
        let row: Option<ChargeRow> = write_tx!(store, |tx| async move {
            tx.fetch_optional(
                concat!(
                    "SELECT ",
                    charge_columns!(),
                    " FROM sandbox_charges WHERE idempotency_key = $1"
                ),
                args![&key],
            )
            .await
        })
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
        let store = &self.store;
        write_tx!(store, |tx| async move {
            // A declined charge has no refund; a token a charge or a saved card names
            // stays while they do.
            let charges = tx
                .execute(
                    "DELETE FROM sandbox_charges WHERE state = 'declined' AND created_at < $1",
                    args![&before],
                )
                .await?;
            let cards = tx
                .execute(
                    "DELETE FROM sandbox_cards WHERE created_at < $1
                     AND NOT EXISTS (SELECT 1 FROM sandbox_charges c WHERE c.token = sandbox_cards.token)
                     AND NOT EXISTS (SELECT 1 FROM customer_cards s WHERE s.token = sandbox_cards.token)",
                    args![&before],
                )
                .await?;
            Ok::<_, DbError>(charges + cards)
        })
        .map_err(|e| PaymentError::Storage(e.into()))
    }

    async fn refund(&self, charge: &str, amount: i64, key: &str) -> Result<Charge, PaymentError> {
        let (charge, key) = (charge.to_owned(), key.to_owned());
        let store = &self.store;
        write_tx!(store, |tx| async move {
            let earlier: Option<RefundRow> = tx
                .fetch_optional(
                    "SELECT charge_id, amount FROM sandbox_refunds WHERE idempotency_key = $1",
                    args![&key],
                )
                .await?;
            if let Some(earlier) = earlier {
                if earlier.charge_id != charge || earlier.amount != amount {
                    return Ok(Err(PaymentError::Refused(
                        "this idempotency key was used for another refund".to_owned(),
                    )));
                }
                return charge_on(tx, &charge).await;
            }
            // Only a captured charge, and never beyond what it took (the table's check
            // holds that too).
            let moved = tx
                .execute(
                    "UPDATE sandbox_charges SET refunded = refunded + $1
                     WHERE id = $2 AND state = 'captured' AND refunded + $1 <= amount AND $1 > 0",
                    args![amount, &charge],
                )
                .await?;
            if moved == 0 {
                return Ok(Err(PaymentError::Refused(format!(
                    "charge {charge} cannot give back {amount} cents: it is not captured, or less than that is left"
                ))));
            }
            tx.execute(
                "INSERT INTO sandbox_refunds (idempotency_key, charge_id, amount) VALUES ($1, $2, $3)",
                args![&key, &charge, amount],
            )
            .await?;
            charge_on(tx, &charge).await
        })
        .map_err(failed)?
    }
}

row! {
    struct RefundRow {
        charge_id: String,
        amount: i64,
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

/// Charge `id` as the write sees it, inside its transaction.
async fn charge_on(tx: &mut impl Tx, id: &str) -> Result<Result<Charge, PaymentError>, DbError> {
    let row: Option<ChargeRow> = tx
        .fetch_optional(
            concat!(
                "SELECT ",
                charge_columns!(),
                " FROM sandbox_charges WHERE id = $1"
            ),
            args![id],
        )
        .await?;
    Ok(row
        .ok_or_else(|| PaymentError::Refused(format!("there is no charge {id}")))
        .and_then(ChargeRow::charge))
}

impl SandboxGateway<Store> {
    /// Moves an authorised charge to `to`; a charge already there answers as it is.
    async fn settle(
        &self,
        id: &str,
        to: ChargeState,
        name: &'static str,
    ) -> Result<Charge, PaymentError> {
        let id = id.to_owned();
        let store = &self.store;
        write_tx!(store, |tx| async move {
            let moved: Option<ChargeRow> = tx
                .fetch_optional(
                    concat!(
                        "UPDATE sandbox_charges SET state = $1 WHERE id = $2 AND state = 'authorized' RETURNING ",
                        charge_columns!()
                    ),
                    args![name, &id],
                )
                .await?;
            if let Some(row) = moved {
                return Ok::<_, DbError>(row.charge());
            }
            Ok(charge_on(tx, &id).await?.and_then(|charge| {
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
        .map_err(failed)?
    }
}
