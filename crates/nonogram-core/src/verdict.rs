//! What line feedback answers: the rules to apply and the verdict on one line. Apart from
//! the judges ([`crate::feedback`] for black and white, [`crate::color_feedback`] for colours)
//! so that both can speak them while `feedback`'s `line` picks the judge.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which feedback rules to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The design note's block-scan feedback, kept exactly (the default).
    #[default]
    Classic,
    /// Logic: a clue is matched when its position is certain and its cells are filled.
    Strict,
}

/// Verdict on one line (also used per row and column by `check`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LineVerdict {
    /// One entry per clue as given (`[0]` has one entry).
    pub matched: Vec<bool>,
    /// The filled runs equal the clues exactly.
    pub solved: bool,
    /// No arrangement of the clues fits the line.
    pub contradiction: bool,
}
