// The playground page: header, knobs on the left, live charts and the summary on the right.
import { useCallback, useMemo, useState } from 'react';
import { chartDefs } from '../run/chartSpecs';
import { downloadText } from '../charts/exportChart';
import { useI18n } from '../i18n';
import { figureText } from '../i18n/engineText';
import { PhoneKnobsJump } from '../panels/PhoneKnobsJump';
import { getPath, jsonText } from '../scenario/paths';
import { deviceKinds } from '../scenario/knobs';
import { appBase } from '../scenario/appBase';
import { EmbedDialog } from './EmbedDialog';
import { EngineBanner } from '../ui/EngineStatus';
import { IssueBanner } from './IssueBanner';
import { PlaygroundResults } from './PlaygroundResults';
import { PlaygroundSidebar } from './PlaygroundSidebar';
import { ShareDialog } from './ShareDialog';
import { Topbar } from './Topbar';
import { useSession } from '../session/useSession';
import { useTestHook } from './testHook';
import { ArticleProvider, NO_FIGURES } from '../run/useArticleValues';
import { EngineFacts } from '../charts/EngineFacts';

export function App() {
  const { t, lang } = useI18n();
  const s = useSession({ persist: true });
  useTestHook(s.view, s.variants.lastBatch, s.engine);
  const { catalog, scenario, view, current, kind } = s;
  const devices = useMemo(() => deviceKinds(current), [current]);
  const [dialog, setDialog] = useState<'share' | 'embed' | null>(null);
  const filenameBase = `ssd-${scenario.preset || 'scenario'}`;
  const canShare = s.search !== null;
  const shareUrl = s.search !== null ? `${appBase()}?${s.search}` : '';

  // The article figure on the comparison, if any (the Embed dialog can embed it alone).
  const pinnedFigure = catalog?.figures.find((f) => f.name === s.pins.pins.find((p) => p.figure)?.figure);

  const closeDialog = useCallback(() => setDialog(null), []);
  const embedCharts = useMemo(() => [...chartDefs(view.series).map((d) => d.id), ...(s.blockMapExpected ? ['blocks'] : [])], [view.series, s.blockMapExpected]);

  return (
    <div className="app">
      <a className="skip-link" href="#charts">
        {t('app.skip')}
      </a>
      <Topbar
        engine={s.engineState}
        canShare={canShare}
        onShare={() => setDialog('share')}
        onEmbed={() => setDialog('embed')}
        onExport={() => scenario.validation.status === 'valid' && downloadText(`${scenario.validation.normalized}\n`, `${filenameBase}.json`, 'application/json')}
        onImport={(text) => void scenario.importScenario(text)}
      />
      <EngineBanner state={s.engineState} onRestart={s.retry} />
      <IssueBanner
        issues={[...scenario.issues, ...s.comparison.issues]}
        importError={scenario.importError}
        onDismiss={() => {
          scenario.dismissIssues();
          s.comparison.dismiss();
        }}
      />

      <main className="layout">
        <PlaygroundSidebar s={s} devices={devices} />
        <EngineFacts catalog={catalog}>
          <ArticleProvider figures={catalog?.figures ?? NO_FIGURES} engine={s.engine}>
            <PlaygroundResults s={s} filenameBase={filenameBase} />
          </ArticleProvider>
        </EngineFacts>
      </main>
      <PhoneKnobsJump ready={!!(catalog && scenario.ready && current)} />
      <footer className="footer muted">
        {t('app.footer')} <code>ssdsim</code>
        {typeof getPath(current, 'seed') === 'number' && <span> · {t('app.seed', { seed: jsonText(getPath(current, 'seed')) })}</span>}
      </footer>

      <ShareDialog open={dialog === 'share'} url={shareUrl} seed={typeof getPath(current, 'seed') === 'number' ? (getPath(current, 'seed') as number) : null} compared={s.pins.pins.length} onClose={closeDialog} />
      {catalog && s.search !== null && (
        <EmbedDialog
          open={dialog === 'embed'}
          base={appBase()}
          search={s.search}
          charts={embedCharts}
          knobs={catalog.knobs}
          kind={kind}
          devices={devices}
          edited={scenario.edited}
          figureTitle={pinnedFigure ? figureText(lang, pinnedFigure).title : null}
          compared={s.pins.pins.length}
          onClose={closeDialog}
        />
      )}
    </div>
  );
}
