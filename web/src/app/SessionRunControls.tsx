// The run controls wired to a session: the playground and the embed page show the same ones. A
// scenario the engine refused, or a field whose text is not a value yet, is no run to call
// "Finished": the status says it was refused.
import { isCeilingStop } from '../engine/errors';
import { useDraftProblems } from '../ui/fieldDrafts';
import { RunControls } from '../panels/RunControls';
import type { Session } from '../session/useSession';

export function SessionRunControls({ s, compact }: { s: Session; compact?: boolean }) {
  const { view } = s;
  const drafts = useDraftProblems();
  return (
    <RunControls
      status={view.status}
      engine={s.engineState.status}
      progress={view.progress}
      canRun={s.engineState.status === 'ready' && s.normalized !== null && !s.waitsForTrace}
      elapsedMs={view.elapsedMs}
      autoRun={s.autoRun}
      error={view.error}
      budget={view.budget}
      memoryBytes={view.memoryBytes}
      budgetStale={view.stale}
      stopped={view.stopped ? (isCeilingStop(view.stopped.code) ? 'ceiling' : 'replay') : undefined}
      needsTrace={s.waitsForTrace}
      refused={s.scenario.validation.status === 'invalid' || drafts.length > 0}
      onAutoRun={s.setAutoRun}
      onRun={s.runNow}
      onCancel={s.cancel}
      onRetry={s.retry}
      compact={compact}
    />
  );
}
