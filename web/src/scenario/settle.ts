// Turning an untrusted scenario (from a link, storage or a file) into one the engine accepts.
// The engine's validation is the source of truth: when it refuses a field the link set, that
// field goes back to the preset's value and the refusal is reported; nothing else is lost.
import { describeError, EngineError } from '../engine/errors';
import { flattenLeaves, getPath, sameJson, type JsonObject } from './paths';
import { baseScenario, withoutParam, type CodecContext, type Decoded, type UrlIssue } from './urlCodec';

export type Validate = (scenarioJson: string) => Promise<string>;

export interface Settled {
  preset: string;
  /** Normalised by the engine. */
  scenario: JsonObject;
  issues: UrlIssue[];
}

/** True when the engine's `field` is the parameter, inside it ("workload.spans[2]"), or holds it. */
export function fieldMatches(param: string, field: string): boolean {
  return param === field || field.startsWith(`${param}.`) || field.startsWith(`${param}[`) || param.startsWith(`${field}.`);
}

type Outcome = { ok: true; json: string } | { ok: false; error: EngineError };

/** Validates; a refusal (or an abort) is an outcome, anything else (cancel, dead engine) is thrown. */
async function attempt(scenario: JsonObject, validate: Validate): Promise<Outcome> {
  try {
    return { ok: true, json: await validate(JSON.stringify(scenario)) };
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, error: err };
    throw err;
  }
}

/** True when the outcome is not the same refusal: the scenario passed, or the engine objects to something else. */
const differs = (outcome: Outcome, error: EngineError) => outcome.ok || outcome.error.field !== error.field || outcome.error.code !== error.code;

/**
 * The parameter to drop when the engine names a field the link did not set (a limit that
 * depends on several fields, named on a field the preset set). First the most recently applied
 * parameter whose removal alone changes the outcome; else (several parameters break the same
 * rule) drop parameters from the end until the outcome changes: the last one dropped then is
 * one of the causes. Only that one goes; the loop in settleDecoded deals with the others.
 */
async function probeCulprit(current: Decoded, error: EngineError, ctx: CodecContext, validate: Validate): Promise<string | undefined> {
  const applied = [...current.applied].reverse();
  for (const param of applied) {
    if (differs(await attempt(withoutParam(current, param, ctx), validate), error)) return param;
  }
  let scenario = current.scenario;
  for (const param of applied) {
    scenario = withoutParam({ ...current, scenario }, param, ctx);
    if (differs(await attempt(scenario, validate), error)) return param;
  }
  return undefined;
}

/**
 * Validates a decoded link, dropping exactly the field the engine refuses back to the preset's
 * value, re-validating, and repeating (at most `maxTries` times); every other parameter is
 * kept, and each dropped one is reported by name with the engine's reason.
 */
export async function settleDecoded(decoded: Decoded, ctx: CodecContext, validate: Validate, maxTries = 16): Promise<Settled> {
  const issues = [...decoded.issues];
  let current: Decoded = decoded;
  for (let i = 0; i < maxTries; i++) {
    const outcome = await attempt(current.scenario, validate);
    if (outcome.ok) return { preset: current.preset, scenario: JSON.parse(outcome.json) as JsonObject, issues };
    const { error } = outcome;
    // Named by the engine, else found by probing: one parameter at a time, so none is lost
    // unless it has to be.
    const culprit = current.applied.find((p) => fieldMatches(p, error.field)) ?? (await probeCulprit(current, error, ctx, validate));
    if (!culprit) break;
    issues.push({ code: 'rejected', param: culprit, detail: describeError(error), engineCode: error.code });
    current = { ...current, scenario: withoutParam(current, culprit, ctx), applied: current.applied.filter((p) => p !== culprit) };
  }
  // Nothing the link set is left to drop (or too many were refused): the preset as it is.
  const outcome = await attempt(current.scenario, validate);
  if (outcome.ok) return { preset: current.preset, scenario: JSON.parse(outcome.json) as JsonObject, issues };
  issues.push({ code: 'rejected', param: outcome.error.field, detail: describeError(outcome.error), engineCode: outcome.error.code });
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
