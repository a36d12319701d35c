//! What a school publishes: its place, its grades, and per grade one or more lists.

use crate::bag::ItemRef;

/// A place on the earth in millionths of a degree: integers, so both engines store it
/// exactly and a CSV's six decimals come back as they were written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Point {
    pub lat_e6: i32,
    pub lon_e6: i32,
}

/// The mean earth radius, in metres (the great-circle distance's sphere).
const EARTH_RADIUS_M: f64 = 6_371_008.8;

impl Point {
    /// A point from degrees, `None` outside the earth's range.
    pub fn from_degrees(lat: f64, lon: f64) -> Option<Point> {
        let valid = (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon);
        // In range, so both fit an i32 of millionths.
        #[allow(clippy::cast_possible_truncation)]
        valid.then(|| Point {
            lat_e6: (lat * 1e6).round() as i32,
            lon_e6: (lon * 1e6).round() as i32,
        })
    }

    /// Whether a stored point is on the earth.
    pub fn is_valid(self) -> bool {
        (-90_000_000..=90_000_000).contains(&self.lat_e6)
            && (-180_000_000..=180_000_000).contains(&self.lon_e6)
    }

    /// The great-circle (haversine) distance to `other`, in whole metres: within half a
    /// percent of the distance on the ellipsoid, far finer than "how far is the school".
    pub fn distance_m(self, other: Point) -> u32 {
        let rad = |e6: i32| (f64::from(e6) / 1e6).to_radians();
        let (lat1, lat2) = (rad(self.lat_e6), rad(other.lat_e6));
        let d_lat = lat2 - lat1;
        let d_lon = rad(other.lon_e6) - rad(self.lon_e6);
        let h = (d_lat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (d_lon / 2.0).sin().powi(2);
        let metres = 2.0 * EARTH_RADIUS_M * h.sqrt().min(1.0).asin();
        // At most half the earth's circumference: about 20,000 km fits a u32.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let whole = metres.round() as u32;
        whole
    }
}

/// A school as the finder lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchoolInfo {
    pub id: i64,
    pub name: String,
    pub heb_name: String,
    /// Two-letter code from the countries list.
    pub country: String,
    /// As the shopper would type it (upper-case).
    pub postal_code: String,
    pub address: String,
    pub heb_address: String,
    pub point: Point,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GradeInfo {
    pub id: i64,
    pub name: String,
    pub heb_name: String,
}

/// A school with its grades' names: what the finder and the grade choice show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub school: SchoolInfo,
    pub grades: Vec<GradeInfo>,
}

/// One line of a list: an item from the catalogue, how many the teacher asks for, and
/// what may stand in for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListItem {
    /// A product or one of its variations.
    pub item: ItemRef,
    pub quantity: i64,
    /// Ticked by default when required; an optional one is left for the shopper.
    pub optional: bool,
    /// Items the teacher accepts instead, in the order they are offered.
    pub substitutes: Vec<ItemRef>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SupplyList {
    pub id: i64,
    pub name: String,
    pub heb_name: String,
    /// The teacher's note, shown above the items; may be empty.
    pub note: String,
    pub heb_note: String,
    pub items: Vec<ListItem>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grade {
    pub info: GradeInfo,
    pub lists: Vec<SupplyList>,
}

/// A school whole: what the grade and list pages read, and what an import writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct School {
    pub info: SchoolInfo,
    pub grades: Vec<Grade>,
}

impl School {
    pub fn grade(&self, grade_id: i64) -> Option<&Grade> {
        self.grades.iter().find(|g| g.info.id == grade_id)
    }

    pub fn summary(&self) -> Summary {
        Summary {
            school: self.info.clone(),
            grades: self.grades.iter().map(|g| g.info.clone()).collect(),
        }
    }
}

impl Grade {
    pub fn list(&self, list_id: i64) -> Option<&SupplyList> {
        self.lists.iter().find(|l| l.id == list_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(lat: f64, lon: f64) -> Point {
        Point::from_degrees(lat, lon).unwrap()
    }

    #[test]
    fn distances_match_known_ones() {
        // Manhattan (10001) to Brooklyn (11201): about 6.3 km.
        let d = at(40.7506, -73.9972).distance_m(at(40.6940, -73.9903));
        assert!((6_200..6_500).contains(&d), "{d}");
        // Tel Aviv to Jerusalem: about 54 km as the crow flies.
        let d = at(32.0853, 34.7818).distance_m(at(31.7683, 35.2137));
        assert!((52_000..56_000).contains(&d), "{d}");
        assert_eq!(at(1.0, 2.0).distance_m(at(1.0, 2.0)), 0);
    }

    #[test]
    fn points_outside_the_earth_are_refused() {
        assert!(Point::from_degrees(90.1, 0.0).is_none());
        assert!(Point::from_degrees(0.0, -180.5).is_none());
        assert_eq!(
            at(32.085_3, 34.781_8),
            Point {
                lat_e6: 32_085_300,
                lon_e6: 34_781_800
            }
        );
        assert!(
            !Point {
                lat_e6: 91_000_000,
                lon_e6: 0
            }
            .is_valid()
        );
    }
}
