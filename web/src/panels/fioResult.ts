// What the page does with a loaded fio result (ssd_core::fio, docs/fio.md "Comparing with your
// own fio results"), kept apart from React so it is tested on its own: a metric's message keys,
// and how a value and its error read in the "Measured vs model" table.
import type { MetricError } from '../engine/generated/MetricError';
import { formatValue } from '../run/format';

/** Biggest fio result or log the page reads: a long per-I/O log is tens of MB. */
export const MAX_FIO_RESULT_BYTES = 64_000_000;

/** What is loaded: the result (its text kept for the comparison after each run) and its logs, or why one was refused. */
export type FioResultNotice = { status: 'failed'; file: string; message: string } | null;

/** The measure a metric id names after its direction: `read_latency.p99_us` → `latency.p99_us`. */
export function measureOf(m: MetricError): string {
  return m.metric.slice(m.op.length + 1);
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
