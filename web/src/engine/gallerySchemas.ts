// The gallery of real drives as the engine sends it (ssd_core::presets::gallery): each drive's
// source, the runs that repeat its reviewer's protocol, its public values, and the engine's
// numbers once a drive is measured. Tied to the generated types, as schemas.ts does.
import { z } from 'zod/mini';
import type { GalleryEntry } from './generated/GalleryEntry';
import type { GalleryMeasured } from './generated/GalleryMeasured';
import type { GalleryRun } from './generated/GalleryRun';
import type { GalleryUnit } from './generated/GalleryUnit';
import type { GalleryValue } from './generated/GalleryValue';
import type { Scenario } from './generated/Scenario';
import { oneOf, tied } from './schemaTie';

const text = z.string();
const count = z.number();
/** Checked only as an object: its shape is the engine's to check when it runs (see schemas.ts). */
const scenario = z.custom<Scenario>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'Invalid input: expected a scenario object');

const unit = oneOf<GalleryUnit>({ mb_per_s: true, gb: true, us: true, percent: true, ratio: true });
const run = tied<GalleryRun>()(z.object({ id: text, preset: text, scenario }));
const value = tied<GalleryValue>()(z.object({ id: text, label: text, protocol: text, public: count, unit, run: text, differs: z.optional(text) }));

export const galleryEntries = z.array(
  tied<GalleryEntry>()(z.object({ preset: text, drive: text, related: z.optional(text), source: text, runs: z.array(run), values: z.array(value) })),
);
export const galleryMeasured = z.array(tied<GalleryMeasured>()(z.object({ id: text, engine: count, ratio: count, within: z.boolean(), as_stated: z.boolean() })));
