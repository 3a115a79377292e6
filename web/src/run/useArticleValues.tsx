// The engine's numbers for an article figure's values, measured on the lines the page drew.
// The measures live in the engine (one implementation for `ssdsim articles` and the page): the
// page asks its engine once per set of drawn pins and keeps the answer, so a chart redrawn, or
// the same figure shown again, needs no second round trip. A provider hands the figures and the
// engine to every chart below it (the playground, a story).
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { figureOnChart, memberLines, type FigureOnChart } from './articleMarks';
import type { EngineClient } from '../engine/bridge';
import type { ArticleEngineValue, ArticleLine, Figure } from '../engine/types';
import type { Pin } from '../session/pins';

/** Asks the engine for a figure's values on some lines, once per key; remembers the answers. */
export interface ArticleMeasurer {
  /** The values already measured for `key`, if any. */
  peek(key: string): ArticleEngineValue[] | undefined;
  measure(key: string, figure: string, lines: ArticleLine[]): Promise<ArticleEngineValue[]>;
}

/** Answers kept: a few figures' worth, so a reader going back and forth asks nothing again. */
const KEPT = 32;

export function articleMeasurer(ask: (figure: string, lines: ArticleLine[]) => Promise<ArticleEngineValue[]>): ArticleMeasurer {
  const done = new Map<string, ArticleEngineValue[]>();
  const pending = new Map<string, Promise<ArticleEngineValue[]>>();
  return {
    peek: (key) => done.get(key),
    measure(key, figure, lines) {
      const known = done.get(key);
      if (known) return Promise.resolve(known);
      let asked = pending.get(key);
      if (!asked) {
        asked = ask(figure, lines)
          .then((values) => {
            done.set(key, values);
            if (done.size > KEPT) done.delete(done.keys().next().value!);
            return values;
          })
          .finally(() => pending.delete(key));
        pending.set(key, asked);
      }
      return asked;
    },
  };
}

interface ArticleSource {
  figures: readonly Figure[];
  measurer: ArticleMeasurer | null;
}

/** No figures yet (the catalogue is loading): one constant, so the context value holds still. */
export const NO_FIGURES: readonly Figure[] = [];

const ArticleContext = createContext<ArticleSource>({ figures: [], measurer: null });

/** Figures and a measurer for the charts below; `engine` null until the page's engine is up. */
export function ArticleProvider({ figures, engine, measurer, children }: { figures: readonly Figure[]; engine?: EngineClient | null; measurer?: ArticleMeasurer; children: ReactNode }) {
  const fromEngine = useMemo(() => (engine ? articleMeasurer((figure, lines) => engine.articleValues(figure, lines)) : null), [engine]);
  const value = useMemo(() => ({ figures, measurer: measurer ?? fromEngine }), [figures, measurer, fromEngine]);
  return <ArticleContext.Provider value={value}>{children}</ArticleContext.Provider>;
}

export interface ArticleValuesOnChart extends FigureOnChart {
  /** The engine's numbers in the figure's order; null while they are being measured. */
  results: ArticleEngineValue[] | null;
  /** The measuring failed (the engine was replaced mid-call, say): the table says so. */
  failed: boolean;
}

/** The article figure among the chart's pins and its values' engine numbers, once measured. */
export function useArticleValues(overlay: readonly Pin[], chartSeries: readonly string[]): ArticleValuesOnChart | null {
  const { figures, measurer } = useContext(ArticleContext);
  const found = figureOnChart(figures, overlay, chartSeries);
  const key = found?.key ?? null;
  // The key names the figure and its pins (their ids never change): it stands for them both.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  const on = useMemo(() => found, [key]);
  const [settled, setSettled] = useState<{ key: string; ok: boolean } | null>(null);
  useEffect(() => {
    if (!on || !measurer || measurer.peek(on.key)) return;
    let live = true;
    measurer.measure(on.key, on.figure.name, memberLines(on)).then(
      () => live && setSettled({ key: on.key, ok: true }),
      () => live && setSettled({ key: on.key, ok: false }),
    );
    return () => {
      live = false;
    };
  }, [on, measurer]);
  if (!on) return null;
  return { ...on, results: measurer?.peek(on.key) ?? null, failed: settled?.key === on.key && !settled.ok };
}
