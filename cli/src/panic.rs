//! A panic is a bug in `puzzles`, reported like every other fault: as an `internal` error
//! object, never as Rust's multi-line panic text on stderr. The hook installed here prints
//! nothing; it keeps the panic's place (`file:line`) so the error that reports it can name it
//! in one line.

use std::cell::RefCell;
use std::panic::PanicHookInfo;

thread_local! {
    /// Where and why the last panic on this thread happened.
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Replaces the default panic output with the silent recording above (once, at start).
pub fn install_quiet_hook() {
    std::panic::set_hook(Box::new(|info| {
        let what = describe(info);
        LAST.with(|last| *last.borrow_mut() = Some(what));
    }));
}

/// `src/x.rs:12: the message` for the last panic on this thread (taken: asked once).
pub fn take_last() -> Option<String> {
    LAST.with(|last| last.borrow_mut().take())
}

fn describe(info: &PanicHookInfo<'_>) -> String {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_string());
    match info.location() {
        Some(at) => format!("{}:{}: {message}", at.file(), at.line()),
        None => message,
    }
}

/// The `internal` error message of a caught panic whose payload is `payload`.
pub fn internal_message(payload: &(dyn std::any::Any + Send)) -> String {
    let what = take_last().unwrap_or_else(|| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default()
    });
    format!("puzzles panicked (a bug, please report it): {what}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caught_panic_names_its_file_and_line_in_one_line() {
        let default_hook = std::panic::take_hook();
        install_quiet_hook();
        let line = line!() + 1;
        let payload = std::panic::catch_unwind(|| panic!("boom\nsecond line")).unwrap_err();
        std::panic::set_hook(default_hook);
        let message = internal_message(&*payload);
        assert!(
            message.contains(&format!("cli/src/panic.rs:{line}: boom")),
            "{message}"
        );
        // The error object keeps the text; stderr escapes its newline (`stderr_line`).
        assert_eq!(take_last(), None, "asked once");
    }
}
