// The replay's averaging window, sized from the scanned trace's recorded duration.
import { describe, expect, it } from 'vitest';
import { replayWindowMs } from '../../web/src/app/useTraceReplay';

describe('a trace replay’s averaging window', () => {
  it('draws the recorded duration with 10,000 points, never under 1 ms, and leaves a trace without times to the engine', () => {
    expect(replayWindowMs({ duration_ns: 0 })).toBe(0);
    expect(replayWindowMs({ duration_ns: 674e6 })).toBe(1); // the MSR fixture: 0.674 s
    expect(replayWindowMs({ duration_ns: 3600e9 })).toBe(360); // an hour
    expect(replayWindowMs({ duration_ns: 7 * 86400e9 })).toBe(60_480); // a week of MSR Cambridge
  });
});
