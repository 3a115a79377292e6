// Under the headline chart: what is being compared, progress of a "compare variants" run (or of
// a share link's comparison being recomputed), and a way to clear the comparison.
import type { Figure } from '../engine/types';
import { useI18n } from '../i18n';
import { figureText } from '../i18n/engineText';
import type { PinsModel } from '../session/pins';
import type { VariantsModel } from '../session/comparisonRuns';

interface Props {
  pins: PinsModel;
  variants: VariantsModel;
  figures: Figure[];
  /** Pinned results whose axes differ from the current chart's (another benchmark). */
  hidden: number;
}

export function CompareBar({ pins, variants, figures, hidden }: Props) {
  const { t, lang } = useI18n();
  const st = variants.state;
  if (pins.pins.length === 0 && st.status === 'idle') return null;
  const figure = st.status === 'running' ? figures.find((f) => f.name === st.at.figure) : figures.find((f) => f.name === pins.pins[0]?.figure);
  return (
    <section className="card compare-bar" aria-label={t('compare.title')} data-testid="compare-bar">
      <div className="compare-text">
        <strong>{t('compare.title')}</strong>
        {st.status === 'running' ? (
          <span className="muted" role="status" data-testid="compare-progress">
            {st.at.restoring
              ? figure
                ? t('compareLink.restoringFigure', { i: st.at.index + 1, n: st.at.total, title: figureText(lang, figure).title })
                : t('compareLink.restoring', { i: st.at.index + 1, n: st.at.total })
              : t('compare.running', { i: st.at.index + 1, n: st.at.total, title: figure ? figureText(lang, figure).title : '' })}
          </span>
        ) : (
          <span className="muted">{figure && pins.pins.every((p) => p.figure === figure.name) ? figureText(lang, figure).title : t('compare.pinned', { n: pins.pins.length })}</span>
        )}
        {hidden > 0 && st.status !== 'running' && <span className="muted small">{t('compare.hidden', { n: hidden })}</span>}
        {st.status === 'failed' && (
          <span className="field-error" role="alert">
            {st.message}
          </span>
        )}
      </div>
      {st.status === 'running' && (
        <div className="progress compare-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.floor(st.at.progress * 100)} aria-label={t('compare.title')}>
          <div className="progress-fill" style={{ width: `${st.at.progress * 100}%` }} />
        </div>
      )}
      <div className="compare-actions">
        {st.status === 'running' ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={variants.cancel}>
            {t('run.cancel')}
          </button>
        ) : (
          <button type="button" className="btn btn-ghost btn-small" onClick={pins.clear} data-testid="clear-pins">
            {t('compare.clear')}
          </button>
        )}
      </div>
    </section>
  );
}
