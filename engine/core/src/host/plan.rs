//! Expands a workload into phases: fio-style jobs run one after another on the same drive,
//! each optionally contributing one point to a benchmark's chart.

use super::CacheMix;
use crate::metrics::{Axis, AxisId, LabelId, Op, Series, SeriesRole, Unit};
use crate::scenario::{
    job, ApplicationLoad, CacheWorkload, CrystalDiskMark, FileCopy, Job, LatencyTrace, Rw, SpanSweep, SteadyState, TraceReplay, TransferSizeSweep,
    WholeDriveWrite, Workload,
};
use crate::units::{Bytes, GIB, KIB, MAPPING_UNIT_BYTES, MIB};

/// The chart point a phase produces: throughput of `op` over the phase, at `x`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub series: usize,
    pub x: f64,
    pub op: Op,
    /// Another run of the previous point's test: the point keeps the better of the two.
    pub best_of: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Phase {
    pub job: Job,
    pub point: Option<Point>,
    /// The random stream the phase draws from: its own index, or the phase it repeats
    /// exactly (an application load's runs read the same blocks in the same order).
    pub stream: usize,
    /// The drive is switched off and on before the phase starts.
    pub power_cycle: bool,
    /// A flash cache's engines choose the phase's writes (`host::cache`).
    pub cache: Option<CacheMix>,
    /// Tenants running at once, each its own job (`host::tenants`); empty: the phase's job
    /// runs as its `numjobs` threads.
    pub tenants: Vec<super::tenants::TenantJob>,
}

impl Phase {
    fn new(job: Job, point: Option<Point>) -> Phase {
        Phase { job, point, stream: usize::MAX, power_cycle: false, cache: None, tenants: Vec::new() }
    }
}

/// A sequential TRIM of a region (`size` 0 = to the drive's end), in the largest transfers
/// a job may have.
fn trim_region(offset: Bytes, size: Bytes, user_bytes: u64) -> Job {
    let span = if size.0 == 0 { user_bytes.saturating_sub(offset.0) } else { size.0 };
    let bs = (span / MAPPING_UNIT_BYTES * MAPPING_UNIT_BYTES).clamp(MAPPING_UNIT_BYTES, 64 * MIB);
    Job { io_size: Bytes(span.max(MAPPING_UNIT_BYTES)), ..job(Rw::Trim, Bytes(bs), 1, offset, size) }
}

/// The phase a trace replays in: its queue and time windows. Its commands come from the
/// trace (`host::TraceRunner`), never from the job's own draws; no runtime or byte limit,
/// the trace's end ends it.
pub fn trace_job(t: &TraceReplay) -> Job {
    Job { rw: Rw::Randrw, iodepth: t.iodepth, numjobs: 1, size: Bytes(0), io_size: Bytes(0), runtime: 0.0, log_avg_msec: t.window_ms(), ..Job::default() }
}

/// The phase the host's log-structured store runs in: its queue and time windows; its
/// commands come from `host::zoned_log`, never from the job's own draws (the store's user
/// writes end it). Its `io_size` is what the store will roughly write, copies included (a
/// utilisation u costs about u / (1 - u) copies per write), so the automatic time windows
/// cover the run about 200 times; nothing stops at it.
pub fn zoned_log_job(z: &crate::scenario::ZonedLog, user_bytes: u64) -> Job {
    let u = (z.utilisation_percent / 100.0).clamp(0.0, 0.95);
    let bytes = user_bytes as f64 * u * z.overwrites * (1.0 + u / (1.0 - u));
    let io_size = Bytes((bytes as u64 / MAPPING_UNIT_BYTES).max(1) * MAPPING_UNIT_BYTES);
    Job { rw: Rw::Randrw, rwmixread: 0, iodepth: z.iodepth, numjobs: 1, size: Bytes(0), io_size, runtime: 0.0, log_avg_msec: z.log_avg_msec, ..Job::default() }
}

/// What a run does and which charts it draws beyond throughput over time.
#[derive(Clone, Debug)]
pub struct Plan {
    pub phases: Vec<Phase>,
    /// The benchmark's own series (the article's chart), first in the report.
    pub series: Vec<Series>,
    /// Throughput against data written, one point per this many bytes.
    pub bytes_window: Option<u64>,
    /// Per-operation latency timeline: ops grouped this many to a point (worst kept).
    pub latency_group: Option<u64>,
}

fn throughput() -> Axis {
    Axis::new(AxisId::Throughput, Unit::MbPerS)
}

/// The workload's own chart: the page draws it first.
fn headline(id: &str, label: LabelId, x: Axis) -> Series {
    Series::new(id, SeriesRole::Headline, label, x, throughput())
}

fn op_of(rw: Rw) -> Op {
    match rw {
        Rw::Read | Rw::Randread => Op::Read,
        Rw::Trim | Rw::Randtrim => Op::Trim,
        _ => Op::Write,
    }
}

pub fn jobs_of(workload: &Workload, user_bytes: u64) -> Vec<Job> {
    Plan::new(workload, user_bytes, 1.0).phases.into_iter().map(|p| p.job).collect()
}

impl Plan {
    /// `scale`: the workload was shrunk by this factor; byte-valued x positions are stated
    /// at full size.
    pub fn new(workload: &Workload, user_bytes: u64, scale: f64) -> Plan {
        let mut plan = Plan { phases: Vec::new(), series: Vec::new(), bytes_window: None, latency_group: None };
        match workload {
            Workload::Job(j) => plan.phases.push(Phase::new(j.clone(), None)),
            Workload::SpanSweep(s) => plan.span_sweep(s, scale),
            Workload::WholeDriveWrite(w) => plan.whole_drive_write(w, user_bytes),
            Workload::LatencyTrace(t) => plan.latency_trace(t, user_bytes),
            Workload::SteadyState(s) => plan.steady_state(s, user_bytes),
            Workload::TransferSizeSweep(t) => plan.transfer_size_sweep(t),
            Workload::CrystalDiskMark(m) => plan.crystal_disk_mark(m),
            Workload::FileCopy(f) => plan.file_copy(f, user_bytes),
            Workload::ApplicationLoad(a) => plan.application_load(a, user_bytes),
            Workload::Trace(t) => plan.phases.push(Phase::new(trace_job(t), None)),
            Workload::Cache(c) => plan.cache(c, user_bytes),
            Workload::ZonedLog(z) => plan.phases.push(Phase::new(zoned_log_job(z, user_bytes), None)),
            Workload::Tenants(t) => {
                let mut phase = Phase::new(t.phase_job(), None);
                phase.tenants = super::tenants::tenant_jobs(t);
                plan.phases.push(phase);
            }
        }
        for (i, p) in plan.phases.iter_mut().enumerate() {
            if p.stream == usize::MAX {
                p.stream = i;
            }
        }
        plan
    }

    /// A flash cache on a deallocated drive (CacheLib's FDP guide deallocates the namespace
    /// first): the whole drive trimmed, then the cache's writes, throughput against data
    /// written. The job's own pattern is never drawn; its size and queue are the cache's.
    fn cache(&mut self, c: &CacheWorkload, user_bytes: u64) {
        self.phases.push(Phase::new(trim_region(Bytes(0), Bytes(0), user_bytes), None));
        let total = c.total_bytes(user_bytes);
        let bs = Bytes(c.write_bytes.0.clamp(MAPPING_UNIT_BYTES, user_bytes.max(MAPPING_UNIT_BYTES)));
        let writes = Job { io_size: Bytes(total), ..job(Rw::Write, bs, c.iodepth, Bytes(0), Bytes(0)) };
        let mut phase = Phase::new(writes, None);
        phase.cache = Some(CacheMix::new(c, user_bytes));
        self.phases.push(phase);
        self.bytes_window = Some((total / c.points.max(1) as u64).max(MAPPING_UNIT_BYTES));
    }

    /// One phase per span, each a point of throughput against span (TxBENCH).
    fn span_sweep(&mut self, s: &SpanSweep, scale: f64) {
        let op = op_of(s.rw);
        let label = if op == Op::Read { LabelId::RandomRead } else { LabelId::RandomWrite };
        self.series.push(headline("span_sweep", label, Axis::new(AxisId::AccessSpan, Unit::Gib)));
        for (i, span) in s.spans.iter().enumerate() {
            let job = Job {
                runtime: s.runtime,
                io_size: s.io_size,
                ramp_time: s.ramp_time,
                random_distribution: s.random_distribution.clone(),
                startdelay: if i > 0 { s.idle_s } else { 0.0 },
                ..job(s.rw, s.bs, s.iodepth, Bytes(0), *span)
            };
            let x = span.0 as f64 * scale / GIB as f64;
            self.phases.push(Phase::new(job, Some(Point { series: 0, x, op, best_of: false })));
        }
    }

    /// The whole drive written once, throughput against data written.
    fn whole_drive_write(&mut self, w: &WholeDriveWrite, user_bytes: u64) {
        let total = if w.io_size.0 == 0 { user_bytes } else { w.io_size.0 };
        let job = Job {
            io_size: Bytes(total),
            buffer_compress_percentage: w.buffer_compress_percentage,
            zero_buffers: w.zero_buffers,
            random_distribution: w.random_distribution.clone(),
            ..job(w.rw, w.bs, w.iodepth, Bytes(0), Bytes(0))
        };
        self.phases.push(Phase::new(job, None));
        // Validation refuses 0 points; the plan must not divide by zero if it is reached.
        self.bytes_window = Some((total / w.points.max(1) as u64).max(w.bs.0).max(1));
    }

    /// One job over the file, every operation's latency drawn (worst of each group).
    fn latency_trace(&mut self, t: &LatencyTrace, user_bytes: u64) {
        // io_size 0 walks the file once; a file of size 0 runs to the drive's end.
        let file = Job { random_distribution: t.random_distribution.clone(), ..job(t.rw, t.bs, t.iodepth, t.offset, t.size) };
        let io_size = if t.io_size.0 == 0 { file.span_bytes(user_bytes) } else { t.io_size.0 };
        let job = Job { io_size: Bytes(io_size), ..file };
        let ops = job.commands_for_io(user_bytes).unwrap_or(0);
        self.phases.push(Phase::new(job, None));
        self.latency_group = Some(ops.div_ceil(t.max_points.max(1) as u64).max(1));
    }

    /// Rounds of writes, each a point, with the deleted files trimmed between them if asked.
    fn steady_state(&mut self, s: &SteadyState, user_bytes: u64) {
        if !s.tests.trim().is_empty() {
            return self.crystal_disk_mark_rounds(s, user_bytes);
        }
        self.series.push(headline("steady_state", LabelId::WriteSpeedPerRound, Axis::new(AxisId::Round, Unit::Count)));
        for round in 0..s.rounds {
            let job = Job {
                io_size: s.round_bytes,
                buffer_compress_percentage: s.buffer_compress_percentage,
                zero_buffers: s.zero_buffers,
                random_distribution: s.random_distribution.clone(),
                ..job(s.rw, s.bs, s.iodepth, s.offset, s.size)
            };
            let point = Point { series: 0, x: (round + 1) as f64, op: Op::Write, best_of: false };
            // The host rests between rounds; background GC may use the time.
            let startdelay = if round > 0 { s.idle_s } else { 0.0 };
            self.phases.push(Phase::new(Job { startdelay, ..job }, Some(point)));
            if s.trim_after_round {
                // The round's files are deleted and the OS tells the drive.
                self.phases.push(Phase::new(trim_region(s.offset, s.size, user_bytes), None));
            }
        }
    }

    /// Rounds of CrystalDiskMark runs on the region (article 003's stress test): each round
    /// writes the test file (the region), then runs every write test `test_count` times, the
    /// best run of each test a point on that test's line; the runs share `round_bytes`
    /// evenly. A sequential test's runs walk the file from where the last one stopped.
    fn crystal_disk_mark_rounds(&mut self, s: &SteadyState, user_bytes: u64) {
        // Validation refuses a set that does not parse.
        let tests = crate::scenario::parse_cdm_tests(&s.tests).unwrap_or_default();
        for (i, t) in tests.iter().enumerate() {
            let id = if i == 0 { "steady_state".to_string() } else { format!("steady_state_{i}") };
            let mut series = headline(&id, LabelId::CdmTest, Axis::new(AxisId::Round, Unit::Count));
            series.label = t.name.clone();
            self.series.push(series);
        }
        let file = s.region_bytes(user_bytes);
        let count = s.test_count.max(1) as u64;
        let runs = (tests.len() as u64 * count).max(1);
        for round in 0..s.rounds {
            let data = |j: Job| Job { buffer_compress_percentage: s.buffer_compress_percentage, zero_buffers: s.zero_buffers, ..j };
            // CrystalDiskMark's "Preparing": the test file written, no point.
            let prepare = data(Job { io_size: Bytes(file), ..job(Rw::Write, Bytes(MIB.min(file)), 8, s.offset, Bytes(file)) });
            let mut first = Phase::new(prepare, None);
            first.job.startdelay = if round > 0 { s.idle_s } else { 0.0 };
            self.phases.push(first);
            for (i, t) in tests.iter().enumerate() {
                let per_run = (s.round_bytes.0 / runs / t.bs * t.bs).max(t.bs);
                for run in 0..count {
                    let (rw, offset, size) = if t.random {
                        (Rw::Randwrite, s.offset.0, file)
                    } else {
                        // This test's runs so far, each `per_run` further into the file.
                        let at = ((round as u64 * count + run) * per_run) % file / MAPPING_UNIT_BYTES * MAPPING_UNIT_BYTES;
                        let at = if file - at < t.bs { 0 } else { at };
                        (Rw::Write, s.offset.0 + at, (file - at).min(per_run).max(t.bs))
                    };
                    let job = data(Job {
                        io_size: Bytes(per_run),
                        numjobs: t.threads,
                        random_distribution: if t.random { s.random_distribution.clone() } else { crate::scenario::RANDOM.to_string() },
                        ..job(rw, Bytes(t.bs), t.queues, Bytes(offset), Bytes(size))
                    });
                    let point = Point { series: i, x: (round + 1) as f64, op: Op::Write, best_of: run > 0 };
                    self.phases.push(Phase::new(job, Some(point)));
                }
            }
            if s.trim_after_round {
                // CrystalDiskMark deletes its test file; the OS sends TRIM.
                self.phases.push(Phase::new(trim_region(s.offset, Bytes(file), user_bytes), None));
            }
        }
    }

    /// One phase per transfer size after an optional warm-up (Iometer).
    fn transfer_size_sweep(&mut self, t: &TransferSizeSweep) {
        let op = op_of(t.rw);
        self.series.push(headline("transfer_size_sweep", LabelId::Throughput, Axis::new(AxisId::TransferSize, Unit::Kib)));
        if t.warmup_s > 0.0 {
            // Article 004's steps 2 and 3: 4 KiB sequential reads over the region, then
            // the host rests before the first point.
            let warmup = Job { runtime: t.warmup_s, ..job(Rw::Read, Bytes(4 * KIB), 1, t.offset, t.size) };
            self.phases.push(Phase::new(warmup, None));
        }
        for (i, bs) in t.sizes.iter().enumerate() {
            let startdelay = if i == 0 { t.idle_s } else { 0.0 };
            let job = Job { runtime: t.runtime, startdelay, random_distribution: t.random_distribution.clone(), ..job(t.rw, *bs, t.iodepth, t.offset, t.size) };
            self.phases.push(Phase::new(job, Some(Point { series: 0, x: bs.0 as f64 / KIB as f64, op, best_of: false })));
        }
    }

    /// CrystalDiskMark: its test file written, then every read test and every write test.
    fn crystal_disk_mark(&mut self, m: &CrystalDiskMark) {
        // Validation refuses a custom set that does not parse.
        let tests = m.profile.tests(&m.tests).unwrap_or_default();
        let names: Vec<String> = tests.iter().map(|t| t.name.clone()).collect();
        let x = || Axis::categories(AxisId::Test, &names);
        self.series.push(headline("cdm_read", LabelId::Read, x()));
        self.series.push(headline("cdm_write", LabelId::Write, x()));
        // "Preparing": CrystalDiskMark first writes its test file (random data), so
        // the read tests read what was just written (on an SLC-cached drive, from
        // the cache unless idle time folded it).
        let prepare = Job { io_size: m.size, zero_buffers: m.zero_buffers, ..job(Rw::Write, Bytes(MIB), 8, Bytes(0), m.size) };
        self.phases.push(Phase::new(prepare, None));
        // Reads, then writes, as CrystalDiskMark runs "All"; the interval comes
        // before every test, its repeats follow back to back.
        for (series, write) in [(0, false), (1, true)] {
            for (i, t) in tests.iter().enumerate() {
                let (bs, qd, threads) = (t.bs, t.queues, t.threads);
                let rw = match (write, t.random) {
                    (false, false) => Rw::Read,
                    (false, true) => Rw::Randread,
                    (true, false) => Rw::Write,
                    (true, true) => Rw::Randwrite,
                };
                let random_distribution = if rw.is_random() { m.random_distribution.clone() } else { crate::scenario::RANDOM.to_string() };
                for run in 0..m.test_count.max(1) {
                    let startdelay = if run == 0 { m.interval_s } else { 0.0 };
                    let job = Job {
                        runtime: m.runtime,
                        numjobs: threads,
                        startdelay,
                        random_distribution: random_distribution.clone(),
                        zero_buffers: m.zero_buffers,
                        ..job(rw, Bytes(bs), qd, Bytes(0), m.size)
                    };
                    let point = Point { series, x: i as f64, op: op_of(rw), best_of: run > 0 };
                    self.phases.push(Phase::new(job, Some(point)));
                }
            }
        }
    }

    /// Copies of a file one after another until the drive is full (or `copies`).
    fn file_copy(&mut self, f: &FileCopy, user_bytes: u64) {
        self.series.push(headline("file_copy", LabelId::WriteSpeedPerCopy, Axis::new(AxisId::Copy, Unit::Count)));
        for copy in 0..f.copies_on(user_bytes) {
            let offset = Bytes(f.offset.0 + copy * f.file_bytes.0);
            let job = Job {
                io_size: f.file_bytes,
                buffer_compress_percentage: f.buffer_compress_percentage,
                zero_buffers: f.zero_buffers,
                ..job(Rw::Write, f.bs, f.iodepth, offset, f.file_bytes)
            };
            let point = Point { series: 0, x: (copy + 1) as f64, op: Op::Write, best_of: false };
            let startdelay = if copy > 0 { f.idle_s } else { 0.0 };
            self.phases.push(Phase::new(Job { startdelay, ..job }, Some(point)));
        }
    }

    /// The same files read run after run, each a point.
    fn application_load(&mut self, a: &ApplicationLoad, user_bytes: u64) {
        self.series.push(headline("application_load", LabelId::ReadSpeedPerRun, Axis::new(AxisId::Run, Unit::Count)));
        for run in 0..a.runs {
            // Each run reads the files' region once: `size: 0` is the rest of the drive.
            let region = job(a.rw, a.bs, a.iodepth, a.offset, a.size);
            let reads = Job { io_size: Bytes(region.span_bytes(user_bytes)), random_distribution: a.random_distribution.clone(), ..region };
            let startdelay = if run > 0 { a.idle_s } else { 0.0 };
            let point = Point { series: 0, x: (run + 1) as f64, op: Op::Read, best_of: false };
            let mut phase = Phase::new(Job { startdelay, ..reads }, Some(point));
            // Every run reads what the first did, block for block.
            phase.stream = 0;
            phase.power_cycle = run > 0 && a.power_cycle;
            self.phases.push(phase);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{CdmProfile, CrystalDiskMark, SpanSweep};
    #[test]
    fn a_custom_set_runs_its_own_tests() {
        let m = CrystalDiskMark { profile: CdmProfile::Custom, tests: "SEQ1M Q8T1, RND4K Q32T4".into(), ..CrystalDiskMark::default() };
        let plan = Plan::new(&Workload::CrystalDiskMark(m), 16 * GIB, 1.0);
        assert_eq!(plan.phases.len(), 5);
        assert_eq!(plan.series[0].x.categories, ["SEQ1M Q8T1", "RND4K Q32T4"]);
        let q32t4 = &plan.phases[2].job;
        assert_eq!((q32t4.rw, q32t4.bs.0, q32t4.iodepth, q32t4.numjobs), (Rw::Randread, 4096, 32, 4));
        assert_eq!(plan.phases[4].job.rw, Rw::Randwrite);
    }

    #[test]
    fn benchmarks_expand_into_one_job_per_point() {
        let plan = Plan::new(&Workload::SpanSweep(SpanSweep::default()), 16 * GIB, 1.0);
        assert_eq!(plan.phases.len(), 4);
        assert_eq!(plan.phases[3].job.size.0, 8 * GIB);
        assert_eq!(plan.phases[3].point.unwrap().x, 8.0);
        let cdm = Plan::new(&Workload::CrystalDiskMark(CrystalDiskMark::default()), 16 * GIB, 1.0);
        assert_eq!(cdm.phases.len(), 9);
        // Preparing: the test file is written first, no chart point.
        assert_eq!((cdm.phases[0].job.rw, cdm.phases[0].job.io_size.0, cdm.phases[0].point), (Rw::Write, GIB, None));
        assert_eq!(cdm.phases[5].job.rw, Rw::Write);
        assert_eq!(cdm.phases[7].job.iodepth, 32);
        assert_eq!(cdm.series[0].x.categories.len(), 4);
        // CrystalDiskMark's order: every read, then every write; its interval before every
        // test; repeats back to back, each keeping the best.
        let starts: Vec<f64> = cdm.phases.iter().map(|p| p.job.startdelay).collect();
        assert_eq!(starts, [0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
        let nvme = CrystalDiskMark { profile: CdmProfile::Nvme, test_count: 2, interval_s: 3.0, ..CrystalDiskMark::default() };
        let nvme = Plan::new(&Workload::CrystalDiskMark(nvme), 16 * GIB, 1.0);
        assert_eq!(nvme.phases.len(), 17);
        let q32t16 = &nvme.phases[5];
        assert_eq!((q32t16.job.rw, q32t16.job.iodepth, q32t16.job.numjobs, q32t16.job.startdelay), (Rw::Randread, 32, 16, 3.0));
        assert!(!q32t16.point.unwrap().best_of && nvme.phases[6].point.unwrap().best_of);
        assert_eq!(nvme.phases[6].job.startdelay, 0.0);
        assert_eq!(nvme.phases[9].job.rw, Rw::Write);
    }

    #[test]
    fn crystal_disk_mark_rounds_write_the_file_then_each_test_and_trim_it() {
        use crate::scenario::SteadyState;
        let s = SteadyState {
            offset: Bytes(12 * GIB),
            size: Bytes(4 * GIB),
            round_bytes: Bytes(8 * GIB),
            rounds: 2,
            tests: "SEQ1M Q1T1, RND4K Q32T1".into(),
            test_count: 4,
            trim_after_round: true,
            ..SteadyState::default()
        };
        let plan = Plan::new(&Workload::SteadyState(s), 16 * GIB, 1.0);
        // A line per test, named by the test; the first is the headline's id.
        let ids: Vec<(&str, &str)> = plan.series.iter().map(|s| (s.id.as_str(), s.label.as_str())).collect();
        assert_eq!(ids, [("steady_state", "SEQ1M Q1T1"), ("steady_state_1", "RND4K Q32T1")]);
        // Each round: the file written, 2 tests x 4 runs, the file trimmed.
        assert_eq!(plan.phases.len(), 2 * (1 + 8 + 1));
        let prepare = &plan.phases[0].job;
        assert_eq!((prepare.rw, prepare.offset.0, prepare.io_size.0, plan.phases[0].point), (Rw::Write, 12 * GIB, 4 * GIB, None));
        // 8 GiB shared by 8 runs: 1 GiB each; the sequential runs walk the file.
        let seq: Vec<(u64, u64)> = plan.phases[1..5].iter().map(|p| (p.job.offset.0 - 12 * GIB, p.job.io_size.0)).collect();
        assert_eq!(seq, [(0, GIB), (GIB, GIB), (2 * GIB, GIB), (3 * GIB, GIB)]);
        let q32 = &plan.phases[5];
        assert_eq!((q32.job.rw, q32.job.iodepth, q32.job.size.0, q32.point.unwrap().series), (Rw::Randwrite, 32, 4 * GIB, 1));
        // The best of each test's runs is the round's point.
        let best: Vec<bool> = plan.phases[1..9].iter().map(|p| p.point.unwrap().best_of).collect();
        assert_eq!(best, [false, true, true, true, false, true, true, true]);
        assert_eq!(plan.phases[9].job.rw, Rw::Trim);
        assert_eq!(plan.phases[11].job.offset.0, 12 * GIB, "round 2's sequential runs go on where round 1's stopped: the file's start again");
        assert_eq!(plan.phases[10].point, None);
    }

    #[test]
    fn zero_points_never_divide_by_zero() {
        use crate::scenario::{LatencyTrace, WholeDriveWrite};
        let w = Plan::new(&Workload::WholeDriveWrite(WholeDriveWrite { points: 0, ..WholeDriveWrite::default() }), 16 * GIB, 1.0);
        assert_eq!(w.bytes_window, Some(16 * GIB), "one point for the whole drive");
        let t = Plan::new(&Workload::LatencyTrace(LatencyTrace { max_points: 0, ..LatencyTrace::default() }), 16 * GIB, 1.0);
        assert_eq!(t.latency_group, Some(256), "2 GiB of 8 MiB writes in one group");
        let tiny = Plan::new(&Workload::LatencyTrace(LatencyTrace { bs: Bytes(0), max_points: 0, ..LatencyTrace::default() }), 16 * GIB, 1.0);
        assert!(tiny.latency_group.unwrap() >= 1);
    }

    #[test]
    fn an_application_load_of_size_zero_reads_the_rest_of_the_drive_each_run() {
        use crate::scenario::ApplicationLoad;
        let a = ApplicationLoad { offset: Bytes(4 * GIB), size: Bytes(0), runs: 2, ..ApplicationLoad::default() };
        let plan = Plan::new(&Workload::ApplicationLoad(a), 16 * GIB, 1.0);
        assert_eq!(plan.phases.len(), 2);
        for p in &plan.phases {
            assert_eq!((p.job.offset.0, p.job.io_size.0), (4 * GIB, 12 * GIB), "from its offset to the end, once a run");
        }
        let sized = Plan::new(&Workload::ApplicationLoad(ApplicationLoad::default()), 16 * GIB, 1.0);
        assert_eq!(sized.phases[0].job.io_size.0, 2 * GIB);
    }
}
