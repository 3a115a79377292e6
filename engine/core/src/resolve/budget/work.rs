//! Upper bounds on the work a run does, before it starts: host commands, flash operations
//! (preconditioning included) and simulated time. Bounds, not predictions: a run never
//! does more, and typical runs do a few times less (the fuzz test checks the first part).

use super::timing::Timing;
use super::Fields;
use crate::controller::calendar;
use crate::host::plan::Plan;
use crate::media::Geometry;
use crate::resolve::MAX_EVENTS;
use crate::scenario::{GcPolicy, Job, Rw, Scenario, Workload};
use crate::theory::{waf_fifo, waf_greedy};
use crate::units::{transfer_ns, Nanos, MAPPING_UNIT_BYTES};

/// GC's copies per host write come from the analytic steady state for uniform random
/// writes, Desnoyers' greedy model or the FIFO closed form (`ftl/theory.rs`), with this
/// margin for the transient after a fill and for uneven planes; see `gc_moves_per_sector`
/// for the bounds by data over free space that cap or floor it.
const GC_MARGIN: f64 = 2.0;

/// Physical / logical space below which the models say nothing useful (no spare left for
/// GC to work with); such a drive is charged as if it had this much.
const MIN_ALPHA: f64 = 1.002;
/// Static wear levelling takes every 64th victim from the coldest (fully valid) blocks.
const WEAR_LEVEL_EVERY: u64 = 64;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Work {
    pub precondition_flash_ops: u64,
    pub workload_flash_ops: u64,
    pub host_commands: u64,
    /// No run of this scenario lasts longer, in simulated nanoseconds.
    pub duration_bound_ns: Nanos,
    /// The workload field that limits it most (`workload.runtime`, `workload.io_size`, ...).
    pub workload_field: &'static str,
}

/// Commands and units one phase may issue.
#[derive(Clone, Copy, Debug, Default)]
struct PhaseWork {
    commands: u64,
    read_units: u64,
    write_units: u64,
    trim_units: u64,
    /// Simulated time the phase lasts at most, if its runtime bounds it.
    runtime_ns: Option<Nanos>,
    /// Its runtime, not its byte limit, is what stops it.
    stopped_by_time: bool,
}

/// What bounds how fast commands can go.
struct Rates {
    command_ns: Nanos,
    /// Host CPU time per command, serial within each thread.
    host_ns: Nanos,
    /// One 4 KiB unit across the host link (one calendar slot), and the calendar's horizon.
    unit_link_ns: Nanos,
    horizon_ns: Nanos,
}

fn sat(v: u128) -> u64 {
    v.min(u64::MAX as u128) as u64
}

fn phase_work(job: &Job, r: &Rates, user_bytes: u64) -> PhaseWork {
    let bs_units = (job.bs.0 / MAPPING_UNIT_BYTES).max(1);
    // Every thread (numjobs) keeps its own queue and does its own io_size.
    let threads = job.numjobs.max(1) as u64;
    let depth = job.iodepth.max(1) as u64 * threads;
    let trim = matches!(job.rw, Rw::Trim | Rw::Randtrim);
    let by_bytes = job.commands_for_io(user_bytes).map(|c| c.saturating_mul(threads));
    let runtime_ns = (job.runtime > 0.0).then(|| ((job.ramp_time + job.runtime) * 1e9) as Nanos + 1);
    let by_time = runtime_ns.map(|d| {
        // Each queue slot's command takes at least the firmware's latency, the think time
        // and its data crossing the link (one unit per calendar slot, never two at once).
        let data_ns = if trim { 0 } else { bs_units * r.unit_link_ns };
        let per_command = r.command_ns + (job.thinktime * 1e3) as Nanos + data_ns;
        let per_slot = d.checked_div(per_command).map_or(u64::MAX, |n| n + 1);
        let mut bound = per_slot as u128 * depth as u128;
        // Each thread's CPU handles one command at a time, however deep its queue.
        if let Some(per_thread) = d.checked_div(r.host_ns) {
            bound = bound.min((per_thread as u128 + 1) * threads as u128);
        }
        if !trim {
            // The link carries one unit per slot within the calendar's horizon; a transfer
            // booked beyond it completes a horizon later.
            let directions = if matches!(job.rw, Rw::Rw | Rw::Randrw) { 2 } else { 1 };
            let units =
                (d as u128 + r.horizon_ns as u128) / r.unit_link_ns.max(1) as u128 + depth as u128 * bs_units as u128 * (d / r.horizon_ns.max(1) + 1) as u128;
            bound = bound.min(directions * units.div_ceil(bs_units as u128));
        }
        sat(bound)
    });
    let limit = match (by_bytes, by_time) {
        (Some(b), Some(t)) => b.min(t),
        (Some(b), None) => b,
        (None, Some(t)) => t,
        (None, None) => MAX_EVENTS, // validation refuses this; the event limit would stop it
    };
    // Commands in flight at the end, and think-time wake-ups, issue past the limit.
    let commands = limit.min(MAX_EVENTS).saturating_add(2 * depth);
    let units = commands.saturating_mul(bs_units);
    let (reads, writes) = match job.rw {
        Rw::Read | Rw::Randread => (true, false),
        Rw::Write | Rw::Randwrite => (false, true),
        Rw::Rw | Rw::Randrw => (true, true),
        Rw::Trim | Rw::Randtrim => (false, false),
    };
    PhaseWork {
        commands,
        read_units: if reads { units } else { 0 },
        write_units: if writes { units } else { 0 },
        trim_units: if trim { units } else { 0 },
        runtime_ns,
        stopped_by_time: by_time.is_some_and(|t| by_bytes.is_none_or(|b| t < b)),
    }
}

/// GC sectors moved per sector written, at most (see `GC_MARGIN`), when at most
/// `valid_units` units hold data; and whether the drive has so little spare that the bound
/// was clamped.
fn gc_moves_per_sector(geo: &Geometry, s: &Scenario, valid_units: u64) -> (f64, bool) {
    let d = &s.device;
    // GC chooses its victims when data fills the raw capacity (the firmware's working blocks
    // come on top: `media::geometry`), as in the models' validation (tests/op_as_typed.rs).
    // A static SLC cache keeps bits-per-cell times its size out of the spare area, and each
    // plane's open SLC block a whole native block. Where those blocks are a small part of
    // the spare, GC_MARGIN covers them (the shipped presets: at most a sixth); where they
    // are much of it (a block or two of spare per plane), they count: the budget fuzz found
    // a 64 KiB static cache tripling GC's copies on such a drive.
    let static_slc = geo.slc_static_units * geo.bits_per_cell as u64;
    let open_slc = if d.slc_cache.enabled() { geo.planes as u64 * geo.slots_per_block as u64 } else { 0 };
    let spare = geo.raw_units.saturating_sub(static_slc).saturating_sub(valid_units);
    let open_slc = if open_slc.saturating_mul(4) > spare { open_slc } else { 0 };
    let data_slots = geo.raw_units.saturating_sub(static_slc).saturating_sub(open_slc) as f64;
    let alpha = data_slots / valid_units.max(1) as f64;
    let clamped = alpha < MIN_ALPHA;
    let alpha = alpha.max(MIN_ALPHA);
    let units_per_block = geo.slots_per_block;
    let model = match d.gc.policy {
        GcPolicy::Fifo => waf_fifo(alpha),
        // Cost-benefit is no worse than FIFO under uniform writes (tests/waf_theory.rs).
        GcPolicy::CostBenefit => waf_fifo(alpha).max(waf_greedy(alpha, units_per_block)),
        GcPolicy::Greedy => waf_greedy(alpha, units_per_block),
    };
    // Data over free space: greedy's victim never holds more than the mean, and FIFO,
    // collecting every block once a cycle, moves at most all the valid data per cycle of
    // free space, however hot and cold the writes (the uniform model does not cover that).
    let mean = 1.0 / (alpha - 1.0);
    let modelled = GC_MARGIN * (model - 1.0);
    let moves = match d.gc.policy {
        GcPolicy::Greedy => modelled.min(mean),
        GcPolicy::Fifo => modelled.max(mean),
        // No such argument for cost-benefit: the larger, with the margin.
        GcPolicy::CostBenefit => modelled.max(GC_MARGIN * mean),
    };
    (moves.max(0.5), clamped)
}

/// Units a sequential fill of a fresh drive can place before GC starts in any plane (it
/// starts when data fills the raw capacity, earlier by what a pool kept above GC's
/// threshold takes, with a block per plane to spare for the rotation's unevenness): writes up
/// to there never wait for GC.
fn gc_free_units(geo: &Geometry, s: &Scenario, free_kept: u32) -> u64 {
    let kept = geo.planes as u64 * (free_kept.saturating_sub(s.device.gc.free_block_threshold) as u64 + 1);
    geo.raw_units.saturating_sub(kept * geo.slots_per_block as u64).saturating_sub(slc_footprint_units(geo, s))
}

/// Native room an SLC cache may hold before GC runs, for FIFO GC. Folded data stays in its
/// SLC block, stale, until the whole block is folded; greedy and cost-benefit collect such
/// blocks first, but FIFO takes the oldest block whatever it holds. Where the dynamic share
/// leaves less free native space than the spare area (a ratio near 100 %), GC may start as
/// soon as the static part, the dynamic share of the user capacity and each plane's open SLC
/// block fill the spare: the budget fuzz found a sequential fill with FIFO GC, a 100 % cache
/// and 4 % OP moving 3.3 units per unit written. With more slack (660p-like at 25 % under
/// FIFO: 2.7 M flash operations for a whole-drive write) nothing of the kind happens.
fn slc_footprint_units(geo: &Geometry, s: &Scenario) -> u64 {
    let c = &s.device.slc_cache;
    let user = geo.user_units as f64;
    let slack = (1.0 - c.dynamic_percent / 100.0) * user;
    if !c.enabled() || s.device.gc.policy != GcPolicy::Fifo || slack >= geo.raw_units as f64 - user {
        return 0;
    }
    let dynamic = (user * c.dynamic_percent / 100.0) as u64;
    (geo.slc_static_units * geo.bits_per_cell as u64).saturating_add(dynamic).saturating_add(geo.planes as u64 * geo.slots_per_block as u64)
}

/// The SLC cache's own work: every unit the host writes may land in SLC blocks (which hold
/// 1/bits of a native block, so opening them erases more often) and be folded out once:
/// read from its SLC page, programmed into a native one. The cache's size follows the free
/// native space (`ftl/slc.rs`); GC may start earlier with a cache (`slc_footprint_units`).
fn slc_work(geo: &Geometry, s: &Scenario, units: u64) -> FlashWork {
    if !s.device.slc_cache.enabled() || units == 0 {
        return FlashWork::default();
    }
    let planes = geo.planes as u64;
    let slc_blocks = units / geo.slc_slots_per_block.max(1) as u64 + 2 * planes;
    FlashWork { reads: units, programs: units / geo.slots_per_page as u64 + 2 * planes, erases: slc_blocks.saturating_mul(2), table: 0, moved_units: units }
}

/// Sectors in a slot: 8 with compression, else 1.
fn sectors_per_slot(s: &Scenario) -> u64 {
    if s.device.controller.compression {
        crate::controller::COMPRESSION_SECTORS as u64
    } else {
        1
    }
}

/// Flash operations of writing host units, GC included, by kind.
#[derive(Clone, Copy, Default)]
pub(super) struct FlashWork {
    pub reads: u64,
    pub programs: u64,
    pub erases: u64,
    /// Translation pages read and written (SLC-mode timings).
    pub table: u64,
    moved_units: u64,
}

impl FlashWork {
    /// Every operation of this work one after another, at `t`'s timings.
    fn serial_ns(&self, t: &Timing) -> u128 {
        let x = t.page_transfer_ns as u128;
        self.reads as u128 * (t.read_ns as u128 + x)
            + self.programs as u128 * (t.program_ns as u128 + x)
            + self.erases as u128 * t.erase_ns as u128
            + self.table as u128 * (t.slc_ns as u128 + x)
    }

    fn plus(&self, o: &FlashWork) -> FlashWork {
        FlashWork {
            reads: self.reads.saturating_add(o.reads),
            programs: self.programs.saturating_add(o.programs),
            erases: self.erases.saturating_add(o.erases),
            table: self.table.saturating_add(o.table),
            moved_units: self.moved_units.saturating_add(o.moved_units),
        }
    }

    fn ops(&self) -> u64 {
        self.reads.saturating_add(self.programs).saturating_add(self.erases).saturating_add(self.table)
    }
}

/// Host writes of `units` units of `unit_sectors` NAND sectors each, of which
/// `gc_sectors` come after GC has started, each moving `moves_per_sector` sectors; plus
/// `extra_moved` sectors of transients. The data GC moves is in units of at least
/// `min_unit_sectors` sectors.
struct Writes {
    units: u64,
    unit_sectors: u64,
    gc_sectors: u64,
    moves_per_sector: f64,
    extra_moved: u64,
    min_unit_sectors: u64,
    /// No more units can be programmed at all, host data and copies each (see
    /// `program_cap_units`).
    max_units: u64,
}

fn write_work(geo: &Geometry, s: &Scenario, w: Writes) -> FlashWork {
    let sectors = w.units.saturating_mul(w.unit_sectors);
    if sectors == 0 && w.extra_moved == 0 {
        return FlashWork::default();
    }
    let planes = geo.planes as u64;
    let per_slot = sectors_per_slot(s);
    let mut moved = ((w.gc_sectors as f64 * w.moves_per_sector).min(u64::MAX as f64 / 4.0) as u64).saturating_add(w.extra_moved);
    if s.device.wear.static_spread > 0 {
        // Every 64th victim may be a whole block of valid cold data.
        moved = moved.saturating_add(sectors.saturating_add(moved) / WEAR_LEVEL_EVERY);
    }
    let moved_units = (moved / w.min_unit_sectors.max(1)).min(w.max_units);
    let placed = sectors.saturating_add(moved);
    // Every slot closed holds a unit at least; compressing, a slot closes when the next
    // unit does not fit, so two slots in a row hold more than one slot's sectors. Pages
    // program only when full.
    let slots = w.units.min(w.max_units).saturating_add(moved_units).min(2 * (placed / per_slot) + 2 * planes);
    let programs = slots / geo.slots_per_page as u64 + 2 * planes;
    // Every block opened may need an erase first.
    let erases = programs / geo.pages_per_block as u64 + 4 * planes;
    // Each GC page read moves at least one unit.
    FlashWork { reads: moved_units, programs, erases, table: 0, moved_units }
}

impl Rates {
    fn of(s: &Scenario) -> Rates {
        let unit_link_ns = transfer_ns(MAPPING_UNIT_BYTES, s.device.host_interface.bytes_per_s()).max(1);
        Rates {
            command_ns: (s.device.controller.command_latency_us * 1000.0) as Nanos,
            host_ns: (s.host.command_overhead_us * 1000.0) as Nanos,
            unit_link_ns,
            horizon_ns: calendar::SLOTS * unit_link_ns,
        }
    }

    /// The least time a command of `job` takes in the host and the firmware, and its data on
    /// the link with `per_unit_ns` more per unit.
    fn least_command_ns(&self, job: &Job, per_unit_ns: u128) -> u128 {
        let bs_units = (job.bs.0 / MAPPING_UNIT_BYTES).max(1) as u128;
        self.command_ns as u128 + self.host_ns as u128 + (job.thinktime * 1e3) as u128 + bs_units * (self.unit_link_ns as u128 + per_unit_ns)
    }
}

/// Simulated time at most: phases stopped by their runtime last that long (and their start
/// delays); the others, and the commands in flight when a runtime ends, at most as long as
/// their commands one after another plus `serial_ns`, all the media work done serially.
fn duration_bound(plan: &Plan, phases: &[PhaseWork], rates: &Rates, per_unit_ns: u128, serial_ns: u128) -> u128 {
    let timed: Nanos = phases.iter().filter_map(|p| p.runtime_ns).fold(0, Nanos::saturating_add);
    let delays: Nanos = plan.phases.iter().map(|p| (p.job.startdelay * 1e9) as Nanos).fold(0, Nanos::saturating_add);
    let mut untimed: u128 = 0;
    for (p, phase) in plan.phases.iter().zip(phases) {
        if phase.runtime_ns.is_none() {
            untimed += phase.commands as u128 * rates.least_command_ns(&p.job, per_unit_ns);
        }
    }
    if phases.iter().any(|p| p.runtime_ns.is_none()) {
        untimed += serial_ns;
    }
    let drain = if phases.iter().all(|p| p.runtime_ns.is_none()) { 0 } else { serial_ns };
    timed.saturating_add(delays) as u128 + untimed + drain.saturating_sub(untimed)
}

/// The work of a 3D XPoint SSD: a media operation per unit read or written, nothing in the
/// background, no preconditioning (media written in place is the same whatever it holds).
pub(crate) fn xpoint_work(s: &Scenario, plan: &Plan, user_bytes: u64) -> Work {
    let x = &s.device.xpoint;
    let channel_ns = transfer_ns(MAPPING_UNIT_BYTES, x.channel_mb_per_s as u64 * 1_000_000 * x.channels as u64) as u128;
    let per_unit = (x.read_us.max(x.write_us) * 1000.0) as u128 + channel_ns;
    media_work(s, plan, user_bytes, per_unit, 0)
}

/// The work of a hard disk: a media operation per unit read or written (from the platters
/// or its cache); at most a full-stroke seek and a revolution per command, and every unit
/// at the inner zone's rate.
pub(crate) fn hdd_work(s: &Scenario, plan: &Plan, user_bytes: u64) -> Work {
    let h = &s.device.hdd;
    let per_unit = transfer_ns(MAPPING_UNIT_BYTES, (h.inner_mb_per_s * 1e6) as u64) as u128;
    let per_command = (h.full_stroke_ms * 1e6) as u128 + h.revolution_ns() as u128;
    media_work(s, plan, user_bytes, per_unit, per_command)
}

/// Media without an FTL: one operation per unit, each taking at most `per_unit_ns` (and
/// the link), each command `per_command_ns` more, all one after another.
fn media_work(s: &Scenario, plan: &Plan, user_bytes: u64, per_unit_ns: u128, per_command_ns: u128) -> Work {
    let rates = Rates::of(s);
    let phases: Vec<PhaseWork> = plan.phases.iter().map(|p| phase_work(&p.job, &rates, user_bytes)).collect();
    let sum = |f: fn(&PhaseWork) -> u64| phases.iter().fold(0u64, |a, p| a.saturating_add(f(p)));
    let (commands, reads, writes) = (sum(|p| p.commands), sum(|p| p.read_units), sum(|p| p.write_units));
    let per_unit = per_unit_ns + rates.unit_link_ns as u128 + 1;
    let serial = (reads as u128 + writes as u128) * per_unit + commands as u128 * per_command_ns;
    Work {
        precondition_flash_ops: 0,
        workload_flash_ops: reads.saturating_add(writes),
        host_commands: commands,
        duration_bound_ns: sat(duration_bound(plan, &phases, &rates, 0, serial)),
        workload_field: workload_field(&s.workload, phases.iter().any(|p| p.stopped_by_time)),
    }
}

pub(crate) fn work(s: &Scenario, geo: &Geometry, plan: &Plan) -> Work {
    let d = &s.device;
    let rates = Rates::of(s);
    let unit_link_ns = rates.unit_link_ns;
    let phases: Vec<PhaseWork> = plan.phases.iter().map(|p| phase_work(&p.job, &rates, geo.user_bytes())).collect();
    let sum = |f: fn(&PhaseWork) -> u64| phases.iter().fold(0u64, |a, p| a.saturating_add(f(p)));
    let (commands, reads, writes, trims) = (sum(|p| p.commands), sum(|p| p.read_units), sum(|p| p.write_units), sum(|p| p.trim_units));
    let per_slot = sectors_per_slot(s);
    // Think time and start delays (steady-state rounds, file copies, CrystalDiskMark's
    // interval) are host idle time: background GC may run in it.
    let thinking = plan.phases.iter().any(|p| p.job.thinktime > 0.0 || p.job.startdelay > 0.0);
    let background = d.gc.background && thinking;

    // Writes in the order they happen: the fill, the overwrites, the workload. GC starts
    // once they pass what fits without it; a transient (the first victims after a fill are
    // nearly full; background GC topping its pools up while the host thinks) is charged as
    // one pass over all the NAND, and the pools' worth, once.
    let (fill, overwrites) = s.precondition.units(geo.user_units);
    let (fill, overwrites) = (fill as u64, overwrites);
    let free_units = gc_free_units(geo, s, d.gc.free_block_threshold) * per_slot;
    let data_sectors = plan.phases.iter().map(|p| p.job.data_sectors(per_slot as u32) as u64).max().unwrap_or(per_slot);
    // Compressed units never straddle slots: a slot holds per_slot / d whole units of d
    // sectors, so each takes a share of the NAND's room at least as large as its sectors.
    let footprint = per_slot.div_ceil((per_slot / data_sectors.max(1)).max(1));
    let stream = [fill * per_slot, overwrites.saturating_mul(per_slot), writes.saturating_mul(footprint)];
    let mut written = 0u64;
    let gc_part: Vec<u64> = stream
        .iter()
        .map(|&w| {
            let before = written.saturating_sub(free_units);
            written = written.saturating_add(w);
            written.saturating_sub(free_units) - before
        })
        .collect();
    let (pre_moves, pre_clamped) = gc_moves_per_sector(geo, s, fill);
    let written_spans: u64 = plan
        .phases
        .iter()
        .filter(|p| matches!(p.job.rw, Rw::Write | Rw::Randwrite | Rw::Rw | Rw::Randrw))
        .map(|p| p.job.span_bytes(geo.user_bytes()) / MAPPING_UNIT_BYTES)
        .fold(0, u64::saturating_add);
    let (work_moves, work_clamped) = gc_moves_per_sector(geo, s, (fill + written_spans).min(geo.user_units as u64));
    let pools = if background {
        let pool_units = geo.planes as u64 * d.gc.background_free_blocks as u64 * geo.slots_per_block as u64 * per_slot;
        (pool_units as f64 * work_moves.max(pre_moves)).min(u64::MAX as f64 / 4.0) as u64
    } else {
        0
    };
    let mut transient = (geo.slots as u64 * per_slot).saturating_add(pools);
    let mut take_transient = |gc: u64| if gc > 0 { std::mem::take(&mut transient) } else { 0 };
    let pre_writes = |units: u64, gc_sectors: u64, extra_moved: u64| Writes {
        units,
        unit_sectors: per_slot,
        gc_sectors,
        moves_per_sector: pre_moves,
        extra_moved,
        min_unit_sectors: per_slot,
        max_units: u64::MAX,
    };
    let fill_work = write_work(geo, s, pre_writes(fill, gc_part[0], take_transient(gc_part[0])));
    let over_work = write_work(geo, s, pre_writes(overwrites, gc_part[1], take_transient(gc_part[1])));
    let pre = fill_work.plus(&over_work).plus(&slc_work(geo, s, fill.saturating_add(overwrites)));
    let extra = take_transient(gc_part[2]);
    // Background GC runs with no host writes too (a read job with think time).
    let extra = extra.saturating_add(if background { std::mem::take(&mut transient) } else { 0 });
    let min_unit_sectors = plan.phases.iter().map(|p| p.job.data_sectors(per_slot as u32) as u64).min().unwrap_or(per_slot);
    let program_cap = program_cap_units(s, geo, plan, &phases, work_moves, extra);
    let workload_writes = Writes {
        units: writes,
        unit_sectors: data_sectors,
        gc_sectors: gc_part[2],
        moves_per_sector: work_moves,
        extra_moved: extra,
        min_unit_sectors: if fill + overwrites > 0 { min_unit_sectors.min(per_slot) } else { min_unit_sectors },
        max_units: program_cap,
    };
    let mut w = write_work(geo, s, workload_writes).plus(&slc_work(geo, s, writes.min(program_cap)));
    let spare_exhausted = pre_clamped || work_clamped;
    // Every host read unit is at most one page read.
    w.reads = w.reads.saturating_add(reads);
    // Translation pages: none if DRAM holds the whole table (loaded at power-on, never
    // written back); else each mapping update may load one and write one back, and each
    // command's lookups may read one per segment it touches.
    let entries_per_segment = d.mapping.entries_per_segment(geo.page_bytes) as u64;
    let segments = (geo.user_units as u64).div_ceil(entries_per_segment);
    let dram_segments = d.mapping.dram_bytes.0 / d.mapping.segment_bytes(geo.page_bytes);
    if dram_segments < segments {
        let updates = writes.saturating_add(w.moved_units).saturating_add(trims);
        let pages = d.mapping.segment_bytes(geo.page_bytes).div_ceil(geo.page_bytes as u64);
        w.table = updates.saturating_mul(2).saturating_add(reads / entries_per_segment).saturating_add(2 * commands).saturating_mul(pages);
    }

    // Simulated time: phases stopped by their runtime last that long at most; the others
    // at most as long as everything the run books, done one after another.
    let timing = Timing::of(s);
    let timed: Nanos = phases.iter().filter_map(|p| p.runtime_ns).fold(0, Nanos::saturating_add);
    let delays: Nanos = plan.phases.iter().map(|p| (p.job.startdelay * 1e9) as Nanos).fold(0, Nanos::saturating_add);
    let timed = timed.saturating_add(delays);
    let lookup_ns = ((d.mapping.dram_access_us + d.mapping.hmb.access_latency_us + d.mapping.hmb.encryption_us) * 1000.0) as u128 + 1;
    let mut untimed: u128 = 0;
    for (p, phase) in plan.phases.iter().zip(&phases) {
        if phase.runtime_ns.is_none() {
            let bs_units = (p.job.bs.0 / MAPPING_UNIT_BYTES).max(1) as u128;
            let host_ns = (s.host.command_overhead_us * 1e3) as u128;
            let per_command = rates.command_ns as u128 + host_ns + (p.job.thinktime * 1e3) as u128 + bs_units * (unit_link_ns as u128 + lookup_ns);
            untimed += phase.commands as u128 * per_command;
        }
    }
    // Untimed phases last at most as long as all the flash work done serially; so do the
    // commands still in flight when a runtime ends (they complete and count, as in fio),
    // though the host is never idle while they drain: background GC's churn below is
    // bounded by the time without them.
    let serial = w.serial_ns(&timing);
    if phases.iter().any(|p| p.runtime_ns.is_none()) {
        untimed += serial;
    }
    let mut duration = timed as u128 + untimed;
    let drain = if phases.iter().all(|p| p.runtime_ns.is_none()) { 0 } else { serial };
    // Background GC keeps more blocks free than the threshold: on a drive whose data does
    // not fit beside those pools it can churn.
    let churn = spare_exhausted || gc_free_units(geo, s, d.gc.background_free_blocks) < geo.user_units as u64;
    if background && churn {
        // Background GC on a drive with no spare to speak of can churn whenever the host
        // thinks; its steps are booked back to back on each plane, one read (and at most a
        // program and an erase) each, all before the run ends.
        // Without think time the host idles only in the start delays (CrystalDiskMark's
        // intervals).
        let idle = if plan.phases.iter().any(|p| p.job.thinktime > 0.0) { duration } else { delays as u128 };
        let steps = geo.planes as u128 * (idle / timing.min_read_ns as u128 + 1);
        let steps = sat(steps);
        w.reads = w.reads.saturating_add(steps);
        w.programs = w.programs.saturating_add(steps);
        w.erases = w.erases.saturating_add(steps);
        if phases.iter().any(|p| p.runtime_ns.is_none()) {
            duration += steps as u128 * 3 * timing.max_op_ns as u128;
        }
    }
    // Bounded by the serial time of everything booked, whether or not it was counted above.
    duration += drain.saturating_sub(untimed);
    Work {
        precondition_flash_ops: pre.ops(),
        workload_flash_ops: w.ops(),
        host_commands: commands,
        duration_bound_ns: sat(duration),
        workload_field: workload_field(&s.workload, phases.iter().any(|p| p.stopped_by_time)),
    }
}

/// Units the workload can program at most, host data and GC and fold copies alike: a phase
/// limited by its runtime programs no more than the planes' program bandwidth over that time,
/// plus what was booked ahead of it when it ended (the write buffer's and the queues' units
/// with their copies, a victim per plane collected at once, a fold batch). A phase limited
/// by bytes programs its units, their copies and their folds. This bounds the GC model's
/// moves for short write tests on a full drive (CrystalDiskMark), which would otherwise be
/// charged at greedy's worst case for every unit the link could carry.
fn program_cap_units(s: &Scenario, geo: &Geometry, plan: &Plan, phases: &[PhaseWork], moves: f64, extra: u64) -> u64 {
    let d = &s.device;
    let t = crate::media::NandTiming::of(&d.nand);
    let spp = geo.slots_per_page as f64;
    let timelines = if d.nand.multi_plane { geo.planes } else { geo.dies } as f64;
    // The fastest any plane programs: a one-shot wordline, or an SLC-mode page.
    let per_ns = timelines * (spp * geo.pages_per_program as f64 / t.program_ns.max(1) as f64).max(spp / t.slc_mode_program_ns.max(1) as f64);
    let buffer_units = (d.controller.write_buffer.0 / MAPPING_UNIT_BYTES).max(2 * geo.slots_per_page as u64 * geo.pages_per_program as u64);
    let copies = moves.ceil() as u64 + 2;
    let ahead = |job: &Job| {
        let depth = job.iodepth.max(1) as u64 * job.numjobs.max(1) as u64 * (job.bs.0 / MAPPING_UNIT_BYTES).max(1);
        let batch = d.slc_cache.fold_batch_bytes.0 / MAPPING_UNIT_BYTES;
        (buffer_units + depth).saturating_mul(copies).saturating_add(2 * geo.planes as u64 * geo.slots_per_block as u64).saturating_add(2 * batch)
    };
    let mut cap = extra;
    for (p, w) in plan.phases.iter().zip(phases) {
        if w.write_units == 0 {
            continue;
        }
        let units = match w.runtime_ns {
            Some(ns) => ((ns as f64 * per_ns) as u64).min(w.write_units.saturating_mul(copies)),
            None => w.write_units.saturating_mul(copies),
        };
        cap = cap.saturating_add(units).saturating_add(ahead(&p.job));
    }
    cap
}

/// The field to change to run less, for an error message.
fn workload_field(w: &Workload, stopped_by_time: bool) -> &'static str {
    match w {
        Workload::Job(_) | Workload::SpanSweep(_) => {
            if stopped_by_time {
                Fields::RUNTIME
            } else {
                Fields::IO_SIZE
            }
        }
        Workload::WholeDriveWrite(_) => Fields::IO_SIZE,
        Workload::LatencyTrace(t) => {
            if t.io_size.0 > 0 {
                Fields::IO_SIZE
            } else {
                "workload.size"
            }
        }
        Workload::SteadyState(_) => "workload.rounds",
        Workload::FileCopy(f) => {
            if f.copies > 0 {
                "workload.copies"
            } else {
                "workload.file_bytes"
            }
        }
        // The warm-up when it outlasts every point together.
        Workload::TransferSizeSweep(t) if t.warmup_s > t.runtime * t.sizes.len() as f64 => "workload.warmup_s",
        Workload::TransferSizeSweep(_) | Workload::CrystalDiskMark(_) => Fields::RUNTIME,
        Workload::ApplicationLoad(_) => "workload.runs",
    }
}
