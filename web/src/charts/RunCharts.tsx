// Every chart of a run, in page order: the headline (with the compare overlay) first, then the
// secondary charts in a grid, then the block map. `only` picks one chart (embed mode).
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import type { Pin } from '../session/pins';
import type { RunView } from '../session/runView';
import { useI18n } from '../i18n';
import { BlockMapCard } from './BlockMapCard';
import { chartDefs } from '../run/chartSpecs';
import { SeriesChartCard } from './SeriesChartCard';
import { presetText } from '../i18n/engineText';
import type { Lang, Vars } from '../i18n';
import type { MessageKey } from '../i18n';
import { axisName } from '../i18n/engineText';
import { DriveStatePanel } from './drive-state/DriveStatePanel';
import { firstPlacedAxis, mainAxis } from './drive-state/chartCursor';
import { useDriveCursor } from './drive-state/useDriveCursor';

interface Props {
  view: RunView;
  pins: Pin[];
  /** The preset the run is, unchanged (a figure member of it then stands for the run). */
  runPreset?: string | null;
  onRemovePin?(id: string): void;
  runtimeS: number;
  filenameBase: string;
  headlineActions?: ReactNode;
  /** Between the headline and the grid (the compare bar). */
  afterHeadline?: ReactNode;
  only?: string;
  exportable?: boolean;
  /** False when the run's device has no erase blocks (3D XPoint): no block map card at all. */
  blocks?: boolean;
  /** What an empty chart says before any run (default: press Run); e.g. the trace file it waits for. */
  idleText?: string;
}

export function RunCharts({ view, pins, runPreset = null, onRemovePin, runtimeS, filenameBase, headlineActions, afterHeadline, only, exportable, blocks = true, idleText }: Props) {
  const { t, lang } = useI18n();
  const defs = chartDefs(view.series);
  const scenario = runTitle(lang, t, view.scenario, runPreset);
  const running = view.status === 'running';
  // Wear levelling is a NAND drive's own (a hybrid's cache tier is described elsewhere).
  const wear = view.scenario?.device.kind === 'nand_ssd' ? view.scenario.device.wear : null;
  const emptyText = running ? t('chart.waiting') : (idleText ?? t('chart.empty'));
  // One cursor for every chart of the finished run and the drive-state panel under the headline.
  // Deferred: the panel mounts in a render React may split, not in the finished run's own
  // (a whole-drive write's last frame took 66–133 ms with it, over the 50 ms a task may take).
  const snapshots = useDeferredValue(view.status === 'done' ? view.snapshots : null);
  const main = useMemo(() => firstPlacedAxis(snapshots, chartDefs(view.series).map((d) => mainAxis(d.series.map((i) => view.series[i]), (x) => axisName(lang, x)))), [snapshots, view.series, lang]);
  const drive = useDriveCursor(snapshots, main);

  if (only) {
    if (only === 'blocks') return blocks ? <BlockMapCard map={view.blockMap} running={running} filenameBase={filenameBase} exportable={exportable} scenario={scenario} wear={wear} /> : <EmptyChart title={t('chart.blocks')} text={t('blocks.none')} />;
    const def = defs.find((d) => d.id === only) ?? defs[0];
    if (!def) return <EmptyChart text={emptyText} />;
    return <SeriesChartCard def={def} view={view} pins={def.id === 'headline' ? pins : []} runtimeS={runtimeS} filenameBase={filenameBase} exportable={exportable} actions={headlineActions} />;
  }

  const [headline, ...rest] = defs;
  return (
    <>
      {headline ? (
        <SeriesChartCard def={headline} view={view} pins={pins} runPreset={runPreset} onRemovePin={onRemovePin} runtimeS={runtimeS} filenameBase={filenameBase} actions={headlineActions} drive={drive} causeBands={!rest.some((d) => d.role === 'cdf')} />
      ) : (
        <EmptyChart text={emptyText} />
      )}
      {afterHeadline}
      {drive && <DriveStatePanel cursor={drive} />}
      {(rest.length > 0 || view.blockMap) && (
        <div className="chart-grid">
          {rest.map((def) => (
            <SeriesChartCard key={def.id} def={def} view={view} runtimeS={runtimeS} filenameBase={filenameBase} drive={drive} />
          ))}
          {/* A device without erase blocks has no map to wait for; a finished run without one has none to show. */}
          {blocks && (view.blockMap || view.status !== 'done') && <BlockMapCard map={view.blockMap} running={running} filenameBase={filenameBase} scenario={scenario} wear={wear} />}
        </div>
      )}
    </>
  );
}

/** The run's scenario in words for an exported picture: the preset's title (translated when the
 * run is that preset unchanged, else the scenario's own name) and the seed. */
export function runTitle(lang: Lang, t: (key: MessageKey, vars?: Vars) => string, scenario: { name?: unknown; seed?: unknown } | null, runPreset: string | null): string {
  if (!scenario) return '';
  const name = typeof scenario.name === 'string' ? scenario.name : '';
  const title = runPreset ? presetText(lang, { name: runPreset, title: name, description: '' }).title : name;
  return typeof scenario.seed === 'number' ? t('blocks.exportScenario', { name: title, seed: scenario.seed }) : title;
}

function EmptyChart({ text, title }: { text: string; title?: string }) {
  const { t } = useI18n();
  return (
    <section className="card chart chart-empty-card" data-testid="chart-empty">
      <h2>{title ?? t('chart.headlineEmpty')}</h2>
      <div className="chart-placeholder">
        <p className="muted">{text}</p>
      </div>
    </section>
  );
}
