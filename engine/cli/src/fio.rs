//! `ssdsim fio import FILE [--job NAME] [--scenario S.json]` and `ssdsim fio export
//! SCENARIO`: fio job files in and out (docs/fio.md). The import prints a whole scenario
//! (the drive from the default scenario or `--scenario`, its workload replaced by the job)
//! and lists on standard error every option it did not model.

use ssd_core::fio;
use ssd_core::Scenario;

pub fn run(args: &[&str]) -> Result<(), String> {
    match args {
        ["import", rest @ ..] => import(rest),
        ["export", path] => export(path),
        _ => Err("usage: ssdsim fio import FILE [--job NAME] [--scenario S.json] | ssdsim fio export <scenario.json | ->".to_string()),
    }
}

fn import(args: &[&str]) -> Result<(), String> {
    let (mut path, mut job, mut base) = (None, None, None);
    let mut args = args.iter();
    while let Some(&arg) = args.next() {
        match arg {
            "--job" => job = Some(*args.next().ok_or("--job needs a section name")?),
            "--scenario" => base = Some(*args.next().ok_or("--scenario needs a scenario file")?),
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
            _ if path.is_none() => path = Some(arg),
            _ => return Err(format!("one job file at a time (got {arg} too)")),
        }
    }
    let path = path.ok_or("ssdsim fio import needs a FILE")?;
    let text = crate::read_input(path)?;
    let imported = fio::import(&text, job).map_err(|e| format!("{path}: {e}"))?;
    let mut scenario = match base {
        Some(base) => Scenario::parse(&crate::read_scenario(base)?).map_err(|e| format!("invalid scenario {base}: {e}"))?,
        None => Scenario { name: imported.name.clone(), ..Scenario::default() },
    };
    // Job sections that run at once come in as tenants; otherwise the one job.
    scenario.workload = imported.workload();
    for u in &imported.unmodelled {
        let option = match (u.option.as_str(), u.value.as_str()) {
            ("", _) => String::new(),
            (option, "") => format!(" {option}"),
            (option, value) => format!(" {option}={value}"),
        };
        eprintln!("ssdsim: {path}:{} [{}]{option}: {}", u.line, u.section, u.reason);
    }
    eprintln!("ssdsim: imported [{}] of {} job section(s)", imported.name, imported.jobs.len());
    // The job's own ranges were checked on import; the drive's size is checked here.
    scenario.validate().map_err(|e| format!("the imported job does not fit this drive: {e}"))?;
    crate::out::line(scenario.to_json())
}

fn export(path: &str) -> Result<(), String> {
    let scenario = Scenario::parse(&crate::read_scenario(path)?).map_err(|e| format!("invalid scenario: {e}"))?;
    let text = fio::export(&scenario).map_err(|e| format!("cannot export as a fio job file: {e}"))?;
    crate::out::line(text.trim_end())
}
