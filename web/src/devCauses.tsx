// Temporary visual harness (not committed).
import { createRoot } from 'react-dom/client';
import { I18nProvider, type Lang } from './i18n';
import { SeriesChartCard } from './charts/SeriesChartCard';
import { PointBuffer } from './engine/chunking';
import type { RunView } from './app/runView';
import type { LatencyCauses, SeriesMeta } from './engine/types';
import { SummaryPanel } from './panels/SummaryPanel';
import './app/styles/base.css';
import './app/styles/controls.css';
import './app/styles/chart.css';
import './app/styles/summary.css';
import './charts/teach-charts.css';

const ops = { id: 'operation', unit: 'count', name: 'Operation', categories: [] } as const;
const ms = { id: 'latency', unit: 'ms', name: 'Latency', categories: [] } as const;
const ids = ['firmware', 'buffer', 'behind_erase', 'media_program', 'channel', 'link'];
const n = 767;
const rows = Array.from({ length: n }, (_, i) => [0.01, 0.2 + (i % 7) * 0.01, i >= 247 && (i - 247) % 24 === 0 ? 3.5 : 0, 17, 1.5, 1.0 + (i % 5) * 0.02]);
const flat = (ys: number[]) => Float64Array.from(ys.flatMap((y, i) => [i + 1, y]));
const meta = (id: string, role: string, label: string): SeriesMeta => ({ id, role: role as SeriesMeta['role'], label_id: (role === 'latency_cause' ? 'latency_cause' : 'write') as SeriesMeta['label_id'], label, x: { ...ops, categories: [] }, y: { ...ms, categories: [] } });
const series = [meta('latency_trace', 'headline', 'Write'), ...ids.map((id) => meta(`latency_cause.${id}`, 'latency_cause', id))];
const pts = [flat(rows.map((r) => r.reduce((a, b) => a + b, 0))), ...ids.map((_, k) => flat(rows.map((r) => r[k])))];
const buffers = pts.map((p) => { const b = new PointBuffer(p.length / 2); b.append(p); return b; });
const causes = ['host', 'firmware', 'buffer', 'behind_erase', 'media_program', 'channel', 'link', 'other'];
const us = (r: number[]) => causes.map((c) => (ids.includes(c) ? r[ids.indexOf(c)] * 1000 : 0));
const band = (id: string, r: number[], count: number) => ({ id, from_us: 0, to_us: 0, count, mean_us: r.reduce((a, b) => a + b, 0) * 1000, causes_us: us(r) });
const doc: LatencyCauses = {
  causes,
  read: { count: 100, mean_us: 2700, causes_us: us([0.01, 0, 0, 0, 2, 0.7]), tail: band('tail', [0.01, 0, 0, 0, 2.3, 0.7], 1), bands: [band('to_p50', [0.01, 0, 0, 0, 1.9, 0.7], 50), band('p50_p99', [0.01, 0, 0, 0, 2.0, 0.7], 49), band('p99_p999', [0.01, 0.05, 0, 0, 2.3, 0.7], 1)], max: { op: 'read', issued_s: 1, latency_us: 3100, units: 512, causes_us: us([0.01, 0.1, 0, 0, 2.3, 0.7]) } },
  write: { count: n, mean_us: 20000, causes_us: us(rows[0]), tail: band('tail', rows[247], 21), bands: [band('to_p50', rows[1], 380), band('p50_p99', rows[2], 366), band('p99_p999', rows[247], 21)], max: { op: 'write', issued_s: 5, latency_us: rows[247].reduce((a, b) => a + b, 0) * 1000, units: 2048, causes_us: us(rows[247]) } },
  slowest: [],
};
const lat = { count: 1000, mean_us: 80, p50_us: 75, p99_us: 112, p999_us: 160, p9999_us: 215, max_us: 400 };
const summary = { read_latency: lat, write_latency: { ...lat, count: 0 }, duration_s: 1, scale: 1, truncated: false } as unknown as RunView['summary'];
const view: RunView = { status: 'done', progress: 1, series, buffers, summary, error: null, scenarioJson: JSON.stringify({ workload: { kind: 'job', rw: 'randread', bs: '4k', iodepth: 1, numjobs: 1 } }), elapsedMs: 0, frame: 1, blockMap: null, snapshots: null, latencyCauses: doc, runs: 1, stale: false };
const cdf = flat(Array.from({ length: 200 }, (_, i) => i / 2));
const cdfX = Float64Array.from(Array.from({ length: 200 }, (_, i) => [60 + i * i * 0.004, i / 2]).flat());
void cdf;
const cdfMeta: SeriesMeta = { id: 'latency_cdf_read', role: 'latency_cdf', label_id: 'read', label: 'Read', x: { id: 'latency', unit: 'us', name: 'Latency', categories: [] }, y: { id: 'operations_at_or_below', unit: 'percent', name: 'Operations', categories: [] } };
const cb = new PointBuffer(200); cb.append(cdfX);
const cdfView: RunView = { ...view, series: [cdfMeta], buffers: [cb] };
const lang = (new URLSearchParams(location.search).get('lang') ?? 'en') as Lang;
createRoot(document.getElementById('root')!).render(
  <I18nProvider initial={lang}>
    <div style={{ maxWidth: 900, margin: '10px auto', display: 'flex', flexDirection: 'column', gap: 12 }}>
      <SeriesChartCard def={{ id: 'headline', series: [0], mark: 'dots', role: 'latency_trace' }} view={view} filenameBase="x" />
      <SeriesChartCard def={{ id: 'latency', series: [0], mark: 'line', role: 'cdf' }} view={cdfView} filenameBase="y" />
      <SummaryPanel summary={summary} fields={[]} emptyText="" devices={{} as never} qos={{ p99Us: 112, p9999Us: 215 }} />
    </div>
  </I18nProvider>,
);
