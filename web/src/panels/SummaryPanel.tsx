// Every number of the engine's summary, laid out by its catalogue: rates as
// headline tiles, read/write latency as a table, and the rest by group. Labels are translated
// by id, values formatted by unit id.
import { memo } from 'react';
import { isCeilingStop } from '../engine/errors';
import type { Summary, SummaryField, SummaryGroup, PowerCutSummary, TenantSummary } from '../engine/types';
import { useI18n, type MessageKey } from '../i18n';
import { summaryLabel } from '../i18n/engineText';
import { unitText } from '../i18n/units';
import type { KindsInUse } from '../scenario/devices';
import { formatSummaryField, formatSummaryValue, humanTime, leafOf, summaryLayout, type SummarySection, type SummaryValue } from './summaryFields';
import { summaryHelp } from './summaryHelp';
import { HelpTip, Term } from '../glossary/Term';
import type { Qos } from '../run/qos';
import { QosLine } from './QosLine';
import { TenantsTable } from './TenantsTable';
import { PowerCutTable } from './PowerCutTable';

interface Props {
  summary: Summary | null;
  /** The engine's summary catalogue (empty until it has loaded). */
  fields: readonly SummaryField[];
  /** Shown instead of numbers, e.g. why there are none. */
  emptyText: string;
  /** The run's device kinds in use (`deviceKinds`): only the values that mean something for them are shown. */
  devices: KindsInUse;
  /** Why the run stopped before its end: its code, the field's id and its label in the page's language, the engine's message. */
  stopped?: Stopped | null;
  /** The run's read QoS, when it is the spec sheets' job (4K random reads at QD1). */
  qos?: Qos | null;
  /** Each tenant's results, for a run whose workload's kind is tenants. */
  tenants?: readonly TenantSummary[] | null;
  /** What a power cut left, for a run whose job had one. */
  powerCut?: PowerCutSummary | null;
}

/** A heading for every group; a Record, so a group the engine adds needs its text first. */
export const GROUP_TITLES: Record<SummaryGroup, MessageKey> = {
  throughput: 'summary.group.throughput',
  latency_read: 'op.read',
  latency_write: 'op.write',
  host: 'summary.group.host',
  nand: 'summary.group.nand',
  gc: 'summary.group.gc',
  wear: 'summary.group.wear',
  capacity: 'summary.group.capacity',
  mapping: 'summary.group.mapping',
  hmb: 'summary.group.hmb',
  slc_cache: 'summary.group.slc_cache',
  media: 'summary.group.media',
  hdd: 'summary.group.hdd',
  tier: 'summary.group.tier',
  zns: 'summary.group.zns',
  run: 'summary.group.run',
};

/** Short column headings of the latency table, by the last step of the id. */
const LATENCY_COLUMNS: Record<string, MessageKey> = {
  count: 'summary.col.count',
  mean_us: 'summary.col.mean_us',
  p50_us: 'summary.col.p50_us',
  p99_us: 'summary.col.p99_us',
  p999_us: 'summary.col.p999_us',
  p9999_us: 'summary.col.p9999_us',
  max_us: 'summary.col.max_us',
};

// Memoised: the page re-renders with every frame of a streaming run; the summary comes once, at the end.
export const SummaryPanel = memo(function SummaryPanel({ summary, fields, emptyText, devices, stopped, qos, tenants, powerCut }: Props) {
  const { t, lang } = useI18n();
  if (!summary || fields.length === 0) {
    return (
      <section className="card summary" data-testid="summary">
        <h2>{t('summary.title')}</h2>
        <p className="muted">{summary ? t('run.loading') : emptyText}</p>
      </section>
    );
  }
  const layout = summaryLayout(summary, fields, devices);
  // The label opens its plain-words explanation (hover, focus, tap); the raw id never shows.
  const label = (v: SummaryValue) => {
    const text = summaryLabel(lang, v.field);
    const help = summaryHelp(lang, v.field.id);
    return help ? (
      <HelpTip title={text} body={help} testId={`summary-help-${v.field.id}`}>
        {text}
      </HelpTip>
    ) : (
      text
    );
  };

  return (
    <section className="card summary" aria-labelledby="summary-title" data-testid="summary">
      <div className="card-head">
        <h2 id="summary-title">{t('summary.title')}</h2>
      </div>
      {summary.truncated && (
        <p className="note note-warn" role="status" data-testid="summary-stopped">
          {stopped ? stoppedText(t, stopped) : t('summary.truncated')}
        </p>
      )}
      {summary.scale > 1 && (
        <p className="muted summary-scope" data-testid="summary-scope">
          {t('summary.sliceNote', { n: summary.scale })}
        </p>
      )}
      <dl className="headline-grid">
        {layout.headline.map((v) => (
          <div className="metric metric-big" key={v.field.id}>
            <dt>{label(v)}</dt>
            <dd>
              <Value v={v} scale={summary.scale} />
            </dd>
          </div>
        ))}
      </dl>
      {qos && <QosLine qos={qos} />}
      {layout.latency.length > 0 && (
        // A narrow screen scrolls the table sideways instead of the whole page.
        <div className="table-scroll">
          <LatencyTable sections={layout.latency} />
        </div>
      )}
      {tenants && tenants.length > 0 && <TenantsTable tenants={tenants} />}
      {powerCut && <PowerCutTable cut={powerCut} />}
      {layout.sections.map((s) => (
        <section className="details-section" key={s.group} data-group={s.group} aria-labelledby={`summary-${s.group}`}>
          <h3 className="details-heading" id={`summary-${s.group}`}>
            {t(GROUP_TITLES[s.group])}
          </h3>
          <dl className="details-grid">
            {s.values.map((v) => (
              <div className="detail" key={v.field.id}>
                <dt>{label(v)}</dt>
                <dd>
                  <Value v={v} scale={summary.scale} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </section>
  );
});

function Value({ v, scale }: { v: SummaryValue; scale: number }) {
  const { t, lang, locale } = useI18n();
  const bytes = v.field.unit === 'bytes';
  const shown = humanTime(v.value, v.field.unit);
  const unit = bytes ? '' : unitText(lang, shown.unit);
  return (
    <span className="value" data-key={v.field.id} title={bytes ? t('summary.bytes', { n: v.value.toLocaleString(locale) }) : undefined}>
      <span className="metric-value">{formatSummaryField(v, shown.value, shown.unit, locale)}</span>
      {unit && <span className="metric-unit">{unit}</span>}
      {/* A total of the simulated slice, not the drive: say so beside the number. */}
      {v.field.slice && scale > 1 && (
        <span className="slice-tag" data-testid={`slice-${v.field.id}`} title={t('summary.sliceTag', { n: scale })}>
          1/{scale}
        </span>
      )}
    </span>
  );
}

/** Columns that are percentiles: their heading opens the glossary's explanation. */
const PERCENTILE_COLUMNS = ['p50_us', 'p99_us', 'p999_us', 'p9999_us'];

/** Read and write latency share their columns, so they read best as one table. */
function LatencyTable({ sections }: { sections: SummarySection[] }) {
  const { t, lang, locale } = useI18n();
  const columns = sections[0].values;
  return (
    <table className="group-table">
      <caption>{t('summary.latency')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('summary.operation')}</th>
          {columns.map((c) => {
            const key = LATENCY_COLUMNS[leafOf(c.field.id)];
            const unit = unitText(lang, c.field.unit);
            return (
              <th scope="col" key={c.field.id}>
                {key && PERCENTILE_COLUMNS.includes(leafOf(c.field.id)) ? <Term id="latency-percentile">{t(key)}</Term> : key ? t(key) : summaryLabel(lang, c.field)}
                {unit && <span className="metric-unit"> {unit}</span>}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {sections.map((s) => {
          const idle = s.values.every((v) => v.value === 0);
          return (
            <tr key={s.group} className={idle ? 'idle' : undefined}>
              <th scope="row">{t(GROUP_TITLES[s.group])}</th>
              {s.values.map((v) => (
                <td key={v.field.id} data-key={v.field.id}>
                  {formatSummaryValue(v.value, v.field.unit, locale)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

interface Stopped {
  code: string;
  id: string;
  field: string;
  message: string;
}

/** The replay's stops the summary explains, by the field the engine names. */
const REPLAY_STOPS: Record<string, MessageKey> = {
  workload: 'summary.stoppedReplay.workload',
  'workload.sha256': 'summary.stoppedReplay.workload.sha256',
  'workload.map.fit': 'summary.stoppedReplay.workload.map.fit',
  trace: 'summary.stoppedReplay.trace',
};

/** Why the run stopped before its end: a ceiling (work, wall time, chart points), or its trace replay. */
function stoppedText(t: ReturnType<typeof useI18n>['t'], stopped: Stopped): string {
  if (stopped.code === 'too_much_memory') return t('summary.stoppedPoints', { field: stopped.field });
  if (stopped.code === 'too_much_time') return t('summary.stoppedTime', { field: stopped.field });
  const replay = REPLAY_STOPS[stopped.id];
  return replay && !isCeilingStop(stopped.code) ? t(replay, { field: stopped.field, message: stopped.message }) : t('summary.stoppedWork', { field: stopped.field });
}
