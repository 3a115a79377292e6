// The gallery's plain logic, apart from React: a value's verdict, its numbers as text, the bar
// chart's geometry, and the card's addresses (its link, its embed, the playground run).
import type { GalleryMeasured } from '../engine/generated/GalleryMeasured';
import type { GalleryRun } from '../engine/generated/GalleryRun';
import type { GalleryUnit } from '../engine/generated/GalleryUnit';
import type { GalleryValue } from '../engine/generated/GalleryValue';
import { encodeScenario, type CodecContext } from '../scenario/urlCodec';

/** Within ±20 %; a stated difference; or one of the two mismatches the engine's test refuses. */
export type Verdict = 'within' | 'differs' | 'unstated' | 'closed';

export function verdict(value: GalleryValue, measured: GalleryMeasured): Verdict {
  if (value.differs === undefined) return measured.within ? 'within' : 'unstated';
  return measured.within ? 'closed' : 'differs';
}

/** Three significant figures, no more decimals than useful (as the engine's table prints). */
export function formatNumber(v: number, locale: string): string {
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  return v.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Units are written the same in English and Japanese: a number and its unit, as text. */
const UNIT_SUFFIX: Record<GalleryUnit, string> = { mb_per_s: ' MB/s', gb: ' GB', us: ' µs', percent: ' %', ratio: '' };

export function formatValue(unit: GalleryUnit, v: number, locale: string): string {
  return `${formatNumber(v, locale)}${UNIT_SUFFIX[unit]}`;
}

export interface BarGeometry {
  /** The axis' end, in the value's unit: both numbers and the band fit with room to spare. */
  max: number;
  /** x of the public value's mark, of the engine's bar's end, and of the ±20 % band, in [0, width]. */
  publicX: number;
  engineX: number;
  bandFrom: number;
  bandTo: number;
}

/** Where the bar, the public mark and the ±20 % band sit on a track `width` wide, from 0. */
export function barGeometry(publicValue: number, engine: number | null, width: number, tolerance = 0.2): BarGeometry {
  const top = Math.max(publicValue * (1 + tolerance), engine ?? 0) * 1.1;
  const max = top > 0 ? top : 1;
  const x = (v: number) => Math.max(0, Math.min(width, (v / max) * width));
  return { max, publicX: x(publicValue), engineX: engine === null ? 0 : x(engine), bandFrom: x(publicValue * (1 - tolerance)), bandTo: x(publicValue * (1 + tolerance)) };
}

/** The card's own address: the gallery, scrolled to the drive. */
export function cardHref(preset: string): string {
  return `./?drives#${encodeURIComponent(preset)}`;
}

/** The address that shows the card alone, for an iframe. */
export function embedSrc(base: string, preset: string): string {
  return `${base}?drives=${encodeURIComponent(preset)}&embed=1`;
}

/** The iframe code the Embed button offers (public/embed.js sizes it to the card). */
export function embedCode(base: string, preset: string, title: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${escape(embedSrc(base, preset))}" title="${escape(title)}" width="560" height="640" style="border:0" loading="lazy"></iframe>`;
}

/** The playground with the run's preset and the protocol's workload and drive state laid over it. */
export function playgroundHref(run: GalleryRun, codec: CodecContext): string {
  return `./?${encodeScenario(run.scenario, run.preset, codec).toString()}`;
}
