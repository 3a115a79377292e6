//! The FTL's side of the flash: the operations it asks for, in the order it needs them, and
//! who asked. The controller books them in time (`controller::Hardware`); preconditioning
//! takes them for free (`Untimed`).

/// Who asked for a flash operation, for accounting and for the controller's data-ready times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Host data into native blocks.
    Host = 0,
    /// GC's copies, and folding out of the SLC cache, into native blocks.
    Gc = 1,
    /// Host data into the SLC cache.
    Slc = 2,
}

pub(crate) const STREAMS: usize = 3;

impl Stream {
    pub fn is_host(self) -> bool {
        self != Stream::Gc
    }
}

/// Why GC's stream reads a page and moves its data: to reclaim the victim's stale space, to
/// fold it out of the SLC cache (an SLC-mode read), or for static wear levelling (cold data
/// out of a little-worn block). A page gathering data moved for several reasons counts as
/// the last of them here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Move {
    #[default]
    Collect,
    Fold,
    WearLevel,
}

impl Move {
    /// The source page is read in SLC mode.
    pub fn slc(self) -> bool {
        self == Move::Fold
    }
}

/// How a page is programmed: in SLC mode (one page per wordline) or natively, and whether it
/// is the last page of its program operation (one-shot programming gathers a wordline's
/// pages and programs them together).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Program {
    pub slc: bool,
    pub ends_operation: bool,
}

/// The flash operations the FTL asks for, in the order it needs them.
pub trait FlashOps {
    /// Read `units` mapping units from one physical page (GC's source reads), for `why`.
    fn read_page(&mut self, plane: u32, page: u32, units: u32, why: Move);
    /// Program one full physical page written by `stream`; `host_units` host units had
    /// their data completed by it (their write-buffer room frees when its program
    /// operation is done).
    fn program_page(&mut self, plane: u32, page: u32, stream: Stream, host_units: u32, program: Program);
    /// Erase a block before it is written again.
    fn erase_block(&mut self, plane: u32, block: u32);
    /// When the plane finishes the work booked on it so far; host pages go to the plane
    /// that is free first.
    fn plane_ready(&self, _plane: u32) -> u64 {
        0
    }
    /// A logical unit's mapping entry changed, for a write of `stream` (the mapping cache
    /// tracks dirty segments, and a scaled drive the runs each stream's updates make).
    fn map_updated(&mut self, _lba: u32, _stream: Stream) {}
}

/// Preconditioning: place data without spending simulated time.
pub struct Untimed;

impl FlashOps for Untimed {
    fn read_page(&mut self, _: u32, _: u32, _: u32, _: Move) {}
    fn program_page(&mut self, _: u32, _: u32, _: Stream, _: u32, _: Program) {}
    fn erase_block(&mut self, _: u32, _: u32) {}
}
