// Charts on the page by id, so the test hook (and devtools) can read exactly what each chart
// draws. Read-only from the outside; charts register while mounted.
import type { MutableRefObject } from 'react';
import type { ChartExporter } from './exportChart';

const charts = new Map<string, MutableRefObject<ChartExporter | null>>();

export function registerChart(id: string, exporter: MutableRefObject<ChartExporter | null>): () => void {
  charts.set(id, exporter);
  return () => {
    if (charts.get(id) === exporter) charts.delete(id);
  };
}

export function chartData(id: string): ReturnType<ChartExporter['data']> | null {
  return charts.get(id)?.current?.data() ?? null;
}

export function chartIds(): string[] {
  return [...charts.keys()];
}
