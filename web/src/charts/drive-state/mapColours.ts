// The NAND lab's colours (web/src/explain/lab/lab.css), for the whole-drive map on a canvas: one
// picture from a single block to the drive. A test holds these equal to lab.css.
export const MAP_COLOURS = {
  /** A valid page (the lab's legend swatch). */
  valid: '#9cc3e4',
  /** A stale page: the lab's hatch, background and line. */
  staleBg: '#eceff4',
  staleLine: '#b3bac6',
  /** An erased page: the surface, with the lab's dashed edge. */
  free: '#ffffff',
  freeEdge: '#c3cbd9',
  /** Outlines: the block the host writes, a GC victim. */
  host: '#1a9a63',
  victim: '#c8372d',
  /** SLC-mode blocks: a corner mark (the lab's drive has no SLC cache, so this is the map's own). */
  slc: '#e08a00',
} as const;
