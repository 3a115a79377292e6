import { describe, expect, it } from 'vitest';
import { translate, type Lang } from '../../web/src/i18n';
import type { MessageKey } from '../../web/src/i18n/en';
import { budgetSeconds, runBudgetText } from '../../web/src/panels/RunBudget';
import type { Budget } from '../../web/src/engine/types';

const i18n = (lang: Lang) => ({ t: (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars), locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
const budget = (expected_memory_bytes: number, seconds_estimate: number, memory_bytes = 2 * expected_memory_bytes, seconds_limit: number | null = 60): Budget => ({
  memory_bytes,
  expected_memory_bytes,
  work_limit: 300e6,
  typical_work: seconds_estimate * 5e6,
  seconds_estimate,
  seconds_limit,
  precondition_share: 0,
});

describe('the run budget line', () => {
  it('rounds a time up to whole seconds, at least one', () => {
    expect([0, 0.02, 1, 1.01, 2.5, 167.2].map(budgetSeconds)).toEqual([1, 1, 1, 2, 3, 168]);
  });

  it('says the memory the run takes in binary units, its typical time and its ceiling, the memory bound in its help, in both languages', () => {
    const b = budget(57_567_232, 2.3, 104 * 2 ** 20); // 54.9 MiB, at most 104 MiB
    expect(runBudgetText(i18n('en'), b, null)).toEqual({
      budget: 'Memory ≈ 54.9 MiB · typically 3 s, stops by 60 s',
      help: 'What the engine worked out before the run started: the memory the run takes (it was admitted for the most it could take, 104 MiB) and roughly how long it takes in a browser. Every run stops at the engine’s work ceiling, about 60 s here, with what it has measured; while it runs, the time left comes from its own progress.',
      memory: null,
    });
    expect(runBudgetText(i18n('ja'), b, null)?.budget).toBe('メモリ約 54.9 MiB・通常 3 秒、最長 60 秒で停止');
    expect(runBudgetText(i18n('ja'), b, null)?.help).toContain('104 MiB');
  });

  it('adds the engine’s wasm memory once the run has ended', () => {
    expect(runBudgetText(i18n('en'), budget(2 ** 20, 0.1), 64 * 2 ** 20)).toMatchObject({ budget: 'Memory ≈ 1 MiB · typically 1 s, stops by 60 s', memory: 'engine wasm memory 64 MiB' });
    expect(runBudgetText(i18n('ja'), null, 1.5 * 2 ** 30)?.memory).toBe('エンジンの wasm メモリ 1.5 GiB');
  });

  it('shows nothing before the first chunk, nor for a run without a ceiling', () => {
    expect(runBudgetText(i18n('en'), null, null)).toBeNull();
    // Native tools run without a ceiling: no time limit.
    expect(runBudgetText(i18n('en'), budget(2 ** 20, 1, 2 ** 21, null), null)).toBeNull();
  });
});
