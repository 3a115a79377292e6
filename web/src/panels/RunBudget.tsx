// One small line under the run status: the memory the run will take, the time it typically
// takes and the ceiling it stops at, as the engine works them out before it starts, and once it
// ends, how large the engine's wasm memory really is.
import type { Budget } from '../engine/types';
import { useI18n, type I18n } from '../i18n';
import { formatBytesShort } from '../scenario/bytes';

/** A time of the budget in whole seconds: a rough estimate reads as "1 s", never "0 s". */
export function budgetSeconds(secondsEstimate: number): number {
  return Math.max(1, Math.ceil(secondsEstimate));
}

/** The line's parts, in the page's language; null when there is nothing to say yet. */
export function runBudgetText(
  { t, locale }: Pick<I18n, 't' | 'locale'>,
  budget: Budget | null | undefined,
  memoryBytes: number | null | undefined,
): { budget: string | null; help: string | null; memory: string | null } | null {
  // The page's runs always have a ceiling; a budget without one (native tools) says nothing here.
  const seconds = budget?.seconds_limit;
  const known = budget && typeof seconds === 'number' && Number.isFinite(budget.seconds_estimate) ? budget : null;
  const limit = known && typeof seconds === 'number' ? budgetSeconds(seconds).toLocaleString(locale) : null;
  const budgetText = known && t('run.budget', { memory: formatBytesShort(known.expected_memory_bytes, locale), s: budgetSeconds(known.seconds_estimate).toLocaleString(locale), limit: limit ?? '' });
  const memoryText = typeof memoryBytes === 'number' && memoryBytes > 0 ? t('run.wasmMemory', { memory: formatBytesShort(memoryBytes, locale) }) : null;
  if (!budgetText && !memoryText) return null;
  const help = known ? t('run.budgetHelp', { bound: formatBytesShort(known.memory_bytes, locale), limit: limit ?? '' }) : null;
  return { budget: budgetText, help, memory: memoryText };
}

export function RunBudget({ budget, memoryBytes, stale }: { budget: Budget | null | undefined; memoryBytes: number | null | undefined; stale?: boolean }) {
  const i18n = useI18n();
  const text = runBudgetText(i18n, budget, memoryBytes);
  if (!text) return null;
  return (
    <p className={`run-budget${stale ? ' stale' : ''}`} data-testid="run-budget">
      {text.budget && (
        <span title={text.help ?? undefined} data-testid="run-budget-estimate">
          {text.budget}
        </span>
      )}
      {text.memory && (
        <span title={i18n.t('run.wasmMemoryHelp')} data-testid="run-budget-memory">
          {text.memory}
        </span>
      )}
    </p>
  );
}
