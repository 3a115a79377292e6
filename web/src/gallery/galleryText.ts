// The engine's text on a gallery card in the page's language: English is the gallery file's
// (engine/presets/gallery/<preset>.json), Japanese by the drive's preset and the value's id
// (GALLERY_DRIVES_JA), falling back to English when missing (tests/unit/galleryJa.test.ts lists
// what is). Only the words change: numbers, units and verdicts are the engine's.
import type { GalleryEntry } from '../engine/generated/GalleryEntry';
import type { GalleryValue } from '../engine/generated/GalleryValue';
import type { Lang } from '../i18n';
import { GALLERY_DRIVES_JA } from '../i18n/ja.gallery';

export interface GalleryDriveText {
  drive: string;
  /** Set when the engine sets it: the public drive is not the preset's own. */
  related?: string;
  source: string;
}

export interface GalleryValueText {
  label: string;
  protocol: string;
  /** Set when the engine states a difference. */
  differs?: string;
}

/** A drive's name, how it relates to its preset, and its source. */
export function galleryDriveText(lang: Lang, entry: Pick<GalleryEntry, 'preset' | 'drive' | 'related' | 'source'>): GalleryDriveText {
  const ja = lang === 'ja' ? GALLERY_DRIVES_JA[entry.preset] : undefined;
  const related = entry.related === undefined ? undefined : (ja?.related ?? entry.related);
  return { drive: ja?.drive ?? entry.drive, source: ja?.source ?? entry.source, ...(related === undefined ? {} : { related }) };
}

/** What a value measured, the protocol, and the stated difference, by drive and value id. */
export function galleryValueText(lang: Lang, preset: string, value: Pick<GalleryValue, 'id' | 'label' | 'protocol' | 'differs'>): GalleryValueText {
  const ja = lang === 'ja' ? GALLERY_DRIVES_JA[preset]?.values[value.id] : undefined;
  const differs = value.differs === undefined ? undefined : (ja?.differs ?? value.differs);
  return { label: ja?.label ?? value.label, protocol: ja?.protocol ?? value.protocol, ...(differs === undefined ? {} : { differs }) };
}
