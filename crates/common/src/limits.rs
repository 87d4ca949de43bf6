//! The ceilings every command shares, so the contract can list them once.

/// The default time limit of a command that can run long, when its input has no
/// `timeout_ms` (`"timeout_ms": null` asks for none).
pub const DEFAULT_TIMEOUT_MS: u64 = 60_000;

/// The `timeout_ms` that stands for no limit: a deadline this far away cannot be
/// represented, so [`Deadline`](crate::Deadline) makes it never.
pub const NO_LIMIT_MS: u64 = u64::MAX;

/// Reads a `timeout_ms` field (with `#[serde(default, deserialize_with = ...)]`): absent
/// stays `None` (the command's default), `null` is [`NO_LIMIT_MS`], a number that many
/// milliseconds. So a command can tell "no limit asked for" from "none named".
pub fn timeout_ms<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    use serde::Deserialize;
    Ok(Some(Option::<u64>::deserialize(d)?.unwrap_or(NO_LIMIT_MS)))
}

/// The limit of a command with the default time limit: `timeout_ms`, else the default.
pub fn or_default(timeout_ms: Option<u64>) -> Option<u64> {
    Some(timeout_ms.unwrap_or(DEFAULT_TIMEOUT_MS))
}

/// The largest verdict a command writes, in bytes of compact JSON: a command that can tell
/// up front that its verdict would be larger refuses the input (an `invalid` error) instead
/// of filling memory. 256 MiB.
pub const MAX_VERDICT_BYTES: u64 = 256 << 20;
