//! Schools in memory, with the SQLite adapter's contract: an import replaces whole
//! schools, all or none, and refuses a grade or list id that another school holds.

use async_trait::async_trait;
use std::sync::RwLock;
use store_domain::ports::StorageError;
use store_domain::school::{School, Schools, Summary};

#[derive(Default)]
pub struct InMemorySchools {
    schools: RwLock<Vec<School>>,
}

fn poisoned<T>(_: T) -> StorageError {
    StorageError::Storage("the schools lock is poisoned".into())
}

fn ids(school: &School) -> (Vec<i64>, Vec<i64>) {
    let grades = school.grades.iter().map(|g| g.info.id).collect();
    let lists = school
        .grades
        .iter()
        .flat_map(|g| g.lists.iter().map(|l| l.id))
        .collect();
    (grades, lists)
}

#[async_trait]
impl Schools for InMemorySchools {
    async fn schools_in(&self, country: &str) -> Result<Vec<Summary>, StorageError> {
        let mut found: Vec<Summary> = self
            .schools
            .read()
            .map_err(poisoned)?
            .iter()
            .filter(|s| s.info.country == country)
            .map(School::summary)
            .collect();
        found.sort_by_key(|s| s.school.id);
        Ok(found)
    }

    async fn school_of_grade(&self, grade_id: i64) -> Result<Option<School>, StorageError> {
        Ok(self
            .schools
            .read()
            .map_err(poisoned)?
            .iter()
            .find(|s| s.grade(grade_id).is_some())
            .cloned())
    }

    async fn import(&self, schools: &[School]) -> Result<(), StorageError> {
        let mut stored = self.schools.write().map_err(poisoned)?;
        let mut next: Vec<School> = stored
            .iter()
            .filter(|s| schools.iter().all(|n| n.info.id != s.info.id))
            .cloned()
            .collect();
        for school in schools {
            let (grades, lists) = ids(school);
            let taken = next.iter().any(|s| {
                let (g, l) = ids(s);
                g.iter().any(|id| grades.contains(id)) || l.iter().any(|id| lists.contains(id))
            });
            if taken {
                return Err(StorageError::Storage(format!(
                    "school {}: a grade or list id is another school's",
                    school.info.id
                )));
            }
            next.push(school.clone());
        }
        *stored = next;
        Ok(())
    }
}
