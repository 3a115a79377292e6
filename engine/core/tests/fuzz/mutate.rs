//! Scenario mutations: a preset's JSON, changed the way a hostile link, a typo or a curious
//! student would change it. Mutations are driven by the knob table, so new knobs are fuzzed
//! without touching this file.

use serde_json::{json, Value};
use ssd_core::rng::SimRng;
use ssd_core::scenario::catalogue::KNOBS;
use ssd_core::scenario::knobs::{Kind, Knob};
use ssd_core::scenario::WORKLOAD_KINDS;

pub struct Mutator {
    pub rng: SimRng,
}

impl Mutator {
    fn below(&mut self, n: usize) -> usize {
        self.rng.below(n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.rng.percent(percent)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Applies one to four mutations, then usually shrinks the drive so the case runs fast.
    pub fn mutate(&mut self, scenario: &mut Value) {
        for _ in 0..1 + self.below(3) {
            match self.below(12) {
                0..=5 => self.turn_a_knob(scenario),
                6 => self.switch_kind(scenario),
                7 => self.break_structure(scenario),
                8 => self.precondition(scenario),
                9 => self.zoned(scenario),
                10 => self.fdp(scenario),
                _ => set(scenario, "scale", json!(1u64 << self.below(11))),
            }
        }
        if self.chance(85) {
            self.make_small(scenario);
        }
    }

    fn kind(scenario: &Value) -> String {
        scenario.pointer("/workload/kind").and_then(Value::as_str).unwrap_or("job").to_string()
    }

    fn turn_a_knob(&mut self, scenario: &mut Value) {
        let kind = Self::kind(scenario);
        let usable: Vec<&Knob> = KNOBS.iter().filter(|k| k.workloads.is_empty() || k.workloads.contains(&kind.as_str())).collect();
        let knob = *self.pick(&usable);
        let value = self.value_for(knob);
        set(scenario, knob.path, value);
    }

    /// In-range extremes, just outside, random in range, and wrong types.
    fn value_for(&mut self, knob: &Knob) -> Value {
        if self.chance(6) {
            return self.wrong_type();
        }
        match knob.kind {
            Kind::Bool => json!(self.chance(50)),
            Kind::Enum => {
                if self.chance(85) {
                    json!(*self.pick(knob.options))
                } else {
                    json!("sideways")
                }
            }
            Kind::BytesList => {
                let n = if self.chance(5) { 70 } else { self.below(8) };
                Value::Array((0..n).map(|_| self.size()).collect())
            }
            Kind::Bytes => {
                if self.chance(40) {
                    self.size()
                } else {
                    self.number(knob)
                }
            }
            Kind::Int if !knob.options.is_empty() => {
                let text = *self.pick(knob.options);
                if self.chance(85) {
                    json!(text.parse::<u64>().unwrap_or(0))
                } else {
                    json!(7)
                }
            }
            Kind::Int | Kind::Number => self.number(knob),
            Kind::Text if knob.path.ends_with("plids") => {
                const PLIDS: &[&str] = &["0", "1", "1,2", "1-3,7", "0-127", "0-128", "3-1", "1,,2", "x", "-1", "65536", ""];
                json!(*self.pick(PLIDS))
            }
            Kind::Text if knob.path.ends_with("dp_scheme") => {
                const SCHEMES: &[&str] = &["0, 1g, 1", "0, 4k, 1; 4k, 1t, 2", "0,0,1", "5g, 1g, 1", "0, 1g", "0, 8p, 127", "0, 1g, 128", "a, b, c", ""];
                json!(*self.pick(SCHEMES))
            }
            Kind::Text => {
                const DISTRIBUTIONS: &[&str] = &[
                    "random",
                    "zipf:1.2",
                    "zipf:0.5",
                    "zipf:1",
                    "zipf:100",
                    "zipf:0",
                    "zipf:-3",
                    "zipf:1e308",
                    "pareto:0.2",
                    "pareto:0.999",
                    "pareto:1",
                    "zoned:80/20",
                    "zoned:80/20:20/80",
                    "zoned:60/10:30/20:10/70",
                    "zoned:100/0:0/100",
                    "zoned:50/50",
                    "zoned:",
                    "normal:5",
                    "",
                ];
                json!(*self.pick(DISTRIBUTIONS))
            }
        }
    }

    fn number(&mut self, knob: &Knob) -> Value {
        let min = knob.min.unwrap_or(0.0);
        let max = knob.max.unwrap_or(1e12);
        let whole = knob.kind != Kind::Number;
        let v = match self.below(12) {
            0 => min,
            1 => max,
            2 => min - 1.0,
            3 => max + 1.0,
            4 => 0.0,
            5 => -1.0,
            6 => 9_007_199_254_740_993.0,
            7 => min + (max - min) * self.below(1001) as f64 / 1000.0,
            _ => min + (max - min).min(1e6) * self.below(1001) as f64 / 1000.0,
        };
        if whole || self.chance(50) {
            let v = v.round();
            if (0.0..1.8e19).contains(&v) {
                return json!(v as u64);
            }
            if v < 0.0 && v > -9e18 {
                return json!(v as i64);
            }
        }
        json!(v)
    }

    fn size(&mut self) -> Value {
        const SIZES: &[&str] = &["4k", "8k", "64k", "128k", "1m", "8m", "64m", "1g", "4g", "16g", "64g", "512GB", "1.5k", "0.3", "4q", "", "1e3", "8p", "1t"];
        if self.chance(70) {
            json!(*self.pick(SIZES))
        } else {
            json!(4096u64 << self.below(40))
        }
    }

    fn wrong_type(&mut self) -> Value {
        match self.below(6) {
            0 => json!("x"),
            1 => json!(true),
            2 => json!([]),
            3 => json!({}),
            4 => Value::Null,
            _ => json!(-0.5),
        }
    }

    fn switch_kind(&mut self, scenario: &mut Value) {
        let kind = *self.pick(&WORKLOAD_KINDS);
        set(scenario, "workload", json!({ "kind": kind }));
        if kind == "cache" {
            self.cache(scenario);
        }
        if kind == "tenants" {
            self.tenants(scenario);
        }
    }

    /// Tenants with their own caps, ids and regions at their edges (a slot off, all off, a cap
    /// below one command a second, ids past the drive's handles, regions past its end).
    fn tenants(&mut self, scenario: &mut Value) {
        for slot in 1..=4 {
            let tenant = json!({
                "enabled": self.chance(60),
                "rw": *self.pick(&["write", "randwrite", "randrw", "read", "trim"]),
                "bs": *self.pick(&[4096u64, 131_072, 64 << 20]),
                "iodepth": *self.pick(&[1u32, 16, 1024]),
                "offset": *self.pick(&[0u64, 1 << 20, 1 << 40]),
                "size": *self.pick(&[0u64, 1 << 20, 1 << 30]),
                "io_size": *self.pick(&[0u64, 1 << 20]),
                "runtime": *self.pick(&[0.0, 0.01]),
                "rate_iops": *self.pick(&[0.0, 0.5, 1.0, 1000.0, 10_000_000.0]),
                "plid": *self.pick(&[0u32, 1, 7, 127]),
            });
            set(scenario, &format!("workload.tenant_{slot}"), tenant);
        }
    }

    /// The flash cache's BlockCache eviction and its request model together, at their edges
    /// (every lookup hitting, a working set the DRAM cache holds, objects as large as a region).
    fn cache(&mut self, scenario: &mut Value) {
        let cache = json!({
            "kind": "cache",
            "utilisation_percent": *self.pick(&[1.0, 50.0, 100.0]),
            "blockcache_eviction": *self.pick(&["lru", "fifo"]),
            "lookup_percent": *self.pick(&[0.0, 74.0, 100.0]),
            "popularity_theta": *self.pick(&[0.01, 0.99, 1.0, 2.0]),
            "working_set_percent": *self.pick(&[1.0, 700.0, 10_000.0]),
            "object_bytes": *self.pick(&[4096u64, 94_208, 1 << 20, 16 << 20]),
            "ram_percent": *self.pick(&[0.0, 2.3, 100.0]),
            "drive_writes": *self.pick(&[0.01, 0.5]),
        });
        set(scenario, "workload", cache);
    }

    fn break_structure(&mut self, scenario: &mut Value) {
        const GROUPS: &[&str] = &["device", "device.nand", "device.capacity", "device.gc", "device.mapping.hmb", "workload", "precondition"];
        let group = *self.pick(GROUPS);
        match self.below(3) {
            0 => {
                let broken = self.wrong_type();
                set(scenario, group, broken);
            }
            1 => set(scenario, &format!("{group}.not_a_field"), json!(1)),
            _ => {
                if let Some(Value::Object(map)) = get_mut(scenario, group) {
                    if let Some(key) = map.keys().next().cloned() {
                        map.remove(&key);
                    }
                }
            }
        }
    }

    /// A zoned drive (its knobs together, which turning one knob at a time rarely reaches),
    /// often under the host's log-structured store, whose knobs the next turns then reach.
    fn zoned(&mut self, scenario: &mut Value) {
        let zones = json!({
            "enabled": true,
            "zone_blocks": *self.pick(&[1u32, 2, 4, 64, 65]),
            "zone_capacity_percent": *self.pick(&[1.0, 50.0, 52.6, 100.0]),
            "max_open_zones": *self.pick(&[1u32, 2, 14, 4096]),
            "max_active_zones": *self.pick(&[1u32, 2, 14, 4096]),
            "unwritten_read": *self.pick(&["zeroes", "error"]),
        });
        set(scenario, "device.zns", zones);
        if self.chance(70) {
            let store = json!({
                "kind": "zoned_log",
                "utilisation_percent": *self.pick(&[5.0, 50.0, 80.0, 95.0]),
                "overwrites": *self.pick(&[0.05, 0.5, 2.0]),
                "clean_at_free_zones": *self.pick(&[1u32, 4, 64]),
                "copy_units": *self.pick(&[1u32, 32, 256]),
                "iodepth": *self.pick(&[1u32, 8, 1024]),
                "zone_writes": *self.pick(&["write", "write_locked", "append"]),
                "explicit_open": self.chance(30),
                "after_cleaning": *self.pick(&["keep_open", "close", "finish"]),
            });
            set(scenario, "workload", store);
        }
    }

    /// An FDP drive (its knobs together: FDP is refused beside an SLC cache, which most
    /// presets have) with reclaim groups at their edges, some not dividing the dies, often
    /// under a job whose placement ids run past the drive's (group, handle) pairs.
    fn fdp(&mut self, scenario: &mut Value) {
        let fdp = json!({
            "enabled": true,
            "handles": *self.pick(&[1u32, 2, 16]),
            "isolation": *self.pick(&["initially", "persistently"]),
            "reclaim_groups": *self.pick(&[0u32, 1, 2, 3, 4, 8, 32, 33]),
        });
        set(scenario, "device.fdp", fdp);
        set(scenario, "device.slc_cache.static_bytes", json!(0));
        set(scenario, "device.slc_cache.dynamic_percent", json!(0));
        if self.chance(60) {
            let job = json!({
                "kind": "job",
                "rw": *self.pick(&["randwrite", "write", "randrw"]),
                "dataplacement": "fdp",
                "plids": *self.pick(&["0", "1-3", "0-127", "5,63"]),
                "plid_select": *self.pick(&["roundrobin", "random"]),
                "runtime": 0.01,
            });
            set(scenario, "workload", job);
        }
    }

    fn precondition(&mut self, scenario: &mut Value) {
        let fill = *self.pick(&[0.0, 1.0, 50.0, 100.0]);
        set(scenario, "precondition", json!({ "fill_percent": fill, "random_rounds": self.below(4) as f64 * 0.5 }));
    }

    /// The largest scale at which the case validates, and often a lighter preconditioning
    /// (filling even a scaled drive is millions of programs), so most cases run in
    /// milliseconds.
    fn make_small(&mut self, scenario: &mut Value) {
        if self.chance(70) {
            let fill = *self.pick(&[0.0, 2.0, 10.0]);
            set(scenario, "precondition", json!({ "fill_percent": fill, "random_rounds": if fill > 0.0 { 0.5 } else { 0.0 } }));
        }
        for scale in (0..=10).rev().map(|p| 1u64 << p) {
            set(scenario, "scale", json!(scale));
            if ssd_core::Scenario::from_json(&scenario.to_string()).is_ok() {
                return;
            }
        }
    }
}

pub fn get_mut<'a>(root: &'a mut Value, path: &str) -> Option<&'a mut Value> {
    let mut at = root;
    for part in path.split('.') {
        at = at.as_object_mut()?.get_mut(part)?;
    }
    Some(at)
}

/// Sets `path`, creating objects along it (a null group becomes an object).
pub fn set(root: &mut Value, path: &str, value: Value) {
    let parts: Vec<&str> = path.split('.').collect();
    let mut at = root;
    for part in &parts[..parts.len() - 1] {
        if !at.is_object() {
            *at = json!({});
        }
        let map = at.as_object_mut().expect("made an object above");
        at = map.entry(part.to_string()).or_insert_with(|| json!({}));
    }
    if !at.is_object() {
        *at = json!({});
    }
    at.as_object_mut().expect("made an object above").insert(parts[parts.len() - 1].to_string(), value);
}
