//! Campaign (`utm_*`) visits.

use super::retention::CAMPAIGN_VISITS;
use super::{Store, storage};
use crate::clock::utc_text;
use crate::rows::row;
use async_trait::async_trait;
use store_domain::campaigns::{CampaignCount, CampaignVisit};
use store_domain::clock::Timestamp;
use store_domain::ports::{CampaignReports, StorageError};
use store_domain::retention::Purge;

row! {
    struct CampaignRow {
        source: Option<String>,
        medium: Option<String>,
        campaign: Option<String>,
        term: Option<String>,
        content: Option<String>,
        visits: i64,
    }
}

#[async_trait]
impl CampaignReports for Store {
    async fn record_visit(&self, v: &CampaignVisit, at: Timestamp) -> Result<(), StorageError> {
        sqlx::query(
            "INSERT INTO campaign_visits (source, medium, campaign, term, content, visited_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&v.source)
        .bind(&v.medium)
        .bind(&v.campaign)
        .bind(&v.term)
        .bind(&v.content)
        .bind(utc_text(at))
        .execute(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        Ok(())
    }

    async fn visit_counts(&self) -> Result<Vec<CampaignCount>, StorageError> {
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

    async fn purge_visits(&self, purge: Purge) -> Result<u64, StorageError> {
        self.purge_journal(&CAMPAIGN_VISITS, purge).await
    }
}
