//! `expect` matching for batch cases: a subset match where every field the expectation names
//! must equal the verdict's (objects recursively, arrays whole); and the check that every
//! field it names is one the verdict can have, by the verdict's JSON Schema.

use std::sync::OnceLock;

use serde::Serialize;
use serde_json::{Map, Value};

/// The fields an object may have, in the schema's order, with each one's schema.
type Fields<'s> = Vec<(String, &'s Value)>;

use crate::games;
use crate::registry::Output;

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

/// The verdict schema of a JSON command, as a value; made once for all commands (schemars
/// builds a schema in tens of microseconds, a case takes a few).
pub fn verdict_schema(game: &str, command: &str) -> Option<&'static Value> {
    type Schemas = Vec<(&'static str, &'static str, Value)>;
    static SCHEMAS: OnceLock<Schemas> = OnceLock::new();
    let schemas = SCHEMAS.get_or_init(|| {
        games::commands()
            .iter()
            .filter_map(|c| {
                let json = c.as_json().filter(|j| j.output == Output::Json)?;
                let schema = serde_json::to_value(json.verdict_schema()).ok()?;
                Some((c.game, c.name, schema))
            })
            .collect()
    });
    schemas
        .iter()
        .find(|(g, c, _)| *g == game && *c == command)
        .map(|(_, _, schema)| schema)
}

/// An `expect` key that its place in the verdict cannot hold.
#[derive(Debug, PartialEq)]
pub struct UnknownField {
    /// JSON pointer of the key inside `expect` (`/stats/nodez`).
    pub pointer: String,
    /// The pointer of the object it is in (`""` at the top).
    pub parent: String,
    pub key: String,
    /// The fields that object can have.
    pub fields: Vec<String>,
}

/// The fields of the error object, which `"expect": {"error": {...}}` matches.
const ERROR_FIELDS: [&str; 5] = ["kind", "message", "path", "line", "column"];

/// The first key of `expect` that is not a field of the verdict `schema` describes, looking
/// into nested objects as far as the schema says which fields they have. `error` at the top
/// expects an error object instead of a verdict.
pub fn unknown_field(expect: &Value, schema: &Value) -> Option<UnknownField> {
    let Value::Object(expect) = expect else {
        return None;
    };
    let mut fields = object_fields(schema, schema, 0)?;
    // `error` may be an expected error object, or (where the verdict has one) the verdict's
    // own `error` field: its keys may be either's.
    if let Some(Value::Object(error)) = expect.get("error") {
        let mut allowed: Vec<String> = fields
            .iter()
            .find(|(name, _)| name == "error")
            .and_then(|(_, own)| object_fields(own, schema, 0))
            .map(|own| own.into_iter().map(|(name, _)| name).collect())
            .unwrap_or_default();
        allowed.extend(ERROR_FIELDS.iter().map(|f| f.to_string()));
        allowed.dedup();
        if let Some(key) = error.keys().find(|k| !allowed.contains(k)) {
            return Some(UnknownField {
                pointer: format!("/error/{}", escape(key)),
                parent: "/error".into(),
                key: key.clone(),
                fields: allowed,
            });
        }
    }
    fields.retain(|(name, _)| name != "error");
    fields.push(("error".into(), &Value::Null));
    walk_fields(expect, &fields, schema, &mut String::new())
}

fn walk_fields(
    expect: &Map<String, Value>,
    fields: &Fields<'_>,
    root: &Value,
    pointer: &mut String,
) -> Option<UnknownField> {
    for (key, value) in expect {
        let Some((_, field)) = fields.iter().find(|(name, _)| name == key) else {
            return Some(UnknownField {
                pointer: format!("{pointer}/{}", escape(key)),
                parent: pointer.clone(),
                key: key.clone(),
                fields: fields.iter().map(|(name, _)| name.clone()).collect(),
            });
        };
        if let Value::Object(inner) = value
            && let Some(inner_fields) = object_fields(field, root, 0)
        {
            let len = pointer.len();
            pointer.push('/');
            pointer.push_str(&escape(key));
            let found = walk_fields(inner, &inner_fields, root, pointer);
            pointer.truncate(len);
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The properties an object schema allows (through `$ref`, `anyOf`, `oneOf`, `allOf`), or
/// `None` when the schema does not close the object (a map, or no object at all).
fn object_fields<'s>(schema: &'s Value, root: &'s Value, depth: usize) -> Option<Fields<'s>> {
    if depth > 16 {
        return None;
    }
    if let Some(target) = schema.get("$ref").and_then(Value::as_str) {
        let target = root.pointer(target.strip_prefix('#')?)?;
        return object_fields(target, root, depth + 1);
    }
    let mut fields = Fields::new();
    let mut closed = false;
    if let Some(Value::Object(properties)) = schema.get("properties") {
        if schema
            .get("additionalProperties")
            .is_some_and(|a| a != &Value::Bool(false))
        {
            return None;
        }
        fields.extend(properties.iter().map(|(k, v)| (k.clone(), v)));
        closed = true;
    }
    for combinator in ["anyOf", "oneOf", "allOf"] {
        for alternative in schema
            .get(combinator)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(more) = object_fields(alternative, root, depth + 1) {
                for (name, field) in more {
                    if !fields.iter().any(|(known, _)| *known == name) {
                        fields.push((name, field));
                    }
                }
                closed = true;
            }
        }
    }
    closed.then_some(fields)
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
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

    #[test]
    fn expect_keys_must_be_verdict_fields() {
        let schema = verdict_schema("baseball", "judge").unwrap();
        assert_eq!(
            unknown_field(&json!({"strikes": 1, "balls": 2}), schema),
            None
        );
        let typo = unknown_field(&json!({"strikes": 1, "ball": 1}), schema).unwrap();
        assert_eq!(
            (typo.pointer.as_str(), typo.key.as_str()),
            ("/ball", "ball")
        );
        assert_eq!(typo.fields, ["strikes", "balls", "error"]);
        // An expected error names error fields.
        assert_eq!(
            unknown_field(&json!({"error": {"kind": "invalid"}}), schema),
            None
        );
        let typo = unknown_field(&json!({"error": {"knd": "invalid"}}), schema).unwrap();
        assert_eq!(typo.pointer, "/error/knd");
    }

    #[test]
    fn nested_objects_are_checked_where_the_schema_closes_them() {
        let schema = verdict_schema("nonogram", "solve").unwrap();
        assert_eq!(unknown_field(&json!({"stats": {"nodes": 3}}), schema), None);
        let typo = unknown_field(&json!({"stats": {"nodez": 3}}), schema).unwrap();
        assert_eq!(typo.pointer, "/stats/nodez");
        assert_eq!(typo.parent, "/stats");
        assert!(typo.fields.contains(&"nodes".to_string()));
    }
}
