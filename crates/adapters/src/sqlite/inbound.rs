//! Newsletter subscribers, inquiries, campaign visits and client error reports.

use super::SqliteStore;
use async_trait::async_trait;
use sqlx::FromRow;
use store_domain::inbound::{
    CampaignCount, CampaignVisit, Channel, ClientError, Email, Inquiry, SignUp, StoredClientError,
    StoredInquiry,
};
use store_domain::ports::{CampaignReports, ErrorReports, InboundError, Inbox, MailingList};

fn storage(err: sqlx::Error) -> InboundError {
    InboundError::Storage(err.to_string())
}

/// Rows were validated on the way in; one that no longer parses means the database
/// was edited by hand, which is a storage fault, not the shopper's.
fn corrupt(what: &str) -> InboundError {
    InboundError::Storage(format!("stored {what} is invalid"))
}

fn limit(n: u32) -> i64 {
    i64::from(n)
}

#[async_trait]
impl MailingList for SqliteStore {
    async fn sign_up(&self, email: &Email, token: &str) -> Result<SignUp, InboundError> {
        // Insert-if-absent, then read back: one statement each, safe under concurrent
        // sign-ups of the same address.
        let inserted = sqlx::query("INSERT INTO newsletter_subscribers (email, token) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING")
            .bind(email.as_str())
            .bind(token)
            .execute(&self.pool)
            .await
            .map_err(storage)?
            .rows_affected()
            == 1;
        let (stored_token, confirmed_at): (String, Option<String>) = sqlx::query_as(
            "SELECT token, confirmed_at FROM newsletter_subscribers WHERE email = $1",
        )
        .bind(email.as_str())
        .fetch_one(&self.pool)
        .await
        .map_err(storage)?;
        Ok(match confirmed_at {
            Some(_) => SignUp::Confirmed,
            None => SignUp::Pending {
                token: stored_token,
                new: inserted,
            },
        })
    }

    async fn confirm(&self, token: &str) -> Result<Option<Email>, InboundError> {
        let email: Option<String> = sqlx::query_scalar(
            "UPDATE newsletter_subscribers SET confirmed_at = COALESCE(confirmed_at, CURRENT_TIMESTAMP)
             WHERE token = $1 RETURNING email",
        )
        .bind(token)
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        email
            .map(|e| Email::parse(&e).map_err(|_| corrupt("subscriber e-mail")))
            .transpose()
    }
}

#[derive(FromRow)]
struct InquiryRow {
    id: i64,
    channel: String,
    email: String,
    name: Option<String>,
    subject: Option<String>,
    body: String,
    order_number: Option<String>,
    received_at: String,
}

#[async_trait]
impl Inbox for SqliteStore {
    async fn submit(&self, inquiry: &Inquiry) -> Result<i64, InboundError> {
        sqlx::query_scalar(
            "INSERT INTO inquiries (channel, email, name, subject, body, order_number)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(inquiry.channel.as_str())
        .bind(inquiry.email.as_str())
        .bind(&inquiry.name)
        .bind(&inquiry.subject)
        .bind(&inquiry.body)
        .bind(&inquiry.order_number)
        .fetch_one(&self.pool)
        .await
        .map_err(storage)
    }

    async fn recent_inquiries(&self, n: u32) -> Result<Vec<StoredInquiry>, InboundError> {
        let rows = sqlx::query_as::<_, InquiryRow>(
            "SELECT id, channel, email, name, subject, body, order_number, received_at
             FROM inquiries ORDER BY id DESC LIMIT $1",
        )
        .bind(limit(n))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.into_iter()
            .map(|r| {
                Ok(StoredInquiry {
                    id: r.id,
                    received_at: r.received_at,
                    inquiry: Inquiry {
                        channel: Channel::parse(&r.channel).ok_or_else(|| corrupt("channel"))?,
                        email: Email::parse(&r.email).map_err(|_| corrupt("inquiry e-mail"))?,
                        name: r.name,
                        subject: r.subject,
                        body: r.body,
                        order_number: r.order_number,
                    },
                })
            })
            .collect()
    }
}

#[derive(FromRow)]
struct CampaignRow {
    source: Option<String>,
    medium: Option<String>,
    campaign: Option<String>,
    term: Option<String>,
    content: Option<String>,
    visits: i64,
}

#[async_trait]
impl CampaignReports for SqliteStore {
    async fn record_visit(&self, v: &CampaignVisit) -> Result<(), InboundError> {
        sqlx::query("INSERT INTO campaign_visits (source, medium, campaign, term, content) VALUES ($1, $2, $3, $4, $5)")
            .bind(&v.source)
            .bind(&v.medium)
            .bind(&v.campaign)
            .bind(&v.term)
            .bind(&v.content)
            .execute(&self.pool)
            .await
            .map_err(storage)?;
        Ok(())
    }

    async fn visit_counts(&self) -> Result<Vec<CampaignCount>, InboundError> {
        let rows = sqlx::query_as::<_, CampaignRow>(
            "SELECT source, medium, campaign, term, content, COUNT(*) AS visits FROM campaign_visits
             GROUP BY source, medium, campaign, term, content
             ORDER BY visits DESC, source, medium, campaign, term, content",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        Ok(rows
            .into_iter()
            .map(|r| CampaignCount {
                visit: CampaignVisit {
                    source: r.source,
                    medium: r.medium,
                    campaign: r.campaign,
                    term: r.term,
                    content: r.content,
                },
                visits: u64::try_from(r.visits).unwrap_or(0),
            })
            .collect())
    }
}

#[derive(FromRow)]
struct ClientErrorRow {
    id: i64,
    message: String,
    url: String,
    status: Option<i64>,
    detail: Option<String>,
    received_at: String,
}

#[async_trait]
impl ErrorReports for SqliteStore {
    async fn record_error(&self, e: &ClientError) -> Result<(), InboundError> {
        sqlx::query(
            "INSERT INTO client_errors (message, url, status, detail) VALUES ($1, $2, $3, $4)",
        )
        .bind(&e.message)
        .bind(&e.url)
        .bind(e.status.map(i64::from))
        .bind(&e.detail)
        .execute(&self.pool)
        .await
        .map_err(storage)?;
        Ok(())
    }

    async fn recent_errors(&self, n: u32) -> Result<Vec<StoredClientError>, InboundError> {
        let rows = sqlx::query_as::<_, ClientErrorRow>(
            "SELECT id, message, url, status, detail, received_at FROM client_errors ORDER BY id DESC LIMIT $1",
        )
        .bind(limit(n))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        Ok(rows
            .into_iter()
            .map(|r| StoredClientError {
                id: r.id,
                received_at: r.received_at,
                error: ClientError {
                    message: r.message,
                    url: r.url,
                    status: r.status.and_then(|s| u16::try_from(s).ok()),
                    detail: r.detail,
                },
            })
            .collect())
    }
}
