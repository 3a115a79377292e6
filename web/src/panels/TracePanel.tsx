// The trace panel (issue 29): drop or pick a block trace; the engine reads it in the worker in
// chunks (progress in bytes and commands) and summarises it as `ssdsim trace` does, with the
// trace's own read/write mix and footprint over its course. A refused line is named with its
// number, field and problem, translated by code. A scenario opened from a link that replays a
// trace asks here for its file, and takes a picked file only if its SHA-256 is the scenario's.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { isWantedTrace, type WantedTrace } from '../session/traceReplay';
import type { EngineClient } from '../engine/bridge';
import type { TraceFormatId, TraceScanOptions, TraceSummary } from '../engine/types';
import { useI18n, type MessageKey } from '../i18n';
import { formatBytesDecimal } from '../scenario/bytes';
import { FilePicker } from '../ui/FilePicker';
import { TraceCharts } from './TraceCharts';
import { useTraceScan, type TraceScanState } from './useTraceScan';

const FORMATS: (TraceFormatId | 'auto')[] = ['auto', 'msr', 'spc', 'alibaba', 'tencent', 'blkparse', 'fio_v2', 'fio_v3'];

interface TracePanelProps {
  engine: EngineClient | null;
  /** Make the scanned trace the scenario's workload and replay it on the drive. */
  onReplay?: (file: File, summary: TraceSummary) => void;
  /** The file the scenario replays and has not been given yet (a shared link). */
  wanted?: WantedTrace | null;
  /** Give the scenario its file: the one scanned is the one it asks for. */
  onAttach?: (file: File) => void;
}

export function TracePanel({ engine, onReplay, wanted = null, onAttach }: TracePanelProps) {
  const { t } = useI18n();
  const { state, scan } = useTraceScan(engine);
  const matches = state.status === 'done' && wanted !== null && isWantedTrace(wanted, state.source, state.summary);
  useEffect(() => {
    if (matches && state.status === 'done') onAttach?.(state.source);
  }, [matches, state, onAttach]);
  // A scenario waiting for its file opens the panel; it stays open (the reader's to close).
  const details = useRef<HTMLDetailsElement | null>(null);
  const waiting = wanted !== null;
  useEffect(() => {
    if (waiting && details.current) details.current.open = true;
  }, [waiting]);
  const [format, setFormat] = useState<TraceScanOptions['format']>('auto');
  const [dragging, setDragging] = useState(false);
  const start = (file: File | undefined) => file && void scan(file, { format, devices: [], complete: false });
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    start(e.dataTransfer.files[0]);
  };
  return (
    <details ref={details} className="card panel trace-panel" data-testid="trace-panel">
      <summary>
        <h2>{t('trace.title')}</h2>
      </summary>
      {wanted && <WantedNotice wanted={wanted} />}
      <div
        className={`trace-drop${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => (e.preventDefault(), setDragging(true))}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-label={t('trace.drop')}
      >
        <p className="muted">{t('trace.intro')}</p>
        <FilePicker label={t('trace.pick')} disabled={!engine} buttonTestId="trace-pick" inputTestId="trace-file" onFile={start} />
        <label className="trace-format">
          {t('trace.format')}{' '}
          <select value={format} onChange={(e) => setFormat(e.target.value as TraceScanOptions['format'])}>
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`trace.format.${f}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {state.status === 'done' && wanted && !matches && <Mismatch wanted={wanted} file={state.source} summary={state.summary} />}
      <TraceScanView state={state} />
      {state.status === 'done' && onReplay && (
        <button type="button" className="btn" data-testid="trace-replay" onClick={() => onReplay(state.source, state.summary)}>
          {t('trace.replay')}
        </button>
      )}
    </details>
  );
}

/** What the scenario replays: its file's name, size and SHA-256, from the link. */
function WantedNotice({ wanted }: { wanted: WantedTrace }) {
  const { t, locale } = useI18n();
  return (
    <p className="trace-wanted" role="status" data-testid="trace-wanted">
      {t('trace.wanted', { name: wanted.name || '?', size: formatBytesDecimal(wanted.bytes, locale) })}
      {wanted.sha256 && (
        <>
          {' '}
          {t('trace.wantedHash')} <code className="trace-hash">{wanted.sha256}</code>
        </>
      )}
    </p>
  );
}

function Mismatch({ wanted, file, summary }: { wanted: WantedTrace; file: File; summary: TraceSummary }) {
  const { t, locale } = useI18n();
  const text = wanted.sha256
    ? t('trace.mismatch', { file: file.name, found: summary.sha256, expected: wanted.sha256 })
    : t('trace.sizeMismatch', { file: file.name, found: formatBytesDecimal(file.size, locale), expected: formatBytesDecimal(wanted.bytes, locale) });
  return (
    <p className="field-error" role="alert" data-testid="trace-mismatch">
      {text}
    </p>
  );
}

function TraceScanView({ state }: { state: TraceScanState }) {
  const { t, locale } = useI18n();
  const bytes = (b: number) => formatBytesDecimal(b, locale);
  switch (state.status) {
    case 'idle':
      return null;
    case 'reading': {
      const p = state.progress;
      return (
        <div className="trace-reading" data-testid="trace-reading">
          <progress aria-label={t('trace.progress')} max={p?.totalBytes ?? 1} value={p?.bytes ?? 0} />
          <p className="muted">{t('trace.reading', { file: state.file, read: bytes(p?.bytes ?? 0), total: p ? bytes(p.totalBytes) : '…', commands: (p?.commands ?? 0).toLocaleString(locale) })}</p>
        </div>
      );
    }
    case 'refused': {
      const r = state.refusal;
      const problem = t(`trace.problem.${r.problem}` as MessageKey);
      return (
        <p className="field-error" role="alert" data-testid="trace-refused" data-line={r.line} data-field={r.field}>
          {t('trace.refused', { file: state.file, line: r.line.toLocaleString(locale), field: r.field, problem })}
        </p>
      );
    }
    case 'failed':
      return (
        <p className="field-error" role="alert" data-testid="trace-failed">
          {t('trace.failed', { file: state.file, message: state.error.message })}
        </p>
      );
    case 'done':
      return <TraceSummaryView file={state.file} summary={state.summary} />;
  }
}

function TraceSummaryView({ file, summary: s }: { file: string; summary: TraceSummary }) {
  const { t, locale } = useI18n();
  const n = (v: number) => v.toLocaleString(locale);
  const bytes = (b: number) => formatBytesDecimal(b, locale);
  const ops = (o: TraceSummary['reads']) => t('trace.ops', { commands: n(o.commands), bytes: bytes(o.bytes) });
  const rows: [MessageKey, string][] = [
    ['trace.field.format', t(`trace.format.${s.format}` as MessageKey)],
    ['trace.field.commands', n(s.commands)],
    ['trace.field.reads', ops(s.reads)],
    ['trace.field.writes', ops(s.writes)],
    ['trace.field.trims', ops(s.trims)],
    ['trace.field.footprint', bytes(s.footprint_bytes)],
    ['trace.field.highest', bytes(s.highest_address_bytes)],
    ['trace.field.duration', s.duration_ns > 0 ? `${(s.duration_ns / 1e9).toLocaleString(locale, { maximumFractionDigits: 3 })} s` : t('trace.noTimes')],
    ['trace.field.iops', s.mean_iops > 0 ? n(Math.round(s.mean_iops)) : '–'],
    ['trace.field.hot20', `${(s.skew_hot20_share * 100).toLocaleString(locale, { maximumFractionDigits: 1 })} %`],
    ['trace.field.devices', s.devices.map((d) => d.label).join(', ')],
    ['trace.field.sha256', s.sha256],
  ];
  return (
    <section className="trace-summary" data-testid="trace-summary" aria-label={t('trace.summary', { file })}>
      <h3>{t('trace.summary', { file })}</h3>
      <dl>
        {rows.map(([key, value]) => (
          <div key={key} data-field={key}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <TraceCharts timeline={s.timeline} />
    </section>
  );
}
