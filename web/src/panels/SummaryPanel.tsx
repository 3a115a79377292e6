// Every number of the engine's summary: rates as headline tiles, nested groups (latency
// percentiles) as a table, and the rest as a compact list. Labels come from the keys.
import type { Summary } from '../engine/types';
import { useI18n } from '../i18n';
import { summaryLabel } from '../i18n/engineText';
import { formatSummaryValue, isHeadline, summaryFields, summaryGroups, type SummaryField, type SummaryGroup } from './summaryFields';

interface Props {
  summary: Summary | null;
  /** Shown instead of numbers, e.g. why there are none. */
  emptyText: string;
}

export function SummaryPanel({ summary, emptyText }: Props) {
  const { t, lang } = useI18n();
  if (!summary) {
    return (
      <section className="card summary" data-testid="summary">
        <h2>{t('summary.title')}</h2>
        <p className="muted">{emptyText}</p>
      </section>
    );
  }
  const fields = summaryFields(summary).map((f) => ({ ...f, label: summaryLabel(lang, f.key, f.label) }));
  const rates = fields.filter(isHeadline);
  const active = rates.filter((f) => f.value !== 0);
  const headline = active.length ? active : rates;
  const rest = fields.filter((f) => !headline.includes(f));
  const groups = summaryGroups(summary).map((g) => ({
    ...g,
    label: summaryLabel(lang, g.key, g.label),
    fields: g.fields.map((f) => ({ ...f, label: summaryLabel(lang, f.key, f.label) })),
  }));

  return (
    <section className="card summary" aria-labelledby="summary-title" data-testid="summary">
      <div className="card-head">
        <h2 id="summary-title">{t('summary.title')}</h2>
      </div>
      {summary.truncated && (
        <p className="note note-warn" role="status">
          {t('summary.truncated')}
        </p>
      )}
      <dl className="headline-grid">
        {headline.map((f) => (
          <div className="metric metric-big" key={f.key}>
            <dt>
              {f.label} <span className="metric-kind">{rateKind(f, t('summary.throughput'))}</span>
            </dt>
            <dd>
              <Value field={f} />
            </dd>
          </div>
        ))}
      </dl>
      {groups.length > 0 && (
        // A narrow screen scrolls the table sideways instead of the whole page.
        <div className="table-scroll">
          <GroupTable groups={groups} />
        </div>
      )}
      <dl className="details-grid">
        {rest.map((f) => (
          <div className="detail" key={f.key}>
            <dt title={f.key}>{isHeadline(f) ? `${f.label} ${rateKind(f, t('summary.throughput'))}` : f.label}</dt>
            <dd>
              <Value field={f} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** "Read" alone is ambiguous for a rate: say whether it is bytes or commands per second. */
function rateKind(f: SummaryField, throughput: string): string {
  return f.unit === 'IOPS' ? 'IOPS' : throughput;
}

function Value({ field }: { field: SummaryField }) {
  const { t, locale } = useI18n();
  const bytes = field.unit === 'bytes';
  return (
    <span className="value" data-key={field.key} title={bytes ? t('summary.bytes', { n: field.value.toLocaleString(locale) }) : undefined}>
      <span className="metric-value">{formatSummaryValue(field.value, field.unit)}</span>
      {field.unit && !bytes && <span className="metric-unit">{field.unit}</span>}
    </span>
  );
}

/** Groups sharing column names (read/write latency percentiles) read best as one table. */
function GroupTable({ groups }: { groups: SummaryGroup[] }) {
  const { t } = useI18n();
  const columns = groups[0].fields;
  const latency = groups.every((g) => g.key.endsWith('_latency'));
  const rowLabel = (g: SummaryGroup) => (latency ? g.label.replace(/ latency$/, '') : g.label);
  return (
    <table className="group-table">
      <caption>{latency ? t('summary.latency') : t('summary.details')}</caption>
      <thead>
        <tr>
          <th scope="col">{latency ? t('summary.operation') : ''}</th>
          {columns.map((c) => (
            <th scope="col" key={c.key}>
              {c.label}
              {c.unit && <span className="metric-unit"> {c.unit}</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => {
          const idle = g.fields.every((f) => f.value === 0);
          return (
            <tr key={g.key} className={idle ? 'idle' : undefined}>
              <th scope="row">{rowLabel(g)}</th>
              {g.fields.map((f) => (
                <td key={f.key} data-key={f.key}>
                  {formatSummaryValue(f.value, f.unit)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
