//! A return as the store keeps it: which lines of which order come back, why, how the
//! parcel travels, where the money goes and how much, and each state it reached.

use crate::clock::Timestamp;
use crate::money::Money;
use crate::orders::number::OrderNumber;

/// Why a line comes back: a fixed list, so the owner can count them. The store's own
/// faults (`store_fault`) never cost the shopper a label and may come back even when
/// the item was personalized.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ReturnReason {
    Defective,
    WrongItem,
    NotAsDescribed,
    NoLongerNeeded,
    BetterPrice,
    ArrivedLate,
    Other,
}

impl ReturnReason {
    pub const ALL: [ReturnReason; 7] = [
        ReturnReason::Defective,
        ReturnReason::WrongItem,
        ReturnReason::NotAsDescribed,
        ReturnReason::NoLongerNeeded,
        ReturnReason::BetterPrice,
        ReturnReason::ArrivedLate,
        ReturnReason::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ReturnReason::Defective => "defective",
            ReturnReason::WrongItem => "wrong_item",
            ReturnReason::NotAsDescribed => "not_as_described",
            ReturnReason::NoLongerNeeded => "no_longer_needed",
            ReturnReason::BetterPrice => "better_price",
            ReturnReason::ArrivedLate => "arrived_late",
            ReturnReason::Other => "other",
        }
    }

    pub fn parse(raw: &str) -> Option<ReturnReason> {
        ReturnReason::ALL.into_iter().find(|r| r.as_str() == raw)
    }

    /// Damaged or defective, or not what was ordered: the store's doing, not the
    /// shopper's choice.
    pub fn store_fault(self) -> bool {
        matches!(self, ReturnReason::Defective | ReturnReason::WrongItem)
    }
}

/// Where the money goes back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefundMethod {
    /// The way it came in: the card first, up to what the card paid; the part paid by
    /// gift cards as a new gift card.
    Original,
    /// All of it as a new gift card.
    StoreCredit,
}

impl RefundMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            RefundMethod::Original => "original",
            RefundMethod::StoreCredit => "store_credit",
        }
    }

    pub fn parse(raw: &str) -> Option<RefundMethod> {
        [RefundMethod::Original, RefundMethod::StoreCredit]
            .into_iter()
            .find(|m| m.as_str() == raw)
    }
}

/// How the parcel comes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReturnMethod {
    /// Brought to the store's counter: no label.
    DropOff,
    /// Posted with the prepaid label the store prints for it.
    Label,
}

impl ReturnMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            ReturnMethod::DropOff => "drop_off",
            ReturnMethod::Label => "label",
        }
    }

    pub fn parse(raw: &str) -> Option<ReturnMethod> {
        [ReturnMethod::DropOff, ReturnMethod::Label]
            .into_iter()
            .find(|m| m.as_str() == raw)
    }
}

/// Where a return is. `Requested` holds its units (they cannot be asked for again);
/// `Received` is the parcel in the store's hands with its refund under way;
/// `Rejected` gives its units back to what may still be returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ReturnStatus {
    Requested,
    Received,
    Refunded,
    Rejected,
}

impl ReturnStatus {
    pub const ALL: [ReturnStatus; 4] = [
        ReturnStatus::Requested,
        ReturnStatus::Received,
        ReturnStatus::Refunded,
        ReturnStatus::Rejected,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ReturnStatus::Requested => "requested",
            ReturnStatus::Received => "received",
            ReturnStatus::Refunded => "refunded",
            ReturnStatus::Rejected => "rejected",
        }
    }

    pub fn parse(raw: &str) -> Option<ReturnStatus> {
        ReturnStatus::ALL.into_iter().find(|s| s.as_str() == raw)
    }

    /// Whether its units and money count against the order: every state but rejected.
    pub fn counts(self) -> bool {
        self != ReturnStatus::Rejected
    }
}

/// One order line coming back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnLine {
    /// The line's place in its order (`Order::lines`).
    pub position: usize,
    pub quantity: i64,
    pub reason: ReturnReason,
    /// The shopper's own words, if any.
    pub note: Option<String>,
    /// What these units give back (`refund::work_out`).
    pub amount: Money,
}

/// What a return gives back, worked out when it is requested and kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Refund {
    /// The lines' amounts added up.
    pub items: Money,
    /// The order's shipping, when this return brings the last of it back.
    pub shipping: Money,
    /// The label's cost, taken off when an item excluded from free returns is posted
    /// back for a reason of the shopper's.
    pub label_fee: Money,
    /// `items + shipping - label_fee`.
    pub total: Money,
    pub to_card: Money,
    pub to_store_credit: Money,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReturnChange {
    pub status: ReturnStatus,
    pub at: Timestamp,
}

/// A return's number: its order's and its place among the order's returns,
/// `7KQ4-M2XD-9PRT-2`, so a shopper reads one number and the owner finds the order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReturnNumber {
    pub order: OrderNumber,
    pub sequence: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a return number is its order's number and a count, like 7KQ4-M2XD-9PRT-2")]
pub struct MalformedReturnNumber;

impl ReturnNumber {
    pub fn parse(typed: &str) -> Result<ReturnNumber, MalformedReturnNumber> {
        let typed = typed.trim();
        let (order, sequence) = typed.rsplit_once('-').ok_or(MalformedReturnNumber)?;
        let sequence: u32 = sequence.parse().map_err(|_| MalformedReturnNumber)?;
        let order = OrderNumber::parse(order).map_err(|_| MalformedReturnNumber)?;
        if sequence == 0 {
            return Err(MalformedReturnNumber);
        }
        Ok(ReturnNumber { order, sequence })
    }

    pub fn display(&self) -> String {
        format!("{}-{}", self.order.display(), self.sequence)
    }
}

impl std::fmt::Display for ReturnNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.display())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Return {
    pub number: ReturnNumber,
    pub lines: Vec<ReturnLine>,
    pub refund_method: RefundMethod,
    pub return_method: ReturnMethod,
    pub refund: Refund,
    /// Asked for by a gift's recipient: credit only, mailed to `credit_email`, and
    /// the buyer is told only that a gift came back.
    pub gift: bool,
    /// Where a store-credit gift card is mailed (the order's e-mail, or the gift
    /// recipient's).
    pub credit_email: String,
    pub status: ReturnStatus,
    /// Why the owner turned it down.
    pub rejection: Option<String>,
    /// Oldest first; `Requested` is always the first.
    pub history: Vec<ReturnChange>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_numbers_read_back_as_shown() {
        let order = OrderNumber::parse("7KQ4-M2XD-9PRT").unwrap();
        let number = ReturnNumber { order, sequence: 2 };
        assert_eq!(number.display(), "7KQ4-M2XD-9PRT-2");
        assert_eq!(ReturnNumber::parse("7kq4m2xd9prt-2"), Ok(number));
        for bad in [
            "7KQ4-M2XD-9PRT",
            "7KQ4-M2XD-9PRT-0",
            "7KQ4-M2XD-9PRT-x",
            "",
            "-1",
        ] {
            assert_eq!(
                ReturnNumber::parse(bad),
                Err(MalformedReturnNumber),
                "{bad}"
            );
        }
    }

    #[test]
    fn names_read_back() {
        for reason in ReturnReason::ALL {
            assert_eq!(ReturnReason::parse(reason.as_str()), Some(reason));
        }
        for status in ReturnStatus::ALL {
            assert_eq!(ReturnStatus::parse(status.as_str()), Some(status));
        }
        for method in [RefundMethod::Original, RefundMethod::StoreCredit] {
            assert_eq!(RefundMethod::parse(method.as_str()), Some(method));
        }
        for method in [ReturnMethod::DropOff, ReturnMethod::Label] {
            assert_eq!(ReturnMethod::parse(method.as_str()), Some(method));
        }
        assert_eq!(ReturnReason::parse("bored"), None);
    }
}
