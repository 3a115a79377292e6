// What `npm run bench:browser` found, and its text report: per case the native, Node and
// Chromium flash ops/s side by side with wasm/native, then the browser targets of issue 13.
import type { CaseRow } from './stats';

/** A Chromium row also says how much wasm memory the case took against the budget's estimate. */
export interface ChromiumCaseRow extends CaseRow {
  /** The worker's wasm memory once loaded, before the first simulation. */
  memory_bytes_before_run: number;
  /** Its memory after the runs (wasm memory never shrinks: the peak). */
  memory_bytes_after_run: number;
  /** `Budget::expected_memory_bytes` of the case's scenario: what the page shows before the run. */
  memory_estimate_bytes: number;
  /** `Budget::memory_bytes`: the most the run may take, what it is admitted under. */
  memory_bound_bytes: number;
}

/** A figure's members run through the app's engine API in Chromium workers. */
export interface FigureTiming {
  figure: string;
  members: number;
  repeat: number;
  sequential_s_min: number;
  sequential_s_median: number;
  /** navigator.hardwareConcurrency: one worker per core. */
  parallel_workers: number;
  parallel_s_min: number;
  parallel_s_median: number;
  /** Each member alone (one worker), median: the longest bounds what more workers can gain. */
  member_s_median: { id: string; s: number }[];
}

export interface BenchResult {
  environment: { node: string; chromium: string | null; cpus: number; hardware_concurrency: number | null; load_average_1m: number };
  repeat: number;
  cases: { id: string; name: string }[];
  native: CaseRow[] | null;
  node: CaseRow[] | null;
  chromium: ChromiumCaseRow[] | null;
  figures: FigureTiming[] | null;
}

/** The targets of issue 13, measured in Chromium. */
export const TARGETS = {
  wholeDriveCase: 'whole-drive-512g',
  wholeDriveS: 5,
  figures: ['article-000-random-read', 'article-000-random-write'],
  figureS: 1.5,
  /** Measured memory within this fraction of the estimate, either way. */
  memoryTolerance: 0.1,
} as const;

const mops = (opsPerS: number) => (opsPerS === 0 ? '-' : (opsPerS / 1e6).toFixed(2));
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const seconds = (s: number) => `${s.toFixed(2)} s`;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/** a / b as "0.61x"; "-" when either has no work. */
export function ratio(a: number, b: number): string {
  return a > 0 && b > 0 ? `${(a / b).toFixed(2)}x` : '-';
}

const TARGET_NAMES = ['native', 'node', 'chromium'] as const;

function rowsOf(result: BenchResult, id: string): [string, CaseRow][] {
  return TARGET_NAMES.flatMap((t) => {
    const row = result[t]?.find((r) => r.case === id);
    return row ? [[t, row] as [string, CaseRow]] : [];
  });
}

/** Per case and target: loop and preconditioning flash ops/s (best / median), and wasm/native on medians. */
export function caseTable(result: BenchResult): string[] {
  const head = `${'case / target'.padEnd(20)} ${'loop flash ops/s (M)'.padStart(21)} ${'precond. ops/s (M)'.padStart(19)} ${'loop s'.padStart(7)}   wasm/native: loop, precond.`;
  const lines = [head];
  for (const c of result.cases) {
    const rows = rowsOf(result, c.id);
    if (rows.length === 0) continue;
    const native = result.native?.find((r) => r.case === c.id);
    lines.push(`${c.id}: ${c.name}`);
    for (const [target, r] of rows) {
      const vsNative =
        native && target !== 'native' ? `   ${ratio(r.run_flash_ops_per_s_median, native.run_flash_ops_per_s_median)}, ${ratio(r.precondition_flash_ops_per_s_median, native.precondition_flash_ops_per_s_median)}` : '';
      lines.push(
        `  ${target.padEnd(18)} ${mops(r.run_flash_ops_per_s_best).padStart(9)} / ${mops(r.run_flash_ops_per_s_median).padStart(9)} ${mops(r.precondition_flash_ops_per_s_best).padStart(8)} / ${mops(r.precondition_flash_ops_per_s_median).padStart(8)} ${r.run_s_median.toFixed(2).padStart(7)}${vsNative}`,
      );
    }
  }
  return lines;
}

/** Same scenario and seed must mean the same work on every target: any difference is named. */
export function workMismatches(result: BenchResult): string[] {
  return result.cases.flatMap((c) => {
    const rows = rowsOf(result, c.id);
    const [first] = rows;
    if (!first) return [];
    return rows
      .filter(([, r]) => r.run_flash_ops !== first[1].run_flash_ops || r.precondition_flash_ops !== first[1].precondition_flash_ops)
      .map(
        ([t, r]) =>
          `${c.id}: ${t} did ${r.precondition_flash_ops} + ${r.run_flash_ops} flash ops (precond. + loop), ${first[0]} ${first[1].precondition_flash_ops} + ${first[1].run_flash_ops}`,
      );
  });
}

/** The issue's browser targets, with what was measured against each. */
export function browserTargets(result: BenchResult): string[] {
  if (!result.chromium) return [];
  const lines = [`Browser targets (Chromium, navigator.hardwareConcurrency ${result.environment.hardware_concurrency ?? '?'}):`];
  const whole = result.chromium.find((r) => r.case === TARGETS.wholeDriveCase);
  if (whole?.wall_s_median !== undefined) {
    lines.push(
      `  ${TARGETS.wholeDriveCase} wall time (build ${seconds(whole.build_s_median ?? 0)} + precond. ${seconds(whole.precondition_s_median)} + loop ${seconds(whole.run_s_median)}), median: ${seconds(whole.wall_s_median)}; target <= ${TARGETS.wholeDriveS} s: ${verdict(whole.wall_s_median <= TARGETS.wholeDriveS)}`,
    );
  }
  for (const f of result.figures ?? []) {
    const met = (s: number) => verdict(s <= TARGETS.figureS);
    lines.push(
      `  figure ${f.figure} (${f.members} members), median: one worker ${seconds(f.sequential_s_median)}, ${f.parallel_workers} workers ${seconds(f.parallel_s_median)} (workers' start included); target <= ${TARGETS.figureS} s: ${met(f.sequential_s_median)}, ${met(f.parallel_s_median)}`,
      `    members alone: ${f.member_s_median.map((m) => `${m.id} ${seconds(m.s)}`).join(', ')}`,
    );
  }
  for (const r of result.chromium) {
    const measured = r.memory_bytes_after_run / r.memory_estimate_bytes;
    lines.push(
      `  memory ${r.case}: ${mib(r.memory_bytes_after_run)} after the run (${mib(r.memory_bytes_before_run)} before), estimate ${mib(r.memory_estimate_bytes)} (at most ${mib(r.memory_bound_bytes)}): measured/estimate ${measured.toFixed(2)}; target within ${TARGETS.memoryTolerance * 100} %: ${verdict(Math.abs(measured - 1) <= TARGETS.memoryTolerance)}`,
    );
  }
  return lines;
}

export function formatReport(result: BenchResult): string {
  const e = result.environment;
  const mismatches = workMismatches(result);
  return [
    `Engine bench: ${result.cases.length} case(s), min / median of ${result.repeat}; Node ${e.node}${e.chromium ? `, ${e.chromium}` : ''}; ${e.cpus} CPUs, load average ${e.load_average_1m.toFixed(2)} at start`,
    'Flash ops/s: every NAND read, program and erase, as best (fastest run) / median.',
    '',
    ...caseTable(result),
    ...(mismatches.length ? ['', 'WORK DIFFERS between targets (same scenario and seed should do the same work):', ...mismatches.map((m) => `  ${m}`)] : []),
    ...(result.chromium ? ['', ...browserTargets(result)] : []),
  ].join('\n');
}
