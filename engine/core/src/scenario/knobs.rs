//! Every scenario field a user may turn, with its unit, static range and a one-line
//! explanation. The web app builds its forms from this table (so new knobs appear without
//! new UI code) and validation checks ranges against it (so the form and the engine never
//! disagree). Limits that depend on other fields (an offset within the drive) are left out
//! here and checked in code, with a message naming the field.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Int,
    Number,
    Bytes,
    Bool,
    Enum,
    BytesList,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct Knob {
    pub path: &'static str,
    pub group: &'static str,
    pub kind: Kind,
    pub unit: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// Allowed values of an enum, as they are written in JSON (numbers as text).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub options: &'static [&'static str],
    pub label: &'static str,
    pub help: &'static str,
    /// For `workload.*` fields: the workload kinds that have this field.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub workloads: &'static [&'static str],
}

const fn k(path: &'static str, group: &'static str, kind: Kind, unit: &'static str, label: &'static str, help: &'static str) -> Knob {
    Knob { path, group, kind, unit, min: None, max: None, options: &[], label, help, workloads: &[] }
}

impl Knob {
    const fn range(mut self, min: f64, max: f64) -> Knob {
        self.min = Some(min);
        self.max = Some(max);
        self
    }
    const fn at_least(mut self, min: f64) -> Knob {
        self.min = Some(min);
        self
    }
    const fn options(mut self, options: &'static [&'static str]) -> Knob {
        self.options = options;
        self
    }
    const fn only(mut self, workloads: &'static [&'static str]) -> Knob {
        self.workloads = workloads;
        self
    }
}

use Kind::*;

const KIB: f64 = 1024.0;
const MIB: f64 = 1024.0 * KIB;
const GIB: f64 = 1024.0 * MIB;

const JOB: &[&str] = &["job"];
const ALL_JOBS: &[&str] = &["job", "span_sweep", "whole_drive_write", "latency_trace", "steady_state", "transfer_size_sweep"];
const REGION: &[&str] = &["job", "latency_trace", "steady_state", "transfer_size_sweep"];
const FIO_RW: &[&str] = &["read", "write", "randread", "randwrite", "rw", "randrw", "trim", "randtrim"];

pub static KNOBS: &[Knob] = &[
    // run
    k("seed", "run", Int, "", "Seed", "Random seed: the same scenario and seed give the same numbers everywhere").range(0.0, 9_007_199_254_740_991.0),
    k("scale", "run", Int, "×", "Scale", "Simulate 1/N of the drive with every ratio kept (faster; byte axes stay full size)").range(1.0, 1024.0),
    // media
    k("device.nand.cell", "media", Enum, "", "Cell type", "Bits per cell: more bits, cheaper and denser, but slower and less durable").options(&["slc", "mlc", "tlc", "qlc"]),
    k("device.nand.channels", "media", Int, "", "Channels", "Independent buses from the controller to the NAND dies").range(1.0, 32.0),
    k("device.nand.dies_per_channel", "media", Int, "", "Dies per channel", "NAND dies sharing each channel").range(1.0, 32.0),
    k("device.nand.planes_per_die", "media", Int, "", "Planes per die", "Planes per die, each with its own page buffer: the unit of parallelism here").range(1.0, 8.0),
    k("device.nand.blocks_per_plane", "media", Int, "", "Blocks per plane", "Erase blocks in each plane").range(4.0, 65_536.0),
    k("device.nand.pages_per_block", "media", Int, "", "Pages per block", "Pages in an erase block (article 001: 768 x 16 KiB = 12 MiB)").range(4.0, 4096.0),
    k("device.nand.page_bytes", "media", Bytes, "B", "Page size", "Program/read unit; a power of two").range(4096.0, 65_536.0),
    k("device.nand.channel_mb_per_s", "media", Int, "MB/s", "Channel speed", "NAND interface transfer rate per channel (ONFI/Toggle)").range(10.0, 10_000.0),
    k("device.nand.timing.read_us", "media", Number, "µs", "Read time (tR)", "Array read; empty = the cell type's datasheet default").range(1.0, 10_000.0),
    k("device.nand.timing.program_us", "media", Number, "µs", "Program time (tPROG)", "Page program; empty = the cell type's datasheet default").range(10.0, 100_000.0),
    k("device.nand.timing.erase_us", "media", Number, "µs", "Erase time (tBERS)", "Block erase; empty = the cell type's datasheet default").range(100.0, 1_000_000.0),
    // capacity
    k("device.capacity.op_percent", "capacity", Number, "%", "Over-provisioning", "Spare NAND as a share of user capacity: (raw - user) / user").range(0.0, 400.0),
    k("device.capacity.user_bytes", "capacity", Bytes, "B", "User capacity", "Capacity the host sees; 0 = derived from over-provisioning").at_least(0.0),
    // controller
    k("device.controller.command_latency_us", "controller", Number, "µs", "Command latency", "Firmware time per command before flash work starts").range(0.0, 10_000.0),
    k("device.controller.compression", "controller", Bool, "", "Compression", "Compress data before writing it (SandForce-style): compressible data takes fewer NAND sectors"),
    k("device.controller.write_buffer", "controller", Bytes, "B", "Write buffer", "DRAM/SRAM that completes host writes before they reach NAND").range(64.0 * KIB, 4.0 * GIB),
    // host interface
    k("device.host_interface.kind", "host", Enum, "", "Interface", "PCIe (NVMe) or SATA 6 Gb/s").options(&["pcie", "sata"]),
    k("device.host_interface.pcie_gen", "host", Int, "", "PCIe generation", "Per-lane rate: Gen3 about 985 MB/s, Gen4 twice that").range(1.0, 5.0),
    k("device.host_interface.lanes", "host", Int, "", "PCIe lanes", "Link width").options(&["1", "2", "4", "8", "16"]),
    k("device.host_interface.efficiency", "host", Number, "", "Link efficiency", "Share of the raw link left after protocol overhead (Gen3 x2 gives 1.6-1.7 GB/s)").range(0.1, 1.0),
    // garbage collection and wear
    k("device.gc.policy", "gc", Enum, "", "GC policy", "Victim choice: fewest valid pages, oldest first, or cost-benefit").options(&["greedy", "fifo", "cost_benefit"]),
    k("device.gc.free_block_threshold", "gc", Int, "blocks", "GC threshold", "Foreground GC starts when a plane has fewer free blocks").range(2.0, 64.0),
    k("device.gc.background", "gc", Bool, "", "Background GC", "Use host idle time to reclaim blocks ahead of need"),
    k("device.gc.background_free_blocks", "gc", Int, "blocks", "Background target", "Free blocks per plane background GC aims for (at least the GC threshold)").range(2.0, 256.0),
    k("device.gc.pre_erase", "gc", Bool, "", "Pre-erase", "Erase reclaimed blocks at once, so a write needing a fresh block does not wait for tBERS"),
    k("device.wear.dynamic", "gc", Bool, "", "Dynamic wear levelling", "Open the least-worn free block"),
    k("device.wear.static_spread", "gc", Int, "P/E", "Static wear levelling", "Move cold data when erase counts spread wider than this (0 = off)").range(0.0, 1_000_000.0),
    // mapping table cache
    k("device.mapping.sram_bytes", "mapping", Bytes, "B", "SRAM table cache", "Controller SRAM for table segments: 1 MiB covers about 1 GiB of span").range(0.0, 256.0 * MIB),
    k("device.mapping.dram_bytes", "mapping", Bytes, "B", "DRAM", "On-board DRAM for the table; 0 = DRAM-less. Capacity / 1000 holds it all").range(0.0, 64.0 * GIB),
    k("device.mapping.dirty_sram_bytes", "mapping", Bytes, "B", "Dirty-segment SRAM", "Trusted SRAM for modified table segments on a DRAM-less drive").range(0.0, 256.0 * MIB),
    k("device.mapping.dram_access_us", "mapping", Number, "µs", "DRAM access", "Time to read a table entry from DRAM").range(0.0, 100.0),
    k("device.mapping.hmb.allocation_policy", "hmb", Int, "", "HMB allocation policy", "Windows HmbAllocationPolicy: 0 off, 1 the drive's minimum, 2 its preferred size").options(&["0", "1", "2"]),
    k("device.mapping.hmb.host_memory_buffer_bytes", "hmb", Bytes, "B", "HostMemoryBufferBytes", "Exact HMB size the host grants (binary bytes); above the drive's maximum turns HMB off").range(0.0, 64.0 * GIB),
    k("device.mapping.hmb.min_bytes", "hmb", Bytes, "B", "HMB minimum", "Smallest buffer the drive accepts").at_least(0.0),
    k("device.mapping.hmb.preferred_bytes", "hmb", Bytes, "B", "HMB preferred", "Buffer the drive asks for").at_least(0.0),
    k("device.mapping.hmb.max_bytes", "hmb", Bytes, "B", "HMB maximum", "Largest buffer the drive accepts; 0 = no HMB support").range(0.0, 4.0 * GIB),
    k("device.mapping.hmb.chunks", "hmb", Int, "", "HMB chunks", "Pieces the host's grant comes in (descriptor list); table regions cannot span two").range(1.0, 256.0),
    k("device.mapping.hmb.reserved_bytes", "hmb", Bytes, "B", "HMB reserved", "Part of the grant the drive keeps for data other than the table").range(0.0, 4.0 * GIB),
    k("device.mapping.hmb.region_bytes", "hmb", Bytes, "B", "HMB table region", "The table cache takes whole regions of this size; 0 = all of the rest").range(0.0, 4.0 * GIB),
    k("device.mapping.hmb.access_latency_us", "hmb", Number, "µs", "HMB access", "PCIe round trip for a table lookup in host memory").range(0.0, 100.0),
    k("device.mapping.hmb.encrypt", "hmb", Bool, "", "Encrypt HMB", "Encrypt what the drive keeps in untrusted host RAM"),
    k("device.mapping.hmb.encryption_us", "hmb", Number, "µs", "Encryption cost", "Added to every HMB lookup when encrypting").range(0.0, 100.0),
    k("device.mapping.hmb.available_after_s", "hmb", Number, "s", "HMB after boot", "HMB exists only once the OS driver loads; until then the drive runs DRAM-less").range(0.0, 3600.0),
    // precondition
    k("precondition.fill_percent", "precondition", Number, "%", "Sequential fill", "Share of the drive written before the workload").range(0.0, 100.0),
    k("precondition.random_rounds", "precondition", Number, "× capacity", "Random overwrite", "Capacities of random 4 KiB overwrites after the fill (about 3 reaches GC steady state)").range(0.0, 20.0),
    // workload
    k("workload.rw", "workload", Enum, "", "Access pattern", "fio rw: sequential or random, read, write, mixed or trim").options(FIO_RW).only(JOB),
    k("workload.rw", "workload", Enum, "", "Access pattern", "Random reads or random writes").options(&["randread", "randwrite"]).only(&["span_sweep"]),
    k("workload.rw", "workload", Enum, "", "Access pattern", "Sequential or random writes").options(&["write", "randwrite"]).only(&["whole_drive_write", "steady_state"]),
    k("workload.rw", "workload", Enum, "", "Access pattern", "fio rw of every operation traced").options(&["read", "write", "randread", "randwrite"]).only(&["latency_trace", "transfer_size_sweep"]),
    k("workload.rwmixread", "workload", Int, "%", "Read share", "Share of reads in a mixed job").range(0.0, 100.0).only(JOB),
    k("workload.bs", "workload", Bytes, "B", "Block size", "fio bs: bytes per I/O, a multiple of 4 KiB").range(4096.0, 64.0 * MIB).only(&["job", "span_sweep", "whole_drive_write", "latency_trace", "steady_state"]),
    k("workload.iodepth", "workload", Int, "", "Queue depth", "fio iodepth: commands kept in flight").range(1.0, 1024.0).only(ALL_JOBS),
    k("workload.offset", "workload", Bytes, "B", "Offset", "Start of the region the job touches").at_least(0.0).only(REGION),
    k("workload.size", "workload", Bytes, "B", "Region size", "Access span; 0 = to the end of the drive").at_least(0.0).only(REGION),
    k("workload.size", "workload", Bytes, "B", "Test file", "CrystalDiskMark's test file").at_least(8.0 * MIB).only(&["crystal_disk_mark"]),
    k("workload.io_size", "workload", Bytes, "B", "I/O amount", "Stop after this many bytes (0 = no limit); per point in a sweep").range(0.0, 1_125_899_906_842_624.0).only(&["job", "span_sweep", "whole_drive_write", "latency_trace"]),
    k("workload.runtime", "workload", Number, "s", "Runtime", "Simulated seconds (0 = no limit); per point in a sweep").range(0.0, 3600.0).only(&["job", "span_sweep", "transfer_size_sweep", "crystal_disk_mark"]),
    k("workload.ramp_time", "workload", Number, "s", "Ramp time", "fio ramp_time: unmeasured warm-up first (caches fill)").range(0.0, 3600.0).only(&["job", "span_sweep"]),
    k("workload.log_avg_msec", "workload", Number, "ms", "Averaging window", "Width of each throughput-over-time point; 0 = automatic").range(0.0, 3_600_000.0).only(JOB),
    k("workload.thinktime", "workload", Number, "µs", "Think time", "fio thinktime: idle between a completion and the next command (lets background GC work)").range(0.0, 10_000_000.0).only(JOB),
    k("workload.buffer_compress_percentage", "workload", Int, "%", "Compressible", "fio buffer_compress_percentage: how compressible the data is (0 = random)").range(0.0, 100.0).only(&["job", "whole_drive_write", "steady_state"]),
    k("workload.zero_buffers", "workload", Bool, "", "Zeros", "fio zero_buffers: write zero-filled data").only(&["job", "whole_drive_write", "steady_state"]),
    k("workload.spans", "workload", BytesList, "B", "Access spans", "One chart point per span (TxBENCH: 1 to 64 GB)").only(&["span_sweep"]),
    k("workload.points", "workload", Int, "", "Chart points", "Points along the data written").range(2.0, 10_000.0).only(&["whole_drive_write"]),
    k("workload.max_points", "workload", Int, "", "Chart points", "At most this many; each keeps its group's worst latency").range(10.0, 100_000.0).only(&["latency_trace"]),
    k("workload.round_bytes", "workload", Bytes, "B", "Bytes per round", "Written per round, one chart point each").at_least(4096.0).only(&["steady_state"]),
    k("workload.rounds", "workload", Int, "", "Rounds", "Write rounds").range(1.0, 1000.0).only(&["steady_state"]),
    k("workload.sizes", "workload", BytesList, "B", "Transfer sizes", "One chart point per transfer size (Iometer: 4 KiB to 1 MiB)").only(&["transfer_size_sweep"]),
];

/// The knob at `path` (the first, where kinds of workload share a field).
pub fn find(path: &str) -> Option<&'static Knob> {
    KNOBS.iter().find(|k| k.path == path)
}

pub fn knobs_json() -> String {
    serde_json::to_string(KNOBS).expect("the knob table serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    /// Every path in the table names a real field: it appears in some preset's normalised
    /// JSON or in a default scenario of the right workload kind.
    #[test]
    fn every_knob_path_names_a_scenario_field() {
        let mut docs: Vec<serde_json::Value> = crate::presets::all().map(|p| serde_json::to_value(p.scenario().unwrap()).unwrap()).collect();
        for kind in ["job", "span_sweep", "whole_drive_write", "latency_trace", "steady_state", "transfer_size_sweep", "crystal_disk_mark"] {
            let s = Scenario::from_json(&format!(r#"{{"workload":{{"kind":"{kind}"}},"device":{{"nand":{{"timing":{{"read_us":60,"program_us":700,"erase_us":3500}}}}}}}}"#)).unwrap();
            docs.push(serde_json::to_value(s).unwrap());
        }
        for knob in KNOBS {
            let found = docs.iter().any(|d| {
                let mut v = d;
                for part in knob.path.split('.') {
                    match v.get(part) {
                        Some(next) => v = next,
                        None => return false,
                    }
                }
                knob.workloads.is_empty() || knob.workloads.contains(&d["workload"]["kind"].as_str().unwrap())
            });
            assert!(found, "knob {} names no field", knob.path);
        }
    }

    #[test]
    fn ranges_are_ordered_and_enums_have_options() {
        for k in KNOBS {
            if let (Some(a), Some(b)) = (k.min, k.max) {
                assert!(a <= b, "{}", k.path);
            }
            if k.kind == Enum {
                assert!(!k.options.is_empty(), "{} has no options", k.path);
            }
        }
    }
}
