//! Job files whose job sections run at the same time, in and out of the `tenants` workload.
//!
//! fio starts every job section of a file at once unless one waits (`stonewall` /
//! `wait_for_previous`, `wait_for=<name>`): two to four such sections are tenants, each a job
//! of its own. A file whose sections wait for each other, or whose jobs a tenant cannot hold
//! (several threads, a ramp, think time, a start delay, compressible data, several placement
//! ids), is read as before: one job, the first section, the others listed.
//!
//! A tenant also reads fio's `rate_iops` (one value for every direction), which a single job
//! does not model.

use super::export::{header, job_section, whole};
use super::import::{finish, not_imported};
use super::ini::{Entry, Section};
use super::options::Builder;
use super::{FioError, Imported};
use crate::scenario::{parse_plids, DataPlacement, Job, PlidSelect, ScenarioError, Tenant, Tenants, TENANT_SLOTS};
use std::fmt::Write as _;

/// Options by which a job section waits for others: its sections then do not run at once.
const WAITS: [&str; 3] = ["stonewall", "wait_for_previous", "wait_for"];

/// The file's job sections as tenants, or None when they do not all run at once (or are not
/// 2 to 4, or a tenant cannot hold one of them).
pub(super) fn import_tenants(sections: &[Section]) -> Result<Option<Imported>, FioError> {
    let jobs: Vec<usize> = (0..sections.len()).filter(|&i| !sections[i].is_global()).collect();
    if jobs.len() < 2 || jobs.len() > TENANT_SLOTS {
        return Ok(None);
    }
    let waits = |s: &Section| s.options.iter().any(|e| WAITS.contains(&e.key.as_str()));
    if sections.iter().any(waits) {
        return Ok(None);
    }
    let mut tenants = Tenants { tenant_1: Tenant::default(), tenant_2: Tenant::default(), ..Tenants::default() };
    let mut unmodelled = Vec::new();
    let mut first_job = None;
    for (k, &i) in jobs.iter().enumerate() {
        let mut builder = Builder::new();
        let mut rate = 0.0;
        // The `[global]` sections before the job, then the job, as fio lays them.
        for (_, section) in sections[..=i].iter().enumerate().filter(|(j, s)| s.is_global() || *j == i) {
            for entry in &section.options {
                match entry.key.as_str() {
                    "rate_iops" => match rate_iops(&builder, entry) {
                        Some(r) => rate = r,
                        None => {
                            builder.note(&section.name, entry, None, "not modelled: a tenant's IOPS cap is one whole number for every direction".to_string())
                        }
                    },
                    _ => builder.apply(&section.name, entry)?,
                }
            }
        }
        let job = finish(&mut builder, &sections[i])?;
        let Some(tenant) = tenant_of(&job, rate) else { return Ok(None) };
        if k == 0 {
            tenants.log_avg_msec = job.log_avg_msec;
            first_job = Some(job);
        }
        *tenants.slots_mut()[k] = tenant;
        unmodelled.append(&mut builder.unmodelled);
    }
    // A `[global]` after the last job applies to nothing.
    let last = *jobs.last().expect("two jobs or more");
    unmodelled.extend(sections[last..].iter().filter(|s| s.is_global()).map(not_imported));
    let names: Vec<String> = jobs.iter().map(|&i| sections[i].name.clone()).collect();
    Ok(Some(Imported { job: first_job.expect("two jobs or more"), name: names.join(" + "), jobs: names, unmodelled, tenants: Some(tenants) }))
}

/// fio's `rate_iops` as one whole number (`500`, `1k`); None for a value per direction.
fn rate_iops(b: &Builder, entry: &Entry) -> Option<f64> {
    let text = entry.value.as_deref()?.trim();
    if text.contains(',') {
        return None;
    }
    super::values::whole(text, b.kb_base).ok().filter(|&v| v <= 10_000_000).map(f64::from)
}

/// The tenant a job is, when a tenant can hold it: one thread, no ramp, start delay or think
/// time, incompressible data, at most one placement id.
fn tenant_of(job: &Job, rate_iops: f64) -> Option<Tenant> {
    let plain = job.numjobs == 1
        && job.offset_increment.0 == 0
        && job.ramp_time == 0.0
        && job.startdelay == 0.0
        && job.thinktime == 0.0
        && job.buffer_compress_percentage == 0
        && !job.zero_buffers;
    let plid = match job.dataplacement {
        DataPlacement::None => 0,
        _ if job.plid_select == PlidSelect::Scheme => return None,
        _ => match parse_plids(&job.plids).ok()?.as_slice() {
            [] => 0,
            [id] => *id,
            _ => return None,
        },
    };
    plain.then(|| Tenant {
        enabled: true,
        rw: job.rw,
        rwmixread: job.rwmixread,
        bs: job.bs,
        iodepth: job.iodepth,
        offset: job.offset,
        size: job.size,
        io_size: job.io_size,
        runtime: job.runtime,
        rate_iops,
        random_distribution: job.random_distribution.clone(),
        plid,
    })
}

/// The running tenants as one job file: a section each (`[tenant-1]` …), none waiting for
/// another, so fio runs them at once. A refusal names the tenant's field.
pub(super) fn export_tenants(t: &Tenants) -> Result<String, ScenarioError> {
    crate::scenario::Workload::Tenants(t.clone()).validate(crate::units::MAX_SIZE_BYTES)?;
    let mut out = header("tenants");
    out.push_str("; the sections run at once (no stonewall): one per tenant\n");
    for (slot, tenant) in t.running() {
        let in_tenant = |e: ScenarioError| {
            let field = e.field.strip_prefix("workload.").map_or(e.field.clone(), |f| format!("workload.tenant_{slot}.{f}"));
            ScenarioError::new(field, e.code, e.message)
        };
        job_section(&mut out, &tenant.job(t.log_avg_msec), &format!("tenant-{slot}")).map_err(in_tenant)?;
        if tenant.rate_iops > 0.0 {
            let rate = whole(tenant.rate_iops, "rate_iops", "commands a second").map_err(in_tenant)?;
            let _ = writeln!(out, "rate_iops={rate}");
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::{export, import};
    use crate::scenario::{Rw, Scenario, Tenant, Tenants, Workload};
    use crate::units::{Bytes, GIB, MIB};

    const TWO: &str = "[global]\nioengine=io_uring_cmd\nsize=8g\n\n[log]\nrw=write\nbs=128k\niodepth=8\noffset=0\nio_size=64g\n\
                       dataplacement=fdp\nplids=1\n\n[random]\nrw=randwrite\nbs=4k\niodepth=16\noffset=8g\nio_size=16g\nrate_iops=20000\nfdp=1\nfdp_pli=2\n";

    #[test]
    fn sections_that_run_at_once_are_tenants() {
        let i = import(TWO, None).unwrap();
        let Workload::Tenants(t) = i.workload() else { panic!("tenants") };
        assert_eq!(i.jobs, ["log", "random"]);
        let (a, b) = (&t.tenant_1, &t.tenant_2);
        assert_eq!((a.enabled, a.rw, a.bs, a.iodepth, a.size, a.io_size, a.plid), (true, Rw::Write, Bytes(128 << 10), 8, Bytes(8 * GIB), Bytes(64 * GIB), 1));
        assert_eq!((b.rw, b.offset, b.io_size, b.rate_iops, b.plid), (Rw::Randwrite, Bytes(8 * GIB), Bytes(16 * GIB), 20000.0, 2));
        assert!(!t.tenant_3.enabled && !t.tenant_4.enabled);
        // A stonewall runs them one after another: one job, as before.
        let walled = TWO.replace("[random]\n", "[random]\nstonewall\n");
        let one = import(&walled, None).unwrap();
        assert!(matches!(one.workload(), Workload::Job(_)) && one.name == "log");
        // A section asked for by name is that job alone.
        assert!(matches!(import(TWO, Some("random")).unwrap().workload(), Workload::Job(_)));
        // A job a tenant cannot hold (two threads) keeps the file a single job's.
        assert!(matches!(import(&TWO.replace("iodepth=16", "iodepth=16\nnumjobs=2"), None).unwrap().workload(), Workload::Job(_)));
    }

    #[test]
    fn tenants_export_and_import_back_the_same() {
        let log = Tenant {
            enabled: true,
            rw: Rw::Write,
            bs: Bytes(MIB),
            iodepth: 4,
            size: Bytes(2 * GIB),
            io_size: Bytes(8 * GIB),
            runtime: 0.0,
            plid: 1,
            ..Tenant::default()
        };
        let random = Tenant {
            enabled: true,
            rw: Rw::Randrw,
            rwmixread: 30,
            offset: Bytes(2 * GIB),
            size: Bytes(GIB),
            runtime: 20.0,
            rate_iops: 1500.0,
            random_distribution: "zipf:1.2".into(),
            plid: 3,
            ..Tenant::default()
        };
        let reader = Tenant { enabled: true, rw: Rw::Randread, offset: Bytes(4 * GIB), size: Bytes(0), io_size: Bytes(GIB), runtime: 0.0, ..Tenant::default() };
        let t = Tenants { tenant_1: log, tenant_2: random, tenant_3: reader, log_avg_msec: 250.0, ..Tenants::default() };
        let s = Scenario { workload: Workload::Tenants(t.clone()), ..Scenario::default() };
        let text = export(&s).unwrap();
        assert_eq!(text.matches("\n[tenant-").count(), 3, "{text}");
        assert!(!text.lines().any(|l| l.trim() == "stonewall"), "{text}");
        assert_eq!(import(&text, None).unwrap().workload(), Workload::Tenants(t));
    }
}
