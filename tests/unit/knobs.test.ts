import { describe, expect, it } from 'vitest';
import { GIB, KNOBS, errorField, jobOf, parseScenario, plannedRuntimeS, sizeToBytes, tidy, withJob, type NumberKnob } from '../../web/src/scenario/knobs';
import type { Scenario } from '../../web/src/scenario/generated/Scenario';

// Only the workload matters to the knobs; the device is opaque to them.
const scenario = {
  version: 1,
  name: 'test',
  seed: 1,
  device: { nand: { channels: 4 } },
  workload: { kind: 'job', rw: 'randread', bs: 4096, iodepth: 32, offset: 0, size: GIB, runtime: 0.05 },
} as unknown as Scenario;

const knob = (id: string) => KNOBS.find((k) => k.id === id)! as NumberKnob;
const job = (s: Scenario) => jobOf(s)!;

describe('knobs', () => {
  it('read the workload in display units', () => {
    expect(knob('iodepth').read(job(scenario))).toBe(32);
    expect(knob('span').read(job(scenario))).toBe(1);
    expect(knob('runtime').read(job(scenario))).toBe(50);
  });

  it('write back in scenario units, leaving everything else alone', () => {
    let s = scenario;
    for (const [id, value] of [
      ['iodepth', 8],
      ['span', 2.5],
      ['runtime', 70],
    ] as const) {
      s = withJob(s, knob(id).write(job(s), value));
    }
    expect(jobOf(s)).toMatchObject({ kind: 'job', iodepth: 8, size: 2.5 * GIB, runtime: 0.07, rw: 'randread', bs: 4096 });
    expect(s.device).toBe(scenario.device);
    expect(job(scenario).iodepth).toBe(32); // the input scenario is not mutated
  });

  it('keep the span on whole 4 KiB mapping units', () => {
    const written = knob('span').write(job(scenario), 0.1);
    expect(Number(written.size) % 4096).toBe(0);
  });

  it('pass out-of-range numbers through so the engine can name the range', () => {
    expect(knob('iodepth').write(job(scenario), 0).iodepth).toBe(0);
  });

  it('apply only to single-job workloads', () => {
    const sweep = { ...scenario, workload: { kind: 'span_sweep' } } as unknown as Scenario;
    expect(jobOf(sweep)).toBeNull();
    expect(plannedRuntimeS(sweep)).toBe(0);
  });

  it('map to the engine field names', () => {
    expect(KNOBS.map((k) => k.field)).toEqual(['workload.rw', 'workload.bs', 'workload.iodepth', 'workload.size', 'workload.runtime']);
  });
});

describe('sizes and numbers', () => {
  it('reads fio-style size strings the way the engine does', () => {
    expect(sizeToBytes(4096)).toBe(4096);
    expect(sizeToBytes('4k')).toBe(4096);
    expect(sizeToBytes('1.5MiB')).toBe(1_572_864);
    expect(sizeToBytes('64g')).toBe(64 * GIB);
    expect(sizeToBytes('512GB')).toBe(512e9);
    expect(sizeToBytes('4q')).toBeNaN();
  });

  it('tidies float noise for display', () => {
    expect(tidy(0.07 * 1000)).toBe(70);
  });
});

describe('scenario text', () => {
  it('parses objects and reports syntax errors', () => {
    expect('scenario' in parseScenario('{"seed": 2}')).toBe(true);
    const bad = parseScenario('{"seed": ');
    expect('error' in bad && bad.error).toMatch(/^Scenario JSON:/);
    expect(parseScenario('[1]')).toEqual({ error: 'A scenario must be a JSON object' });
  });

  it('extracts the field an engine error names', () => {
    expect(errorField('workload.iodepth: must be between 1 and 1024 (got 0)')).toBe('workload.iodepth');
    expect(errorField('device.nand.timing.read_us: must be …')).toBe('device.nand.timing.read_us');
    expect(errorField('EOF while parsing an object at line 1 column 1')).toBeNull();
  });

  it('knows the planned runtime', () => {
    expect(plannedRuntimeS(scenario)).toBe(0.05);
    expect(plannedRuntimeS(null)).toBe(0);
  });
});
