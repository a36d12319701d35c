//! A signed-in customer's bag and later list (spec 6: stored on the server). Every
//! edit reads the stored lists with their version, applies the edit and the bag rules
//! through the same `quote` a guest's bag uses, and writes the result only if nobody
//! wrote in between; otherwise it starts again from what is stored now. So two
//! devices, or two sign-ins merging two guest bags at once, never lose a line.

use crate::bag::{
    BagError, Change, LineKey, ListName, Lists, PricedLine, Quote, QuoteError, Terms,
};
use crate::ports::{Catalog, CustomerBags, StorageError};

/// Tries before an edit gives up on a customer whose lists keep changing under it;
/// far more than two devices editing at once ever need.
pub const EDIT_ATTEMPTS: u32 = 8;

/// What a signed-in customer's client asks of the stored lists.
#[derive(Debug, Clone)]
pub enum BagEdit {
    /// One shopper's edit, as a guest's quote takes it.
    Change(Change),
    /// Lines brought in (a guest's lists at sign-in, spec 4.3): they join the stored
    /// lists and merge with them by the bag rules (the same line adds up).
    Merge(Lists),
    /// Lines taken out by identity; a line that is not there is already gone.
    Remove { list: ListName, keys: Vec<LineKey> },
}

#[derive(Debug, thiserror::Error)]
pub enum BagEditError {
    #[error(transparent)]
    Quote(#[from] QuoteError),
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// Every attempt found the lists changed since it read them.
    #[error("your bag is being changed elsewhere at this moment; please try again")]
    Contended,
}

impl From<BagError> for BagEditError {
    fn from(e: BagError) -> Self {
        BagEditError::Quote(e.into())
    }
}

/// The lists a quote leaves: what can be bought, then what has run out, per list;
/// withdrawn lines are gone.
fn kept(quote: &Quote) -> Lists {
    let lines = |a: &[PricedLine], b: &[PricedLine]| {
        a.iter()
            .chain(b)
            .map(|p| p.line.clone())
            .collect::<Vec<_>>()
    };
    Lists {
        products: lines(&quote.products, &quote.unavailable_cart),
        later: lines(&quote.later, &quote.unavailable_later),
    }
}

/// The stored lists, priced; nothing is written (lines the catalogue withdrew are
/// left out of the answer and dropped by the next edit).
pub async fn stored_bag(
    bags: &dyn CustomerBags,
    catalog: &dyn Catalog,
    customer: i64,
    terms: &Terms,
) -> Result<Quote, BagEditError> {
    let stored = bags.bag(customer).await?;
    Ok(crate::bag::quote(catalog, stored.lists, None, terms).await?)
}

/// Applies `edit` to the customer's stored lists and stores what the bag rules leave.
pub async fn edit_bag(
    bags: &dyn CustomerBags,
    catalog: &dyn Catalog,
    customer: i64,
    edit: BagEdit,
    terms: &Terms,
) -> Result<Quote, BagEditError> {
    for _ in 0..EDIT_ATTEMPTS {
        let stored = bags.bag(customer).await?;
        let mut lists = stored.lists;
        let change = match edit.clone() {
            BagEdit::Change(change) => Some(change),
            BagEdit::Merge(incoming) => {
                lists.products.extend(incoming.products);
                lists.later.extend(incoming.later);
                None
            }
            BagEdit::Remove { list, keys } => {
                let lines = match list {
                    ListName::Products => &mut lists.products,
                    ListName::Later => &mut lists.later,
                };
                lines.retain(|line| !keys.contains(&line.key));
                None
            }
        };
        let quote = crate::bag::quote(catalog, lists, change, terms).await?;
        if bags
            .save_bag(customer, stored.version, &kept(&quote))
            .await?
        {
            return Ok(quote);
        }
    }
    Err(BagEditError::Contended)
}
