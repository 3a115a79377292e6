//! What every device without an FTL puts between the host and its media: the controller's
//! firmware (a latency per command, a read's and a write's extra, the commands it handles per second) and
//! both directions of the host link, each a calendar of 4 KiB slots. The NAND SSD's own is in
//! `controller`, where the link also meets the write buffer.

use crate::controller::calendar::Calendar;
use crate::controller::cpu::CommandCpu;
use crate::scenario::Device;
use crate::units::{transfer_ns, Nanos, MAPPING_UNIT_BYTES};

pub struct FrontEnd {
    cpu: CommandCpu,
    /// PCIe and SATA are full duplex: reads and writes cross the link independently.
    to_host: Calendar,
    to_drive: Calendar,
}

impl FrontEnd {
    pub fn new(device: &Device) -> FrontEnd {
        let c = &device.controller;
        let link_unit_ns = transfer_ns(MAPPING_UNIT_BYTES, device.host_interface.bytes_per_s());
        FrontEnd { cpu: CommandCpu::of(c), to_host: Calendar::new(link_unit_ns), to_drive: Calendar::new(link_unit_ns) }
    }

    /// When a read arriving at `issue` may start on the media.
    #[inline]
    pub fn read_start(&mut self, issue: Nanos) -> Nanos {
        self.cpu.start(issue, false)
    }

    /// When a write arriving at `issue` may start: its data then crosses the link.
    #[inline]
    pub fn write_start(&mut self, issue: Nanos) -> Nanos {
        self.cpu.start(issue, true)
    }

    /// A command that only the firmware handles (a trim on media with nothing to free).
    pub fn firmware_only(&self, issue: Nanos) -> Nanos {
        self.cpu.firmware_only(issue)
    }

    /// `units` units, ready at `ready`, cross the link to the host; booked at `now`.
    #[inline]
    pub fn send_to_host(&mut self, now: Nanos, ready: Nanos, units: u32) -> Nanos {
        self.to_host.book(now, ready, units)
    }

    /// `units` units of a write cross the link into the drive, from `ready`; booked at `now`.
    #[inline]
    pub fn receive_from_host(&mut self, now: Nanos, ready: Nanos, units: u32) -> Nanos {
        self.to_drive.book(now, ready, units)
    }
}
