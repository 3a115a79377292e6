//! The fit's search on a fake comparison whose best drive is known: it must walk a knob toward
//! it and stop, leave a knob that changes nothing where it was, skip a refused drive, and give
//! the same steps whether driven directly (the CLI) or through JSON between steps (the page).

use super::*;
use serde_json::json;

fn start() -> Value {
    json!({
        "name": "Test drive",
        "device": {
            "nand": { "channel_mb_per_s": 800.0, "timing": { "read_us": 60.0, "program_us": 500.0 }, "blocks_per_plane": 1000 },
            "slc_cache": { "static_bytes": 1_073_741_824u64 },
        },
        "workload": { "kind": "job" },
    })
}

fn read_us(v: &Value) -> f64 {
    v.pointer("/device/nand/timing/read_us").unwrap().as_f64().unwrap()
}

/// A comparison whose one metric is off by `ratio`.
fn comparison(ratio: f64) -> FioComparison {
    let metric = super::super::MetricError {
        metric: "read_iops".into(),
        op: super::super::MeasuredOp::Read,
        measured: 100.0,
        model: 100.0 * ratio,
        ratio,
        error_percent: (ratio - 1.0) * 100.0,
    };
    FioComparison { job: "j".into(), metrics: vec![metric], geomean_ratio: Some(ratio.ln().abs().exp()) }
}

/// Only the read time matters, nearest at `target` µs; a drive `refuse` names is refused.
fn model(target: f64, refuse: impl Fn(&Value) -> bool) -> impl Fn(&Value) -> Option<FioComparison> {
    move |v| (!refuse(v)).then(|| comparison(read_us(v) / target))
}

/// The CLI's way: propose, run, tell, until the search is over.
fn drive(fake: impl Fn(&Value) -> Option<FioComparison>) -> (FioFit, FitOutput) {
    let mut fit = FioFit::new(start());
    while let Some(candidate) = fit.propose() {
        fit.tell(fake(&candidate)).unwrap();
        assert!(fit.tried() <= FIT_MOST_TRIES);
    }
    let out = fit.output().expect("the search is over");
    (fit, out)
}

#[test]
fn moves_a_knob_toward_the_best_value_and_stops() {
    let (fit, out) = drive(model(33.0, |_| false));
    assert!(out.fitted);
    // Coarse: 60 → 30 (×0.5); fine: 30 → 32.7 (×1.09), the nearest to 33 the factors reach.
    assert_eq!(out.knobs, vec![FitMove { knob: "device.nand.timing.read_us".into(), before: 60.0, after: 32.7 }]);
    assert_eq!(fit.moves().iter().map(|m| m.after).collect::<Vec<_>>(), vec![30.0, 32.7]);
    assert_eq!(read_us(fit.best()), 32.7);
    assert!((out.after.geomean_ratio.unwrap() - 33.0 / 32.7).abs() < 1e-12);
    assert!((out.before.geomean_ratio.unwrap() - 60.0 / 33.0).abs() < 1e-12);
    // Every knob tried every factor that moves it: none is left untried, none tried twice.
    assert_eq!(out.tried, FIT_MOST_TRIES);
    assert_eq!(out.drive, "Test drive");
}

#[test]
fn a_knob_that_changes_nothing_does_not_move() {
    let (fit, out) = drive(model(60.0, |_| false));
    assert!(out.knobs.is_empty(), "{:?}", out.knobs);
    assert!(fit.moves().is_empty());
    assert_eq!(fit.best(), &start());
    assert_eq!(out.before, out.after);
}

#[test]
fn a_refused_drive_is_counted_and_skipped() {
    // Best at 120 µs, but a read time past 100 µs is out of range: coarse ×2 (120) is refused,
    // so ×1.41 (84.6); fine ×1.19 (100.674) is refused, so ×1.09 (92.214).
    let (fit, out) = drive(model(120.0, |v| read_us(v) > 100.0));
    assert_eq!(fit.moves().iter().map(|m| m.after).collect::<Vec<_>>(), vec![84.6, 92.214]);
    assert_eq!(out.tried, FIT_MOST_TRIES);
    assert!(fit.moves().iter().all(|m| m.after <= 100.0));
    // The drive as it is refused: nothing to fit from, said so. Told before any proposal, or
    // asked twice, the search keeps its place.
    let mut fit = FioFit::new(start());
    assert!(fit.tell(None).is_err());
    assert_eq!(fit.propose(), fit.propose());
    assert_eq!(fit.tried(), 1);
    let err = fit.tell(None).unwrap_err();
    assert!(err.message.contains("does not run on this drive"), "{}", err.message);
}

#[test]
fn the_page_s_steps_through_json_match_the_cli_s() {
    let fake = model(33.0, |v| read_us(v) > 100.0);
    let (fit, direct) = drive(&fake);
    let mut step = FioFit::new(start()).step();
    let mut runs = 0;
    while let Some(run) = step.run.take() {
        runs += 1;
        let told = fake(&run).map(|c| serde_json::to_string(&c).unwrap());
        step = FioFit::resume(&step.state.to_string(), told.as_deref()).unwrap();
        assert_eq!((step.tried, step.most), (runs + u32::from(step.run.is_some()), FIT_MOST_TRIES));
    }
    // The comparisons cross as JSON, whose reading may differ in the last bit: the same moves.
    assert_eq!(step.fitted.as_ref(), Some(fit.best()));
    let out = step.output.unwrap();
    assert_eq!((&out.knobs, out.tried, out.fitted), (&direct.knobs, direct.tried, true));
    assert!((out.after.geomean_ratio.unwrap() - direct.after.geomean_ratio.unwrap()).abs() < 1e-12);
    assert!(FioFit::resume("{}", None).is_err());
}
