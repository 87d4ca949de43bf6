//! `--exclude` patterns: shell-style globs over the paths a batch finds, the way `.gitignore`
//! reads them. A pattern without `/` matches any one file or folder name (`package.json`,
//! `draft-*`); a pattern with `/` matches the whole path as printed (`fixtures/wip/*.jsonl`),
//! where `**` also crosses folders. `*` and `?` never match `/`; `[abc]`, `[a-z]` and `[!a]`
//! are character classes.
//!
//! Matching is globset's (ripgrep's matcher, compiled once to a regular-expression set), so a
//! pattern of many stars costs time linear in the path, never a backtracking search.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

/// The `--exclude` patterns of a run.
#[derive(Debug, Clone)]
pub struct Excludes {
    /// Patterns without `/`, matched against the last name of a path.
    names: GlobSet,
    /// Patterns with `/`, matched against the whole path.
    paths: GlobSet,
}

impl Excludes {
    /// Compiles the patterns; a malformed one (an unclosed `{`, say) is named in the error.
    pub fn new(patterns: &[String]) -> Result<Excludes, String> {
        let mut names = GlobSetBuilder::new();
        let mut paths = GlobSetBuilder::new();
        for given in patterns {
            let pattern = given.replace('\\', "/");
            let pattern = pattern.trim_end_matches('/');
            let pattern = pattern.strip_prefix("./").unwrap_or(pattern);
            let glob = GlobBuilder::new(pattern)
                .literal_separator(true)
                .backslash_escape(false)
                .build()
                .map_err(|err| format!("--exclude {given:?} is not a glob: {}", err.kind()))?;
            if pattern.contains('/') {
                paths.add(glob);
            } else {
                names.add(glob);
            }
        }
        let build = |set: GlobSetBuilder| {
            set.build()
                .map_err(|err| format!("--exclude: {}", err.kind()))
        };
        Ok(Excludes {
            names: build(names)?,
            paths: build(paths)?,
        })
    }

    /// Whether `path` (with `/` separators) is excluded: its last name, or the whole path,
    /// matches. Folders are tested as they are searched, so one match skips all below.
    pub fn matches(&self, path: &str) -> bool {
        let path = path.strip_prefix("./").unwrap_or(path);
        let name = path.rsplit('/').next().unwrap_or(path);
        self.names.is_match(name) || self.paths.is_match(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glob(pattern: &str) -> Excludes {
        Excludes::new(&[pattern.to_string()]).unwrap()
    }

    #[test]
    fn a_name_pattern_matches_the_last_name_anywhere() {
        let exclude = glob("package.json");
        assert!(exclude.matches("fixtures/web/package.json"));
        assert!(exclude.matches("package.json"));
        assert!(!exclude.matches("fixtures/package.json.bak"));
        assert!(glob("draft-*").matches("a/b/draft-1.jsonl"));
        assert!(!glob("draft-*").matches("a/draft-1/ok.jsonl"));
        assert!(glob("node_modules/").matches("web/node_modules"));
    }

    #[test]
    fn a_path_pattern_matches_the_whole_path() {
        let exclude = glob("fixtures/wip/*.jsonl");
        assert!(exclude.matches("fixtures/wip/a.jsonl"));
        assert!(exclude.matches("./fixtures/wip/a.jsonl"));
        assert!(!exclude.matches("fixtures/wip/deep/a.jsonl"));
        assert!(!exclude.matches("other/fixtures/wip/a.jsonl"));
        let deep = glob("fixtures/**/slow-*.json");
        assert!(deep.matches("fixtures/slow-1.json"));
        assert!(deep.matches("fixtures/a/b/slow-1.json"));
        assert!(!deep.matches("fixtures/a/b/fast-1.json"));
        assert!(glob("**/tmp").matches("x/y/tmp"));
    }

    #[test]
    fn wildcards_and_classes() {
        assert!(glob("case-?.json").matches("case-1.json"));
        assert!(!glob("case-?.json").matches("case-10.json"));
        assert!(glob("case-[0-4].json").matches("case-3.json"));
        assert!(!glob("case-[0-4].json").matches("case-7.json"));
        assert!(glob("case-[!0-4].json").matches("case-7.json"));
        assert!(glob("*").matches("anything.json"));
        assert!(glob("*.json").matches(".json"));
        let several = Excludes::new(&["a.json".into(), "x/*".into()]).unwrap();
        assert!(several.matches("q/a.json") && several.matches("x/b.json"));
        assert!(!several.matches("q/b.json"));
    }

    #[test]
    fn a_malformed_pattern_is_named() {
        let err = Excludes::new(&["ok".into(), "a[b".into()]).unwrap_err();
        assert!(err.contains("\"a[b\""), "{err}");
    }

    /// A pattern of many stars against a long name that almost matches took exponential
    /// time in a backtracking matcher; a compiled set answers at once.
    #[test]
    fn many_stars_do_not_backtrack() {
        let exclude = glob(&"*a".repeat(30));
        let name = "a".repeat(29) + &"b".repeat(60);
        assert!(!exclude.matches(&name));
    }
}
