// The engine's catalogue (presets, figures, knobs, workload defaults), loaded once when the
// engine first becomes ready. A restarted worker serves the same catalogue, so it is kept.
import { useEffect, useMemo, useState } from 'react';
import type { EngineClient, EngineState } from '../engine/bridge';
import { EngineError, type EngineErrorData } from '../engine/errors';
import type { Catalog } from '../engine/types';
import type { JsonObject } from '../scenario/paths';
import type { CodecContext } from '../scenario/urlCodec';

export interface LoadedCatalog extends Catalog {
  codec: CodecContext;
  /** The preset the engine's default scenario comes from. */
  defaultPreset: string;
}

/** Builds the URL codec's view of the catalogue (exported for tests). */
export function codecContext(catalog: Catalog): { codec: CodecContext; defaultPreset: string } {
  const presets = new Map(catalog.presets.map((p) => [p.name, p.scenario as unknown as JsonObject]));
  const defaultName = (JSON.parse(catalog.defaultScenario) as { name?: string }).name;
  const defaultPreset = catalog.presets.find((p) => p.scenario.name === defaultName)?.name ?? catalog.presets[0]?.name ?? '';
  const codec: CodecContext = {
    presets,
    defaultPreset,
    workloadDefaults: catalog.workloadDefaults as Record<string, JsonObject>,
    knobs: catalog.knobs,
  };
  return { codec, defaultPreset };
}

export interface CatalogState {
  catalog: LoadedCatalog | null;
  /** The engine answered, but refused (a result that did not match its schema): the page says so. */
  error: EngineErrorData | null;
}

/**
 * `shipped`, if given, offers the catalogue the build computed with this same engine (the story
 * pages plan their steps from it while the engine is still starting); the engine's own is asked
 * for only when there is none.
 */
export function useCatalog(engine: EngineClient | null, state: EngineState, shipped?: () => Promise<Catalog | null>): CatalogState {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState<EngineErrorData | null>(null);
  const [shippedTried, setShippedTried] = useState(!shipped);
  useEffect(() => {
    if (!shipped) return;
    let live = true;
    void shipped()
      .catch(() => null)
      .then((c) => {
        if (!live) return;
        if (c) setCatalog((now) => now ?? c);
        setShippedTried(true);
      });
    return () => {
      live = false;
    };
    // Once per page: the build's catalogue does not change under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, []);
  const ready = state.status === 'ready';
  useEffect(() => {
    if (!engine || !ready || catalog || !shippedTried) return;
    let live = true;
    engine.catalog().then(
      (c) => live && (setCatalog(c), setError(null)),
      // A failed or trapped engine shows its own banner, and the next ready state retries; a
      // refusal would come again, so it is shown where the knobs would be.
      (err: unknown) => live && err instanceof EngineError && err.code !== 'engine_abort' && setError(err.toData()),
    );
    return () => {
      live = false;
    };
  }, [engine, ready, catalog, shippedTried]);
  const loaded = useMemo(() => (catalog ? { ...catalog, ...codecContext(catalog) } : null), [catalog]);
  return useMemo(() => ({ catalog: loaded, error }), [loaded, error]);
}
