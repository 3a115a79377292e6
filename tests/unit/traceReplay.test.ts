// Which file a shared trace scenario asks for, and whether a picked one is it.
import { describe, expect, it } from 'vitest';
import { isWantedTrace, wantedTrace } from '../../web/src/session/traceReplay';
import type { TraceSummary } from '../../web/src/engine/types';

const HASH = 'ab'.repeat(32);
const scenario = (workload: Record<string, unknown>) => ({ workload: workload as never });
const summary = (sha256: string) => ({ sha256 }) as TraceSummary;
const file = (size: number) => new Blob([new Uint8Array(size)]);

describe('a shared trace scenario’s file', () => {
  it('is wanted by a trace workload until a file is attached, with its name, size and hash', () => {
    const s = scenario({ kind: 'trace', name: 'hm_0.csv', bytes: 1000, sha256: HASH.toUpperCase() });
    expect(wantedTrace(s, null)).toEqual({ name: 'hm_0.csv', bytes: 1000, sha256: HASH });
    expect(wantedTrace(s, new File([], 'hm_0.csv'))).toBeNull();
    expect(wantedTrace(scenario({ kind: 'job' }), null)).toBeNull();
    expect(wantedTrace(null, null)).toBeNull();
  });

  it('is checked by SHA-256 when the scenario has one, else by size', () => {
    const wanted = { name: 'a', bytes: 1000, sha256: HASH };
    expect(isWantedTrace(wanted, file(1000), summary(HASH))).toBe(true);
    expect(isWantedTrace(wanted, file(1000), summary('cd'.repeat(32)))).toBe(false);
    const noHash = { ...wanted, sha256: '' };
    expect(isWantedTrace(noHash, file(1000), summary('cd'.repeat(32)))).toBe(true);
    expect(isWantedTrace(noHash, file(999), summary(HASH))).toBe(false);
  });
});
