// The worker API against the real wasm: what the page relies on, checked in Node.
import { EngineError } from '../../web/src/engine/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation, validations } from '../../web/src/engine/pkg/ssd_wasm.js';
import type { EngineApi } from '../../web/src/engine/api';
import type { Budget } from '../../web/src/engine/types';
import { engineMemory, loadEngine, runCollect, sameBits, type CollectedRun } from './loadEngine';

let api: EngineApi;
let defaultJson: string;
let first: CollectedRun;

beforeAll(async () => {
  api = loadEngine();
  defaultJson = await api.defaultScenario();
  first = await runCollect(defaultJson);
});

describe('scenario', () => {
  it('the default scenario is a v1 fio-style job that validates', async () => {
    const s = JSON.parse(defaultJson);
    expect(s.version).toBe(1);
    expect(s.workload.kind).toBe('job');
    expect(s.workload.iodepth).toBeGreaterThan(0);
    const normalized = JSON.parse(await api.validate(defaultJson));
    expect(normalized).toEqual(s);
  });

  it('a partial scenario is laid over the defaults', async () => {
    const normalized = JSON.parse(await api.validate('{"workload":{"kind":"job","iodepth":4}}'));
    const empty = JSON.parse(await api.validate('{}'));
    expect(normalized.workload.iodepth).toBe(4);
    expect(normalized.workload.bs).toBe(empty.workload.bs);
    expect(normalized.device).toEqual(empty.device);
    expect(normalized.version).toBe(1);
  });

  it('an invalid scenario is refused with the field and the allowed range', async () => {
    const s = JSON.parse(defaultJson);
    s.workload.iodepth = 0;
    // Errors as data: the field and the code, not text to parse.
    const refusal = { field: 'workload.iodepth', code: 'out_of_range', message: expect.stringMatching(/between 1 and 1024 \(got 0\)/) };
    await expect(api.validate(JSON.stringify(s))).rejects.toMatchObject(refusal);
    await expect(api.validate(JSON.stringify(s))).rejects.toBeInstanceOf(EngineError);
    await expect(api.run(JSON.stringify(s), () => {})).rejects.toMatchObject(refusal);
    // Straight from wasm: a plain object, not an Error whose text must be parsed.
    let thrown: unknown;
    try {
      new Simulation(JSON.stringify(s)).free();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).not.toBeInstanceOf(Error);
    expect(thrown).toEqual({ field: 'workload.iodepth', code: 'out_of_range', message: 'must be between 1 and 1024 (got 0)' });
  });

  it('malformed JSON is an error, not a crash', async () => {
    await expect(api.validate('{')).rejects.toMatchObject({ field: '', code: 'syntax', message: expect.stringMatching(/EOF/) });
    // and the engine still works afterwards
    await expect(api.validate(defaultJson)).resolves.toContain('"version"');
  });

  it('lists presets that all validate', async () => {
    const presets = await api.presets();
    expect(presets.length).toBeGreaterThan(0);
    for (const p of presets) {
      expect(p.name).toMatch(/\S/);
      expect(typeof p.description).toBe('string');
      await expect(api.validate(JSON.stringify(p.scenario)), p.name).resolves.toBeTruthy();
    }
  });
});

describe('one validation per run', () => {
  // The engine counts the scenarios it has compiled; the page validates a scenario, then runs it.
  const scenario = '{"workload":{"kind":"job","rw":"randread","size":"64m","iodepth":4,"runtime":0.005}}';

  it('a scenario the page validated runs from its compiled form, not checked again', async () => {
    const before = validations();
    const normalised = await api.validate(scenario);
    await runCollect(normalised);
    await runCollect(scenario);
    expect(validations() - before).toBe(1);
  });

  it('a scenario run without validating first is validated once', async () => {
    const fresh = scenario.replace('0.005', '0.004');
    const before = validations();
    const run = await runCollect(fresh);
    expect(run.result.summary.read_mb_per_s).toBeGreaterThan(0);
    expect(validations() - before).toBe(1);
  });

  it('the compiled form gives the numbers a run straight from the text gives', async () => {
    const other = scenario.replace('0.005', '0.003');
    const direct = new Simulation(other);
    try {
      while (!direct.run(100_000));
      const compiled = await runCollect(other);
      expect(compiled.result.summary).toEqual(JSON.parse(direct.summary()));
    } finally {
      direct.free();
    }
  });
});

describe('a run without latency causes', () => {
  // A latency trace draws a line per cause beside its latency; a compare variant needs neither.
  const trace = '{"workload":{"kind":"latency_trace","io_size":"8m"}}';

  it('gives every other number bit for bit, without cause lines or the causes document', async () => {
    const withCauses = await runCollect(trace);
    const without = await runCollect(trace, { causes: false });
    expect(without.result.latencyCauses).toBeNull();
    const causes = withCauses.result.latencyCauses;
    expect((causes?.read?.count ?? 0) + (causes?.write?.count ?? 0)).toBeGreaterThan(0);
    expect(JSON.stringify(without.result.summary)).toBe(JSON.stringify(withCauses.result.summary));
    const kept = withCauses.result.series.flatMap((s, i) => (s.id.startsWith('latency_cause.') ? [] : [i]));
    expect(withCauses.result.series.length).toBeGreaterThan(kept.length);
    expect(without.result.series.map((s) => s.id)).toEqual(kept.map((i) => withCauses.result.series[i].id));
    kept.forEach((i, k) => expect(sameBits(without.points[k], withCauses.points[i]), withCauses.result.series[i].id).toBe(true));
  });

  it('validates once whether the page compiled the scenario or not: a text compiled before, as given or normalised, is not compiled again', async () => {
    const fresh = trace.replace('8m', '4m');
    const before = validations();
    await runCollect(fresh, { causes: false });
    expect(validations() - before).toBe(1);
    await runCollect(await api.validate(fresh), { causes: false });
    expect(validations() - before).toBe(1);
    const { handle } = await api.compile(trace.replace('8m', '2m'));
    await api.runCompiled(handle, () => {}, { causes: false });
    expect(validations() - before).toBe(2);
  });
});

describe('chunked run of the default scenario', () => {
  it('streams progress from 0 to exactly 1, ending with done', () => {
    const { chunks } = first;
    expect(chunks.length).toBeGreaterThan(1);
    const progress = chunks.map((c) => c.progress);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
    expect(progress.every((p) => p >= 0 && p <= 1)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ done: true, progress: 1 });
    expect(chunks.slice(0, -1).every((c) => !c.done)).toBe(true);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    expect(first.result.chunks).toBe(chunks.length);
  });

  it('describes its series with names and units', () => {
    const { series } = first.result;
    expect(series.length).toBeGreaterThan(0);
    for (const s of series) {
      expect(s.id).toMatch(/\S/);
      expect(s.label).toMatch(/\S/);
      expect(s.x.name).toMatch(/\S/);
      expect(s.y.name).toMatch(/\S/);
    }
    // Every chunk carries points for each series it lists; the last chunk lists them all
    // (the latency CDFs join when the run finishes).
    expect(first.chunks.every((c) => c.points.length === c.series.length)).toBe(true);
    expect(first.chunks.at(-1)!.series.map((s) => s.id)).toEqual(series.map((s) => s.id));
    expect(series.map((s) => s.id)).toContain('latency_cdf_read');
  });

  it('produces a positive throughput-over-time series', () => {
    const i = first.result.series.findIndex((s) => s.role === 'throughput' && s.x.id === 'time' && s.y.unit === 'mb_per_s');
    expect(i, 'a series in bytes per second').toBeGreaterThanOrEqual(0);
    const flat = first.points[i];
    expect(flat.length % 2).toBe(0);
    expect(flat.length / 2).toBeGreaterThanOrEqual(10);
    const xs = flat.filter((_, k) => k % 2 === 0);
    const ys = flat.filter((_, k) => k % 2 === 1);
    for (let k = 1; k < xs.length; k++) expect(xs[k]).toBeGreaterThan(xs[k - 1]);
    expect(ys.every((y) => Number.isFinite(y) && y >= 0)).toBe(true);
    expect(Math.max(...ys)).toBeGreaterThan(0);
  });

  it('summarises with finite numbers that agree with the streamed series', () => {
    const { summary } = first.result;
    const leaves: unknown[] = Object.values(summary).flatMap((v: unknown) => (typeof v === 'object' && v !== null ? Object.values(v) : [v]));
    const numbers = leaves.filter((v): v is number => typeof v === 'number');
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers.every(Number.isFinite)).toBe(true);
    // The default scenario is a random-read job: reads happen, writes do not.
    expect(summary.read_mb_per_s).toBeGreaterThan(0);
    expect(summary.read_iops).toBeGreaterThan(0);
    expect(summary.write_mb_per_s).toBe(0);
    expect(summary.read_latency.count).toBeGreaterThan(0);
    expect(summary.read_latency.p50_us).toBeLessThanOrEqual(summary.read_latency.p99_us);
    expect(summary.read_latency.p99_us).toBeLessThanOrEqual(summary.read_latency.max_us);
    // The summary's rate is the series' rate over the whole run (within windowing error).
    const i = first.result.series.findIndex((s) => s.id === 'read_throughput');
    const ys = first.points[i].filter((_, k) => k % 2 === 1);
    const seriesMean = ys.reduce((a, b) => a + b, 0) / ys.length;
    expect(Math.abs(seriesMean - summary.read_mb_per_s) / summary.read_mb_per_s).toBeLessThan(0.05);
  });
});

describe('chunked run of the default scenario: block map, budget and transferable points', () => {
  it('returns the block map with one entry per block, consistent with the summary', () => {
    const map = first.result.blockMap!;
    expect(map).not.toBeNull();
    const blocks = map.planes * map.blocksPerPlane;
    expect(blocks).toBeGreaterThan(0);
    expect(map.valid).toBeInstanceOf(Uint32Array);
    expect([map.valid.length, map.eraseCounts.length, map.states.length]).toEqual([blocks, blocks, blocks]);
    expect(Math.max(...map.valid)).toBeLessThanOrEqual(map.unitsPerBlock);
    expect([...map.states].every((s) => s <= 3)).toBe(true);
    // The default scenario fills the drive first: most blocks hold valid data.
    expect(map.valid.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(Math.max(...map.eraseCounts)).toBe(first.result.summary.erase_count_max);
  });

  it('sends the budget it was admitted under with the first chunk, and its wasm memory with the last', () => {
    const { chunks } = first;
    const budget = chunks[0].budget!;
    // Exactly what the engine admits the scenario under, read before the run starts.
    const sim = new Simulation(defaultJson);
    const admitted = JSON.parse(sim.budget()) as Budget;
    sim.free();
    expect(budget).toEqual(admitted);
    expect(budget.memory_bytes).toBeGreaterThan(0);
    expect(budget.seconds_estimate).toBeGreaterThan(0);
    expect(budget.seconds_limit).toBeGreaterThanOrEqual(budget.seconds_estimate);
    expect(budget.seconds_limit).not.toBeNull();
    expect(budget.work_limit).toBeGreaterThanOrEqual(budget.typical_work);
    expect(chunks.slice(1).filter((c) => c.budget !== undefined)).toEqual([]);

    const memoryBytes = chunks.at(-1)!.memoryBytes!;
    expect(chunks.slice(0, -1).filter((c) => c.memoryBytes !== undefined)).toEqual([]);
    expect(memoryBytes % 65_536, 'whole wasm pages').toBe(0);
    const memory = engineMemory();
    // The run grew the heap; memory never shrinks, so what later tests allocated comes on top.
    expect(memoryBytes).toBeGreaterThan(memory.initialBytes);
    expect(memoryBytes).toBeLessThanOrEqual(memory.nowBytes);
    // The first run of a fresh engine: what it really took stays within what it was admitted
    // under (the budget bounds the simulator's heap; code, data and stack were there at load),
    // and within 10 % of what the page showed before it started (which counts them).
    expect(memoryBytes).toBeLessThanOrEqual(memory.initialBytes + budget.memory_bytes);
    expect(Math.abs(memoryBytes - budget.expected_memory_bytes)).toBeLessThanOrEqual(0.1 * budget.expected_memory_bytes);
  });

  it('sends points as Float64Arrays that own their buffers (transferable)', () => {
    for (const c of first.chunks) {
      for (const p of c.points) {
        expect(p).toBeInstanceOf(Float64Array);
        expect(p.byteOffset).toBe(0);
        expect(p.byteLength).toBe(p.buffer.byteLength);
      }
    }
  });
});

describe('a run that reaches a ceiling', () => {
  it('stops with what it measured and a notice naming the field, which a finished run does not have', async () => {
    // Reads a second apart into 1 µs windows: the charts over time fill up long before the
    // 1,024 reads are done (resolve/window.rs MAX_TIME_POINTS).
    const s = { workload: { kind: 'job', rw: 'randread', iodepth: 1, runtime: 0, io_size: '4m', thinktime: 1_000_000, log_avg_msec: 0.001 } };
    const { result } = await runCollect(JSON.stringify(s));
    expect(result.stopped).toMatchObject({ field: 'workload.log_avg_msec', code: 'too_much_memory' });
    expect(result.summary.truncated).toBe(true);
    expect(result.summary.read_latency.count).toBeGreaterThan(0);
    expect(result.summary.read_latency.count).toBeLessThan(1024);
    expect(first.result.stopped).toBeNull();
    expect(first.result.summary.truncated).toBe(false);
  });
});

describe('determinism', () => {
  it('gives bit-identical points and summary on a second run', async () => {
    const second = await runCollect(defaultJson);
    expect(second.points.length).toBe(first.points.length);
    first.points.forEach((p, i) => expect(sameBits(second.points[i], p), `series ${i}`).toBe(true));
    expect(second.result.summary).toEqual(first.result.summary);
  });

  it('does not depend on how the run is chunked', async () => {
    const tiny = await runCollect(defaultJson, { fixedChunkEvents: 97 });
    const huge = await runCollect(defaultJson, { fixedChunkEvents: 10_000_000 });
    expect(tiny.chunks.length).toBeGreaterThan(huge.chunks.length);
    for (const run of [tiny, huge]) {
      first.points.forEach((p, i) => expect(sameBits(run.points[i], p), `series ${i}`).toBe(true));
      expect(run.result.summary).toEqual(first.result.summary);
    }
  });

  it('samples a skewed random_distribution bit for bit as the native engine does', async () => {
    // The same JSON and numbers as engine/core/tests/distributions.rs (SKEWED_RUN): zipf:1.2
    // writes drawn with libm and integer arithmetic, never the platform's maths.
    const skewed =
      '{"device":{"nand":{"channels":1,"dies_per_channel":1,"planes_per_die":2,"blocks_per_plane":256,"pages_per_block":64,"page_bytes":4096}},"precondition":{"fill_percent":100},"workload":{"kind":"job","rw":"randwrite","size":0,"iodepth":8,"runtime":0,"io_size":"48m","random_distribution":"zipf:1.2"}}';
    const { result } = await runCollect(skewed);
    const s = result.summary as unknown as Record<string, number>;
    expect([s.gc_moved_bytes, s.nand_written_bytes, s.duration_s]).toEqual([49020928, 99352576, 6.868370481]);
  });

  it('changes with the seed', async () => {
    const s = JSON.parse(defaultJson);
    s.seed = s.seed + 1;
    const other = await runCollect(JSON.stringify(s));
    expect(other.points.some((p, i) => !sameBits(p, first.points[i]))).toBe(true);
  });
});
