// The ways a reader changes the scenario, as pure functions from the scenario as it is to the
// next one: a knob, a knob back to its preset value, another workload kind, another preset, a
// drive fitted to a fio result.
// The session applies them; the playground, a story step and an embed all edit through them.
import { getPath, setPath, type Json, type JsonObject } from '../scenario/paths';
import { setWithFollowers } from '../scenario/followedDefaults';
import { viewPaths } from '../scenario/knobViews';
import type { Knob } from '../scenario/knobs';
import { baseScenario, type CodecContext } from '../scenario/urlCodec';

/** What the edits read from the engine's catalogue. */
export interface EditContext {
  knobs: readonly Knob[];
  codec: CodecContext;
}

/** One knob set. Another cell type brings its own datasheet timings (issue 27: QLC's were kept). */
export function withValue(from: JsonObject, path: string, value: Json, ctx: EditContext | null): JsonObject {
  return ctx ? setWithFollowers(ctx.knobs, from, path, value) : setPath(from, path, value);
}

/**
 * One knob back to the preset's value; a field others follow (the cell type) takes them back too,
 * and the other view of its quantity (user capacity for over-provisioning) goes back with it.
 */
export function withReset(from: JsonObject, path: string, preset: string, ctx: EditContext): JsonObject {
  const kind = getPath(from, 'workload.kind');
  const base = baseScenario(preset, typeof kind === 'string' ? kind : null, ctx.codec);
  const original = (p: string) => getPath(base, p) ?? null;
  const followers = ctx.knobs.filter((k) => k.follows?.path === path && getPath(from, k.path) != null).map((k) => k.path);
  // Over-provisioning and user capacity are one quantity: both go back together.
  return [...viewPaths(ctx.knobs, path), ...followers].reduce((s, p) => setPath(s, p, original(p)), from);
}

/** Another workload kind, with the preset's (or the kind's default) workload. */
export function withKind(from: JsonObject, kind: string, preset: string, ctx: EditContext): JsonObject {
  return { ...from, workload: baseScenario(preset, kind, ctx.codec).workload };
}

/**
 * Another preset's drive under the reader's workload ("Use this drive" of the nearest presets):
 * the preset's device, the scale it is simulated at and its name; workload, precondition, host
 * and seed stay the reader's.
 */
export function withDrive(from: JsonObject, preset: string, ctx: EditContext): JsonObject {
  const base = baseScenario(preset, null, ctx.codec);
  return { ...from, name: base.name ?? '', description: base.description ?? '', device: base.device ?? null, scale: base.scale ?? 1 };
}

/**
 * "Use the fitted drive" of "Fit the knobs": the device the fit ran last and kept (the reader's own
 * with its fitted knobs moved); scale, workload, precondition, host and seed stay the reader's, as
 * the fit ran them. The preset still names the scenario: the link carries the moved knobs.
 */
export function withFittedDevice(from: JsonObject, fitted: JsonObject): JsonObject {
  return { ...from, device: fitted.device ?? from.device ?? null };
}
