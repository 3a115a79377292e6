// Embed mode (embed.html, or ?embed=1): one chosen chart plus only the chosen controls, no page
// chrome, for training material. It tells the parent page its height so the iframe can fit it.
import { RunCharts } from '../charts/RunCharts';
import { useI18n } from '../i18n';
import { BoundKnob } from '../panels/BoundKnob';
import { refusedKnob } from '../session/knobBinding';
import { deviceKinds, knobsFor, type Knob } from '../scenario/knobs';
import { EngineBanner } from '../ui/EngineStatus';
import { IssueBanner } from './IssueBanner';
import { SessionRunControls } from './SessionRunControls';
import { usePostHeight } from '../ui/usePostHeight';
import { useSession } from '../session/useSession';
import { useTestHook } from './testHook';
import { ArticleProvider, NO_FIGURES } from '../run/useArticleValues';
import { EngineFacts } from '../charts/EngineFacts';

/** The embed's options from its URL: which chart, which knob paths as controls. */
export function embedOptions(search: string): { chart: string; controls: string[] } {
  const params = new URLSearchParams(search);
  const chart = params.get('chart') ?? 'headline';
  const controls = (params.get('controls') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => /^[a-z_][a-z0-9_.]*$/i.test(c))
    .slice(0, 12);
  return { chart: /^[a-z_-]{1,40}$/.test(chart) ? chart : 'headline', controls };
}


export function EmbedApp() {
  const { t } = useI18n();
  const s = useSession({ persist: false });
  useTestHook(s.view, s.variants.lastBatch, s.engine);
  const { catalog, scenario, view, current, kind } = s;
  const { chart, controls } = embedOptions(location.search);
  usePostHeight(true);

  const usable = catalog ? knobsFor(catalog.knobs, kind, deviceKinds(current)) : [];
  const chosen = controls.map((path) => usable.find((k) => k.path === path)).filter((k): k is Knob => k !== undefined);
  const refused = s.knobs ? refusedKnob(s.knobs, usable) : null;
  const full = s.search !== null ? `index.html?${s.search}` : 'index.html';
  const variant = s.variants.state;

  return (
    <div className={`embed${view.stale ? ' stale' : ''}`} data-testid="embed-root">
      <EngineBanner state={s.engineState} onRestart={s.retry} />
      <IssueBanner
        issues={[...scenario.issues, ...s.comparison.issues]}
        importError={null}
        onDismiss={() => {
          scenario.dismissIssues();
          s.comparison.dismiss();
        }}
      />
      <EngineFacts catalog={catalog}>
        <ArticleProvider figures={catalog?.figures ?? NO_FIGURES} engine={s.engine}>
          <RunCharts view={view} pins={s.pins.pins} runtimeS={s.runtimeS} filenameBase={`ssd-${scenario.preset || 'scenario'}`} only={chart} blocks={s.blockMapExpected} />
        </ArticleProvider>
      </EngineFacts>
      {chosen.length > 0 && s.knobs && (
        <section className="card embed-controls" aria-label={t('app.controls')} data-testid="embed-controls">
          <div className="embed-knobs">
            {chosen.map((knob) => (
              <BoundKnob key={knob.path} knob={knob} binding={s.knobs!} refused={refused} compact />
            ))}
          </div>
          <SessionRunControls s={s} compact />
        </section>
      )}
      <p className="embed-foot muted">
        <a href={full} target="_blank" rel="noopener noreferrer">
          {t('embed.open')} ↗
        </a>
        {view.status === 'running' && <span> · {Math.floor(view.progress * 100)}%</span>}
        {/* A comparison embed recomputes its pins after loading: say how far it is. */}
        {variant.status === 'running' && (
          <span role="status" data-testid="compare-progress">
            {' · '}
            {t('compareLink.restoring', { i: variant.at.index + 1, n: variant.at.total })} ({Math.floor(variant.at.progress * 100)}%)
          </span>
        )}
      </p>
    </div>
  );
}
