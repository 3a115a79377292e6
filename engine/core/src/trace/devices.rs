//! The devices (volumes, disks, files) a trace names, their ids and labels, and which of
//! them the user chose to keep. A multi-device trace (Alibaba's 1,000 volumes, a Tencent
//! warehouse, a blkparse of several disks) is replayed one chosen part at a time.

use super::error::Problem;
use super::format::DeviceKey;
use serde::Serialize;
use std::collections::BTreeMap;
use ts_rs::TS;

/// Distinct devices kept track of; a trace naming more is refused rather than letting the
/// table grow with the file (a Tencent warehouse has ~5,600 volumes, Alibaba ~1,000).
pub const MAX_DEVICES: usize = 65_536;

/// One device as the summary lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "TraceDevice")]
pub struct DeviceSeen {
    /// The id commands carry (`TraceCommand::device`).
    pub id: u32,
    /// What `--device` matches: the number (`7`), blkparse's `8,0`, MSR's `hm_0` (as the
    /// dataset names its files), fio's file name.
    pub label: String,
    /// Commands naming this device, kept or not.
    #[ts(type = "number")]
    pub commands: u64,
    pub kept: bool,
}

pub(crate) struct Devices {
    selectors: Vec<String>,
    seen: Vec<DeviceSeen>,
    by_number: BTreeMap<u32, usize>,
    by_name: BTreeMap<Vec<u8>, usize>,
    /// Consecutive lines mostly name the same device: one comparison instead of a lookup.
    last_number: Option<(u32, usize)>,
    last_name: Vec<u8>,
    last_name_index: Option<usize>,
}

impl Devices {
    pub fn new(selectors: &[String]) -> Self {
        Devices {
            selectors: selectors.iter().map(|s| s.trim().to_string()).collect(),
            seen: Vec::new(),
            by_number: BTreeMap::new(),
            by_name: BTreeMap::new(),
            last_number: None,
            last_name: Vec::new(),
            last_name_index: None,
        }
    }

    /// The device a command names: its id, and whether it is kept. Counts the command.
    pub fn resolve(&mut self, key: DeviceKey) -> Result<(u32, bool), Problem> {
        let index = match key {
            DeviceKey::Number(n) | DeviceKey::BlockDev(n) => self.number_index(n, key)?,
            DeviceKey::Name(name) => self.name_index(name)?,
        };
        let device = &mut self.seen[index];
        device.commands = device.commands.saturating_add(1);
        Ok((device.id, device.kept))
    }

    /// A device already seen, as `resolve` names it, without counting or adding it: a
    /// flush on a device no command has named yet has nothing to make durable.
    pub fn seen_kept(&self, key: DeviceKey) -> Option<u32> {
        let index = match key {
            DeviceKey::Number(n) | DeviceKey::BlockDev(n) => self.by_number.get(&n),
            DeviceKey::Name(name) => self.by_name.get(name),
        }?;
        let device = &self.seen[*index];
        device.kept.then_some(device.id)
    }

    fn number_index(&mut self, n: u32, key: DeviceKey) -> Result<usize, Problem> {
        if let Some((last, index)) = self.last_number {
            if last == n {
                return Ok(index);
            }
        }
        let index = match self.by_number.get(&n) {
            Some(&index) => index,
            None => {
                let label = match key {
                    DeviceKey::BlockDev(d) => format!("{},{}", d >> 20, d & 0xF_FFFF),
                    _ => n.to_string(),
                };
                let index = self.add(n, label)?;
                self.by_number.insert(n, index);
                index
            }
        };
        self.last_number = Some((n, index));
        Ok(index)
    }

    fn name_index(&mut self, name: &[u8]) -> Result<usize, Problem> {
        if let Some(index) = self.last_name_index {
            if self.last_name == name {
                return Ok(index);
            }
        }
        let index = match self.by_name.get(name) {
            Some(&index) => index,
            None => {
                let id = u32::try_from(self.seen.len()).map_err(|_| Problem::TooManyDevices)?;
                // MSR's `hostname,disk` becomes `hostname_disk`, the dataset's file names.
                let label: String = String::from_utf8_lossy(name).chars().filter(|c| !c.is_whitespace()).map(|c| if c == ',' { '_' } else { c }).collect();
                let index = self.add(id, label)?;
                self.by_name.insert(name.to_vec(), index);
                index
            }
        };
        self.last_name.clear();
        self.last_name.extend_from_slice(name);
        self.last_name_index = Some(index);
        Ok(index)
    }

    fn add(&mut self, id: u32, label: String) -> Result<usize, Problem> {
        if self.seen.len() >= MAX_DEVICES {
            return Err(Problem::TooManyDevices);
        }
        let kept = self.selectors.is_empty() || self.selectors.contains(&label);
        self.seen.push(DeviceSeen { id, label, commands: 0, kept });
        Ok(self.seen.len() - 1)
    }

    /// Every device seen, in order of first appearance.
    pub fn seen(&self) -> &[DeviceSeen] {
        &self.seen
    }

    /// The selectors that matched no device: most likely a typo the user wants to hear of.
    pub fn unmatched(&self) -> Vec<String> {
        self.selectors.iter().filter(|s| !self.seen.iter().any(|d| &d.label == *s)).cloned().collect()
    }
}
