//! Customer accounts: registration confirmed by a mailed code, sign-in and sign-out
//! behind a server-side session cookie, the profile, and the password reset.

pub mod session_cookie;
mod wire;

use super::ApiTags;
use crate::state::AppState;
use poem::Request;
use poem_openapi::OpenApi;
use poem_openapi::payload::Json;
use rand::Rng;
use session_cookie::{Session, cleared, set};
use store_domain::accounts::{self, AccountError, Customer, NewCustomer, Profile};
use store_domain::input::Email;
pub use wire::AccountApiError;
use wire::{
    Credentials, CustomerAnswer, CustomerDto, ForgotPassword, Mailed, Notice, PasswordReset,
    ProfileInput, Registration, RegistrationCode, SessionCheck, SignedIn, SignedOut,
};

pub struct AccountsApi {
    pub state: AppState,
}

/// 256 random bits, hex: a session token or a reset link nobody can guess.
pub(crate) fn new_secret() -> String {
    hex::encode(rand::rng().random::<[u8; 32]>())
}

/// Six random digits: typed from a mail, so short; its few tries and short life keep
/// it safe from guessing.
fn new_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000))
}

const CODE_SENT: &str = "We have sent a message to this address. If it is new to us, the message holds a code to finish creating your account.";
const LINK_SENT: &str =
    "If this address has an account, a link to choose a new password is on its way.";

fn code_sent() -> Mailed {
    Mailed::Accepted(Json(Notice {
        message: CODE_SENT.to_owned(),
    }))
}

fn link_sent() -> Mailed {
    Mailed::Accepted(Json(Notice {
        message: LINK_SENT.to_owned(),
    }))
}

impl AccountsApi {
    /// One attempt from the budget of the address and the client together: a
    /// stranger's wrong passwords spend the stranger's own, never the owner's. A
    /// malformed address is the handler's to refuse, and costs nothing here.
    async fn attempt(&self, req: &Request, raw_email: &str) -> Result<(), AccountApiError> {
        match Email::parse(raw_email) {
            Ok(email) => {
                let client = self.state.limits.client_key(req);
                let key = format!("{}|{client:?}", email.as_str());
                Ok(self.state.accounts.attempts.check(&key).await?)
            }
            Err(_) => Ok(()),
        }
    }

    /// Whether the mailbox of `raw_email` may be sent another sign-up or reset mail
    /// now; a request past its cooldown is answered the same and mails nothing. A
    /// malformed address is the handler's to refuse.
    async fn may_mail(&self, raw_email: &str) -> bool {
        match Email::parse(raw_email) {
            Ok(email) => self
                .state
                .accounts
                .mails
                .check(&email.mailbox())
                .await
                .is_ok(),
            Err(_) => true,
        }
    }

    /// Spec 3's customer with the addresses, cards and favorites the account keeps.
    async fn answer(&self, customer: Customer) -> Result<CustomerDto, AccountApiError> {
        let s = &self.state;
        let storage = |e| AccountApiError::from(crate::api::error::ApiError::from(e));
        let addresses = s
            .customer
            .addresses
            .addresses(customer.id)
            .await
            .map_err(storage)?;
        let payments = s.customer.cards.cards(customer.id).await.map_err(storage)?;
        let favorites = accounts::favorites(s.customer.picks.as_ref(), customer.id)
            .await
            .map_err(storage)?;
        let last_delivery = s
            .orders
            .records
            .last_shipping_choice(customer.id)
            .await
            .map_err(storage)?;
        Ok(CustomerDto::new(
            customer,
            addresses,
            payments,
            favorites,
            last_delivery,
        ))
    }

    async fn signed_in(
        &self,
        customer: Customer,
        token: &str,
    ) -> Result<SignedIn, AccountApiError> {
        let account = &self.state.accounts.config;
        Ok(SignedIn::Customer(
            Json(self.answer(customer).await?),
            set(
                token,
                account.policy.session_lifetime,
                account.secure_cookie,
            ),
        ))
    }

    /// The customer of the request's session, or 403.
    async fn customer(
        state: &AppState,
        session: Option<&str>,
    ) -> Result<Customer, AccountApiError> {
        session_customer(state, session)
            .await?
            .ok_or_else(AccountApiError::signed_out)
    }
}

/// The customer of the request's session cookie, if it names an unexpired session:
/// the one lookup behind every call that needs a signed-in customer.
pub async fn session_customer(
    state: &AppState,
    session: Option<&str>,
) -> Result<Option<Customer>, crate::api::error::ApiError> {
    let Some(token) = session else {
        return Ok(None);
    };
    accounts::current_customer(state.accounts.records.as_ref(), state.clock.as_ref(), token)
        .await
        .map_err(|err| match err {
            AccountError::Storage(storage) => storage.into(),
            other => crate::api::error::ApiError::internal(&other),
        })
}

#[OpenApi(tag = "ApiTags::Accounts")]
impl AccountsApi {
    /// Registration, step one: mails the address a six-digit code to finish with
    /// (`/register/confirm`), or, when it already has an account, a note saying so.
    /// The answer is the same either way.
    #[oai(path = "/register", method = "post")]
    async fn register(
        &self,
        req: &Request,
        body: Json<Registration>,
    ) -> Result<Mailed, AccountApiError> {
        self.attempt(req, &body.email).await?;
        let new = NewCustomer::parse(&body.email, &body.name, &body.password)
            .map_err(crate::api::error::ApiError::from)?;
        if !self.may_mail(&body.email).await {
            return Ok(code_sent());
        }
        let s = &self.state;
        accounts::register(
            s.accounts.records.as_ref(),
            s.accounts.passwords.as_ref(),
            s.messages.mailer.as_ref(),
            s.clock.as_ref(),
            s.accounts.config.policy,
            &s.accounts.config.links,
            new,
            &new_code(),
            crate::api::language::of(req),
        )
        .await?;
        Ok(code_sent())
    }

    /// Registration, step two: the mailed code creates the account, gives it the guest
    /// orders placed with the address, and signs it in.
    /// 404 for a wrong, used or expired code (a registration survives five wrong ones).
    #[oai(path = "/register/confirm", method = "post")]
    async fn confirm(
        &self,
        req: &Request,
        body: Json<RegistrationCode>,
    ) -> Result<SignedIn, AccountApiError> {
        self.attempt(req, &body.email).await?;
        let s = &self.state;
        let token = new_secret();
        let customer = accounts::confirm_registration(
            s.accounts.records.as_ref(),
            s.clock.as_ref(),
            s.accounts.config.policy,
            &body.email,
            &body.code,
            &token,
        )
        .await?;
        // The mailed code showed the address is theirs: the orders they placed with it
        // as a guest are theirs too (an account made from the thank-you page, spec 4.3).
        s.orders
            .records
            .adopt_guest_orders(&customer.email, customer.id)
            .await
            .map_err(crate::api::error::ApiError::from)?;
        self.signed_in(customer, &token).await
    }

    /// Signs in (spec 7 `POST /api/login`); 401 when the address or the password is
    /// not right, without saying which.
    #[oai(path = "/login", method = "post")]
    async fn login(
        &self,
        req: &Request,
        body: Json<Credentials>,
    ) -> Result<SignedIn, AccountApiError> {
        self.attempt(req, &body.email).await?;
        let s = &self.state;
        let token = new_secret();
        let customer = accounts::log_in(
            s.accounts.records.as_ref(),
            s.accounts.passwords.as_ref(),
            s.clock.as_ref(),
            s.accounts.config.policy,
            &body.email,
            &body.password,
            &token,
        )
        .await?;
        self.signed_in(customer, &token).await
    }

    /// Signs out (spec 7 `POST /api/logout`): ends the session and clears its cookie.
    #[oai(path = "/logout", method = "post")]
    async fn logout(
        &self,
        #[oai(name = "session")] session: Session,
    ) -> Result<SignedOut, AccountApiError> {
        if let Some(token) = session.token() {
            accounts::log_out(self.state.accounts.records.as_ref(), token).await?;
        }
        Ok(SignedOut::Done(cleared(
            self.state.accounts.config.secure_cookie,
        )))
    }

    /// The session check (spec 7 `GET /api/customer`): the signed-in customer; 204
    /// for a request with no session cookie (a guest, answered without an error so
    /// every guest page view does not log one); 403 for a session that is not valid.
    #[oai(path = "/customer", method = "get")]
    async fn current(
        &self,
        #[oai(name = "session")] session: Session,
    ) -> Result<SessionCheck, AccountApiError> {
        if session.token().is_none() {
            return Ok(SessionCheck::Guest);
        }
        let customer = Self::customer(&self.state, session.token()).await?;
        Ok(SessionCheck::Customer(Json(self.answer(customer).await?)))
    }

    /// Updates the profile (spec 7 `POST /api/customer`): the name.
    #[oai(path = "/customer", method = "post")]
    async fn update(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<ProfileInput>,
    ) -> Result<CustomerAnswer, AccountApiError> {
        let customer = Self::customer(&self.state, session.token()).await?;
        let profile = Profile::parse(&body.name).map_err(crate::api::error::ApiError::from)?;
        let updated =
            accounts::update_profile(self.state.accounts.records.as_ref(), &customer, profile)
                .await?;
        Ok(CustomerAnswer::Customer(Json(self.answer(updated).await?)))
    }

    /// Mails a link to choose a new password if the address has an account; the
    /// answer is the same either way. The link works once, for a limited time.
    #[oai(path = "/password/forgot", method = "post")]
    async fn forgot(
        &self,
        req: &Request,
        body: Json<ForgotPassword>,
    ) -> Result<Mailed, AccountApiError> {
        self.attempt(req, &body.email).await?;
        if !self.may_mail(&body.email).await {
            return Ok(link_sent());
        }
        let s = &self.state;
        accounts::forgot_password(
            s.accounts.records.as_ref(),
            s.messages.mailer.as_ref(),
            s.clock.as_ref(),
            s.accounts.config.policy,
            &s.accounts.config.links,
            &body.email,
            &new_secret(),
            crate::api::language::of(req),
        )
        .await?;
        Ok(link_sent())
    }

    /// Sets a new password with the mailed link (spec 7 `POST /api/password/reset`):
    /// every session of the account ends, and the customer is signed in anew. 404 for
    /// a used or expired link.
    #[oai(path = "/password/reset", method = "post")]
    async fn reset(&self, body: Json<PasswordReset>) -> Result<SignedIn, AccountApiError> {
        let s = &self.state;
        let token = new_secret();
        let customer = accounts::reset_password(
            s.accounts.records.as_ref(),
            s.accounts.passwords.as_ref(),
            s.clock.as_ref(),
            s.accounts.config.policy,
            &body.token,
            &body.password,
            &token,
        )
        .await?;
        self.signed_in(customer, &token).await
    }
}
