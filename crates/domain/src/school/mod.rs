//! School supply lists (spec 2.1's `/school` pages): schools near a shopper, their
//! grades, and the lists of supplies each grade's teachers publish, which a shopper
//! ticks through and adds to the bag at once.
//!
//! - `model`: a school, its grades and lists, and where it stands.
//! - `nearby`: the schools of a country, nearest first from a ZIP's point.
//! - `picks`: a list's rules (required items ticked, optional ones not, substitutes only
//!   from the list) and the bag lines a shopper's picks become.
//! - `import`: the owner's CSV rows, checked and assembled into schools.
//! - `storage`: the port.

mod import;
mod model;
mod nearby;
mod picks;
mod storage;

pub use import::{
    ImportError, ImportFailure, MAX_ITEM_QUANTITY, Row, assemble, import, parse_item,
};
pub use model::{Grade, GradeInfo, ListItem, Point, School, SchoolInfo, Summary, SupplyList};
pub use nearby::{DEFAULT_NEAREST, Found, nearest, origin_in};
pub use picks::{Pick, PickError, default_picks, offered_substitutes};
pub use storage::Schools;
