// The embed snippet: one chosen chart plus the chosen controls, in an iframe that resizes itself
// (embed.js listens for the height the embedded page posts).
import { useMemo, useRef, useState } from 'react';
import { useI18n, type MessageKey } from '../i18n';
import { knobText } from '../i18n/engineText';
import { knobsFor, type KindsInUse, type Knob } from '../scenario/knobs';
import { copyText, Dialog } from '../ui/Dialog';

interface Props {
  open: boolean;
  /** Absolute URL of the directory the app is served from (ends with /). */
  base: string;
  /** The scenario's query string (no leading ?). */
  search: string;
  charts: string[];
  knobs: readonly Knob[];
  kind: string;
  /** The device kinds in use (`deviceKinds`): a NAND-only knob is no control for a 3D XPoint drive. */
  devices: KindsInUse;
  edited: readonly string[];
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

export function embedUrl(base: string, search: string, chart: string, controls: readonly string[]): string {
  const params = new URLSearchParams(search);
  params.delete('embed');
  params.set('chart', chart);
  if (controls.length) params.set('controls', controls.join(','));
  else params.delete('controls');
  return `${base}embed.html?${params.toString().replace(/%2C/gi, ',')}`;
}

export function embedSnippet(src: string, height: number, title: string, base: string): string {
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${attr(src)}" title="${attr(title)}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>\n<script async src="${attr(base)}embed.js"></script>`;
}

export function EmbedDialog({ open, base, search, charts, knobs, kind, devices, edited, onClose }: Props) {
  const { t, lang } = useI18n();
  const [chart, setChart] = useState('headline');
  const usable = useMemo(() => knobsFor(knobs, kind, devices), [knobs, kind, devices]);
  const [controls, setControls] = useState<string[] | null>(null);
  const chosen = controls ?? usable.filter((k) => edited.includes(k.path)).map((k) => k.path);
  const [height, setHeight] = useState(460);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [copied, setCopied] = useState(false);
  const src = embedUrl(base, search, charts.includes(chart) ? chart : 'headline', chosen);
  const snippet = embedSnippet(src, height, t('embed.iframeTitle'), base);
  const chartLabel = (c: string) => (CHART_KEYS[c] ? t(CHART_KEYS[c]) : c);

  const toggle = (path: string) => setControls(chosen.includes(path) ? chosen.filter((p) => p !== path) : [...chosen, path]);

  return (
    <Dialog open={open} title={t('embed.title')} onClose={onClose} testId="embed-dialog" wide>
      <p className="muted">{t('embed.help')}</p>
      <div className="embed-grid">
        <div className="embed-options">
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
          <label className="field">
            <span className="knob-label">{t('embed.height')}</span>
            <input type="number" min={200} max={2000} step={10} value={height} onChange={(e) => setHeight(Math.max(200, Math.min(2000, e.target.valueAsNumber || 460)))} />
          </label>
          <fieldset className="embed-controls">
            <legend className="knob-label">{t('embed.controls')}</legend>
            <p className="muted">{t('embed.controlsHelp')}</p>
            <div className="checklist">
              {usable.map((k) => (
                <label key={k.path} className="check">
                  <input type="checkbox" checked={chosen.includes(k.path)} onChange={() => toggle(k.path)} data-path={k.path} />
                  <span>{knobText(lang, k, kind).label}</span>
                  <code className="muted">{k.path}</code>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <div className="embed-code">
          <label className="knob-label" htmlFor="embed-snippet">
            {t('embed.snippet')}
          </label>
          <textarea id="embed-snippet" ref={area} className="mono" readOnly rows={8} value={snippet} data-testid="embed-snippet" onFocus={(e) => e.currentTarget.select()} />
          <div className="dialog-actions">
            <a className="btn btn-secondary" href={src} target="_blank" rel="noopener noreferrer" data-testid="embed-preview">
              {t('embed.preview')}
            </a>
            <button type="button" className="btn btn-primary" onClick={() => void copyText(snippet, area.current).then(setCopied)}>
              {copied ? t('share.copied') : t('embed.copy')}
            </button>
          </div>
          <p className="muted small">{t('embed.oembed')}</p>
        </div>
      </div>
    </Dialog>
  );
}
