// Run, Cancel, auto-run, and a progress bar with an estimate of the time left.
import type { RunError, RunStatus } from '../session/runView';
import type { EngineState } from '../engine/bridge';
import type { Budget } from '../engine/types';
import { useI18n } from '../i18n';
import { Switch } from '../ui/Switch';
import { Icon } from '../ui/Icon';
import { RunBudget } from './RunBudget';

interface Props {
  status: RunStatus;
  engine: EngineState['status'];
  progress: number;
  canRun: boolean;
  elapsedMs: number;
  autoRun: boolean;
  error: RunError | null;
  /** The memory and time the engine admitted the run under; the wasm memory once it ends. */
  budget?: Budget | null;
  memoryBytes?: number | null;
  /** The budget shown is the last run's until this run's first chunk arrives. */
  budgetStale?: boolean;
  /** The run stopped before its end, at one of the engine's ceilings or in its trace replay (the summary says why). */
  stopped?: 'ceiling' | 'replay';
  /** The scenario replays a trace file not given yet: it cannot run. */
  needsTrace?: boolean;
  /** The engine refuses the scenario as it is now: no run of it exists (a banner says why). */
  refused?: boolean;
  onAutoRun(on: boolean): void;
  onRun(): void;
  onCancel(): void;
  onRetry(): void;
  compact?: boolean;
}

/** Seconds left, from the pace so far; null until there is enough progress to judge. */
export function etaSeconds(progress: number, elapsedMs: number): number | null {
  if (!(progress > 0.02) || progress >= 1 || elapsedMs < 300) return null;
  return ((elapsedMs / progress) * (1 - progress)) / 1000;
}

export function RunControls({ status, engine, progress, canRun, elapsedMs, autoRun, error, budget, memoryBytes, budgetStale, stopped, needsTrace, refused, onAutoRun, onRun, onCancel, onRetry, compact }: Props) {
  const { t, locale } = useI18n();
  const running = status === 'running';
  const percent = Math.floor(progress * 100);
  const eta = running ? etaSeconds(progress, elapsedMs) : null;
  const seconds = (ms: number) => (ms / 1000).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  let statusText: string;
  if (status === 'idle') statusText = engine === 'ready' ? t('run.ready') : engine === 'loading' ? t('run.loading') : t('run.unavailable');
  else if (status === 'running') statusText = eta === null ? t('run.running') : t('run.eta', { s: eta < 1 ? '<1' : Math.ceil(eta).toLocaleString(locale) });
  else if (status === 'done') statusText = t(stopped === 'ceiling' ? 'run.stopped' : stopped === 'replay' ? 'run.replayStopped' : 'run.done', { s: seconds(elapsedMs) });
  else if (status === 'cancelled') statusText = t('run.cancelled');
  else statusText = t('run.failed');
  // What is on screen is an older scenario's run: "Finished" would claim this one ran.
  const shownStatus = refused && !running ? 'refused' : status;
  if (shownStatus === 'refused') statusText = t('run.refused');
  else if (needsTrace && !running) statusText = t('run.needsTrace');

  return (
    <div className={`run-controls${compact ? ' compact' : ''}`}>
      <div className="buttons">
        <button type="button" className="btn btn-primary" onClick={onRun} disabled={!canRun} data-testid="run">
          <Icon name="run" />
          {running ? t('run.restart') : t('run.run')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={!running} data-testid="cancel">
          <Icon name="cancel" />
          {t('run.cancel')}
        </button>
      </div>
      <div className="progress-row">
        <div className={`progress progress-${status}`} role="progressbar" aria-label={t('run.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} data-testid="progress">
          <div className="progress-fill" style={{ width: `${progress * 100}%` }} />
        </div>
        <span className="progress-text" data-testid="progress-text">
          {percent}%
        </span>
      </div>
      <div className="run-foot">
        <p className="run-status" data-testid="run-status" data-status={shownStatus} aria-live="polite">
          <span className={`dot dot-${shownStatus}`} />
          {statusText}
        </p>
        {!compact && <Switch label={t('run.auto')} checked={autoRun} onChange={onAutoRun} testId="auto-run" title={t('run.autoHelp')} />}
      </div>
      <RunBudget budget={budget} memoryBytes={memoryBytes} stale={budgetStale} />
      {status === 'failed' && error && (
        <div className="run-error" role="alert" data-testid="run-error" data-code={error.code ?? undefined}>
          {/* A trap is explained in the page's language; the engine's detail follows, smaller. */}
          {error.code === 'engine_abort' ? (
            <>
              <p>{t('run.engineAbort')}</p>
              <p className="small muted">{error.message}</p>
            </>
          ) : (
            // A refusal at run time (the memory or work limit) names its field: say which.
            <p>{error.field ? `${error.field}: ${error.message}` : error.message}</p>
          )}
          <button type="button" className="btn btn-secondary btn-small" onClick={onRetry} data-testid="retry">
            {t('run.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
