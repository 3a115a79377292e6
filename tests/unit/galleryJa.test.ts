// Japanese for the engine's text on the gallery cards (web/src/i18n/ja.gallery.ts): every drive
// of the engine's gallery and every value of it has its Japanese by preset and value id, with a
// stated difference where the engine states one, nothing translated that the engine no longer
// lists, and every number of the English kept in the Japanese. The page falls back to English
// when one is missing, so this test is what notices.
import { beforeAll, describe, expect, it } from 'vitest';
import type { GalleryEntry } from '../../web/src/engine/generated/GalleryEntry';
import { galleryDriveText, galleryValueText } from '../../web/src/gallery/galleryText';
import { GALLERY_DRIVES_JA } from '../../web/src/i18n/ja.gallery';
import { loadEngine } from '../contract/loadEngine';

let entries: GalleryEntry[];

beforeAll(async () => {
  entries = await loadEngine().gallery();
});

/** The numbers a text gives ("1,800 MB/s", "QD1", "/show/11209"), each as written. */
const numbers = (text: string) => text.match(/\d+(?:[.,]\d+)*/g) ?? [];

/** The engine's English texts of a drive and the Japanese beside each, by id, for the number check. */
function pairs(e: GalleryEntry): [string, string, string][] {
  const ja = GALLERY_DRIVES_JA[e.preset];
  if (!ja) return []; // the test above names what is missing
  const drive: [string, string, string][] = [
    [`${e.preset}: drive`, e.drive, ja.drive],
    [`${e.preset}: source`, e.source, ja.source],
    ...(e.related ? [[`${e.preset}: related`, e.related, ja.related ?? ''] as [string, string, string]] : []),
  ];
  return drive.concat(
    e.values.flatMap((v) => {
      const t = ja.values[v.id];
      const id = `${e.preset}: ${v.id}`;
      if (!t) return [];
      return [[`${id} label`, v.label, t.label], [`${id} protocol`, v.protocol, t.protocol], ...(v.differs ? [[`${id} differs`, v.differs, t.differs ?? '']] : [])] as [string, string, string][];
    }),
  );
}

describe('Japanese for the gallery’s engine text', () => {
  it('every drive and every value has Japanese text, a related note and a stated difference where the engine gives one', () => {
    expect(entries.length).toBeGreaterThanOrEqual(6);
    const missing: string[] = [];
    for (const e of entries) {
      const ja = GALLERY_DRIVES_JA[e.preset];
      if (!ja?.drive.trim() || !ja.source.trim()) {
        missing.push(e.preset);
        continue;
      }
      if ((ja.related === undefined) !== (e.related === undefined)) missing.push(`${e.preset} (related)`);
      for (const v of e.values) {
        const t = ja.values[v.id];
        if (!t?.label.trim() || !t.protocol.trim()) missing.push(`${e.preset}: ${v.id}`);
        else if ((t.differs === undefined) !== (v.differs === undefined)) missing.push(`${e.preset}: ${v.id} (differs)`);
      }
    }
    expect(missing).toEqual([]);
    // And nothing translated that the gallery no longer lists (a renamed id would hide here).
    const listed = entries.flatMap((e) => [e.preset, ...e.values.map((v) => `${e.preset}: ${v.id}`)]);
    const translated = Object.entries(GALLERY_DRIVES_JA).flatMap(([p, d]) => [p, ...Object.keys(d.values).map((id) => `${p}: ${id}`)]);
    expect(translated.filter((k) => !listed.includes(k))).toEqual([]);
  });

  it('keeps every number of the English in the Japanese, and translates the sentences', () => {
    const lost: string[] = [];
    for (const e of entries) {
      for (const [id, english, japanese] of pairs(e)) {
        for (const n of numbers(english)) if (!japanese.includes(n)) lost.push(`${id}: ${n}`);
        // A drive's name and a source may read the same (product and page names); a sentence may not.
        const names = id.endsWith(': drive') || id.endsWith(': source');
        if (!names && !/[\u3040-\u30ff\u4e00-\u9fff]/.test(japanese)) lost.push(`${id}: untranslated`);
      }
    }
    expect(lost).toEqual([]);
  });

  it('shows the Japanese on the Japanese page and the engine’s English otherwise, by id', () => {
    const e = entries.find((d) => d.preset === '900p-like')!;
    const mean = e.values.find((v) => v.id === 'mean')!;
    expect(galleryDriveText('en', e)).toEqual({ drive: e.drive, related: e.related, source: e.source });
    expect(galleryDriveText('ja', e).related).toBe(GALLERY_DRIVES_JA['900p-like'].related);
    expect(galleryValueText('en', e.preset, mean)).toEqual({ label: mean.label, protocol: mean.protocol, differs: mean.differs });
    expect(galleryValueText('ja', e.preset, mean)).toEqual(GALLERY_DRIVES_JA['900p-like'].values.mean);
    // No stated difference in the engine, none shown; an unknown drive or value keeps the English.
    const bg3 = { ...entries.find((d) => d.preset === 'bg3-like')!, related: undefined };
    expect(galleryDriveText('ja', bg3)).not.toHaveProperty('related');
    expect(galleryValueText('ja', 'no-such-drive', mean)).toEqual({ label: mean.label, protocol: mean.protocol, differs: mean.differs });
    expect(galleryValueText('ja', '900p-like', { ...mean, differs: undefined })).not.toHaveProperty('differs');
  });
});
