// `npm run bench:browser`: the engine's bench cases natively, in wasm in Node and in wasm in
// a Chromium Web Worker, one target after another so they never share the cores. A harness,
// not a test: it reports numbers and fails only when something could not be measured.
import { cpus, loadavg } from 'node:os';
import { openBenchBrowser } from './chromium';
import { nativeBench, ssdsimPath } from './native';
import { engineBenchCases, figureMembers, measureInNode, memoryEstimate } from './node';
import { parseOptions, type BenchOptions } from './options';
import { formatReport, TARGETS, type BenchResult, type ChromiumCaseRow, type FigureTiming } from './report';
import { minMedian, summarise, wasmCases, type BenchCase } from './stats';

/** Progress goes to stderr, so that --json's standard output is only the JSON. */
const log = (line: string) => void process.stderr.write(`bench: ${line}\n`);

async function inChromium(cases: BenchCase[], options: BenchOptions, result: BenchResult): Promise<void> {
  // The engine's own estimate, from the same wasm: building a simulation allocates the drive
  // but runs nothing.
  const estimates = cases.map((c) => memoryEstimate(c.scenario));
  const browser = await openBenchBrowser();
  try {
    result.environment.chromium = /HeadlessChrome\/[\d.]+/.exec(browser.userAgent)?.[0] ?? browser.userAgent;
    result.environment.hardware_concurrency = browser.hardwareConcurrency;
    result.chromium = [];
    for (const [i, c] of cases.entries()) {
      log(`chromium: ${c.id} x ${options.repeat}`);
      const run = await browser.measureCase(c.scenario, options.repeat, options.causes);
      const row: ChromiumCaseRow = {
        ...summarise(c, run.measurements),
        memory_bytes_before_run: run.memoryBytesBefore,
        memory_bytes_after_run: run.memoryBytesAfter,
        memory_estimate_bytes: estimates[i].expected,
        memory_bound_bytes: estimates[i].bound,
      };
      result.chromium.push(row);
    }
    if (options.figures) {
      result.figures = [];
      for (const figure of TARGETS.figures) {
        const members = figureMembers(figure);
        const scenarios = members.map((m) => m.scenario);
        const timing = async (workers: number) => {
          const runs = [];
          for (let r = 0; r < options.repeat; r++) runs.push(await browser.runFigure(scenarios, workers));
          return runs;
        };
        log(`chromium: figure ${figure} on one worker, then ${browser.hardwareConcurrency}, x ${options.repeat}`);
        const sequentialRuns = await timing(1);
        const sequential = minMedian(sequentialRuns.map((t) => t.wallS));
        const parallelRuns = await timing(browser.hardwareConcurrency);
        const parallel = minMedian(parallelRuns.map((t) => t.wallS));
        const row: FigureTiming = {
          figure,
          members: scenarios.length,
          repeat: options.repeat,
          sequential_s_min: sequential.min,
          sequential_s_median: sequential.median,
          parallel_workers: browser.hardwareConcurrency,
          parallel_s_min: parallel.min,
          parallel_s_median: parallel.median,
          member_s_median: members.map((m, i) => ({ id: m.id, s: minMedian(sequentialRuns.map((t) => t.scenarioS[i])).median })),
        };
        result.figures.push(row);
      }
    }
  } finally {
    await browser.close();
  }
  if (browser.problems.length > 0) throw new Error(`the bench page reported problems:\n  ${browser.problems.join('\n  ')}`);
}

/** Returns the exit code. */
export async function main(args: string[]): Promise<number> {
  const all = engineBenchCases();
  let options: BenchOptions;
  try {
    options = parseOptions(args, all.map((c) => c.id));
  } catch (err) {
    log(err instanceof Error ? err.message : String(err));
    return 2;
  }
  const cases = all.filter((c) => options.cases.includes(c.id));
  const inWasm = wasmCases(cases);
  if ((options.node || options.chromium) && inWasm.length < cases.length) {
    log(`native only (beyond the page's work limit): ${cases.filter((c) => !inWasm.includes(c)).map((c) => c.id).join(', ')}`);
  }
  const result: BenchResult = {
    environment: { node: process.version, chromium: null, cpus: cpus().length, hardware_concurrency: null, load_average_1m: loadavg()[0] },
    repeat: options.repeat,
    cases: cases.map(({ id, name }) => ({ id, name })),
    native: null,
    node: null,
    chromium: null,
    figures: null,
  };
  try {
    if (options.native) {
      log(`native: ssdsim bench --repeat ${options.repeat} (${options.cases.join(', ')})`);
      result.native = nativeBench(ssdsimPath(log), options.cases, options.repeat, options.causes);
    }
    if (options.node) {
      result.node = inWasm.map((c) => {
        log(`node: ${c.id} x ${options.repeat}`);
        return summarise(c, measureInNode(c, options.repeat, options.causes));
      });
    }
    if (options.chromium) await inChromium(inWasm, options, result);
  } catch (err) {
    // The engine throws its typed errors as plain objects ({ id, field, ... }).
    log(err instanceof Error ? (err.stack ?? err.message) : JSON.stringify(err));
    return 1;
  }
  process.stdout.write(options.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatReport(result)}\n`);
  return 0;
}
