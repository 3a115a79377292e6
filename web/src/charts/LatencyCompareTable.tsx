// Under a latency trace with pins: each line's p50 / p99 / p99.9 / max side by side, from that
// run's own summary (every operation, not only the plotted points). Article 002's finding reads
// here in numbers: the NAND drive's max is several times its median, the 3D XPoint drive's is not.
import type { LatencySummary, Summary } from '../engine/types';
import { useI18n, type MessageKey } from '../i18n';
import { unitText } from '../i18n/units';
import { formatValue } from '../run/format';

export interface LatencyRow {
  key: string;
  label: string;
  color: string;
  summary: Summary | null | undefined;
}

const COLUMNS: { key: Exclude<keyof LatencySummary, 'p9999_us'>; title: MessageKey }[] = [
  { key: 'p50_us', title: 'summary.col.p50_us' },
  { key: 'p99_us', title: 'summary.col.p99_us' },
  { key: 'p999_us', title: 'summary.col.p999_us' },
  { key: 'max_us', title: 'summary.col.max_us' },
];

/** The operation a trace measured: writes when any ran (article 002), else reads. */
function stats(summary: Summary | null | undefined): LatencySummary | null {
  if (!summary) return null;
  if (summary.write_latency.count > 0) return summary.write_latency;
  return summary.read_latency.count > 0 ? summary.read_latency : null;
}

export function LatencyCompareTable({ rows }: { rows: readonly LatencyRow[] }) {
  const { t, lang, locale } = useI18n();
  const shown = rows.map((r) => ({ ...r, stats: stats(r.summary) })).filter((r) => r.stats !== null);
  if (shown.length < 2) return null;
  // One unit for the whole table, so the columns compare at a glance.
  const ms = Math.max(...shown.map((r) => r.stats!.max_us)) >= 1000;
  const per = ms ? 1000 : 1;
  const unit = unitText(lang, ms ? 'ms' : 'us');
  return (
    <table className="group-table latency-compare" data-testid="latency-compare">
      <caption>{t('chart.latencyCompare')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('chart.latencyCompareLine')}</th>
          {COLUMNS.map((c) => (
            <th scope="col" key={c.key}>
              {t(c.title)} <span className="metric-unit">{unit}</span>
            </th>
          ))}
          <th scope="col">{t('chart.latencyCompareRatio')}</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((r) => (
          <tr key={r.key} data-line={r.label}>
            <th scope="row">
              <span className="legend-swatch" style={{ background: r.color }} aria-hidden="true" /> {r.label}
            </th>
            {COLUMNS.map((c) => (
              <td key={c.key} data-key={c.key} data-label={`${t(c.title)} ${unit}`}>
                {formatValue(Number((r.stats![c.key] / per).toPrecision(4)), locale)}
              </td>
            ))}
            <td data-key="max_over_p50" data-label={t('chart.latencyCompareRatio')}>{(r.stats!.max_us / r.stats!.p50_us).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
