// The pure parts of `npm run bench:browser` (tests/bench/): its command line, statistics,
// measuring method, worker pool and report. The harness itself is run by hand, not here.
import { describe, expect, it } from 'vitest';
import { measure, PRECONDITION_CHUNK, RUN_CHUNK, type BenchSimulation, type Measurement } from '../bench/measure';
import { parseOptions } from '../bench/options';
import { browserTargets, caseTable, formatReport, ratio, workMismatches, type BenchResult, type ChromiumCaseRow } from '../bench/report';
import { minMedian, rate, summarise, wasmCases, type CaseRow } from '../bench/stats';

const IDS = ['random-read', 'random-write-gc', 'sequential-write', 'whole-drive-512g'];

describe('parseOptions', () => {
  it('defaults to every case, three runs, all three targets and the figures', () => {
    expect(parseOptions([], IDS)).toEqual({ json: false, repeat: 3, cases: IDS, native: true, node: true, chromium: true, figures: true, causes: true });
  });

  it('reads the options ssdsim bench reads, and keeps the engine order of cases', () => {
    const o = parseOptions(['--case', 'sequential-write', '--json', '--repeat', '7', '--case', 'random-read', '--case', 'random-read', '--no-native', '--no-figures'], IDS);
    expect(o).toEqual({ json: true, repeat: 7, cases: ['random-read', 'sequential-write'], native: false, node: true, chromium: true, figures: false, causes: true });
    expect(parseOptions(['--no-causes'], IDS)).toMatchObject({ causes: false });
    expect(parseOptions(['--no-node', '--no-chromium'], IDS)).toMatchObject({ native: true, node: false, chromium: false });
  });

  it('refuses bad input naming the option', () => {
    expect(() => parseOptions(['--repeat'], IDS)).toThrow('--repeat needs a count');
    for (const bad of ['0', '101', '2.5', '3x', '-1']) expect(() => parseOptions(['--repeat', bad], IDS)).toThrow(`--repeat: "${bad}" is not a count from 1 to 100`);
    expect(() => parseOptions(['--case'], IDS)).toThrow('--case needs a case id');
    expect(() => parseOptions(['--case', 'nope'], IDS)).toThrow('--case: no case "nope"; cases: random-read, random-write-gc, sequential-write, whole-drive-512g');
    expect(() => parseOptions(['--fast'], IDS)).toThrow('unknown option "--fast"');
    expect(() => parseOptions(['--no-native', '--no-node', '--no-chromium'], IDS)).toThrow('nothing to run');
  });
});

describe('statistics', () => {
  it('takes the minimum and the median as bench.rs does (the mean of the middle two for an even count)', () => {
    expect(minMedian([3, 1, 2])).toEqual({ min: 1, median: 2 });
    expect(minMedian([4, 1, 3, 2])).toEqual({ min: 1, median: 2.5 });
    expect(minMedian([5])).toEqual({ min: 5, median: 5 });
    expect(() => minMedian([])).toThrow('no samples');
  });

  it('measures in wasm only the cases the page could run', () => {
    const c = (id: string, browser: boolean) => ({ id, name: id, scenario: '{}', browser });
    expect(wasmCases([c('random-read', true), c('precondition-512g', false), c('sequential-write', true)]).map((x) => x.id)).toEqual(['random-read', 'sequential-write']);
  });

  it('gives a part without work a rate of 0, not NaN', () => {
    expect(rate(0, 0)).toBe(0);
    expect(rate(3e6, 1.5)).toBe(2e6);
  });

  it('summarises repetitions into an ssdsim bench row: best rate from the fastest run', () => {
    const m = (build_s: number, precondition_s: number, run_s: number): Measurement => ({ build_s, precondition_s, precondition_flash_ops: 4e6, run_s, run_flash_ops: 6e6, events: 1e6, simulated_s: 10 });
    const row = summarise({ id: 'random-write-gc', name: 'GC', scenario: '{}', browser: true }, [m(0.1, 2, 3), m(0.3, 1, 6), m(0.2, 4, 2)]);
    expect(row).toMatchObject({ case: 'random-write-gc', repeat: 3, run_flash_ops: 6e6, run_s_min: 2, run_s_median: 3, run_flash_ops_per_s_best: 3e6, run_flash_ops_per_s_median: 2e6 });
    expect(row).toMatchObject({ precondition_s_min: 1, precondition_s_median: 2, precondition_flash_ops_per_s_best: 4e6, precondition_flash_ops_per_s_median: 2e6 });
    // Wall: the median of each run's total (5.1, 7.3, 6.2), not a sum of medians.
    expect(row.build_s_median).toBeCloseTo(0.2);
    expect(row.wall_s_min).toBeCloseTo(5.1);
    expect(row.wall_s_median).toBeCloseTo(6.2);
  });
});

/** A simulation that preconditions for `pre` calls and runs for `loop` calls, 10 flash ops each. */
function fakeSimulation(pre: number, loop: number) {
  const calls: number[] = [];
  let ops = 0;
  let freed = false;
  const sim: BenchSimulation = {
    preconditioning: () => calls.length < pre,
    run(maxEvents) {
      calls.push(maxEvents);
      ops += 10;
      return calls.length >= pre + loop;
    },
    flash_ops_done: () => ops,
    summary: () => JSON.stringify({ events: 123, duration_s: 4.5, write_iops: 1 }),
    free: () => void (freed = true),
  };
  return { sim, calls, freed: () => freed };
}

describe('measure', () => {
  it('times building, preconditioning and the loop apart, with bench.rs chunk sizes, and frees the simulation', () => {
    const fake = fakeSimulation(3, 2);
    let tick = 0;
    const m = measure(() => fake.sim, () => tick++);
    expect(fake.calls).toEqual([PRECONDITION_CHUNK, PRECONDITION_CHUNK, PRECONDITION_CHUNK, RUN_CHUNK, RUN_CHUNK]);
    expect(m).toEqual({ build_s: 1, precondition_s: 1, precondition_flash_ops: 30, run_s: 1, run_flash_ops: 20, events: 123, simulated_s: 4.5 });
    expect(fake.freed()).toBe(true);
  });

  it('frees the simulation when a run throws', () => {
    const fake = fakeSimulation(0, 1);
    fake.sim.run = () => {
      throw new Error('trap');
    };
    expect(() => measure(() => fake.sim, () => 0)).toThrow('trap');
    expect(fake.freed()).toBe(true);
  });
});

const row = (id: string, runOpsPerS: number, preOpsPerS: number, over: Partial<CaseRow> = {}): CaseRow => ({
  case: id,
  name: id,
  repeat: 1,
  run_flash_ops: 1e6,
  run_s_min: 1,
  run_s_median: 1,
  run_flash_ops_per_s_best: runOpsPerS,
  run_flash_ops_per_s_median: runOpsPerS,
  precondition_flash_ops: preOpsPerS ? 5e5 : 0,
  precondition_s_min: 1,
  precondition_s_median: 1,
  precondition_flash_ops_per_s_best: preOpsPerS,
  precondition_flash_ops_per_s_median: preOpsPerS,
  events: 1,
  simulated_s: 1,
  ...over,
});

const chromiumRow = (id: string, wall: number, memoryAfter: number, estimate: number): ChromiumCaseRow => ({
  ...row(id, 1e6, 0),
  build_s_median: 0.5,
  wall_s_median: wall,
  memory_bytes_before_run: 1 << 20,
  memory_bytes_after_run: memoryAfter,
  memory_estimate_bytes: estimate,
  memory_bound_bytes: 2 * estimate,
});

function result(over: Partial<BenchResult>): BenchResult {
  return {
    environment: { node: 'v20', chromium: 'HeadlessChrome/156', cpus: 2, hardware_concurrency: 2, load_average_1m: 0.5 },
    repeat: 1,
    cases: [{ id: 'random-read', name: '4K random read' }],
    native: null,
    node: null,
    chromium: null,
    figures: null,
    ...over,
  };
}

describe('report', () => {
  it('puts each target of a case under it, with wasm/native of loop and preconditioning', () => {
    const r = result({ native: [row('random-read', 4e6, 2e6)], node: [row('random-read', 2e6, 1.5e6)], chromium: [chromiumRow('random-read', 1, 1, 1)] });
    const lines = caseTable(r);
    expect(lines[1]).toBe('random-read: 4K random read');
    expect(lines[2]).toMatch(/^ {2}native +4\.00 \/ +4\.00 +2\.00 \/ +2\.00 +1\.00$/);
    expect(lines[3]).toMatch(/^ {2}node +2\.00 \/ +2\.00 +1\.50 \/ +1\.50 +1\.00 +0\.50x, 0\.75x$/);
    // Chromium's row here has no preconditioning: a dash, not a ratio of zero.
    expect(lines[4]).toMatch(/^ {2}chromium +1\.00 \/ +1\.00 +- \/ +- +1\.00 +0\.25x, -$/);
    expect(ratio(1, 0)).toBe('-');
  });

  it('names a case whose targets did different work', () => {
    const same = result({ native: [row('random-read', 4e6, 2e6)], node: [row('random-read', 2e6, 1e6)] });
    expect(workMismatches(same)).toEqual([]);
    const differs = result({ native: [row('random-read', 4e6, 2e6)], node: [row('random-read', 2e6, 1e6, { run_flash_ops: 999 })] });
    expect(workMismatches(differs)).toEqual(['random-read: node did 500000 + 999 flash ops (precond. + loop), native 500000 + 1000000']);
    expect(formatReport(differs)).toContain('WORK DIFFERS');
  });

  it('judges the browser targets on what Chromium measured', () => {
    const figure = {
      members: 2,
      repeat: 1,
      sequential_s_min: 1,
      sequential_s_median: 1.2,
      parallel_workers: 2,
      parallel_s_min: 0.7,
      parallel_s_median: 0.8,
      member_s_median: [
        { id: 'bg4-hmb-off', s: 0.7 },
        { id: 'bg3', s: 0.5 },
      ],
    };
    const lines = browserTargets(
      result({
        cases: [{ id: 'whole-drive-512g', name: 'big' }],
        chromium: [chromiumRow('whole-drive-512g', 4.9, 1.05 * 2 ** 30, 2 ** 30), chromiumRow('random-read', 1, 0.5 * 2 ** 20, 2 ** 20)],
        figures: [
          { figure: 'article-000-random-read', ...figure },
          { figure: 'article-000-random-write', ...figure, sequential_s_median: 2.5 },
        ],
      }),
    );
    expect(lines[1]).toMatch(/^ {2}whole-drive-512g wall time .*: 4\.90 s; target <= 5 s: met$/);
    expect(lines[2]).toBe("  figure article-000-random-read (2 members), median: one worker 1.20 s, 2 workers 0.80 s (workers' start included); target <= 1.5 s: met, met");
    expect(lines[3]).toBe('    members alone: bg4-hmb-off 0.70 s, bg3 0.50 s');
    expect(lines[4]).toMatch(/one worker 2\.50 s, .*: MISSED, met$/);
    expect(lines[6]).toBe('  memory whole-drive-512g: 1075.2 MiB after the run (1.0 MiB before), estimate 1024.0 MiB (at most 2048.0 MiB): measured/estimate 1.05; target within 10 %: met');
    expect(lines[7]).toMatch(/^ {2}memory random-read: .*measured\/estimate 0\.50; target within 10 %: MISSED$/);
    const slow = browserTargets(result({ chromium: [chromiumRow('whole-drive-512g', 5.1, 1, 1)] }));
    expect(slow[1]).toMatch(/5\.10 s; target <= 5 s: MISSED$/);
  });
});
