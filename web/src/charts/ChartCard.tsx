// A chart's card: title, legend, its own controls, and an export menu (PNG, SVG, CSV). While
// a run streams, a card scrolled off screen stops redrawing until it is visible again.
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n';
import { downloadBlob, downloadText, svgToPng, type ChartExporter } from './exportChart';
import { registerChart } from './registry';
import { useInView } from './useInView';
import { Icon } from '../ui/Icon';

export interface LegendEntry {
  key: string;
  label: string;
  color: string;
  dash?: string;
  onRemove?(): void;
}

interface Props {
  id: string;
  title: string;
  subtitle?: ReactNode;
  /** One line: what the chart shows and what to look for (captions.ts). */
  caption?: ReactNode;
  legend?: LegendEntry[];
  /** Chart-specific controls (log scale, CDF/histogram…), shown beside the export menu. */
  tools?: ReactNode;
  /** Footnote under the chart (unit definitions). */
  note?: ReactNode;
  /** True while points stream in: the only time an off-screen card may skip redraws. */
  live: boolean;
  filename: string;
  exporter: React.MutableRefObject<ChartExporter | null>;
  className?: string;
  children: ReactNode;
  /** Embedded charts drop the export menu when the host page asks for a bare chart. */
  exportable?: boolean;
}

const Frozen = memo(
  function Frozen({ children }: { frozen: boolean; children: ReactNode }) {
    return <>{children}</>;
  },
  (_, next) => next.frozen,
);

export function ChartCard({ id, title, subtitle, caption, legend = [], tools, note, live, filename, exporter, className, children, exportable = true }: Props) {
  const { t } = useI18n();
  const ref = useRef<HTMLElement | null>(null);
  const inView = useInView(ref);
  useEffect(() => registerChart(id, exporter), [id, exporter]);

  return (
    <figure ref={ref} className={`card chart ${className ?? ''}`} data-testid={`chart-${id}`} data-chart={id} aria-labelledby={`${id}-title`}>
      <figcaption className="chart-head">
        <div className="chart-titles">
          <h2 id={`${id}-title`}>{title}</h2>
          {caption && (
            <p className="chart-caption" data-testid="chart-caption">
              {caption}
            </p>
          )}
          {subtitle && <p className="muted chart-subtitle">{subtitle}</p>}
        </div>
        <div className="chart-tools">
          {tools}
          {exportable && <ExportMenu exporter={exporter} filename={filename} label={t('export.chart')} />}
        </div>
      </figcaption>
      {legend.length > 0 && (
        <ul className="legend" aria-label={t('chart.legend')} data-testid="legend">
          {legend.map((l) => (
            <li key={l.key} className="legend-item" data-series={l.key}>
              <span className={`legend-swatch${l.dash ? ' dashed' : ''}`} style={{ background: l.dash ? undefined : l.color, borderColor: l.color }} />
              <span className="legend-label" title={l.label}>
                {l.label}
              </span>
              {l.onRemove && (
                <button type="button" className="legend-remove" onClick={l.onRemove} aria-label={t('compare.remove', { label: l.label })} title={t('compare.remove', { label: l.label })}>
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Frozen frozen={live && !inView}>{children}</Frozen>
      {note && <p className="chart-note muted">{note}</p>}
    </figure>
  );
}

function ExportMenu({ exporter, filename, label }: { exporter: React.MutableRefObject<ChartExporter | null>; filename: string; label: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const menu = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !menu.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const run = async (kind: 'png' | 'svg' | 'csv') => {
    setOpen(false);
    const ex = exporter.current;
    if (!ex) return;
    try {
      if (kind === 'csv') downloadText(ex.csv(), `${filename}.csv`, 'text/csv;charset=utf-8');
      else if (kind === 'svg') downloadText(ex.svg(), `${filename}.svg`, 'image/svg+xml');
      else downloadBlob(ex.png ? await ex.png() : await svgToPng(ex.svg()), `${filename}.png`);
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div className="menu" ref={menu}>
      <button type="button" className="btn btn-ghost btn-small" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="export-menu">
        <Icon name="download" />
        {label}
      </button>
      {open && (
        <div className="menu-list" role="menu">
          <button type="button" role="menuitem" onClick={() => void run('png')} data-testid="export-png">
            {t('export.png')}
          </button>
          <button type="button" role="menuitem" onClick={() => void run('svg')} data-testid="export-svg">
            {t('export.svg')}
          </button>
          <button type="button" role="menuitem" onClick={() => void run('csv')} data-testid="export-csv">
            {t('export.csv')}
          </button>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
