import { describe, expect, it } from 'vitest';
import { translate, type Lang } from '../../web/src/i18n';
import type { MessageKey } from '../../web/src/i18n/en';
import { budgetSeconds, runBudgetText } from '../../web/src/panels/RunBudget';
import type { Budget } from '../../web/src/engine/types';

const i18n = (lang: Lang) => ({ t: (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars), locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
const budget = (expected_memory_bytes: number, seconds_estimate: number, memory_bytes = 2 * expected_memory_bytes): Budget => ({
  memory_bytes,
  expected_memory_bytes,
  seconds_estimate,
  flash_ops: 1,
  host_commands: 1,
  precondition_flash_ops: 0,
});

describe('the run budget line', () => {
  it('rounds the time bound up to whole seconds, at least one', () => {
    expect([0, 0.02, 1, 1.01, 2.5, 167.2].map(budgetSeconds)).toEqual([1, 1, 1, 2, 3, 168]);
  });

  it('says the memory the run takes in binary units and the time bound, the memory bound in its help, in both languages', () => {
    const b = budget(57_567_232, 2.3, 104 * 2 ** 20); // 54.9 MiB, at most 104 MiB
    expect(runBudgetText(i18n('en'), b, null)).toEqual({
      budget: 'Memory ≈ 54.9 MiB · about ≤ 3 s',
      help: 'What the engine worked out before the run started: the memory the run takes (it was admitted for the most it could take, 104 MiB), and roughly the longest it takes in a browser.',
      memory: null,
    });
    expect(runBudgetText(i18n('ja'), b, null)?.budget).toBe('メモリ約 54.9 MiB・約 3 秒以内');
    expect(runBudgetText(i18n('ja'), b, null)?.help).toContain('104 MiB');
  });

  it('adds the engine’s wasm memory once the run has ended', () => {
    expect(runBudgetText(i18n('en'), budget(2 ** 20, 0.1), 64 * 2 ** 20)).toMatchObject({ budget: 'Memory ≈ 1 MiB · about ≤ 1 s', memory: 'engine wasm memory 64 MiB' });
    expect(runBudgetText(i18n('ja'), null, 1.5 * 2 ** 30)?.memory).toBe('エンジンの wasm メモリ 1.5 GiB');
  });

  it('shows nothing before the first chunk, and no unbounded estimate', () => {
    expect(runBudgetText(i18n('en'), null, null)).toBeNull();
    // A scenario with no budget has every bound at u64::MAX (JSON reads it as 2^64) and infinite time.
    expect(runBudgetText(i18n('en'), budget(2 ** 64, Number.POSITIVE_INFINITY), null)).toBeNull();
  });
});
