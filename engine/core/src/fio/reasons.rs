//! Why each option the engine does not model is listed: those that make no difference to a
//! simulated drive are said to be accepted, with why; the rest are named as not modelled.

/// Why an option the engine does not model is listed: the options that make no difference
/// to a simulated drive are said to be accepted; the rest are named as not modelled.
pub fn reason(option: &str) -> String {
    let no_effect = match option {
        "ioengine" => "accepted, no effect: the simulated host keeps iodepth commands in flight, as an asynchronous engine such as libaio does",
        "direct" | "buffered" | "invalidate" => "accepted, no effect: the engine has no page cache; every I/O reaches the drive, as with direct=1",
        "filename" | "directory" | "filename_format" | "unique_filename" => "accepted, no effect: the simulated drive is the target",
        "name" | "description" => "accepted, informational",
        "group_reporting"
        | "thread"
        | "per_job_logs"
        | "stats"
        | "lat_percentiles"
        | "clat_percentiles"
        | "slat_percentiles"
        | "percentile_list"
        | "disable_lat"
        | "disable_clat"
        | "disable_slat"
        | "disable_bw_measurement"
        | "output"
        | "output-format"
        | "eta"
        | "eta_newline" => "accepted, no effect: reporting only; the engine reports its own way",
        "write_bw_log" | "write_lat_log" | "write_iops_log" | "write_hist_log" | "log_hist_msec" | "log_max_value" | "log_offset" | "log_compression"
        | "log_unix_epoch" => "accepted, no effect: the run's series replace fio's logs",
        "randrepeat" | "randseed" | "random_generator" | "allrandrepeat" => "accepted, no effect: the scenario's seed drives every random draw",
        "cpus_allowed" | "cpus_allowed_policy" | "cpumask" | "numa_cpu_nodes" | "numa_mem_policy" | "nice" | "prio" | "prioclass" | "hipri" => {
            "accepted, no effect: the host's CPU placement is not simulated"
        }
        "refill_buffers" | "scramble_buffers" | "buffer_pattern" => {
            "accepted, no effect: data contents matter only through buffer_compress_percentage and zero_buffers"
        }
        "allow_mounted_write" | "exitall" | "exitall_on_error" | "create_on_open" | "fallocate" | "overwrite" | "unlink" | "end_fsync" | "fsync_on_close" => {
            "accepted, no effect: file handling of a real run"
        }
        "cmd_type" => "accepted, no effect: NVMe commands are what the simulated drive takes",
        "norandommap" | "softrandommap" => "accepted, no effect: the engine draws random blocks with repeats, as fio does with norandommap",
        _ => "",
    };
    if !no_effect.is_empty() {
        return no_effect.to_string();
    }
    "not modelled: the engine runs the job without it".to_string()
}
