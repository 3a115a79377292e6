// The native CLI, for comparing the browser's numbers with a native run of the same scenario.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = `${root}engine/Cargo.toml`;
// Built with the profile the engine's tests use (engine/Cargo.toml, `ci`): npm test has built
// it already, and its numbers are release's bit for bit.
export const SSDSIM = `${root}engine/target/ci/ssdsim`;

/** Builds `ssdsim` (a no-op when it is up to date). */
export function buildSsdsim(): void {
  execFileSync('cargo', ['build', '--profile', 'ci', '--quiet', '--manifest-path', manifest, '-p', 'ssdsim'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 540_000,
  });
}

export interface CliOutput {
  summary: Record<string, number>;
  series: { id: string; label: string; x: { name: string; unit: string }; y: { name: string; unit: string }; points: [number, number][] }[];
}

export function runSsdsim(scenarioJson: string): CliOutput {
  const out = execFileSync(SSDSIM, ['run', '-'], { input: scenarioJson, timeout: 120_000, maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(out.toString('utf8')) as CliOutput;
}
