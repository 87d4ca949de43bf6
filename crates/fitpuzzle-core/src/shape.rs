//! Shapes, their rotations and mirror images, and their canonical form, all in integer
//! arithmetic.
//!
//! A shape is a set of cells translated so that its bounding box starts at `[0, 0]`. A turn of
//! 90 degrees clockwise maps cell `[r, c]` of an `h x w` box to `[c, h - 1 - r]` of a `w x h`
//! box; the left-right mirror maps `[r, c]` to `[r, w - 1 - c]`. No trigonometry, so no
//! rounding and no special cases for particular angles.
//!
//! A shape in a given orientation is written as a *key*: `[height, width, codes...]` where the
//! codes `r * width + c` of its cells are sorted ascending. Two shapes are equal exactly when
//! their keys are equal. The *canonical key* is the least key (lexicographically) over the
//! orientations allowed, so two shapes can be turned into each other exactly when their
//! canonical keys are equal; that is what lets the matcher group holes and pieces by hashing
//! instead of comparing every piece with every hole.
//!
//! Cost: one orientation is O(n) for a shape of n cells (a radix sort for large shapes, so a
//! single four-million-cell region stays linear), the canonical key at most 8 of those.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

/// Whether a piece may be turned over (mirrored left-right) as well as turned to fit a hole.
/// In JSON it is the boolean `allow_flip` (`true` for [`Flip::Allowed`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "bool", into = "bool")]
pub enum Flip {
    /// Pieces are only turned (the original puzzle's rule).
    #[default]
    Forbidden,
    /// Pieces may also be mirrored.
    Allowed,
}

impl From<bool> for Flip {
    fn from(allowed: bool) -> Self {
        if allowed {
            Flip::Allowed
        } else {
            Flip::Forbidden
        }
    }
}

impl From<Flip> for bool {
    fn from(flip: Flip) -> Self {
        flip == Flip::Allowed
    }
}

/// One of the symmetries of the square grid: the left-right mirror when `flipped`, then
/// `quarter_turns` turns of 90 degrees clockwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Orientation {
    pub flipped: bool,
    pub quarter_turns: u8,
}

impl Orientation {
    /// All eight, in the order the solver prefers them: unflipped before flipped, then the
    /// smallest clockwise rotation first.
    pub const ALL: [Orientation; 8] = {
        let mut all = [Orientation {
            flipped: false,
            quarter_turns: 0,
        }; 8];
        let mut k = 0;
        while k < 8 {
            all[k] = Orientation {
                flipped: k >= 4,
                quarter_turns: (k % 4) as u8,
            };
            k += 1;
        }
        all
    };

    /// The orientations a piece may take: the four rotations, plus their mirror images when
    /// `flip` allows them.
    pub fn allowed(flip: Flip) -> &'static [Orientation] {
        match flip {
            Flip::Allowed => &Self::ALL,
            Flip::Forbidden => &Self::ALL[..4],
        }
    }

    /// The clockwise rotation in degrees: 0, 90, 180 or 270.
    pub fn degrees(self) -> u16 {
        u16::from(self.quarter_turns) * 90
    }

    /// Where cell `[r, c]` of an `h x w` box goes, and the size of the box afterwards.
    /// `r < h` and `c < w` are the caller's promise.
    pub fn apply(self, [r, c]: [u32; 2], h: u32, w: u32) -> Turned {
        let c = if self.flipped { w - 1 - c } else { c };
        let (cell, height, width) = match self.quarter_turns % 4 {
            0 => ([r, c], h, w),
            1 => ([c, h - 1 - r], w, h),
            2 => ([h - 1 - r, w - 1 - c], h, w),
            _ => ([w - 1 - c, r], w, h),
        };
        Turned {
            cell,
            height,
            width,
        }
    }
}

/// A cell turned by an [`Orientation`], and the size of the box it lands in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turned {
    /// `[row, column]` in the turned box.
    pub cell: [u32; 2],
    /// The turned box's height.
    pub height: u32,
    /// The turned box's width.
    pub width: u32,
}

/// A shape: cells translated to a bounding box at `[0, 0]`, listed row-major.
///
/// Meant to be reused across regions ([`Shape::load`]) so the solver does not allocate per
/// region.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shape {
    height: u32,
    width: u32,
    cells: Vec<[u32; 2]>,
}

/// Reusable buffers for computing keys.
#[derive(Debug, Default)]
pub struct KeyBuffers {
    candidate: Vec<u32>,
    target: Vec<u32>,
    radix: Vec<u32>,
}

impl Shape {
    /// Replaces this shape by the region whose flat cell indices (`r * grid_width + c`) are
    /// `flat`, given in row-major order and not empty.
    pub fn load(&mut self, flat: &[u32], grid_width: usize) {
        let gw = grid_width as u32;
        self.cells.clear();
        let (Some(&first), Some(&last)) = (flat.first(), flat.last()) else {
            self.height = 0;
            self.width = 0;
            return;
        };
        // Row-major order: the first cell has the least row, the last the greatest.
        let top = first / gw;
        let bottom = last / gw;
        let mut left = u32::MAX;
        let mut right = 0;
        for &i in flat {
            let c = i % gw;
            left = left.min(c);
            right = right.max(c);
        }
        self.cells
            .extend(flat.iter().map(|&i| [i / gw - top, i % gw - left]));
        self.height = bottom - top + 1;
        self.width = right - left + 1;
    }

    /// A shape from arbitrary `[r, c]` cells (any order, any offset, no duplicates).
    pub fn from_cells(cells: &[[u32; 2]]) -> Self {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        let top = sorted.first().map_or(0, |c| c[0]);
        let left = sorted.iter().map(|c| c[1]).min().unwrap_or(0);
        let height = sorted.last().map_or(0, |c| c[0] - top + 1);
        let width = sorted.iter().map(|c| c[1] - left + 1).max().unwrap_or(0);
        Self {
            height,
            width,
            cells: sorted.iter().map(|&[r, c]| [r - top, c - left]).collect(),
        }
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    /// The cells, row-major, relative to the bounding box.
    pub fn cells(&self) -> &[[u32; 2]] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Writes the key of this shape turned by `o` into `out` (see the module docs).
    pub fn key(&self, o: Orientation, out: &mut Vec<u32>, bufs: &mut KeyBuffers) {
        out.clear();
        let (h, w) = (self.height, self.width);
        let box_turned = o.apply([0, 0], h.max(1), w.max(1));
        let (th, tw) = (box_turned.height, box_turned.width);
        out.push(th);
        out.push(tw);
        out.extend(self.cells.iter().map(|&rc| {
            let [r, c] = o.apply(rc, h, w).cell;
            r * tw + c
        }));
        if o != Orientation::ALL[0] {
            // The identity keeps row-major order; every other orientation needs a sort.
            sort_codes(&mut out[2..], &mut bufs.radix, th.saturating_mul(tw));
        }
    }

    /// Writes the canonical key (least key over the allowed orientations) into `out`.
    pub fn canonical_key(&self, flip: Flip, out: &mut Vec<u32>, bufs: &mut KeyBuffers) {
        let mut candidate = std::mem::take(&mut bufs.candidate);
        let mut first = true;
        for &o in Orientation::allowed(flip) {
            if first {
                self.key(o, out, bufs);
                first = false;
                continue;
            }
            self.key(o, &mut candidate, bufs);
            if candidate.as_slice().cmp(out.as_slice()) == Ordering::Less {
                std::mem::swap(out, &mut candidate);
            }
        }
        bufs.candidate = candidate;
    }

    /// The key of this shape turned by `o` packed into one integer, when its bounding box has
    /// at most 64 cells (`None` otherwise): bit `r * width + c` for each cell, the height and
    /// width above the 64 cell bits. Turning keeps the box's area, so a shape has packed keys
    /// in every orientation or in none. Nearly every real shape is this small; this key needs
    /// no sort and no allocation, and hashes as one 16-byte value.
    pub fn packed_key(&self, o: Orientation) -> Option<u128> {
        let (h, w) = (self.height, self.width);
        if h.checked_mul(w)? > 64 || self.cells.is_empty() {
            return None;
        }
        let mut bits = 0u64;
        let mut dims = (0, 0);
        for &rc in &self.cells {
            let Turned {
                cell: [r, c],
                height,
                width,
            } = o.apply(rc, h, w);
            bits |= 1u64 << (r * width + c);
            dims = (height, width);
        }
        Some((u128::from(dims.0) << 72) | (u128::from(dims.1) << 64) | u128::from(bits))
    }

    /// The least packed key over the allowed orientations, when the shape is small enough
    /// for packed keys (see [`Shape::packed_key`]).
    pub fn canonical_packed_key(&self, flip: Flip) -> Option<u128> {
        let mut best: Option<u128> = None;
        for &o in Orientation::allowed(flip) {
            let k = self.packed_key(o)?;
            best = Some(best.map_or(k, |b| b.min(k)));
        }
        best
    }

    /// The first allowed orientation (in [`Orientation::ALL`] order) that turns this shape into
    /// `target` exactly, if any.
    pub fn orientation_onto(
        &self,
        target: &Shape,
        flip: Flip,
        bufs: &mut KeyBuffers,
    ) -> Option<Orientation> {
        if self.len() != target.len() {
            return None;
        }
        let identity = Orientation::ALL[0];
        if let Some(want) = target.packed_key(identity) {
            return Orientation::allowed(flip)
                .iter()
                .copied()
                .find(|&o| self.packed_key(o) == Some(want));
        }
        let mut want = std::mem::take(&mut bufs.target);
        target.key(identity, &mut want, bufs);
        let mut candidate = std::mem::take(&mut bufs.candidate);
        let found = Orientation::allowed(flip).iter().copied().find(|&o| {
            self.key(o, &mut candidate, bufs);
            candidate == want
        });
        bufs.candidate = candidate;
        bufs.target = want;
        found
    }
}

/// Sorts codes that are all `< bound`: comparison sort for small slices, a least-significant
/// digit radix sort (8-bit digits, only as many passes as `bound` needs) for large ones, so
/// sorting stays linear in the slice length.
fn sort_codes(v: &mut [u32], scratch: &mut Vec<u32>, bound: u32) {
    const SMALL: usize = 256;
    if v.len() < SMALL {
        v.sort_unstable();
        return;
    }
    scratch.clear();
    scratch.resize(v.len(), 0);
    let mut in_v = true;
    let mut shift = 0u32;
    while shift < 32 && (bound.saturating_sub(1) >> shift) > 0 {
        if in_v {
            radix_pass(v, scratch, shift);
        } else {
            radix_pass(scratch, v, shift);
        }
        in_v = !in_v;
        shift += 8;
    }
    if !in_v {
        v.copy_from_slice(scratch);
    }
}

/// One stable counting-sort pass of `src` into `dst` on the byte at `shift`.
fn radix_pass(src: &[u32], dst: &mut [u32], shift: u32) {
    let mut counts = [0usize; 257];
    for &x in src {
        counts[((x >> shift) & 0xff) as usize + 1] += 1;
    }
    for d in 1..257 {
        counts[d] += counts[d - 1];
    }
    for &x in src {
        let slot = &mut counts[((x >> shift) & 0xff) as usize];
        dst[*slot] = x;
        *slot += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_of(s: &Shape, o: Orientation) -> Vec<u32> {
        let mut out = Vec::new();
        s.key(o, &mut out, &mut KeyBuffers::default());
        out
    }

    fn canon(s: &Shape, flip: Flip) -> Vec<u32> {
        let mut out = Vec::new();
        s.canonical_key(flip, &mut out, &mut KeyBuffers::default());
        out
    }

    /// Renders a shape as text rows, for readable assertions.
    fn picture(key: &[u32]) -> Vec<String> {
        let (h, w) = (key[0] as usize, key[1] as usize);
        let mut rows = vec![vec!['.'; w]; h];
        for &code in &key[2..] {
            rows[code as usize / w][code as usize % w] = '#';
        }
        rows.into_iter().map(|r| r.into_iter().collect()).collect()
    }

    fn o(flipped: bool, quarter_turns: u8) -> Orientation {
        Orientation {
            flipped,
            quarter_turns,
        }
    }

    #[test]
    fn load_normalises_to_the_bounding_box() {
        // Cells [2, 3], [3, 1], [3, 2], [3, 3] of a 5-wide grid: an L lying on its side.
        let mut s = Shape::default();
        s.load(&[13, 16, 17, 18], 5);
        assert_eq!((s.height(), s.width()), (2, 3));
        assert_eq!(s.cells(), &[[0, 2], [1, 0], [1, 1], [1, 2]]);
        assert_eq!(s, Shape::from_cells(&[[3, 3], [2, 3], [3, 2], [3, 1]]));
    }

    #[test]
    fn clockwise_rotation_and_mirror_by_hand() {
        // ##.
        // .##   (a Z tetromino)
        let z = Shape::from_cells(&[[0, 0], [0, 1], [1, 1], [1, 2]]);
        assert_eq!(picture(&key_of(&z, o(false, 0))), ["##.", ".##"]);
        // Clockwise: the top row becomes the right column.
        assert_eq!(picture(&key_of(&z, o(false, 1))), [".#", "##", "#."]);
        assert_eq!(picture(&key_of(&z, o(false, 2))), ["##.", ".##"]);
        assert_eq!(picture(&key_of(&z, o(false, 3))), [".#", "##", "#."]);
        // Mirror first, then rotate.
        assert_eq!(picture(&key_of(&z, o(true, 0))), [".##", "##."]);
        assert_eq!(picture(&key_of(&z, o(true, 1))), ["#.", "##", ".#"]);

        // #..
        // ###   (a J tetromino): each quarter turn by hand.
        let j = Shape::from_cells(&[[0, 0], [1, 0], [1, 1], [1, 2]]);
        assert_eq!(picture(&key_of(&j, o(false, 1))), ["##", "#.", "#."]);
        assert_eq!(picture(&key_of(&j, o(false, 2))), ["###", "..#"]);
        assert_eq!(picture(&key_of(&j, o(false, 3))), [".#", ".#", "##"]);
        assert_eq!(picture(&key_of(&j, o(true, 0))), ["..#", "###"]);
        assert_eq!(picture(&key_of(&j, o(true, 1))), ["#.", "#.", "##"]);
        assert_eq!(picture(&key_of(&j, o(true, 2))), ["###", "#.."]);
        assert_eq!(picture(&key_of(&j, o(true, 3))), ["##", ".#", ".#"]);
    }

    #[test]
    fn canonical_key_separates_mirror_images_unless_flips_are_allowed() {
        let j = Shape::from_cells(&[[0, 0], [1, 0], [1, 1], [1, 2]]);
        let l = Shape::from_cells(&[[0, 2], [1, 0], [1, 1], [1, 2]]);
        assert_ne!(canon(&j, Flip::Forbidden), canon(&l, Flip::Forbidden));
        assert_eq!(canon(&j, Flip::Allowed), canon(&l, Flip::Allowed));
        // Any rotation of J has J's canonical key.
        let j_turned = Shape::from_cells(&[[0, 0], [0, 1], [1, 0], [2, 0]]);
        assert_eq!(
            canon(&j, Flip::Forbidden),
            canon(&j_turned, Flip::Forbidden)
        );
    }

    #[test]
    fn orientation_onto_prefers_unflipped_then_smallest_turn() {
        let mut bufs = KeyBuffers::default();
        let square = Shape::from_cells(&[[0, 0], [0, 1], [1, 0], [1, 1]]);
        assert_eq!(
            square.orientation_onto(&square, Flip::Allowed, &mut bufs),
            Some(o(false, 0))
        );
        let j = Shape::from_cells(&[[0, 0], [1, 0], [1, 1], [1, 2]]);
        let l_upright = Shape::from_cells(&[[0, 0], [1, 0], [2, 0], [2, 1]]);
        assert_eq!(
            j.orientation_onto(&l_upright, Flip::Forbidden, &mut bufs),
            None
        );
        assert_eq!(
            j.orientation_onto(&l_upright, Flip::Allowed, &mut bufs),
            Some(o(true, 1))
        );
        // The same through the sorted-code keys: shapes with more than 64 box cells.
        let long_j =
            Shape::from_cells(&(0..70).map(|c| [1, c]).chain([[0, 0]]).collect::<Vec<_>>());
        let long_l_upright =
            Shape::from_cells(&(0..70).map(|r| [r, 0]).chain([[69, 1]]).collect::<Vec<_>>());
        assert_eq!(long_j.packed_key(o(false, 0)), None);
        assert_eq!(
            long_j.orientation_onto(&long_l_upright, Flip::Forbidden, &mut bufs),
            None
        );
        assert_eq!(
            long_j.orientation_onto(&long_l_upright, Flip::Allowed, &mut bufs),
            Some(o(true, 1))
        );
    }

    #[test]
    fn packed_keys_agree_with_sorted_code_keys() {
        let shapes = [
            Shape::from_cells(&[[0, 0], [0, 1], [1, 1], [1, 2]]),
            Shape::from_cells(&[[0, 0], [1, 0], [1, 1], [1, 2], [2, 2]]),
            Shape::from_cells(&[[0, 3]]),
            // An 8x8 box: exactly 64 cells, the largest packed box.
            Shape::from_cells(&(0..8).map(|k| [k, k]).collect::<Vec<_>>()),
        ];
        for a in &shapes {
            for b in &shapes {
                for &oa in &Orientation::ALL {
                    for &ob in &Orientation::ALL {
                        let packed = a.packed_key(oa).unwrap() == b.packed_key(ob).unwrap();
                        assert_eq!(packed, key_of(a, oa) == key_of(b, ob));
                    }
                }
                for flip in [Flip::Forbidden, Flip::Allowed] {
                    assert_eq!(
                        a.canonical_packed_key(flip) == b.canonical_packed_key(flip),
                        canon(a, flip) == canon(b, flip)
                    );
                }
            }
        }
        let wide = Shape::from_cells(&(0..65).map(|c| [0, c]).collect::<Vec<_>>());
        assert_eq!(wide.packed_key(o(false, 0)), None);
        assert_eq!(wide.canonical_packed_key(Flip::Allowed), None);
    }

    #[test]
    fn radix_sort_agrees_with_comparison_sort() {
        let mut x = 12345u32;
        let mut v: Vec<u32> = (0..5000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x % 3_000_000
            })
            .collect();
        let mut expected = v.clone();
        expected.sort_unstable();
        sort_codes(&mut v, &mut Vec::new(), 3_000_000);
        assert_eq!(v, expected);
    }

    #[test]
    fn large_shape_keys_match_a_naive_rotation() {
        // A 40x40 staircase-with-holes shape: large enough for the radix path.
        let cells: Vec<[u32; 2]> = (0..40u32)
            .flat_map(|r| (0..40u32).map(move |c| [r, c]))
            .filter(|&[r, c]| (r * 7 + c * 3) % 5 != 0 && c <= r + 5)
            .collect();
        let s = Shape::from_cells(&cells);
        assert!(s.len() >= 256);
        for &orient in &Orientation::ALL {
            let naive: Vec<[u32; 2]> = s
                .cells()
                .iter()
                .map(|&rc| orient.apply(rc, s.height(), s.width()).cell)
                .collect();
            let naive = Shape::from_cells(&naive);
            assert_eq!(key_of(&s, orient), key_of(&naive, o(false, 0)));
        }
    }
}
