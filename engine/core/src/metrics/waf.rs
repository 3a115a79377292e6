//! Write amplification, defined once for the summary and both WAF series:
//! all NAND space programmed (host data, GC copies including wear-levelling moves, and
//! translation pages written back) divided by the host data written, over an interval.
//!
//! NAND space is counted in 4 KiB slots: host and GC data by the sectors it took (a
//! compressed unit takes less than a slot), translation pages as whole pages. Computing
//! from integer differences keeps the cumulative series' last point and the summary equal
//! bit for bit.

/// Write counters since the drive was new; an interval is the difference of two. Any medium
/// reports them: media written in place writes what the host wrote, once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MediaWrites {
    /// Host mapping units written (4 KiB each).
    pub host_units: u64,
    /// Sectors programmed for host data and GC copies (a sector is a slot without
    /// compression, 512 bytes with).
    pub data_sectors: u64,
    /// Translation pages written back to NAND.
    pub translation_pages: u64,
}

/// Converts the counters to slots: sectors per slot and slots per page of the drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotGeometry {
    pub sectors_per_slot: u32,
    pub slots_per_page: u32,
}

impl MediaWrites {
    /// NAND slots programmed per host unit written from `since` to `self`; 0 when the host
    /// wrote nothing.
    pub fn write_amplification(&self, since: &MediaWrites, g: SlotGeometry) -> f64 {
        let host = self.host_units - since.host_units;
        if host == 0 {
            return 0.0;
        }
        let data_slots = (self.data_sectors - since.data_sectors) as f64 / g.sectors_per_slot as f64;
        let table_slots = ((self.translation_pages - since.translation_pages) * g.slots_per_page as u64) as f64;
        (data_slots + table_slots) / host as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translation_pages_and_compressed_sectors_count_as_nand_space() {
        let g = SlotGeometry { sectors_per_slot: 8, slots_per_page: 4 };
        let start = MediaWrites { host_units: 100, data_sectors: 800, translation_pages: 3 };
        // 10 host units compressed to 4 sectors each, 6 GC units of 8 sectors, 1 table page.
        let end = MediaWrites { host_units: 110, data_sectors: 800 + 40 + 48, translation_pages: 4 };
        assert_eq!(end.write_amplification(&start, g), (88.0 / 8.0 + 4.0) / 10.0);
        assert_eq!(start.write_amplification(&start, g), 0.0, "no host writes: 0, not NaN");
    }
}
