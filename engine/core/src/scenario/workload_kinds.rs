//! The list of workload kinds on its own, so the knobs that depend on the kind (a job's
//! power cut) can name them without importing the workloads that contain the job.

/// The workload kinds, as `workload.kind` spells them, in the order a menu lists them (the
/// page's comes from here, `catalogue::LAYOUT`): the articles' benchmarks first, then a trace
/// replay, then a custom fio-style job.
pub const WORKLOAD_KINDS: [&str; 13] = [
    "span_sweep",
    "whole_drive_write",
    "latency_trace",
    "steady_state",
    "file_copy",
    "transfer_size_sweep",
    "crystal_disk_mark",
    "application_load",
    "trace",
    "cache",
    "zoned_log",
    "tenants",
    "job",
];
