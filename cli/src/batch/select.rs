//! `--filter TEXT`: which cases to run, by their id, their `game command` or their note.

use super::cases::Case;
use super::envelope::Envelope;

/// The `--filter` texts; a case is kept when any of them is in its id, its `game command`
/// (`renju check`) or its `note`. No texts: every case.
#[derive(Debug, Default)]
pub struct Filter {
    texts: Vec<String>,
}

impl Filter {
    pub fn new(texts: &[String]) -> Filter {
        Filter {
            texts: texts.to_vec(),
        }
    }

    pub fn keeps(&self, case: &Case) -> bool {
        if self.texts.is_empty() || self.found_in(&case.name) {
            return true;
        }
        // Only the envelope is read here; the input is parsed when the case runs.
        let Some(envelope) = case
            .text
            .as_deref()
            .ok()
            .and_then(|t| Envelope::read(t).ok())
        else {
            return false;
        };
        self.found_in(&format!("{} {}", envelope.game, envelope.command))
            || envelope
                .note
                .as_deref()
                .is_some_and(|note| self.found_in(note))
    }

    fn found_in(&self, text: &str) -> bool {
        self.texts.iter().any(|t| text.contains(t.as_str()))
    }
}
