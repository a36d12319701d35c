//! Campaign (`utm_*`) parameters of visits, counted for the owner's report.

use crate::input::{InputError, optional_text};

pub const MAX_CAMPAIGN_VALUE: usize = 200;

/// The `utm_*` parameters of one visit; at least one is present.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CampaignVisit {
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
    pub term: Option<String>,
    pub content: Option<String>,
}

impl CampaignVisit {
    /// `None` when no parameter is present: there is nothing to count.
    pub fn parse(
        source: Option<&str>,
        medium: Option<&str>,
        campaign: Option<&str>,
        term: Option<&str>,
        content: Option<&str>,
    ) -> Result<Option<Self>, InputError> {
        let visit = CampaignVisit {
            source: optional_text("utm_source", source, MAX_CAMPAIGN_VALUE)?,
            medium: optional_text("utm_medium", medium, MAX_CAMPAIGN_VALUE)?,
            campaign: optional_text("utm_campaign", campaign, MAX_CAMPAIGN_VALUE)?,
            term: optional_text("utm_term", term, MAX_CAMPAIGN_VALUE)?,
            content: optional_text("utm_content", content, MAX_CAMPAIGN_VALUE)?,
        };
        Ok((visit != CampaignVisit::default()).then_some(visit))
    }
}

/// How many visits came with the same campaign parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignCount {
    pub visit: CampaignVisit,
    pub visits: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn campaign_visits_need_a_parameter() {
        assert_eq!(
            CampaignVisit::parse(None, Some(" "), None, None, None).unwrap(),
            None
        );
        let visit = CampaignVisit::parse(None, Some("email"), Some("spring"), None, None)
            .unwrap()
            .unwrap();
        assert_eq!(
            (visit.medium.as_deref(), visit.campaign.as_deref()),
            (Some("email"), Some("spring"))
        );
        assert_eq!(
            CampaignVisit::parse(None, None, None, Some(&"t".repeat(201)), None)
                .unwrap_err()
                .field,
            "utm_term"
        );
    }
}
