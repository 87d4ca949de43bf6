//! A strategy as data: the decision tree of its guesses (a guess, then for each answer the
//! subtree), with its totals, a compact text form, and the 4-digit optimum shipped in the crate.
//!
//! The compact form lists the guesses in preorder, separated by blanks; the answers of a node
//! are visited in class order (strikes, then balls), and a node with one candidate left is not
//! written (its guess is that candidate). Replaying the guesses against the candidate sets
//! rebuilds the tree, so nothing else needs storing: the 4-digit optimum takes 8 KB.
//!
//! The shipped tree ([`shipped`]) was written by `examples/classes.rs` from the exact search;
//! its test replays it on every secret (total 26274, worst 7, every game ending on its secret).

use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::space::Space;
use crate::strategy::{BestGuess, Knowledge};
use crate::symmetry::Relabel;

/// One node of the tree as JSON: the guess, and for each answer it can get other than all
/// strikes, what to do next. A node with no answers guesses the last candidate left.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct TreeJson {
    /// The guess to make.
    pub guess: String,
    /// Secrets still possible when it is made.
    pub secrets: u32,
    /// Guesses over all those secrets, this one included.
    pub total_guesses: u64,
    /// The answers other than all strikes, by strikes then balls.
    pub answers: Vec<AnswerJson>,
}

/// An answer to a node's guess and the subtree that follows it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct AnswerJson {
    /// Symbols in the right place.
    pub strikes: u32,
    /// Symbols shared in the wrong place.
    pub balls: u32,
    /// What to do after this answer.
    pub next: TreeJson,
}

/// One node: the guess made when the candidates are `secrets` many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    /// The guess, a code number.
    pub guess: u32,
    /// Candidates left when the guess is made.
    pub secrets: u32,
    /// Guesses over every candidate of this node, this one included.
    pub total: u64,
    /// For each answer other than all strikes, in class order, the subtree that follows it.
    pub children: Vec<Branch>,
}

/// An answer to a node's guess and the node that follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Branch {
    /// The answer's class ([`Space::class_of`]).
    pub answer: u8,
    /// The node that follows, an index into [`DecisionTree::nodes`].
    pub next: usize,
}

/// A decision tree over every code of a game; node 0 is the root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionTree {
    /// The nodes, each before its subtrees (preorder).
    pub nodes: Vec<TreeNode>,
}

/// Why a compact tree could not be read ([`DecisionTree::from_compact`]); `Display` gives a
/// sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompactTreeError {
    /// The guesses run out while some node still has two or more candidates.
    EndsEarly,
    /// A word is not a guess of the game (the word, and the code parser's reason).
    BadGuess {
        /// The word as written.
        word: String,
        /// Why it is not a guess.
        why: String,
    },
    /// A well-formed guess outside the game's codes.
    NotACode(String),
    /// A guess that gives every candidate the same answer, so the tree would never end.
    NoSplit(String),
    /// Guesses are left after the tree is complete (the first one left).
    LeftOver(String),
}

impl std::fmt::Display for CompactTreeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompactTreeError::EndsEarly => f.write_str("the compact tree ends too early"),
            CompactTreeError::BadGuess { word, why } => {
                write!(f, "bad guess {word:?} in the compact tree: {why}")
            }
            CompactTreeError::NotACode(word) => write!(f, "{word:?} is not a code of this game"),
            CompactTreeError::NoSplit(guess) => {
                write!(f, "{guess} does not split its candidates")
            }
            CompactTreeError::LeftOver(word) => {
                write!(f, "the compact tree has guesses left over, from {word:?}")
            }
        }
    }
}

impl std::error::Error for CompactTreeError {}

/// Totals of a tree, as `simulate` reports them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeStats {
    /// Guesses over every secret, each final all-strikes guess included.
    pub total: u64,
    /// `histogram[i]`: secrets found with `i + 1` guesses.
    pub histogram: Vec<u64>,
}

impl TreeStats {
    /// The totals of a histogram (`histogram[i]`: secrets found with `i + 1` guesses).
    pub fn of(histogram: Vec<u64>) -> Self {
        let total = histogram
            .iter()
            .enumerate()
            .map(|(i, &n)| (i as u64 + 1) * n)
            .sum();
        TreeStats { total, histogram }
    }

    /// The longest game.
    pub fn worst(&self) -> u32 {
        self.histogram.len() as u32
    }
}

impl DecisionTree {
    /// Builds the tree of `choose` from the candidates of `root`: `choose` gives the guess for
    /// what is known; an error (a timeout, say) stops the walk.
    pub fn build<E>(
        space: &Space,
        root: Knowledge,
        choose: &mut dyn FnMut(&Knowledge) -> Result<u32, E>,
        no_progress: &dyn Fn(u32) -> E,
    ) -> Result<Self, E> {
        let mut nodes = Vec::new();
        grow(space, root, choose, no_progress, &mut nodes)?;
        Ok(DecisionTree { nodes })
    }

    /// Reads the compact form (see the module docs) for a game whose candidates start as
    /// `root`.
    pub fn from_compact(
        space: &Space,
        root: &Knowledge,
        text: &str,
    ) -> Result<Self, CompactTreeError> {
        let mut words = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .flat_map(str::split_whitespace);
        let mut choose =
            |know: &Knowledge| -> Result<u32, CompactTreeError> {
                if know.set.len() == 1 {
                    return Ok(know.set[0]);
                }
                let word = words.next().ok_or(CompactTreeError::EndsEarly)?;
                let code = space.spec().parse(word, "", "guess").map_err(|e| {
                    CompactTreeError::BadGuess {
                        word: word.to_string(),
                        why: e.message,
                    }
                })?;
                space
                    .index_of(&code)
                    .ok_or_else(|| CompactTreeError::NotACode(word.to_string()))
            };
        let no_progress = |g: u32| CompactTreeError::NoSplit(space.format(g));
        let tree = DecisionTree::build(space, root.clone(), &mut choose, &no_progress)?;
        match words.next() {
            Some(extra) => Err(CompactTreeError::LeftOver(extra.to_string())),
            None => Ok(tree),
        }
    }

    /// The compact form: the guesses of the nodes with two or more candidates, in preorder,
    /// twelve to a line.
    pub fn to_compact(&self, space: &Space) -> String {
        let words: Vec<String> = self
            .nodes
            .iter()
            .filter(|n| n.secrets > 1)
            .map(|n| space.format(n.guess))
            .collect();
        let mut out = String::new();
        for line in words.chunks(12) {
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }

    /// The subtree at `node` as JSON.
    pub fn to_json(&self, space: &Space, node: usize) -> TreeJson {
        let n = &self.nodes[node];
        TreeJson {
            guess: space.format(n.guess),
            secrets: n.secrets,
            total_guesses: n.total,
            answers: n
                .children
                .iter()
                .map(|branch| {
                    let fb = space.feedback_of(branch.answer);
                    AnswerJson {
                        strikes: fb.strikes,
                        balls: fb.balls,
                        next: self.to_json(space, branch.next),
                    }
                })
                .collect(),
        }
    }

    /// Total and histogram over every secret of the root.
    pub fn stats(&self) -> TreeStats {
        let mut histogram = Vec::new();
        self.count(0, 0, &mut histogram);
        TreeStats::of(histogram)
    }

    fn count(&self, node: usize, depth: usize, histogram: &mut Vec<u64>) {
        let n = &self.nodes[node];
        let below: u32 = n.children.iter().map(|b| self.nodes[b.next].secrets).sum();
        if below < n.secrets {
            if histogram.len() <= depth {
                histogram.resize(depth + 1, 0);
            }
            histogram[depth] += 1;
        }
        for branch in &n.children {
            self.count(branch.next, depth + 1, histogram);
        }
    }

    /// The tree's guess after the history of `know`, and the total of its subtree, when the
    /// history follows the tree up to symmetry: each guess made must be the tree's guess at
    /// that point, or its image under a renaming that fixes the tree's guesses so far (such a
    /// renaming maps the candidates onto themselves, so the tree's advice carries over).
    /// `None` when the history leaves the tree.
    pub fn advise(&self, space: &Space, know: &Knowledge) -> Option<BestGuess> {
        let first = *know.set.first()?;
        // `to_tree` maps the player's codes to the tree's.
        let mut to_tree = Relabel::identity(space.code_len());
        let mut path: Vec<u32> = Vec::new();
        let mut node = 0;
        for &guess in &know.guesses {
            let here = &self.nodes[node];
            let class = space.fb(guess, first);
            let image = to_tree.apply(space, guess);
            if image != here.guess {
                let onto = crate::symmetry::relabel_onto(space, &path, image, here.guess)?;
                to_tree = to_tree.then(&onto);
            }
            path.push(here.guess);
            if class == space.win_class() {
                return None; // the game is over
            }
            node = here.children.iter().find(|b| b.answer == class)?.next;
        }
        let here = &self.nodes[node];
        if here.secrets as usize != know.set.len() {
            return None; // a guess outside the tree's reasoning (cannot happen when it follows)
        }
        Some(BestGuess {
            guess: to_tree.inverse().apply(space, here.guess),
            total: here.total,
        })
    }
}

fn grow<E>(
    space: &Space,
    know: Knowledge,
    choose: &mut dyn FnMut(&Knowledge) -> Result<u32, E>,
    no_progress: &dyn Fn(u32) -> E,
    nodes: &mut Vec<TreeNode>,
) -> Result<usize, E> {
    let guess = choose(&know)?;
    let win = space.win_class();
    let mut classes: Vec<Vec<u32>> = vec![Vec::new(); space.classes()];
    for &s in &know.set {
        classes[usize::from(space.fb(guess, s))].push(s);
    }
    let found = !classes[usize::from(win)].is_empty();
    if !found && classes.iter().any(|c| c.len() == know.set.len()) {
        return Err(no_progress(guess));
    }
    let here = nodes.len();
    nodes.push(TreeNode {
        guess,
        secrets: know.set.len() as u32,
        total: know.set.len() as u64,
        children: Vec::new(),
    });
    let mut children = Vec::new();
    let mut total = know.set.len() as u64;
    for (class, set) in classes.into_iter().enumerate() {
        if class == usize::from(win) || set.is_empty() {
            continue;
        }
        let child = know.after_with(space, guess, class as u8, set);
        let index = grow(space, child, choose, no_progress, nodes)?;
        total += nodes[index].total;
        children.push(Branch {
            answer: class as u8,
            next: index,
        });
    }
    nodes[here].children = children;
    nodes[here].total = total;
    Ok(here)
}

/// The compact optimal tree of 4-digit baseball (4 of 10 symbols, no repeats), written by
/// `cargo run --release -p baseball-core --example classes -- 4 0123456789 norepeats 100000
/// write DIR` (class by class; see the crate README for the run's figures).
const FOUR_DIGITS: &str = include_str!("../data/optimal-4-of-10.txt");

/// The optimal decision tree shipped for `space`'s game, if there is one: 4 symbols of 10
/// without repeats (any alphabet: the tree is stored in symbol positions).
pub fn shipped(space: &Space) -> Option<&'static DecisionTree> {
    static FOUR: OnceLock<Option<DecisionTree>> = OnceLock::new();
    let spec = space.spec();
    if spec.length() != 4 || spec.symbols() != 10 || spec.repeats() {
        return None;
    }
    FOUR.get_or_init(|| {
        // The shipped text is written for the default alphabet.
        let digits = crate::code::CodeSpec::new(4, "0123456789", false, "").ok()?;
        let four = Space::new(&digits, "").ok()?;
        DecisionTree::from_compact(&four, &Knowledge::start(&four, 0), FOUR_DIGITS).ok()
    })
    .as_ref()
}

/// The shipped tree's guess after the history of `know`, and the total of its subtree, when
/// there is a shipped tree for the game and the history follows it (see
/// [`DecisionTree::advise`]).
pub fn shipped_advice(space: &Space, know: &Knowledge) -> Option<BestGuess> {
    shipped(space)?.advise(space, know)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::CodeSpec;

    fn space(len: usize, alpha: &str, rep: bool) -> Space {
        Space::new(&CodeSpec::new(len, alpha, rep, "").unwrap(), "").unwrap()
    }

    /// Plays every secret down the tree: each game must end on its own secret.
    fn replay(space: &Space, tree: &DecisionTree) -> TreeStats {
        let mut histogram = Vec::new();
        for secret in 0..space.len() as u32 {
            let mut node = 0;
            let mut guesses = 1;
            loop {
                let n = &tree.nodes[node];
                let class = space.fb(n.guess, secret);
                if class == space.win_class() {
                    assert_eq!(n.guess, secret);
                    break;
                }
                node = n
                    .children
                    .iter()
                    .find(|b| b.answer == class)
                    .unwrap_or_else(|| panic!("secret {} falls off the tree", space.format(secret)))
                    .next;
                guesses += 1;
            }
            if histogram.len() < guesses {
                histogram.resize(guesses, 0);
            }
            histogram[guesses - 1] += 1;
        }
        TreeStats::of(histogram)
    }

    #[test]
    fn shipped_four_digit_tree_is_the_optimum_and_finds_every_secret() {
        let sp = space(4, "0123456789", false);
        let tree = shipped(&sp).expect("the shipped tree parses");
        let played = replay(&sp, tree);
        assert_eq!(played.total, 26274);
        assert_eq!(played.worst(), 7);
        assert_eq!(played.histogram.iter().sum::<u64>(), 5040);
        assert_eq!(tree.stats(), played);
        assert_eq!(tree.nodes[0].total, 26274);
        // Any ten symbols share it.
        assert!(shipped(&space(4, "abcdefghij", false)).is_some());
        assert!(shipped(&space(4, "0123456789", true)).is_none());
        assert!(shipped(&space(3, "0123456789", false)).is_none());
    }

    #[test]
    fn compact_form_round_trips_and_rejects_damage() {
        let sp = space(3, "012345", false);
        let root = Knowledge::start(&sp, 0);
        let mut opt = crate::optimal::Optimizer::new(&sp, puzzles_common::Deadline::NEVER);
        let mut choose =
            |k: &Knowledge| -> Result<u32, String> { Ok(opt.solve(k).expect("no deadline").guess) };
        let tree =
            DecisionTree::build(&sp, root.clone(), &mut choose, &|_| "stuck".to_string()).unwrap();
        let text = tree.to_compact(&sp);
        let back = DecisionTree::from_compact(&sp, &root, &text).unwrap();
        assert_eq!(back, tree);
        assert_eq!(replay(&sp, &tree), tree.stats());
        let words: Vec<&str> = text.split_whitespace().collect();
        let cut = words[..words.len() - 1].join(" ");
        assert_eq!(
            DecisionTree::from_compact(&sp, &root, &cut),
            Err(CompactTreeError::EndsEarly)
        );
        assert_eq!(
            DecisionTree::from_compact(&sp, &root, &format!("{text} 012")),
            Err(CompactTreeError::LeftOver("012".into()))
        );
        let repeats = DecisionTree::from_compact(&sp, &root, "011").unwrap_err();
        assert!(matches!(&repeats, CompactTreeError::BadGuess { word, .. } if word == "011"));
        assert!(
            repeats
                .to_string()
                .starts_with("bad guess \"011\" in the compact tree: ")
        );
    }

    #[test]
    fn advice_follows_the_tree_up_to_symmetry() {
        let sp = space(4, "0123456789", false);
        let tree = shipped(&sp).unwrap();
        let start = Knowledge::start(&sp, 0);
        let BestGuess {
            guess: first,
            total,
        } = tree.advise(&sp, &start).unwrap();
        assert_eq!(total, 26274);
        // Open with another code: the advice is the tree's, renamed.
        let opening = sp.index_of(&[9, 8, 7, 6]).unwrap();
        let secret = sp.index_of(&[5, 9, 1, 2]).unwrap();
        let mut know = start.after(&sp, opening, sp.fb(opening, secret));
        let mut guesses = 1;
        while let Some(BestGuess {
            guess: g,
            total: sub,
        }) = tree.advise(&sp, &know)
        {
            assert!(sub >= know.set.len() as u64);
            guesses += 1;
            if g == secret {
                break;
            }
            know = know.after(&sp, g, sp.fb(g, secret));
        }
        assert!(guesses <= 7, "{guesses}");
        assert!(know.set.contains(&secret));
        // A second guess that is not the tree's, even up to a renaming fixing the first, leaves
        // the tree: no advice (the caller searches instead).
        let after = start.after(&sp, first, sp.fb(first, secret));
        let second = tree.advise(&sp, &after).unwrap().guess;
        let other = (0..sp.len() as u32)
            .find(|&g| crate::symmetry::relabel_onto(&sp, &[first], g, second).is_none())
            .unwrap();
        let off = after.after(&sp, other, sp.fb(other, secret));
        assert_eq!(tree.advise(&sp, &off), None);
        // Its image under such a renaming is advised.
        let twin = (0..sp.len() as u32)
            .find(|&g| {
                g != second && crate::symmetry::relabel_onto(&sp, &[first], g, second).is_some()
            })
            .unwrap();
        let on = after.after(&sp, twin, sp.fb(twin, secret));
        assert!(tree.advise(&sp, &on).is_some());
    }
}
