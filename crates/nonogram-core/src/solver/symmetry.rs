//! The symmetries of the picture's rectangle (mirrors, half turn; transposes and quarter
//! turns when square): the images of a solution, which may be solutions too, and the cell
//! orbits of a clue set that some symmetry maps onto itself (for the symmetric pre-search in
//! `schedule`).

use puzzles_common::union_find::find_root;

use crate::puzzle::Puzzle;

/// The seven non-trivial images of a row-major `h` x `w` picture under the symmetries of
/// the rectangle (mirrors, half turn) and, for a square, of the square (transposes, quarter
/// turns).
pub(super) fn symmetric_images<T: Copy + Default>(pic: &[T], h: usize, w: usize) -> Vec<Vec<T>> {
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize), oh: usize, ow: usize| {
        let mut out = vec![T::default(); oh * ow];
        for r in 0..h {
            for c in 0..w {
                let (nr, nc) = f(r, c);
                out[nr * ow + nc] = pic[r * w + c];
            }
        }
        out
    };
    let mut v = vec![
        map(&|r, c| (r, w - 1 - c), h, w),
        map(&|r, c| (h - 1 - r, c), h, w),
        map(&|r, c| (h - 1 - r, w - 1 - c), h, w),
    ];
    if h == w {
        v.push(map(&|r, c| (c, r), w, h));
        v.push(map(&|r, c| (w - 1 - c, h - 1 - r), w, h));
        v.push(map(&|r, c| (c, h - 1 - r), w, h));
        v.push(map(&|r, c| (w - 1 - c, r), w, h));
    }
    v
}

/// The symmetry orbits of the cells when the clue set is invariant under some symmetry of
/// the picture, as cyclic lists (`next[i]` is the next cell of `i`'s orbit); `None` when no
/// symmetry maps the clues onto themselves.
///
/// The symmetries are those of the bounding box of the non-empty lines (its mirrors, half
/// turn and, when square, transposes and quarter turns): rows and columns outside it are
/// empty in every picture, so a puzzle drawn in a corner of a larger grid keeps its symmetry.
/// A symmetry `g` maps every line onto a line (maybe reversed); when each line's clue
/// equals that of its image (reversed with it), the image of a solution under `g` is a
/// solution too, and the solutions that `g` leaves unchanged are those constant on orbits.
pub(super) fn symmetry_orbits(p: &Puzzle) -> Option<Vec<u32>> {
    let (h, w) = (p.height(), p.width());
    let r0 = p.rows().iter().position(|c| !c.is_empty())?;
    let r1 = p.rows().iter().rposition(|c| !c.is_empty())?;
    let c0 = p.cols().iter().position(|c| !c.is_empty())?;
    let c1 = p.cols().iter().rposition(|c| !c.is_empty())?;
    let (bh, bw) = (r1 - r0 + 1, c1 - c0 + 1);
    if bh * bw < 2 {
        return None;
    }
    // The clue of the image of a box line, given by the images `a`, `b` of its first and
    // last cells (read in the source line's direction). A one-cell line (`a == b`) maps to
    // a one-cell line of the same kind: the box is not square then.
    let image_clue = |a: (usize, usize), b: (usize, usize), source_is_row: bool| -> Vec<u32> {
        let (line, reversed) = if a == b {
            if source_is_row {
                (&p.rows()[r0 + a.0], false)
            } else {
                (&p.cols()[c0 + a.1], false)
            }
        } else if a.0 == b.0 {
            (&p.rows()[r0 + a.0], a.1 > b.1)
        } else {
            (&p.cols()[c0 + a.1], a.0 > b.0)
        };
        let mut v = line.clone();
        if reversed {
            v.reverse();
        }
        v
    };
    let mut parent: Vec<u32> = (0..(h * w) as u32).collect();
    let mut any = false;
    for g in box_symmetries(bh == bw) {
        let img = |r: usize, c: usize| g(r, c, bh, bw);
        let rows_ok =
            (0..bh).all(|r| image_clue(img(r, 0), img(r, bw - 1), true) == p.rows()[r0 + r]);
        let cols_ok =
            (0..bw).all(|c| image_clue(img(0, c), img(bh - 1, c), false) == p.cols()[c0 + c]);
        if !(rows_ok && cols_ok) {
            continue;
        }
        any = true;
        for r in 0..bh {
            for c in 0..bw {
                let (nr, nc) = img(r, c);
                let a = find_root(&mut parent, ((r0 + r) * w + c0 + c) as u32);
                let b = find_root(&mut parent, ((r0 + nr) * w + c0 + nc) as u32);
                parent[a as usize] = b;
            }
        }
    }
    if !any {
        return None;
    }
    Some(orbit_cycles(&mut parent))
}

/// Box coordinates to box coordinates: `(row, column, box height, box width)` to the image
/// cell.
type BoxMap = fn(usize, usize, usize, usize) -> (usize, usize);

/// The symmetries of a box other than the identity: its two mirrors and half turn, and when
/// it is `square` its two transposes and two quarter turns.
fn box_symmetries(square: bool) -> Vec<BoxMap> {
    let mut maps: Vec<BoxMap> = vec![
        |r, c, _, w| (r, w - 1 - c),
        |r, c, h, _| (h - 1 - r, c),
        |r, c, h, w| (h - 1 - r, w - 1 - c),
    ];
    if square {
        maps.push(|r, c, _, _| (c, r));
        maps.push(|r, c, h, w| (w - 1 - c, h - 1 - r));
        maps.push(|r, c, h, _| (c, h - 1 - r));
        maps.push(|r, c, _, w| (w - 1 - c, r));
    }
    maps
}

/// The classes of a union-find forest as cycles: `next[i]` is the next member of `i`'s
/// class, in increasing order, the largest leading back to the smallest.
fn orbit_cycles(parent: &mut [u32]) -> Vec<u32> {
    let n = parent.len();
    let mut next: Vec<u32> = (0..n as u32).collect();
    let mut last: Vec<u32> = vec![u32::MAX; n];
    let mut first: Vec<u32> = vec![u32::MAX; n];
    for i in 0..n as u32 {
        let root = find_root(parent, i) as usize;
        if first[root] == u32::MAX {
            first[root] = i;
        } else {
            next[last[root] as usize] = i;
        }
        last[root] = i;
    }
    for root in 0..n {
        if first[root] != u32::MAX {
            next[last[root] as usize] = first[root];
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::test_support::clues_of_picture;

    #[test]
    fn symmetric_images_are_the_eight_dihedral_maps() {
        // 2x2 with one filled cell at [0, 0]: its images put it in every corner.
        let pic = vec![true, false, false, false];
        let imgs = symmetric_images(&pic, 2, 2);
        assert_eq!(imgs.len(), 7);
        for corner in 1..4 {
            assert!(imgs.iter().any(|i| i[corner]), "corner {corner}");
        }
        // 1x3 (not square): mirrors and half turn only.
        let imgs = symmetric_images(&[true, false, false], 1, 3);
        assert_eq!(
            imgs,
            vec![
                vec![false, false, true],
                vec![true, false, false],
                vec![false, false, true]
            ]
        );
    }

    /// The symmetries are found on the box of non-empty lines: a symmetric 3x3 picture
    /// drawn in the corner of a 4x4 grid has orbits of four cells (the centre alone), and
    /// the cells of the empty row and column stay single.
    #[test]
    fn symmetry_orbits_use_the_box_of_non_empty_lines() {
        // #.#
        // .#.   (corners and centre) plus an empty last row and column: the whole
        // #.#   dihedral group of the 3x3 box maps the clues onto themselves.
        let pic = [
            true, false, true, false, //
            false, true, false, false, //
            true, false, true, false, //
            false, false, false, false,
        ];
        let (rows, cols) = clues_of_picture(&pic, 4, 4);
        let p = Puzzle::new(&rows, &cols).unwrap();
        let next = symmetry_orbits(&p).expect("quarter-turn symmetric clues");
        let orbit = |start: usize| {
            let mut v = vec![start];
            let mut j = next[start] as usize;
            while j != start {
                v.push(j);
                j = next[j] as usize;
            }
            v.sort_unstable();
            v
        };
        assert_eq!(orbit(0), vec![0, 2, 8, 10]);
        assert_eq!(orbit(1), vec![1, 4, 6, 9]);
        assert_eq!(orbit(5), vec![5]);
        assert_eq!(orbit(3), vec![3]);
        assert_eq!(orbit(15), vec![15]);
        // Clues with no symmetry at all.
        // ##.
        // ..#
        // #..
        let p = Puzzle::new(
            &[vec![2], vec![1], vec![1]],
            &[vec![1, 1], vec![1], vec![1]],
        )
        .unwrap();
        assert!(symmetry_orbits(&p).is_none());
        // A mirror of a non-square box: rows [1, 1] read the same both ways.
        let p = Puzzle::new(&[vec![1, 1]], &[vec![1], vec![], vec![1]]).unwrap();
        let next = symmetry_orbits(&p).expect("left-right mirror");
        assert_eq!((next[0], next[2], next[1]), (2, 0, 1));
    }
}
