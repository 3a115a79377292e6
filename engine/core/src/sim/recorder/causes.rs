//! Where the run's latency went, by cause (`metrics::causes`): totals per operation kind,
//! totals per latency bin (so the parts of any percentile band can be read at the end), the
//! slowest commands whole, and an even sample of all. Memory is fixed whatever the run's
//! length; recording a command is a few dozen additions.

use crate::metrics::causes::{BINS, SAMPLE, SLOWEST};
use crate::metrics::{Cause, Op, Parts, CAUSES};
use crate::units::Nanos;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use ts_rs::TS;

/// Latency bins per doubling: a band's edges are within one bin (19 %) of its percentile.
const BINS_PER_OCTAVE: u32 = 4;

/// Bins 0..=3 hold 0..=3 ns, then 4 bins per doubling (bin 4 starts at 4 ns).
fn bin_of(ns: Nanos) -> usize {
    if ns < 4 {
        return ns as usize;
    }
    // 2^octave <= ns, octave >= 2; the two bits below the leading one pick the quarter.
    let octave = 63 - ns.leading_zeros();
    let quarter = ((ns >> (octave - 2)) & 3) as u32;
    ((octave - 1) * BINS_PER_OCTAVE + quarter) as usize
}

/// The lowest latency in bin `b`.
fn bin_floor(b: usize) -> Nanos {
    if b < 4 {
        return b as Nanos;
    }
    let (octave, quarter) = (b as u32 / BINS_PER_OCTAVE + 1, b as u64 % BINS_PER_OCTAVE as u64);
    (4 + quarter) << (octave - 2)
}

/// One command whole.
#[derive(Clone, Copy)]
struct Command {
    op: Op,
    issued: Nanos,
    latency: Nanos,
    units: u32,
    parts: [Nanos; CAUSES],
}

/// One operation kind's totals: overall and per latency bin.
struct OpTotals {
    count: u64,
    bin_count: Vec<u64>,
    /// Nanoseconds per cause in each latency bin (the totals are their sums): 2^64 ns is
    /// 584 years of latency summed.
    bin_ns: Vec<[u64; CAUSES]>,
    max: Option<Command>,
}

impl OpTotals {
    fn new() -> OpTotals {
        OpTotals { count: 0, bin_count: vec![0; BINS], bin_ns: vec![[0; CAUSES]; BINS], max: None }
    }

    /// Nanoseconds per cause over every command.
    fn ns(&self) -> [u64; CAUSES] {
        let mut ns = [0; CAUSES];
        for bin in &self.bin_ns {
            for (total, &v) in ns.iter_mut().zip(bin) {
                *total += v;
            }
        }
        ns
    }
}

pub(crate) struct CauseRecorder {
    /// The causes the drive books (bit per `Cause`), in the document's list.
    causes: u32,
    ops: [OpTotals; 2],
    /// (latency, index into `slowest`), the fastest kept on top.
    slow_heap: BinaryHeap<Reverse<(Nanos, usize)>>,
    slowest: Vec<Command>,
    /// Every `stride`-th command, thinned by doubling the stride when full (a power of two:
    /// a mask, not a division per command).
    sample: Vec<Command>,
    stride: u64,
    seen: u64,
    /// The next multiple of `stride` from `seen`: one comparison per command.
    next_sample: u64,
    /// Commands whose parts did not add up to their latency: none, or a device's chain
    /// has a gap (the tests hold it at zero).
    pub unbalanced: u64,
}

impl CauseRecorder {
    pub fn new(causes: u32) -> CauseRecorder {
        CauseRecorder {
            causes,
            ops: [OpTotals::new(), OpTotals::new()],
            slow_heap: BinaryHeap::with_capacity(SLOWEST),
            slowest: Vec::with_capacity(SLOWEST),
            sample: Vec::with_capacity(SAMPLE),
            stride: 1,
            seen: 0,
            next_sample: 0,
            unbalanced: 0,
        }
    }

    /// A read or write finished: `parts` sum to `latency` (to `done - issued`).
    #[inline]
    pub fn record(&mut self, op: Op, issued: Nanos, latency: Nanos, units: u32, parts: &Parts) {
        let t = &mut self.ops[op as usize];
        t.count += 1;
        let b = bin_of(latency);
        t.bin_count[b] += 1;
        let bin = &mut t.bin_ns[b];
        let mut sum = 0;
        for (in_bin, &ns) in bin.iter_mut().zip(&parts.ns) {
            *in_bin += ns;
            sum += ns;
        }
        self.unbalanced += (sum != latency) as u64;
        let command = || Command { op, issued, latency, units, parts: parts.ns };
        if t.max.is_none_or(|m| latency > m.latency) {
            t.max = Some(command());
        }
        if self.slowest.len() < SLOWEST {
            self.slow_heap.push(Reverse((latency, self.slowest.len())));
            self.slowest.push(command());
        } else if self.slow_heap.peek().is_some_and(|r| latency > r.0 .0) {
            let Reverse((_, i)) = self.slow_heap.pop().expect("full heap");
            self.slowest[i] = command();
            self.slow_heap.push(Reverse((latency, i)));
        }
        if self.seen == self.next_sample {
            if self.sample.len() == SAMPLE {
                let mut keep = 0;
                self.sample.retain(|_| {
                    keep += 1;
                    keep % 2 == 1
                });
                self.stride *= 2;
            }
            if self.seen & (self.stride - 1) == 0 {
                self.sample.push(command());
            }
            self.next_sample = (self.seen | (self.stride - 1)) + 1;
        }
        self.seen += 1;
    }

    fn listed(&self) -> Vec<Cause> {
        Cause::ALL.into_iter().filter(|c| self.causes & (1 << *c as u32) != 0).collect()
    }

    /// The document the page and the CLI read (`LatencyCauses`); `quantile(op, q)` is the
    /// run's latency at quantile q, ns.
    pub fn document(&self, quantile: impl Fn(Op, f64) -> Nanos) -> LatencyCauses {
        let causes = self.listed();
        let op = |op: Op| {
            let t = &self.ops[op as usize];
            (t.count > 0).then(|| {
                let mut c = OpCauses::of(t, &causes, |q| quantile(op, q));
                // The slowest commands kept whole hold every one above p99 when few enough
                // (no bin is then in doubt): the tail, exactly. The bands stay binned, so
                // they count every command once.
                let slow: Vec<&Command> = self.slowest.iter().filter(|c| c.op == op).collect();
                let p99 = quantile(op, 0.99);
                if slow.len() as u64 == t.count || self.slowest.iter().any(|c| c.latency <= p99) {
                    c.tail = Band::exact("above_p99", &slow, p99, Nanos::MAX, &causes);
                }
                c
            })
        };
        let mut slowest: Vec<Command> = self.slowest.clone();
        slowest.sort_by_key(|c| (Reverse(c.latency), c.issued));
        LatencyCauses {
            causes: causes.clone(),
            read: op(Op::Read),
            write: op(Op::Write),
            slowest: slowest.iter().map(|c| SlowCommand::of(c, &causes)).collect(),
            sample: self.sample.iter().map(|c| SlowCommand::of(c, &causes)).collect(),
        }
    }
}

/// Where a run's latency went (see `metrics::causes`). µs throughout; `causes_us` lists
/// follow `causes`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct LatencyCauses {
    /// The causes this drive books, in stacking order.
    pub causes: Vec<Cause>,
    pub read: Option<OpCauses>,
    pub write: Option<OpCauses>,
    /// Up to 200 slowest commands, slowest first; and an even sample of all commands.
    pub slowest: Vec<SlowCommand>,
    pub sample: Vec<SlowCommand>,
}

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct OpCauses {
    pub count: f64,
    pub mean_us: f64,
    /// Mean time per command in each cause.
    pub causes_us: Vec<f64>,
    /// The commands slower than p99.
    pub tail: Band,
    /// to_p50, p50_p99, p99_p999, above_p999.
    pub bands: Vec<Band>,
    pub max: SlowCommand,
}

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Band {
    pub id: String,
    /// The band's edges as binned (within one bin of the percentiles).
    pub from_us: f64,
    pub to_us: f64,
    pub count: f64,
    pub mean_us: f64,
    pub causes_us: Vec<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct SlowCommand {
    #[ts(type = "\"read\" | \"write\"")]
    pub op: &'static str,
    pub issued_s: f64,
    pub latency_us: f64,
    pub units: u32,
    pub causes_us: Vec<f64>,
}

impl SlowCommand {
    fn of(c: &Command, causes: &[Cause]) -> SlowCommand {
        SlowCommand {
            op: if c.op == Op::Read { "read" } else { "write" },
            issued_s: c.issued as f64 / 1e9,
            latency_us: c.latency as f64 / 1e3,
            units: c.units,
            causes_us: causes.iter().map(|&k| c.parts[k as usize] as f64 / 1e3).collect(),
        }
    }
}

impl OpCauses {
    fn of(t: &OpTotals, causes: &[Cause], quantile: impl Fn(f64) -> Nanos) -> OpCauses {
        let mean = |ns: &[u64; CAUSES], n: u64| causes.iter().map(|&c| ns[c as usize] as f64 / n.max(1) as f64 / 1e3).collect::<Vec<_>>();
        let causes_us = mean(&t.ns(), t.count);
        let edges = [0, bin_of(quantile(0.5)) + 1, bin_of(quantile(0.99)) + 1, bin_of(quantile(0.999)) + 1, BINS];
        let ids = ["to_p50", "p50_p99", "p99_p999", "above_p999"];
        let bands = ids.iter().enumerate().map(|(i, id)| Band::of(t, causes, id, edges[i], edges[i + 1].max(edges[i]))).collect();
        OpCauses {
            count: t.count as f64,
            mean_us: causes_us.iter().fold(0.0, |s, v| s + v),
            causes_us,
            tail: Band::of(t, causes, "above_p99", edges[2], BINS),
            bands,
            max: SlowCommand::of(&t.max.expect("a command was recorded"), causes),
        }
    }
}

impl Band {
    /// The commands of `slow` with latency in (`above`, `to`].
    fn exact(id: &str, slow: &[&Command], above: Nanos, to: Nanos, causes: &[Cause]) -> Band {
        let inside: Vec<&&Command> = slow.iter().filter(|c| c.latency > above && c.latency <= to).collect();
        let n = inside.len().max(1) as f64;
        let causes_us: Vec<f64> = causes.iter().map(|&k| inside.iter().fold(0.0, |s, c| s + c.parts[k as usize] as f64) / n / 1e3).collect();
        let to_us = if to == Nanos::MAX { 1e18 } else { to as f64 / 1e3 };
        Band { id: id.into(), from_us: above as f64 / 1e3, to_us, count: inside.len() as f64, mean_us: causes_us.iter().fold(0.0, |s, v| s + v), causes_us }
    }

    /// The commands in bins `from..to`.
    fn of(t: &OpTotals, causes: &[Cause], id: &str, from: usize, to: usize) -> Band {
        let count: u64 = t.bin_count[from..to].iter().sum();
        let mut ns = [0u128; CAUSES];
        for bin in &t.bin_ns[from..to] {
            for (total, &v) in ns.iter_mut().zip(bin) {
                *total += v as u128;
            }
        }
        let causes_us: Vec<f64> = causes.iter().map(|&c| ns[c as usize] as f64 / count.max(1) as f64 / 1e3).collect();
        let edge_us = |b: usize| if b >= BINS { f64::INFINITY } else { bin_floor(b) as f64 / 1e3 };
        Band {
            id: id.into(),
            from_us: edge_us(from),
            to_us: edge_us(to).min(1e18),
            count: count as f64,
            mean_us: causes_us.iter().fold(0.0, |s, v| s + v),
            causes_us,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::Chain;

    #[test]
    fn bins_are_monotone_and_their_floors_round_trip() {
        let mut last = 0;
        for ns in (0..100_000u64).chain([1 << 40, u64::MAX / 2]) {
            let b = bin_of(ns);
            assert!(b >= last || ns > 99_999);
            assert!(bin_floor(b) <= ns && (b + 1 >= BINS || ns < bin_floor(b + 1)), "{ns} in bin {b}");
            last = b;
        }
    }

    #[test]
    fn the_slowest_are_kept_and_the_sample_stays_even() {
        let mut r = CauseRecorder::new(u32::MAX);
        for i in 0..10_000u64 {
            let latency = (i * 7919) % 10_007 + 1;
            let mut p = Parts::starting(0);
            p.to(Cause::MediaRead, latency);
            r.record(Op::Read, i, latency, 1, &p);
        }
        let d = r.document(|_, q| (q * 10_007.0) as Nanos);
        assert_eq!(d.slowest.len(), SLOWEST);
        assert_eq!(d.slowest[0].latency_us, 10.007);
        assert!(d.slowest.windows(2).all(|w| w[0].latency_us >= w[1].latency_us));
        assert!(d.sample.len() <= SAMPLE && d.sample.len() > SAMPLE / 2);
        let read = d.read.unwrap();
        assert_eq!(read.count, 10_000.0);
        let in_bands: f64 = read.bands.iter().map(|b| b.count).sum();
        assert_eq!(in_bands, 10_000.0, "the bands cover every command once");
    }
}
