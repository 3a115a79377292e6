// Every chart of a run, in page order: the headline (with the compare overlay) first, then the
// secondary charts in a grid, then the block map. `only` picks one chart (embed mode).
import type { ReactNode } from 'react';
import type { Pin } from '../app/usePins';
import type { RunView } from '../app/useRun';
import { useI18n } from '../i18n';
import { BlockMapCard } from './BlockMapCard';
import { chartDefs } from './chartSpecs';
import { SeriesChartCard } from './SeriesChartCard';

interface Props {
  view: RunView;
  pins: Pin[];
  onRemovePin?(id: string): void;
  runtimeS: number;
  filenameBase: string;
  headlineActions?: ReactNode;
  /** Between the headline and the grid (the compare bar). */
  afterHeadline?: ReactNode;
  only?: string;
  exportable?: boolean;
}

export function RunCharts({ view, pins, onRemovePin, runtimeS, filenameBase, headlineActions, afterHeadline, only, exportable }: Props) {
  const { t } = useI18n();
  const defs = chartDefs(view.series);
  const running = view.status === 'running';

  if (only) {
    if (only === 'blocks') return <BlockMapCard map={view.blockMap} running={running} filenameBase={filenameBase} exportable={exportable} />;
    const def = defs.find((d) => d.id === only) ?? defs[0];
    if (!def) return <EmptyChart text={running ? t('chart.waiting') : t('chart.empty')} />;
    return <SeriesChartCard def={def} view={view} pins={def.id === 'headline' ? pins : []} runtimeS={runtimeS} filenameBase={filenameBase} exportable={exportable} actions={headlineActions} />;
  }

  const [headline, ...rest] = defs;
  return (
    <>
      {headline ? (
        <SeriesChartCard def={headline} view={view} pins={pins} onRemovePin={onRemovePin} runtimeS={runtimeS} filenameBase={filenameBase} actions={headlineActions} />
      ) : (
        <EmptyChart text={running ? t('chart.waiting') : t('chart.empty')} />
      )}
      {afterHeadline}
      {(rest.length > 0 || view.blockMap) && (
        <div className="chart-grid">
          {rest.map((def) => (
            <SeriesChartCard key={def.id} def={def} view={view} runtimeS={runtimeS} filenameBase={filenameBase} />
          ))}
          {/* A finished run without blocks (a device with no flash blocks) has no map to show. */}
          {(view.blockMap || view.status !== 'done') && <BlockMapCard map={view.blockMap} running={running} filenameBase={filenameBase} />}
        </div>
      )}
    </>
  );
}

function EmptyChart({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <section className="card chart chart-empty-card" data-testid="chart-empty">
      <h2>{t('chart.headlineEmpty')}</h2>
      <div className="chart-placeholder">
        <p className="muted">{text}</p>
      </div>
    </section>
  );
}
