//! In-memory campaign visit counts.

use super::{Journal, read, write};
use async_trait::async_trait;
use std::collections::BTreeMap;
use std::sync::RwLock;
use store_domain::campaigns::{CampaignCount, CampaignVisit};
use store_domain::clock::Timestamp;
use store_domain::ports::{CampaignReports, StorageError};
use store_domain::retention::Purge;

#[derive(Default)]
pub struct InMemoryCampaigns {
    visits: RwLock<Journal<CampaignVisit>>,
}

#[async_trait]
impl CampaignReports for InMemoryCampaigns {
    async fn record_visit(&self, visit: &CampaignVisit, at: Timestamp) -> Result<(), StorageError> {
        write(&self.visits).push(visit.clone(), at);
        Ok(())
    }

    async fn visit_counts(&self) -> Result<Vec<CampaignCount>, StorageError> {
        let mut counts: BTreeMap<CampaignVisit, u64> = BTreeMap::new();
        for visit in read(&self.visits).items() {
            *counts.entry(visit.clone()).or_default() += 1;
        }
        let mut list: Vec<CampaignCount> = counts
            .into_iter()
            .map(|(visit, visits)| CampaignCount { visit, visits })
            .collect();
        // Most visits first; equal counts in parameter order, NULLs first as in SQL.
        list.sort_by(|a, b| b.visits.cmp(&a.visits).then_with(|| a.visit.cmp(&b.visit)));
        Ok(list)
    }

    async fn purge_visits(&self, purge: Purge) -> Result<u64, StorageError> {
        Ok(write(&self.visits).purge(purge))
    }
}
