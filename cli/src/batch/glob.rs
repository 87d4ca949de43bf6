//! `--exclude` patterns: shell-style globs over the paths a batch finds, the way `.gitignore`
//! reads them. A pattern without `/` matches any one file or folder name (`package.json`,
//! `draft-*`); a pattern with `/` matches the whole path as printed (`fixtures/wip/*.jsonl`),
//! where `**` also crosses folders. `*` and `?` never match `/`; `[abc]`, `[a-z]` and `[!a]`
//! are character classes.
//!
//! A dozen lines of matching do not justify a regex engine in every user's build (globset
//! brings regex-automata and aho-corasick), and these patterns are short.

/// One `--exclude` pattern.
#[derive(Debug, Clone)]
pub struct Glob {
    pattern: Vec<char>,
    /// True when the pattern has a `/`: it is matched against the whole path.
    whole_path: bool,
}

impl Glob {
    pub fn new(pattern: &str) -> Glob {
        let pattern = pattern.replace('\\', "/");
        let pattern = pattern.trim_end_matches('/');
        let pattern = pattern.strip_prefix("./").unwrap_or(pattern);
        Glob {
            whole_path: pattern.contains('/'),
            pattern: pattern.chars().collect(),
        }
    }

    /// Whether `path` (with `/` separators) is excluded: its last name, or the whole path,
    /// matches. Folders are tested as they are searched, so one match skips all below.
    pub fn matches(&self, path: &str) -> bool {
        let path = path.strip_prefix("./").unwrap_or(path);
        let text: Vec<char> = if self.whole_path {
            path.chars().collect()
        } else {
            path.rsplit('/').next().unwrap_or(path).chars().collect()
        };
        matches_at(&self.pattern, &text)
    }
}

fn matches_at(pattern: &[char], text: &[char]) -> bool {
    match pattern.first() {
        None => text.is_empty(),
        Some('*') if pattern.get(1) == Some(&'*') => {
            // `**/` also matches no folder at all; `**` matches anything, `/` included.
            let rest = &pattern[2..];
            if let Some(after_slash) = rest.strip_prefix(&['/'])
                && matches_at(after_slash, text)
            {
                return true;
            }
            (0..=text.len()).any(|skip| matches_at(rest, &text[skip..]))
        }
        Some('*') => {
            let rest = &pattern[1..];
            for skip in 0..=text.len() {
                if matches_at(rest, &text[skip..]) {
                    return true;
                }
                if text.get(skip) == Some(&'/') {
                    break;
                }
            }
            false
        }
        Some('?') => {
            text.first().is_some_and(|&c| c != '/') && matches_at(&pattern[1..], &text[1..])
        }
        Some('[') => match (class(&pattern[1..]), text.first()) {
            (Some((matched, len)), Some(&c)) if c != '/' => {
                matched(c) && matches_at(&pattern[1 + len..], &text[1..])
            }
            (Some(_), _) => false,
            // An unclosed `[` is a plain character.
            (None, first) => first == Some(&'[') && matches_at(&pattern[1..], &text[1..]),
        },
        Some(&literal) => text.first() == Some(&literal) && matches_at(&pattern[1..], &text[1..]),
    }
}

/// A character class after its `[`: a test and the class's length up to and including `]`.
fn class(pattern: &[char]) -> Option<(impl Fn(char) -> bool + '_, usize)> {
    let negated = matches!(pattern.first(), Some('!' | '^'));
    let start = usize::from(negated);
    // A `]` first in the class is a member.
    let close = start + 1 + pattern.get(start + 1..)?.iter().position(|&c| c == ']')?;
    let members = &pattern[start..close];
    let test = move |c: char| {
        let mut i = 0;
        let mut found = false;
        while i < members.len() {
            if i + 2 < members.len() && members[i + 1] == '-' {
                found |= (members[i]..=members[i + 2]).contains(&c);
                i += 3;
            } else {
                found |= members[i] == c;
                i += 1;
            }
        }
        found != negated
    };
    Some((test, close + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_pattern_matches_the_last_name_anywhere() {
        let glob = Glob::new("package.json");
        assert!(glob.matches("fixtures/web/package.json"));
        assert!(glob.matches("package.json"));
        assert!(!glob.matches("fixtures/package.json.bak"));
        assert!(Glob::new("draft-*").matches("a/b/draft-1.jsonl"));
        assert!(!Glob::new("draft-*").matches("a/draft-1/ok.jsonl"));
        assert!(Glob::new("node_modules/").matches("web/node_modules"));
    }

    #[test]
    fn a_path_pattern_matches_the_whole_path() {
        let glob = Glob::new("fixtures/wip/*.jsonl");
        assert!(glob.matches("fixtures/wip/a.jsonl"));
        assert!(glob.matches("./fixtures/wip/a.jsonl"));
        assert!(!glob.matches("fixtures/wip/deep/a.jsonl"));
        assert!(!glob.matches("other/fixtures/wip/a.jsonl"));
        let deep = Glob::new("fixtures/**/slow-*.json");
        assert!(deep.matches("fixtures/slow-1.json"));
        assert!(deep.matches("fixtures/a/b/slow-1.json"));
        assert!(!deep.matches("fixtures/a/b/fast-1.json"));
        assert!(Glob::new("**/tmp").matches("x/y/tmp"));
    }

    #[test]
    fn wildcards_and_classes() {
        assert!(Glob::new("case-?.json").matches("case-1.json"));
        assert!(!Glob::new("case-?.json").matches("case-10.json"));
        assert!(Glob::new("case-[0-4].json").matches("case-3.json"));
        assert!(!Glob::new("case-[0-4].json").matches("case-7.json"));
        assert!(Glob::new("case-[!0-4].json").matches("case-7.json"));
        assert!(Glob::new("a[b").matches("a[b"));
        assert!(Glob::new("*").matches("anything.json"));
        assert!(Glob::new("*.json").matches(".json"));
    }
}
