//! The code options every baseball command reads (`length`, `alphabet`, `repeats`), declared
//! once for the input types of `judge`, `solve` and `simulate`.
//!
//! The options are written into each input type as ordinary fields rather than a flattened
//! struct: serde reads a flattened struct from a buffered copy of the input, which loses the
//! JSON path of a fault (`{"length": "x"}` would be reported at `""`, not at `/length`).

use crate::code::{CodeSpec, DEFAULT_ALPHABET, DEFAULT_LENGTH};
use crate::error::InputError;

/// Declares a command's input type with the code options among its fields, where
/// `..CodeOptions,` stands (every field, that line too, ends with a comma), and `code_spec`,
/// the rules the options give.
macro_rules! input_with_code_options {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $($(#[$before_attr:meta])* pub $before:ident: $before_ty:ty,)*
            ..CodeOptions,
            $($(#[$after_attr:meta])* pub $after:ident: $after_ty:ty,)*
        }
    ) => {
        $(#[$attr])*
        pub struct $name {
            $($(#[$before_attr])* pub $before: $before_ty,)*
            /// Code length. When omitted: the length of the input's first code (the secret,
            /// the history's first guess or `first_guess`), or 3 when it has none.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub length: Option<u32>,
            /// Symbols codes are made of, in order (default `"0123456789"`).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub alphabet: Option<String>,
            /// Whether a code may repeat a symbol (default false; true is Mastermind).
            #[serde(default)]
            pub repeats: bool,
            $($(#[$after_attr])* pub $after: $after_ty,)*
        }

        impl $name {
            /// The rules of the game the input's code options describe; an omitted length is
            /// `inferred` (from the codes the input carries) or 3.
            pub(crate) fn code_spec(
                &self,
                inferred: Option<usize>,
            ) -> Result<$crate::code::CodeSpec, $crate::error::InputError> {
                $crate::options::code_spec(
                    self.length,
                    self.alphabet.as_deref(),
                    self.repeats,
                    inferred,
                )
            }
        }
    };
}
pub(crate) use input_with_code_options;

/// The rules of a game from the code options of an input: an omitted length is `inferred`
/// (from the codes the input carries) or the contract's 3, an omitted alphabet the ten digits.
pub(crate) fn code_spec(
    length: Option<u32>,
    alphabet: Option<&str>,
    repeats: bool,
    inferred: Option<usize>,
) -> Result<CodeSpec, InputError> {
    let length = match length {
        Some(l) => l as usize,
        None => inferred.unwrap_or(DEFAULT_LENGTH),
    };
    CodeSpec::new(length, alphabet.unwrap_or(DEFAULT_ALPHABET), repeats, "")
}
