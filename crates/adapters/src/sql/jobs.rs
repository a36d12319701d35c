//! Durable jobs, on either engine (compiled into `sqlite` and `postgres`, see
//! `README.md`). A claim is a conditional update (`... WHERE claimed_until IS NULL OR
//! claimed_until <= $now`), so two runners, in one process or in several instances on
//! one database, never take the same job while its lease runs. A failed run frees the
//! job by leaving its claim to end at the retry time.

use super::{Store, corrupt, limit, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use crate::tx::{DbError, Tx, args};
use async_trait::async_trait;
use store_domain::clock::Timestamp;
use store_domain::jobs::{CLAIM_LEASE, Job, JobKind, JobListed, Jobs, MAX_ATTEMPTS, NewJob};
use store_domain::ports::StorageError;

row! {
    struct JobRow {
        id: i64,
        kind: String,
        subject: String,
        due_at: String,
        attempts: i64,
        claimed_until: Option<String>,
        last_error: Option<String>,
        done_at: Option<String>,
    }
}

fn moment(text: &str) -> Result<Timestamp, StorageError> {
    parse_utc_text(text).ok_or_else(|| corrupt("job time"))
}

impl JobRow {
    fn listed(self) -> Result<JobListed, StorageError> {
        Ok(JobListed {
            job: Job {
                id: self.id,
                kind: JobKind::parse(&self.kind).ok_or_else(|| corrupt("job kind"))?,
                subject: self.subject,
                due_at: moment(&self.due_at)?,
                attempts: u32::try_from(self.attempts).map_err(|_| corrupt("job attempts"))?,
            },
            claimed_until: self.claimed_until.as_deref().map(moment).transpose()?,
            done_at: self.done_at.as_deref().map(moment).transpose()?,
            last_error: self.last_error,
        })
    }
}

/// `SELECT` of a job's columns, for `concat!` (sqlx takes only static SQL).
macro_rules! select_jobs {
    () => {
        "SELECT id, kind, subject, due_at, attempts, claimed_until, last_error, done_at FROM jobs "
    };
}

/// Neither done, given up, nor claimed with a lease still running, and due by `$2`.
macro_rules! free {
    () => {
        "done_at IS NULL AND attempts < $1 AND due_at <= $2
         AND (claimed_until IS NULL OR claimed_until <= $2)"
    };
}

/// Queues `jobs` in the caller's transaction; one queued before is left as it is.
pub(super) async fn enqueue_in(
    tx: &mut impl Tx,
    jobs: &[NewJob],
    at: Timestamp,
) -> Result<(), DbError> {
    for job in jobs {
        tx.execute(
            "INSERT INTO jobs (kind, subject, due_at, attempts, created_at) VALUES ($1, $2, $3, 0, $4)
             ON CONFLICT (kind, subject, due_at) DO NOTHING",
            args![
                job.kind.as_str(),
                &job.subject,
                utc_text(job.due_at).as_str(),
                utc_text(at).as_str()
            ],
        )
        .await?;
    }
    Ok(())
}

/// Claims up to `count` free jobs due by `now` until `now` plus the lease. One
/// statement picks and claims: the outer condition is checked again on each row as it
/// is updated, so on PostgreSQL a second runner that picked the same rows waits for the
/// first and then skips them (SQLite has one writer anyway).
async fn claim_in(tx: &mut impl Tx, now: Timestamp, count: u32) -> Result<Vec<JobRow>, DbError> {
    let now_text = utc_text(now);
    let lease_ends = utc_text(now.plus(CLAIM_LEASE));
    tx.fetch_all(
        concat!(
            "UPDATE jobs SET claimed_until = $3
             WHERE id IN (SELECT id FROM jobs WHERE ",
            free!(),
            " ORDER BY due_at, id LIMIT $4) AND ",
            free!(),
            " RETURNING id, kind, subject, due_at, attempts, claimed_until, last_error, done_at"
        ),
        args![
            i64::from(MAX_ATTEMPTS),
            now_text.as_str(),
            lease_ends.as_str(),
            limit(count)
        ],
    )
    .await
}

#[async_trait]
impl Jobs for Store {
    async fn enqueue(&self, jobs: &[NewJob], at: Timestamp) -> Result<(), StorageError> {
        let jobs = jobs.to_vec();
        write_tx!(self, |tx| async move {
            enqueue_in(tx, &jobs, at).await.map_err(StorageError::from)
        })
    }

    async fn claim_due(&self, now: Timestamp, count: u32) -> Result<Vec<Job>, StorageError> {
        let claimed: Vec<JobRow> = write_tx!(self, |tx| async move {
            claim_in(tx, now, count).await.map_err(StorageError::from)
        })?;
        let mut jobs = claimed
            .into_iter()
            .map(|row| row.listed().map(|l| l.job))
            .collect::<Result<Vec<_>, _>>()?;
        // RETURNING keeps no order: run them oldest due first.
        jobs.sort_by_key(|job| (job.due_at, job.id));
        Ok(jobs)
    }

    async fn done(&self, id: i64, at: Timestamp) -> Result<(), StorageError> {
        write_tx!(self, |tx| async move {
            tx.execute(
                "UPDATE jobs SET done_at = $1, claimed_until = NULL WHERE id = $2",
                args![utc_text(at).as_str(), id],
            )
            .await
            .map_err(StorageError::from)
        })?;
        Ok(())
    }

    async fn failed(&self, id: i64, error: &str, retry_at: Timestamp) -> Result<(), StorageError> {
        let error = error.to_owned();
        write_tx!(self, |tx| async move {
            tx.execute(
                "UPDATE jobs SET attempts = attempts + 1, last_error = $1, claimed_until = $2
                 WHERE id = $3 AND done_at IS NULL",
                args![&error, utc_text(retry_at).as_str(), id],
            )
            .await
            .map_err(StorageError::from)
        })?;
        Ok(())
    }

    async fn jobs(&self, count: u32) -> Result<Vec<JobListed>, StorageError> {
        let rows: Vec<JobRow> = sqlx::query_as(concat!(
            select_jobs!(),
            "ORDER BY due_at DESC, id DESC LIMIT $1"
        ))
        .bind(limit(count))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.into_iter().map(JobRow::listed).collect()
    }
}
