//! Bytes a part of a run takes, known before it is built.

/// Bytes a part of a run takes: at most `bound`, typically `expected`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    pub bound: u64,
    pub expected: u64,
}

impl Footprint {
    /// Known in advance: the bound is what it takes.
    pub fn exact(bytes: u64) -> Footprint {
        Footprint { bound: bytes, expected: bytes }
    }
}

impl std::ops::Add for Footprint {
    type Output = Footprint;
    fn add(self, o: Footprint) -> Footprint {
        Footprint { bound: self.bound.saturating_add(o.bound), expected: self.expected.saturating_add(o.expected) }
    }
}
