//! School supply lists (issue 30; spec 2.1's `/school` pages, whose calls are "not
//! shown"): the schools near a postal code, a grade's lists, and one list with its
//! items as the catalogue sells them now. Putting a list in the bag is the bag's own
//! change, `add_list` (`POST /api/bag/quote`, `POST /api/customer/bag/change`).

use super::ApiTags;
use super::bag::wire::LineTypeDto;
use super::catalog::wire::{VariationOption, cents, options};
use super::error::{ApiError, message};
use crate::state::AppState;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use std::collections::HashMap;
use store_domain::bag::{ItemRef, LineType, Offer};
use store_domain::catalog::shown_fake_price;
use store_domain::location::LocationQuery;
use store_domain::school::{
    DEFAULT_NEAREST, Found, GradeInfo, School, SchoolInfo, SupplyList, nearest,
    offered_substitutes, origin_in,
};

pub struct SchoolApi {
    pub state: AppState,
}

#[derive(Object)]
pub struct GradeDto {
    pub id: i64,
    pub name: String,
    pub heb_name: String,
}

impl From<GradeInfo> for GradeDto {
    fn from(g: GradeInfo) -> Self {
        GradeDto {
            id: g.id,
            name: g.name,
            heb_name: g.heb_name,
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct SchoolDto {
    pub id: i64,
    pub name: String,
    pub heb_name: String,
    /// Two-letter code from the countries list.
    pub country: String,
    pub postal_code: String,
    pub address: String,
    pub heb_address: String,
    /// Metres from the postal code asked about, as the crow flies; absent when the
    /// store cannot tell where that code is.
    pub distance_m: Option<u32>,
    pub grades: Vec<GradeDto>,
}

fn school_dto(info: SchoolInfo, grades: Vec<GradeInfo>, distance_m: Option<u32>) -> SchoolDto {
    SchoolDto {
        id: info.id,
        name: info.name,
        heb_name: info.heb_name,
        country: info.country,
        postal_code: info.postal_code,
        address: info.address,
        heb_address: info.heb_address,
        distance_m,
        grades: grades.into_iter().map(GradeDto::from).collect(),
    }
}

impl From<Found> for SchoolDto {
    fn from(f: Found) -> Self {
        school_dto(f.summary.school, f.summary.grades, f.distance_m)
    }
}

/// The schools near a postal code.
#[derive(Object)]
pub struct SchoolsNear {
    /// The country and code as checked (upper-case).
    pub country: String,
    pub zip: String,
    /// Whether the schools come nearest first with their distance; when the store
    /// cannot place the code, they come by name.
    pub by_distance: bool,
    pub schools: Vec<SchoolDto>,
}

#[derive(Object)]
pub struct ListSummaryDto {
    pub id: i64,
    pub name: String,
    pub heb_name: String,
    pub note: String,
    pub heb_note: String,
    /// How many items it names.
    pub items: u32,
}

/// A grade and the lists its school publishes for it.
#[derive(Object)]
pub struct GradeLists {
    pub school: SchoolDto,
    pub grade: GradeDto,
    pub lists: Vec<ListSummaryDto>,
}

/// A catalogue item as a list shows it, priced now.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ListProductDto {
    /// What a bag line or a pick's `substitute` names it by.
    #[oai(rename = "type")]
    pub line_type: LineTypeDto,
    pub id: i64,
    pub product_id: i64,
    pub title: String,
    pub heb_title: Option<String>,
    pub path: String,
    pub image: Option<String>,
    /// Cents.
    pub price: i64,
    pub fake_price: Option<i64>,
    /// How many one order may hold now (stock capped by the per-order limit); 0: out
    /// of stock.
    pub max: i64,
    /// A variation's choices ("Color": "Blue").
    pub options: Vec<VariationOption>,
}

fn product_dto(offer: &Offer) -> ListProductDto {
    let (line_type, id) = match offer.item {
        ItemRef::Product(id) => (LineType::Product, id),
        ItemRef::Variation(id) => (LineType::Variation, id),
        ItemRef::Bundle(id) => (LineType::Bundle, id),
    };
    ListProductDto {
        line_type: line_type.into(),
        id,
        product_id: offer.product_id,
        title: offer.title.clone(),
        heb_title: offer.heb_title.clone(),
        path: offer.path.clone(),
        image: offer.image.clone(),
        price: cents(offer.price),
        fake_price: shown_fake_price(offer.price, offer.fake_price).map(cents),
        max: offer.max(),
        options: options(offer.options.clone()),
    }
}

#[derive(Object)]
pub struct ListItemDto {
    /// Its place in the list: what a pick names it by.
    pub position: u32,
    /// How many the teacher asks for.
    pub quantity: i64,
    /// Optional items start unticked; required ones ticked.
    pub optional: bool,
    pub product: ListProductDto,
    /// Every substitute the list allows, in the teacher's order.
    pub substitutes: Vec<ListProductDto>,
    /// Whether the substitutes are offered: the item cannot be bought now and these
    /// can (`offered` holds their positions in `substitutes`).
    pub offered: Vec<u32>,
}

#[derive(Object)]
pub struct SupplyListDto {
    pub id: i64,
    pub name: String,
    pub heb_name: String,
    pub note: String,
    pub heb_note: String,
}

/// One list, its items as the catalogue sells them now. An item the catalogue no
/// longer has is left out; the others keep their positions.
#[derive(Object)]
pub struct ListAnswer {
    pub school: SchoolDto,
    pub grade: GradeDto,
    pub list: SupplyListDto,
    pub items: Vec<ListItemDto>,
}

fn position(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(u32::MAX)
}

fn no_grade() -> ApiError {
    ApiError::NotFound(message("there is no such grade"))
}

impl SchoolApi {
    async fn school_of(&self, grade_id: i64) -> Result<School, ApiError> {
        self.state
            .catalogue
            .schools
            .school_of_grade(grade_id)
            .await?
            .ok_or_else(no_grade)
    }

    async fn items(&self, list: &SupplyList) -> Result<Vec<ListItemDto>, ApiError> {
        let mut wanted: Vec<ItemRef> = list
            .items
            .iter()
            .flat_map(|i| std::iter::once(i.item).chain(i.substitutes.iter().copied()))
            .collect();
        wanted.sort_unstable();
        wanted.dedup();
        let offers: HashMap<ItemRef, Offer> = self
            .state
            .catalogue
            .catalog
            .offers(&wanted)
            .await?
            .into_iter()
            .map(|o| (o.item, o))
            .collect();
        let can_buy = |item: ItemRef| offers.get(&item).is_some_and(|o| o.max() > 0);
        Ok(list
            .items
            .iter()
            .enumerate()
            .filter_map(|(at, item)| {
                let product = product_dto(offers.get(&item.item)?);
                let shown: Vec<ItemRef> = item
                    .substitutes
                    .iter()
                    .copied()
                    .filter(|s| offers.contains_key(s))
                    .collect();
                let offered = offered_substitutes(item, can_buy);
                Some(ListItemDto {
                    position: position(at),
                    quantity: item.quantity,
                    optional: item.optional,
                    product,
                    offered: shown
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| offered.contains(s))
                        .map(|(i, _)| position(i))
                        .collect(),
                    substitutes: shown.iter().map(|s| product_dto(&offers[s])).collect(),
                })
            })
            .collect())
    }
}

#[OpenApi(tag = "ApiTags::Schools")]
impl SchoolApi {
    /// The schools of `country` nearest the postal code `zip`, nearest first, at most
    /// 20, each with its distance and grades. Outside the US ZIP data a code is placed
    /// where a school of that code stands; a code the store cannot place lists the
    /// country's schools by name (`by_distance` false). A bad country or code is a 400
    /// naming the field.
    #[oai(path = "/schools", method = "get")]
    async fn schools(
        &self,
        #[oai(validator(max_length = 60))] country: Query<String>,
        #[oai(validator(max_length = 10))] zip: Query<String>,
    ) -> Result<Json<SchoolsNear>, ApiError> {
        let countries = self.state.checkout.countries.countries();
        let asked = LocationQuery::parse(&country.0, &zip.0, &countries)?;
        let schools = self
            .state
            .catalogue
            .schools
            .schools_in(&asked.country)
            .await?;
        let origin = match self
            .state
            .checkout
            .zips
            .point(&asked.country, &asked.zip)
            .await
        {
            Ok(Some(point)) => Some(point),
            // The ZIP data failing only costs the distances.
            Ok(None) | Err(_) => origin_in(&schools, &asked.zip),
        };
        let found = nearest(schools, origin, DEFAULT_NEAREST);
        Ok(Json(SchoolsNear {
            country: asked.country,
            zip: asked.zip,
            by_distance: origin.is_some(),
            schools: found.into_iter().map(SchoolDto::from).collect(),
        }))
    }

    /// A grade, its school and the lists published for it; an unknown grade is a 404.
    #[oai(path = "/schools/grades/:grade_id", method = "get")]
    async fn grade(&self, grade_id: Path<i64>) -> Result<Json<GradeLists>, ApiError> {
        let school = self.school_of(grade_id.0).await?;
        let grade = school.grade(grade_id.0).cloned().ok_or_else(no_grade)?;
        let summary = school.summary();
        Ok(Json(GradeLists {
            school: school_dto(summary.school, summary.grades, None),
            lists: grade
                .lists
                .into_iter()
                .map(|l| ListSummaryDto {
                    items: position(l.items.len()),
                    id: l.id,
                    name: l.name,
                    heb_name: l.heb_name,
                    note: l.note,
                    heb_note: l.heb_note,
                })
                .collect(),
            grade: grade.info.into(),
        }))
    }

    /// One list of a grade with its items, their substitutes, prices and stock. An
    /// unknown grade, or a list that is not the grade's, is a 404.
    #[oai(path = "/schools/grades/:grade_id/lists/:list_id", method = "get")]
    async fn list(
        &self,
        grade_id: Path<i64>,
        list_id: Path<i64>,
    ) -> Result<Json<ListAnswer>, ApiError> {
        let school = self.school_of(grade_id.0).await?;
        let grade = school.grade(grade_id.0).ok_or_else(no_grade)?;
        let list = grade
            .list(list_id.0)
            .ok_or_else(|| ApiError::NotFound(message("there is no such school list")))?;
        let items = self.items(list).await?;
        let summary = school.summary();
        Ok(Json(ListAnswer {
            school: school_dto(summary.school, summary.grades, None),
            grade: grade.info.clone().into(),
            list: SupplyListDto {
                id: list.id,
                name: list.name.clone(),
                heb_name: list.heb_name.clone(),
                note: list.note.clone(),
                heb_note: list.heb_note.clone(),
            },
            items,
        }))
    }
}
