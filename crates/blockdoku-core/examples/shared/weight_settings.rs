//! `NAME=VALUE` settings of evaluation weights, as the examples' command lines write them
//! (`default:corner_box_cells=5:hard_crowded=2` in tune and crisis, `ours:NAME=V` in versus).

use blockdoku_core::engine::LOOKAHEAD_CANDIDATES;
use blockdoku_core::eval::Weights;

/// A candidate as tune and crisis take it: `WEIGHTS[@K]`, the weights either
/// `default[:NAME=VALUE...]` or every weight as comma-separated numbers in
/// [`Weights::NAMES`] order, and K the plans the lookahead compares (default
/// [`LOOKAHEAD_CANDIDATES`]). Panics with the weight names on what it cannot read.
#[allow(dead_code)] // versus reads its own `ours[@K][:NAME=V]` form
pub fn candidate(spec: &str) -> (Weights, usize) {
    let (text, lookahead) = match spec.split_once('@') {
        Some((t, k)) => (t, k.parse().unwrap_or(LOOKAHEAD_CANDIDATES)),
        None => (spec, LOOKAHEAD_CANDIDATES),
    };
    if let Some(settings) = text.strip_prefix("default") {
        return (with_settings(settings.split(':')), lookahead);
    }
    let v: Vec<i32> = text
        .split(',')
        .filter_map(|x| x.trim().parse().ok())
        .collect();
    match <[i32; blockdoku_core::eval::WEIGHTS]>::try_from(v) {
        Ok(a) => (Weights::from_array(a), lookahead),
        Err(v) => panic!(
            "{text}: {} numbers, expected {} ({:?})",
            v.len(),
            Weights::NAMES.len(),
            Weights::NAMES
        ),
    }
}

/// The default weights with each `NAME=VALUE` setting applied in order; panics with the
/// weight names on a setting it cannot read (these are developer tools, not the CLI).
pub fn with_settings<'a>(settings: impl IntoIterator<Item = &'a str>) -> Weights {
    let mut weights = Weights::default().to_array();
    for setting in settings.into_iter().filter(|s| !s.is_empty()) {
        let (name, value) = setting
            .split_once('=')
            .unwrap_or_else(|| panic!("{setting:?}: write NAME=VALUE"));
        let at = Weights::NAMES
            .iter()
            .position(|n| *n == name)
            .unwrap_or_else(|| panic!("no weight {name:?}; weights: {:?}", Weights::NAMES));
        weights[at] = value.parse().expect("a whole number");
    }
    Weights::from_array(weights)
}
