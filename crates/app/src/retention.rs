//! Purging what anonymous writes add: the inbox, campaign visits, error reports,
//! pending newsletter addresses and counted searches, on a beat. Rate limits bound
//! how fast these tables grow; this bounds how large they get.

use crate::settings::{LimitSettings, RetentionSettings};
use crate::state::AppState;
use std::time::Duration;
use store_domain::retention::{Retention, budget_bytes};
use store_domain::{campaigns, client_errors, input, messages, search};
use tokio::task::JoinHandle;

const DAY: Duration = Duration::from_secs(86_400);

/// The purge's settings, checked once.
#[derive(Debug, Clone, Copy)]
pub struct Policies {
    pub every: Duration,
    pub inquiries: Retention,
    pub campaign_visits: Retention,
    pub client_errors: Retention,
    pub newsletter_pending_max: u32,
    pub searches_max: u32,
    pub declined_orders: Duration,
    pub unused_card_tokens: Duration,
}

impl Policies {
    pub fn from_settings(s: &RetentionSettings) -> Self {
        let retention = |days: u64, max_rows| Retention {
            max_age: DAY.saturating_mul(u32::try_from(days).unwrap_or(u32::MAX)),
            max_rows,
        };
        Policies {
            every: Duration::from_secs(s.purge_seconds.max(1)),
            inquiries: retention(s.inquiries_days, s.inquiries_max),
            campaign_visits: retention(s.campaign_visits_days, s.campaign_visits_max),
            client_errors: retention(s.client_errors_days, s.client_errors_max),
            newsletter_pending_max: s.newsletter_pending_max,
            searches_max: s.searches_max,
            declined_orders: DAY
                .saturating_mul(u32::try_from(s.declined_orders_days).unwrap_or(u32::MAX)),
            unused_card_tokens: Duration::from_secs(
                s.unused_card_tokens_hours.saturating_mul(3600),
            ),
        }
    }

    /// The most bytes these tables can hold: each kind's row limit, plus what the
    /// store-wide write limit lets in between two purges, times its largest row.
    /// Text limits count characters, and a character takes at most 4 bytes in UTF-8;
    /// `ROW` covers ids, times, record headers and an index entry.
    pub fn budget_bytes(&self, limits: &LimitSettings) -> u64 {
        const ROW: u64 = 96;
        const TIME: u64 = 19;
        let chars = |n: usize| 4 * n as u64;
        let between = u64::from(limits.global_per_second) * self.every.as_secs()
            + u64::from(limits.global_burst);
        let email = input::MAX_EMAIL_BYTES as u64;
        let inquiry = ROW
            + email
            + chars(
                messages::MAX_NAME
                    + messages::MAX_SUBJECT
                    + messages::MAX_CONTACT_MESSAGE
                    + messages::MAX_ORDER_NUMBER,
            );
        let visit = ROW + chars(5 * campaigns::MAX_CAMPAIGN_VALUE);
        let error = ROW
            + chars(
                client_errors::MAX_ERROR_MESSAGE
                    + client_errors::MAX_ERROR_URL
                    + client_errors::MAX_ERROR_DETAIL,
            );
        // Address twice (row and key index), token hash twice (row and unique index).
        let subscriber = ROW + 2 * email + 2 * 64 + 4 * TIME;
        // Query text twice (row and key index), count twice (row and its index).
        let query = ROW + 2 * chars(search::MAX_QUERY_CHARS) + 16;
        [
            (self.inquiries.max_rows, inquiry),
            (self.campaign_visits.max_rows, visit),
            (self.client_errors.max_rows, error),
            (self.newsletter_pending_max, subscriber),
            (self.searches_max, query),
        ]
        .into_iter()
        .map(|(max_rows, row)| budget_bytes(max_rows, row, between))
        .fold(0, u64::saturating_add)
    }
}

/// What one purge removed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Purged {
    pub inquiries: u64,
    pub campaign_visits: u64,
    pub client_errors: u64,
    pub newsletter_pending: u64,
    pub searches: u64,
    /// Sessions, pending registrations and reset links past their expiry.
    pub expired_sign_ins: u64,
    pub declined_orders: u64,
    /// The payment gateway's unused tokens and declined charges, where the store keeps them.
    pub gateway_rows: u64,
}

impl Purged {
    fn total(&self) -> u64 {
        self.inquiries
            + self.campaign_visits
            + self.client_errors
            + self.newsletter_pending
            + self.searches
            + self.expired_sign_ins
            + self.declined_orders
            + self.gateway_rows
    }
}

/// Purges every kind once. A kind whose purge fails is logged and tried again on
/// the next beat; the others go on.
pub async fn purge_once(state: &AppState, policies: &Policies) -> Purged {
    let now = state.clock.now();
    fn counted<E: std::fmt::Display>(kind: &str, removed: Result<u64, E>) -> u64 {
        removed.unwrap_or_else(|err| {
            tracing::warn!("purging {kind} failed: {err}");
            0
        })
    }
    Purged {
        inquiries: counted(
            "messages",
            state
                .messages
                .inbox
                .purge_inquiries(policies.inquiries.purge_at(now))
                .await,
        ),
        campaign_visits: counted(
            "campaign visits",
            state
                .messages
                .campaigns
                .purge_visits(policies.campaign_visits.purge_at(now))
                .await,
        ),
        client_errors: counted(
            "error reports",
            state
                .messages
                .error_reports
                .purge_errors(policies.client_errors.purge_at(now))
                .await,
        ),
        newsletter_pending: counted(
            "pending newsletter addresses",
            state
                .messages
                .mailing_list
                .purge_pending(now, policies.newsletter_pending_max)
                .await,
        ),
        searches: counted(
            "counted searches",
            state
                .catalogue
                .search_log
                .keep_most_searched(policies.searches_max)
                .await,
        ),
        expired_sign_ins: counted(
            "expired sessions, registrations and reset links",
            state.accounts.records.purge_expired(now).await,
        ),
        declined_orders: counted(
            "declined orders",
            state
                .orders
                .records
                .purge_declined(now.minus(policies.declined_orders))
                .await,
        ),
        gateway_rows: counted(
            "unused card tokens and declined charges",
            state
                .checkout
                .gateway
                .purge_unused(now.minus(policies.unused_card_tokens))
                .await,
        ),
    }
}

/// Purges now and then every `policies.every` until the process ends.
pub fn spawn(state: AppState, policies: Policies) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut beat = tokio::time::interval(policies.every);
        loop {
            beat.tick().await;
            let purged = purge_once(&state, &policies).await;
            if purged.total() > 0 {
                tracing::info!(?purged, "purged records past their retention");
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    #[test]
    fn the_default_budget_is_about_a_gigabyte() {
        let settings = Settings::load(None).unwrap();
        let policies = Policies::from_settings(&settings.retention);
        let budget = policies.budget_bytes(&settings.limits);
        assert!(
            (500_000_000..1_500_000_000).contains(&budget),
            "{budget} bytes: the comment in config/default.toml says about 1 GB"
        );
    }

    #[test]
    fn the_budget_grows_with_the_row_limits() {
        let settings = Settings::load(None).unwrap();
        let mut retention = settings.retention.clone();
        let base = Policies::from_settings(&retention).budget_bytes(&settings.limits);
        retention.inquiries_max += 1;
        let more = Policies::from_settings(&retention).budget_bytes(&settings.limits);
        assert!(more > base);
    }
}
