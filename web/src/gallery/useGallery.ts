// The gallery's data, all from the engine: the drives (sources, runs, public values) once the
// worker is up, then each drive's protocols run and measured in turn, in card order, so the
// first cards fill while the later ones wait. `only` measures one drive (an embedded card).
import { useEffect, useState } from 'react';
import type { EngineClient } from '../engine/bridge';
import type { GalleryEntry } from '../engine/generated/GalleryEntry';
import type { GalleryMeasured } from '../engine/generated/GalleryMeasured';

export type Measurement = { status: 'waiting' } | { status: 'measuring' } | { status: 'done'; values: GalleryMeasured[] } | { status: 'failed'; message: string };

export interface Gallery {
  entries: GalleryEntry[] | null;
  error: string | null;
  measured: Readonly<Record<string, Measurement>>;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function useGallery(engine: EngineClient | null, only: string | null): Gallery {
  const [entries, setEntries] = useState<GalleryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [measured, setMeasured] = useState<Record<string, Measurement>>({});
  useEffect(() => {
    if (!engine) return;
    let live = true;
    const set = (preset: string, m: Measurement) => live && setMeasured((now) => ({ ...now, [preset]: m }));
    void (async () => {
      let list: GalleryEntry[];
      try {
        list = await engine.gallery();
      } catch (err) {
        if (live) setError(message(err));
        return;
      }
      if (!live) return;
      setEntries(list);
      const wanted = list.filter((e) => only === null || e.preset === only);
      for (const e of wanted) {
        if (!live) return;
        set(e.preset, { status: 'measuring' });
        try {
          set(e.preset, { status: 'done', values: await engine.galleryMeasure(e.preset) });
        } catch (err) {
          set(e.preset, { status: 'failed', message: message(err) });
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [engine, only]);
  return { entries, error, measured };
}
