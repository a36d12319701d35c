//! What the store sells by subscription: types (the route's `type_id`, "Coffee & Tea"),
//! groups of choices within a type (`group_id`, "Coffee of the month"), and the plans
//! each group is sold on. Plans come with the catalogue (`CatalogImport::subscriptions`)
//! and are few, so they are read whole.

use super::model::Plan;
use super::schedule::Interval;
use crate::money::Money;
use serde::{Deserialize, Deserializer};
use std::collections::HashSet;

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PlanType {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub heb_name: String,
    #[serde(default)]
    pub groups: Vec<PlanGroup>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PlanGroup {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub heb_name: String,
    pub description: String,
    pub heb_description: String,
    pub plans: Vec<Plan>,
}

/// `1w` … `3m`, as a plan's interval is written.
pub(super) fn interval<'de, D: Deserializer<'de>>(d: D) -> Result<Interval, D::Error> {
    let raw = String::deserialize(d)?;
    Interval::parse(&raw).ok_or_else(|| {
        serde::de::Error::custom(format!(
            "interval {raw:?} is not one of 1w, 2w, 4w, 1m, 2m, 3m"
        ))
    })
}

/// The whole percent a plan's price per delivery saves against buying the product
/// once at `once`, rounded down (a shop never overstates a saving); 0 when it saves
/// nothing.
pub fn saving_percent(plan: Money, once: Money) -> u32 {
    if once.cents() <= 0 || plan >= once {
        return 0;
    }
    let saved = (once.cents() - plan.cents()) * 100 / once.cents();
    u32::try_from(saved).unwrap_or(0)
}

/// The group `group_id` of type `type_id`.
pub fn find_group(
    types: &[PlanType],
    type_id: i64,
    group_id: i64,
) -> Option<(&PlanType, &PlanGroup)> {
    let t = types.iter().find(|t| t.id == type_id)?;
    let g = t.groups.iter().find(|g| g.id == group_id)?;
    Some((t, g))
}

/// Plan `plan_id` and the group it belongs to.
pub fn find_plan(types: &[PlanType], plan_id: i64) -> Option<(&PlanGroup, &Plan)> {
    types
        .iter()
        .flat_map(|t| &t.groups)
        .find_map(|g| g.plans.iter().find(|p| p.id == plan_id).map(|p| (g, p)))
}

/// The rules a plans catalogue keeps: ids and slugs given once, a group with at least one plan,
/// a price above nothing, a fixed count of at least one delivery. `Err` names the
/// first broken one.
pub fn validate(types: &[PlanType]) -> Result<(), String> {
    let (mut seen_types, mut seen_groups, mut seen_plans) =
        (HashSet::new(), HashSet::new(), HashSet::new());
    for t in types {
        if !seen_types.insert((t.id, "id")) || !seen_types.insert((0, t.slug.as_str())) {
            return Err(format!(
                "subscription type {} or its slug is given twice",
                t.id
            ));
        }
        for g in &t.groups {
            if !seen_groups.insert((g.id, "id")) || !seen_groups.insert((0, g.slug.as_str())) {
                return Err(format!(
                    "subscription group {} or its slug is given twice",
                    g.id
                ));
            }
            if g.plans.is_empty() {
                return Err(format!("subscription group {} has no plan", g.id));
            }
            for p in &g.plans {
                if !seen_plans.insert(p.id) {
                    return Err(format!("subscription plan {} is given twice", p.id));
                }
                if p.price.cents() <= 0 {
                    return Err(format!("subscription plan {} has no price", p.id));
                }
                if p.deliveries == Some(0) {
                    return Err(format!("subscription plan {} has no deliveries", p.id));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(id: i64, price: i64, deliveries: Option<u32>) -> Plan {
        Plan {
            id,
            product_id: 1,
            interval: Interval::Months(1),
            price: Money::from_cents(price),
            deliveries,
        }
    }

    fn catalogue(plans: Vec<Plan>) -> Vec<PlanType> {
        vec![PlanType {
            id: 1,
            slug: "coffee".into(),
            name: "Coffee".into(),
            heb_name: "קפה".into(),
            groups: vec![PlanGroup {
                id: 7,
                slug: "monthly".into(),
                name: "Monthly".into(),
                heb_name: "חודשי".into(),
                description: String::new(),
                heb_description: String::new(),
                plans,
            }],
        }]
    }

    #[test]
    fn a_saving_is_rounded_down_and_never_negative() {
        let cents = Money::from_cents;
        assert_eq!(saving_percent(cents(1620), cents(1800)), 10);
        // 1.67 % saved reads 1 %.
        assert_eq!(saving_percent(cents(1770), cents(1800)), 1);
        assert_eq!(saving_percent(cents(1800), cents(1800)), 0);
        assert_eq!(saving_percent(cents(1900), cents(1800)), 0);
        assert_eq!(saving_percent(cents(100), cents(0)), 0);
    }

    #[test]
    fn groups_and_plans_are_found_by_their_ids_only_where_they_are() {
        let types = catalogue(vec![plan(3, 1000, None)]);
        assert_eq!(find_group(&types, 1, 7).map(|(_, g)| g.id), Some(7));
        assert!(
            find_group(&types, 2, 7).is_none(),
            "the group is not of type 2"
        );
        assert!(find_group(&types, 1, 8).is_none());
        assert_eq!(
            find_plan(&types, 3).map(|(g, p)| (g.id, p.id)),
            Some((7, 3))
        );
        assert!(find_plan(&types, 4).is_none());
    }

    #[test]
    fn a_catalogue_with_a_broken_rule_is_refused_by_name() {
        assert!(validate(&catalogue(vec![plan(3, 1000, Some(6))])).is_ok());
        let cases = [
            (
                vec![plan(3, 1000, None), plan(3, 900, None)],
                "plan 3 is given twice",
            ),
            (vec![plan(3, 0, None)], "plan 3 has no price"),
            (vec![plan(3, 1000, Some(0))], "plan 3 has no deliveries"),
            (vec![], "group 7 has no plan"),
        ];
        for (plans, expected) in cases {
            let err = validate(&catalogue(plans)).unwrap_err();
            assert!(err.contains(expected), "{err}");
        }
        let mut two = catalogue(vec![plan(3, 1000, None)]);
        two.extend(catalogue(vec![plan(4, 1000, None)]));
        two[1].id = 2;
        two[1].groups[0].id = 8;
        let err = validate(&two).unwrap_err();
        assert!(err.contains("type 2 or its slug"), "{err}");
        two[1].slug = "tea".into();
        let err = validate(&two).unwrap_err();
        assert!(err.contains("group 8 or its slug"), "{err}");
        two[1].groups[0].slug = "weekly".into();
        assert!(validate(&two).is_ok());
    }

    #[test]
    fn a_plan_reads_its_interval_as_written_and_refuses_another() {
        let read: Plan = serde_json::from_str(
            r#"{"id":1,"product_id":2,"interval":"2w","price":1500,"deliveries":null}"#,
        )
        .unwrap();
        assert_eq!(read.interval, Interval::Weeks(2));
        let bad =
            serde_json::from_str::<Plan>(r#"{"id":1,"product_id":2,"interval":"5d","price":1500}"#);
        assert!(bad.unwrap_err().to_string().contains("not one of"));
    }
}
