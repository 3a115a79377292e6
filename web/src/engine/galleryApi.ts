// The worker API's gallery of real drives (ssd_core::presets::gallery, docs/gallery.md): the
// drives and their public values, and one drive's protocols run and measured by the engine, as
// `ssdsim gallery` measures them. The page keeps no copy of either.
import type { EngineGuard } from './engineGuard';
import type { GalleryEntry } from './generated/GalleryEntry';
import type { GalleryMeasured } from './generated/GalleryMeasured';

export function galleryApi({ ready, wasm, read }: EngineGuard) {
  const { gallery, gallery_measure } = wasm;
  return {
    async gallery(): Promise<GalleryEntry[]> {
      await ready;
      return read('gallery', () => gallery());
    },

    /** Runs drive `preset`'s protocols to their end (a few seconds) and measures its values. */
    async galleryMeasure(preset: string): Promise<GalleryMeasured[]> {
      await ready;
      return read('gallery_measure', () => gallery_measure(preset));
    },
  };
}
