import type { EngineState } from '../engine/bridge';

const LABEL: Record<EngineState['status'], string> = {
  loading: 'Engine loading',
  ready: 'Engine ready',
  failed: 'Engine failed',
};

export function EngineBadge({ state }: { state: EngineState }) {
  return (
    <span className={`badge badge-${state.status}`} data-testid="engine-status" data-status={state.status}>
      <span className="dot" />
      {LABEL[state.status]}
    </span>
  );
}

/** A worker that cannot load must never leave a silent page: say so, and offer a restart. */
export function EngineBanner({ state, onRestart }: { state: EngineState; onRestart(): void }) {
  if (state.status !== 'failed') return null;
  return (
    <div className="engine-banner" role="alert" data-testid="engine-error">
      <strong>The simulation engine is not available.</strong> {state.message}
      <button type="button" className="btn btn-secondary" onClick={onRestart}>
        Restart engine
      </button>
    </div>
  );
}
