//! Which schools are near a shopper: those of the shopper's country, nearest first.

use super::model::{Point, Summary};

/// How many schools the finder lists.
pub const DEFAULT_NEAREST: usize = 20;

/// A school found, and how far it is when the shopper's point is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub summary: Summary,
    pub distance_m: Option<u32>,
}

/// Where a postal code outside the ZIP data stands: the point of a school of the
/// country at that code (the only places the store knows there). `None` when no
/// school has it.
pub fn origin_in(schools: &[Summary], postal_code: &str) -> Option<Point> {
    let wanted = normalized(postal_code);
    schools
        .iter()
        .find(|s| normalized(&s.school.postal_code) == wanted)
        .map(|s| s.school.point)
}

/// Postal codes compared without case, spaces or hyphens ("6100101" is "61001 01").
fn normalized(code: &str) -> String {
    code.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The `limit` schools nearest `origin`, nearest first (ties by name, then id, so the
/// order never changes between calls). With no origin they come by English name, with
/// no distance: the finder then says it cannot tell how far they are.
pub fn nearest(schools: Vec<Summary>, origin: Option<Point>, limit: usize) -> Vec<Found> {
    let mut found: Vec<Found> = schools
        .into_iter()
        .map(|summary| Found {
            distance_m: origin.map(|o| o.distance_m(summary.school.point)),
            summary,
        })
        .collect();
    found.sort_by(|a, b| {
        a.distance_m
            .cmp(&b.distance_m)
            .then_with(|| a.summary.school.name.cmp(&b.summary.school.name))
            .then_with(|| a.summary.school.id.cmp(&b.summary.school.id))
    });
    found.truncate(limit);
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::school::model::SchoolInfo;

    fn school(id: i64, name: &str, postal_code: &str, lat: f64, lon: f64) -> Summary {
        Summary {
            school: SchoolInfo {
                id,
                name: name.to_owned(),
                heb_name: format!("בית ספר {id}"),
                country: "US".to_owned(),
                postal_code: postal_code.to_owned(),
                address: String::new(),
                heb_address: String::new(),
                point: Point::from_degrees(lat, lon).unwrap(),
            },
            grades: Vec::new(),
        }
    }

    fn ids(found: &[Found]) -> Vec<i64> {
        found.iter().map(|f| f.summary.school.id).collect()
    }

    #[test]
    fn the_nearest_come_first_with_their_distance() {
        let home = Point::from_degrees(40.7506, -73.9972).unwrap();
        let schools = vec![
            school(1, "Far", "90001", 34.0, -118.2),
            school(2, "Near", "10001", 40.7510, -73.9970),
            school(3, "Middle", "11201", 40.6940, -73.9903),
        ];
        let found = nearest(schools, Some(home), 10);
        assert_eq!(ids(&found), vec![2, 3, 1]);
        let distances: Vec<u32> = found.iter().map(|f| f.distance_m.unwrap()).collect();
        assert!(distances[0] < 100 && (6_000..7_000).contains(&distances[1]));
        assert!(distances[2] > 3_000_000, "New York to Los Angeles");
    }

    #[test]
    fn ties_go_by_name_then_id_and_the_limit_holds() {
        let schools = vec![
            school(5, "Beta", "10001", 40.0, -74.0),
            school(4, "Alpha", "10001", 40.0, -74.0),
            school(3, "Alpha", "10001", 40.0, -74.0),
            school(9, "Far", "10001", 41.0, -74.0),
        ];
        let home = Point::from_degrees(40.0, -74.0);
        assert_eq!(ids(&nearest(schools.clone(), home, 3)), vec![3, 4, 5]);
        assert_eq!(ids(&nearest(schools, home, 0)), Vec::<i64>::new());
    }

    #[test]
    fn without_an_origin_schools_come_by_name_without_distance() {
        let schools = vec![
            school(1, "Oak", "1", 1.0, 1.0),
            school(2, "Elm", "2", 2.0, 2.0),
        ];
        let found = nearest(schools, None, 10);
        assert_eq!(ids(&found), vec![2, 1]);
        assert!(found.iter().all(|f| f.distance_m.is_none()));
    }

    #[test]
    fn a_postal_code_outside_the_zip_data_stands_where_its_school_does() {
        let schools = vec![
            school(1, "Oak", "61001-01", 32.1, 34.8),
            school(2, "Elm", "9100001", 31.8, 35.2),
        ];
        assert_eq!(
            origin_in(&schools, "6100101"),
            Some(schools[0].school.point)
        );
        assert_eq!(
            origin_in(&schools, " 91000 01"),
            Some(schools[1].school.point)
        );
        assert_eq!(origin_in(&schools, "5000000"), None);
    }
}
