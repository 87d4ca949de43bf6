//! The ceilings every command shares, so the contract can list them once.

/// The default time limit of a command that can run long, when its input has no
/// `timeout_ms` (`"timeout_ms": null` asks for none).
pub const DEFAULT_TIMEOUT_MS: u64 = 60_000;

/// The `timeout_ms` of an input that names none, for `#[serde(default = ...)]`: absent is
/// [`DEFAULT_TIMEOUT_MS`], `null` is no limit.
pub fn default_timeout_ms() -> Option<u64> {
    Some(DEFAULT_TIMEOUT_MS)
}

/// The largest verdict a command writes, in bytes of compact JSON: a command that can tell
/// up front that its verdict would be larger refuses the input (an `invalid` error) instead
/// of filling memory. 256 MiB.
pub const MAX_VERDICT_BYTES: u64 = 256 << 20;
