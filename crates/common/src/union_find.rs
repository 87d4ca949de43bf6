//! Union-find roots over a `parent` array (each entry its own root, or a link toward it):
//! the fitting puzzle joins runs of cells into regions with it, the nonogram solver joins
//! cells into symmetry orbits.

/// The root of `x`'s class, halving the path on the way (each visited entry is pointed at
/// its grandparent), so later finds are shorter.
#[inline]
pub fn find_root(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let grand = parent[parent[x as usize] as usize];
        parent[x as usize] = grand;
        x = grand;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_follow_links_and_halve_the_path() {
        // 4 -> 3 -> 2 -> 1 -> 0, and 5 alone.
        let mut parent = vec![0, 0, 1, 2, 3, 5];
        assert_eq!(find_root(&mut parent, 4), 0);
        assert_eq!(find_root(&mut parent, 5), 5);
        // Halving pointed 4 at 2 and 2 at 0.
        assert_eq!(parent, vec![0, 0, 0, 2, 2, 5]);
        assert!((0..5).all(|x| find_root(&mut parent, x) == 0));
    }
}
