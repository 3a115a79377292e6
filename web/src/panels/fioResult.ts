// What the page does with a loaded fio result (ssd_core::fio, docs/fio.md "Comparing with your
// own fio results"), kept apart from React so it is tested on its own: a metric's message keys,
// and how a value and its error read in the "Measured vs model" table.
import type { MetricError } from '../engine/generated/MetricError';
import type { I18n, MessageKey } from '../i18n';
import { formatValue } from '../run/format';

/** Biggest fio result or log the page reads: a long per-I/O log is tens of MB. */
export const MAX_FIO_RESULT_BYTES = 64_000_000;

/** What is loaded: the result (its text kept for the comparison after each run) and its logs, or why one was refused. */
export type FioResultNotice = { status: 'failed'; file: string; message: string } | null;

/** The measure a metric id names after its direction: `read_latency.p99_us` → `latency.p99_us`. */
export function measureOf(m: MetricError): string {
  return m.metric.slice(m.op.length + 1);
}

/** A metric in the table's words, its direction named: "Read clat p99 (µs)". */
export function metricName(m: MetricError, t: I18n['t']): string {
  return t(`fioResult.measure.${measureOf(m)}` as MessageKey, { op: t(`fioResult.op.${m.op === 'read' ? 'read' : 'write'}`) });
}

/** A measured or modelled value at four significant figures, grouped for the locale. */
export function metricValue(v: number, locale: string): string {
  return formatValue(Number(v.toPrecision(4)), locale);
}

/** The model's error against the measurement, signed, one decimal, kept on one line: "+50.9 %", "−0.3 %". */
export function errorText(percent: number, locale: string): string {
  const text = Math.abs(percent).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${text}\u00a0%`;
}

/** A nearest-drive distance as the CLI prints it (three decimals), read as a factor: "× 1.550". */
export function distanceText(d: number, locale: string): string {
  return `×\u00a0${d.toLocaleString(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 })}`;
}

/** The metric furthest from its measurement (by |ln ratio|, as the distance weighs it); null with none. */
export function worstMetric(metrics: readonly MetricError[]): MetricError | null {
  let worst: MetricError | null = null;
  for (const m of metrics) if (!worst || Math.abs(Math.log(m.ratio)) > Math.abs(Math.log(worst.ratio))) worst = m;
  return worst;
}
