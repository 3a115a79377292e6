// A run stream for a view that owns no session (a story's steps): React reads the stream's view
// with useSyncExternalStore; starting a run replaces the one going on (stopped between chunks).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { EngineClient } from '../engine/bridge';
import { RunStream } from './runStream';
import type { RunView } from './runView';

export function useRunStream(engine: EngineClient | null): { view: RunView; start(scenarioJson: string): void } {
  const [store] = useState(() => {
    const listeners = new Set<() => void>();
    const stream = new RunStream(() => listeners.forEach((l) => l()));
    const subscribe = (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    };
    return { stream, subscribe, get: () => stream.view };
  });
  useEffect(() => () => store.stream.dispose(), [store]);
  const view = useSyncExternalStore(store.subscribe, store.get);
  useEffect(() => store.stream.painted(view.frame), [store, view.frame]);
  const start = useCallback((scenarioJson: string) => engine && store.stream.start(engine, { text: scenarioJson }), [engine, store]);
  return { view, start };
}
