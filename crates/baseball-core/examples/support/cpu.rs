//! CPU time of this process, for the examples' measurements (included by `#[path]`).

/// CPU seconds of this process (every thread), from /proc on Linux: the nanosecond run times
/// of `/proc/self/task/*/schedstat` (the clock ticks of `/proc/self/stat` are 10 ms, too
/// coarse for the 3-digit optimum), or those ticks when schedstat is missing; 0 elsewhere.
pub fn cpu_seconds() -> f64 {
    schedstat_seconds().or_else(tick_seconds).unwrap_or(0.0)
}

fn schedstat_seconds() -> Option<f64> {
    let mut nanos = 0u64;
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let stat = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        nanos += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(nanos as f64 / 1e9)
}

fn tick_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = s.rsplit(')').next()?.to_string();
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}
