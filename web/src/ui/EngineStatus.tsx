import type { EngineState } from '../engine/bridge';
import { useI18n } from '../i18n';

export function EngineBadge({ state }: { state: EngineState }) {
  const { t } = useI18n();
  const label = state.status === 'ready' ? t('engine.ready') : state.status === 'loading' ? t('engine.loading') : t('engine.failed');
  return (
    <span className={`badge badge-${state.status}`} data-testid="engine-status" data-status={state.status} title={label}>
      <span className="dot" />
      <span className="badge-label">{label}</span>
    </span>
  );
}

/** A worker that cannot load or crashed must never leave a silent page: say so, offer a retry. */
export function EngineBanner({ state, onRestart }: { state: EngineState; onRestart(): void }) {
  const { t } = useI18n();
  if (state.status !== 'failed') return null;
  return (
    <div className="engine-banner" role="alert" data-testid="engine-error">
      <div>
        <strong>{t('engine.unavailable')}</strong> {state.message}
        <p className="small">{t('engine.kept')}</p>
      </div>
      <button type="button" className="btn btn-secondary" onClick={onRestart} data-testid="engine-restart">
        {t('engine.restart')}
      </button>
    </div>
  );
}
