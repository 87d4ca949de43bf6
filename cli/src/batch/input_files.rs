//! Input files met by the walk. A case may read its input from a file
//! (`"input": "judge-input.json"`); when that file is a `.json` beside the case, a folder's
//! walk meets it too. It is an input, not a case: the run leaves it out, wherever the walk
//! meets it.
//!
//! Telling needs every case's `input`, so the case files are read a second time, but only
//! once a file found in a folder has turned out to be no case at all (a run of cases alone
//! never pays for it).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::cases::{Case, CaseReader};
use super::discover::CaseFile;
use super::envelope::Envelope;

/// The files that the cases of a run read as their input, worked out when first asked.
#[derive(Debug, Default)]
pub struct InputFiles {
    files: Vec<CaseFile>,
    /// Real paths.
    named: OnceLock<HashSet<PathBuf>>,
}

impl InputFiles {
    pub fn new(files: &[CaseFile]) -> InputFiles {
        let whole = files
            .iter()
            .map(|file| CaseFile {
                selection: None,
                ..file.clone()
            })
            .collect();
        InputFiles {
            files: whole,
            named: OnceLock::new(),
        }
    }

    /// Whether some case of the run reads `file` as its input.
    pub fn contains(&self, file: &Path) -> bool {
        let named = self.named.get_or_init(|| {
            CaseReader::new(self.files.clone())
                .filter_map(|case| input_path(&case))
                .filter_map(|path| std::fs::canonicalize(path).ok())
                .collect()
        });
        std::fs::canonicalize(file).is_ok_and(|real| named.contains(&real))
    }
}

/// The path of the file a case reads its input from (`"input": "x.non"`), joined to the
/// case file's folder.
pub fn input_path(case: &Case) -> Option<PathBuf> {
    let text = case.text.as_deref().ok()?;
    let envelope = Envelope::read(text).ok()?;
    if !envelope.input.starts_with('"') {
        return None;
    }
    let relative: String = serde_json::from_str(envelope.input).ok()?;
    Some(case.folder().join(relative))
}
