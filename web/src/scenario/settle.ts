// Turning an untrusted scenario (from a link, storage or a file) into one the engine accepts.
// The engine's validation is the source of truth: when it refuses a field the link set, that
// field goes back to the preset's value and the refusal is reported; nothing else is lost.
import { errorField } from './knobs';
import { flattenLeaves, getPath, sameJson, type JsonObject } from './paths';
import { baseScenario, withoutParam, type CodecContext, type Decoded, type UrlIssue } from './urlCodec';

export type Validate = (scenarioJson: string) => Promise<string>;

export interface Settled {
  preset: string;
  /** Normalised by the engine. */
  scenario: JsonObject;
  issues: UrlIssue[];
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Validates a decoded link, dropping each field the engine refuses (at most `maxTries`). */
export async function settleDecoded(decoded: Decoded, ctx: CodecContext, validate: Validate, maxTries = 16): Promise<Settled> {
  const issues = [...decoded.issues];
  let current: Decoded = decoded;
  for (let i = 0; i < maxTries; i++) {
    try {
      const normalized = await validate(JSON.stringify(current.scenario));
      return { preset: current.preset, scenario: JSON.parse(normalized) as JsonObject, issues };
    } catch (err) {
      if (err instanceof Error && err.name === 'CancelledError') throw err;
      const message = messageOf(err);
      const field = errorField(message);
      const culprit = field ? current.applied.find((p) => p === field || field.startsWith(`${p}.`) || p.startsWith(`${field}.`)) : undefined;
      if (!culprit) {
        // The engine objects to something the link did not set directly (a limit that depends
        // on several fields): fall back to the preset as it is.
        issues.push({ code: 'rejected', param: field ?? '', detail: message });
        const preset = baseScenario(current.preset, null, ctx);
        return { preset: current.preset, scenario: JSON.parse(await validate(JSON.stringify(preset))) as JsonObject, issues };
      }
      issues.push({ code: 'rejected', param: culprit, detail: message });
      current = { ...current, scenario: withoutParam(current, culprit, ctx), applied: current.applied.filter((p) => p !== culprit) };
    }
  }
  const preset = baseScenario(current.preset, null, ctx);
  return { preset: current.preset, scenario: JSON.parse(await validate(JSON.stringify(preset))) as JsonObject, issues };
}

/** Paths whose value differs from the base (the preset, with the workload's kind defaults). */
export function editedPaths(scenario: JsonObject, preset: string, ctx: CodecContext): string[] {
  const kind = getPath(scenario, 'workload.kind');
  const base = flattenLeaves(baseScenario(preset, typeof kind === 'string' ? kind : null, ctx));
  const out: string[] = [];
  for (const [path, value] of flattenLeaves(scenario)) {
    if (path === 'name' || path === 'description' || path === 'version') continue;
    if (!base.has(path) ? value !== null : !sameJson(base.get(path), value)) out.push(path);
  }
  return out;
}

/**
 * The preset a scenario is closest to: the one it names, else the one with the fewest
 * differing fields (an imported file or an old stored scenario still gets a sensible base).
 */
export function nearestPreset(scenario: JsonObject, ctx: CodecContext): string {
  const name = getPath(scenario, 'name');
  for (const [preset, s] of ctx.presets) if (name && getPath(s, 'name') === name) return preset;
  let best = ctx.defaultPreset;
  let bestCount = Number.POSITIVE_INFINITY;
  for (const preset of ctx.presets.keys()) {
    const n = editedPaths(scenario, preset, ctx).length;
    if (n < bestCount) {
      best = preset;
      bestCount = n;
    }
  }
  return best;
}
