//! A mate's proof tree: the attacker's move at each of its turns, and at each defender turn
//! the answer to every reply that does not lose at once, with the lines that beat all the
//! others. [`crate::mate::verify::verify_proof`] checks one with the rules alone.

use crate::board::Point;
use crate::contract::{ProofDefence, ProofNode};
use crate::notation::{MoveSpec, ParsedMove, to_notation};

/// A proof tree in engine terms, from an attacker move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// The attacker's move.
    pub attack: Point,
    /// Replies of the defender with the proof that wins against each.
    pub defences: Vec<(Point, Proof)>,
    /// Lines of fours (attacker, forced block, ..., ending with a four the defender cannot
    /// stop) of which one wins against any reply not in `defences` that leaves the attacker
    /// no five point.
    pub otherwise: Vec<Vec<Point>>,
}

impl Proof {
    /// A move that ends the win: a five, or a four the defender cannot stop.
    pub(crate) fn leaf(attack: Point) -> Proof {
        Proof {
            attack,
            defences: Vec::new(),
            otherwise: Vec::new(),
        }
    }

    /// Nodes of the tree (attacker moves).
    pub fn size(&self) -> usize {
        1 + self.defences.iter().map(|(_, p)| p.size()).sum::<usize>()
    }
}

impl From<&Proof> for ProofNode {
    fn from(proof: &Proof) -> ProofNode {
        ProofNode {
            attack: to_notation(proof.attack),
            defences: proof
                .defences
                .iter()
                .map(|(r, answer)| ProofDefence {
                    reply: to_notation(*r),
                    answer: answer.into(),
                })
                .collect(),
            otherwise: proof
                .otherwise
                .iter()
                .map(|line| line.iter().map(|&p| to_notation(p)).collect())
                .collect(),
        }
    }
}

fn point(text: &str) -> Result<Point, String> {
    match MoveSpec::Text(text.into()).parse() {
        Ok(ParsedMove::At(p)) => Ok(p),
        _ => Err(format!("{text:?} is not a point of the board")),
    }
}

impl TryFrom<&ProofNode> for Proof {
    type Error = String;

    /// Reads a proof tree back from its JSON form (for checking one with
    /// [`crate::mate::verify::verify_proof`]).
    fn try_from(node: &ProofNode) -> Result<Proof, String> {
        Ok(Proof {
            attack: point(&node.attack)?,
            defences: node
                .defences
                .iter()
                .map(|d| Ok((point(&d.reply)?, Proof::try_from(&d.answer)?)))
                .collect::<Result<_, String>>()?,
            otherwise: node
                .otherwise
                .iter()
                .map(|line| line.iter().map(|p| point(p)).collect())
                .collect::<Result<_, String>>()?,
        })
    }
}
