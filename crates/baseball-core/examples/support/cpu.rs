//! CPU time of this process, for the examples' measurements (included by `#[path]`).

/// CPU seconds of this process (every thread), from the process's own clock
/// (`CLOCK_PROCESS_CPUTIME_ID`). Not from `/proc/self/task/*/schedstat`, as before: those
/// counters move only at scheduler ticks (4 ms here) and context switches, too coarse for
/// the 3-digit optimum's tens of milliseconds.
pub fn cpu_seconds() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    t.tv_sec as f64 + t.tv_nsec as f64 / 1e9
}
