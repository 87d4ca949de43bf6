//! The pictures found so far, shared by every search: each is checked against every clue
//! before it is recorded, and two different ones decide `multiple`.

use super::propagate::Stop;
use super::symmetry::symmetric_images;
use crate::puzzle::Puzzle;

/// A cell of a full picture: `bool` (filled) in black and white, `u8` (0 the background,
/// else the colour) in colour.
pub(super) trait PictureCell: Copy + Default + Eq {
    /// Whether the full picture satisfies every clue of `p`.
    fn fits(p: &Puzzle, picture: &[Self]) -> bool;
}

impl PictureCell for bool {
    fn fits(p: &Puzzle, picture: &[bool]) -> bool {
        p.check_picture(picture)
    }
}

impl PictureCell for u8 {
    fn fits(p: &Puzzle, picture: &[u8]) -> bool {
        p.check_values(picture)
    }
}

/// The solutions recorded, in the order found.
pub(super) struct Solutions<'p, T: PictureCell = bool> {
    p: &'p Puzzle,
    found: Vec<Vec<T>>,
}

impl<'p, T: PictureCell> Solutions<'p, T> {
    pub(super) fn new(p: &'p Puzzle) -> Self {
        Solutions {
            p,
            found: Vec::new(),
        }
    }

    /// The pictures recorded, in the order found.
    pub(super) fn found(&self) -> &[Vec<T>] {
        &self.found
    }

    pub(super) fn into_found(self) -> Vec<Vec<T>> {
        self.found
    }

    /// Records a full picture as a solution if it checks against every clue and is new
    /// (with, as the first one, any mirror image or rotation that fits too). Two different
    /// solutions stop the search ([`Stop::Enough`]).
    pub(super) fn record(&mut self, picture: Vec<T>) -> Result<(), Stop> {
        if !T::fits(self.p, &picture) {
            // Cannot happen when propagation reached a fixpoint; never return it anyway.
            debug_assert!(false, "complete grid that breaks a clue");
            return Ok(());
        }
        if !self.found.contains(&picture) {
            // Mirror images and rotations of a solution that satisfy the clues too are
            // solutions as well (each is checked against every clue, so this is exact):
            // a symmetric clue set with an asymmetric solution is `multiple` at once.
            let images = symmetric_images(&picture, self.p.height(), self.p.width());
            self.found.push(picture);
            if self.found.len() < 2 {
                for t in images {
                    if t != self.found[0] && T::fits(self.p, &t) {
                        self.found.push(t);
                        break;
                    }
                }
            }
        }
        if self.found.len() >= 2 {
            Err(Stop::Enough)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture is recorded once; its mirror image, a solution too, is recorded with it.
    #[test]
    fn records_new_pictures_and_their_images() {
        // Clues of `#.` / `.#`: its mirror `.#` / `#.` fits them too.
        let p = Puzzle::new(&[vec![1], vec![1]], &[vec![1], vec![1]]).unwrap();
        let mut s = Solutions::new(&p);
        assert_eq!(s.record(vec![true, false, false, true]), Err(Stop::Enough));
        assert_eq!(
            s.found(),
            &[
                vec![true, false, false, true],
                vec![false, true, true, false]
            ]
        );
        // A plus sign is its own image: one solution, recorded once.
        let plus = Puzzle::new(&[vec![1], vec![3], vec![1]], &[vec![1], vec![3], vec![1]]).unwrap();
        let mut s = Solutions::new(&plus);
        let pic = vec![false, true, false, true, true, true, false, true, false];
        assert_eq!(s.record(pic.clone()), Ok(()));
        assert_eq!(s.record(pic), Ok(()));
        assert_eq!(s.found().len(), 1);
    }
}
