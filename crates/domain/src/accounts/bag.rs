//! A signed-in customer's bag and later list (spec 6: stored on the server). Every
//! edit reads the stored lists with their version, applies the edit and the bag rules
//! through the same `quote` a guest's bag uses, and writes the result only if nobody
//! wrote in between; otherwise it starts again from what is stored now. So two
//! devices, or two sign-ins merging two guest bags at once, never lose a line.

use crate::bag::{
    BagError, BagLine, Change, LineKey, ListName, Lists, MAX_LINES, PricedLine, Quote, QuoteError,
    Terms, Withdrawn, absorb,
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

/// Joins `incoming` lines to `list`: a line whose identity is there already merges
/// into it; a new one takes a free place, and with none left it is withdrawn, so a
/// guest's full bag merges as far as it fits instead of being refused whole.
fn join(name: ListName, list: &mut Vec<BagLine>, incoming: Vec<BagLine>) -> Vec<Withdrawn> {
    let mut full = Vec::new();
    for line in incoming {
        if let Some(kept) = list.iter_mut().find(|l| l.key == line.key) {
            absorb(kept, &line);
        } else if list.len() < MAX_LINES {
            list.push(line);
        } else {
            full.push(Withdrawn {
                list: name,
                line,
                reason: format!("the list holds at most {MAX_LINES} lines"),
            });
        }
    }
    full
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
        let mut full = Vec::new();
        let change = match edit.clone() {
            BagEdit::Change(change) => Some(change),
            BagEdit::Merge(incoming) => {
                full = join(ListName::Products, &mut lists.products, incoming.products);
                full.extend(join(ListName::Later, &mut lists.later, incoming.later));
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
        let mut quote = crate::bag::quote(catalog, lists, change, terms).await?;
        if bags
            .save_bag(customer, stored.version, &kept(&quote))
            .await?
        {
            quote.withdrawn.extend(full);
            return Ok(quote);
        }
    }
    Err(BagEditError::Contended)
}
