// "Replay on this drive": a scanned trace becomes the scenario's workload (the trace kind's
// defaults, with the file's name, size, detected format and SHA-256) and its file goes with every
// run of it, so auto-run replays it as the knobs change. The engine sizes the averaging window
// from the trace itself, as `ssdsim run --trace` does, so the page and the CLI agree.
//
// A shared link carries the name, size and SHA-256 but not the file: `wantedTrace` says which
// file the scenario asks for, and a picked file is attached only when it is that one.
import type { TraceSummary } from '../engine/types';
import type { JsonObject } from '../scenario/paths';

/** The trace file a trace scenario replays, as its link describes it. */
export interface WantedTrace {
  name: string;
  bytes: number;
  /** Lower-case hex; empty when the scenario was written without one. */
  sha256: string;
}

/** The workload that replays `file`: the trace kind's defaults with what the scan found. */
export function traceWorkload(defaults: JsonObject, file: File, summary: TraceSummary): JsonObject {
  return { ...defaults, format: summary.format, name: file.name, bytes: file.size, sha256: summary.sha256 };
}

/** The file a trace scenario waits for: none for another kind, or once a file is attached. */
export function wantedTrace(scenario: JsonObject | null, attached: File | null): WantedTrace | null {
  const w = scenario?.workload as { kind?: unknown; name?: unknown; bytes?: unknown; sha256?: unknown } | undefined;
  if (attached || w?.kind !== 'trace') return null;
  return { name: typeof w.name === 'string' ? w.name : '', bytes: typeof w.bytes === 'number' ? w.bytes : 0, sha256: typeof w.sha256 === 'string' ? w.sha256.toLowerCase() : '' };
}

/** Whether a scanned file is the one `wanted` names: by SHA-256, or by size when the scenario has no hash. */
export function isWantedTrace(wanted: WantedTrace, file: Blob, summary: TraceSummary): boolean {
  return wanted.sha256 ? summary.sha256 === wanted.sha256 : wanted.bytes === 0 || file.size === wanted.bytes;
}
