//! The one clock of every engine: a [`Deadline`] made from a user's `timeout_ms` with checked
//! arithmetic, and a [`Poll`] that reads the clock at one cadence, so hot loops pay for a
//! counter rather than a system call per step.
//!
//! A program running many commands at once can also stop them all: after [`cancel_all`],
//! every deadline counts as passed (limited or not), so each engine ends at its next poll
//! with the verdict it gives when its time runs out. `puzzles batch --fail-fast` does so
//! when a case fails, and the cases still running stop within a poll instead of running to
//! their end.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Set by [`cancel_all`], cleared by [`resume_all`].
static CANCELLED: AtomicBool = AtomicBool::new(false);

/// Makes every deadline of the process count as passed, until [`resume_all`].
pub fn cancel_all() {
    CANCELLED.store(true, Ordering::Relaxed);
}

/// Lets deadlines run their course again (before new work, once the cancelled work ended).
pub fn resume_all() {
    CANCELLED.store(false, Ordering::Relaxed);
}

/// Whether [`cancel_all`] is in force.
pub fn cancelled() -> bool {
    CANCELLED.load(Ordering::Relaxed)
}

/// When a command must stop: a moment, or never.
///
/// Made with checked arithmetic: a `timeout_ms` so large that the moment cannot be
/// represented (`u64::MAX` milliseconds is 584 million years) is simply never.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Deadline {
    at: Option<Instant>,
}

impl Deadline {
    /// No limit.
    pub const NEVER: Deadline = Deadline { at: None };

    /// `timeout_ms` milliseconds after `start`; `None` is no limit.
    pub fn starting_at(start: Instant, timeout_ms: Option<u64>) -> Deadline {
        Deadline {
            at: timeout_ms.and_then(|ms| start.checked_add(Duration::from_millis(ms))),
        }
    }

    /// `timeout_ms` milliseconds from now; `None` is no limit.
    pub fn after_ms(timeout_ms: Option<u64>) -> Deadline {
        Deadline::starting_at(Instant::now(), timeout_ms)
    }

    /// `duration` from now.
    pub fn after(duration: Duration) -> Deadline {
        Deadline {
            at: Instant::now().checked_add(duration),
        }
    }

    /// Whether there is a limit at all.
    pub fn is_set(self) -> bool {
        self.at.is_some()
    }

    /// Whether the moment has come (never, without a limit), or the work was cancelled
    /// ([`cancel_all`]). Reads the clock: in a loop, go through a [`Poll`].
    pub fn passed(self) -> bool {
        cancelled() || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// The earlier of two deadlines (a budget inside a command's limit).
    pub fn min(self, other: Deadline) -> Deadline {
        match (self.at, other.at) {
            (Some(a), Some(b)) => Deadline { at: Some(a.min(b)) },
            (a, b) => Deadline { at: a.or(b) },
        }
    }

    /// Time left before the deadline (zero once passed); `None` without a limit.
    pub fn remaining(self) -> Option<Duration> {
        self.at
            .map(|at| at.saturating_duration_since(Instant::now()))
    }
}

/// Reads a deadline's clock once every [`Poll::EVERY`] steps and remembers when it passed.
///
/// A step is whatever unit of work a loop repeats (a line solve, a candidate, a game); the
/// first step always reads the clock, so a limit of zero stops before any real work.
#[derive(Debug, Clone)]
pub struct Poll {
    deadline: Deadline,
    countdown: u32,
    expired: bool,
}

impl Poll {
    /// Steps between two clock reads: a clock read costs about 25 ns, a step of the engines
    /// from about 50 ns (a baseball judgement) up, so reading every 64th costs under 1%.
    pub const EVERY: u32 = 64;

    pub fn new(deadline: Deadline) -> Poll {
        Poll {
            deadline,
            countdown: 0,
            expired: false,
        }
    }

    /// One step of work: true once the deadline has passed (and from then on). Without a
    /// limit only the cancellation flag is read, never the clock.
    #[inline]
    pub fn step(&mut self) -> bool {
        if self.expired {
            return true;
        }
        if self.countdown == 0 {
            self.countdown = Poll::EVERY;
            self.expired = self.deadline.passed();
        }
        self.countdown -= 1;
        self.expired
    }

    /// Whether a step has found the deadline passed.
    pub fn expired(&self) -> bool {
        self.expired
    }

    /// Reads the clock now, whatever the cadence (before a costly piece of work).
    pub fn check_now(&mut self) -> bool {
        if !self.expired {
            self.expired = self.deadline.passed();
        }
        self.expired
    }

    pub fn deadline(&self) -> Deadline {
        self.deadline
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Held by every test here: cancelling is the whole process's, so the others must not
    /// run meanwhile.
    static CLOCK: Mutex<()> = Mutex::new(());

    fn clock() -> std::sync::MutexGuard<'static, ()> {
        CLOCK.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[test]
    fn huge_limits_are_no_limit_instead_of_an_overflow() {
        let _clock = clock();
        let d = Deadline::after_ms(Some(u64::MAX));
        assert!(!d.passed());
        assert!(!Deadline::NEVER.passed());
        assert_eq!(Deadline::NEVER.remaining(), None);
    }

    #[test]
    fn zero_is_already_over_at_the_first_step() {
        let _clock = clock();
        let mut poll = Poll::new(Deadline::after_ms(Some(0)));
        assert!(poll.step());
        assert!(poll.expired());
        let mut never = Poll::new(Deadline::NEVER);
        assert!((0..1000).all(|_| !never.step()));
    }

    #[test]
    fn the_clock_is_read_once_every_cadence() {
        let _clock = clock();
        let mut poll = Poll::new(Deadline::after(Duration::from_millis(20)));
        assert!(!poll.step());
        std::thread::sleep(Duration::from_millis(30));
        // The countdown from the first read runs out before the next read.
        for _ in 1..Poll::EVERY {
            assert!(!poll.step());
        }
        assert!(poll.step());
    }

    #[test]
    fn cancelling_stops_limited_and_unlimited_work() {
        let _clock = clock();
        let mut limited = Poll::new(Deadline::after_ms(Some(60_000)));
        let mut unlimited = Poll::new(Deadline::NEVER);
        assert!(!limited.step() && !unlimited.step());
        cancel_all();
        let stopped = (0..=Poll::EVERY).any(|_| limited.step())
            && (0..=Poll::EVERY).any(|_| unlimited.step())
            && Deadline::NEVER.passed();
        resume_all();
        assert!(stopped);
        assert!(!Deadline::NEVER.passed());
    }

    #[test]
    fn min_keeps_the_earlier_limit() {
        let _clock = clock();
        let soon = Deadline::after_ms(Some(0));
        let later = Deadline::after_ms(Some(60_000));
        assert_eq!(soon.min(later), soon);
        assert_eq!(Deadline::NEVER.min(later), later);
        assert_eq!(later.min(Deadline::NEVER), later);
    }
}
