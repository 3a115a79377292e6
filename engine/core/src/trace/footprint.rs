//! Distinct 4 KiB units read and written, in two bitmaps over the address space.
//!
//! Bound: each bitmap holds at most `MAX_BITS` bits (16 MiB), so both together stay under
//! 32 MiB whatever the trace. Up to 512 GiB of address space (the highest address seen) a
//! bit is one 4 KiB unit and the footprint is exact; past that, both bitmaps fold in half
//! (a bit then stands for 8 KiB, 16 KiB, …) and the footprint becomes an upper bound,
//! with `unit_bytes()` saying how coarse. A bitmap only grows to the highest address
//! seen so far (rounded up to a power of two), so a small trace uses little.

/// The unit a footprint counts.
pub const UNIT_BYTES: u64 = 4096;
const MAX_BITS: u64 = 1 << 27;

#[derive(Default)]
pub(crate) struct Footprint {
    read: Vec<u64>,
    written: Vec<u64>,
    /// A bit covers `UNIT_BYTES << fold` bytes.
    fold: u32,
    /// Bits set in either map: the footprint so far, kept as commands come so the page can
    /// draw it over time without counting the maps each time.
    either: u64,
}

impl Footprint {
    /// Marks the units `[offset, offset + len)` touches (len > 0, offset + len fits u64).
    pub fn mark(&mut self, written: bool, offset_bytes: u64, len_bytes: u64) {
        let first = offset_bytes / UNIT_BYTES;
        let last = offset_bytes.saturating_add(len_bytes.saturating_sub(1)) / UNIT_BYTES;
        while (last >> self.fold) >= MAX_BITS {
            self.fold_in_half();
        }
        let (first, last) = (first >> self.fold, last >> self.fold);
        let (map, other) = if written { (&mut self.written, &self.read) } else { (&mut self.read, &self.written) };
        let words_needed = (last / 64 + 1) as usize;
        if map.len() < words_needed {
            map.resize(words_needed.next_power_of_two().min((MAX_BITS / 64) as usize), 0);
        }
        self.either += set_range(map, other, first, last);
    }

    /// Distinct units touched so far (read or written), in units of `unit_bytes()`.
    pub fn either(&self) -> u64 {
        self.either
    }

    /// Bytes one bit stands for: 4 KiB while the footprint is exact.
    pub fn unit_bytes(&self) -> u64 {
        UNIT_BYTES << self.fold
    }

    /// (read, written, either) in units of `unit_bytes()`.
    pub fn units(&self) -> (u64, u64, u64) {
        let ones = |m: &[u64]| m.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        let longest = self.read.len().max(self.written.len());
        let either = (0..longest).map(|i| u64::from((self.read.get(i).unwrap_or(&0) | self.written.get(i).unwrap_or(&0)).count_ones())).sum();
        (ones(&self.read), ones(&self.written), either)
    }

    fn fold_in_half(&mut self) {
        for map in [&mut self.read, &mut self.written] {
            let folded: Vec<u64> = map.chunks(2).map(|pair| pair_of_bits(pair[0]) | pair_of_bits(*pair.get(1).unwrap_or(&0)) << 32).collect();
            *map = folded;
        }
        self.fold += 1;
        self.either = self.units().2;
    }
}

/// Bit i of the result is bit 2i | bit 2i+1 of `word`.
fn pair_of_bits(word: u64) -> u64 {
    let mut x = (word | word >> 1) & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
    x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    (x | x >> 16) & 0x0000_0000_FFFF_FFFF
}

/// Sets bits `first..=last`, a word at a time; returns how many were set in neither `map`
/// nor `other` before.
fn set_range(map: &mut [u64], other: &[u64], first: u64, last: u64) -> u64 {
    let (first_word, last_word) = ((first / 64) as usize, (last / 64) as usize);
    let low = u64::MAX << (first % 64);
    let high = u64::MAX >> (63 - last % 64);
    let mut new = 0;
    for (w, word) in map.iter_mut().enumerate().take(last_word + 1).skip(first_word) {
        let mask = match (w == first_word, w == last_word) {
            (true, true) => low & high,
            (true, false) => low,
            (false, true) => high,
            (false, false) => u64::MAX,
        };
        new += u64::from((mask & !*word & !other.get(w).copied().unwrap_or(0)).count_ones());
        *word |= mask;
    }
    new
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_below_the_bound_and_folded_above() {
        let mut f = Footprint::default();
        f.mark(true, 0, 8192);
        f.mark(false, 4096, 100);
        f.mark(false, 1 << 20, 64 * 4096 + 1);
        assert_eq!(f.units(), (1 + 65, 2, 2 + 65));
        assert_eq!(f.either(), 2 + 65);
        assert_eq!(f.unit_bytes(), 4096);
        // An address past 512 GiB folds: bits then cover 8 KiB.
        f.mark(true, 600 << 30, 4096);
        assert_eq!(f.unit_bytes(), 8192);
        let (read, written, _) = f.units();
        assert_eq!((read, written), (1 + 33, 2));
        assert_eq!(f.either(), f.units().2);
        assert_eq!(pair_of_bits(0b1001_0110), 0b1111);
        assert_eq!(pair_of_bits(0b1100_0001), 0b1001);
        assert_eq!(pair_of_bits(1 << 63), 1 << 31);
    }
}
