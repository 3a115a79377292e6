// The native side: `ssdsim bench --json` with the same cases and repeat count.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CaseRow } from './stats';

const SSDSIM = fileURLToPath(new URL('../../engine/target/release/ssdsim', import.meta.url));
const MANIFEST = fileURLToPath(new URL('../../engine/Cargo.toml', import.meta.url));

/** The release `ssdsim`, built first if it is missing (a build reads the engine, never changes it). */
export function ssdsimPath(log: (line: string) => void): string {
  if (!existsSync(SSDSIM)) {
    log(`building ${SSDSIM} (cargo build --release -p ssdsim)`);
    // cargo's output goes to stderr so that --json's standard output stays JSON.
    const built = spawnSync('cargo', ['build', '--release', '-p', 'ssdsim', '--manifest-path', MANIFEST], { stdio: ['ignore', process.stderr, process.stderr] });
    if (built.status !== 0) throw new Error(`cargo build of ssdsim failed (exit ${built.status ?? built.signal})`);
  }
  return SSDSIM;
}

function ssdsim(path: string, args: string[], input?: string): string {
  const r = spawnSync(path, args, { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`ssdsim ${args.join(' ')} failed: ${r.stderr.trim()}`);
  return r.stdout;
}

export function nativeBench(path: string, caseIds: readonly string[], repeat: number, causes: boolean): CaseRow[] {
  const args = ['bench', '--json', '--repeat', String(repeat), ...caseIds.flatMap((id) => ['--case', id]), ...(causes ? [] : ['--no-causes'])];
  return JSON.parse(ssdsim(path, args)) as CaseRow[];
}
