//! The school supply lists in SQLite. Few rows, read whole per school; the import
//! replaces whole schools in one write transaction.

use super::Conn;
use super::{Store, begin_write, corrupt, storage};
use async_trait::async_trait;
use store_domain::bag::ItemRef;
use store_domain::ports::StorageError;
use store_domain::school::{
    Grade, GradeInfo, ListItem, Point, School, SchoolInfo, Schools, Summary, SupplyList,
};

type SchoolRow = (
    i64,
    String,
    String,
    String,
    String,
    String,
    String,
    i32,
    i32,
);
type GradeRow = (i64, i64, String, String);
type ListRow = (i64, i64, String, String, String, String);
type ItemRow = (i64, String, i64, bool, String);

/// An item as stored: `product:1046` or `variation:104702`.
fn item_text(item: ItemRef) -> String {
    match item {
        ItemRef::Product(id) => format!("product:{id}"),
        ItemRef::Variation(id) => format!("variation:{id}"),
        ItemRef::Bundle(id) => format!("bundle:{id}"),
    }
}

fn item_of(text: &str) -> Result<ItemRef, StorageError> {
    let (kind, id) = text
        .split_once(':')
        .ok_or_else(|| corrupt("school list item"))?;
    let id: i64 = id.parse().map_err(|_| corrupt("school list item"))?;
    match kind {
        "product" => Ok(ItemRef::Product(id)),
        "variation" => Ok(ItemRef::Variation(id)),
        "bundle" => Ok(ItemRef::Bundle(id)),
        _ => Err(corrupt("school list item")),
    }
}

fn info(
    (id, name, heb_name, country, postal_code, address, heb_address, lat, lon): SchoolRow,
) -> SchoolInfo {
    SchoolInfo {
        id,
        name,
        heb_name,
        country,
        postal_code,
        address,
        heb_address,
        point: Point {
            lat_e6: lat,
            lon_e6: lon,
        },
    }
}

fn grade_info((id, _, name, heb_name): GradeRow) -> GradeInfo {
    GradeInfo { id, name, heb_name }
}

impl Store {
    async fn grades_of(&self, schools: &[i64]) -> Result<Vec<GradeRow>, StorageError> {
        let mut query = sqlx::QueryBuilder::new(
            "SELECT id, school_id, name, heb_name FROM school_grades WHERE school_id IN (",
        );
        let mut ids = query.separated(", ");
        for id in schools {
            ids.push_bind(*id);
        }
        query.push(") ORDER BY school_id, position");
        query
            .build_query_as()
            .fetch_all(&self.pool)
            .await
            .map_err(storage)
    }
}

#[async_trait]
impl Schools for Store {
    async fn schools_in(&self, country: &str) -> Result<Vec<Summary>, StorageError> {
        let rows: Vec<SchoolRow> = sqlx::query_as(
            "SELECT id, name, heb_name, country, postal_code, address, heb_address,
                    latitude_e6, longitude_e6
             FROM schools WHERE country = $1 ORDER BY id",
        )
        .bind(country)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
        let grades = self.grades_of(&ids).await?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let id = row.0;
                Summary {
                    school: info(row),
                    grades: grades
                        .iter()
                        .filter(|g| g.1 == id)
                        .cloned()
                        .map(grade_info)
                        .collect(),
                }
            })
            .collect())
    }

    async fn school_of_grade(&self, grade_id: i64) -> Result<Option<School>, StorageError> {
        let row: Option<SchoolRow> = sqlx::query_as(
            "SELECT id, name, heb_name, country, postal_code, address, heb_address,
                    latitude_e6, longitude_e6
             FROM schools WHERE id = (SELECT school_id FROM school_grades WHERE id = $1)",
        )
        .bind(grade_id)
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        let Some(row) = row else { return Ok(None) };
        let school = info(row);
        let grades = self.grades_of(&[school.id]).await?;
        let lists: Vec<ListRow> = sqlx::query_as(
            "SELECT l.id, l.grade_id, l.name, l.heb_name, l.note, l.heb_note
             FROM school_lists l JOIN school_grades g ON g.id = l.grade_id
             WHERE g.school_id = $1 ORDER BY l.grade_id, l.position",
        )
        .bind(school.id)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        let items: Vec<ItemRow> = sqlx::query_as(
            "SELECT i.list_id, i.item, i.quantity, i.optional, i.substitutes
             FROM school_list_items i
             JOIN school_lists l ON l.id = i.list_id
             JOIN school_grades g ON g.id = l.grade_id
             WHERE g.school_id = $1 ORDER BY i.list_id, i.position",
        )
        .bind(school.id)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        let items_of = |list: i64| -> Result<Vec<ListItem>, StorageError> {
            items
                .iter()
                .filter(|i| i.0 == list)
                .map(|(_, item, quantity, optional, substitutes)| {
                    Ok(ListItem {
                        item: item_of(item)?,
                        quantity: *quantity,
                        optional: *optional,
                        substitutes: substitutes
                            .split_whitespace()
                            .map(item_of)
                            .collect::<Result<_, _>>()?,
                    })
                })
                .collect()
        };
        let grades = grades
            .into_iter()
            .map(|g| {
                let id = g.0;
                Ok(Grade {
                    info: grade_info(g),
                    lists: lists
                        .iter()
                        .filter(|l| l.1 == id)
                        .map(|(id, _, name, heb_name, note, heb_note)| {
                            Ok(SupplyList {
                                id: *id,
                                name: name.clone(),
                                heb_name: heb_name.clone(),
                                note: note.clone(),
                                heb_note: heb_note.clone(),
                                items: items_of(*id)?,
                            })
                        })
                        .collect::<Result<_, StorageError>>()?,
                })
            })
            .collect::<Result<_, StorageError>>()?;
        Ok(Some(School {
            info: school,
            grades,
        }))
    }

    async fn import(&self, schools: &[School]) -> Result<(), StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = begin_write(&mut writer).await.map_err(storage)?;
        for school in schools {
            write_school(&mut tx, school).await?;
        }
        tx.commit().await.map_err(storage)
    }
}

/// Replaces `school` whole: the delete cascades to its grades, lists and items.
async fn write_school(conn: &mut Conn, school: &School) -> Result<(), StorageError> {
    let s = &school.info;
    sqlx::query("DELETE FROM schools WHERE id = $1")
        .bind(s.id)
        .execute(&mut *conn)
        .await
        .map_err(storage)?;
    sqlx::query(
        "INSERT INTO schools (id, name, heb_name, country, postal_code, address, heb_address,
                              latitude_e6, longitude_e6)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(s.id)
    .bind(&s.name)
    .bind(&s.heb_name)
    .bind(&s.country)
    .bind(&s.postal_code)
    .bind(&s.address)
    .bind(&s.heb_address)
    .bind(s.point.lat_e6)
    .bind(s.point.lon_e6)
    .execute(&mut *conn)
    .await
    .map_err(storage)?;
    for (g_pos, grade) in school.grades.iter().enumerate() {
        sqlx::query(
            "INSERT INTO school_grades (id, school_id, name, heb_name, position)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(grade.info.id)
        .bind(s.id)
        .bind(&grade.info.name)
        .bind(&grade.info.heb_name)
        .bind(position(g_pos))
        .execute(&mut *conn)
        .await
        .map_err(storage)?;
        for (l_pos, list) in grade.lists.iter().enumerate() {
            sqlx::query(
                "INSERT INTO school_lists (id, grade_id, name, heb_name, note, heb_note, position)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(list.id)
            .bind(grade.info.id)
            .bind(&list.name)
            .bind(&list.heb_name)
            .bind(&list.note)
            .bind(&list.heb_note)
            .bind(position(l_pos))
            .execute(&mut *conn)
            .await
            .map_err(storage)?;
            for (i_pos, item) in list.items.iter().enumerate() {
                let substitutes: Vec<String> =
                    item.substitutes.iter().copied().map(item_text).collect();
                sqlx::query(
                    "INSERT INTO school_list_items
                     (list_id, position, item, quantity, optional, substitutes)
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(list.id)
                .bind(position(i_pos))
                .bind(item_text(item.item))
                .bind(item.quantity)
                .bind(item.optional)
                .bind(substitutes.join(" "))
                .execute(&mut *conn)
                .await
                .map_err(storage)?;
            }
        }
    }
    Ok(())
}

fn position(index: usize) -> i64 {
    i64::try_from(index).unwrap_or(i64::MAX)
}
