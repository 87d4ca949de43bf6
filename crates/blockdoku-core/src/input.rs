//! The fields the commands' inputs share, declared once: [`command_input!`] writes an input
//! type from its own fields and the names of the shared ones, in the order given, so the JSON
//! contract (field order, docs, defaults) stays as it was while each shared field is written
//! here alone. `serde(flatten)` would share them as a struct, but serde does not support it
//! together with `deny_unknown_fields`, which every input has.

/// Declares a command's input type: `pub struct Name { ... }` with its own fields
/// (`/// doc`, attributes, `pub name: Type,`) and, where a shared field goes, its name alone:
///
/// - `board,`: the board as text rows;
/// - `scoring,`: how moves are scored;
/// - `size,`: the board's side (`size`) and its boxes (`box`).
macro_rules! command_input {
    ($(#[$meta:meta])* pub struct $name:ident { $($body:tt)* }) => {
        $crate::input::command_input!(@fields [$(#[$meta])*] $name [] $($body)*);
    };
    (@fields $meta:tt $name:ident [$($done:tt)*] board, $($rest:tt)*) => {
        $crate::input::command_input!(@fields $meta $name [$($done)*
            /// The board: `size` strings of `size` cells, `#` occupied, `.` empty.
            pub board: Vec<String>,
        ] $($rest)*);
    };
    (@fields $meta:tt $name:ident [$($done:tt)*] scoring, $($rest:tt)*) => {
        $crate::input::command_input!(@fields $meta $name [$($done)*
            /// How moves are scored: `classic` (default, 10 per cleared cell) or `combo`.
            #[serde(default)]
            pub scoring: $crate::rules::Scoring,
        ] $($rest)*);
    };
    (@fields $meta:tt $name:ident [$($done:tt)*] size, $($rest:tt)*) => {
        $crate::input::command_input!(@fields $meta $name [$($done)*
            /// Side of the board (1..=11), default 9.
            #[serde(default = "crate::geometry::default_size")]
            pub size: usize,
            /// Side of a clearing box, 0 for none; default 3 on a 9x9 board, 0 otherwise.
            #[serde(default, rename = "box")]
            pub box_size: Option<usize>,
        ] $($rest)*);
    };
    (@fields $meta:tt $name:ident [$($done:tt)*]
        $(#[$fmeta:meta])* pub $field:ident: $ty:ty, $($rest:tt)*) => {
        $crate::input::command_input!(@fields $meta $name [$($done)*
            $(#[$fmeta])* pub $field: $ty,
        ] $($rest)*);
    };
    (@fields [$($meta:tt)*] $name:ident [$($done:tt)*]) => {
        $($meta)*
        pub struct $name {
            $($done)*
        }
    };
}

pub(crate) use command_input;
