// The embed snippet: one chart, an article figure overlay or the whole comparison on the chart
// (pins + this run), plus the chosen controls, in an iframe that resizes itself (embed.js
// listens for the height the embedded page posts). A live preview shows exactly that URL.
import { memo, useEffect, useMemo, useState } from 'react';
import { useI18n, type MessageKey } from '../i18n';
import { knobsFor, type KindsInUse, type Knob } from '../scenario/knobs';
import { embedSnippet } from '../scenario/embedLink';
import { FIGURE_PARAM, PIN_PARAM } from '../scenario/pinCodec';
import { Dialog } from '../ui/Dialog';
import { EmbedCode, EmbedControlsPicker, EmbedStoryPicker, EmbedWhatChoice, type EmbedWhat } from './EmbedDialogParts';
import { STORIES } from '../explain/stories';
import { stepUrl } from '../explain/story/StepLinks';
import { readableQuery } from '../session/link';

export type { EmbedWhat } from './EmbedDialogParts';

interface Props {
  open: boolean;
  /** Absolute URL of the directory the app is served from (ends with /). */
  base: string;
  /** The scenario's query string (no leading ?), comparison included. */
  search: string;
  charts: string[];
  knobs: readonly Knob[];
  kind: string;
  /** The device kinds in use (`deviceKinds`): a NAND-only knob is no control for a 3D XPoint drive. */
  devices: KindsInUse;
  edited: readonly string[];
  /** The figure overlaid on the chart (its title, translated), if any. */
  figureTitle?: string | null;
  /** Results on the comparison: pins and figure members. */
  compared?: number;
  onClose(): void;
}

const CHART_KEYS: Record<string, MessageKey> = {
  headline: 'embed.chart.headline',
  throughput: 'chart.throughput',
  latency: 'chart.latency',
  waf: 'chart.waf',
  gc: 'chart.gc',
  mapping: 'chart.mapping',
  slc_cache: 'chart.slc_cache',
  tier: 'chart.tier',
  tier_promotion_rate: 'chart.tier_promotion_rate',
  tier_cache_tier: 'chart.tier_cache_tier',
  blocks: 'chart.blocks',
};

/**
 * The embed page's URL. A chart embed leaves the comparison out; a figure embed keeps only the
 * figure; a comparison embed keeps figure and pins. Figures and comparisons are headline charts.
 */
export function embedUrl(base: string, search: string, chart: string, controls: readonly string[], what: EmbedWhat = 'chart'): string {
  const params = new URLSearchParams(search);
  params.delete('embed');
  if (what !== 'comparison') params.delete(PIN_PARAM);
  if (what === 'chart') params.delete(FIGURE_PARAM);
  params.set('chart', what === 'chart' ? chart : 'headline');
  if (controls.length) params.set('controls', controls.join(','));
  else params.delete('controls');
  return `${base}embed.html?${readableQuery(params)}`;
}

const PREVIEW_DELAY_MS = 600;

/** The URL after it has stopped changing for a moment: the preview frame reloads once, not per keystroke. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

// Memoised: the page re-renders with every frame of a streaming run; a closed dialog has nothing to redo.
export const EmbedDialog = memo(function EmbedDialog({ open, base, search, charts, knobs, kind, devices, edited, figureTitle = null, compared = 0, onClose }: Props) {
  const { t, lang } = useI18n();
  const [chart, setChart] = useState('headline');
  const [picked, setWhat] = useState<EmbedWhat>('chart');
  const usable = useMemo(() => knobsFor(knobs, kind, devices), [knobs, kind, devices]);
  const [controls, setControls] = useState<string[] | null>(null);
  const chosen = controls ?? usable.filter((k) => edited.includes(k.path)).map((k) => k.path);
  // Unset: a chart's default, or a story step's (its text and chart need more room).
  const [heightSet, setHeight] = useState<number | null>(null);
  const [storyId, setStoryId] = useState(STORIES[0]?.id ?? '');
  const story = STORIES.find((st) => st.id === storyId) ?? STORIES[0];
  const [stepId, setStepId] = useState('');
  const step = story?.steps.find((st) => st.id === stepId) ?? story?.steps[0];
  // A choice the chart no longer offers (the comparison was cleared) falls back to one chart.
  const available: Record<EmbedWhat, boolean> = { chart: true, figure: figureTitle !== null, comparison: compared > 0, story: step !== undefined };
  const what: EmbedWhat = available[picked] ? picked : 'chart';
  // A story step is the stories page's own embed route (`?story=…&step=…&embed=1`).
  const src = what === 'story' && story && step ? stepUrl(story.id, step.id, lang, true) : embedUrl(base, search, charts.includes(chart) ? chart : 'headline', chosen, what);
  const height = heightSet ?? (what === 'story' ? 620 : 460);
  const snippet = embedSnippet(src, height, t('embed.iframeTitle'), base);
  const preview = useSettled(src);
  const chartLabel = (c: string) => (CHART_KEYS[c] ? t(CHART_KEYS[c]) : c);

  const toggle = (path: string) => setControls(chosen.includes(path) ? chosen.filter((p) => p !== path) : [...chosen, path]);

  return (
    <Dialog open={open} title={t('embed.title')} onClose={onClose} testId="embed-dialog" wide>
      <p className="muted">{t('embed.help')}</p>
      <EmbedWhatChoice what={what} available={available} onChange={setWhat} />
      {what === 'figure' && figureTitle && <p className="muted small">{t('compareLink.figureHelp', { title: figureTitle })}</p>}
      {what === 'comparison' && <p className="muted small">{t('compareLink.comparisonHelp', { n: compared })}</p>}
      {what === 'story' && story && step && (
        <EmbedStoryPicker story={story} step={step} onStory={(id) => (setStoryId(id), setStepId(''))} onStep={setStepId} />
      )}
      <div className="embed-grid">
        <div className="embed-options">
          {what === 'chart' && (
            <label className="field">
              <span className="knob-label">{t('embed.chart')}</span>
              <select value={chart} onChange={(e) => setChart(e.target.value)} data-testid="embed-chart">
                {charts.map((c) => (
                  <option key={c} value={c}>
                    {chartLabel(c)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="field">
            <span className="knob-label">{t('embed.height')}</span>
            <input type="number" min={200} max={2000} step={10} value={height} onChange={(e) => setHeight(Math.max(200, Math.min(2000, e.target.valueAsNumber || 460)))} />
          </label>
          {what !== 'story' && (
            <EmbedControlsPicker usable={usable} chosen={chosen} kind={kind} onToggle={toggle} />
          )}
        </div>
        <EmbedCode snippet={snippet} src={src} />
      </div>
      <span className="knob-label">{t('compareLink.livePreview')}</span>
      {/* Only while the dialog is open: the preview runs its own engine. */}
      {open && <iframe key={preview} className="embed-preview" src={preview} title={t('compareLink.livePreview')} data-testid="embed-live-preview" />}
    </Dialog>
  );
});
