import type { RunStatus } from '../app/useRun';
import type { EngineState } from '../engine/bridge';

interface Props {
  status: RunStatus;
  engine: EngineState['status'];
  progress: number;
  canRun: boolean;
  elapsedMs: number;
  onRun(): void;
  onCancel(): void;
}

const STATUS_TEXT: Record<RunStatus, string> = {
  idle: 'Ready',
  running: 'Simulating…',
  done: 'Finished',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export function RunControls({ status, engine, progress, canRun, elapsedMs, onRun, onCancel }: Props) {
  const running = status === 'running';
  const percent = Math.floor(progress * 100);
  // Before any run, the state worth telling is the engine's.
  const idleText = engine === 'ready' ? STATUS_TEXT.idle : engine === 'loading' ? 'Loading the engine…' : 'Engine unavailable';
  return (
    <div className="run-controls">
      <div className="buttons">
        <button type="button" className="btn btn-primary" onClick={onRun} disabled={!canRun || running} data-testid="run">
          <svg viewBox="0 0 16 16" aria-hidden="true" className="btn-icon">
            <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
          </svg>
          Run
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={!running} data-testid="cancel">
          <svg viewBox="0 0 16 16" aria-hidden="true" className="btn-icon">
            <rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor" />
          </svg>
          Cancel
        </button>
      </div>
      <div className="progress-row">
        <div
          className={`progress progress-${status}`}
          role="progressbar"
          aria-label="Simulation progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          data-testid="progress"
        >
          <div className="progress-fill" style={{ width: `${progress * 100}%` }} />
        </div>
        <span className="progress-text" data-testid="progress-text">
          {percent}%
        </span>
      </div>
      <p className="run-status" data-testid="run-status" data-status={status}>
        <span className={`dot dot-${status}`} />
        {status === 'idle' ? idleText : STATUS_TEXT[status]}
        {status !== 'idle' && <span className="muted"> · {(elapsedMs / 1000).toFixed(2)} s wall clock</span>}
      </p>
    </div>
  );
}
