//! `baseball judge`: the referee's answer to one guess.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::code::feedback;
use crate::error::InputError;
use crate::options::input_with_code_options;

input_with_code_options! {
    /// Input of `judge`: `{"secret": "123", "guess": "134"}`. When `length` is omitted it is
    /// the secret's, so `{"secret": "1234", ...}` judges a 4-symbol game; when given, both
    /// codes must have it.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct JudgeInput {
        /// The code being guessed.
        pub secret: String,
        /// The guess to judge.
        pub guess: String,
        ..CodeOptions,
    }
}

/// Verdict of `judge`: `{"strikes": 1, "balls": 1}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct JudgeVerdict {
    /// Symbols of the guess in the secret's place.
    pub strikes: u32,
    /// Other symbols the two codes share (as multisets when repeats are on).
    pub balls: u32,
}

/// Judges `guess` against `secret`.
pub fn judge(input: JudgeInput) -> Result<JudgeVerdict, InputError> {
    // The length defaults to the secret's: that is what someone judging "1234" expects.
    let secret_length = input.secret.chars().count().max(1);
    let spec = input.code_spec(Some(secret_length)).map_err(|mut e| {
        // An inferred length is the secret's fault, not a field the caller wrote.
        if input.length.is_none() && e.path == "/length" {
            e.path = "/secret".into();
            e.message = format!("secret {:?}: {}", input.secret, e.message);
        }
        e
    })?;
    let secret = spec.parse(&input.secret, "/secret", "secret")?;
    let guess = match spec.parse(&input.guess, "/guess", "guess") {
        Ok(g) => g,
        Err(mut e) if input.length.is_none() && input.guess.chars().count() != secret_length => {
            e.message = format!(
                "guess {:?} has {} but the secret {:?} has {secret_length}",
                input.guess,
                puzzles_common::count(input.guess.chars().count(), "symbol"),
                input.secret
            );
            return Err(e);
        }
        Err(e) => return Err(e),
    };
    let fb = feedback(&secret, &guess);
    Ok(JudgeVerdict {
        strikes: fb.strikes,
        balls: fb.balls,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(json: &str) -> JudgeInput {
        serde_json::from_str(json).unwrap()
    }

    fn ok(json: &str) -> (u32, u32) {
        let v = judge(input(json)).unwrap();
        (v.strikes, v.balls)
    }

    fn err(json: &str) -> InputError {
        judge(input(json)).unwrap_err()
    }

    #[test]
    fn contract_example() {
        assert_eq!(ok(r#"{"secret": "123", "guess": "134"}"#), (1, 1));
    }

    #[test]
    fn length_follows_the_secret_when_omitted() {
        assert_eq!(ok(r#"{"secret": "1234", "guess": "4321"}"#), (0, 4));
        assert_eq!(
            ok(r#"{"secret": "1234", "guess": "1243", "length": 4}"#),
            (2, 2)
        );
    }

    #[test]
    fn mastermind_balls_are_multiset() {
        let j = r#"{"secret": "1122", "guess": "2211", "alphabet": "123456", "repeats": true}"#;
        assert_eq!(ok(j), (0, 4));
        let j = r#"{"secret": "1111", "guess": "1222", "alphabet": "123456", "repeats": true}"#;
        assert_eq!(ok(j), (1, 0));
        let j = r#"{"secret": "ABCD", "guess": "DCBA", "alphabet": "ABCDEF"}"#;
        assert_eq!(ok(j), (0, 4));
    }

    #[test]
    fn bad_input_is_located() {
        assert_eq!(err(r#"{"secret": "123", "guess": "1234"}"#).path, "/guess");
        assert_eq!(
            err(r#"{"secret": "1234", "guess": "123", "length": 3}"#).path,
            "/secret"
        );
        assert_eq!(err(r#"{"secret": "123", "guess": "12x"}"#).path, "/guess");
        assert_eq!(err(r#"{"secret": "113", "guess": "123"}"#).path, "/secret");
        assert_eq!(err(r#"{"secret": "123", "guess": "122"}"#).path, "/guess");
        assert_eq!(err(r#"{"secret": "", "guess": ""}"#).path, "/secret");
        assert_eq!(
            err(r#"{"secret": "01234567890", "guess": "1"}"#).path,
            "/secret"
        );
        assert_eq!(
            err(r#"{"secret": "123", "guess": "123", "alphabet": "11"}"#).path,
            "/alphabet"
        );
        assert_eq!(
            err(r#"{"secret": "123", "guess": "123", "length": 0}"#).path,
            "/length"
        );
        let e = err(r#"{"secret": "123", "guess": "1234"}"#);
        assert!(e.message.contains("secret"), "{}", e.message);
        assert!(
            serde_json::from_str::<JudgeInput>(r#"{"secret": "1", "guess": "1", "lenght": 1}"#)
                .is_err()
        );
    }
}
