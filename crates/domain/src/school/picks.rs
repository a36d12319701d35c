//! A list's rules, and what a shopper's ticks become in the bag. Every required item
//! starts ticked at the teacher's quantity and every optional one unticked; the
//! shopper may untick anything (they may own it already), change a quantity, and take
//! one of an item's substitutes instead of it, never an item the list does not allow.

use super::model::{ListItem, SupplyList};
use crate::bag::{BagLine, ItemRef, LineKey, LineType, MAX_QUANTITY};
use std::collections::BTreeMap;

/// One ticked item: its place in the list, how many, and the substitute taken instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pick {
    pub position: usize,
    pub quantity: i64,
    pub substitute: Option<ItemRef>,
}

/// Why picks were refused; the message names the pick (`picks[2]: ...`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PickError(pub String);

/// The picks a list starts with: each required item at its quantity.
pub fn default_picks(list: &SupplyList) -> Vec<Pick> {
    list.items
        .iter()
        .enumerate()
        .filter(|(_, item)| !item.optional)
        .map(|(position, item)| Pick {
            position,
            quantity: item.quantity,
            substitute: None,
        })
        .collect()
}

/// The substitutes offered for `item`: none while it can be bought; when it cannot,
/// those of its substitutes that can, in the teacher's order.
pub fn offered_substitutes(item: &ListItem, can_buy: impl Fn(ItemRef) -> bool) -> Vec<ItemRef> {
    if can_buy(item.item) {
        return Vec::new();
    }
    item.substitutes
        .iter()
        .copied()
        .filter(|s| can_buy(*s))
        .collect()
}

fn line_type(item: ItemRef) -> LineType {
    match item {
        ItemRef::Product(_) => LineType::Product,
        ItemRef::Variation(_) => LineType::Variation,
        ItemRef::Bundle(_) => LineType::Bundle,
    }
}

fn id_of(item: ItemRef) -> i64 {
    match item {
        ItemRef::Product(id) | ItemRef::Variation(id) | ItemRef::Bundle(id) => id,
    }
}

impl SupplyList {
    /// The bag lines `picks` ask for, one per item in the list's order (an item and a
    /// substitute that are the same catalogue item make one line). Refused: no pick,
    /// a position the list does not have or picked twice, a quantity outside 1 to the
    /// bag's most, a substitute the list does not allow for that item.
    pub fn lines(&self, picks: &[Pick]) -> Result<Vec<BagLine>, PickError> {
        if picks.is_empty() {
            return Err(PickError("picks: tick at least one item".to_owned()));
        }
        let mut chosen: BTreeMap<usize, (ItemRef, i64)> = BTreeMap::new();
        for (i, pick) in picks.iter().enumerate() {
            let refuse = |why: String| PickError(format!("picks[{i}]: {why}"));
            let item = self
                .items
                .get(pick.position)
                .ok_or_else(|| refuse(format!("the list has no item {}", pick.position)))?;
            if !(1..=MAX_QUANTITY).contains(&pick.quantity) {
                return Err(refuse(format!(
                    "the quantity must be from 1 to {MAX_QUANTITY}"
                )));
            }
            let bought = match pick.substitute {
                None => item.item,
                Some(s) if item.substitutes.contains(&s) => s,
                Some(_) => {
                    return Err(refuse(
                        "the list does not allow that substitute for this item".to_owned(),
                    ));
                }
            };
            if chosen
                .insert(pick.position, (bought, pick.quantity))
                .is_some()
            {
                return Err(refuse(format!("item {} is picked twice", pick.position)));
            }
        }
        let mut lines: Vec<BagLine> = Vec::new();
        for (item, quantity) in chosen.into_values() {
            let key = LineKey {
                id: id_of(item),
                line_type: line_type(item),
                item_key: String::new(),
            };
            match lines.iter_mut().find(|l| l.key == key) {
                Some(line) => line.quantity = (line.quantity + quantity).min(MAX_QUANTITY),
                None => lines.push(BagLine {
                    key,
                    quantity,
                    gift_options: false,
                    personalization: BTreeMap::new(),
                }),
            }
        }
        Ok(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: i64, quantity: i64, optional: bool, substitutes: &[ItemRef]) -> ListItem {
        ListItem {
            item: ItemRef::Product(id),
            quantity,
            optional,
            substitutes: substitutes.to_vec(),
        }
    }

    fn list() -> SupplyList {
        SupplyList {
            id: 1,
            name: "Grade 3".to_owned(),
            heb_name: "כיתה ג".to_owned(),
            note: String::new(),
            heb_note: String::new(),
            items: vec![
                item(1042, 2, false, &[]),
                item(
                    1046,
                    1,
                    false,
                    &[ItemRef::Product(1045), ItemRef::Variation(104701)],
                ),
                item(1049, 1, true, &[]),
                item(1055, 1, false, &[]),
            ],
        }
    }

    fn pick(position: usize, quantity: i64, substitute: Option<ItemRef>) -> Pick {
        Pick {
            position,
            quantity,
            substitute,
        }
    }

    fn bought(lines: &[BagLine]) -> Vec<(i64, LineType, i64)> {
        lines
            .iter()
            .map(|l| (l.key.id, l.key.line_type, l.quantity))
            .collect()
    }

    #[test]
    fn required_items_start_ticked_and_optional_ones_do_not() {
        let picks = default_picks(&list());
        assert_eq!(
            picks,
            vec![pick(0, 2, None), pick(1, 1, None), pick(3, 1, None)]
        );
        let lines = list().lines(&picks).unwrap();
        assert_eq!(
            bought(&lines),
            vec![
                (1042, LineType::Product, 2),
                (1046, LineType::Product, 1),
                (1055, LineType::Product, 1)
            ]
        );
        assert!(
            lines
                .iter()
                .all(|l| l.key.item_key.is_empty() && !l.gift_options)
        );
    }

    #[test]
    fn a_shopper_unticks_ticks_changes_quantities_and_takes_an_allowed_substitute() {
        let picks = [
            pick(2, 1, None),
            pick(1, 3, Some(ItemRef::Variation(104701))),
            pick(0, 5, None),
        ];
        assert_eq!(
            bought(&list().lines(&picks).unwrap()),
            vec![
                (1042, LineType::Product, 5),
                (104701, LineType::Variation, 3),
                (1049, LineType::Product, 1)
            ],
            "in the list's order, item 3 left out"
        );
    }

    #[test]
    fn a_substitute_the_list_does_not_allow_is_refused() {
        let err = list()
            .lines(&[pick(0, 1, None), pick(3, 1, Some(ItemRef::Product(1045)))])
            .unwrap_err();
        assert_eq!(
            err.0,
            "picks[1]: the list does not allow that substitute for this item"
        );
    }

    #[test]
    fn bad_picks_are_refused_by_name() {
        let l = list();
        assert!(l.lines(&[]).unwrap_err().0.starts_with("picks:"));
        assert!(
            l.lines(&[pick(4, 1, None)])
                .unwrap_err()
                .0
                .contains("no item 4")
        );
        for quantity in [0, -1, MAX_QUANTITY + 1] {
            assert!(l.lines(&[pick(0, quantity, None)]).is_err(), "{quantity}");
        }
        let twice = l.lines(&[pick(0, 1, None), pick(0, 2, None)]).unwrap_err();
        assert_eq!(twice.0, "picks[1]: item 0 is picked twice");
    }

    #[test]
    fn an_item_and_a_substitute_that_are_one_item_make_one_line() {
        let mut l = list();
        l.items[3].substitutes = vec![ItemRef::Product(1042)];
        let lines = l
            .lines(&[pick(0, 2, None), pick(3, 1, Some(ItemRef::Product(1042)))])
            .unwrap();
        assert_eq!(bought(&lines), vec![(1042, LineType::Product, 3)]);
    }

    #[test]
    fn substitutes_are_offered_only_for_an_item_that_cannot_be_bought() {
        let l = list();
        let in_stock = |i: ItemRef| i != ItemRef::Product(1046);
        assert_eq!(offered_substitutes(&l.items[0], in_stock), Vec::new());
        assert_eq!(
            offered_substitutes(&l.items[1], in_stock),
            vec![ItemRef::Product(1045), ItemRef::Variation(104701)]
        );
        let only_the_pens = |i: ItemRef| i == ItemRef::Product(1045);
        assert_eq!(
            offered_substitutes(&l.items[1], only_the_pens),
            vec![ItemRef::Product(1045)]
        );
    }
}
