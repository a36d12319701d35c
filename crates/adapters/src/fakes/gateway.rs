//! A card gateway in memory, for tests of the layers above: tokens numbered in order,
//! the sandbox's test numbers declining as they do there (see the gateway contract).

use super::{read, write};
use crate::sandbox::TEST_OUTCOMES;
use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::RwLock;
use store_domain::clock::Timestamp;
use store_domain::payments::{
    CardDetails, CardToken, Charge, ChargeState, Decline, Holder, ListedCharge, PaymentError,
    token_is_fresh,
};
use store_domain::ports::PaymentGateway;

#[derive(Default)]
struct State {
    /// With the decline its number asks for, if any, when and for whom it was made.
    tokens: Vec<(CardToken, Option<Decline>, Timestamp, Holder)>,
    /// Idempotency key to charge.
    charges: Vec<(String, Charge)>,
    /// Idempotency key to when its charge was made.
    made: HashMap<String, Timestamp>,
    /// Idempotency key to (charge id, amount).
    refunds: HashMap<String, (String, i64)>,
    /// Every authorise and capture fails as an unreachable service would.
    down: bool,
}

#[derive(Default)]
pub struct InMemoryGateway {
    state: RwLock<State>,
}

impl InMemoryGateway {
    /// Makes authorise and capture fail (or work again), as a service that is down.
    pub fn set_down(&self, down: bool) {
        write(&self.state).down = down;
    }

    /// Releases an authorised charge's hold as the card's bank does when it is not
    /// captured in time: a later capture is refused.
    pub fn lapse(&self, charge: &str) {
        let mut state = write(&self.state);
        if let Some((_, c)) = state.charges.iter_mut().find(|(_, c)| c.id == charge)
            && c.state == ChargeState::Authorized
        {
            c.state = ChargeState::Voided;
        }
    }

    /// Every charge made, oldest first.
    pub fn charges(&self) -> Vec<Charge> {
        read(&self.state)
            .charges
            .iter()
            .map(|(_, c)| c.clone())
            .collect()
    }
}

fn down() -> PaymentError {
    PaymentError::Gateway("the test gateway is down".into())
}

fn refused(why: impl Into<String>) -> PaymentError {
    PaymentError::Refused(why.into())
}

impl State {
    fn charge_mut(&mut self, id: &str) -> Result<&mut Charge, PaymentError> {
        self.charges
            .iter_mut()
            .map(|(_, c)| c)
            .find(|c| c.id == id)
            .ok_or_else(|| refused(format!("there is no charge {id}")))
    }

    fn settle(&mut self, id: &str, to: ChargeState) -> Result<Charge, PaymentError> {
        let charge = self.charge_mut(id)?;
        if charge.state == ChargeState::Authorized {
            charge.state = to;
        }
        if charge.state == to {
            Ok(charge.clone())
        } else {
            Err(refused(format!("charge {id} is {:?}", charge.state)))
        }
    }
}

#[async_trait]
impl PaymentGateway for InMemoryGateway {
    async fn create_token(
        &self,
        card: &CardDetails,
        holder: &Holder,
        at: Timestamp,
    ) -> Result<CardToken, PaymentError> {
        let mut state = write(&self.state);
        let token = CardToken {
            token: format!("tok_test_{}", state.tokens.len() + 1),
            brand: card.brand(),
            last4: card.last4().to_owned(),
            exp_month: card.exp_month,
            exp_year: card.exp_year,
        };
        let decline = TEST_OUTCOMES
            .iter()
            .find(|(number, _)| *number == card.number())
            .and_then(|(_, outcome)| Decline::parse(outcome));
        state
            .tokens
            .push((token.clone(), decline, at, holder.clone()));
        Ok(token)
    }

    async fn card(
        &self,
        token: &str,
        holder: &Holder,
        at: Timestamp,
    ) -> Result<Option<CardToken>, PaymentError> {
        Ok(read(&self.state)
            .tokens
            .iter()
            .find(|(t, _, made, made_for)| {
                t.token == token
                    && token_is_fresh(*made, at)
                    && made_for.as_str().is_some()
                    && made_for == holder
            })
            .map(|(t, ..)| t.clone()))
    }

    async fn authorize(
        &self,
        token: &str,
        amount: i64,
        key: &str,
        at: Timestamp,
    ) -> Result<Charge, PaymentError> {
        if amount < 1 {
            return Err(refused(format!("a charge of {amount} cents")));
        }
        let mut state = write(&self.state);
        if state.down {
            return Err(down());
        }
        let decline = state
            .tokens
            .iter()
            .find(|(t, ..)| t.token == token)
            .ok_or(PaymentError::UnknownToken)?
            .1;
        if !state.charges.iter().any(|(k, _)| k == key) {
            let charge = Charge {
                id: format!("ch_test_{}", state.charges.len() + 1),
                token: token.to_owned(),
                amount,
                refunded: 0,
                state: decline.map_or(ChargeState::Authorized, ChargeState::Declined),
            };
            state.charges.push((key.to_owned(), charge));
            state.made.insert(key.to_owned(), at);
        }
        let (_, charge) = state.charges.iter().find(|(k, _)| k == key).expect("held");
        if charge.token != token || charge.amount != amount {
            return Err(refused("this idempotency key was used for another charge"));
        }
        match charge.state {
            ChargeState::Declined(why) => Err(PaymentError::Declined(why)),
            _ => Ok(charge.clone()),
        }
    }

    async fn charges_since(&self, since: Timestamp) -> Result<Vec<ListedCharge>, PaymentError> {
        let state = read(&self.state);
        Ok(state
            .charges
            .iter()
            .filter_map(|(key, charge)| {
                let created = *state.made.get(key)?;
                (created >= since).then(|| ListedCharge {
                    key: key.clone(),
                    charge: charge.clone(),
                    created,
                })
            })
            .collect())
    }

    async fn charge_by_key(&self, key: &str) -> Result<Option<Charge>, PaymentError> {
        Ok(read(&self.state)
            .charges
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, c)| c.clone()))
    }

    async fn capture(&self, charge: &str) -> Result<Charge, PaymentError> {
        let mut state = write(&self.state);
        if state.down {
            return Err(down());
        }
        state.settle(charge, ChargeState::Captured)
    }

    async fn void(&self, charge: &str) -> Result<Charge, PaymentError> {
        write(&self.state).settle(charge, ChargeState::Voided)
    }

    /// In memory, gone with the process: nothing to bound on disk.
    async fn purge_unused(&self, _before: Timestamp) -> Result<u64, PaymentError> {
        Ok(0)
    }

    async fn refund(&self, charge: &str, amount: i64, key: &str) -> Result<Charge, PaymentError> {
        let mut state = write(&self.state);
        if let Some((earlier, refunded)) = state.refunds.get(key).cloned() {
            if earlier != charge || refunded != amount {
                return Err(refused("this idempotency key was used for another refund"));
            }
            return Ok(state.charge_mut(charge)?.clone());
        }
        let target = state.charge_mut(charge)?;
        if target.state != ChargeState::Captured
            || amount < 1
            || target.refunded + amount > target.amount
        {
            return Err(refused(format!(
                "charge {charge} cannot give back {amount} cents"
            )));
        }
        target.refunded += amount;
        let answer = target.clone();
        state
            .refunds
            .insert(key.to_owned(), (charge.to_owned(), amount));
        Ok(answer)
    }
}
