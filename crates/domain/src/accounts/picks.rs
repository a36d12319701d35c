//! What a signed-in customer keeps a reference to: favorites (products and bundles,
//! spec 3 "Customer") and the creators and vendors they follow (spec 3 "Following",
//! 4.4). Adding is idempotent and removing what is not there is a no-op, so a client
//! that sends again after a failure (spec 8) cannot double or lose anything.

use crate::catalog::ListKind;
use crate::clock::Timestamp;
use crate::ports::{Catalog, CatalogError, Picks, StorageError};

/// Items one request may name: a guest's whole favorites list fits.
pub const MAX_PICKS_PER_REQUEST: usize = 200;

/// What a pick refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PickKind {
    Product,
    Bundle,
    Vendor,
    Creator,
}

impl PickKind {
    pub fn as_str(self) -> &'static str {
        match self {
            PickKind::Product => "product",
            PickKind::Bundle => "bundle",
            PickKind::Vendor => "vendor",
            PickKind::Creator => "creator",
        }
    }

    pub fn parse(raw: &str) -> Option<PickKind> {
        [
            PickKind::Product,
            PickKind::Bundle,
            PickKind::Vendor,
            PickKind::Creator,
        ]
        .into_iter()
        .find(|k| k.as_str() == raw)
    }

    /// Favorites hold products and bundles; following holds creators and vendors.
    pub fn is_favorite(self) -> bool {
        matches!(self, PickKind::Product | PickKind::Bundle)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pick {
    pub kind: PickKind,
    pub id: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum PickError {
    #[error("{0}")]
    Invalid(String),
    /// A creator or vendor the catalogue does not have.
    #[error("there is no {} with id {}", .0.kind.as_str(), .0.id)]
    Unknown(Pick),
    #[error(transparent)]
    Storage(#[from] StorageError),
    #[error(transparent)]
    Catalog(#[from] CatalogError),
}

/// Refuses an empty or oversized request, ids below 1 and picks of the wrong group.
fn check(picks: &[Pick], favorites: bool) -> Result<(), PickError> {
    if picks.len() > MAX_PICKS_PER_REQUEST {
        return Err(PickError::Invalid(format!(
            "at most {MAX_PICKS_PER_REQUEST} items at once"
        )));
    }
    if let Some(p) = picks.iter().find(|p| p.id < 1) {
        return Err(PickError::Invalid(format!(
            "an id must be a positive number, not {}",
            p.id
        )));
    }
    if let Some(p) = picks.iter().find(|p| p.kind.is_favorite() != favorites) {
        return Err(PickError::Invalid(format!(
            "a {} cannot be {}",
            p.kind.as_str(),
            if favorites { "a favorite" } else { "followed" }
        )));
    }
    Ok(())
}

/// Adds favorites and answers the whole list, newest first. Ids the catalogue does not
/// have are kept (a guest's list may hold an item withdrawn since); the favorites
/// screen skips what it cannot show.
pub async fn add_favorites(
    picks: &dyn Picks,
    customer: i64,
    items: &[Pick],
    at: Timestamp,
) -> Result<Vec<Pick>, PickError> {
    check(items, true)?;
    picks.add_picks(customer, items, at).await?;
    Ok(favorites(picks, customer).await?)
}

pub async fn remove_favorites(
    picks: &dyn Picks,
    customer: i64,
    items: &[Pick],
) -> Result<Vec<Pick>, PickError> {
    check(items, true)?;
    picks.remove_picks(customer, items).await?;
    Ok(favorites(picks, customer).await?)
}

pub async fn favorites(picks: &dyn Picks, customer: i64) -> Result<Vec<Pick>, StorageError> {
    Ok(picks
        .picks(customer)
        .await?
        .into_iter()
        .filter(|p| p.kind.is_favorite())
        .collect())
}

/// Spec 3 "Following": the ids of the creators and vendors followed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Following {
    pub creators: Vec<i64>,
    pub vendors: Vec<i64>,
}

pub async fn following(picks: &dyn Picks, customer: i64) -> Result<Following, StorageError> {
    let mut answer = Following::default();
    for p in picks.picks(customer).await? {
        match p.kind {
            PickKind::Creator => answer.creators.push(p.id),
            PickKind::Vendor => answer.vendors.push(p.id),
            PickKind::Product | PickKind::Bundle => {}
        }
    }
    Ok(answer)
}

/// Follows a creator or vendor the catalogue has (spec 4.4).
pub async fn follow(
    picks: &dyn Picks,
    catalog: &dyn Catalog,
    customer: i64,
    pick: Pick,
    at: Timestamp,
) -> Result<Following, PickError> {
    check(&[pick], false)?;
    let kind = match pick.kind {
        PickKind::Creator => ListKind::Creator,
        _ => ListKind::Vendor,
    };
    if catalog.list_owner(kind, pick.id).await?.is_none() {
        return Err(PickError::Unknown(pick));
    }
    picks.add_picks(customer, &[pick], at).await?;
    Ok(following(picks, customer).await?)
}

/// Unfollows; unfollowing what is not followed changes nothing.
pub async fn unfollow(
    picks: &dyn Picks,
    customer: i64,
    pick: Pick,
) -> Result<Following, PickError> {
    check(&[pick], false)?;
    picks.remove_picks(customer, &[pick]).await?;
    Ok(following(picks, customer).await?)
}
