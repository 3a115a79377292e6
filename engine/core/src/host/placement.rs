//! The placement id each write of a job carries, picked as fio's `dp_fill_dspec_data` picks
//! it (see `scenario::placement`): round robin over `plids`, one drawn at random, or by the
//! `dp_scheme` row holding the write's offset. Reads and trims carry none.
//!
//! The random pick draws from its own stream, so tagging a job's writes never moves the
//! blocks it touches: the same job with and without placement writes the same addresses.

use crate::rng::SimRng;
use crate::scenario::{parse_plids, parse_scheme, scheme_plid, DataPlacement, Job, PlidSelect, SchemeRow};
use crate::units::MAPPING_UNIT_BYTES;

/// Offsets the placement stream's seed from the job's, so its draws are its own.
const STREAM: u64 = 0x706C_6964; // "plid"

pub(crate) struct PlacementPicker {
    select: Option<PlidSelect>,
    ids: Box<[u16]>,
    rows: Box<[SchemeRow]>,
    next: usize,
    rng: SimRng,
}

impl PlacementPicker {
    /// Validation refused lists that do not parse; an empty list tags 0.
    pub fn new(job: &Job, seed: u64) -> PlacementPicker {
        let on = job.dataplacement != DataPlacement::None;
        let ids = parse_plids(&job.plids).unwrap_or_default();
        let rows = parse_scheme(&job.dp_scheme).unwrap_or_default();
        let usable = if job.plid_select == PlidSelect::Scheme { !rows.is_empty() } else { !ids.is_empty() };
        PlacementPicker {
            select: (on && usable).then_some(job.plid_select),
            ids: ids.into_boxed_slice(),
            rows: rows.into_boxed_slice(),
            next: 0,
            rng: SimRng::new(seed ^ STREAM),
        }
    }

    /// The id of the next write, whose first 4 KiB unit is `lba`.
    #[inline]
    pub fn pick(&mut self, lba: u32) -> u16 {
        match self.select {
            None => 0,
            Some(PlidSelect::Roundrobin) => {
                let id = self.ids[self.next];
                self.next = (self.next + 1) % self.ids.len();
                id
            }
            Some(PlidSelect::Random) => self.ids[self.rng.below(self.ids.len() as u64) as usize],
            Some(PlidSelect::Scheme) => scheme_plid(&self.rows, lba as u64 * MAPPING_UNIT_BYTES),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tagged(plids: &str, select: PlidSelect, scheme: &str) -> PlacementPicker {
        let job = Job { dataplacement: DataPlacement::Fdp, plids: plids.into(), plid_select: select, dp_scheme: scheme.into(), ..Job::default() };
        PlacementPicker::new(&job, 7)
    }

    #[test]
    fn each_write_takes_its_id_as_fio_picks_it() {
        let mut rr = tagged("1,3-4", PlidSelect::Roundrobin, "");
        let ids: Vec<u16> = (0..7).map(|_| rr.pick(0)).collect();
        assert_eq!(ids, [1, 3, 4, 1, 3, 4, 1]);
        let mut random = tagged("2,5", PlidSelect::Random, "");
        let mut counts = [0u32; 6];
        for _ in 0..10_000 {
            counts[random.pick(0) as usize] += 1;
        }
        assert_eq!(counts[2] + counts[5], 10_000);
        assert!((4_800..=5_200).contains(&counts[2]), "uniform over the list: {counts:?}");
        let mut scheme = tagged("", PlidSelect::Scheme, "0, 1m, 3; 1m, 2m, 6");
        assert_eq!([scheme.pick(0), scheme.pick(255), scheme.pick(256), scheme.pick(512)], [3, 3, 6, 0]);
        let mut off = PlacementPicker::new(&Job { plids: "9".into(), ..Job::default() }, 7);
        assert_eq!(off.pick(0), 0, "dataplacement none tags nothing");
    }
}
