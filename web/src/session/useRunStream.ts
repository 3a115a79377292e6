// A run stream for a view that owns no session (a story's steps): React reads the stream's view
// with useStore (its frames render as transitions); starting a run replaces the one going on
// (stopped between chunks).
import { useCallback, useEffect, useState } from 'react';
import type { EngineClient } from '../engine/bridge';
import { RunStream } from './runStream';
import type { RunView } from './runView';
import { useStore, type Store } from './useStore';

export function useRunStream(engine: EngineClient | null): { view: RunView; start(scenarioJson: string): void } {
  const [{ stream, store }] = useState(() => {
    const listeners = new Set<() => void>();
    let background = false;
    const stream = new RunStream((bg) => {
      background = bg;
      try {
        listeners.forEach((l) => l());
      } finally {
        background = false;
      }
    });
    const store: Store<RunView> = {
      subscribe: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      get: () => stream.view,
      background: () => background,
    };
    return { stream, store };
  });
  useEffect(() => () => stream.dispose(), [stream]);
  const view = useStore(store);
  useEffect(() => stream.painted(view.frame), [stream, view.frame]);
  const start = useCallback((scenarioJson: string) => engine && stream.start(engine, { text: scenarioJson }), [engine, stream]);
  return { view, start };
}
