//! Placement identifiers on a job's writes, spelled as fio spells them (fio's HOWTO and
//! `dataplacement.c`): `dataplacement` (none, fdp, streams), `plids` (fio's `fdp_pli`: the ids a
//! job may use, `1,2-4,5`), `plid_select` (roundrobin, random, or scheme) and `dp_scheme`
//! (fio reads "start, end, plid" lines from a file; a scenario holds no files, so the rows are
//! inline here, `;` or a newline between rows).
//!
//! What fio does and this follows: only writes carry a placement id (`dp_fill_dspec_data`
//! sets none on reads and trims); round robin takes the next id on every write; random picks
//! one uniformly; scheme takes the id of the first row whose `[start, end)` holds the write's
//! byte offset, and id 0 (the default handle) when none does. An NVMe FDP write without a
//! placement directive goes to placement handle 0, so id 0 and "no id" land in the same
//! place: a job that never tags and a job tagging 0 are the same run.

use super::knobs::KnobValue;
use crate::units::parse_size;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// fio `dataplacement`: which directive a job's writes carry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum DataPlacement {
    /// No directive: every write goes where the drive puts untagged data.
    #[default]
    #[option("None")]
    None,
    /// NVMe Flexible Data Placement: the id picks a reclaim unit handle.
    #[option("FDP")]
    Fdp,
    /// NVMe Streams: the id is a stream id (the drive treats it as a placement id here).
    #[option("Streams")]
    Streams,
}

/// fio `plid_select`: how the next write's id is picked from `plids`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum PlidSelect {
    /// The next id of the list on every write (fio's default).
    #[default]
    #[option("Round robin")]
    Roundrobin,
    /// An id of the list drawn uniformly on every write.
    #[option("Random")]
    Random,
    /// The id of the `dp_scheme` row holding the write's offset.
    #[option("By address range")]
    Scheme,
}

/// Most ids a job may list: fio's `FIO_MAX_DP_IDS`.
pub const MAX_PLIDS: usize = 128;
/// Highest id: NVMe FDP has at most 128 placement handles a namespace (ids 0..127).
pub const MAX_PLID: u16 = 127;
/// Most `dp_scheme` rows: fio's `DP_MAX_SCHEME_ENTRIES` (it ignores the rest; here they
/// are refused).
pub const MAX_SCHEME_ROWS: usize = 32;

/// One `dp_scheme` row: writes at byte offsets `start..end` carry `plid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchemeRow {
    pub start: u64,
    pub end: u64,
    pub plid: u16,
}

fn plid(text: &str) -> Result<u16, String> {
    let t = text.trim();
    match t.parse::<u32>() {
        Ok(v) if v <= MAX_PLID as u32 => Ok(v as u16),
        Ok(v) => Err(format!("placement id {v} is above {MAX_PLID} (NVMe FDP: at most 128 placement handles)")),
        Err(_) => Err(format!("\"{t}\" is not a placement id (a whole number 0 to {MAX_PLID})")),
    }
}

/// fio's `plids` list: ids and ranges separated by commas (`0,2-4,7`), in the order given.
pub fn parse_plids(text: &str) -> Result<Vec<u16>, String> {
    let mut ids = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (lo, hi) = match part.split_once('-') {
            Some((a, b)) => (plid(a)?, plid(b)?),
            None => (plid(part)?, plid(part)?),
        };
        if lo > hi {
            return Err(format!("range \"{part}\" runs backwards (write low-high)"));
        }
        for id in lo..=hi {
            if ids.len() == MAX_PLIDS {
                return Err(format!("more than {MAX_PLIDS} ids (fio's limit)"));
            }
            ids.push(id);
        }
    }
    Ok(ids)
}

/// fio's `dp_scheme` rows, inline: `start, end, plid` per row, rows separated by `;` or a
/// newline; offsets in bytes or with a size suffix (`0, 10g, 1; 10g, 20g, 2`).
pub fn parse_scheme(text: &str) -> Result<Vec<SchemeRow>, String> {
    let mut rows = Vec::new();
    for row in text.split([';', '\n']).map(str::trim).filter(|r| !r.is_empty()) {
        let cols: Vec<&str> = row.split(',').collect();
        let [start, end, id] = cols.as_slice() else {
            return Err(format!("row \"{row}\" must be \"start, end, plid\""));
        };
        let (start, end, plid) = (parse_size(start)?, parse_size(end)?, plid(id)?);
        if start >= end {
            return Err(format!("row \"{row}\": start must be below end"));
        }
        if rows.len() == MAX_SCHEME_ROWS {
            return Err(format!("more than {MAX_SCHEME_ROWS} rows (fio's limit)"));
        }
        rows.push(SchemeRow { start, end, plid });
    }
    Ok(rows)
}

/// The id a scheme gives a write at byte `offset`: the first row holding it, else 0 (fio).
pub fn scheme_plid(rows: &[SchemeRow], offset: u64) -> u16 {
    rows.iter().find(|r| offset >= r.start && offset < r.end).map_or(0, |r| r.plid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plids_read_as_fio_reads_them() {
        assert_eq!(parse_plids("1,2-4,5, 6-8").unwrap(), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(parse_plids("").unwrap(), Vec::<u16>::new());
        assert!(parse_plids("4-2").unwrap_err().contains("backwards"));
        assert!(parse_plids("128").unwrap_err().contains("above 127"));
        assert!(parse_plids("x").is_err());
        assert_eq!(parse_plids("0-127").unwrap().len(), 128);
    }

    #[test]
    fn a_scheme_picks_the_first_row_holding_the_offset_else_zero() {
        let rows = parse_scheme("0, 10737418240, 0\n10g, 20g, 1; 15g, 30g, 2").unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(scheme_plid(&rows, 0), 0);
        assert_eq!(scheme_plid(&rows, 10 << 30), 1);
        assert_eq!(scheme_plid(&rows, 16 << 30), 1, "the first row holding it wins");
        assert_eq!(scheme_plid(&rows, 25 << 30), 2);
        assert_eq!(scheme_plid(&rows, 30 << 30), 0, "end is exclusive; no row: the default id");
        assert!(parse_scheme("5, 5, 1").unwrap_err().contains("below end"));
        assert!(parse_scheme("0, 4k").is_err());
    }
}
