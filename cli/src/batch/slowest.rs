//! `--durations N`: the N slowest cases of a run, told on stderr after the last case
//! (pytest's `--durations`), so a CI log shows which fixtures cost the time.

use std::time::Duration;

use super::CaseResult;
use crate::output::stderr_line;

/// The slowest cases seen so far: (time, position in the run, id).
#[derive(Debug)]
pub struct Slowest {
    /// How many to tell; 0 tells every case.
    keep: usize,
    cases: Vec<(Duration, usize, String)>,
    seen: usize,
}

impl Slowest {
    pub fn new(keep: usize) -> Slowest {
        Slowest {
            keep,
            cases: Vec::new(),
            seen: 0,
        }
    }

    pub fn add(&mut self, result: &CaseResult) {
        self.cases
            .push((result.elapsed, self.seen, result.line.case.clone()));
        self.seen += 1;
        // Trim now and then, not per case: memory stays within twice what is told.
        if self.keep > 0 && self.cases.len() >= 2 * self.keep.max(512) {
            self.trim();
        }
    }

    /// Slowest first; equal times in the order the cases ran.
    fn trim(&mut self) {
        self.cases
            .sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        if self.keep > 0 {
            self.cases.truncate(self.keep);
        }
    }

    /// The stderr lines: a heading, then one line per case, `  0.012 s  id`.
    pub fn lines(mut self) -> Vec<String> {
        self.trim();
        let mut lines = vec![format!(
            "puzzles batch: slowest {} of {} cases (--durations):",
            self.cases.len(),
            self.seen
        )];
        lines.extend(
            self.cases
                .iter()
                .map(|(time, _, id)| format!("  {:>8.3} s  {id}", time.as_secs_f64())),
        );
        lines
    }

    pub fn tell(self) {
        for line in self.lines() {
            stderr_line(&line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slowest_of(keep: usize, millis: &[u64]) -> Vec<String> {
        let mut slowest = Slowest::new(keep);
        for (i, &ms) in millis.iter().enumerate() {
            slowest
                .cases
                .push((Duration::from_millis(ms), i, format!("case{i}")));
            slowest.seen += 1;
        }
        slowest.lines()
    }

    #[test]
    fn slowest_first_ties_in_run_order() {
        assert_eq!(
            slowest_of(3, &[5, 40, 5, 1200, 40]),
            [
                "puzzles batch: slowest 3 of 5 cases (--durations):",
                "     1.200 s  case3",
                "     0.040 s  case1",
                "     0.040 s  case4",
            ]
        );
        assert_eq!(slowest_of(0, &[1, 2]).len(), 3, "0 tells every case");
    }
}
