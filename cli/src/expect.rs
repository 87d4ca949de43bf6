//! `expect` matching for batch cases: a subset match where every field the expectation names
//! must equal the verdict's (objects recursively, arrays whole).

use serde::Serialize;
use serde_json::Value;

/// One field whose value differs from the expectation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mismatch {
    /// JSON pointer into the verdict.
    pub path: String,
    pub expected: Value,
    /// `null` when the verdict has no such field.
    pub actual: Value,
}

/// The mismatches of `actual` against `expected`; empty when the expectation holds.
pub fn mismatches(expected: &Value, actual: &Value) -> Vec<Mismatch> {
    let mut found = Vec::new();
    walk(expected, actual, &mut String::new(), &mut found);
    found
}

fn walk(expected: &Value, actual: &Value, path: &mut String, found: &mut Vec<Mismatch>) {
    match (expected, actual) {
        (Value::Object(want), Value::Object(have)) => {
            for (key, want_value) in want {
                let len = path.len();
                path.push('/');
                path.push_str(&key.replace('~', "~0").replace('/', "~1"));
                walk(
                    want_value,
                    have.get(key).unwrap_or(&Value::Null),
                    path,
                    found,
                );
                path.truncate(len);
            }
        }
        _ if same(expected, actual) => {}
        _ => found.push(Mismatch {
            path: path.clone(),
            expected: expected.clone(),
            actual: actual.clone(),
        }),
    }
}

/// Equality where numbers compare by value (`5` equals `5.0`), so fixtures need not guess how
/// an engine prints a whole number.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => {
            x.as_f64() == y.as_f64()
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn subset_of_objects_matches() {
        let verdict =
            json!({"status": "unique", "stats": {"nodes": 3, "ms": 1}, "solution": ["#."]});
        assert!(mismatches(&json!({"status": "unique"}), &verdict).is_empty());
        assert!(mismatches(&json!({"stats": {"nodes": 3}}), &verdict).is_empty());
        assert!(mismatches(&json!({}), &verdict).is_empty());
    }

    #[test]
    fn differences_are_pointed_at() {
        let verdict = json!({"a": {"b": [1, 2]}, "c": 1});
        let found = mismatches(&json!({"a": {"b": [1]}, "c": 2, "d/e": true}), &verdict);
        let paths: Vec<&str> = found.iter().map(|m| m.path.as_str()).collect();
        assert_eq!(paths, ["/a/b", "/c", "/d~1e"]);
        assert_eq!(found[0].actual, json!([1, 2]));
        assert_eq!(found[2].actual, Value::Null);
    }

    #[test]
    fn arrays_match_whole_and_numbers_by_value() {
        assert!(mismatches(&json!([{"a": 1}]), &json!([{"a": 1, "b": 2}])).len() == 1);
        assert!(mismatches(&json!({"x": 5}), &json!({"x": 5.0})).is_empty());
        assert!(mismatches(&json!({"x": 5}), &json!({"x": 5.5})).len() == 1);
        assert!(mismatches(&json!({"x": null}), &json!({})).is_empty());
    }
}
