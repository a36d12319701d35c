//! Durable jobs. A claim is a conditional update (`... WHERE claimed_until IS NULL OR
//! claimed_until <= $now`), so two runners, in one process or in several on one
//! database, never take the same job while its lease runs. A failed run frees the job
//! by leaving its claim to end at the retry time.

use super::direct::Failed;
use super::orders::enqueue_in;
use super::rows::DirectRow;
use super::{SqliteStore, corrupt, limit, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use async_trait::async_trait;
use rusqlite::{named_params, params};
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

#[async_trait]
impl Jobs for SqliteStore {
    async fn enqueue(&self, jobs: &[NewJob], at: Timestamp) -> Result<(), StorageError> {
        Ok(self
            .direct
            .write({
                let jobs = jobs.to_vec();
                move |tx| enqueue_in(tx, &jobs, at).map_err(Failed::from)
            })
            .await?)
    }

    async fn claim_due(&self, now: Timestamp, count: u32) -> Result<Vec<Job>, StorageError> {
        let now_text = utc_text(now);
        // One statement picks and claims. The outer condition is checked again on each
        // row as it is updated, so on PostgreSQL a second runner that picked the same
        // rows waits for the first and then skips them (SQLite has one writer anyway).
        let lease_ends = utc_text(now.plus(CLAIM_LEASE));
        let claimed: Vec<JobRow> = self
            .direct
            .write(move |tx| {
                tx.prepare_cached(concat!(
                    "UPDATE jobs SET claimed_until = $3
                     WHERE id IN (SELECT id FROM jobs WHERE ",
                    free!(),
                    " ORDER BY due_at, id LIMIT $4) AND ",
                    free!(),
                    " RETURNING id, kind, subject, due_at, attempts, claimed_until, last_error, done_at"
                ))?
                // `$3` comes first in the text: bound by name (see `direct`).
                .query_map(
                    named_params! {
                        "$1": i64::from(MAX_ATTEMPTS),
                        "$2": now_text,
                        "$3": lease_ends,
                        "$4": limit(count),
                    },
                    JobRow::read,
                )?
                .collect::<Result<_, _>>()
                .map_err(Failed::from)
            })
            .await?;
        let mut jobs = claimed
            .into_iter()
            .map(|row| row.listed().map(|l| l.job))
            .collect::<Result<Vec<_>, _>>()?;
        // RETURNING keeps no order: run them oldest due first.
        jobs.sort_by_key(|job| (job.due_at, job.id));
        Ok(jobs)
    }

    async fn done(&self, id: i64, at: Timestamp) -> Result<(), StorageError> {
        self.direct
            .write(move |tx| {
                tx.prepare_cached(
                    "UPDATE jobs SET done_at = $1, claimed_until = NULL WHERE id = $2",
                )?
                .execute(params![utc_text(at), id])
                .map_err(Failed::from)
            })
            .await?;
        Ok(())
    }

    async fn failed(&self, id: i64, error: &str, retry_at: Timestamp) -> Result<(), StorageError> {
        let error = error.to_owned();
        self.direct
            .write(move |tx| {
                tx.prepare_cached(
                    "UPDATE jobs SET attempts = attempts + 1, last_error = $1, claimed_until = $2
                 WHERE id = $3 AND done_at IS NULL",
                )?
                .execute(params![error, utc_text(retry_at), id])
                .map_err(Failed::from)
            })
            .await?;
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
