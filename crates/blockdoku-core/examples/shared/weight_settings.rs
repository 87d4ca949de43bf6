//! `NAME=VALUE` settings of evaluation weights, as the examples' command lines write them
//! (`default:corner_box_cells=5:hard_crowded=2` in tune and crisis, `ours:NAME=V` in versus).

use blockdoku_core::eval::Weights;

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
