// One colour per latency cause, the same on every chart, card and bar: waiting in the queue and
// the firmware in greys, mapping lookups in blues, GC, folding and erases (work the drive does
// for itself) in warm reds and oranges, the command's own media work in greens, the link and
// the channel in purples, a disk's arm and platters in browns. Keyed by the engine's cause id.

export const CAUSE_COLORS: Readonly<Record<string, string>> = {
  host: '#c4c9d2',
  firmware: '#8a919e',
  queue_host: '#5f6675',
  map_dram: '#9ecae1',
  map_hmb: '#4a90c8',
  map_nand: '#1c5a99',
  behind_table: '#c6dbef',
  buffer: '#f7c873',
  behind_gc: '#d7301f',
  behind_fold: '#f08a3c',
  behind_wear_level: '#b8860b',
  behind_erase: '#9e1a12',
  suspend: '#f4a6a0',
  behind_program: '#a6d96a',
  media_read: '#74c476',
  media_program: '#2e8b4a',
  media_write: '#a1d99b',
  read_retry: '#0b4d2a',
  channel: '#b3a6dc',
  link: '#6a51a3',
  seek: '#8c6d31',
  rotation: '#bd9e39',
  transfer: '#e7cb94',
  promotion: '#de77ae',
  flush: '#1b9e77',
  other: '#e5e7eb',
};

/** A cause the page has no colour for yet (one the engine adds later) still gets a visible grey. */
export function causeColor(id: string): string {
  return CAUSE_COLORS[id] ?? '#a3a3a3';
}
