//! The search's deadline: the one place it reads the clock, and the flag that stops every
//! thread once the deadline has passed.

use puzzles_common::{Deadline, Poll};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

#[derive(Debug)]
pub(super) struct Clock {
    deadline: Deadline,
    timed_out: AtomicBool,
    /// Checks so far, to read the clock only every [`Poll::EVERY`] checks on small sets.
    calls: AtomicU64,
}

impl Clock {
    pub(super) fn new(deadline: Deadline) -> Self {
        Clock {
            deadline,
            timed_out: AtomicBool::new(false),
            calls: AtomicU64::new(0),
        }
    }

    pub(super) fn deadline(&self) -> Deadline {
        self.deadline
    }

    /// Whether a search ran out of time.
    pub(super) fn timed_out(&self) -> bool {
        self.timed_out.load(Ordering::Relaxed)
    }

    /// Whether the deadline has passed. `n`: the size of the set about to be searched (large
    /// sets cost a full pass over the guesses each, so the clock is read every time; small
    /// ones every `Poll::EVERY` calls).
    pub(super) fn expired(&self, n: usize) -> bool {
        if self.timed_out() {
            return true;
        }
        let calls = self.calls.fetch_add(1, Ordering::Relaxed);
        if (n > 64 || calls.is_multiple_of(u64::from(Poll::EVERY))) && self.deadline.passed() {
            self.timed_out.store(true, Ordering::Relaxed);
        }
        self.timed_out()
    }
}
