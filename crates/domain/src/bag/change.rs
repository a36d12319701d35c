//! The edits a shopper makes to the bag and the later list. Each edit only moves or
//! rewrites lines; merging and capping are `normalize`'s, run on the result.

use super::lines::{BagError, BagLine, LineKey, ListName, Refusal};

/// The bag (`products`, spec 3) and the save-for-later list, unavailable lines included.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lists {
    pub products: Vec<BagLine>,
    pub later: Vec<BagLine>,
}

/// One edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Puts a line in the bag; an existing line with its identity takes its quantity.
    Add(BagLine),
    /// Puts several lines in the bag at once (a school list's ticked items): each merges
    /// as `Add` does, and one the catalogue cannot sell or has none of is left out, not
    /// refused, so the rest still go in. The quote says what each brought
    /// (`Quote::added`).
    AddMany(Vec<BagLine>),
    /// Rewrites a bag line: its quantity, gift options or personalization. A new key
    /// (a personalization added or cleared) may merge it into another line.
    Replace {
        key: LineKey,
        line: BagLine,
    },
    MoveToLater(LineKey),
    MoveToBag(LineKey),
    Remove {
        list: ListName,
        key: LineKey,
    },
}

impl Change {
    /// The line this edit brings in from outside the lists, if any: the one line of a
    /// request that is refused, not withdrawn, when the catalogue cannot sell it.
    pub fn new_line(&self) -> Option<&BagLine> {
        match self {
            Change::Add(line) | Change::Replace { line, .. } => Some(line),
            _ => None,
        }
    }
}

impl Lists {
    pub fn list(&self, name: ListName) -> &[BagLine] {
        match name {
            ListName::Products => &self.products,
            ListName::Later => &self.later,
        }
    }

    fn list_mut(&mut self, name: ListName) -> &mut Vec<BagLine> {
        match name {
            ListName::Products => &mut self.products,
            ListName::Later => &mut self.later,
        }
    }

    /// Takes the first line with `key` out of `list`; a line that is not there is
    /// refused, since the shopper's screen was out of date.
    fn take(&mut self, name: ListName, key: &LineKey) -> Result<(usize, BagLine), BagError> {
        let list = self.list_mut(name);
        let at = list.iter().position(|l| &l.key == key).ok_or_else(|| {
            BagError::new(
                Refusal::Conflict,
                format!(
                    "{name} holds no {} line with id {} and item_key {:?}",
                    key.line_type.as_str(),
                    key.id,
                    key.item_key
                ),
            )
        })?;
        Ok((at, list.remove(at)))
    }

    pub fn apply(&mut self, change: Change) -> Result<(), BagError> {
        match change {
            Change::Add(line) => self.products.push(line),
            Change::AddMany(lines) => self.products.extend(lines),
            Change::Replace { key, line } => {
                let (at, _) = self.take(ListName::Products, &key)?;
                self.products.insert(at, line);
            }
            Change::MoveToLater(key) => {
                let (_, line) = self.take(ListName::Products, &key)?;
                self.later.push(line);
            }
            Change::MoveToBag(key) => {
                let (_, line) = self.take(ListName::Later, &key)?;
                self.products.push(line);
            }
            Change::Remove { list, key } => {
                self.take(list, &key)?;
            }
        }
        Ok(())
    }
}
