//! Words for numbers in messages, so a count of one is never "1 rows".

/// `n` and the noun it counts, singular for 1: `count(1, "row")` is `1 row`,
/// `count(3, "row")` is `3 rows` (regular plurals only).
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular() {
        assert_eq!(count(1, "row"), "1 row");
        assert_eq!(count(0, "cell"), "0 cells");
        assert_eq!(count(12, "symbol"), "12 symbols");
    }
}
