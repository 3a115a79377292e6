// Command line of `npm run bench:browser`. The shared options read as `ssdsim bench`'s do
// (engine/cli/src/bench.rs), so one case list and one repeat count drive all three targets.

export interface BenchOptions {
  json: boolean;
  /** Runs of each case per target; the report gives min and median. */
  repeat: number;
  /** Case ids to run, in the engine's order; empty: every case. */
  cases: string[];
  native: boolean;
  node: boolean;
  chromium: boolean;
  /** Time the article figures' members in Chromium (sequential and one worker per core). */
  figures: boolean;
  /** Runs book each command's latency by cause, as the page's own runs do (`--no-causes`: as a compare variant's). */
  causes: boolean;
}

export const USAGE = `usage: npm run bench:browser -- [--json] [--repeat N] [--case ID]... [--no-native] [--no-node] [--no-chromium] [--no-figures] [--no-causes]
  Runs the engine's bench cases (ssd_core::bench) natively (ssdsim bench), in wasm in Node and in
  wasm in a Web Worker in headless Chromium; prints flash ops/s (min / median of N) and wasm/native.
  In Chromium it also times the article-000 figures and compares wasm memory with the budget.
  --no-causes: runs that book no latency causes, on every target (the figures are compare variants: never).`;

/** Parses the arguments; `caseIds` are the engine's bench cases. Throws an Error saying what is wrong. */
export function parseOptions(args: readonly string[], caseIds: readonly string[]): BenchOptions {
  const o: BenchOptions = { json: false, repeat: 3, cases: [], native: true, node: true, chromium: true, figures: true, causes: true };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    switch (a) {
      case '--json':
        o.json = true;
        break;
      case '--repeat': {
        const v = args[++i];
        if (v === undefined) throw new Error('--repeat needs a count');
        const n = Number(v);
        if (!/^\d+$/.test(v) || n < 1 || n > 100) throw new Error(`--repeat: "${v}" is not a count from 1 to 100`);
        o.repeat = n;
        break;
      }
      case '--case': {
        const id = args[++i];
        if (id === undefined) throw new Error('--case needs a case id');
        if (!caseIds.includes(id)) throw new Error(`--case: no case "${id}"; cases: ${caseIds.join(', ')}`);
        if (!o.cases.includes(id)) o.cases.push(id);
        break;
      }
      case '--no-native':
        o.native = false;
        break;
      case '--no-node':
        o.node = false;
        break;
      case '--no-chromium':
        o.chromium = false;
        break;
      case '--no-figures':
        o.figures = false;
        break;
      case '--no-causes':
        o.causes = false;
        break;
      default:
        throw new Error(`unknown option "${a}"\n${USAGE}`);
    }
  }
  // The engine's order, whatever the command line's, so every target's table lines up.
  o.cases = o.cases.length === 0 ? [...caseIds] : caseIds.filter((id) => o.cases.includes(id));
  if (!o.native && !o.node && !o.chromium) throw new Error('nothing to run: --no-native, --no-node and --no-chromium all given');
  return o;
}
