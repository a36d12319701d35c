//! `store returns`: the owner lists returns, receives a parcel (stock back, store
//! credit issued, the card refunded, the shopper mailed) or turns a return down.

use crate::jobs_runner::run_all_due;
use crate::state::AppState;
use clap::Subcommand;
use store_adapters::clock::utc_text;
use store_domain::clock::Timestamp;
use store_domain::ports::StorageError;
use store_domain::returns::model::{Return, ReturnNumber, ReturnStatus};
use store_domain::returns::service::{self, ReturnError};

#[derive(Debug, Subcommand)]
pub enum ReturnsCommand {
    /// The newest returns, with status, refund, method and when each was asked for.
    List {
        /// Only returns with this status: requested, received, refunded or rejected.
        #[arg(long, value_parser = parse_status)]
        status: Option<ReturnStatus>,
        #[arg(long, default_value_t = 20)]
        limit: u32,
    },
    /// The parcel arrived: its items go back in stock, its store credit is issued and
    /// its card part refunded, and the shopper is mailed.
    Receive {
        /// The return number, as the shopper quotes it (7KQ4-M2XD-9PRT-2).
        #[arg(value_parser = parse_number)]
        number: ReturnNumber,
    },
    /// Turn a requested return down; the shopper is mailed why.
    Reject {
        #[arg(value_parser = parse_number)]
        number: ReturnNumber,
        /// The reason, as the shopper will read it.
        #[arg(long)]
        why: String,
    },
}

fn parse_status(raw: &str) -> Result<ReturnStatus, String> {
    ReturnStatus::parse(&raw.to_lowercase()).ok_or_else(|| {
        let known: Vec<&str> = ReturnStatus::ALL.iter().map(|s| s.as_str()).collect();
        format!("a status is one of {}", known.join(", "))
    })
}

fn parse_number(raw: &str) -> Result<ReturnNumber, String> {
    ReturnNumber::parse(raw).map_err(|e| e.to_string())
}

#[derive(Debug, thiserror::Error)]
pub enum ReturnsCliError {
    #[error(transparent)]
    Return(#[from] ReturnError),
    #[error(transparent)]
    Storage(#[from] StorageError),
    #[error("{0}")]
    Refused(String),
}

/// One return, one line: number, status, refund, to the card, method, asked on.
fn line(ret: &Return) -> String {
    format!(
        "{}  {:<9}  {:>10}  card {:>10}  {:<8}  {}{}\n",
        ret.number,
        ret.status.as_str(),
        ret.refund.total.to_string(),
        ret.refund.to_card.to_string(),
        ret.return_method.as_str(),
        ret.history
            .first()
            .map(|c| utc_text(c.at))
            .unwrap_or_default(),
        ret.rejection
            .as_deref()
            .map(|why| format!("  rejected: {why}"))
            .unwrap_or_default()
    )
}

pub async fn run(
    state: &AppState,
    command: &ReturnsCommand,
    now: Timestamp,
) -> Result<String, ReturnsCliError> {
    match command {
        ReturnsCommand::List { status, limit } => {
            let found = state.orders.returns.returns(*status, *limit).await?;
            if found.is_empty() {
                return Ok("no returns\n".to_owned());
            }
            Ok(found.iter().map(line).collect())
        }
        ReturnsCommand::Receive { number } => {
            service::receive(
                state.orders.returns.as_ref(),
                state.orders.records.as_ref(),
                &state.orders.links,
                number,
                now,
            )
            .await?;
            // The refund and then its mail, now rather than at the server's next
            // passes: each pass runs what the one before queued.
            while run_all_due(state).await? > 0 {}
            let ret =
                state.orders.returns.get(number).await?.ok_or_else(|| {
                    ReturnsCliError::Refused(format!("there is no return {number}"))
                })?;
            // Not refunded yet: the refund failed here and waits for its retry, or a
            // serving instance claimed the job first and is making it now.
            let done = if ret.status == ReturnStatus::Refunded {
                "received and refunded; the shopper is mailed"
            } else {
                "received; the refund is not made yet: a running store may be making it, \
                 or it failed and is retried (`store jobs` shows which)"
            };
            Ok(format!("{done}\n{}", line(&ret)))
        }
        ReturnsCommand::Reject { number, why } => {
            let why = why.trim();
            if why.is_empty() {
                return Err(ReturnsCliError::Refused(
                    "--why: say why, as the shopper will read it".into(),
                ));
            }
            let ret = service::reject(
                state.orders.returns.as_ref(),
                state.orders.records.as_ref(),
                number,
                why,
                now,
            )
            .await?;
            run_all_due(state).await?;
            Ok(format!("rejected; the shopper is mailed\n{}", line(&ret)))
        }
    }
}
